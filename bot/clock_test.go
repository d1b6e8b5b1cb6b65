package bot_test

import (
	"encoding/json"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/gunbai/gunbai/bot/discordtest"
	"github.com/gunbai/gunbai/game"
	"github.com/gunbai/gunbai/store"
)

// testClock is the service's clock in a test: the test moves it while the
// bot's goroutines read it.
type testClock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *testClock) now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.t
}

func (c *testClock) set(t time.Time) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.t = t
}

// clockWorld is a started battle "Микатагахара" with turns of deadline
// on a test clock, at start when it started.
func clockWorld(t *testing.T, deadline time.Duration) (*world, *testClock, time.Time) {
	start := time.Date(2026, 11, 30, 12, 0, 0, 0, time.UTC)
	clock := &testClock{t: start}
	w := newWorld(t)
	w.svc = func(s *game.Service) {
		s.TurnDeadline = deadline
		s.Now = clock.now
	}
	w.start()
	w.create("Микатагахара")
	w.slash(gm, chanGM, "battle", discordtest.Subcommand("start", discordtest.StringOpt("battle", "Микатагахара")))
	return w, clock, start
}

func gmSub(w *world, m discordtest.Member, name string, opts ...discordtest.Option) discordtest.Response {
	return w.slash(m, chanGM, "battle", discordtest.Subcommand(name, append([]discordtest.Option{discordtest.StringOpt("battle", "Микатагахара")}, opts...)...))
}

// count counts the messages of a channel that contain s.
func count(w *world, ch, s string) int {
	n := 0
	for _, m := range w.srv.Messages().Under(ch) {
		if strings.Contains(m.Content, s) {
			n++
		}
	}
	return n
}

// /battle pause stops the clock: the old deadline passes and the ticker
// resolves nothing, nor reminds; /battle list says so; /battle resume
// gives back the time that was left. Each is told to both clans and the GM
// channel; a turn resolved by its deadline with no order of a side counts
// as missed, in /battle list.
func TestPauseKeepsTheTimeLeft(t *testing.T) {
	t.Parallel()
	w, clock, start := clockWorld(t, 24*time.Hour)
	defer w.stop()
	clock.set(start.Add(4 * time.Hour))
	r := gmSub(w, gm, "pause")
	if !r.Ephemeral || !strings.Contains(r.Content, "остановил часы") || !strings.Contains(r.Content, "20 часов") {
		t.Fatalf("pause: %+v", r)
	}
	for _, ch := range []string{chanOda, chanAsai, chanGM} {
		if count(w, ch, "мастер остановил часы. До срока оставалось 20 часов") != 1 {
			t.Fatalf("channel %s was not told of the pause: %q", ch, contentOf(w.srv.Messages().Under(ch)))
		}
	}
	// Paused again at once, it is taken for a re-sent command (retry.go);
	// later, the clock is stopped already.
	if r := gmSub(w, gm, "pause"); !strings.Contains(r.Content, "уже выполнена") {
		t.Fatalf("paused twice: %+v", r)
	}
	clock.set(start.Add(4*time.Hour + game.RetryWindow))
	if r := gmSub(w, gm, "pause"); !strings.Contains(r.Content, "уже остановлены") {
		t.Fatalf("paused twice: %+v", r)
	}
	if r := w.slash(gm, chanGM, "battle", discordtest.Subcommand("list")); !strings.Contains(r.Content, "часы остановлены") {
		t.Fatalf("list: %q", r.Content)
	}
	// Past the old deadline (and its reminder's time) nothing happens.
	clock.set(start.Add(30 * time.Hour))
	w.b.Tick()
	if text := contentOf(w.srv.Messages().Under(chanOda)); strings.Contains(text, "ход 2 открыт") || strings.Contains(text, "срок приказов истекает") {
		t.Fatalf("a paused battle was resolved or reminded: %q", text)
	}
	// Resumed at +40h: 20 hours are left, the deadline is +60h.
	clock.set(start.Add(40 * time.Hour))
	deadline := start.Add(60 * time.Hour)
	r = gmSub(w, gm, "resume")
	want := fmt.Sprintf("Приказы принимаются до <t:%d:f> (<t:%d:R>)", deadline.Unix(), deadline.Unix())
	if !strings.Contains(r.Content, want) {
		t.Fatalf("resume: %q, want %q", r.Content, want)
	}
	for _, ch := range []string{chanOda, chanAsai, chanGM} {
		if count(w, ch, want) != 1 {
			t.Fatalf("channel %s was not told of the resumption: %q", ch, contentOf(w.srv.Messages().Under(ch)))
		}
	}
	clock.set(deadline.Add(-time.Minute))
	w.b.Tick()
	if strings.Contains(contentOf(w.srv.Messages().Under(chanOda)), "ход 2 открыт") {
		t.Fatal("resolved before the deadline given back")
	}
	clock.set(deadline)
	w.b.Tick()
	if !strings.Contains(contentOf(w.srv.Messages().Under(chanOda)), "ход 2 открыт") {
		t.Fatal("the deadline given back passed but the turn was not resolved")
	}
	// Neither side gave an order: both missed the turn.
	if r := w.slash(gm, chanGM, "battle", discordtest.Subcommand("list")); !strings.Contains(r.Content, "пропущено ходов: Север 1, Юг 1") || strings.Contains(r.Content, "часы остановлены") {
		t.Fatalf("list after the turn: %q", r.Content)
	}
	es, _, err := (&game.Service{Store: w.st}).Audit().Journal(w.guild, "Микатагахара")
	if err != nil {
		t.Fatal(err)
	}
	var kinds []string
	for _, e := range es {
		if e.Kind == store.JournalPause || e.Kind == store.JournalResume {
			kinds = append(kinds, e.Kind+" "+e.By)
		}
	}
	if strings.Join(kinds, ",") != "pause "+gm.UserID+",resume "+gm.UserID {
		t.Fatalf("journal: %q", kinds)
	}
}

