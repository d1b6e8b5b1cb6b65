package field

import (
	"fmt"
	"image"
	"image/color"
	"math"
	"strings"

	"github.com/gunbai/gunbai/engine"
)

// HQs and leaders. An HQ is drawn as a camp: its cell ringed by a curtain
// (maku) in its side's colour with white crests, and its flag: large in an
// empty cell, in the band above the counter when a unit stands there (a
// unit may, R-III.1.1), so that it always shows whoever stands on it. The
// leaders in the HQ stand as stars next to the flag. An HQ overrun by the
// enemy (R-III.1.6) has a pale curtain and a crossed-out flag, and no
// leaders (they went to the reserve).

// markers draws the HQs with the leaders in each.
func (d *drawer) markers() {
	for s := engine.North; s <= engine.South; s++ {
		if c := d.b.HQ[s]; hqDrawn(d.b, s) && d.l.drawnCell(c) {
			// Alike in most pictures of a turn: from the memo, if it was.
			x, y := d.l.cellOrigin(c)
			m := math.Ceil(d.l.cs * 0.25)
			r := image.Rect(int(x-m), int(y-m), int(math.Ceil(x+d.l.cs+m)), int(math.Ceil(y+d.l.cs+m)))
			var own strings.Builder
			fmt.Fprint(&own, s, c, d.b.HQLost[s], hqOccupied(d.b, c))
			for _, l := range leadersAt(d.b, engine.AtHQ, s) {
				fmt.Fprint(&own, " ", *l)
			}
			d.memo(d.memoKeyOf(memoHQ, r, own.String()), func() { d.hq(s, c) })
		}
	}
}

func (d *drawer) hq(s engine.Side, c engine.Cell) {
	cs := d.l.cs
	x, y := d.l.cellOrigin(c)
	lost := d.b.HQLost[s]
	d.maku(s, x, y, lost)
	leaders := leadersAt(d.b, engine.AtHQ, s)
	if hqOccupied(d.b, c) {
		return // its flag goes over the unit (hqOverUnit)
	}
	if len(leaders) == 0 {
		d.flagIcon(s, x+cs/2, y+cs*0.58, cs*0.22, lost)
		return
	}
	// The flag moves left; its leaders stand in a column to its right.
	d.flagIcon(s, x+cs*0.4, y+cs*0.58, cs*0.22, lost)
	first := y + cs*0.4
	step := d.starStep(len(leaders), cs*0.17, cs*0.4)
	for i := len(leaders) - 1; i >= 0; i-- {
		d.leaderStar(leaders[i], x+cs*0.77, first+float64(i)*step, cs*0.1)
	}
}

// hqOccupied reports whether a unit stands in the HQ's cell.
func hqOccupied(b *engine.Battle, c engine.Cell) bool {
	u := b.UnitAt(c)
	return u != nil && u.Active()
}

// hqOverUnit draws the flag of an HQ a unit stands in, and its leaders,
// in the band above the counter, right of the cell's name, over the
// counter's corner: the flag at the right on a white ground, its leaders
// left of it; the unit's own marks go left of them (capRow).
func (d *drawer) hqOverUnit() {
	cs := d.l.cs
	for s := engine.North; s <= engine.South; s++ {
		c := d.b.HQ[s]
		if !hqDrawn(d.b, s) || !d.l.drawnCell(c) || !hqOccupied(d.b, c) {
			continue
		}
		x, y := d.l.cellOrigin(c)
		top := y + capRowY(cs)
		fx, fy, fs := x+cs*0.84, y+cs*0.15, cs*0.115
		d.flagHalo(fx, fy, fs)
		d.flagIcon(s, fx, fy, fs, d.b.HQLost[s])
		leaders := leadersAt(d.b, engine.AtHQ, s)
		stars := d.hqStars(c, x, len(leaders))
		for i := len(stars) - 1; i >= 0; i-- { // the commander on top
			d.leaderStar(leaders[i], stars[i], top, cs*0.085)
		}
	}
}

