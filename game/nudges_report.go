package game

import (
	"errors"
	"slices"
	"time"

	"github.com/gunbai/gunbai/engine"
	"github.com/gunbai/gunbai/store"
)

// NudgeTurn is, for the GM, one turn's players and their nudges: the open
// turn, or one resolved.
type NudgeTurn struct {
	Turn     int
	Open     bool      // still taking orders
	Deadline time.Time // the open turn's, zero if none
	Players  []NudgeLine
}

// NudgeLine is one player's turn: his choice of lead (0: none, negative:
// off), when he was nudged at his lead and told he was the last (zero:
// not), his first change after a nudge (he answered), whether he is (or
// ended) ready, and whether he let the deadline pass without a word.
type NudgeLine struct {
	User     string
	Side     engine.Side
	Lead     time.Duration
	Nudged   time.Time
	Last     time.Time
	Answered time.Time
	Ready    bool
	Missed   bool
}

// NudgeReport is the GM's view of a battle's nudges: the turn open (or the
// last one) and the one before it.
func (g Clock) NudgeReport(guild, ref string) (store.BattleRecord, []NudgeTurn, error) {
	s := g.s
	var rec store.BattleRecord
	var out []NudgeTurn
	err := s.Store.View(func(tx *store.Tx) error {
		var err error
		if rec, err = find(tx, guild, ref); err != nil {
			return err
		}
		if rec.Status == store.StatusDeployment {
			return refuse("err.nudges_deployment", rec.Name)
		}
		for turn := rec.Turn; turn >= max(rec.Turn-1, 1); turn-- {
			t, err := nudgeTurn(tx, &rec, turn)
			if err != nil {
				return err
			}
			out = append(out, t)
		}
		return nil
	})
	return rec, out, err
}

// nudgeTurn reads one turn's nudges.
func nudgeTurn(tx *store.Tx, rec *store.BattleRecord, turn int) (NudgeTurn, error) {
	out := NudgeTurn{Turn: turn, Open: turn == rec.Turn && rec.Status == store.StatusCommand}
	if out.Open {
		out.Deadline = rec.Deadline
	}
	ph, err := tx.BattleTurn(rec.GuildID, rec.ID, turn).Phase()
	if err != nil && !errors.Is(err, store.ErrNotFound) {
		return out, err
	}
	people, err := nudgees(tx, rec, turn, &ph)
	if err != nil {
		return out, err
	}
	for _, n := range people {
		l := NudgeLine{User: n.User, Side: n.Side, Lead: n.Prefs.RemindBefore, Ready: n.Ready,
			Nudged: nudgedAt(&ph, n.User, store.NudgeLead), Last: nudgedAt(&ph, n.User, store.NudgeLast),
			Missed: slices.Contains(ph.Missed[n.Side], n.User)}
		first := l.Nudged
		if first.IsZero() || !l.Last.IsZero() && l.Last.Before(first) {
			first = l.Last
		}
		if !first.IsZero() {
			for _, c := range ph.Changes[n.Side] {
				if c.User == n.User && !c.At.Before(first) && c.Action != store.ChangeUnready {
					l.Answered = c.At
					break
				}
			}
		}
		out.Players = append(out.Players, l)
	}
	return out, nil
}