// /battle extend by: moves the deadline and tells both clans; a bad
// duration is refused in the GM's language; extending a paused battle adds
// to the time left; battle.turn_deadline sets the next turns' length.
func TestExtendThroughDiscord(t *testing.T) {
	t.Parallel()
	w, clock, start := clockWorld(t, time.Hour)
	defer w.stop()
	if r := gmSub(w, gm, "extend", discordtest.StringOpt("by", "скоро")); !strings.Contains(r.Content, "«скоро» — не срок") {
		t.Fatalf("a bad duration (ru): %+v", r)
	}
	if r := gmSub(w, gmEN, "extend", discordtest.StringOpt("by", "2x")); !strings.Contains(r.Content, "“2x” is not a duration") {
		t.Fatalf("a bad duration (en): %+v", r)
	}
	deadline := start.Add(time.Hour + 48*time.Hour)
	r := gmSub(w, gm, "extend", discordtest.StringOpt("by", "2d"))
	want := fmt.Sprintf("мастер дал ещё 2 дня. Приказы принимаются до <t:%d:f>", deadline.Unix())
	if !strings.Contains(r.Content, want) {
		t.Fatalf("extend: %q, want %q", r.Content, want)
	}
	for _, ch := range []string{chanOda, chanAsai, chanGM} {
		if count(w, ch, want) != 1 {
			t.Fatalf("channel %s was not told of the extension: %q", ch, contentOf(w.srv.Messages().Under(ch)))
		}
	}
	clock.set(start.Add(2 * time.Hour)) // past the old deadline
	w.b.Tick()
	if strings.Contains(contentOf(w.srv.Messages().Under(chanOda)), "ход 2 открыт") {
		t.Fatal("resolved at the deadline before the extension")
	}
	// Paused, an extension adds to the time left.
	gmSub(w, gm, "pause") // 47 hours left, then 48h30m
	r = gmSub(w, gm, "extend", discordtest.StringOpt("by", "90m"))
	if want := "мастер дал ещё 1 час 30 минут. Часы стоят; когда пойдут, останется 2 дня 30 минут"; !strings.Contains(r.Content, want) || count(w, chanAsai, want) != 1 {
		t.Fatalf("extend paused: %q; south: %q", r.Content, contentOf(w.srv.Messages().Under(chanAsai)))
	}
	gmSub(w, gm, "resume")
	// The battle's own deadline: 36 hours, from the next turn.
	r = gmSub(w, gm, "set", discordtest.StringOpt("key", "battle.turn_deadline"), discordtest.StringOpt("value", "36h"))
	if !strings.Contains(r.Content, "battle.turn_deadline = 36h") || !strings.Contains(r.Content, "со следующего хода") {
		t.Fatalf("set: %q", r.Content)
	}
	if r := gmSub(w, gm, "set", discordtest.StringOpt("key", "battle.turn_deadline"), discordtest.StringOpt("value", "soon")); !strings.Contains(r.Content, "не принимает «soon»") {
		t.Fatalf("a bad deadline setting: %q", r.Content)
	}
	clock.set(start.Add(3 * time.Hour))
	w.slash(gm, chanGM, "battle", discordtest.Subcommand("resolve", discordtest.StringOpt("battle", "Микатагахара"), discordtest.IntOpt("turn", 1)))
	if next := fmt.Sprintf("<t:%d:F>", start.Add(39*time.Hour).Unix()); count(w, chanOda, next) != 1 {
		t.Fatalf("turn 2 is not due 36 hours after it opened: %q", contentOf(w.srv.Messages().Under(chanOda)))
	}
	// The duration completes as it is typed.
	choices := w.choices(w.srv.Interactions().Autocomplete(w.guild, chanGM, gm, "battle", discordtest.Subcommand("extend",
		discordtest.StringOpt("battle", "Микатагахара"), discordtest.Focus(discordtest.StringOpt("by", "1д12ч")))))
	if len(choices) == 0 || choices[0].Value != "1d12h" || !strings.Contains(choices[0].Name, "1 день 12 часов") {
		t.Fatalf("completed: %+v", choices)
	}
}

