package engine

import (
	"slices"
	"strings"
)

// The resolver finds units by cell and by ID many times a turn. Battle.UnitAt
// and Battle.Unit scan every unit, which makes a turn O(n²) in the units;
// the resolver keeps its own indexes instead, built on first use and kept
// up to date where a unit changes cell or leaves the field (place, loss of
// its last figure, withdraw, scatter). They answer exactly what the scans
// answer.

// Marks of a cell of the grid other than a unit's index.
const (
	cellEmpty   = -1
	cellCrowded = -2 // two active units at once (a moment inside a sub-step): scan
)

// cellIndex is an occupancy grid over the box of the units' cells at the
// start of the turn, with a margin for what moves them. A cell outside the
// box (a flight far off the field) is looked up by a scan.
type cellIndex struct {
	built    bool
	x0, y0   int // the box's north-west cell
	w, h     int
	at       []int32          // by (y-y0)*w + (x-x0): a unit index, cellEmpty or cellCrowded
	ids      map[string]int32 // unit index by ID (the first unit of an ID), for index
	idsBuilt bool
}

// cellMargin is how far beyond the units' box the grid reaches: a turn
// moves a unit a few cells (two moves, a retreat, a flight of FixBand).
const cellMargin = 4

func (r *resolver) buildCells() {
	x := &r.cells
	x.built = true
	if len(r.b.Units) == 0 {
		x.w, x.h = 0, 0
		return
	}
	c0 := r.b.Units[0].Cell
	minX, maxX, minY, maxY := c0.X, c0.X, c0.Y, c0.Y
	for i := range r.b.Units {
		c := r.b.Units[i].Cell
		minX, maxX = min(minX, c.X), max(maxX, c.X)
		minY, maxY = min(minY, c.Y), max(maxY, c.Y)
	}
	x.x0, x.y0 = minX-cellMargin, minY-cellMargin
	x.w, x.h = maxX-minX+1+2*cellMargin, maxY-minY+1+2*cellMargin
	if n := x.w * x.h; cap(x.at) >= n {
		x.at = x.at[:n]
	} else {
		x.at = make([]int32, n)
	}
	for k := range x.at {
		x.at[k] = cellEmpty
	}
	for i := range r.b.Units {
		if u := &r.b.Units[i]; u.Active() {
			r.entered(i, u.Cell)
		}
	}
}

// slot is c's place in the grid, if it has one.
func (x *cellIndex) slot(c Cell) (int, bool) {
	dx, dy := c.X-x.x0, c.Y-x.y0
	if dx < 0 || dy < 0 || dx >= x.w || dy >= x.h {
		return 0, false
	}
	return dy*x.w + dx, true
}

// cellAt is the index of the active unit in c (the first, as UnitAt), or -1.
func (r *resolver) cellAt(c Cell) int {
	if !r.cells.built {
		r.buildCells()
	}
	if k, ok := r.cells.slot(c); ok && r.cells.at[k] != cellCrowded {
		return int(r.cells.at[k])
	}
	return r.scanCell(c)
}

// unitAt is r.b.UnitAt(c), from the index.
func (r *resolver) unitAt(c Cell) *Unit {
	if i := r.cellAt(c); i >= 0 {
		return &r.b.Units[i]
	}
	return nil
}

// scanCell is the first active unit in c by a scan, or -1.
func (r *resolver) scanCell(c Cell) int {
	for i := range r.b.Units {
		if u := &r.b.Units[i]; u.Active() && u.Cell == c {
			return i
		}
	}
	return -1
}

// entered records that active unit i now stands in c.
func (r *resolver) entered(i int, c Cell) {
	k, ok := r.cells.slot(c)
	if !r.cells.built || !ok {
		return
	}
	switch v := r.cells.at[k]; {
	case v == cellEmpty:
		r.cells.at[k] = int32(i)
	case v != int32(i):
		r.cells.at[k] = cellCrowded
	}
}

