package game

import (
	"slices"
	"testing"

	"github.com/gunbai/gunbai/engine"
	"github.com/gunbai/gunbai/store"
)

// A resolved turn told step by step: for the GM every event, in the steps
// the engine ran them; for a clan what it may see (D-67), step by step
// too; a turn not resolved is refused.
func TestTurnViewStepByStep(t *testing.T) {
	svc, north, south := started(t, 0)
	if _, err := svc.TurnView(guild, north.Battle.ID, 1, store.AudienceGM, true); err == nil {
		t.Fatal("a turn not resolved yet has a view")
	}
	accept(t, svc, north, engine.StakeLow)
	accept(t, svc, south, engine.StakeLow)
	for _, o := range []struct {
		seat Seat
		o    engine.Order
	}{
		{north, engine.Order{Unit: "n-yari", Kind: engine.OrderMove, Phase: 1}},
		{north, engine.Order{Unit: "n-uma", Kind: engine.OrderMove, Phase: 1}},
		{north, engine.Order{Unit: "n-yari", Kind: engine.OrderMove, Phase: 2}},
		{south, engine.Order{Unit: "s-yari", Kind: engine.OrderMove, Phase: 1}},
	} {
		if _, err := svc.Order(o.seat, o.o); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := svc.Ready(north); err != nil {
		t.Fatal(err)
	}
	if _, err := svc.Ready(south); err != nil {
		t.Fatal(err)
	}
	gm, err := svc.TurnView(guild, north.Battle.ID, 1, store.AudienceGM, true)
	if err != nil {
		t.Fatal(err)
	}
	if len(gm.Frames) < 2 {
		t.Fatalf("the GM's turn in %d frames", len(gm.Frames))
	}
	var all []engine.Event
	for _, f := range gm.Frames {
		all = append(all, f.Events...)
		if !happened(f.Events) {
			t.Fatalf("a frame where nothing happened: %+v", f)
		}
	}
	// Every event but the headings is in a frame, in the stored order.
	var told, stored []engine.EventKind
	for _, e := range all {
		if e.Kind != engine.EvPhase && e.Kind != engine.EvStep {
			told = append(told, e.Kind)
		}
	}
	for _, e := range gm.Events {
		if e.Kind != engine.EvPhase && e.Kind != engine.EvStep {
			stored = append(stored, e.Kind)
		}
	}
	if !slices.Equal(told, stored) || len(told) == 0 {
		t.Fatalf("the frames tell %v, the turn was %v", told, stored)
	}
	if last := gm.Frames[len(gm.Frames)-1].State; len(last.Units) != len(gm.After.Units) {
		t.Fatalf("the last frame is not the turn's end")
	}
	nv, err := svc.TurnView(guild, north.Battle.ID, 1, store.AudienceNorth, true)
	if err != nil {
		t.Fatal(err)
	}
	if len(nv.Orders[engine.South]) != 0 || len(nv.Orders[engine.North]) != 3 {
		t.Fatalf("North reads the orders %+v", nv.Orders)
	}
	for _, f := range nv.Frames {
		if len(f.Events) > len(engine.VisibleEvents(gm.Before, gm.After, engine.North, f.Events)) {
			t.Fatalf("North's frame shows more than North may see")
		}
	}
}
