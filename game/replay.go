package game

import (
	"errors"
	"slices"

	"github.com/gunbai/gunbai/engine"
	"github.com/gunbai/gunbai/store"
)

// A turn told step by step (issue 13): the turn is resolved again from its
// stored snapshot, orders, command rolls and committed seed, which gives
// the same dice and so the same events, with the state after each step
// of the ladder (engine.ResolveFrames); each audience gets what it may see
// of each step. Nothing is rolled that was not rolled at the resolution:
// if an engine of another version resolves the turn differently, the
// replay is the stored turn in one frame, never a different story.

// PostReplayKey is a setting of the battle's posts, not of the rules
// (/battle set key:post.replay value:off): each turn's results come with
// the turn's replay GIF, "on" by default.
const PostReplayKey = "post.replay"

// ViewFrame is one step of a turn as one audience may see it.
type ViewFrame struct {
	Phase int
	Step  string
	// State is the audience's view after the step; Events what it may see
	// of the step.
	State  engine.Battle
	Events []engine.Event
}

// TurnView is a resolved turn as one audience may see it: its view before
// and after, the events it may see, the orders it may read, and the turn
// step by step (the steps in which it saw something happen).
type TurnView struct {
	Name     string
	Turn     int
	Audience store.Audience
	Clans    [2]string
	// Last: the battle ended with this turn, with Outcome.
	Last          bool
	Outcome       engine.Outcome
	Before, After engine.Battle
	Events        []engine.Event
	Orders        [2][]engine.Order // the sides' orders the audience may read
	Frames        []ViewFrame
	Seed          []byte
	// NoReplay: the battle's posts go without the replay (post.replay off).
	NoReplay bool
	// Ghosts are a clan's memory of the enemy after the turn
	// (engine.LastSeen): the enemy units it saw and sees no more. None
	// for the GM, who sees everything.
	Ghosts []engine.Ghost
	// Absent are the seats that gave no orders by the turn's deadline and
	// had them given by battle.absent (issue 29 item 3), of the sides the
	// audience may read the orders of.
	Absent [2][]store.AbsentSeat
}

// TurnView reads a resolved turn as audience may see it (AudienceNorth,
// AudienceSouth or AudienceGM). With frames false the turn is not resolved
// again (a picture and a log need no steps).
func (s *Service) TurnView(guild, battle string, turn int, audience store.Audience, frames bool) (TurnView, error) {
	out, err := s.turnView(guild, battle, turn, audience, frames)
	if err != nil {
		return out, err
	}
	out.Absent, err = s.turnAbsent(guild, battle, turn, audience)
	return out, err
}

// turnAbsent are a turn's absent seats (TurnView.Absent) as audience
// may read of them: a clan its own side's only.
func (s *Service) turnAbsent(guild, battle string, turn int, audience store.Audience) ([2][]store.AbsentSeat, error) {
	var out [2][]store.AbsentSeat
	err := s.Store.View(func(tx *store.Tx) error {
		ph, err := tx.BattleTurn(guild, battle, turn).Phase()
		out = ph.Absent
		return err
	})
	if side, clan := audience.Side(); clan {
		own := out[side] // of the enemy's absent seats, nothing
		out = [2][]store.AbsentSeat{}
		out[side] = own
	}
	return out, err
}