// The reminder goes at the battle's remind_before, to each clan not ready
// in its own channel, mentions its role with allowed_mentions limited to
// that role, and lists its own units without an order (none of the
// enemy's); an extension makes it go again before the new deadline.
func TestExtendedDeadlineRemindsTheClanRole(t *testing.T) {
	t.Parallel()
	w, clock, start := clockWorld(t, 24*time.Hour)
	defer w.stop()
	gmSub(w, gm, "set", discordtest.StringOpt("key", "battle.remind_before"), discordtest.StringOpt("value", "2h"))
	w.roll(oda, chanOda)
	w.slash(oda, chanOda, "order", discordtest.StringOpt("unit", "n-yari"), discordtest.StringOpt("order", "move"), discordtest.IntOpt("phase", 1))
	const due = "срок приказов истекает"
	clock.set(start.Add(21 * time.Hour))
	w.b.Tick()
	if count(w, chanOda, due)+count(w, chanAsai, due) != 0 {
		t.Fatal("reminded 3 hours before the deadline")
	}
	clock.set(start.Add(22*time.Hour + time.Minute))
	w.b.Tick()
	deadline := start.Add(24 * time.Hour)
	for _, c := range []struct{ ch, role, own, enemy string }{{chanOda, roleOda, "n-yumi", "s-"}, {chanAsai, roleAsai, "s-yari", "n-"}} {
		var m *discordtest.Message
		for _, x := range w.srv.Messages().Under(c.ch) {
			if strings.Contains(x.Content, due) {
				m = &x
			}
		}
		if m == nil {
			t.Fatalf("channel %s was not reminded: %q", c.ch, contentOf(w.srv.Messages().Under(c.ch)))
		}
		if !strings.HasPrefix(m.Content, "<@&"+c.role+">") || strings.Count(m.Content, "<@") != 1 ||
			!strings.Contains(m.Content, fmt.Sprintf("%s <t:%d:R>", due, deadline.Unix())) ||
			!strings.Contains(m.Content, "Без приказа") || !strings.Contains(m.Content, c.own) || strings.Contains(m.Content, c.enemy) {
			t.Fatalf("the reminder in %s: %q", c.ch, m.Content)
		}
		// Discord pings whom allowed_mentions lets it: the clan's role only.
		var body struct {
			AllowedMentions *struct {
				Parse []string `json:"parse"`
				Roles []string `json:"roles"`
				Users []string `json:"users"`
			} `json:"allowed_mentions"`
		}
		for _, call := range w.srv.Calls() {
			if call.Method == "POST" && call.Route == "/channels/"+m.ChannelID+"/messages" && strings.Contains(string(call.JSON), due) {
				if err := json.Unmarshal(call.JSON, &body); err != nil {
					t.Fatal(err)
				}
			}
		}
		if a := body.AllowedMentions; a == nil || a.Parse == nil || len(a.Parse) != 0 || len(a.Roles) != 1 || a.Roles[0] != c.role || len(a.Users) != 0 {
			t.Fatalf("allowed_mentions of the reminder in %s: %+v", c.ch, a)
		}
	}
	// North has ordered n-yari: it is not listed; South has not rolled.
	if text := contentOf(w.srv.Messages().Under(chanOda)); strings.Contains(text[strings.Index(text, due):], "n-yari") {
		t.Fatalf("a unit with an order is listed: %q", text)
	}
	if !strings.Contains(contentOf(w.srv.Messages().Under(chanAsai)), "Командный бросок ещё не сделан") {
		t.Fatal("South is not told to roll")
	}
	w.b.Tick()
	if count(w, chanOda, due) != 1 {
		t.Fatal("reminded twice")
	}
	// An extension by a day: reminded again 2 hours before the new deadline.
	gmSub(w, gm, "extend", discordtest.StringOpt("by", "1d"))
	clock.set(start.Add(46*time.Hour + time.Minute))
	w.b.Tick()
	if count(w, chanOda, due) != 2 || count(w, chanAsai, due) != 2 {
		t.Fatalf("not reminded again after the extension: %q", contentOf(w.srv.Messages().Under(chanOda)))
	}
}