// hqStars are the centres of the stars of n leaders in the HQ of an
// occupied cell, the commander's first, from the right, in the band above
// the counter.
func (d *drawer) hqStars(c engine.Cell, x float64, n int) []float64 {
	cs := d.l.cs
	r, step := cs*0.085, cs*0.15
	first := x + cs - cs*0.33
	nx, _ := d.namePos(c)
	room := first - (nx + measure(d.f.cell, c.Name()) + r + cs*0.03)
	step = math.Max(d.starStep(n, step, room), cs*0.06)
	out := make([]float64, n)
	for i := range out {
		out[i] = first - float64(i)*step
	}
	return out
}

// hqCapLeft is where the band above a counter in cell c ends on the
// right, for the unit's marks: left of the HQ's flag and leaders if c is a
// drawn HQ, else right.
func (d *drawer) hqCapLeft(c engine.Cell, right float64) float64 {
	cs := d.l.cs
	for s := engine.North; s <= engine.South; s++ {
		if !hqDrawn(d.b, s) || d.b.HQ[s] != c {
			continue
		}
		x, _ := d.l.cellOrigin(c)
		left := x + cs - cs*0.2
		if stars := d.hqStars(c, x, len(leadersAt(d.b, engine.AtHQ, s))); len(stars) > 0 {
			left = stars[len(stars)-1] - cs*0.08
		}
		return math.Min(right, left)
	}
	return right
}

// flagHalo is a white ground behind a small flag (flagIcon), so that it
// stands out of the curtain.
func (d *drawer) flagHalo(cx, cy, s float64) {
	dc := d.dc
	px := cx - s*0.5
	dc.SetColor(white)
	dc.DrawRoundedRectangle(px-s*0.35, cy-s*1.25, s*1.85, s*2.3, s*0.3)
	dc.Fill()
}

// makuWidth is the width of an HQ's curtain along its cell's sides.
func makuWidth(cs float64) float64 { return math.Max(3, math.Round(cs*0.06)) }

// maku is the curtain around an HQ's cell: a band along its four sides in
// the side's colour (pale when lost) with white crests along it.
func (d *drawer) maku(s engine.Side, x, y float64, lost bool) {
	dc, cs := d.dc, d.l.cs
	t := makuWidth(cs)
	fill := SideColor(s)
	if lost {
		fill = sideFaded(s)
	}
	dc.SetColor(fill)
	dc.DrawRectangle(x+1, y+1, cs-1, t)
	dc.DrawRectangle(x+1, y+cs-t, cs-1, t)
	dc.DrawRectangle(x+1, y+1+t, t, cs-1-2*t)
	dc.DrawRectangle(x+cs-t, y+1+t, t, cs-1-2*t)
	dc.Fill()
	// Crests: small white discs along the curtain's middle.
	dc.SetColor(white)
	m := (t + 1) / 2
	n := 5
	for i := range n {
		p := (float64(i) + 0.5) / float64(n) * (cs - 1)
		for _, pt := range [][2]float64{{x + 1 + p, y + m}, {x + 1 + p, y + cs - m + 0.5}, {x + m, y + 1 + p}, {x + cs - m + 0.5, y + 1 + p}} {
			dc.DrawCircle(pt[0], pt[1], t*0.28)
		}
	}
	dc.Fill()
}

// flagIcon is an HQ: a pole with a pennant in the side's colour. A lost HQ
// has a pale pennant and is crossed out.
func (d *drawer) flagIcon(side engine.Side, cx, cy, s float64, lost bool) {
	dc := d.dc
	px := cx - s*0.5
	pennant := func() {
		dc.MoveTo(px, cy-s)
		dc.LineTo(px+s*1.3, cy-s*0.55)
		dc.LineTo(px, cy-s*0.1)
		dc.ClosePath()
	}
	if lost {
		dc.SetColor(sideFaded(side))
	} else {
		dc.SetColor(SideColor(side))
	}
	pennant()
	dc.Fill()
	dc.SetColor(sideDark(side))
	dc.SetLineWidth(math.Max(1, s/6))
	pennant()
	dc.Stroke()
	dc.SetLineWidth(math.Max(1.5, s/4))
	dc.DrawLine(px, cy-s*1.05, px, cy+s)
	dc.Stroke()
	if lost {
		// The cross: dark strokes on a white halo, over the whole flag.
		x0, x1 := px-s*0.3, px+s*1.25
		y0, y1 := cy-s, cy+s*0.95
		w := math.Max(2, s/4)
		dc.Push()
		dc.SetLineCapRound()
		for _, ink := range []struct {
			c color.Color
			w float64
		}{{white, w + 2}, {lostInk, w}} {
			dc.SetColor(ink.c)
			dc.SetLineWidth(ink.w)
			dc.DrawLine(x0, y0, x1, y1)
			dc.DrawLine(x0, y1, x1, y0)
			dc.Stroke()
		}
		dc.Pop()
	}
}

