package engine

import "testing"

// What happened to one unit: its events and rolls under their phase and
// step headings, nothing of the others', no heading left empty.
func TestEventsOf(t *testing.T) {
	events := []Event{
		{Kind: EvPhase, Phase: 1},
		{Kind: EvStep, Step: "P3"},
		{Kind: EvMoved, Unit: "a"},
		{Kind: EvStep, Step: "P7"},
		{Kind: EvAttack, Unit: "b+c", Other: "d"},
		{Kind: EvRoll, Key: "c.melee", Dice: []int{6}},
		{Kind: EvRoll, Key: "b.melee", Dice: []int{2}},
		{Kind: EvPhase, Phase: 2},
		{Kind: EvWaited, Unit: "a"},
	}
	got := EventsOf(events, "c")
	want := []EventKind{EvPhase, EvStep, EvAttack, EvRoll}
	if len(got) != len(want) {
		t.Fatalf("events of c: %+v", got)
	}
	for i, k := range want {
		if got[i].Kind != k {
			t.Fatalf("event %d: %s, want %s (%+v)", i, got[i].Kind, k, got)
		}
	}
	if got[1].Step != "P7" || got[3].Key != "c.melee" {
		t.Fatalf("events of c: %+v", got)
	}
	if n := len(EventsOf(events, "a")); n != 5 {
		t.Fatalf("events of a: %d, want phase, step, moved, phase, waited", n)
	}
	if n := len(EventsOf(events, "zz")); n != 0 {
		t.Fatalf("events of a unit that did nothing: %d", n)
	}
}
