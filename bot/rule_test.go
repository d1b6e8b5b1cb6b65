package bot_test

import (
	"strings"
	"testing"

	"github.com/gunbai/gunbai/bot/discordtest"
)

// /rule answers a rule by its ID in the reader's language with its place in
// the Russian rules; the ID completes as it is typed; an unknown ID is
// refused in words.
func TestRuleThroughDiscord(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	w.start()
	defer w.stop()
	// Russian cites as the original numbers its rules, a decision as
	// «реш. D-…»; English as RULES.md.
	ru := w.slash(oda, chanOda, "rule", discordtest.StringOpt("id", "R-VIII.4.4"))
	if !strings.HasPrefix(ru.Content, "**VIII.4.4** — ") || strings.Contains(ru.Content, "R-") || !strings.Contains(ru.Content, "Место в правилах: VIII.") {
		t.Fatalf("in Russian: %q", ru.Content)
	}
	// D-36 as the rulebook has it: no ladder steps numbered as in the code
	// (P0, P8), in either language; a decision is typed as it is cited.
	d36 := w.slash(oda, chanOda, "rule", discordtest.StringOpt("id", "реш. D-36")).Content
	if !strings.HasPrefix(d36, "**реш. D-36** — «Получение бонуса") || !strings.Contains(d36, "начинает действовать в начале фазы, в которой исполняется приказ") ||
		!strings.Contains(d36, "(«Держать позицию», на VII.2.8)") || strings.Contains(d36, "P0") || strings.Contains(d36, "R-VI") {
		t.Fatalf("D-36 in Russian: %q", d36)
	}
	d36 = w.slash(asai, chanAsai, "rule", discordtest.StringOpt("id", "D-36")).Content
	if !strings.HasPrefix(d36, "**D-36** — ") || !strings.Contains(d36, "takes effect at the start of the phase in which the order executes") ||
		!strings.Contains(d36, "(Hold, at R-VII.2.8)") || strings.Contains(d36, "P0") || strings.Contains(d36, "P8") {
		t.Fatalf("D-36 in English: %q", d36)
	}
	en := w.slash(asai, chanAsai, "rule", discordtest.StringOpt("id", "viii.4.4"))
	if !strings.Contains(en.Content, "pushed back") || !strings.Contains(en.Content, "In the Russian rules: VIII.") {
		t.Fatalf("in English: %q", en.Content)
	}
	if r := w.slash(oda, chanOda, "rule", discordtest.StringOpt("id", "R-XX.9")); !strings.Contains(r.Content, "Правила «R-XX.9» нет") {
		t.Fatalf("an unknown rule: %q", r.Content)
	}
	choices := w.choices(w.srv.Interactions().Autocomplete(w.guild, chanOda, oda, "rule", discordtest.Focus(discordtest.StringOpt("id", "VIII.4"))))
	if len(choices) == 0 || choices[0].Value != "R-VIII.4.1" {
		t.Fatalf("choices %+v", choices)
	}
	for _, c := range choices {
		if n := len([]rune(c.Name)); n > 100 {
			t.Fatalf("a choice of %d characters", n)
		}
	}
}
