package game

import (
	"slices"

	"github.com/gunbai/gunbai/engine"
	"github.com/gunbai/gunbai/store"
)

// Why is what happened to one unit in the last resolved turn, as one side
// saw it.
type Why struct {
	Battle store.BattleRecord
	Turn   int
	Unit   string
	Events []engine.Event // the unit's events under their headings (engine.EventsOf)
	GM     bool           // the GM's view: every event
}

// LastResolved is the last turn of a battle that was resolved; 0 before
// the first.
func LastResolved(rec *store.BattleRecord) int {
	if rec.Status == store.StatusFinished {
		return rec.State.Turn
	}
	return rec.Turn - 1
}

// Why tells a side what happened to a unit last turn, from its own view
// only: a unit the side saw neither before nor after the turn is refused
// exactly as a unit that does not exist.
func (g Audit) Why(seat Seat, unit string) (Why, error) {
	s := g.s
	rec, turn, tp, err := s.lastTurn(seat.Battle.GuildID, seat.Battle.ID)
	if err != nil {
		return Why{}, err
	}
	seen := func(b engine.Battle) bool {
		return slices.ContainsFunc(engine.View(b, seat.Side).Units, func(u engine.Unit) bool { return u.ID == unit })
	}
	if !seen(tp.Before) && !seen(tp.After) {
		return Why{}, refuse("err.why_unit", unit)
	}
	events := engine.VisibleEvents(tp.Before, tp.After, seat.Side, tp.Events)
	return Why{Battle: rec, Turn: turn, Unit: unit, Events: engine.EventsOf(events, unit)}, nil
}

// WhyGM tells the GM what happened to a unit last turn, from his view:
// every unit, every event.
func (g Audit) WhyGM(guild, id, unit string) (Why, error) {
	s := g.s
	rec, turn, tp, err := s.lastTurn(guild, id)
	if err != nil {
		return Why{}, err
	}
	if tp.Before.Unit(unit) == nil && tp.After.Unit(unit) == nil {
		return Why{}, refuse("err.why_unit_gm", unit, rec.Name)
	}
	return Why{Battle: rec, Turn: turn, Unit: unit, Events: engine.EventsOf(tp.Events, unit), GM: true}, nil
}

// lastTurn reads a battle and its last resolved turn as posted; a battle
// with none resolved yet is refused.
func (s *Service) lastTurn(guild, id string) (store.BattleRecord, int, TurnPosted, error) {
	rec, err := s.Store.Battle(guild, id)
	if err != nil {
		return rec, 0, TurnPosted{}, err
	}
	turn := LastResolved(&rec)
	if turn < 1 {
		return rec, 0, TurnPosted{}, refuse("err.why_no_turn", rec.Name)
	}
	tp, err := s.Posts().PostedTurn(rec.GuildID, rec.ID, turn)
	return rec, turn, tp, err
}