// A side that said it is ready is not reminded: only the side not ready
// is.
func TestExtendReminderSkipsTheReadySide(t *testing.T) {
	t.Parallel()
	w, clock, start := clockWorld(t, 24*time.Hour)
	defer w.stop()
	w.roll(oda, chanOda)
	w.slash(oda, chanOda, "orders", discordtest.BoolOpt("ready", true))
	clock.set(start.Add(19 * time.Hour))
	w.b.Tick()
	if n := count(w, chanOda, "срок приказов истекает"); n != 0 {
		t.Fatalf("the ready side was reminded %d times", n)
	}
	if n := count(w, chanAsai, "срок приказов истекает"); n != 1 {
		t.Fatalf("the side not ready was reminded %d times", n)
	}
}

// /battle set completes the clock's settings too, with the battle's
// values, and their values as typed.
func TestExtendSettingsComplete(t *testing.T) {
	t.Parallel()
	w, _, _ := clockWorld(t, 24*time.Hour)
	defer w.stop()
	gmSub(w, gm, "set", discordtest.StringOpt("key", "battle.remind_before"), discordtest.StringOpt("value", "2h"))
	set := func(opts ...discordtest.Option) []string {
		var names []string
		for _, c := range w.choices(w.srv.Interactions().Autocomplete(w.guild, chanGM, gm, "battle", discordtest.Subcommand("set",
			append([]discordtest.Option{discordtest.StringOpt("battle", "Микатагахара")}, opts...)...))) {
			names = append(names, fmt.Sprint(c.Value)+" | "+c.Name)
		}
		return names
	}
	if got := strings.Join(set(discordtest.Focus(discordtest.StringOpt("key", "remind"))), "; "); got != "battle.remind_before | battle.remind_before (сейчас: 2h)" {
		t.Fatalf("keys «remind»: %s", got)
	}
	if got := set(discordtest.StringOpt("key", "battle.turn_deadline"), discordtest.Focus(discordtest.StringOpt("value", "36ч"))); len(got) == 0 || got[0] != "1d12h | 1d12h — 1 день 12 часов" {
		t.Fatalf("values «36ч»: %v", got)
	}
}
