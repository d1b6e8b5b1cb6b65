package engine

import "testing"

// A side rearranges its army within its own zones (R-IV.1.1): a unit to a
// cell (swapping with an own unit there) and facing, a leader to an own
// unit, the HQ or the reserve (R-IV.3.1), the HQ's cell; each refusal
// leaves the battle as it was.
func TestPlaceR_IV_1_1(t *testing.T) {
	b := deployed()
	e := E
	nb, p := Place(b, North, Placement{Unit: "n3", Cell: MustCell("A21"), Facing: &e})
	if p != nil {
		t.Fatal(p)
	}
	if u := nb.Unit("n3"); u.Cell != MustCell("A21") || u.Facing != E {
		t.Fatalf("n3 %+v", u)
	}
	if u := nb.Unit("n1"); u.Cell != MustCell("A44") {
		t.Fatalf("n1 should have swapped to n3's cell: %v", u.Cell)
	}
	if b.Unit("n3").Cell != MustCell("A44") {
		t.Fatal("Place changed its input")
	}
	for _, c := range []struct {
		side Side
		p    Placement
		want string
	}{
		{North, Placement{Unit: "n1", Cell: MustCell("C11")}, "place_zone R-IV.1.1 C11"},
		{North, Placement{Unit: "s1", Cell: MustCell("A22")}, "no_unit_of_yours s1"},
		{North, Placement{Unit: "nobody", Cell: MustCell("A22")}, "no_unit_of_yours nobody"}, // as an enemy's (D-70)
		{North, Placement{HQ: MustCell("D31")}, "place_zone R-IV.1.1 D31"},
		{North, Placement{Leader: "sc", To: AtHQ}, "place_leader R-IV.3.1 sc"},
		{North, Placement{Leader: "nc", To: "s1"}, "place_leader_to R-IV.3.1 s1"},
		{North, Placement{}, "place_nothing R-IV.1.1"},
	} {
		got, p := Place(b, c.side, c.p)
		wantProblems(t, []*Problem{p}, c.want)
		if !sameUnits(got, b) {
			t.Errorf("%+v: a refused placement changed the battle", c.p)
		}
	}
	nb, p = Place(b, North, Placement{Leader: "ng", To: AtReserve})
	if p != nil || nb.Leader("ng").At != AtReserve {
		t.Fatalf("leader to the reserve: %v %+v", p, nb.Leader("ng"))
	}
	nb, p = Place(b, South, Placement{HQ: MustCell("C36")})
	if p != nil || nb.HQ[South] != MustCell("C36") {
		t.Fatalf("HQ: %v %v", p, nb.HQ)
	}
}

func sameUnits(a, b Battle) bool {
	if len(a.Units) != len(b.Units) {
		return false
	}
	for i := range a.Units {
		if a.Units[i].Cell != b.Units[i].Cell || a.Units[i].Facing != b.Units[i].Facing {
			return false
		}
	}
	return true
}

// Only the defender places terrain, in its own zones; a second placement
// on the same cell takes it away (R-IV.2.1, D-65).
func TestPlaceTerrainR_IV_2_1(t *testing.T) {
	b := deployed()
	_, p := Place(b, North, Placement{Terrain: "hill", Cell: MustCell("A33")})
	wantProblems(t, []*Problem{p}, "place_defender R-IV.2.1")
	_, p = Place(b, South, Placement{Terrain: "hill", Cell: MustCell("A33")})
	wantProblems(t, []*Problem{p}, "place_zone R-IV.1.1 A33")
	_, p = Place(b, South, Placement{Terrain: "volcano", Cell: MustCell("C35")})
	wantProblems(t, []*Problem{p}, "place_terrain D-65 volcano")
	nb, p := Place(b, South, Placement{Terrain: "forest", Cell: MustCell("C35")})
	if p != nil || len(nb.Terrain.Forests) != 1 || nb.Terrain.Forests[0] != MustCell("C35") {
		t.Fatalf("forest: %v %+v", p, nb.Terrain)
	}
	if len(b.Terrain.Forests) != 0 {
		t.Fatal("Place changed its input's terrain")
	}
	nb, _ = Place(nb, South, Placement{Terrain: "forest", Cell: MustCell("C35")})
	if len(nb.Terrain.Forests) != 0 {
		t.Fatalf("placing again takes it away: %+v", nb.Terrain)
	}
}

// Save ammo! is given with a placement at deployment (R-IV.1.2, R-VI.5.5).
func TestPlaceSaveAmmoR_VI_5_5(t *testing.T) {
	b := deployed()
	on := true
	nb, p := Place(b, South, Placement{Unit: "s1", SaveAmmo: &on})
	if p != nil || !nb.Unit("s1").SaveAmmo {
		t.Fatalf("save ammo: %v", p)
	}
	_, p = Place(b, North, Placement{Unit: "n1", SaveAmmo: &on})
	wantProblems(t, []*Problem{p}, "save_ammo_unit R-VI.5.5 n1")
}

// Guards are from 0 to the side's shinobi (R-IV.4.1).
func TestCheckGuardsR_IV_4_1(t *testing.T) {
	b := deployed()
	b.Shinobi = [2]int{2, 0}
	for g, want := range map[int]string{0: "", 2: "", 3: "place_guards R-IV.4.1 2", -1: "place_guards R-IV.4.1 2"} {
		p := CheckGuards(b, North, g)
		if want == "" && p != nil || want != "" && (p == nil || codes([]*Problem{p})[0] != want) {
			t.Errorf("%d guards: %v, want %q", g, p, want)
		}
	}
}

// The start checks the defender's terrain and both armies (RULES IV).
func TestValidateStartR_IV(t *testing.T) {
	b := deployed()
	if ps := ValidateStart(b); len(ps) != 0 {
		t.Fatalf("a legal deployment: %v", codes(ps))
	}
	b.Units[0].Cell = MustCell("A36") // leaves the mandatory A21
	b.Terrain.Hills = []Cell{MustCell("C35")}
	ps := ValidateStart(b)
	var rules []string
	for _, p := range ps {
		rules = append(rules, p.Rule)
	}
	if len(ps) < 2 || !containsAll(rules, "R-IV.1.1", "D-65") {
		t.Fatalf("problems %v", codes(ps))
	}
}

func containsAll(have []string, want ...string) bool {
	for _, w := range want {
		found := false
		for _, h := range have {
			found = found || h == w
		}
		if !found {
			return false
		}
	}
	return true
}
