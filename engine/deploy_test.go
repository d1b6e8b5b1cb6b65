package engine

import (
	"slices"
	"strings"
	"testing"
)

// deployed is a legal deployment of both sides: each holds its two
// mandatory centre cells (R-IV.1.1), has one yamabushi unit, an HQ in its
// zones and its leaders in the HQ and in a unit.
func deployed() Battle {
	u := func(id string, side Side, t TroopType, n int, cell string) Unit {
		f := S
		if side == South {
			f = N
		}
		return Unit{ID: id, Side: side, Type: t, Figures: n, Cell: MustCell(cell), Facing: f, Status: StatusOK}
	}
	return Battle{
		ID: "deploy", Defender: South, Settings: DefaultSettings(),
		HQ: [2]Cell{MustCell("A31"), MustCell("D31")},
		Units: []Unit{
			u("n1", North, SamuraiSpear, 8, "A21"),
			u("n2", North, AshigaruSpear, 16, "B21"),
			u("n3", North, Yamabushi, 4, "A44"),
			u("n4", North, HeavyCavalry, 6, "B36"),
			u("s1", South, AshigaruTeppo, 12, "C11"),
			u("s2", South, SamuraiArcher, 8, "D11"),
			u("s3", South, Yamabushi, 6, "C33"),
		},
		Leaders: []Leader{
			{ID: "nc", Side: North, Role: Commander, At: AtHQ},
			{ID: "ng", Side: North, Role: General, At: "n4"},
			{ID: "sc", Side: South, Role: Commander, At: "s2"},
			{ID: "sg", Side: South, Role: General, At: AtReserve},
		},
	}
}

// codes lists "code rule unit arg" of the problems, for comparing.
func codes(ps []*Problem) []string {
	var out []string
	for _, p := range ps {
		parts := []string{p.Code, p.Rule, p.Unit, p.Arg}
		out = append(out, strings.Join(slices.DeleteFunc(parts, func(s string) bool { return s == "" }), " "))
	}
	return out
}

func wantProblems(t *testing.T, ps []*Problem, want ...string) {
	t.Helper()
	if got := codes(ps); !slices.Equal(got, want) {
		t.Errorf("problems %q\nwant %q", got, want)
	}
}

func TestDeploymentLegal(t *testing.T) {
	b := deployed()
	for _, side := range []Side{North, South} {
		wantProblems(t, ValidateDeployment(b, side))
	}
}

// R-IV.1.1, R-I.1.2: units deploy only in the side's own zones: not in
// no-man's land, not in the enemy's zones, not on drawn cells.
func TestDeploymentR_IV_1_1OwnZones(t *testing.T) {
	b := deployed()
	b.Unit("n3").Cell = MustCell("A14") // no-man's land
	b.Unit("n4").Cell = MustCell("D36") // the South's zone
	wantProblems(t, ValidateDeployment(b, North),
		"deploy_zone R-IV.1.1 n3 A14", "deploy_zone R-IV.1.1 n4 D36")
	b = deployed()
	b.Unit("s3").Cell = Cell{3, 8} // a drawn cell beyond the south edge (D-03)
	wantProblems(t, ValidateDeployment(b, South), "deploy_zone R-IV.1.1 s3 C44")
	// Every cell of the own zones is fine; the enemy's problems are its own.
	b = deployed()
	b.Unit("n3").Cell = MustCell("B46")
	b.Unit("s3").Cell = MustCell("A46")
	wantProblems(t, ValidateDeployment(b, North))
	wantProblems(t, ValidateDeployment(b, South), "deploy_zone R-IV.1.1 s3 A46")
}

