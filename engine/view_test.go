package engine

import "testing"

// D-67, R-XI.3.2: a unit in a forest is hidden from the enemy unless an
// enemy unit is next to the forest (diagonals included) or it fought.
func TestViewHidesUnitsInForests(t *testing.T) {
	b := testBattle(
		unit("hidden", South, AshigaruSpear, 8, "C24", N),
		unit("open", South, SamuraiSpear, 8, "C21", N),
		unit("scout", North, LightCavalry, 6, "A11", S),
	)
	b.Terrain.Forests = []Cell{MustCell("C24")}
	b.Leaders = []Leader{{ID: "g", Side: South, Role: General, At: "hidden"}}

	north := View(b, North)
	if north.Unit("hidden") != nil || north.Unit("open") == nil || north.Unit("scout") == nil {
		t.Fatalf("north sees %v", ids(north))
	}
	if len(north.Leaders) != 0 {
		t.Fatal("the leader of a hidden unit is hidden too")
	}
	if south := View(b, South); south.Unit("hidden") == nil { // own units always

		t.Fatal("a side always sees its own units")
	}
	if len(b.Units) != 3 {
		t.Fatal("View must not change the battle")
	}
	// Contact, even diagonal, reveals it (C13 is diagonal to C24).
	b.Unit("scout").Cell = MustCell("C13")
	if v := View(b, North); v.Unit("hidden") == nil {
		t.Fatal("a unit 8-adjacent to the forest sees into it")
	}
	// Melee reveals it for good.
	b.Unit("scout").Cell = MustCell("A11")
	b.Unit("hidden").Revealed = true
	if v := View(b, North); v.Unit("hidden") == nil {
		t.Fatal("a unit revealed by melee stays visible")
	}
}

func ids(b Battle) []string {
	var out []string
	for _, u := range b.Units {
		out = append(out, u.ID)
	}
	return out
}

// D-67: a unit that leaves a forest is revealed for good, however it moves;
// fleeing into another forest does not hide it again.
func TestLeavingAForestRevealsAFleeingUnit(t *testing.T) {
	b := testBattle(
		unit("r", South, SamuraiSpear, 6, "C13", S),
		unit("f", South, SamuraiSpear, 8, "D36", N),
		unit("n", North, SamuraiSpear, 8, "B46", S),
	)
	b.Terrain.Forests = []Cell{MustCell("C13"), MustCell("C33")}
	b.Turn = 1
	b.Units[0].Status, b.Units[0].RoutedTurn = StatusRouting, 0
	for turn := 0; turn < 2; turn++ {
		var err error
		if b, _, err = ResolveTurn(b, nil, NewScriptedDice(nil)); err != nil {
			t.Fatal(err)
		}
	}
	if u := b.Unit("r"); u.Cell != MustCell("C33") || !u.Revealed {
		t.Fatalf("r: %v revealed %v", u.Cell, u.Revealed)
	}
	if v := View(b, North); v.Unit("r") == nil {
		t.Fatal("north lost sight of a unit that left the forest")
	}
}

// How many shinobi the enemy got into one's rear is the GM's to know: each
// player learns only his own (R-IV.5.1); so is his choice to spare
// duellists (R-VIII.6.5).
func TestViewHidesEnemyShinobiR_IV_5_1(t *testing.T) {
	b := Battle{Shinobi: [2]int{2, 3}, Spare: [2]bool{true, true}}
	if v := View(b, North); v.Shinobi != [2]int{2, 0} || v.Spare != [2]bool{true, false} {
		t.Fatalf("north sees %v %v", v.Shinobi, v.Spare)
	}
	if v := View(b, South); v.Shinobi != [2]int{0, 3} {
		t.Fatalf("south sees %v", v.Shinobi)
	}
}

// D-19, hq.public=false: the enemy HQ is hidden from a side until its
// scouts find it (R-IV.5.3) or it is overrun; with the default it is public.
func TestViewHidesEnemyHQD_19(t *testing.T) {
	b := Battle{HQ: [2]Cell{MustCell("A34"), MustCell("D33")}}
	if v := View(b, North); v.HQ != b.HQ {
		t.Fatalf("public HQs: north sees %v", v.HQ)
	}
	b.Settings.HQHidden = true
	if v := View(b, North); v.HQ != [2]Cell{MustCell("A34"), NoCell} {
		t.Fatalf("hidden HQ: north sees %v", v.HQ)
	}
	b.HQKnown[North] = true
	if v := View(b, North); v.HQ != b.HQ {
		t.Fatalf("scouted HQ: north sees %v", v.HQ)
	}
	if v := View(b, South); v.HQ != [2]Cell{NoCell, MustCell("D33")} {
		t.Fatalf("south has not scouted: sees %v", v.HQ)
	}
}

// The portable shields of a unit hidden in a forest (R-II.9.4, kept with
// its cell) would show where it stands: the enemy's view leaves them out,
// keeps those of a cell without a hidden unit, and the hiding side sees its
// own.
func TestViewLeaksNoShieldsOfHiddenUnits(t *testing.T) {
	b := testBattle(
		unit("hidden", South, AshigaruSpear, 8, "C24", N),
		unit("scout", North, LightCavalry, 6, "A11", S),
	)
	b.Terrain.Forests = []Cell{MustCell("C24"), MustCell("C25")}
	b.Terrain.SetShields(MustCell("C24"), 1)
	b.Terrain.SetShields(MustCell("C25"), 2)
	north := View(b, North)
	if north.Terrain.ShieldSides(MustCell("C24")) != 0 || north.Terrain.ShieldSides(MustCell("C25")) != 2 {
		t.Fatalf("North sees shields %+v", north.Terrain.Shields)
	}
	if b.Terrain.ShieldSides(MustCell("C24")) != 1 {
		t.Fatal("View changed the battle's shields")
	}
	if south := View(b, South); south.Terrain.ShieldSides(MustCell("C24")) != 1 {
		t.Fatal("South does not see its own shields")
	}
	b.Unit("scout").Cell = MustCell("C13") // next to C24
	if v := View(b, North); v.Terrain.ShieldSides(MustCell("C24")) != 1 {
		t.Fatal("seen by contact, the unit's shields are hidden")
	}
}

