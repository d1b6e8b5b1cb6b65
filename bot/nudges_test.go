package bot_test

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/gunbai/gunbai/bot/discordtest"
	"github.com/gunbai/gunbai/game"
	"github.com/gunbai/gunbai/store"
)

// Nudges per player (issue 29, item 4): each player chooses when he is
// reminded by DM (/remind before:), a player not ready gets it once a
// turn, a ready one never; the last one not ready is told everyone is
// waiting for him; the GM sees who was nudged, who answered, who missed.

const (
	nudgeRU     = "а вы ещё не готовы"
	nudgeEN     = "and you are not ready yet"
	waitingRU   = "ждут только вас"
	waitingEN   = "everyone is waiting for you"
	nudgeBattle = "Микатагахара"
)

// nudgeWorld is a started battle with turns of a day on a test clock,
// whose clans name their ordering roles (each player gets his order sheet
// by DM); North speaks Russian, South English.
func nudgeWorld(t *testing.T) (*world, *testClock, time.Time, discordtest.Member, discordtest.Member) {
	start := time.Date(2026, 11, 30, 12, 0, 0, 0, time.UTC)
	clock := &testClock{t: start}
	w := newWorld(t)
	w.svc = func(s *game.Service) {
		s.TurnDeadline = 24 * time.Hour
		s.Now = clock.now
	}
	north, south := oda, asai
	north.Roles = []string{roleOda, roleOdaOrders}
	south.Roles = []string{roleAsai, roleAsaiOrders}
	w.srv.Guilds().SetMemberRoles(w.guild, north.UserID, north.Roles...)
	w.srv.Guilds().SetMemberRoles(w.guild, south.UserID, south.Roles...)
	w.start()
	w.create(nudgeBattle, discordtest.RoleOpt("north_orders", roleOdaOrders), discordtest.RoleOpt("south_orders", roleAsaiOrders),
		discordtest.StringOpt("north_lang", "ru"), discordtest.StringOpt("south_lang", "en"))
	w.slash(gm, chanGM, "battle", discordtest.Subcommand("start", discordtest.StringOpt("battle", nudgeBattle)))
	for _, m := range []discordtest.Member{north, south} {
		if !w.srv.WaitFor(func() bool { _, ok := w.sheetOf(m); return ok }, wait) {
			t.Fatalf("%s got no order sheet", m.Username)
		}
	}
	return w, clock, start, north, south
}

// dmsWith are the DMs of a member that contain s.
func dmsWith(w *world, m discordtest.Member, s string) []discordtest.Message {
	w.b.Wait()
	var out []discordtest.Message
	for _, x := range w.srv.Messages().DMs(m.UserID) {
		if strings.Contains(x.Content, s) {
			out = append(out, x)
		}
	}
	return out
}

// tickAt moves the clock and runs the ticker, its posts delivered.
func tickAt(w *world, clock *testClock, at time.Time) {
	clock.set(at)
	w.b.Tick()
	w.b.Wait()
	w.srv.WaitFor(func() bool { return owed(w) == 0 }, wait)
}

// writeNudgeLook keeps a text a test read for a person to look at.
func writeNudgeLook(name, text string) {
	dir := filepath.Join(os.TempDir(), "nudges")
	if os.MkdirAll(dir, 0o755) == nil {
		_ = os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644)
	}
}