// Leaders.

// hqDrawn reports whether a side's HQ has a flag on the map.
func hqDrawn(b *engine.Battle, s engine.Side) bool {
	return (s == engine.North || s == engine.South) && b.HQ[s] != engine.NoCell
}

func leaderWounded(l *engine.Leader) bool {
	return l.Health == engine.LeaderWounded || l.Wounds > 0
}

// leaderShown reports whether a leader is on the map: well or wounded (the
// captured and the killed are not), in a unit on the field or in a standing
// HQ; the reserve is not drawn.
func leaderShown(b *engine.Battle, l *engine.Leader) bool {
	if l.Health != engine.LeaderOK && l.Health != engine.LeaderWounded {
		return false
	}
	switch l.At {
	case "", engine.AtReserve:
		return false
	case engine.AtHQ:
		return hqDrawn(b, l.Side) && !b.HQLost[l.Side]
	}
	u := b.Unit(l.At)
	return u != nil && u.Active()
}

// leadersAt lists the leaders shown at a place, a unit's ID or AtHQ with
// the HQ's side, the commander first and then the generals in the battle's
// order.
func leadersAt(b *engine.Battle, at string, side engine.Side) []*engine.Leader {
	var out []*engine.Leader
	for _, commander := range []bool{true, false} {
		for i := range b.Leaders {
			l := &b.Leaders[i]
			if (l.Role == engine.Commander) != commander || l.At != at || !leaderShown(b, l) {
				continue
			}
			if at == engine.AtHQ && l.Side != side {
				continue
			}
			out = append(out, l)
		}
	}
	return out
}

// leaderStar draws a leader: a gold star of radius r for the commander, a
// smaller silver one for a general, ringed in red when wounded.
func (d *drawer) leaderStar(l *engine.Leader, cx, cy, r float64) {
	if l.Role == engine.Commander {
		d.star(cx, cy, r, commanderGold, leaderWounded(l))
	} else {
		d.star(cx, cy, r*0.85, generalSilver, leaderWounded(l))
	}
}

// star is a five-pointed star of outer radius r.
func (d *drawer) star(cx, cy, r float64, fill color.Color, wounded bool) {
	dc := d.dc
	path := func() {
		for i := range 10 {
			rr := r
			if i%2 == 1 {
				rr = r * 0.5
			}
			a := -math.Pi/2 + float64(i)*math.Pi/5
			x, y := cx+rr*math.Cos(a), cy+rr*math.Sin(a)
			if i == 0 {
				dc.MoveTo(x, y)
			} else {
				dc.LineTo(x, y)
			}
		}
		dc.ClosePath()
	}
	lw := math.Max(1.2, r/5)
	dc.Push()
	defer dc.Pop()
	dc.SetLineJoinRound()
	if wounded {
		// A red ring in a white halo: visible on either side's colour.
		path()
		dc.SetColor(white)
		dc.SetLineWidth(lw * 4.6)
		dc.Stroke()
		path()
		dc.SetColor(woundColor)
		dc.SetLineWidth(lw * 3.2)
		dc.Stroke()
		path()
		dc.SetColor(fill)
		dc.Fill()
		return
	}
	path()
	dc.SetColor(fill)
	dc.FillPreserve()
	dc.SetColor(starInk)
	dc.SetLineWidth(lw)
	dc.Stroke()
}

// units draws every unit on the field as a token: side colour, short type
// label and figures, id, a triangle on its front; routing units are faded,
// hatched and marked "!".
