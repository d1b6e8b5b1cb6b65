package field

import (
	"bytes"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"os"
	"path/filepath"
	"sync"
	"testing"

	"github.com/gunbai/gunbai/engine"
	"github.com/gunbai/gunbai/render"
)

// Golden images: the decoded pixels of a picture against an image in
// testdata made once with -update (go test ./render/field -run Golden -update),
// with a tolerance, never the PNG's bytes.

// matchGolden compares img with the golden image at path (rewriting it
// first with -update): a channel may differ by 24, and up to 0.2% of the
// pixels may differ more (anti-aliasing on another platform). On a
// mismatch it writes the difference, in magenta, next to the test's
// temporary files.
func matchGolden(t *testing.T, got *image.RGBA, path string) {
	t.Helper()
	if *update {
		var buf bytes.Buffer
		if err := png.Encode(&buf, got); err != nil {
			t.Fatal(err)
		}
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
		t.Logf("wrote %s", path)
	}
	f, err := os.Open(path)
	if err != nil {
		t.Fatalf("%v (run go test ./render/field -run Golden -update to create it)", err)
	}
	defer f.Close()
	want, err := png.Decode(f)
	if err != nil {
		t.Fatal(err)
	}
	if got.Bounds() != want.Bounds() {
		t.Fatalf("size %v, golden %s %v", got.Bounds(), path, want.Bounds())
	}
	bad, total := 0, got.Bounds().Dx()*got.Bounds().Dy()
	diff := image.NewRGBA(got.Bounds())
	for y := got.Bounds().Min.Y; y < got.Bounds().Max.Y; y++ {
		for x := got.Bounds().Min.X; x < got.Bounds().Max.X; x++ {
			if colorDist(got.At(x, y), want.At(x, y)) > 24 {
				bad++
				diff.Set(x, y, color.RGBA{0xff, 0, 0xff, 0xff})
			} else {
				diff.Set(x, y, got.At(x, y))
			}
		}
	}
	if bad*1000 > total*2 {
		out := filepath.Join(t.TempDir(), filepath.Base(path)+".diff.png")
		if w, err := os.Create(out); err == nil {
			png.Encode(w, diff)
			w.Close()
		}
		t.Errorf("%d of %d pixels differ from %s (diff: %s); if the change is intended, rerun with -update", bad, total, path, out)
	}
}

// resultsBattle is the state after a turn that uses every mark of the
// counters and the terrain: the river and its bridge, hills (one under a
// unit), forests (one hiding a unit from North), a swamp; HQs, South's
// with a unit of its own and two leaders in it, North's lost; leaders in
// units, one wounded; a banner raised; Hold, fatigue, routing; shields;
// IDs of every length, one too long for its counter; units on drawn
// cells beyond the field and one far beyond the picture. South won.
func resultsBattle() (engine.Battle, []engine.Event) {
	b := engine.Battle{
		ID: "anegawa", Turn: 6, Defender: engine.South, Outcome: engine.SouthVictory,
		Terrain: engine.Terrain{
			Hills: []engine.Cell{c("C11"), c("D34")}, Forests: []engine.Cell{c("C24"), c("D23")}, Swamps: []engine.Cell{c("D26")},
			River: true, Bridge: c("C13"),
			Shields: []engine.CellShields{{Cell: c("C12"), Sides: 1 << engine.N}, {Cell: c("A21"), Sides: 1 << engine.E}},
		},
		HQ:     [2]engine.Cell{c("A34"), c("D33")},
		HQLost: [2]bool{true, false},
		Units: []engine.Unit{
			{ID: "n-hatamoto", Side: engine.North, Type: engine.SamuraiSpear, Figures: 9, Cell: c("B43"), Facing: engine.S},
			{ID: "n-yumi", Side: engine.North, Type: engine.SamuraiArcher, Figures: 8, Cell: c("A21"), Facing: engine.E, Hold: true},
			{ID: "n-ashigaru", Side: engine.North, Type: engine.AshigaruSpear, Figures: 12, Cell: c("B11"), Facing: engine.S},
			{ID: "n-uma", Side: engine.North, Type: engine.LightCavalry, Figures: 6, Cell: c("D15"), Facing: engine.W, Fatigued: true},
			{ID: "n-akazonae", Side: engine.North, Type: engine.HeavyCavalry, Figures: 5, Cell: c("A11"), Facing: engine.S,
				Status: engine.StatusRouting},
			{ID: "n-nige", Side: engine.North, Type: engine.AshigaruTeppo, Figures: 3, Cell: engine.Cell{X: 4, Y: -1}, Facing: engine.N,
				Status: engine.StatusRouting},
			{ID: "n-far", Side: engine.North, Type: engine.Yamabushi, Figures: 2, Cell: engine.Cell{X: 9, Y: -30}, Facing: engine.N,
				Status: engine.StatusRouting},
			{ID: "s-yari", Side: engine.South, Type: engine.SamuraiSpear, Figures: 8, Cell: c("C11"), Facing: engine.N, Hold: true},
			{ID: "s-uma", Side: engine.South, Type: engine.LightCavalry, Figures: 6, Cell: c("C12"), Facing: engine.E},
			{ID: "s-teppo", Side: engine.South, Type: engine.AshigaruTeppo, Figures: 10, Cell: c("D33"), Facing: engine.N},
			{ID: "s-shinobi-no-mono-gashira", Side: engine.South, Type: engine.Yamabushi, Figures: 4, Cell: c("D23"), Facing: engine.W},
			{ID: "s-kiba", Side: engine.South, Type: engine.HeavyCavalry, Figures: 7, Cell: engine.Cell{X: 13, Y: 6}, Facing: engine.W},
			{ID: "s-gone", Side: engine.South, Type: engine.AshigaruSpear, Figures: 0, Cell: c("D36"), Status: engine.StatusDestroyed},
		},
		Leaders: []engine.Leader{
			{ID: "nk", Side: engine.North, Role: engine.Commander, At: "n-hatamoto"},
			{ID: "ng", Side: engine.North, Role: engine.General, At: "n-akazonae", Health: engine.LeaderWounded, Wounds: 1},
			{ID: "sk", Side: engine.South, Role: engine.Commander, At: engine.AtHQ},
			{ID: "sg", Side: engine.South, Role: engine.General, At: engine.AtHQ},
			{ID: "sw", Side: engine.South, Role: engine.General, At: "s-yari"},
		},
	}
	events := []engine.Event{{Kind: engine.EvBanner, Rule: "R-V.7.2", Turn: 6, Unit: "s-yari", Detail: "phoenix"}}
	return b, events
}

