package field

import (
	"bytes"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/gunbai/gunbai/engine"
	"github.com/gunbai/gunbai/render"
)

func cell(x, y int) engine.Cell { return engine.Cell{X: x, Y: y} }

// previewBattle is North's view with units whose orders use every mark of
// the preview: moves in both phases, an attack, shots, turns, two units in
// one cell and a move that leaves the drawn cells.
func previewBattle() (engine.Battle, []engine.Intended) {
	b := engine.Battle{ID: "preview", Turn: 3, Units: []engine.Unit{
		{ID: "hc", Side: engine.North, Type: engine.HeavyCavalry, Figures: 8, Cell: cell(3, 2), Facing: engine.S},
		{ID: "ar", Side: engine.North, Type: engine.SamuraiArcher, Figures: 8, Cell: cell(6, 3), Facing: engine.S},
		{ID: "sp", Side: engine.North, Type: engine.AshigaruSpear, Figures: 12, Cell: cell(8, 3), Facing: engine.S},
		{ID: "a", Side: engine.North, Type: engine.SamuraiSpear, Figures: 8, Cell: cell(11, 2), Facing: engine.S},
		{ID: "b", Side: engine.North, Type: engine.AshigaruTeppo, Figures: 8, Cell: cell(11, 2), Facing: engine.S},
		{ID: "lc", Side: engine.North, Type: engine.LightCavalry, Figures: 4, Cell: cell(1, 1), Facing: engine.W},
		{ID: "e1", Side: engine.South, Type: engine.AshigaruSpear, Figures: 12, Cell: cell(3, 6), Facing: engine.N},
		{ID: "e2", Side: engine.South, Type: engine.SamuraiSpear, Figures: 8, Cell: cell(6, 6), Facing: engine.N},
	}}
	in := []engine.Intended{
		{Unit: "hc", Order: engine.OrderMove, Phase: 1, From: cell(3, 2), Path: []engine.Cell{cell(3, 3), cell(3, 4)}, Facing: engine.S},
		{Unit: "hc", Order: engine.OrderMove, Phase: 2, From: cell(3, 4), Path: []engine.Cell{cell(3, 5)}, Facing: engine.S,
			Attack: "e1", AttackAt: cell(3, 6)},
		{Unit: "ar", Order: engine.OrderShoot, Phase: 1, From: cell(6, 3), Facing: engine.S, Shoot: "e2", ShootAt: cell(6, 6)},
		{Unit: "ar", Order: engine.OrderShoot, Phase: 2, From: cell(6, 3), Facing: engine.S, Shoot: "e2", ShootAt: cell(6, 6)},
		{Unit: "sp", Order: engine.OrderWheelLeft, Phase: 1, From: cell(8, 3), Facing: engine.E},
		{Unit: "sp", Order: engine.OrderMove, Phase: 2, From: cell(8, 3), Path: []engine.Cell{cell(9, 3), cell(10, 3)}, Facing: engine.E},
		{Unit: "a", Order: engine.OrderMove, Phase: 1, From: cell(11, 2), Path: []engine.Cell{cell(11, 3), cell(11, 4)}, Facing: engine.S},
		{Unit: "b", Order: engine.OrderRetreat, Phase: 1, From: cell(11, 2), Path: []engine.Cell{cell(11, 1)}, Facing: engine.S},
		{Unit: "b", Order: engine.OrderWheelRight, Phase: 2, From: cell(11, 1), Facing: engine.W},
		{Unit: "lc", Order: engine.OrderMove, Phase: 1, From: cell(1, 1), Path: []engine.Cell{cell(0, 1), cell(-30, 1)}, Facing: engine.W},
	}
	return b, in
}

// Example pictures to look at: PREVIEW_PNG_DIR=/tmp go test ./render/field -run TestFieldPreviewExample -v
func TestFieldPreviewExample(t *testing.T) {
	b, in := previewBattle()
	dir := os.Getenv("PREVIEW_PNG_DIR") // to keep them
	if dir == "" {
		dir = t.TempDir()
	}
	for _, opt := range []Options{{Lang: render.RU}, {Lang: render.EN, CellSize: MinCellSize}} {
		opt.Intents = in
		img := renderField(t, b, opt)
		out := filepath.Join(dir, fmt.Sprintf("preview_%s_%d.png", opt.Lang, cellSize(opt)))
		f, err := os.Create(out)
		if err != nil {
			t.Fatal(err)
		}
		if err := png.Encode(f, img); err != nil {
			t.Fatal(err)
		}
		f.Close()
		t.Logf("wrote %s", out)
	}
}

