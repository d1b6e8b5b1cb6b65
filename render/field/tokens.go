package field

import (
	"fmt"
	"image"
	"image/color"
	"math"
	"strconv"
	"strings"

	"github.com/gunbai/gunbai/engine"
	"github.com/gunbai/gunbai/render"
)

// A unit is drawn as a wargame counter: a body in its side's colour with
// its type and figures ("ТК 8") over its full ID; its front edge is a dark
// band that comes to a point beyond the edge, with a white chevron on it
// (R-I.1.8), so the whole counter faces its front. A routing unit is
// pale, hatched and outlined with dashes, with a "!" badge (R-X);
// Hold at all costs has a badge at the bottom left (R-VI.3.2-3), fatigued
// cavalry one at the bottom right (R-II.2.5); in the band above it, right
// of the cell's name, stand its leaders as stars (R-III), a raised banner
// as a flag (R-V.7) and the routing badge.

// units draws every unit on the drawn cells as a counter, and over them
// the flags of the HQs they stand in.
func (d *drawer) units() {
	d.banners = bannerUnits(d.opt)
	for _, u := range activeUnits(d.b) {
		if d.l.drawnCell(u.Cell) {
			// A counter is alike in most pictures of a turn (the
			// views, the replay's frames): from the memo, if it was.
			x, y := d.l.cellOrigin(u.Cell)
			m := math.Ceil(d.l.cs * 0.25)
			r := image.Rect(int(x-m), int(y-m), int(math.Ceil(x+d.l.cs+m)), int(math.Ceil(y+d.l.cs+m)))
			d.memo(d.memoKeyOf(memoToken, r, d.tokenKey(u)), func() { d.token(u) })
		}
	}
	d.hqOverUnit()
}

// tokenKey is what a unit's counter shows (token), printed: the unit, its
// label, banner and leaders, whether it is hidden from the enemy and the
// room an HQ's cap leaves it; the own input of its memo key (memo.go).
func (d *drawer) tokenKey(u *engine.Unit) string {
	var sb strings.Builder
	x, _ := d.l.cellOrigin(u.Cell)
	fmt.Fprint(&sb, *u, d.l.labels[u.ID], d.banners[u.ID],
		d.hiddenFromEnemy(u), d.hqCapLeft(u.Cell, x+d.l.cs))
	for _, l := range leadersAt(d.b, u.ID, u.Side) {
		fmt.Fprint(&sb, " ", *l)
	}
	return sb.String()
}

// bannerUnits are the units a banner is raised in, this turn (EvBanner)
// or by a pending order.
func bannerUnits(opt *Options) map[string]bool {
	if opt == nil {
		return nil
	}
	out := map[string]bool{}
	for _, e := range opt.Events {
		if e.Kind == engine.EvBanner && e.Unit != "" {
			out[e.Unit] = true
		}
	}
	for _, it := range opt.Intents {
		if it.Order == engine.OrderBanner && it.Unit != "" {
			out[it.Unit] = true
		}
	}
	return out
}

func (d *drawer) token(u *engine.Unit) {
	cs := d.l.cs
	g := d.l.counter(u.Cell, u.Facing)
	x, y, w, h := g.body.x, g.body.y, g.body.w, g.body.h
	if d.hiddenFromEnemy(u) {
		d.hiddenOutline(g)
	}
	d.counterBody(u, g)
	d.counterFront(u, &g)
	d.counterText(u, g)
	if u.Hold {
		d.holdBadge(x+cs*0.03, y+h-cs*0.03, cs*0.105)
	}
	if u.Fatigued {
		d.fatigueBadge(x+w-cs*0.02, y+h-cs*0.02, cs*0.09)
	}
	d.capRow(u)
}

const counterRadius = 0.07 // of a cell

