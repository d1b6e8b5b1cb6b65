package game

import (
	"slices"

	"github.com/gunbai/gunbai/ai"
	"github.com/gunbai/gunbai/engine"
	"github.com/gunbai/gunbai/store"
)

// Absent players (issue 29 item 3): the orders a seat that gave none by the
// deadline gets by the battle's setting battle.absent. Both functions here
// read the battle only through the side's own view (engine.View), so that
// an absent seat's orders never depend on, nor tell, what the side cannot
// see (TestAutopilotAndStandingSeeOnlyTheView).

// AbsentStake is the stake of the command roll made for a side that had not
// made it by the deadline: low, the rules' own default when no stake is
// stated (R-V.1.3). It never fails to grant three ordinary orders, and no
// reroll is taken for it: a messenger spent is gone for the battle, a
// choice its absent commander did not make.
const AbsentStake = engine.StakeLow

// AbsentSeatOrders are the orders for the units of one absent seat (units,
// sorted; whole: the seat commands the side, so may give its army-wide
// orders too) added to given, the side's orders so far, within the command
// roll granted, by the setting how (store.AbsentStanding with standing, the
// side's standing orders; store.AbsentAutopilot with seed, the AI
// general's random source). Each order is checked with engine.Validate and
// engine.CheckBudget on the side's view, together with given; the result
// holds only the new orders, in their stored form (Turn 0).
func AbsentSeatOrders(b engine.Battle, side engine.Side, turn int, given []engine.Order, granted engine.CommandResult,
	how string, units []string, whole bool, standing []store.StandingOrder, seed uint64) []engine.Order {
	view := engine.View(b, side)
	switch how {
	case store.AbsentStanding:
		return standingOrders(view, side, turn, given, granted, units, standing)
	case store.AbsentAutopilot:
		return autopilotOrders(b, side, turn, given, granted, units, whole, seed)
	}
	return nil
}

// autopilotOrders are the AI general's orders for the seat's units
// (autopilotPlan), from the side's sight of b (ai.SeenBy: its view), with
// no memory of the enemy.
func autopilotOrders(b engine.Battle, side engine.Side, turn int, given []engine.Order, granted engine.CommandResult,
	units []string, whole bool, seed uint64) []engine.Order {
	out, _ := autopilotPlan(ai.SeenBy(b, side, nil), turn, given, granted, units, whole, seed)
	return out
}

// fits says whether o may join orders: legal together (engine.Validate)
// and within the roll (engine.CheckBudget), on the view.
func fits(view engine.Battle, side engine.Side, turn int, orders []engine.Order, granted engine.CommandResult, o engine.Order) bool {
	all := append(slices.Clip(orders), o)
	return len(engine.Validate(view, side, turn, all)) == 0 && engine.CheckBudget(view, side, turn, all, granted) == nil
}

// standingOrders turn the seat's units' standing orders into orders, unit
// by unit in the order of units, each picked from what engine.Options
// offers it then. A unit with no standing order gets none.
func standingOrders(view engine.Battle, side engine.Side, turn int, given []engine.Order, granted engine.CommandResult,
	units []string, standing []store.StandingOrder) []engine.Order {
	var out []engine.Order
	for _, id := range units {
		i := slices.IndexFunc(standing, func(s store.StandingOrder) bool { return s.Unit == id })
		u := unitOf(&view, id)
		if i < 0 || u == nil || u.Side != side || !u.Active() {
			continue
		}
		all := slices.Concat(given, out)
		offered := engine.Options(view, side, turn, all, granted).Orders()
		o, ok := standingOrder(&view, u, standing[i].Kind, offered)
		if ok && fits(view, side, turn, all, granted, o) {
			out = append(out, o)
		}
	}
	return out
}