// previewLayoutOf is the layout Field draws with opt: the legend with the
// preview's lines.
func previewLayoutOf(t testing.TB, b engine.Battle, opt Options) layout {
	t.Helper()
	f, err := newFieldFaces(cellSize(opt))
	if err != nil {
		t.Fatal(err)
	}
	l := newLayout(b, opt, f)
	l.previewLegend(&b, opt, f)
	return l
}

// gridRect is the pixel rectangle of every drawn cell.
func gridRect(l layout) image.Rectangle {
	return rect(l.gridX, l.gridY, float64(l.maxX-l.minX+1)*l.cs, float64(l.maxY-l.minY+1)*l.cs)
}

// diffOutside counts the pixels of r that differ between a and b outside
// the given cells, each grown by margin pixels.
func diffOutside(a, b *image.RGBA, l layout, r image.Rectangle, margin int, cells []engine.Cell) int {
	n := 0
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			p := image.Pt(x, y)
			in := false
			for _, c := range cells {
				if p.In(cellRect(l, c).Inset(-margin)) {
					in = true
					break
				}
			}
			if !in && colorDist(a.At(x, y), b.At(x, y)) > 0 {
				n++
			}
		}
	}
	return n
}

// near is the number of pixels in r within 40 of colour want (an
// anti-aliased thin line).
func near(img *image.RGBA, r image.Rectangle, want color.Color) int {
	n := 0
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			if colorDist(img.At(x, y), want) <= 40 {
				n++
			}
		}
	}
	return n
}

func marchBattle() engine.Battle {
	return engine.Battle{ID: "march", Turn: 2, Units: []engine.Unit{
		{ID: "hc", Side: engine.North, Type: engine.HeavyCavalry, Figures: 8, Cell: cell(4, 2), Facing: engine.S},
		{ID: "e", Side: engine.South, Type: engine.AshigaruSpear, Figures: 12, Cell: cell(9, 6), Facing: engine.N},
	}}
}

// A move draws its arrow in every cell from its unit to where it ends, and
// nothing anywhere else on the field; no intents leave the picture as it
// was.
func TestFieldPreviewMove(t *testing.T) {
	b := marchBattle()
	path := []engine.Cell{cell(4, 3), cell(4, 4), cell(4, 5)}
	for _, phase := range []int{1, 2} {
		opt := Options{Lang: render.RU}
		plain := renderField(t, b, opt)
		if got := renderField(t, b, Options{Lang: render.RU, Intents: []engine.Intended{}}); !bytes.Equal(got.Pix, plain.Pix) || got.Bounds() != plain.Bounds() {
			t.Fatalf("empty Intents change the picture")
		}
		opt.Intents = []engine.Intended{{Unit: "hc", Order: engine.OrderMove, Phase: phase, From: cell(4, 2), Path: path, Facing: engine.S}}
		img := renderField(t, b, opt)
		l := layoutOf(t, b, opt)
		for _, c := range append([]engine.Cell{cell(4, 2)}, path...) {
			if n := count(img, cellRect(l, c), previewInk); n < int(l.cs*0.2) {
				t.Errorf("phase %d: only %d pixels of the arrow in %s", phase, n, c)
			}
			if n := count(plain, cellRect(l, c), previewInk); n != 0 {
				t.Errorf("phase %d: %d pixels of arrow in %s without intents", phase, n, c)
			}
		}
		// Along the shaft, in the cell between.
		mid := l.tokenCentre(cell(4, 3))
		shaft := rect(mid.x-2, mid.y-l.cs*0.3, 4, l.cs*0.6)
		if n := diff(plain, img, shaft); n < int(l.cs*0.2) {
			t.Errorf("phase %d: the shaft changes only %d pixels between From and the end", phase, n)
		}
		if n := diffOutside(plain, img, l, gridRect(l), 0, append([]engine.Cell{cell(4, 2)}, path...)); n != 0 {
			t.Errorf("phase %d: %d pixels changed off the arrow's cells", phase, n)
		}
		if n := diff(plain, img, rect(0, 0, float64(img.Bounds().Dx()), l.gridY)); n != 0 {
			t.Errorf("phase %d: the title changed in %d pixels", phase, n)
		}
	}
}

