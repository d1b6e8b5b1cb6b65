package duel

import (
	"reflect"
	"testing"
)

func TestE4_C3_E4_C5_Attack(t *testing.T) {
	// Enhanced attack: 3d6, the 2 highest kept; Enhanced defence: 2d6, both.
	d := dice(t, map[string]int{"k.atk.1": 2, "k.atk.2": 6, "k.atk.3": 5, "k.def.1": 1, "k.def.2": 3})
	r, err := Attack(d, "k", AttackInput{Fight: 3, WeaponBonus: 1, AttackEnhanced: true,
		DefFight: 3, DefArmour: ArmourHeavy, DefEnemies: 1, DefenceEnhanced: true})
	if err != nil {
		t.Fatal(err)
	}
	// 6+5 + 3 + 1 = 15 against 1+3 + 3 + 3 = 10: margin 5.
	if r.Attack.Result != 15 || r.Defence.Result != 10 || r.Margin != 5 || !r.Hit {
		t.Errorf("attack %d, defence %d, margin %d, hit %v; want 15, 10, 5, true",
			r.Attack.Result, r.Defence.Result, r.Margin, r.Hit)
	}
	var kept []string
	for _, x := range r.Attack.Dice {
		kept = append(kept, x.Outcome)
	}
	if !reflect.DeepEqual(kept, []string{"dropped", "kept", "kept"}) {
		t.Errorf("attack dice %v, want the 2 drops the lowest", kept)
	}
	if r.Defence.Dice[0].Outcome != "kept" || r.Defence.Dice[1].Outcome != "kept" || r.Defence.Sum != 4 {
		t.Errorf("defence dice %+v, want both counted", r.Defence.Dice)
	}
	if r.Attack.Target != 11 {
		t.Errorf("attack target %d, want defence + 1 = 11", r.Attack.Target)
	}
}

func TestE4_C3_PlainAttackFails(t *testing.T) {
	// Plain: 2d6 against 1d6; a margin of 0 does no damage (E4-C3 step 8).
	d := dice(t, map[string]int{"k.atk.1": 3, "k.atk.2": 4, "k.def.1": 4})
	r, err := Attack(d, "k", AttackInput{Fight: 3, DefFight: 3, DefArmour: ArmourNone, DefEnemies: 1})
	if err != nil {
		t.Fatal(err)
	}
	if r.Attack.Result != 10 || r.Defence.Result != 7 || r.Margin != 3 {
		t.Errorf("%d vs %d", r.Attack.Result, r.Defence.Result)
	}
	d = dice(t, map[string]int{"k.atk.1": 1, "k.atk.2": 1, "k.def.1": 2})
	r, _ = Attack(d, "k", AttackInput{Fight: 0, DefFight: 0})
	if r.Margin != 0 || r.Hit {
		t.Errorf("margin %d hit %v, want 0 and no hit", r.Margin, r.Hit)
	}
}

func TestE4_C4_DefenceMod(t *testing.T) {
	cases := []struct {
		a       Armour
		enemies int
		want    int
	}{
		{ArmourNone, 1, 0}, {ArmourLight, 1, 1}, {ArmourMedium, 2, 2}, {ArmourHeavy, 1, 3},
		{ArmourHeavy, 3, 2}, {ArmourNone, 4, -1},
	}
	for _, c := range cases {
		if got := DefenceMod(c.a, c.enemies); got != c.want {
			t.Errorf("%v against %d: %d, want %d", c.a, c.enemies, got, c.want)
		}
	}
	if _, err := Attack(constDice(3), "k", AttackInput{DefEnemies: 5}); err == nil {
		t.Error("5 enemies accepted (E4-C1: at most 4)")
	}
}

