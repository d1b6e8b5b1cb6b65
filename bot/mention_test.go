package bot_test

import (
	"strings"
	"testing"

	"github.com/gunbai/gunbai/bot/discordtest"
)

// What a player types is shown as text and pings nobody: an army-wide
// order's words `@everyone @here <@&role> **x**` reach the clan's summary
// escaped, every message (posts, answers, DMs) says whom it may ping
// (nobody here: the fake checks each at Cleanup, and this test reads the
// posts'). A battle's name goes into every channel's texts: one Discord
// would read as a mention or markup (`@everyone бой`, `<@&1>`, `**x**`) is
// refused at the door, in the GM's language, and nothing is created.
func TestMentionsInPlayerText(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	w.start()
	defer w.stop()
	for name, want := range map[string]string{
		"@everyone бой":            "В названии не может быть знака `` @ ``: Discord прочёл бы его как разметку или упоминание (нельзя: `` * _ ~ ` | < > @ [ ] \\ ``). Ничего не изменено.",
		"бой <@&" + roleAsai + ">": "В названии не может быть знака `` < ``: Discord прочёл бы его как разметку или упоминание (нельзя: `` * _ ~ ` | < > @ [ ] \\ ``). Ничего не изменено.",
		"**бой**":                  "В названии не может быть знака `` * ``: Discord прочёл бы его как разметку или упоминание (нельзя: `` * _ ~ ` | < > @ [ ] \\ ``). Ничего не изменено.",
	} {
		if r := w.create(name); r.Content != want {
			t.Fatalf("a battle named %q: %q", name, r.Content)
		}
	}
	if r := w.slash(gm, chanGM, "battle", discordtest.Subcommand("list")); strings.Contains(r.Content, "бой") {
		t.Fatalf("a refused battle was created: %q", r.Content)
	}
	w.create("Бой у реки")
	w.slash(gm, chanGM, "battle", discordtest.Subcommand("start", discordtest.StringOpt("battle", "Бой у реки")))
	w.roll(oda, chanOda)
	typed := "@everyone @here <@&" + roleAsai + "> **x**"
	r := w.slash(oda, chanOda, "order", discordtest.StringOpt("order", "general_advance"), discordtest.StringOpt("to", typed))
	shown := `\@everyone \@here \<\@&` + roleAsai + `\> \*\*x\*\*`
	if !strings.Contains(r.Content, shown) {
		t.Fatalf("the order's answer does not show the words as typed: %q", r.Content)
	}
	w.b.Wait()
	summary := ""
	for _, ch := range []string{chanGM, chanOda, chanAsai} {
		msgs := w.srv.Messages().Under(ch)
		if len(msgs) == 0 || !strings.Contains(contentOf(msgs), "Бой у реки") {
			t.Fatalf("channel %s got no post of the battle: %q", ch, contentOf(msgs))
		}
		for _, m := range botPosts(msgs) { // Discord's notice of the thread is not the bot's post
			if am := m.AllowedMentions; am == nil || am.Parse == nil || len(am.Parse) != 0 || len(am.Roles) != 0 || len(am.Users) != 0 {
				t.Fatalf("a post in %s may ping: %+v: %q", ch, am, m.Content)
			}
			if strings.Contains(m.Content, typed) {
				t.Fatalf("a post in %s shows the player's words raw: %q", ch, m.Content)
			}
			if strings.Contains(m.Content, shown) {
				summary = m.Content
			}
		}
	}
	if summary == "" {
		t.Fatalf("the clan's summary does not show the order's words as typed: %q", contentOf(w.srv.Messages().Under(chanOda)))
	}
	for _, m := range w.srv.Messages().DMs(oda.UserID) {
		if am := m.AllowedMentions; am == nil || am.Parse == nil || len(am.Parse) != 0 {
			t.Fatalf("a DM may ping: %+v: %q", am, m.Content)
		}
	}
}

// A text longer than its limit is refused, the limit named in the
// caller's language, and nothing changes.
func TestMentionTextsBounded(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	w.start()
	defer w.stop()
	long := strings.Repeat("@everyone ", 15) // 150 characters
	r := w.slash(gm, chanGM, "battle", discordtest.Subcommand("create", discordtest.StringOpt("name", strings.Repeat("бой ", 20)),
		discordtest.RoleOpt("north_role", roleOda), discordtest.ChannelOpt("north_channel", chanOda),
		discordtest.RoleOpt("south_role", roleAsai), discordtest.ChannelOpt("south_channel", chanAsai),
		discordtest.ChannelOpt("gm_channel", chanGM)))
	if want := "Параметр «название» слишком длинный: не больше 64 символов, а в нём 80. Ничего не изменено."; r.Content != want {
		t.Fatalf("an 80-character battle name: %q", r.Content)
	}
	if r := w.slash(gm, chanGM, "battle", discordtest.Subcommand("list")); strings.Contains(r.Content, "бой бой") {
		t.Fatalf("the refused battle was created: %q", r.Content)
	}
	w.create("Нагасино")
	w.slash(gm, chanGM, "battle", discordtest.Subcommand("start", discordtest.StringOpt("battle", "Нагасино")))
	w.roll(oda, chanOda)
	w.roll(asai, chanAsai)
	before := len(w.srv.Messages().Under(chanOda))
	r = w.slash(oda, chanOda, "order", discordtest.StringOpt("order", "general_advance"), discordtest.StringOpt("to", long))
	if want := "Параметр «куда» слишком длинный: не больше 100 символов, а в нём 150. Ничего не изменено."; r.Content != want {
		t.Fatalf("a 150-character order, RU: %q", r.Content)
	}
	r = w.slash(asai, chanAsai, "order", discordtest.StringOpt("order", "general_advance"), discordtest.StringOpt("to", long))
	if want := "Option “to” is too long: at most 100 characters, and it has 150. Nothing was changed."; r.Content != want {
		t.Fatalf("a 150-character order, EN: %q", r.Content)
	}
	w.b.Wait()
	if got := contentOf(w.srv.Messages().Under(chanOda)[before:]); got != "" {
		t.Fatalf("a refused order was posted: %q", got)
	}
	for _, m := range []discordtest.Member{oda, asai} {
		if r := w.slash(m, map[string]string{oda.UserID: chanOda, asai.UserID: chanAsai}[m.UserID], "orders"); strings.Contains(r.Content, "everyone") {
			t.Fatalf("a refused order was kept: %q", r.Content)
		}
	}
	// Discord's client is told the limits too.
	for _, c := range w.srv.Interactions().Commands(w.guild) {
		if c.Name != "order" {
			continue
		}
		for _, o := range c.Options {
			if o.Name == "to" && o.MaxLength != 100 {
				t.Fatalf("/order to: registered with max_length %d", o.MaxLength)
			}
		}
	}
}
