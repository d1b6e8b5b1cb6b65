package field

import (
	"image/color"
	"math"
	"slices"
	"strconv"

	"github.com/gunbai/gunbai/engine"
)

// The preview of a side's pending orders (Options.Intents), drawn over
// the units: a violet arrow along each move, solid in phase 1 and dashed in
// phase 2, with the phase's number at its start; an attack as a thicker red
// arrow into the attacked cell with crossed swords; a shot as a thin orange
// line to a target ring; a new front as a hollow triangle on the token's
// edge; the outline of the token where a move ends. Every mark has a white
// halo, so it reads on any cell and token.

// Colours of the preview.
var (
	previewInk  = color.RGBA{0x5b, 0x21, 0x8e, 0xff} // moves and new fronts
	previewPale = color.RGBA{0xd8, 0xc4, 0xf0, 0xff} // a new front in phase 2
	attackColor = color.RGBA{0xe0, 0x0b, 0x3a, 0xff}
	shotColor   = color.RGBA{0xe0, 0x6a, 0x00, 0xff}
)

// previewMark is a set of the marks a preview uses, for its legend.
type previewMark uint8

const (
	markPhase1 previewMark = 1 << iota
	markPhase2
	markAttack
	markShot
	markFront
)

type point struct{ x, y float64 }

func (p point) add(q point) point     { return point{p.x + q.x, p.y + q.y} }
func (p point) sub(q point) point     { return point{p.x - q.x, p.y - q.y} }
func (p point) scale(k float64) point { return point{p.x * k, p.y * k} }
func (p point) len() float64          { return math.Hypot(p.x, p.y) }
func (p point) toward(q point, d float64) point {
	v := q.sub(p)
	n := v.len()
	if n == 0 {
		return p
	}
	return p.add(v.scale(d / n))
}

// previewShape is what one order draws, in pixels.
type previewShape struct {
	phase  int
	phase2 bool
	offset point // of every mark of the unit, apart from units in its cell
	// path is the arrow of a move through the centres of the tokens, the
	// unit's first; fewer than two points: no arrow. attack: it ends in an
	// attacked unit's cell. ghost: the outline of the token where the unit
	// ends up, in ghostCell.
	path      []point
	attack    bool
	ghost     bool
	ghostCell engine.Cell
	// shot: a line from shotFrom to a target ring at shotAt.
	shot             bool
	shotFrom, shotAt point
	// front: a new front on the token at frontCell; turn: the unit turns
	// where it stands.
	front, turn bool
	frontCell   engine.Cell
	facing      engine.Dir
	// badge is where the phase number goes, badgeDir the way it slides
	// when another mark sits there.
	badge, badgeDir point
}

// drawnCell reports whether c is one of the cells the layout draws.
func (l *layout) drawnCell(c engine.Cell) bool {
	return c != engine.NoCell && c.X >= l.minX && c.X <= l.maxX && c.Y >= l.minY && c.Y <= l.maxY
}

// tokenCentre is the centre of a unit's token in cell c.
func (l *layout) tokenCentre(c engine.Cell) point {
	x, y, w, h := l.tokenRect(c)
	return point{x + w/2, y + h/2}
}

// tokenEdge is the point of a token's outline, centred at c, in the
// direction of to.
func (l *layout) tokenEdge(c, to point) point {
	_, _, w, h := l.tokenRect(engine.Cell{})
	v := to.sub(c)
	t := math.Inf(1)
	if v.x != 0 {
		t = w / 2 / math.Abs(v.x)
	}
	if v.y != 0 {
		t = math.Min(t, h/2/math.Abs(v.y))
	}
	if math.IsInf(t, 1) {
		return c
	}
	return c.add(v.scale(t))
}

// previewShapes places the marks of every order on the layout's cells. An
// order whose unit stands off the drawn cells draws nothing; a path stops
// at the last drawn cell (and an attack at its end is left out); a target
// off them is left out.
func previewShapes(l *layout, b *engine.Battle, intents []engine.Intended) []previewShape {
	lane := previewLanes(b, intents)
	before, known := previewFacings(b, intents)
	var out []previewShape
	for i := range intents {
		if s, ok := previewShapeOf(l, &intents[i], lane[previewKey(intents, i)], before[i], known[i]); ok {
			out = append(out, s)
		}
	}
	previewShotsApart(l.cs, out)
	previewSlideBadges(l, out)
	return out
}

// previewKey names the unit of order i: its id, or its place for an order
// of no unit.
func previewKey(intents []engine.Intended, i int) string {
	if intents[i].Unit == "" {
		return "#" + strconv.Itoa(i)
	}
	return intents[i].Unit
}

