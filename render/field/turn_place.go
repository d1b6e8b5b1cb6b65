package field

import (
	"cmp"
	"math"
	"slices"

	"github.com/gunbai/gunbai/engine"
	"github.com/gunbai/gunbai/render"
)

// Where a turn's marks go. One pass places them all before anything is
// drawn, knowing the tokens' rectangles and the marks already placed: the
// marks fixed by what they show first (arrowheads, the dots where moves
// began), then each of the others at the first of its candidate spots
// around what it belongs to that covers no token and no mark and stays in
// the drawn cells, or, when none is free, the nearest free spot farther
// out. The layout is data (turnLayout), which the drawing follows and the
// tests measure.

// placedKind names a placed mark.
type placedKind int8

const (
	pkHead    placedKind = iota // an arrowhead
	pkDot                       // where a move began, its cell empty now
	pkBroke                     // the "!" where a unit broke
	pkSwords                    // an attack's swords
	pkSide                      // the side an attack struck, named
	pkMeeting                   // a meeting engagement
	pkRing                      // a shot's target ring
	pkDamage                    // a shot's damage
	pkLosses                    // a unit's losses
	pkIcon                      // what befell a unit or its leaders
)

var placedKindNames = [...]string{"arrowhead", "dot", "broke", "swords", "side", "meeting", "ring", "damage", "losses", "icon"}

func (k placedKind) String() string { return placedKindNames[k] }

// placedMark is a mark's rectangle, its white halo included.
type placedMark struct {
	kind placedKind
	box  turnBox
}

// turnLayout is where everything of a turn goes.
type turnLayout struct {
	bounds turnBox   // the drawn cells
	tokens []turnBox // the units standing at the end and the ghosts
	marks  []placedMark

	paths    []pathPlace
	attacks  []attackPlace
	meetings []point
	shots    []shotPlace
	anchors  [][]turnPlaced
}

type pathPlace struct {
	pts      []point // the shaft, its tip last
	head     float64 // the arrowhead's scale; 0: none
	dot      bool    // a dot at pts[0]
	broke    point   // the "!" of a path that starts where the unit broke
	hasBroke bool
}

type attackPlace struct {
	pts               []point // the shaft, its tip last
	head              float64
	from, tip, swords point
	side              point
	hasSide           bool
}

type shotPlace struct {
	from, ring, damage point
	hasFrom            bool
}

// overlapEps is how far two rectangles may touch without covering.
const overlapEps = 0.01

// covers reports whether a and b share more than an edge.
func (a turnBox) covers(b turnBox) bool {
	return math.Min(a.x1, b.x1)-math.Max(a.x0, b.x0) > overlapEps &&
		math.Min(a.y1, b.y1)-math.Max(a.y0, b.y0) > overlapEps
}

func (a turnBox) within(b turnBox) bool {
	return a.x0 >= b.x0-overlapEps && a.y0 >= b.y0-overlapEps && a.x1 <= b.x1+overlapEps && a.y1 <= b.y1+overlapEps
}

// free reports whether a mark in b would cover nothing and stay in bounds.
func (lay *turnLayout) free(b turnBox) bool {
	if !b.within(lay.bounds) {
		return false
	}
	for _, t := range lay.tokens {
		if b.covers(t) {
			return false
		}
	}
	for _, m := range lay.marks {
		if b.covers(m.box) {
			return false
		}
	}
	return true
}

// cost is how much a mark in b would cover.
func (lay *turnLayout) cost(b turnBox) float64 {
	k := 4 * (b.area() - b.inter(lay.bounds).area())
	for _, t := range lay.tokens {
		k += 2 * b.inter(t).area()
	}
	for _, m := range lay.marks {
		k += 3 * b.inter(m.box).area()
	}
	return k
}

func (lay *turnLayout) take(k placedKind, b turnBox) {
	lay.marks = append(lay.marks, placedMark{kind: k, box: b})
}

