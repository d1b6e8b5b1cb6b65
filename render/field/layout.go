package field

import (
	"math"
	"strings"

	"golang.org/x/image/font"

	"github.com/gunbai/gunbai/engine"
	"github.com/gunbai/gunbai/render"
)

// layout is where everything goes.
type layout struct {
	cs, pad                float64
	minX, minY, maxX, maxY int     // the cells drawn
	gridX, gridY           float64 // top-left pixel of cell (minX, minY)
	w, h                   int
	head                   heading
	titleBase              float64
	subBase                float64 // the second line of the title, if head has one
	northBase, southBase   float64
	legendTop, legendLineH float64
	legend                 [][]legendItem
	// far are the units beyond the drawn cells, marked at the edge.
	far []farUnit
	// labels say how each drawn unit's ID is written on its counter.
	labels map[string]unitLabel
	// summary is what the turn of Options.Events did (the alt text's
	// sentences: the losses, the units routed and destroyed, the leaders'
	// fates), in lines under the field from summaryTop.
	summary              []string
	summaryTop, summaryH float64
}

// activeUnits are the units standing on the field (ok or routing).
func activeUnits(b *engine.Battle) []*engine.Unit {
	var out []*engine.Unit
	for i := range b.Units {
		if b.Units[i].Active() {
			out = append(out, &b.Units[i])
		}
	}
	return out
}

// maxDrawBand is how many cells beyond each edge of the field a picture
// may reach (D-03: the drawn cells where units stand): as far as a fix
// may put a unit (engine.FixBand). Units farther off are marked at the
// edge of the picture and listed in the legend, so that the picture's
// size stays bounded whatever the state.
const maxDrawBand = engine.FixBand

// inDrawBand reports whether c may be drawn.
func inDrawBand(c engine.Cell) bool {
	return c != engine.NoCell && c.X >= 1-maxDrawBand && c.X <= engine.FieldWidth+maxDrawBand &&
		c.Y >= 1-maxDrawBand && c.Y <= engine.FieldHeight+maxDrawBand
}

// farUnit is a unit beyond the drawn cells: at is the drawn cell nearest
// to it, on the picture's edge.
type farUnit struct {
	u  *engine.Unit
	at engine.Cell
}

func newLayout(b engine.Battle, opt Options, f *fieldFaces) layout {
	cs := float64(cellSize(opt))
	l := layout{cs: cs, pad: math.Round(cs * 0.25)}
	l.box(&b)
	cols, rows := l.maxX-l.minX+1, l.maxY-l.minY+1

	l.w = int(2*l.pad + float64(cols)*cs)
	inner := float64(l.w) - 2*l.pad
	l.head = newHeading(&b, &opt, f, inner)

	y := l.pad
	l.titleBase = y + ascent(f.title)
	y += math.Round(cs * 0.42)
	if l.head.hasSub() {
		l.subBase = y + ascent(f.side)
		y += math.Round(cs * 0.36)
	}
	l.northBase = y + ascent(f.side)
	y += math.Round(cs * 0.32)
	l.gridX, l.gridY = l.pad, y
	y += float64(rows) * cs
	l.southBase = y + math.Round(cs*0.08) + ascent(f.side)
	y += math.Round(cs * 0.42)
	if b.Turn > 0 && len(opt.Events) > 0 {
		l.summary = wrapWords(f.side, strings.Join(altTurn(opt.Lang, &b, opt.Events), " "), inner)
		l.summaryTop, l.summaryH = y, math.Round(cs*0.32)
		y += float64(len(l.summary))*l.summaryH + math.Round(cs*0.12)
	}
	l.labels = unitLabels(&l, &b, f, opt.Lang)
	l.legendTop = y
	l.legendLineH = math.Round(cs * 0.36)
	items := legendItems(&b, &opt, f, cs)
	items = append(items, ghostLegend(&b, &l, &opt, f)...)
	if l.offField() {
		items = append(items, newLegendItem(f, cs, legendOffField, render.T(opt.Lang, "legend.off_field")))
	}
	items = append(items, l.keyItems(&b, opt.Lang, f)...)
	l.legend = wrapLegend(items, inner, cs*0.3)
	y += float64(len(l.legend)) * l.legendLineH
	l.h = int(math.Ceil(y + l.pad*0.6))
	l.turnLegend(&b, opt, f) // the marks of the turn of opt.Events (turn.go)
	return l
}

// box sets the drawn cells: the field and everything drawn on it within
// the band, and lists the units beyond.
func (l *layout) box(b *engine.Battle) {
	l.minX, l.minY, l.maxX, l.maxY = 1, 1, engine.FieldWidth, engine.FieldHeight
	grow := func(c engine.Cell) {
		if !inDrawBand(c) {
			return
		}
		l.minX, l.maxX = min(l.minX, c.X), max(l.maxX, c.X)
		l.minY, l.maxY = min(l.minY, c.Y), max(l.maxY, c.Y)
	}
	for _, u := range activeUnits(b) {
		grow(u.Cell)
	}
	grow(b.HQ[engine.North])
	grow(b.HQ[engine.South])
	for _, cells := range [][]engine.Cell{b.Terrain.Hills, b.Terrain.Forests, b.Terrain.Swamps} {
		for _, c := range cells {
			grow(c)
		}
	}
	grow(b.Terrain.Bridge)
	for _, sh := range b.Terrain.Shields {
		if sh.Sides&0xf != 0 {
			grow(sh.Cell)
		}
	}
	for _, u := range activeUnits(b) {
		if u.Cell != engine.NoCell && !inDrawBand(u.Cell) {
			at := engine.Cell{X: min(max(u.Cell.X, l.minX), l.maxX), Y: min(max(u.Cell.Y, l.minY), l.maxY)}
			l.far = append(l.far, farUnit{u: u, at: at})
		}
	}
}

// cellOrigin is the top-left pixel of a cell.
func (l *layout) cellOrigin(c engine.Cell) (x, y float64) {
	return l.gridX + float64(c.X-l.minX)*l.cs, l.gridY + float64(c.Y-l.minY)*l.cs
}

// tokenRect is the body of a unit's counter in its cell: below the cell's
// name, with room on every side for the point of its front (and for the
// preview's mark of a new front).
func (l *layout) tokenRect(c engine.Cell) (x, y, w, h float64) {
	cx, cy := l.cellOrigin(c)
	return cx + math.Round(l.cs*0.11), cy + math.Round(l.cs*0.235), math.Round(l.cs * 0.78), math.Round(l.cs * 0.66)
}

// gridPixels is the rectangle of the drawn cells, in pixels.
func (l *layout) gridPixels() (x, y, w, h float64) {
	return l.gridX, l.gridY, float64(l.maxX-l.minX+1) * l.cs, float64(l.maxY-l.minY+1) * l.cs
}

// wrapWords breaks text into lines of at most width pixels in face f, at
// spaces (a word longer than a line is a line of its own).
func wrapWords(f font.Face, text string, width float64) []string {
	var lines []string
	line := ""
	for _, w := range strings.Fields(text) {
		if line != "" && measure(f, line+" "+w) > width {
			lines = append(lines, line)
			line = ""
		}
		if line != "" {
			line += " "
		}
		line += w
	}
	if line != "" {
		lines = append(lines, line)
	}
	return lines
}