// previewLanes gives each unit a lane among those standing in its cell:
// their marks shift diagonally by lane, so none hides another.
func previewLanes(b *engine.Battle, intents []engine.Intended) map[string]int {
	lane := map[string]int{}
	inCell := map[engine.Cell]int{}
	for i := range intents {
		k := previewKey(intents, i)
		if _, ok := lane[k]; ok {
			continue
		}
		home := intents[i].From
		if u := b.Unit(intents[i].Unit); u != nil && u.Active() {
			home = u.Cell
		}
		lane[k] = inCell[home]
		inCell[home]++
	}
	return lane
}

// previewFacings is the facing before each order (known: there is one):
// the unit's, then that of its order of phase 1 for its order of phase 2.
func previewFacings(b *engine.Battle, intents []engine.Intended) (before []engine.Dir, known []bool) {
	before = make([]engine.Dir, len(intents))
	known = make([]bool, len(intents))
	facing := map[string]engine.Dir{}
	for _, first := range []bool{true, false} {
		for i := range intents {
			it := &intents[i]
			if (it.Phase == 1) != first {
				continue
			}
			f, ok := facing[previewKey(intents, i)]
			if u := b.Unit(it.Unit); !ok && u != nil && it.Unit != "" {
				f, ok = u.Facing, true
			}
			before[i], known[i] = f, ok
			facing[previewKey(intents, i)] = it.Facing
		}
	}
	return before, known
}

// previewShapeOf places the marks of one order, its unit in lane lk and
// facing before it (if known); false: it draws nothing (its unit off the
// drawn cells, or an order that leaves it as it is).
func previewShapeOf(l *layout, it *engine.Intended, lk int, before engine.Dir, known bool) (previewShape, bool) {
	cs := l.cs
	if !l.drawnCell(it.From) {
		return previewShape{}, false
	}
	m := float64((lk + 1) / 2) // lanes 0, 1, 2, 3, 4: shifts 0, 1, -1, 2, -2
	if lk%2 == 0 {
		m = -m
	}
	s := previewShape{
		phase:  it.Phase,
		phase2: it.Phase == 2,
		offset: point{m * cs * 0.13, -m * cs * 0.13},
	}
	at := func(c engine.Cell) point { return l.tokenCentre(c).add(s.offset) }
	s.path = []point{at(it.From)}
	last, whole := it.From, true
	for _, c := range it.Path {
		if !l.drawnCell(c) {
			whole = false
			break
		}
		s.path = append(s.path, at(c))
		last = c
	}
	if len(s.path) > 1 {
		s.ghost, s.ghostCell = true, last
	}
	if whole && it.Attack != "" && l.drawnCell(it.AttackAt) && it.AttackAt != it.From {
		if it.AttackAt != last {
			s.path = append(s.path, at(it.AttackAt))
		} else {
			s.ghost = false // the path ends in the enemy's cell
		}
		s.attack = true
	}
	if it.Shoot != "" && l.drawnCell(it.ShootAt) && it.ShootAt != last {
		s.shot = true
		s.shotFrom = at(last)
		// The ring on the target's edge, clear of its label.
		t := l.tokenCentre(it.ShootAt)
		s.shotAt = l.tokenEdge(t, s.shotFrom).toward(s.shotFrom, cs*0.09)
	}
	if whole && known && before&3 != it.Facing&3 {
		s.front, s.frontCell, s.facing = true, last, it.Facing&3
		s.turn = len(s.path) == 1
	}
	// The phase number: where the arrow, the shot or the turn leaves
	// the token.
	switch {
	case len(s.path) > 1:
		s.badge = l.tokenEdge(s.path[0], s.path[1])
		s.badgeDir = s.path[1].sub(s.path[0])
	case s.shot:
		s.badge = l.tokenEdge(s.shotFrom, s.shotAt)
		s.badgeDir = s.shotAt.sub(s.shotFrom)
	case s.turn:
		// Beside the notch, along the token's edge.
		fx, fy := facingVec(s.facing)
		s.badgeDir = point{fy, -fx}
		s.badge = s.frontPoint(l, s.facing, 0).add(s.badgeDir.scale(cs*0.12 + badgeRadius(cs) + cs*0.03))
	default:
		return previewShape{}, false // nothing to show: it stays as it is (wait, hold, rally)
	}
	return s, true
}

