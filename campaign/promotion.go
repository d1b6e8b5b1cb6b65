package campaign

import (
	"fmt"
	"slices"
)

// PromotionsPerArmy is the number of units an army may promote per turn
// (E1-U2, E1-U4; storm promotions share the slots, E1-Q15d).
const PromotionsPerArmy = 2

// Distinguished says whether the unit distinguished itself this turn
// (E1-U1 a, b and c).
func Distinguished(u Unit) bool {
	return u.Inflicted && u.SufferedLosses &&
		(u.DestroyedEnemy || u.PutToFlight || u.Held) && !u.Fled
}

// PromotionOptions is what the unit may still be given: nothing if it neither
// distinguished itself (E1-U1) nor killed a unit in a successful storm
// (E1-U5); otherwise the upgrades it has not taken (E1-U3, E1-Q15e).
func PromotionOptions(u Unit) []Promotion {
	if u.Figures <= 0 || !(Distinguished(u) || u.StormKill) {
		return nil
	}
	var out []Promotion
	for _, p := range []Promotion{PromoteMastery, PromoteSteadImp} {
		if !slices.Contains(u.Promotions, p) {
			out = append(out, p)
		}
	}
	return out
}

// Pick is the player's choice for one unit.
type Pick struct {
	UnitID string
	Kind   Promotion
}

// Promote checks the picks of one army and returns its units after them:
// at most 2 per army, one per unit, each allowed by PromotionOptions. Mastery
// +1, or Steadiness +1 and Impetus +1 (E1-U2); effective from the next battle
// (E1-Q15f).
func Promote(units []Unit, picks []Pick) ([]Unit, error) {
	if len(picks) > PromotionsPerArmy {
		return nil, fmt.Errorf("%d promotions picked, at most %d per army per turn", len(picks), PromotionsPerArmy)
	}
	out := slices.Clone(units)
	done := map[string]bool{}
	for _, p := range picks {
		i := slices.IndexFunc(out, func(u Unit) bool { return u.ID == p.UnitID })
		if i < 0 {
			return nil, fmt.Errorf("unit %q is not in the army", p.UnitID)
		}
		if done[p.UnitID] {
			return nil, fmt.Errorf("unit %q picked twice", p.UnitID)
		}
		done[p.UnitID] = true
		u := out[i]
		if !slices.Contains(PromotionOptions(u), p.Kind) {
			return nil, fmt.Errorf("unit %q may not take %q", p.UnitID, p.Kind)
		}
		switch p.Kind {
		case PromoteMastery:
			u.Mastery++
		case PromoteSteadImp:
			u.SteadinessMod++
			u.ImpetusMod++
		}
		u.Promotions = append(slices.Clone(u.Promotions), p.Kind)
		out[i] = u
	}
	return out, nil
}
