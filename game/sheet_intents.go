package game

import "github.com/gunbai/gunbai/engine"

// SideIntents are a side's orders as they mean to go, for the sheet's
// preview and its warnings: a unit's phase-2 order starts where its
// phase-1 order leaves it (a two-phase advance's second step is drawn from
// the end of the first, issue 28), not where the unit stands now, which is
// all engine.Intent knows of one order alone.
func SideIntents(b engine.Battle, side engine.Side, orders []engine.Order) []engine.Intended {
	var out []engine.Intended
	for _, o := range orders {
		if in, ok := OrderIntent(b, side, orders, o); ok {
			out = append(out, in)
		}
	}
	return out
}

// OrderIntent is what order o means to do among the side's orders: a
// phase-2 order from where the unit's phase-1 order leaves it.
func OrderIntent(b engine.Battle, side engine.Side, orders []engine.Order, o engine.Order) (engine.Intended, bool) {
	if o.Phase == 2 {
		for _, first := range orders {
			if first.Unit != o.Unit || first.Phase != 1 {
				continue
			}
			in, ok := engine.Intent(b, side, first)
			if !ok || in.Attack != "" {
				break // an attack ends the first phase in a melee: nothing to chain
			}
			moved := b.Clone()
			if u := moved.Unit(o.Unit); u != nil {
				if len(in.Path) > 0 {
					u.Cell = in.Path[len(in.Path)-1]
				}
				u.Facing = in.Facing
			}
			return engine.Intent(moved, side, o)
		}
	}
	return engine.Intent(b, side, o)
}
