package field

import (
	"image/color"
	"slices"
	"strconv"
	"strings"

	"github.com/gunbai/gunbai/engine"
	"github.com/gunbai/gunbai/render"
)

// The turn drawn on the results picture (Options.Events, with
// Options.Before for where units stood when it began): what the view
// may see of it, from its events alone, over the units.
//
//   - A move is an arrow in the side's dark colour from where the unit
//     stood (a dot, if its cell is empty now) to its token, a gallop's or
//     a flight's steps one path through the cells it crossed, the advance
//     after a combat included; a retreat is dashed; a rout is a dashed
//     amber arrow, with a yellow "!" where the unit broke.
//   - An attack is a thick red arrow into the attacked unit, with crossed
//     swords in the gap between the two and, for an attack on a flank,
//     the rear or a routing unit, the word ("фланг", "тыл", "бегущих")
//     beside them; attacks both ways between two cells go side by side.
//     A meeting engagement is the swords ringed in black between the two.
//   - A shot is an orange line from the shooter to a target ring on the
//     target's edge, with the damage it did on the line ("−2"); a shooter
//     the view does not see leaves the ring alone.
//   - A unit's losses are a dark red "−3" on its token's top corner (the
//     sum of its EvLosses). A unit destroyed is a faded counter with a red
//     cross where it fell, one that left the field (scattered, withdrawn)
//     a faded counter; in a cell another unit took, the ghost is small, in
//     the cell's top right corner.
//   - Down a token's edge: a crossed arrow for an order cancelled or lost,
//     a green turning arrow for a rally, a "!" for a rout with no flight
//     seen, a star ringed in red for a leader wounded, a crossed grey star
//     for one killed, a barred star for one captured (one mark a leader,
//     the worst; by the HQ for leaders in the HQ).
//
// Words go where they hide least of the other marks and the tokens. Each
// mark used has a line in the legend, after "Что было:". Nothing strays
// out of the drawn cells.

// Colours of the turn's marks (and attackColor, shotColor of the preview).
var (
	routColor  = color.RGBA{0xc8, 0x8a, 0x00, 0xff}
	rallyColor = color.RGBA{0x1e, 0x8a, 0x3c, 0xff}
	ghostInk   = color.RGBA{0x8a, 0x86, 0x7c, 0xff} // the legend's ghost, of no side
)

// turnMark is a set of the marks a turn draws, for its legend.
type turnMark uint16

const (
	tmMove turnMark = 1 << iota
	tmRetreat
	tmRout
	tmAttack // a frontal attack
	tmStruck // an attack on a flank, the rear or a routing unit, named
	tmMeeting
	tmShot
	tmLosses
	tmDestroyed
	tmGone
	tmCancelled
	tmRallied
	tmWounded
	tmKilled
	tmCaptured
	tmStruckAt // where an attacked unit stood, gone from there
)

type turnStyle int8

const (
	styleMove turnStyle = iota
	styleRetreat
	styleRout
)

// turnPath is the way one unit went, cell by cell, in one style.
type turnPath struct {
	unit   string
	side   engine.Side
	style  turnStyle
	cells  []engine.Cell
	routed bool // the unit broke where the path starts
}

type turnAttack struct {
	from, to engine.Cell
	target   string
	detail   string
	lane     float64 // beside the attack the other way between the cells
	// ghost is the target's ghost in its cell, where the arrow ends: it
	// left the field there, or, gone from there (fled, fell back, pushed
	// back) with the cell empty or taken, where it stood when attacked.
	ghost *turnGhost
}

// turnMeeting is a meeting engagement: swords at spot.
type turnMeeting struct{ spot point }

type turnShot struct {
	shooter   string
	from      engine.Cell // NoCell: a shooter the view does not see
	to        engine.Cell
	target    string
	phase     int
	step      string
	damage    int
	hasDamage bool
}

type turnGhost struct {
	u         engine.Unit // its look: side, type, facing, id
	cell      engine.Cell
	destroyed bool // else it left the field
	small     bool // another unit stands in the cell
	struck    bool // not gone: where it stood when attacked (always small)
	left      bool // a small ghost at the left of the cell's top
}

type turnItemKind int8

const (
	mkCancelled turnItemKind = iota
	mkRallied
	mkRouted
	mkWounded
	mkKilled
	mkCaptured
)

