package engine

// Retreat and rout (R-X), continued flight (P10) and initiative (P9).

// clockIndex orders the 8 directions clockwise from north (N, NE, E, SE, S,
// SW, W, NW), the order the flee roll uses (CASES.md, D-58).
func clockIndex(v Vec) int {
	sx, sy := sign(v.DX), sign(v.DY)
	order := [8]Vec{{0, -1}, {1, -1}, {1, 0}, {1, 1}, {0, 1}, {-1, 1}, {-1, 0}, {-1, -1}}
	for k, o := range order {
		if o.DX == sx && o.DY == sy {
			return k
		}
	}
	return 8
}

func sign(x int) int {
	switch {
	case x > 0:
		return 1
	case x < 0:
		return -1
	}
	return 0
}

// pickAround makes a random choice among cells around center with one die
// of key: candidates are taken clockwise from north; with two, 1-3 picks the
// first and 4-6 the second (CASES.md <unit>.flee). With more, the die picks
// (d-1) mod n. One candidate needs no die.
func (r *resolver) pickAround(key, rule string, center Cell, cells []Cell) int {
	if len(cells) == 1 {
		return 0
	}
	idx := make([]int, len(cells))
	for k := range idx {
		idx[k] = k
	}
	for a := 1; a < len(idx); a++ {
		for b := a; b > 0 && clockIndex(cells[idx[b]].Sub(center)) < clockIndex(cells[idx[b-1]].Sub(center)); b-- {
			idx[b], idx[b-1] = idx[b-1], idx[b]
		}
	}
	v := r.d.Roll(key)
	r.emit(Event{Kind: EvRoll, Rule: rule, Key: key, Dice: []int{v}, Value: v})
	if len(cells) == 2 {
		if v <= 3 {
			return idx[0]
		}
		return idx[1]
	}
	return idx[(v-1)%len(cells)]
}

// free reports whether a unit may step into c: on a passable cell, empty.
func (r *resolver) free(c Cell) bool { return r.b.Passable(c) && r.unitAt(c) == nil }

// exits reports whether a routing unit stepping into c leaves the battle
// across its own back edge (D-03): under field.off_field=bounded, or in
// extend mode too under field.rout_exit=always.
func (r *resolver) exits(u *Unit, c Cell) bool {
	st := r.b.Settings
	if (st.OffField != OffFieldBounded && !st.RoutExitAlways) || c.OnField() {
		return false
	}
	if u.Side == North {
		return c.Y < 1
	}
	return c.Y > FieldHeight
}

// priorityCells lists, from cell c, the steps a retreating or fleeing unit
// tries: toward its own edge, then sideways, then toward the enemy edge
// (R-X.1.4, R-X.2.4), leaving out the excluded cell. The groups are slices
// of all, the caller's array (on its stack, not the heap).
func priorityCells(all *[4]Cell, side Side, c, exclude Cell) [3][]Cell {
	own := side.OwnEdge()
	groups := [3][]Dir{{own}, {own.Left(), own.Right()}, {own.Opposite()}}
	// Four cells at most, in one array: the groups are slices of it. A
	// group left empty is nil, as it was when each group was appended to.
	var out [3][]Cell
	n := 0
	for k, g := range groups {
		start := n
		for _, d := range g {
			if c := c.Add(d.Vec()); c != exclude {
				all[n] = c
				n++
			}
		}
		if n > start {
			out[k] = all[start:n:n]
		}
	}
	return out
}

// retreat moves unit i one cell away from the attack, keeping its facing
// (R-X.1, D-54). It reports false when the unit must rout instead.
func (r *resolver) retreat(i int, away Vec) (Vec, bool) {
	u := &r.b.Units[i]
	pref := u.Cell.Add(away)
	occ := r.unitAt(pref)
	to, ok, rule := pref, false, "R-X.1.2"
	switch {
	case occ != nil && occ.Side != u.Side:
		return Vec{}, false // R-X.1.3: the enemy is there
	case occ == nil && r.b.Passable(pref):
		ok = true
	default:
		// R-X.1.4: a friend or a swamp is there; any free cell will do.
		rule = "R-X.1.4"
		var cells [4]Cell
		for _, g := range priorityCells(&cells, u.Side, u.Cell, pref) {
			var free []Cell
			for _, c := range g {
				if r.free(c) {
					free = append(free, c)
				}
			}
			if len(free) > 0 {
				to, ok = free[r.pickAround(u.ID+".flee", "R-X.1.4", u.Cell, free)], true
				break
			}
		}
	}
	if !ok {
		return Vec{}, false // R-X.1.5: nowhere to go
	}
	from := u.Cell
	r.place(i, to)
	r.emit(Event{Kind: EvRetreated, Rule: rule, Unit: u.ID, From: from, To: to, Facing: u.Facing})
	r.loseOrders(i, "pushed_back", "R-VII.3.5")
	return to.Sub(from), true
}

