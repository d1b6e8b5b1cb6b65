package field

import (
	"image"
	"image/color"
	"math"
	"strconv"

	"github.com/gunbai/gunbai/engine"
	"github.com/gunbai/gunbai/render"
)

// Drawing a turn's plan: where its labels go, its arrows, shots and tags.

// turnLines draws the plan's lines and arrows, clipped to the drawn cells
// (gw x gh): shots under the arrows, rings on top of their lines. Without
// any, no clip: a clip is a mask of the whole picture.
func (d *drawer) turnLines(p *turnPlan, lay *turnLayout, gw, gh float64) {
	if len(p.shots)+len(p.paths)+len(p.attacks)+len(p.meetings) == 0 {
		return
	}
	dc, cs := d.dc, d.l.cs
	dc.Push()
	d.clipRect(d.l.gridX, d.l.gridY, gw, gh)
	for _, s := range lay.shots {
		if s.hasFrom {
			d.shotLine(s.from, s.ring, false)
		}
	}
	for _, s := range lay.shots {
		d.targetRing(s.ring.x, s.ring.y, cs*0.11)
	}
	for i, path := range p.paths {
		d.turnPathArrow(path, lay.paths[i])
	}
	for _, a := range lay.attacks {
		d.arrowScaled(a.pts, attackColor, math.Max(3, cs*0.075), false, a.head)
	}
	for _, a := range lay.attacks {
		d.swords(a.swords.x, a.swords.y, d.swordsRadius())
	}
	for _, m := range lay.meetings {
		d.meetingMark(m)
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
// turn.go), in the drawn cells, where layoutTurn placed its marks:
// lines and arrows clipped to them, the marks with words in drawn cells
// only (text is not drawn under a clip, which would cost a canvas per
// string).
func (d *drawer) turn(opt Options) {
	if len(opt.Events) == 0 {
		return
	}
	p := turnPlanOf(&d.l, d.b, opt.Before, opt.Events)
	lay := d.layoutTurn(p)
	cs := d.l.cs
	gw, gh := float64(d.l.maxX-d.l.minX+1)*cs, float64(d.l.maxY-d.l.minY+1)*cs
	for _, g := range p.ghosts {
		if !g.small {
			d.ghostToken(g)
		}
	}
	d.turnLines(p, lay, gw, gh)

	// Marks with words, in drawn cells.
	for _, g := range p.ghosts {
		if g.small {
			d.ghostToken(g)
		}
	}
	for _, pp := range lay.paths {
		if pp.hasBroke {
			d.routingBadge(pp.broke.x, pp.broke.y, cs*0.11)
		}
	}
	for i, a := range p.attacks {
		if ap := lay.attacks[i]; ap.hasSide {
			d.turnTag(ap.side.x, ap.side.y, render.T(d.lang, "turn.side_"+a.detail), attackColor, white)
		}
	}
	for _, ms := range lay.anchors {
		d.drawMarks(ms)
	}
	for i, s := range p.shots {
		if s.hasDamage {
			at := lay.shots[i].damage
			d.turnTag(at.x, at.y, lossText(s.damage), shotColor, white)
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

// turnPathArrow is a unit's way, as placed: from a dot where it stood (or
// the edge of the token now there) through the cells it crossed to the
// edge of its token.
func (d *drawer) turnPathArrow(path turnPath, pp pathPlace) {
	ink := color.Color(sideDark(path.side))
	lw := math.Max(2, d.l.cs*0.05)
	dashed := path.style != styleMove
	if path.style == styleRout {
		ink = routColor
	}
	if pp.dot {
		start := pp.pts[0]
		dc := d.dc
		dc.SetColor(white)
		dc.DrawCircle(start.x, start.y, lw*1.3+2)
		dc.Fill()
		dc.SetColor(ink)
		dc.DrawCircle(start.x, start.y, lw*1.3)
		dc.Fill()
	}
	d.arrowScaled(pp.pts, ink, lw, dashed, pp.head)
}

// attackEnds are an attack's shaft (from inside the attacker's token, or
// its cell, as it was at the attack, to the edge of the attacked token, or
// of its ghost where it stood) and where its swords go (the middle of the
// gap between the two).
func (d *drawer) attackEnds(p *turnPlan, a turnAttack) (pts []point, mid point) {
	cs := d.l.cs
	fc, tc := d.cellPoint(a.from), d.cellPoint(a.to)
	var tip point
	var corner *point
	if a.ghost != nil && a.ghost.small {
		// Into the ghost at the top of the cell, from the side along the
		// band at the top of the cells: straight if the attacker was to
		// the side, round the ghost's right if above or below.
		x, y, w, h := d.smallGhostRect(a.ghost)
		gy := y + h/2
		switch {
		case a.from.X < a.to.X:
			tip, fc = point{x, gy}, point{x - cs*0.45, gy}
		case a.from.X > a.to.X:
			tip, fc = point{x + w, gy}, point{x + w + cs*0.45, gy}
		default:
			tip = point{x + w, gy}
			corner = &point{x + w + cs*0.3, gy}
		}
		tc = point{x + w/2, gy}
	} else {
		tip = d.l.tokenEdge(tc, fc)
	}
	edge := d.cellEnd(p, a.from, tc)
	mid = edge.add(tip).scale(0.5)
	from := tip.toward(fc, math.Max(tip.sub(edge).len()+cs*0.1, cs*0.45))
	pts = []point{from, tip}
	if a.ghost != nil && a.ghost.small {
		mid = from.add(tip).scale(0.5) // on the arrow, along the band
	}
	if corner != nil {
		from = d.cellPoint(a.from)
		mid = from.add(*corner).scale(0.5)
		pts = []point{from, *corner, tip}
	}
	if a.lane != 0 {
		v := tc.sub(fc)
		off := point{-v.y, v.x}.scale(a.lane * cs * 0.17 / v.len())
		for i := range pts {
			pts[i] = pts[i].add(off)
		}
		mid = mid.add(off)
	}
	return pts, mid
}

// meetingMark is a meeting engagement: the swords ringed in black.
func (d *drawer) meetingMark(at point) {
	r := d.swordsRadius()
	d.swords(at.x, at.y, r)
	d.dc.SetColor(textColor)
	d.dc.SetLineWidth(math.Max(2, r*0.25))
	d.dc.DrawCircle(at.x, at.y, r)
	d.dc.Stroke()
}

// lossText writes figures lost: "−3" with a true minus sign.
func lossText(n int) string { return "−" + strconv.Itoa(n) }

func (d *drawer) turnTagHeight() float64 { return math.Round(math.Max(10, d.l.cs*0.185)) }

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
