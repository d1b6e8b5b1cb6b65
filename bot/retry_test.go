package bot_test

import (
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/gunbai/gunbai/bot/discordtest"
	"github.com/gunbai/gunbai/engine"
	"github.com/gunbai/gunbai/game"
	"github.com/gunbai/gunbai/store"
)

// Commands re-sent after Discord's "the application did not respond"
// (issue 25, item 3): the bot has done the first one, its answer was lost,
// and the same person sends the same command again. It is recognised and
// answered with what was done; it is never applied twice.

// journalKinds counts a battle's journal entries of kind.
func journalKinds(t *testing.T, w *world, battle, kind string) int {
	t.Helper()
	n := 0
	if err := w.st.View(func(tx *store.Tx) error {
		es, err := tx.Journal(w.guild, battle).Entries()
		for _, e := range es {
			if e.Kind == kind {
				n++
			}
		}
		return err
	}); err != nil {
		t.Fatal(err)
	}
	return n
}

// againButton is the custom ID of the "apply once more" button of an
// answer, "" when it has none.
func againButton(r discordtest.Response) string {
	for _, c := range r.Components {
		if row, ok := c.(*discordgo.ActionsRow); ok {
			for _, b := range row.Components {
				if b, ok := b.(*discordgo.Button); ok && strings.HasPrefix(b.CustomID, "again:") {
					return b.CustomID
				}
			}
		}
	}
	return ""
}

// /battle extend re-sent: one extension, the answer says it was done and
// what it did, with a button that extends once more; the button pressed
// twice extends once. In Russian and in English.
func TestRetryExtend(t *testing.T) {
	t.Parallel()
	w, clock, start := clockWorld(t, time.Hour)
	defer w.stop()
	for _, tc := range []struct {
		m                discordtest.Member
		by, gave, done   string
		hours            time.Duration
		extended, button string
	}{
		{gm, "2h", "мастер дал ещё 2 часа", "эта команда уже выполнена", 2, "Приказы принимаются до", "Применить ещё раз"},
		{gmEN, "3h", "the GM gave 3 hours more", "this command was already done", 3, "Orders are taken until", "Apply once more"},
	} {
		before := clock.now()
		deadline := func() time.Time {
			rec, err := w.st.Battle(w.guild, "микатагахара")
			if err != nil {
				t.Fatal(err)
			}
			return rec.Deadline
		}
		d0 := deadline()
		first := gmSub(w, tc.m, "extend", discordtest.StringOpt("by", tc.by))
		if !strings.Contains(first.Content, tc.gave) {
			t.Fatalf("extend: %q", first.Content)
		}
		clock.set(before.Add(time.Minute)) // re-sent a minute later
		again := gmSub(w, tc.m, "extend", discordtest.StringOpt("by", tc.by))
		if got := deadline(); !got.Equal(d0.Add(tc.hours * time.Hour)) {
			t.Fatalf("the deadline after a re-sent extend by %s: %v, want %v", tc.by, got.Sub(start), d0.Add(tc.hours*time.Hour).Sub(start))
		}
		if !strings.Contains(again.Content, tc.done) || !strings.Contains(again.Content, first.Content) || againButton(again) == "" ||
			!strings.Contains(string(again.Data), tc.button) {
			t.Fatalf("extend re-sent: %+v", again)
		}
		// Pressed, the button extends once more; pressed again, nothing.
		button := againButton(again)
		pressed := w.do(w.srv.Interactions().Button(w.guild, chanGM, tc.m, button))
		if !strings.Contains(pressed.Content, tc.extended) || strings.Contains(pressed.Content, tc.done) || againButton(pressed) != "" {
			t.Fatalf("the button: %+v", pressed)
		}
		twice := w.do(w.srv.Interactions().Button(w.guild, chanGM, tc.m, button))
		if !strings.Contains(twice.Content, tc.done) || againButton(twice) != "" {
			t.Fatalf("the button pressed twice: %+v", twice)
		}
		if got := deadline(); !got.Equal(d0.Add(2 * tc.hours * time.Hour)) {
			t.Fatalf("the deadline after the button: %v, want %v", got.Sub(start), d0.Add(2*tc.hours*time.Hour).Sub(start))
		}
		clock.set(before.Add(2 * time.Minute))
	}
	if n := journalKinds(t, w, "микатагахара", store.JournalExtend); n != 4 {
		t.Fatalf("%d extensions in the journal, want 4", n)
	}
	if n := count(w, chanOda, "мастер дал ещё 2 часа"); n != 2 {
		t.Fatalf("North was told of %d extensions by 2 hours, want 2 (the first and the button's)", n)
	}
	// After the window the same command is a new one.
	clock.set(clock.now().Add(game.RetryWindow))
	if r := gmSub(w, gm, "extend", discordtest.StringOpt("by", "3h")); !strings.Contains(r.Content, "мастер дал ещё 3 часа") {
		t.Fatalf("extend after the window: %q", r.Content)
	}
	// A button left under a repeat while the GM did something else is out
	// of date: it extends nothing.
	button := againButton(gmSub(w, gm, "extend", discordtest.StringOpt("by", "3h")))
	gmSub(w, gm, "pause")
	if r := w.do(w.srv.Interactions().Button(w.guild, chanGM, gm, button)); button == "" || !strings.Contains(r.Content, "Эта кнопка устарела") {
		t.Fatalf("a stale button: %q", r.Content)
	}
	// So is one left while the turn was resolved by its deadline.
	gmSub(w, gm, "resume")
	gmSub(w, gm, "extend", discordtest.StringOpt("by", "1h"))
	button = againButton(gmSub(w, gm, "extend", discordtest.StringOpt("by", "1h")))
	rec, err := w.st.Battle(w.guild, "микатагахара")
	if err != nil {
		t.Fatal(err)
	}
	clock.set(rec.Deadline.Add(time.Minute))
	w.b.Tick()
	w.b.Wait()
	if r := w.do(w.srv.Interactions().Button(w.guild, chanGM, gm, button)); button == "" || !strings.Contains(r.Content, "Эта кнопка устарела") {
		t.Fatalf("a button of the turn before: %q", r.Content)
	}
	if n := journalKinds(t, w, "микатагахара", store.JournalExtend); n != 6 {
		t.Fatalf("%d extensions in the journal, want 6", n)
	}
}