// R-IV.1.1, R-I.1.6: the North must hold A21 and B21, the South C11 and D11,
// with its own units.
func TestDeploymentR_IV_1_1MandatoryCells(t *testing.T) {
	if MandatoryCells(North) != [2]Cell{MustCell("A21"), MustCell("B21")} ||
		MandatoryCells(South) != [2]Cell{MustCell("C11"), MustCell("D11")} {
		t.Fatalf("mandatory cells %v %v", MandatoryCells(North), MandatoryCells(South))
	}
	b := deployed()
	b.Unit("n2").Cell = MustCell("B22")
	wantProblems(t, ValidateDeployment(b, North), "deploy_centre R-IV.1.1 B21")
	b = deployed()
	b.Units = slices.DeleteFunc(b.Units, func(u Unit) bool { return u.Side == South })
	b.Leaders = b.Leaders[:2]
	b.HQ[South] = NoCell
	wantProblems(t, ValidateDeployment(b, South), "deploy_centre R-IV.1.1 C11", "deploy_centre R-IV.1.1 D11")
	// A unit in the reserve does not hold a cell.
	b = deployed()
	b.Unit("s1").Status = StatusReserve
	wantProblems(t, ValidateDeployment(b, South), "deploy_centre R-IV.1.1 C11")
}

// R-I.2.2: two units cannot stand in the same cell.
func TestDeploymentR_I_2_2OneUnitPerCell(t *testing.T) {
	b := deployed()
	b.Unit("n3").Cell = MustCell("A21")
	wantProblems(t, ValidateDeployment(b, North), "deploy_occupied R-I.2.2 n3 A21")
}

// R-I.2.3, R-II.10.1, R-IV.1.2: each deployed unit has 4 to 16 figures.
func TestDeploymentR_I_2_3Figures(t *testing.T) {
	b := deployed()
	b.Unit("n1").Figures = 3
	b.Unit("n2").Figures = 17
	b.Unit("n3").Figures = 4
	b.Unit("n4").Figures = 16
	wantProblems(t, ValidateDeployment(b, North),
		"deploy_figures R-II.10.1 n1 3", "deploy_figures R-I.2.3 n2 17")
	// Units not on the field take no part (R-I.2.3: "each unit taking part").
	b = deployed()
	b.Units = append(b.Units, Unit{ID: "gone", Side: South, Type: LightCavalry, Figures: 2, Status: StatusReserve})
	wantProblems(t, ValidateDeployment(b, South))
}

// R-II.8.2: an army may contain at most 1 yamabushi unit.
func TestDeploymentR_II_8_2OneYamabushi(t *testing.T) {
	b := deployed()
	b.Unit("n4").Type = Yamabushi
	wantProblems(t, ValidateDeployment(b, North), "deploy_yamabushi R-II.8.2 n4")
	b.Unit("n1").Type = Yamabushi
	wantProblems(t, ValidateDeployment(b, North), "deploy_yamabushi R-II.8.2 n3", "deploy_yamabushi R-II.8.2 n4")
}

// R-XI.4.1, D-65: no unit stands in a swamp.
func TestDeploymentR_XI_4_1NoUnitInASwamp(t *testing.T) {
	b := deployed()
	b.Terrain.Swamps = []Cell{MustCell("C33"), MustCell("D33")}
	wantProblems(t, ValidateDeployment(b, South), "deploy_swamp R-XI.4.1 s3 C33")
}

// R-III.1.1, D-18: the HQ is a cell of the side's own zones (hq.cells =
// own_zones); a unit may stand in it; a side may have none.
func TestDeploymentD_18HQ(t *testing.T) {
	b := deployed()
	b.HQ[North] = MustCell("A21") // the HQ does not occupy the cell
	wantProblems(t, ValidateDeployment(b, North))
	b.HQ[North] = MustCell("B11")
	wantProblems(t, ValidateDeployment(b, North), "deploy_hq D-18 B11")
	b.HQ[North] = MustCell("C36")
	wantProblems(t, ValidateDeployment(b, North), "deploy_hq D-18 C36")
	b.HQ[South] = NoCell
	b.Leaders[2].At = AtReserve
	b.Leaders[3].At = "s1"
	wantProblems(t, ValidateDeployment(b, South))
}

