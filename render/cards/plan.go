package cards

import (
	"image"
	"image/color"
	"image/draw"
	"math"
	"strings"
	"unicode/utf8"

	"github.com/fogleman/gg"
	"golang.org/x/image/font"
	"golang.org/x/image/math/fixed"

	"github.com/gunbai/gunbai/render"
	"github.com/gunbai/gunbai/render/field"
	"github.com/gunbai/gunbai/skirmish"
)

// item is one text of the picture in its box: drawn with its baseline at
// base, inside [x, x+w] (aligned left, centred or right by ax 0, 0.5,
// 1), shortened with "…" to fit when it was laid out.
type item struct {
	s       string
	bold    bool
	px      float64
	x, w    float64
	base    float64
	ax      float64
	c       color.Color
	strike  bool // a line through it (the dead)
	star    bool // a star drawn before it (awards), in its box
	card    int
	shorted bool // shortened with "…"
}

// layout is the picture as data before it is painted: its size, the
// cards' places, every text, and the faces they are measured with.
type layout struct {
	w, h  int
	n     int
	items []item
	faces map[faceKey]font.Face
	back  []func()
}

type faceKey struct {
	bold bool
	px   float64
}

// face is the face for bold and px, borrowed from the field's pool once a
// picture.
func (l *layout) face(bold bool, px float64) (font.Face, error) {
	k := faceKey{bold, px}
	if f, ok := l.faces[k]; ok {
		return f, nil
	}
	f, release, err := field.Face(bold, px)
	if err != nil {
		return nil, err
	}
	l.faces[k], l.back = f, append(l.back, release)
	return f, nil
}

func (l *layout) release() {
	for _, r := range l.back {
		r()
	}
	l.back = nil
}

// plan lays out every card.
func plan(cs []skirmish.Card, lang render.Lang) (*layout, error) {
	l := &layout{n: len(cs), faces: map[faceKey]font.Face{}}
	l.w, l.h = size(len(cs))
	for i, c := range cs {
		if err := l.card(i, c, lang); err != nil {
			l.release()
			return nil, err
		}
	}
	return l, nil
}

// add lays out a text in its box, shortened to fit.
func (l *layout) add(it item) error {
	f, err := l.face(it.bold, it.px)
	if err != nil {
		return err
	}
	room := it.w
	if it.star {
		room -= starRoom(it.px)
	}
	s := fit(f, glyphs(it.s), room)
	it.shorted = s != glyphs(it.s)
	it.s = s
	l.items = append(l.items, it)
	return nil
}

// measure is the width of s in f, in pixels.
func measure(f font.Face, s string) float64 { return float64(font.MeasureString(f, s)) / 64 }

// fit shortens s with "…" until it is at most width wide.
func fit(f font.Face, s string, width float64) string {
	if measure(f, s) <= width {
		return s
	}
	for s != "" {
		_, n := utf8.DecodeLastRuneInString(s)
		s = s[:len(s)-n]
		if t := strings.TrimRight(s, " ,·"); measure(f, t+"…") <= width {
			return t + "…"
		}
	}
	return ""
}

// substitutes are the signs a player may choose that the Go fonts lack,
// drawn as the nearest they have.
var substitutes = map[rune]rune{'◆': '♦', '◇': '◊', '★': '*', '☆': '*', '✦': '♦', '⬤': '●', '▶': '►', '◀': '◄'}

// glyphs is s with every rune the fonts lack replaced by its substitute,
// or by "?": no box of a missing glyph on a card.
func glyphs(s string) string {
	ok := true
	for _, r := range s {
		ok = ok && field.HasGlyph(true, r) && field.HasGlyph(false, r)
	}
	if ok {
		return s
	}
	out := make([]rune, 0, len(s))
	for _, r := range s {
		switch {
		case field.HasGlyph(true, r) && field.HasGlyph(false, r):
			out = append(out, r)
		case substitutes[r] != 0:
			out = append(out, substitutes[r])
		default:
			out = append(out, '?')
		}
	}
	return string(out)
}

// starRoom is the room a star takes before a text of px pixels.
func starRoom(px float64) float64 { return math.Round(px * 1.15) }

// paint draws the layout.
func (l *layout) paint() *image.RGBA {
	img := image.NewRGBA(image.Rect(0, 0, l.w, l.h))
	draw.Draw(img, img.Bounds(), image.NewUniform(backColor), image.Point{}, draw.Src)
	dc := gg.NewContextForRGBA(img)
	for i := range l.n {
		x, y := origin(i)
		dc.SetColor(borderColor)
		dc.DrawRoundedRectangle(x, y, cardW, cardH, 10)
		dc.Fill()
		dc.SetColor(groundColor)
		dc.DrawRoundedRectangle(x+border, y+border, cardW-2*border, cardH-2*border, 5)
		dc.Fill()
		dc.SetColor(ruleColor)
		dc.SetLineWidth(1)
		dc.DrawLine(x+pad, y+bodyTop-8.5, x+cardW-pad, y+bodyTop-8.5)
		dc.DrawLine(x+pad, y+cardH-footH-2.5, x+cardW-pad, y+cardH-footH-2.5)
		dc.Stroke()
	}
	for _, it := range l.items {
		l.paintItem(img, dc, it)
	}
	return img
}

// paintItem draws one text (straight into the picture: gg would resample
// each glyph), its star and its strike.
func (l *layout) paintItem(img *image.RGBA, dc *gg.Context, it item) {
	f := l.faces[faceKey{it.bold, it.px}]
	x := it.x
	if it.star {
		drawStar(dc, x+starRoom(it.px)*0.45, it.base-it.px*0.36, it.px*0.5, it.c)
		x += starRoom(it.px)
	}
	wd := measure(f, it.s)
	x = math.Round(x + it.ax*(it.x+it.w-x-wd))
	dr := font.Drawer{Dst: img, Src: image.NewUniform(it.c), Face: f,
		Dot: fixed.Point26_6{X: fixed.Int26_6(x * 64), Y: fixed.Int26_6(math.Round(it.base) * 64)}}
	dr.DrawString(it.s)
	if it.strike {
		dc.SetColor(it.c)
		dc.SetLineWidth(1.5)
		y := math.Round(it.base-it.px*0.32) + 0.5
		dc.DrawLine(x, y, x+wd, y)
		dc.Stroke()
	}
}

// drawStar draws a five-pointed star of radius r centred on (cx, cy).
func drawStar(dc *gg.Context, cx, cy, r float64, c color.Color) {
	for k := range 10 {
		rad := r
		if k%2 == 1 {
			rad = r * 0.45
		}
		a := -math.Pi/2 + float64(k)*math.Pi/5
		dc.LineTo(cx+rad*math.Cos(a), cy+rad*math.Sin(a))
	}
	dc.ClosePath()
	dc.SetColor(c)
	dc.Fill()
}
