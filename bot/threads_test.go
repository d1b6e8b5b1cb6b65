package bot_test

import (
	"bytes"
	"image/png"
	"net/http"
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"

	"github.com/gunbai/gunbai/bot/discordtest"
)

// threadOf is the one thread the bot opened in a channel.
func (w *world) threadOf(channel string) discordtest.Thread {
	w.t.Helper()
	ts := w.srv.Messages().Threads(channel)
	if len(ts) != 1 {
		w.t.Fatalf("channel %s has %d threads, not one: %+v", channel, len(ts), ts)
	}
	return ts[0]
}

// botPosts are the bot's own posts in a channel (not Discord's notice of a
// thread started there).
func botPosts(msgs []discordtest.Message) []discordtest.Message {
	var out []discordtest.Message
	for _, m := range msgs {
		if m.Type == 0 {
			out = append(out, m)
		}
	}
	return out
}

// threadWorld is a battle Нагасино with a spectators' channel, North and
// the GM in Russian, South in English, started.
func threadWorld(t *testing.T) *world {
	t.Helper()
	w := newWorld(t)
	w.srv.Guilds().SetChannel(&discordgo.Channel{ID: chanSpectators, GuildID: w.guild, Type: discordgo.ChannelTypeGuildText, Name: "spectators",
		PermissionOverwrites: channelOverwrites(w.guild, roleGM)})
	w.start()
	w.create("Нагасино", discordtest.StringOpt("south_lang", "en"), discordtest.ChannelOpt("spectator_channel", chanSpectators))
	w.slash(gm, chanGM, "battle", discordtest.Subcommand("start", discordtest.StringOpt("battle", "Нагасино")))
	w.b.Wait()
	return w
}

// A battle's posts go into its own thread in each clan's channel, the
// GM's and the spectators', named in the channel's language; the status
// message stays in the channel, pinned, with a link to the thread; the
// turn's picture and log land in the thread; at the end, after the end's
// posts, the thread is archived (not locked).
func TestThreadPerBattle(t *testing.T) {
	t.Parallel()
	w := threadWorld(t)
	names := map[string]string{chanOda: "Битва «Нагасино»", chanAsai: "Battle “Нагасино”", chanGM: "Битва «Нагасино»", chanSpectators: "Битва «Нагасино»"}
	links := map[string]string{chanOda: "Посты битвы — в её ветке", chanAsai: "The battle's posts are in its thread", chanGM: "Посты битвы — в её ветке"}
	threads := map[string]discordtest.Thread{}
	for ch, name := range names {
		th := w.threadOf(ch)
		if th.Name != name || th.OwnerID != w.srv.AppID() || th.Archived || th.AutoArchiveDuration != 10080 {
			t.Fatalf("channel %s: the thread %+v, want %q by the bot, open for a week", ch, th, name)
		}
		threads[ch] = th
	}
	for ch, link := range links {
		th := threads[ch]
		pins := w.srv.Messages().Pins(ch)
		if len(pins) != 1 || !strings.Contains(pins[0].Content, link+" <#"+th.ID+">") {
			t.Fatalf("channel %s: the pinned status does not link the thread %s: %+v", ch, th.ID, pins)
		}
		// The channel itself holds the status and Discord's notice of the
		// thread, nothing of the turn.
		if in := contentOf(botPosts(w.srv.Messages().In(ch))); strings.Contains(in, "sha256") {
			t.Fatalf("channel %s: the turn's opening is in the channel: %q", ch, in)
		}
		if got := contentOf(w.srv.Messages().In(th.ID)); !strings.Contains(got, "sha256") {
			t.Fatalf("thread in %s: no turn opening: %q", ch, got)
		}
	}
	if got := contentOf(w.srv.Messages().In(threads[chanAsai].ID)); !strings.Contains(got, "turn 1 is open") || strings.Contains(got, "ход 1") {
		t.Fatalf("South's thread is not in English: %q", got)
	}

	// A turn: the picture and the log go into each thread.
	w.roll(oda, chanOda)
	w.roll(asai, chanAsai)
	w.slash(oda, chanOda, "order", discordtest.StringOpt("unit", "n-yari"), discordtest.StringOpt("order", "move"), discordtest.IntOpt("phase", 1))
	w.final(gm, chanGM, "battle", discordtest.Subcommand("resolve", discordtest.StringOpt("battle", "Нагасино"), discordtest.IntOpt("turn", 1)))
	w.b.Wait()
	for ch, log := range map[string]string{chanOda: "Север — отданные приказы", chanAsai: "North — orders given", chanGM: "Север — отданные приказы"} {
		msgs := w.srv.Messages().In(threads[ch].ID)
		var pic *discordtest.File
		for _, m := range msgs {
			for i := range m.Files {
				if strings.HasSuffix(m.Files[i].Name, ".png") {
					pic = &m.Files[i]
				}
			}
		}
		if pic == nil {
			t.Fatalf("thread in %s: no turn picture", ch)
		}
		if _, err := png.Decode(bytes.NewReader(pic.Data)); err != nil {
			t.Fatalf("thread in %s: the picture: %v", ch, err)
		}
		if ch == chanAsai && strings.Contains(contentOf(msgs), log) {
			t.Fatalf("South's thread shows North's orders: %q", contentOf(msgs))
		}
		if ch != chanAsai && !strings.Contains(contentOf(msgs), log) {
			t.Fatalf("thread in %s: no log: %q", ch, contentOf(msgs))
		}
		if files := botPosts(w.srv.Messages().In(ch)); len(files) != 1 {
			t.Fatalf("channel %s holds %d posts of the bot, not the status alone", ch, len(files))
		}
	}

	// The end: the end's posts in each thread, then the thread archived.
	w.slash(gm, chanGM, "battle", discordtest.Subcommand("finish", discordtest.StringOpt("battle", "Нагасино")))
	w.b.Wait()
	for ch, end := range map[string]string{chanOda: "окончена", chanAsai: "ended by the GM", chanGM: "окончена", chanSpectators: "окончена"} {
		th, _ := w.srv.Messages().Thread(threads[ch].ID)
		if !th.Archived || th.Locked {
			t.Fatalf("channel %s: the thread after the end: %+v (want archived, not locked)", ch, th)
		}
		if got := contentOf(w.srv.Messages().In(th.ID)); !strings.Contains(got, end) {
			t.Fatalf("thread in %s: no end: %q", ch, got)
		}
	}
	// Nothing went into a thread after it was archived.
	archived := map[string]bool{}
	for _, c := range w.srv.Calls() {
		id := strings.Split(strings.TrimPrefix(c.Route, "/channels/"), "/")[0]
		switch {
		case c.Method == http.MethodPatch && strings.Contains(string(c.JSON), `"archived":true`):
			archived[id] = true
		case c.Method == http.MethodPost && archived[id] && strings.HasSuffix(c.Route, "/messages"):
			t.Fatalf("a post into thread %s after it was archived", id)
		}
	}
	if len(archived) != 4 {
		t.Fatalf("%d threads archived, not 4", len(archived))
	}
}