// D-70: through the deployment turn a side sees none of the enemy's units,
// leaders or shields, only the terrain, the enemy HQ as D-19 says and what
// its own scouts reported, as they stood when scouted; its own army whole.
func TestDeploymentViewD_70(t *testing.T) {
	b := deployed()
	b.Terrain.Hills = []Cell{MustCell("C12")}
	b.Terrain.Forests = []Cell{MustCell("A24")}
	b.Terrain.SetShields(MustCell("A21"), 1) // the North's (D-14)
	b.Terrain.SetShields(MustCell("D11"), 2) // the South's
	b.Terrain.SetShields(MustCell("C33"), 4) // the South's, behind a scouted cell
	b.Leaders[0].Traits = []string{"brave"}
	count := func(v Battle, side Side) (units, leaders int) {
		for _, u := range v.Units {
			if u.Side == side {
				units++
			}
		}
		for _, l := range v.Leaders {
			if l.Side == side {
				leaders++
			}
		}
		return
	}
	// The deployment phase: nothing of the South, all of the North.
	north := DeploymentView(b, North, nil)
	if u, l := count(north, South); u != 0 || l != 0 {
		t.Fatalf("North sees %d South units and %d leaders: %v", u, l, ids(north))
	}
	if u, l := count(north, North); u != 4 || l != 2 || north.Unit("n4").Cell != MustCell("B36") {
		t.Fatalf("North sees %d of its 4 units and %d of its 2 leaders", u, l)
	}
	if north.Terrain.ShieldSides(MustCell("A21")) != 1 || north.Terrain.ShieldSides(MustCell("D11")) != 0 || len(north.Terrain.Shields) != 1 {
		t.Fatalf("North sees shields %+v", north.Terrain.Shields)
	}
	if !north.Terrain.Hill(MustCell("C12")) || !north.Terrain.Forest(MustCell("A24")) {
		t.Fatal("the terrain is announced to both sides (R-IV.2.1)")
	}
	if north.HQ != b.HQ {
		t.Fatalf("the HQ is public by D-19: North sees %v", north.HQ)
	}
	if len(b.Units) != 7 || len(b.Leaders) != 4 || len(b.Terrain.Shields) != 3 {
		t.Fatal("DeploymentView changed the battle")
	}
	// Ordinary visibility (View) would show the South: D-70 is not R-XI.3.
	if v := View(b, North); v.Unit("s1") == nil {
		t.Fatal("View hides an open unit")
	}
	// With hq.public=false the enemy HQ waits for the scouts (D-19).
	b.Settings.HQHidden = true
	if v := DeploymentView(b, North, nil); v.HQ != [2]Cell{MustCell("A31"), NoCell} {
		t.Fatalf("hidden HQ: North sees %v", v.HQ)
	}
	// The plan-change phase: the North's shinobi scouts D11 (s2 and its
	// commander) and C21, which is empty.
	b.Shinobi = [2]int{1, 0}
	nb, report, p := ScoutCells(b, North, []Cell{MustCell("D11"), MustCell("C21")}, false)
	if p != nil {
		t.Fatal(p)
	}
	// After the report the South's s2 lost figures (a GM fix): the North
	// knows it as scouted.
	nb.Unit("s2").Figures = 5
	north = DeploymentView(nb, North, []ScoutReport{report})
	if u, l := count(north, South); u != 1 || l != 1 {
		t.Fatalf("North sees %d South units and %d leaders, want the scouted s2 and sc: %v", u, l, ids(north))
	}
	if s2 := north.Unit("s2"); s2 == nil || s2.Figures != 8 || s2.Cell != MustCell("D11") || s2.Type != SamuraiArcher {
		t.Fatalf("s2 as scouted: %+v", s2)
	}
	if sc := north.Leader("sc"); sc == nil || sc.At != "s2" {
		t.Fatalf("the commander with s2: %+v", sc)
	}
	if north.Unit("s1") != nil || north.Unit("s3") != nil || north.Leader("sg") != nil {
		t.Fatal("an unscouted South unit or leader shows")
	}
	if north.Terrain.ShieldSides(MustCell("D11")) != 0 || north.Terrain.ShieldSides(MustCell("C33")) != 0 {
		t.Fatal("the scouts report units and characters, not shields")
	}
	if north.HQ != b.HQ {
		t.Fatalf("the scouts found the HQ (R-IV.5.3): North sees %v", north.HQ)
	}
	// The South's report is not the North's view: it sees nothing of the North.
	if south := DeploymentView(nb, South, nil); func() bool { u, l := count(south, North); return u+l != 0 }() {
		t.Fatalf("South sees the North: %v", ids(south))
	}
	// A South's own units are always its own, the report of the other side
	// changes nothing there.
	south := DeploymentView(nb, South, []ScoutReport{report})
	if u, l := count(south, South); u != 3 || l != 2 || south.Unit("s2").Figures != 5 {
		t.Fatalf("South's own army: %d units, %d leaders, %v", u, l, ids(south))
	}
	if u, _ := count(south, North); u != 0 {
		t.Fatalf("a report of enemy units names none of the North: %v", ids(south))
	}
}
