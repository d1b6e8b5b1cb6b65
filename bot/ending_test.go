package bot_test

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/gunbai/gunbai/bot"
	"github.com/gunbai/gunbai/bot/discordtest"
	"github.com/gunbai/gunbai/game"
	"github.com/gunbai/gunbai/render"
)

// statusOf is the battle's status message in a channel (the pinned one).
func (w *world) statusOf(channel string) string {
	w.t.Helper()
	for _, m := range w.srv.Messages().Under(channel) {
		if m.Pinned {
			return m.Content
		}
	}
	w.t.Fatalf("no pinned status in %s", channel)
	return ""
}

// exportOf is the GM's /battle export of a battle, decoded.
func (w *world) exportOf(battle string) game.Export {
	w.t.Helper()
	r := w.slash(gm, chanGM, "battle", discordtest.Subcommand("export", discordtest.StringOpt("battle", battle)))
	if len(r.Files) != 1 {
		w.t.Fatalf("/battle export: %+v", r)
	}
	var x game.Export
	if err := json.Unmarshal(r.Files[0].Data, &x); err != nil {
		w.t.Fatal(err)
	}
	return x
}

// The end of a battle agrees everywhere (issue 24, item 3): ended by the
// GM in the middle of turn 2, every channel's status, the end's post, the
// reveal, /battle list, the export and gunbai verify's report say it was
// ended by the GM after turn 1 (the last resolved), with each side's losses
// and its leaders' fates, in each channel's language; none says the battle
// goes on or that turn 2 is under way.
func TestEndOfBattleByTheGM(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	w.start()
	defer w.stop()
	w.create("Mikatagahara", discordtest.StringOpt("south_lang", "en"))
	w.slash(gm, chanGM, "battle", discordtest.Subcommand("start", discordtest.StringOpt("battle", "Mikatagahara")))
	w.oneTurn()
	n := [3]int{len(w.srv.Messages().Under(chanOda)), len(w.srv.Messages().Under(chanAsai)), len(w.srv.Messages().Under(chanGM))}
	w.slash(gm, chanGM, "battle", discordtest.Subcommand("finish", discordtest.StringOpt("battle", "Mikatagahara")))
	w.b.Wait()

	ru := "окончена мастером после хода 1, без исхода по правилам"
	en := "ended by the GM after turn 1, with no outcome by the rules"
	for k, ch := range []string{chanOda, chanAsai, chanGM} {
		want, losses, leaders := ru, "Потери: Север — ", "Полководцы: "
		if ch == chanAsai {
			want, losses, leaders = en, "Losses: North ", "Leaders: "
		}
		status := w.statusOf(ch)
		if !strings.Contains(status, want) || !strings.Contains(status, losses) || strings.Contains(status, "продолжается") || strings.Contains(status, "goes on") {
			t.Errorf("channel %s: the status says:\n%s", ch, status)
		}
		posted := contentOf(w.srv.Messages().Under(ch)[n[k]:])
		if !strings.Contains(posted, want) || !strings.Contains(posted, losses) || !strings.Contains(posted, leaders) {
			t.Errorf("channel %s: the end's posts say:\n%s", ch, posted)
		}
		if strings.Contains(posted, "ход 2") || strings.Contains(posted, "turn 2") {
			t.Errorf("channel %s: the end speaks of turn 2, never resolved:\n%s", ch, posted)
		}
	}
	// The reveal (a clan's: the GM's picture and the whole battle) names
	// the end too.
	var reveal string
	for _, m := range w.srv.Messages().Under(chanOda)[n[0]:] {
		if len(m.Files) > 0 {
			reveal = m.Content
		}
	}
	if !strings.Contains(reveal, ru) || !strings.Contains(reveal, "Потери:") {
		t.Errorf("the reveal: %q", reveal)
	}

	if r := w.slash(gm, chanGM, "battle", discordtest.Subcommand("list")); !strings.Contains(r.Content, "Mikatagahara — "+ru) {
		t.Errorf("/battle list: %q", r.Content)
	}
	x := w.exportOf("Mikatagahara")
	b := x.Battles[0]
	if b.End == nil || b.End.By != game.EndedByGM || b.End.Turn != 1 || b.Open != nil {
		t.Fatalf("the export's end: %+v, open %+v", b.End, b.Open)
	}
	rep := game.Verify(x)
	for _, l := range []render.Lang{render.RU, render.EN} {
		text := bot.ReportText(l, "", rep)
		if w := map[render.Lang]string{render.RU: ru, render.EN: en}[l]; !strings.Contains(text, w) || strings.Contains(text, "идёт") || strings.Contains(text, "under way") {
			t.Errorf("gunbai verify's report (%s):\n%s", l, text)
		}
	}
}

// Ended by the rules (the last turn, battle.max_turns = 1): the status,
// the end's post, the list and the export name the outcome and its rule.
func TestEndOfBattleByTheRules(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	w.start()
	defer w.stop()
	w.create("Kawagoe")
	w.slash(gm, chanGM, "battle", discordtest.Subcommand("set", discordtest.StringOpt("battle", "Kawagoe"),
		discordtest.StringOpt("key", "battle.max_turns"), discordtest.StringOpt("value", "1")))
	w.slash(gm, chanGM, "battle", discordtest.Subcommand("start", discordtest.StringOpt("battle", "Kawagoe")))
	w.oneTurn()
	x := w.exportOf("Kawagoe")
	e := x.Battles[0].End
	if e == nil || e.By != game.EndedByRules || e.Turn != 1 || e.Rule != "R-I.4.9" {
		t.Fatalf("the export's end: %+v", e)
	}
	want := "окончена после хода 1: " + render.OutcomeName(render.RU, e.Outcome) + " [I.4.9]"
	if s := w.statusOf(chanOda); !strings.Contains(s, want) || !strings.Contains(s, "Потери:") {
		t.Errorf("the status: want %q in\n%s", want, s)
	}
	if s := contentOf(w.srv.Messages().Under(chanGM)); !strings.Contains(s, want) {
		t.Errorf("the GM's channel does not tell the end %q:\n%s", want, s)
	}
	if r := w.slash(gm, chanGM, "battle", discordtest.Subcommand("list")); !strings.Contains(r.Content, "Kawagoe — окончена после хода 1: "+render.OutcomeName(render.RU, e.Outcome)) {
		t.Errorf("/battle list: %q", r.Content)
	}
}
