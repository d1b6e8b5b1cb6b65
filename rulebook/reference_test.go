package rulebook

import (
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite docs/rules.en.md and docs/rules.ru.md from rules.tsv")

// The rules reference in docs/ is Reference's output, committed: the test
// fails when a file differs from what rules.tsv gives now, and -update
// rewrites them.
func TestReference(t *testing.T) {
	for _, c := range []struct{ locale, file string }{
		{"en", "rules.en.md"},
		{"ru", "rules.ru.md"},
	} {
		want := Reference(c.locale)
		path := filepath.Join("..", "docs", c.file)
		if *update {
			if err := os.WriteFile(path, []byte(want), 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		got, err := os.ReadFile(path)
		if err != nil {
			t.Fatalf("%v (go test ./rulebook/ -run TestReference -update writes it)", err)
		}
		if string(got) != want {
			t.Errorf("docs/%s differs from the rulebook: go test ./rulebook/ -run TestReference -update", c.file)
		}
	}
}

// Every rule and decision is in each reference whole, in its language,
// under its ID, in the order of All.
func TestReferenceHasEveryRule(t *testing.T) {
	for _, locale := range []string{"en", "ru"} {
		doc := Reference(locale)
		at := 0
		for _, r := range All() {
			head := "**" + r.ID + "** " + r.Full(locale) + "\n"
			i := strings.Index(doc[at:], head)
			if i < 0 {
				t.Fatalf("%s: %s is not there whole, or out of order", locale, r.ID)
			}
			at += i + len(head)
			next := strings.Index(doc[at:], "\n**")
			if next < 0 {
				next = len(doc) - at
			}
			if locale == "ru" && !strings.Contains(doc[at:at+next], r.Place) {
				t.Errorf("ru: %s without its place", r.ID)
			}
		}
	}
	// The whole texts are there where the summaries were cut.
	cut := 0
	for _, r := range All() {
		if strings.HasSuffix(r.EN, " …") {
			cut++
			if r.FullEN == r.EN || strings.HasSuffix(r.FullEN, " …") {
				t.Errorf("%s: the English summary is cut, its whole text is not there", r.ID)
			}
		}
		if strings.HasSuffix(r.RU, " …") && runes(r.FullRU) <= runes(strings.TrimSuffix(r.RU, " …")) {
			t.Errorf("%s: the Russian summary is cut, its whole text is not there", r.ID)
		}
		// Every decision is whole in Russian too: none is left translated
		// only from the English summary, cut short (" …"), and none is much
		// shorter than its English (the translations run 0.95 to 1.35 times
		// as long).
		if !strings.HasPrefix(r.ID, "D-") {
			continue
		}
		if strings.HasSuffix(r.FullRU, "…") {
			t.Errorf("%s: the Russian text is cut short, not whole", r.ID)
		}
		if 10*runes(r.FullRU) < 8*runes(r.FullEN) {
			t.Errorf("%s: the Russian text has %d characters, the English %d: not the whole decision", r.ID, runes(r.FullRU), runes(r.FullEN))
		}
	}
	if cut == 0 {
		t.Error("no summary is cut: the test checks nothing")
	}
	if en := Reference("en"); !strings.Contains(en, "## VIII. Combat (melee)") || !strings.Contains(en, "### R-VIII.4 Combat result") || !strings.Contains(en, "## Decisions") {
		t.Error("the English reference lacks its headings")
	}
	if ru := Reference("ru"); !strings.Contains(ru, "## VIII. Бой") || !strings.Contains(ru, "## Решения справочника") {
		t.Error("the Russian reference lacks its headings")
	}
}
