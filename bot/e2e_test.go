package bot_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"image/gif"
	"image/png"
	"io"
	"log"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/bwmarrin/discordgo"

	"github.com/gunbai/gunbai/bot"
	"github.com/gunbai/gunbai/bot/discordtest"
	"github.com/gunbai/gunbai/engine"
	"github.com/gunbai/gunbai/game"
	"github.com/gunbai/gunbai/store"
)

// Waiting for the bot's asynchronous answers is bounded so a broken bot
// fails the test instead of hanging it; the bound says nothing about speed.
const wait = 15 * time.Second

const (
	roleGM, roleOda, roleAsai = "900000000000000001", "900000000000000002", "900000000000000003"
	roleBot                   = "900000000000000009"
	chanGM, chanOda, chanAsai = "800000000000000001", "800000000000000002", "800000000000000003"
)

var (
	gm   = discordtest.Member{UserID: "700000000000000001", Username: "gm", Roles: []string{roleGM}, Locale: "ru"}
	oda  = discordtest.Member{UserID: "700000000000000002", Username: "nobunaga", Roles: []string{roleOda}, Locale: "ru"}
	asai = discordtest.Member{UserID: "700000000000000003", Username: "nagamasa", Roles: []string{roleAsai}, Locale: "en-US"}
)

// world is a fake Discord with a guild, its roles and channels, and a bot
// on a store file.
type world struct {
	t     testing.TB
	srv   *discordtest.Server
	guild string
	path  string
	st    *store.Store
	b     *bot.Bot
	svc   func(*game.Service) // adjusts the service before the bot starts
	// reconnect: discordgo reconnects after a gateway error, as in
	// production (the fake turns it off by default).
	reconnect bool
	// botOpt adjusts the bot's options before it starts.
	botOpt func(*bot.Options)
}

func newWorld(t testing.TB) *world {
	srv := discordtest.New(t)
	w := &world{t: t, srv: srv, guild: srv.GuildID(), path: filepath.Join(t.TempDir(), "gunbai.db")}
	t.Cleanup(func() { checkCustomIDs(t, srv.Calls()) }) // every custom ID the bot sent parses
	srv.Guilds().SetRoles(w.guild, []*discordgo.Role{
		{ID: w.guild, Name: "@everyone", Permissions: discordgo.PermissionViewChannel | discordgo.PermissionSendMessages},
		{ID: roleGM, Name: "Мастер"}, {ID: roleOda, Name: "Ода"}, {ID: roleAsai, Name: "Асаи"},
		{ID: roleBot, Name: "Gunbai", Permissions: bot.InvitePermissions},
	})
	srv.Guilds().SetMemberRoles(w.guild, srv.AppID(), roleBot)
	// Set up as README says: each channel hidden from @everyone, open to
	// its own role and to the bot.
	for ch, role := range map[string]string{chanGM: roleGM, chanOda: roleOda, chanAsai: roleAsai} {
		srv.Guilds().SetChannel(&discordgo.Channel{ID: ch, GuildID: w.guild, Type: discordgo.ChannelTypeGuildText, Name: "ch-" + ch[len(ch)-1:],
			PermissionOverwrites: channelOverwrites(w.guild, role)})
	}
	return w
}

// channelOverwrites keep a channel to one role and the bot.
func channelOverwrites(guild, role string) []*discordgo.PermissionOverwrite {
	return []*discordgo.PermissionOverwrite{
		{ID: guild, Type: discordgo.PermissionOverwriteTypeRole, Deny: discordgo.PermissionViewChannel},
		{ID: role, Type: discordgo.PermissionOverwriteTypeRole, Allow: discordgo.PermissionViewChannel | discordgo.PermissionSendMessages},
		{ID: roleBot, Type: discordgo.PermissionOverwriteTypeRole, Allow: bot.InvitePermissions},
	}
}

// start runs a bot on the store file, as `gunbai run` does.
func (w *world) start() {
	st, err := store.Open(w.path, store.Options{})
	if err != nil {
		w.t.Fatal(err)
	}
	sess, err := w.srv.Session("test-token")
	if err != nil {
		w.t.Fatal(err)
	}
	sess.ShouldReconnectOnError = w.reconnect
	w.st = st
	svc := &game.Service{Store: st}
	if w.svc != nil {
		w.svc(svc)
	}
	// Retries come quickly in tests; the wait doubles all the same.
	opt := bot.Options{GMRole: "Мастер", Locale: "ru", Log: log.New(testLogOut, "", 0), RetryBase: 20 * time.Millisecond}
	if w.botOpt != nil {
		w.botOpt(&opt)
	}
	w.b = bot.New(sess, svc, opt)
	registered := w.registrations()
	if err := w.b.Start(); err != nil {
		w.t.Fatal(err)
	}
	// The bot registers its commands when it is ready, then posts what a
	// crash left unposted: once this run's registration is seen, Wait
	// covers the rest of that work.
	if !w.srv.WaitFor(func() bool { return w.registrations() > registered }, wait) ||
		len(w.srv.Interactions().Commands(w.guild)) != len(bot.GuildCommands()) {
		w.t.Fatal("the bot did not register its commands")
	}
	w.b.Wait()
}

// registrations counts the bot's command registrations so far.
func (w *world) registrations() int {
	n := 0
	for _, c := range w.srv.Calls() {
		if c.Method == "PUT" && strings.HasSuffix(c.Route, "/guilds/"+w.guild+"/commands") {
			n++
		}
	}
	return n
}

// stop shuts the bot down as SIGTERM would.
func (w *world) stop() {
	if err := w.b.Close(); err != nil {
		w.t.Log("close:", err)
	}
	w.st.Close()
}

