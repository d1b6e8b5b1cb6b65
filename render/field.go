package render

import (
	"bytes"
	"image"
	"image/png"
	"math"
	"unicode/utf8"

	"github.com/fogleman/gg"
	"golang.org/x/image/font"

	"github.com/gunbai/gunbai/engine"
)

// FieldOptions say how to draw the battlefield.
type FieldOptions struct {
	Lang     Lang
	Title    string // the title line, e.g. battle name and turn; empty: "Битва <id> — ход <n>"
	CellSize int    // pixels per cell; 0 means DefaultCellSize
	// Intents are the pending orders of the view's side, drawn as a preview
	// over its units (arrows, attacks, shots, new fronts; field_preview.go).
	Intents []engine.Intended
}

// Cell sizes in pixels.
const (
	DefaultCellSize = 64
	MinCellSize     = 40
	MaxCellSize     = 200
)

// FieldPNG draws the battlefield (see Field) and encodes it as PNG.
func FieldPNG(b engine.Battle, opt FieldOptions) ([]byte, error) {
	img, err := Field(b, opt)
	if err != nil {
		return nil, err
	}
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// Field draws the battlefield: the 12x7 grid and any drawn cells where units
// stand, deployment zones tinted by owner, no-man's land, the deployment
// lines, cell names, terrain, portable shields, HQs (crossed out when lost)
// with the leaders in them, and every unit on the field with its leaders and
// its Hold and fatigue badges, with a title and a legend; opt.Intents, if
// any, over the units. North is up. The same battle and options give the
// same pixels.
func Field(b engine.Battle, opt FieldOptions) (image.Image, error) {
	f, err := newFieldFaces(cellSize(opt))
	if err != nil {
		return nil, err
	}
	l := newLayout(b, opt, f)
	l.previewLegend(&b, opt, f)
	dc := gg.NewContext(l.w, l.h)
	dc.SetColor(background)
	dc.Clear()
	d := drawer{dc: dc, l: l, f: f, b: &b, lang: opt.Lang}
	d.cells()
	d.lines()
	d.river()
	d.cellNames()
	d.markers()
	d.shields()
	d.units()
	d.preview(opt.Intents)
	d.title()
	d.legend()
	return dc.Image(), nil
}

func cellSize(opt FieldOptions) int {
	cs := opt.CellSize
	if cs == 0 {
		cs = DefaultCellSize
	}
	return min(max(cs, MinCellSize), MaxCellSize)
}

// fieldFaces are the fonts of one drawing (faces are not shared between
// goroutines).
type fieldFaces struct {
	title, side, label, id, cell, legend, badge font.Face
}

func newFieldFaces(cs int) (*fieldFaces, error) {
	c := float64(cs)
	f := &fieldFaces{}
	specs := []struct {
		dst  *font.Face
		bold bool
		px   float64
	}{
		{&f.title, true, c * 0.30},
		{&f.side, true, c * 0.21},
		{&f.label, true, c * 0.25},
		{&f.id, false, c * 0.18},
		{&f.cell, false, c * 0.16},
		{&f.legend, false, c * 0.20},
		{&f.badge, true, c * 0.15},
	}
	for _, s := range specs {
		face, err := newFace(s.bold, s.px)
		if err != nil {
			return nil, err
		}
		*s.dst = face
	}
	return f, nil
}

type drawer struct {
	dc   *gg.Context
	l    layout
	f    *fieldFaces
	b    *engine.Battle
	lang Lang
}

// each calls fn for every drawn cell, row by row.
func (d *drawer) each(fn func(c engine.Cell, x, y float64)) {
	for cy := d.l.minY; cy <= d.l.maxY; cy++ {
		for cx := d.l.minX; cx <= d.l.maxX; cx++ {
			c := engine.Cell{X: cx, Y: cy}
			x, y := d.l.cellOrigin(c)
			fn(c, x, y)
		}
	}
}

// centredText draws s with its ink centred on (cx, cy) in the current colour.
func (d *drawer) centredText(f font.Face, s string, cx, cy float64) {
	b, _ := font.BoundString(f, s)
	x := cx - float64(b.Min.X+b.Max.X)/128
	y := cy - float64(b.Min.Y+b.Max.Y)/128
	d.dc.SetFontFace(f)
	d.dc.DrawString(s, math.Round(x), math.Round(y))
}

// title draws the title and the two side labels.
func (d *drawer) title() {
	dc, l := d.dc, &d.l
	dc.SetColor(textColor)
	dc.SetFontFace(d.f.title)
	dc.DrawString(l.title, l.pad, l.titleBase)
	// "Север" above the field, "Юг" below it, at the field's centre.
	xc, _ := l.cellOrigin(engine.Cell{X: 7, Y: 1})
	dc.SetFontFace(d.f.side)
	dc.SetColor(northDark)
	dc.DrawStringAnchored(SideName(d.lang, engine.North), xc, l.northBase, 0.5, 0)
	dc.SetColor(southDark)
	dc.DrawStringAnchored(SideName(d.lang, engine.South), xc, l.southBase, 0.5, 0)
}

// Text measurement helpers.

func measure(f font.Face, s string) float64 {
	return float64(font.MeasureString(f, s)) / 64
}

func ascent(f font.Face) float64 { return math.Ceil(float64(f.Metrics().Ascent) / 64) }

// capHeight is the height of a capital letter above the baseline.
func capHeight(f font.Face) float64 {
	if b, _, ok := f.GlyphBounds('H'); ok && b.Min.Y < 0 {
		return float64(-b.Min.Y) / 64
	}
	return ascent(f) * 0.7
}

// fitText shortens s with "…" until it fits in width.
func fitText(f font.Face, s string, width float64) string {
	if measure(f, s) <= width {
		return s
	}
	for s != "" {
		_, n := utf8.DecodeLastRuneInString(s)
		s = s[:len(s)-n]
		if measure(f, s+"…") <= width {
			return s + "…"
		}
	}
	return ""
}
