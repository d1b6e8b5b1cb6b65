package campaign

import (
	"strings"
	"testing"
)

func TestAshEqPerFigure_E1_Q3_E1_Q10(t *testing.T) {
	want := map[UnitType]int{
		HeavyCavalry: 4, LightCavalry: 4, FootSamuraiSpear: 4, FootSamuraiBow: 4,
		AshigaruSpear: 1, AshigaruTeppo: 1, Yamabushi: 6,
	}
	for ty, w := range want {
		if got, err := AshEqPerFigure(ty); err != nil || got != w {
			t.Errorf("E1-Q3 %s: %d %v, want %d", ty, got, err, w)
		}
	}
	if _, err := AshEqPerFigure("elephant"); err == nil {
		t.Error("unknown type accepted")
	}
}

// E1-Q7's worked example, pinned: 2d6 = 6, punitive with AL cut 2 gives 8;
// own 120; resistance 25 levy samurai ×4 + a castle garrison of 5 samurai
// figures ×2 ×4 = 140; 8 × 120 / 140 = 6.86 → 7 ≥ 5, success, O&C 3 − 2 = 1.
func workedExample() ControlAttempt {
	return ControlAttempt{
		Province: "owari", Method: Punitive, CutAL: 2, AL: 25, OC: 10, OthersProvince: true,
		Forces: []Force{
			{ID: "army1", Units: []Unit{{ID: "s1", Type: FootSamuraiSpear, Figures: 20}, {ID: "a1", Type: AshigaruTeppo, Figures: 40}}},
			{ID: "siege", Besieging: true, Units: []Unit{{ID: "s2", Type: FootSamuraiBow, Figures: 12}}}, // E1-C5: not counted
		},
		Resistance: Resistance{
			LevySamurai:    25,
			Fortifications: []HostileFortification{{Kind: Castle, Garrison: []Unit{{ID: "g", Type: FootSamuraiSpear, Figures: 5}}}},
		},
	}
}

func TestControl_E1_Q7_WorkedExample(t *testing.T) {
	d := dice(t, map[string]int{"control.owari.1": 2, "control.owari.2": 4})
	r, err := Control(workedExample(), d)
	if err != nil {
		t.Fatal(err)
	}
	c := r.Check
	if c.Dice != 6 || c.Bonus != 2 || c.Own != 120 || c.Resist != 140 || c.Value != 7 || c.Target != 5 || !c.Success {
		t.Errorf("E1-Q7 check %+v, want 6+2, 120/140, 7 vs 5, success", c)
	}
	if !r.Success || r.OC != 1 || r.AL != 23 || r.MustRetreat || r.Automatic != "" {
		t.Errorf("E1-C7 result %+v, want success, O&C 1, AL 23", r)
	}
	if r.FormerOC == nil || *r.FormerOC != 10 {
		t.Errorf("E1-C7 former O&C %v, want 10 recorded", r.FormerOC)
	}
	if len(c.Rolls) != 2 || c.Rolls[0].Key != "control.owari.1" || c.Rolls[1].Key != "control.owari.2" {
		t.Errorf("rolls %+v", c.Rolls)
	}
}

func TestControl_E1_C2_Automatic(t *testing.T) {
	cases := []struct {
		name string
		f    AutoFacts
		rule string
		oc   int
	}{
		{"E1-C2a owner's uprising, owner retakes: O&C back", AutoFacts{OwnersUprising: true, CapturerIsOriginalOwner: true, PreCaptureOC: 7}, "E1-C2a", 7},
		{"E1-C2a uprising for another clan is no case", AutoFacts{OwnersUprising: true}, "", 2},
		{"E1-C2b own castle, none of the former owners", AutoFacts{CapturerHoldsCastle: true}, "E1-C2b", 2},
		{"E1-C2b both hold castles: no case", AutoFacts{CapturerHoldsCastle: true, FormerOwnersHoldCastle: true}, "", 2},
		{"E1-C2c unsuppressed riot", AutoFacts{UnsuppressedRiot: true}, "E1-C2c", 2},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			a := ControlAttempt{Province: "p", Auto: c.f, OC: 2}
			d := dice(t, nil) // any roll fails the test
			if c.rule == "" {
				if rule, _ := AutomaticControl(c.f); rule != "" {
					t.Errorf("case %s, want none", rule)
				}
				return
			}
			r, err := Control(a, d)
			if err != nil {
				t.Fatal(err)
			}
			if r.Automatic != c.rule || !r.Success || r.OC != c.oc || len(d.asked) != 0 {
				t.Errorf("%+v (rolled %v), want %s, O&C %d, no roll", r, d.asked, c.rule, c.oc)
			}
		})
	}
}

