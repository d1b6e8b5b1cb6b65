package ai

import (
	"math"
	"math/rand/v2"
	"slices"
	"sort"

	"github.com/gunbai/gunbai/engine"
)

// search is one decision's search: the sight, the grant and the orders
// given, the samples every candidate is played against, and the budget.
type search struct {
	s       Sight
	turn    int
	granted engine.CommandResult
	given   []engine.Order
	rng     *rand.Rand
	samples []sample
	spent   int // battle turns simulated
	limit   int
	stop    func() bool
}

// sample is one possible world and what happens in it that the plan does
// not choose: the enemy's hidden units and orders, the dice.
type sample struct {
	world engine.Battle     // the sight with the enemy's hidden units drawn
	enemy []engine.Order    // the enemy's orders for the turn
	dice  [2]uint64         // the dice of this turn and the next
	roll  func() *rand.Rand // the next turn's policies' random source
}

func newSearch(g General, s Sight, granted engine.CommandResult, given []engine.Order) *search {
	se := &search{s: s, turn: s.Turn(), granted: granted, given: stamped(given, s.side),
		rng: rand.New(rand.NewPCG(g.Seed, 0x67656e6572616c)), limit: g.turns(), stop: g.Budget.Stop}
	n := min(max(se.limit/50, 6), 64)
	for range n {
		se.samples = append(se.samples, se.newSample())
	}
	return se
}

// stamped are orders with their side set, as the search adds them.
func stamped(orders []engine.Order, side engine.Side) []engine.Order {
	out := slices.Clone(orders)
	for i := range out {
		out[i].Side = side
	}
	return out
}

// exhausted says whether the budget is spent.
func (se *search) exhausted() bool {
	return se.spent >= se.limit || se.stop != nil && se.stop()
}

// plan builds the plan one order at a time: each step picks, by
// sequential halving, the order offered whose addition scores best, then
// plays it against the plan without it on every sample; the plan is done
// when the best order adds nothing (or nothing is offered).
func (se *search) plan() Plan {
	var p Plan
	var plan []engine.Order
	var gains []choice
	base := se.values(plan)
	for step := 0; ; step++ {
		cands := se.candidates(plan)
		if len(cands) == 0 {
			break
		}
		left := max(se.granted.Ordinary+se.granted.Special+1-step, 1)
		budget := max((se.limit-se.spent)/left-2*len(se.samples), 0)
		// Room for every candidate kept to be played twice.
		cands = se.prune(cands, max(budget/4, 2))
		// The best of the halving, or else its runner-up: a choice on few
		// samples can miss, the test against the plan on all of them not.
		added := false
		for _, best := range se.halve(plan, cands, budget) {
			with := se.values(append(slices.Clip(plan), cands[best]))
			if c := against(with, base); c.gain > 0 {
				plan, gains, base, added = append(plan, cands[best]), append(gains, c), with, true
				break
			}
		}
		if !added {
			break
		}
	}
	p.Orders = plan
	p.Intents = se.intents(plan, gains)
	p.Turns = se.spent
	return p
}

// values are plan's scores on every sample.
func (se *search) values(plan []engine.Order) []float64 {
	out := make([]float64, len(se.samples))
	for j := range se.samples {
		out[j] = se.value(plan, &se.samples[j])
	}
	return out
}

// candidates are the orders offered next (engine.Options): for each unit,
// kind and choice the cheapest class and the earliest phase offered;
// every army-wide order, leader's move, shinobi's mission and banner; the
// end of the battle when offered. Waiting (no effect) and the signal to
// retreat (the general does not give up) are not searched.
func (se *search) candidates(plan []engine.Order) []engine.Order {
	tree := engine.Options(se.s.view, se.s.side, se.turn, slices.Concat(se.given, plan), se.granted)
	var out []engine.Order
	for _, uo := range tree.Units {
		for _, ko := range uo.Kinds {
			if ko.Kind == engine.OrderWait || len(ko.Classes) == 0 || len(ko.Phases) == 0 {
				continue
			}
			class := ko.Classes[0]
			if slices.Contains(ko.Classes, engine.Ordinary) {
				class = engine.Ordinary
			}
			for _, ch := range ko.Choices {
				out = append(out, engine.Order{Unit: uo.Unit, Side: se.s.side, Kind: ko.Kind, Class: class, Phase: ko.Phases[0],
					Target: ch.Target, Facing: ch.Facing, Steps: ch.Steps, CarryShields: ch.CarryShields, SetShields: ch.SetShields})
			}
		}
	}
	tree.Units, tree.SignalRetreat = nil, false
	for _, o := range tree.Orders() {
		o.Turn = 0
		out = append(out, o)
	}
	return out
}

