package render

import (
	"cmp"
	"image/color"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/gunbai/gunbai/engine"
)

// The turn drawn on the results picture (FieldOptions.Events, with
// FieldOptions.Before for where units stood when it began): what the view
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
)

// Legend kinds of the turn's marks, clear of field_legend.go's.
const (
	legendTurnMove legendKind = 200 + iota
	legendTurnRetreat
	legendTurnRout
	legendTurnAttack
	legendTurnStruck
	legendTurnMeeting
	legendTurnShot
	legendTurnLosses
	legendTurnDestroyed
	legendTurnGone
	legendTurnCancelled
	legendTurnRallied
	legendTurnWounded
	legendTurnKilled
	legendTurnCaptured
)

// turnLegendTable: each mark, its legend icon and its text, in the
// legend's order.
var turnLegendTable = []struct {
	mark turnMark
	kind legendKind
	key  string
}{
	{tmMove, legendTurnMove, "legend.turn_move"},
	{tmRetreat, legendTurnRetreat, "legend.turn_retreat"},
	{tmRout, legendTurnRout, "legend.turn_rout"},
	{tmAttack, legendTurnAttack, "legend.turn_attack"},
	{tmStruck, legendTurnStruck, "legend.turn_struck"},
	{tmMeeting, legendTurnMeeting, "legend.turn_meeting"},
	{tmShot, legendTurnShot, "legend.turn_shot"},
	{tmLosses, legendTurnLosses, "legend.turn_losses"},
	{tmDestroyed, legendTurnDestroyed, "legend.turn_destroyed"},
	{tmGone, legendTurnGone, "legend.turn_gone"},
	{tmCancelled, legendTurnCancelled, "legend.turn_cancelled"},
	{tmRallied, legendTurnRallied, "legend.turn_rallied"},
	{tmWounded, legendTurnWounded, "legend.turn_wounded"},
	{tmKilled, legendTurnKilled, "legend.turn_killed"},
	{tmCaptured, legendTurnCaptured, "legend.turn_captured"},
}

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
	detail   string
	lane     float64 // beside the attack the other way between the cells
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
	// look finds a unit as it was before the turn, or as it is after.
	look := func(id string) *engine.Unit {
		if before != nil {
			if u := before.Unit(id); u != nil {
				return u
			}
		}
		return b.Unit(id)
	}
	leader := func(id string) *engine.Leader {
		if before != nil {
			if ld := before.Leader(id); ld != nil {
				return ld
			}
		}
		return b.Leader(id)
	}
	pos := map[string]engine.Cell{}
	if before != nil {
		for _, u := range activeUnits(before) {
			pos[u.ID] = u.Cell
		}
	}
	leaderAt := map[string]string{}
	for _, bb := range []*engine.Battle{b, before} {
		if bb == nil {
			continue
		}
		for _, ld := range bb.Leaders {
			leaderAt[ld.ID] = ld.At // before's win
		}
	}

	open := map[string]int{} // a unit's path that a move may go on with
	routedAt := map[string]engine.Cell{}
	gone := map[string]bool{}
	anchors := map[string]*turnAnchor{}
	var order []string
	mark := func(key string) *turnAnchor {
		a := anchors[key]
		if a == nil {
			a = &turnAnchor{key: key, cell: engine.NoCell}
			anchors[key] = a
			order = append(order, key)
		}
		return a
	}
	for _, e := range events {
		switch e.Kind {
		case engine.EvMoved, engine.EvSidestepped, engine.EvOccupied, engine.EvRetreated, engine.EvFled:
			style := styleMove
			switch e.Kind {
			case engine.EvRetreated:
				style = styleRetreat
			case engine.EvFled:
				style = styleRout
			}
			if e.From == engine.NoCell || e.To == engine.NoCell {
				// Into sight or out of it: the view saw one end only.
				delete(open, e.Unit)
				if e.To != engine.NoCell {
					pos[e.Unit] = e.To
				} else {
					delete(pos, e.Unit)
				}
				continue
			}
			pos[e.Unit] = e.To
			if e.From == e.To {
				continue
			}
			if k, ok := open[e.Unit]; ok && p.paths[k].style == style && p.paths[k].cells[len(p.paths[k].cells)-1] == e.From {
				p.paths[k].cells = append(p.paths[k].cells, e.To)
				continue
			}
			u := look(e.Unit)
			if u == nil {
				continue // whose? nothing to colour it by
			}
			open[e.Unit] = len(p.paths)
			p.paths = append(p.paths, turnPath{unit: e.Unit, side: u.Side, style: style, cells: []engine.Cell{e.From, e.To}})
		case engine.EvAttack:
			// The attacker's way goes on if it takes the cell (EvOccupied).
			if e.From != engine.NoCell && e.To != engine.NoCell && e.From != e.To {
				// The engine names the side struck "front", "right flank",
				// "left flank", "rear" or "routing" (engine.AttackSide).
				p.attacks = append(p.attacks, turnAttack{from: e.From, to: e.To, detail: strings.ReplaceAll(e.Detail, " ", "_")})
			}
		case engine.EvMeeting:
			delete(open, e.Unit)
			delete(open, e.Other)
			// The swords in the gap between the two, or, when both made
			// for one cell, between it and the unit met.
			a, aok := pos[e.Unit]
			o, ook := pos[e.Other]
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
				continue
			}
			p.meetings = append(p.meetings, turnMeeting{spot: spot})
		case engine.EvShot:
			from := e.From
			if strings.HasPrefix(e.Unit, "?") {
				from = engine.NoCell
			}
			to := e.To
			if to == engine.NoCell {
				to = pos[e.Other]
			}
			if to != engine.NoCell {
				p.shots = append(p.shots, turnShot{shooter: e.Unit, from: from, to: to, target: e.Other, phase: e.Phase, step: e.Step})
			}
		case engine.EvDamage:
			// A shot's damage: the first shot of this step at the target
			// by one of the shooters the damage names.
			shooters := strings.Split(e.Unit, "+")
			for k := range p.shots {
				if sh := &p.shots[k]; sh.target == e.Other && sh.phase == e.Phase && sh.step == e.Step &&
					!sh.hasDamage && slices.Contains(shooters, sh.shooter) {
					sh.damage, sh.hasDamage = e.Value, true
					break
				}
			}
		case engine.EvLosses:
			if e.Value > 0 {
				mark(e.Unit).losses += e.Value
			}
		case engine.EvRouted:
			delete(open, e.Unit)
			if c, ok := pos[e.Unit]; ok {
				routedAt[e.Unit] = c
			} else if e.At != engine.NoCell {
				routedAt[e.Unit] = e.At
			}
			mark(e.Unit)
		case engine.EvRallied:
			delete(open, e.Unit)
			mark(e.Unit).items = append(mark(e.Unit).items, turnItem{kind: mkRallied})
		case engine.EvCancelled, engine.EvOrderLost:
			a := mark(e.Unit)
			if !hasItem(a.items, mkCancelled) {
				a.items = append(a.items, turnItem{kind: mkCancelled})
			}
		case engine.EvDestroyed, engine.EvScattered, engine.EvWithdrawn:
			delete(open, e.Unit)
			c := e.At
			if c == engine.NoCell {
				c = pos[e.Unit]
			}
			u := look(e.Unit)
			if u == nil || gone[e.Unit] {
				continue
			}
			gone[e.Unit] = true
			if !l.drawnCell(c) {
				continue
			}
			g := &turnGhost{u: *u, cell: c, destroyed: e.Kind == engine.EvDestroyed}
			g.u.Cell = c
			p.ghosts = append(p.ghosts, g)
			mark(e.Unit).ghost = g
		case engine.EvLeaderMoved:
			if e.Detail == "" {
				delete(leaderAt, e.Unit)
			} else {
				leaderAt[e.Unit] = e.Detail
			}
		case engine.EvLeaderWounded, engine.EvLeaderKilled, engine.EvLeaderCaptured:
			ld := leader(e.Unit)
			at, ok := leaderAt[e.Unit]
			if ld == nil || !ok {
				continue
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
				continue
			case engine.AtHQ:
				hq := b.HQ[ld.Side]
				if hq == engine.NoCell && before != nil {
					hq = before.HQ[ld.Side]
				}
				if !l.drawnCell(hq) {
					continue
				}
				a = mark("hq:" + strconv.Itoa(int(ld.Side)))
				a.cell = hq
			default:
				a = mark(at)
			}
			// One mark a leader, the worst of his fates.
			it := turnItem{kind: kind, role: ld.Role, leader: ld.ID}
			if k := slices.IndexFunc(a.items, func(o turnItem) bool { return o.leader == ld.ID }); k < 0 {
				a.items = append(a.items, it)
			} else if kind > a.items[k].kind {
				a.items[k] = it
			}
			if e.Kind != engine.EvLeaderWounded || e.Value >= 2 {
				leaderAt[e.Unit] = engine.AtReserve // R-III.3.6, D-22
			}
		}
	}

	// The ghosts of cells another unit holds are small; the others are
	// tokens the arrows stop at.
	for _, g := range p.ghosts {
		if b.UnitAt(g.cell) != nil {
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
	// Paths: the "!" where the unit broke; a path must show a step on the
	// drawn cells.
	kept := p.paths[:0]
	for _, path := range p.paths {
		if c, ok := routedAt[path.unit]; ok && path.style == styleRout && path.cells[0] == c {
			path.routed = true
			delete(routedAt, path.unit)
		}
		if !l.drawnCell(path.cells[0]) && !l.drawnCell(path.cells[len(path.cells)-1]) {
			continue
		}
		kept = append(kept, path)
		p.marks |= [...]turnMark{tmMove, tmRetreat, tmRout}[path.style]
	}
	p.paths = kept
	att := p.attacks[:0]
	for _, a := range p.attacks {
		if l.drawnCell(a.from) && l.drawnCell(a.to) && !slices.Contains(att, a) {
			att = append(att, a)
			if a.detail != "front" && has("turn.side_"+a.detail) {
				p.marks |= tmStruck
			} else {
				p.marks |= tmAttack
			}
		}
	}
	p.attacks = att
	// Attacks both ways between two cells go side by side.
	for i := range p.attacks {
		for j := range i {
			a, o := &p.attacks[i], &p.attacks[j]
			if a.from == o.to && a.to == o.from {
				a.lane, o.lane = 1, 1 // each on its own right
			}
		}
	}
	if len(p.meetings) > 0 {
		p.marks |= tmMeeting
	}
	sh := p.shots[:0]
	for _, s := range p.shots {
		if l.drawnCell(s.to) {
			if !l.drawnCell(s.from) {
				s.from = engine.NoCell
			}
			sh = append(sh, s)
			p.marks |= tmShot
		}
	}
	p.shots = sh

	// Anchors: the unit's token, its ghost, or where it was last seen.
	for _, key := range order {
		a := anchors[key]
		if _, ok := routedAt[key]; ok {
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
				if c, ok := pos[key]; ok {
					a.cell = c
				}
			}
		}
		if !l.drawnCell(a.cell) || (a.losses == 0 && len(a.items) == 0) {
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
	return p
}

func hasItem(items []turnItem, k turnItemKind) bool {
	for _, it := range items {
		if it.kind == k {
			return true
		}
	}
	return false
}

// turnLegend adds lines to the legend for the marks the turn of
// opt.Events draws, and makes the picture taller by them.
func (l *layout) turnLegend(b *engine.Battle, opt FieldOptions, f *fieldFaces) {
	if len(opt.Events) == 0 {
		return
	}
	marks := turnPlanOf(l, b, opt.Before, opt.Events).marks
	if marks == 0 {
		return
	}
	items := []legendItem{newLegendItem(f, l.cs, legendText, T(opt.Lang, "legend.turn"))}
	for _, e := range turnLegendTable {
		if marks&e.mark != 0 {
			items = append(items, newLegendItem(f, l.cs, e.kind, T(opt.Lang, e.key)))
		}
	}
	lines := wrapLegend(items, float64(l.w)-2*l.pad, l.cs*0.3)
	l.legend = append(l.legend, lines...)
	l.h += len(lines) * int(l.legendLineH)
}

// turn draws the turn of opt.Events over the units (see the top of the
// file), in the drawn cells: lines and arrows clipped to them, the marks
// with words in drawn cells only (text is not drawn under a clip, which
// would cost a canvas per string).
func (d *drawer) turn(opt FieldOptions) {
	if len(opt.Events) == 0 {
		return
	}
	p := turnPlanOf(&d.l, d.b, opt.Before, opt.Events)
	cs := d.l.cs
	dc := d.dc
	gw, gh := float64(d.l.maxX-d.l.minX+1)*cs, float64(d.l.maxY-d.l.minY+1)*cs

	// What labels must keep clear of: the swords, the small ghosts, the
	// marks by the tokens (hard), the tokens (soft).
	pl := &turnPlacer{bounds: turnBox{d.l.gridX, d.l.gridY, d.l.gridX + gw, d.l.gridY + gh}}
	var tokens []engine.Cell
	for c := range p.tokens {
		if d.l.drawnCell(c) {
			tokens = append(tokens, c)
		}
	}
	slices.SortFunc(tokens, func(a, b engine.Cell) int { return cmp.Or(a.Y-b.Y, a.X-b.X) })
	for _, c := range tokens {
		x, y, w, h := d.l.tokenRect(c)
		pl.soft = append(pl.soft, turnBox{x, y, x + w, y + h})
	}
	for _, a := range p.attacks {
		_, _, mid := d.attackEnds(p, a)
		pl.hard = append(pl.hard, turnBoxAround(mid, cs*0.28, cs*0.28))
	}
	for _, m := range p.meetings {
		pl.hard = append(pl.hard, turnBoxAround(m.spot, cs*0.3, cs*0.3))
	}
	for _, g := range p.ghosts {
		if g.small {
			x, y, w, h := d.smallGhostRect(g.cell)
			pl.hard = append(pl.hard, turnBox{x, y, x + w, y + h})
		}
	}
	marks := make([][]turnPlaced, len(p.anchors))
	for i, a := range p.anchors {
		marks[i] = d.anchorLayout(a, pl)
		for _, m := range marks[i] {
			pl.hard = append(pl.hard, m.span)
		}
	}

	for _, g := range p.ghosts {
		if !g.small {
			d.ghostToken(g)
		}
	}
	// Lines and arrows, clipped: shots under the arrows, rings on top of
	// their lines.
	dc.Push()
	dc.DrawRectangle(d.l.gridX, d.l.gridY, gw, gh)
	dc.Clip()
	for _, s := range p.shots {
		if s.from != engine.NoCell {
			from, ring := d.shotEnds(p, s)
			d.shotLine(from, ring, false)
		}
	}
	for _, s := range p.shots {
		_, ring := d.shotEnds(p, s)
		d.targetRing(ring.x, ring.y, cs*0.15)
	}
	for _, path := range p.paths {
		d.turnPathArrow(p, path)
	}
	for _, a := range p.attacks {
		d.attackArrow(p, a)
	}
	for _, a := range p.attacks {
		d.attackSwords(p, a)
	}
	for _, m := range p.meetings {
		d.meetingMark(m.spot)
	}
	dc.ResetClip()
	dc.Pop() // Pop keeps the clip: reset first

	// Marks with words, in drawn cells.
	for _, g := range p.ghosts {
		if g.small {
			d.ghostToken(g)
		}
	}
	for _, path := range p.paths {
		if path.routed && d.l.drawnCell(path.cells[0]) {
			c := d.cellEnd(p, path.cells[0], d.cellPoint(path.cells[1]))
			d.routingBadge(c.x, c.y, cs*0.11)
		}
	}
	for _, a := range p.attacks {
		d.attackSide(p, a, pl)
	}
	for i := range p.anchors {
		d.drawMarks(marks[i])
	}
	for _, s := range p.shots {
		if s.hasDamage {
			from, ring := d.shotEnds(p, s)
			d.shotDamage(from, ring, s, pl)
		}
	}
}

// turnBox is a rectangle in pixels.
type turnBox struct{ x0, y0, x1, y1 float64 }

func turnBoxAround(c point, w, h float64) turnBox {
	return turnBox{c.x - w/2, c.y - h/2, c.x + w/2, c.y + h/2}
}

func (a turnBox) area() float64 { return math.Max(0, a.x1-a.x0) * math.Max(0, a.y1-a.y0) }

func (a turnBox) inter(b turnBox) turnBox {
	return turnBox{math.Max(a.x0, b.x0), math.Max(a.y0, b.y0), math.Min(a.x1, b.x1), math.Min(a.y1, b.y1)}
}

// turnPlacer puts labels where they hide least of what is drawn: marks
// (hard) above all, tokens (soft), and what is off the drawn cells.
type turnPlacer struct {
	hard, soft []turnBox
	bounds     turnBox // the drawn cells
}

// cost is how much a label in b would hide.
func (pl *turnPlacer) cost(b turnBox) float64 {
	k := 4 * (b.area() - b.inter(pl.bounds).area())
	for _, t := range pl.hard {
		k += 3 * b.inter(t).area()
	}
	for _, t := range pl.soft {
		k += b.inter(t).area()
	}
	return k
}

// place picks the first of the candidate centres for a w x h label that
// hides least, and takes it.
func (pl *turnPlacer) place(cands []point, w, h float64) point {
	best, cost := cands[0], math.Inf(1)
	for _, c := range cands {
		if k := pl.cost(turnBoxAround(c, w, h)); k < cost-0.5 {
			best, cost = c, k
		}
	}
	pl.hard = append(pl.hard, turnBoxAround(best, w, h))
	return best
}

// cellEnd is where a mark leaves or reaches cell c on its way to or from
// other: the edge of the token there, or the cell's centre if none.
func (d *drawer) cellEnd(p *turnPlan, c engine.Cell, other point) point {
	ctr := d.cellPoint(c)
	if p.tokens[c] && d.l.drawnCell(c) {
		return d.l.tokenEdge(ctr, other)
	}
	return ctr
}

// cellPoint is the centre of a cell's token; a cell off the drawn ones is
// brought next to them, where the clip cuts what goes there.
func (d *drawer) cellPoint(c engine.Cell) point {
	l := &d.l
	if !l.drawnCell(c) {
		c.X = min(max(c.X, l.minX-1), l.maxX+1)
		c.Y = min(max(c.Y, l.minY-1), l.maxY+1)
	}
	return l.tokenCentre(c)
}

// turnPathArrow is a unit's way: from a dot where it stood (or the edge of
// the token now there) through the cells it crossed to the edge of its
// token.
func (d *drawer) turnPathArrow(p *turnPlan, path turnPath) {
	cs := d.l.cs
	pts := make([]point, len(path.cells))
	for i, c := range path.cells {
		pts[i] = d.cellPoint(c)
	}
	n := len(pts) - 1
	first, last := path.cells[0], path.cells[n]
	start := d.cellEnd(p, first, pts[1])
	end := d.cellEnd(p, last, pts[n-1])
	if !p.tokens[last] {
		end = pts[n].toward(pts[n-1], cs*0.12)
	}
	pts[0], pts[n] = start, end
	ink := color.Color(sideDark(path.side))
	lw := math.Max(2, cs*0.05)
	dashed := path.style != styleMove
	if path.style == styleRout {
		ink = routColor
	}
	if !p.tokens[first] && !path.routed {
		dc := d.dc
		dc.SetColor(white)
		dc.DrawCircle(start.x, start.y, lw*1.3+2)
		dc.Fill()
		dc.SetColor(ink)
		dc.DrawCircle(start.x, start.y, lw*1.3)
		dc.Fill()
	}
	d.arrow(pts, ink, lw, dashed)
}

// attackEnds are where an attack's arrow starts (inside the attacker's
// token, or in its cell), where it strikes (the attacked token's edge) and
// where its swords go (the middle of the gap between the two).
func (d *drawer) attackEnds(p *turnPlan, a turnAttack) (from, tip, mid point) {
	cs := d.l.cs
	fc, tc := d.cellPoint(a.from), d.cellPoint(a.to)
	edge := d.cellEnd(p, a.from, tc)
	tip = d.l.tokenEdge(tc, fc)
	mid = edge.add(tip).scale(0.5)
	from = tip.toward(fc, math.Max(tip.sub(edge).len()+cs*0.1, cs*0.45))
	tip = tip.toward(tc, cs*0.04)
	if a.lane != 0 {
		v := tc.sub(fc)
		off := point{-v.y, v.x}.scale(a.lane * cs * 0.17 / v.len())
		from, tip, mid = from.add(off), tip.add(off), mid.add(off)
	}
	return from, tip, mid
}

// attackArrow is an attack's shaft: a thick red arrow into the attacked
// token.
func (d *drawer) attackArrow(p *turnPlan, a turnAttack) {
	from, tip, _ := d.attackEnds(p, a)
	d.arrow([]point{from, tip}, attackColor, math.Max(3, d.l.cs*0.075), false)
}

// attackSwords is the swords where an attack struck and the head of its
// arrow over them.
func (d *drawer) attackSwords(p *turnPlan, a turnAttack) {
	cs := d.l.cs
	from, tip, mid := d.attackEnds(p, a)
	d.swords(mid.x, mid.y, cs*0.14)
	lw := math.Max(3, cs*0.075)
	d.arrow([]point{tip.toward(from, d.headLength(lw)*1.1), tip}, attackColor, lw, false)
}

// attackSide names the side an attack on a flank, the rear or a routing
// unit struck, beside its swords, where it hides least.
func (d *drawer) attackSide(p *turnPlan, a turnAttack, pl *turnPlacer) {
	key := "turn.side_" + a.detail
	if a.detail == "front" || !has(key) {
		return
	}
	from, tip, mid := d.attackEnds(p, a)
	r := d.l.cs * 0.14
	text := T(d.lang, key)
	w, h := d.turnTagWidth(text), d.turnTagHeight()
	dx, dy := r+2+w/2, r+2+h/2
	// Across the attack first: along the gap between the two tokens.
	cands := []point{{mid.x, mid.y + dy}, {mid.x + dx, mid.y}, {mid.x - dx, mid.y}, {mid.x, mid.y - dy}}
	if v := tip.sub(from); math.Abs(v.y) > math.Abs(v.x) {
		cands = []point{{mid.x + dx, mid.y}, {mid.x - dx, mid.y}, {mid.x, mid.y + dy}, {mid.x, mid.y - dy}}
	}
	at := pl.place(cands, w+2, h+2)
	d.turnTag(at.x, at.y, text, attackColor, white)
}

// meetingMark is a meeting engagement: the swords ringed in black.
func (d *drawer) meetingMark(at point) {
	r := d.l.cs * 0.15
	d.swords(at.x, at.y, r)
	d.dc.SetColor(textColor)
	d.dc.SetLineWidth(math.Max(2, r*0.25))
	d.dc.DrawCircle(at.x, at.y, r)
	d.dc.Stroke()
}

// shotEnds are where a shot's line leaves the shooter and its target ring,
// on the edge of the target's token.
func (d *drawer) shotEnds(p *turnPlan, s turnShot) (from, ring point) {
	cs := d.l.cs
	t := d.cellPoint(s.to)
	if s.from == engine.NoCell {
		// From nowhere the view sees: the ring on the token's top edge.
		return t, d.l.tokenEdge(t, t.add(point{0, -1})).toward(t, cs*0.09)
	}
	f := d.cellPoint(s.from)
	from = d.cellEnd(p, s.from, t)
	ring = d.l.tokenEdge(t, f).toward(f, cs*0.09)
	return from, ring
}

// shotDamage is the figures a shot took, on its line (half way, or
// nearer one end where that hides less), or by its ring if it has none.
func (d *drawer) shotDamage(from, ring point, s turnShot, pl *turnPlacer) {
	cs := d.l.cs
	text := lossText(s.damage)
	w, h := d.turnTagWidth(text), d.turnTagHeight()
	var cands []point
	if s.from != engine.NoCell && from.sub(ring).len() > cs*0.6 {
		for _, k := range []float64{0.5, 0.35, 0.65, 0.2, 0.8} {
			cands = append(cands, from.add(ring.sub(from).scale(k)))
		}
	}
	off := cs*0.15 + h/2 + 2
	cands = append(cands, ring.add(point{0, -off}), ring.add(point{off + w/2 - h/2, 0}), ring.add(point{-off - w/2 + h/2, 0}), ring.add(point{0, off}))
	at := pl.place(cands, w+2, h+2)
	d.turnTag(at.x, at.y, text, shotColor, white)
}

// minus writes figures lost: "−3" with a true minus sign.
func lossText(n int) string { return "−" + strconv.Itoa(n) }

func (d *drawer) turnTagHeight() float64 { return math.Round(math.Max(10, d.l.cs*0.21)) }

func (d *drawer) turnTagWidth(text string) float64 {
	return math.Max(d.turnTagHeight(), measure(d.f.badge, text)+d.l.cs*0.12)
}

// turnTag is a rounded label centred on (cx, cy): text in ink on fill, with a
// white halo, ringed in fill's colour or, on white, in ink.
func (d *drawer) turnTag(cx, cy float64, text string, fill, ink color.Color) {
	dc := d.dc
	h := d.turnTagHeight()
	w := d.turnTagWidth(text)
	x, y := cx-w/2, cy-h/2
	dc.SetColor(white)
	dc.DrawRoundedRectangle(x-1.5, y-1.5, w+3, h+3, h/2+1.5)
	dc.Fill()
	dc.SetColor(fill)
	dc.DrawRoundedRectangle(x, y, w, h, h/2)
	dc.Fill()
	if fill == color.Color(white) {
		dc.SetColor(ink)
		dc.SetLineWidth(math.Max(1, h*0.1))
		dc.DrawRoundedRectangle(x+0.5, y+0.5, w-1, h-1, h/2)
		dc.Stroke()
	}
	dc.SetColor(ink)
	d.centredText(d.f.badge, text, cx, cy)
}

// ghostToken is a unit that left the field this turn where it was last: a
// faded counter with its type and id, crossed out in red if destroyed; a
// small one in the top corner of a cell another unit holds.
func (d *drawer) ghostToken(g *turnGhost) {
	dc, cs := d.dc, d.l.cs
	x, y, w, h := d.l.tokenRect(g.cell)
	if g.small {
		x, y, w, h = d.smallGhostRect(g.cell)
	}
	r := math.Min(w, h) * 0.13
	dc.SetColor(white)
	dc.DrawRoundedRectangle(x-1.5, y-1.5, w+3, h+3, r+1.5)
	dc.Fill()
	dc.SetColor(sideFaded(g.u.Side))
	dc.DrawRoundedRectangle(x, y, w, h, r)
	dc.Fill()
	dc.SetColor(sideDark(g.u.Side))
	dc.SetLineWidth(math.Max(1, cs/40))
	dc.SetDash(cs*0.06, cs*0.04)
	dc.DrawRoundedRectangle(x, y, w, h, r)
	dc.Stroke()
	dc.SetDash()
	if g.destroyed { // under the labels, which stay readable
		d.crossOut(x+w*0.12, y+h*0.1, x+w*0.88, y+h*0.9, math.Max(2, cs*0.045))
	}
	dc.SetColor(sideDark(g.u.Side))
	if g.small {
		d.centredText(d.f.badge, fitText(d.f.badge, TroopShort(d.lang, g.u.Type), w-2), x+w/2, y+h/2)
	} else {
		dc.SetFontFace(d.f.label)
		dc.DrawStringAnchored(fitText(d.f.label, TroopShort(d.lang, g.u.Type), w-4), x+w/2, y+h*0.47, 0.5, 0)
		dc.SetFontFace(d.f.id)
		dc.DrawStringAnchored(fitText(d.f.id, g.u.ID, w-4), x+w/2, y+h*0.86, 0.5, 0)
	}
}

// smallGhostRect is the ghost of a unit in a cell another unit holds: in
// the cell's top right corner.
func (d *drawer) smallGhostRect(c engine.Cell) (x, y, w, h float64) {
	cs := d.l.cs
	cx, cy := d.l.cellOrigin(c)
	w, h = math.Round(cs*0.36), math.Round(cs*0.3)
	return cx + cs - w - math.Round(cs*0.03), cy + math.Round(cs*0.03), w, h
}

// crossOut is a red X from (x0, y0) to (x1, y1) in a white halo.
func (d *drawer) crossOut(x0, y0, x1, y1, lw float64) {
	dc := d.dc
	dc.Push()
	defer dc.Pop()
	dc.SetLineCapRound()
	for _, ink := range []struct {
		c color.Color
		w float64
	}{{white, lw + 2.5}, {lostInk, lw}} {
		dc.SetColor(ink.c)
		dc.SetLineWidth(ink.w)
		dc.DrawLine(x0, y0, x1, y1)
		dc.DrawLine(x0, y1, x1, y0)
		dc.Stroke()
	}
}

// turnPlaced is one mark by a token: the tag of its losses or an icon.
type turnPlaced struct {
	at     point
	span   turnBox
	losses int // the tag's number; 0: the icon of item
	item   turnItem
}

// anchorLayout places a unit's marks beside its token: its losses on a
// top corner, then the other marks down that edge, then down the other.
// The left edge goes first unless the unit faces west (its front's notch
// is there), or the right one hides fewer marks (the swords of an attack
// from the left). On a small ghost: its losses left of it, its other
// marks along its bottom edge.
func (d *drawer) anchorLayout(a *turnAnchor, pl *turnPlacer) []turnPlaced {
	cs := d.l.cs
	r := badgeRadius(cs) * 1.05
	icon := func(at point, it turnItem) turnPlaced {
		return turnPlaced{at: at, span: turnBox{at.x - r, at.y - r, at.x + r, at.y + r}, item: it}
	}
	if a.ghost != nil && a.ghost.small {
		var out []turnPlaced
		gx, gy, gw, gh := d.smallGhostRect(a.cell)
		if a.losses > 0 {
			text := lossText(a.losses)
			at := point{gx - d.turnTagWidth(text)/2 - 1, gy + gh/2}
			out = append(out, turnPlaced{at: at, span: turnBoxAround(at, d.turnTagWidth(text), d.turnTagHeight()), losses: a.losses})
		}
		for k, it := range a.items {
			out = append(out, icon(point{gx + gw - float64(k)*(2*r+2), gy + gh}, it))
		}
		return out
	}
	x, y, w, h := d.l.tokenRect(a.cell)
	side := func(leftFirst bool) []turnPlaced {
		var out []turnPlaced
		edges := []float64{x, x + w}
		if !leftFirst {
			edges = []float64{x + w, x}
		}
		if a.losses > 0 {
			text := lossText(a.losses)
			pw, ph := d.turnTagWidth(text), d.turnTagHeight()
			px := x - cs*0.07 + pw/2
			if !leftFirst {
				px = x + w + cs*0.07 - pw/2
			}
			at := point{px, y + cs*0.03}
			out = append(out, turnPlaced{at: at, span: turnBoxAround(at, pw, ph), losses: a.losses})
		}
		slots := []float64{y + cs*0.3, y + h - r*0.4}
		for k, it := range a.items {
			if k >= 2*len(slots) {
				break
			}
			out = append(out, icon(point{edges[k/len(slots)], slots[k%len(slots)]}, it))
		}
		return out
	}
	cost := func(ms []turnPlaced) float64 {
		k := 0.0
		for _, m := range ms {
			for _, t := range pl.hard {
				k += m.span.inter(t).area()
			}
		}
		return k
	}
	first := a.facing != engine.W
	out := side(first)
	if len(out) == 0 {
		return out
	}
	if other := side(!first); cost(other) < cost(out)-cs {
		out = other
	}
	return out
}

func (d *drawer) drawMarks(marks []turnPlaced) {
	r := badgeRadius(d.l.cs) * 1.05
	for _, m := range marks {
		if m.losses > 0 {
			d.turnTag(m.at.x, m.at.y, lossText(m.losses), lostInk, white)
		} else {
			d.markIcon(m.item, m.at.x, m.at.y, r)
		}
	}
}

// markIcon is one of a unit's marks, a disc of radius r at (cx, cy).
func (d *drawer) markIcon(it turnItem, cx, cy, r float64) {
	dc := d.dc
	disc := func(fill, ring color.Color) {
		dc.SetColor(white)
		dc.DrawCircle(cx, cy, r+1.5)
		dc.Fill()
		dc.SetColor(fill)
		dc.DrawCircle(cx, cy, r)
		dc.Fill()
		dc.SetColor(ring)
		dc.SetLineWidth(math.Max(1.2, r*0.16))
		dc.DrawCircle(cx, cy, r)
		dc.Stroke()
	}
	starFill := func() color.Color {
		if it.role == engine.Commander {
			return commanderGold
		}
		return generalSilver
	}
	switch it.kind {
	case mkCancelled:
		disc(white, textColor)
		d.cancelGlyph(cx, cy, r)
	case mkRallied:
		disc(rallyColor, rallyColor)
		d.rallyGlyph(cx, cy, r)
	case mkRouted:
		d.routingBadge(cx, cy, r)
	case mkWounded:
		disc(white, textColor)
		d.star(cx, cy, r*0.72, starFill(), true)
	case mkKilled:
		disc(white, textColor)
		d.star(cx, cy, r*0.8, fatigueFill, false)
		d.crossOut(cx-r*0.55, cy-r*0.55, cx+r*0.55, cy+r*0.55, math.Max(1.5, r*0.22))
	case mkCaptured:
		disc(white, textColor)
		d.star(cx, cy, r*0.8, starFill(), false)
		// Bars across it.
		dc.SetColor(starInk)
		dc.SetLineWidth(math.Max(1.2, r*0.16))
		for _, k := range []float64{-0.45, 0, 0.45} {
			dc.DrawLine(cx+k*r, cy-r*0.8, cx+k*r, cy+r*0.8)
		}
		dc.Stroke()
	}
}

// cancelGlyph is an arrow crossed out.
func (d *drawer) cancelGlyph(cx, cy, r float64) {
	dc := d.dc
	lw := math.Max(1.3, r*0.2)
	dc.SetColor(textColor)
	dc.SetLineWidth(lw)
	dc.SetLineCapRound()
	dc.DrawLine(cx-r*0.6, cy, cx+r*0.25, cy)
	dc.Stroke()
	dc.MoveTo(cx+r*0.65, cy)
	dc.LineTo(cx+r*0.15, cy-r*0.38)
	dc.LineTo(cx+r*0.15, cy+r*0.38)
	dc.ClosePath()
	dc.Fill()
	dc.SetColor(lostInk)
	dc.SetLineWidth(lw * 1.1)
	dc.DrawLine(cx-r*0.5, cy-r*0.5, cx+r*0.5, cy+r*0.5)
	dc.DrawLine(cx-r*0.5, cy+r*0.5, cx+r*0.5, cy-r*0.5)
	dc.Stroke()
}

// rallyGlyph is a white arrow turning round.
func (d *drawer) rallyGlyph(cx, cy, r float64) {
	dc := d.dc
	lw := math.Max(1.3, r*0.2)
	rr := r * 0.5
	a0, a1 := -math.Pi*0.1, math.Pi*1.35
	dc.SetColor(white)
	dc.SetLineWidth(lw)
	dc.SetLineCapButt()
	dc.DrawArc(cx, cy, rr, a0, a1)
	dc.Stroke()
	// The head at the arc's end, along it.
	ex, ey := cx+rr*math.Cos(a1), cy+rr*math.Sin(a1)
	tx, ty := -math.Sin(a1), math.Cos(a1) // the way the arc goes
	nx, ny := math.Cos(a1), math.Sin(a1)
	hl := r * 0.5
	dc.MoveTo(ex+tx*hl*0.8, ey+ty*hl*0.8)
	dc.LineTo(ex+nx*hl*0.55, ey+ny*hl*0.55)
	dc.LineTo(ex-nx*hl*0.55, ey-ny*hl*0.55)
	dc.ClosePath()
	dc.Fill()
}

// turnLegendIcon draws the legend's icon of a turn's mark, and nothing
// for the other kinds.
func (d *drawer) turnLegendIcon(k legendKind, x, y, s float64) {
	if k < legendTurnMove || k > legendTurnCaptured {
		return
	}
	cs := d.l.cs
	cx, cy := x+s/2, y+s/2
	lw := math.Max(2, cs*0.05)
	switch k {
	case legendTurnMove:
		d.arrow([]point{{x, cy}, {x + s, cy}}, northDark, lw, false)
	case legendTurnRetreat:
		d.arrow([]point{{x, cy}, {x + s, cy}}, northDark, lw, true)
	case legendTurnRout:
		d.arrow([]point{{x + s*0.2, cy}, {x + s, cy}}, routColor, lw, true)
		d.routingBadge(x+s*0.15, cy, s*0.24)
	case legendTurnAttack:
		d.arrow([]point{{x, cy}, {x + s, cy}}, attackColor, math.Max(3, cs*0.075), false)
		d.swords(cx, cy, s*0.36)
	case legendTurnStruck:
		d.swords(x+s*0.36, cy, s*0.36)
		d.dc.SetColor(white)
		d.dc.DrawRoundedRectangle(x+s*0.45, cy-s*0.05, s*0.6, s*0.45, s*0.22)
		d.dc.Fill()
		d.dc.SetColor(attackColor)
		d.dc.DrawRoundedRectangle(x+s*0.5, cy, s*0.5, s*0.35, s*0.17)
		d.dc.Fill()
	case legendTurnMeeting:
		d.meetingMark(point{cx, cy})
	case legendTurnShot:
		d.targetRing(cx, cy, s*0.45)
	case legendTurnLosses:
		d.turnTag(cx, cy, lossText(1), lostInk, white)
	case legendTurnDestroyed, legendTurnGone:
		// A faded counter of no side, crossed out if destroyed.
		dc := d.dc
		dc.SetColor(fatigueFill)
		dc.DrawRoundedRectangle(x, y+s*0.15, s, s*0.7, s*0.12)
		dc.Fill()
		dc.SetColor(ghostInk)
		dc.SetLineWidth(1)
		dc.SetDash(s*0.18, s*0.12)
		dc.DrawRoundedRectangle(x, y+s*0.15, s, s*0.7, s*0.12)
		dc.Stroke()
		dc.SetDash()
		if k == legendTurnDestroyed {
			d.crossOut(x+s*0.1, y+s*0.2, x+s*0.9, y+s*0.8, math.Max(1.5, s*0.12))
		}
	case legendTurnCancelled:
		d.markIcon(turnItem{kind: mkCancelled}, cx, cy, s*0.5)
	case legendTurnRallied:
		d.markIcon(turnItem{kind: mkRallied}, cx, cy, s*0.5)
	case legendTurnWounded:
		d.markIcon(turnItem{kind: mkWounded, role: engine.General}, cx, cy, s*0.5)
	case legendTurnKilled:
		d.markIcon(turnItem{kind: mkKilled, role: engine.General}, cx, cy, s*0.5)
	case legendTurnCaptured:
		d.markIcon(turnItem{kind: mkCaptured, role: engine.General}, cx, cy, s*0.5)
	}
}