// previewShotsApart puts two shots of one unit at one target side by side.
func previewShotsApart(cs float64, out []previewShape) {
	for i := range out {
		for j := range i {
			a, b := &out[j], &out[i]
			if a.shot && b.shot && a.shotFrom == b.shotFrom && a.shotAt == b.shotAt {
				v := b.shotAt.sub(b.shotFrom)
				v = point{-v.y, v.x}.scale(cs * 0.05 / v.len())
				a.shotFrom, b.shotFrom = a.shotFrom.sub(v), b.shotFrom.add(v)
				a.badge, b.badge = a.badge.sub(v), b.badge.add(v)
			}
		}
	}
}

// previewSlideBadges slides phase numbers that would sit on one another,
// or on a new front's notch, along their marks.
func previewSlideBadges(l *layout, out []previewShape) {
	cs := l.cs
	r := badgeRadius(cs)
	var taken []point
	for i := range out {
		if out[i].front {
			taken = append(taken, out[i].frontPoint(l, out[i].facing, cs*0.06))
		}
	}
	for i := range out {
		for range 8 {
			clash := false
			for _, p := range taken {
				if p.sub(out[i].badge).len() < 2*r {
					clash = true
					break
				}
			}
			if !clash {
				break
			}
			d := out[i].badgeDir
			if d.len() == 0 {
				d = point{1, 0}
			}
			out[i].badge = out[i].badge.toward(out[i].badge.add(d), 1.2*r)
		}
		taken = append(taken, out[i].badge)
	}
}

// frontPoint is the middle of the token's edge facing f, pushed out by out.
func (s *previewShape) frontPoint(l *layout, f engine.Dir, out float64) point {
	x, y, w, h := l.tokenRect(s.frontCell)
	c := point{x + w/2, y + h/2}.add(s.offset)
	fx, fy := facingVec(f)
	return point{c.x + fx*(w/2+out), c.y + fy*(h/2+out)}
}

func badgeRadius(cs float64) float64 { return math.Max(5, cs*0.1) }

// previewMarks is the set of marks the shapes draw.
func previewMarks(shapes []previewShape) previewMark {
	var m previewMark
	for _, s := range shapes {
		if s.phase2 {
			m |= markPhase2
		} else {
			m |= markPhase1
		}
		if s.attack {
			m |= markAttack
		}
		if s.shot {
			m |= markShot
		}
		if s.front {
			m |= markFront
		}
	}
	return m
}

// previewLegend adds lines to the legend for the marks the preview of
// opt.Intents uses, and makes the picture taller by them.
func (l *layout) previewLegend(b *engine.Battle, opt Options, f *fieldFaces) {
	marks := previewMarks(previewShapes(l, b, opt.Intents))
	if marks == 0 {
		return
	}
	lines := wrapLegend(previewLegendItems(marks, opt.Lang, f, l.cs), float64(l.w)-2*l.pad, l.cs*0.3)
	l.legend = append(l.legend, lines...)
	l.h += len(lines) * int(l.legendLineH)
}

// preview draws the pending orders over the units: where moves end, shots,
// moves and attacks, new fronts, then the swords and the phase numbers on
// top. Nothing strays out of the drawn cells.
func (d *drawer) preview(intents []engine.Intended) {
	if len(intents) == 0 {
		return
	}
	shapes := previewShapes(&d.l, d.b, intents)
	cs := d.l.cs
	dc := d.dc
	dc.Push()
	defer dc.Pop()
	dc.DrawRectangle(d.l.gridX, d.l.gridY, float64(d.l.maxX-d.l.minX+1)*cs, float64(d.l.maxY-d.l.minY+1)*cs)
	dc.Clip()
	defer dc.ResetClip() // Pop keeps the clip
	for _, s := range shapes {
		if s.ghost {
			d.ghost(s.ghostCell, s.offset)
		}
	}
	for _, s := range shapes {
		if s.shot {
			d.shotLine(s.badge, s.shotAt, s.phase2)
		}
	}
	for i, s := range shapes {
		if !s.shot || slices.ContainsFunc(shapes[:i], func(o previewShape) bool { return o.shot && o.shotAt == s.shotAt }) {
			continue
		}
		d.targetRing(s.shotAt.x, s.shotAt.y, cs*0.15)
	}
	for _, s := range shapes {
		if len(s.path) < 2 {
			continue
		}
		ink, lw := color.Color(previewInk), math.Max(2, cs*0.05)
		pts := append([]point(nil), s.path...)
		pts[0] = s.badge // the shaft starts at the phase number
		n := len(pts) - 1
		if s.attack {
			ink, lw = attackColor, math.Max(3, cs*0.075)
			pts[n] = d.l.tokenEdge(pts[n], pts[n-1])
		} else {
			pts[n] = pts[n].toward(pts[n-1], cs*0.12)
		}
		d.arrow(pts, ink, lw, s.phase2)
	}
	for _, s := range shapes {
		if s.front {
			d.newFront(&s)
		}
	}
	for _, s := range shapes {
		if s.attack {
			// On the shaft, behind the head.
			n := len(s.path) - 1
			tip := d.l.tokenEdge(s.path[n], s.path[n-1])
			p := tip.toward(s.path[n-1], d.headLength(math.Max(3, cs*0.075))+cs*0.1)
			d.swords(p.x, p.y, cs*0.16)
		}
	}
	for _, s := range shapes {
		ink := color.Color(previewInk)
		switch {
		case s.attack:
			ink = attackColor
		case len(s.path) < 2 && s.shot:
			ink = shotColor
		}
		d.phaseBadge(s.badge, s.phase, ink)
	}
}