// R-IV.3.1: after deploying, leaders are in the HQ or in units (the reserve
// is pointless but allowed); a unit must be the side's own, on the field.
func TestDeploymentR_IV_3_1Leaders(t *testing.T) {
	b := deployed()
	b.Leaders[0].At = "n1"
	b.Leaders[1].At = AtReserve
	wantProblems(t, ValidateDeployment(b, North))
	b.Leaders[0].At = "s1" // an enemy unit
	b.Leaders[1].At = "nobody"
	wantProblems(t, ValidateDeployment(b, North), "deploy_leader R-IV.3.1 nc", "deploy_leader R-IV.3.1 ng")
	b = deployed()
	b.Unit("n4").Status = StatusReserve
	wantProblems(t, ValidateDeployment(b, North), "deploy_leader R-IV.3.1 ng")
	// In the HQ only if there is one (R-III.1.1).
	b = deployed()
	b.HQ[North] = NoCell
	wantProblems(t, ValidateDeployment(b, North), "deploy_leader_hq R-III.1.1 nc")
}

// R-II.9.1, D-14: shields in any cell of the own zones, at most one section
// per cell side; never outside the zones.
func TestDeploymentD_14Shields(t *testing.T) {
	b := deployed()
	b.Terrain.SetShields(MustCell("A21"), 1<<S|1<<E)
	b.Terrain.SetShields(MustCell("B33"), 1<<N) // an empty cell will do
	b.Terrain.SetShields(MustCell("C11"), 1<<N) // the South's: not the North's problem
	wantProblems(t, ValidateDeployment(b, North))
	b.Terrain.SetShields(MustCell("A12"), 1<<S) // no-man's land
	wantProblems(t, ValidateDeployment(b, North), "deploy_shields R-II.9.1 A12")
	wantProblems(t, ValidateDeployment(b, South), "deploy_shields R-II.9.1 A12")
	// Two sections on one side of a cell.
	b = deployed()
	b.Terrain.Shields = []CellShields{{MustCell("A21"), 1 << S}, {MustCell("A21"), 1<<S | 1<<W}}
	wantProblems(t, ValidateDeployment(b, North), "deploy_shield_side D-14 A21")
}

// D-14, shields.zone_border_cells_only=true: only cells on the border of
// their zone; false (the default) allows any cell.
func TestDeploymentD_14ShieldsZoneBorder(t *testing.T) {
	b := deployed()
	b.Terrain.SetShields(MustCell("A32"), 1<<S) // inside zone A
	b.Terrain.SetShields(MustCell("A31"), 1<<E) // next to zone B
	b.Terrain.SetShields(MustCell("B26"), 1<<S) // front row and east edge
	wantProblems(t, ValidateDeployment(b, North))
	if err := b.Settings.Set("shields.zone_border_cells_only", "true"); err != nil {
		t.Fatal(err)
	}
	wantProblems(t, ValidateDeployment(b, North), "deploy_shield_edge D-14 A32")
}

// The problems of the deployment turn have their own codes (the renderer
// keys "prob.<code>") and always a rule.
func TestDeploymentProblemsNameARule(t *testing.T) {
	b := deployed()
	b.Unit("n1").Cell = MustCell("A14")
	b.Unit("n1").Figures = 20
	b.Unit("n4").Type = Yamabushi
	b.HQ[North] = MustCell("D11")
	b.Leaders[1].At = "s3"
	b.Terrain.SetShields(Cell{13, 3}, 1<<N)
	ps := ValidateDeployment(b, North)
	if len(ps) != 7 {
		t.Errorf("problems %q", codes(ps))
	}
	for _, p := range ps {
		if p.Rule == "" || !strings.HasPrefix(p.Code, "deploy_") {
			t.Errorf("problem %+v", *p)
		}
	}
}

// terrainBattle has a legal South terrain of every type and the river with
// its bridge.
func terrainBattle() Battle {
	b := deployed()
	b.Terrain = Terrain{
		Hills:   []Cell{MustCell("C13"), MustCell("D35")},
		Forests: []Cell{MustCell("C13"), MustCell("D22")}, // a forest on a hill
		Swamps:  []Cell{MustCell("C36"), MustCell("D15")},
		River:   true,
		Bridge:  MustCell("C12"),
	}
	return b
}