type turnItem struct {
	kind   turnItemKind
	role   engine.LeaderRole
	leader string // whose fate (mkWounded, mkKilled, mkCaptured)
}

// turnAnchor is where the marks of one unit (or an HQ) go: beside its token,
// its ghost or the cell it was last seen in.
type turnAnchor struct {
	key    string
	cell   engine.Cell
	facing engine.Dir
	ghost  *turnGhost // the marks go on this ghost
	losses int
	items  []turnItem
}

// turnPlan is what a turn draws, placed on the layout's cells.
type turnPlan struct {
	paths    []turnPath
	attacks  []turnAttack
	meetings []turnMeeting
	shots    []turnShot
	ghosts   []*turnGhost
	anchors  []*turnAnchor
	marks    turnMark
	// tokens are the cells with a full token at the end: a unit standing
	// there, or a full-size ghost.
	tokens map[engine.Cell]bool
}

// turnPlanOf reads the events: where each unit went, what it did and
// suffered, from before (the view before the turn; nil: only the events'
// own cells) to b (the view after it).
func turnPlanOf(l *layout, b, before *engine.Battle, events []engine.Event) *turnPlan {
	p := &turnPlan{tokens: map[engine.Cell]bool{}}
	if len(events) == 0 {
		return p
	}
	for _, u := range activeUnits(b) {
		p.tokens[u.Cell] = true
	}
	t := newTurnBuilder(l, b, before, p)
	for _, e := range events {
		t.event(e)
	}
	t.keepGhosts()
	t.keepPaths()
	t.keepAttacks()
	if len(p.meetings) > 0 {
		p.marks |= tmMeeting
	}
	t.keepShots()
	t.keepAnchors()
	return p
}

// turnBuilder is what turnPlanOf knows while it reads the events, one by
// one, into its plan.
type turnBuilder struct {
	l         *layout
	b, before *engine.Battle
	p         *turnPlan
	pos       map[string]engine.Cell // where each unit is, as of the events read
	leaderAt  map[string]string      // where each leader is, as of the events read
	open      map[string]int         // a unit's path that a move may go on with
	routedAt  map[string]engine.Cell // where a unit broke
	gone      map[string]bool        // the units that left the field
	anchors   map[string]*turnAnchor
	order     []string // the anchors' keys, in the order first marked
}

// newTurnBuilder starts from where the units and the leaders stood before
// the turn (before's leaders win over b's).
func newTurnBuilder(l *layout, b, before *engine.Battle, p *turnPlan) *turnBuilder {
	t := &turnBuilder{
		l: l, b: b, before: before, p: p,
		pos:      map[string]engine.Cell{},
		leaderAt: map[string]string{},
		open:     map[string]int{},
		routedAt: map[string]engine.Cell{},
		gone:     map[string]bool{},
		anchors:  map[string]*turnAnchor{},
	}
	if before != nil {
		for _, u := range activeUnits(before) {
			t.pos[u.ID] = u.Cell
		}
	}
	for _, bb := range []*engine.Battle{b, before} {
		if bb == nil {
			continue
		}
		for _, ld := range bb.Leaders {
			t.leaderAt[ld.ID] = ld.At // before's win
		}
	}
	return t
}

// look finds a unit as it was before the turn, or as it is after.
func (t *turnBuilder) look(id string) *engine.Unit {
	if t.before != nil {
		if u := t.before.Unit(id); u != nil {
			return u
		}
	}
	return t.b.Unit(id)
}

// leader finds a leader as he was before the turn, or as he is after.
func (t *turnBuilder) leader(id string) *engine.Leader {
	if t.before != nil {
		if ld := t.before.Leader(id); ld != nil {
			return ld
		}
	}
	return t.b.Leader(id)
}

// mark is the anchor of key's marks, new if it has none yet.
func (t *turnBuilder) mark(key string) *turnAnchor {
	a := t.anchors[key]
	if a == nil {
		a = &turnAnchor{key: key, cell: engine.NoCell}
		t.anchors[key] = a
		t.order = append(t.order, key)
	}
	return a
}

