// Package field draws the battlefield: the field of a battle as a PNG
// (PNG, Image), a turn's marks over it (Options.Events), the preview of
// pending orders (Options.Intents), the choice a sheet points at
// (Options.Highlight), the replay of a turn as an animated GIF
// (ReplayGIF, PNGAndReplay) and the alt texts of these pictures, in
// Russian and English (the words are render's catalogue). It keeps the
// state that makes drawing fast: the memo of parts drawn alike (memo.go),
// the cache of the static layer (static.go), pools of canvases and font
// faces (fonts.go). It does no I/O.
package field

import (
	"image"
	"image/color"
	"math"
	"sync"
	"unicode/utf8"

	"github.com/fogleman/gg"
	"golang.org/x/image/font"
	"golang.org/x/image/math/fixed"

	"github.com/gunbai/gunbai/engine"
	"github.com/gunbai/gunbai/render"
)

// Options say how to draw the battlefield.
type Options struct {
	Lang render.Lang
	// Title is the title line, e.g. the battle's name and the turn; empty:
	// "<Battle> — ход <n>", or "Битва <id> — ход <n>" without a Battle.
	Title string
	// Battle is the battle's name, for the title when Title is empty.
	Battle string
	// View is whose view of the battle the picture shows, named in the
	// title; the zero value names none. The GM's view (ViewGM) also marks
	// the units that a forest hides from the enemy (R-XI.3.2, D-67).
	View View
	// Clans are the names of the clans fighting, by side (engine.North,
	// engine.South), named in the title and at the field's edges; an
	// empty name is left out. A battle that is over (Battle.Outcome) has
	// its outcome named in the title.
	Clans    [2]string
	CellSize int // pixels per cell; 0 means DefaultCellSize
	// Intents are the pending orders of the view's side, drawn as a preview
	// over its units (arrows, attacks, shots, new fronts; preview.go).
	// A pending banner marks its unit (R-V.7).
	Intents []engine.Intended
	// Events are the events of the turn the view may see
	// (engine.VisibleEvents): a unit a banner was raised in is marked
	// (EvBanner, R-V.7).
	Events []engine.Event
	// Before is the view's state before the turn of Events, which is drawn
	// over the units (turn.go): where units started, the look of
	// those that left the field; nil: the events' own cells alone.
	Before *engine.Battle
	// Highlight is the choice a sheet's preview points at (highlight.go):
	// the unit being ordered, where it may go, what it may attack or
	// shoot; nil: none.
	Highlight *Highlight
	// Ghosts are the view's side's memory of the enemy (ghost.go): the
	// enemy units it saw and sees no more, drawn faded under the units
	// where they were last seen. Only a side's view has them.
	Ghosts []Ghost
	// Workers is how many cores a replay's frames are drawn and encoded
	// on at once; 0: every core (GOMAXPROCS). The bot draws each picture
	// on one and schedules how many are drawn at once itself (bot's
	// drawGate: the cores left after answering).
	Workers int
	// Between, if set, is called by a goroutine drawing a replay between
	// two of its frames: the bot lends its core to the players' answers
	// there (bot's drawGate.pause), since Go's scheduler would take it
	// back from a drawing only at its 10 ms preemption.
	Between func()
}

// View is whose view of the battle a picture shows.
type View int8

// Views.
const (
	ViewUnnamed View = iota // not said: the title names no view
	ViewGM                  // the game master's: the whole state
	ViewNorth               // North's: engine.View(b, engine.North)
	ViewSouth               // South's: engine.View(b, engine.South)
)

// SideView is the view of a side.
func SideView(s engine.Side) View {
	if s == engine.North {
		return ViewNorth
	}
	return ViewSouth
}

// Cell sizes in pixels.
const (
	DefaultCellSize = 64
	MinCellSize     = 40
	MaxCellSize     = 200
)

// PNG draws the battlefield (see Image) and encodes it as PNG, at
// the fastest compression: the picture is drawn in a pooled canvas.
func PNG(b engine.Battle, opt Options) ([]byte, error) {
	dst, _ := canvasPool.Get().(*image.RGBA)
	img, err := drawField(b, opt, dst)
	if err != nil {
		return nil, err
	}
	defer canvasPool.Put(img)
	return encodeField(img)
}