// resultsOptions are the options of a view of resultsBattle.
func resultsOptions(lang render.Lang, v View, events []engine.Event) Options {
	return Options{Lang: lang, Battle: "Анэгава", View: v, Clans: [2]string{"Асаи", "Ода"}, Events: events}
}

// The results picture of South's view, in Russian.
func TestFieldGoldenResults(t *testing.T) {
	b, events := resultsBattle()
	got := renderField(t, engine.View(b, engine.South), resultsOptions(render.RU, ViewSouth, events))
	matchGolden(t, got, "testdata/golden_results_south.png")
}

// The GM's view, in English: a unit a forest hides from North is marked.
func TestFieldGoldenGM(t *testing.T) {
	b, events := resultsBattle()
	b.Outcome = engine.Ongoing
	got := renderField(t, b, resultsOptions(render.EN, ViewGM, events))
	matchGolden(t, got, "testdata/golden_gm.png")
}

// resetStatic empties the cache of static layers.
func resetStatic() {
	staticLayers.Lock()
	staticLayers.entries = nil
	staticLayers.Unlock()
}

// uncached draws a picture with the static layer drawn in place.
func uncached(t testing.TB, b engine.Battle, opt Options) *image.RGBA {
	t.Helper()
	noStaticCache.Store(true)
	defer noStaticCache.Store(false)
	return renderField(t, b, opt)
}

// The cache of the static layer changes no pixel: a picture drawn with
// the layer from the cache, cold or warm, is the one drawn without it;
// a battle whose static layer differs in any way (terrain, river, bridge,
// defender, cell size, drawn cells) gets its own layer, not another's.
func TestFieldGoldenCache(t *testing.T) {
	b, events := resultsBattle()
	opt := resultsOptions(render.RU, ViewSouth, events)
	want := uncached(t, b, opt)
	resetStatic()
	m0, h0 := staticLayers.misses.Load(), staticLayers.hits.Load()
	cold := renderField(t, b, opt)
	warm := renderField(t, b, opt)
	if m, h := staticLayers.misses.Load()-m0, staticLayers.hits.Load()-h0; m != 1 || h != 1 {
		t.Errorf("%d misses and %d hits for two pictures of one battle, want 1 and 1", m, h)
	}
	if !bytes.Equal(cold.Pix, want.Pix) || !bytes.Equal(warm.Pix, want.Pix) {
		t.Fatalf("the cache changes pixels: cold %v, warm %v", bytes.Equal(cold.Pix, want.Pix), bytes.Equal(warm.Pix, want.Pix))
	}
	// Every view of the battle shares the layer, and is drawn the same.
	for _, s := range []engine.Side{engine.North, engine.South} {
		v := engine.View(b, s)
		if got, want := renderField(t, v, opt), uncached(t, v, opt); !bytes.Equal(got.Pix, want.Pix) {
			t.Errorf("%s's view: the cache changes pixels", s)
		}
	}
	variants := map[string]func(*engine.Battle, *Options){
		"a hill moved":  func(b *engine.Battle, _ *Options) { b.Terrain.Hills[1] = c("D35") },
		"a forest more": func(b *engine.Battle, _ *Options) { b.Terrain.Forests = append(b.Terrain.Forests, c("D31")) },
		"a swamp for hill": func(b *engine.Battle, _ *Options) {
			b.Terrain.Swamps, b.Terrain.Hills = b.Terrain.Hills, b.Terrain.Swamps
		},
		"no river":      func(b *engine.Battle, _ *Options) { b.Terrain.River = false },
		"bridge moved":  func(b *engine.Battle, _ *Options) { b.Terrain.Bridge = c("C14") },
		"north defends": func(b *engine.Battle, _ *Options) { b.Defender = engine.North },
		"cell size":     func(_ *engine.Battle, o *Options) { o.CellSize = 72 },
		"drawn cells":   func(b *engine.Battle, _ *Options) { b.Units[5].Cell = engine.Cell{X: 0, Y: 3} },
	}
	for name, change := range variants {
		vb, _ := resultsBattle()
		vb.Terrain.Hills = append([]engine.Cell(nil), vb.Terrain.Hills...)
		vo := opt
		change(&vb, &vo)
		renderField(t, b, opt) // the original's layer in the cache
		got, want := renderField(t, vb, vo), uncached(t, vb, vo)
		if !bytes.Equal(got.Pix, want.Pix) {
			t.Errorf("%s: the picture drawn with the cache differs from the one drawn without it", name)
		}
	}
	staticLayers.Lock()
	n := len(staticLayers.entries)
	staticLayers.Unlock()
	if n > maxStaticLayers {
		t.Errorf("%d layers cached, at most %d", n, maxStaticLayers)
	}
}