// answers sends an interaction and returns every answer the bot gave to
// it once it is done: the acknowledgement first, then the edit with the
// answer and any followups.
func (w *world) answers(i discordtest.Interaction) []discordtest.Response {
	w.t.Helper()
	id, err := w.srv.Interactions().Dispatch(i)
	if err != nil {
		w.t.Fatal(err)
	}
	if !w.srv.WaitFor(func() bool { return len(w.srv.Interactions().Responses(id)) > 0 }, wait) {
		w.t.Fatalf("no answer to %s", id)
	}
	w.b.Wait()
	return w.srv.Interactions().Responses(id)
}

// do sends an interaction and returns what its author finally sees: the
// answer edited into the acknowledgement (or the acknowledgement alone).
func (w *world) do(i discordtest.Interaction) discordtest.Response {
	w.t.Helper()
	rs := w.answers(i)
	for _, r := range rs[1:] {
		if r.Kind == discordtest.KindEditOriginal {
			return r
		}
	}
	return rs[0]
}

// choices sends an autocomplete interaction and returns the choices the
// bot offered.
func (w *world) choices(i discordtest.Interaction) []discordgo.ApplicationCommandOptionChoice {
	w.t.Helper()
	r := w.do(i)
	if r.Type != discordgo.InteractionApplicationCommandAutocompleteResult {
		w.t.Fatalf("autocomplete answered with %+v", r)
	}
	var data struct {
		Choices []discordgo.ApplicationCommandOptionChoice `json:"choices"`
	}
	if err := json.Unmarshal(r.Data, &data); err != nil {
		w.t.Fatal(err)
	}
	return data.Choices
}

// first sends an interaction and returns the bot's first answer: for a
// command, its acknowledgement.
func (w *world) first(m discordtest.Member, channel, name string, opts ...discordtest.Option) discordtest.Response {
	w.t.Helper()
	return w.answers(w.srv.Interactions().SlashCommand(w.guild, channel, m, name, opts...))[0]
}

func (w *world) final(m discordtest.Member, channel, name string, opts ...discordtest.Option) discordtest.Response {
	return w.slash(m, channel, name, opts...)
}

func (w *world) slash(m discordtest.Member, channel, name string, opts ...discordtest.Option) discordtest.Response {
	return w.do(w.srv.Interactions().SlashCommand(w.guild, channel, m, name, opts...))
}

// roll makes a player's command roll and accepts it.
func (w *world) roll(m discordtest.Member, channel string) {
	w.t.Helper()
	r := w.slash(m, channel, "roll", discordtest.StringOpt("stake", "low"))
	if !r.Ephemeral || !strings.Contains(r.Content, "2d6") && !strings.Contains(r.Content, "+") {
		w.t.Fatalf("roll answer: %+v", r)
	}
	if len(r.Components) > 0 {
		// The button is acknowledged by deferring the update of its
		// message, then the message is edited in place: no buttons left.
		// Its ID names the turn of the roll.
		row := r.Components[0].(*discordgo.ActionsRow)
		accept := row.Components[len(row.Components)-1].(*discordgo.Button).CustomID
		if !strings.HasPrefix(accept, "roll:") || !strings.HasSuffix(accept, ":accept") {
			w.t.Fatalf("the accept button: %q", accept)
		}
		us := w.answers(w.srv.Interactions().Button(w.guild, channel, m, accept))
		if us[0].Type != discordgo.InteractionResponseDeferredMessageUpdate || len(us) < 2 || len(us[1].Components) != 0 {
			w.t.Fatalf("accepting the roll: %+v", us)
		}
	}
}

func contentOf(msgs []discordtest.Message) string {
	var b strings.Builder
	for _, m := range msgs {
		b.WriteString(m.Content)
		b.WriteString("\n")
	}
	return b.String()
}

