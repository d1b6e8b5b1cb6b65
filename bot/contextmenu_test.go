package bot_test

import (
	"bytes"
	"image/gif"
	"slices"
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"

	"github.com/gunbai/gunbai/bot/discordtest"
)

// The message context menus on a turn's result post (issue 28, item 5).

// turnPost is where the message of a turn's results was posted for a
// channel (the channel or the battle's thread in it) and its ID.
func turnPost(t testing.TB, w *world, battle string, turn int, channel string) (where, id string) {
	t.Helper()
	rec, err := w.st.Battle(w.guild, battle)
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range rec.TurnPosts[turn] {
		if ch, id, _ := strings.Cut(p, "/"); rec.ParentOf(ch) == channel {
			return ch, id
		}
	}
	t.Fatalf("no post of turn %d in %s", turn, channel)
	return "", ""
}

// menuOnTurn runs a message command on the post of a turn's results for
// channel, where the member reads it (the battle's thread in the channel).
func (w *world) menuOnTurn(m discordtest.Member, channel, name string, turn int) discordtest.Response {
	w.t.Helper()
	where, id := turnPost(w.t, w, "анэгава", turn, channel)
	return w.menu(m, where, name, id)
}

// menu runs a message command on a message and returns what its author
// reads.
func (w *world) menu(m discordtest.Member, channel, name, message string) discordtest.Response {
	w.t.Helper()
	return w.do(w.srv.ContextMenu(w.guild, channel, m, name, message))
}

// resolvedHidden is a started world whose turn 1 is resolved with South's
// teppo hidden from North in a forest.
func resolvedHidden(t *testing.T) *world {
	w := startedWorld(t)
	hideTeppo(t, w, "анэгава")
	w.slash(oda, chanOda, "order", discordtest.StringOpt("unit", "n-yari"), discordtest.StringOpt("order", "move"))
	w.slash(asai, chanAsai, "order", discordtest.StringOpt("unit", "s-teppo"), discordtest.StringOpt("order", "wait"))
	resolve(w, 1)
	return w
}

// sameGIF reports whether two animations have the same bytes: a picture
// is a function of its input alone (field.TestReplaySameBytesColdAndWarm),
// so the same turn seen by the same channel is the same file. Where they
// differ, it says in how many pixels of which frame.
func sameGIF(t *testing.T, a, b []byte) bool {
	t.Helper()
	if bytes.Equal(a, b) {
		return true
	}
	ga, err1 := gif.DecodeAll(bytes.NewReader(a))
	gb, err2 := gif.DecodeAll(bytes.NewReader(b))
	if err1 != nil || err2 != nil || len(ga.Image) != len(gb.Image) {
		t.Logf("the animations differ: %v, %v", err1, err2)
		return false
	}
	for i, fa := range ga.Image {
		fb, differ := gb.Image[i], 0
		for y := fa.Bounds().Min.Y; y < fa.Bounds().Max.Y; y++ {
			for x := fa.Bounds().Min.X; x < fa.Bounds().Max.X; x++ {
				if fa.At(x, y) != fb.At(x, y) {
					differ++
				}
			}
		}
		t.Logf("frame %d: %d pixels differ (bounds %v, %v)", i, differ, fa.Bounds(), fb.Bounds())
	}
	return false
}

// "Replay this turn" on a post replays the turn as that post's channel
// saw it: the same animation /replay gives its clan, in the reader's
// language.
func TestContextMenuReplay(t *testing.T) {
	t.Parallel()
	w := resolvedHidden(t)
	defer w.stop()
	for _, p := range []struct {
		m       discordtest.Member
		channel string
		title   string
	}{{oda, chanOda, "Анэгава — ход 1"}, {asai, chanAsai, "Анэгава — turn 1"}} {
		in := w.slash(p.m, p.channel, "replay", discordtest.IntOpt("turn", 1))
		r := w.menuOnTurn(p.m, p.channel, "Replay this turn", 1)
		if !r.Ephemeral || len(r.Files) != 1 || !strings.HasSuffix(r.Files[0].Name, ".gif") || !strings.Contains(r.Content, p.title) {
			t.Fatalf("%s's replay: %q %d files", p.m.Username, r.Content, len(r.Files))
		}
		g, err := gif.DecodeAll(bytes.NewReader(r.Files[0].Data))
		if err != nil || len(g.Image) < 2 {
			t.Fatalf("the replay's GIF: %v", err)
		}
		writeDMLook(t, "menu-replay-"+p.m.Username+".gif", r.Files[0].Data)
		if in.Files[0].Description != r.Files[0].Description || !sameGIF(t, in.Files[0].Data, r.Files[0].Data) {
			t.Fatalf("%s's menu replay is not his clan's /replay:\n%q\n%q", p.m.Username, in.Files[0].Description, r.Files[0].Description)
		}
	}
	// In the GM's channel, the GM's view: the teppo North never saw.
	r := w.menuOnTurn(gm, chanGM, "Replay this turn", 1)
	north := w.menuOnTurn(oda, chanOda, "Replay this turn", 1)
	if len(r.Files) != 1 || bytes.Equal(r.Files[0].Data, north.Files[0].Data) || !strings.Contains(r.Files[0].Description, "Юг: 6 отрядов") ||
		strings.Contains(north.Files[0].Description, "Юг: 6 отрядов") {
		t.Fatalf("the GM's replay:\n%q\nNorth's:\n%q", r.Files[0].Description, north.Files[0].Description)
	}
}

