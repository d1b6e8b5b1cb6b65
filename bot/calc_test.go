package bot_test

import (
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"

	"github.com/gunbai/gunbai/bot"
	"github.com/gunbai/gunbai/bot/discordtest"
	"github.com/gunbai/gunbai/campaign"
	"github.com/gunbai/gunbai/store"
)

// calcRosterRecord is a small campaign stored before the bot starts:
// Takeda's disordered army after a forced march, Uesugi's army.
func calcRosterRecord() store.RosterRecord {
	person := func(id, clan, name string) campaign.Person {
		return campaign.Person{Character: campaign.Character{ID: id, Age: campaign.Mature}, Name: name, Clan: clan, Status: campaign.Active}
	}
	return store.RosterRecord{Seed: []byte("the calculators' fixed seed"), Roster: campaign.Roster{Turn: 2,
		Clans: []campaign.Clan{
			{ID: "takeda", Name: "Такэда", Provinces: []string{"kai", "shinano"}, Shrine: "kai"},
			{ID: "uesugi", Name: "Уэсуги", Provinces: []string{"echigo"}, Shrine: "echigo"},
		},
		Characters: []campaign.Person{person("shingen", "takeda", "Такэда Сингэн"), person("kenshin", "uesugi", "Уэсуги Кэнсин")},
		Armies: []campaign.Army{
			{ID: "t1", Name: "Армия Такэды", Clan: "takeda", Kind: campaign.KindArmy, Commander: "shingen", Province: "shinano",
				State: campaign.Disorder, ForcedMarch: true, Units: []campaign.Unit{
					{ID: "tk-horse", Name: "Конница", Type: campaign.HeavyCavalry, Figures: 10},
					{ID: "tk-yari", Name: "Асигару", Type: campaign.AshigaruSpear, Figures: 20}}},
			{ID: "e1", Name: "Армия Уэсуги", Clan: "uesugi", Kind: campaign.KindArmy, Commander: "kenshin", State: campaign.InOrder,
				Units: []campaign.Unit{{ID: "us-yari", Type: campaign.AshigaruSpear, Figures: 30}}},
		}}}
}

// calcWorld starts a bot on a store holding calcRosterRecord; it skips
// while the command table lacks the calculators (calcSpecs).
func calcWorld(t *testing.T) *world {
	t.Helper()
	if !slices.ContainsFunc(bot.Commands(), func(c *discordgo.ApplicationCommand) bool { return c.Name == "retreat" }) {
		t.Skip("the command table lacks calcSpecs() (bot/commands.go)")
	}
	w := newWorld(t)
	st, err := store.Open(w.path, store.Options{NoSync: true})
	if err != nil {
		t.Fatal(err)
	}
	if err := st.Update(func(tx *store.Tx) error { return tx.PutRoster(w.guild, calcRosterRecord()) }); err != nil {
		t.Fatal(err)
	}
	st.Close()
	w.start()
	t.Cleanup(w.stop)
	return w
}

