package field

import (
	"math"
	"unicode"
	"unicode/utf8"

	"golang.org/x/image/font"

	"github.com/gunbai/gunbai/engine"
	"github.com/gunbai/gunbai/render"
)

// A unit's ID is the name a player types in his orders, so the counter
// shows all of it: on one line, smaller if need be; else on two lines, cut
// after a hyphen or the like where there is one; else, for an ID too long
// for both, a number whose ID the legend's key gives ("№3 — ...").

// idSizes are the sizes tried for a unit's ID, in cell sizes, largest
// first.
var idSizes = []float64{0.19, 0.175, 0.16, 0.145}

// Sizes of the counter's first line (type and figures), in cell sizes:
// over an ID on one line, and over one on two lines.
const (
	labelSize    = 0.24
	labelSizeTwo = 0.185
)

// unitLabel is how a unit's ID is written on its counter.
type unitLabel struct {
	lines   []string // one or two lines of the ID, or its number in the key
	px      float64  // the size of the ID's face
	labelPx float64  // the size of the type-and-figures face
	key     int      // > 0: the ID is given in the legend under this number
	top     float64  // where the texts start, below the content's top
}

// rectF is a rectangle in pixels.
type rectF struct{ x, y, w, h float64 }

// counterGeom is where the parts of a counter go: its body, the band on
// its front edge and the rest, where its texts go.
type counterGeom struct {
	body, band, content rectF
	facing              engine.Dir
}

// bandDepth is the depth of a counter's front band: less on a side, where
// it takes from the ID's width.
func bandDepth(cs float64, f engine.Dir) float64 {
	if f&1 == 1 { // E, W
		return math.Round(cs * 0.09)
	}
	return math.Round(cs * 0.1)
}

func (l *layout) counter(c engine.Cell, f engine.Dir) counterGeom {
	x, y, w, h := l.tokenRect(c)
	bd := bandDepth(l.cs, f)
	g := counterGeom{body: rectF{x, y, w, h}, facing: f & 3}
	switch g.facing {
	case engine.N:
		g.band, g.content = rectF{x, y, w, bd}, rectF{x, y + bd, w, h - bd}
	case engine.S:
		g.band, g.content = rectF{x, y + h - bd, w, bd}, rectF{x, y, w, h - bd}
	case engine.E:
		g.band, g.content = rectF{x + w - bd, y, bd, h}, rectF{x, y, w - bd, h}
	default:
		g.band, g.content = rectF{x, y, bd, h}, rectF{x + bd, y, w - bd, h}
	}
	return g
}

// Badges at the counter's bottom corners (tokens.go): how far each
// reaches into the body from its side and up from its bottom edge, in
// cells.
const (
	holdReach    = 0.135
	fatigueReach = 0.11
)

// idSpace is the room for a counter's texts: its content less a margin.
// A line clear of the badges may be width wide; where the badges reach
// into the content, at its bottom, narrow. Texts up to clear high stand
// above the badges; up to height, their bottom line is narrow.
type idSpace struct {
	width, narrow float64
	margin        float64
	height, clear float64
}

func (l *layout) idRoom(u *engine.Unit, g counterGeom) idSpace {
	cs := l.cs
	inset := math.Max(2, math.Round(cs*0.035))
	sp := idSpace{width: g.content.w - 2*inset, margin: math.Round(cs * 0.02)}
	sp.height = g.content.h - 2*sp.margin
	sp.narrow, sp.clear = sp.width, sp.height
	below := g.body.y + g.body.h - (g.content.y + g.content.h) // the band under the content, facing south
	left, right, up := 0.0, 0.0, 0.0
	if u.Hold {
		left = math.Max(0, g.body.x+cs*holdReach-(g.content.x+inset))
		up = cs * holdReach
	}
	if u.Fatigued {
		right = math.Max(0, g.content.x+g.content.w-inset-(g.body.x+g.body.w-cs*fatigueReach))
		up = math.Max(up, cs*fatigueReach)
	}
	if reach := math.Max(0, up-below-sp.margin); reach > 0 && (left > 0 || right > 0) {
		sp.narrow -= 2 * math.Max(left, right)
		sp.clear -= reach
	}
	return sp
}

// place says where texts h high stand in sp: their top, from the
// content's, and the width of their bottom line; ok false if they do not
// fit.
func (sp idSpace) place(h float64) (top, bottom float64, ok bool) {
	switch {
	case h <= sp.clear:
		return sp.margin + math.Round((sp.clear-h)/2), sp.width, true
	case h <= sp.height:
		return sp.margin + math.Round((sp.height-h)/2), sp.narrow, true
	}
	return 0, 0, false
}

