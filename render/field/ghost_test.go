package field

import (
	"bytes"
	"image"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"

	xdraw "golang.org/x/image/draw"

	"github.com/gunbai/gunbai/engine"
	"github.com/gunbai/gunbai/render"
)

// ghostBattle is North's view of resultsBattle after its turn 6, and the
// ghosts of its memory: s-kobayakawa, seen at D22 on turn 4, s-kiri at
// C35 on turn 12 (a long label, and a front to the side), and s-old,
// seen on turn 2 in C11 where s-yari stands now (its ghost under the
// unit). s-shinobi-no-mono-gashira, in the forest D23, North never saw.
func ghostBattle() (engine.Battle, []Ghost) {
	b, _ := resultsBattle()
	b.Outcome = engine.Ongoing
	ghosts := []Ghost{
		{Unit: engine.Unit{ID: "s-kobayakawa", Side: engine.South, Type: engine.AshigaruSpear, Figures: 9, Cell: c("D22"), Facing: engine.N, Status: engine.StatusOK}, Turn: 4},
		{Unit: engine.Unit{ID: "s-kiri", Side: engine.South, Type: engine.LightCavalry, Figures: 12, Cell: c("C35"), Facing: engine.E, Status: engine.StatusOK}, Turn: 12},
		{Unit: engine.Unit{ID: "s-old", Side: engine.South, Type: engine.SamuraiArcher, Figures: 5, Cell: c("C11"), Facing: engine.W, Status: engine.StatusOK}, Turn: 2},
	}
	return engine.View(b, engine.North), ghosts
}

// ghostCellRect is the inside of the counter's body at cell c of the
// picture of b with opt.
func ghostCellRect(t *testing.T, b engine.Battle, opt Options, cell engine.Cell) image.Rectangle {
	t.Helper()
	f, err := newFieldFaces(cellSize(opt))
	if err != nil {
		t.Fatal(err)
	}
	defer f.release()
	l := newLayout(b, opt, f)
	x, y, w, h := l.tokenRect(cell)
	return image.Rect(int(x)+2, int(y)+2, int(x+w)-2, int(y+h)-2)
}

// faded counts the pixels of r in got that are the pixel of plain (the
// same picture without ghosts) faded toward the side's colour as a
// ghost's body is (within 3 a channel), and the pixels that differ at all.
func faded(got, plain *image.RGBA, r image.Rectangle, side engine.Side) (fadedN, changed int) {
	sc := SideColor(side)
	a := float64(ghostFillAlpha) / 255
	near := func(p, q uint8) bool { return int(p)-int(q) <= 3 && int(q)-int(p) <= 3 }
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			g, p := got.RGBAAt(x, y), plain.RGBAAt(x, y)
			if g != p {
				changed++
			}
			mix := func(base, c uint8) uint8 { return uint8(float64(base)*(1-a) + float64(c)*a + 0.5) }
			if near(g.R, mix(p.R, sc.R)) && near(g.G, mix(p.G, sc.G)) && near(g.B, mix(p.B, sc.B)) {
				fadedN++
			}
		}
	}
	return fadedN, changed
}