// The bot crashes after Discord made the thread and before the store
// learnt it (the answer lost): the next try finds that thread and the
// channel has one thread only, with every post in it.
func TestThreadCrashBetweenCreateAndRecord(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	w.start()
	// Discord makes the thread, the answer never comes; then the bot dies.
	w.srv.Faults().Fail(discordtest.FaultMatch{Method: http.MethodPost, Route: "/channels/{channel_id}/threads", ChannelID: chanOda},
		discordtest.Fault{Status: http.StatusBadGateway, Deliver: true})
	w.create("Нагасино")
	w.b.Wait()
	w.stop()
	if n := len(w.srv.Messages().Threads(chanOda)); n != 1 {
		t.Fatalf("after the lost answer: %d threads", n)
	}
	w.start()
	w.slash(gm, chanGM, "battle", discordtest.Subcommand("start", discordtest.StringOpt("battle", "Нагасино")))
	w.b.Wait()
	th := w.threadOf(chanOda)
	if got := contentOf(w.srv.Messages().In(th.ID)); !strings.Contains(got, "Создана битва") || !strings.Contains(got, "sha256") {
		t.Fatalf("the posts are not in the one thread: %q", got)
	}
	if in := contentOf(botPosts(w.srv.Messages().In(chanOda))); strings.Contains(in, "sha256") || strings.Contains(in, "Создана битва") {
		t.Fatalf("posts in the channel itself: %q", in)
	}
	creates := 0
	for _, c := range w.srv.Calls() {
		if c.Method == http.MethodPost && c.Route == "/channels/"+chanOda+"/threads" {
			creates++
		}
	}
	if creates != 1 {
		t.Fatalf("%d thread creations in North's channel, want 1", creates)
	}
}

