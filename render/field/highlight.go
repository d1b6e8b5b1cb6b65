package field

import (
	"image"
	"image/color"
	"math"
	"slices"
	"strconv"

	"github.com/gunbai/gunbai/engine"
	"github.com/gunbai/gunbai/render"
)

// The choice a sheet's preview points at (Options.Highlight, issue 28,
// item 2), drawn over the units and the pending orders: the unit being
// ordered in a solid yellow band edged in black; each cell its order may
// take it to washed in yellow, edged in yellow-and-black dashes with a dot
// in its middle; each enemy it may attack or shoot in a ringed crosshair
// (red for an attack, orange for a shot) with the chance written on a
// yellow plate under it, "60%". Yellow against black reads on every
// terrain and side colour and for colour-blind eyes, and each mark has its
// own shape besides: a band, a dashed square with a dot, a crosshair. It
// is a layer of its own, drawn after the parts the memo keeps (counters,
// HQs) and clear of those drawn after it (the title, the legend): it
// changes no part's input, so the memo's keys need nothing of it.

// Highlight is what a sheet's preview points at, as the bot gives it from
// the sheet's choice (game.HighlightOf): the unit being ordered at At,
// the order picked (its menu label in the picture's language, "" none
// yet), the cells the order may take it to, the enemies it may attack or
// shoot.
type Highlight struct {
	Unit    string
	At      engine.Cell
	Order   string
	Cells   []engine.Cell
	Targets []HighlightTarget
}

// HighlightTarget is an enemy unit a highlight marks: at At, shot at or
// attacked, with the chance written on it in percent, 0 to 100; -1
// writes none (no order picked yet).
type HighlightTarget struct {
	Unit    string
	At      engine.Cell
	Shot    bool
	Percent int
}

// Colours of the highlight.
var (
	pickInk  = color.RGBA{0x14, 0x14, 0x14, 0xff}
	pickGold = color.RGBA{0xff, 0xd0, 0x2e, 0xff}  // badgeColor's yellow
	pickWash = color.NRGBA{0xff, 0xd0, 0x2e, 0x66} // a cell it may go to
	pickHalo = color.NRGBA{0xff, 0xff, 0xff, 0xc0} // under a target's ring
)

// highlightOddsPx is the size of the chance written on a target, of a
// cell: at Discord's preview size (the picture scaled to about 550 × 350)
// still 9 px high or more (TestHighlightLegibleInPreview).
const highlightOddsPx = 0.3

// highlight draws opt.Highlight: the cells, the targets, the unit on top;
// only in the drawn cells (a target's ring at the edge reaches a few
// pixels into the margin: no clip, which would cost a mask of the whole
// picture).
func (d *drawer) highlight(h *Highlight) {
	if h == nil {
		return
	}
	d.dc.Push()
	defer d.dc.Pop()
	for _, c := range h.Cells {
		if d.l.drawnCell(c) {
			d.pickCell(c)
		}
	}
	if d.l.drawnCell(h.At) {
		d.pickUnit(h.At)
	}
	for _, t := range h.Targets {
		if d.l.drawnCell(t.At) {
			d.pickTarget(t)
		}
	}
}

// pickCell washes a cell the unit may go to and edges it in dashes of
// yellow over black, with a dot in its middle if nobody stands there.
func (d *drawer) pickCell(c engine.Cell) {
	dc, cs := d.dc, d.l.cs
	x, y := d.l.cellOrigin(c)
	m := math.Round(cs * 0.06)
	dc.SetColor(pickWash)
	dc.DrawRectangle(x+m, y+m, cs-2*m, cs-2*m)
	dc.Fill()
	lw := math.Max(2, cs*0.05)
	dc.DrawRoundedRectangle(x+m, y+m, cs-2*m, cs-2*m, cs*0.06)
	dc.SetColor(pickInk)
	dc.SetLineWidth(lw + 2)
	dc.StrokePreserve()
	dc.SetColor(pickGold)
	dc.SetLineWidth(lw)
	dc.SetDash(cs*0.1, cs*0.07)
	dc.Stroke()
	dc.SetDash()
	d.cellNameOver(c)
	if d.b.UnitAt(c) != nil {
		return // the dot would hide the counter's words
	}
	p := d.l.tokenCentre(c)
	r := math.Max(3, cs*0.08)
	dc.DrawCircle(p.x, p.y, r)
	dc.SetColor(pickGold)
	dc.FillPreserve()
	dc.SetColor(pickInk)
	dc.SetLineWidth(math.Max(1.2, r*0.35))
	dc.Stroke()
}