// A whole turn through the real discordgo client: a GM and two clans with
// a player each; create, start, roll, order, a restart in the middle of the
// turn, resolve; each clan gets its own picture and log, and nothing of one
// side's orders reaches the other.
func TestBattleThroughDiscord(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	w.start()

	// Russian names and descriptions are registered beside the English ones.
	for _, c := range w.srv.Interactions().Commands(w.guild) {
		if c.NameLocalizations == nil || (*c.NameLocalizations)[discordgo.Russian] == "" {
			t.Fatalf("command %s has no Russian name", c.Name)
		}
	}

	create := discordtest.Subcommand("create",
		discordtest.StringOpt("name", "Анэгава"),
		discordtest.RoleOpt("north_role", roleOda), discordtest.ChannelOpt("north_channel", chanOda),
		discordtest.RoleOpt("south_role", roleAsai), discordtest.ChannelOpt("south_channel", chanAsai),
		discordtest.ChannelOpt("gm_channel", chanGM))

	// A player is not a GM.
	if r := w.slash(oda, chanOda, "battle", create); !r.Ephemeral || !strings.Contains(r.Content, "только для мастера") {
		t.Fatalf("a player ran a GM command: %+v", r)
	}
	if r := w.slash(gm, chanGM, "battle", create); !r.Ephemeral || !strings.Contains(r.Content, "создана") {
		t.Fatalf("create: %+v", r)
	}
	// Before the start, a player adjusts his deployment; a wrong cell is
	// refused in his language.
	if r := w.slash(oda, chanOda, "deploy", discordtest.StringOpt("unit", "n-yumi"), discordtest.StringOpt("cell", "A23"), discordtest.StringOpt("facing", "E")); !r.Ephemeral || !strings.Contains(r.Content, "Расстановка изменена") || !strings.Contains(r.Content, "n-yumi — самураи-лучники, 8 фигур, A23") {
		t.Fatalf("deploy: %+v", r)
	}
	if r := w.slash(oda, chanOda, "deploy", discordtest.StringOpt("unit", "n-yumi"), discordtest.BoolOpt("save_ammo", true)); !strings.Contains(r.Content, "n-yumi — самураи-лучники, 8 фигур, A23, фронт В — беречь боеприпасы") {
		t.Fatalf("save ammo: %+v", r)
	}
	if r := w.slash(asai, chanAsai, "deploy", discordtest.StringOpt("unit", "s-yari"), discordtest.StringOpt("cell", "A13")); !strings.Contains(r.Content, "not in your deployment zones") {
		t.Fatalf("deploy outside the zones: %+v", r)
	}
	if r := w.slash(gm, chanGM, "battle", discordtest.Subcommand("start", discordtest.StringOpt("battle", "Анэгава"))); !strings.Contains(r.Content, "началась") {
		t.Fatalf("start: %+v", r)
	}
	// The turn's dice are committed in every channel before anyone rolls.
	for _, ch := range []string{chanOda, chanAsai, chanGM} {
		if !strings.Contains(contentOf(w.srv.Messages().Under(ch)), "sha256") {
			t.Fatalf("channel %s did not get the seed hash: %q", ch, contentOf(w.srv.Messages().Under(ch)))
		}
	}

	// Orders before the roll are refused; then both sides roll.
	if r := w.slash(oda, chanOda, "order", discordtest.StringOpt("unit", "n-yari"), discordtest.StringOpt("order", "move")); !strings.Contains(r.Content, "/бросок") {
		t.Fatalf("order before roll: %+v", r)
	}
	w.roll(oda, chanOda)
	w.roll(asai, chanAsai)

	// An order for an enemy unit is refused, in the player's language.
	r := w.slash(oda, chanOda, "order", discordtest.StringOpt("unit", "s-yari"), discordtest.StringOpt("order", "move"))
	if !r.Ephemeral || !strings.Contains(r.Content, "другой стороны") || !strings.Contains(r.Content, "s-yari") {
		t.Fatalf("enemy unit: %+v", r)
	}
	r = w.slash(asai, chanAsai, "order", discordtest.StringOpt("unit", "n-yari"), discordtest.StringOpt("order", "move"))
	if !strings.Contains(r.Content, "belongs to the other side") {
		t.Fatalf("enemy unit (en): %+v", r)
	}
	// Legal orders are accepted, answered only to their author.
	if r := w.slash(oda, chanOda, "order", discordtest.StringOpt("unit", "n-yari"), discordtest.StringOpt("order", "move"), discordtest.IntOpt("phase", 1)); !r.Ephemeral || !strings.Contains(r.Content, "Приказ принят") {
		t.Fatalf("north order: %+v", r)
	}
	if r := w.slash(asai, chanAsai, "order", discordtest.StringOpt("unit", "s-sohei"), discordtest.StringOpt("order", "move")); !r.Ephemeral || !strings.Contains(r.Content, "Order accepted") {
		t.Fatalf("south order: %+v", r)
	}
	if r := w.slash(oda, chanOda, "orders"); !strings.Contains(r.Content, "n-yari") || strings.Contains(r.Content, "s-sohei") ||
		!strings.Contains(r.Content, "n-hatamoto — тяжёлая конница, 8 фигур, A31") {
		t.Fatalf("/orders shows the wrong side: %+v", r)
	}

	// The bot dies in the middle of the turn and comes back: the accepted
	// orders are still there.
	w.stop()
	w.start()
	if r := w.slash(asai, chanAsai, "orders"); !strings.Contains(r.Content, "s-sohei") {
		t.Fatalf("orders lost in a restart: %+v", r)
	}

	// Nothing of one side's orders has reached the other side.
	northSees := contentOf(w.srv.Messages().Under(chanOda)) + contentOf(w.srv.Messages().DMs(oda.UserID))
	southSees := contentOf(w.srv.Messages().Under(chanAsai)) + contentOf(w.srv.Messages().DMs(asai.UserID))
	if strings.Contains(northSees, "s-sohei") || strings.Contains(southSees, "n-yari") {
		t.Fatalf("orders leaked:\nnorth: %s\nsouth: %s", northSees, southSees)
	}
	if !strings.Contains(contentOf(w.srv.Messages().DMs(oda.UserID)), "n-yari") {
		t.Fatal("the player's DM receipt is missing")
	}

	// The GM resolves: acknowledged at once (deferred), then the results.
	before := [3]int{len(w.srv.Messages().Under(chanOda)), len(w.srv.Messages().Under(chanAsai)), len(w.srv.Messages().Under(chanGM))}
	r = w.first(gm, chanGM, "battle", discordtest.Subcommand("resolve", discordtest.StringOpt("battle", "анэгава"), discordtest.IntOpt("turn", 1)))
	if r.Type != discordgo.InteractionResponseDeferredChannelMessageWithSource || !r.Ephemeral {
		t.Fatalf("resolve was not deferred: %+v", r)
	}
	t.Logf("resolve acknowledged %v after dispatch (Discord allows 3s)", r.SinceDispatch)
	for k, ch := range []string{chanOda, chanAsai, chanGM} {
		msgs := w.srv.Messages().Under(ch)[before[k]:]
		var pic, anim *discordtest.File
		for _, m := range msgs {
			for f := range m.Files {
				switch {
				case strings.HasSuffix(m.Files[f].Name, ".png"):
					pic = &m.Files[f]
				case strings.HasSuffix(m.Files[f].Name, ".gif"):
					anim = &m.Files[f]
				}
			}
		}
		if pic == nil || anim == nil {
			t.Fatalf("channel %s got no picture and replay: %v %v", ch, pic, anim)
		}
		if !strings.Contains(pic.Description, "ход 1") || !strings.Contains(anim.Description, "по шагам") {
			t.Fatalf("channel %s: the pictures' alt texts: %q / %q", ch, pic.Description, anim.Description)
		}
		img, err := png.Decode(bytes.NewReader(pic.Data))
		if err != nil || img.Bounds().Dx() < 400 {
			t.Fatalf("channel %s: the picture does not decode: %v", ch, err)
		}
		g, err := gif.DecodeAll(bytes.NewReader(anim.Data))
		if err != nil || len(g.Image) < 2 {
			t.Fatalf("channel %s: the replay does not decode as an animation: %v", ch, err)
		}
		log := contentOf(msgs)
		if !strings.Contains(log, "n-yari") || !strings.Contains(log, "s-sohei") || !strings.Contains(log, "Ход 1") {
			t.Fatalf("channel %s: the log is missing: %q", ch, log)
		}
		if !strings.Contains(log, "ход 2 открыт") {
			t.Fatalf("channel %s: turn 2 was not opened: %q", ch, log)
		}
		// Each clan's log opens with its own orders, the GM's with both.
		north, south := strings.Contains(log, "Север — отданные приказы"), strings.Contains(log, "Юг — отданные приказы")
		if want := [3][2]bool{{true, false}, {false, true}, {true, true}}[k]; north != want[0] || south != want[1] {
			t.Fatalf("channel %s: orders given by north %v, by south %v: %q", ch, north, south, log)
		}
	}
	if u := w.srv.UnexpectedCalls(); len(u) > 0 {
		t.Fatalf("unexpected Discord calls: %+v", u)
	}
	w.stop()
}

