package duel

import (
	"fmt"
	"strconv"
)

// Phase is the duel's state (F-E4-1's duels/<id>). Deadlines are the bot's:
// this package only offers the auto-policy to play for a late player.
type Phase string

const (
	PhaseSplits     Phase = "await_splits"
	PhaseInitiative Phase = "initiative"
	PhaseExchanges  Phase = "exchanges"
	PhaseDone       Phase = "done"
)

// End is why a duel stopped.
type End string

const (
	EndNone     End = ""
	EndPassed   End = "passed"    // both passed in succession (E4-C2 step 7): they broke off
	EndNoAttack End = "no_attack" // both are out of Attack tokens (E4-C2 step 7)
	EndWounded  End = "wounded"   // one reached 2+ wounds (E4-Q6)
	EndKilled   End = "killed"    // one was killed, or died of a 3rd wound (E4-Q6, E4-Q1)
)

// Config is the GM's setting for the duels (E4-Q1): KillMargin 0 is the
// default 6; the GM may set 5.
type Config struct {
	KillMargin int
}

// Fighter is one side of the duel: the character's profile, and whether his
// side spares the enemy he "kills" (D-59's standing choice, the engine's
// Battle.Spare of his side).
type Fighter struct {
	Profile Profile
	Spare   bool
}

// Split is a player's secret division of his character's CP into Attack and
// Defence tokens (E4-C2 step 2, E4-Q4), with the initiative Enhancement
// declared with it (E4-Q5a), which spends one of the Attack tokens.
type Split struct {
	Attack, Defence   int
	EnhanceInitiative bool
}

// AutoSplit is E4-Q5c's split for a player who missed the deadline:
// ⌈CP/2⌉ Attack, ⌊CP/2⌋ Defence, no initiative Enhancement.
func AutoSplit(cp int) Split { return Split{Attack: (cp + 1) / 2, Defence: cp / 2} }

// Validate checks a split against the CP: every token used, none negative,
// and an Attack token to pay for an initiative Enhancement (E4-C5).
func (s Split) Validate(cp int) error {
	switch {
	case s.Attack < 0 || s.Defence < 0:
		return fmt.Errorf("negative tokens in the split %d/%d", s.Attack, s.Defence)
	case s.Attack+s.Defence != cp:
		return fmt.Errorf("split %d+%d tokens, want the CP %d (E4-C2, E4-Q4)", s.Attack, s.Defence, cp)
	case s.EnhanceInitiative && s.Attack < 1:
		return fmt.Errorf("initiative Enhancement costs an Attack token, the split has none (E4-C5)")
	}
	return nil
}

// Tokens are a fighter's tokens left.
type Tokens struct {
	Attack, Defence int
}

// Choice is one turn's decisions (F-E4-1 step 2): the acting player's
// attack or pass, the defender's Enhancement of his defence, then the
// attacker's of his attack (E4-C3 steps 2-4).
type Choice struct {
	Attack         bool
	EnhanceDefence bool
	EnhanceAttack  bool
}

// Exchange is one line of the duel's log: an attack with its rolls and
// effect, or a pass (Forced: the actor had no Attack token left).
type Exchange struct {
	N                  int
	Attacker, Defender string
	Pass, Forced       bool
	Choice             Choice
	Attack             *AttackResult
	Damage             Damage
	Spared             bool      // a "killed" the attacker's side spared (E4-Q1)
	WoundsAfter        int       // the defender's wounds after it
	Dead               bool      // the defender died of it
	Tokens             [2]Tokens // both fighters' tokens after it
}

// Duel is one detailed duel (F-E4-1) between Fighters[0] and Fighters[1]:
// the state machine of duels/<id>, plain data so the bot can store it.
type Duel struct {
	ID         string
	Fighters   [2]Fighter
	KillMargin int
	Phase      Phase
	// Splits are secret until both are in (Shown).
	Splits     [2]*Split
	Tokens     [2]Tokens
	Wounds     [2]int
	Dead       [2]bool
	Spared     [2]bool
	Initiative *InitiativeResult
	Order      [2]int // fighter indexes in initiative order
	Turn       int    // index into Order of the one to act
	Passes     int    // consecutive passes
	Log        []Exchange
	End        End
}

