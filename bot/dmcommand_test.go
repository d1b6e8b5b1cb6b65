package bot_test

import (
	"bytes"
	"encoding/json"
	"image/png"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"

	"github.com/gunbai/gunbai/bot"
	"github.com/gunbai/gunbai/bot/discordtest"
	"github.com/gunbai/gunbai/engine"
)

// Commands where the player is (issue 28, item 5): in the DM with the bot.

// dm sends a command in m's DM with the bot and returns what he reads.
func (w *world) dm(m discordtest.Member, name string, opts ...discordtest.Option) discordtest.Response {
	w.t.Helper()
	return w.do(w.srv.DMCommand(m, name, opts...))
}

// hideTeppo puts South's teppo in a forest North cannot see into.
func hideTeppo(t *testing.T, w *world, battle string) {
	t.Helper()
	w.edit(battle, func(b *engine.Battle) { b.Terrain.Forests = []engine.Cell{b.Unit("s-teppo").Cell} })
	rec, _ := w.st.Battle(w.guild, battle)
	if slices.ContainsFunc(engine.View(rec.State, engine.North).Units, func(u engine.Unit) bool { return u.ID == "s-teppo" }) {
		t.Fatal("precondition: North sees s-teppo")
	}
}

// samePNG reports whether two pictures have the same pixels.
func samePNG(a, b []byte) bool {
	ia, err1 := png.Decode(bytes.NewReader(a))
	ib, err2 := png.Decode(bytes.NewReader(b))
	if err1 != nil || err2 != nil || ia.Bounds() != ib.Bounds() {
		return false
	}
	for y := ia.Bounds().Min.Y; y < ia.Bounds().Max.Y; y++ {
		for x := ia.Bounds().Min.X; x < ia.Bounds().Max.X; x++ {
			r1, g1, b1, _ := ia.At(x, y).RGBA()
			r2, g2, b2, _ := ib.At(x, y).RGBA()
			if r1 != r2 || g1 != g2 || b1 != b2 {
				return false
			}
		}
	}
	return true
}

// writeLook keeps a picture a test read for a person to look at.
func writeDMLook(t *testing.T, name string, data []byte) {
	dir := filepath.Join(os.TempDir(), "dmcmd")
	if os.MkdirAll(dir, 0o755) == nil {
		_ = os.WriteFile(filepath.Join(dir, name), data, 0o644)
	}
}

// The global commands are the six players' commands, usable in the DM
// with the bot only (contexts [BOT_DM], a guild install), with their
// Russian names; the guild keeps its own commands and gets the four
// message commands. No name is offered twice anywhere: the global ones
// are not offered in a guild, the guild's not in a DM.
func TestDMCommandRegistration(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	w.start()
	defer w.stop()
	global := w.srv.Interactions().Commands("")
	var names []string
	for _, c := range global {
		names = append(names, c.Name)
		if c.Contexts == nil || !slices.Equal(*c.Contexts, []discordgo.InteractionContextType{discordgo.InteractionContextBotDM}) ||
			c.IntegrationTypes == nil || !slices.Equal(*c.IntegrationTypes, []discordgo.ApplicationIntegrationType{discordgo.ApplicationIntegrationGuildInstall}) {
			t.Errorf("/%s: contexts %v, integration types %v", c.Name, c.Contexts, c.IntegrationTypes)
		}
		if c.NameLocalizations == nil || (*c.NameLocalizations)[discordgo.Russian] == "" || (*c.DescriptionLocalizations)[discordgo.Russian] == "" {
			t.Errorf("/%s has no Russian name", c.Name)
		}
		if c.Name != "remind" && !slices.ContainsFunc(c.Options, func(o *discordgo.ApplicationCommandOption) bool { // /remind is the player's own (issue 29)
			return o.Name == "battle" && o.Autocomplete && o.NameLocalizations[discordgo.Russian] == "битва"
		}) {
			t.Errorf("/%s has no battle option", c.Name)
		}
	}
	slices.Sort(names)
	if !slices.Equal(names, []string{"field", "log", "orders", "remind", "request", "standing", "verify", "why"}) {
		t.Fatalf("global commands %v", names)
	}
	menus := map[string]string{}
	for _, c := range w.srv.Interactions().Commands(w.guild) {
		if c.Type == discordgo.MessageApplicationCommand {
			menus[c.Name] = (*c.NameLocalizations)[discordgo.Russian]
			if c.Description != "" || len(c.Options) != 0 {
				t.Errorf("message command %q: %+v", c.Name, c)
			}
		}
		if slices.Contains(names, c.Name) && c.Type != discordgo.ChatApplicationCommand {
			t.Errorf("%s twice", c.Name)
		}
	}
	want := map[string]string{"Replay this turn": "Повтор хода", "Log of this turn": "Лог хода", "Verify this turn": "Проверить ход", "Why…": "Почему…"}
	if len(menus) != len(want) {
		t.Fatalf("message commands %v", menus)
	}
	for en, ru := range want {
		if menus[en] != ru {
			t.Errorf("message command %q: Russian %q, want %q", en, menus[en], ru)
		}
	}
	raw, _ := json.MarshalIndent([]any{bot.DMCommands()[0], bot.ContextMenus()[3]}, "", "  ")
	t.Logf("registered (excerpt):\n%s", raw)
}