// turnView is TurnView but for its absent seats.
func (s *Service) turnView(guild, battle string, turn int, audience store.Audience, frames bool) (TurnView, error) {
	var out TurnView
	var commands [2]*store.CommandRoll
	var tr store.TurnRecord
	var rec store.BattleRecord
	err := s.Store.View(func(tx *store.Tx) error {
		var err error
		if rec, err = tx.Battle(guild, battle); err != nil {
			return err
		}
		if tr, err = tx.BattleTurn(guild, battle, turn).Record(); err != nil {
			return err
		}
		if tr.Snapshot == nil || tr.Events == nil || tr.Seed == nil {
			return refuse("err.turn_not_resolved", turn)
		}
		out.After = rec.State
		if next, err := tx.BattleTurn(guild, battle, turn+1).Snapshot(); err == nil {
			out.After = next
		}
		for _, side := range sides {
			c, err := tx.BattleTurn(guild, battle, turn).Command(side)
			switch {
			case err == nil:
				commands[side] = &c
			case !errors.Is(err, store.ErrNotFound):
				return err
			}
		}
		return nil
	})
	var nf *store.NotFoundError
	if errors.As(err, &nf) && nf.Turn >= 0 {
		return out, refuse("err.turn_not_resolved", turn)
	}
	if err != nil {
		return out, err
	}
	before := *tr.Snapshot
	out.Name, out.Turn, out.Audience, out.Seed, out.NoReplay = rec.Name, turn, audience, tr.Seed.Value, rec.NoReplay
	out.Clans = [2]string{rec.Sides[engine.North].Name, rec.Sides[engine.South].Name}
	out.Last = rec.Status == store.StatusFinished && rec.Turn == turn
	var orders []engine.Order
	for _, sd := range sides {
		var granted *engine.CommandResult
		if commands[sd] != nil {
			granted = &commands[sd].Result
		}
		orders = append(orders, engine.Admit(before, sd, turn, tr.Orders[sd], granted)...)
	}
	dice := func() engine.Dice { return engine.NewSeededDice(tr.Seed.Value, rec.ID, turn) }
	// The turn's own result, resolved again: what stands now (a GM's fix,
	// the next turn's opening) or even the next turn's snapshot is not what
	// the turn left, and a post composed late (after a crash, a delay)
	// must show the turn's. Only another engine's story keeps the stored
	// state read above.
	if after, events, err := engine.ResolveTurn(before, orders, dice()); err == nil && sameEvents(events, tr.Events) {
		out.After = after
	}
	out.Outcome = out.After.Outcome
	side, clan := audience.Side()
	out.Before, out.Events, out.Orders = before, tr.Events, tr.Orders
	if clan {
		all := len(out.After.Units)
		out.Before = engine.View(before, side)
		out.Events = engine.VisibleEvents(before, out.After, side, tr.Events)
		out.After = engine.View(out.After, side)
		out.Orders = [2][]engine.Order{}
		out.Orders[side] = tr.Orders[side]
		if len(out.After.Units) < all { // else it remembers nothing (lastSeen)
			if out.Ghosts, err = s.turnGhosts(&rec, side, turn, out.After); err != nil {
				return out, err
			}
		}
	}
	if !frames {
		return out, nil
	}
	fs, err := engine.ResolveFrames(before, orders, dice())
	if err != nil || !sameEvents(frameEvents(fs), tr.Events) {
		// Another engine's story: the stored turn, in one frame.
		out.Frames = []ViewFrame{{State: out.After, Events: out.Events}}
		return out, nil
	}
	prev := before
	for _, f := range fs {
		vf := ViewFrame{Phase: f.Phase, Step: f.Step, State: f.State, Events: f.Events}
		if clan {
			vf.State = engine.View(f.State, side)
			vf.Events = engine.VisibleEvents(prev, f.State, side, f.Events)
		}
		prev = f.State
		if !happened(vf.Events) {
			continue // nothing the audience saw happen in this step
		}
		out.Frames = append(out.Frames, vf)
	}
	return out, nil
}

// frameEvents are the events of the frames, in order.
func frameEvents(fs []engine.Frame) []engine.Event {
	var all []engine.Event
	for _, f := range fs {
		all = append(all, f.Events...)
	}
	return all
}

// sameEvents reports whether events resolved again tell the stored turn.
func sameEvents(all, stored []engine.Event) bool {
	return slices.EqualFunc(all, stored, func(a, b engine.Event) bool {
		return a.Kind == b.Kind && a.Unit == b.Unit && a.Other == b.Other && a.Value == b.Value && a.From == b.From && a.To == b.To && slices.Equal(a.Dice, b.Dice)
	})
}

// happened reports whether events hold more than headings.
func happened(events []engine.Event) bool {
	for _, e := range events {
		switch e.Kind {
		case engine.EvPhase, engine.EvStep:
		default:
			return true
		}
	}
	return false
}
