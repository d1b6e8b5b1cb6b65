package game

import (
	"cmp"
	"errors"
	"slices"

	"github.com/gunbai/gunbai/engine"
	"github.com/gunbai/gunbai/store"
)

// ClanStats are one clan's record over the finished battles of a server
// (issue 14, item 8); a clan is its Discord role.
type ClanStats struct {
	Role                   string
	Names                  []string // the names the clan fought under
	Battles                int
	Wins, Losses, Draws    int
	Unfinished             int // battles the GM finished before an outcome
	FiguresLost, Inflicted int
	Missed                 int // turns it gave no orders by the deadline
}

// Stats is the record of every clan of the guild's finished battles, the
// most battles first. It is Audit's (what the record tells after the
// fact), with the players' own (issue 29), not a method of Service.
func (a Audit) Stats(guild string) ([]ClanStats, error) {
	s := a.s
	by := map[string]*ClanStats{}
	err := s.Store.View(func(tx *store.Tx) error {
		recs, err := tx.Battles(guild)
		if err != nil {
			return err
		}
		for _, rec := range recs {
			if rec.Status != store.StatusFinished {
				continue
			}
			start, err := tx.BattleTurn(guild, rec.ID, 1).Snapshot()
			if errors.Is(err, store.ErrNotFound) {
				continue // finished before a turn was played
			} else if err != nil {
				return err
			}
			lost := [2]int{figures(start, engine.North) - figures(rec.State, engine.North),
				figures(start, engine.South) - figures(rec.State, engine.South)}
			for _, side := range sides {
				clan := rec.Sides[side]
				cs := by[clan.RoleID]
				if cs == nil {
					cs = &ClanStats{Role: clan.RoleID}
					by[clan.RoleID] = cs
				}
				if clan.Name != "" && !slices.Contains(cs.Names, clan.Name) {
					cs.Names = append(cs.Names, clan.Name)
				}
				cs.Battles++
				cs.FiguresLost += lost[side]
				cs.Inflicted += lost[side.Enemy()]
				cs.Missed += missedTurns(&rec, side)
				switch winner, decided := outcomeWinner(rec.State.Outcome); {
				case !decided && rec.State.Outcome == engine.Draw:
					cs.Draws++
				case !decided:
					cs.Unfinished++
				case winner == side:
					cs.Wins++
				default:
					cs.Losses++
				}
			}
		}
		return nil
	})
	var out []ClanStats
	for _, cs := range by {
		out = append(out, *cs)
	}
	slices.SortFunc(out, func(a, b ClanStats) int {
		return cmp.Or(b.Battles-a.Battles, b.Wins-a.Wins, cmp.Compare(a.Role, b.Role))
	})
	return out, err
}

// figures counts a side's figures still in the battle (on the field, in
// the reserve or routing); destroyed units have none.
func figures(b engine.Battle, side engine.Side) int {
	n := 0
	for _, u := range b.Units {
		if u.Side == side {
			n += u.Figures
		}
	}
	return n
}

// outcomeWinner is the side an outcome gives the battle to (R-I.4).
func outcomeWinner(o engine.Outcome) (engine.Side, bool) {
	switch o {
	case engine.NorthTotalVictory, engine.NorthVictory:
		return engine.North, true
	case engine.SouthTotalVictory, engine.SouthVictory:
		return engine.South, true
	}
	return engine.North, false
}

// missedTurns is how many turns a side let pass without an order.
func missedTurns(rec *store.BattleRecord, side engine.Side) int { return rec.Missed[side] }