func TestControl_E1_C3_E1_C7_E1_C8_Methods(t *testing.T) {
	base := func(m Method, cut int) ControlAttempt {
		return ControlAttempt{
			Province: "p", Method: m, CutAL: cut, AL: 10, OC: 6,
			Forces:     []Force{{ID: "a", Units: []Unit{{ID: "u", Type: AshigaruSpear, Figures: 40}}}},
			Resistance: Resistance{LevySamurai: 10}, // 40 against 40: the roll as is
		}
	}
	cases := []struct {
		name    string
		a       ControlAttempt
		d1, d2  int
		value   int
		success bool
		oc      int
		retreat bool
	}{
		{"E1-C3 soft 8 succeeds, E1-C7 O&C 5", base(SoftPower, 0), 4, 4, 8, true, 5, false},
		{"E1-C3 soft 7 fails, E1-C8 retreat", base(SoftPower, 0), 3, 4, 7, false, 6, true},
		{"E1-C3 punitive 5 succeeds, O&C 3", base(Punitive, 0), 1, 4, 5, true, 3, false},
		{"E1-C3 punitive 2+1 cut 1 = 4 fails", base(Punitive, 1), 1, 2, 4, false, 6, true},
		{"E1-Q8 punitive cut 3: O&C 0", base(Punitive, 3), 1, 1, 5, true, 0, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r, err := Control(c.a, dice(t, map[string]int{"control.p.1": c.d1, "control.p.2": c.d2}))
			if err != nil {
				t.Fatal(err)
			}
			if r.Check.Value != c.value || r.Success != c.success || r.OC != c.oc || r.MustRetreat != c.retreat {
				t.Errorf("value %d success %v O&C %d retreat %v, want %d %v %d %v",
					r.Check.Value, r.Success, r.OC, r.MustRetreat, c.value, c.success, c.oc, c.retreat)
			}
			if r.AL != 10-c.a.CutAL {
				t.Errorf("E1-C3 AL %d after a cut of %d", r.AL, c.a.CutAL)
			}
			if r.FormerOC != nil {
				t.Error("E1-C7 former O&C recorded for a province not another clan's")
			}
		})
	}
	// E1-C8, E1-Q1: in the summer–autumn subphase a failure forces no retreat.
	a := base(SoftPower, 0)
	a.SummerAutumn = true
	r, err := Control(a, dice(t, map[string]int{"control.p.1": 1, "control.p.2": 1}))
	if err != nil || r.Success || r.MustRetreat {
		t.Errorf("E1-Q1 summer–autumn failure: %+v %v, want no retreat", r, err)
	}
}

func TestControl_E1_C6_E1_Q7_Rounding(t *testing.T) {
	for _, c := range []struct{ num, den, want int }{
		{48, 7, 7},  // 6.86
		{13, 2, 7},  // 6.5 rounds up
		{64, 10, 6}, // 6.4
		{0, 5, 0},
		{960, 140, 7}, // the worked example
	} {
		if got := roundHalfUp(c.num, c.den); got != c.want {
			t.Errorf("round(%d/%d) = %d, want %d", c.num, c.den, got, c.want)
		}
	}
}

func TestControl_E1_Q7_Zeroes(t *testing.T) {
	a := workedExample()
	a.Resistance = Resistance{}
	d := dice(t, nil)
	r, err := Control(a, d)
	if err != nil || !r.Success || !r.Check.Automatic || len(d.asked) != 0 || r.OC != 1 {
		t.Errorf("E1-Q7 resistance 0: %+v %v (rolled %v), want success without a roll", r, err, d.asked)
	}
	a = workedExample()
	a.Forces = a.Forces[1:] // only the besiegers: nothing counts (E1-C5)
	if _, err := Control(a, dice(t, nil)); err == nil || !strings.Contains(err.Error(), "no attempt possible") {
		t.Errorf("E1-Q7 own 0: err %v, want no attempt possible", err)
	}
}

