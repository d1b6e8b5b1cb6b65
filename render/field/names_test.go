package field

import (
	"regexp"
	"strings"
	"testing"

	"github.com/gunbai/gunbai/render"
)

// Units' and leaders' names (from the scenario or the roster) are in the
// legend beside their IDs, those drawn only.
func TestFieldLegendNames(t *testing.T) {
	b := turnAfter()
	b.Unit("n-yari").Name = "Копейщики Этиго"
	b.Unit("s-yumi").Name = "Лучники Каи" // destroyed: not drawn
	b.Leader("nh").Name = "Уэсуги Кэнсин"
	for _, lang := range []render.Lang{render.RU, render.EN} {
		var texts []string
		for _, line := range layoutOf(t, b, Options{Lang: lang}).legend {
			for _, it := range line {
				texts = append(texts, it.text)
			}
		}
		all := strings.Join(texts, "\n")
		for _, want := range []string{"n-yari — Копейщики Этиго", "nh — Уэсуги Кэнсин"} {
			if !strings.Contains(all, want) {
				t.Errorf("%s: the legend has no %q:\n%s", lang, want, all)
			}
		}
		if strings.Contains(all, "Лучники Каи") {
			t.Errorf("%s: the legend names a unit not drawn", lang)
		}
	}
}

// The turn log names each unit and leader beside its ID where it first
// mentions it, then by its ID alone; render.Log without names is as before.
func TestLogNamed(t *testing.T) {
	before := turnBefore()
	before.Unit("n-yumi").Name = "Лучники Этиго"
	before.Unit("s-teppo").Name = "Стрелки Каи"
	before.Leader("ng").Name = "Какидзаки Кагэиэ"
	after := turnAfter()
	names := render.Names(&before, &after)
	if names["n-yumi"] != "Лучники Этиго" || names["ng"] != "Какидзаки Кагэиэ" || names["n-uma"] != "" {
		t.Fatalf("names %v", names)
	}
	for _, lang := range []render.Lang{render.RU, render.EN} {
		log := render.LogNamed(lang, turnEvents(), names)
		for _, id := range []string{"n-yumi", "s-teppo", "ng"} {
			named := render.T(lang, "log.named", id, names[id])
			if n := strings.Count(log, named); n != 1 {
				t.Errorf("%s: %q %d times in the log, want once:\n%s", lang, named, n, log)
			}
			first := regexp.MustCompile(`(^|[^\w-])` + regexp.QuoteMeta(id) + `([^\w-]|$)`).FindStringIndex(log)
			if first == nil || !strings.HasPrefix(log[first[0]:], named) && !strings.HasPrefix(log[first[0]+1:], named) {
				t.Errorf("%s: %s first mentioned without its name:\n%s", lang, id, log)
			}
		}
		if plain := render.Log(lang, turnEvents()); strings.Contains(plain, "Лучники Этиго") {
			t.Errorf("%s: render.Log names units it was not given names of", lang)
		}
	}
}