// A repeat is recognised after the bot restarts on the same store, and
// the answer kept is shown again; so is a change whose answer the bot
// died before giving; another GM's same command is his own.
func TestRetryAfterRestart(t *testing.T) {
	t.Parallel()
	w, clock, start := clockWorld(t, time.Hour)
	first := gmSub(w, gm, "extend", discordtest.StringOpt("by", "2h"))
	w.stop()
	w.start()
	clock.set(start.Add(30 * time.Second))
	r := gmSub(w, gm, "extend", discordtest.StringOpt("by", "2h"))
	if n := journalKinds(t, w, "микатагахара", store.JournalExtend); n != 1 {
		t.Fatalf("%d extensions in the journal, want 1", n)
	}
	if !strings.Contains(r.Content, "эта команда уже выполнена") || !strings.Contains(r.Content, first.Content) {
		t.Fatalf("re-sent after a restart: %q", r.Content)
	}
	// The bot dies after a pause is committed, before its answer is kept:
	// the store holds the change and not what the GM was told.
	gmSub(w, gm, "pause")
	w.stop()
	st, err := store.Open(w.path, store.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if err := st.Update(func(tx *store.Tx) error {
		last, ok, err := tx.Recent(w.guild, "микатагахара", gm.UserID)
		if err != nil || !ok || last.Answer == "" {
			t.Fatalf("the pause's answer was not kept: %+v, %v", last, err)
		}
		last.Answer = ""
		return tx.PutRecent(w.guild, "микатагахара", gm.UserID, last)
	}); err != nil {
		t.Fatal(err)
	}
	st.Close()
	w.start()
	defer w.stop()
	r = gmSub(w, gmEN, "pause")
	if n := journalKinds(t, w, "микатагахара", store.JournalPause); n != 1 {
		t.Fatalf("%d pauses in the journal, want 1", n)
	}
	if !strings.Contains(r.Content, "this command was already done") || !strings.Contains(r.Content, "Its answer was not sent then") {
		t.Fatalf("a pause re-sent after a crash before its answer: %q", r.Content)
	}
	other := discordtest.Member{UserID: "700000000000000099", Username: "gm2", Roles: []string{roleGM}, Locale: "ru"}
	if r := gmSub(w, other, "extend", discordtest.StringOpt("by", "2h")); !strings.Contains(r.Content, "мастер дал ещё 2 часа") {
		t.Fatalf("another GM's extension: %q", r.Content)
	}
}

// /battle undo keep_orders:false re-sent after the players gave orders
// anew: the orders given in between survive, nobody is told twice.
func TestRetryUndo(t *testing.T) {
	t.Parallel()
	w := battleWorld(t)
	defer w.stop()
	w.oneTurn()
	undo := func(m discordtest.Member) discordtest.Response {
		return w.slash(m, chanGM, "battle", discordtest.Subcommand("undo", discordtest.StringOpt("battle", "Нагасино"),
			discordtest.IntOpt("turn", 1), discordtest.BoolOpt("keep_orders", false)))
	}
	first := undo(gm)
	if !strings.Contains(first.Content, "возвращена к началу хода 1") {
		t.Fatalf("/battle undo: %q", first.Content)
	}
	w.roll(oda, chanOda)
	if r := w.slash(oda, chanOda, "order", discordtest.StringOpt("unit", "n-yari"), discordtest.StringOpt("order", "wait")); !strings.Contains(r.Content, "n-yari") {
		t.Fatalf("an order after the undo: %q", r.Content)
	}
	ru, en := undo(gm), undo(gmEN)
	w.b.Wait()
	var orders []engine.Order
	if err := w.st.View(func(tx *store.Tx) error {
		var err error
		orders, err = tx.BattleTurn(w.guild, "нагасино", 1).Orders(engine.North)
		return err
	}); err != nil || len(orders) != 1 || orders[0].Kind != engine.OrderWait {
		t.Fatalf("North's orders after the undo re-sent: %+v, %v", orders, err)
	}
	if n := count(w, chanOda, "вернул битву «Нагасино» к началу хода 1"); n != 1 {
		t.Fatalf("North was told of %d undos", n)
	}
	if n := journalKinds(t, w, "нагасино", store.JournalUndo); n != 1 {
		t.Fatalf("%d undos in the journal", n)
	}
	for _, tc := range []struct {
		r    discordtest.Response
		want string
	}{{ru, "эта команда уже выполнена"}, {en, "this command was already done"}} {
		if !strings.Contains(tc.r.Content, tc.want) || !strings.Contains(tc.r.Content, first.Content) || againButton(tc.r) != "" {
			t.Fatalf("/battle undo re-sent: %+v", tc.r)
		}
	}
}

// /battle fix and /battle set re-sent: one journal entry and one post each.
func TestRetryFixAndSet(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	w.start()
	defer w.stop()
	w.create("Нагасино")
	fix := func(m discordtest.Member, value string) discordtest.Response {
		return w.slash(m, chanGM, "battle", discordtest.Subcommand("fix", discordtest.StringOpt("battle", "Нагасино"),
			discordtest.StringOpt("who", "n-uma"), discordtest.StringOpt("field", "figures"), discordtest.StringOpt("value", value)))
	}
	set := func(m discordtest.Member, value string) discordtest.Response {
		return w.slash(m, chanGM, "battle", discordtest.Subcommand("set", discordtest.StringOpt("battle", "Нагасино"),
			discordtest.StringOpt("key", "battle.turn_deadline"), discordtest.StringOpt("value", value)))
	}
	type sent struct{ first, again discordtest.Response }
	var answers []sent
	for _, tc := range []struct {
		m     discordtest.Member
		value string
	}{{gm, "4"}, {gmEN, "5"}} {
		answers = append(answers, sent{fix(tc.m, tc.value), fix(tc.m, tc.value)}, sent{set(tc.m, tc.value+"h"), set(tc.m, tc.value+"h")})
	}
	w.b.Wait()
	if n := journalKinds(t, w, "нагасино", store.JournalFix); n != 2 {
		t.Fatalf("%d fixes in the journal, want 2", n)
	}
	if n := journalKinds(t, w, "нагасино", store.JournalSetting); n != 2 {
		t.Fatalf("%d settings in the journal, want 2", n)
	}
	for _, want := range []string{"у отряда n-uma теперь 4 фигуры", "у отряда n-uma теперь 5 фигур"} {
		if n := count(w, chanOda, want); n != 1 {
			t.Fatalf("North read %q %d times", want, n)
		}
	}
	for i, want := range []struct{ first, done string }{
		{"у отряда n-uma теперь 4 фигуры", "эта команда уже выполнена"}, {"battle.turn_deadline = 4h", "эта команда уже выполнена"},
		{"unit n-uma now has 5 figures", "this command was already done"}, {"battle.turn_deadline = 5h", "this command was already done"},
	} {
		a := answers[i]
		if !strings.Contains(a.first.Content, want.first) || !strings.Contains(a.again.Content, want.done) || !strings.Contains(a.again.Content, a.first.Content) {
			t.Fatalf("answer %d and its repeat: %q\n%q", i, a.first.Content, a.again.Content)
		}
	}
	// Only a person's last change is taken for a re-send: the first fix
	// given back after others is made again.
	fix(gm, "4")
	if n := count(w, chanOda, "у отряда n-uma теперь 4 фигуры"); n != 2 {
		t.Fatalf("a fix back to 4 after another: told %d times", n)
	}
}

// An order re-sent: one receipt, the answer says it is recorded. An order
// replaced since (by an ally, or by himself) is given anew when sent again.
func TestRetryOrder(t *testing.T) {
	t.Parallel()
	w := battleWorld(t)
	defer w.stop()
	w.roll(oda, chanOda)
	w.roll(asai, chanAsai)
	for _, tc := range []struct {
		m             discordtest.Member
		ch, unit, got string
	}{{oda, chanOda, "n-yari", "этот приказ уже записан"}, {asai, chanAsai, "s-sohei", "this order was already recorded"}} {
		order := func(kind string) discordtest.Response {
			return w.slash(tc.m, tc.ch, "order", discordtest.StringOpt("unit", tc.unit), discordtest.StringOpt("order", kind))
		}
		receipts := func() int {
			w.b.Wait()
			return len(w.srv.Messages().DMs(tc.m.UserID))
		}
		first := order("move")
		if receipts() != 1 {
			t.Fatalf("%s: %d receipts of the first order", tc.unit, receipts())
		}
		again := order("move")
		if receipts() != 1 {
			t.Fatalf("%s: %d receipts after the order was re-sent", tc.unit, receipts())
		}
		if !strings.Contains(again.Content, tc.got) || !strings.Contains(again.Content, first.Content) {
			t.Fatalf("an order re-sent: %q", again.Content)
		}
		// Replaced since by another player of his clan, then given again:
		// that is an order anew.
		other := discordtest.Member{UserID: tc.m.UserID + "0", Username: "ally", Roles: tc.m.Roles, Locale: tc.m.Locale}
		w.slash(other, tc.ch, "order", discordtest.StringOpt("unit", tc.unit), discordtest.StringOpt("order", "wait"))
		if r := order("move"); strings.Contains(r.Content, tc.got) || receipts() != 2 {
			t.Fatalf("an order given back after an ally's: %q, %d receipts", r.Content, receipts())
		}
		// His own other order between: the same.
		order("wait")
		if r := order("move"); strings.Contains(r.Content, tc.got) || receipts() != 4 {
			t.Fatalf("an order given back after another: %q, %d receipts", r.Content, receipts())
		}
	}
}

// The answer to a fix is lost on its way (Discord forgets the interaction):
// the GM sends it again and reads what the first one did.
func TestRetryAnswerLost(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	w.start()
	defer w.stop()
	w.create("Нагасино")
	fix := func() discordtest.Response {
		return w.slash(gmEN, chanGM, "battle", discordtest.Subcommand("fix", discordtest.StringOpt("battle", "Нагасино"),
			discordtest.StringOpt("who", "n-uma"), discordtest.StringOpt("field", "figures"), discordtest.StringOpt("value", "4")))
	}
	clear := w.srv.Faults().Fail(discordtest.FaultMatch{Method: "PATCH", Route: "/webhooks/**", UserID: gm.UserID, Count: discordtest.Always}, discordtest.UnknownInteraction())
	fix()
	clear()
	r := fix()
	w.b.Wait()
	if n := journalKinds(t, w, "нагасино", store.JournalFix); n != 1 || count(w, chanOda, "n-uma") != 1 {
		t.Fatalf("the fix re-sent was made again: %d in the journal, %d posts", n, count(w, chanOda, "n-uma"))
	}
	if !strings.Contains(r.Content, "this command was already done") || !strings.Contains(r.Content, "Its answer was:\nThe GM corrected battle “Нагасино”: unit n-uma now has 4 figures.") {
		t.Fatalf("the fix re-sent: %q", r.Content)
	}
}

// A shinobi mission adds to the same one given before: re-sent, it is
// recorded once, and the answer offers to send a second shinobi, once
// however often the button is pressed.
func TestRetryOrderAddsUp(t *testing.T) {
	t.Parallel()
	w := battleWorld(t)
	defer w.stop()
	// Two shinobi in the enemy's rear (as if both got through).
	if r := w.slash(gm, chanGM, "battle", discordtest.Subcommand("fix", discordtest.StringOpt("battle", "Нагасино"),
		discordtest.StringOpt("who", "north"), discordtest.StringOpt("field", "shinobi"), discordtest.StringOpt("value", "2"))); !strings.Contains(r.Content, "2") {
		t.Fatalf("fix shinobi: %q", r.Content)
	}
	w.roll(oda, chanOda)
	mission := func() discordtest.Response {
		return w.slash(oda, chanOda, "order", discordtest.StringOpt("order", "shinobi"), discordtest.StringOpt("mission", "interception"))
	}
	missions := func() int {
		var orders []engine.Order
		if err := w.st.View(func(tx *store.Tx) error {
			var err error
			orders, err = tx.BattleTurn(w.guild, "нагасино", 1).Orders(engine.North)
			return err
		}); err != nil {
			t.Fatal(err)
		}
		n := 0
		for _, o := range orders {
			if o.Kind == engine.OrderShinobi {
				n++
			}
		}
		return n
	}
	first := mission()
	if !strings.Contains(first.Content, "Приказ принят") {
		t.Fatalf("a mission: %q", first.Content)
	}
	again := mission()
	if missions() != 1 {
		t.Fatalf("%d missions after one re-sent", missions())
	}
	button := againButton(again)
	if !strings.Contains(again.Content, "этот приказ уже записан") || !strings.Contains(again.Content, first.Content) || button == "" {
		t.Fatalf("a mission re-sent: %+v", again)
	}
	pressed := w.do(w.srv.Interactions().Button(w.guild, chanOda, oda, button))
	twice := w.do(w.srv.Interactions().Button(w.guild, chanOda, oda, button))
	if missions() != 2 {
		t.Fatalf("%d missions after the button pressed twice, want 2", missions())
	}
	if strings.Contains(pressed.Content, "уже записан") || !strings.Contains(twice.Content, "этот приказ уже записан") {
		t.Fatalf("the button: %q; pressed again: %q", pressed.Content, twice.Content)
	}
	// An ordinary order takes the place of its like: no button.
	w.slash(oda, chanOda, "order", discordtest.StringOpt("unit", "n-yari"), discordtest.StringOpt("order", "move"))
	if r := w.slash(oda, chanOda, "order", discordtest.StringOpt("unit", "n-yari"), discordtest.StringOpt("order", "move")); againButton(r) != "" {
		t.Fatalf("a button under an ordinary order re-sent: %+v", r)
	}
}

// A side's "ready" that ended a turn, re-sent after its answer was lost,
// reaches turn 2: it is recognised and said done, with the turn it
// resolved, and changes nothing. A side must roll before it is ready
// (err.ready_roll_first), and its roll is kept as its last change: once it
// has rolled in turn 2, its ready is turn 2's own, not a repeat (two turns
// played at once in a test, all within the retry window). In English.
func TestRetryReadyThatEndedTheTurn(t *testing.T) {
	t.Parallel()
	w := battleWorld(t)
	defer w.stop()
	ready := discordtest.BoolOpt("ready", true)
	w.roll(oda, chanOda)
	w.roll(asai, chanAsai)
	w.slash(oda, chanOda, "orders", ready)
	first := w.slash(asai, chanAsai, "orders", ready)
	w.b.Wait()
	if !strings.Contains(first.Content, "turn 1 resolved") {
		t.Fatalf("the ready that ends turn 1: %q", first.Content)
	}
	again := w.slash(asai, chanAsai, "orders", ready)
	if !strings.Contains(again.Content, "this command was already done") || !strings.Contains(again.Content, first.Content) {
		t.Fatalf("the ready re-sent in turn 2: %q", again.Content)
	}
	w.roll(oda, chanOda)
	w.roll(asai, chanAsai)
	w.slash(oda, chanOda, "orders", ready)
	second := w.slash(asai, chanAsai, "orders", ready)
	w.b.Wait()
	if !strings.Contains(second.Content, "turn 2 resolved") {
		t.Fatalf("turn 2's own ready after the roll: %q", second.Content)
	}
}
