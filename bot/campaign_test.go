package bot_test

import (
	"fmt"
	"math/rand/v2"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"

	"github.com/gunbai/gunbai/bot/discordtest"
	"github.com/gunbai/gunbai/campaign"
	"github.com/gunbai/gunbai/game"
)

// embedText is everything a message's embeds say.
func embedText(es []*discordgo.MessageEmbed) string {
	var b strings.Builder
	for _, e := range es {
		b.WriteString(e.Title + "\n" + e.Description + "\n")
		for _, f := range e.Fields {
			b.WriteString(f.Name + "\n" + f.Value + "\n")
		}
		if e.Footer != nil {
			b.WriteString(e.Footer.Text + "\n")
		}
	}
	return b.String()
}

// upload sends /roster upload with a file of campaign/rosterfile/testdata.
func (w *world) upload(m discordtest.Member, name string) discordtest.Response {
	w.t.Helper()
	data, err := os.ReadFile("../campaign/rosterfile/testdata/" + name)
	if err != nil {
		w.t.Fatal(err)
	}
	return w.slash(m, chanGM, "roster", discordtest.Subcommand("upload", discordtest.AttachmentOpt("file", name, data)))
}

// rosterNow reads the guild's roster as the bot stored it.
func (w *world) rosterNow() campaign.Roster {
	w.t.Helper()
	r, err := (&game.Service{Store: w.st}).Campaigns().Roster(w.guild)
	if err != nil {
		w.t.Fatal(err)
	}
	return r
}

// aftermathMessage is the live aftermath message of an army in a channel.
func (w *world) aftermathMessage(channel, army string) (discordtest.Message, bool) {
	for _, m := range w.srv.Messages().Under(channel) {
		if slices.ContainsFunc(customIDs(m.Components), func(id string) bool { return strings.HasPrefix(id, "am:"+army+":") }) {
			return m, true
		}
	}
	return discordtest.Message{}, false
}

