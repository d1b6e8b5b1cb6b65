package campaign

import (
	"errors"
	"testing"
)

func TestSurrender_E1_R5_E1_Q6(t *testing.T) {
	units := []Unit{
		{ID: "sam", Type: FootSamuraiSpear, Figures: 6},
		{ID: "local", Type: AshigaruSpear, Figures: 8},
		{ID: "far", Type: AshigaruTeppo, Figures: 8},
		{ID: "small", Type: LightCavalry, Figures: 3},
	}
	n := Nowhere{
		Province: "Owari",
		RaisedIn: map[string]string{"local": "Owari", "far": "Mino"},
		InCastle: map[string]bool{"sam": true},
	}
	d := dice(t, map[string]int{"far.surrender": 5, "small.surrender": 4})
	got, err := Surrender(units, n, d)
	if err != nil {
		t.Fatal(err)
	}
	want := []struct {
		fate      Fate
		figures   int
		destroyed bool
	}{
		{ShutInCastle, 6, false},  // E1-R5 samurai in castles
		{DispersedHome, 8, false}, // E1-R5, E1-Q6 raised here: home
		{Surrendered, 3, false},   // E1-R5 d6 = 5 of 8, 3 surrender
		{Surrendered, 0, true},    // E1-R5 d6 = 4 of 3, none left
	}
	for i, w := range want {
		r := got[i]
		if r.Fate != w.fate || r.Figures != w.figures || r.Destroyed != w.destroyed {
			t.Errorf("%s: %s %d %v, want %+v", r.UnitID, r.Fate, r.Figures, r.Destroyed, w)
		}
		if (r.Roll != nil) != (w.fate == Surrendered) {
			t.Errorf("%s: roll %v for fate %s", r.UnitID, r.Roll, r.Fate)
		}
	}
	if r := got[2].Roll; r.Key != "far.surrender" || r.Die != 5 {
		t.Errorf("roll %+v", r)
	}
	n.InCastle["local"] = true
	if _, err := Surrender(units, n, d); err == nil {
		t.Error("castle and home both accepted")
	}
}

func TestCaptive_E1_R5(t *testing.T) {
	u := Unit{ID: "u", ImpetusMod: 1, SteadinessMod: 0}
	cases := []struct {
		c        CaptiveChoice
		imp, std int
		kept     bool
		err      bool
	}{
		{JoinWinner, 0, -1, true, false}, // E1-R5 join: Impetus -1, Steadiness -1
		{Execute, 1, 0, false, false},
		{Release, 1, 0, false, false},
		{"eat", 1, 0, false, true},
	}
	for _, c := range cases {
		t.Run(string(c.c), func(t *testing.T) {
			got, kept, err := TakeCaptive(u, c.c)
			if (err != nil) != c.err || kept != c.kept || got.ImpetusMod != c.imp || got.SteadinessMod != c.std {
				t.Errorf("got %d %d kept %v err %v, want %+v", got.ImpetusMod, got.SteadinessMod, kept, err, c)
			}
		})
	}
}

// E1-R5 (seed §I item 5: "Самураи могут запереться в замках"): only samurai
// units, foot samurai and cavalry, may shut themselves in a castle; ashigaru
// and sohei (yamabushi, E1-Q10) may not, and nothing is rolled.
func TestSurrenderCastleSamuraiOnly_E1_R5(t *testing.T) {
	for _, c := range []struct {
		t  UnitType
		ok bool
	}{
		{FootSamuraiSpear, true}, {FootSamuraiBow, true}, {HeavyCavalry, true}, {LightCavalry, true},
		{AshigaruSpear, false}, {AshigaruTeppo, false}, {Yamabushi, false},
	} {
		d := dice(t, nil)
		got, err := Surrender([]Unit{{ID: "u", Type: c.t, Figures: 5}}, Nowhere{Province: "Owari", InCastle: map[string]bool{"u": true}}, d)
		if c.ok && (err != nil || got[0].Fate != ShutInCastle) {
			t.Errorf("E1-R5 %s in a castle: %+v %v", c.t, got, err)
		}
		if !c.ok && (!errors.Is(err, ErrNotSamurai) || len(d.asked) != 0) {
			t.Errorf("E1-R5 %s in a castle accepted: %+v %v (rolled %v)", c.t, got, err, d.asked)
		}
	}
}
