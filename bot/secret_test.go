package bot_test

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/gunbai/gunbai/bot/discordtest"
)

// D-70: the deployment is secret. Through the whole deployment turn, its
// scouting phase included, a player's picture, answers and completions show
// none of the enemy's units but those his scouts reported; from turn 1 the
// ordinary visibility of R-XI.3 applies.
func TestDeploymentIsSecretThroughDiscordD_70(t *testing.T) {
	t.Parallel()
	w := sekigaharaWorld(t)
	defer w.stop()
	north := []string{"n-yari", "n-ashigaru", "n-teppo", "n-uma"}
	// field is the alt text of the South player's /field picture, which
	// counts the units of each side the picture shows.
	field := func() string {
		t.Helper()
		r := w.final(asai, chanAsai, "field")
		if len(r.Files) != 1 {
			t.Fatalf("field: %+v", r)
		}
		return r.Files[0].Description
	}
	// offered is every value and name a South completion offers.
	offered := func(command string, opts ...discordtest.Option) string {
		t.Helper()
		var b strings.Builder
		for _, c := range w.choices(w.srv.Interactions().Autocomplete(w.guild, chanAsai, asai, command, opts...)) {
			fmt.Fprintf(&b, "%v %s\n", c.Value, c.Name)
		}
		return b.String()
	}
	completions := func() string {
		t.Helper()
		return offered("why", discordtest.Focus(discordtest.StringOpt("unit", ""))) +
			offered("order", discordtest.StringOpt("order", "shoot"), discordtest.StringOpt("unit", "s-yumi"), discordtest.Focus(discordtest.StringOpt("target", ""))) +
			offered("odds", discordtest.Focus(discordtest.StringOpt("unit", "")))
	}
	leaks := func(where, text string, visible ...string) {
		t.Helper()
		var wrong []string
		for _, id := range north {
			if strings.Contains(text, id) != slices.Contains(visible, id) {
				wrong = append(wrong, id)
			}
		}
		if wrong != nil {
			t.Errorf("%s: %v shown or hidden wrongly (visible: %v): %q", where, wrong, visible, text)
		}
	}

	// The deployment phase: nothing of the North.
	if alt := field(); !strings.Contains(alt, "North: no unit seen") || !strings.Contains(alt, "South: 4 units on the field") {
		t.Fatalf("the South's picture in deployment: %q", alt)
	}
	if r := w.final(oda, chanOda, "field"); len(r.Files) != 1 || !strings.Contains(r.Files[0].Description, "Юг: не видно ни одного отряда") {
		t.Fatalf("the North's picture in deployment: %+v", r)
	}
	c := completions() + offered("deploy", discordtest.StringOpt("leader", "tokugawa"), discordtest.Focus(discordtest.StringOpt("to", "")))
	if !strings.Contains(c, "s-yumi") {
		t.Fatalf("the South's own units are not offered: %q", c)
	}
	leaks("completions in deployment", c)
	r := w.slash(asai, chanAsai, "deploy", discordtest.StringOpt("unit", "s-yumi"), discordtest.StringOpt("facing", "N"))
	leaks("/deploy's answer", r.Content)
	// An enemy unit is refused exactly as one that does not exist.
	enemy := w.slash(asai, chanAsai, "deploy", discordtest.StringOpt("unit", "n-yari"), discordtest.StringOpt("facing", "N"))
	none := w.slash(asai, chanAsai, "deploy", discordtest.StringOpt("unit", "n-nobody"), discordtest.StringOpt("facing", "N"))
	if enemy.Content != strings.ReplaceAll(none.Content, "n-nobody", "n-yari") {
		t.Fatalf("an enemy unit is refused unlike a missing one: %q, %q", enemy.Content, none.Content)
	}

	// The scouting phase: still nothing before the report.
	w.slash(gm, chanGM, "battle", discordtest.Subcommand("start", discordtest.StringOpt("battle", "Сэкигахара")))
	if alt := field(); !strings.Contains(alt, "North: no unit seen") {
		t.Fatalf("the South's picture before scouting: %q", alt)
	}
	scout := offered("scout", discordtest.Focus(discordtest.StringOpt("cells", "A2")))
	if !strings.Contains(scout, "A21") {
		t.Fatalf("/scout offers no cells: %q", scout)
	}
	leaks("/scout's cells", scout+completions())
	// The scouts report A21 and A22: those units show, the others do not.
	w.slash(asai, chanAsai, "scout", discordtest.StringOpt("cells", "A21 A22"))
	if alt := field(); !strings.Contains(alt, "North: 2 units on the field") {
		t.Fatalf("the South's picture after scouting: %q", alt)
	}
	leaks("completions after scouting", completions(), "n-yari", "n-teppo")
	leaks("/scout's swaps", offered("scout", discordtest.Focus(discordtest.StringOpt("swap", ""))))
	// The North scouted nothing and still sees nothing of the South.
	if r := w.final(oda, chanOda, "field"); len(r.Files) != 1 || !strings.Contains(r.Files[0].Description, "Юг: не видно ни одного отряда") {
		t.Fatalf("the North's picture in the scouting phase: %+v", r)
	}

	// Turn 1: the ordinary visibility, every North unit in the open.
	w.slash(oda, chanOda, "scout", discordtest.BoolOpt("done", true))
	w.slash(asai, chanAsai, "scout", discordtest.BoolOpt("done", true))
	if alt := field(); !strings.Contains(alt, "North: 4 units on the field") {
		t.Fatalf("the South's picture in turn 1: %q", alt)
	}
	leaks("completions in turn 1", completions(), north...)
}
