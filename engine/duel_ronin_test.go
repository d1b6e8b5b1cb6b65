package engine

import "testing"

// F-E4-1: with leaders.duel_mode=ronin a duel die of 3-5 applies nothing
// and marks the duel's EvDuel; 1-2 and 6 keep their core meaning, and the
// core mode is unchanged.
func TestRoninDuelF_E4_1(t *testing.T) {
	for _, tc := range []struct {
		ronin bool
		die   int
		left  bool // left to a detailed duel
	}{
		{true, 3, true}, {true, 4, true}, {true, 5, true},
		{true, 1, false}, {true, 6, false}, {false, 5, false}, {false, 3, false},
	} {
		r := &resolver{b: Battle{Settings: Settings{DuelRonin: tc.ronin}, Leaders: []Leader{
			{ID: "n", Side: North, Role: General, At: "nu"},
			{ID: "s", Side: South, Role: General, At: "su"},
		}}, d: NewScriptedDice(map[string][]int{"duel": {tc.die, 2, 2}})}
		r.duel([2]int{0, 1}, func(int) bool { return true })
		got := RoninDuels(r.ev)
		if tc.left != (len(got) == 1) {
			t.Fatalf("ronin %v die %d: left %v, events %+v", tc.ronin, tc.die, got, r.ev)
		}
		hurt := r.b.Leaders[0].Health != LeaderOK || r.b.Leaders[1].Health != LeaderOK
		if tc.left && (hurt || r.ev[0].Value != tc.die || got[0] != [2]string{"n", "s"}) {
			t.Errorf("ronin die %d: leaders %+v, event %+v", tc.die, r.b.Leaders, r.ev[0])
		}
		if !tc.left && tc.die != 1 && !hurt {
			t.Errorf("ronin %v die %d: nobody hurt", tc.ronin, tc.die)
		}
	}
}

// F-E4-1: ApplyDuel adds the wounds one by one with the core's rules (a 2nd
// to the reserve, a 3rd kills), then kills or captures.
func TestApplyDuel(t *testing.T) {
	b := Battle{Leaders: []Leader{
		{ID: "n", Side: North, Role: General, At: "nu", Wounds: 1, Health: LeaderWounded},
		{ID: "s", Side: South, Role: General, At: "su"},
		{ID: "x", Side: South, Role: Commander, At: "su"},
	}}
	got, ev := ApplyDuel(b, [2]string{"n", "s"}, [2]int{1, 0}, [2]bool{false, true}, [2]bool{})
	if l := got.Leaders[0]; l.Wounds != 2 || l.At != AtReserve || l.Health != LeaderWounded {
		t.Errorf("north: %+v", l)
	}
	if l := got.Leaders[1]; l.Health != LeaderKilled || l.At != AtReserve {
		t.Errorf("south: %+v", l)
	}
	if b.Leaders[0].Wounds != 1 || got.Leaders[2].Health != LeaderOK {
		t.Error("ApplyDuel changed its input or a third leader")
	}
	if len(ev) != 2 || ev[0].Kind != EvLeaderWounded || ev[1].Kind != EvLeaderKilled || ev[0].Rule != "F-E4-1" {
		t.Errorf("events %+v", ev)
	}
	got, ev = ApplyDuel(b, [2]string{"n", "s"}, [2]int{2, 0}, [2]bool{}, [2]bool{false, true})
	if got.Leaders[0].Health != LeaderKilled || got.Leaders[1].Health != LeaderCaptured || len(ev) != 3 {
		t.Errorf("3rd wound and capture: %+v %+v", got.Leaders, ev)
	}
}