// ghost is the dashed outline of a token where a move ends.
func (d *drawer) ghost(c engine.Cell, off point) {
	dc, cs := d.dc, d.l.cs
	x, y, w, h := d.l.tokenRect(c)
	dc.DrawRoundedRectangle(x+off.x, y+off.y, w, h, cs*0.08)
	dc.SetColor(previewInk)
	dc.SetLineWidth(math.Max(1.5, cs*0.025))
	dc.SetDash(cs*0.06, cs*0.05)
	dc.Stroke()
	dc.SetDash()
}

// stroke strokes the current path in white, wider by a halo, then in ink.
func (d *drawer) stroke(ink color.Color, lw float64, dashed bool) {
	dc := d.dc
	h := math.Max(2, d.l.cs*0.035)
	dc.SetDash()
	dc.SetColor(white)
	dc.SetLineWidth(lw + 2*h)
	dc.StrokePreserve()
	dc.SetColor(ink)
	dc.SetLineWidth(lw)
	if dashed {
		dc.SetDash(d.l.cs*0.11, d.l.cs*0.07)
	}
	dc.Stroke()
	dc.SetDash()
}

// arrow is a polyline ending in an arrowhead at its last point.
func (d *drawer) arrow(pts []point, ink color.Color, lw float64, dashed bool) {
	d.arrowScaled(pts, ink, lw, dashed, 1)
}

// arrowScaled is arrow with its head's length scaled by hs; 0: no head.
func (d *drawer) arrowScaled(pts []point, ink color.Color, lw float64, dashed bool, hs float64) {
	dc := d.dc
	if hs == 0 { // a shaft alone
		d.polyline(pts)
		dc.SetLineJoinRound()
		dc.SetLineCapButt()
		d.stroke(ink, lw, dashed)
		return
	}
	n := len(pts) - 1
	tip, a, c, ok := d.headCorners(pts, lw, hs)
	if !ok {
		return
	}
	base := point{(a.x + c.x) / 2, (a.y + c.y) / 2}
	hl := tip.sub(base).len()
	head := func() {
		dc.MoveTo(tip.x, tip.y)
		dc.LineTo(a.x, a.y)
		dc.LineTo(c.x, c.y)
		dc.ClosePath()
	}
	dc.SetLineJoinRound()
	dc.SetLineCapButt()
	// The halo of shaft and head first, so that neither hides the other.
	h := math.Max(2, d.l.cs*0.035)
	dc.SetColor(white)
	dc.SetLineWidth(lw + 2*h)
	d.polyline(append(pts[:n:n], base))
	dc.Stroke()
	head()
	dc.SetLineWidth(2 * h)
	dc.StrokePreserve()
	dc.Fill()
	dc.SetColor(ink)
	dc.SetLineWidth(lw)
	if dashed {
		dc.SetDash(d.l.cs*0.11, d.l.cs*0.07)
	}
	d.polyline(append(pts[:n:n], base.toward(tip, hl*0.3)))
	dc.Stroke()
	dc.SetDash()
	head()
	dc.Fill()
}

func (d *drawer) headLength(lw float64) float64 { return math.Max(lw*2.4, d.l.cs*0.16) }

func (d *drawer) polyline(pts []point) {
	d.dc.MoveTo(pts[0].x, pts[0].y)
	for _, p := range pts[1:] {
		d.dc.LineTo(p.x, p.y)
	}
}

// shotLine is a thin line from a shooter to the edge of its target ring.
func (d *drawer) shotLine(from, to point, dashed bool) {
	end := to.toward(from, d.l.cs*0.15)
	d.dc.SetLineCapRound()
	d.dc.DrawLine(from.x, from.y, end.x, end.y)
	d.stroke(shotColor, math.Max(2, d.l.cs*0.03), dashed)
}