// calcRoster is the roster in the bot's store now.
func calcRoster(t *testing.T, w *world) campaign.Roster {
	t.Helper()
	var rec store.RosterRecord
	err := w.st.View(func(tx *store.Tx) error {
		var err error
		rec, err = tx.Roster(w.guild)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return rec.Roster
}

// /retreat through Discord (F-E1-2, E1-R4, E1-Q5, E1-R3): the army is
// completed from the roster, the preview shows the table and the E1-R3
// checklist and writes nothing, apply writes it, a second apply is refused;
// a player may not use it.
func TestCalcRetreatThroughDiscord(t *testing.T) {
	t.Parallel()
	w := calcWorld(t)
	if vals := calcOffered(w, "retreat", discordtest.Focus(discordtest.StringOpt("army", "такэд"))); !slices.Equal(vals, []string{"t1"}) {
		t.Fatalf("army completion: %v", vals)
	}
	opts := []discordtest.Option{discordtest.StringOpt("army", "t1"), discordtest.IntOpt("hostile_borders", 1), discordtest.StringOpt("crossings", "1+")}
	r := w.slash(gm, chanGM, "retreat", opts...)
	for _, want := range []string{"Срочное отступление: Армия Такэды", "1) форс. марш; 2) граница 1; 3) переправа 1, берег 1; 4) переправа 1, эскадра",
		"• Конница (10): к6", "Такэда Сингэн: отряд не выбран", "Предварительно", "(E1-R3.1)"} {
		if !strings.Contains(r.Content, want) {
			t.Fatalf("preview lacks %q:\n%s", want, r.Content)
		}
	}
	if a, _ := calcArmy(calcRoster(t, w), "t1"); a.Retreated || a.Units[0].Figures != 10 {
		t.Fatal("the preview wrote the roster")
	}
	if r := w.slash(oda, chanOda, "retreat", opts...); strings.Contains(r.Content, "Срочное отступление") {
		t.Fatalf("a player retreated an army: %s", r.Content)
	}
	applied := w.slash(gm, chanGM, "retreat", append(opts, discordtest.BoolOpt("apply", true))...)
	if !strings.Contains(applied.Content, "Записано в состав") {
		t.Fatalf("apply: %s", applied.Content)
	}
	// The same dice as the preview's: the tables match line by line.
	if table := func(s string) string { s, _, _ = strings.Cut(s, "Риск"); return s }; table(applied.Content) != table(r.Content) {
		t.Fatalf("apply rolled other dice:\n%s\npreview:\n%s", applied.Content, r.Content)
	}
	a, _ := calcArmy(calcRoster(t, w), "t1")
	if !a.Retreated || a.ForcedMarch || a.Units[0].Figures >= 10 {
		t.Fatalf("after apply: %+v", a)
	}
	if again := w.slash(gm, chanGM, "retreat", append(opts, discordtest.BoolOpt("apply", true))...); !strings.Contains(again.Content, "уже отступила") {
		t.Fatalf("a second retreat: %s", again.Content)
	}
	if bad := w.slash(gm, chanGM, "retreat", discordtest.StringOpt("army", "t1"), discordtest.StringOpt("crossings", "7")); !strings.Contains(bad.Content, "Не понял «7»") {
		t.Fatalf("a bad crossing: %s", bad.Content)
	}
}

// /control through Discord (F-E1-3, E1-C3..C7, E1-Q7): the armies list is
// completed, the answer shows both sides and the scaled 2d6 with its
// target, in the caller's language; nothing is written.
func TestCalcControlThroughDiscord(t *testing.T) {
	t.Parallel()
	w := calcWorld(t)
	if vals := calcOffered(w, "control", discordtest.Focus(discordtest.StringOpt("armies", "t1, "))); !slices.Contains(vals, "t1, e1") || slices.Contains(vals, "t1, t1") {
		t.Fatalf("armies completion: %v", vals)
	}
	if vals := calcOffered(w, "control", discordtest.Focus(discordtest.StringOpt("garrison", "samurai:5, ash"))); !slices.Equal(vals, []string{"samurai:5, ashigaru:1"}) {
		t.Fatalf("garrison completion: %v", vals)
	}
	if vals := calcOffered(w, "control", discordtest.Focus(discordtest.StringOpt("province", "ech"))); !slices.Equal(vals, []string{"echigo"}) {
		t.Fatalf("province completion: %v", vals)
	}
	before := calcRoster(t, w)
	r := w.slash(gmEN, chanGM, "control", discordtest.StringOpt("province", "echigo"), discordtest.StringOpt("method", "punitive"),
		discordtest.IntOpt("al", 5), discordtest.IntOpt("oc", 4), discordtest.StringOpt("armies", "t1"), discordtest.IntOpt("cut_al", 2),
		discordtest.IntOpt("levy_samurai", 25), discordtest.StringOpt("fort", "castle"), discordtest.StringOpt("garrison", "samurai:5"))
	for _, want := range []string{"Control over province echigo", "punitive measures, target 5+", "Capturer's strength (E1-C5, E1-Q3): 60 ash-eq.",
		"levy 25 × 4 + castle garrison 20 × 2 = 140 ash-eq", "× 60 / 140 = "} {
		if !strings.Contains(r.Content, want) {
			t.Fatalf("control lacks %q:\n%s", want, r.Content)
		}
	}
	if after := calcRoster(t, w); after.Turn != before.Turn || len(after.Armies) != len(before.Armies) {
		t.Fatal("control changed the roster")
	}
	if r := w.slash(gm, chanGM, "control", discordtest.StringOpt("province", "echigo"), discordtest.StringOpt("method", "soft"),
		discordtest.IntOpt("al", 5), discordtest.IntOpt("oc", 4), discordtest.StringOpt("armies", "t1"), discordtest.StringOpt("besieging", "t1"),
		discordtest.IntOpt("levy_samurai", 3)); !strings.Contains(r.Content, "попытка невозможна (E1-Q7)") {
		t.Fatalf("no strength: %s", r.Content)
	}
}

// /suppress and /secession through Discord (E1-S3, E1-K2).
func TestCalcSuppressAndSecessionThroughDiscord(t *testing.T) {
	t.Parallel()
	w := calcWorld(t)
	r := w.slash(gm, chanGM, "suppress", discordtest.StringOpt("province", "kai"), discordtest.StringOpt("army", "t1"),
		discordtest.StringOpt("kind", "uprising"), discordtest.StringOpt("method", "soft"), discordtest.IntOpt("al", 2),
		discordtest.IntOpt("levy_samurai", 4), discordtest.StringOpt("order", "tk-yari"), discordtest.BoolOpt("apply", true))
	if !strings.Contains(r.Content, "Подавление: восстание в провинции kai") || !strings.Contains(r.Content, "• Асигару: −") {
		t.Fatalf("suppress:\n%s", r.Content)
	}
	if a, _ := calcArmy(calcRoster(t, w), "t1"); a.Units[1].Figures >= 20 {
		t.Fatalf("E1-S3 losses not written: %+v", a.Units)
	}
	if vals := calcOffered(w, "secession", discordtest.Focus(discordtest.StringOpt("clan", "уэс"))); !slices.Equal(vals, []string{"uesugi"}) {
		t.Fatalf("clan completion: %v", vals)
	}
	if r := w.slash(gm, chanGM, "secession", discordtest.StringOpt("clan", "takeda")); !strings.Contains(r.Content, "E1-K3") {
		t.Fatalf("an heir: %s", r.Content)
	}
}

func calcOffered(w *world, command string, opts ...discordtest.Option) []string {
	w.t.Helper()
	var out []string
	for _, c := range w.choices(w.srv.Interactions().Autocomplete(w.guild, chanGM, gm, command, opts...)) {
		out = append(out, c.Value.(string))
	}
	return out
}

func calcArmy(r campaign.Roster, id string) (campaign.Army, bool) {
	a, ok := r.Army(id)
	if !ok {
		return campaign.Army{}, false
	}
	return *a, true
}

// E1-R5 through Discord (seed §I item 5: "Самураи могут запереться в
// замках"): castle_units offers the samurai units only, and an ashigaru unit
// named there is refused, in Russian and English, with nothing written.
func TestCalcRetreatCastleSamurai_E1_R5(t *testing.T) {
	t.Parallel()
	w := calcWorld(t)
	castle := func(typed string) []discordtest.Option {
		return []discordtest.Option{discordtest.StringOpt("army", "t1"), discordtest.BoolOpt("nowhere", true), discordtest.Focus(discordtest.StringOpt("castle_units", typed))}
	}
	if vals := calcOffered(w, "retreat", castle("")...); !slices.Equal(vals, []string{"tk-horse"}) {
		t.Fatalf("castle_units offers %v, want the cavalry only", vals)
	}
	before := calcRoster(t, w)
	opts := []discordtest.Option{discordtest.StringOpt("army", "t1"), discordtest.BoolOpt("nowhere", true),
		discordtest.StringOpt("castle_units", "tk-yari"), discordtest.BoolOpt("apply", true)}
	if r := w.slash(gm, chanGM, "retreat", opts...); !strings.Contains(r.Content, "В замках могут запереться только самураи (E1-R5), а «Асигару» — не самураи.") {
		t.Fatalf("RU: %s", r.Content)
	}
	if r := w.slash(gmEN, chanGM, "retreat", opts...); !strings.Contains(r.Content, "Only samurai may shut themselves in castles (E1-R5); “Асигару” are not samurai.") {
		t.Fatalf("EN: %s", r.Content)
	}
	if after := calcRoster(t, w); !reflect.DeepEqual(after, before) {
		t.Fatal("a refused retreat changed the roster")
	}
}
