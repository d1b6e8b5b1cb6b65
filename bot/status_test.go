package bot_test

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/gunbai/gunbai/bot"
	"github.com/gunbai/gunbai/bot/discordtest"
	"github.com/gunbai/gunbai/game"
)

// statusFooter ends every status message (the battle's language is ru).
const statusFooter = "Это сообщение обновляется само."

// statusOf is the one status message of a channel.
func statusOf(t *testing.T, w *world, ch string) discordtest.Message {
	t.Helper()
	var found []discordtest.Message
	for _, m := range w.srv.Messages().Under(ch) {
		if strings.Contains(m.Content, statusFooter) {
			found = append(found, m)
		}
	}
	if len(found) != 1 {
		t.Fatalf("channel %s has %d status messages: %q", ch, len(found), contentOf(found))
	}
	return found[0]
}

// pinCalls counts the bot's requests to pin a message in a channel.
func pinCalls(w *world, ch string) int {
	n := 0
	for _, c := range w.srv.Calls() {
		if c.Method == "PUT" && strings.HasPrefix(c.Route, "/channels/"+ch+"/messages/pins/") {
			n++
		}
	}
	return n
}

// One status message per battle and channel, posted when the battle
// starts, pinned once, and edited in place through a turn's changes (a
// side ready, the clock paused, resumed and extended, the turn resolved):
// the turn, its phase, the deadline as Discord timestamps, who is ready,
// the turns missed and the journal's head hash, which follows the journal.
// A clan's status says of the enemy only whether it is ready.
func TestStatusMessageEditedInPlace(t *testing.T) {
	t.Parallel()
	w, clock, start := clockWorld(t, 24*time.Hour)
	defer w.stop()
	svc := &game.Service{Store: w.st}
	head := func() string {
		_, h, err := svc.Audit().Journal(w.guild, "Микатагахара")
		if err != nil || h == "" {
			t.Fatalf("journal head %q, %v", h, err)
		}
		return h
	}
	ids := map[string]string{}
	for _, ch := range []string{chanOda, chanAsai, chanGM} {
		m := statusOf(t, w, ch)
		ids[ch] = m.ID
		deadline := start.Add(24 * time.Hour).Unix()
		for _, want := range []string{"**Битва «Микатагахара»** — ход 1, приём приказов", fmt.Sprintf("Срок приказов: <t:%d:f> (<t:%d:R>)", deadline, deadline),
			"Север (<@&" + roleOda + ">): ещё не готов", "Юг (<@&" + roleAsai + ">): ещё не готов", "Север — 0, Юг — 0", "`" + head() + "`"} {
			if !strings.Contains(m.Content, want) {
				t.Fatalf("the status in %s lacks %q: %q", ch, want, m.Content)
			}
		}
		if !m.Pinned {
			t.Fatalf("the status in %s is not pinned", ch)
		}
	}
	// South rolls and gives orders; North rolls, orders and says ready.
	w.roll(asai, chanAsai)
	w.slash(asai, chanAsai, "order", discordtest.StringOpt("unit", "s-sohei"), discordtest.StringOpt("order", "move"))
	w.roll(oda, chanOda)
	w.slash(oda, chanOda, "order", discordtest.StringOpt("unit", "n-yari"), discordtest.StringOpt("order", "move"), discordtest.IntOpt("phase", 1))
	w.slash(oda, chanOda, "orders", discordtest.BoolOpt("ready", true))
	if m := statusOf(t, w, chanOda); !strings.Contains(m.Content, "Север (<@&"+roleOda+">): готов ("+oda.Username+")") || !strings.Contains(m.Content, "Юг (<@&"+roleAsai+">): ещё не готов") {
		t.Fatalf("North's status after its ready: %q", m.Content)
	}
	south := statusOf(t, w, chanAsai)
	if !strings.Contains(south.Content, "Север (<@&"+roleOda+">): готов\n") || !strings.Contains(south.Content, "`"+head()+"`") {
		t.Fatalf("South's status after North's ready: %q", south.Content)
	}
	// Nothing of the enemy's orders, nor who gave them.
	for _, c := range []struct{ ch, enemy string }{{chanOda, "s-"}, {chanAsai, "n-"}} {
		m := statusOf(t, w, c.ch)
		if strings.Contains(m.Content, c.enemy) || strings.Contains(m.Content, oda.UserID) && c.ch == chanAsai {
			t.Fatalf("the status in %s tells of the enemy: %q", c.ch, m.Content)
		}
	}
	// The clock: paused, then resumed and extended.
	clock.set(start.Add(6 * time.Hour))
	gmSub(w, gm, "pause")
	if m := statusOf(t, w, chanGM); !strings.Contains(m.Content, "Часы остановлены мастером; когда пойдут, до срока останется 18 часов") || strings.Contains(m.Content, "Срок приказов:") {
		t.Fatalf("the GM's status paused: %q", m.Content)
	}
	clock.set(start.Add(10 * time.Hour))
	gmSub(w, gm, "resume")
	gmSub(w, gm, "extend", discordtest.StringOpt("by", "12h"))
	deadline := start.Add(40 * time.Hour).Unix()
	for _, ch := range []string{chanOda, chanAsai, chanGM} {
		if m := statusOf(t, w, ch); !strings.Contains(m.Content, fmt.Sprintf("Срок приказов: <t:%d:f> (<t:%d:R>)", deadline, deadline)) || strings.Contains(m.Content, "остановлены") {
			t.Fatalf("the status in %s after the extension: %q", ch, m.Content)
		}
	}
	// The deadline passes: South had given an order, North was ready;
	// turn 2 opens and the status says so, in the same message.
	clock.set(start.Add(40 * time.Hour))
	w.b.Tick()
	for _, ch := range []string{chanOda, chanAsai, chanGM} {
		m := statusOf(t, w, ch)
		if m.ID != ids[ch] || m.Edits < 5 || !strings.Contains(m.Content, "ход 2, приём приказов") ||
			!strings.Contains(m.Content, "Север (<@&"+roleOda+">): ещё не готов") || !strings.Contains(m.Content, "`"+head()+"`") {
			t.Fatalf("the status in %s after turn 1 (%d edits): %q", ch, m.Edits, m.Content)
		}
		if n := pinCalls(w, ch); n != 1 || len(w.srv.Messages().Pins(ch)) != 1 {
			t.Fatalf("channel %s: %d pin requests, %d pins", ch, n, len(w.srv.Messages().Pins(ch)))
		}
	}
	// The GM's status names who said ready.
	w.roll(oda, chanOda)
	w.slash(oda, chanOda, "orders", discordtest.BoolOpt("ready", true))
	if m := statusOf(t, w, chanGM); !strings.Contains(m.Content, "Север (<@&"+roleOda+">): готов (") {
		t.Fatalf("the GM's status: %q", m.Content)
	}
	// A turn resolved by the deadline without an order of a side counts.
	clock.set(start.Add(70 * time.Hour))
	w.b.Tick()
	if m := statusOf(t, w, chanAsai); !strings.Contains(m.Content, "ход 3") || !strings.Contains(m.Content, "Север — 0, Юг — 1") {
		t.Fatalf("missed turns in the status: %q", m.Content)
	}
	// The battle's end: the status says so, still in its one message.
	w.slash(gm, chanGM, "battle", discordtest.Subcommand("finish", discordtest.StringOpt("battle", "Микатагахара")))
	if m := statusOf(t, w, chanOda); m.ID != ids[chanOda] || !strings.Contains(m.Content, "окончена мастером после хода 2") || strings.Contains(m.Content, "Срок приказов") {
		t.Fatalf("the status at the end: %q", m.Content)
	}
}