// /field in the DM: the player's side's view of his battle, the same
// picture /field draws in his clan's channel, with nothing of what his
// side cannot see; in Russian for a Russian client, in English for an
// English one.
func TestDMCommandField(t *testing.T) {
	t.Parallel()
	w := startedWorld(t)
	defer w.stop()
	hideTeppo(t, w, "анэгава")
	for _, p := range []struct {
		m          discordtest.Member
		channel    string
		title      string
		view, seen string
	}{
		{oda, chanOda, "Анэгава — ход 1", "Вид Севера", "Юг: 5 отрядов на поле"},
		{asai, chanAsai, "Анэгава — turn 1", "South's view", "South: 6 units"},
	} {
		r := w.dm(p.m, "field")
		if !r.Ephemeral || r.Content != p.title || len(r.Files) != 1 {
			t.Fatalf("%s's /field in the DM: %q, %d files", p.m.Username, r.Content, len(r.Files))
		}
		img, err := png.Decode(bytes.NewReader(r.Files[0].Data))
		if err != nil || img.Bounds().Dx() < 200 {
			t.Fatalf("%s's picture: %v", p.m.Username, err)
		}
		writeDMLook(t, "dm-field-"+p.m.Username+".png", r.Files[0].Data)
		alt := r.Files[0].Description
		if !strings.Contains(alt, p.view) || !strings.Contains(alt, p.seen) {
			t.Fatalf("%s's picture's alt text: %q", p.m.Username, alt)
		}
		in := w.slash(p.m, p.channel, "field")
		if !samePNG(in.Files[0].Data, r.Files[0].Data) || in.Files[0].Description != alt {
			t.Fatalf("%s's /field in the DM is not the one of his channel", p.m.Username)
		}
	}
	// The GM's picture shows the teppo: North's did not.
	show := w.slash(gm, chanGM, "battle", discordtest.Subcommand("show", discordtest.StringOpt("battle", "Анэгава")))
	if len(show.Files) != 1 || !strings.Contains(show.Files[0].Description, "Юг: 6 отрядов на поле") {
		t.Fatalf("the GM's picture: %q", show.Content)
	}
}