// rout makes unit i flee two cells (R-X.2, D-55): the first away from the
// attack along v, the second toward its own edge if it can. It returns the
// direction of the first step.
func (r *resolver) rout(i int, v Vec, origin Cell) Vec {
	u := &r.b.Units[i]
	u.Status = StatusRouting
	u.RoutedOnce = true
	u.RoutedTurn = r.b.Turn
	u.Hold = false
	r.u[i].rerouted = true
	r.emit(Event{Kind: EvRouted, Rule: "R-X.2.1", Unit: u.ID, At: u.Cell})
	r.loseOrders(i, "routed", "R-X.2.1")
	r.broke(i, origin) // Peasants (D-58)
	r.u[i].routs++
	if !r.u[i].inCombat {
		// A rout outside a combat (Peasants, a retreat from shooting with
		// nowhere to go): its leaders' rout roll at once (D-22).
		r.routRoll(r.combatLeaders(i, false), false)
	}
	r.fleeing = i
	defer func() { r.fleeing = -1 }()

	first := u.Cell.Add(v)
	if !r.b.Passable(first) && !r.exits(u, first) {
		// Impassable: choose the first cell as if it were the second (D-55).
		c, ok := r.fleeChoice(i, u.Cell, origin)
		if !ok {
			r.scatterCheapest(i, u.Cell, origin)
			return v
		}
		first = c
	}
	step := first.Sub(u.Cell)
	if !r.fleeTo(i, first) {
		return step
	}
	if c, ok := r.fleeChoice(i, u.Cell, origin); ok {
		r.fleeTo(i, c)
	} else {
		r.scatterCheapest(i, u.Cell, origin)
	}
	return step
}

// fleeChoice picks the next flight cell from c (R-X.2.4): the first free
// cell toward the own edge, sideways (at random if both), the enemy edge.
func (r *resolver) fleeChoice(i int, c, origin Cell) (Cell, bool) {
	u := &r.b.Units[i]
	var cells [4]Cell
	for _, g := range priorityCells(&cells, u.Side, c, origin) {
		var free []Cell
		for _, n := range g {
			if r.free(n) || r.exits(u, n) {
				free = append(free, n)
			}
		}
		if len(free) > 0 {
			return free[r.pickAround(u.ID+".flee", "R-X.2.4", c, free)], true
		}
	}
	return NoCell, false
}

// fleeTo moves a fleeing unit one cell, through enemies at the cost of one
// figure per enemy figure, no armor (R-X.2.2), and through friends. It
// reports whether the unit is still on the field.
func (r *resolver) fleeTo(i int, c Cell) bool {
	u := &r.b.Units[i]
	from := u.Cell
	if d, ok := DirOf(c.Sub(from)); ok {
		u.Facing = d // R-X.2.1: it turns to face its direction of movement
	}
	if r.exits(u, c) {
		r.scatter(i, "D-03")
		return false
	}
	occ := r.unitAt(c)
	r.place(i, c)
	r.emit(Event{Kind: EvFled, Rule: "R-X.2.1", Unit: u.ID, From: from, To: c, Facing: u.Facing})
	switch {
	case occ != nil && occ.Side != u.Side:
		r.loseFigures(i, occ.Figures, false, "R-X.2.2")
	case occ != nil:
		// Through a friend: ashigaru there rout the same way (R-II.6.3, D-58).
		if j := r.index(occ.ID); r.panics(j) {
			r.passed = append(r.passed, passage{unit: j, v: c.Sub(from)})
		}
	}
	return u.Active()
}

// scatterCheapest ends a flight that has no free cell: the unit takes the
// candidate where it loses least, then goes to the reserve (R-X.2.5, D-55).
func (r *resolver) scatterCheapest(i int, c, origin Cell) {
	u := &r.b.Units[i]
	best, bestCost := NoCell, -1
	var cells [4]Cell
	for _, g := range priorityCells(&cells, u.Side, c, origin) {
		for _, n := range g {
			cost := 0
			if occ := r.unitAt(n); occ != nil && occ.Side != u.Side {
				cost = occ.Figures
			}
			if bestCost < 0 || cost < bestCost {
				best, bestCost = n, cost
			}
		}
	}
	if bestCost > 0 {
		r.emit(Event{Kind: EvFled, Rule: "R-X.2.5", Unit: u.ID, From: u.Cell, To: best})
		r.loseFigures(i, bestCost, false, "R-X.2.5")
	}
	if u.Figures > 0 {
		r.scatter(i, "R-X.2.5")
	}
}

