package skirmish

import "testing"

// woundedD2 is the attackers' turn with d2 wounded.
func woundedD2(t *testing.T) Game {
	g := attackerTurn(t)
	g, _ = must(t, g, Action{Kind: KindAttack, Fighter: "ac", Target: "d2", Inches: 1}, dice(20))
	return g
}

// E2-J (prisoners), E2-J1, E2-J2: a wounded enemy is captured by a fighter brought within 1"
// if no fit enemy is within 4" of him; he passes to the commander of the
// capturing unit.
func TestCapture_E2_J1_J2(t *testing.T) {
	g := woundedD2(t)
	refused(t, g, Action{Kind: KindCapture, Fighter: "a3", Target: "d3", Inches: 1, Enemy: 5}, dice(), "E2-J1")
	refused(t, g, Action{Kind: KindCapture, Fighter: "a3", Target: "d2", Inches: 1.5, Enemy: 5}, dice(), "E2-J1")
	refused(t, g, Action{Kind: KindCapture, Fighter: "a3", Target: "d2", Inches: 1, Enemy: 4}, dice(), "E2-J1")
	refused(t, g, Action{Kind: KindCapture, Fighter: "a3", Target: "d2", Inches: 1}, dice(), "E2-J1")
	g, ev := must(t, g, Action{Kind: KindCapture, Fighter: "a3", Target: "d2", Inches: 1, Enemy: 4.5}, dice())
	if p := fighter(g, "d2"); p.State != Captured || p.Captor != "as" || ev[0].Result != "as" {
		t.Errorf("captured: %+v %+v", p, ev)
	}
	if c := g.Record[len(g.Record)-1].Action; c.Inches != 1 || c.Enemy != 4.5 {
		t.Error("the stated distances are not in the record")
	}
}

// E2-J3, E2-J4: the prisoner cannot escape or be sent into battle; his
// captors may kill him without the attack rules, leave him or send him
// anywhere; no one attacks him.
func TestPrisoner_E2_J3_J4(t *testing.T) {
	g := woundedD2(t)
	g, _ = must(t, g, Action{Kind: KindCapture, Fighter: "a3", Target: "d2", Inches: 1, Enemy: 6}, dice())
	refused(t, g, Action{Kind: KindAttack, Fighter: "a2", Target: "d2", Inches: 1}, dice(20), "E2-J3")
	refused(t, g, Action{Kind: KindPrisoner, Target: "d2", Mode: "ransom"}, dice(), "E2-J3")
	refused(t, g, Action{Kind: KindPrisoner, Target: "d3", Mode: "kill"}, dice(), "E2-J3")
	sent, ev := must(t, g, Action{Kind: KindPrisoner, Target: "d2", Mode: "send", Inches: 30}, dice())
	if fighter(sent, "d2").State != Captured || ev[0].Inches != 30 {
		t.Error("sent")
	}
	k, _ := must(t, g, Action{Kind: KindPrisoner, Target: "d2", Mode: "kill"}, dice())
	if fighter(k, "d2").State != Dead {
		t.Error("killed")
	}
	g = pass(t, g)
	refused(t, g, Action{Kind: KindMove, Fighter: "d2", Inches: 1}, dice(), "E2-J4")
	refused(t, g, Action{Kind: KindAttack, Fighter: "d2", Target: "a2", Inches: 1}, dice(20), "E2-J4")
	refused(t, g, Action{Kind: KindPrisoner, Target: "d2", Mode: "send"}, dice(), "E2-J3")
}

// E2-J5: a prisoner is freed, all his characteristics back, when no enemy
// soldier is within 4" and he is within command distance of a friendly
// officer.
func TestFree_E2_J5(t *testing.T) {
	g := woundedD2(t)
	g, _ = must(t, g, Action{Kind: KindCapture, Fighter: "a3", Target: "d2", Inches: 1, Enemy: 6}, dice())
	refused(t, g, Action{Kind: KindFree, Fighter: "d2", Officer: "dk", Inches: 3, Enemy: 5}, dice(), "E2-J5") // not in the captors' turn
	g = pass(t, g)
	refused(t, g, Action{Kind: KindFree, Fighter: "d2", Officer: "dk", Inches: 3, Enemy: 4}, dice(), "E2-J5")
	refused(t, g, Action{Kind: KindFree, Fighter: "d2", Officer: "dk", Inches: 3}, dice(), "E2-J5")
	refused(t, g, Action{Kind: KindFree, Fighter: "d2", Officer: "dk", Inches: 9, Enemy: 5}, dice(), "E2-J5")
	refused(t, g, Action{Kind: KindFree, Fighter: "d3", Officer: "dk", Inches: 3, Enemy: 5}, dice(), "E2-J5")
	g, _ = must(t, g, Action{Kind: KindFree, Fighter: "d2", Officer: "dk", Inches: 3, Enemy: 5}, dice())
	if p := fighter(g, "d2"); p.State != Fit || p.Captor != "" {
		t.Errorf("freed: %+v", p)
	}
	must(t, g, Action{Kind: KindAttack, Fighter: "d2", Target: "a2", Inches: 1}, dice(1))
}
