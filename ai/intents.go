package ai

import (
	"slices"
	"sort"

	"github.com/gunbai/gunbai/engine"
)

// intents are the plan's main intentions: its orders by the gain the
// search measured when it chose them, the best three, each with the share
// of samples in which it came off this turn.
func (se *search) intents(plan []engine.Order, gains []choice) []Intent {
	if len(plan) == 0 {
		return nil
	}
	idx := make([]int, len(plan))
	for i := range idx {
		idx[i] = i
	}
	sort.SliceStable(idx, func(a, b int) bool { return gains[idx[a]].gain > gains[idx[b]].gain })
	idx = idx[:min(3, len(idx))]
	came := make([]int, len(plan))
	aimed := false
	for _, i := range idx {
		aimed = aimed || targetOf(&se.s.view, plan[i]) != ""
	}
	for j := range se.samples {
		if !aimed {
			break // no attack or shot: the odds are the search's own
		}
		sm := &se.samples[j]
		next, _, err := engine.ResolveTurn(sm.world, slices.Concat(se.given, plan, sm.enemy), newDice(sm.dice[0]))
		se.spent++
		if err != nil {
			continue
		}
		for _, i := range idx {
			if t := targetOf(&sm.world, plan[i]); t != "" && broke(&next, t) {
				came[i]++
			}
		}
	}
	var out []Intent
	for _, i := range idx {
		in := Intent{Order: plan[i], Target: targetOf(&se.s.view, plan[i]), Gain: gains[i].gain, Odds: gains[i].pays}
		if in.Target != "" {
			in.Odds = float64(came[i]) / float64(len(se.samples))
		}
		out = append(out, in)
	}
	return out
}

// broke says whether unit id is broken in b: routing, fled or destroyed.
func broke(b *engine.Battle, id string) bool {
	u := b.Unit(id)
	return u == nil || u.Status != engine.StatusOK
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