func TestControl_E1_C4_Resistance(t *testing.T) {
	r := Resistance{
		LevySamurai: 3, // 12
		Fortifications: []HostileFortification{
			{Kind: Fort, Garrison: []Unit{{ID: "f", Type: AshigaruSpear, Figures: 5}}},                           // 5 ×2 = 10
			{Kind: Citadel, Garrison: []Unit{{ID: "c", Type: FootSamuraiBow, Figures: 2}}},                       // 8 ×3 = 24
			{Kind: Castle, BesiegedOrStormed: true, Garrison: []Unit{{ID: "b", Type: HeavyCavalry, Figures: 9}}}, // besieged: 36 ×1 (E1-Q21)
			{Kind: Castle, Taken: true, Garrison: []Unit{{ID: "t", Type: HeavyCavalry, Figures: 9}}},             // taken by storm: 0 (E1-Q21)
		},
		MinorHouseHostile: true, MinorHouseFigures: 12, // 48
		MonasteryAttacked: true, Sohei: 4, // 24
	}
	got, parts, err := ResistanceAshEq(r)
	if err != nil || got != 12+10+24+36+48+24 || len(parts) != 6 {
		t.Errorf("E1-C4 resistance %d %v %v, want 154 in 6 parts", got, parts, err)
	}
	r.MonasteryAttacked, r.MinorHouseHostile = false, false
	if got, _, _ := ResistanceAshEq(r); got != 12+10+24+36 {
		t.Errorf("E1-C4 friendly minor house and unattacked monastery add nothing: %d", got)
	}
}

// E1-Q21, E1-C4 as the Russian reads it ("Если замок или форт не осажден и
// не взят штурмом, его гарнизон для этого расчета умножается на 2, а
// гарнизон цитадели – на 3"): a garrison still held counts; the ×2 and ×3
// only unbesieged and unstormed, once while besieged, 0 when taken.
func TestGarrison_E1_Q21(t *testing.T) {
	garrison := []Unit{{ID: "g", Type: FootSamuraiBow, Figures: 2}} // 8 ash-eq
	for _, c := range []struct {
		f    HostileFortification
		want int
	}{
		{HostileFortification{Kind: Castle}, 16},
		{HostileFortification{Kind: Fort}, 16},
		{HostileFortification{Kind: Citadel}, 24},
		{HostileFortification{Kind: Castle, BesiegedOrStormed: true}, 8},
		{HostileFortification{Kind: Fort, BesiegedOrStormed: true}, 8},
		{HostileFortification{Kind: Citadel, BesiegedOrStormed: true}, 8}, // not ×3 besieged either
		{HostileFortification{Kind: Castle, Taken: true}, 0},
		{HostileFortification{Kind: Citadel, Taken: true, BesiegedOrStormed: true}, 0},
	} {
		c.f.Garrison = garrison
		if got, _, err := ResistanceAshEq(Resistance{Fortifications: []HostileFortification{c.f}}); err != nil || got != c.want {
			t.Errorf("E1-Q21 %+v: %d %v, want %d", c.f, got, err, c.want)
		}
	}
}

func TestControl_E1_Q20_NoMinorHouseDefault(t *testing.T) {
	// E1-Q20: a hostile minor house with no size given has no default.
	if _, _, err := ResistanceAshEq(Resistance{MinorHouseHostile: true}); err == nil || !strings.Contains(err.Error(), "E1-Q20") {
		t.Errorf("E1-Q20 err %v", err)
	}
}

func TestControl_E1_C3_BadMethod(t *testing.T) {
	for name, a := range map[string]ControlAttempt{
		"no method":       {Province: "p", AL: 5},
		"soft with a cut": {Province: "p", Method: SoftPower, CutAL: 1, AL: 5},
		"cut of 4":        {Province: "p", Method: Punitive, CutAL: 4, AL: 5},
		"cut below 0 AL":  {Province: "p", Method: Punitive, CutAL: 2, AL: 1},
		"negative AL":     {Province: "p", Method: Punitive, AL: -1},
	} {
		if _, err := Control(a, dice(t, nil)); err == nil {
			t.Errorf("%s accepted", name)
		}
	}
}
