package skirmish

import "testing"

var wall4 = []string{"ds", "d2", "d3", "d4"}

// E2-SW: a shield wall is declared at the start of the turn, before
// shooting and movement, for at least 4 fighters, no archers, not on a
// fortification's walls; it moves at most 2" a turn.
func TestShieldWallForm_E2_SW(t *testing.T) {
	g := newGame(t)
	refused(t, g, Action{Kind: KindWallForm, Fighters: wall4[:3]}, dice(), "E2-SW")
	refused(t, g, Action{Kind: KindWallForm, Fighters: []string{"ds", "d2", "d3", "da"}}, dice(), "E2-SW")
	refused(t, g, Action{Kind: KindWallForm, Fighters: []string{"ds", "d2", "d3", "d3"}}, dice(), "E2-SW")
	refused(t, g, Action{Kind: KindWallForm, Fighters: wall4, OnWalls: true}, dice(), "E2-SW")
	onWalls := g.Clone()
	set(&onWalls, "d2", func(f *Fighter) { f.OnWalls = true })
	refused(t, onWalls, Action{Kind: KindWallForm, Fighters: wall4}, dice(), "E2-SW")
	moved, _ := must(t, g, Action{Kind: KindMove, Fighter: "d5", Inches: 1}, dice())
	refused(t, moved, Action{Kind: KindWallForm, Fighters: wall4}, dice(), "E2-SW")
	g, ev := must(t, g, Action{Kind: KindWallForm, Fighters: wall4}, dice())
	if ev[0].Kind != "wall_formed" || fighter(g, "d2").Wall == 0 {
		t.Fatalf("%+v", ev)
	}
	refused(t, g, Action{Kind: KindWallForm, Fighters: []string{"d2", "d5", "dk", "d3"}}, dice(), "E2-SW")
	refused(t, g, Action{Kind: KindMove, Fighter: "d2", Inches: 2.5}, dice(), "E2-SW")
	refused(t, g, Action{Kind: KindMove, Fighter: "d2", Inches: 1, OnWalls: true}, dice(), "E2-SW")
	must(t, g, Action{Kind: KindMove, Fighter: "d2", Inches: 2}, dice())
	// +2 to attack: d2 (spearman) in the wall, 9 + 2 = 11 > 10.
	_, ev = must(t, g, Action{Kind: KindAttack, Fighter: "d2", Target: "a2", Inches: 2}, dice(9))
	if ev[0].Roll.Mod != 2 || !ev[0].Roll.Success {
		t.Errorf("the wall's +2 to attack: %+v", ev[0].Roll)
	}
}

// E2-SW: an enemy may attack only the nearest fighter of a shield wall
// (the attacker states his distances to the others); its fighters defend
// at +2; a wall below 4 fighters breaks.
func TestShieldWallDefends_E2_SW(t *testing.T) {
	g := newGame(t)
	g, _ = must(t, g, Action{Kind: KindWallForm, Fighters: []string{"ds", "d2", "d3", "d4", "d5"}}, dice())
	g = pass(t, g)
	a := Action{Kind: KindAttack, Fighter: "aa", Target: "d3", Inches: 6, Others: map[string]float64{"ds": 7, "d2": 6.5, "d4": 6.5}}
	refused(t, g, a, dice(20), "E2-SW") // d5's distance not stated
	a.Others["d5"] = 5.5
	r := refused(t, g, a, dice(20), "E2-SW")
	if r.Key != "err.skirmish.wall_nearest" || r.Args[0] != "d5" {
		t.Errorf("refusal %+v", r)
	}
	a.Others["d5"] = 8
	// d3 defends at 12: 12 holds, 13 pierces
	_, ev := must(t, g, a, dice(12))
	if ev[0].Roll.Target != 13 || ev[0].Roll.Success {
		t.Errorf("the wall's +2 to defence: %+v", ev[0].Roll)
	}
	g, ev = must(t, g, a, dice(13))
	if fighter(g, "d3").Wall != 0 || fighter(g, "d2").Wall == 0 || len(ev) != 2 {
		t.Errorf("a wounded fighter leaves the wall, 4 stay: %+v", ev)
	}
	// the cavalryman wounds d2: 3 left, the wall breaks
	g, ev = must(t, g, Action{Kind: KindAttack, Fighter: "ac", Target: "d2", Inches: 1, Others: map[string]float64{"ds": 2, "d4": 2, "d5": 3}}, dice(20))
	if ev[len(ev)-1].Kind != "wall_broken" || fighter(g, "d4").Wall != 0 || fighter(g, "ds").Wall != 0 {
		t.Errorf("below 4 the wall breaks: %+v", ev)
	}
}

// E2-SW: a fighter may leave his wall; its last 4 break with him.
func TestShieldWallLeave_E2_SW(t *testing.T) {
	g := newGame(t)
	g, _ = must(t, g, Action{Kind: KindWallForm, Fighters: wall4}, dice())
	refused(t, g, Action{Kind: KindWallLeave, Fighter: "d5"}, dice(), "E2-SW")
	g, ev := must(t, g, Action{Kind: KindWallLeave, Fighter: "d2"}, dice())
	if len(ev) != 2 || fighter(g, "d3").Wall != 0 {
		t.Errorf("%+v", ev)
	}
}
