package game

import (
	"errors"

	"github.com/gunbai/gunbai/engine"
	"github.com/gunbai/gunbai/store"
)

// The odds of a combat (issue 12, item 4): engine.Odds, a Monte Carlo of
// the real resolver over the side's own view, for the sheet and /odds.

// Runs of the odds: an order picked, and each entry of a sheet's menu (a
// first look, a tenth of the work).
const (
	OddsRuns     = 2000
	MenuOddsRuns = 200
)

// OrderOdds is the odds of one order's combat.
type OrderOdds struct {
	Order  engine.Order
	Result engine.OddsResult
}

// Odds lists the odds of every order unit of the seat's side may be given
// now that attacks or shoots target: a move into it (one per way of
// moving that ends there), a shot, a volley. The orders are those the
// rules allow the unit whatever the roll (engine.Options with an
// allowance that never runs out), from the side's view only: a target the
// side cannot see gives nothing, as one that does not exist.
func (s *Service) Odds(seat Seat, unit, target string) ([]OrderOdds, error) {
	var rec store.BattleRecord
	if err := s.Store.View(func(tx *store.Tx) (err error) { rec, err = tx.Battle(seat.Battle.GuildID, seat.Battle.ID); return err }); err != nil {
		return nil, err
	}
	if rec.Status != store.StatusCommand {
		return nil, refuse("err.not_command", rec.Name)
	}
	unlimited := engine.CommandResult{Special: 99, Ordinary: 99}
	tree := engine.Options(rec.State, seat.Side, rec.Turn, nil, unlimited)
	var out []OrderOdds
	seen := map[string]bool{}
	for _, o := range tree.Orders() {
		if o.Unit != unit || o.Kind.Declaration() {
			continue
		}
		in, ok := engine.Intent(rec.State, seat.Side, o)
		if !ok || in.Attack != target && in.Shoot != target {
			continue
		}
		o.Phase, o.Turn = 1, 0
		// One entry a way of fighting: the slot that pays does not change
		// the combat.
		k := o
		k.Class = engine.Ordinary
		key := OrderKey(k)
		if seen[key] {
			continue
		}
		r, err := engine.Odds(rec.State, seat.Side, o, OddsRuns)
		if errors.Is(err, engine.ErrNoCombat) {
			continue
		} else if err != nil {
			return nil, err
		}
		seen[key] = true
		out = append(out, OrderOdds{Order: o, Result: r})
	}
	if len(out) == 0 {
		return nil, refuse("err.no_odds", unit, target)
	}
	return out, nil
}