// A player who chose /remind before:2h (in his DM with the bot) gets his
// DM two hours before the deadline, not sooner, once, in his sheet's
// language, naming the battle and the time left and linking his sheet;
// one who chose off (in the guild) gets none. /remind alone tells each
// his choice, in his own language.
func TestNudgeAtHisOwnLeadAndNoneWhenOff(t *testing.T) {
	t.Parallel()
	w, clock, start, north, south := nudgeWorld(t)
	defer w.stop()
	if r := w.dm(north, "remind"); !strings.Contains(r.Content, "Вы ещё не выбирали") {
		t.Fatalf("/remind alone, before a choice: %+v", r)
	}
	if r := w.dm(north, "remind", discordtest.StringOpt("before", "2ч")); !r.Ephemeral || !strings.Contains(r.Content, "за 2 часа до срока") {
		t.Fatalf("/remind before:2ч in the DM: %+v", r)
	}
	if r := w.slash(south, chanAsai, "remind", discordtest.StringOpt("before", "off")); !strings.Contains(r.Content, "I will no longer remind you by DM") {
		t.Fatalf("/remind before:off in the guild: %+v", r)
	}
	if r := w.slash(south, chanAsai, "remind"); !strings.Contains(r.Content, "Reminders by DM are off now") {
		t.Fatalf("/remind alone, off: %+v", r)
	}
	if r := w.dm(north, "remind"); !strings.Contains(r.Content, "напоминаю вам в личных сообщениях за 2 часа") {
		t.Fatalf("/remind alone, 2h: %+v", r)
	}
	if r := w.dm(north, "remind", discordtest.StringOpt("before", "soon")); !strings.Contains(r.Content, "не срок") {
		t.Fatalf("/remind before:soon: %+v", r)
	}
	// Completed as typed, in the DM too: what is typed, read; and off.
	var offers []string
	for _, c := range w.choices(w.srv.DMAutocomplete(north, "remind", discordtest.Focus(discordtest.StringOpt("before", "90м")))) {
		offers = append(offers, fmt.Sprint(c.Value)+" | "+c.Name)
	}
	if len(offers) == 0 || offers[0] != "1h30m | 1h30m — 1 час 30 минут" {
		t.Fatalf("/remind before:90м offers %q", offers)
	}
	offers = nil
	for _, c := range w.choices(w.srv.Interactions().Autocomplete(w.guild, chanAsai, south, "remind", discordtest.Focus(discordtest.StringOpt("before", "")))) {
		offers = append(offers, fmt.Sprint(c.Value)+" | "+c.Name)
	}
	if strings.Join(offers, "; ") != "1h | 1h — 1 hour; 2h | 2h — 2 hours; 6h | 6h — 6 hours; 12h | 12h — 12 hours; off | off — no reminders by DM" {
		t.Fatalf("/remind before: offers %q", offers)
	}
	tickAt(w, clock, start.Add(21*time.Hour+59*time.Minute))
	if n := len(dmsWith(w, north, nudgeRU)); n != 0 {
		t.Fatalf("nudged %d times 2h01m before the deadline", n)
	}
	tickAt(w, clock, start.Add(22*time.Hour))
	got := dmsWith(w, north, nudgeRU)
	if len(got) != 1 {
		t.Fatalf("nudged %d times at 2h before: %q", len(got), contentOf(w.srv.Messages().DMs(north.UserID)))
	}
	deadline := start.Add(24 * time.Hour)
	sheet, _ := w.sheetOf(north)
	for _, want := range []string{"Битва «" + nudgeBattle + "», ход 1", "осталось 2 часа", fmt.Sprintf("<t:%d:R>", deadline.Unix()),
		"Ваш лист приказов: https://discord.com/channels/@me/" + sheet.ChannelID + "/" + sheet.ID, "/напомнить за:2ч"} {
		if !strings.Contains(got[0].Content, want) {
			t.Fatalf("the nudge lacks %q: %q", want, got[0].Content)
		}
	}
	writeNudgeLook("lead_ru.txt", got[0].Content)
	if all := contentOf(w.srv.Messages().DMs(south.UserID)); strings.Contains(all, nudgeEN) || strings.Contains(all, nudgeRU) {
		t.Fatalf("the player who chose off was nudged: %q", all)
	}
	tickAt(w, clock, start.Add(23*time.Hour))
	if n := len(dmsWith(w, north, nudgeRU)); n != 1 {
		t.Fatalf("nudged %d times in one turn", n)
	}
	// South (off) is ready: North is the last one, told so in Russian.
	w.roll(south, chanAsai)
	w.slash(south, chanAsai, "orders", discordtest.BoolOpt("ready", true))
	last := dmsWith(w, north, waitingRU)
	if len(last) != 1 || !strings.Contains(last[0].Content, "Битва «"+nudgeBattle+"», ход 1: все остальные готовы") ||
		!strings.Contains(last[0].Content, fmt.Sprintf("Срок приказов — <t:%d:f>", deadline.Unix())) {
		t.Fatalf("the last one's DM in Russian: %q", contentOf(w.srv.Messages().DMs(north.UserID)))
	}
	writeNudgeLook("last_ru.txt", last[0].Content)
}

