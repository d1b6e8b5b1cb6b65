package ai

import (
	"slices"

	"github.com/gunbai/gunbai/engine"
)

// Sight is what one side sees of a battle: the only thing the general
// reads of it. It is built only by SeenBy, through engine.View, so the
// general cannot be handed the GM's state by mistake.
type Sight struct {
	view   engine.Battle
	side   engine.Side
	ghosts []engine.Ghost
}

// SeenBy is side's sight of b: engine.View(b, side), with the side's own
// memory of the enemy (engine.LastSeen over its own views; nil for none).
// Ghosts of units the view shows are dropped.
func SeenBy(b engine.Battle, side engine.Side, ghosts []engine.Ghost) Sight {
	v := engine.View(b, side)
	var keep []engine.Ghost
	for _, g := range ghosts {
		if g.Unit.Side != side && v.Unit(g.Unit.ID) == nil {
			keep = append(keep, g)
		}
	}
	return Sight{view: v, side: side, ghosts: keep}
}

// Side is the side the sight is of.
func (s Sight) Side() engine.Side { return s.side }

// Turn is the battle turn the side gives orders for.
func (s Sight) Turn() int { return s.view.Turn + 1 }

// Budget is how much the general may search for one decision: a number of
// simulated battle turns (each resolved by engine.ResolveTurn), and, if
// set, the caller's clock: the search ends early when Stop says so (the
// package reads no clock; a search stopped by time is not repeatable).
type Budget struct {
	Turns int
	Stop  func() bool
}

// DefaultTurns is the default budget: about a tenth of a second a decision
// on one core of the machine the issue names (BenchmarkDecision), well
// within the two seconds it allows.
const DefaultTurns = 1200

// General plays one side. Seed is its own random source: the caller
// derives it from what may be known (never the battle's secret seed
// itself), so the same sight, seed and budget give the same decision.
type General struct {
	Seed   uint64
	Budget Budget
}

func (g General) turns() int {
	if g.Budget.Turns <= 0 {
		return DefaultTurns
	}
	return g.Budget.Turns
}

// Plan is the general's orders for a turn and what it intends by them.
type Plan struct {
	// Orders are the new orders, in their stored form (Turn 0), legal with
	// the orders given before (engine.Validate, engine.CheckBudget).
	Orders []engine.Order
	// Intents are the plan's main intentions, the most valuable first (at
	// most three), with the odds the search expects.
	Intents []Intent
	// Turns is how many battle turns the search simulated.
	Turns int
}

// Intent is one intention of a plan: an order and what the search expects
// of it over its samples.
type Intent struct {
	Order engine.Order
	// Target is the enemy unit it attacks or shoots at, "" for none.
	Target string
	// Gain is what the order adds to the plan's score (eval.go's units:
	// about one figure of spearmen).
	Gain float64
	// Odds is, for an attack or a shot, the share of samples in which its
	// target broke (routed, fled or was destroyed) this turn; for any other
	// order, the share in which the plan scored better with it than
	// without it, two turns on.
	Odds float64
}

// Orders chooses the side's orders for its turn within granted, the
// command roll's result, added to given (orders the side already has this
// turn: a wing's, or those kept through a plan-change round).
func (g General) Orders(s Sight, granted engine.CommandResult, given []engine.Order) Plan {
	se := newSearch(g, s, granted, given)
	p := se.plan()
	p.Orders = legal(s, granted, given, p.Orders)
	return p
}

// legal keeps, one by one, the orders that stay legal with given and those
// kept before them: the search builds its plans from engine.Options, and
// this is the last word.
func legal(s Sight, granted engine.CommandResult, given, orders []engine.Order) []engine.Order {
	var out []engine.Order
	turn := s.Turn()
	for _, o := range orders {
		o.Side, o.Turn = s.side, 0
		all := append(slices.Concat(given, out), o)
		if len(engine.Validate(s.view, s.side, turn, all)) == 0 && engine.CheckBudget(s.view, s.side, turn, all, granted) == nil {
			out = append(out, o)
		}
	}
	return out
}

// View is a copy of the side's view of the battle (engine.View).
func (s Sight) View() engine.Battle { return s.view.Clone() }