// A whole campaign turn through the real discordgo client (issue 15): two
// rosters uploaded, clans bound to their roles, a battle created from the
// rosters' armies and fought to its end, written back to the roster; the
// aftermath of both armies with the clans' choices on buttons and menus;
// the next turn. The roster shows the losses, recovery, healing and
// promotions; a clan never sees the other's roster.
func TestRosterAndAftermathThroughDiscord(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	// The same seeds every run, so the battle and the aftermath's dice are.
	w.svc = func(s *game.Service) { s.Rand = rand.NewChaCha8([32]byte{5}) }
	w.start()

	// Uploads: a player may not; a bad file names its line and column and
	// changes nothing; the two rosters are merged clan by clan.
	if r := w.upload(oda, "roster_uesugi.toml"); !strings.Contains(r.Content, "только для мастера") {
		t.Fatalf("a player uploaded a roster: %+v", r)
	}
	bad := []byte("[[clan]]\nid = \"x\"\nname = \"X\"\n[[army]]\nid = \"a\"\nclan = \"x\"\n  [[army.unit]]\n  id = \"u\"\n  type = \"dragon\"\n  figures = 5\n")
	if r := w.slash(gm, chanGM, "roster", discordtest.Subcommand("upload", discordtest.AttachmentOpt("file", "bad.toml", bad))); !strings.Contains(r.Content, "bad.toml") || !strings.Contains(r.Content, "9") {
		t.Fatalf("a bad roster file: %+v", r)
	}
	if len(w.rosterNow().Clans) != 0 {
		t.Fatal("a refused file changed the roster")
	}
	for _, f := range []string{"roster_uesugi.toml", "roster_takeda.toml"} {
		if r := w.upload(gm, f); !r.Ephemeral || len(r.Embeds) == 0 {
			t.Fatalf("upload %s: %+v", f, r)
		}
	}
	if r := w.rosterNow(); len(r.Clans) != 2 || len(r.Armies) != 4 {
		t.Fatalf("after two uploads: %d clans, %d armies", len(r.Clans), len(r.Armies))
	}
	w.slash(gm, chanGM, "roster", discordtest.Subcommand("clan", discordtest.StringOpt("clan", "uesugi"), discordtest.RoleOpt("role", roleOda), discordtest.ChannelOpt("channel", chanOda)))
	w.slash(gm, chanGM, "roster", discordtest.Subcommand("clan", discordtest.StringOpt("clan", "takeda"), discordtest.RoleOpt("role", roleAsai), discordtest.ChannelOpt("channel", chanAsai)))

	// A player sees his own clan's roster, whatever clan he names.
	r := w.slash(oda, chanOda, "roster", discordtest.Subcommand("show", discordtest.StringOpt("clan", "takeda")))
	if own := embedText(r.Embeds); !strings.Contains(own, "us-yari") && !strings.Contains(own, "Уэсуги") || strings.Contains(own, "Такэда") || strings.Contains(own, "tk-yari") {
		t.Fatalf("Oda's player sees: %q", own)
	}

	// The battle from the two main armies, fought one turn (battle.max_turns).
	w.create("Каванакадзима", discordtest.StringOpt("north_army", "uesugi-main"), discordtest.StringOpt("south_army", "takeda-main"))
	w.slash(gm, chanGM, "battle", discordtest.Subcommand("set", discordtest.StringOpt("battle", "Каванакадзима"),
		discordtest.StringOpt("key", "battle.max_turns"), discordtest.StringOpt("value", "1")))
	if r := w.slash(gm, chanGM, "battle", discordtest.Subcommand("start", discordtest.StringOpt("battle", "Каванакадзима"))); !strings.Contains(r.Content, "началась") {
		t.Fatalf("start: %+v", r)
	}
	w.roll(oda, chanOda)
	w.roll(asai, chanAsai)
	for _, o := range [][]discordtest.Option{
		{discordtest.StringOpt("unit", "us-yari"), discordtest.StringOpt("order", "move"), discordtest.IntOpt("phase", 1)},
		{discordtest.StringOpt("unit", "us-yari"), discordtest.StringOpt("order", "move"), discordtest.IntOpt("phase", 2)},
		{discordtest.StringOpt("unit", "us-hc"), discordtest.StringOpt("order", "move"), discordtest.IntOpt("phase", 1)},
	} {
		if r := w.slash(oda, chanOda, "order", o...); !strings.Contains(r.Content, "Приказ принят") {
			t.Fatalf("order %v: %+v", o, r)
		}
	}
	w.slash(gm, chanGM, "battle", discordtest.Subcommand("resolve", discordtest.StringOpt("battle", "Каванакадзима"), discordtest.IntOpt("turn", 1)))
	w.b.Wait()

	ro := w.rosterNow()
	if len(ro.Records) != 1 {
		t.Fatalf("the finished battle was not written back: %+v", ro.Records)
	}
	rec := ro.Records[0]
	for k, side := range rec.Sides {
		if side.Result == "" || side.StartFigures == 0 {
			t.Errorf("side %d of the record: %+v", k, side)
		}
	}
	lost := 0
	for _, ru := range rec.Sides[0].Units {
		a, _ := ro.Army("uesugi-main")
		u := a.Units[a.UnitIndex(ru.Unit)]
		if u.Figures != ru.End || u.LostThisTurn != ru.Lost {
			t.Errorf("%s: roster %d figures, lost %d; the battle ended it with %d, lost %d", ru.Unit, u.Figures, u.LostThisTurn, ru.End, ru.Lost)
		}
		lost += ru.Lost
	}
	t.Logf("record: %+v", rec)
	// Both clans and the GM were told what the battle wrote back.
	for _, ch := range []string{chanOda, chanAsai, chanGM} {
		if !strings.Contains(contentOf(w.srv.Messages().Under(ch)), "us-yari") {
			t.Errorf("channel %s got no record of the battle", ch)
		}
	}

	// The roster card shows the battle's losses, and who distinguished
	// himself, before the aftermath.
	card := embedText(w.slash(gm, chanGM, "roster", discordtest.Subcommand("show", discordtest.StringOpt("clan", "uesugi"))).Embeds)
	wants := []string{"отличился (E1-U1)"}
	for _, ru := range rec.Sides[0].Units {
		if ru.Lost > 0 {
			wants = append(wants, fmt.Sprintf("потеряно в этом ходу: %d", ru.Lost))
		}
	}
	for _, want := range wants {
		if !strings.Contains(card, want) {
			t.Errorf("the roster card after the battle lacks %q:\n%s", want, card)
		}
	}
	picked := map[string][]string{}
	// The aftermath of each army: the GM gives the province facts, the clan
	// chooses on its message, then confirms.
	for _, af := range []struct {
		army           string
		channel, elsew string
		player, other  discordtest.Member
	}{{"uesugi-main", chanOda, chanAsai, oda, asai}, {"takeda-main", chanAsai, chanOda, asai, oda}} {
		r := w.slash(gm, chanGM, "aftermath", discordtest.StringOpt("army", af.army), discordtest.StringOpt("fortification", "castle"), discordtest.BoolOpt("horse_breeding", true))
		if !r.Ephemeral || strings.Contains(r.Content, "Нельзя") {
			t.Fatalf("aftermath %s: %+v", af.army, r)
		}
		m, ok := w.aftermathMessage(af.channel, af.army)
		if !ok || len(m.Embeds) == 0 {
			t.Fatalf("no aftermath message of %s in its clan's channel", af.army)
		}
		if _, ok := w.aftermathMessage(af.elsew, af.army); ok {
			t.Fatalf("the aftermath of %s reached the other clan", af.army)
		}
		ids := customIDs(m.Components)
		confirm := ids[slices.IndexFunc(ids, func(id string) bool { return strings.HasSuffix(id, ":confirm") })]
		// The other clan's player cannot choose for it.
		w.answers(w.srv.Interactions().Button(w.guild, af.channel, af.other, confirm))
		if am := w.rosterNow(); mustAftermath(t, am, af.army).Done {
			t.Fatalf("the other clan confirmed %s", af.army)
		}
		// A promotion picked on the menu, and a skill given to a general.
		for _, c := range components(m.Components) {
			menu, ok := c.(*discordgo.SelectMenu)
			if !ok || len(menu.Options) == 0 {
				continue
			}
			pick := menu.Options[0].Value
			if strings.HasSuffix(menu.CustomID, ":grant") {
				pick = menu.Options[len(menu.Options)-1].Value
			}
			if strings.HasSuffix(menu.CustomID, ":promote") || strings.HasSuffix(menu.CustomID, ":grant") {
				w.answers(w.srv.Interactions().Select(w.guild, af.channel, af.player, menu.CustomID, pick))
				picked[af.army] = append(picked[af.army], pick)
			}
		}
		// Name every skill granted, then confirm.
		for _, id := range ids {
			if strings.Contains(id, ":name:") {
				skill := strings.Replace(id, ":name:", ":skill:", 1)
				w.answers(w.srv.Interactions().ModalSubmit(w.guild, af.channel, af.player, skill, map[string]string{"skill": "Засада у брода"}))
			}
		}
		w.answers(w.srv.Interactions().Button(w.guild, af.channel, af.player, confirm))
		if am := w.rosterNow(); !mustAftermath(t, am, af.army).Done {
			t.Fatalf("the aftermath of %s is not confirmed: %+v", af.army, mustAftermath(t, am, af.army))
		}
		m, _ = w.srv.Messages().Get(m.ID)
		if len(m.Components) != 0 || m.Edits == 0 {
			t.Errorf("the confirmed aftermath of %s still has its buttons (%d edits)", af.army, m.Edits)
		}
	}
	after := w.rosterNow()
	// Seed 5 makes the Uesugi spearmen distinguish themselves and Kenshin
	// earn a skill: both chosen on the menus are in the roster now.
	if len(picked["uesugi-main"]) != 2 {
		t.Fatalf("the Uesugi aftermath offered no promotion or no grant: %v", picked)
	}
	for _, v := range picked["uesugi-main"] {
		left, right, _ := strings.Cut(v, "|")
		if u, ok := unitOf(after, left); ok {
			if !slices.Contains(u.Promotions, campaign.Promotion(right)) {
				t.Errorf("%s did not take %s: %+v", left, right, u)
			}
		} else if p, ok := after.Person(right); !ok || !slices.Contains(p.Skills, "Засада у брода") {
			t.Errorf("the skill did not go to %s: %+v", right, p)
		}
	}
	a, _ := after.Army("uesugi-main")
	if !a.Recovered {
		t.Error("uesugi-main did not recover")
	}
	// Kagemochi entered with two wounds; his healing was rolled.
	am := mustAftermath(t, after, "uesugi-main")
	if !slices.ContainsFunc(am.Healings, func(h campaign.CharHealing) bool { return h.Character == "kagemochi" }) {
		t.Errorf("no healing roll for kagemochi: %+v", am.Healings)
	}
	t.Logf("lost %d; aftermath %+v", lost, am)

	if r := w.slash(gm, chanGM, "turn", discordtest.Subcommand("next")); !strings.Contains(r.Content, "2") {
		t.Fatalf("turn next: %+v", r)
	}
	next := w.rosterNow()
	if next.Turn != 2 || len(next.Aftermaths) != 0 {
		t.Fatalf("after /turn next: turn %d, %d aftermaths", next.Turn, len(next.Aftermaths))
	}
	r = w.slash(gm, chanGM, "roster", discordtest.Subcommand("show", discordtest.StringOpt("clan", "uesugi")))
	healed := "Амакасу Кагэмоти — пожилой; без ранений"
	if k, _ := next.Person("kagemochi"); k.Wounds > 0 {
		healed = fmt.Sprintf("Амакасу Кагэмоти — пожилой; %d ранени", k.Wounds)
	}
	for _, want := range []string{"боевое мастерство +1", "Засада у брода", healed} {
		if !strings.Contains(embedText(r.Embeds), want) {
			t.Errorf("the roster card after the turn lacks %q:\n%s", want, embedText(r.Embeds))
		}
	}
	a, _ = next.Army("uesugi-main")
	yari := a.Units[a.UnitIndex("us-yari")]
	if card := embedText(r.Embeds); !strings.Contains(card, fmt.Sprintf("Самураи с копьями — самураи-копейщики, %d фигур", yari.Figures)) {
		t.Errorf("the GM's roster card: %q", embedText(r.Embeds))
	}
}

func mustAftermath(t *testing.T, r campaign.Roster, army string) campaign.Aftermath {
	t.Helper()
	am, ok := r.Aftermath(army)
	if !ok {
		t.Fatalf("no aftermath of %s", army)
	}
	return *am
}

// components flattens a message's rows.
func components(rows []discordgo.MessageComponent) []discordgo.MessageComponent {
	var out []discordgo.MessageComponent
	for _, r := range rows {
		if row, ok := r.(*discordgo.ActionsRow); ok {
			out = append(out, row.Components...)
		}
	}
	return out
}

// unitOf finds a unit in any army of the roster.
func unitOf(r campaign.Roster, id string) (campaign.Unit, bool) {
	for _, a := range r.Armies {
		if i := a.UnitIndex(id); i >= 0 {
			return a.Units[i], true
		}
	}
	return campaign.Unit{}, false
}