// cellNameOver writes a cell's name again over its highlight, on a light
// plate: the sheet's text names the cells so.
func (d *drawer) cellNameOver(c engine.Cell) {
	if !c.OnField() {
		return
	}
	nx, base := d.namePos(c)
	name := c.Name()
	capH := capHeight(d.f.cell)
	m := math.Max(1, math.Round(d.l.cs*0.025))
	d.dc.SetColor(namePlate)
	d.dc.DrawRoundedRectangle(nx-m, base-capH-m, measure(d.f.cell, name)+2*m, capH+2*m, m)
	d.dc.Fill()
	d.text(d.f.cell, name, nx, base, cellNameColor)
}

// pickUnit bands the token of the unit being ordered: solid yellow edged
// in black, around its counter.
func (d *drawer) pickUnit(c engine.Cell) {
	dc, cs := d.dc, d.l.cs
	x, y, w, h := d.l.tokenRect(c)
	g := cs * 0.07
	lw := math.Max(3, cs*0.06)
	dc.DrawRoundedRectangle(x-g, y-g, w+2*g, h+2*g, cs*0.1)
	dc.SetColor(pickInk)
	dc.SetLineWidth(lw + 3)
	dc.StrokePreserve()
	dc.SetColor(pickGold)
	dc.SetLineWidth(lw)
	dc.Stroke()
	d.cellNameOver(c)
}

// pickTarget rings an enemy the unit may attack or shoot in a crosshair
// around its counter, red or orange within black, and writes the chance
// under it.
func (d *drawer) pickTarget(t HighlightTarget) {
	dc, cs := d.dc, d.l.cs
	p := d.l.tokenCentre(t.At)
	r := cs * 0.46
	ink := color.Color(attackColor)
	if t.Shot {
		ink = shotColor
	}
	lw := math.Max(2, cs*0.04)
	ring := func() {
		dc.DrawCircle(p.x, p.y, r)
		for _, v := range []point{{0, -1}, {1, 0}, {0, 1}, {-1, 0}} {
			a, b := p.add(v.scale(r*0.8)), p.add(v.scale(r*1.12))
			dc.MoveTo(a.x, a.y)
			dc.LineTo(b.x, b.y)
		}
	}
	dc.SetLineCapButt()
	ring()
	dc.SetColor(pickHalo)
	dc.SetLineWidth(lw + 6)
	dc.Stroke()
	ring()
	dc.SetColor(pickInk)
	dc.SetLineWidth(lw + 2.5)
	dc.StrokePreserve()
	dc.SetColor(ink)
	dc.SetLineWidth(lw)
	dc.Stroke()
	d.cellNameOver(t.At)
	if t.Percent >= 0 {
		d.oddsPlate(t.At, strconv.Itoa(min(t.Percent, 100))+"%")
	}
}

// oddsPlate writes s on a yellow plate edged in black, astride the foot
// of cell c (clear of its counter's words), or of its head in the last
// row drawn.
func (d *drawer) oddsPlate(c engine.Cell, s string) {
	dc, cs := d.dc, d.l.cs
	f := d.f.face(true, cs*highlightOddsPx)
	x, y := d.l.cellOrigin(c)
	tw, th := measure(f, s), capHeight(f)
	pw, ph := math.Ceil(tw+cs*0.12), math.Ceil(th+cs*0.12)
	edge := y + cs
	if c.Y == d.l.maxY {
		edge = y + ph/2 + 1
	}
	px, py := math.Round(x+(cs-pw)/2), math.Round(edge-ph/2)
	dc.DrawRoundedRectangle(px, py, pw, ph, cs*0.05)
	dc.SetColor(pickGold)
	dc.FillPreserve()
	dc.SetColor(pickInk)
	dc.SetLineWidth(math.Max(1.5, cs*0.025))
	dc.Stroke()
	d.centredInk(f, s, px+pw/2, py+ph/2, pickInk)
}

