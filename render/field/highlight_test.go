package field

import (
	"fmt"
	"image"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/image/draw"

	"github.com/gunbai/gunbai/engine"
	"github.com/gunbai/gunbai/render"
)

// highlightBattle is North's view with a cavalry unit picked on a hill by
// the river, the cells of its moves on every terrain (a forest, the river's
// bank, a swamp, open ground, a friend's cell), an enemy it may attack, an
// enemy its archers' neighbour would shoot, one in the field's corner, and
// cells no order reaches.
func highlightBattle() (engine.Battle, Highlight) {
	b := engine.Battle{ID: "hl", Turn: 3, Defender: engine.South,
		Terrain: engine.Terrain{Hills: []engine.Cell{cell(5, 4)}, Forests: []engine.Cell{cell(6, 4)}, Swamps: []engine.Cell{cell(4, 4)},
			River: true, Bridge: cell(8, 4)},
		Units: []engine.Unit{
			{ID: "n-uma", Side: engine.North, Type: engine.LightCavalry, Figures: 6, Cell: cell(5, 3), Facing: engine.S, Status: engine.StatusOK},
			{ID: "n-yumi", Side: engine.North, Type: engine.SamuraiArcher, Figures: 8, Cell: cell(7, 3), Facing: engine.S, Status: engine.StatusOK},
			{ID: "s-yari", Side: engine.South, Type: engine.SamuraiSpear, Figures: 8, Cell: cell(5, 5), Facing: engine.N, Status: engine.StatusOK},
			{ID: "s-teppo", Side: engine.South, Type: engine.AshigaruTeppo, Figures: 10, Cell: cell(3, 5), Facing: engine.N, Status: engine.StatusOK},
			{ID: "s-kiba", Side: engine.South, Type: engine.HeavyCavalry, Figures: 6, Cell: cell(12, 8), Facing: engine.N, Status: engine.StatusOK},
		},
	}
	h := Highlight{Unit: "n-uma", At: cell(5, 3), Order: "Движение (обычный)",
		Cells: []engine.Cell{cell(5, 2), cell(4, 3), cell(6, 3), cell(4, 4), cell(5, 4), cell(6, 4), cell(7, 3)},
		Targets: []HighlightTarget{
			{Unit: "s-teppo", At: cell(3, 5), Shot: true, Percent: 7},
			{Unit: "s-yari", At: cell(5, 5), Percent: 60},
			{Unit: "s-kiba", At: cell(12, 8), Percent: 100}, // in the corner: its plate inside
		}}
	return b, h
}

// writeHighlight keeps a picture in HIGHLIGHT_PNG_DIR to look at, full
// size and at Discord's preview size.
func writeHighlight(t *testing.T, img *image.RGBA, name string) {
	dir := os.Getenv("HIGHLIGHT_PNG_DIR")
	if dir == "" {
		return
	}
	small := image.NewRGBA(image.Rect(0, 0, int(float64(img.Bounds().Dx())*discordScale(img)), int(float64(img.Bounds().Dy())*discordScale(img))))
	draw.CatmullRom.Scale(small, small.Bounds(), img, img.Bounds(), draw.Src, nil)
	for n, im := range map[string]*image.RGBA{name + ".png": img, name + "_discord.png": small} {
		f, err := os.Create(filepath.Join(dir, n))
		if err != nil {
			t.Fatal(err)
		}
		png.Encode(f, im)
		f.Close()
	}
}

// Discord shows a picture in a message scaled down to fit discordW ×
// discordH pixels (desktop); a text smaller than minDiscordPx there is not
// legible without opening the picture (render/cards' legibility test).
const (
	discordW     = 550
	discordH     = 350
	minDiscordPx = 9
)

func discordScale(img *image.RGBA) float64 {
	return min(1, float64(discordW)/float64(img.Bounds().Dx()), float64(discordH)/float64(img.Bounds().Dy()))
}

// The picked unit's cell and each cell it may go to have the highlight's
// yellow; a cell no order reaches has none more than without it; each
// target its ring's colour and the black of its chance.
func TestHighlightDrawnOnCells(t *testing.T) {
	b, h := highlightBattle()
	for _, lang := range []render.Lang{render.RU, render.EN} {
		for _, cs := range []int{MinCellSize, DefaultCellSize, 90} {
			opt := Options{Lang: lang, View: ViewNorth, CellSize: cs, Highlight: &h}
			img := renderField(t, b, opt)
			plain := renderField(t, b, Options{Lang: lang, View: ViewNorth, CellSize: cs})
			writeHighlight(t, img, fmt.Sprintf("field_highlight_%s_%d", lang, cs))
			l := previewLayoutOf(t, b, opt)
			gold := func(img *image.RGBA, c engine.Cell) int { return count(img, cellRect(l, c), pickGold) }
			if n := gold(img, h.At); n < int(l.cs) {
				t.Errorf("%s %d: the picked unit's cell has %d yellow pixels", lang, cs, n)
			}
			for _, c := range h.Cells {
				if n, was := gold(img, c), gold(plain, c); n-was < int(l.cs*0.5) {
					t.Errorf("%s %d: destination %s has %d yellow pixels (%d without)", lang, cs, c.Name(), n, was)
				}
			}
			for _, c := range []engine.Cell{cell(9, 3), cell(2, 2), cell(4, 2), cell(10, 6), cell(8, 4)} {
				if n, was := gold(img, c), gold(plain, c); n != was {
					t.Errorf("%s %d: %s, no destination, has %d yellow pixels (%d without)", lang, cs, c.Name(), n, was)
				}
			}
			for _, tg := range h.Targets {
				ink := attackColor
				if tg.Shot {
					ink = shotColor
				}
				r := cellRect(l, tg.At)
				if n := count(img, r, ink) - count(plain, r, ink); n < int(l.cs*0.5) {
					t.Errorf("%s %d: target %s has %d pixels of its ring", lang, cs, tg.Unit, n)
				}
				if n := count(img, r, pickGold) - count(plain, r, pickGold); n < int(l.cs*0.3) {
					t.Errorf("%s %d: target %s has no plate for its chance (%d yellow pixels)", lang, cs, tg.Unit, n)
				}
			}
		}
	}
}

