package engine

// The priority ladder of R-VII.2 (completed by D-46 and D-40) is this one
// table. Each phase walks it from top to bottom; a row picks the units whose
// next action belongs to it, and runs them in two simultaneous sub-steps:
// special orders first, then ordinary ones (R-VII.1.6, D-46).

type ladderRow struct {
	id   string
	rule string
	// match reports whether a unit's next action runs at this step; nil rows
	// are whole-army steps run by run.
	match func(r *resolver, i int, a *action) bool
	run   func(r *resolver)
}

var ladder = []ladderRow{
	{id: "P0", rule: "D-36", run: (*resolver).startOfPhase},
	{id: "P1", rule: "R-VII.2.1", match: func(r *resolver, i int, a *action) bool { return a.kind == actShoot }},
	{id: "P2", rule: "R-VII.2.2", match: func(r *resolver, i int, a *action) bool {
		return a.kind == actMove && r.attackClass(i) == attackFlank
	}},
	{id: "P3", rule: "R-VII.2.3", match: func(r *resolver, i int, a *action) bool {
		return a.gallopFirst && (a.kind != actMove || r.attackClass(i) != attackFlank)
	}},
	{id: "P4", rule: "R-VII.2.4", match: func(r *resolver, i int, a *action) bool {
		return a.kind == actMove && r.attackClass(i) == attackFlank
	}},
	{id: "P5", rule: "R-VII.2.5", match: func(r *resolver, i int, a *action) bool { return a.kind == actRally }},
	{id: "P6", rule: "R-VII.2.6", match: func(r *resolver, i int, a *action) bool { return a.kind == actRetreat }},
	{id: "P7", rule: "R-VII.2.7", match: func(r *resolver, i int, a *action) bool {
		return a.kind == actMove && r.attackClass(i) == attackFrontal
	}},
	{id: "P8", rule: "R-VII.2.8", match: func(r *resolver, i int, a *action) bool {
		return a.kind == actMove || a.kind == actWheel || a.kind == actSidestep
	}},
	{id: "P9", rule: "R-VII.2.9", run: (*resolver).initiative},
	{id: "P10", rule: "R-VII.2.10", run: (*resolver).continuedFlight},
}

// attackKind classifies a pending forward move from current positions (D-46).
type attackKind int8

const (
	attackNone    attackKind = iota // into an empty cell: P8
	attackFrontal                   // into an enemy's front, unsupported: P7
	attackFlank                     // flank, rear, routing enemy or joint attack: P2 (P4 after P3)
)

// attackClass classifies unit i's pending move (D-46, D-40, R-X.5.5).
func (r *resolver) attackClass(i int) attackKind {
	u := &r.b.Units[i]
	a := r.head(i)
	if a == nil || a.kind != actMove {
		return attackNone
	}
	dest := FrontCell(u.Cell, r.moveDir(i))
	e := r.unitAt(dest)
	if e == nil || e.Side == u.Side {
		return attackNone
	}
	if e.Routing() {
		return attackFlank
	}
	if AttackSideOf(e.Cell, e.Facing, u.Cell) != AttackFront {
		return attackFlank
	}
	// A frontal attack joined by a friend's flank or rear attack on the same
	// enemy in the same sub-step is a joint attack (R-VII.2.2, R-VII.2.11).
	for j := range r.b.Units {
		f := &r.b.Units[j]
		if j == i || f.Side != u.Side || !f.Active() {
			continue
		}
		fa := r.head(j)
		if fa == nil || fa.kind != actMove || fa.class != a.class || FrontCell(f.Cell, f.Facing) != e.Cell {
			continue
		}
		if AttackSideOf(e.Cell, e.Facing, f.Cell) != AttackFront {
			return attackFlank
		}
	}
	return attackFrontal
}