// /orders, /log, /why and /verify in the DM answer as in the clan's
// channel, from the side's own view: a unit hidden from it is answered
// exactly as one that does not exist.
func TestDMCommandOrdersLogWhyVerify(t *testing.T) {
	t.Parallel()
	w := startedWorld(t)
	defer w.stop()
	hideTeppo(t, w, "анэгава")
	w.slash(oda, chanOda, "order", discordtest.StringOpt("unit", "n-yari"), discordtest.StringOpt("order", "move"))
	if r := w.dm(oda, "orders", discordtest.StringOpt("cancel", "n-yari")); !strings.Contains(r.Content, "Приказов на ход 1 пока нет") || !strings.Contains(r.Content, "Ваши отряды") {
		t.Fatalf("/orders cancel: in the DM: %q", r.Content)
	}
	w.slash(oda, chanOda, "order", discordtest.StringOpt("unit", "n-yari"), discordtest.StringOpt("order", "move"))
	w.slash(asai, chanAsai, "order", discordtest.StringOpt("unit", "s-teppo"), discordtest.StringOpt("order", "wait"))
	resolve(w, 1)

	for _, cmd := range []struct {
		m       discordtest.Member
		channel string
		name    string
		opts    []discordtest.Option
	}{
		{oda, chanOda, "log", nil},
		{asai, chanAsai, "log", nil},
		{oda, chanOda, "why", []discordtest.Option{discordtest.StringOpt("unit", "n-yari")}},
		{asai, chanAsai, "why", []discordtest.Option{discordtest.StringOpt("unit", "s-teppo")}},
		{oda, chanOda, "verify", []discordtest.Option{discordtest.IntOpt("turn", 1)}},
		{asai, chanAsai, "verify", []discordtest.Option{discordtest.IntOpt("turn", 1)}},
	} {
		in := w.slash(cmd.m, cmd.channel, cmd.name, cmd.opts...).Content
		dm := w.dm(cmd.m, cmd.name, cmd.opts...).Content
		if dm != in || dm == "" {
			t.Errorf("/%s by %s: in the DM\n%q\nin the channel\n%q", cmd.name, cmd.m.Username, dm, in)
		}
	}
	if log := w.dm(asai, "log").Content; strings.Contains(log, "North — the orders given") || !strings.Contains(log, "Turn 1") && !strings.Contains(log, "turn 1") {
		t.Fatalf("South's log in the DM: %q", log)
	}
	hidden := w.dm(oda, "why", discordtest.StringOpt("unit", "s-teppo")).Content
	none := w.dm(oda, "why", discordtest.StringOpt("unit", "s-zzzzz")).Content
	if !strings.Contains(none, "не было в том, что видела ваша сторона") || strings.ReplaceAll(hidden, "s-teppo", "?") != strings.ReplaceAll(none, "s-zzzzz", "?") {
		t.Fatalf("a hidden unit is answered differently from no unit in the DM:\n%q\n%q", hidden, none)
	}
	var offered []string
	for _, c := range w.choices(w.srv.DMAutocomplete(oda, "why", discordtest.Focus(discordtest.StringOpt("unit", "")))) {
		offered = append(offered, c.Value.(string))
	}
	if slices.Contains(offered, "s-teppo") || !slices.Contains(offered, "n-yari") {
		t.Fatalf("offered in the DM: %v", offered)
	}
	if r := w.dm(oda, "verify", discordtest.IntOpt("turn", 1)); !strings.Contains(r.Content, "Анэгава") || !strings.Contains(r.Content, "<#"+chanOda+">") {
		t.Fatalf("/verify in the DM does not check the status in the clan's channel: %q", r.Content)
	}
}

