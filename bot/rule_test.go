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
	w := newWorld(t)
	w.start()
	defer w.stop()
	ru := w.slash(oda, chanOda, "rule", discordtest.StringOpt("id", "R-VIII.4.4"))
	if !strings.Contains(ru.Content, "R-VIII.4.4") || !strings.Contains(ru.Content, "Место в правилах: VIII.") {
		t.Fatalf("in Russian: %q", ru.Content)
	}
	en := w.slash(asai, chanAsai, "rule", discordtest.StringOpt("id", "viii.4.4"))
	if !strings.Contains(en.Content, "pushed back") || !strings.Contains(en.Content, "In the Russian rules: VIII.") {
		t.Fatalf("in English: %q", en.Content)
	}
	if r := w.slash(oda, chanOda, "rule", discordtest.StringOpt("id", "R-XX.9")); !strings.Contains(r.Content, "Правила «R-XX.9» нет") {
		t.Fatalf("an unknown rule: %q", r.Content)
	}
	choices := w.choices(w.srv.Autocomplete(w.guild, chanOda, oda, "rule", discordtest.Focus(discordtest.StringOpt("id", "VIII.4"))))
	if len(choices) == 0 || choices[0].Value != "R-VIII.4.1" {
		t.Fatalf("choices %+v", choices)
	}
	for _, c := range choices {
		if n := len([]rune(c.Name)); n > 100 {
			t.Fatalf("a choice of %d characters", n)
		}
	}
}