// A ready player is never nudged, whatever his lead; the one not ready is,
// in English. When all but one are ready, the last one is told everyone is
// waiting for him: once a turn, again the next turn, never when he chose
// off.
func TestNudgeNeverTheReadyOneAndTheLastOnceATurn(t *testing.T) {
	t.Parallel()
	w, clock, start, north, south := nudgeWorld(t)
	defer w.stop()
	w.dm(north, "remind", discordtest.StringOpt("before", "2h"))
	w.dm(south, "remind", discordtest.StringOpt("before", "1h"))
	w.roll(south, chanAsai)
	w.roll(north, chanOda)
	w.slash(north, chanOda, "orders", discordtest.BoolOpt("ready", true))
	waiting := dmsWith(w, south, waitingEN)
	if len(waiting) != 1 || !strings.Contains(waiting[0].Content, "Battle “"+nudgeBattle+"”, turn 1: everyone else is ready") ||
		!strings.Contains(waiting[0].Content, "Your order sheet: https://discord.com/channels/@me/") {
		t.Fatalf("the last one's DM: %q", contentOf(w.srv.Messages().DMs(south.UserID)))
	}
	writeNudgeLook("last_en.txt", waiting[0].Content)
	if n := len(dmsWith(w, north, waitingRU)); n != 0 {
		t.Fatal("the ready player was told he is the last")
	}
	// North changes his orders (not ready) and says ready again: South is
	// not told twice in a turn.
	w.slash(north, chanOda, "order", discordtest.StringOpt("unit", "n-yari"), discordtest.StringOpt("order", "move"), discordtest.IntOpt("phase", 1))
	w.slash(north, chanOda, "orders", discordtest.BoolOpt("ready", true))
	if n := len(dmsWith(w, south, waitingEN)); n != 1 {
		t.Fatalf("the last one was told %d times in a turn", n)
	}
	tickAt(w, clock, start.Add(22*time.Hour))
	if n := len(dmsWith(w, north, nudgeRU)); n != 0 {
		t.Fatal("the ready player was nudged")
	}
	tickAt(w, clock, start.Add(23*time.Hour))
	lead := dmsWith(w, south, nudgeEN)
	if len(lead) != 1 || !strings.Contains(lead[0].Content, "1 hour left before the orders are due") {
		t.Fatalf("South's nudge: %q", contentOf(w.srv.Messages().DMs(south.UserID)))
	}
	writeNudgeLook("lead_en.txt", lead[0].Content)
	// South is ready: turn 2. North ready first again: South told again.
	w.slash(south, chanAsai, "orders", discordtest.BoolOpt("ready", true))
	w.roll(south, chanAsai)
	w.roll(north, chanOda)
	w.slash(north, chanOda, "orders", discordtest.BoolOpt("ready", true))
	if got := dmsWith(w, south, waitingEN); len(got) != 2 || !strings.Contains(got[1].Content, "turn 2") {
		t.Fatalf("turn 2's last one: %q", contentOf(got))
	}
	// Turn 3, South off: not told.
	w.slash(south, chanAsai, "orders", discordtest.BoolOpt("ready", true))
	w.slash(south, chanAsai, "remind", discordtest.StringOpt("before", "off"))
	w.roll(south, chanAsai)
	w.roll(north, chanOda)
	w.slash(north, chanOda, "orders", discordtest.BoolOpt("ready", true))
	if n := len(dmsWith(w, south, waitingEN)); n != 2 {
		t.Fatalf("the last one with reminders off was told (%d)", n)
	}
}

