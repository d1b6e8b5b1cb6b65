package render

import (
	"sync"

	"github.com/golang/freetype/truetype"
	"golang.org/x/image/font"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/goregular"
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

// newFace makes a face of px pixels. A face is not safe for concurrent use,
// so every drawing makes its own; the parsed fonts are shared (read-only).
func newFace(bold bool, px float64) (font.Face, error) {
	if err := loadFonts(); err != nil {
		return nil, err
	}
	return truetype.NewFace(pickFont(bold), &truetype.Options{Size: px, DPI: 72, Hinting: font.HintingFull}), nil
}

// hasGlyph reports whether the font has a glyph for r (not the missing-glyph box).
func hasGlyph(bold bool, r rune) bool {
	if loadFonts() != nil {
		return false
	}
	return pickFont(bold).Index(r) != 0
}