// The payloads of Discord's own documentation reach the bot; a command it
// does not know gets a polite answer, never silence or a crash.
func TestDiscordFixtures(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	w.start()
	defer w.stop()
	data, err := os.ReadFile("discordtest/testdata/fixtures/slash-command-interaction.json")
	if err != nil {
		t.Fatal(err)
	}
	if err := w.srv.Gateway().Dispatch("INTERACTION_CREATE", data); err != nil {
		t.Fatal(err)
	}
	const id = "786008729715212338" // the fixture's interaction id
	if !w.srv.WaitFor(func() bool { return len(w.srv.Interactions().Responses(id)) > 0 }, wait) {
		t.Fatal("no answer to Discord's example interaction")
	}
	r := w.srv.Interactions().Responses(id)[0]
	if !r.Ephemeral || !strings.Contains(r.Content, "cardsearch") || !strings.Contains(r.Content, "/battle") {
		t.Fatalf("answer: %+v", r)
	}
	// The same in English for an English locale is checked by the fixture's
	// own locale ("en-US").
	if !strings.Contains(r.Content, "I do not know") {
		t.Fatalf("the fixture's locale is en-US: %q", r.Content)
	}
	// Context-menu commands (user and message) from the same documentation
	// are answered politely too.
	for file, id := range map[string]string{
		"user-command-interaction.json":    "867794291820986368",
		"message-command-interaction.json": "867793873336926249",
	} {
		data, err := os.ReadFile("discordtest/testdata/fixtures/" + file)
		if err != nil {
			t.Fatal(err)
		}
		if err := w.srv.Gateway().Dispatch("INTERACTION_CREATE", data); err != nil {
			t.Fatal(err)
		}
		if !w.srv.WaitFor(func() bool { return len(w.srv.Interactions().Responses(id)) > 0 }, wait) {
			t.Fatalf("no answer to %s", file)
		}
		if r := w.srv.Interactions().Responses(id)[0]; !r.Ephemeral || !strings.Contains(r.Content, "I do not know") {
			t.Fatalf("%s: %+v", file, r)
		}
	}
}

// A bot that died after resolving a turn but before posting it posts the
// results when it comes back.
func TestUnpostedTurnIsPostedOnRestart(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	w.start()
	w.create("Сэкигахара")
	w.slash(gm, chanGM, "battle", discordtest.Subcommand("start", discordtest.StringOpt("battle", "Сэкигахара")))
	w.stop()

	// The resolving transaction commits, then the process dies before posting.
	st, err := store.Open(w.path, store.Options{})
	if err != nil {
		t.Fatal(err)
	}
	svc := &game.Service{Store: st}
	if _, err := svc.Resolve(w.guild, "сэкигахара", 1); err != nil {
		t.Fatal(err)
	}
	st.Close()
	n := len(w.srv.Messages().Under(chanOda))

	w.start()
	defer w.stop()
	if !w.srv.WaitFor(func() bool {
		for _, m := range w.srv.Messages().Under(chanOda)[n:] {
			if len(m.Files) > 0 {
				return true
			}
		}
		return false
	}, wait) {
		t.Fatal("the unposted turn was not posted after the restart")
	}
	w.b.Wait()
	if owed, err := (&game.Service{Store: w.st}).Posts().Owed(); err != nil || len(owed) != 0 {
		t.Fatalf("still owed after the restart: %+v %v", owed, err)
	}
	// The battle goes on: turn 2 is announced with its seed hash, and
	// nobody is told the battle is over.
	after := contentOf(w.srv.Messages().Under(chanOda)[n:])
	if strings.Contains(after, "окончена") || !strings.Contains(after, "ход 2 открыт") {
		t.Fatalf("after the restart: %q", after)
	}
}

// When both clans say they are ready, the turn resolves and is posted
// without the GM.
func TestReadySidesResolveThroughDiscord(t *testing.T) {
	t.Parallel()
	w := battleWorld(t)
	defer w.stop()
	w.roll(oda, chanOda)
	w.roll(asai, chanAsai)
	w.slash(oda, chanOda, "order", discordtest.StringOpt("unit", "n-yari"), discordtest.StringOpt("order", "move"))
	if r := w.slash(asai, chanAsai, "orders", discordtest.BoolOpt("spare", true)); !r.Ephemeral || !strings.Contains(r.Content, "Your side spares enemies") {
		t.Fatalf("spare: %+v", r)
	}
	n := len(w.srv.Messages().Under(chanOda))

	r := w.first(oda, chanOda, "orders", discordtest.BoolOpt("ready", true))
	if r.Type != discordgo.InteractionResponseDeferredChannelMessageWithSource {
		t.Fatalf("ready: %+v", r)
	}
	if len(w.srv.Messages().Under(chanOda)) != n {
		t.Fatal("one side ready must not resolve the turn")
	}
	w.slash(asai, chanAsai, "orders", discordtest.BoolOpt("ready", true))
	for _, ch := range []string{chanOda, chanAsai, chanGM} {
		if !w.srv.WaitFor(func() bool {
			for _, m := range w.srv.Messages().Under(ch) {
				if len(m.Files) > 0 {
					return true
				}
			}
			return false
		}, wait) {
			t.Fatalf("channel %s got no picture after both sides were ready", ch)
		}
	}
	if !strings.Contains(contentOf(w.srv.Messages().Under(chanOda)), "ход 2 открыт") {
		t.Fatal("turn 2 did not open")
	}
}