var allTerrain = []string{"hill", "forest", "swamp", "river"}

// R-IV.2.1, D-65: a legal placement; a forest may stand on a hill, and
// different types may touch.
func TestTerrainLegal(t *testing.T) {
	b := terrainBattle()
	wantProblems(t, ValidateTerrain(b, allTerrain))
	wantProblems(t, ValidateTerrain(b, b.Settings.TerrainTypes()), "terrain_unavailable D-65 C13", "terrain_unavailable D-65 D35",
		"terrain_unavailable D-65 C13", "terrain_unavailable D-65 D22", "terrain_unavailable D-65 C36",
		"terrain_unavailable D-65 D15", "terrain_river D-63")
	b.Settings.TerrainAvailable = TerrainHill | TerrainForest | TerrainSwamp
	b.Settings.TerrainRiver = true
	wantProblems(t, ValidateTerrain(b, b.Settings.TerrainTypes()))
	wantProblems(t, ValidateTerrain(Battle{Defender: North}, nil))
}

// D-65: terrain only in the defender's zones, never in no-man's land.
func TestTerrainD_65DefenderZones(t *testing.T) {
	b := terrainBattle()
	b.Terrain.Hills[1] = MustCell("D15").Add(Vec{0, -1}) // B15, no-man's land
	b.Terrain.Forests[1] = MustCell("A33")               // the attacker's zone
	wantProblems(t, ValidateTerrain(b, allTerrain), "terrain_zone D-65 B15", "terrain_zone D-65 A33")
	// The North defends: its zones, its front row for the bridge.
	b = terrainBattle()
	b.Defender = North
	b.Terrain = Terrain{Hills: []Cell{MustCell("A21"), MustCell("B43")}, River: true, Bridge: MustCell("B24")}
	wantProblems(t, ValidateTerrain(b, []string{"hill", "river"}))
}

// R-XI.2.1, R-XI.3.1, R-XI.4.1, D-65: exactly 2 cells of each type the
// defender has, and none of the others.
func TestTerrainR_XI_2_1TwoCellsEach(t *testing.T) {
	b := terrainBattle()
	b.Terrain.Hills = b.Terrain.Hills[:1]
	b.Terrain.Forests = append(b.Terrain.Forests, MustCell("C35"))
	b.Terrain.Swamps = nil
	wantProblems(t, ValidateTerrain(b, allTerrain),
		"terrain_hills R-XI.2.1 1", "terrain_forests R-XI.3.1 3", "terrain_swamps R-XI.4.1 0")
	b = terrainBattle()
	wantProblems(t, ValidateTerrain(b, []string{"hill", "forest", "river"}),
		"terrain_unavailable D-65 C36", "terrain_unavailable D-65 D15")
	wantProblems(t, ValidateTerrain(b, []string{"hill", "forest", "swamp", "river", "mountain"}),
		"terrain_unknown D-65 mountain")
}

// R-XI.2.1, R-XI.3.1, R-XI.4.1: the 2 cells of one type do not touch each
// other, even diagonally (nor are they the same cell).
func TestTerrainR_XI_3_1NotTouching(t *testing.T) {
	b := terrainBattle()
	b.Terrain.Hills = []Cell{MustCell("C13"), MustCell("C24")} // diagonal
	b.Terrain.Forests = []Cell{MustCell("D22"), MustCell("D23")}
	b.Terrain.Swamps = []Cell{MustCell("C36"), MustCell("C36")}
	wantProblems(t, ValidateTerrain(b, allTerrain),
		"terrain_touch R-XI.2.1 C13, C24", "terrain_touch R-XI.3.1 D22, D23", "terrain_touch R-XI.4.1 C36, C36")
	// Two cells apart is fine.
	b.Terrain.Hills = []Cell{MustCell("C13"), MustCell("C33")}
	b.Terrain.Forests = []Cell{MustCell("D22"), MustCell("D24")}
	b.Terrain.Swamps = []Cell{MustCell("C36"), MustCell("D15")}
	wantProblems(t, ValidateTerrain(b, allTerrain))
}

