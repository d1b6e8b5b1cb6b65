package ai

import (
	"cmp"
	"slices"

	"github.com/gunbai/gunbai/engine"
	"github.com/gunbai/gunbai/engine/sim"
)

// When the budget cannot play every order offered even once, the search
// plays those a prior puts first: shots at an enemy in the fire zone and
// attacks on one in front, rallies, moves and turns toward the nearest
// enemy, then the rest. The prior only orders the candidates: the
// simulations choose among those kept.

// prune keeps the k candidates the prior likes best, in their order.
func (se *search) prune(cands []engine.Order, k int) []engine.Order {
	if k >= len(cands) {
		return cands
	}
	type ranked struct {
		i int
		p int
	}
	rs := make([]ranked, len(cands))
	for i, o := range cands {
		rs[i] = ranked{i, prior(&se.s.view, o)}
	}
	slices.SortStableFunc(rs, func(a, b ranked) int { return cmp.Compare(b.p, a.p) })
	rs = rs[:k]
	slices.SortFunc(rs, func(a, b ranked) int { return cmp.Compare(a.i, b.i) })
	out := make([]engine.Order, k)
	for j, r := range rs {
		out[j] = cands[r.i]
	}
	return out
}

// prior is how promising order o looks in v before any simulation.
func prior(v *engine.Battle, o engine.Order) int {
	if o.Unit == "" || o.Kind == engine.OrderBanner {
		return 2
	}
	u := v.Unit(o.Unit)
	if u == nil {
		return 0
	}
	enemy := sim.NearestEnemy(v, u)
	front := engine.FrontCell(u.Cell, u.Facing)
	attack := enemy != nil && v.UnitAt(front) != nil && v.UnitAt(front).Side != u.Side
	switch o.Kind {
	case engine.OrderShoot, engine.OrderVolley:
		if in, _ := engine.InFireZone(*v, u.Side, u.ID, o.Target); in {
			return 10
		}
		return 1
	case engine.OrderRally:
		if u.Routing() {
			return 9
		}
		return 1 // a standing unit only turns: a special order for a facing
	case engine.OrderMove, engine.OrderAdvance, engine.OrderForcedMarch:
		switch {
		case attack:
			return 9
		case enemy != nil && toward(u.Cell, u.Facing, enemy.Cell):
			return 6
		}
		return 2
	case engine.OrderWheelLeft, engine.OrderWheelRight:
		to := u.Facing.Left()
		if o.Kind == engine.OrderWheelRight {
			to = u.Facing.Right()
		}
		if enemy != nil && toward(u.Cell, to, enemy.Cell) && !toward(u.Cell, u.Facing, enemy.Cell) {
			return 6
		}
		return 1
	case engine.OrderHold:
		if attack {
			return 5
		}
		return 1
	}
	return 1
}

// toward says whether a unit at c facing f has the cell e ahead of it
// (in the half-plane it faces).
func toward(c engine.Cell, f engine.Dir, e engine.Cell) bool {
	d := e.Sub(c)
	ahead := engine.FrontCell(c, f).Sub(c)
	return d.DX*ahead.DX+d.DY*ahead.DY > 0
}
