package skirmish

import (
	"errors"
	"testing"
)

// siegeGame: the attackers (side 1) have a catapult and a ram, each with a
// crew of 4, against the defenders' gates; it is the attackers' turn.
func siegeGame(t *testing.T) Game {
	t.Helper()
	s := sides()
	u := &s[1].Units[0]
	for _, id := range []string{"c1", "c2", "c3", "c4"} {
		u.Fighters = append(u.Fighters, ftr(id, Spearman, NoRank))
	}
	s[1].Engines = []Engine{
		{ID: "cat", Kind: "catapult", Crew: []string{"a2", "a3", "c1", "c2"}},
		{ID: "ram", Kind: "ram", Crew: []string{"c1", "c2", "c3", "c4"}},
	}
	g, err := NewGame(Setup{Table: DefaultClasses(), Sides: s, Assault: true, Campaign: true})
	if err != nil {
		t.Fatal(err)
	}
	return pass(t, g)
}

// E2-W: a catapult shoots 10" and moves 2", a ram strikes from 1" and moves
// 4", each with a crew of 4; two hits destroy the gates; a catapult shoots
// fighters on the walls, a ram only the gates.
func TestSiegeEngines_E2_W(t *testing.T) {
	s := sides()
	s[1].Engines = []Engine{{ID: "cat", Kind: "catapult", Crew: []string{"a2", "a3", "aa"}}}
	if _, err := NewGame(Setup{Table: DefaultClasses(), Sides: s, Assault: true}); err == nil {
		t.Error("a catapult with a crew of 3 accepted")
	}
	g := siegeGame(t)
	refused(t, g, Action{Kind: KindEngineMove, Engine: "cat", Inches: 2.5}, dice(), "E2-W")
	refused(t, g, Action{Kind: KindEngineMove, Engine: "ram", Inches: 4.5}, dice(), "E2-W")
	g, _ = must(t, g, Action{Kind: KindEngineMove, Engine: "cat", Inches: 2}, dice())
	g, _ = must(t, g, Action{Kind: KindEngineMove, Engine: "ram", Inches: 4}, dice())
	refused(t, g, Action{Kind: KindEngineMove, Engine: "ram", Inches: 1}, dice(), "E2-TS2")
	refused(t, g, Action{Kind: KindEngineShot, Engine: "cat", Inches: 10.5}, dice(20), "E2-W")
	refused(t, g, Action{Kind: KindEngineShot, Engine: "ram", Inches: 1.5}, dice(20), "E2-W")
	refused(t, g, Action{Kind: KindEngineShot, Engine: "ram", Target: "d2", Inches: 1}, dice(20), "E2-W")
	refused(t, g, Action{Kind: KindEngineShot, Engine: "cat", Target: "d2", Inches: 5}, dice(20), "E2-W")
	// the gates: a hit is a d20 above the table's gate defence (10)
	g, ev := must(t, g, Action{Kind: KindEngineShot, Engine: "cat", Inches: 10}, dice(11))
	if ev[0].Roll.Target != 11 || g.Gates.Hits != 1 || g.Gates.Broken {
		t.Fatalf("first hit: %+v %+v", ev[0].Roll, g.Gates)
	}
	refused(t, g, Action{Kind: KindEngineShot, Engine: "cat", Inches: 10}, dice(20), "E2-W")
	miss, _ := must(t, g, Action{Kind: KindEngineShot, Engine: "ram", Inches: 1}, dice(10))
	if miss.Gates.Hits != 1 {
		t.Error("10 hit the gates")
	}
	g, ev = must(t, g, Action{Kind: KindEngineShot, Engine: "ram", Inches: 1}, dice(11))
	if !g.Gates.Broken || ev[len(ev)-1].Kind != "gates_broken" {
		t.Fatalf("second hit: %+v", ev)
	}
	// next turn: the gates are gone; the catapult shoots a fighter on the walls
	g = pass(t, g)
	g, _ = must(t, g, Action{Kind: KindMove, Fighter: "d2", Inches: 1, OnWalls: true}, dice())
	g = pass(t, g)
	refused(t, g, Action{Kind: KindEngineShot, Engine: "ram", Inches: 1}, dice(20), "E2-W")
	g, _ = must(t, g, Action{Kind: KindEngineShot, Engine: "cat", Target: "d2", Inches: 9}, dice(11))
	if fighter(g, "d2").State != Wounded {
		t.Error("the catapult's hit did not wound")
	}
	// a crew fighter wounded: the engine stands
	g = pass(t, pass(t, g))
	set(&g, "c1", func(f *Fighter) { f.State = Wounded })
	refused(t, g, Action{Kind: KindEngineMove, Engine: "cat", Inches: 1}, dice(), "E2-W")
	// the defenders have no engine and no gates to break
	d := pass(t, g)
	refused(t, d, Action{Kind: KindEngineShot, Engine: "cat", Inches: 1}, dice(20), "E2-W")
}

// TestEngineSetupRefusals_E2_W: an engine the warband cannot field is
// refused by catalogue key and rule, to be worded in the reader's
// language: an unknown kind, a crew of the wrong size (E2-W: 4).
func TestEngineSetupRefusals_E2_W(t *testing.T) {
	g := Game{}
	for _, c := range []struct {
		e   Engine
		key string
	}{
		{Engine{ID: "e1", Kind: "trebuchet"}, "err.skirmish.engine_kind"},
		{Engine{ID: "e2", Kind: "ram", Crew: []string{"a", "b", "c"}}, "err.skirmish.engine_crew"},
	} {
		var r *Refusal
		if err := checkEngine(g, 0, c.e); !errors.As(err, &r) || r.Key != c.key || r.Rule != "E2-W" {
			t.Errorf("%+v: %v, want %s (E2-W)", c.e, err, c.key)
		}
	}
}