// A turn whose deadline passes is resolved and posted by the bot's ticker.
func TestDeadlineResolvesThroughDiscord(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	now := time.Date(2026, 11, 30, 12, 0, 0, 0, time.UTC)
	w.svc = func(s *game.Service) {
		s.TurnDeadline = time.Hour
		s.Now = func() time.Time { return now }
	}
	w.start()
	defer w.stop()
	w.create("Микатагахара")
	w.slash(gm, chanGM, "battle", discordtest.Subcommand("start", discordtest.StringOpt("battle", "Микатагахара")))
	want := fmt.Sprintf("<t:%d:F>", now.Add(time.Hour).Unix())
	if !strings.Contains(contentOf(w.srv.Messages().Under(chanOda)), want) {
		t.Fatalf("the deadline was not announced: %q", contentOf(w.srv.Messages().Under(chanOda)))
	}
	w.b.Tick()
	if text := contentOf(w.srv.Messages().Under(chanOda)); strings.Contains(text, "ход 2 открыт") || strings.Contains(text, "срок приказов истекает") {
		t.Fatalf("resolved or reminded too early: %q", text)
	}
	// In the last quarter of the time, the clans not ready are reminded.
	now = now.Add(50 * time.Minute)
	w.b.Tick()
	reminder := fmt.Sprintf("срок приказов истекает <t:%d:R>", now.Add(10*time.Minute).Unix())
	for _, ch := range []string{chanOda, chanAsai} {
		if strings.Count(contentOf(w.srv.Messages().Under(ch)), reminder) != 1 {
			t.Fatalf("channel %s was not reminded: %q", ch, contentOf(w.srv.Messages().Under(ch)))
		}
	}
	now = now.Add(2 * time.Hour)
	w.b.Tick()
	if !strings.Contains(contentOf(w.srv.Messages().Under(chanOda)), "ход 2 открыт") {
		t.Fatal("the deadline passed but the turn was not resolved")
	}
}

// Shinobi kept as guards by /deploy stop the enemy's at the start; each
// clan hears only of its own shinobi and its own guards (R-IV.4, R-IV.5.1).
func TestInfiltrationThroughDiscord(t *testing.T) {
	t.Parallel()
	w := sekigaharaWorld(t)
	defer w.stop()
	if r := w.slash(asai, chanAsai, "deploy", discordtest.IntOpt("guards", 5)); !r.Ephemeral || !strings.Contains(r.Content, "From 0 to 1 shinobi can guard the army, not 5") {
		t.Fatalf("too many guards: %+v", r)
	}
	if r := w.slash(oda, chanOda, "deploy", discordtest.IntOpt("guards", 1)); !strings.Contains(r.Content, "Охраняют армию синоби: 1; пытаться проникнуть в тыл врага будут: 0") {
		t.Fatalf("guards: %+v", r)
	}
	w.slash(gm, chanGM, "battle", discordtest.Subcommand("start", discordtest.StringOpt("battle", "Сэкигахара")))
	northText, southText := contentOf(w.srv.Messages().Under(chanOda)), contentOf(w.srv.Messages().Under(chanAsai))
	if !strings.Contains(northText, "охрана остановила синоби врага: 1") || strings.Contains(northText, "в тыл врага прон") {
		t.Fatalf("north channel: %q", northText)
	}
	if !strings.Contains(southText, "из 1 синоби в тыл врага проникли 0") || strings.Contains(southText, "охрана") {
		t.Fatalf("south channel: %q", southText)
	}
	if gmText := contentOf(w.srv.Messages().Under(chanGM)); !strings.Contains(gmText, "охрана остановила") || !strings.Contains(gmText, "проникли 0") {
		t.Fatalf("GM channel: %q", gmText)
	}
}

// The deployment turn's scouting through Discord: the report goes to the
// scout's player (in his language) and his clan's channel only; swaps are
// not announced; when both sides are done, turn 1 opens (R-IV.5, D-28).
func TestScoutingThroughDiscord(t *testing.T) {
	t.Parallel()
	w := sekigaharaWorld(t)
	defer w.stop()
	w.slash(gm, chanGM, "battle", discordtest.Subcommand("start", discordtest.StringOpt("battle", "Сэкигахара")))
	if text := contentOf(w.srv.Messages().Under(chanOda)); !strings.Contains(text, "армии расставлены") || !strings.Contains(text, "из 1 синоби в тыл врага проник 1") {
		t.Fatalf("north channel at the start: %q", text)
	}
	if r := w.slash(oda, chanOda, "roll", discordtest.StringOpt("stake", "low")); !strings.Contains(r.Content, "Битва «Сэкигахара» сейчас не принимает приказов") {
		t.Fatalf("a roll during scouting: %+v", r)
	}
	r := w.slash(asai, chanAsai, "scout", discordtest.StringOpt("cells", "A21 A22"))
	for _, want := range []string{"Scouting report", "A21: n-yari", "with it: shima", "A22: n-teppo", "The enemy HQ: A35"} {
		if !strings.Contains(r.Content, want) {
			t.Fatalf("report lacks %q: %+v", want, r)
		}
	}
	if !r.Ephemeral || !strings.Contains(contentOf(w.srv.Messages().Under(chanAsai)), "Донесение разведки") {
		t.Fatal("the report is not in the south channel")
	}
	if r := w.slash(asai, chanAsai, "scout", discordtest.StringOpt("swap", "s-yari s-yumi")); !strings.Contains(r.Content, "Swap noted") {
		t.Fatalf("swap: %+v", r)
	}
	// The done answer says what happened and what comes next.
	if r := w.slash(oda, chanOda, "scout", discordtest.BoolOpt("done", true)); r.Content != "Ваша сторона закончила разведку: больше разведать клетки или сделать обмен нельзя. Ход 1 откроется, когда закончит и противник, по сроку фазы или по решению мастера; тогда делайте командный бросок (/бросок) и отдавайте приказы (/приказ)." {
		t.Fatalf("north done: %q", r.Content)
	}
	if strings.Contains(contentOf(w.srv.Messages().Under(chanOda)), "ход 1 открыт") {
		t.Fatal("turn 1 opened with one side still scouting")
	}
	if r := w.slash(asai, chanAsai, "scout", discordtest.BoolOpt("done", true)); r.Content != "Your side has finished scouting, and so has the enemy: the swaps are made and turn 1 is open — make your command roll (/roll) and give orders (/order)." {
		t.Fatalf("south done, the last: %q", r.Content)
	}
	north := contentOf(w.srv.Messages().Under(chanOda))
	if !strings.Contains(north, "ход 1 открыт") {
		t.Fatalf("turn 1 did not open: %q", north)
	}
	for _, secret := range []string{"Донесение разведки", "n-yari", "s-yari"} {
		if strings.Contains(north, secret) {
			t.Fatalf("the north channel learnt %q: %q", secret, north)
		}
	}
}