// event reads one event into the plan.
func (t *turnBuilder) event(e engine.Event) {
	switch e.Kind {
	case engine.EvMoved, engine.EvSidestepped, engine.EvOccupied, engine.EvRetreated, engine.EvFled:
		t.moved(e)
	case engine.EvAttack:
		// The attacker's way goes on if it takes the cell (EvOccupied).
		if e.From != engine.NoCell && e.To != engine.NoCell && e.From != e.To {
			// The engine names the side struck "front", "right flank",
			// "left flank", "rear" or "routing" (engine.AttackSide).
			t.p.attacks = append(t.p.attacks, turnAttack{from: e.From, to: e.To, target: e.Other, detail: strings.ReplaceAll(e.Detail, " ", "_")})
		}
	case engine.EvMeeting:
		t.meeting(e)
	case engine.EvShot:
		t.shot(e)
	case engine.EvDamage:
		t.damage(e)
	case engine.EvLosses:
		if e.Value > 0 {
			t.mark(e.Unit).losses += e.Value
		}
	case engine.EvRouted:
		delete(t.open, e.Unit)
		if c, ok := t.pos[e.Unit]; ok {
			t.routedAt[e.Unit] = c
		} else if e.At != engine.NoCell {
			t.routedAt[e.Unit] = e.At
		}
		t.mark(e.Unit)
	case engine.EvRallied:
		delete(t.open, e.Unit)
		t.mark(e.Unit).items = append(t.mark(e.Unit).items, turnItem{kind: mkRallied})
	case engine.EvCancelled, engine.EvOrderLost:
		a := t.mark(e.Unit)
		if !hasItem(a.items, mkCancelled) {
			a.items = append(a.items, turnItem{kind: mkCancelled})
		}
	case engine.EvDestroyed, engine.EvScattered, engine.EvWithdrawn:
		t.left(e)
	case engine.EvLeaderMoved:
		if e.Detail == "" {
			delete(t.leaderAt, e.Unit)
		} else {
			t.leaderAt[e.Unit] = e.Detail
		}
	case engine.EvLeaderWounded, engine.EvLeaderKilled, engine.EvLeaderCaptured:
		t.leaderFate(e)
	}
}

// moved is a step of a unit's way: it goes on with the unit's path of the
// same style that ends where the step starts, or begins a new one.
func (t *turnBuilder) moved(e engine.Event) {
	p := t.p
	style := styleMove
	switch e.Kind {
	case engine.EvRetreated:
		style = styleRetreat
	case engine.EvFled:
		style = styleRout
	}
	if e.From == engine.NoCell || e.To == engine.NoCell {
		// Into sight or out of it: the view saw one end only.
		delete(t.open, e.Unit)
		if e.To != engine.NoCell {
			t.pos[e.Unit] = e.To
		} else {
			delete(t.pos, e.Unit)
		}
		return
	}
	t.pos[e.Unit] = e.To
	if e.From == e.To {
		return
	}
	if k, ok := t.open[e.Unit]; ok && p.paths[k].style == style && p.paths[k].cells[len(p.paths[k].cells)-1] == e.From {
		p.paths[k].cells = append(p.paths[k].cells, e.To)
		return
	}
	u := t.look(e.Unit)
	if u == nil {
		return // whose? nothing to colour it by
	}
	t.open[e.Unit] = len(p.paths)
	p.paths = append(p.paths, turnPath{unit: e.Unit, side: u.Side, style: style, cells: []engine.Cell{e.From, e.To}})
}

// meeting is a meeting engagement: the swords in the gap between the two,
// or, when both made for one cell, between it and the unit met.
func (t *turnBuilder) meeting(e engine.Event) {
	l := t.l
	delete(t.open, e.Unit)
	delete(t.open, e.Other)
	a, aok := t.pos[e.Unit]
	o, ook := t.pos[e.Other]
	aok = aok && l.drawnCell(a)
	ook = ook && l.drawnCell(o)
	gap := func(x, y engine.Cell) point {
		cx, cy := l.tokenCentre(x), l.tokenCentre(y)
		return l.tokenEdge(cx, cy).add(l.tokenEdge(cy, cx)).scale(0.5)
	}
	var spot point
	switch at := l.drawnCell(e.At) && e.At != a && e.At != o; {
	case e.Detail == "same_cell" && at && ook:
		spot = gap(e.At, o)
	case e.Detail == "same_cell" && at && aok:
		spot = gap(e.At, a)
	case aok && ook && a != o:
		spot = gap(a, o)
	case l.drawnCell(e.At):
		spot = l.tokenCentre(e.At)
	default:
		return
	}
	t.p.meetings = append(t.p.meetings, turnMeeting{spot: spot})
}

