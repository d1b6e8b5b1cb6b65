package field

import (
	"bytes"
	"image/png"
	"testing"

	"github.com/gunbai/gunbai/engine"
	"github.com/gunbai/gunbai/render"
	"github.com/gunbai/gunbai/render/internal/pngenc"
)

// benchBattle is a battle in full swing: both armies, terrain, leaders,
// shields, a routing unit and one beyond the field.
func benchBattle() engine.Battle {
	b := goldenBattle()
	b.ID = "bench"
	more := []engine.Unit{
		{ID: "n-hatamoto", Side: engine.North, Type: engine.SamuraiSpear, Figures: 9, Cell: c("B43"), Facing: engine.S},
		{ID: "n-yumi", Side: engine.North, Type: engine.SamuraiArcher, Figures: 8, Cell: c("A21"), Facing: engine.S},
		{ID: "n-ashigaru", Side: engine.North, Type: engine.AshigaruSpear, Figures: 12, Cell: c("B11"), Facing: engine.S},
		{ID: "n-teppo", Side: engine.North, Type: engine.AshigaruTeppo, Figures: 10, Cell: c("B22"), Facing: engine.S},
		{ID: "n-uma", Side: engine.North, Type: engine.LightCavalry, Figures: 6, Cell: c("D15"), Facing: engine.W},
		{ID: "s-yari", Side: engine.South, Type: engine.SamuraiSpear, Figures: 8, Cell: c("C21"), Facing: engine.N},
		{ID: "s-uma", Side: engine.South, Type: engine.LightCavalry, Figures: 6, Cell: c("C12"), Facing: engine.E},
		{ID: "s-sohei", Side: engine.South, Type: engine.Yamabushi, Figures: 2, Cell: c("A14"), Facing: engine.N},
		{ID: "s-teppo", Side: engine.South, Type: engine.AshigaruTeppo, Figures: 8, Cell: c("D32"), Facing: engine.N,
			Status: engine.StatusRouting},
	}
	b.Units = append(b.Units, more...)
	return b
}

// BenchmarkFieldImage draws one view without encoding it.
func BenchmarkFieldImage(b *testing.B) {
	battle := benchBattle()
	for b.Loop() {
		if _, err := Image(battle, Options{Lang: render.RU}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkFieldPNGThreeViews draws and encodes the three views of a turn:
// the GM's, North's and South's.
func BenchmarkFieldPNGThreeViews(b *testing.B) {
	battle := benchBattle()
	views := []engine.Battle{battle, engine.View(battle, engine.North), engine.View(battle, engine.South)}
	for b.Loop() {
		for _, v := range views {
			if _, err := PNG(v, Options{Lang: render.RU}); err != nil {
				b.Fatal(err)
			}
		}
	}
}

// BenchmarkFieldPNGNoCache draws the static layer afresh for every
// picture: what the cache saves.
func BenchmarkFieldPNGNoCache(b *testing.B) {
	battle := benchBattle()
	noStaticCache.Store(true)
	defer noStaticCache.Store(false)
	for b.Loop() {
		if _, err := PNG(battle, Options{Lang: render.RU}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkFieldResults draws and encodes the results picture of a view:
// the title with the view, the clans and the outcome, a banner, leaders,
// terrain, units beyond the field.
func BenchmarkFieldResults(b *testing.B) {
	battle, events := resultsBattle()
	v := engine.View(battle, engine.South)
	opt := resultsOptions(render.RU, ViewSouth, events)
	for b.Loop() {
		if _, err := PNG(v, opt); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkFieldEncode encodes a drawn view as PNG does, without
// drawing it: how much of PNG is the PNG encoder's.
func BenchmarkFieldEncode(b *testing.B) {
	img, err := drawField(benchBattle(), Options{Lang: render.RU}, nil)
	if err != nil {
		b.Fatal(err)
	}
	b.Run("fixed-filter", func(b *testing.B) {
		var buf bytes.Buffer
		for b.Loop() {
			buf.Reset()
			if err := pngenc.Encode(&buf, img); err != nil {
				b.Fatal(err)
			}
		}
		b.ReportMetric(float64(buf.Len()), "png-B")
	})
	b.Run("image-png-best-speed", func(b *testing.B) {
		var buf bytes.Buffer
		for b.Loop() {
			buf.Reset()
			enc := png.Encoder{CompressionLevel: png.BestSpeed}
			if err := enc.Encode(&buf, img); err != nil {
				b.Fatal(err)
			}
		}
		b.ReportMetric(float64(buf.Len()), "png-B")
	})
}