// R-XI.4.1, D-65: a swamp shares its cell with nothing and is never on a
// mandatory deployment cell.
func TestTerrainR_XI_4_1Swamps(t *testing.T) {
	b := terrainBattle()
	b.Terrain.Swamps = []Cell{MustCell("D35"), MustCell("C11")} // on a hill; mandatory
	wantProblems(t, ValidateTerrain(b, allTerrain),
		"terrain_swamp_shared D-65 D35", "terrain_swamp_centre D-65 C11")
	b.Terrain.Swamps = []Cell{MustCell("D22"), MustCell("C11")} // in a forest; mandatory
	wantProblems(t, ValidateTerrain(b, allTerrain),
		"terrain_swamp_shared D-65 D22", "terrain_swamp_centre D-65 C11")
}

// R-XI.1.1, R-XI.1.4, D-63: the river exists exactly when the defender has
// it; its bridge is a cell of the defender's front row; R-XI.3.7: no forest
// in front of the bridge.
func TestTerrainR_XI_1_4RiverAndBridge(t *testing.T) {
	b := terrainBattle()
	wantProblems(t, ValidateTerrain(b, []string{"hill", "forest", "swamp"}), "terrain_river D-63")
	b.Terrain.River, b.Terrain.Bridge = false, NoCell
	wantProblems(t, ValidateTerrain(b, allTerrain), "terrain_no_river D-63")
	wantProblems(t, ValidateTerrain(b, []string{"hill", "forest", "swamp"}))
	b = terrainBattle()
	b.Terrain.Bridge = MustCell("C22") // second row
	wantProblems(t, ValidateTerrain(b, allTerrain), "terrain_bridge D-63 C22")
	b.Terrain.Bridge = MustCell("A12") // no-man's land side
	wantProblems(t, ValidateTerrain(b, allTerrain), "terrain_bridge D-63 A12")
	b.Terrain.Bridge = NoCell
	wantProblems(t, ValidateTerrain(b, allTerrain), "terrain_no_bridge R-XI.1.4")
	b.Terrain.Bridge = MustCell("D22")
	b.Terrain.River = false
	wantProblems(t, ValidateTerrain(b, []string{"hill", "forest", "swamp"}),
		"terrain_bridge D-63 D22", "terrain_forest_bridge R-XI.3.7 D22")
	b = terrainBattle()
	b.Terrain.Forests = []Cell{MustCell("C12"), MustCell("D22")}
	wantProblems(t, ValidateTerrain(b, allTerrain), "terrain_forest_bridge R-XI.3.7 C12")
}

// seq answers a roll function from a list; it fails the test when asked for
// more rolls than listed.
func seq(t *testing.T, vals ...int) (func() int, *int) {
	n := 0
	return func() int {
		if n >= len(vals) {
			t.Fatalf("roll #%d: only %d scripted", n+1, len(vals))
		}
		n++
		return vals[n-1]
	}, &n
}

// R-IV.4.1, R-IV.4.2, D-27: each guard blocks one infiltrator; each blocked
// one rolls: 1-3 turned back, 4-5 killed, 6 captured; the others succeed.
func TestInfiltrateD_27(t *testing.T) {
	roll, n := seq(t, 1, 3, 4, 5, 6)
	ok, back, killed, captured := Infiltrate(7, 5, roll)
	if ok != 2 || back != 2 || killed != 2 || captured != 1 || *n != 5 {
		t.Errorf("got %d succeeded, %d turned back, %d killed, %d captured after %d rolls", ok, back, killed, captured, *n)
	}
	// More guards than infiltrators: every infiltrator is blocked.
	roll, n = seq(t, 6, 2)
	ok, back, killed, captured = Infiltrate(2, 5, roll)
	if ok != 0 || back != 1 || killed != 0 || captured != 1 || *n != 2 {
		t.Errorf("guards > infiltrators: %d %d %d %d after %d rolls", ok, back, killed, captured, *n)
	}
	// No guards: all succeed, no roll (R-IV.5.1 reports them).
	roll, n = seq(t)
	if ok, back, killed, captured = Infiltrate(3, 0, roll); ok != 3 || back+killed+captured != 0 || *n != 0 {
		t.Errorf("no guards: %d %d %d %d", ok, back, killed, captured)
	}
	if ok, back, killed, captured = Infiltrate(-1, -2, roll); ok+back+killed+captured != 0 {
		t.Errorf("negative: %d %d %d %d", ok, back, killed, captured)
	}
}