// The chance written on a target is legible at Discord's preview size, at
// every cell size the bot may draw.
func TestHighlightLegibleInPreview(t *testing.T) {
	b, h := highlightBattle()
	for _, cs := range []int{MinCellSize, DefaultCellSize, 90, MaxCellSize} {
		img := renderField(t, b, Options{Lang: render.RU, CellSize: cs, Highlight: &h})
		f, err := newFieldFaces(cs)
		if err != nil {
			t.Fatal(err)
		}
		px := capHeight(f.face(true, float64(cs)*highlightOddsPx)) / 0.7 // a capital's height, as a font's size
		f.release()
		if got := px * discordScale(img); got < minDiscordPx {
			t.Errorf("cell %d px (%v): the chance is %.1f px in Discord's preview, want %d", cs, img.Bounds().Size(), got, minDiscordPx)
		}
	}
}

// The highlight is a layer over the picture: without it the picture is
// what it was (the golden pictures hold), with it nothing changes outside
// the marked cells and the legend's new line; a picture drawn after it
// from the memo is the one drawn without the memo.
func TestHighlightLayerAndMemo(t *testing.T) {
	b, h := highlightBattle()
	opt := Options{Lang: render.EN, View: ViewNorth, Highlight: &h}
	img := renderField(t, b, opt)
	plain := renderField(t, b, Options{Lang: render.EN, View: ViewNorth})
	l := layoutOf(t, b, Options{Lang: render.EN, View: ViewNorth})
	marked := append([]engine.Cell{h.At}, h.Cells...)
	for _, tg := range h.Targets {
		marked = append(marked, tg.At)
	}
	if n := diffOutside(img, plain, l, gridRect(l), int(l.cs*0.3), marked); n != 0 {
		t.Errorf("%d pixels of the field differ outside the marked cells", n)
	}
	noMemo.Store(true)
	fresh := renderField(t, b, opt)
	noMemo.Store(false)
	again := renderField(t, b, opt)
	if diff(fresh, again, fresh.Bounds()) != 0 || diff(img, again, img.Bounds()) != 0 {
		t.Errorf("the memo changes a highlighted picture")
	}
	if after := renderField(t, b, Options{Lang: render.EN, View: ViewNorth}); diff(after, plain, plain.Bounds()) != 0 {
		t.Errorf("a picture after a highlighted one keeps some of it")
	}
}

// The golden picture of a highlight, in Russian.
func TestHighlightGolden(t *testing.T) {
	b, h := highlightBattle()
	matchGolden(t, renderField(t, b, Options{Lang: render.RU, View: ViewNorth, Battle: "Анэгава", Highlight: &h}), "testdata/golden_highlight.png")
}

// The alt text says what the picture marks, in both languages: the unit,
// the order, the cells as the map names them, the targets with their
// chances; at most maxAltListed of each.
func TestHighlightAltText(t *testing.T) {
	b, h := highlightBattle()
	want := map[render.Lang][]string{
		render.RU: {"На карте выделен n-uma (A22), приказ «Движение (обычный)»", "может пойти на", "A11", "s-yari (C12) — атака, успех 60 %", "s-teppo (C14) — обстрел, успех 7 %", "ещё 1", "Успех — противник оставляет клетку"},
		render.EN: {"Marked on the map: n-uma (A22)", "may go to", "s-yari (C12) — attack, success 60 %", "s-teppo (C14) — shot, success 7 %", "1 more", "Success: the enemy leaves its cell"},
	}
	for lang, parts := range want {
		alt := AltText(lang, b, Options{Lang: lang, View: ViewNorth, Highlight: &h}, nil)
		for _, p := range parts {
			if !strings.Contains(alt, p) {
				t.Errorf("%s: the alt text %q lacks %q", lang, alt, p)
			}
		}
		t.Logf("%s: %s", lang, alt)
		if plain := AltText(lang, b, Options{Lang: lang, View: ViewNorth}, nil); strings.Contains(plain, "n-uma") {
			t.Errorf("%s: an alt text without a highlight names the unit: %q", lang, plain)
		}
	}
}

// BenchmarkHighlightPreview draws and encodes a sheet's preview of North's
// view with a pending order, without a highlight and with one (a unit
// picked, seven cells, two targets with their chances): what pointing at
// the choice costs.
func BenchmarkHighlightPreview(b *testing.B) {
	battle, h := highlightBattle()
	shot := []engine.Intended{{Unit: "n-yumi", Order: engine.OrderShoot, Phase: 1, From: cell(7, 3), Facing: engine.S, Shoot: "s-yari", ShootAt: cell(5, 5)}}
	base := Options{Lang: render.RU, View: ViewNorth, Battle: "Анэгава", Intents: shot}
	for _, c := range []struct {
		name string
		h    *Highlight
	}{{"without", nil}, {"with", &h}} {
		opt := base
		opt.Highlight = c.h
		b.Run(c.name, func(b *testing.B) {
			for b.Loop() {
				if _, err := PNG(battle, opt); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
