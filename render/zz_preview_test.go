package render

import (
	"os"
	"testing"
)

func TestPreviewTmp(t *testing.T) {
	for _, v := range []struct {
		name string
		opt  FieldOptions
	}{{"ru64", FieldOptions{Lang: RU}}, {"en64", FieldOptions{Lang: EN}}, {"ru40", FieldOptions{Lang: RU, CellSize: 40}}, {"ru128", FieldOptions{Lang: RU, CellSize: 128}}} {
		data, err := FieldPNG(goldenBattle(), v.opt)
		if err != nil {
			t.Fatal(err)
		}
		os.WriteFile("/tmp/m/"+v.name+".png", data, 0o644)
	}
}