// left records that unit i no longer stands in c: it moved, or left the
// field.
func (r *resolver) left(i int, c Cell) {
	k, ok := r.cells.slot(c)
	if !r.cells.built || !ok {
		return
	}
	switch r.cells.at[k] {
	case int32(i):
		r.cells.at[k] = cellEmpty
	case cellCrowded:
		// Who is left there, if anyone: rare, so a scan.
		r.cells.at[k] = cellEmpty
		n := 0
		for j := range r.b.Units {
			if u := &r.b.Units[j]; u.Active() && u.Cell == c {
				if n++; n == 1 {
					r.cells.at[k] = int32(j)
				} else {
					r.cells.at[k] = cellCrowded
				}
			}
		}
	}
}

// index is the index of the unit with this ID (the first, as Battle.Unit),
// or -1, from a map built once a turn (units never join or leave r.b.Units
// during a turn; their IDs never change).
func (r *resolver) index(id string) int {
	x := &r.cells
	if !x.idsBuilt {
		x.idsBuilt = true
		if x.ids == nil {
			x.ids = make(map[string]int32, len(r.b.Units))
		} else {
			clear(x.ids)
		}
		for i := range r.b.Units {
			if _, dup := x.ids[r.b.Units[i].ID]; !dup {
				x.ids[r.b.Units[i].ID] = int32(i)
			}
		}
	}
	if i, ok := x.ids[id]; ok {
		return int(i)
	}
	return -1
}

// unitsByID finds units by ID without a scan per look-up (Validate looks
// up every order's unit): their indexes sorted by ID, and by index among
// equal IDs, searched by halves.
type unitsByID struct {
	units []Unit
	order []int32
}

// sortUnitIDs indexes units by ID, in buf's storage if it has room.
func sortUnitIDs(units []Unit, buf []int32) unitsByID {
	order := buf[:0]
	for i := range units {
		order = append(order, int32(i))
	}
	slices.SortStableFunc(order, func(a, b int32) int { return strings.Compare(units[a].ID, units[b].ID) })
	return unitsByID{units: units, order: order}
}

// index is the index of the first unit with this ID (as Battle.Unit), or
// -1.
func (x unitsByID) index(id string) int {
	k, found := slices.BinarySearchFunc(x.order, id, func(i int32, id string) int { return strings.Compare(x.units[i].ID, id) })
	if !found {
		return -1
	}
	return int(x.order[k])
}

// exposedAt reports whether unit i standing at c facing f would have its
// flank or rear in the front cell of an enemy that does not act in this
// sub-step (R-VI.1.6, D-37). Routing enemies have no front (R-X.5.1).
//
// An enemy whose front cell is c stands in one of c's four neighbours: the
// cell index gives the one active unit of each, and a scan of every unit
// is left for a neighbour off the grid or holding two units at once.
func (r *resolver) exposedAt(i int, c Cell, f Dir, acting unitSet) bool {
	if !r.cells.built {
		r.buildCells()
	}
	for d := N; d <= W; d++ {
		k, ok := r.cells.slot(c.Add(d.Vec()))
		if !ok || r.cells.at[k] == cellCrowded {
			return r.exposedAtScan(i, c, f, acting)
		}
		if j := int(r.cells.at[k]); j >= 0 && r.exposes(i, j, c, f, acting) {
			return true
		}
	}
	return false
}

// exposedAtScan is exposedAt by a scan of every unit.
func (r *resolver) exposedAtScan(i int, c Cell, f Dir, acting unitSet) bool {
	for j := range r.b.Units {
		if r.exposes(i, j, c, f, acting) {
			return true
		}
	}
	return false
}

// exposes reports whether unit j, an enemy of unit i with its front on c,
// would have i's flank or rear there, i standing in c facing f.
func (r *resolver) exposes(i, j int, c Cell, f Dir, acting unitSet) bool {
	u, e := &r.b.Units[i], &r.b.Units[j]
	if e.Side == u.Side || !e.Active() || e.Routing() || acting.has(j) || FrontCell(e.Cell, e.Facing) != c {
		return false
	}
	switch AttackSideOf(c, f, e.Cell) {
	case AttackLeftFlank, AttackRightFlank, AttackRear:
		return true
	}
	return false
}
