package render

import (
	"maps"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/gunbai/gunbai/engine"
)

func TestLangFromLocale(t *testing.T) {
	for locale, want := range map[string]Lang{
		"ru": RU, "en-US": EN, "en-GB": EN, "en": EN, "EN-us": EN,
		"": RU, "de": RU, "uk": RU, "ja": RU, "pt-BR": RU,
	} {
		if got := LangFromLocale(locale); got != want {
			t.Errorf("LangFromLocale(%q) = %q, want %q", locale, got, want)
		}
	}
}

var verbRE = regexp.MustCompile(`%[-+# 0]*(\[\d+\])?\d*(\.\d+)?[a-zA-Z%]`)

func verbs(s string) []string { return verbRE.FindAllString(s, -1) }

func TestCatalogueComplete(t *testing.T) {
	for _, k := range slices.Sorted(maps.Keys(catalogue)) {
		m := catalogue[k]
		if strings.TrimSpace(m.ru) == "" || strings.TrimSpace(m.en) == "" {
			t.Errorf("%s: empty text (ru %q, en %q)", k, m.ru, m.en)
			continue
		}
		if vr, ve := verbs(m.ru), verbs(m.en); !slices.Equal(vr, ve) {
			t.Errorf("%s: fmt verbs differ: ru %v, en %v", k, vr, ve)
		}
		if strings.Count(m.ru, "%") != len(verbs(m.ru)) || strings.Count(m.en, "%") != len(verbs(m.en)) {
			t.Errorf("%s: stray %% in %q / %q", k, m.ru, m.en)
		}
	}
}

func TestT(t *testing.T) {
	if got := T(RU, "side.north"); got != "Север" {
		t.Errorf("T(RU, side.north) = %q", got)
	}
	if got := T(EN, "side.north"); got != "North" {
		t.Errorf("T(EN, side.north) = %q", got)
	}
	if got := T(Lang("xx"), "side.south"); got != "Юг" {
		t.Errorf("an unknown language must fall back to Russian, got %q", got)
	}
	if got := T(EN, "field.title", "Sekigahara", 3); got != "Battle Sekigahara — turn 3" {
		t.Errorf("T with args = %q", got)
	}
	if got := T(RU, "no.such.key", 1); !strings.Contains(got, "no.such.key") {
		t.Errorf("a missing key must show the key, got %q", got)
	}
}

// Every value of every enum has a name in both languages (no fallback to
// the key).
func TestNames(t *testing.T) {
	for _, lang := range []Lang{RU, EN} {
		check := func(what, got string) {
			t.Helper()
			if got == "" || strings.Contains(got, ".") || strings.Contains(got, "(") || strings.Contains(got, "_") {
				t.Errorf("%s %s: bad name %q", lang, what, got)
			}
		}
		for _, tt := range allTroopTypes {
			check("troop "+tt.String(), TroopName(lang, tt))
			short := TroopShort(lang, tt)
			check("short "+tt.String(), short)
			if n := len([]rune(short)); n != 2 {
				t.Errorf("%s short label of %s = %q, want 2 letters", lang, tt, short)
			}
		}
		for _, k := range allOrderKinds {
			check("order "+k.String(), OrderName(lang, k))
		}
		for _, s := range allStatuses {
			check("status "+s.String(), StatusName(lang, s))
		}
		for _, o := range allOutcomes {
			check("outcome "+o.String(), OutcomeName(lang, o))
		}
		for _, d := range allDirs {
			check("facing "+d.String(), FacingName(lang, d))
			check("facing short "+d.String(), FacingShort(lang, d))
		}
		check("side north", SideName(lang, engine.North))
		check("side south", SideName(lang, engine.South))
	}
	// The lists in names.go are the engine's: complete by construction.
	if len(allOrderKinds) != len(engine.OrderKinds()) || len(allTroopTypes) != len(engine.TroopTypes()) {
		t.Errorf("names.go lists differ from the engine's iterators")
	}
	// Spot checks of the glossary terms.
	for _, c := range []struct{ got, want string }{
		{TroopName(RU, engine.HeavyCavalry), "тяжёлая конница"},
		{TroopShort(RU, engine.AshigaruTeppo), "АТ"},
		{TroopShort(EN, engine.Yamabushi), "YB"},
		{OrderName(RU, engine.OrderHold), "Держать позицию любой ценой"},
		{OrderName(RU, engine.OrderRally), "Перегруппировка"},
		{OrderName(EN, engine.OrderVolley), "Massed volley"},
		{FacingShort(RU, engine.E), "В"},
		{FacingShort(RU, engine.W), "З"},
		{SideName(RU, engine.South), "Юг"},
		{OutcomeName(RU, engine.NorthVictory), "победа Севера"},
		{StatusName(RU, engine.StatusRouting), "бежит"},
	} {
		if c.got != c.want {
			t.Errorf("got %q, want %q", c.got, c.want)
		}
	}
	// Out-of-range values never panic.
	_ = TroopName(RU, engine.TroopType(42))
	_ = OrderName(RU, engine.OrderKind(42))
	_ = StatusName(RU, engine.Status(42))
	_ = OutcomeName(RU, engine.Outcome(-1))
}

// allDirs are the facings, in order.
var allDirs = engine.Dirs()