// shot is a shot at a target the view can place; a shooter it does not
// see has no cell.
func (t *turnBuilder) shot(e engine.Event) {
	from := e.From
	if strings.HasPrefix(e.Unit, "?") {
		from = engine.NoCell
	}
	to := e.To
	if to == engine.NoCell {
		to = t.pos[e.Other]
	}
	if to != engine.NoCell {
		t.p.shots = append(t.p.shots, turnShot{shooter: e.Unit, from: from, to: to, target: e.Other, phase: e.Phase, step: e.Step})
	}
}

// damage is a shot's damage: on the first shot of this step at the target
// by one of the shooters the damage names.
func (t *turnBuilder) damage(e engine.Event) {
	shooters := strings.Split(e.Unit, "+")
	for k := range t.p.shots {
		if sh := &t.p.shots[k]; sh.target == e.Other && sh.phase == e.Phase && sh.step == e.Step &&
			!sh.hasDamage && slices.Contains(shooters, sh.shooter) {
			sh.damage, sh.hasDamage = e.Value, true
			break
		}
	}
}

// left is a unit that left the field (destroyed, scattered, withdrawn): its
// ghost where it was last, once, in the drawn cells.
func (t *turnBuilder) left(e engine.Event) {
	delete(t.open, e.Unit)
	c := e.At
	if c == engine.NoCell {
		c = t.pos[e.Unit]
	}
	u := t.look(e.Unit)
	if u == nil || t.gone[e.Unit] {
		return
	}
	t.gone[e.Unit] = true
	if !t.l.drawnCell(c) {
		return
	}
	g := &turnGhost{u: *u, cell: c, destroyed: e.Kind == engine.EvDestroyed}
	g.u.Cell = c
	t.p.ghosts = append(t.p.ghosts, g)
	t.mark(e.Unit).ghost = g
}

// leaderFate is a leader wounded, killed or captured: a mark by the unit
// he is with, or by his side's HQ; one mark a leader, the worst of his
// fates.
func (t *turnBuilder) leaderFate(e engine.Event) {
	ld := t.leader(e.Unit)
	at, ok := t.leaderAt[e.Unit]
	if ld == nil || !ok {
		return
	}
	kind := mkWounded
	switch e.Kind {
	case engine.EvLeaderKilled:
		kind = mkKilled
	case engine.EvLeaderCaptured:
		kind = mkCaptured
	}
	var a *turnAnchor
	switch at {
	case engine.AtReserve, "":
		return
	case engine.AtHQ:
		hq := t.b.HQ[ld.Side]
		if hq == engine.NoCell && t.before != nil {
			hq = t.before.HQ[ld.Side]
		}
		if !t.l.drawnCell(hq) {
			return
		}
		a = t.mark("hq:" + strconv.Itoa(int(ld.Side)))
		a.cell = hq
	default:
		a = t.mark(at)
	}
	it := turnItem{kind: kind, role: ld.Role, leader: ld.ID}
	if k := slices.IndexFunc(a.items, func(o turnItem) bool { return o.leader == ld.ID }); k < 0 {
		a.items = append(a.items, it)
	} else if kind > a.items[k].kind {
		a.items[k] = it
	}
	if e.Kind != engine.EvLeaderWounded || e.Value >= 2 {
		t.leaderAt[e.Unit] = engine.AtReserve // R-III.3.6, D-22
	}
}

// keepGhosts makes the ghosts of cells another unit holds small; the
// others are tokens the arrows stop at.
func (t *turnBuilder) keepGhosts() {
	p := t.p
	for _, g := range p.ghosts {
		if t.b.UnitAt(g.cell) != nil {
			g.small = true
		} else {
			p.tokens[g.cell] = true
		}
		if g.destroyed {
			p.marks |= tmDestroyed
		} else {
			p.marks |= tmGone
		}
	}
}