var canvasPool sync.Pool // *image.RGBA, for PNG

// Image draws the battlefield: the 12x7 grid and any drawn cells beyond it
// where units stand (D-03), deployment zones tinted by owner, no-man's
// land, the deployment lines, cell names, terrain as terrain (hills,
// forests, swamps, the river and its bridge), portable shields, HQs
// (crossed out when lost) with the leaders in them, and every unit on the
// field as a counter: its type, figures and full ID, its front, its
// leaders, its Hold, fatigue, routing and banner marks; units beyond the
// drawn cells are marked at the edge. Over them, opt.Intents if any; then
// the title (battle, turn, view, clans, outcome) and the legend. North is
// up. The same battle and options give the same pixels.
func Image(b engine.Battle, opt Options) (image.Image, error) {
	return drawField(b, opt, nil)
}

// drawField draws the field in dst, if it is big enough, or in a new
// canvas.
func drawField(b engine.Battle, opt Options, dst *image.RGBA) (*image.RGBA, error) {
	img, _, err := drawFieldLayout(b, opt, dst)
	return img, err
}

// drawFieldLayout is drawField, and the layout it drew to (a replay's
// frame puts its caption by it).
func drawFieldLayout(b engine.Battle, opt Options, dst *image.RGBA) (*image.RGBA, *layout, error) {
	f, err := newFieldFaces(cellSize(opt))
	if err != nil {
		return nil, nil, err
	}
	defer f.release()
	l := newLayout(b, opt, f)
	l.previewLegend(&b, opt, f)
	l.highlightLegend(opt, f)
	// The static layer covers its part with draw.Src: the background is
	// painted only around it.
	img := canvasAround(dst, l.w, l.h, l.staticBounds())
	d := drawer{dc: gg.NewContextForRGBA(img), img: img, l: l, f: f, b: &b, lang: opt.Lang, opt: &opt}
	d.static() // zones, terrain, grid, lines, river, names: drawn once per battle
	d.markers()
	d.shields()
	d.ghosts() // under the units (ghost.go)
	d.units()
	d.farUnits()
	d.preview(opt.Intents)
	d.highlight(opt.Highlight)
	d.turn(opt) // the turn of opt.Events (turn.go)
	d.title()
	d.legend()
	return img, &d.l, nil
}

// canvas is a w x h picture filled with the background: dst's pixels if
// it has room, else new ones.
func canvas(dst *image.RGBA, w, h int) *image.RGBA {
	n := 4 * w * h
	if dst == nil || cap(dst.Pix) < n {
		dst = &image.RGBA{Pix: make([]byte, n)}
	}
	img := &image.RGBA{Pix: dst.Pix[:n], Stride: 4 * w, Rect: image.Rect(0, 0, w, h)}
	fillRGBA(img, background)
	return img
}

// canvasAround is canvas with only the pixels outside r painted (the rest
// is to be painted over).
func canvasAround(dst *image.RGBA, w, h int, r image.Rectangle) *image.RGBA {
	n := 4 * w * h
	if dst == nil || cap(dst.Pix) < n {
		dst = &image.RGBA{Pix: make([]byte, n)}
	}
	img := &image.RGBA{Pix: dst.Pix[:n], Stride: 4 * w, Rect: image.Rect(0, 0, w, h)}
	r = r.Intersect(img.Rect)
	if r.Empty() {
		fillRGBA(img, background)
		return img
	}
	fillPix(img.Pix[:r.Min.Y*img.Stride], background)
	fillPix(img.Pix[r.Max.Y*img.Stride:], background)
	for y := r.Min.Y; y < r.Max.Y; y++ {
		line := img.Pix[y*img.Stride : (y+1)*img.Stride]
		fillPix(line[:4*r.Min.X], background)
		fillPix(line[4*r.Max.X:], background)
	}
	return img
}

// fillRGBA paints every pixel of img with c.
func fillRGBA(img *image.RGBA, c color.RGBA) { fillPix(img.Pix, c) }

// fillPix paints the pixels pix with c.
func fillPix(pix []byte, c color.RGBA) {
	if len(pix) == 0 {
		return
	}
	copy(pix, []byte{c.R, c.G, c.B, c.A})
	for k := 4; k < len(pix); k *= 2 {
		copy(pix[k:], pix[:k])
	}
}