// A player in two battles is asked which, in his language, with his own
// battles listed and nothing else; the battle option (completed with his
// battles only) picks one.
func TestDMCommandAmbiguous(t *testing.T) {
	t.Parallel()
	w := startedWorld(t)
	defer w.stop()
	// A clan fights one battle at a time: Oda is also of a second clan, in
	// Нагасино; Сэкигахара is fought by two clans he is not of.
	const roleOda2, roleX, roleY, roleZ = "900000000000000004", "900000000000000005", "900000000000000006", "900000000000000007"
	chans := map[string]string{"800000000000000004": roleOda2, "800000000000000005": roleX, "800000000000000006": roleY, "800000000000000007": roleZ}
	for ch, role := range chans {
		w.srv.Guilds().SetChannel(&discordgo.Channel{ID: ch, GuildID: w.guild, Type: discordgo.ChannelTypeGuildText, Name: "ch-" + ch[len(ch)-1:],
			PermissionOverwrites: channelOverwrites(w.guild, role)})
	}
	battle := func(name, north, northCh, south, southCh string) {
		r := w.slash(gm, chanGM, "battle", discordtest.Subcommand("create", discordtest.StringOpt("name", name),
			discordtest.RoleOpt("north_role", north), discordtest.ChannelOpt("north_channel", northCh),
			discordtest.RoleOpt("south_role", south), discordtest.ChannelOpt("south_channel", southCh),
			discordtest.ChannelOpt("gm_channel", chanGM)))
		if !strings.Contains(r.Content, "создана") {
			t.Fatalf("create %s: %q", name, r.Content)
		}
	}
	battle("Нагасино", roleOda2, "800000000000000004", roleY, "800000000000000006")
	battle("Сэкигахара", roleX, "800000000000000005", roleZ, "800000000000000007")
	w.srv.Guilds().SetMemberRoles(w.guild, oda.UserID, roleOda, roleOda2)
	odaEN := discordtest.Member{UserID: oda.UserID, Username: oda.Username, Locale: "en-US"}

	r := w.dm(oda, "field")
	if r.Content != "Вы сражаетесь не в одной битве: «Анэгава» (Север), «Нагасино» (Север). Выберите битву в параметре «битва»." || len(r.Files) != 0 {
		t.Fatalf("Oda in two battles: %q", r.Content)
	}
	if r := w.dm(odaEN, "log"); r.Content != "You fight in more than one battle: “Анэгава” (North), “Нагасино” (North). Choose one with the “battle” option." {
		t.Fatalf("in English: %q", r.Content)
	}
	var offered, names []string
	for _, c := range w.choices(w.srv.DMAutocomplete(oda, "field", discordtest.Focus(discordtest.StringOpt("battle", "")))) {
		offered = append(offered, c.Value.(string))
		names = append(names, c.Name)
	}
	if len(offered) != 2 || !strings.HasSuffix(offered[0], ":анэгава") || !strings.HasSuffix(offered[1], ":нагасино") ||
		names[0] != "Анэгава — Север, ход 1" || names[1] != "Нагасино — Север, ход 0" {
		t.Fatalf("Oda is offered %v %v", offered, names)
	}
	if r := w.dm(oda, "field", discordtest.StringOpt("battle", offered[1])); r.Content != "Нагасино — расстановка" || len(r.Files) != 1 {
		t.Fatalf("/field battle:Нагасино: %q", r.Content)
	}
	if r := w.dm(oda, "field", discordtest.StringOpt("battle", "анэгава")); r.Content != "Анэгава — ход 1" {
		t.Fatalf("/field battle:анэгава by name: %q", r.Content)
	}
	// A battle he is not in reads exactly as one that does not exist.
	other := w.dm(oda, "field", discordtest.StringOpt("battle", "Сэкигахара")).Content
	none := w.dm(oda, "field", discordtest.StringOpt("battle", "Такого нет")).Content
	if other != "Среди ваших битв нет «Сэкигахара». Ваши битвы: «Анэгава» (Север), «Нагасино» (Север)." ||
		strings.ReplaceAll(other, "Сэкигахара", "?") != strings.ReplaceAll(none, "Такого нет", "?") {
		t.Fatalf("a battle not his:\n%q\n%q", other, none)
	}
}

// A user with no battle being fought is told so in his language, the same
// words whether he is a member without a clan or no member at all.
func TestDMCommandNoBattle(t *testing.T) {
	t.Parallel()
	w := startedWorld(t)
	defer w.stop()
	stranger := discordtest.Member{UserID: "700000000000000099", Username: "ronin", Locale: "ru"}
	for _, name := range []string{"field", "orders", "log", "why", "verify"} {
		var opts []discordtest.Option
		switch name {
		case "why":
			opts = append(opts, discordtest.StringOpt("unit", "n-yari"))
		case "verify":
			opts = append(opts, discordtest.IntOpt("turn", 1))
		}
		for _, m := range []discordtest.Member{gm, stranger} {
			if r := w.dm(m, name, opts...); r.Content != "У вас нет идущей битвы: в личных сообщениях команды работают для битвы, где ваш клан держит сторону." || len(r.Files) != 0 {
				t.Fatalf("/%s by %s: %+v", name, m.Username, r)
			}
		}
	}
	if r := w.dm(gmEN, "field"); r.Content != "You have no battle being fought: in a DM, commands act on the battle where your clan holds a side." {
		t.Fatalf("in English: %q", r.Content)
	}
	if r := w.dm(oda, "roll"); r.Content != "Эта команда работает только на сервере." {
		t.Fatalf("a guild's command in the DM: %q", r.Content)
	}
}