// New opens a duel in PhaseSplits. F-E4-1 is 1-vs-1 only (E4-Q4).
func New(id string, a, b Fighter, cfg Config) (*Duel, error) {
	if id == "" {
		return nil, fmt.Errorf("duel without an id")
	}
	for _, f := range []Fighter{a, b} {
		if err := f.Profile.Validate(); err != nil {
			return nil, err
		}
	}
	if a.Profile.ID == b.Profile.ID {
		return nil, fmt.Errorf("%s cannot duel himself", a.Profile.ID)
	}
	km := cfg.KillMargin
	switch {
	case km == 0:
		km = DefaultKillMargin
	case km < 1:
		return nil, fmt.Errorf("kill margin %d, want 1 or more (E4-Q1)", km)
	}
	return &Duel{ID: id, Fighters: [2]Fighter{a, b}, KillMargin: km, Phase: PhaseSplits,
		Wounds: [2]int{a.Profile.Wounds, b.Profile.Wounds}}, nil
}

// Submit takes fighter i's secret split (F-E4-1 step 1). A player may
// replace his split until the other's is in; then both are revealed and
// the duel moves to PhaseInitiative.
func (d *Duel) Submit(i int, s Split) error {
	if d.Phase != PhaseSplits {
		return fmt.Errorf("duel %s: splits are closed (%s)", d.ID, d.Phase)
	}
	if i != 0 && i != 1 {
		return fmt.Errorf("duel %s: no fighter %d", d.ID, i)
	}
	if err := s.Validate(d.Fighters[i].Profile.CP); err != nil {
		return fmt.Errorf("duel %s, %s: %w", d.ID, d.Fighters[i].Profile.ID, err)
	}
	d.Splits[i] = &s
	if d.Splits[0] != nil && d.Splits[1] != nil {
		d.Phase = PhaseInitiative
		for k, sp := range d.Splits {
			d.Tokens[k] = Tokens{Attack: sp.Attack, Defence: sp.Defence}
			if sp.EnhanceInitiative {
				d.Tokens[k].Attack--
			}
		}
	}
	return nil
}

// Shown is fighter i's split as others may see it: only once both are in
// (E4-C2 step 3: revealed at once).
func (d *Duel) Shown(i int) (Split, bool) {
	if d.Phase == PhaseSplits || d.Splits[i] == nil {
		return Split{}, false
	}
	return *d.Splits[i], true
}

func (d *Duel) key(parts ...string) string {
	k := "duel." + d.ID
	for _, p := range parts {
		k += "." + p
	}
	return k
}

// RollInitiative rolls the initiative (E4-C2 step 4, E4-Q7) with the keys
// duel.<id>.init.<character>.1..2 and duel.<id>.init.tie..., and opens the
// exchanges.
func (d *Duel) RollInitiative(dice Dice) error {
	if d.Phase != PhaseInitiative {
		return fmt.Errorf("duel %s: no initiative to roll (%s)", d.ID, d.Phase)
	}
	in := make([]InitiativeInput, 2)
	for i, f := range d.Fighters {
		in[i] = InitiativeInput{ID: f.Profile.ID, Mod: f.Profile.Initiative, Enhanced: d.Splits[i].EnhanceInitiative}
	}
	res, err := Initiative(dice, d.key("init"), in)
	if err != nil {
		return err
	}
	d.Initiative = &res
	d.Order = [2]int{res.Order[0], res.Order[1]}
	d.Phase = PhaseExchanges
	d.settle()
	return nil
}

// Actor is the fighter whose turn it is, or -1 when no one acts.
func (d *Duel) Actor() int {
	if d.Phase != PhaseExchanges {
		return -1
	}
	return d.Order[d.Turn]
}

// Auto fills E4-Q5c's auto-policy into c for a player who missed the
// deadline: the actor (actorAuto) always attacks and never Enhances his
// attack; the defender (defenderAuto) always Enhances his defence while he
// has Defence tokens.
func (d *Duel) Auto(c Choice, actorAuto, defenderAuto bool) Choice {
	a := d.Actor()
	if a < 0 {
		return c
	}
	if actorAuto {
		c.Attack, c.EnhanceAttack = d.Tokens[a].Attack > 0, false
	}
	if defenderAuto || !c.Attack {
		c.EnhanceDefence = c.Attack && d.Tokens[1-a].Defence > 0
	}
	return c
}