// A nudge owed when the process dies before sending it is sent after the
// restart, once: the DM is a post owed with the mark that he was nudged.
func TestNudgeOwedBeforeACrashIsSentOnce(t *testing.T) {
	t.Parallel()
	w, clock, start, north, _ := nudgeWorld(t)
	w.dm(north, "remind", discordtest.StringOpt("before", "2h"))
	w.stop()

	// The reminders' transaction commits, then the process dies.
	st, err := store.Open(w.path, store.Options{})
	if err != nil {
		t.Fatal(err)
	}
	at := start.Add(22 * time.Hour)
	svc := &game.Service{Store: st, TurnDeadline: 24 * time.Hour, Now: func() time.Time { return at }}
	if _, err := svc.Clock().Reminders(); err != nil {
		t.Fatal(err)
	}
	owedNudges := 0
	posts, _ := svc.Posts().Owed()
	for _, p := range posts {
		if p.Kind == game.PostNudge && p.User == north.UserID {
			owedNudges++
		}
	}
	st.Close()
	if owedNudges != 1 {
		t.Fatalf("%d nudges owed", owedNudges)
	}
	if n := len(w.srv.Messages().DMs(north.UserID)); n == 0 {
		t.Fatal("no DMs before the crash")
	}

	clock.set(at)
	w.start()
	defer w.stop()
	if !w.srv.WaitFor(func() bool { return len(dmsWith(w, north, nudgeRU)) > 0 }, wait) {
		t.Fatal("the owed nudge was not sent after the restart")
	}
	tickAt(w, clock, at.Add(time.Minute))
	// His choice said again has his battles looked at anew: the mark
	// that he was nudged this turn keeps it from going twice.
	w.dm(north, "remind", discordtest.StringOpt("before", "2h"))
	tickAt(w, clock, at.Add(time.Hour))
	if n := len(dmsWith(w, north, nudgeRU)); n != 1 {
		t.Fatalf("the nudge was sent %d times", n)
	}
}

// The GM's /battle nudges lists, per player and turn, who was nudged and
// when, who answered, who missed, in the GM's language.
func TestNudgeGMViewListsNudgedAnsweredMissed(t *testing.T) {
	t.Parallel()
	w, clock, start, north, south := nudgeWorld(t)
	defer w.stop()
	w.dm(north, "remind", discordtest.StringOpt("before", "2h"))
	w.dm(south, "remind", discordtest.StringOpt("before", "1h"))
	w.roll(south, chanAsai)
	w.roll(north, chanOda)
	tickAt(w, clock, start.Add(22*time.Hour))
	clock.set(start.Add(22*time.Hour + 30*time.Minute))
	w.slash(north, chanOda, "order", discordtest.StringOpt("unit", "n-yari"), discordtest.StringOpt("order", "move"), discordtest.IntOpt("phase", 1))
	tickAt(w, clock, start.Add(23*time.Hour))
	view := func(m discordtest.Member) string {
		r := w.slash(m, chanGM, "battle", discordtest.Subcommand("nudges", discordtest.StringOpt("battle", nudgeBattle)))
		if !r.Ephemeral {
			t.Fatalf("the GM's view is not his alone: %+v", r)
		}
		return r.Content
	}
	open := view(gm)
	northLine := lineWith(open, "<@"+north.UserID+">")
	southLine := lineWith(open, "<@"+south.UserID+">")
	if !strings.Contains(open, "Ход 1 (идёт") || !strings.Contains(northLine, "(Север): напоминать за 2 часа; напомнено <t:") ||
		!strings.Contains(northLine, "; ответил <t:") ||
		!strings.Contains(southLine, "напомнено") || !strings.Contains(southLine, "пока не ответил") {
		t.Fatalf("the GM's view of the open turn:\n%s", open)
	}
	// The deadline passes: South gave nothing, North answered.
	tickAt(w, clock, start.Add(24*time.Hour+time.Minute))
	ru := view(gm)
	done := ru[strings.Index(ru, "Ход 1 (рассчитан)"):]
	if !strings.Contains(ru, "Ход 2 (идёт") || !strings.Contains(lineWith(done, "<@"+south.UserID+">"), "**пропустил ход**") ||
		!strings.Contains(lineWith(done, "<@"+north.UserID+">"), "ответил") || strings.Contains(lineWith(done, "<@"+north.UserID+">"), "пропустил") {
		t.Fatalf("the GM's view after the deadline:\n%s", ru)
	}
	writeNudgeLook("gm_ru.txt", ru)
	gmEN := gm
	gmEN.Locale = "en-US"
	en := view(gmEN)
	done = en[strings.Index(en, "Turn 1 (resolved)"):]
	if !strings.Contains(en, "Nudges to the players — battle") || !strings.Contains(lineWith(done, "<@"+south.UserID+">"), "(South): remind 1 hour before; nudged <t:") ||
		!strings.Contains(lineWith(done, "<@"+south.UserID+">"), "**missed the turn**") || !strings.Contains(lineWith(done, "<@"+north.UserID+">"), "answered <t:") {
		t.Fatalf("the GM's view in English:\n%s", en)
	}
	writeNudgeLook("gm_en.txt", en)
	// A player cannot read it.
	if r := w.slash(north, chanOda, "battle", discordtest.Subcommand("nudges", discordtest.StringOpt("battle", nudgeBattle))); strings.Contains(r.Content, "<@"+south.UserID+">") {
		t.Fatalf("a player read the GM's view: %q", r.Content)
	}
}