// scatter sends a routed unit to the reserve (R-X.2.5).
func (r *resolver) scatter(i int, rule string) {
	u := &r.b.Units[i]
	u.Status = StatusScattered
	r.left(i, u.Cell)
	r.u[i].queue = nil
	for k := range r.b.Leaders {
		if r.b.Leaders[k].At == u.ID {
			r.b.Leaders[k].At = AtReserve // they go with it (D-21)
		}
	}
	r.emit(Event{Kind: EvScattered, Rule: rule, Unit: u.ID, At: u.Cell})
}

// startOfPhase is P0 (D-36): the bonus of Hold at all costs (+2 St, kept
// while the unit stays and does not attack, R-VI.3.3) and of Advance at all
// costs (+2 Imp until the end of the turn) starts in the phase in which the
// order executes (R-VI.2.1).
func (r *resolver) startOfPhase() {
	for i := range r.u {
		t := &r.u[i]
		o := t.orders[r.phase]
		if o == nil || t.pushedBack || !r.b.Units[i].Active() {
			continue
		}
		switch o.Kind {
		case OrderAdvance:
			if len(t.queue) > 0 {
				t.advance = true
			}
		case OrderHold:
			r.b.Units[i].Hold = true
			if len(t.queue) == 0 {
				t.acted = true // no wheel: receiving the bonus was the order
			}
			r.emit(Event{Kind: EvHold, Rule: "R-VI.3.2", Unit: r.b.Units[i].ID, At: r.b.Units[i].Cell})
		}
	}
}

// initiative is P9 (R-VI.5, D-44): units with no order this phase, or
// whose order was cancelled, turn to face an enemy on their flank; shooters
// that did not turn fire at will.
func (r *resolver) initiative() {
	type turn struct {
		i int
		d Dir
	}
	var turns []turn
	turned := map[int]bool{}
	for i := range r.b.Units {
		if !r.mayAct(i) || r.u[i].waited {
			continue // a waiting unit fires but never turns (R-VI.2.11)
		}
		if d, ok := r.faceTo(i); ok {
			turns = append(turns, turn{i, d})
			turned[i] = true
		}
	}
	// Everyone turns at once, from the positions at the start of P9.
	for _, t := range turns {
		u := &r.b.Units[t.i]
		u.Facing = t.d
		r.u[t.i].acted = true
		r.emit(Event{Kind: EvTurnedToFace, Rule: "R-VI.5.2", Unit: u.ID, At: u.Cell, Facing: t.d})
	}
	r.freeFire()
	r.peasants()
}

// faceTo finds the facing a unit turns to by initiative, if any (D-44): an
// enemy in its flank cell whose front cell is the unit's cell, no enemy in its
// rear cell, no other enemy then facing its flank or rear, not in a forest.
func (r *resolver) faceTo(i int) (Dir, bool) {
	u := &r.b.Units[i]
	if r.b.Terrain.Forest(u.Cell) {
		return 0, false
	}
	if e := r.unitAt(RearCell(u.Cell, u.Facing)); e != nil && e.Side != u.Side {
		return 0, false
	}
	for _, fc := range FlankCells(u.Cell, u.Facing) {
		e := r.unitAt(fc)
		if e == nil || e.Side == u.Side || e.Routing() || FrontCell(e.Cell, e.Facing) != u.Cell {
			continue
		}
		d, _ := DirOf(fc.Sub(u.Cell))
		if !r.exposedAt(i, u.Cell, d, nil) {
			return d, true
		}
	}
	return 0, false
}

// continuedFlight is P10 of phase 1: units routing since an earlier turn
// flee one cell toward their own edge, or sideways around what blocks them
// (R-X.5.1, D-56).
func (r *resolver) continuedFlight() {
	if r.phase != 1 {
		return
	}
	var who []int
	for i := range r.b.Units {
		u := &r.b.Units[i]
		if u.Active() && u.Routing() && u.RoutedTurn < r.b.Turn && !r.u[i].rerouted {
			who = append(who, i)
		}
	}
	r.sortByCell(who)
	for _, i := range who {
		u := &r.b.Units[i]
		own := u.Cell.Add(u.Side.OwnEdge().Vec())
		if r.exits(u, own) {
			r.scatter(i, "D-03")
			continue
		}
		to, ok := own, r.free(own)
		if !ok {
			var free []Cell
			for _, d := range []Dir{u.Side.OwnEdge().Left(), u.Side.OwnEdge().Right()} {
				if c := u.Cell.Add(d.Vec()); r.free(c) {
					free = append(free, c)
				}
			}
			if len(free) > 0 {
				to, ok = free[r.pickAround(u.ID+".flee", "R-X.5.1", u.Cell, free)], true
			}
		}
		if !ok {
			continue // boxed in: it stays
		}
		from := u.Cell
		d, _ := DirOf(to.Sub(from))
		r.place(i, to)
		u.Facing = d
		r.emit(Event{Kind: EvFled, Rule: "R-X.5.1", Unit: u.ID, From: from, To: to, Facing: d})
	}
}
