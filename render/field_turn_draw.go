package render

import (
	"cmp"
	"image"
	"image/color"
	"math"
	"slices"
	"strconv"

	"github.com/gunbai/gunbai/engine"
)

// Drawing a turn's plan: where its labels go, its arrows, shots and tags.

// turnLines draws the plan's lines and arrows, clipped to the drawn cells
// (gw x gh): shots under the arrows, rings on top of their lines. Without
// any, no clip: a clip is a mask of the whole picture.
func (d *drawer) turnLines(p *turnPlan, gw, gh float64) {
	if len(p.shots)+len(p.paths)+len(p.attacks)+len(p.meetings) == 0 {
		return
	}
	dc, cs := d.dc, d.l.cs
	dc.Push()
	d.clipRect(d.l.gridX, d.l.gridY, gw, gh)
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
}

// clipRect clips d.dc to the rectangle. One of whole pixels is the mask
// gg would rasterise for it (all in, all out), made directly.
func (d *drawer) clipRect(x, y, w, h float64) {
	dc := d.dc
	whole := func(v float64) bool { return v == math.Trunc(v) }
	if !whole(x) || !whole(y) || !whole(w) || !whole(h) || d.img == nil {
		dc.DrawRectangle(x, y, w, h)
		dc.Clip()
		return
	}
	mask := image.NewAlpha(image.Rect(0, 0, dc.Width(), dc.Height()))
	r := image.Rect(int(x), int(y), int(x+w), int(y+h)).Intersect(mask.Rect)
	for row := r.Min.Y; row < r.Max.Y; row++ {
		line := mask.Pix[row*mask.Stride+r.Min.X : row*mask.Stride+r.Max.X]
		for i := range line {
			line[i] = 0xff
		}
	}
	if err := dc.SetMask(mask); err != nil {
		dc.DrawRectangle(x, y, w, h)
		dc.Clip()
	}
}

// turn draws the turn of opt.Events over the units (see the top of
// field_turn.go), in the drawn cells: lines and arrows clipped to them,
// the marks with words in drawn cells only (text is not drawn under a
// clip, which would cost a canvas per string).
func (d *drawer) turn(opt FieldOptions) {
	if len(opt.Events) == 0 {
		return
	}
	p := turnPlanOf(&d.l, d.b, opt.Before, opt.Events)
	cs := d.l.cs
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
	d.turnLines(p, gw, gh)

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
