package duel

import (
	"strings"
	"testing"
)

func TestE4_S3_E4_Q8_RangeBands(t *testing.T) {
	cases := []struct {
		w    Weapon
		rng  float64
		want int
	}{
		{Bow, 5.9, 1}, {Bow, 6, 0}, {Bow, 12, 0}, {Bow, 12.5, -1}, {Bow, 24, -1},
		{Bow, 30, -2}, {Arquebus, 36, -3}, {Bow, 40, -3}, {Arquebus, 40, -4},
	}
	for _, c := range cases {
		// In the Action phase, standing: only the range counts.
		if got := sum(AttackMods(Shot{Weapon: c.w, Range: c.rng, Phase: ActionPhase})); got != c.want {
			t.Errorf("weapon %d at %g\": %d, want %d", c.w, c.rng, got, c.want)
		}
	}
}

func TestE4_S3_E4_S6_ShooterMods(t *testing.T) {
	s := Shot{Weapon: Bow, Range: 8, Phase: MovementPhase, Move: Moved, HeavilyWounded: true,
		Target: Target{InMelee: true}}
	if got := sum(AttackMods(s)); got != -4 {
		t.Errorf("bow moved, Movement phase, heavily wounded, into melee: %d, want -4", got)
	}
	s.Move = Ran
	if got := sum(AttackMods(s)); got != -5 {
		t.Errorf("ran instead: %d, want -5 (Ran replaces Moved)", got)
	}
	sh := Shot{Weapon: Shuriken, Range: 3, Phase: ActionPhase, Move: Ran, ShotInMovement: true}
	// +1 within 6", 0 for running with shuriken, −1 already shot, −2 shuriken.
	if got := sum(AttackMods(sh)); got != -2 {
		t.Errorf("shuriken: %d, want -2", got)
	}
}

func TestE4_S4_E4_S6_Defence(t *testing.T) {
	cases := []struct {
		w    Weapon
		a    Armour
		c    Cover
		want int
	}{
		{Bow, ArmourLight, CoverNone, 1}, {Bow, ArmourMedium, CoverLight, 3}, {Bow, ArmourHeavy, CoverHard, 5},
		{Arquebus, ArmourLight, CoverNone, 0}, {Arquebus, ArmourMedium, CoverLight, 1}, {Arquebus, ArmourHeavy, CoverNone, 1},
	}
	for _, c := range cases {
		if got := sum(DefenceMods(c.w, Target{Armour: c.a, Cover: c.c})); got != c.want {
			t.Errorf("weapon %d, %v armour, cover %d: %d, want %d", c.w, c.a, c.c, got, c.want)
		}
	}
}

func TestE4_S1_E4_S5_Blocked(t *testing.T) {
	cases := map[string]Shot{
		"E4-S1 stunned":           {Stunned: true},
		"E4-S1 in contact":        {InContact: true},
		"E4-S6 shuriken range":    {Weapon: Shuriken, Range: 7},
		"E4-S6 bow range":         {Weapon: Bow, Range: 49},
		"E4-S6 arquebus reloads":  {Weapon: Arquebus, Phase: ActionPhase, ShotInMovement: true},
		"E4-S1 twice in a phase":  {Weapon: Bow, Phase: MovementPhase, ShotInMovement: true},
		"E4-S5 model in line":     {ModelInLine: true},
		"E4-S5 light cover":       {LightCoverLOS: 2.5},
		"E4-S5 hard cover, still": {Target: Target{Cover: CoverHard, Still: true}},
	}
	for name, s := range cases {
		r, err := Shoot(constDice(6), "s", s)
		if err != nil || r.Allowed || r.Blocked == "" {
			t.Errorf("%s: %+v %v, want blocked", name, r, err)
		}
	}
	for name, s := range map[string]Shot{
		"2\" of light cover": {LightCoverLOS: 2},
		"hard cover, moved":  {Target: Target{Cover: CoverHard}},
		"bow twice":          {Weapon: Bow, Phase: ActionPhase, ShotInMovement: true},
		"shuriken at 6\"":    {Weapon: Shuriken, Range: 6},
	} {
		if why := CanShoot(s); why != "" {
			t.Errorf("%s blocked: %s", name, why)
		}
	}
}

func TestE4_S2_Shoot(t *testing.T) {
	// Bow, Shoot 3, 10" in the Action phase, standing: 2d6 4+3 + 3 = 10
	// against 6 + heavy 3 = 9: margin 1, hit.
	s := Shot{Shoot: 3, Weapon: Bow, Range: 10, Phase: ActionPhase, Target: Target{ID: "t", Armour: ArmourHeavy}}
	r, err := Shoot(dice(t, map[string]int{"s.1": 4, "s.2": 3}), "s", s)
	if err != nil {
		t.Fatal(err)
	}
	if !r.Allowed || r.Defence != 9 || r.Throw.Result != 10 || r.Throw.Target != 10 || r.Margin != 1 || !r.Hit || !r.Throw.Success {
		t.Errorf("%+v, want 10 against 9, hit", r)
	}
	// 2+3+3 = 8: margin −1, a miss, and the target is not in melee.
	r, _ = Shoot(dice(t, map[string]int{"s.1": 2, "s.2": 3}), "s", s)
	if r.Hit || r.Stray != nil {
		t.Errorf("%+v, want a plain miss", r)
	}
}

func TestE4_S7_StrayShot(t *testing.T) {
	s := Shot{Shoot: 2, Weapon: Bow, Range: 10, Phase: ActionPhase,
		Target: Target{ID: "t", Armour: ArmourHeavy, InMelee: true},
		Others: []Target{{ID: "friend"}, {ID: "foe", Armour: ArmourLight, Cover: CoverHard, Still: true}}}
	// 3+3 + 2 −1 (melee) = 7 against 9: miss. Pick: 5 is above 2, re-roll;
	// 2 is "foe". Stray: 5+4 + 1 = 10 against 6+1+2 = 9: hit, though hard
	// cover and standing still would have blocked a chosen shot.
	d := dice(t, map[string]int{"s.1": 3, "s.2": 3, "s.pick.1": 5, "s.pick.2": 2, "s.stray.1": 5, "s.stray.2": 4})
	r, err := Shoot(d, "s", s)
	if err != nil {
		t.Fatal(err)
	}
	if r.Hit || len(r.StrayPick) != 2 || r.StrayPick[1].Outcome != "foe" || r.Stray == nil {
		t.Fatalf("%+v, want a miss re-aimed at foe", r)
	}
	if st := r.Stray; st.TargetID != "foe" || !st.Allowed || st.Defence != 9 || st.Throw.Result != 10 || !st.Hit || st.Stray != nil {
		t.Errorf("stray %+v, want 10 against 9, hit, no further stray", st)
	}
	// One other model: no pick roll.
	s.Others = s.Others[:1]
	d = dice(t, map[string]int{"s.1": 3, "s.2": 3, "s.stray.1": 1, "s.stray.2": 1})
	r, _ = Shoot(d, "s", s)
	if r.Stray == nil || r.Stray.TargetID != "friend" || len(r.StrayPick) != 0 {
		t.Errorf("%+v, want the only other model hit without a pick", r)
	}
	s.Others = make([]Target, 7)
	if _, err := Shoot(constDice(1), "s", s); err == nil || !strings.Contains(err.Error(), "at most 6") {
		t.Errorf("7 others: %v", err)
	}
}
