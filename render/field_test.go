package render

import (
	"bytes"
	"flag"
	"image"
	"image/color"
	"image/draw"
	"image/png"
	"math"
	"os"
	"path/filepath"
	"sync"
	"testing"

	"golang.org/x/image/font"
	"golang.org/x/image/math/fixed"

	"github.com/gunbai/gunbai/engine"
)

var update = flag.Bool("update", false, "rewrite testdata/field_golden.png")

const goldenPath = "testdata/field_golden.png"

// goldenBattle is a small fixed battle that uses every element of the map:
// both sides, a routing unit, a unit on a drawn cell beyond the field,
// every terrain type, the river and bridge, both HQs (North's lost, South's
// with two leaders), leaders in units (one wounded; a captured, a killed and
// a reserve leader are not drawn), portable shields, a unit holding at all
// costs and fatigued cavalry.
func goldenBattle() engine.Battle {
	return engine.Battle{
		ID: "golden", Turn: 2, Defender: engine.South,
		Terrain: engine.Terrain{
			Hills: []engine.Cell{c("C11")}, Forests: []engine.Cell{c("C24")}, Swamps: []engine.Cell{c("D22")},
			River: true, Bridge: c("C13"),
			Shields: []engine.CellShields{
				{Cell: c("A21"), Sides: 1 << engine.E},
				{Cell: c("B23"), Sides: 1<<engine.N | 1<<engine.W},
				{Cell: c("C11"), Sides: 1 << engine.N},
			},
		},
		HQ:     [2]engine.Cell{c("A32"), c("D33")},
		HQLost: [2]bool{true, false},
		Units: []engine.Unit{
			{ID: "hc", Side: engine.North, Type: engine.HeavyCavalry, Figures: 8, Cell: c("A11"), Facing: engine.S},
			{ID: "ss", Side: engine.North, Type: engine.SamuraiSpear, Figures: 12, Cell: c("A21"), Facing: engine.E},
			{ID: "sp", Side: engine.South, Type: engine.AshigaruSpear, Figures: 12, Cell: c("C11"), Facing: engine.N,
				Hold: true},
			{ID: "mk", Side: engine.South, Type: engine.Yamabushi, Figures: 5, Cell: c("D14"), Facing: engine.W,
				Status: engine.StatusRouting},
			{ID: "lc", Side: engine.South, Type: engine.LightCavalry, Figures: 4, Cell: engine.Cell{X: 13, Y: 6}, Facing: engine.E,
				Fatigued: true},
			{ID: "gone", Side: engine.South, Type: engine.AshigaruTeppo, Figures: 0, Cell: c("D36"), Status: engine.StatusDestroyed},
		},
		Leaders: []engine.Leader{
			{ID: "nc", Side: engine.North, Role: engine.General, At: "hc", Health: engine.LeaderWounded, Wounds: 1},
			{ID: "nk", Side: engine.North, Role: engine.Commander, At: "hc"},
			{ID: "ng", Side: engine.North, Role: engine.General, At: "ss"},
			{ID: "nr", Side: engine.North, Role: engine.General, At: engine.AtReserve},
			{ID: "nx", Side: engine.North, Role: engine.General, At: "ss", Health: engine.LeaderKilled},
			{ID: "sk", Side: engine.South, Role: engine.Commander, At: engine.AtHQ},
			{ID: "sg", Side: engine.South, Role: engine.General, At: engine.AtHQ},
			{ID: "sw", Side: engine.South, Role: engine.General, At: "sp", Health: engine.LeaderWounded, Wounds: 1},
			{ID: "sx", Side: engine.South, Role: engine.General, At: "sp", Health: engine.LeaderCaptured},
		},
	}
}

func renderField(t testing.TB, b engine.Battle, opt FieldOptions) *image.RGBA {
	t.Helper()
	img, err := Field(b, opt)
	if err != nil {
		t.Fatal(err)
	}
	rgba, ok := img.(*image.RGBA)
	if !ok {
		rgba = image.NewRGBA(img.Bounds())
		draw.Draw(rgba, rgba.Bounds(), img, img.Bounds().Min, draw.Src)
	}
	return rgba
}