// place puts a w x h mark at the first free candidate centre; else at the
// nearest free spot around the first, in rings farther and farther out;
// else where it covers least. It takes the spot.
func (lay *turnLayout) place(k placedKind, cands []point, w, h, step float64) point {
	for _, c := range cands {
		if b := turnBoxAround(c, w, h); lay.free(b) {
			lay.take(k, b)
			return c
		}
	}
	o := cands[0]
	for ring := 1; ring <= 24; ring++ {
		r := float64(ring) * step
		n := 8 + 4*ring
		for i := range n {
			a := 2 * math.Pi * float64(i) / float64(n)
			c := point{o.x + r*math.Cos(a), o.y - r*math.Sin(a)}
			if b := turnBoxAround(c, w, h); lay.free(b) {
				lay.take(k, b)
				return c
			}
		}
	}
	best, cost := cands[0], math.Inf(1)
	for _, c := range cands {
		if v := lay.cost(turnBoxAround(c, w, h)); v < cost {
			best, cost = c, v
		}
	}
	lay.take(k, turnBoxAround(best, w, h))
	return best
}

// around are the candidate centres of a w x h mark beside the rectangle
// r: above it at the corner of the first side, then down that side, then
// the other corner and side, then below.
func around(r turnBox, w, h float64, leftFirst bool) []point {
	g := 0.5
	above, below := r.y0-h/2-g, r.y1+h/2+g
	left, right := r.x0-w/2-g, r.x1+w/2+g
	inL, inR := r.x0+w/2, r.x1-w/2
	top, mid, bot := r.y0+h/2, (r.y0+r.y1)/2, r.y1-h/2
	first := []point{{inL, above}, {left, top}, {left, mid}, {left, bot}}
	second := []point{{inR, above}, {right, top}, {right, mid}, {right, bot}}
	if !leftFirst {
		first, second = second, first
	}
	out := append(first, second...)
	return append(out, point{(r.x0 + r.x1) / 2, above}, point{inL, below}, point{inR, below}, point{(r.x0 + r.x1) / 2, below},
		point{left, above}, point{right, above}, point{left, below}, point{right, below})
}

// headBox is the rectangle of an arrowhead of a polyline of width lw
// ending at pts' last point, as arrow draws it.
func (d *drawer) headBox(pts []point, lw, hs float64) turnBox {
	tip, a, c, ok := d.headCorners(pts, lw, hs)
	if !ok {
		return turnBox{tip.x, tip.y, tip.x, tip.y}
	}
	return turnBox{math.Min(tip.x, math.Min(a.x, c.x)), math.Min(tip.y, math.Min(a.y, c.y)),
		math.Max(tip.x, math.Max(a.x, c.x)), math.Max(tip.y, math.Max(a.y, c.y))}
}

// headCorners are the tip and the two back corners of the arrowhead of a
// polyline of width lw at scale hs ending at pts' last point, as arrow
// draws it (never longer than most of the last segment); ok is false when
// the last segment has no length, and there is no head.
func (d *drawer) headCorners(pts []point, lw, hs float64) (tip, a, c point, ok bool) {
	n := len(pts) - 1
	tip, prev := pts[n], pts[n-1]
	hl := d.headLength(lw) * hs
	if seg := tip.sub(prev).len(); hl > seg*0.8 {
		hl = seg * 0.8
	}
	base := tip.toward(prev, hl)
	dir := tip.sub(base)
	if dir.len() == 0 {
		return tip, tip, tip, false
	}
	dir = dir.scale(1 / dir.len())
	perp := point{-dir.y, dir.x}
	hw := hl * 0.6
	return tip, base.add(perp.scale(hw)), base.sub(perp.scale(hw)), true
}

// fitHead finds an arrowhead for a polyline that covers no token and no
// mark: its tip drawn back along the last segment (at most half of it),
// then smaller; else none (the shaft alone). It takes the head's spot and
// gives its scale.
func (d *drawer) fitHead(lay *turnLayout, pts []point, lw float64) float64 {
	n := len(pts) - 1
	tip, prev := pts[n], pts[n-1]
	seg := tip.sub(prev).len()
	for _, hs := range []float64{1, 0.75, 0.55} {
		for back := 0.0; back <= seg*0.5; back++ {
			pts[n] = tip.toward(prev, back)
			b := d.headBox(pts, lw, hs)
			in := b.inter(lay.bounds)
			if in.x1 <= in.x0 || in.y1 <= in.y0 {
				return hs // clipped away
			}
			if lay.free(in) {
				lay.take(pkHead, in)
				return hs
			}
		}
	}
	pts[n] = tip
	return 0
}

