package render

import (
	"image/color"
	"math"
	"strconv"

	"github.com/gunbai/gunbai/engine"
)

// starStep is the distance between the centres of n stars in a row: step,
// or less if the row would be longer than span.
func (d *drawer) starStep(n int, step, span float64) float64 {
	if n > 1 && step*float64(n-1) > span {
		return math.Max(0, span) / float64(n-1)
	}
	return step
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
		w := math.Max(1.5, s/5)
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
		dc.SetLineWidth(lw * 3.4)
		dc.Stroke()
		path()
		dc.SetColor(woundColor)
		dc.SetLineWidth(lw * 2.2)
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
func (d *drawer) units() {
	for _, u := range activeUnits(d.b) {
		d.token(u)
	}
}

func (d *drawer) token(u *engine.Unit) {
	dc, cs := d.dc, d.l.cs
	x, y, w, h := d.l.tokenRect(u.Cell)
	r := cs * 0.08
	routing := u.Routing()
	dark := sideDark(u.Side)

	if routing {
		dc.SetColor(sideFaded(u.Side))
		dc.DrawRoundedRectangle(x, y, w, h, r)
		dc.Fill()
		dc.DrawRoundedRectangle(x, y, w, h, r)
		dc.Clip()
		dc.SetColor(hatchColor(u.Side))
		dc.SetLineWidth(math.Max(1.5, cs/32))
		step := cs * 0.12
		for k := -h; k < w; k += step {
			dc.DrawLine(x+k, y+h, x+k+h, y)
		}
		dc.Stroke()
		dc.ResetClip()
		dc.SetColor(dark)
		dc.SetLineWidth(math.Max(1.5, cs/32))
		dc.SetDash(cs*0.08, cs*0.05)
		dc.DrawRoundedRectangle(x, y, w, h, r)
		dc.Stroke()
		dc.SetDash()
	} else {
		dc.SetColor(SideColor(u.Side))
		dc.DrawRoundedRectangle(x, y, w, h, r)
		dc.Fill()
		dc.SetColor(dark)
		dc.SetLineWidth(math.Max(1, cs/48))
		dc.DrawRoundedRectangle(x, y, w, h, r)
		dc.Stroke()
	}

	// The front: a bar along the facing edge and a triangle pointing out.
	fx, fy := facingVec(u.Facing)
	px, py := -fy, fx // perpendicular
	mx, my := x+w/2+fx*w/2, y+h/2+fy*h/2
	half := w / 2
	if fx != 0 {
		half = h / 2
	}
	tb, th := cs*0.11, cs*0.12
	dc.SetColor(dark)
	if !routing {
		dc.SetLineWidth(math.Max(2.5, cs/20))
		dc.DrawLine(mx+px*(half-r), my+py*(half-r), mx-px*(half-r), my-py*(half-r))
		dc.Stroke()
	}
	dc.MoveTo(mx+px*tb, my+py*tb)
	dc.LineTo(mx+fx*th, my+fy*th)
	dc.LineTo(mx-px*tb, my-py*tb)
	dc.ClosePath()
	if routing {
		dc.SetColor(white)
		dc.FillPreserve()
		dc.SetColor(dark)
		dc.SetLineWidth(1.5)
		dc.Stroke()
	} else {
		dc.Fill()
	}

	// Text: "ТК 8" and the unit id.
	ink := color.Color(white)
	if routing {
		ink = dark
	}
	label := TroopShort(d.lang, u.Type) + " " + strconv.Itoa(u.Figures)
	dc.SetColor(ink)
	dc.SetFontFace(d.f.label)
	dc.DrawStringAnchored(fitText(d.f.label, label, w-4), x+w/2, y+h*0.47, 0.5, 0)
	idWidth := w - 4
	if u.Hold || u.Fatigued {
		idWidth -= 2 * cs * 0.12 // clear of the corner badges
	}
	dc.SetFontFace(d.f.id)
	dc.DrawStringAnchored(fitText(d.f.id, u.ID, idWidth), x+w/2, y+h*0.86, 0.5, 0)

	if routing {
		d.routingBadge(x+w-cs*0.02, y+cs*0.02, cs*0.11)
	}
	if u.Hold {
		d.holdBadge(x+cs*0.03, y+h-cs*0.03, cs*0.105)
	}
	if u.Fatigued {
		d.fatigueBadge(x+w-cs*0.02, y+h-cs*0.02, cs*0.09)
	}
	d.tokenLeaders(u, x, y, w)
}

// tokenLeaders draws a star for each leader in the unit along the top edge
// of its token: from the right corner (left of a routing badge) leftwards,
// the commander first. A front triangle on the top edge splits the row:
// whoever does not fit right of it goes left of it.
func (d *drawer) tokenLeaders(u *engine.Unit, x, y, w float64) {
	ls := leadersAt(d.b, u.ID, u.Side)
	if len(ls) == 0 {
		return
	}
	cs := d.l.cs
	r, step := cs*0.082, cs*0.15
	type row struct{ start, dir, span float64 }
	right := row{x + w - cs*0.08, -1, w - cs*0.18}
	if u.Routing() {
		right.start = x + w - cs*0.26
		right.span = right.start - (x + cs*0.08)
	}
	rows := []row{right}
	if u.Facing == engine.N {
		gap := cs * 0.16 // from the token's centre line: the triangle's half base and a star's half width
		rows = []row{
			{right.start, -1, right.start - (x + w/2 + gap)},
			{x + cs*0.08, 1, x + w/2 - gap - (x + cs*0.08)},
		}
	}
	// Fill the rows in turn, as many stars to a row as fit; if there are
	// more, the last row takes them closer together.
	var at []float64
	for k, rw := range rows {
		if rw.span < 0 {
			continue
		}
		n := len(ls) - len(at)
		if k < len(rows)-1 {
			n = min(n, 1+int(rw.span/step))
		}
		st := d.starStep(n, step, rw.span)
		for i := range n {
			at = append(at, rw.start+rw.dir*float64(i)*st)
		}
	}
	for i := min(len(at), len(ls)) - 1; i >= 0; i-- { // the commander on top
		d.leaderStar(ls[i], at[i], y+cs*0.008, r)
	}
}

// holdBadge marks a unit holding at all costs: a dark square with a white
// letter, ringed in white.
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
	dc.SetColor(white)
	d.centredText(d.f.badge, T(d.lang, "field.hold_badge"), x0+side/2, y0+side/2)
}

// fatigueBadge marks fatigued cavalry: a small grey disc with "z".
func (d *drawer) fatigueBadge(cx, cy, r float64) {
	dc := d.dc
	dc.SetColor(fatigueFill)
	dc.DrawCircle(cx, cy, r)
	dc.FillPreserve()
	dc.SetColor(fatigueInk)
	dc.SetLineWidth(1)
	dc.Stroke()
	d.centredText(d.f.badge, "z", cx, cy)
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
	dc.SetFontFace(d.f.label)
	dc.DrawStringAnchored("!", cx, cy+capHeight(d.f.label)/2, 0.5, 0)
}

func facingVec(f engine.Dir) (float64, float64) {
	v := f.Vec()
	return float64(v.DX), float64(v.DY)
}
