package game

import (
	"cmp"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/gunbai/gunbai/engine"
	"github.com/gunbai/gunbai/store"
)

// Reminder is a command phase near its deadline and the sides of it that
// have not said they are ready.
type Reminder struct {
	Battle store.BattleRecord
	Sides  []engine.Side
}

// Reminders finds the command phases whose reminder is due (at the
// battle's remind_before, by default in the last quarter of their time: 6
// hours of a 24-hour turn) and whose sides are not all ready, once a turn:
// each clan not ready is reminded in its own channel, its role mentioned,
// with its units still without an order. Each battle is marked reminded in
// the same transaction, so a reminder is never posted twice (a crash may
// lose one, which is the lesser harm). A paused battle has no deadline and
// is not reminded. Then each player who chose his own lead is nudged by DM
// (nudgesDue, nudges.go).
func (g Clock) Reminders() ([]Reminder, error) {
	s := g.s
	now := s.now()
	due := func(h store.Header) bool {
		at := s.remindAt(h)
		return s.owns(h.GuildID) && h.Unreadable == "" && h.Status == store.StatusCommand && !h.Paused && !h.Deadline.IsZero() && h.Reminded < h.Turn &&
			!at.IsZero() && !now.Before(at) && now.Before(h.Deadline)
	}
	var out []Reminder
	err := s.Store.Update(func(tx *store.Tx) error {
		return eachBattle(tx, due, func(rec store.BattleRecord) error {
			ph, err := tx.BattleTurn(rec.GuildID, rec.ID, rec.Turn).Phase()
			if err != nil {
				return err
			}
			r := Reminder{Battle: rec}
			for _, side := range sides {
				if ph.Ready[side] {
					continue
				}
				r.Sides = append(r.Sides, side)
				p, err := reminder(tx, &rec, side)
				if err != nil {
					return err
				}
				if _, err := owe(tx, p); err != nil {
					return err
				}
			}
			if len(r.Sides) > 0 {
				out = append(out, r)
			}
			// Marked in the transaction that queues it: never twice.
			rec.Reminded = rec.Turn
			return tx.PutBattle(rec)
		})
	})
	if err == nil {
		err = g.nudgesDue() // each player's own, at his lead (nudges.go)
	}
	return out, err
}

// eachBattle calls fn for every battle of every guild whose header passes
// want; only those are read whole. A battle this build cannot read
// (Header.Unreadable) is an error unless want leaves it out.
func eachBattle(tx *store.Tx, want func(store.Header) bool, fn func(store.BattleRecord) error) error {
	hs, err := headers(tx, want)
	if err != nil {
		return err
	}
	for _, h := range hs {
		rec, err := tx.Battle(h.GuildID, h.ID)
		if err != nil {
			return err
		}
		if err := fn(rec); err != nil {
			return err
		}
	}
	return nil
}

// headers lists the headers of every guild's battles that pass want, guild
// by guild and battle by battle in the order of their keys (an export and
// a verification read a store the same way every time).
func headers(tx *store.Tx, want func(store.Header) bool) ([]store.Header, error) {
	guilds, err := tx.Guilds()
	if err != nil {
		return nil, err
	}
	slices.Sort(guilds)
	var out []store.Header
	for _, g := range guilds {
		hs, err := tx.Headers(g)
		if err != nil {
			return nil, err
		}
		slices.SortFunc(hs, func(a, b store.Header) int { return strings.Compare(a.ID, b.ID) })
		for _, h := range hs {
			if want(h) {
				out = append(out, h)
			}
		}
	}
	return out, nil
}

// anyBattle is the want of eachBattle that takes every battle.
func anyBattle(store.Header) bool { return true }

// Overdue is what a passed deadline led to: a resolved turn, or, at the
// end of the deployment turn's scouting, turn 1 opened.
type Overdue struct {
	Resolved *Resolved
	Opened   *Opened
}

// overdue reports whether a battle's open phase has passed its deadline.
func overdue(h store.Header, now time.Time) bool {
	open := h.Status == store.StatusCommand || h.Scouting
	return open && !h.Paused && !h.Deadline.IsZero() && !now.Before(h.Deadline)
}

// Due closes every phase that has passed its deadline: a command phase is
// resolved with the orders given so far (ARCHITECTURE: "until the deadline
// or until every side is ready"), the deployment turn's scouting ends with
// the swaps given so far. Each battle is its own transaction, taken in the
// order of the deadlines (the earliest first, then by guild and battle):
// the posts each resolution owes are delivered in the order they are
// owed, so a storm of deadlines reaches the channels in that order too
// (issue 31).
func (g Clock) Due() ([]Overdue, error) {
	s := g.s
	now := s.now()
	var due []store.Header
	err := s.Store.View(func(tx *store.Tx) error {
		var err error
		due, err = headers(tx, func(h store.Header) bool { return s.owns(h.GuildID) && h.Unreadable == "" && overdue(h, now) })
		return err
	})
	if err != nil {
		return nil, err
	}
	slices.SortStableFunc(due, func(a, b store.Header) int {
		return cmp.Or(a.Deadline.Compare(b.Deadline), cmp.Compare(a.GuildID, b.GuildID), cmp.Compare(a.ID, b.ID))
	})
	var out []Overdue
	var errs []error
	for _, h := range due {
		// One battle that fails to resolve must not hold the others back.
		err := s.inBattle(h.GuildID, h.ID, func(tx *store.Tx, rec *store.BattleRecord) error {
			// Checked again inside the transaction: the GM or the sides may
			// have moved it on meanwhile.
			if !overdue(rec.Header(), now) {
				return nil
			}
			if rec.Scouting {
				op, err := s.endScouting(tx, rec)
				if err == nil {
					out = append(out, Overdue{Opened: &op})
				}
				return err
			}
			// A side that let the turn pass without an order is recorded.
			if err := countMissed(tx, rec); err != nil {
				return err
			}
			if err := nudgeMissed(tx, rec); err != nil {
				return err
			}
			// Then the seats still without orders get theirs by
			// battle.absent (issue 29 item 3).
			if err := giveAbsentOrders(tx, rec); err != nil {
				return err
			}
			res, err := s.resolveTx(tx, *rec)
			if err == nil {
				out = append(out, Overdue{Resolved: &res})
			}
			return err
		})
		if err != nil {
			errs = append(errs, fmt.Errorf("battle %s: %w", h.ID, err))
		}
	}
	return out, errors.Join(errs...)
}
