package bot_test

import (
	"regexp"
	"strings"
	"testing"

	"github.com/gunbai/gunbai/bot/discordtest"
	"github.com/gunbai/gunbai/store"
)

// The GM's undo: back to the start of turn 1 with its orders kept; both
// clans are told, turn 1's results are marked replaced, the turn keeps
// its seed (the hash announced again is the one published) and its rolls,
// and resolved again it tells the same story with the same dice.
func TestUndoThroughDiscord(t *testing.T) {
	w := newWorld(t)
	w.start()
	defer w.stop()
	w.create("Нагасино")
	w.slash(gm, chanGM, "battle", discordtest.Subcommand("start", discordtest.StringOpt("battle", "Нагасино")))
	hash := regexp.MustCompile(`[0-9a-f]{64}`)
	firstHash := hash.FindString(contentOf(w.srv.Messages(chanOda)))
	w.oneTurn()
	var results discordtest.Message
	for _, m := range w.srv.Messages(chanOda) {
		if strings.Contains(m.Content, "ход 1. Зерно костей") {
			results = m
		}
	}
	if results.ID == "" || firstHash == "" {
		t.Fatal("turn 1 was not posted")
	}
	seedOf := func(s string) string {
		i := strings.Index(s, "Зерно костей")
		return hash.FindString(s[i:])
	}
	seed := seedOf(results.Content)

	n := len(w.srv.Messages(chanAsai))
	r := w.slash(gm, chanGM, "battle", discordtest.Subcommand("undo", discordtest.StringOpt("battle", "Нагасино"),
		discordtest.IntOpt("turn", 1), discordtest.BoolOpt("keep_orders", true)))
	if !strings.Contains(r.Content, "возвращена к началу хода 1") {
		t.Fatalf("/battle undo: %q", r.Content)
	}
	w.b.Wait()
	told := contentOf(w.srv.Messages(chanAsai)[n:])
	if !strings.Contains(told, "вернул битву «Нагасино» к началу хода 1: ход отменён") || !strings.Contains(told, firstHash) {
		t.Fatalf("South is not told, or the turn's seed hash changed: %q (published %s)", told, firstHash)
	}
	if m, _ := w.srv.Message(results.ID); !strings.HasPrefix(m.Content, "**[Отменено мастером") {
		t.Fatalf("turn 1's results are not marked replaced: %q", m.Content)
	}
	// The roll stands: /roll shows it again, it is not made anew.
	if r := w.slash(oda, chanOda, "roll", discordtest.StringOpt("stake", "high")); !strings.Contains(r.Content, "уже") && !strings.Contains(r.Content, "малый порог") {
		t.Fatalf("the roll of turn 1 after the undo: %q", r.Content)
	}
	w.slash(gm, chanGM, "battle", discordtest.Subcommand("resolve", discordtest.StringOpt("battle", "Нагасино"), discordtest.IntOpt("turn", 1)))
	w.b.Wait()
	var again string
	for _, m := range w.srv.Messages(chanOda) {
		if m.ID != results.ID && strings.Contains(m.Content, "ход 1. Зерно костей") {
			again = m.Content
		}
	}
	if again == "" || seedOf(again) != seed {
		t.Fatalf("turn 1 resolved again with another seed: %q vs %s", again, seed)
	}
	// The journal records the undo.
	st := w.st
	var undo bool
	if err := st.View(func(tx *store.Tx) error {
		es, err := tx.Entries(w.guild, "нагасино")
		for _, e := range es {
			undo = undo || e.Kind == store.JournalUndo
		}
		if store.CheckChain(es) != 0 {
			t.Error("the journal's chain is broken")
		}
		return err
	}); err != nil {
		t.Fatal(err)
	}
	if !undo {
		t.Fatal("the journal has no undo")
	}
}
