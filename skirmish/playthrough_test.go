package skirmish

import "testing"

// A short skirmish to its end, as a service would drive it: a shield wall,
// a refused attack, wounds, a capture, a wound test, a morale test with a
// corporal, and the end when the attackers' last officer dies (E2-SW,
// E2-M1, E2-M3, E2-J1, E2-R1, E2-R2, E2-F, E2-TS2).
func TestPlaythrough_E2_TS2_F(t *testing.T) {
	g := newGame(t)
	step := func(a Action, d ...int) []Event {
		t.Helper()
		var ev []Event
		g, ev = must(t, g, a, dice(d...))
		return ev
	}
	end := func() { t.Helper(); step(Action{Kind: KindEndTurn}) }
	// turn 1, the defenders
	step(Action{Kind: KindWallForm, Fighters: []string{"ds", "d2", "d3", "d4"}})
	step(Action{Kind: KindAttack, Fighter: "da", Target: "aa", Inches: 15}, 15)
	end()
	// turn 2, the attackers
	refused(t, g, Action{Kind: KindAttack, Fighter: "a2", Target: "d3", Inches: 2}, dice(20), "E2-SW")
	step(Action{Kind: KindAttack, Fighter: "ac", Target: "d5", Inches: 1}, 20)
	step(Action{Kind: KindCapture, Fighter: "a3", Target: "d5", Inches: 1, Enemy: 5})
	end()
	// turn 3
	step(Action{Kind: KindAttack, Fighter: "dk", Target: "as", Inches: 1}, 15)
	end()
	// turn 4: aa tests his wound beside o9; a1, its sergeant down, tests morale
	if w, m := g.Owed(); len(w) != 2 || w[0] != "as" || w[1] != "aa" || len(m) != 1 || m[0] != "a1" {
		t.Errorf("owed: wound tests %v, morale tests %v (E2-M3, E2-O1)", w, m)
	}
	if ev := step(Action{Kind: KindWoundTest, Fighter: "aa", Officer: "o9", Inches: 6}, 12); ev[0].Result != "recovered" {
		t.Fatalf("%+v", ev)
	}
	if ev := step(Action{Kind: KindMoraleTest, Unit: "a1", Enemy: 10, Fighter: "a2"}, 17); ev[1].Kind != "corporal" {
		t.Fatalf("%+v", ev)
	}
	if w, m := g.Owed(); len(w) != 1 || len(m) != 0 {
		t.Errorf("owed after the tests: %v %v", w, m)
	}
	step(Action{Kind: KindMove, Fighter: "a2", Inches: 3})
	if w, m := g.Owed(); w != nil || m != nil {
		t.Error("nothing is owed after the opening")
	}
	end()
	// turn 5: the wounded sergeant is killed, no die
	if ev := step(Action{Kind: KindAttack, Fighter: "dk", Target: "as", Inches: 1}); ev[1].Kind != "killed" {
		t.Fatalf("%+v", ev)
	}
	step(Action{Kind: KindAttack, Fighter: "da", Target: "o9", Inches: 12}, 20)
	end()
	end()
	// turn 7: o9, the last officer, dies: the defenders win
	ev := step(Action{Kind: KindAttack, Fighter: "da", Target: "o9", Inches: 12})
	if g.Phase != PhaseOver || g.Winner != 0 || ev[len(ev)-1].Kind != "game_over" {
		t.Fatalf("the end: %+v", ev)
	}
	if fighter(g, "d5").State != Captured || !fighter(g, "a2").Corporal || len(g.Record) != 17 {
		t.Errorf("record of %d entries; d5 %s", len(g.Record), fighter(g, "d5").State)
	}
}