// counterBody is the counter's body: solid in the side's colour, or pale
// and hatched with a dashed outline when the unit routs.
func (d *drawer) counterBody(u *engine.Unit, g counterGeom) {
	dc, cs := d.dc, d.l.cs
	x, y, w, h := g.body.x, g.body.y, g.body.w, g.body.h
	r := cs * counterRadius
	dark := sideDark(u.Side)
	if !u.Routing() {
		// The outline is the body filled dark under the body filled in
		// the side's colour (two fills: stroking is slow).
		lw := math.Max(1, cs/48)
		dc.SetColor(dark)
		dc.DrawRoundedRectangle(x-lw/2, y-lw/2, w+lw, h+lw, r+lw/2)
		dc.Fill()
		dc.SetColor(SideColor(u.Side))
		dc.DrawRoundedRectangle(x+lw/2, y+lw/2, w-lw, h-lw, r-lw/2)
		dc.Fill()
		return
	}
	dc.SetColor(sideFaded(u.Side))
	dc.DrawRoundedRectangle(x, y, w, h, r)
	dc.Fill()
	d.hatch(rectF{x + 1, y + 1, w - 2, h - 2}, cs*0.12, hatchColor(u.Side), math.Max(1.5, cs/32))
	dc.SetColor(dark)
	dc.SetLineWidth(math.Max(1.5, cs/32))
	dc.SetDash(cs*0.08, cs*0.05)
	dc.DrawRoundedRectangle(x, y, w, h, r)
	dc.Stroke()
	dc.SetDash()
}

// hatch draws diagonal lines ("/") step apart across r, lw wide, cut at
// its edges: each line is the band of r between x+y = c-lw/√2 and
// x+y = c+lw/√2, filled (no clipping mask: gg allocates one the size of
// the picture; no stroke: stroking is slow).
func (d *drawer) hatch(r rectF, step float64, ink color.Color, lw float64) {
	dc := d.dc
	hw := lw / math.Sqrt2
	rect := []point{{0, 0}, {r.w, 0}, {r.w, r.h}, {0, r.h}}
	for c := step / 2; c-hw < r.w+r.h; c += step {
		band := clipHalf(rect, func(p point) float64 { return p.x + p.y - (c - hw) })
		band = clipHalf(band, func(p point) float64 { return c + hw - (p.x + p.y) })
		for i, p := range band {
			if i == 0 {
				dc.MoveTo(r.x+p.x, r.y+p.y)
			} else {
				dc.LineTo(r.x+p.x, r.y+p.y)
			}
		}
		dc.ClosePath()
	}
	dc.SetColor(ink)
	dc.Fill()
}

// clipHalf is the part of a convex polygon where f >= 0 (f linear).
func clipHalf(poly []point, f func(point) float64) []point {
	var out []point
	for i, p := range poly {
		q := poly[(i+1)%len(poly)]
		fp, fq := f(p), f(q)
		if fp >= 0 {
			out = append(out, p)
		}
		if (fp >= 0) != (fq >= 0) {
			out = append(out, p.add(q.sub(p).scale(fp/(fp-fq))))
		}
	}
	return out
}

// at maps a point given against the counter's front edge to pixels: a
// runs along the edge, from the unit's left to its right, with 0 at the
// middle; b goes in from the edge (negative: out in front of it).
func (g *counterGeom) at(a, b float64) (float64, float64) {
	x, y, w, h := g.body.x, g.body.y, g.body.w, g.body.h
	switch g.facing {
	case engine.N:
		return x + w/2 + a, y + b
	case engine.S:
		return x + w/2 - a, y + h - b
	case engine.E:
		return x + w - b, y + h/2 + a
	}
	return x + b, y + h/2 - a
}

// half is half the length of the front edge.
func (g *counterGeom) half() float64 {
	if g.facing == engine.N || g.facing == engine.S {
		return g.body.w / 2
	}
	return g.body.h / 2
}

// Sizes of a counter's point, in cells: its half base and how far it
// stands out of the front edge.
const (
	prowHalf   = 0.13
	prowHeight = 0.075
)