func cellSize(opt Options) int {
	cs := opt.CellSize
	if cs == 0 {
		cs = DefaultCellSize
	}
	return min(max(cs, MinCellSize), MaxCellSize)
}

// fieldFaces are the fonts of one drawing, borrowed from the pool (faces
// are not shared between goroutines) and given back by release.
type fieldFaces struct {
	title, side, label, id, cell, legend, badge font.Face
	cs                                          float64
	lent                                        []*memoFace
}

func newFieldFaces(cs int) (*fieldFaces, error) {
	c := float64(cs)
	f := &fieldFaces{cs: c}
	specs := []struct {
		dst  *font.Face
		bold bool
		px   float64
	}{
		{&f.title, true, c * 0.30},
		{&f.side, true, c * 0.21},
		{&f.label, true, c * 0.24},
		{&f.id, false, c * idSizes[0]},
		{&f.cell, false, c * 0.16},
		{&f.legend, false, c * 0.20},
		{&f.badge, true, c * 0.15},
	}
	for _, s := range specs {
		face, err := f.sized(s.bold, s.px)
		if err != nil {
			f.release()
			return nil, err
		}
		*s.dst = face
	}
	return f, nil
}

// sized is a face of px pixels for this drawing.
func (f *fieldFaces) sized(bold bool, px float64) (font.Face, error) {
	k := faceKey{bold, fixed.Int26_6(math.Round(px * 64))}
	for _, m := range f.lent {
		if m.key == k {
			return m, nil
		}
	}
	m, err := borrowFace(bold, px)
	if err != nil {
		return nil, err
	}
	f.lent = append(f.lent, m)
	return m, nil
}

// face is sized without an error: the fonts are loaded by then.
func (f *fieldFaces) face(bold bool, px float64) font.Face {
	face, err := f.sized(bold, px)
	if err != nil {
		return f.id
	}
	return face
}

// release gives the faces back to the pool.
func (f *fieldFaces) release() {
	for _, m := range f.lent {
		returnFace(m)
	}
	f.lent = nil
}

type drawer struct {
	dc   *gg.Context
	img  *image.RGBA
	l    layout
	f    *fieldFaces
	b    *engine.Battle
	lang render.Lang
	opt  *Options
	// banners are the units a banner is raised in (bannerUnits).
	banners map[string]bool
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

// text draws s with its baseline's left end at (x, base), in colour c.
// Text is drawn straight into the picture (gg would resample each glyph).
func (d *drawer) text(f font.Face, s string, x, base float64, c color.Color) {
	if d.img == nil {
		d.dc.SetFontFace(f)
		d.dc.SetColor(c)
		d.dc.DrawString(s, x, base)
		return
	}
	dr := font.Drawer{Dst: d.img, Src: image.NewUniform(c), Face: f,
		Dot: fixed.Point26_6{X: fixed.Int26_6(math.Round(x * 64)), Y: fixed.Int26_6(math.Round(base * 64))}}
	dr.DrawString(s)
}

// textAt draws s with its baseline at base, its left end at x less ax of
// its width (0 left, 0.5 centred, 1 right).
func (d *drawer) textAt(f font.Face, s string, x, base, ax float64, c color.Color) {
	d.text(f, s, math.Round(x-ax*measure(f, s)), base, c)
}

// centredText draws s with its ink centred on (cx, cy) in the current
// colour of d.dc (the preview's badges).
func (d *drawer) centredText(f font.Face, s string, cx, cy float64) {
	b, _ := font.BoundString(f, s)
	x := cx - float64(b.Min.X+b.Max.X)/128
	y := cy - float64(b.Min.Y+b.Max.Y)/128
	d.dc.SetFontFace(f)
	d.dc.DrawString(s, math.Round(x), math.Round(y))
}

// centredInk draws s with its ink centred on (cx, cy) in colour c.
func (d *drawer) centredInk(f font.Face, s string, cx, cy float64, c color.Color) {
	b, _ := font.BoundString(f, s)
	x := cx - float64(b.Min.X+b.Max.X)/128
	y := cy - float64(b.Min.Y+b.Max.Y)/128
	d.text(f, s, math.Round(x), math.Round(y), c)
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