// Phase 2 looks different from phase 1: its shaft is dashed.
func TestFieldPreviewPhases(t *testing.T) {
	b := marchBattle()
	l := layoutOf(t, b, Options{})
	mid := l.tokenCentre(cell(4, 4))
	shaft := rect(mid.x-1, mid.y-l.cs*0.5, 2, l.cs)
	ink := map[int]int{}
	for _, phase := range []int{1, 2} {
		img := renderField(t, b, Options{Intents: []engine.Intended{{Unit: "hc", Phase: phase, From: cell(4, 2),
			Path: []engine.Cell{cell(4, 3), cell(4, 4), cell(4, 5)}, Facing: engine.S}}})
		ink[phase] = count(img, shaft, previewInk)
	}
	if ink[1] < int(l.cs*0.9) || ink[2] > ink[1]*3/4 || ink[2] == 0 {
		t.Errorf("shaft pixels of phase 1 %d, of phase 2 %d: want a solid and a dashed line", ink[1], ink[2])
	}
}

// A shot draws a target ring at its target's cell; an attack a red arrow
// into the attacked cell with its swords.
func TestFieldPreviewShotAndAttack(t *testing.T) {
	b := marchBattle()
	b.Units[0].Type = engine.SamuraiArcher
	shot := []engine.Intended{{Unit: "hc", Order: engine.OrderShoot, Phase: 1, From: cell(4, 2), Facing: engine.S,
		Shoot: "e", ShootAt: cell(4, 5)}}
	b.Units[1].Cell = cell(4, 5)
	opt := Options{Intents: shot}
	img := renderField(t, b, opt)
	plain := renderField(t, b, Options{})
	l := layoutOf(t, b, opt)
	target := cellRect(l, cell(4, 5))
	if n := count(img, target, shotColor); n < int(l.cs*0.4) {
		t.Errorf("only %d pixels of the target ring in the target's cell", n)
	}
	if n := count(plain, target, shotColor); n != 0 {
		t.Errorf("%d pixels of the shot's colour without intents", n)
	}
	if n := near(img, cellRect(l, cell(4, 3)), shotColor); n < int(l.cs*0.5) {
		t.Errorf("no line between the shooter and the target")
	}
	for _, c := range []engine.Cell{cell(4, 2), cell(4, 3), cell(4, 4), cell(4, 5)} {
		if n := count(img, cellRect(l, c), previewInk); n != 0 {
			t.Errorf("a shot draws %d pixels of a move's arrow in %s", n, c)
		}
	}

	attack := []engine.Intended{{Unit: "hc", Order: engine.OrderMove, Phase: 1, From: cell(4, 2),
		Path: []engine.Cell{cell(4, 3), cell(4, 4)}, Facing: engine.S, Attack: "e", AttackAt: cell(4, 5)}}
	img = renderField(t, b, Options{Intents: attack})
	if n := count(img, target, attackColor); n < int(l.cs*0.2) {
		t.Errorf("only %d pixels of the attack in the attacked cell", n)
	}
	if n := count(img, cellRect(l, cell(4, 3)), attackColor); n < int(l.cs*0.2) {
		t.Errorf("only %d pixels of the attack's arrow on its way", n)
	}
	if n := count(img, target, starInk) - count(plain, target, starInk); n < 10 {
		t.Errorf("the swords have %d dark pixels", n)
	}
}

// A unit turning where it stands gets a notch on its new front; one that
// waits draws nothing.
func TestFieldPreviewFacing(t *testing.T) {
	b := marchBattle()
	plain := renderField(t, b, Options{})
	l := layoutOf(t, b, Options{})
	x, y, w, h := l.tokenRect(cell(4, 2))
	for _, f := range allDirs {
		img := renderField(t, b, Options{Intents: []engine.Intended{{Unit: "hc", Order: engine.OrderWheelLeft, Phase: 1, From: cell(4, 2), Facing: f}}})
		out := l.cs * 0.1 // beyond the edge, inside the notch
		probe := map[engine.Dir]image.Rectangle{
			engine.N: rect(x+w/2-3, y-out-3, 6, 6), engine.S: rect(x+w/2-3, y+h+out-3, 6, 6),
			engine.E: rect(x+w+out-3, y+h/2-3, 6, 6), engine.W: rect(x-out-3, y+h/2-3, 6, 6),
		}
		for d, r := range probe {
			n := count(img, r, previewInk)
			if d == f && f != engine.S && n == 0 {
				t.Errorf("facing %s: no notch on the %s edge", f, d)
			}
			if d != f && n != 0 {
				t.Errorf("facing %s: %d pixels of a notch on the %s edge", f, n, d)
			}
		}
		// The notch may reach a little over the cell's edge, as the front
		// triangle does.
		if n := diffOutside(plain, img, l, gridRect(l), int(l.cs*0.1), []engine.Cell{cell(4, 2)}); n != 0 {
			t.Errorf("facing %s: %d pixels changed off the unit's cell", f, n)
		}
	}
	// Facing south already: nothing to show.
	same := renderField(t, b, Options{Intents: []engine.Intended{{Unit: "hc", Order: engine.OrderWait, Phase: 1, From: cell(4, 2), Facing: engine.S}}})
	if n := diff(plain, same, gridRect(l)); n != 0 {
		t.Errorf("a wait changes %d pixels", n)
	}
}