// counterFront is the front band with its point and chevron.
func (d *drawer) counterFront(u *engine.Unit, g *counterGeom) {
	dc, cs := d.dc, d.l.cs
	r, bd := cs*counterRadius, bandDepth(cs, g.facing)
	pb, ph := math.Round(cs*prowHalf), math.Round(cs*prowHeight)
	L := g.half()
	move := func(a, b float64) { dc.MoveTo(g.at(a, b)) }
	line := func(a, b float64) { dc.LineTo(g.at(a, b)) }
	quad := func(a0, b0, a1, b1 float64) {
		x0, y0 := g.at(a0, b0)
		x1, y1 := g.at(a1, b1)
		dc.QuadraticTo(x0, y0, x1, y1)
	}
	move(-L, bd)
	line(-L, r)
	quad(-L, 0, -L+r, 0)
	line(-pb, 0)
	line(0, -ph)
	line(pb, 0)
	line(L-r, 0)
	quad(L, 0, L, r)
	line(L, bd)
	dc.ClosePath()
	band := color.Color(sideDark(u.Side))
	if u.Routing() {
		c := sideDark(u.Side)
		band = color.NRGBA{c.R, c.G, c.B, 0x99}
	}
	dc.SetColor(band)
	dc.Fill()
	// The chevron, pointing out.
	cw := math.Round(cs * 0.15)
	dc.Push()
	dc.SetLineJoinRound()
	dc.SetLineCapRound()
	move(-cw, bd*0.72)
	line(0, -ph*0.3)
	line(cw, bd*0.72)
	dc.SetColor(white)
	dc.SetLineWidth(math.Max(1.5, cs*0.035))
	dc.Stroke()
	dc.Pop()
}

// counterText writes "ТК 8" and the unit's ID (or its number in the key)
// in the counter's content.
func (d *drawer) counterText(u *engine.Unit, g counterGeom) {
	lab, ok := d.l.labels[u.ID]
	if !ok {
		return
	}
	ink := color.Color(white)
	if u.Routing() {
		ink = sideDark(u.Side)
	}
	label := labelFace(d.f, lab.labelPx)
	id := d.f.face(false, lab.px)
	c := g.content
	top := c.y + lab.top
	cx := c.x + c.w/2
	text := render.TroopShort(d.lang, u.Type) + " " + strconv.Itoa(u.Figures)
	base := top + capHeight(label)
	d.textAt(label, fitText(label, text, c.w-2), cx, math.Round(base), 0.5, ink)
	base += idGap(id) + capHeight(id)
	for _, s := range lab.lines {
		d.textAt(id, s, cx, math.Round(base), 0.5, ink)
		base += idLineH(id)
	}
}

func (d *drawer) hiddenFromEnemy(u *engine.Unit) bool { return hiddenFromEnemy(d.b, d.opt, u) }

// hiddenFromEnemy reports whether the GM's view shows u hidden from the
// enemy by a forest (R-XI.3.2, D-67): the enemy's view leaves it out.
func hiddenFromEnemy(b *engine.Battle, opt *Options, u *engine.Unit) bool {
	if opt == nil || opt.View != ViewGM || u.Revealed || !b.Terrain.Forest(u.Cell) {
		return false
	}
	for i := range b.Units {
		e := &b.Units[i]
		if e.Side != u.Side && e.Active() && engine.Adjacent8(e.Cell, u.Cell) {
			return false
		}
	}
	return true
}

// hiddenOutline is a dashed white ring around a hidden unit's counter.
func (d *drawer) hiddenOutline(g counterGeom) {
	dc, cs := d.dc, d.l.cs
	o := math.Max(2, cs*0.035)
	dc.SetDash(cs*0.06, cs*0.04)
	dc.SetLineWidth(math.Max(1.5, cs*0.03))
	dc.SetColor(starInk)
	dc.DrawRoundedRectangle(g.body.x-o, g.body.y-o, g.body.w+2*o, g.body.h+2*o, cs*counterRadius+o)
	dc.Stroke()
	dc.SetDash()
}

// starStep is the distance between the centres of n stars in a row: step,
// or less if the row would be longer than span.
func (d *drawer) starStep(n int, step, span float64) float64 {
	if n > 1 && step*float64(n-1) > span {
		return math.Max(0, span) / float64(n-1)
	}
	return step
}

