package bot_test

import (
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/gunbai/gunbai/bot/discordtest"
	"github.com/gunbai/gunbai/game"
)

// startedWorld has a battle created and started, both sides rolled.
func startedWorld(t *testing.T) *world {
	w := newWorld(t)
	w.start()
	w.create("Анэгава")
	w.slash(gm, chanGM, "battle", discordtest.Subcommand("start", discordtest.StringOpt("battle", "Анэгава")))
	w.roll(oda, chanOda)
	w.roll(asai, chanAsai)
	return w
}

func resolve(w *world, turn int64) discordtest.Response {
	return w.slash(gm, chanGM, "battle", discordtest.Subcommand("resolve", discordtest.StringOpt("battle", "Анэгава"), discordtest.IntOpt("turn", turn)))
}

// pictures counts the turn pictures posted in a channel.
func pictures(w *world, ch string) int {
	n := 0
	for _, m := range w.srv.Messages().Under(ch) {
		for _, f := range m.Files {
			if strings.HasSuffix(f.Name, ".png") {
				n++ // a turn's results: its field (its replay GIF beside it)
			}
		}
	}
	return n
}

// owed is what the store still owes Discord.
func owed(w *world) int {
	posts, err := (&game.Service{Store: w.st}).Posts().Owed()
	if err != nil {
		w.t.Fatal(err)
	}
	return len(posts)
}

// Discord's 5xx do not lose a result: the turn's posts wait in the outbox,
// the GM is told they are queued, and they are delivered once, in order,
// when Discord takes them again.
func TestOutboxRetriesAfterServerErrorsFault(t *testing.T) {
	t.Parallel()
	w := startedWorld(t)
	defer w.stop()
	clear := w.srv.Faults().Fail(discordtest.FaultMatch{Method: "POST", Route: "/channels/{channel_id}/messages", ChannelID: chanAsai, Count: 3}, discordtest.ServerError())
	defer clear()
	r := resolve(w, 1)
	if !strings.Contains(r.Content, "рассчитан") || !strings.Contains(r.Content, "В очереди") {
		t.Fatalf("the GM's answer: %q", r.Content)
	}
	if pictures(w, chanOda) != 1 || pictures(w, chanGM) != 1 {
		t.Fatal("the other channels waited for the failing one")
	}
	if !w.srv.WaitFor(func() bool { return pictures(w, chanAsai) == 1 && owed(w) == 0 }, wait) {
		t.Fatalf("not delivered after the faults: %d pictures, %d owed", pictures(w, chanAsai), owed(w))
	}
	w.b.Wait()
	text := contentOf(w.srv.Messages().Under(chanAsai))
	if strings.Count(text, "ход 1. Зерно костей") != 1 || strings.Count(text, "ход 2 открыт") != 1 ||
		strings.Index(text, "ход 1. Зерно костей") > strings.Index(text, "ход 2 открыт") {
		t.Fatalf("South's channel, in order and once each: %q", text)
	}
}

// A rate limit holds back only its channel, for as long as Discord says.
func TestOutboxRateLimitWaitsItsChannelFault(t *testing.T) {
	t.Parallel()
	w := startedWorld(t)
	defer w.stop()
	clear := w.srv.Faults().Fail(discordtest.FaultMatch{Method: "POST", Route: "/channels/{channel_id}/messages", ChannelID: chanOda}, discordtest.RateLimited(150*time.Millisecond))
	defer clear()
	resolve(w, 1)
	if pictures(w, chanAsai) != 1 || pictures(w, chanGM) != 1 {
		t.Fatal("a rate limit in one channel held back the others")
	}
	if !w.srv.WaitFor(func() bool { return pictures(w, chanOda) == 1 && owed(w) == 0 }, wait) {
		t.Fatal("the rate-limited channel never got its post")
	}
}