// Without Pin Messages in the clan channels the status is posted there
// unpinned and kept up to date all the same, and the GM is told once.
func TestStatusUnpinnedWithoutPinMessages(t *testing.T) {
	t.Parallel()
	start := time.Date(2026, 11, 30, 12, 0, 0, 0, time.UTC)
	clock := &testClock{t: start}
	w := newWorld(t)
	w.svc = func(s *game.Service) { s.TurnDeadline = 24 * time.Hour; s.Now = clock.now }
	for ch, role := range map[string]string{chanOda: roleOda, chanAsai: roleAsai} {
		ows := channelOverwrites(w.guild, role)
		ows[2] = &discordgo.PermissionOverwrite{ID: roleBot, Type: discordgo.PermissionOverwriteTypeRole,
			Allow: bot.InvitePermissions &^ bot.PermissionPinMessages, Deny: bot.PermissionPinMessages}
		w.srv.Guilds().SetChannelOverwrites(ch, ows...)
	}
	w.start()
	defer w.stop()
	w.create("Микатагахара")
	w.slash(gm, chanGM, "battle", discordtest.Subcommand("start", discordtest.StringOpt("battle", "Микатагахара")))
	const told = "не закреплено"
	if n := count(w, chanGM, told); n != 1 || !strings.Contains(contentOf(w.srv.Messages().Under(chanGM)), "Pin Messages") {
		t.Fatalf("the GM was told %d times: %q", n, contentOf(w.srv.Messages().Under(chanGM)))
	}
	if len(w.srv.Messages().Pins(chanOda)) != 0 || len(w.srv.Messages().Pins(chanAsai)) != 0 || len(w.srv.Messages().Pins(chanGM)) != 1 {
		t.Fatal("pinned where the bot may not pin, or not where it may")
	}
	before := statusOf(t, w, chanAsai)
	gmSub(w, gm, "pause")
	w.roll(oda, chanOda)
	w.slash(oda, chanOda, "orders", discordtest.BoolOpt("ready", true))
	after := statusOf(t, w, chanAsai)
	if after.ID != before.ID || after.Edits <= before.Edits || !strings.Contains(after.Content, "Часы остановлены") || !strings.Contains(after.Content, "Север (<@&"+roleOda+">): готов") {
		t.Fatalf("the unpinned status was not kept up to date: %q", after.Content)
	}
	if n := count(w, chanGM, told); n != 1 || pinCalls(w, chanAsai) != 1 {
		t.Fatalf("told %d times, %d pin requests in South's channel", n, pinCalls(w, chanAsai))
	}
}
