package field

import (
	"math"
	"sync"

	"github.com/golang/freetype/truetype"
	"golang.org/x/image/font"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/goregular"
	"golang.org/x/image/math/fixed"
)

// The Go fonts are embedded (no system fonts): they cover Latin and Cyrillic.
var (
	fontsOnce   sync.Once
	fontRegular *truetype.Font
	fontBold    *truetype.Font
	fontsErr    error
)

func loadFonts() error {
	fontsOnce.Do(func() {
		fontRegular, fontsErr = truetype.Parse(goregular.TTF)
		if fontsErr != nil {
			return
		}
		fontBold, fontsErr = truetype.Parse(gobold.TTF)
	})
	return fontsErr
}

func pickFont(bold bool) *truetype.Font {
	if bold {
		return fontBold
	}
	return fontRegular
}

func newMemoFace(bold bool, px float64) *memoFace {
	tt := truetype.NewFace(pickFont(bold), &truetype.Options{Size: px, DPI: 72, Hinting: font.HintingFull})
	return &memoFace{Face: tt, key: faceKey{bold, fixed.Int26_6(math.Round(px * 64))},
		metrics: tt.Metrics(), adv: map[rune]glyphAdvance{}, kern: map[[2]rune]fixed.Int26_6{},
		bounds: map[rune]glyphBounds{}}
}

// HasGlyph reports whether the field's font (bold or regular) has a glyph
// for r, not the missing-glyph box: a text drawn on the field shows.
func HasGlyph(bold bool, r rune) bool {
	if loadFonts() != nil {
		return false
	}
	return pickFont(bold).Index(r) != 0
}

// faceKey names a face: bold or regular, and its size in 1/64 pixels.
type faceKey struct {
	bold bool
	size fixed.Int26_6
}

func (k faceKey) px() float64 { return float64(k.size) / 64 }

type glyphAdvance struct {
	adv fixed.Int26_6
	ok  bool
}

type glyphBounds struct {
	b   fixed.Rectangle26_6
	adv fixed.Int26_6
	ok  bool
}

// memoFace is a truetype face that remembers the advances, kerning and
// bounds it has worked out: truetype loads and hints a glyph for each
// GlyphAdvance, and measuring text asks for every rune's advance. Its
// rasterised glyphs stay in the truetype face's own cache while it is
// pooled. Like the face it wraps, it is for one goroutine at a time.
type memoFace struct {
	font.Face
	key     faceKey
	metrics font.Metrics
	adv     map[rune]glyphAdvance
	kern    map[[2]rune]fixed.Int26_6
	bounds  map[rune]glyphBounds
}

func (f *memoFace) Metrics() font.Metrics { return f.metrics }

func (f *memoFace) GlyphAdvance(r rune) (fixed.Int26_6, bool) {
	a, ok := f.adv[r]
	if !ok {
		if len(f.adv) >= maxMemo {
			clear(f.adv)
		}
		a.adv, a.ok = f.Face.GlyphAdvance(r)
		f.adv[r] = a
	}
	return a.adv, a.ok
}

func (f *memoFace) Kern(r0, r1 rune) fixed.Int26_6 {
	k, ok := f.kern[[2]rune{r0, r1}]
	if !ok {
		k = f.Face.Kern(r0, r1)
		if len(f.kern) >= maxMemo {
			clear(f.kern)
		}
		f.kern[[2]rune{r0, r1}] = k
	}
	return k
}

func (f *memoFace) GlyphBounds(r rune) (fixed.Rectangle26_6, fixed.Int26_6, bool) {
	g, ok := f.bounds[r]
	if !ok {
		g.b, g.adv, g.ok = f.Face.GlyphBounds(r)
		if len(f.bounds) >= maxMemo {
			clear(f.bounds)
		}
		f.bounds[r] = g
	}
	return g.b, g.adv, g.ok
}

// maxMemo bounds each memo of a face: text of many scripts starts it afresh.
const maxMemo = 4096

// The face pool: faces lent to drawings, per size, so that their advances
// and rasterised glyphs outlive one picture. It holds at most
// maxPooledFaces faces (a face's glyph cache is some hundred kilobytes), at
// most facesPerKey of one size; a face given back to a full pool is
// dropped.
const (
	maxPooledFaces = 48
	facesPerKey    = 2
)

var facePool = struct {
	sync.Mutex
	free  map[faceKey][]*memoFace
	count int
}{free: map[faceKey][]*memoFace{}}

// borrowFace lends a face of px pixels from the pool, or makes one.
func borrowFace(bold bool, px float64) (*memoFace, error) {
	if err := loadFonts(); err != nil {
		return nil, err
	}
	k := faceKey{bold, fixed.Int26_6(math.Round(px * 64))}
	facePool.Lock()
	if fs := facePool.free[k]; len(fs) > 0 {
		f := fs[len(fs)-1]
		facePool.free[k] = fs[:len(fs)-1]
		facePool.count--
		facePool.Unlock()
		return f, nil
	}
	facePool.Unlock()
	return newMemoFace(bold, k.px()), nil
}

// returnFace gives a borrowed face back to the pool.
func returnFace(f *memoFace) {
	facePool.Lock()
	defer facePool.Unlock()
	if facePool.count >= maxPooledFaces || len(facePool.free[f.key]) >= facesPerKey {
		return
	}
	facePool.free[f.key] = append(facePool.free[f.key], f)
	facePool.count++
}

// Face lends the field's embedded Go font (bold or regular, Latin and
// Cyrillic) at px pixels, from the pool the field's pictures share, for
// another picture package (render/cards); release gives it back, and the
// face is not used after it.
func Face(bold bool, px float64) (f font.Face, release func(), err error) {
	m, err := borrowFace(bold, px)
	if err != nil {
		return nil, nil, err
	}
	return m, func() { returnFace(m) }, nil
}