// A side's picture with its memory of the enemy: the ghost's cell has
// pixels of the enemy's colour faded over what is under them, over a good
// part of the counter; a ghost under a standing unit leaves the unit as it
// is; the cell of a unit the side never saw is the picture without ghosts;
// the legend explains the ghost and the alt text names each, in both
// languages. The pictures go to /tmp/lastseen to be looked at.
func TestLastSeenGhostPicture(t *testing.T) {
	b, ghosts := ghostBattle()
	for _, lang := range []render.Lang{render.RU, render.EN} {
		opt := resultsOptions(lang, ViewNorth, nil)
		plain := renderField(t, b, opt)
		opt.Ghosts = ghosts
		got := renderField(t, b, opt)
		writeLook(t, got, "ghosts_"+string(lang)+".png")
		r := ghostCellRect(t, b, opt, c("D22"))
		n, changed := faded(got, plain, r, engine.South)
		if area := r.Dx() * r.Dy(); n < area/3 || changed < area/2 {
			t.Errorf("%s: the ghost's cell D22 has %d faded pixels of %d (%d changed)", lang, n, area, changed)
		}
		// s-yari stands over s-old's ghost: its counter is drawn as ever.
		if n, changed := faded(got, plain, ghostCellRect(t, b, opt, c("C11")), engine.South); changed > 0 {
			t.Errorf("%s: the ghost under s-yari shows through (%d faded, %d changed)", lang, n, changed)
		}
		// s-shinobi-no-mono-gashira in the forest D23: never seen, nothing.
		if _, changed := faded(got, plain, ghostCellRect(t, b, opt, c("D23")), engine.South); changed > 0 {
			t.Errorf("%s: %d pixels changed at D23, where North never saw anything", lang, changed)
		}
		alt := AltText(lang, b, opt, nil)
		want := map[render.Lang][]string{
			render.RU: {"Замечены ранее: асигару-копейщики s-kobayakawa на D22 (ход 4), лёгкая конница s-kiri на C35 (ход 12), самураи-лучники s-old на C11 (ход 2)."},
			render.EN: {"Seen before: ashigaru spearmen s-kobayakawa at D22 (turn 4), light cavalry s-kiri at C35 (turn 12), samurai archers s-old at C11 (turn 2)."},
		}[lang]
		for _, w := range want {
			if !strings.Contains(alt, w) {
				t.Errorf("%s: the alt text does not say %q: %s", lang, w, alt)
			}
		}
		if strings.Contains(alt, "s-shinobi") || strings.Contains(AltText(lang, b, resultsOptions(lang, ViewNorth, nil), nil), "Замечены") {
			t.Errorf("%s: the alt text names what was not seen: %s", lang, alt)
		}
		f, err := newFieldFaces(cellSize(opt))
		if err != nil {
			t.Fatal(err)
		}
		l := newLayout(b, opt, f)
		f.release()
		explained := false
		for _, line := range l.legend {
			for _, it := range line {
				explained = explained || it.kind == legendGhost && it.text == render.T(lang, "legend.ghost")
			}
		}
		if !explained {
			t.Errorf("%s: the legend does not explain the ghosts", lang)
		}
	}
	// Without ghosts, no legend line of them: the pictures of the GM and
	// the spectators, and every golden picture, are as they were.
	f, _ := newFieldFaces(DefaultCellSize)
	defer f.release()
	for _, line := range newLayout(b, resultsOptions(render.RU, ViewNorth, nil), f).legend {
		for _, it := range line {
			if it.kind == legendGhost {
				t.Error("a ghost's legend line without ghosts")
			}
		}
	}
}

// The memo gives the pixels drawing gives with ghosts too: a ghost under
// a unit's counter changes what is under it, so the counter drawn from
// the memo must be the one drawn anew.
func TestLastSeenMemoSamePixels(t *testing.T) {
	b, ghosts := ghostBattle()
	opt := resultsOptions(render.RU, ViewNorth, nil)
	opt.Ghosts = ghosts
	bare := resultsOptions(render.RU, ViewNorth, nil)
	noMemo.Store(true)
	want := renderField(t, b, opt)
	noMemo.Store(false)
	for round := range 3 {
		renderField(t, b, bare) // remembers the counters over the plain field
		if got := renderField(t, b, opt); !bytes.Equal(got.Pix, want.Pix) {
			t.Fatalf("round %d: the picture with ghosts differs from its drawing without the memo", round)
		}
	}
}

// writeLook writes a picture to /tmp/lastseen, to look at, and beside it
// the picture at the size Discord's preview shows it (about 480 pixels
// wide on a desktop client).
func writeLook(t *testing.T, img image.Image, name string) {
	t.Helper()
	writeLookAs(t, img, name)
	b := img.Bounds()
	small := image.NewRGBA(image.Rect(0, 0, 480, 480*b.Dy()/b.Dx()))
	xdraw.CatmullRom.Scale(small, small.Bounds(), img, b, xdraw.Src, nil)
	writeLookAs(t, small, strings.TrimSuffix(name, ".png")+"_preview.png")
}

func writeLookAs(t *testing.T, img image.Image, name string) {
	t.Helper()
	dir := filepath.Join(os.TempDir(), "lastseen")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, name), buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
}
