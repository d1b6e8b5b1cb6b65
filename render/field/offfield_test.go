package field

import (
	"image"
	"os"
	"testing"

	"github.com/gunbai/gunbai/engine"
	"github.com/gunbai/gunbai/render"
)

// Cells beyond the field, drawn where a unit fled off it, are a band of
// their own: no cell names there (no "A56" row), and a legend line that
// says what the band is; the field's own cells keep their names.
func TestFieldOffFieldBand(t *testing.T) {
	b := turnAfter()
	b.Unit("s-kiba").Cell = cell(2, engine.FieldHeight+1) // fled off the south edge
	l := layoutOf(t, b, Options{Lang: render.RU})
	if !l.offField() {
		t.Fatal("the layout draws no cells beyond the field")
	}
	legendHas := func(l layout) bool {
		for _, line := range l.legend {
			for _, it := range line {
				if it.kind == legendOffField && it.text == render.T(render.RU, "legend.off_field") {
					return true
				}
			}
		}
		return false
	}
	if !legendHas(l) {
		t.Error("no legend line for the band off the field")
	}
	if legendHas(layoutOf(t, turnAfter(), Options{Lang: render.RU})) {
		t.Error("a legend line for the band off the field with none drawn")
	}
	img := renderField(t, b, Options{Lang: render.RU})
	if os.Getenv("GUNBAI_DUMP") != "" {
		_ = os.WriteFile(os.Getenv("GUNBAI_DUMP"), mustPNG(t, b), 0o644)
	}
	// The name's corner of a cell: the dark ink of a name there or not.
	named := func(c engine.Cell) bool {
		x, y := l.cellOrigin(c)
		r := image.Rect(int(x+l.cs*0.05), int(y+l.cs*0.06), int(x+l.cs*0.4), int(y+l.cs*0.22))
		for py := r.Min.Y; py < r.Max.Y; py++ {
			for px := r.Min.X; px < r.Max.X; px++ {
				if c := img.RGBAAt(px, py); c.R < 0x90 && c.G < 0x90 && c.B < 0x90 {
					return true
				}
			}
		}
		return false
	}
	if !named(cell(5, engine.FieldHeight)) {
		t.Errorf("the field's cell %v has no name drawn", cell(5, engine.FieldHeight))
	}
	for x := 1; x <= engine.FieldWidth; x++ {
		if c := cell(x, engine.FieldHeight+1); named(c) {
			t.Errorf("the cell %v off the field has a name drawn", c)
		}
	}
}

func mustPNG(t *testing.T, b engine.Battle) []byte {
	png, err := PNG(b, Options{Lang: render.RU})
	if err != nil {
		t.Fatal(err)
	}
	return png
}

// The river runs along the field's deployment line from edge to edge of
// the field, not across the band of cells drawn beyond its sides (issue
// 25: it was drawn through them as if it flowed on).
func TestFieldRiverStopsAtFieldEdge(t *testing.T) {
	b := turnAfter()
	b.Terrain.River = true
	b.Unit("s-kiba").Cell = cell(engine.FieldWidth+1, 2) // fled off the east edge
	b.Unit("n-yari").Cell = cell(0, 6)                   // and one off the west edge
	l := layoutOf(t, b, Options{Lang: render.RU})
	if l.minX != 0 || l.maxX != engine.FieldWidth+1 {
		t.Fatalf("the drawn columns: %d to %d", l.minX, l.maxX)
	}
	img := renderField(t, b, Options{Lang: render.RU})
	if p := os.Getenv("GUNBAI_DUMP"); p != "" {
		_ = os.WriteFile(p, mustPNG(t, b), 0o644)
	}
	d := &drawer{b: &b, l: l}
	y := int(d.riverY())
	// How many pixels of the river's water a column of cells holds on the
	// river's line.
	water := func(x int) int {
		x0, _ := l.cellOrigin(cell(x, 1))
		n := 0
		for px := int(x0) + 2; px < int(x0+l.cs)-2; px++ {
			if img.RGBAAt(px, y) == riverColor {
				n++
			}
		}
		return n
	}
	for x := 1; x <= engine.FieldWidth; x++ {
		if w := water(x); w < int(l.cs)/2 {
			t.Errorf("column %d of the field: %d pixels of the river", x, w)
		}
	}
	for _, x := range []int{0, engine.FieldWidth + 1} {
		if w := water(x); w != 0 {
			t.Errorf("column %d, off the field: %d pixels of the river", x, w)
		}
	}
}
