package field

import (
	"image/color"
	"math"
	"strconv"

	"github.com/gunbai/gunbai/engine"
	"github.com/gunbai/gunbai/render"
)

// A side's memory of the enemy (issue 28, item 3): each enemy unit it saw
// and sees no more is drawn where it was last seen as a ghost, a faded
// counter with a dashed outline, under the units standing on the field,
// with the turn it was seen on ("ход 3", "turn 3") in solid ink so that it reads
// at the size of Discord's preview. The legend explains it and the alt
// text names each.

// Ghost is an enemy unit the view's side saw and sees no more
// (engine.LastSeen, converted by the caller): Unit as it was last seen
// (its cell, front, type, figures), and Turn the turn at whose end it was
// seen (0: before the battle's first turn).
type Ghost struct {
	Unit engine.Unit
	Turn int
}

// Ghost colours: the side's colour, faded; the outline and the words
// darker, so that the ghost shows on every terrain yet never passes for a
// unit standing there.
const (
	ghostFillAlpha = 0x50
	ghostLineAlpha = 0xc0
)

// ghostsDrawn are the ghosts in the drawn cells, of units not on the field
// of the picture (a ghost of a unit the picture shows would be a second
// counter of it).
func ghostsDrawn(b *engine.Battle, l *layout, ghosts []Ghost) []Ghost {
	var out []Ghost
	for _, g := range ghosts {
		if u := b.Unit(g.Unit.ID); u != nil && u.Active() {
			continue
		}
		if g.Unit.Side != engine.North && g.Unit.Side != engine.South || !l.drawnCell(g.Unit.Cell) {
			continue
		}
		out = append(out, g)
	}
	return out
}

// ghosts draws the ghosts of opt.Ghosts, under the units.
func (d *drawer) ghosts() {
	for _, g := range ghostsDrawn(d.b, &d.l, d.opt.Ghosts) {
		d.ghostCounter(g)
	}
}

// ghostCounter draws one ghost: a faded body, its front a faded band, a dashed
// outline, its type and figures, and the turn it was seen on.
func (d *drawer) ghostCounter(gh Ghost) {
	dc, cs := d.dc, d.l.cs
	u := &gh.Unit
	g := d.l.counter(u.Cell, u.Facing)
	x, y, w, h := g.body.x, g.body.y, g.body.w, g.body.h
	r := cs * counterRadius
	c, dark := SideColor(u.Side), sideDark(u.Side)
	dc.SetColor(color.NRGBA{c.R, c.G, c.B, ghostFillAlpha})
	dc.DrawRoundedRectangle(x, y, w, h, r)
	dc.Fill()
	dc.SetColor(color.NRGBA{dark.R, dark.G, dark.B, ghostFillAlpha})
	dc.DrawRectangle(g.band.x, g.band.y, g.band.w, g.band.h)
	dc.Fill()
	dc.SetColor(color.NRGBA{dark.R, dark.G, dark.B, ghostLineAlpha})
	dc.SetLineWidth(math.Max(1.5, cs/32))
	dc.SetDash(cs*0.08, cs*0.06)
	dc.DrawRoundedRectangle(x, y, w, h, r)
	dc.Stroke()
	dc.SetDash()
	ct := g.content
	cx := ct.x + ct.w/2
	label := labelFace(d.f, cs*0.19)
	text := render.TroopShort(d.lang, u.Type) + " " + strconv.Itoa(u.Figures)
	d.centredInk(label, fitText(label, text, ct.w-2), cx, ct.y+ct.h*0.27, color.NRGBA{dark.R, dark.G, dark.B, ghostLineAlpha})
	// The turn is what the ghost says first: the biggest words on it,
	// smaller rather than cut when they are long ("turn 12").
	mark := render.T(d.lang, "lastseen.mark", gh.Turn)
	turn := labelFace(d.f, cs*0.2)
	for _, px := range []float64{0.17, 0.15} {
		if measure(turn, mark) <= ct.w-2 {
			break
		}
		turn = labelFace(d.f, cs*px)
	}
	d.centredInk(turn, fitText(turn, mark, ct.w-2), cx, ct.y+ct.h*0.7, dark)
}

// ghostLegendIcon is a ghost's counter in the legend.
func (d *drawer) ghostLegendIcon(k legendKind, x, y, s float64) {
	if k != legendGhost {
		return
	}
	dc := d.dc
	c, dark := SideColor(engine.South), sideDark(engine.South)
	dc.SetColor(color.NRGBA{c.R, c.G, c.B, ghostFillAlpha})
	dc.DrawRoundedRectangle(x+s*0.05, y+s*0.15, s*0.9, s*0.7, s*0.12)
	dc.Fill()
	dc.SetColor(color.NRGBA{dark.R, dark.G, dark.B, ghostLineAlpha})
	dc.SetLineWidth(1.5)
	dc.SetDash(s*0.14, s*0.1)
	dc.DrawRoundedRectangle(x+s*0.05, y+s*0.15, s*0.9, s*0.7, s*0.12)
	dc.Stroke()
	dc.SetDash()
}

// ghostLegend is the legend's line of the ghosts, if the picture draws
// any.
func ghostLegend(b *engine.Battle, l *layout, opt *Options, f *fieldFaces) []legendItem {
	if len(ghostsDrawn(b, l, opt.Ghosts)) == 0 {
		return nil
	}
	return []legendItem{newLegendItem(f, l.cs, legendGhost, render.T(opt.Lang, "legend.ghost"))}
}

// altGhosts is the alt text's sentence of the ghosts: each with its ID,
// cell and turn, the first maxAltListed and "N more"; "" with none.
func altGhosts(l render.Lang, ghosts []Ghost) string {
	var names []string
	for _, g := range ghosts {
		u := &g.Unit
		if g.Turn == 0 {
			names = append(names, render.T(l, "alt.ghost_start", render.TroopName(l, u.Type), u.ID, u.Cell.Name()))
			continue
		}
		names = append(names, render.T(l, "alt.ghost", render.TroopName(l, u.Type), u.ID, u.Cell.Name(), g.Turn))
	}
	if len(names) == 0 {
		return ""
	}
	return render.T(l, "alt.ghosts", altList(l, names))
}