func TestFieldGolden(t *testing.T) {
	got := renderField(t, goldenBattle(), FieldOptions{Lang: RU, Title: "Золотая битва — ход 2"})
	if *update {
		var buf bytes.Buffer
		if err := png.Encode(&buf, got); err != nil {
			t.Fatal(err)
		}
		if err := os.MkdirAll(filepath.Dir(goldenPath), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(goldenPath, buf.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
		t.Logf("wrote %s", goldenPath)
	}
	f, err := os.Open(goldenPath)
	if err != nil {
		t.Fatalf("%v (run go test ./render -run TestFieldGolden -update to create it)", err)
	}
	defer f.Close()
	want, err := png.Decode(f)
	if err != nil {
		t.Fatal(err)
	}
	if got.Bounds() != want.Bounds() {
		t.Fatalf("size %v, golden %v", got.Bounds(), want.Bounds())
	}
	// Compare pixels with a tolerance: a channel may differ by 24, and up to
	// 0.2% of the pixels may differ more (anti-aliasing on another platform).
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
		out := filepath.Join(t.TempDir(), "field_diff.png")
		if w, err := os.Create(out); err == nil {
			png.Encode(w, diff)
			w.Close()
		}
		t.Errorf("%d of %d pixels differ from %s (diff: %s); if the change is intended, rerun with -update", bad, total, goldenPath, out)
	}
}

// colorDist is the largest difference of one channel, 0..255.
func colorDist(a, b color.Color) int {
	ar, ag, ab, aa := a.RGBA()
	br, bg, bb, ba := b.RGBA()
	d := 0
	for _, p := range [][2]uint32{{ar, br}, {ag, bg}, {ab, bb}, {aa, ba}} {
		v := int(p[0]>>8) - int(p[1]>>8)
		if v < 0 {
			v = -v
		}
		d = max(d, v)
	}
	return d
}

// share is the fraction of pixels in the rectangle that have colour want.
func share(img *image.RGBA, x, y, w, h float64, want color.Color) float64 {
	r := image.Rect(int(math.Ceil(x)), int(math.Ceil(y)), int(x+w), int(y+h))
	n, hit := 0, 0
	for py := r.Min.Y; py < r.Max.Y; py++ {
		for px := r.Min.X; px < r.Max.X; px++ {
			n++
			if colorDist(img.At(px, py), want) <= 6 {
				hit++
			}
		}
	}
	return float64(hit) / float64(n)
}

func layoutOf(t testing.TB, b engine.Battle, opt FieldOptions) layout {
	f, err := newFieldFaces(cellSize(opt))
	if err != nil {
		t.Fatal(err)
	}
	return newLayout(b, opt, f)
}

// A unit's token has its side's colour; a unit of the other side the other.
func TestFieldSideColours(t *testing.T) {
	// North is blue, South is red.
	if !(northColor.B > northColor.R+60 && southColor.R > southColor.B+60) {
		t.Fatalf("side colours: north %v, south %v", northColor, southColor)
	}
	want := map[engine.Side]color.RGBA{engine.North: northColor, engine.South: southColor}
	b := engine.Battle{ID: "colours", Turn: 1, Units: []engine.Unit{
		{ID: "n", Side: engine.North, Type: engine.HeavyCavalry, Figures: 8, Cell: c("A21"), Facing: engine.S},
		{ID: "s", Side: engine.South, Type: engine.SamuraiSpear, Figures: 8, Cell: c("D21"), Facing: engine.N},
		{ID: "r", Side: engine.North, Type: engine.AshigaruSpear, Figures: 6, Cell: c("B33"), Facing: engine.N,
			Status: engine.StatusRouting},
	}}
	opt := FieldOptions{Lang: EN}
	img := renderField(t, b, opt)
	l := layoutOf(t, b, opt)
	for _, u := range b.Units[:2] {
		x, y, w, h := l.tokenRect(u.Cell)
		own, other := want[u.Side], want[u.Side.Enemy()]
		if s := share(img, x, y, w, h, own); s < 0.5 {
			t.Errorf("%s at %s: only %.0f%% of its token has its side's colour", u.ID, u.Cell, s*100)
		}
		if s := share(img, x, y, w, h, other); s > 0.01 {
			t.Errorf("%s at %s: %.0f%% of its token has the enemy's colour", u.ID, u.Cell, s*100)
		}
	}
	// An empty cell has no side colour at all.
	x, y, w, h := l.tokenRect(c("B45"))
	if s := share(img, x, y, w, h, northColor) + share(img, x, y, w, h, southColor); s > 0 {
		t.Errorf("empty cell B45 has side colour (%.2f)", s)
	}
	// A routing unit looks different: little solid side colour, a yellow badge.
	x, y, w, h = l.tokenRect(c("B33"))
	if s := share(img, x, y, w, h, northColor); s > 0.2 {
		t.Errorf("routing unit drawn like a unit in good order (%.0f%% solid colour)", s*100)
	}
	if s := share(img, x, y-l.cs*0.15, w+l.cs*0.15, h, badgeColor); s == 0 {
		t.Errorf("routing unit has no badge")
	}
}

// The front triangle points where the unit faces.
func TestFieldFacing(t *testing.T) {
	for _, f := range allDirs {
		b := engine.Battle{ID: "facing", Turn: 1, Units: []engine.Unit{
			{ID: "u", Side: engine.North, Type: engine.HeavyCavalry, Figures: 8, Cell: c("B33"), Facing: f},
		}}
		img := renderField(t, b, FieldOptions{})
		l := layoutOf(t, b, FieldOptions{})
		x, y, w, h := l.tokenRect(c("B33"))
		out := l.cs * 0.07 // inside the triangle, just beyond the token's edge
		probe := map[engine.Dir][2]float64{
			engine.N: {x + w/2, y - out}, engine.S: {x + w/2, y + h + out},
			engine.E: {x + w + out, y + h/2}, engine.W: {x - out, y + h/2},
		}
		for d, p := range probe {
			dark := colorDist(img.At(int(p[0]), int(p[1])), northDark) < 40
			if dark != (d == f) {
				t.Errorf("facing %s: pixel beyond the %s edge dark=%v", f, d, dark)
			}
		}
	}
}

func TestFieldPNGSize(t *testing.T) {
	b := goldenBattle()
	data, err := FieldPNG(b, FieldOptions{Lang: RU})
	if err != nil {
		t.Fatal(err)
	}
	img, format, err := image.Decode(bytes.NewReader(data))
	if err != nil || format != "png" {
		t.Fatalf("decode: %v, format %q", err, format)
	}
	// 13 columns (a unit stands on the drawn column x=13) of 64 pixels plus
	// two margins of 16.
	if w := img.Bounds().Dx(); w != 13*64+2*16 {
		t.Errorf("width %d, want %d", w, 13*64+2*16)
	}
	l := layoutOf(t, b, FieldOptions{Lang: RU})
	if h := img.Bounds().Dy(); h != l.h || h < 7*64 {
		t.Errorf("height %d, want %d", h, l.h)
	}
	// Without units beyond the field, and with another cell size.
	b.Units = b.Units[:2]
	data, err = FieldPNG(b, FieldOptions{CellSize: 48})
	if err != nil {
		t.Fatal(err)
	}
	cfg, err := png.DecodeConfig(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	if cfg.Width != 12*48+2*12 {
		t.Errorf("width %d, want %d", cfg.Width, 12*48+2*12)
	}
	// A unit north-west of the field widens and heightens the picture.
	b.Units = append(b.Units, engine.Unit{ID: "x", Side: engine.North, Type: engine.Yamabushi, Figures: 4,
		Cell: engine.Cell{X: 0, Y: -1}, Facing: engine.N})
	l2 := layoutOf(t, b, FieldOptions{CellSize: 48})
	if l2.w != 13*48+2*12 || l2.minX != 0 || l2.minY != -1 {
		t.Errorf("bounding box not grown: w %d, min (%d,%d)", l2.w, l2.minX, l2.minY)
	}
}

func TestFieldDeterministic(t *testing.T) {
	b := goldenBattle()
	first, err := FieldPNG(b, FieldOptions{Lang: EN})
	if err != nil {
		t.Fatal(err)
	}
	var wg sync.WaitGroup
	results := make([][]byte, 4)
	for i := range results {
		wg.Add(1)
		go func() {
			defer wg.Done()
			results[i], _ = FieldPNG(b, FieldOptions{Lang: EN})
		}()
	}
	wg.Wait()
	for i, r := range results {
		if !bytes.Equal(r, first) {
			t.Errorf("render %d differs from the first", i)
		}
	}
}

// nonBackground counts pixels in r that differ from the background.
func nonBackground(img *image.RGBA, r image.Rectangle) int {
	n := 0
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			if colorDist(img.At(x, y), background) > 40 {
				n++
			}
		}
	}
	return n
}

