package render

import (
	"fmt"
	"testing"
	"unicode"

	"github.com/gunbai/gunbai/engine"
)

// TestEveryEnumValueNamed walks the engine's own iterators, so that a new
// order kind, status, outcome, direction or troop type without a Russian or
// an English name fails here: the name must be in the catalogue in both
// languages (T would fall back to the key, or English to Russian), and what
// the name function returns must be neither the key nor a placeholder such
// as "order(15)".
func TestEveryEnumValueNamed(t *testing.T) {
	type named struct {
		what  string // for messages
		key   string // catalogue key
		place string // the placeholder of an unnamed value
		name  func(Lang) string
	}
	var all []named
	for _, k := range engine.OrderKinds() {
		all = append(all, named{"order " + k.String(), "order." + k.String(), fmt.Sprintf("order(%d)", int(k)),
			func(l Lang) string { return OrderName(l, k) }})
	}
	for _, s := range engine.Statuses() {
		all = append(all, named{"status " + s.String(), "status." + s.String(), fmt.Sprintf("status(%d)", int(s)),
			func(l Lang) string { return StatusName(l, s) }})
	}
	for _, o := range engine.Outcomes() {
		all = append(all, named{"outcome " + o.String(), "outcome." + o.String(), fmt.Sprintf("outcome(%d)", int(o)),
			func(l Lang) string { return OutcomeName(l, o) }})
	}
	for _, d := range engine.Dirs() {
		all = append(all,
			named{"facing " + d.String(), "facing." + d.String(), "?",
				func(l Lang) string { return FacingName(l, d) }},
			named{"short facing " + d.String(), "facing.short." + d.String(), "?",
				func(l Lang) string { return FacingShort(l, d) }})
	}
	for _, tt := range engine.TroopTypes() {
		all = append(all,
			named{"troop " + tt.String(), "troop." + tt.String(), fmt.Sprintf("troop(%d)", int(tt)),
				func(l Lang) string { return TroopName(l, tt) }},
			named{"short troop " + tt.String(), "troop.short." + tt.String(), "?",
				func(l Lang) string { return TroopShort(l, tt) }})
	}
	if len(all) < 21+5+6+8+14 {
		t.Fatalf("only %d names to check: an engine iterator lost values", len(all))
	}
	for _, n := range all {
		m, ok := catalogue[n.key]
		switch {
		case !ok:
			t.Errorf("%s: no catalogue text %q", n.what, n.key)
			continue
		case m.ru == "" || m.en == "":
			t.Errorf("%s: %q lacks a text (ru %q, en %q)", n.what, n.key, m.ru, m.en)
		}
		for _, lang := range []Lang{RU, EN} {
			got := n.name(lang)
			if got == "" || got == n.key || got == n.place {
				t.Errorf("%s %s: name %q is the key or a placeholder", lang, n.what, got)
			}
			if cyr := hasCyrillic(got); cyr != (lang == RU) {
				t.Errorf("%s %s: name %q is not in its language", lang, n.what, got)
			}
		}
	}
}

func hasCyrillic(s string) bool {
	for _, r := range s {
		if unicode.Is(unicode.Cyrillic, r) {
			return true
		}
	}
	return false
}
