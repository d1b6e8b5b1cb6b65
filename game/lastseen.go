package game

import (
	"errors"

	"github.com/gunbai/gunbai/engine"
	"github.com/gunbai/gunbai/store"
)

// A side's memory of the enemy (issue 28, item 3; engine.LastSeen) is
// derived from what is stored, never stored itself: what its scouts
// reported in the deployment turn (BattleRecord.Scouted, kept after it),
// then its view of each turn's snapshot (the state the turn's orders were
// given on: the end of the turn before), then its view of the state it
// stands in now. An undo takes the snapshots of the turns it undoes away
// and a GM's fix is in the next snapshot, so the memory follows both by
// itself, with nothing to keep in step. A snapshot is the state when the
// turn was resolved: a fix in a command phase stands in it for the end of
// the turn before, which the side saw before the fix (the memory is then
// older, never more than the side saw). The cost, measured by
// BenchmarkLastSeenStored: a few milliseconds late in a long battle while
// a forest hides an enemy unit (the snapshots' decoding), nothing read
// otherwise.

// lastSeen is side's memory of the enemy as it stood after turn upto (its
// snapshots 1..upto read in tx), now being the battle's whole state then.
// A ghost is a unit the side's view of now leaves out: when it leaves out
// none (no forest hides one, most of the time), no snapshot is read.
func lastSeen(tx *store.Tx, rec *store.BattleRecord, side engine.Side, upto int, now engine.Battle) ([]engine.Ghost, error) {
	v := engine.View(now, side)
	if len(v.Units) == len(now.Units) {
		return nil, nil
	}
	views, err := memoryViews(tx, rec, side, upto)
	if err != nil || views == nil {
		return nil, err
	}
	return engine.LastSeen(side, append(views, v)...), nil
}

// turnGhosts is side's memory after turn (TurnView), after being its view
// of the battle then; read in a transaction of its own, after the turn's
// result is known.
func (s *Service) turnGhosts(rec *store.BattleRecord, side engine.Side, turn int, after engine.Battle) ([]engine.Ghost, error) {
	var out []engine.Ghost
	err := s.Store.View(func(tx *store.Tx) error {
		views, err := memoryViews(tx, rec, side, turn)
		if views != nil {
			out = engine.LastSeen(side, append(views, after)...)
		}
		return err
	})
	return out, err
}

// memoryViews are side's views of the battle up to turn upto, oldest
// first, the one of now left out: its scouts' reports, then its view of
// each turn's snapshot 1..upto read in tx. Before the battle's first turn
// (draft, deployment) there are none: the side's view then is what its
// scouts report (SideView).
func memoryViews(tx *store.Tx, rec *store.BattleRecord, side engine.Side, upto int) ([]engine.Battle, error) {
	if rec.Status == store.StatusDraft || rec.Status == store.StatusDeployment {
		return nil, nil
	}
	views := []engine.Battle{}
	if r := rec.Scouted[side]; r != nil {
		// What the scouts saw, as it stood then (R-IV.5.2, D-70).
		views = append(views, engine.Battle{Units: r.Units})
	}
	for t := 1; t <= upto; t++ {
		snap, err := tx.BattleTurn(rec.GuildID, rec.ID, t).Snapshot()
		if errors.Is(err, store.ErrNotFound) {
			continue
		} else if err != nil {
			return nil, err
		}
		views = append(views, engine.View(snap, side))
	}
	return views, nil
}

// LastSeen is the memory of the enemy of seat's side as the battle stands
// now (engine.LastSeen): the enemy units it saw and sees no more.
func (g Seats) LastSeen(seat Seat) ([]engine.Ghost, error) {
	var out []engine.Ghost
	err := g.s.Store.View(func(tx *store.Tx) error {
		rec, err := tx.Battle(seat.Battle.GuildID, seat.Battle.ID)
		if err != nil {
			return err
		}
		out, err = lastSeen(tx, &rec, seat.Side, rec.Turn, rec.State)
		return err
	})
	return out, err
}