// lineWith is the first line of s that contains sub.
func lineWith(s, sub string) string {
	for _, l := range strings.Split(s, "\n") {
		if strings.Contains(l, sub) {
			return l
		}
	}
	return ""
}

// With the side's people set (issue 29), its players are its commander
// and its wings' players: a wing ready is never nudged, a substitute is
// nudged in the place of the player he sits in for, and the last one not
// ready is found among them.
func TestNudgeWingPlayersAndTheirSubstitute(t *testing.T) {
	t.Parallel()
	w, clock, start, north, south := nudgeWorld(t)
	defer w.stop()
	wing := discordtest.Member{UserID: "700000000000000004", Username: "hideyoshi", Locale: "ru"}
	sub := discordtest.Member{UserID: "700000000000000005", Username: "ieyasu", Locale: "en-US"}
	for _, m := range []discordtest.Member{north, wing, sub} {
		w.dm(m, "remind", discordtest.StringOpt("before", "2h"))
	}
	id := game.BattleID(nudgeBattle)
	err := w.st.Update(func(tx *store.Tx) error {
		rec, err := tx.Battle(w.guild, id)
		if err != nil {
			return err
		}
		rec.People.Sides[0] = store.SidePeople{Commander: north.UserID, Wings: []store.Wing{{Player: wing.UserID, Units: []string{"n-yari"}}}}
		rec.People.Subs = []store.Substitute{{Side: 0, For: north.UserID, By: sub.UserID, From: 1}}
		if err := tx.PutBattle(rec); err != nil {
			return err
		}
		turn := tx.BattleTurn(w.guild, id, 1)
		ph, err := turn.Phase()
		if err != nil {
			return err
		}
		ph.WingsReady[0] = []string{wing.UserID}
		return turn.PutPhase(ph)
	})
	if err != nil {
		t.Fatal(err)
	}
	// South is ready: the commander's seat, held by his substitute, is the
	// last one; the substitute is told, in English (his choice's language).
	w.roll(south, chanAsai)
	w.slash(south, chanAsai, "orders", discordtest.BoolOpt("ready", true))
	if got := dmsWith(w, sub, waitingEN); len(got) != 1 {
		t.Fatalf("the substitute, last one, was told %d times: %q", len(got), contentOf(w.srv.Messages().DMs(sub.UserID)))
	}
	if n := len(dmsWith(w, north, waitingRU)) + len(dmsWith(w, wing, waitingRU)); n != 0 {
		t.Fatal("the replaced commander or the ready wing was told he is the last")
	}
	tickAt(w, clock, start.Add(22*time.Hour))
	if got := dmsWith(w, sub, nudgeEN); len(got) != 1 || strings.Contains(got[0].Content, "Your order sheet") {
		t.Fatalf("the substitute's nudge: %q", contentOf(w.srv.Messages().DMs(sub.UserID)))
	}
	if n := len(dmsWith(w, north, nudgeRU)) + len(dmsWith(w, wing, nudgeRU)); n != 0 {
		t.Fatal("the replaced commander or the ready wing was nudged")
	}
}

