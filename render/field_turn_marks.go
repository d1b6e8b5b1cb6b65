package render

import (
	"image/color"
	"math"

	"github.com/gunbai/gunbai/engine"
)

// A turn's marks by the tokens: ghosts, losses and the icons of what
// befell a unit or its leaders.

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
