package duel

import "fmt"

// AttackInput is one melee attack (E4-C3), the attacker's and the
// defender's numbers. Enhancing costs a token (E4-C5); the tokens are the
// caller's (Duel keeps them for a duel).
type AttackInput struct {
	Fight, WeaponBonus int
	AttackMod          int  // other modifiers to the Attack Result
	AttackEnhanced     bool // 3d6, the 2 highest kept (E4-C5)

	DefFight        int
	DefArmour       Armour
	DefEnemies      int  // enemies the defender fights: 3 or more is −1 (E4-C4)
	DefMod          int  // other modifiers to the Defence Result
	DefenceEnhanced bool // 2d6, both counted (E4-C5)
}

// AttackResult is the attack's two rolls, the margin (Attack − Defence) and
// whether it did damage (margin > 0, E4-C3 step 8).
type AttackResult struct {
	Attack  Throw
	Defence Throw
	Margin  int
	Hit     bool
}

// DefenceMod is the Defence Result's modifier of E4-C4: the armour (+1
// light, +2 medium, +3 heavy) and −1 against 3 or more enemies.
func DefenceMod(a Armour, enemies int) int {
	m := a.Melee()
	if enemies >= 3 {
		m--
	}
	return m
}

// Attack rolls one melee attack (E4-C3 steps 6-8): Attack = 2d6 (3d6, the
// 2 highest kept, if Enhanced) + Fight + weapon bonus + modifiers, with the
// keys <key>.atk.1..3; Defence = 1d6 (2d6 counted both if Enhanced) + Fight
// + E4-C4's modifiers, with the keys <key>.def.1..2. A roll can be Enhanced
// only once (E4-C5), which one flag per roll already ensures.
func Attack(d Dice, key string, in AttackInput) (AttackResult, error) {
	if in.DefEnemies < 0 || in.DefEnemies > MaxEnemies {
		return AttackResult{}, fmt.Errorf("defender fights %d enemies, want 0 to %d (E4-C1)", in.DefEnemies, MaxEnemies)
	}
	n := 2
	if in.AttackEnhanced {
		n = 3
	}
	a, err := throw(d, key+".atk", n, 2, in.Fight+in.WeaponBonus+in.AttackMod)
	if err != nil {
		return AttackResult{}, err
	}
	n = 1
	if in.DefenceEnhanced {
		n = 2
	}
	df, err := throw(d, key+".def", n, n, in.DefFight+DefenceMod(in.DefArmour, in.DefEnemies)+in.DefMod)
	if err != nil {
		return AttackResult{}, err
	}
	r := AttackResult{Attack: a, Defence: df, Margin: a.Result - df.Result}
	r.Hit = r.Margin > 0
	// The attack "needs" one more than the defence: shown as its target.
	r.Attack.Target, r.Attack.Success = df.Result+1, r.Hit
	return r, nil
}

// DefaultKillMargin is E4-Q1's margin from which a hit "kills"; the GM may
// set 5 instead (Config.KillMargin).
const DefaultKillMargin = 6

// Damage is what a hit does (E4-Q1's table, the seed having none): core
// wounds to add, or "killed".
type Damage struct {
	Wounds int
	Killed bool
}

// DamageFor reads E4-Q1's table for a margin: 1-3 one core wound, 4-5 two,
// killMargin (6, or the GM's) and more "killed"; 0 or less nothing. With a
// kill margin of 5 the two-wound band is just 4; a kill margin of 4 or less
// leaves no two-wound band at all.
func DamageFor(margin, killMargin int) Damage {
	switch {
	case margin <= 0:
		return Damage{}
	case margin >= killMargin:
		return Damage{Killed: true}
	case margin >= 4:
		return Damage{Wounds: 2}
	}
	return Damage{Wounds: 1}
}