// /battle start end_scouting:true at deployment starts the battle and
// ends its scouting at once: the infiltration told, no scouting phase,
// turn 1 open, in one command.
func TestStartEndingScoutingAtOnce(t *testing.T) {
	t.Parallel()
	w := sekigaharaWorld(t)
	defer w.stop()
	r := w.slash(gmEN, chanGM, "battle", discordtest.Subcommand("start", discordtest.StringOpt("battle", "Сэкигахара"), discordtest.BoolOpt("end_scouting", true)))
	if !strings.Contains(r.Content, "Battle “Сэкигахара” has started.") {
		t.Fatalf("start ending the scouting: %q", r.Content)
	}
	north := contentOf(w.srv.Messages().Under(chanOda))
	if !strings.Contains(north, "из 1 синоби в тыл врага проник 1") || !strings.Contains(north, "ход 1 открыт") || strings.Contains(north, "армии расставлены") {
		t.Fatalf("north channel: %q", north)
	}
	if r := w.slash(oda, chanOda, "scout", discordtest.StringOpt("cells", "B21 B22")); !strings.Contains(r.Content, "не в фазе разведки") {
		t.Fatalf("a scout after the scouting: %q", r.Content)
	}
	w.roll(oda, chanOda)
}

// sekigaharaWorld runs a bot that knows the GM scenario of
// game/testdata/sekigahara.toml (a shinobi a side) and creates a battle from it.
func sekigaharaWorld(t *testing.T) *world {
	w := newWorld(t)
	w.svc = func(s *game.Service) {
		sc, err := game.LoadScenarios([]string{"../game/testdata/sekigahara.toml"})
		if err != nil {
			t.Fatal(err)
		}
		s.Scenarios = sc
	}
	w.start()
	w.create("Сэкигахара", discordtest.StringOpt("scenario", "sekigahara"))
	return w
}

// Unit options are completed by the bot: a player is offered his own units,
// and for a target the enemy units his side sees (from turn 1: D-70), in his
// language.
func TestUnitAutocompleteThroughDiscord(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	w.start()
	defer w.stop()
	w.create("Нагасино")
	choices := func(m discordtest.Member, channel, command string, opts ...discordtest.Option) []discordgo.ApplicationCommandOptionChoice {
		t.Helper()
		return w.choices(w.srv.Interactions().Autocomplete(w.guild, channel, m, command, opts...))
	}
	got := choices(oda, chanOda, "deploy", discordtest.Focus(discordtest.StringOpt("unit", "YA")))
	if len(got) != 1 || got[0].Value != "n-yari" || got[0].Name != "n-yari — самураи-копейщики, A21" {
		t.Fatalf("own units for «YA»: %+v", got)
	}
	// Targets are the enemy units the side sees: none while deploying (D-70).
	if got := choices(asai, chanAsai, "order", discordtest.StringOpt("order", "shoot"), discordtest.StringOpt("unit", "s-teppo"), discordtest.Focus(discordtest.StringOpt("target", ""))); len(got) != 0 {
		t.Fatalf("targets in deployment: %+v", got)
	}
	w.slash(gm, chanGM, "battle", discordtest.Subcommand("start", discordtest.StringOpt("battle", "Нагасино")))
	got = choices(asai, chanAsai, "order", discordtest.StringOpt("order", "shoot"), discordtest.StringOpt("unit", "s-teppo"), discordtest.Focus(discordtest.StringOpt("target", "")))
	if len(got) != 6 {
		t.Fatalf("targets: %+v", got)
	}
	for _, c := range got {
		if !strings.HasPrefix(c.Value.(string), "n-") || !strings.Contains(c.Name, "—") {
			t.Fatalf("a target that is not a north unit: %+v", c)
		}
	}
	if got[0].Name != "n-hatamoto — heavy cavalry, A23" {
		t.Fatalf("English names: %+v", got[0])
	}
}

