package field

import (
	"bytes"
	"flag"
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"image/png"
	"math"
	"sync"
	"testing"

	"golang.org/x/image/font"
	"golang.org/x/image/math/fixed"

	"github.com/gunbai/gunbai/engine"
	"github.com/gunbai/gunbai/render"
)

var update = flag.Bool("update", false, "rewrite the golden images in testdata")

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

func renderField(t testing.TB, b engine.Battle, opt Options) *image.RGBA {
	t.Helper()
	img, err := Image(b, opt)
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

// TestFieldGolden is the state's picture of goldenBattle (see also
// golden_test.go).
func TestFieldGolden(t *testing.T) {
	got := renderField(t, goldenBattle(), Options{Lang: render.RU, Title: "Золотая битва — ход 2"})
	matchGolden(t, got, goldenPath)
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

func layoutOf(t testing.TB, b engine.Battle, opt Options) layout {
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
	opt := Options{Lang: render.EN}
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

// The whole counter shows its front (R-I.1.8): a dark band along the
// facing edge, with a point beyond it, and no band on the other edges.
func TestFieldFacing(t *testing.T) {
	for _, side := range []engine.Side{engine.North, engine.South} {
		for _, f := range allDirs {
			b := engine.Battle{ID: "facing", Turn: 1, Units: []engine.Unit{
				{ID: "u", Side: side, Type: engine.HeavyCavalry, Figures: 8, Cell: c("B33"), Facing: f},
			}}
			img := renderField(t, b, Options{})
			l := layoutOf(t, b, Options{})
			x, y, w, h := l.tokenRect(c("B33"))
			in := l.cs * 0.05   // inside the band
			out := l.cs * 0.025 // inside the point, beyond the edge, beside the chevron
			off := l.cs * 0.06
			band := map[engine.Dir]image.Rectangle{
				engine.N: rect(x+w*0.2, y+in-1, w*0.6, 2), engine.S: rect(x+w*0.2, y+h-in-1, w*0.6, 2),
				engine.E: rect(x+w-in-1, y+h*0.2, 2, h*0.6), engine.W: rect(x+in-1, y+h*0.2, 2, h*0.6),
			}
			point := map[engine.Dir][2]float64{
				engine.N: {x + w/2 + off, y - out}, engine.S: {x + w/2 + off, y + h + out},
				engine.E: {x + w + out, y + h/2 + off}, engine.W: {x - out, y + h/2 + off},
			}
			for d, r := range band {
				n, all := count(img, r, sideDark(side)), r.Dx()*r.Dy()
				if d == f && n < all/2 {
					t.Errorf("%s facing %s: only %d of %d pixels of the band on the front edge", side, f, n, all)
				}
				if d != f && n > all/8 {
					t.Errorf("%s facing %s: %d of %d dark pixels along the %s edge", side, f, n, all, d)
				}
				p := point[d]
				dark := colorDist(img.At(int(p[0]), int(p[1])), sideDark(side)) < 40
				if dark != (d == f) {
					t.Errorf("%s facing %s: pixel beyond the %s edge dark=%v", side, f, d, dark)
				}
			}
		}
	}
}

func TestFieldPNGSize(t *testing.T) {
	b := goldenBattle()
	data, err := PNG(b, Options{Lang: render.RU})
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
	l := layoutOf(t, b, Options{Lang: render.RU})
	if h := img.Bounds().Dy(); h != l.h || h < 7*64 {
		t.Errorf("height %d, want %d", h, l.h)
	}
	// Without units beyond the field, and with another cell size.
	b.Units = b.Units[:2]
	data, err = PNG(b, Options{CellSize: 48})
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
	l2 := layoutOf(t, b, Options{CellSize: 48})
	if l2.w != 13*48+2*12 || l2.minX != 0 || l2.minY != -1 {
		t.Errorf("bounding box not grown: w %d, min (%d,%d)", l2.w, l2.minX, l2.minY)
	}
}

func TestFieldDeterministic(t *testing.T) {
	b := goldenBattle()
	first, err := PNG(b, Options{Lang: render.EN})
	if err != nil {
		t.Fatal(err)
	}
	var wg sync.WaitGroup
	results := make([][]byte, 4)
	for i := range results {
		wg.Add(1)
		go func() {
			defer wg.Done()
			results[i], _ = PNG(b, Options{Lang: render.EN})
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
		img := renderField(t, b, Options{Title: s})
		l := layoutOf(t, b, Options{Title: s})
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
	if HasGlyph(true, missing) || HasGlyph(false, missing) {
		t.Fatal("U+E000 unexpectedly has a glyph")
	}
	for _, r := range "АБВГДЕЁЖЗИЙКЛМНОПРСТУФХЦЧШЩЪЫЬЭЮЯабвгдеёжзийклмнопрстуфхцчшщъыьэюя" {
		if !HasGlyph(true, r) || !HasGlyph(false, r) {
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
		if _, err := PNG(battle, Options{Lang: render.RU}); err != nil {
			b.Fatal(err)
		}
	}
}

// count is the number of pixels in r within 6 of colour want.
func count(img *image.RGBA, r image.Rectangle, want color.Color) int {
	n := 0
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			if colorDist(img.At(x, y), want) <= 6 {
				n++
			}
		}
	}
	return n
}

// rect is the pixel rectangle of x, y, w, h.
func rect(x, y, w, h float64) image.Rectangle {
	return image.Rect(int(math.Floor(x)), int(math.Floor(y)), int(math.Ceil(x+w)), int(math.Ceil(y+h)))
}

// cellRect is the pixel rectangle of a cell.
func cellRect(l layout, cell engine.Cell) image.Rectangle {
	x, y := l.cellOrigin(cell)
	return rect(x, y, l.cs, l.cs)
}

// tokenArea is a unit's counter with the band above it where its
// leaders' stars stand, right of the cell's name.
func tokenArea(l layout, cell engine.Cell) image.Rectangle {
	x, y, w, h := l.tokenRect(cell)
	cx, cy := l.cellOrigin(cell)
	return rect(x, cy, math.Max(w, cx+l.cs-x), y+h-cy)
}

// diff counts the pixels of r that differ between two images.
func diff(a, b *image.RGBA, r image.Rectangle) int {
	n := 0
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			if colorDist(a.At(x, y), b.At(x, y)) > 24 {
				n++
			}
		}
	}
	return n
}

// A unit's token carries a gold star when its commander is with it, a
// silver one for a general, a red ring when the leader is wounded; the
// captured, the killed and the reserve are not drawn.
func TestFieldLeaderStars(t *testing.T) {
	for _, facing := range allDirs {
		for _, routing := range []bool{false, true} {
			b := engine.Battle{ID: "leaders", Turn: 1, Units: []engine.Unit{
				{ID: "cmd", Side: engine.North, Type: engine.HeavyCavalry, Figures: 8, Cell: c("A22"), Facing: facing},
				{ID: "gen", Side: engine.South, Type: engine.SamuraiSpear, Figures: 8, Cell: c("C22"), Facing: facing},
				{ID: "none", Side: engine.North, Type: engine.AshigaruSpear, Figures: 8, Cell: c("B22"), Facing: facing},
				{ID: "lost", Side: engine.South, Type: engine.AshigaruTeppo, Figures: 8, Cell: c("D22"), Facing: facing},
			}}
			if routing {
				for i := range b.Units {
					b.Units[i].Status = engine.StatusRouting
				}
			}
			b.Leaders = []engine.Leader{
				{ID: "n1", Side: engine.North, Role: engine.Commander, At: "cmd"},
				{ID: "s1", Side: engine.South, Role: engine.General, At: "gen", Health: engine.LeaderWounded, Wounds: 1},
				{ID: "s0", Side: engine.South, Role: engine.Commander, At: "lost", Health: engine.LeaderCaptured},
				{ID: "s2", Side: engine.South, Role: engine.General, At: "lost", Health: engine.LeaderKilled},
				{ID: "n2", Side: engine.North, Role: engine.General, At: engine.AtReserve},
			}
			opt := Options{Lang: render.RU}
			img := renderField(t, b, opt)
			l := layoutOf(t, b, opt)
			name := fmt.Sprintf("facing %s, routing %v", facing, routing)
			for _, tc := range []struct {
				cell                string
				gold, silver, wound bool
			}{
				{"A22", true, false, false},
				{"C22", false, true, true},
				{"B22", false, false, false},
				{"D22", false, false, false},
			} {
				r := tokenArea(l, c(tc.cell))
				if got := count(img, r, commanderGold) > 2; got != tc.gold {
					t.Errorf("%s: %s: commander's gold %v, want %v", name, tc.cell, got, tc.gold)
				}
				if got := count(img, r, generalSilver) > 2; got != tc.silver {
					t.Errorf("%s: %s: general's silver %v, want %v", name, tc.cell, got, tc.silver)
				}
				if got := count(img, r, woundColor) > 2; got != tc.wound {
					t.Errorf("%s: %s: wound red %v, want %v", name, tc.cell, got, tc.wound)
				}
			}
		}
	}
}

// Several leaders in one unit are each drawn, the star of the commander
// whole, however the unit faces.
func TestFieldManyLeaders(t *testing.T) {
	for _, facing := range allDirs {
		b := engine.Battle{ID: "many", Turn: 1, Units: []engine.Unit{
			{ID: "u", Side: engine.South, Type: engine.AshigaruTeppo, Figures: 12, Cell: c("C23"), Facing: facing},
		}, Leaders: []engine.Leader{
			{ID: "g1", Side: engine.South, Role: engine.General, At: "u"},
			{ID: "k", Side: engine.South, Role: engine.Commander, At: "u"},
			{ID: "g2", Side: engine.South, Role: engine.General, At: "u"},
		}}
		img := renderField(t, b, Options{})
		l := layoutOf(t, b, Options{})
		r := tokenArea(l, c("C23"))
		alone := func(l engine.Leader) *image.RGBA {
			return renderField(t, engine.Battle{ID: "one", Turn: 1, Units: b.Units, Leaders: []engine.Leader{l}}, Options{})
		}
		gold := count(alone(b.Leaders[1]), r, commanderGold)
		silver := count(alone(b.Leaders[0]), r, generalSilver)
		if got := count(img, r, commanderGold); got != gold || gold == 0 {
			t.Errorf("facing %s: %d gold pixels with generals, %d alone: the commander's star is covered", facing, got, gold)
		}
		if got := count(img, r, generalSilver); 2*got < 3*silver || silver == 0 {
			t.Errorf("facing %s: %d silver pixels for two generals, %d for one", facing, got, silver)
		}
	}
}

// Leaders in the HQ stand next to its flag, in an empty cell and in one
// with a unit; a lost HQ has none.
func TestFieldHQLeaders(t *testing.T) {
	for _, occupied := range []bool{false, true} {
		b := engine.Battle{ID: "hq", Turn: 1, HQ: [2]engine.Cell{c("A33"), c("D33")}, Leaders: []engine.Leader{
			{ID: "n", Side: engine.North, Role: engine.Commander, At: engine.AtHQ},
			{ID: "s", Side: engine.South, Role: engine.General, At: engine.AtHQ},
		}}
		if occupied {
			b.Units = []engine.Unit{
				{ID: "a", Side: engine.North, Type: engine.HeavyCavalry, Figures: 8, Cell: c("A33"), Facing: engine.S},
				{ID: "d", Side: engine.South, Type: engine.HeavyCavalry, Figures: 8, Cell: c("D33"), Facing: engine.N},
			}
		}
		opt := Options{}
		l := layoutOf(t, b, opt)
		img := renderField(t, b, opt)
		if count(img, cellRect(l, c("A33")), commanderGold) == 0 {
			t.Errorf("occupied %v: no commander's star in North's HQ", occupied)
		}
		if count(img, cellRect(l, c("D33")), generalSilver) == 0 {
			t.Errorf("occupied %v: no general's star in South's HQ", occupied)
		}
		if count(img, cellRect(l, c("D33")), commanderGold) != 0 {
			t.Errorf("occupied %v: a commander's star in South's HQ", occupied)
		}
		b.HQLost[engine.North] = true
		img = renderField(t, b, opt)
		if count(img, cellRect(l, c("A33")), commanderGold) != 0 {
			t.Errorf("occupied %v: a lost HQ still shows its commander", occupied)
		}
	}
}

// A lost HQ is drawn crossed out, in its cell only.
func TestFieldLostHQ(t *testing.T) {
	for _, occupied := range []bool{false, true} {
		b := engine.Battle{ID: "hq", Turn: 1, HQ: [2]engine.Cell{c("A33"), c("D33")}}
		if occupied {
			b.Units = []engine.Unit{
				{ID: "a", Side: engine.North, Type: engine.HeavyCavalry, Figures: 8, Cell: c("A33"), Facing: engine.S},
				{ID: "d", Side: engine.South, Type: engine.HeavyCavalry, Figures: 8, Cell: c("D33"), Facing: engine.N},
			}
		}
		opt := Options{Lang: render.EN}
		l := layoutOf(t, b, opt)
		intact := renderField(t, b, opt)
		lost := b
		lost.HQLost = [2]bool{false, true}
		crossed := renderField(t, lost, opt)
		south, north := cellRect(l, c("D33")), cellRect(l, c("A33"))
		if n := diff(intact, crossed, south); n < 20 {
			t.Errorf("occupied %v: the lost HQ differs from the intact one in only %d pixels", occupied, n)
		}
		if n := count(crossed, south, lostInk); n < 5 {
			t.Errorf("occupied %v: the lost HQ has %d pixels of the cross", occupied, n)
		}
		if n := count(intact, south, lostInk); n != 0 {
			t.Errorf("occupied %v: the intact HQ has %d pixels of the cross", occupied, n)
		}
		if n := diff(intact, crossed, north); n != 0 {
			t.Errorf("occupied %v: North's intact HQ changed in %d pixels", occupied, n)
		}
		grid := rect(l.gridX, l.gridY, float64(l.maxX-l.minX+1)*l.cs, float64(l.maxY-l.minY+1)*l.cs)
		if n, m := diff(intact, crossed, grid), diff(intact, crossed, south); n != m {
			t.Errorf("occupied %v: %d pixels of the field changed outside the lost HQ's cell", occupied, n-m)
		}
	}
}

// strips are the bands along the four sides of a cell, inside it.
func strips(l layout, cell engine.Cell) map[engine.Dir]image.Rectangle {
	x, y := l.cellOrigin(cell)
	b := l.cs * 0.15
	return map[engine.Dir]image.Rectangle{
		engine.N: rect(x+b, y, l.cs-2*b, b),
		engine.S: rect(x+b, y+l.cs-b, l.cs-2*b, b),
		engine.W: rect(x, y+b, b, l.cs-2*b),
		engine.E: rect(x+l.cs-b, y+b, b, l.cs-2*b),
	}
}

// A portable shield is a wooden bar on its side of the cell, and only there.
func TestFieldShields(t *testing.T) {
	for _, unit := range []bool{false, true} {
		for _, sides := range []uint8{1 << engine.E, 1<<engine.N | 1<<engine.W, 1 << engine.S, 0xf} {
			cell := c("B23")
			b := engine.Battle{ID: "shields", Turn: 1, Terrain: engine.Terrain{
				Shields: []engine.CellShields{{Cell: cell, Sides: sides}},
			}}
			if unit {
				b.Units = []engine.Unit{{ID: "u", Side: engine.North, Type: engine.AshigaruTeppo, Figures: 12, Cell: cell, Facing: engine.E}}
			}
			opt := Options{}
			img := renderField(t, b, opt)
			l := layoutOf(t, b, opt)
			for d, r := range strips(l, cell) {
				want := sides&(1<<d) != 0
				n := count(img, r, shieldWood)
				if want && n < int(l.cs*0.2) {
					t.Errorf("unit %v, sides %04b: only %d pixels of wood on side %s", unit, sides, n, d)
				}
				if !want && n != 0 {
					t.Errorf("unit %v, sides %04b: %d pixels of wood on side %s", unit, sides, n, d)
				}
			}
			// Nothing on the neighbours.
			for _, n := range []string{"B22", "B24", "B13", "B33"} {
				if k := count(img, cellRect(l, c(n)), shieldWood); k != 0 {
					t.Errorf("unit %v, sides %04b: %d pixels of wood in %s", unit, sides, k, n)
				}
			}
		}
	}
}

// A shield on the north side keeps clear of the cell's name, in every
// cell size.
func TestFieldShieldClearOfName(t *testing.T) {
	for _, cs := range []int{MinCellSize, 48, DefaultCellSize, 100, MaxCellSize} {
		cell := c("B23")
		plain := engine.Battle{ID: "name", Turn: 1}
		shielded := plain
		shielded.Terrain.Shields = []engine.CellShields{{Cell: cell, Sides: 1 << engine.N}}
		opt := Options{CellSize: cs}
		f, err := newFieldFaces(cs)
		if err != nil {
			t.Fatal(err)
		}
		l := layoutOf(t, plain, opt)
		d := drawer{l: l, f: f, b: &plain}
		nx, base := d.namePos(cell)
		b, _ := font.BoundString(f.cell, cell.Name())
		r := image.Rect(int(nx)+b.Min.X.Floor()-1, int(base)+b.Min.Y.Floor()-1, int(nx)+b.Max.X.Ceil()+1, int(base)+b.Max.Y.Ceil()+1)
		if n := diff(renderField(t, plain, opt), renderField(t, shielded, opt), r); n != 0 {
			t.Errorf("cell size %d: the shield changes %d pixels of the cell's name", cs, n)
		}
	}
}

// Hold at all costs and fatigue have their badges at the token's bottom
// corners.
func TestFieldUnitBadges(t *testing.T) {
	u := engine.Unit{ID: "u", Side: engine.South, Type: engine.LightCavalry, Figures: 6, Cell: c("C23"), Facing: engine.N}
	render := func(hold, fatigued bool) (*image.RGBA, layout) {
		v := u
		v.Hold, v.Fatigued = hold, fatigued
		b := engine.Battle{ID: "badges", Turn: 1, Units: []engine.Unit{v}}
		return renderField(t, b, Options{}), layoutOf(t, b, Options{})
	}
	plain, l := render(false, false)
	hold, _ := render(true, false)
	tired, _ := render(false, true)
	x, y, w, h := l.tokenRect(u.Cell)
	bl := rect(x-l.cs*0.1, y+h-l.cs*0.15, l.cs*0.25, l.cs*0.25)
	br := rect(x+w-l.cs*0.15, y+h-l.cs*0.15, l.cs*0.25, l.cs*0.25)
	if n := count(hold, bl, starInk) - count(plain, bl, starInk); n < 20 {
		t.Errorf("hold badge: %d more dark pixels at the bottom-left corner", n)
	}
	if n := diff(plain, hold, br); n != 0 {
		t.Errorf("hold badge changed %d pixels at the bottom-right corner", n)
	}
	if n := count(tired, br, fatigueFill); n < 10 {
		t.Errorf("fatigue badge: %d pixels of its disc", n)
	}
	if n := count(plain, br, fatigueFill); n != 0 {
		t.Errorf("no fatigue, yet %d pixels of its disc", n)
	}
	if n := diff(plain, tired, bl); n != 0 {
		t.Errorf("fatigue badge changed %d pixels at the bottom-left corner", n)
	}
}

// The legend explains the new symbols when the map shows them, in the
// reader's language.
func TestFieldLegendSymbols(t *testing.T) {
	f, err := newFieldFaces(DefaultCellSize)
	if err != nil {
		t.Fatal(err)
	}
	texts := func(b engine.Battle, lang render.Lang) map[legendKind]string {
		out := map[legendKind]string{}
		for _, it := range legendItems(&b, &Options{Lang: lang}, f, DefaultCellSize) {
			out[it.kind] = it.text
		}
		return out
	}
	ru := texts(goldenBattle(), render.RU)
	for k, want := range map[legendKind]string{
		legendCommander: "командующий", legendGeneral: "генерал", legendWounded: "ранен",
		legendHQLost: "ставка потеряна", legendShields: "щиты", legendHold: "держит позицию", legendFatigued: "утомлены",
	} {
		if ru[k] != want {
			t.Errorf("render.RU legend item %d: %q, want %q", k, ru[k], want)
		}
	}
	en := texts(goldenBattle(), render.EN)
	for k, want := range map[legendKind]string{
		legendCommander: "commander", legendGeneral: "general", legendHQLost: "HQ lost", legendShields: "shields",
		legendHold: "holds at all costs", legendFatigued: "fatigued",
	} {
		if en[k] != want {
			t.Errorf("render.EN legend item %d: %q, want %q", k, en[k], want)
		}
	}
	// A battle without them has none of these items.
	b := goldenBattle()
	b.Leaders, b.Terrain.Shields, b.HQLost = nil, nil, [2]bool{}
	for i := range b.Units {
		b.Units[i].Hold, b.Units[i].Fatigued = false, false
	}
	for _, k := range []legendKind{legendCommander, legendGeneral, legendWounded, legendHQLost, legendShields, legendHold, legendFatigued} {
		if s, ok := texts(b, render.RU)[k]; ok {
			t.Errorf("legend item %q without its symbol on the map", s)
		}
	}
}

// A unit far beyond the field (A1.20000, a typo in a scenario) does not
// make the picture huge: its size stays within the drawn band.
func TestFieldPNGBoundedFarOffField(t *testing.T) {
	b := engine.Battle{Settings: engine.DefaultSettings(), Units: []engine.Unit{
		{ID: "far", Side: engine.North, Type: engine.SamuraiSpear, Figures: 8, Cell: engine.Cell{X: 1, Y: 20000}, Facing: engine.S},
	}}
	near, err := PNG(engine.Battle{Settings: engine.DefaultSettings()}, Options{Lang: render.EN})
	if err != nil {
		t.Fatal(err)
	}
	far, err := PNG(b, Options{Lang: render.EN})
	if err != nil {
		t.Fatal(err)
	}
	a, _ := png.DecodeConfig(bytes.NewReader(near))
	c, _ := png.DecodeConfig(bytes.NewReader(far))
	if c.Height > a.Height*3 || c.Width > a.Width*3 {
		t.Fatalf("picture %dx%d for a unit far off the field (empty field %dx%d)", c.Width, c.Height, a.Width, a.Height)
	}
}

// newFace makes a face of px pixels, with its glyph advances memoised. A
// face is not safe for concurrent use: a drawing borrows its faces from the
// pool (borrowFace) and gives them back when it is done; the parsed fonts
// are shared (read-only).
func newFace(bold bool, px float64) (font.Face, error) {
	if err := loadFonts(); err != nil {
		return nil, err
	}
	return newMemoFace(bold, px), nil
}
