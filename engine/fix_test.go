package engine

import "testing"

// The GM's corrections change one field, keep the battle one the rules
// could reach, and leave the input unchanged on a refusal.
func TestFix(t *testing.T) {
	b := Battle{HQ: [2]Cell{MustCell("A34"), MustCell("D33")}, Units: []Unit{
		{ID: "ar", Side: North, Type: SamuraiArcher, Figures: 8, Ammo: 64, Cell: MustCell("A21"), Facing: S},
		{ID: "sp", Side: North, Type: SamuraiSpear, Figures: 8, Cell: MustCell("B21"), Facing: S},
		{ID: "en", Side: South, Type: SamuraiSpear, Figures: 8, Cell: MustCell("C11"), Facing: N, Status: StatusReserve},
	}, Leaders: []Leader{{ID: "k", Side: North, Role: Commander, At: "ar"}}}
	ok := []struct {
		who, field, value string
		check             func(Battle) bool
	}{
		{"ar", "cell", "A22", func(b Battle) bool { return b.Unit("ar").Cell == MustCell("A22") }},
		{"ar", "facing", "E", func(b Battle) bool { return b.Unit("ar").Facing == E }},
		{"ar", "figures", "5", func(b Battle) bool { return b.Unit("ar").Figures == 5 && b.Unit("ar").Ammo == 40 }},
		{"ar", "ammo", "10", func(b Battle) bool { return b.Unit("ar").Ammo == 10 }},
		{"ar", "save_ammo", "true", func(b Battle) bool { return b.Unit("ar").SaveAmmo }},
		{"sp", "status", "routing", func(b Battle) bool { return b.Unit("sp").Routing() }},
		{"en", "status", "ok", func(b Battle) bool { return b.Unit("en").Status == StatusOK }},
		{"k", "at", "hq", func(b Battle) bool { return b.Leader("k").At == AtHQ }},
		{"k", "wounds", "2", func(b Battle) bool { l := b.Leader("k"); return l.Wounds == 2 && l.At == AtReserve }},
		{"k", "health", "captured", func(b Battle) bool { return b.Leader("k").Health == LeaderCaptured }},
		{"north", "messengers", "3", func(b Battle) bool { return b.Messengers[North] == 3 }},
		{"south", "shinobi", "2", func(b Battle) bool { return b.Shinobi[South] == 2 }},
		{"south", "hq", "C34", func(b Battle) bool { return b.HQ[South] == MustCell("C34") }},
	}
	for _, tc := range ok {
		nb, p := Fix(b, tc.who, tc.field, tc.value)
		if p != nil || !tc.check(nb) {
			t.Errorf("%s.%s = %s: %v", tc.who, tc.field, tc.value, p)
		}
	}
	bad := []struct{ who, field, value, code string }{
		{"nobody", "cell", "A22", ProbFixWho},
		{"ar", "wounds", "1", ProbFixField},
		{"ar", "cell", "B21", ProbFixCell},    // sp stands there
		{"ar", "cell", "Z9", ProbFixValue},    // no such cell
		{"ar", "figures", "17", ProbFixValue}, // R-II.10.1
		{"ar", "ammo", "65", ProbFixValue},    // over 8 a figure (D-38)
		{"ar", "facing", "up", ProbFixValue},  //
		{"k", "at", "en", ProbFixValue},       // an enemy unit
		{"north", "hq", "C33", ProbFixValue},  // not a north zone (D-18)
		{"south", "messengers", "-1", ProbFixValue},
	}
	for _, tc := range bad {
		nb, p := Fix(b, tc.who, tc.field, tc.value)
		if p == nil || p.Code != tc.code {
			t.Errorf("%s.%s = %s: %v, want %s", tc.who, tc.field, tc.value, p, tc.code)
		}
		if nb.Unit("ar").Cell != MustCell("A21") || nb.Unit("ar").Figures != 8 || nb.HQ != b.HQ {
			t.Errorf("%s.%s: the battle changed on a refusal", tc.who, tc.field)
		}
	}
	// Cells beyond the field (D-03): under extend, the ones within
	// FixBand of an edge, which one rout's flight reaches (R-X.2.1); none
	// farther, in either form of their name; under bounded, none.
	for _, c := range []struct {
		cell    string
		bounded bool
		ok      bool
	}{
		{"A51", false, true},          // one row beyond the north edge
		{"A61", false, true},          // two rows
		{"A71", false, false},         // three
		{"D41", false, true},          // south edge, one row
		{"D51", false, true},          // two
		{"D61", false, false},         // three
		{"A17", false, true},          // west edge, x=0
		{"A18", false, true},          // x=-1
		{"A19", false, false},         // x=-2
		{"B18", false, true},          // east edge, x=14
		{"B19", false, false},         // x=15
		{"A1.20000", false, false},    // the probe: x=-19993
		{"A20000.1", false, false},    // y=-19995
		{"x99999999y4", false, false}, // the absolute form
		{"x-1y9", false, true},        // the corner of the band
		{"A51", true, false},          // bounded: no cell beyond the field
	} {
		bb := b.Clone()
		if c.bounded {
			bb.Settings.OffField = OffFieldBounded
		}
		nb, p := Fix(bb, "ar", "cell", c.cell)
		switch {
		case c.ok && (p != nil || nb.Unit("ar").Cell != MustCell(c.cell)):
			t.Errorf("cell %s (bounded %v): %v; want it taken", c.cell, c.bounded, p)
		case !c.ok && (p == nil || p.Code != ProbFixCell):
			t.Errorf("cell %s (bounded %v): %v; want %s", c.cell, c.bounded, p, ProbFixCell)
		case !c.ok && !c.bounded && p.Rule != "D-03":
			t.Errorf("cell %s: rule %q; want D-03", c.cell, p.Rule)
		}
	}
	// A unit the rules carried beyond the band may stay where it is.
	far := b.Clone()
	far.Unit("ar").Cell = Cell{X: 3, Y: -5}
	if _, p := Fix(far, "ar", "cell", Cell{X: 3, Y: -5}.Name()); p != nil {
		t.Errorf("fixing a far unit to its own cell: %v", p)
	}
	for _, v := range []string{"100", "2147483648", "99999999999999999999"} {
		for _, f := range []string{"messengers", "shinobi"} {
			if _, p := Fix(b, "north", f, v); p == nil || p.Code != ProbFixValue {
				t.Errorf("north.%s = %s: %v; want %s", f, v, p, ProbFixValue)
			}
		}
	}
	if _, p := Fix(b, "north", "shinobi", "99"); p != nil {
		t.Errorf("north.shinobi = 99: %v", p)
	}
	for _, v := range []string{"4", "-1", "1000000000"} {
		if _, p := Fix(b, "k", "wounds", v); p == nil || p.Code != ProbFixValue {
			t.Errorf("k.wounds = %s: %v; want %s (R-III.3.6: 3 kills)", v, p, ProbFixValue)
		}
	}

	// A unit back from the reserve onto a cell another unit took is refused.
	b.Units[2].Cell = MustCell("B21")
	if _, p := Fix(b, "en", "status", "ok"); p == nil || p.Code != ProbFixCell {
		t.Errorf("back onto an occupied cell: %v", p)
	}
}
