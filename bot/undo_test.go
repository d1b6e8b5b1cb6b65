package bot_test

import (
	"regexp"
	"strings"
	"testing"

	"github.com/gunbai/gunbai/bot/discordtest"
	"github.com/gunbai/gunbai/game"
	"github.com/gunbai/gunbai/store"
)

// The GM's undo: back to the start of turn 1 with its orders kept; both
// clans are told, turn 1's results are marked replaced, the turn keeps
// its seed (the hash announced again is the one published) and its rolls,
// and resolved again it tells the same story with the same dice.
func TestUndoThroughDiscord(t *testing.T) {
	t.Parallel()
	w := battleWorld(t)
	defer w.stop()
	hash := regexp.MustCompile(`[0-9a-f]{64}`)
	firstHash := hash.FindString(contentOf(w.srv.Messages().Under(chanOda)))
	w.oneTurn()
	var results discordtest.Message
	for _, m := range w.srv.Messages().Under(chanOda) {
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

	n := len(w.srv.Messages().Under(chanAsai))
	r := w.slash(gm, chanGM, "battle", discordtest.Subcommand("undo", discordtest.StringOpt("battle", "Нагасино"),
		discordtest.IntOpt("turn", 1), discordtest.BoolOpt("keep_orders", true)))
	if !strings.Contains(r.Content, "возвращена к началу хода 1") {
		t.Fatalf("/battle undo: %q", r.Content)
	}
	w.b.Wait()
	told := contentOf(w.srv.Messages().Under(chanAsai)[n:])
	if !strings.Contains(told, "вернул битву «Нагасино» к началу хода 1: ход отменён") || !strings.Contains(told, firstHash) {
		t.Fatalf("South is not told, or the turn's seed hash changed: %q (published %s)", told, firstHash)
	}
	if m, _ := w.srv.Messages().Get(results.ID); !strings.HasPrefix(m.Content, "**[Отменено мастером") {
		t.Fatalf("turn 1's results are not marked replaced: %q", m.Content)
	}
	// The roll stands: /roll shows it again, it is not made anew.
	if r := w.slash(oda, chanOda, "roll", discordtest.StringOpt("stake", "high")); !strings.Contains(r.Content, "уже") && !strings.Contains(r.Content, "малый порог") {
		t.Fatalf("the roll of turn 1 after the undo: %q", r.Content)
	}
	w.slash(gm, chanGM, "battle", discordtest.Subcommand("resolve", discordtest.StringOpt("battle", "Нагасино"), discordtest.IntOpt("turn", 1)))
	w.b.Wait()
	var again string
	for _, m := range w.srv.Messages().Under(chanOda) {
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
		es, err := tx.Journal(w.guild, "нагасино").Entries()
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

// An undo takes back a turn's results still owed (issue 25, item 2): a
// send of North's results failed with a 500, so the post is owed, not
// recorded as posted, and Discord may have created the message all the
// same (the answer lost after the create) or not. The GM undoes the turn
// meanwhile; when Discord answers again the bot looks for the message by
// its nonce and marks it undone if it is there: no channel is left with a
// standing result of the undone turn, nor with a mark over nothing, and
// the turn resolved again stands once. The GM's answer says what is still
// owed, and why.
func TestUndoOwedResults(t *testing.T) {
	t.Parallel()
	t.Run("created", func(t *testing.T) { undoOwed(t, true) })
	t.Run("not created", func(t *testing.T) { undoOwed(t, false) })
}

func undoOwed(t *testing.T, created bool) {
	w := battleWorld(t)
	defer w.stop()
	w.roll(oda, chanOda)
	w.roll(asai, chanAsai)
	w.slash(oda, chanOda, "order", discordtest.StringOpt("unit", "n-yari"), discordtest.StringOpt("order", "move"))
	w.slash(oda, chanOda, "orders", discordtest.BoolOpt("ready", true))
	if !w.srv.WaitFor(func() bool { return owed(w) == 0 }, wait) {
		t.Fatal("the posts before the turn's results were not delivered")
	}
	// North's results are the next message posted in his channel.
	lost := w.srv.Faults().Fail(discordtest.FaultMatch{Method: "POST", Route: "/channels/{channel_id}/messages", ChannelID: chanOda, Count: discordtest.Always},
		discordtest.Fault{Status: 500, Message: "500: Internal Server Error", Deliver: created})
	w.slash(asai, chanAsai, "orders", discordtest.BoolOpt("ready", true))
	results := func(ch string) (standing, marked int) {
		for _, m := range w.srv.Messages().Under(ch) {
			switch {
			case m.Deleted || !strings.Contains(m.Content, "ход 1. Зерно костей"):
			case strings.HasPrefix(m.Content, "**[Отменено мастером"):
				marked++
			default:
				standing++
			}
		}
		return standing, marked
	}
	failed := func() bool {
		for _, c := range w.srv.Calls() {
			if c.Status == 500 && (strings.Contains(c.Route, chanOda) || strings.Contains(c.Route, w.threadOf(chanOda).ID)) {
				return true
			}
		}
		return false
	}
	// The fake answers 500 before the bot writes the failure on the post:
	// wait for the post's LastError, which /battle undo reports.
	recorded := func() bool {
		posts, err := (&game.Service{Store: w.st}).Posts().Owed()
		if err != nil {
			return false
		}
		for _, p := range posts {
			if strings.Contains(p.LastError, "500") {
				return true
			}
		}
		return false
	}
	if !w.srv.WaitFor(failed, wait) || !w.srv.WaitFor(recorded, wait) || owed(w) == 0 {
		t.Fatalf("North's results did not fail (%d owed)", owed(w))
	}
	if n, _ := results(chanOda); n != map[bool]int{true: 1}[created] {
		t.Fatalf("%d results in North's channel", n)
	}
	r := w.slash(gm, chanGM, "battle", discordtest.Subcommand("undo", discordtest.StringOpt("battle", "Нагасино"),
		discordtest.IntOpt("turn", 1), discordtest.BoolOpt("keep_orders", true)))
	if !strings.Contains(r.Content, "возвращена к началу хода 1") || !strings.Contains(r.Content, "В очереди") || !strings.Contains(r.Content, "500") {
		t.Fatalf("/battle undo while North's results are owed: %q", r.Content)
	}
	lost()
	if !w.srv.WaitFor(func() bool { return owed(w) == 0 }, wait) {
		t.Fatalf("%d posts still owed", owed(w))
	}
	for _, ch := range []string{chanOda, chanAsai, chanGM} {
		want := 1 // marked undone
		if ch == chanOda && !created {
			want = 0
		}
		if standing, marked := results(ch); standing != 0 || marked != want {
			t.Errorf("channel %s: %d results of the undone turn standing, %d marked undone (want %d): %q", ch, standing, marked, want, contentOf(w.srv.Messages().Under(ch)))
		}
		for _, m := range w.srv.Messages().Under(ch) {
			if !m.Deleted && strings.HasPrefix(m.Content, "**[Отменено мастером") && !strings.Contains(m.Content, "Зерно костей") {
				t.Errorf("channel %s: a mark with nothing under it: %q", ch, m.Content)
			}
		}
	}
	w.slash(gm, chanGM, "battle", discordtest.Subcommand("resolve", discordtest.StringOpt("battle", "Нагасино"), discordtest.IntOpt("turn", 1)))
	if !w.srv.WaitFor(func() bool { return owed(w) == 0 }, wait) {
		t.Fatalf("%d posts still owed", owed(w))
	}
	if standing, _ := results(chanOda); standing != 1 {
		t.Errorf("turn 1 resolved again: %d standing in North's channel", standing)
	}
}