// targetRing is two concentric circles and a dot, of outer radius r.
func (d *drawer) targetRing(cx, cy, r float64) {
	dc := d.dc
	lw := math.Max(1.5, r*0.16)
	for _, rr := range []float64{r, r * 0.55} {
		dc.DrawCircle(cx, cy, rr)
		d.stroke(shotColor, lw, false)
	}
	dc.SetColor(white)
	dc.DrawCircle(cx, cy, r*0.2+1)
	dc.Fill()
	dc.SetColor(shotColor)
	dc.DrawCircle(cx, cy, r*0.2)
	dc.Fill()
}

// swords is the mark of an attack: two crossed swords on a white disc
// ringed in red, of radius r.
func (d *drawer) swords(cx, cy, r float64) {
	dc := d.dc
	dc.SetColor(white)
	dc.DrawCircle(cx, cy, r)
	dc.Fill()
	dc.SetColor(attackColor)
	dc.SetLineWidth(math.Max(1.5, r*0.15))
	dc.DrawCircle(cx, cy, r)
	dc.Stroke()
	s := r * 0.6
	lw := math.Max(1.3, r*0.17)
	dc.Push()
	defer dc.Pop()
	dc.SetColor(starInk)
	dc.SetLineCapRound()
	for _, sign := range []float64{1, -1} {
		// A blade from the hilt at the bottom to the point at the top, a
		// guard across it a quarter of the way up, a pommel at its end.
		hx, hy := cx-sign*s, cy+s
		px, py := cx+sign*s, cy-s
		dc.SetLineWidth(lw)
		dc.DrawLine(hx, hy, px, py)
		dc.Stroke()
		gx, gy := hx+(px-hx)*0.3, hy+(py-hy)*0.3
		g := s * 0.38
		dc.SetLineWidth(lw * 1.2)
		dc.DrawLine(gx-g, gy-sign*g, gx+g, gy+sign*g)
		dc.Stroke()
		dc.DrawCircle(hx, hy, lw*0.9)
		dc.Fill()
	}
}

// newFront marks the front a unit will have: a hollow triangle on its
// token's edge, pale violet in phase 2.
func (d *drawer) newFront(s *previewShape) {
	dc, cs := d.dc, d.l.cs
	lw := math.Max(2, cs*0.045)
	fx, fy := facingVec(s.facing)
	px, py := -fy, fx
	m := s.frontPoint(&d.l, s.facing, 0)
	tb, th := cs*0.12, cs*0.13
	tri := func() {
		dc.MoveTo(m.x+px*tb, m.y+py*tb)
		dc.LineTo(m.x+fx*th, m.y+fy*th)
		dc.LineTo(m.x-px*tb, m.y-py*tb)
		dc.ClosePath()
	}
	dc.SetLineJoinRound()
	tri()
	dc.SetColor(white)
	dc.SetLineWidth(lw + 2*math.Max(2, cs*0.035))
	dc.StrokePreserve()
	if s.phase2 {
		dc.SetColor(previewPale)
	}
	dc.Fill()
	tri()
	dc.SetColor(previewInk)
	dc.SetLineWidth(lw)
	dc.Stroke()
}

// phaseBadge is a white disc with the phase's number in ink.
func (d *drawer) phaseBadge(p point, phase int, ink color.Color) {
	dc := d.dc
	r := badgeRadius(d.l.cs)
	dc.SetColor(white)
	dc.DrawCircle(p.x, p.y, r)
	dc.Fill()
	dc.SetColor(ink)
	dc.SetLineWidth(math.Max(1.2, r*0.2))
	dc.DrawCircle(p.x, p.y, r)
	dc.Stroke()
	d.centredText(d.f.badge, strconv.Itoa(phase), p.x, p.y)
}

// legendNewFront is the legend's new front: a small token with the hollow
// notch on its top edge.
func (d *drawer) legendNewFront(x, y, s float64) {
	dc := d.dc
	top := y + s*0.4
	dc.SetColor(fatigueFill)
	dc.DrawRoundedRectangle(x, top, s, y+s-top, s*0.1)
	dc.FillPreserve()
	dc.SetColor(fatigueInk)
	dc.SetLineWidth(1)
	dc.Stroke()
	cx := x + s/2
	dc.MoveTo(cx-s*0.32, top)
	dc.LineTo(cx, y)
	dc.LineTo(cx+s*0.32, top)
	dc.ClosePath()
	dc.SetColor(white)
	dc.FillPreserve()
	dc.SetColor(previewInk)
	dc.SetLineJoinRound()
	dc.SetLineWidth(math.Max(1.5, s*0.1))
	dc.Stroke()
}