// Without Create Public Threads in South's channel the GM is told once,
// in the GM channel and the GM's language, which permission lacks where;
// South's posts go to the channel, once each; the others keep threads.
func TestThreadPermissionFallback(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	w.srv.Guilds().SetChannelOverwrites(chanAsai, overwritesWithout(w.guild, roleAsai, discordgo.PermissionCreatePublicThreads)...)
	w.start()
	w.create("Нагасино", discordtest.StringOpt("south_lang", "en"))
	w.slash(gm, chanGM, "battle", discordtest.Subcommand("start", discordtest.StringOpt("battle", "Нагасино")))
	w.b.Wait()
	if ts := w.srv.Messages().Threads(chanAsai); len(ts) != 0 {
		t.Fatalf("a thread in South's channel: %+v", ts)
	}
	south := contentOf(w.srv.Messages().In(chanAsai))
	if strings.Count(south, "sha256") != 1 || !strings.Contains(south, "created") {
		t.Fatalf("South's channel, without a thread: %q", south)
	}
	gmThread := w.threadOf(chanGM)
	told := func() int {
		return strings.Count(contentOf(w.srv.Messages().In(chanGM)), "Создавать публичные ветки")
	}
	if told() != 1 || !strings.Contains(contentOf(w.srv.Messages().In(chanGM)), "<#"+chanAsai+">") {
		t.Fatalf("the GM channel was not told once which permission lacks where: %q", contentOf(w.srv.Messages().In(chanGM)))
	}
	if strings.Contains(contentOf(w.srv.Messages().In(gmThread.ID)), "Create Public Threads") {
		t.Fatal("the notice went into the GM's thread, not the GM channel")
	}
	// A turn later, the GM has not been told again.
	w.roll(oda, chanOda)
	w.roll(asai, chanAsai)
	w.final(gm, chanGM, "battle", discordtest.Subcommand("resolve", discordtest.StringOpt("battle", "Нагасино"), discordtest.IntOpt("turn", 1)))
	w.b.Wait()
	if told() != 1 {
		t.Fatalf("the GM was told %d times", told())
	}
	if !strings.Contains(contentOf(w.srv.Messages().In(chanAsai)), "turn 1. Dice seed") {
		t.Fatalf("South's turn is not in its channel: %q", contentOf(w.srv.Messages().In(chanAsai)))
	}

	// Send Messages in Threads taken away mid-battle in North's channel:
	// the post that was refused goes to the channel, the GM is told once.
	w.srv.Guilds().SetChannelOverwrites(chanOda, overwritesWithout(w.guild, roleOda, discordgo.PermissionSendMessagesInThreads)...)
	w.roll(oda, chanOda)
	w.roll(asai, chanAsai)
	w.final(gm, chanGM, "battle", discordtest.Subcommand("resolve", discordtest.StringOpt("battle", "Нагасино"), discordtest.IntOpt("turn", 2)))
	w.b.Wait()
	if n := strings.Count(contentOf(w.srv.Messages().In(chanGM)), "Отправлять сообщения в ветках"); n != 1 {
		t.Fatalf("the GM was told %d times of North's thread", n)
	}
	if n := strings.Count(contentOf(w.srv.Messages().Under(chanOda)), "ход 2. Зерно костей"); n != 1 {
		t.Fatalf("North read turn 2's results %d times", n)
	}
	if !strings.Contains(contentOf(w.srv.Messages().In(chanOda)), "ход 2. Зерно костей") {
		t.Fatal("North's turn 2 is not in its channel")
	}
}

// overwritesWithout keep a channel to one role and the bot, the bot
// without the permission lacking.
func overwritesWithout(guild, role string, lacking int64) []*discordgo.PermissionOverwrite {
	ows := channelOverwrites(guild, role)
	bot := ows[len(ows)-1]
	bot.Allow &^= lacking
	bot.Deny |= lacking
	return ows
}

// With post.threads off the battle opens no thread and posts to the
// channels, as before threads; the status has no link.
func TestThreadSettingOff(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	w.start()
	w.create("Нагасино")
	r := w.slash(gm, chanGM, "battle", discordtest.Subcommand("set", discordtest.StringOpt("battle", "Нагасино"),
		discordtest.StringOpt("key", "post.threads"), discordtest.StringOpt("value", "off")))
	if !strings.Contains(r.Content, "post.threads") {
		t.Fatalf("set post.threads: %q", r.Content)
	}
	w.slash(gm, chanGM, "battle", discordtest.Subcommand("start", discordtest.StringOpt("battle", "Нагасино")))
	w.b.Wait()
	// The threads opened at creation stay; the posts from now on go to
	// the channels.
	for _, ch := range []string{chanOda, chanAsai, chanGM} {
		if !strings.Contains(contentOf(w.srv.Messages().In(ch)), "sha256") {
			t.Fatalf("channel %s: the turn's opening is not in the channel: %q", ch, contentOf(w.srv.Messages().In(ch)))
		}
		if st := w.statusOf(ch); strings.Contains(st, "ветке") {
			t.Fatalf("channel %s: the status links a thread with the setting off: %q", ch, st)
		}
	}
}

// Without Manage Threads in North's channel the battle's thread there
// stays open at the end, and the GM is told once, in Russian, which
// permission lacks for which thread.
func TestThreadArchiveRefused(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	w.srv.Guilds().SetChannelOverwrites(chanOda, overwritesWithout(w.guild, roleOda, discordgo.PermissionManageThreads)...)
	w.start()
	w.create("Нагасино")
	w.slash(gm, chanGM, "battle", discordtest.Subcommand("start", discordtest.StringOpt("battle", "Нагасино")))
	w.slash(gm, chanGM, "battle", discordtest.Subcommand("finish", discordtest.StringOpt("battle", "Нагасино")))
	w.b.Wait()
	north, south := w.threadOf(chanOda), w.threadOf(chanAsai)
	if north.Archived || !south.Archived {
		t.Fatalf("after the end: North's thread %+v, South's %+v", north, south)
	}
	gmText := contentOf(w.srv.Messages().In(chanGM))
	if strings.Count(gmText, "«Управлять ветками» (Manage Threads)") != 1 || !strings.Contains(gmText, "<#"+north.ID+">") {
		t.Fatalf("the GM channel was not told once: %q", gmText)
	}
}
