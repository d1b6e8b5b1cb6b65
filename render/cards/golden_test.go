package cards

import (
	"bytes"
	"flag"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"os"
	"path/filepath"
	"sync"
	"testing"

	"github.com/gunbai/gunbai/render"
)

var update = flag.Bool("update", false, "rewrite the golden images")

// Golden images, as render/field's: the decoded pixels of a picture against
// an image in testdata made once with -update (go test ./render/cards -run
// Golden -update), with a tolerance, never the PNG's bytes.

// matchGolden compares img with the golden image at path (rewriting it
// first with -update): a channel may differ by 24, and up to 0.2% of the
// pixels may differ more (anti-aliasing on another platform).
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
	want := decodeFile(t, path)
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

func decodeFile(t *testing.T, path string) image.Image {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatalf("%v (run go test ./render/cards -run Golden -update to create it)", err)
	}
	defer f.Close()
	img, err := png.Decode(f)
	if err != nil {
		t.Fatal(err)
	}
	return img
}

// colorDist is the largest difference of a channel.
func colorDist(a, b color.Color) int {
	r1, g1, b1, _ := a.RGBA()
	r2, g2, b2, _ := b.RGBA()
	d := 0
	for _, p := range [][2]uint32{{r1, r2}, {g1, g2}, {b1, b2}} {
		v := int(p[0]>>8) - int(p[1]>>8)
		if v < 0 {
			v = -v
		}
		d = max(d, v)
	}
	return d
}

func drawSide(t testing.TB, side int, lang render.Lang) *image.RGBA {
	t.Helper()
	img, err := Image(fixedGame(t).Cards(side), lang)
	if err != nil {
		t.Fatal(err)
	}
	return img
}

// The defenders' card in Russian (E2-C): a shield wall, a prisoner, a
// long unit name and a long Russian name shortened, awards.
func TestCardsGoldenDefendersRU_E2_C(t *testing.T) {
	matchGolden(t, drawSide(t, 0, render.RU), "testdata/golden_defenders_ru.png")
}

// The attackers' two cards in English (E2-C): a dead and a wounded
// officer, a recovered archer, a corporal, a cavalryman, a
// standard-bearer, the morale result.
func TestCardsGoldenAttackersEN_E2_C(t *testing.T) {
	matchGolden(t, drawSide(t, 1, render.EN), "testdata/golden_attackers_en.png")
}

// The attackers in Russian too: the words are the catalogue's.
func TestCardsGoldenAttackersRU_E2_C(t *testing.T) {
	matchGolden(t, drawSide(t, 1, render.RU), "testdata/golden_attackers_ru.png")
}

// PNG's pixels are Image's.
func TestCardsGoldenPNG(t *testing.T) {
	cs := fixedGame(t).Cards(1)
	want := drawSide(t, 1, render.EN)
	data, err := PNG(cs, render.EN)
	if err != nil {
		t.Fatal(err)
	}
	img, err := png.Decode(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	if img.Bounds() != want.Bounds() {
		t.Fatalf("PNG %v, Image %v", img.Bounds(), want.Bounds())
	}
	for y := range want.Bounds().Dy() {
		for x := range want.Bounds().Dx() {
			if colorDist(img.At(x, y), want.At(x, y)) != 0 {
				t.Fatalf("PNG's pixel (%d, %d) is not Image's", x, y)
			}
		}
	}
}

// Example pictures to look at: CARDS_PNG_DIR=/tmp go test ./render/cards -run TestCardsGoldenExamples
func TestCardsGoldenExamples(t *testing.T) {
	dir := os.Getenv("CARDS_PNG_DIR")
	if dir == "" {
		t.Skip("CARDS_PNG_DIR not set")
	}
	g := fixedGame(t)
	for side := range 2 {
		for _, lang := range []render.Lang{render.RU, render.EN} {
			data, err := PNG(g.Cards(side), lang)
			if err != nil {
				t.Fatal(err)
			}
			out := filepath.Join(dir, fmt.Sprintf("cards_%d_%s.png", side, lang))
			if err := os.WriteFile(out, data, 0o644); err != nil {
				t.Fatal(err)
			}
			t.Logf("wrote %s\n%s", out, AltText(g.Cards(side), lang))
		}
	}
}

// Pictures drawn at once share the field's pool of faces safely (go test
// -race) and are drawn as they are alone.
func TestCardsGoldenConcurrent(t *testing.T) {
	g := fixedGame(t)
	want := [2][]byte{drawSide(t, 0, render.RU).Pix, drawSide(t, 1, render.EN).Pix}
	var wg sync.WaitGroup
	got := make([][]byte, 8)
	for k := range got {
		wg.Go(func() {
			img, err := Image(g.Cards(k%2), []render.Lang{render.RU, render.EN}[k%2])
			if err == nil {
				got[k] = img.Pix
			}
		})
	}
	wg.Wait()
	for k := range got {
		if !bytes.Equal(got[k], want[k%2]) {
			t.Errorf("picture %d drawn at once with others differs from it drawn alone", k)
		}
	}
}