// keepPaths puts the "!" where the unit broke, and keeps the paths that
// show a step on the drawn cells.
func (t *turnBuilder) keepPaths() {
	p := t.p
	kept := p.paths[:0]
	for _, path := range p.paths {
		if c, ok := t.routedAt[path.unit]; ok && path.style == styleRout && path.cells[0] == c {
			path.routed = true
			delete(t.routedAt, path.unit)
		}
		if !t.l.drawnCell(path.cells[0]) && !t.l.drawnCell(path.cells[len(path.cells)-1]) {
			continue
		}
		kept = append(kept, path)
		p.marks |= [...]turnMark{tmMove, tmRetreat, tmRout}[path.style]
	}
	p.paths = kept
}

// keepAttacks keeps each attack between drawn cells once, and puts attacks
// both ways between two cells side by side.
func (t *turnBuilder) keepAttacks() {
	p := t.p
	att := p.attacks[:0]
	for _, a := range p.attacks {
		if t.l.drawnCell(a.from) && t.l.drawnCell(a.to) && !slices.Contains(att, a) {
			att = append(att, a)
			if a.detail != "front" && render.IsKey("turn.side_"+a.detail) {
				p.marks |= tmStruck
			} else {
				p.marks |= tmAttack
			}
		}
	}
	p.attacks = att
	for i := range p.attacks {
		t.attackGhost(&p.attacks[i])
	}
	for i := range p.attacks {
		for j := range i {
			a, o := &p.attacks[i], &p.attacks[j]
			if a.from == o.to && a.to == o.from {
				a.lane, o.lane = 1, 1 // each on its own right
			}
		}
	}
}

// attackGhost finds where an attack's arrow ends: on its target standing
// in the cell it was attacked in, on its ghost there, or, if it is gone from
// there and the view knows it, on a small ghost of it where it stood.
func (t *turnBuilder) attackGhost(a *turnAttack) {
	p := t.p
	for _, g := range p.ghosts {
		if g.u.ID == a.target && g.cell == a.to {
			a.ghost = g
			return
		}
	}
	if u := t.b.Unit(a.target); u != nil && u.Active() && u.Cell == a.to {
		return
	}
	u := t.look(a.target)
	if u == nil || strings.HasPrefix(a.target, "?") {
		return
	}
	g := &turnGhost{u: *u, cell: a.to, small: true, struck: true, left: a.from.X < a.to.X}
	g.u.Cell = a.to
	p.ghosts = append(p.ghosts, g)
	a.ghost = g
	p.marks |= tmStruckAt
}

// keepShots keeps the shots at targets in the drawn cells; a shooter off
// them leaves the ring alone.
func (t *turnBuilder) keepShots() {
	p := t.p
	sh := p.shots[:0]
	for _, s := range p.shots {
		if t.l.drawnCell(s.to) {
			if !t.l.drawnCell(s.from) {
				s.from = engine.NoCell
			}
			sh = append(sh, s)
			p.marks |= tmShot
		}
	}
	p.shots = sh
}

// keepAnchors places each anchor with marks on the unit's token, its ghost,
// or where it was last seen, and keeps those in the drawn cells.
func (t *turnBuilder) keepAnchors() {
	p, b := t.p, t.b
	for _, key := range t.order {
		a := t.anchors[key]
		if _, ok := t.routedAt[key]; ok {
			// Broke, but fled nowhere the view saw: a "!" by it, unless its
			// token shows it routing.
			if u := b.Unit(key); a.ghost != nil || u == nil || !u.Active() || !u.Routing() {
				a.items = append([]turnItem{{kind: mkRouted}}, a.items...)
			}
		}
		if !strings.HasPrefix(key, "hq:") {
			switch u := b.Unit(key); {
			case u != nil && u.Active():
				a.cell, a.facing = u.Cell, u.Facing
			case a.ghost != nil:
				a.cell, a.facing = a.ghost.cell, a.ghost.u.Facing
			default:
				if c, ok := t.pos[key]; ok {
					a.cell = c
				}
			}
		}
		if !t.l.drawnCell(a.cell) || (a.losses == 0 && len(a.items) == 0) {
			continue
		}
		p.anchors = append(p.anchors, a)
		if a.losses > 0 {
			p.marks |= tmLosses
		}
		for _, it := range a.items {
			p.marks |= [...]turnMark{tmCancelled, tmRallied, tmRout, tmWounded, tmKilled, tmCaptured}[it.kind]
		}
	}
}

func hasItem(items []turnItem, k turnItemKind) bool {
	for _, it := range items {
		if it.kind == k {
			return true
		}
	}
	return false
}
