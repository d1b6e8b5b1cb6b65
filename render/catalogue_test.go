package render

import (
	"strings"
	"testing"
)

// The real catalogue builds from its tables: no key is defined twice, and
// every table's every text is in it.
func TestCatalogueBuilds(t *testing.T) {
	c, err := buildCatalogue(tables())
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, tb := range tables() {
		n += len(tb.texts)
		for k, m := range tb.texts {
			if c[k] != m {
				t.Errorf("%s of %s: %q in the catalogue", k, tb.name, c[k])
			}
		}
	}
	if len(c) != n || len(catalogue) != n {
		t.Errorf("the catalogue holds %d texts (built %d), its tables %d", len(catalogue), len(c), n)
	}
}

// A key two tables define is refused, the error naming it and both
// tables, whichever others come between.
func TestCatalogueRefusesDuplicateKey(t *testing.T) {
	_, err := buildCatalogue([]table{
		{"firstTexts", texts{"a.one": {"один", "one"}, "a.shared": {"общий", "shared"}}},
		{"otherTexts", texts{"b.two": {"два", "two"}}},
		{"secondTexts", texts{"a.shared": {"общий снова", "shared again"}, "c.three": {"три", "three"}}},
	})
	if err == nil {
		t.Fatal("a key defined twice built a catalogue")
	}
	for _, want := range []string{`"a.shared"`, "firstTexts", "secondTexts"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("the error %q does not name %s", err, want)
		}
	}
}