// /battle fix: only the GM; the side concerned and the GM channel are told,
// the enemy is not; the fix is told as a sentence in each reader's
// language, and a refused value is answered with the values allowed.
func TestGMFixThroughDiscord(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	w.start()
	defer w.stop()
	w.create("Нагасино")
	fix := func(m discordtest.Member, who, field, value string) discordtest.Response {
		return w.slash(m, chanGM, "battle", discordtest.Subcommand("fix", discordtest.StringOpt("battle", "Нагасино"),
			discordtest.StringOpt("who", who), discordtest.StringOpt("field", field), discordtest.StringOpt("value", value)))
	}
	if r := fix(oda, "n-uma", "figures", "4"); r.Content != "Эта команда только для мастера." {
		t.Fatalf("a player fixed the battle: %+v", r)
	}
	if r := fix(gm, "n-uma", "figures", "17"); !strings.Contains(r.Content, "«17»") || !strings.Contains(r.Content, "Можно: от 1 до 16.") {
		t.Fatalf("a bad value: %+v", r)
	}
	if r := fix(gmEN, "n-uma", "figures", "0"); !strings.Contains(r.Content, "Allowed: 1 to 16.") {
		t.Fatalf("a bad value in English: %+v", r)
	}
	if r := fix(gmEN, "n-uma", "status", "fleeing"); !strings.Contains(r.Content, "Allowed: ok (in good order), routing (routing), destroyed (destroyed), reserve (in the reserve), scattered (scattered).") {
		t.Fatalf("a bad status in English: %+v", r)
	}
	if r := fix(gm, "north", "hq", "D12"); !strings.Contains(r.Content, "Можно: none (без ставки) или клетка своих зон расстановки: A") {
		t.Fatalf("an HQ in the enemy's zones: %+v", r)
	}
	if r := fix(gm, "n-uma", "figures", "4"); !strings.Contains(r.Content, "Мастер исправил битву «Нагасино»: у отряда n-uma теперь 4 фигуры.") {
		t.Fatalf("fix: %+v", r)
	}
	if r := fix(gmEN, "n-uma", "fatigued", "true"); !strings.Contains(r.Content, "The GM corrected battle “Нагасино”: unit n-uma is now fatigued.") {
		t.Fatalf("fix in English: %+v", r)
	}
	odaCh, asaiCh, gmCh := contentOf(w.srv.Messages().Under(chanOda)), contentOf(w.srv.Messages().Under(chanAsai)), contentOf(w.srv.Messages().Under(chanGM))
	for _, want := range []string{"Мастер исправил битву «Нагасино»: у отряда n-uma теперь 4 фигуры.", "Мастер исправил битву «Нагасино»: отряд n-uma теперь утомлён."} {
		if !strings.Contains(odaCh, want) || !strings.Contains(gmCh, want) {
			t.Fatalf("the fix was not told as %q:\n%s\n%s", want, odaCh, gmCh)
		}
	}
	if strings.Contains(odaCh, "n-uma.figures") || strings.Contains(asaiCh, "n-uma") {
		t.Fatal("the fix went to the wrong channels, or as an assignment")
	}
	if r := w.slash(asai, chanAsai, "deploy", discordtest.StringOpt("unit", "n-uma"), discordtest.StringOpt("facing", "S")); strings.Contains(r.Content, "4 figures") {
		t.Fatalf("the enemy learnt of the fix: %+v", r)
	}
	if r := w.slash(oda, chanOda, "deploy", discordtest.StringOpt("unit", "n-uma"), discordtest.StringOpt("facing", "S")); !strings.Contains(r.Content, "n-uma — лёгкая конница, 4 фигуры") {
		t.Fatalf("units after the fix: %+v", r)
	}
}

// create has the GM create a battle with the two clans of the world.
func (w *world) create(name string, extra ...discordtest.Option) discordtest.Response {
	opts := append([]discordtest.Option{discordtest.StringOpt("name", name),
		discordtest.RoleOpt("north_role", roleOda), discordtest.ChannelOpt("north_channel", chanOda),
		discordtest.RoleOpt("south_role", roleAsai), discordtest.ChannelOpt("south_channel", chanAsai),
		discordtest.ChannelOpt("gm_channel", chanGM)}, extra...)
	return w.slash(gm, chanGM, "battle", discordtest.Subcommand("create", opts...))
}

// battleWorld is a started world with the battle Нагасино created and
// started: turn 1 open, nobody rolled yet.
func battleWorld(t *testing.T) *world {
	t.Helper()
	w := newWorld(t)
	w.start()
	w.create("Нагасино")
	w.slash(gm, chanGM, "battle", discordtest.Subcommand("start", discordtest.StringOpt("battle", "Нагасино")))
	return w
}

// /field answers a player with a picture of his side's view, only to him.
func TestFieldThroughDiscord(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	w.start()
	defer w.stop()
	if r := w.final(oda, chanOda, "field"); r.Content != "Вы не в клане, который сейчас сражается." || len(r.Files) != 0 {
		t.Fatalf("a picture without a battle: %+v", r)
	}
	w.create("Нагасино")
	// Drawing takes time: the answer is deferred first, then edited in.
	if r := w.first(asai, chanAsai, "field"); r.Type != discordgo.InteractionResponseDeferredChannelMessageWithSource || !r.Ephemeral {
		t.Fatalf("field was not acknowledged first: %+v", r)
	}
	r := w.final(asai, chanAsai, "field")
	if !r.Ephemeral || r.Content != "Нагасино — deployment" || len(r.Files) != 1 {
		t.Fatalf("field: %+v", r)
	}
	img, err := png.Decode(bytes.NewReader(r.Files[0].Data))
	if err != nil || img.Bounds().Dx() < 200 {
		t.Fatalf("not a picture of the field: %v", err)
	}
	for _, m := range w.srv.Messages().Under(chanAsai) {
		if len(m.Files) > 0 {
			t.Fatal("the picture went to the channel")
		}
	}
	// The GM lists the battles.
	if r := w.slash(gm, chanGM, "battle", discordtest.Subcommand("list")); r.Content != "Битвы:\n• Нагасино — расстановка, ход 0" {
		t.Fatalf("list: %q", r.Content)
	}
	// The GM sees the whole field with /battle show; a player may not.
	show := discordtest.Subcommand("show", discordtest.StringOpt("battle", "Нагасино"))
	if r := w.final(oda, chanOda, "battle", show); r.Content != "Эта команда только для мастера." || len(r.Files) != 0 {
		t.Fatalf("a player's /battle show: %+v", r)
	}
	if r := w.final(gm, chanGM, "battle", show); !r.Ephemeral || r.Content != "Нагасино — расстановка" || len(r.Files) != 1 {
		t.Fatalf("the GM's /battle show: %+v", r)
	}
}