// labelBlock is the height of the counter's texts: the type-and-figures
// line over n lines of the ID.
func labelBlock(label, id font.Face, n int) float64 {
	return capHeight(label) + idGap(id) + capHeight(id) + float64(n-1)*idLineH(id) + descent(id)
}

func idGap(id font.Face) float64   { return math.Max(2, math.Round(capHeight(id)*0.3)) }
func idLineH(id font.Face) float64 { return math.Round(faceSize(id) * 1.02) }
func descent(f font.Face) float64  { return math.Round(faceSize(f) * 0.15) }

// faceSize is a face's size in pixels.
func faceSize(f font.Face) float64 {
	if m, ok := f.(*memoFace); ok {
		return m.key.px()
	}
	return float64(f.Metrics().Height) / 64 / 1.17
}

func labelFace(f *fieldFaces, px float64) font.Face { return f.face(true, px) }

// unitLabels fits the ID of every unit drawn on its counter; the IDs that
// fit nowhere are numbered, in the battle's order, for the legend's key.
func unitLabels(l *layout, b *engine.Battle, f *fieldFaces, lang render.Lang) map[string]unitLabel {
	out := map[string]unitLabel{}
	key := 0
	for _, u := range activeUnits(b) {
		if !l.drawnCell(u.Cell) {
			continue
		}
		lab, ok := fitID(l, u, f)
		if !ok {
			key++
			lab = unitLabel{lines: []string{render.T(lang, "field.key_label", key)}, px: l.cs * idSizes[0],
				labelPx: l.cs * labelSize, key: key}
			sp := l.idRoom(u, l.counter(u.Cell, u.Facing))
			lab.top, _, _ = sp.place(labelBlock(labelFace(f, lab.labelPx), f.face(false, lab.px), 1))
		}
		out[u.ID] = lab
	}
	return out
}

// fitID finds how the unit's ID fits its counter: on one line at one of
// the larger sizes, else on two lines cut at a separator, at any size,
// else cut elsewhere.
func fitID(l *layout, u *engine.Unit, f *fieldFaces) (unitLabel, bool) {
	cs := l.cs
	sp := l.idRoom(u, l.counter(u.Cell, u.Facing))
	for _, k := range idSizes[:3] {
		face := f.face(false, cs*k)
		top, bottom, ok := sp.place(labelBlock(labelFace(f, cs*labelSize), face, 1))
		if ok && measure(face, u.ID) <= bottom {
			return unitLabel{lines: []string{u.ID}, px: cs * k, labelPx: cs * labelSize, top: top}, true
		}
	}
	if utf8.RuneCountInString(u.ID) < 2 {
		return unitLabel{}, false
	}
	for rank := 0; rank <= 2; rank++ {
		for _, k := range idSizes[1:] {
			face := f.face(false, cs*k)
			top, bottom, ok := sp.place(labelBlock(labelFace(f, cs*labelSizeTwo), face, 2))
			if !ok {
				continue
			}
			if a, b, ok := splitID(face, u.ID, sp.width, bottom, rank); ok {
				return unitLabel{lines: []string{a, b}, px: cs * k, labelPx: cs * labelSizeTwo, top: top}, true
			}
		}
	}
	return unitLabel{}, false
}

// splitID cuts id in two lines no wider than top and bottom, at a cut of
// the given rank: 0 after a separator (- _ . / :), 1 between a letter and
// a digit or a lower and an upper case letter, 2 anywhere; of those that
// fit, the most even.
func splitID(face font.Face, id string, top, bottom float64, rank int) (string, string, bool) {
	best, bestW := -1, math.Inf(1)
	prev := rune(-1)
	for i, r := range id {
		if i > 0 && cutRank(prev, r) <= rank {
			a, b := measure(face, id[:i]), measure(face, id[i:])
			if a <= top && b <= bottom && math.Max(a, b) < bestW {
				best, bestW = i, math.Max(a, b)
			}
		}
		prev = r
	}
	if best > 0 {
		return id[:best], id[best:], true
	}
	return "", "", false
}

// cutRank is how good a place for a line break between a and b is.
func cutRank(a, b rune) int {
	switch {
	case isSeparator(a):
		return 0
	case unicode.IsDigit(a) != unicode.IsDigit(b) || unicode.IsLower(a) && unicode.IsUpper(b):
		return 1
	}
	return 2
}

func isSeparator(r rune) bool {
	switch r {
	case '-', '_', '.', '/', ':', '+':
		return true
	}
	return false
}

// keyText is the legend's entry for a numbered unit.
func keyText(lang render.Lang, n int, id string) string { return render.T(lang, "legend.key", n, id) }
