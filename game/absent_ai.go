package game

import (
	"slices"

	"github.com/gunbai/gunbai/ai"
	"github.com/gunbai/gunbai/engine"
	"github.com/gunbai/gunbai/store"
)

// The autopilot is the AI general (issue 30 item 5): battle.absent =
// autopilot gives an absent seat the orders the general plans for its
// side, kept to the seat's units.

// autopilotPlan is the general's plan for side from its sight (its view
// and memory: never the GM's state), added to given, the side's orders so
// far, within granted, kept to the seat's units and, when whole (the seat
// commands the side), the army-wide orders: the general plans for the
// whole side, the other seats' units' orders are dropped. Each kept order
// is checked with given and those kept before it (fits) on the view. The
// budget is aiBudget: it runs at the deadline, inside the transaction that
// resolves the turn. It returns the orders in their stored form (Turn 0)
// and the plan's intentions that belong to them.
func autopilotPlan(sight ai.Sight, turn int, given []engine.Order, granted engine.CommandResult,
	units []string, whole bool, seed uint64) ([]engine.Order, []store.AIIntent) {
	side, view := sight.Side(), sight.View()
	g := aiGeneral(seed)
	plan := g.Orders(sight, granted, given)
	var out []engine.Order
	for _, o := range plan.Orders {
		mine := slices.Contains(units, o.Unit) || o.Unit == "" && whole
		if !mine || o.Kind == engine.OrderStopBattle && !whole {
			continue
		}
		o.Side, o.Turn = side, 0
		if fits(view, side, turn, slices.Concat(given, out), granted, o) {
			out = append(out, o)
		}
	}
	return out, aiIntents(plan.Intents, out)
}

// autopilotPlans keeps, for the GM's /battle explain, what the general
// intended for side's absent seats this turn (CommandPhase.AI): the side's
// stake and each seat's intentions, in the order of its seats.
func autopilotPlans(ph *store.CommandPhase, side engine.Side, stake engine.Stake, intents []store.AIIntent) {
	p := ph.AI[side]
	if p == nil {
		p = &store.AIPlan{By: store.AbsentAutopilot, Stake: stake, Round: ph.Round}
		ph.AI[side] = p
	}
	p.Intents = append(p.Intents, intents...)
}