// R-IV.5.1-R-IV.5.3: scouts learn which enemy units stand in the named cells
// (hidden in a forest too) and which leaders are with them (R-IV.5.2); with
// at least one scout, the enemy HQ (R-IV.5.3). 2 cells per scout: 5 cells
// take 3 shinobi, spent for the battle (R-IV.5.4), each good for a swap.
func TestScoutR_IV_5_2(t *testing.T) {
	b := deployed()
	b.Terrain.Forests = []Cell{MustCell("D11")}
	cells := []Cell{MustCell("D11"), MustCell("C11"), MustCell("D11"), MustCell("C12"), MustCell("A21")}
	r := Scout(b, North, cells)
	var ids []string
	for _, u := range r.Units {
		ids = append(ids, u.ID)
	}
	if !slices.Equal(ids, []string{"s2", "s1"}) {
		t.Errorf("units %v (want the enemy units, each once, in cell order)", ids)
	}
	if len(r.Leaders) != 1 || r.Leaders[0].ID != "sc" {
		t.Errorf("leaders %+v", r.Leaders)
	}
	if r.HQ != MustCell("D31") || r.Scouts != 3 {
		t.Errorf("R-IV.5.3: HQ %v, R-IV.5.4: %d scouts", r.HQ, r.Scouts)
	}
	if u := r.Units[0]; u.Type != SamuraiArcher || u.Figures != 8 || u.Cell != MustCell("D11") {
		t.Errorf("report of s2: %+v", u)
	}
	// The report is a copy.
	r.Leaders[0].At = "x"
	if b.Leaders[2].At != "s2" {
		t.Error("the report shares the battle's leaders")
	}
}

// D-19, hq.public: the HQ is public, so it is known without scouts; with
// hq.public=false only a scout reveals it (R-IV.5.3).
func TestScoutD_19HQ(t *testing.T) {
	b := deployed()
	if r := Scout(b, South, nil); r.HQ != MustCell("A31") || len(r.Units) != 0 || r.Scouts != 0 {
		t.Errorf("public HQ: %+v", r)
	}
	b.Settings.HQHidden = true
	if r := Scout(b, South, nil); r.HQ != NoCell {
		t.Errorf("hidden HQ without scouts: %v", r.HQ)
	}
	if r := Scout(b, South, []Cell{MustCell("B46"), MustCell("B45")}); r.HQ != MustCell("A31") || len(r.Units) != 0 || r.Scouts != 1 {
		t.Errorf("hidden HQ, one scout: %+v", r)
	}
}

