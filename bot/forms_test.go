package bot_test

import (
	"encoding/json"
	"os"
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"

	"github.com/gunbai/gunbai/bot/discordfake"
	"github.com/gunbai/gunbai/bot/discordtest"
	"github.com/gunbai/gunbai/game"
	"github.com/gunbai/gunbai/render"
)

// shownModal is a modal the bot answered with (type 9): its data, and
// its labels' titles with their inputs' custom IDs and types.
type shownModal struct {
	raw    json.RawMessage
	Title  string `json:"title"`
	Custom string `json:"custom_id"`
	Labels []struct {
		Type        int    `json:"type"`
		Label       string `json:"label"`
		Description string `json:"description"`
		Component   struct {
			Type         int    `json:"type"`
			CustomID     string `json:"custom_id"`
			ChannelTypes []int  `json:"channel_types"`
			Required     bool   `json:"required"`
			Options      []any  `json:"options"`
			Default      []any  `json:"default_values"`
			MinValues    *int   `json:"min_values"`
			MaxValues    *int   `json:"max_values"`
		} `json:"component"`
	} `json:"components"`
}

func modalOf(t *testing.T, r discordtest.Response) shownModal {
	t.Helper()
	if r.Type != discordgo.InteractionResponseModal {
		t.Fatalf("answered with %d, not a modal: %s %s", r.Type, r.Content, r.Data)
	}
	m := shownModal{raw: r.Data}
	if err := json.Unmarshal(r.Data, &m); err != nil {
		t.Fatal(err)
	}
	for _, l := range m.Labels {
		if l.Type != 18 {
			t.Errorf("a top-level component of type %d, not a label", l.Type)
		}
	}
	return m
}

// labels are the modal's labels' titles.
func (m shownModal) labels() []string {
	var out []string
	for _, l := range m.Labels {
		out = append(out, l.Label)
	}
	return out
}

// submit fills the modal in and returns every answer to the submit.
func (w *world) submit(m discordtest.Member, channel string, modal shownModal, in discordfake.ModalInput) []discordtest.Response {
	w.t.Helper()
	i, err := w.srv.Interactions().SubmitModal(w.guild, channel, m, modal.raw, in)
	if err != nil {
		w.t.Fatal(err)
	}
	return w.answers(i)
}

func final(rs []discordtest.Response) discordtest.Response {
	for _, r := range rs[1:] {
		if r.Kind == discordtest.KindEditOriginal {
			return r
		}
	}
	return rs[len(rs)-1]
}

func (w *world) battles() int {
	w.t.Helper()
	hs, err := (&game.Service{Store: w.st}).Battles(w.guild)
	if err != nil {
		w.t.Fatal(err)
	}
	return len(hs)
}

// /battle create with no option, in Russian and in English: two modals of labels in the
// GM's language (roles and channels picked from Discord's lists), the
// battle created as /battle create creates it; a bad pick is refused in
// the GM's words and creates nothing.
func TestBattleCreateFormRussianAndEnglish(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		locale string
		lang   render.Lang
		name   string
	}{{"ru", render.RU, "Нагасино"}, {"en-US", render.EN, "Nagashino"}} {
		t.Run(string(c.lang), func(t *testing.T) {
			t.Parallel()
			w := newWorld(t)
			w.start()
			defer w.stop()
			master := gm
			master.Locale = c.locale
			first := modalOf(t, w.answers(w.srv.Interactions().SlashCommand(w.guild, chanGM, master, "battle", discordtest.Subcommand("create")))[0])
			t.Logf("the first modal (%s): %s", c.lang, first.raw)
			want := []string{render.T(c.lang, "form.battle.north_role"), render.T(c.lang, "form.battle.north_channel"),
				render.T(c.lang, "form.battle.south_role"), render.T(c.lang, "form.battle.south_channel"), render.T(c.lang, "form.battle.gm_channel")}
			if strings.Join(first.labels(), "|") != strings.Join(want, "|") || first.Title != render.T(c.lang, "form.battle.title1") {
				t.Fatalf("first modal: %q %q, want %q", first.Title, first.labels(), want)
			}
			for i, typ := range []int{6, 8, 6, 8, 8} {
				if got := first.Labels[i].Component; got.Type != typ || typ == 8 && (len(got.ChannelTypes) != 1 || got.ChannelTypes[0] != 0) {
					t.Errorf("label %d holds %+v, want a select of type %d (text channels)", i, got, typ)
				}
			}
			picks := map[string][]string{"north_role": {roleOda}, "north_channel": {chanOda}, "south_role": {roleAsai}, "south_channel": {chanOda}, "gm_channel": {chanGM}}

			// The same channel twice: refused as the command refuses it.
			bad := final(w.submit(master, chanGM, first, discordfake.ModalInput{Values: picks}))
			if !strings.Contains(bad.Content, render.T(c.lang, "err.channels_same")) || len(bad.Components) != 0 {
				t.Fatalf("a clan channel twice: %+v", bad)
			}
			picks["south_channel"] = []string{chanAsai}
			ok := final(w.submit(master, chanGM, first, discordfake.ModalInput{Values: picks}))
			if !strings.Contains(ok.Content, "<#"+chanAsai+">") || len(customIDs(ok.Components)) != 1 {
				t.Fatalf("first step: %+v", ok)
			}
			t.Logf("after the first step: %s", ok.Content)
			second := modalOf(t, w.answers(w.srv.Interactions().Button(w.guild, chanGM, master, customIDs(ok.Components)[0]))[0])
			t.Logf("the second modal (%s): %s", c.lang, second.raw)
			if second.Title != render.T(c.lang, "form.battle.title2") || second.Labels[0].Label != render.T(c.lang, "form.battle.name") || second.Labels[0].Component.Type != 4 {
				t.Fatalf("second modal: %q %q", second.Title, second.labels())
			}
			if w.battles() != 0 {
				t.Fatal("a battle was created before its name")
			}
			done := final(w.submit(master, chanGM, second, discordfake.ModalInput{Values: map[string][]string{"name": {c.name}}}))
			created, _, _ := strings.Cut(render.T(c.lang, "bot.created", c.name, "\x00"), "\x00")
			if !strings.Contains(done.Content, created) || w.battles() != 1 {
				t.Fatalf("second step: %+v (%d battles)", done, w.battles())
			}
			// The same name again: the lifecycle's refusal, nothing more created.
			again := final(w.submit(master, chanGM, second, discordfake.ModalInput{Values: map[string][]string{"name": {c.name}}}))
			if strings.Contains(again.Content, created) || again.Content == "" || w.battles() != 1 {
				t.Fatalf("the same battle twice: %+v", again)
			}
			t.Logf("the same name again: %s", again.Content)
			// Some of the options and not all: refused, the missing named
			// in the GM's words, and no form, no battle.
			part := w.do(w.srv.Interactions().SlashCommand(w.guild, chanGM, master, "battle", discordtest.Subcommand("create",
				discordtest.StringOpt("name", "Другая"), discordtest.RoleOpt("north_role", roleOda))))
			missing := render.T(c.lang, "cmd.battle.opt.north_channel.name") + ", " + render.T(c.lang, "cmd.battle.opt.south_role.name")
			if !strings.Contains(part.Content, missing) || !strings.Contains(part.Content, render.T(c.lang, "cmd.battle.opt.gm_channel.name")) || w.battles() != 1 {
				t.Fatalf("/battle create with two options of six: %+v (%d battles)", part, w.battles())
			}
			// A player may not open it.
			if r := w.slash(oda, chanOda, "battle", discordtest.Subcommand("create")); !strings.Contains(r.Content, render.T(render.RU, "bot.not_gm")) {
				t.Fatalf("a player opened the form: %+v", r)
			}
		})
	}
}