// A bot that died right after opening a turn announces it, with its seed
// hash, when it comes back, and only once.
func TestUnannouncedTurnIsAnnouncedOnRestart(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	w.start()
	w.create("Сэкигахара")
	w.stop()
	st, err := store.Open(w.path, store.Options{})
	if err != nil {
		t.Fatal(err)
	}
	op, err := (&game.Service{Store: st}).Start(w.guild, "сэкигахара", false)
	st.Close()
	if err != nil {
		t.Fatal(err)
	}
	opened := func() int { return strings.Count(contentOf(w.srv.Messages().Under(chanOda)), op.SeedHash) }
	w.start()
	if !w.srv.WaitFor(func() bool { return opened() == 1 }, wait) {
		t.Fatalf("turn 1 was not announced after the restart: %q", contentOf(w.srv.Messages().Under(chanOda)))
	}
	w.b.Wait()
	w.stop()
	w.start()
	defer w.stop()
	w.b.Wait()
	if n := opened(); n != 1 {
		t.Fatalf("turn 1 announced %d times", n)
	}
}

// The scouting phase and the infiltration results of a start the bot did
// not live to post are posted when it comes back, once.
func TestUnannouncedScoutingIsAnnouncedOnRestart(t *testing.T) {
	t.Parallel()
	w := sekigaharaWorld(t)
	w.stop()
	st, err := store.Open(w.path, store.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if op, err := (&game.Service{Store: st}).Start(w.guild, "сэкигахара", false); err != nil || !op.Scouting {
		t.Fatalf("start: %+v %v", op, err)
	}
	st.Close()
	told := func() (int, int) {
		text := contentOf(w.srv.Messages().Under(chanOda))
		return strings.Count(text, "армии расставлены"), strings.Count(text, "из 1 синоби в тыл врага проник 1")
	}
	w.start()
	w.b.Wait()
	if a, b := told(); a != 1 || b != 1 {
		t.Fatalf("after the restart: scouting told %d times, infiltration %d times", a, b)
	}
	w.stop()
	w.start()
	defer w.stop()
	w.b.Wait()
	if a, b := told(); a != 1 || b != 1 {
		t.Fatalf("after a second restart: scouting told %d times, infiltration %d times", a, b)
	}
	w.slash(oda, chanOda, "scout", discordtest.BoolOpt("done", true))
	w.slash(asai, chanAsai, "scout", discordtest.BoolOpt("done", true))
	if text := contentOf(w.srv.Messages().Under(chanOda)); strings.Count(text, "ход 1 открыт") != 1 || strings.Count(text, "в тыл врага проник") != 1 {
		t.Fatalf("turn 1: %q", text)
	}
}

// An answer longer than one Discord message is split: the rest comes in
// ephemeral followups (a big army with long unit IDs).
func TestLongAnswersAreSplit(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	w.svc = func(s *game.Service) {
		b := engine.Battle{ID: "big", Defender: engine.South, Settings: engine.DefaultSettings(), Messengers: [2]int{1, 1}}
		b.HQ = [2]engine.Cell{engine.MustCell("A44"), engine.MustCell("D34")}
		cells := [2][]string{
			{"A21", "A22", "A23", "A24", "A25", "A26", "B21", "B22", "B23", "B24", "B25", "B26", "A31", "A32", "A33", "A34"},
			{"C11", "C12", "C13", "C14", "C15", "C16", "D11", "D12", "D13", "D14", "D15", "D16", "C21", "C22", "C23", "C24"},
		}
		for side, list := range cells {
			for k, c := range list {
				b.Units = append(b.Units, engine.Unit{ID: fmt.Sprintf("%c-%s-%02d", "ns"[side], strings.Repeat("hatamoto", 11), k),
					Side: engine.Side(side), Type: engine.SamuraiSpear, Figures: 8, Cell: engine.MustCell(c), Facing: [2]engine.Dir{engine.S, engine.N}[side]})
			}
		}
		s.Scenarios = map[string]engine.Battle{"big": b}
	}
	w.start()
	defer w.stop()
	w.create("Большая", discordtest.StringOpt("scenario", "big"))
	if r := w.slash(gm, chanGM, "battle", discordtest.Subcommand("start", discordtest.StringOpt("battle", "Большая"))); strings.Contains(r.Content, "R-") {
		t.Fatalf("start: %q", r.Content)
	}
	id, err := w.srv.Interactions().Dispatch(w.srv.Interactions().SlashCommand(w.guild, chanOda, oda, "orders"))
	if err != nil {
		t.Fatal(err)
	}
	last := "n-" + strings.Repeat("hatamoto", 11) + "-15"
	if !w.srv.WaitFor(func() bool {
		for _, f := range w.srv.Interactions().Followups(id) {
			if strings.Contains(f.Content, last) {
				return true
			}
		}
		return false
	}, wait) {
		t.Fatalf("no followup with the last unit; answers %+v", w.srv.Interactions().Responses(id))
	}
	w.b.Wait()
	for _, r := range w.srv.Interactions().Responses(id) {
		if utf8.RuneCountInString(r.Content) > 2000 {
			t.Fatalf("an answer of %d characters", utf8.RuneCountInString(r.Content))
		}
	}
	for _, f := range w.srv.Interactions().Followups(id) {
		if !f.Ephemeral() {
			t.Fatal("a followup others can see")
		}
	}
}

// testLogOut is where the bots of the tests log: nowhere, unless
// GUNBAI_TEST_LOG is set.
var testLogOut = func() io.Writer {
	if os.Getenv("GUNBAI_TEST_LOG") != "" {
		return os.Stderr
	}
	return io.Discard
}()
