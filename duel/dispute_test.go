package duel

import "testing"

func TestF_E4_2_E4_G4_Dispute(t *testing.T) {
	for v := 1; v <= 6; v++ {
		r, err := Dispute(dice(t, map[string]int{"dispute.9": v}), "dispute.9")
		if err != nil {
			t.Fatal(err)
		}
		if r.Key != "dispute.9" || r.Die != v || r.Result != v || r.Target != 4 || r.Success != (v >= 4) {
			t.Errorf("die %d: %+v, want right on 4+", v, r)
		}
		if want := map[bool]string{true: "caller is right", false: "caller is wrong"}[v >= 4]; r.Outcome != want {
			t.Errorf("die %d: outcome %q, want %q", v, r.Outcome, want)
		}
	}
}

func TestE4_M1_Priority(t *testing.T) {
	d := dice(t, map[string]int{
		"duel.7.prio.1.0": 4, "duel.7.prio.1.1": 4, // tie: rerolled
		"duel.7.prio.2.0": 2, "duel.7.prio.2.1": 5,
	})
	p, err := Priority(d, "duel.7.prio")
	if err != nil {
		t.Fatal(err)
	}
	if p.Winner != 1 || len(p.Rounds) != 2 {
		t.Fatalf("winner %d after %d rounds, want 1 after 2", p.Winner, len(p.Rounds))
	}
	if p.Rounds[0][0].Outcome != "tie" || !p.Rounds[1][1].Success || p.Rounds[1][0].Success {
		t.Errorf("rounds %+v", p.Rounds)
	}
	if _, err := Priority(constDice(3), "x"); err == nil {
		t.Error("endless tie accepted")
	}
}