// Pictures drawn at once share the cache and the faces safely (go test
// -race) and are drawn as they are alone.
func TestFieldGoldenCacheConcurrent(t *testing.T) {
	resetStatic()
	type job struct {
		b   engine.Battle
		opt Options
	}
	var jobs []job
	for i := range 6 {
		b, events := resultsBattle()
		b.Terrain.Hills = []engine.Cell{c("C11"), {X: 7 + i%3, Y: 7}}
		v := []View{ViewGM, ViewNorth, ViewSouth}[i%3]
		jobs = append(jobs, job{b, resultsOptions([]render.Lang{render.RU, render.EN}[i%2], v, events)})
	}
	want := make([][]byte, len(jobs))
	for i, j := range jobs {
		want[i] = uncached(t, j.b, j.opt).Pix
	}
	var wg sync.WaitGroup
	got := make([][]byte, 3*len(jobs))
	for k := range got {
		wg.Go(func() {
			j := jobs[k%len(jobs)]
			img, err := Image(j.b, j.opt)
			if err == nil {
				got[k] = img.(*image.RGBA).Pix
			}
		})
	}
	wg.Wait()
	for k := range got {
		if !bytes.Equal(got[k], want[k%len(jobs)]) {
			t.Errorf("picture %d drawn at once with others differs from it drawn alone", k)
		}
	}
}

// PNG's pixels are Field's.
func TestFieldGoldenPNG(t *testing.T) {
	b, events := resultsBattle()
	opt := resultsOptions(render.EN, ViewNorth, events)
	v := engine.View(b, engine.North)
	want := renderField(t, v, opt)
	for i := range 2 { // from a pooled canvas that held another picture
		if _, err := PNG(goldenBattle(), Options{CellSize: 90}); err != nil {
			t.Fatal(err)
		}
		data, err := PNG(v, opt)
		if err != nil {
			t.Fatal(err)
		}
		img, err := png.Decode(bytes.NewReader(data))
		if err != nil {
			t.Fatal(err)
		}
		got := image.NewRGBA(img.Bounds())
		for y := range got.Bounds().Dy() {
			for x := range got.Bounds().Dx() {
				got.Set(x, y, img.At(x, y))
			}
		}
		if got.Bounds() != want.Bounds() || !bytes.Equal(got.Pix, want.Pix) {
			t.Errorf("PNG %d: its pixels are not Field's", i)
		}
	}
}

// Example pictures to look at: FIELD_PNG_DIR=/tmp go test ./render/field -run TestFieldGoldenExamples
func TestFieldGoldenExamples(t *testing.T) {
	dir := os.Getenv("FIELD_PNG_DIR")
	if dir == "" {
		t.Skip("FIELD_PNG_DIR not set")
	}
	b, events := resultsBattle()
	for _, v := range []struct {
		name string
		b    engine.Battle
		view View
	}{{"gm", b, ViewGM}, {"north", engine.View(b, engine.North), ViewNorth}, {"south", engine.View(b, engine.South), ViewSouth}} {
		for _, lang := range []render.Lang{render.RU, render.EN} {
			opt := resultsOptions(lang, v.view, events)
			data, err := PNG(v.b, opt)
			if err != nil {
				t.Fatal(err)
			}
			out := filepath.Join(dir, fmt.Sprintf("field_%s_%s.png", v.name, lang))
			if err := os.WriteFile(out, data, 0o644); err != nil {
				t.Fatal(err)
			}
			t.Logf("wrote %s\n%s", out, AltText(lang, v.b, opt, events))
		}
	}
}