// Both orders of a unit are drawn, and so are the arrows of two units in
// one cell.
func TestFieldPreviewNoneHidden(t *testing.T) {
	b := marchBattle()
	b.Units = append(b.Units, engine.Unit{ID: "two", Side: engine.North, Type: engine.SamuraiSpear, Figures: 8, Cell: cell(4, 2), Facing: engine.S})
	one := engine.Intended{Unit: "hc", Phase: 1, From: cell(4, 2), Path: []engine.Cell{cell(4, 3), cell(4, 4)}, Facing: engine.S}
	two := engine.Intended{Unit: "two", Phase: 1, From: cell(4, 2), Path: []engine.Cell{cell(4, 3), cell(4, 4)}, Facing: engine.S}
	l := layoutOf(t, b, Options{})
	r := cellRect(l, cell(4, 3))
	ink := func(in ...engine.Intended) int {
		return count(renderField(t, b, Options{Intents: in}), r, previewInk)
	}
	a, both := ink(one), ink(one, two)
	if a == 0 || both < a*3/2 {
		t.Errorf("one arrow %d pixels in the cell between, two arrows of units in one cell %d", a, both)
	}
	// Phase 2 goes on from where phase 1 ends: both arrows are drawn.
	next := engine.Intended{Unit: "hc", Phase: 2, From: cell(4, 4), Path: []engine.Cell{cell(5, 4), cell(6, 4)}, Facing: engine.E}
	img := renderField(t, b, Options{Intents: []engine.Intended{one, next}})
	for _, c := range []engine.Cell{cell(4, 3), cell(5, 4), cell(6, 4)} {
		if n := count(img, cellRect(l, c), previewInk); n < int(l.cs*0.2) {
			t.Errorf("phases 1 and 2: only %d pixels of an arrow in %s", n, c)
		}
	}
}

// Orders off the field, empty or odd do not panic, draw nothing off the
// drawn cells and do not make the picture bigger.
func TestFieldPreviewOffField(t *testing.T) {
	b := marchBattle()
	far := engine.Cell{X: 1, Y: 20000}
	odd := []engine.Intended{
		{},
		{Unit: "hc", Phase: 1, From: engine.NoCell, Path: []engine.Cell{cell(4, 3)}},
		{Unit: "nobody", Phase: 3, From: far, Path: []engine.Cell{far, cell(4, 3)}},
		{Unit: "hc", Phase: 1, From: cell(4, 2), Path: []engine.Cell{cell(4, 1), cell(4, 0), cell(4, -40), cell(4, 1)}},
		{Unit: "hc", Phase: 2, From: cell(4, 2), Path: []engine.Cell{}, Facing: 7},
		{Unit: "hc", Phase: 2, From: cell(4, 2), Path: nil, Attack: "e", AttackAt: engine.Cell{X: -500, Y: 3}},
		{Unit: "hc", Phase: 2, From: cell(4, 2), Shoot: "e", ShootAt: engine.NoCell},
		{Unit: "hc", Phase: 1, From: cell(4, 2), Shoot: "e", ShootAt: far},
		{Unit: "hc", Phase: 1, From: cell(4, 2), Path: []engine.Cell{cell(4, 2), cell(4, 2)}, Attack: "e", AttackAt: cell(4, 2)},
		{Unit: "", Phase: 0, From: cell(12, 7), Path: []engine.Cell{cell(13, 7), cell(14, 8)}},
	}
	for _, cs := range []int{MinCellSize, DefaultCellSize, MaxCellSize} {
		opt := Options{CellSize: cs}
		plain := renderField(t, b, opt)
		l := layoutOf(t, b, opt)
		if cs == DefaultCellSize {
			for i, in := range odd {
				opt.Intents = []engine.Intended{in}
				img := renderField(t, b, opt)
				if img.Bounds().Dx() != plain.Bounds().Dx() || img.Bounds().Dy() > plain.Bounds().Dy()+int(2*l.legendLineH) {
					t.Errorf("intent %d: picture %v, without %v", i, img.Bounds(), plain.Bounds())
				}
			}
		}
		// All at once; those wholly off the field draw nothing.
		opt.Intents = odd
		if img := renderField(t, b, opt); img.Bounds().Dx() != plain.Bounds().Dx() {
			t.Errorf("cell size %d: picture %v, without %v", cs, img.Bounds(), plain.Bounds())
		}
		opt.Intents = []engine.Intended{odd[0], odd[1], odd[2]}
		if img := renderField(t, b, opt); !bytes.Equal(img.Pix, plain.Pix) {
			t.Errorf("cell size %d: orders off the field change the picture", cs)
		}
	}
	// A battle with nothing in it.
	renderField(t, engine.Battle{}, Options{Intents: odd})
}