// halve picks among cands by sequential halving within about budget
// simulated turns: every survivor of a round is played against the same
// samples, the better half kept. It returns the indices of the last two
// standing, the better first (one if only one was offered).
func (se *search) halve(plan, cands []engine.Order, budget int) []int {
	type arm struct {
		i    int
		vals []float64
	}
	mean := func(a arm) float64 { return average(a.vals) }
	arms := make([]arm, len(cands))
	for i := range cands {
		arms[i] = arm{i: i}
	}
	rounds := max(int(math.Ceil(math.Log2(float64(len(arms))))), 1)
	seen := 0
	for len(arms) > 2 && seen < len(se.samples) {
		per := max(budget/(2*rounds*len(arms)), 1)
		upto := min(seen+per, len(se.samples))
		for k := range arms {
			for j := seen; j < upto; j++ {
				arms[k].vals = append(arms[k].vals, se.value(append(slices.Clip(plan), cands[arms[k].i]), &se.samples[j]))
			}
		}
		seen = upto
		// Stable: on a tie the earlier candidate stays ahead.
		sort.SliceStable(arms, func(a, b int) bool { return mean(arms[a]) > mean(arms[b]) })
		if se.exhausted() {
			break
		}
		arms = arms[:max(len(arms)/2, 2)]
	}
	out := make([]int, 0, 2)
	for _, a := range arms[:min(len(arms), 2)] {
		out = append(out, a.i)
	}
	return out
}

// average is the mean of vs (0 for none).
func average(vs []float64) float64 {
	if len(vs) == 0 {
		return 0
	}
	var s float64
	for _, v := range vs {
		s += v
	}
	return s / float64(len(vs))
}

// choice is what the search measured of an order it chose, against no
// order, on the samples both were played on: the mean gain, and the share
// of those samples in which it scored better (a tie counts half).
type choice struct {
	gain, pays float64
}

func against(vals, none []float64) choice {
	n := min(len(vals), len(none))
	if n == 0 {
		return choice{}
	}
	var c choice
	for j := range n {
		c.gain += vals[j] - none[j]
		switch {
		case vals[j] > none[j]:
			c.pays++
		case vals[j] == none[j]:
			c.pays += 0.5
		}
	}
	c.gain /= float64(n)
	c.pays /= float64(n)
	return c
}

// value plays plan in sample sm: this turn with the enemy's sampled
// orders, the next with both sides' policy, and scores the end.
func (se *search) value(plan []engine.Order, sm *sample) float64 {
	orders := slices.Concat(se.given, plan, sm.enemy)
	next, _, err := engine.ResolveTurn(sm.world, orders, newDice(sm.dice[0]))
	se.spent++
	if err != nil {
		return math.Inf(-1) // never offered: Options gives legal orders
	}
	if next.Outcome != engine.Ongoing || next.Turn >= next.Settings.LastTurn() {
		return score(&next, se.s.side)
	}
	rng := sm.roll()
	var both []engine.Order
	for _, side := range []engine.Side{engine.North, engine.South} {
		both = append(both, rollout(&next, side, rng)...)
	}
	after, _, err := engine.ResolveTurn(next, both, newDice(sm.dice[1]))
	se.spent++
	if err != nil {
		return score(&next, se.s.side)
	}
	return score(&after, se.s.side)
}
