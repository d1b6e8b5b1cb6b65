package bot_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"

	"github.com/gunbai/gunbai/bot/discordtest"
	"github.com/gunbai/gunbai/engine"
	"github.com/gunbai/gunbai/render"
)

// oddsWorld is a world with the battle of testdata/odds.toml, whose clans
// name their ordering roles; the players hold them.
func oddsWorld(t *testing.T) (*world, discordtest.Member) {
	w, north, _ := scenarioWorld(t, "odds.toml", "odds", "Шансы")
	return w, north
}

// oddsLines are the lines of a text that word the odds of a combat:
// "Out of 2000 combats: …".
func oddsLines(l render.Lang, content string) []string {
	prefix := strings.SplitN(render.T(l, "odds.melee", 1, "", "", ""), " ", 2)[0] + " " // "Из ", "Out "
	var out []string
	for _, line := range strings.Split(content, "\n") {
		if strings.HasPrefix(line, prefix) && strings.Contains(line, "%") {
			out = append(out, line)
		}
	}
	return out
}

// The sheet's odds are /odds's (issue 24, item 1): the odds a player
// reads in his sheet's note when he gives an attack or a shot are, word
// for word, what /odds answers him for that order, in Russian and in
// English; an attack most likely thrown back reads so (not "destroyed",
// the first outcome, as odds stored as JSON read back before), and a shot
// is worded as a shot.
func TestSheetOddsAreOddsAnswer(t *testing.T) {
	t.Parallel()
	w, north := oddsWorld(t)
	defer w.stop()
	w.slash(gm, chanGM, "battle", discordtest.Subcommand("start", discordtest.StringOpt("battle", "Шансы")))
	w.b.Wait()
	ru := &sheetPlayer{w: w, m: north}
	ru.roll()
	en := north // the same player, his client in English
	en.Locale = "en-US"

	for _, c := range []struct {
		l      render.Lang
		m      discordtest.Member
		unit   string
		target string
		order  string // the order's key of the catalogue
		choice string // the label of the choice to pick, "" for the first with odds
		shot   bool
		likely string // the most likely outcome
	}{
		{render.RU, north, "n-uma1", "s-yari1", "order.move", "", false, "attack_repelled"},
		{render.RU, north, "n-yumi1", "s-ashi1", "order.shoot", "s-ashi1", true, "target_retreated"},
		{render.EN, en, "n-uma1", "s-yari1", "order.move", "", false, "attack_repelled"},
		{render.EN, en, "n-yumi1", "s-ashi1", "order.shoot", "s-ashi1", true, "target_retreated"},
	} {
		p := &sheetPlayer{w: w, m: c.m}
		if c.l == render.EN && c.unit == "n-uma1" {
			// The Russian orders cancelled, so that the roll pays for the
			// English ones whatever it was.
			ru.press("cancel")
			ru.press("cancel")
		}
		p.choose("subject", c.unit)
		// The menus now speak the player's language (his click set it).
		p.choose("pick", render.T(c.l, c.order)) // each order once, its cost under it
		label := c.choice
		if label == "" {
			menu, _ := p.component("choice")
			for _, o := range menu.(*discordgo.SelectMenu).Options {
				if strings.HasPrefix(o.Description, "≈") {
					label = o.Label
					break
				}
			}
			if label == "" {
				t.Fatalf("%s: no choice of %s shows odds: %+v", c.l, c.unit, menu)
			}
		}
		p.choose("choice", label)
		sheet := p.sheet().Text()
		got := oddsLines(c.l, sheet)
		if len(got) != 1 {
			t.Fatalf("%s: the sheet of %s's order shows %d lines of odds: %s", c.l, c.unit, len(got), sheet)
		}
		line := got[0]

		r := w.slash(c.m, chanOda, "odds", discordtest.StringOpt("unit", c.unit), discordtest.StringOpt("target", c.target))
		if !r.Ephemeral || !strings.Contains(r.Content, c.target) {
			t.Fatalf("%s: /odds %s %s: %+v", c.l, c.unit, c.target, r)
		}
		// The order given, as the sheet lists it, and its odds in /odds's
		// answer: the line under its name.
		var given string
		for _, l := range strings.Split(sheet, "\n") {
			// Each order given in its section, in bold (Components V2).
			if strings.HasPrefix(l, "**"+c.unit+",") && strings.HasSuffix(l, "**") {
				given = strings.Trim(l, "*")
			}
		}
		if given == "" {
			t.Fatalf("%s: the sheet lists no order of %s: %s", c.l, c.unit, sheet)
		}
		lines := strings.Split(r.Content, "\n")
		i := slices.Index(lines, "**"+given+"**")
		if i < 0 || i+1 == len(lines) {
			t.Fatalf("%s: /odds has no odds of %q: %s", c.l, given, r.Content)
		}
		if lines[i+1] != line {
			t.Errorf("%s: the sheet's odds of %q are not /odds's\n sheet: %s\n /odds: %s", c.l, given, line, lines[i+1])
		}
		// Named as the rules name them: the most likely outcome first,
		// in the kind of combat it is.
		first, at := "", len(line)
		for _, o := range engine.CombatOutcomes() {
			if k := strings.Index(line, ": "+render.T(c.l, "odds.outcome."+o.String())+" "); k >= 0 && k < at {
				first, at = o.String(), k
			}
			if k := strings.Index(line, " "+render.T(c.l, "odds.outcome."+o.String())+" "); k >= 0 && k < at {
				first, at = o.String(), k
			}
		}
		if first != c.likely {
			t.Errorf("%s: the odds of %s against %s name %q first, not %s: %s", c.l, c.unit, c.target, first, c.likely, line)
		}
		kind, other := "odds.melee", "odds.shot"
		if c.shot {
			kind, other = other, kind
		}
		head := func(key string) string { return strings.SplitN(render.T(c.l, key, 2000, "", "", ""), ":", 2)[0] }
		if !strings.HasPrefix(line, head(kind)+":") || strings.HasPrefix(line, head(other)+":") {
			t.Errorf("%s: the odds of %s are not worded as a %s: %s", c.l, c.unit, strings.TrimPrefix(kind, "odds."), line)
		}
	}
	// The English player read English: his sheet follows his client.
	if sh := ru.sheet().Text(); !strings.Contains(sh, "shots: the enemy retreats") || strings.Contains(sh, "обстрел") {
		t.Fatalf("the sheet after the English player's shot: %s", sh)
	}
}