// Cyrillic text renders as letters.
func TestFieldCyrillicTitle(t *testing.T) {
	b := engine.Battle{ID: "x", Turn: 1}
	title := func(s string) int {
		img := renderField(t, b, FieldOptions{Title: s})
		l := layoutOf(t, b, FieldOptions{Title: s})
		return nonBackground(img, image.Rect(int(l.pad), 0, l.w, int(l.gridY-l.cs*0.32)))
	}
	empty := title(" ")
	cyr := title("ЖЩЫЮЯ ФЭЙ")
	if empty != 0 {
		t.Errorf("blank title drew %d pixels", empty)
	}
	if cyr < 150 {
		t.Errorf("Cyrillic title drew only %d pixels", cyr)
	}
}

// glyph draws one rune with the bold face into a small image.
func glyph(t *testing.T, r rune) *image.Gray {
	t.Helper()
	face, err := newFace(true, 32)
	if err != nil {
		t.Fatal(err)
	}
	img := image.NewGray(image.Rect(0, 0, 48, 48))
	d := font.Drawer{Dst: img, Src: image.White, Face: face, Dot: fixed.P(4, 38)}
	d.DrawString(string(r))
	return img
}

func TestCyrillicGlyphs(t *testing.T) {
	const missing = '\uE000' // a private-use rune: not in the Go fonts
	if hasGlyph(true, missing) || hasGlyph(false, missing) {
		t.Fatal("U+E000 unexpectedly has a glyph")
	}
	for _, r := range "АБВГДЕЁЖЗИЙКЛМНОПРСТУФХЦЧШЩЪЫЬЭЮЯабвгдеёжзийклмнопрстуфхцчшщъыьэюя" {
		if !hasGlyph(true, r) || !hasGlyph(false, r) {
			t.Errorf("no glyph for %q", r)
		}
	}
	zhe, shcha, box := glyph(t, 'Ж'), glyph(t, 'Щ'), glyph(t, missing)
	ink := func(img *image.Gray) int {
		n := 0
		for _, v := range img.Pix {
			if v > 128 {
				n++
			}
		}
		return n
	}
	if ink(zhe) < 40 || ink(shcha) < 40 {
		t.Fatalf("glyphs too faint: Ж %d, Щ %d", ink(zhe), ink(shcha))
	}
	if bytes.Equal(zhe.Pix, shcha.Pix) {
		t.Errorf("Ж and Щ render the same")
	}
	if bytes.Equal(zhe.Pix, box.Pix) {
		t.Errorf("Ж renders as the missing-glyph box")
	}
}

func BenchmarkFieldPNG(b *testing.B) {
	battle := goldenBattle()
	for b.Loop() {
		if _, err := FieldPNG(battle, FieldOptions{Lang: RU}); err != nil {
			b.Fatal(err)
		}
	}
}
