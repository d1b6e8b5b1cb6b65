package engine

// Peasants (R-II.6.3, R-II.7.3, R-VII.1.3-4, R-X.2.3, D-58): ashigaru rout
// when a friend routs through them or is broken next to them, and each rout
// can set off the next (chain panic).

// breakage is a friend broken in a cell: routed, destroyed, or beaten in a
// combat and pushed back (D-58), measured from where it stood when the event
// that broke it began.
type breakage struct {
	unit int
	at   Cell
}

// passage is a friend routing through an ashigaru's cell, along v.
type passage struct {
	unit int // the ashigaru whose cell it crosses
	v    Vec
}

// broke records a unit broken in cell at.
func (r *resolver) broke(i int, at Cell) {
	r.broken = append(r.broken, breakage{unit: i, at: at})
}

// beaten records a unit that lost a combat and was pushed back, which breaks
// it unless the battle's settings say otherwise (peasants.pushback).
func (r *resolver) beaten(i int, at Cell) {
	if !r.b.Settings.PeasantsIgnorePushback {
		r.broke(i, at)
	}
}

// panics reports whether unit i is an ashigaru unit Peasants can rout.
func (r *resolver) panics(i int) bool {
	u := &r.b.Units[i]
	return u.Stats().Peasants && u.Active() && !u.Routing()
}

// peasants applies Peasants after an event's retreats, routs and
// occupations are done, over and over until no further unit routs.
// Adjacency is tested where the ashigaru stand now, after their own combat
// movement (R-VII.1.4).
func (r *resolver) peasants() {
	for len(r.broken) > 0 || len(r.passed) > 0 {
		if len(r.passed) > 0 {
			p := r.passed[0]
			r.passed = r.passed[:copy(r.passed, r.passed[1:])]
			if r.panics(p.unit) {
				u := &r.b.Units[p.unit]
				r.emit(Event{Kind: EvPanic, Rule: u.Stats().peasantsRule(), Unit: u.ID, At: u.Cell, Detail: "passed"})
				r.rout(p.unit, p.v, u.Cell) // the same way the friend fled
			}
			continue
		}
		// Popped by a shift, not a reslice: the queue keeps its storage
		// for the next appends, as a pooled resolver keeps it for the next
		// turn. It never holds more than a few breakages.
		br := r.broken[0]
		r.broken = r.broken[:copy(r.broken, r.broken[1:])]
		friend := &r.b.Units[br.unit]
		var near []int
		for j := range r.b.Units {
			if j != br.unit && r.b.Units[j].Side == friend.Side && r.panics(j) && Adjacent8(r.b.Units[j].Cell, br.at) {
				near = append(near, j)
			}
		}
		r.sortByCell(near)
		for _, j := range near {
			if !r.panics(j) {
				continue // routed meanwhile by an earlier link of the chain
			}
			u := &r.b.Units[j]
			d := u.Cell.Sub(br.at)
			v := d
			if d.DX != 0 && d.DY != 0 {
				// A friend broken diagonally: one of the two ways that lead
				// away from it, by the unit's flee die (D-58).
				c := []Cell{u.Cell.Add(Vec{d.DX, 0}), u.Cell.Add(Vec{0, d.DY})}
				v = c[r.pickAround(u.ID+".flee", "D-58", u.Cell, c)].Sub(u.Cell)
			}
			r.emit(Event{Kind: EvPanic, Rule: u.Stats().peasantsRule(), Unit: u.ID, Other: friend.ID, At: u.Cell})
			r.rout(j, v, u.Cell)
		}
	}
}

// peasantsRule cites the Peasants rule of the unit's type.
func (t Troop) peasantsRule() string {
	if t.Shooter {
		return "R-II.7.3"
	}
	return "R-II.6.3"
}