// A channel that refuses the bot for good (50013) is reported to the GM
// once, in the GM's language, naming the channel and what the bot lacks;
// the GM's answer says so; the rest of the battle goes on.
func TestOutboxMissingPermissionsReportedOnceFault(t *testing.T) {
	t.Parallel()
	w := startedWorld(t)
	defer w.stop()
	w.srv.Guilds().SetChannelOverwrites(chanAsai,
		&discordgo.PermissionOverwrite{ID: w.guild, Type: discordgo.PermissionOverwriteTypeRole, Deny: discordgo.PermissionViewChannel},
		&discordgo.PermissionOverwrite{ID: roleAsai, Type: discordgo.PermissionOverwriteTypeRole, Allow: discordgo.PermissionViewChannel},
		&discordgo.PermissionOverwrite{ID: roleBot, Type: discordgo.PermissionOverwriteTypeRole, Allow: discordgo.PermissionViewChannel | discordgo.PermissionSendMessages, Deny: discordgo.PermissionAttachFiles})
	clear := w.srv.Faults().Fail(discordtest.FaultMatch{Method: "POST", Route: "/channels/{channel_id}/messages", ChannelID: chanAsai, Count: discordtest.Always}, discordtest.MissingPermissions())
	defer clear()
	r := resolve(w, 1)
	if !strings.Contains(r.Content, "Не удалось отправить") || !strings.Contains(r.Content, "<#"+chanAsai+">") {
		t.Fatalf("the GM's answer: %q", r.Content)
	}
	reports := func() int {
		return strings.Count(contentOf(w.srv.Messages().Under(chanGM)), "не отправлено")
	}
	if n := reports(); n != 1 || !strings.Contains(contentOf(w.srv.Messages().Under(chanGM)), "прикрепление файлов") {
		t.Fatalf("%d reports: %q", n, contentOf(w.srv.Messages().Under(chanGM)))
	}
	w.roll(oda, chanOda)
	w.roll(asai, chanAsai)
	resolve(w, 2)
	if n := reports(); n != 1 || owed(w) != 0 {
		t.Fatalf("after a second turn: %d reports, %d owed", n, owed(w))
	}
	if pictures(w, chanOda) != 2 {
		t.Fatal("North's channel stopped getting its turns")
	}
}

// A post sent again after a crash between Discord's answer and the removal
// from the outbox is not posted twice: its nonce makes Discord return the
// first message (enforce_nonce).
func TestOutboxNonceKeepsACrashFromPostingTwice(t *testing.T) {
	t.Parallel()
	w := startedWorld(t)
	defer w.stop()
	before := len(w.srv.Messages().Under(chanOda))
	// Discord takes the message but the answer never arrives: to the bot
	// it is a failed attempt, to be made again.
	clear := w.srv.Faults().Fail(discordtest.FaultMatch{Method: "POST", Route: "/channels/{channel_id}/messages", ChannelID: chanOda}, discordtest.Fault{Status: 502, Message: "lost answer", Deliver: true})
	defer clear()
	w.slash(gm, chanGM, "battle", discordtest.Subcommand("fix", discordtest.StringOpt("battle", "Анэгава"),
		discordtest.StringOpt("who", "n-yari"), discordtest.StringOpt("field", "figures"), discordtest.StringOpt("value", "9")))
	if !w.srv.WaitFor(func() bool { return owed(w) == 0 }, wait) {
		t.Fatal("the fix notice was never delivered")
	}
	if got := w.srv.Messages().Under(chanOda)[before:]; len(got) != 1 {
		t.Fatalf("%d messages for one notice: %q", len(got), contentOf(got))
	}
}

// /battle resolve names its turn: given twice (a GM retrying after Discord
// lost the answer, or racing the sides' ready) it resolves once and says so.
func TestIdempotentResolve(t *testing.T) {
	t.Parallel()
	w := startedWorld(t)
	defer w.stop()
	resolve(w, 1)
	n := pictures(w, chanOda)
	r := resolve(w, 1)
	if !strings.Contains(r.Content, "уже рассчитан") || pictures(w, chanOda) != n {
		t.Fatalf("a second resolve of turn 1: %q, %d pictures", r.Content, pictures(w, chanOda))
	}
	if r := resolve(w, 3); !strings.Contains(r.Content, "не принимает приказов") {
		t.Fatalf("a turn not open: %q", r.Content)
	}
	// The turn it takes is offered: the one taking orders now.
	ac := w.answers(w.srv.Interactions().Autocomplete(w.guild, chanGM, gm, "battle", discordtest.Subcommand("resolve",
		discordtest.StringOpt("battle", "Анэгава"), discordtest.Focus(discordtest.IntOpt("turn", 0)))))
	if !strings.Contains(string(ac[0].Data), `"value":2`) {
		t.Fatalf("turn choices: %s", ac[0].Data)
	}
}

// A start given twice does not end the deployment turn's scouting by
// itself; a finish given twice says the battle is finished.
func TestIdempotentStartAndFinish(t *testing.T) {
	t.Parallel()
	w := sekigaharaWorld(t)
	defer w.stop()
	start := discordtest.Subcommand("start", discordtest.StringOpt("battle", "Сэкигахара"))
	w.slash(gm, chanGM, "battle", start)
	if r := w.slash(gm, chanGM, "battle", start); !strings.Contains(r.Content, "/битва начать закончить_разведку:true") {
		t.Fatalf("a second start during scouting: %q", r.Content)
	}
	finish := discordtest.Subcommand("finish", discordtest.StringOpt("battle", "Сэкигахара"))
	w.slash(gm, chanGM, "battle", finish)
	if r := w.slash(gm, chanGM, "battle", finish); !strings.Contains(r.Content, "уже завершена") {
		t.Fatalf("a second finish: %q", r.Content)
	}
}

