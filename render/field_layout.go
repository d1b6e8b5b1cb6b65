package render

import (
	"math"

	"github.com/gunbai/gunbai/engine"
)

// layout is where everything goes.
type layout struct {
	cs, pad                float64
	minX, minY, maxX, maxY int     // the cells drawn
	gridX, gridY           float64 // top-left pixel of cell (minX, minY)
	w, h                   int
	title                  string
	titleBase              float64
	northBase, southBase   float64
	legendTop, legendLineH float64
	legend                 [][]legendItem
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

// maxDrawBand is how many cells beyond each edge a picture may reach.
const maxDrawBand = 8

func newLayout(b engine.Battle, opt FieldOptions, f *fieldFaces) layout {
	cs := float64(cellSize(opt))
	l := layout{cs: cs, pad: math.Round(cs * 0.25)}
	// The bounding box of the field and of everything drawn on it.
	l.minX, l.minY, l.maxX, l.maxY = 1, 1, engine.FieldWidth, engine.FieldHeight
	grow := func(c engine.Cell) {
		// Cells far beyond the field (a scenario's typo, a long flight in
		// extend mode) are not drawn: the picture's size stays bounded.
		if c == engine.NoCell || c.X < 1-maxDrawBand || c.X > engine.FieldWidth+maxDrawBand ||
			c.Y < 1-maxDrawBand || c.Y > engine.FieldHeight+maxDrawBand {
			return
		}
		l.minX, l.maxX = min(l.minX, c.X), max(l.maxX, c.X)
		l.minY, l.maxY = min(l.minY, c.Y), max(l.maxY, c.Y)
	}
	for _, u := range activeUnits(&b) {
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
	cols, rows := l.maxX-l.minX+1, l.maxY-l.minY+1

	l.w = int(2*l.pad + float64(cols)*cs)
	inner := float64(l.w) - 2*l.pad

	l.title = opt.Title
	if l.title == "" {
		if b.Turn == 0 {
			l.title = T(opt.Lang, "field.title_deployment", b.ID)
		} else {
			l.title = T(opt.Lang, "field.title", b.ID, b.Turn)
		}
	}
	l.title = fitText(f.title, l.title, inner)

	y := l.pad
	l.titleBase = y + ascent(f.title)
	y += math.Round(cs * 0.42)
	l.northBase = y + ascent(f.side)
	y += math.Round(cs * 0.32)
	l.gridX, l.gridY = l.pad, y
	y += float64(rows) * cs
	l.southBase = y + math.Round(cs*0.08) + ascent(f.side)
	y += math.Round(cs * 0.42)
	l.legendTop = y
	l.legendLineH = math.Round(cs * 0.36)
	l.legend = wrapLegend(legendItems(&b, opt.Lang, f, cs), inner, cs*0.3)
	y += float64(len(l.legend)) * l.legendLineH
	l.h = int(math.Ceil(y + l.pad*0.6))
	return l
}

// cellOrigin is the top-left pixel of a cell.
func (l *layout) cellOrigin(c engine.Cell) (x, y float64) {
	return l.gridX + float64(c.X-l.minX)*l.cs, l.gridY + float64(c.Y-l.minY)*l.cs
}

// tokenRect is the body of a unit's token in its cell.
func (l *layout) tokenRect(c engine.Cell) (x, y, w, h float64) {
	cx, cy := l.cellOrigin(c)
	return cx + math.Round(l.cs*0.11), cy + math.Round(l.cs*0.27),
		math.Round(l.cs * 0.78), math.Round(l.cs * 0.63)
}