// tokenBox is the rectangle of a token in cell c.
func (d *drawer) tokenBox(c engine.Cell) turnBox {
	x, y, w, h := d.l.tokenRect(c)
	return turnBox{x, y, x + w, y + h}
}

// layoutTurn places the plan's marks.
func (d *drawer) layoutTurn(p *turnPlan) *turnLayout {
	cs := d.l.cs
	gx, gy, gw, gh := d.l.gridPixels()
	lay := &turnLayout{bounds: turnBox{gx, gy, gx + gw, gy + gh}}
	var cells []engine.Cell
	for c := range p.tokens {
		if d.l.drawnCell(c) {
			cells = append(cells, c)
		}
	}
	slices.SortFunc(cells, func(a, b engine.Cell) int { return cmp.Or(a.Y-b.Y, a.X-b.X) })
	for _, c := range cells {
		lay.tokens = append(lay.tokens, d.tokenBox(c))
	}
	for _, g := range p.ghosts {
		if g.small && d.l.drawnCell(g.cell) {
			x, y, w, h := d.smallGhostRect(g)
			lay.tokens = append(lay.tokens, turnBox{x, y, x + w, y + h})
		}
	}

	// Fixed first: the arrowheads and the dots.
	lwPath, lwAttack := math.Max(2, cs*0.05), math.Max(3, cs*0.075)
	for _, path := range p.paths {
		pp := d.pathPoints(p, path)
		pp.head = d.fitHead(lay, pp.pts, lwPath)
		if pp.dot {
			// Once where two began; not under another's arrowhead.
			r := lwPath*1.3 + 2
			if b := turnBoxAround(pp.pts[0], 2*r, 2*r); lay.free(b) {
				lay.take(pkDot, b)
			} else {
				pp.dot = false
			}
		}
		lay.paths = append(lay.paths, pp)
	}
	for _, a := range p.attacks {
		pts, _ := d.attackEnds(p, a)
		hs := d.fitHead(lay, pts, lwAttack)
		lay.attacks = append(lay.attacks, attackPlace{pts: pts, head: hs, from: pts[len(pts)-2], tip: pts[len(pts)-1]})
	}

	// Then the marks by what they show.
	ringR := cs * 0.11
	ringW := 2*ringR + 3
	for _, s := range p.shots {
		lay.shots = append(lay.shots, d.placeShot(p, lay, s, ringR, ringW))
	}
	sw := 2*d.swordsRadius() + 3
	for i, a := range p.attacks {
		ap := &lay.attacks[i]
		_, mid := d.attackEnds(p, a)
		v := ap.tip.sub(ap.from)
		perp := point{-v.y, v.x}.scale(1 / math.Max(v.len(), 1))
		off := sw/2 + d.headLength(lwAttack)*0.6 + 1
		cands := []point{mid, mid.add(perp.scale(off)), mid.sub(perp.scale(off))}
		ap.swords = lay.place(pkSwords, cands, sw, sw, cs*0.1)
	}
	for _, m := range p.meetings {
		lay.meetings = append(lay.meetings, lay.place(pkMeeting, []point{m.spot}, sw, sw, cs*0.1))
	}
	br := cs * 0.11
	for i, path := range p.paths {
		if !path.routed || !d.l.drawnCell(path.cells[0]) {
			continue
		}
		pp := &lay.paths[i]
		c := d.cellPoint(path.cells[0])
		var cands []point
		if p.tokens[path.cells[0]] {
			cands = around(d.tokenBox(path.cells[0]), 2*br+2, 2*br+2, true)
			e := d.l.tokenEdge(c, pp.pts[1])
			cands = append([]point{e.toward(c, -br-1.5)}, cands...)
		} else {
			cands = []point{c, c.add(point{-br * 2, 0}), c.add(point{0, -br * 2})}
		}
		pp.broke, pp.hasBroke = lay.place(pkBroke, cands, 2*br+2, 2*br+2, cs*0.1), true
	}
	for _, a := range p.anchors {
		lay.anchors = append(lay.anchors, d.anchorLayout(a, lay))
	}
	for i, a := range p.attacks {
		d.placeAttackSide(a, &lay.attacks[i], lay)
	}
	for i, s := range p.shots {
		if s.hasDamage {
			sp := &lay.shots[i]
			sp.damage = d.placeDamage(lay, *sp, s)
		}
	}
	return lay
}