// "Log of this turn" reads the turn's log as the post's channel read it:
// North's post never shows South's orders nor its hidden teppo.
func TestContextMenuLog(t *testing.T) {
	t.Parallel()
	w := resolvedHidden(t)
	defer w.stop()
	north := w.menuOnTurn(oda, chanOda, "Log of this turn", 1).Content
	if north != w.slash(oda, chanOda, "log", discordtest.IntOpt("turn", 1)).Content || !strings.Contains(north, "n-yari") ||
		strings.Contains(north, "s-teppo") || strings.Contains(north, "Юг — отданные приказы") {
		t.Fatalf("North's log: %q", north)
	}
	south := w.menuOnTurn(asai, chanAsai, "Log of this turn", 1).Content
	if south != w.slash(asai, chanAsai, "log", discordtest.IntOpt("turn", 1)).Content || !strings.Contains(south, "Turn 1") && !strings.Contains(south, "turn 1") {
		t.Fatalf("South's log: %q", south)
	}
	gmLog := w.menuOnTurn(gm, chanGM, "Log of this turn", 1).Content
	if !strings.Contains(gmLog, "s-teppo") || !strings.Contains(gmLog, "n-yari") {
		t.Fatalf("the GM's log: %q", gmLog)
	}
}

// "Verify this turn" answers what /verify turn: answers, the published
// hash checked in the post's channel.
func TestContextMenuVerify(t *testing.T) {
	t.Parallel()
	w := resolvedHidden(t)
	defer w.stop()
	for _, p := range []struct {
		m       discordtest.Member
		channel string
	}{{oda, chanOda}, {asai, chanAsai}} {
		r := w.menuOnTurn(p.m, p.channel, "Verify this turn", 1)
		in := w.slash(p.m, p.channel, "verify", discordtest.IntOpt("turn", 1))
		if r.Content != in.Content || !strings.Contains(r.Content, "Анэгава") || !strings.Contains(r.Content, "<#"+p.channel+">") {
			t.Fatalf("%s: %q\n/verify: %q", p.m.Username, r.Content, in.Content)
		}
	}
}