// capRow draws what stands in the band above a counter, right of the
// cell's name, from the right: the routing badge, a star for each leader
// in the unit, the commander first, and a raised banner; left of the
// HQ's flag and leaders if the cell is an HQ. If the row is short, they
// stand closer together.
func (d *drawer) capRow(u *engine.Unit) {
	ls := leadersAt(d.b, u.ID, u.Side)
	banner := d.banners[u.ID]
	n := len(ls)
	if banner {
		n++
	}
	if n == 0 && !u.Routing() {
		return
	}
	cs := d.l.cs
	x, y := d.l.cellOrigin(u.Cell)
	cy := y + capRowY(cs)
	right := d.hqCapLeft(u.Cell, x+cs)
	if u.Routing() {
		r := cs * 0.1
		d.routingBadge(right-cs*0.03-r, cy, r)
		right -= cs*0.06 + 2*r
	}
	if n == 0 {
		return
	}
	r, step := cs*0.085, cs*0.15
	first := right - cs*0.02 - r
	nx, _ := d.namePos(u.Cell)
	room := first - (nx + measure(d.f.cell, u.Cell.Name()) + r + cs*0.02)
	step = math.Max(d.starStep(n, step, room), cs*0.05)
	if banner {
		d.bannerFlag(first-float64(n-1)*step, cy, r, u.Side)
	}
	for i := len(ls) - 1; i >= 0; i-- { // the commander on top
		d.leaderStar(ls[i], first-float64(i)*step, cy, r)
	}
}

// capRowY is the middle of the band above a counter, from the cell's top.
func capRowY(cs float64) float64 { return math.Round(cs * 0.125) }

// bannerFlag is a raised banner: a nobori, a tall gold flag on a pole,
// standing on the point (cx, cy), r the size of a star.
func (d *drawer) bannerFlag(cx, cy, r float64, side engine.Side) {
	dc := d.dc
	pole := cx - r*0.55
	top, bottom := cy-r*1.5, cy+r*0.9
	fw, fh := r*1.2, r*1.7
	dc.SetColor(white)
	dc.DrawRectangle(pole-1, top-1, fw+2, fh+2)
	dc.Fill()
	dc.SetColor(bannerGold)
	dc.DrawRectangle(pole, top, fw, fh)
	dc.Fill()
	dc.SetColor(sideDark(side))
	dc.SetLineWidth(1)
	dc.DrawRectangle(pole, top, fw, fh)
	dc.Stroke()
	dc.DrawCircle(pole+fw/2, top+fh*0.45, r*0.3)
	dc.Fill()
	dc.SetColor(starInk)
	dc.SetLineWidth(math.Max(1.2, r*0.25))
	dc.DrawLine(pole, top-r*0.2, pole, bottom)
	dc.Stroke()
}

// holdBadge marks a unit holding at all costs (R-VI.3.2-3): a dark square
// with a white letter, ringed in white.
func (d *drawer) holdBadge(cx, cy, r float64) {
	dc := d.dc
	x0, y0 := math.Round(cx-r), math.Round(cy-r)
	side := math.Round(2 * r)
	dc.SetColor(white)
	dc.DrawRoundedRectangle(x0-1, y0-1, side+2, side+2, r*0.35)
	dc.Fill()
	dc.SetColor(starInk)
	dc.DrawRoundedRectangle(x0, y0, side, side, r*0.3)
	dc.Fill()
	d.centredInk(d.f.badge, render.T(d.lang, "field.hold_badge"), x0+side/2, y0+side/2, white)
}

// fatigueBadge marks fatigued cavalry (R-II.2.5): a small grey disc with
// "z".
func (d *drawer) fatigueBadge(cx, cy, r float64) {
	dc := d.dc
	dc.SetColor(fatigueFill)
	dc.DrawCircle(cx, cy, r)
	dc.FillPreserve()
	dc.SetColor(fatigueInk)
	dc.SetLineWidth(1)
	dc.Stroke()
	d.centredInk(d.f.badge, "z", cx, cy, fatigueInk)
}

// routingBadge is a yellow disc with "!".
func (d *drawer) routingBadge(cx, cy, r float64) {
	dc := d.dc
	dc.SetColor(badgeColor)
	dc.DrawCircle(cx, cy, r)
	dc.FillPreserve()
	dc.SetColor(textColor)
	dc.SetLineWidth(1.2)
	dc.Stroke()
	d.centredInk(d.f.label, "!", cx, cy, textColor)
}

func facingVec(f engine.Dir) (float64, float64) {
	v := f.Vec()
	return float64(v.DX), float64(v.DY)
}
