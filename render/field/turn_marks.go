package field

import (
	"image/color"
	"math"

	"github.com/gunbai/gunbai/engine"
	"github.com/gunbai/gunbai/render"
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
		x, y, w, h = d.smallGhostRect(g)
	}
	r := math.Min(w, h) * 0.13
	dc.SetColor(white)
	dc.DrawRoundedRectangle(x-1.5, y-1.5, w+3, h+3, r+1.5)
	dc.Fill()
	dc.SetColor(sideFaded(g.u.Side))
	dc.DrawRoundedRectangle(x, y, w, h, r)
	dc.Fill()
	dc.SetColor(sideDark(g.u.Side))
	if g.struck {
		dc.SetColor(attackColor)
	}
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
		d.centredText(d.f.badge, fitText(d.f.badge, render.TroopShort(d.lang, g.u.Type), w-2), x+w/2, y+h/2)
	} else {
		dc.SetFontFace(d.f.label)
		dc.DrawStringAnchored(fitText(d.f.label, render.TroopShort(d.lang, g.u.Type), w-4), x+w/2, y+h*0.47, 0.5, 0)
		dc.SetFontFace(d.f.id)
		dc.DrawStringAnchored(fitText(d.f.id, g.u.ID, w-4), x+w/2, y+h*0.86, 0.5, 0)
	}
}

// smallGhostRect is the ghost of a unit in a cell another unit holds, or
// where an attacked unit stood: in the band at the top of the cell, clear of
// the token, at its right (over the cell's name at its left, for an attack
// from the left).
func (d *drawer) smallGhostRect(g *turnGhost) (x, y, w, h float64) {
	cs := d.l.cs
	_, cy := d.l.cellOrigin(g.cell)
	tx, ty, tw, _ := d.l.tokenRect(g.cell)
	m := math.Max(1, math.Round(cs*0.02))
	w, h = math.Round(cs*0.42), ty-cy-2*m
	if g.left {
		return tx, cy + m, w, h
	}
	return tx + tw - w, cy + m, w, h
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

// anchorLayout places a unit's marks beside its token (or its ghost, or
// the HQ): its losses above a top corner, then the other marks down that
// side, then round the other; wherever the first free spot is (see
// turnLayout.place). The left side goes first unless the unit faces west
// (its front's point is there).
func (d *drawer) anchorLayout(a *turnAnchor, lay *turnLayout) []turnPlaced {
	cs := d.l.cs
	r := badgeRadius(cs) * 1.05
	tb := d.tokenBox(a.cell)
	if a.ghost != nil && a.ghost.small {
		x, y, w, h := d.smallGhostRect(a.ghost)
		tb = turnBox{x, y, x + w, y + h}
	}
	leftFirst := a.facing != engine.W
	var out []turnPlaced
	if a.losses > 0 {
		text := lossText(a.losses)
		w, h := d.turnTagWidth(text)+3, d.turnTagHeight()+3
		at := lay.place(pkLosses, around(tb, w, h, leftFirst), w, h, cs*0.1)
		out = append(out, turnPlaced{at: at, span: turnBoxAround(at, w, h), losses: a.losses})
	}
	for _, it := range a.items {
		s := 2*r + 3
		at := lay.place(pkIcon, around(tb, s, s, leftFirst), s, s, cs*0.1)
		out = append(out, turnPlaced{at: at, span: turnBoxAround(at, s, s), item: it})
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
