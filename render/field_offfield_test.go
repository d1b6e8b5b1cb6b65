package render

import (
	"image"
	"os"
	"testing"

	"github.com/gunbai/gunbai/engine"
)

// Cells beyond the field, drawn where a unit fled off it, are a band of
// their own: no cell names there (no "A56" row), and a legend line that
// says what the band is; the field's own cells keep their names.
func TestFieldOffFieldBand(t *testing.T) {
	b := turnAfter()
	b.Unit("s-kiba").Cell = cell(2, engine.FieldHeight+1) // fled off the south edge
	l := layoutOf(t, b, FieldOptions{Lang: RU})
	if !l.offField() {
		t.Fatal("the layout draws no cells beyond the field")
	}
	legendHas := func(l layout) bool {
		for _, line := range l.legend {
			for _, it := range line {
				if it.kind == legendOffField && it.text == T(RU, "legend.off_field") {
					return true
				}
			}
		}
		return false
	}
	if !legendHas(l) {
		t.Error("no legend line for the band off the field")
	}
	if legendHas(layoutOf(t, turnAfter(), FieldOptions{Lang: RU})) {
		t.Error("a legend line for the band off the field with none drawn")
	}
	img := renderField(t, b, FieldOptions{Lang: RU})
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
	png, err := FieldPNG(b, FieldOptions{Lang: RU})
	if err != nil {
		t.Fatal(err)
	}
	return png
}