// pathPoints is a path's shaft: from a dot where the unit stood (or the
// edge of the token there) through the cells it crossed to the edge of its
// token.
func (d *drawer) pathPoints(p *turnPlan, path turnPath) pathPlace {
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
	return pathPlace{pts: pts, dot: !p.tokens[first] && !path.routed && d.l.drawnCell(first)}
}

func (d *drawer) swordsRadius() float64 { return d.l.cs * 0.11 }

// placeShot places a shot's ring beside its target, on the side of the
// shooter if the view sees him, and its line from him.
func (d *drawer) placeShot(p *turnPlan, lay *turnLayout, s turnShot, r, w float64) shotPlace {
	t := d.cellPoint(s.to)
	tb := d.tokenBox(s.to)
	var sp shotPlace
	var cands []point
	if s.from != engine.NoCell {
		f := d.cellPoint(s.from)
		e := d.l.tokenEdge(t, f)
		cands = append(cands, e.toward(t, -w/2-0.5))
		sp.hasFrom = true
		sp.from = d.cellEnd(p, s.from, t)
	}
	cands = append(cands, around(tb, w, w, false)...)
	sp.ring = lay.place(pkRing, cands, w, w, d.l.cs*0.1)
	return sp
}

// placeDamage places the figures a shot took: on its line (half way, or
// nearer one end), or by its ring.
func (d *drawer) placeDamage(lay *turnLayout, sp shotPlace, s turnShot) point {
	cs := d.l.cs
	text := lossText(s.damage)
	w, h := d.turnTagWidth(text)+3, d.turnTagHeight()+3
	var cands []point
	if sp.hasFrom && sp.from.sub(sp.ring).len() > cs*0.6 {
		for _, k := range []float64{0.5, 0.35, 0.65, 0.2, 0.8} {
			cands = append(cands, sp.from.add(sp.ring.sub(sp.from).scale(k)))
		}
	}
	rb := turnBoxAround(sp.ring, cs*0.22+3, cs*0.22+3)
	cands = append(cands, around(rb, w, h, false)...)
	return lay.place(pkDamage, cands, w, h, cs*0.1)
}

// placeAttackSide places the name of the side an attack struck (a flank,
// the rear, a routing unit) beside its swords.
func (d *drawer) placeAttackSide(a turnAttack, ap *attackPlace, lay *turnLayout) {
	key := "turn.side_" + a.detail
	if a.detail == "front" || !render.IsKey(key) {
		return
	}
	text := render.T(d.lang, key)
	w, h := d.turnTagWidth(text)+3, d.turnTagHeight()+3
	r := d.swordsRadius() + 1.5
	sb := turnBoxAround(ap.swords, 2*r, 2*r)
	cands := []point{{ap.swords.x, sb.y1 + h/2 + 0.5}, {sb.x1 + w/2 + 0.5, ap.swords.y}, {sb.x0 - w/2 - 0.5, ap.swords.y}, {ap.swords.x, sb.y0 - h/2 - 0.5}}
	if v := ap.tip.sub(ap.from); math.Abs(v.y) > math.Abs(v.x) {
		cands = []point{cands[1], cands[2], cands[0], cands[3]}
	}
	ap.side, ap.hasSide = lay.place(pkSide, cands, w, h, d.l.cs*0.1), true
}