// Legend kinds of the highlight, clear of legend.go's and the turn's.
const (
	legendPickUnit legendKind = 180 + iota
	legendPickCell
	legendPickTarget
)

// highlightLegend adds the highlight's line to the legend, if opt has
// one, and makes the picture taller by it.
func (l *layout) highlightLegend(opt Options, f *fieldFaces) {
	h := opt.Highlight
	if h == nil {
		return
	}
	items := []legendItem{newLegendItem(f, l.cs, legendText, render.T(opt.Lang, "legend.highlight")),
		newLegendItem(f, l.cs, legendPickUnit, render.T(opt.Lang, "legend.highlight_unit"))}
	if len(h.Cells) > 0 {
		items = append(items, newLegendItem(f, l.cs, legendPickCell, render.T(opt.Lang, "legend.highlight_cell")))
	}
	if len(h.Targets) > 0 {
		key := "legend.highlight_target"
		if slices.ContainsFunc(h.Targets, func(t HighlightTarget) bool { return t.Percent >= 0 }) {
			key = "legend.highlight_aim" // with the chance written on it
		}
		items = append(items, newLegendItem(f, l.cs, legendPickTarget, render.T(opt.Lang, key)))
	}
	lines := wrapLegend(items, float64(l.w)-2*l.pad, l.cs*0.3)
	l.legend = append(l.legend, lines...)
	l.h += len(lines) * int(l.legendLineH)
}

// highlightLegendIcon draws the icons of the highlight's legend.
func (d *drawer) highlightLegendIcon(k legendKind, x, y, s float64) {
	dc := d.dc
	switch k {
	case legendPickUnit:
		dc.DrawRoundedRectangle(x+s*0.15, y+s*0.15, s*0.7, s*0.7, s*0.12)
		dc.SetColor(pickInk)
		dc.SetLineWidth(math.Max(3, s*0.22) + 2)
		dc.StrokePreserve()
		dc.SetColor(pickGold)
		dc.SetLineWidth(math.Max(3, s*0.22))
		dc.Stroke()
	case legendPickCell:
		d.swatch(x, y, s, pickWash, pickInk)
		dc.DrawCircle(x+s/2, y+s/2, s*0.18)
		dc.SetColor(pickGold)
		dc.FillPreserve()
		dc.SetColor(pickInk)
		dc.SetLineWidth(1.2)
		dc.Stroke()
	case legendPickTarget:
		cx, cy, r := x+s/2, y+s/2, s*0.36
		dc.DrawCircle(cx, cy, r)
		dc.SetColor(pickInk)
		dc.SetLineWidth(3.5)
		dc.StrokePreserve()
		dc.SetColor(attackColor)
		dc.SetLineWidth(1.8)
		dc.Stroke()
	}
}

// HighlightText is the sentence that says what h points at, for a screen
// reader (AltText) and the sheet's text: the unit and its cell, the order,
// the cells it may go to and the targets with their chances, cells named
// as the map names them. most > 0 lists at most that many of each.
func HighlightText(l render.Lang, h Highlight, most int) string {
	marks := make([]render.HighlightMark, len(h.Targets))
	for k, t := range h.Targets {
		marks[k] = render.HighlightMark{Unit: t.Unit, Cell: t.At.Name(), Shot: t.Shot, Percent: t.Percent}
	}
	return render.HighlightText(l, h.Unit, h.At, h.Order, h.Cells, marks, most)
}

// CellBounds is the part of the picture of b drawn with opt (Image, PNG)
// that shows cell c: for a test or the sandbox to look at what a picture
// marks in a cell.
func CellBounds(b engine.Battle, opt Options, c engine.Cell) (image.Rectangle, error) {
	f, err := newFieldFaces(cellSize(opt))
	if err != nil {
		return image.Rectangle{}, err
	}
	defer f.release()
	l := newLayout(b, opt, f)
	x, y := l.cellOrigin(c)
	return image.Rect(int(math.Floor(x)), int(math.Floor(y)), int(math.Ceil(x+l.cs)), int(math.Ceil(y+l.cs))), nil
}
