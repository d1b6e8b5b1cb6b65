package engine

import "testing"

// Every shinobi not kept home infiltrates; each enemy guard blocks one and
// the guarding side rolls for it (R-IV.4.1, R-IV.4.2, D-27); the side's
// shinobi for the battle are those that got through (R-IV.5.1).
func TestInfiltrateArmiesR_IV_4(t *testing.T) {
	b := deployed()
	b.Shinobi = [2]int{3, 2}
	// North keeps 1 home and sends 2; South keeps 2 and sends none.
	d := NewScriptedDice(map[string][]int{"south.shinobi": {6, 2}})
	nb, in := InfiltrateArmies(b, [2]int{1, 2}, d)
	if d.Err() != nil || len(d.Unused()) != 0 {
		t.Fatalf("dice: %v %v", d.Err(), d.Unused())
	}
	if in[North] != (Infiltration{Sent: 2, Through: 0, Captured: 1, TurnedBack: 1}) {
		t.Errorf("north: %+v", in[North])
	}
	if in[South] != (Infiltration{}) {
		t.Errorf("south sent none: %+v", in[South])
	}
	if nb.Shinobi != [2]int{0, 0} || b.Shinobi != [2]int{3, 2} {
		t.Errorf("shinobi after %v, before %v", nb.Shinobi, b.Shinobi)
	}
}

// Scouts name 2 cells each, once (R-IV.5.2); they learn the HQ (R-IV.5.3)
// and are spent (R-IV.5.4).
func TestScoutCellsR_IV_5_2(t *testing.T) {
	b := deployed()
	b.Shinobi = [2]int{2, 0}
	cells := []Cell{MustCell("C11"), MustCell("D11"), MustCell("C13")}
	nb, r, p := ScoutCells(b, North, cells, false)
	if p != nil || r.Scouts != 2 || len(r.Units) != 2 || nb.Shinobi[North] != 0 || !nb.HQKnown[North] {
		t.Fatalf("scouting: %v %+v %v", p, r, nb.Shinobi)
	}
	if b.Shinobi[North] != 2 || b.HQKnown[North] {
		t.Fatal("ScoutCells changed its input")
	}
	_, _, p = ScoutCells(b, North, append(cells, MustCell("C14"), MustCell("C15")), false)
	wantProblems(t, []*Problem{p}, "scout_cells R-IV.5.2 4")
	_, _, p = ScoutCells(b, North, cells, true)
	wantProblems(t, []*Problem{p}, "scouted R-IV.5.2")
	_, _, p = ScoutCells(b, North, nil, false)
	wantProblems(t, []*Problem{p}, "scout_none R-IV.5.2")
}

// One swap a scout, each checked on the positions after the earlier ones,
// all made at the end of the phase in the order given (R-IV.5.5, D-28).
func TestSwapsR_IV_5_5(t *testing.T) {
	b := deployed()
	earlier := [][2]string{{"n1", "n4"}}
	if p := CheckSwap(b, North, earlier, [2]string{"n1", "n3"}, 2); p != nil {
		t.Fatal(p)
	}
	wantProblems(t, []*Problem{CheckSwap(b, North, earlier, [2]string{"n1", "n3"}, 1)}, "scout_swaps R-IV.5.5 1")
	wantProblems(t, []*Problem{CheckSwap(b, North, nil, [2]string{"n1", "s1"}, 1)}, "swap_unit R-IV.5.5 s1")
	nb := MakeSwaps(b, [2][][2]string{{{"n1", "n4"}, {"n1", "n3"}}, nil})
	if nb.Unit("n1").Cell != MustCell("A44") || nb.Unit("n4").Cell != MustCell("A21") || nb.Unit("n3").Cell != MustCell("B36") {
		t.Fatalf("after the swaps: %+v", nb.Units)
	}
	if b.Unit("n1").Cell != MustCell("A21") {
		t.Fatal("MakeSwaps changed its input")
	}
}