// Act plays the actor's turn (E4-C2 steps 5-6, E4-C3): a pass, or an attack
// that spends an Attack token, plus one more for an Enhanced attack and a
// Defence token of the defender's for an Enhanced defence. Dice keys:
// duel.<id>.x<n>.atk.1..3 and .def.1..2, n the log line.
func (d *Duel) Act(dice Dice, c Choice) (Exchange, error) {
	a := d.Actor()
	if a < 0 {
		return Exchange{}, fmt.Errorf("duel %s: no one to act (%s)", d.ID, d.Phase)
	}
	df := 1 - a
	att, def := d.Fighters[a].Profile, d.Fighters[df].Profile
	x := Exchange{N: len(d.Log) + 1, Attacker: att.ID, Defender: def.ID, Choice: c}
	if !c.Attack {
		if c.EnhanceAttack || c.EnhanceDefence {
			return Exchange{}, fmt.Errorf("duel %s: a pass cannot be Enhanced", d.ID)
		}
		x.Pass = true
		d.Passes++
	} else {
		need := 1
		if c.EnhanceAttack {
			need = 2
		}
		if d.Tokens[a].Attack < need {
			return Exchange{}, fmt.Errorf("duel %s: %s has %d Attack tokens, the attack needs %d (E4-C3, E4-C5)", d.ID, att.ID, d.Tokens[a].Attack, need)
		}
		if c.EnhanceDefence && d.Tokens[df].Defence < 1 {
			return Exchange{}, fmt.Errorf("duel %s: %s has no Defence token to Enhance with (E4-C5)", d.ID, def.ID)
		}
		r, err := Attack(dice, d.key("x"+strconv.Itoa(x.N)), AttackInput{
			Fight: att.Fight, WeaponBonus: att.WeaponBonus, AttackEnhanced: c.EnhanceAttack,
			DefFight: def.Fight, DefArmour: def.Armour, DefEnemies: 1, DefenceEnhanced: c.EnhanceDefence,
		})
		if err != nil {
			return Exchange{}, err
		}
		d.Tokens[a].Attack -= need
		if c.EnhanceDefence {
			d.Tokens[df].Defence--
		}
		d.Passes = 0
		x.Attack = &r
		x.Damage = DamageFor(r.Margin, d.KillMargin)
		d.hurt(a, df, &x)
	}
	x.WoundsAfter = d.Wounds[df]
	x.Tokens = d.Tokens
	d.Log = append(d.Log, x)
	d.Turn = 1 - d.Turn
	d.settle()
	return x, nil
}

// hurt applies a hit's damage to fighter df (E4-Q1): wounds, a 3rd of which
// kills (core R-VIII.6.5); a "killed" the attacker's side may spare, which
// leaves him at 2 wounds, or kills him if that would be his 3rd.
func (d *Duel) hurt(a, df int, x *Exchange) {
	switch {
	case x.Damage.Killed && d.Fighters[a].Spare:
		x.Spared, d.Spared[df] = true, true
		if d.Wounds[df] >= 2 {
			d.Wounds[df]++
			d.Dead[df] = true
		} else {
			d.Wounds[df] = 2
		}
	case x.Damage.Killed:
		d.Dead[df] = true
	default:
		d.Wounds[df] += x.Damage.Wounds
		if d.Wounds[df] >= 3 {
			d.Dead[df] = true
		}
	}
	x.Dead = d.Dead[df]
	switch {
	case d.Dead[df]:
		d.finish(EndKilled)
	case d.Wounds[df] >= 2:
		d.finish(EndWounded)
	}
}

// settle checks E4-C2 step 7 and skips a fighter with no Attack token left
// with a forced pass, so that the other may keep attacking (E4-Q5b).
func (d *Duel) settle() {
	for d.Phase == PhaseExchanges {
		switch {
		case d.Tokens[0].Attack == 0 && d.Tokens[1].Attack == 0:
			d.finish(EndNoAttack)
			return
		case d.Passes >= 2:
			d.finish(EndPassed)
			return
		}
		a := d.Order[d.Turn]
		if d.Tokens[a].Attack > 0 {
			return
		}
		d.Log = append(d.Log, Exchange{N: len(d.Log) + 1, Attacker: d.Fighters[a].Profile.ID,
			Defender: d.Fighters[1-a].Profile.ID, Pass: true, Forced: true,
			WoundsAfter: d.Wounds[1-a], Tokens: d.Tokens})
		d.Passes++
		d.Turn = 1 - d.Turn
	}
}

func (d *Duel) finish(e End) {
	d.Phase, d.End = PhaseDone, e
}