// /roster upload without its file opens a form with a file upload: a
// .toml roster and a .csv army list are taken as the command's attachment
// is; a .png is refused by its name before any download; a malformed
// roster is refused with its line and column, and changes nothing.
func TestRosterUploadFormTomlCsvAndRefusals(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	w.start()
	defer w.stop()
	open := func(m discordtest.Member) shownModal {
		return modalOf(t, w.answers(w.srv.Interactions().SlashCommand(w.guild, chanGM, m, "roster", discordtest.Subcommand("upload")))[0])
	}
	form := open(gm)
	t.Logf("the roster's modal: %s", form.raw)
	if len(form.Labels) != 1 || form.Labels[0].Component.Type != 19 || form.Labels[0].Label != render.T(render.RU, "form.roster.file") {
		t.Fatalf("roster modal: %s", form.raw)
	}
	up := func(name string, data []byte) discordtest.Response {
		return final(w.submit(gm, chanGM, form, discordfake.ModalInput{Files: map[string][]discordfake.UploadFile{"file": {{Name: name, Data: data}}}}))
	}
	downloads := w.srv.Interactions().AttachmentDownloads
	if r := up("map.png", []byte("\x89PNG\r\n\x1a\n")); !strings.Contains(r.Content, render.T(render.RU, "form.roster.extension", "map.png")) || downloads() != 0 {
		t.Fatalf("a .png (%d downloads): %+v", downloads(), r)
	}
	bad := []byte("[[clan]]\nid = \"x\"\nname = \"X\"\n[[army]]\nid = \"a\"\nclan = \"x\"\n  [[army.unit]]\n  id = \"u\"\n  type = \"dragon\"\n  figures = 5\n")
	if r := up("bad.toml", bad); !strings.Contains(r.Content, "bad.toml") || !strings.Contains(r.Content, "9") {
		t.Fatalf("a bad roster: %+v", r)
	}
	if len(w.rosterNow().Clans) != 0 || downloads() != 1 {
		t.Fatalf("a refused file changed the roster, or was not downloaded to be read (%d downloads)", downloads())
	}
	toml, err := os.ReadFile("../campaign/rosterfile/testdata/roster_uesugi.toml")
	if err != nil {
		t.Fatal(err)
	}
	if r := up("roster_uesugi.toml", toml); len(r.Embeds) == 0 || len(w.rosterNow().Clans) != 1 {
		t.Fatalf("a .toml: %+v", r)
	}
	csv := []byte("army;id;type;figures\nuesugi-main;us-form;yamabushi;3\n")
	r := up("extra.csv", csv)
	if len(r.Embeds) == 0 {
		t.Fatalf("a .csv: %+v", r)
	}
	roster := w.rosterNow()
	a, _ := roster.Army("uesugi-main")
	found := false
	for _, u := range a.Units {
		found = found || u.ID == "us-form"
	}
	if !found {
		t.Fatalf("the .csv's unit is not in the roster: %+v", a.Units)
	}
	if r := w.slash(oda, chanGM, "roster", discordtest.Subcommand("upload")); !strings.Contains(r.Content, render.T(render.RU, "bot.not_gm")) {
		t.Fatalf("a player opened the form: %+v", r)
	}
}
