package ai

import (
	"slices"

	"github.com/gunbai/gunbai/engine"
)

// The command roll (R-V.2, R-V.3): the stake is chosen by what each stake's
// grants are worth to the plan, weighed by their odds; a failed roll is
// rerolled at the HQ whenever it may be (it costs nothing), and with a
// messenger (once a battle each) when success is worth more than a
// messenger kept.

// grants are the orders each stake grants on success and failure (R-V.2).
var grants = [2][2]engine.CommandResult{
	engine.StakeLow:  {{Special: 0, Ordinary: 3}, {Success: true, Special: 1, Ordinary: 3}},
	engine.StakeHigh: {{Special: 0, Ordinary: 2}, {Success: true, Special: 2, Ordinary: 3}},
}

// targets are the 2d6 each stake needs (R-V.2).
var targets = [2]int{engine.StakeLow: 5, engine.StakeHigh: 8}

// messengerWorth is a messenger kept, in score units: spent only when
// success is worth more than this over failure.
const messengerWorth = 4.0

// Stake chooses the stake of the side's command roll.
func (g General) Stake(s Sight) engine.Stake {
	hq, bonus := engine.CommandSetup(&s.view, s.side, s.Turn(), nil)
	sub := g.share(4)
	worth := map[[2]int]float64{}
	value := func(r engine.CommandResult) float64 {
		k := [2]int{r.Special, r.Ordinary}
		if v, ok := worth[k]; ok {
			return v
		}
		v := newSearch(sub, s, r, nil).planValue()
		worth[k] = v
		return v
	}
	best, bestV := engine.StakeLow, 0.0
	for _, st := range []engine.Stake{engine.StakeLow, engine.StakeHigh} {
		p := successOdds(targets[st], bonus, hq)
		v := p*value(grants[st][1]) + (1-p)*value(grants[st][0])
		if st == engine.StakeLow || v > bestV {
			best, bestV = st, v
		}
	}
	return best
}

// Reroll chooses the reroll to take of a failed roll, of those open (the
// game's RerollOptions), or "" for none.
func (g General) Reroll(s Sight, stake engine.Stake, r engine.CommandResult, open []string) string {
	if r.Success {
		return ""
	}
	if slices.Contains(open, engine.RerollHQ) {
		return engine.RerollHQ
	}
	if !slices.Contains(open, engine.RerollMessenger) {
		return ""
	}
	sub := g.share(3)
	win := newSearch(sub, s, grants[stake][1], nil).planValue()
	lose := newSearch(sub, s, grants[stake][0], nil).planValue()
	p := successOdds(targets[stake], 0, false)
	if p*(win-lose) > messengerWorth {
		return engine.RerollMessenger
	}
	return ""
}

// share is the general with a part of its budget, for a decision made of
// several searches.
func (g General) share(parts int) General {
	sub := g
	sub.Budget.Turns = max(g.turns()/parts, 60)
	return sub
}

// planValue is the score the search expects of its best plan.
func (se *search) planValue() float64 {
	p := se.plan()
	var sum float64
	for j := range se.samples {
		sum += se.value(p.Orders, &se.samples[j])
	}
	return sum / float64(len(se.samples))
}

// successOdds is the chance that 2d6 plus bonus reaches target, with one
// reroll (no bonus, R-V.3.3) if hq.
func successOdds(target, bonus int, hq bool) float64 {
	p1 := reach(target - bonus)
	if !hq {
		return p1
	}
	return p1 + (1-p1)*reach(target)
}

// reach is the chance that 2d6 is at least t.
func reach(t int) float64 {
	n := 0
	for a := 1; a <= 6; a++ {
		for b := 1; b <= 6; b++ {
			if a+b >= t {
				n++
			}
		}
	}
	return float64(n) / 36
}