func TestE4_Q1_DamageTable(t *testing.T) {
	for m, want := range map[int]Damage{
		-2: {}, 0: {}, 1: {Wounds: 1}, 3: {Wounds: 1}, 4: {Wounds: 2}, 5: {Wounds: 2},
		6: {Killed: true}, 11: {Killed: true},
	} {
		if got := DamageFor(m, DefaultKillMargin); got != want {
			t.Errorf("margin %d: %+v, want %+v", m, got, want)
		}
	}
	// The GM's kill margin 5: 4 is the only two-wound margin.
	if got := DamageFor(5, 5); !got.Killed {
		t.Errorf("margin 5, kill margin 5: %+v, want killed", got)
	}
	if got := DamageFor(4, 5); got.Wounds != 2 {
		t.Errorf("margin 4, kill margin 5: %+v, want 2 wounds", got)
	}
}

func TestE4_C1_ValidateFights(t *testing.T) {
	ok := []Fight{
		{Sides: [2][]string{{"a"}, {"x"}}},
		{Sides: [2][]string{{"b", "c", "d", "e"}, {"y"}}},
	}
	if err := ValidateFights(ok); err != nil {
		t.Errorf("valid fights refused: %v", err)
	}
	bad := map[string][]Fight{
		"many against many": {{Sides: [2][]string{{"a", "b"}, {"x", "y"}}}},
		"five enemies":      {{Sides: [2][]string{{"a"}, {"v", "w", "x", "y", "z"}}}},
		"five against one":  {{Sides: [2][]string{{"v", "w", "x", "y", "z"}, {"a"}}}},
		"two fights":        {{Sides: [2][]string{{"a"}, {"x"}}}, {Sides: [2][]string{{"a"}, {"y"}}}},
		"empty side":        {{Sides: [2][]string{{"a"}, nil}}},
	}
	for name, f := range bad {
		if err := ValidateFights(f); err == nil {
			t.Errorf("%s accepted", name)
		}
	}
	for n, want := range map[int]int{1: 1, 2: 0, 3: 1, 4: 0} {
		if got := Chooser(n, 1); got != want {
			t.Errorf("fight %d chosen by %d, want %d (priority player 1 first, then alternate)", n, got, want)
		}
	}
}

func TestE4_C2_E4_Q7_Initiative(t *testing.T) {
	// a Enhanced: 2d6 keep highest 2,5 → 5+3 = 8; b 5+3 = 8; c 1+2 = 3.
	// a and b tie: only they re-roll, a plain d6: 4 and 4, then 2 and 6.
	d := dice(t, map[string]int{
		"i.a.1": 2, "i.a.2": 5, "i.b.1": 5, "i.c.1": 1,
		"i.tie.8.1.a": 4, "i.tie.8.1.b": 4,
		"i.tie.8.2.a": 2, "i.tie.8.2.b": 6,
	})
	r, err := Initiative(d, "i", []InitiativeInput{{"a", 3, true}, {"b", 3, false}, {"c", 2, false}})
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(r.Order, []int{1, 0, 2}) {
		t.Errorf("order %v, want b, a, c", r.Order)
	}
	if r.Throws[0].Result != 8 || r.Throws[0].Dice[0].Outcome != "dropped" {
		t.Errorf("a's throw %+v, want 2d6 keep highest", r.Throws[0])
	}
	if len(r.Ties) != 2 || len(r.Ties[0]) != 2 {
		t.Errorf("ties %+v, want 2 rounds of the 2 tied only", r.Ties)
	}
}

func TestE4_Q7_ThreeWayTie(t *testing.T) {
	// Three tie on 4; the round gives a 6, b 3, c 6: a and c tie again
	// among themselves, b stays last.
	d := dice(t, map[string]int{
		"i.a.1": 1, "i.b.1": 1, "i.c.1": 1,
		"i.tie.4.1.a": 6, "i.tie.4.1.b": 3, "i.tie.4.1.c": 6,
		"i.tie.4.1.6.1.a": 1, "i.tie.4.1.6.1.c": 2,
	})
	r, err := Initiative(d, "i", []InitiativeInput{{"a", 3, false}, {"b", 3, false}, {"c", 3, false}})
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(r.Order, []int{2, 0, 1}) {
		t.Errorf("order %v, want c, a, b", r.Order)
	}
}
