package game

import (
	"cmp"
	"slices"

	"github.com/gunbai/gunbai/engine"
)

// The choice a sheet's preview points at (issue 28, item 2): once a unit
// is picked on the sheet, the picture marks it, the cells its order may
// take it to and the enemy units it may attack or shoot, each with the
// odds of that combat. All of it comes from the sheet's order tree (built
// from the side's view, engine.Options) walked on the side's own view
// (engine.Intent, engine.Odds): a unit the side cannot see is never a
// target, and a cell is marked for what the side sees of it, so the marks
// are the same whatever hides there.

// Highlight is what a sheet's preview points at: the unit being ordered
// (Unit, standing at At), the cells the order picked may take it to, and
// the enemy units it may attack or shoot. Before an order is picked it is
// every order of the unit at once, without odds (a figure on a target
// would be one order's of several). Cells and Targets are sorted by row,
// then column.
type Highlight struct {
	Unit    string
	At      engine.Cell
	Picked  bool // an order is picked: Cells and Targets are its own
	Cells   []engine.Cell
	Targets []HighlightTarget
}

// HighlightTarget is an enemy unit the order may attack (a move into it)
// or shoot at, and, the order picked, the odds of that combat: the best of
// the order's ways to fight it (Chance), nil before an order is picked.
type HighlightTarget struct {
	Unit string
	At   engine.Cell
	Shot bool
	Odds *engine.OddsResult
}

// HighlightOf is what the preview of sheet st points at: nothing if no
// unit is picked (a group's orders point at no cell), the turn's orders
// are closed or the unit has no order left in the tree.
func HighlightOf(st SheetState) (Highlight, bool) {
	d := st.Sheet.Draft
	if st.Closed || d.Subject == "" || d.Subject[0] == '#' {
		return Highlight{}, false
	}
	u := st.View.Unit(d.Subject)
	if u == nil || u.Side != st.Side {
		return Highlight{}, false
	}
	picks := Picks(st.Tree, d.Subject)
	if len(picks) == 0 {
		return Highlight{}, false
	}
	h := Highlight{Unit: u.ID, At: u.Cell}
	if d.Pick != "" {
		for _, p := range picks {
			if p.Key == d.Pick && len(p.Orders) > 0 {
				h.Picked = true
				picks = []Pick{p}
				break
			}
		}
	}
	w := highlightWalk{st: &st, h: &h, best: map[string]float64{}}
	for _, p := range picks {
		for _, o := range p.Orders {
			w.order(p.Phased(o, d.Phase))
		}
	}
	slices.SortFunc(h.Cells, cellOrder)
	h.Cells = slices.Compact(h.Cells)
	slices.SortFunc(h.Targets, func(a, b HighlightTarget) int {
		return cmp.Or(cellOrder(a.At, b.At), cmp.Compare(a.Unit, b.Unit))
	})
	return h, true
}

// cellOrder sorts cells by row, then column: as one reads the map.
func cellOrder(a, b engine.Cell) int {
	return cmp.Or(cmp.Compare(a.Y, b.Y), cmp.Compare(a.X, b.X))
}

// highlightWalk gathers a highlight order by order; best is each
// target's best chance so far.
type highlightWalk struct {
	st   *SheetState
	h    *Highlight
	best map[string]float64
}

// order adds what order o may do: where its move ends, if it ends in no
// attack; the enemy it attacks; the enemy it shoots, if in the fire zone
// now (a target out of range is no legal target of the shot now).
func (w *highlightWalk) order(o engine.Order) {
	in, ok := engine.Intent(w.st.View, w.st.Side, o)
	if !ok {
		return
	}
	switch {
	case in.Attack != "":
		w.target(o, in.Attack, in.AttackAt, false)
	case in.Shoot != "":
		if in.InFireZone {
			w.target(o, in.Shoot, in.ShootAt, true)
		}
	case len(in.Path) > 0:
		w.h.Cells = append(w.h.Cells, in.Path[len(in.Path)-1])
	}
}

// target adds enemy id at cell at, with the odds of o's combat when an
// order is picked (kept if better than another way's).
func (w *highlightWalk) target(o engine.Order, id string, at engine.Cell, shot bool) {
	if e := w.st.View.Unit(id); e == nil || e.Side == w.st.Side {
		return // Intent names only visible enemies; said again here
	}
	k := slices.IndexFunc(w.h.Targets, func(t HighlightTarget) bool { return t.Unit == id })
	if !w.h.Picked {
		if k < 0 {
			w.h.Targets = append(w.h.Targets, HighlightTarget{Unit: id, At: at, Shot: shot})
		}
		return
	}
	r, err := engine.Odds(w.st.View, w.st.Side, o, MenuOddsRuns)
	if err != nil {
		return // no combat the side can start now (engine.ErrNoCombat): not a target
	}
	c := Chance(r)
	if k >= 0 && w.best[id] >= c {
		return
	}
	w.best[id] = c
	t := HighlightTarget{Unit: id, At: at, Shot: shot, Odds: &r}
	if k >= 0 {
		w.h.Targets[k] = t
	} else {
		w.h.Targets = append(w.h.Targets, t)
	}
}

// Chance is the one figure of a combat's odds the preview writes on its
// target: the share of the runs in which the enemy loses its cell, as the
// odds name the outcomes: for a melee, the defender destroyed, routed or
// pushed back (the attack wins); for a shot, the target destroyed, routed
// or made to retreat. (A shot's chance of a figure lost at all is near 1
// for most shooters, and would tell the player nothing.)
func Chance(r engine.OddsResult) float64 {
	if r.Kind == engine.CombatShot {
		return r.Share(engine.TargetDestroyed) + r.Share(engine.TargetRouted) + r.Share(engine.TargetRetreated)
	}
	return r.Share(engine.DefenderDestroyed) + r.Share(engine.DefenderRouted) + r.Share(engine.DefenderPushedBack)
}