// A /roll whose answer was lost is recovered: /roll again shows the roll
// as it stands, its buttons with it, and rerolls nothing.
func TestIdempotentRollAnswerLost(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	w.start()
	defer w.stop()
	w.create("Анэгава")
	w.slash(gm, chanGM, "battle", discordtest.Subcommand("start", discordtest.StringOpt("battle", "Анэгава")))
	clear := w.srv.Faults().Fail(discordtest.FaultMatch{Method: "PATCH", Route: "/webhooks/**", UserID: asai.UserID, Count: discordtest.Always}, discordtest.UnknownInteraction())
	w.slash(asai, chanAsai, "roll", discordtest.StringOpt("stake", "high"))
	clear()
	r := w.slash(asai, chanAsai, "roll", discordtest.StringOpt("stake", "low"))
	if !strings.Contains(r.Content, "already made") || !strings.Contains(r.Content, "high stake") {
		t.Fatalf("the roll again: %q", r.Content)
	}
	if !strings.Contains(r.Content, "success") && len(r.Components) == 0 {
		t.Fatalf("a failed open roll came back without its buttons: %+v", r)
	}
}

// A player whose DMs are closed (50007) is told in his own answer that the
// copy of his orders did not reach him; the order stands.
func TestOutboxClosedDMIsToldInTheAnswerFault(t *testing.T) {
	t.Parallel()
	w := startedWorld(t)
	defer w.stop()
	clear := w.srv.Faults().Fail(discordtest.FaultMatch{Method: "POST", Route: "/channels/{channel_id}/messages", UserID: oda.UserID, Count: discordtest.Always}, discordtest.CannotSendToUser())
	defer clear()
	rs := w.answers(w.srv.Interactions().SlashCommand(w.guild, chanOda, oda, "order", discordtest.StringOpt("unit", "n-yari"), discordtest.StringOpt("order", "move")))
	var followup string
	for _, r := range rs {
		if r.Kind == discordtest.KindFollowup {
			followup += r.Content
		}
	}
	if !strings.Contains(followup, "личные сообщения") || owed(w) != 0 {
		t.Fatalf("followups %q, %d owed; answers %+v", followup, owed(w), rs)
	}
}

// /battle create checks the channels before anything is stored: three
// distinct ones, each closed to the other clan, the GM's closed to both,
// the bot able to post pictures in each.
func TestChannelsCheckedAtCreateLeak(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	w.start()
	defer w.stop()
	opts := func(north, south, gmCh string) discordtest.Option {
		return discordtest.Subcommand("create", discordtest.StringOpt("name", "Анэгава"),
			discordtest.RoleOpt("north_role", roleOda), discordtest.ChannelOpt("north_channel", north),
			discordtest.RoleOpt("south_role", roleAsai), discordtest.ChannelOpt("south_channel", south),
			discordtest.ChannelOpt("gm_channel", gmCh))
	}
	if r := w.slash(gm, chanGM, "battle", opts(chanOda, chanOda, chanGM)); !strings.Contains(r.Content, "тремя разными") {
		t.Fatalf("one channel for both clans: %q", r.Content)
	}
	// South's role may see North's channel.
	w.srv.Guilds().SetChannelOverwrites(chanOda, append(channelOverwrites(w.guild, roleOda),
		&discordgo.PermissionOverwrite{ID: roleAsai, Type: discordgo.PermissionOverwriteTypeRole, Allow: discordgo.PermissionViewChannel})...)
	if r := w.slash(gm, chanGM, "battle", opts(chanOda, chanAsai, chanGM)); !strings.Contains(r.Content, "виден роли <@&"+roleAsai+">") {
		t.Fatalf("North's channel open to South: %q", r.Content)
	}
	w.srv.Guilds().SetChannelOverwrites(chanOda, channelOverwrites(w.guild, roleOda)...)
	// The bot may not attach files in the GM channel.
	w.srv.Guilds().SetChannelOverwrites(chanGM,
		&discordgo.PermissionOverwrite{ID: w.guild, Type: discordgo.PermissionOverwriteTypeRole, Deny: discordgo.PermissionViewChannel},
		&discordgo.PermissionOverwrite{ID: roleBot, Type: discordgo.PermissionOverwriteTypeRole, Allow: discordgo.PermissionViewChannel | discordgo.PermissionSendMessages, Deny: discordgo.PermissionAttachFiles})
	if r := w.slash(gm, chanGM, "battle", opts(chanOda, chanAsai, chanGM)); !strings.Contains(r.Content, "прикрепление файлов") {
		t.Fatalf("no Attach Files in the GM channel: %q", r.Content)
	}
	if all, _ := (&game.Service{Store: w.st}).Battles(w.guild); len(all) != 0 {
		t.Fatalf("a refused create stored a battle: %+v", all)
	}
}