// R-IV.5.5, D-28: a swap exchanges the cells of two own units; they keep
// their facing, leaders and Save ammo; shields and terrain stay with the
// cells; the same unit may swap again.
func TestSwapUnitsR_IV_5_5(t *testing.T) {
	b := deployed()
	b.Unit("n1").Facing = E
	b.Unit("n4").SaveAmmo = true
	b.Terrain.SetShields(MustCell("A21"), 1<<S)
	b.Terrain.Hills = []Cell{MustCell("B36")}
	nb, p := SwapUnits(b, North, "n1", "n4")
	if p != nil {
		t.Fatal(p)
	}
	n1, n4 := nb.Unit("n1"), nb.Unit("n4")
	if n1.Cell != MustCell("B36") || n4.Cell != MustCell("A21") || n1.Facing != E || n4.Facing != S || !n4.SaveAmmo {
		t.Errorf("after the swap: %+v %+v", *n1, *n4)
	}
	if nb.Leaders[1].At != "n4" || nb.Terrain.ShieldSides(MustCell("A21")) != 1<<S || !nb.Terrain.Hill(MustCell("B36")) {
		t.Errorf("leaders, shields or terrain moved: %+v %+v", nb.Leaders, nb.Terrain)
	}
	if b.Unit("n1").Cell != MustCell("A21") {
		t.Error("the swap changed the original battle")
	}
	// Sequential swaps: n1 again, with n3.
	nb, p = SwapUnits(nb, North, "n1", "n3")
	if p != nil || nb.Unit("n1").Cell != MustCell("A44") || nb.Unit("n3").Cell != MustCell("B36") {
		t.Errorf("second swap: %v %+v", p, nb.Units)
	}
	// The deployment stays legal: the swapped units hold the same cells.
	wantProblems(t, ValidateDeployment(nb, North))
}

// R-IV.5.5, D-28, D-29: only two of the side's own units on the field, in
// the deployment turn.
func TestSwapUnitsRefused(t *testing.T) {
	b := deployed()
	b.Unit("n3").Status = StatusReserve
	for _, tc := range []struct {
		a, c string
		want string
	}{
		{"n1", "s1", "swap_unit R-IV.5.5 s1"},
		{"n1", "zz", "swap_unit R-IV.5.5 zz"},
		{"n3", "n1", "swap_unit R-IV.5.5 n3"},
		{"n1", "n1", "swap_same D-28 n1"},
	} {
		nb, p := SwapUnits(b, North, tc.a, tc.c)
		if got := codes([]*Problem{p}); p == nil || got[0] != tc.want {
			t.Errorf("swap %s %s: %v, want %s", tc.a, tc.c, p, tc.want)
		}
		if nb.Unit("n1").Cell != MustCell("A21") {
			t.Errorf("a refused swap changed the battle")
		}
	}
	b.Turn = 1
	if _, p := SwapUnits(b, North, "n1", "n2"); p == nil || p.Code != ProbSwapTurn || p.Rule != "D-29" {
		t.Errorf("swap in a battle turn: %v", p)
	}
}

// R-VI.5.5, R-IV.1.2, D-44: Save ammo! is given to own shooters at
// deployment; in battle turns only under save_ammo.changeable=true.
func TestSetSaveAmmoR_VI_5_5(t *testing.T) {
	b := Battle{Units: []Unit{
		{ID: "ar", Side: North, Type: SamuraiArcher, Figures: 8, Cell: MustCell("A21"), Facing: S},
		{ID: "sp", Side: North, Type: SamuraiSpear, Figures: 8, Cell: MustCell("B21"), Facing: S},
		{ID: "en", Side: South, Type: SamuraiArcher, Figures: 8, Cell: MustCell("C11"), Facing: N},
	}}
	nb, p := SetSaveAmmo(b, North, "ar", true, true)
	if p != nil || !nb.Unit("ar").SaveAmmo || b.Unit("ar").SaveAmmo {
		t.Fatalf("deployment: %v %+v (the input must stay unchanged)", p, nb.Unit("ar"))
	}
	for _, id := range []string{"sp", "en", "nobody"} {
		if _, p := SetSaveAmmo(b, North, id, true, true); p == nil || p.Code != ProbSaveAmmoUnit || p.Rule != "R-VI.5.5" {
			t.Errorf("%s: %v", id, p)
		}
	}
	if _, p := SetSaveAmmo(nb, North, "ar", false, false); p == nil || p.Code != ProbSaveAmmoTurn || p.Rule != "D-44" {
		t.Fatalf("turn 3: %v", p)
	}
	nb.Settings.SaveAmmoChangeable = true
	if c, p := SetSaveAmmo(nb, North, "ar", false, false); p != nil || c.Unit("ar").SaveAmmo {
		t.Fatalf("changeable: %v", p)
	}
}
