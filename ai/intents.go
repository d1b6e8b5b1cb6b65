package ai

import (
	"slices"
	"sort"

	"github.com/gunbai/gunbai/engine"
)

// intents are the plan's main intentions: its orders by the gain the
// search measured when it chose them, the best three, each with the share
// of samples in which it came off this turn.
func (se *search) intents(plan []engine.Order, gains []float64) []Intent {
	if len(plan) == 0 {
		return nil
	}
	idx := make([]int, len(plan))
	for i := range idx {
		idx[i] = i
	}
	sort.SliceStable(idx, func(a, b int) bool { return gains[idx[a]] > gains[idx[b]] })
	idx = idx[:min(3, len(idx))]
	came := make([]int, len(plan))
	for j := range se.samples {
		sm := &se.samples[j]
		next, _, err := engine.ResolveTurn(sm.world, slices.Concat(se.given, plan, sm.enemy), newDice(sm.dice[0]))
		se.spent++
		if err != nil {
			continue
		}
		for _, i := range idx {
			if cameOff(&sm.world, &next, plan[i]) {
				came[i]++
			}
		}
	}
	var out []Intent
	for _, i := range idx {
		out = append(out, Intent{Order: plan[i], Target: targetOf(&se.s.view, plan[i]), Gain: gains[i],
			Odds: float64(came[i]) / float64(len(se.samples))})
	}
	return out
}

// cameOff says whether order o came off from before to after: the enemy
// it attacks or shoots at broke, or else the unit stands unbroken.
func cameOff(before, after *engine.Battle, o engine.Order) bool {
	if t := targetOf(before, o); t != "" {
		u := after.Unit(t)
		return u == nil || u.Status != engine.StatusOK
	}
	if o.Unit == "" {
		return after.Outcome == engine.Ongoing || after.Outcome == victoryOf(o.Side) || after.Outcome == totalVictoryOf(o.Side)
	}
	u := after.Unit(o.Unit)
	return u != nil && u.Status == engine.StatusOK
}

// targetOf is the enemy unit o aims at: a shot's target, or the enemy in
// front of a unit that moves or advances (an attack).
func targetOf(b *engine.Battle, o engine.Order) string {
	if o.Target != "" && (o.Kind == engine.OrderShoot || o.Kind == engine.OrderVolley) {
		return o.Target
	}
	if o.Kind != engine.OrderMove && o.Kind != engine.OrderAdvance || o.Unit == "" {
		return ""
	}
	u := b.Unit(o.Unit)
	if u == nil {
		return ""
	}
	if e := b.UnitAt(engine.FrontCell(u.Cell, u.Facing)); e != nil && e.Side != u.Side {
		return e.ID
	}
	return ""
}

func victoryOf(s engine.Side) engine.Outcome {
	if s == engine.North {
		return engine.NorthVictory
	}
	return engine.SouthVictory
}

func totalVictoryOf(s engine.Side) engine.Outcome {
	if s == engine.North {
		return engine.NorthTotalVictory
	}
	return engine.SouthTotalVictory
}