// A player whose DMs are closed (50007): his nudge is dropped, not
// retried tick after tick, and the GM's channel hears nothing of it.
func TestNudgeToClosedDMsIsDropped(t *testing.T) {
	t.Parallel()
	w, clock, start, north, _ := nudgeWorld(t)
	defer w.stop()
	w.dm(north, "remind", discordtest.StringOpt("before", "2h"))
	gmBefore := contentOf(w.srv.Messages().Under(chanGM))
	clear := w.srv.Faults().Fail(discordtest.FaultMatch{Method: "POST", Route: "/channels/{channel_id}/messages", UserID: north.UserID, Count: discordtest.Always}, discordtest.CannotSendToUser())
	defer clear()
	tickAt(w, clock, start.Add(22*time.Hour))
	tickAt(w, clock, start.Add(22*time.Hour+time.Minute))
	if n := owed(w); n != 0 {
		t.Fatalf("%d posts still owed", n)
	}
	tries := 0
	for _, c := range w.srv.Calls() {
		if c.Method == "POST" && strings.Contains(string(c.JSON), nudgeRU) {
			tries++
		}
	}
	if tries != 1 {
		t.Fatalf("the nudge was tried %d times", tries)
	}
	if after := contentOf(w.srv.Messages().Under(chanGM)); after != gmBefore {
		t.Fatalf("the GM's channel was told: %q", strings.TrimPrefix(after, gmBefore))
	}
}

// "Everyone is waiting for you" is said only when everyone else is known
// and ready: a side none of whose players has shown himself yet (no
// ordering role, nobody has asked for its sheet) is still to play, so
// the North's second wing is not told he is the last while the South is
// silent; once the South is ready, he is. (Seen in the sandbox: the wing
// was told everyone waited for him while the Takeda had not opened their
// sheet.)
func TestNudgeNotTheLastWhileASideIsUnknown(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	north, south := oda, asai
	north.Roles = []string{roleOda, roleOdaOrders}
	wing := discordtest.Member{UserID: "700000000000000006", Username: "kageie", Roles: north.Roles, Locale: "ru"}
	for _, m := range []discordtest.Member{north, wing} {
		w.srv.Guilds().SetMemberRoles(w.guild, m.UserID, m.Roles...)
	}
	w.start()
	defer w.stop()
	w.create(nudgeBattle, discordtest.RoleOpt("north_orders", roleOdaOrders), discordtest.StringOpt("south_lang", "en"))
	w.slash(gm, chanGM, "clan", discordtest.Subcommand("commander", discordtest.MemberOpt("player", north), discordtest.StringOpt("side", "north")))
	w.slash(gm, chanGM, "clan", discordtest.Subcommand("assign", discordtest.MemberOpt("player", wing),
		discordtest.StringOpt("units", "n-yari"), discordtest.StringOpt("side", "north")))
	w.slash(gm, chanGM, "battle", discordtest.Subcommand("start", discordtest.StringOpt("battle", nudgeBattle)))
	w.roll(north, chanOda)
	w.slash(north, chanOda, "orders", discordtest.BoolOpt("ready", true))
	if got := dmsWith(w, wing, waitingRU); len(got) != 0 {
		t.Fatalf("the wing was told he is the last while the South has not shown itself: %q", contentOf(got))
	}
	w.roll(south, chanAsai)
	if got := dmsWith(w, wing, waitingRU); len(got) != 0 {
		t.Fatalf("the wing was told he is the last while the South is not ready: %q", contentOf(got))
	}
	w.slash(south, chanAsai, "orders", discordtest.BoolOpt("ready", true))
	if got := dmsWith(w, wing, waitingRU); len(got) != 1 {
		t.Fatalf("the wing, the last one, was told %d times: %q", len(got), contentOf(w.srv.Messages().DMs(wing.UserID)))
	}
}