// The legend explains the preview's marks, those drawn, only when there
// are intents, in the reader's language; the picture grows by its lines.
func TestFieldPreviewLegend(t *testing.T) {
	b, in := previewBattle()
	kinds := func(l layout) map[legendKind]string {
		out := map[legendKind]string{}
		for _, line := range l.legend {
			for _, it := range line {
				if it.kind == legendText {
					out[legendKind(-1)] += it.text + "|"
				}
				out[it.kind] = it.text
			}
		}
		return out
	}
	preview := []legendKind{legendPhase1, legendPhase2, legendAttack, legendShot, legendNewFront}
	plain := kinds(previewLayoutOf(t, b, Options{Lang: render.RU}))
	for _, k := range preview {
		if s, ok := plain[k]; ok {
			t.Errorf("legend item %q without intents", s)
		}
	}
	if strings.Contains(plain[-1], render.T(render.RU, "legend.preview")) {
		t.Errorf("the preview's heading without intents")
	}
	for lang, want := range map[render.Lang]map[legendKind]string{
		render.RU: {legendPhase1: "фаза 1", legendPhase2: "фаза 2", legendAttack: "атака", legendShot: "цель обстрела", legendNewFront: "новый фронт"},
		render.EN: {legendPhase1: "phase 1", legendPhase2: "phase 2", legendAttack: "attack", legendShot: "shooting target", legendNewFront: "new front"},
	} {
		opt := Options{Lang: lang, Intents: in}
		l := previewLayoutOf(t, b, opt)
		got := kinds(l)
		for k, s := range want {
			if got[k] != s {
				t.Errorf("%s: legend item %d %q, want %q", lang, k, got[k], s)
			}
		}
		if !strings.Contains(got[-1], render.T(lang, "legend.preview")) {
			t.Errorf("%s: no heading %q in the legend", lang, render.T(lang, "legend.preview"))
		}
		img := renderField(t, b, opt)
		without := renderField(t, b, Options{Lang: lang})
		if img.Bounds().Dy() != l.h || l.h <= without.Bounds().Dy() {
			t.Errorf("%s: height %d with the preview's legend (layout %d), %d without", lang, img.Bounds().Dy(), l.h, without.Bounds().Dy())
		}
		// The legend's lines are drawn: ink where they are.
		last := rect(l.pad, l.legendTop+float64(len(l.legend)-1)*l.legendLineH, float64(l.w)-2*l.pad, l.legendLineH)
		if n := count(img, last, previewInk); n < 20 {
			t.Errorf("%s: %d pixels of the preview's ink on the legend's last line", lang, n)
		}
	}
	// Only the marks drawn: a lone shot explains the phase and the target.
	opt := Options{Lang: render.EN, Intents: []engine.Intended{in[2]}}
	got := kinds(previewLayoutOf(t, b, opt))
	for _, k := range preview {
		_, ok := got[k]
		if want := k == legendPhase1 || k == legendShot; ok != want {
			t.Errorf("a lone shot: legend item %d present %v", k, ok)
		}
	}
}

// The same orders give the same pixels, also drawn at once.
func TestFieldPreviewDeterministic(t *testing.T) {
	b, in := previewBattle()
	opt := Options{Lang: render.EN, Intents: in}
	first, err := PNG(b, opt)
	if err != nil {
		t.Fatal(err)
	}
	var wg sync.WaitGroup
	results := make([][]byte, 3)
	for i := range results {
		wg.Go(func() { results[i], _ = PNG(b, opt) })
	}
	wg.Wait()
	for i, r := range results {
		if !bytes.Equal(r, first) {
			t.Errorf("render %d differs from the first", i)
		}
	}
}
