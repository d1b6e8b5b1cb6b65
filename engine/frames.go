package engine

import (
	"reflect"
	"slices"
)

// Frame is the battle as it stands after one step of a turn's resolution.
type Frame struct {
	Phase  int     // execution phase (0 for what comes before the first, e.g. the command phase's own events, and for the end of turn)
	Step   string  // the ladder step's name as EvStep gives it ("" for the turn's start and end)
	State  Battle  // after the step
	Events []Event // the events of this step only
}

// ResolveFrames resolves battle turn b.Turn+1 exactly as ResolveTurn does
// (the same dice keys in the same order, the same result) and returns the
// turn as frames, one per stretch of its events, in order:
//
//   - the start of the turn (Phase 0, Step ""): what comes before the first
//     execution phase (HQs overrun, leaders' moves, army-wide orders,
//     shinobi, withdrawals), if anything happened;
//   - each ladder step of each phase that emitted events (Phase, Step = the
//     step's id, "P0"..."P10"). A phase's own opening (EvPhase, the Waits,
//     the banners raised) goes with its step P0, the start of the phase;
//   - the end of turn (Phase 0, Step ""): fatigue and the end-of-battle
//     conditions (signals, zones, outcome), if it emitted events or changed
//     the battle.
//
// A step that emits no events is not a frame: whatever it changed shows in
// the next frame's State. The last frame's State is ResolveTurn's battle;
// the frames' Events, one after another, are ResolveTurn's events (each
// frame's slice is a window on them, capped so that appending to one does
// not overwrite the next). Each State is a copy of its own (Battle.Clone):
// frames share no slice of units, leaders, shields or banners. b is not
// modified. An error is ResolveTurn's, and gives no frames.
func ResolveFrames(b Battle, orders []Order, d Dice) ([]Frame, error) {
	// A turn has about ten frames: room for them up front.
	frames := make([]Frame, 0, 16)
	ends := make([]int, 0, 16) // where each frame's events end in the turn's
	mark := func(r *resolver) {
		from := 0
		if len(ends) > 0 {
			from = ends[len(ends)-1]
		}
		if len(r.ev) == from {
			return
		}
		frames = append(frames, Frame{Phase: r.phase, Step: r.step, State: r.b.Clone()})
		ends = append(ends, len(r.ev))
	}
	final, events, err := resolveTurn(b, orders, d, mark)
	if err != nil {
		return nil, err
	}
	last := len(frames) - 1
	switch {
	case last < 0 || ends[last] < len(events) || changed(&frames[last].State, &final):
		// The end of turn: the resolver's own battle, not a copy.
		frames = append(frames, Frame{State: final})
		ends = append(ends, len(events))
	default:
		// Nothing happened after the last step: its State is the result.
		frames[last].State = final
	}
	from := 0
	for k := range frames {
		frames[k].Events = events[from:ends[k]:ends[k]]
		from = ends[k]
	}
	return frames, nil
}

// changed reports whether after differs from before, a copy (Clone) of the
// battle at the last step: first what the end of turn changes (the outcome,
// the chronicle, the units' fatigue), then the whole battle, copied so that
// an empty slice and a nil one are alike.
func changed(before, after *Battle) bool {
	if before.Outcome != after.Outcome || before.Chronicle != after.Chronicle || !slices.Equal(before.Units, after.Units) {
		return true
	}
	return !reflect.DeepEqual(*before, after.Clone())
}
