package engine

import "testing"

// R-I.1.4, R-I.1.5, D-01: every original cell has one name, and the map of
// R-I.1.5 holds.
func TestCellNamesRoundTrip(t *testing.T) {
	seen := map[string]bool{}
	for y := 1; y <= FieldHeight; y++ {
		for x := 1; x <= FieldWidth; x++ {
			c := Cell{x, y}
			n := c.Name()
			if seen[n] {
				t.Fatalf("name %s used twice", n)
			}
			seen[n] = true
			back, err := ParseCell(n)
			if err != nil || back != c {
				t.Fatalf("%v -> %s -> %v, %v", c, n, back, err)
			}
		}
	}
}

func TestCellMap(t *testing.T) {
	// Rows of the map in R-I.1.5, west to east.
	rows := map[int]string{
		1: "A46 A45 A44 A43 A42 A41 B41 B42 B43 B44 B45 B46",
		3: "A26 A25 A24 A23 A22 A21 B21 B22 B23 B24 B25 B26",
		4: "A16 A15 A14 A13 A12 A11 B11 B12 B13 B14 B15 B16",
		5: "C16 C15 C14 C13 C12 C11 D11 D12 D13 D14 D15 D16",
		7: "C36 C35 C34 C33 C32 C31 D31 D32 D33 D34 D35 D36",
	}
	for y, row := range rows {
		x := 1
		for i := 0; i < len(row); i += 4 {
			name := row[i : i+3]
			if got := (Cell{x, y}).Name(); got != name {
				t.Errorf("x%d y%d: got %s, want %s", x, y, got, name)
			}
			x++
		}
	}
	// R-I.1.6: the mandatory cells.
	for name, c := range map[string]Cell{"A21": {6, 3}, "B21": {7, 3}, "C11": {6, 5}, "D11": {7, 5}} {
		if got := MustCell(name); got != c {
			t.Errorf("%s = %v, want %v", name, got, c)
		}
	}
}

// D-01, D-03: drawn cells keep the formulas; a row or column of 10 or more
// is written with a dot; x13y4 is read too.
func TestCellsBeyondTheField(t *testing.T) {
	cases := map[Cell]string{
		{13, 4}: "B17", {0, 4}: "A17", {6, 0}: "A51", {7, 8}: "D41", {16, 7}: "D3.10", {1, -5}: "A10.6",
	}
	for c, name := range cases {
		if got := c.Name(); got != name {
			t.Errorf("%v: got %s, want %s", c, got, name)
		}
		if back := MustCell(name); back != c {
			t.Errorf("%s -> %v, want %v", name, back, c)
		}
	}
	if c, err := ParseCell("x13y4"); err != nil || c != (Cell{13, 4}) {
		t.Errorf("x13y4 -> %v %v", c, err)
	}
	for _, bad := range []string{"", "E11", "A", "A0", "A1x", "x1", "A01"} {
		if _, err := ParseCell(bad); err == nil {
			t.Errorf("%q parsed", bad)
		}
	}
}

// R-I.1.8, R-T.3.1, R-T.3.2, R-T.3.3, R-T.3.4: front, corner, flank and
// rear cells for every facing.
func TestRelativeCells(t *testing.T) {
	p := Cell{5, 5}
	type rel struct {
		front, cornerL, cornerR, flankL, flankR, rear Cell
	}
	want := map[Dir]rel{
		N: {Cell{5, 4}, Cell{4, 4}, Cell{6, 4}, Cell{4, 5}, Cell{6, 5}, Cell{5, 6}},
		E: {Cell{6, 5}, Cell{6, 4}, Cell{6, 6}, Cell{5, 4}, Cell{5, 6}, Cell{4, 5}},
		S: {Cell{5, 6}, Cell{6, 6}, Cell{4, 6}, Cell{6, 5}, Cell{4, 5}, Cell{5, 4}},
		W: {Cell{4, 5}, Cell{4, 6}, Cell{4, 4}, Cell{5, 6}, Cell{5, 4}, Cell{6, 5}},
	}
	for f, w := range want {
		c := CornerCells(p, f)
		fl := FlankCells(p, f)
		got := rel{FrontCell(p, f), c[0], c[1], fl[0], fl[1], RearCell(p, f)}
		if got != w {
			t.Errorf("facing %s: got %+v, want %+v", f, got, w)
		}
	}
	// R-I.1.9: sides of an attack; diagonals are no attack.
	if s := AttackSideOf(p, N, Cell{5, 4}); s != AttackFront {
		t.Error(s)
	}
	if s := AttackSideOf(p, N, Cell{6, 5}); s != AttackRightFlank {
		t.Error(s)
	}
	if s := AttackSideOf(p, N, Cell{4, 5}); s != AttackLeftFlank {
		t.Error(s)
	}
	if s := AttackSideOf(p, N, Cell{5, 6}); s != AttackRear {
		t.Error(s)
	}
	if s := AttackSideOf(p, N, Cell{4, 4}); s != AttackNone {
		t.Error(s)
	}
	// R-T.3.5: adjacency.
	if !Adjacent4(p, Cell{5, 4}) || Adjacent4(p, Cell{4, 4}) || !Adjacent8(p, Cell{4, 4}) || Adjacent8(p, p) {
		t.Error("adjacency")
	}
}

// R-I.1.1, R-I.1.3, R-I.1.6, R-T.1.1, R-T.1.2: a 12x7 field in four
// quarters; four 3x6 zones on either side of the deployment lines, and a
// 12-cell no-man's land (rows A1 and B1) between them.
func TestZones(t *testing.T) {
	count := map[Zone]int{}
	for y := 1; y <= FieldHeight; y++ {
		for x := 1; x <= FieldWidth; x++ {
			count[ZoneOf(Cell{x, y})]++
		}
	}
	for _, z := range []Zone{ZoneA, ZoneB, ZoneC, ZoneD} {
		if count[z] != 18 {
			t.Errorf("zone %s has %d cells", z, count[z])
		}
	}
	if count[NoMansLand] != 12 {
		t.Errorf("no-man's land has %d cells", count[NoMansLand])
	}
	if ZoneOf(MustCell("A21")) != ZoneA || ZoneOf(MustCell("D36")) != ZoneD || ZoneOf(MustCell("A13")) != NoMansLand {
		t.Error("zone of named cells")
	}
	if ZoneOf(Cell{13, 4}) != ZoneNone {
		t.Error("drawn cells belong to no zone (D-03)")
	}
	if s, _ := ZoneC.Owner(); s != South {
		t.Error("zone C is South's")
	}
	// R-I.1.7: edges.
	if North.OwnEdge() != N || South.OwnEdge() != S || North.EnemyEdge() != S {
		t.Error("edges")
	}
}