// standingOrder is the order a standing order kind gives unit u now, of
// those offered. A standing order whose case has not come (no target in
// reach, no enemy next to it, not outnumbered) gives none: the unit acts
// by initiative (R-VI.5), shooting at an enemy in its fire zone and
// turning to face one on its flank, which costs no order of the roll.
func standingOrder(view *engine.Battle, u *engine.Unit, kind string, offered []engine.Order) (engine.Order, bool) {
	switch kind {
	case store.StandingHold: // Hold at all costs! (R-VI.3.2), a special order
		return pickOrder(offered, u.ID, engine.OrderHold, nil)
	case store.StandingShoot: // the nearest enemy in its fire zone (R-VI.2.2)
		var best *engine.Unit
		for _, o := range offered {
			if o.Unit != u.ID || o.Kind != engine.OrderShoot {
				continue
			}
			t := unitOf(view, o.Target)
			if in, _ := engine.InFireZone(*view, u.Side, u.ID, o.Target); in && t != nil && (best == nil || closer(u.Cell, t, best)) {
				best = t
			}
		}
		if best != nil {
			return pickOrder(offered, u.ID, engine.OrderShoot, func(o engine.Order) bool { return o.Target == best.ID })
		}
	case store.StandingCounter:
		if e := attacker(view, u); e != nil {
			return pickOrder(offered, u.ID, turnToward(u, e.Cell), nil)
		}
	case store.StandingFall:
		if outnumbered(view, u) {
			return pickOrder(offered, u.ID, engine.OrderRetreat, nil)
		}
	}
	return engine.Order{}, false
}

// pickOrder is the plainest order offered to unit of kind that also passes
// want (nil: any): ordinary before special, the earliest phase, no facing
// of its own, no shields, a single step.
func pickOrder(offered []engine.Order, unit string, kind engine.OrderKind, want func(engine.Order) bool) (engine.Order, bool) {
	var best engine.Order
	found := false
	score := func(o engine.Order) int {
		s := o.Phase * 4
		if o.Class != engine.Ordinary {
			s += 100
		}
		if o.Facing != nil {
			s += 2
		}
		if o.CarryShields || len(o.SetShields) > 0 || len(o.Steps) > 0 {
			s++
		}
		return s
	}
	for _, o := range offered {
		if o.Unit != unit || o.Kind != kind || want != nil && !want(o) {
			continue
		}
		if !found || score(o) < score(best) {
			best, found = o, true
		}
	}
	best.Turn = 0
	return best, found
}

// attacker is an enemy the unit can see standing next to it (orthogonally:
// in contact, R-VI.3), the one in front first, then by ID.
func attacker(view *engine.Battle, u *engine.Unit) *engine.Unit {
	var out *engine.Unit
	for i := range view.Units {
		e := &view.Units[i]
		if e.Side == u.Side || !e.Active() || !engine.Adjacent4(u.Cell, e.Cell) {
			continue
		}
		if e.Cell == engine.FrontCell(u.Cell, u.Facing) {
			return e
		}
		if out == nil || e.ID < out.ID {
			out = e
		}
	}
	return out
}

// turnToward is the order that meets an enemy at c next to u: a move into
// it when it stands in front (an attack), else a wheel toward it.
func turnToward(u *engine.Unit, c engine.Cell) engine.OrderKind {
	switch c {
	case engine.FrontCell(u.Cell, u.Facing):
		return engine.OrderMove
	case engine.FrontCell(u.Cell, u.Facing.Left()):
		return engine.OrderWheelLeft
	}
	return engine.OrderWheelRight // right, or behind: either way
}

// outnumbered says whether more enemy units the side sees stand within two
// steps of u than units of its own side (u counted), routing ones not
// counted on either side.
func outnumbered(view *engine.Battle, u *engine.Unit) bool {
	enemies, friends := 0, 0
	for i := range view.Units {
		o := &view.Units[i]
		if !o.Active() || o.Routing() || steps(u.Cell, o.Cell) > 2 {
			continue
		}
		if o.Side == u.Side {
			friends++
		} else {
			enemies++
		}
	}
	return enemies > friends
}

// closer says whether t stands nearer to c than best (ties: the lower ID).
func closer(c engine.Cell, t, best *engine.Unit) bool {
	dt, db := steps(c, t.Cell), steps(c, best.Cell)
	return dt < db || dt == db && t.ID < best.ID
}

// steps is the number of orthogonal steps from a to b.
func steps(a, b engine.Cell) int {
	d := b.Sub(a)
	return max(d.DX, -d.DX) + max(d.DY, -d.DY)
}

// unitOf is the unit of b with id, nil if none.
func unitOf(b *engine.Battle, id string) *engine.Unit {
	for i := range b.Units {
		if b.Units[i].ID == id {
			return &b.Units[i]
		}
	}
	return nil
}
