package render_test

import (
	"strings"
	"testing"

	"github.com/gunbai/gunbai/render"
	"github.com/gunbai/gunbai/render/field"
)

// Everything the map draws must have glyphs in the embedded Go fonts, or it
// would show as boxes.
func TestCatalogueGlyphs(t *testing.T) {
	for k, m := range render.CatalogueTexts() {
		if strings.HasPrefix(k, "ev.") || strings.HasPrefix(k, "log.") || strings.HasPrefix(k, "cli.") {
			continue // text only, never drawn (cli.: the command line's)
		}
		for _, s := range m {
			for _, r := range s {
				if !field.HasGlyph(false, r) || !field.HasGlyph(true, r) {
					t.Errorf("%s: no glyph for %q (U+%04X) in %q", k, r, r, s)
				}
			}
		}
	}
}