// "Why…" answers with a menu of the units the post's channel saw, a menu
// a side; picking one answers what happened to it, from that view, and
// keeps the menus for another pick.
func TestContextMenuWhy(t *testing.T) {
	t.Parallel()
	w := resolvedHidden(t)
	defer w.stop()
	r := w.menuOnTurn(oda, chanOda, "Why…", 1)
	// The menu's answer is read, and its menu picked, in the thread.
	odaAt, _ := turnPost(t, w, "анэгава", 1, chanOda)
	asaiAt, _ := turnPost(t, w, "анэгава", 1, chanAsai)
	gmAt, _ := turnPost(t, w, "анэгава", 1, chanGM)
	if !r.Ephemeral || r.Content != "Битва «Анэгава», ход 1: выберите отряд, и я расскажу, что с ним было." || len(r.Components) != 2 {
		t.Fatalf("the Why… menu: %q %d rows", r.Content, len(r.Components))
	}
	var ids, placeholders []string
	var custom string
	for _, row := range r.Components {
		sel := row.(*discordgo.ActionsRow).Components[0].(*discordgo.SelectMenu)
		placeholders = append(placeholders, sel.Placeholder)
		custom = sel.CustomID
		for _, o := range sel.Options {
			ids = append(ids, o.Value)
		}
	}
	if !slices.Contains(ids, "n-yari") || !slices.Contains(ids, "s-yari") || slices.Contains(ids, "s-teppo") ||
		!slices.Equal(placeholders, []string{"Отряды: Север", "Отряды: Юг"}) {
		t.Fatalf("North is offered %v under %v", ids, placeholders)
	}
	first := r.Components[0].(*discordgo.ActionsRow).Components[0].(*discordgo.SelectMenu).CustomID
	answers := w.answers(w.srv.Interactions().Select(w.guild, odaAt, oda, first, "n-yari"))
	if answers[0].Type != discordgo.InteractionResponseDeferredMessageUpdate || len(answers) < 2 {
		t.Fatalf("picking a unit: %+v", answers)
	}
	a := answers[1]
	if !strings.Contains(a.Content, "Битва «Анэгава», ход 1 — что было с n-yari:") || !strings.Contains(a.Content, "[VI.2.5]") || len(a.Components) != 2 {
		t.Fatalf("why n-yari: %q", a.Content)
	}
	if in := w.slash(oda, chanOda, "why", discordtest.StringOpt("unit", "n-yari")).Content; in != a.Content {
		t.Fatalf("the menu's why is not /why's:\n%q\n%q", a.Content, in)
	}
	// A unit North never saw, sent by hand, reads as /why reads it.
	hidden := w.answers(w.srv.Interactions().Select(w.guild, odaAt, oda, custom, "s-teppo"))[1].Content
	if hidden != w.slash(oda, chanOda, "why", discordtest.StringOpt("unit", "s-teppo")).Content {
		t.Fatalf("a hidden unit picked by hand: %q", hidden)
	}
	// In English, in South's channel.
	r = w.menuOnTurn(asai, chanAsai, "Why…", 1)
	if r.Content != "Battle “Анэгава”, turn 1: pick a unit to see what happened to it." {
		t.Fatalf("South's menu: %q", r.Content)
	}
	sel := r.Components[1].(*discordgo.ActionsRow).Components[0].(*discordgo.SelectMenu)
	if sel.Placeholder != "South's units" || !slices.ContainsFunc(sel.Options, func(o discordgo.SelectMenuOption) bool { return o.Value == "s-teppo" }) {
		t.Fatalf("South's own units: %+v", sel)
	}
	a = w.answers(w.srv.Interactions().Select(w.guild, asaiAt, asai, sel.CustomID, "s-teppo"))[1]
	if !strings.Contains(a.Content, "what happened to s-teppo") {
		t.Fatalf("South's why: %q", a.Content)
	}
	// The GM's channel: every unit, the GM's words.
	r = w.menuOnTurn(gm, chanGM, "Why…", 1)
	gmSel := r.Components[1].(*discordgo.ActionsRow).Components[0].(*discordgo.SelectMenu)
	a = w.answers(w.srv.Interactions().Select(w.guild, gmAt, gm, gmSel.CustomID, "s-teppo"))[1]
	if !strings.Contains(a.Content, "что было с s-teppo (всё, что видит мастер)") {
		t.Fatalf("the GM's why: %q", a.Content)
	}
}

// On any other message (a player's, the bot's status, a turn's post
// carried to another channel) the menus refuse, in the reader's language,
// with the same words, and nothing is drawn.
func TestContextMenuOnOtherMessage(t *testing.T) {
	t.Parallel()
	w := resolvedHidden(t)
	defer w.stop()
	const ru = "Это не сообщение с итогами хода: команда работает на сообщении бота с итогами хода битвы."
	const en = "This is not a turn's result post: the command works on the bot's post of a turn's results."
	var status string
	for _, m := range w.srv.Messages().In(chanOda) {
		if m.Pinned {
			status = m.ID
		}
	}
	_, southPost := turnPost(t, w, "анэгава", 1, chanAsai)
	northThread, _ := turnPost(t, w, "анэгава", 1, chanOda)
	for _, name := range []string{"Replay this turn", "Log of this turn", "Verify this turn", "Why…"} {
		for what, at := range map[string][2]string{"a player's": {northThread, "999999999999999999"}, "the status": {chanOda, status}, "South's post, in North's thread": {northThread, southPost}} {
			if at[1] == "" {
				t.Fatalf("no %s message", what)
			}
			if r := w.menu(oda, at[0], name, at[1]); r.Content != ru || len(r.Files) != 0 || len(r.Components) != 0 || !r.Ephemeral {
				t.Fatalf("%s on %s message: %q", name, what, r.Content)
			}
		}
		if r := w.menu(asai, chanAsai, name, "999999999999999999"); r.Content != en {
			t.Fatalf("%s in English: %q", name, r.Content)
		}
	}
}
