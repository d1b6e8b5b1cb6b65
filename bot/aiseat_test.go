package bot_test

import (
	"strings"
	"testing"

	"github.com/gunbai/gunbai/bot/discordtest"
	"github.com/gunbai/gunbai/store"
)

// A training battle through Discord (issue 30): the GM seats the AI
// general on the South at creation; the South's player only watches; the
// North's player plays the one turn the battle lasts; the North's
// channel (English) reads the South ready and nothing of the general's
// orders before the turn is resolved; the GM's /battle explain is refused
// during the battle and shows the general's intentions after it, in
// Russian and in English.
func TestAISeatThroughDiscord(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	w.start()
	defer w.stop()
	if r := w.create("Учебная", discordtest.StringOpt("ai", "south"), discordtest.StringOpt("north_lang", "en")); !strings.Contains(r.Content, "\nЗа Юг играет ИИ-полководец: бросок, приказы и готовность — с открытия каждой фазы;") {
		t.Fatalf("create: %q", r.Content)
	}
	set := func(key, value string) {
		r := w.slash(gm, chanGM, "battle", discordtest.Subcommand("set", discordtest.StringOpt("battle", "Учебная"),
			discordtest.StringOpt("key", key), discordtest.StringOpt("value", value)))
		if !strings.Contains(r.Content, key+" = "+value) {
			t.Fatalf("set %s: %q", key, r.Content)
		}
	}
	set("post.replay", "off")    // the replays are not what this battle is about
	set("battle.max_turns", "1") // one turn, then it ends
	if r := w.slash(gm, chanGM, "battle", discordtest.Subcommand("set", discordtest.StringOpt("battle", "Учебная"))); !strings.Contains(r.Content, "south.ai = on") || !strings.Contains(r.Content, "north.ai = off") {
		t.Fatalf("settings: %q", r.Content)
	}
	w.slash(gm, chanGM, "battle", discordtest.Subcommand("start", discordtest.StringOpt("battle", "Учебная")))
	w.b.Wait()
	var south []string // the general's orders, as stored
	err := w.st.View(func(tx *store.Tx) error {
		rec, err := tx.Battle(w.guild, "учебная")
		if err != nil {
			return err
		}
		ph, err := tx.BattleTurn(w.guild, rec.ID, rec.Turn).Phase()
		if err != nil || !ph.Ready[1] || ph.AI[1] == nil {
			t.Fatalf("turn %d: the general has not played: %+v %v", rec.Turn, ph, err)
		}
		orders, err := tx.BattleTurn(w.guild, rec.ID, rec.Turn).Orders(1)
		for _, o := range orders {
			south = append(south, o.Unit+", ")
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	// The South's player is told, in his language, that the general plays.
	if r := w.slash(asai, chanAsai, "roll", discordtest.StringOpt("stake", "low")); !strings.Contains(r.Content, "In battle “Учебная” the AI general plays this side: its players only watch.") {
		t.Fatalf("the South's roll: %q", r.Content)
	}
	// The GM may not read the general's mind before the end.
	if r := w.slash(gm, chanGM, "battle", discordtest.Subcommand("explain", discordtest.StringOpt("battle", "Учебная"))); r.Content != "Битва «Учебная» ещё идёт: замысел ИИ-полководца откроется, когда она закончится." {
		t.Fatalf("explain during the battle: %q", r.Content)
	}
	// The North's channel: the turn open, the South ready, nothing more.
	if !w.srv.WaitFor(func() bool { return strings.Contains(w.statusOf(chanOda), "South") }, wait) {
		t.Fatalf("the North's status: %q", w.statusOf(chanOda))
	}
	northRead := contentOf(w.srv.Messages().Under(chanOda)) + w.statusOf(chanOda)
	for _, leak := range append(south, "(AI)", "(ИИ)", "stake of the command roll") {
		if leak != ", " && strings.Contains(northRead, leak) {
			t.Fatalf("the North reads %q of the general's play: %q", leak, northRead)
		}
	}
	t.Logf("the North's channel and status before its ready:\n%s", northRead)
	w.roll(oda, chanOda)
	w.slash(oda, chanOda, "order", discordtest.StringOpt("unit", "n-yari"), discordtest.StringOpt("order", "move"))
	w.slash(oda, chanOda, "orders", discordtest.BoolOpt("ready", true))
	w.b.Wait()
	if rec, err := w.st.Battle(w.guild, "учебная"); err != nil || rec.Status != store.StatusFinished {
		t.Fatalf("the battle after its one turn: %s %v", rec.Status, err)
	}
	// After the end, the GM reads it in his language: Russian, then English.
	ru := w.slash(gm, chanGM, "battle", discordtest.Subcommand("explain", discordtest.StringOpt("battle", "Учебная")))
	gmEN := gm
	gmEN.Locale = "en-US"
	en := w.slash(gmEN, chanGM, "battle", discordtest.Subcommand("explain", discordtest.StringOpt("battle", "Учебная")))
	for _, c := range []struct{ got, title, turn, stake string }{
		{ru.Content, "Замысел ИИ-полководца в битве «Учебная», ход за ходом:", "Ход 1, Юг (ИИ):", "• ставка командного броска: "},
		{en.Content, "What the AI general intended in battle “Учебная”, turn by turn:", "Turn 1, South (AI):", "• stake of the command roll: "},
	} {
		if !strings.HasPrefix(c.got, c.title+"\n\n"+c.turn+"\n"+c.stake) {
			t.Fatalf("explain: %q", c.got)
		}
		t.Logf("explain:\n%s", c.got)
	}
}