// Every request the bot made in these tests was checked against Discord's
// own OpenAPI description, and every answer of the fake too.
func TestOpenAPIEveryCallValidated(t *testing.T) {
	t.Parallel()
	w := startedWorld(t)
	resolve(w, 1)
	w.stop()
	req, resp := w.srv.Validated()
	if req < 20 || resp < 20 || len(w.srv.Violations()) != 0 {
		t.Fatalf("validated %d requests and %d responses; violations %+v", req, resp, w.srv.Violations())
	}
}

// The gateway may ask the bot to reconnect (op 7), invalidate its session
// (op 9) or drop the connection: each time discordgo comes back and the bot
// answers the next command as before.
func TestGatewayFaultsBotKeepsAnsweringFault(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	w.reconnect = true
	w.start()
	defer w.stop()
	// discordgo v0.29 mishandles op 7 before its first heartbeat.
	if !w.srv.WaitFor(func() bool { return w.srv.Gateway().HeartbeatAcks() > 0 }, wait) {
		t.Fatal("no heartbeat")
	}
	list := discordtest.Subcommand("list")
	for _, fault := range []struct {
		name string
		do   func()
	}{
		{"reconnect", w.srv.Gateway().Reconnect},
		{"invalid session, resumable", func() { w.srv.Gateway().InvalidSession(true) }},
		{"invalid session", func() { w.srv.Gateway().InvalidSession(false) }},
		{"dropped connection", w.srv.Gateway().DropConnection},
	} {
		before := len(w.srv.Gateway().Identifies())
		fault.do()
		// The next command reaches the bot once it is back.
		ok := w.srv.WaitFor(func() bool {
			id, err := w.srv.Interactions().Dispatch(w.srv.Interactions().SlashCommand(w.guild, chanGM, gm, "battle", list))
			if err != nil {
				return false
			}
			return w.srv.WaitFor(func() bool { return len(w.srv.Interactions().Responses(id)) > 1 }, time.Second)
		}, wait)
		if !ok {
			t.Fatalf("after %s the bot did not answer (identifies %d -> %d)", fault.name, before, len(w.srv.Gateway().Identifies()))
		}
	}
}

// Where the bot names a player (his clan's summary of its orders, who said
// ready), it names him as Discord shows him: his nickname in the guild,
// else his display name, never his username when he has either.
func TestPlayersNamedAsDiscordShowsThem(t *testing.T) {
	t.Parallel()
	w := startedWorld(t)
	defer w.stop()
	nick := discordtest.Member{UserID: "700000000000000012", Username: "nobunaga_1534", GlobalName: "Nobunaga", Nick: "Ода Нобунага", Roles: []string{roleOda}, Locale: "ru"}
	global := discordtest.Member{UserID: "700000000000000013", Username: "azai_n", GlobalName: "Azai Nagamasa", Roles: []string{roleAsai}, Locale: "en-US"}
	if r := w.slash(nick, chanOda, "order", discordtest.StringOpt("unit", "n-yari"), discordtest.StringOpt("order", "move")); !strings.Contains(r.Content, "n-yari") {
		t.Fatalf("order: %q", r.Content)
	}
	w.slash(nick, chanOda, "orders", discordtest.BoolOpt("ready", true))
	w.slash(global, chanAsai, "order", discordtest.StringOpt("unit", "s-teppo"), discordtest.StringOpt("order", "wait"))
	if !w.srv.WaitFor(func() bool { return owed(w) == 0 }, wait) {
		t.Fatal("posts never delivered")
	}
	north, south := contentOf(w.srv.Messages().Under(chanOda)), contentOf(w.srv.Messages().Under(chanAsai))
	if !strings.Contains(north, "• Ода Нобунага отдал:") || !strings.Contains(north, "• Ода Нобунага: готово") || !strings.Contains(north, "готов (Ода Нобунага)") {
		t.Fatalf("North's channel does not name its player by his nickname:\n%s", north)
	}
	if !strings.Contains(south, "Azai Nagamasa") {
		t.Fatalf("South's channel does not name its player by his display name:\n%s", south)
	}
	for _, ch := range []string{north, south} {
		if strings.Contains(ch, "nobunaga_1534") || strings.Contains(ch, "azai_n") || strings.Contains(ch, "кто-то") || strings.Contains(ch, "someone") {
			t.Fatalf("a player named by his username, or not at all:\n%s", ch)
		}
	}
}
