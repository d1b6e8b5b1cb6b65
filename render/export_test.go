package render

// CatalogueTexts is every text of the catalogue, by key: its Russian and
// its English (glyphs_test.go, in package render_test, checks that the
// field's fonts draw them; render itself cannot import render/field).
func CatalogueTexts() map[string][2]string {
	out := make(map[string][2]string, len(catalogue))
	for k, m := range catalogue {
		out[k] = [2]string{m.ru, m.en}
	}
	return out
}
