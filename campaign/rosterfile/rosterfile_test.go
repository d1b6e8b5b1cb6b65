package rosterfile

import (
	"errors"
	"fmt"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/gunbai/gunbai/campaign"
	"github.com/gunbai/gunbai/render"
)

func readSample(t testing.TB, name string) []byte {
	t.Helper()
	b, err := os.ReadFile("testdata/" + name)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// wordedRefusal checks that a refusal's key is in the catalogue in both
// languages, its arguments filling every verb.
func wordedRefusal(t *testing.T, r *Mistake) {
	t.Helper()
	for _, l := range []render.Lang{render.RU, render.EN} {
		s := render.Refusal(l, r.Key, r.Args, nil)
		if strings.HasPrefix(s, r.Key) || strings.Contains(s, "%!") {
			t.Errorf("%s: %s %v worded %q", l, r.Key, r.Args, s)
		}
	}
}

func TestRosterFileSamples(t *testing.T) {
	var all campaign.Roster
	for _, name := range []string{"roster_takeda.toml", "roster_uesugi.toml"} {
		r, err := Parse(name, readSample(t, name))
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if len(r.Clans) != 1 || len(r.Characters) < 2 || len(r.Characters) > 4 || len(r.Armies) != 2 {
			t.Errorf("%s: %d clans, %d characters, %d armies", name, len(r.Clans), len(r.Characters), len(r.Armies))
		}
		wounded := 0
		for _, p := range r.Characters {
			if p.Wounds > 0 {
				wounded++
			}
			if p.WoundsAtTurnStart != p.Wounds || p.Status != campaign.Active {
				t.Errorf("%s: %s: wounds %d at start %d, status %q", name, p.ID, p.Wounds, p.WoundsAtTurnStart, p.Status)
			}
		}
		if wounded != 1 {
			t.Errorf("%s: %d wounded characters, want 1", name, wounded)
		}
		main, sendan := r.Armies[0], r.Armies[1]
		if main.Kind != campaign.KindArmy || main.State != campaign.InOrder || len(main.Units) < 6 || len(main.Units) > 8 || main.Commander == "" || len(main.Generals) == 0 {
			t.Errorf("%s: army %+v", name, main)
		}
		if sendan.Kind != campaign.KindSendan || len(sendan.Units) != 2 {
			t.Errorf("%s: sendan %+v", name, sendan)
		}
		if all, err = Merge(all, r); err != nil {
			t.Fatalf("merging %s: %v", name, err)
		}
	}
	if all.Turn != 1 || all.Subphase != "весна" || len(all.Clans) != 2 || len(all.Armies) != 4 {
		t.Errorf("merged: turn %d %q, %d clans, %d armies", all.Turn, all.Subphase, len(all.Clans), len(all.Armies))
	}
	// The engine's names of the foot samurai are the campaign's.
	yari, _ := all.Army("takeda-main")
	if yari.Units[2].Type != campaign.FootSamuraiSpear {
		t.Errorf("samurai_spear read as %q", yari.Units[2].Type)
	}
	us, _ := all.Army("uesugi-main")
	if us.Units[2].Type != campaign.FootSamuraiBow || !us.ForcedMarch || us.Units[1].Promotions[0] != campaign.PromoteSteadImp {
		t.Errorf("uesugi army %+v", us)
	}
	if p, _ := all.Person("kagemochi"); p.Age != campaign.Old || !p.WeakHealth || p.Wounds != 2 || p.Name != "Амакасу Кагэмоти" {
		t.Errorf("kagemochi %+v", p)
	}
}

// A mistake is refused with the file, the line and the column of the value.
func TestRosterFileErrors(t *testing.T) {
	const clan = "[[clan]]\nid = \"takeda\"\nname = \"Такэда\"\n"
	const char = "[[character]]\nid = \"shingen\"\nclan = \"takeda\"\nage = \"mature\"\n"
	const army = "[[army]]\nid = \"a1\"\nclan = \"takeda\"\n"
	for _, c := range []struct {
		what, name, data, key string
		line, col             int
	}{
		{"unknown key", "r.toml", clan + "nmae = \"x\"\n", "err.roster_file.unknown_key", 4, 1},
		{"unknown key in a unit", "r.toml", clan + army + "[[army.unit]]\nid = \"u\"\ntype = \"yamabushi\"\nfigures = 3\nfigurez = 3\n", "err.roster_file.unknown_key", 11, 1},
		{"syntax", "r.toml", clan + "id = \n", "err.roster_file.syntax", 4, 6},
		{"a text for a number", "r.toml", clan + army + "[[army.unit]]\nid = \"u\"\ntype = \"yamabushi\"\nfigures = \"три\"\n", "err.roster_file.want_int", 10, 11},
		{"a text for a list", "r.toml", "[[clan]]\nid = \"k\"\nprovinces = \"kai\"\n", "err.roster_file.want_list", 3, 13},
		{"a number for a flag", "r.toml", clan + char + "female = 1\n", "err.roster_file.want_bool", 8, 10},
		{"unknown unit type", "r.toml", clan + army + "[[army.unit]]\nid = \"u\"\n  type = \"ninja\"\nfigures = 3\n", "err.roster_file.unit_type", 9, 10},
		{"in the second army", "r.toml", clan + army + "[[army.unit]]\nid = \"u\"\ntype = \"yamabushi\"\nfigures = 3\n[[army]]\nid = \"a2\"\nclan = \"takeda\"\n[[army.unit]]\nid = \"u2\"\ntype = \"ninja\"\nfigures = 1\n", "err.roster_file.unit_type", 16, 8},
		{"an age not in Ages", "r.toml", clan + "[[character]]\nid = \"s\"\nclan = \"takeda\"\nage =   \"ancient\"\n", "err.roster_file.value", 7, 9},
		{"no age", "r.toml", clan + "[[character]]\nid = \"s\"\nclan = \"takeda\"\n", "err.roster_file.missing", 4, 3},
		{"too many figures", "r.toml", clan + army + "[[army.unit]]\nid = \"u\"\ntype = \"yamabushi\"\nfigures = 100\n", "err.roster_file.figures", 10, 11},
		{"negative figures", "r.toml", clan + army + "[[army.unit]]\nid = \"u\"\ntype = \"yamabushi\"\nfigures = -1\n", "err.roster_file.figures", 10, 11},
		{"no figures", "r.toml", clan + army + "[[army.unit]]\nid = \"u\"\ntype = \"yamabushi\"\n", "err.roster_file.missing", 7, 3},
		{"duplicated id", "r.toml", clan + char + army + "[[army.unit]]\nid = \"shingen\"\ntype = \"yamabushi\"\nfigures = 1\n", "err.roster_file.duplicate", 12, 6},
		{"duplicated id in an inline list", "r.toml", clan + army + "unit = [{id = \"u\", type = \"yamabushi\", figures = 1}, {id = \"u\", type = \"yamabushi\", figures = 1}]\n", "err.roster_file.duplicate", 7, 60},
		{"a column counts characters", "r.toml", clan + "[[character]]\nid = \"s\"\nclan = \"takeda\"\nname = \"Сингэн\"; age = \"x\"\n", "err.roster_file.syntax", 7, 16},
		{"no such clan", "r.toml", clan + "[[character]]\nid = \"s\"\nclan = \"hojo\"\nage = \"old\"\n", "err.roster_file.no_clan", 6, 8},
		{"no such commander", "r.toml", clan + army + "commander = \"kenshin\"\n", "err.roster_file.no_character", 7, 13},
		{"a general of another clan", "r.toml", clan + "[[clan]]\nid = \"uesugi\"\n" + char + "[[army]]\nid = \"a\"\nclan = \"uesugi\"\ngenerals = [\"shingen\"]\n", "err.roster_file.other_clan", 13, 13},
		{"a commander of another clan", "r.toml", clan + "[[clan]]\nid = \"uesugi\"\n" + char + "[[army]]\nid = \"a\"\nclan = \"uesugi\"\ncommander = \"shingen\"\n", "err.roster_file.other_clan", 13, 13},
		{"a bad promotion", "r.toml", clan + army + "[[army.unit]]\nid = \"u\"\ntype = \"yamabushi\"\nfigures = 1\npromotions = [\"mastery\", \"luck\"]\n", "err.roster_file.value", 11, 26},
		{"a bad kind", "r.toml", clan + "[[army]]\nid = \"a1\"\nclan = \"takeda\"\nkind = \"navy\"\n", "err.roster_file.value", 7, 8},
		{"a bad status", "r.toml", clan + char + "status = \"asleep\"\n", "err.roster_file.value", 8, 10},
		{"too many wounds", "r.toml", clan + char + "wounds = 4\n", "err.roster_file.wounds", 8, 10},
		{"turn 0", "r.toml", "turn = 0\n", "err.roster_file.turn", 1, 8},
		{"not UTF-8", "r.toml", clan + "name = \"Та\xffкэда\"\n", "err.roster_file.utf8", 4, 11},

		{"csv: unknown column", "a.csv", "army;id;type;figures;colour\n", "err.roster_file.csv_column", 1, 5},
		{"csv: a column twice", "a.csv", "army,id,type,figures,id\n", "err.roster_file.csv_column_twice", 1, 5},
		{"csv: no figures column", "a.csv", "# a comment\narmy;id;type\n", "err.roster_file.csv_no_column", 2, 4},
		{"csv: unknown unit type", "a.csv", "army;id;type;figures\na1;u1;yamabushi;3\na1;u2;ninja;3\n", "err.roster_file.unit_type", 3, 3},
		{"csv: figures out of range", "a.csv", "# армия\nfigures;army;id;type\n\n100;a1;u1;yamabushi\n", "err.roster_file.figures", 4, 1},
		{"csv: figures not a number", "a.csv", "army;id;type;figures\na1;u1;yamabushi;много\n", "err.roster_file.csv_int", 2, 4},
		{"csv: duplicated unit", "a.csv", "army,id,type,figures\na1,u1,yamabushi,3\na2,u1,yamabushi,3\n", "err.roster_file.duplicate", 3, 2},
		{"csv: a unit named as an army", "a.csv", "army,id,type,figures\na1,u1,yamabushi,3\nu1,u2,yamabushi,3\n", "err.roster_file.duplicate", 3, 1},
		{"csv: two clans for an army", "a.csv", "army;clan;id;type;figures\na1;takeda;u1;yamabushi;3\na1;uesugi;u2;yamabushi;3\n", "err.roster_file.csv_conflict", 3, 2},
		{"csv: a bad kind", "a.csv", "army;kind;id;type;figures\na1;fleet;u1;yamabushi;3\n", "err.roster_file.value", 2, 2},
		{"csv: a short row", "a.csv", "army;id;type;figures\na1;u1;yamabushi\n", "err.roster_file.csv_fields", 2, 4},
		{"csv: a bad quote", "a.csv", "army;id;type;figures\na1;\"u1;yamabushi;3\n", "err.roster_file.csv_syntax", 2, 0},
		{"csv: no unit id", "a.csv", "army;id;type;figures\na1;;yamabushi;3\n", "err.roster_file.missing", 2, 2},
		// E1-K0: whether a character is of the clan's house.
		{"house not a flag", "r.toml", clan + char + "house = \"yes\"\n", "err.roster_file.want_bool", 8, 9},
		{"csv: commander_house not a flag", "a.csv", "army;id;type;figures;commander;commander_house\na1;u1;yamabushi;3;baba;может\n", "err.roster_file.value", 2, 6},
		{"csv: commander_house without a commander", "a.csv", "army;id;type;figures;commander_house\na1;u1;yamabushi;3;\na1;u2;yamabushi;3;нет\n", "err.roster_file.csv_house_commander", 3, 5},
		{"csv: commander_house twice otherwise", "a.csv", "army;id;type;figures;commander;commander_house\na1;u1;yamabushi;3;baba;no\na1;u2;yamabushi;3;;yes\n", "err.roster_file.csv_conflict", 3, 6},
		{"csv: one commander, two words", "a.csv", "army;id;type;figures;commander;commander_house\na1;u1;yamabushi;3;baba;no\na2;u2;yamabushi;3;baba;yes\n", "err.roster_file.csv_house_twice", 3, 6},
	} {
		t.Run(c.what, func(t *testing.T) {
			_, err := Parse(c.name, []byte(c.data))
			var r *Mistake
			if !errors.As(err, &r) {
				t.Fatalf("got %v, want a refusal", err)
			}
			wordedRefusal(t, r)
			if r.Key != c.key || len(r.Args) < 3 || r.Args[0] != c.name || r.Args[1] != c.line || (c.col != 0 && r.Args[2] != c.col) {
				t.Errorf("got %s %v, want %s at %s:%d:%d", r.Key, r.Args, c.key, c.name, c.line, c.col)
			}
		})
	}
}

func TestRosterFileRefusesWholeFiles(t *testing.T) {
	for _, c := range []struct {
		name string
		data []byte
		key  string
	}{
		{"roster.json", []byte("{}"), "err.roster_file.ext"},
		{"roster", []byte("turn = 1"), "err.roster_file.ext"},
		{"big.toml", []byte(strings.Repeat("#", MaxSize+1)), "err.roster_file.too_big"},
		{"empty.csv", []byte("# nothing\n"), "err.roster_file.csv_empty"},
	} {
		_, err := Parse(c.name, c.data)
		var r *Mistake
		if !errors.As(err, &r) || r.Key != c.key || r.Args[0] != c.name {
			t.Errorf("%s: got %v, want %s", c.name, err, c.key)
			continue
		}
		wordedRefusal(t, r)
	}
	// A BOM, as Windows Notepad and Excel write, is no mistake.
	r, err := Parse("Roster.TOML", append([]byte("\xef\xbb\xbf"), readSample(t, "roster_takeda.toml")...))
	if err != nil || len(r.Clans) != 1 {
		t.Errorf("with a BOM: %v", err)
	}
}

const armyList = "\xef\xbb\xbf# Список войск: один отряд в строке\n" +
	"Army;ID;Name;Type;Figures;Promotions;Clan;Kind;Commander\n" +
	"takeda-main;tk-hc;Конница;heavy_cavalry;5;mastery;;;\n" +
	"takeda-main;tk-ashi;\"Асигару; новые\";ashigaru_spear;7;;;;\n" +
	";;;;;;;;\n" +
	"takeda-new;tk-n1;Новобранцы;ashigaru_teppo;4;mastery | steadiness_impetus;takeda;sendan;katsuyori\n" +
	"takeda-new;tk-n2;;samurai_archer;3;;takeda;;\n"

func TestRosterArmyList(t *testing.T) {
	r, err := Parse("войска.csv", []byte(armyList))
	if err != nil {
		t.Fatal(err)
	}
	if len(r.Clans) != 0 || len(r.Characters) != 0 || len(r.Armies) != 2 {
		t.Fatalf("army list: %+v", r)
	}
	a, n := r.Armies[0], r.Armies[1]
	if a.ID != "takeda-main" || a.Clan != "" || a.Kind != "" || len(a.Units) != 2 || a.Units[1].Name != "Асигару; новые" || a.Units[0].Promotions[0] != campaign.PromoteMastery {
		t.Errorf("takeda-main: %+v", a)
	}
	if n.Clan != "takeda" || n.Kind != campaign.KindSendan || n.Commander != "katsuyori" || len(n.Units[0].Promotions) != 2 || n.Units[1].Type != campaign.FootSamuraiBow {
		t.Errorf("takeda-new: %+v", n)
	}
	// Commas, no comment, columns in another order.
	r, err = Parse("a.csv", []byte("figures,type,id,army\n3,yamabushi,u1,a1\n"))
	if err != nil || r.Armies[0].Units[0].Figures != 3 || r.Armies[0].Units[0].Type != campaign.Yamabushi {
		t.Errorf("comma list: %+v, %v", r, err)
	}
}

func sampleRoster(t *testing.T) campaign.Roster {
	t.Helper()
	var all campaign.Roster
	for _, name := range []string{"roster_takeda.toml", "roster_uesugi.toml"} {
		r, err := Parse(name, readSample(t, name))
		if err != nil {
			t.Fatal(err)
		}
		if all, err = Merge(all, r); err != nil {
			t.Fatal(err)
		}
	}
	return all
}

func TestMergeRosterClans(t *testing.T) {
	old := sampleRoster(t)
	old.Clans[0].Role, old.Clans[0].Channel = "111", "222"
	old.Records = []campaign.BattleRecord{{Battle: "b1", Kind: "grid", Turn: 1}}
	old.Aftermaths = []campaign.Aftermath{{Army: "takeda-main"}}
	up, err := Parse("t.toml", []byte(`turn = 2
[[clan]]
id = "takeda"
name = "Такэда (новые)"
[[character]]
id = "shingen"
clan = "takeda"
age = "old"
[[army]]
id = "takeda-only"
clan = "takeda"
commander = "shingen"
[[army.unit]]
id = "tk-x"
type = "yamabushi"
figures = 2
`))
	if err != nil {
		t.Fatal(err)
	}
	got, err := Merge(old, up)
	if err != nil {
		t.Fatal(err)
	}
	tk, _ := got.Clan("takeda")
	if tk.Name != "Такэда (новые)" || tk.Role != "111" || tk.Channel != "222" || len(tk.Provinces) != 0 {
		t.Errorf("takeda: %+v", tk)
	}
	if _, ok := got.Person("nobushige"); ok {
		t.Error("takeda's old characters must go")
	}
	if _, ok := got.Army("takeda-main"); ok {
		t.Error("takeda's old armies must go")
	}
	if _, ok := got.Army("uesugi-main"); !ok {
		t.Error("uesugi's armies must stay")
	}
	if _, ok := got.Person("kenshin"); !ok {
		t.Error("uesugi's characters must stay")
	}
	if got.Turn != 2 || got.Subphase != "весна" || len(got.Records) != 1 || len(got.Aftermaths) != 1 {
		t.Errorf("turn %d %q, records %d, aftermaths %d", got.Turn, got.Subphase, len(got.Records), len(got.Aftermaths))
	}
	if len(old.Characters) != 8 || old.Clans[0].Name != "Такэда" {
		t.Error("the old roster was changed")
	}
}

func TestMergeRosterArmyList(t *testing.T) {
	old := sampleRoster(t)
	up, err := Parse("войска.csv", []byte(armyList))
	if err != nil {
		t.Fatal(err)
	}
	got, err := Merge(old, up)
	if err != nil {
		t.Fatal(err)
	}
	main, _ := got.Army("takeda-main")
	if len(main.Units) != 2 || main.Commander != "shingen" || len(main.Generals) != 2 || main.Name != "Главное войско Такэда" {
		t.Errorf("takeda-main: %+v", main)
	}
	n, ok := got.Army("takeda-new")
	if !ok || n.State != campaign.InOrder || n.Kind != campaign.KindSendan {
		t.Errorf("takeda-new: %+v", n)
	}
	if len(got.Armies) != 5 || len(got.Characters) != len(old.Characters) || len(got.Clans) != 2 {
		t.Errorf("%d armies, %d characters, %d clans", len(got.Armies), len(got.Characters), len(got.Clans))
	}
	if o, _ := old.Army("takeda-main"); len(o.Units) != 7 {
		t.Error("the old roster was changed")
	}
}

// E1-K0: the roster file says who is of the clan's house (house = true) and
// who is a general serving it (house = false); left out, it is nil and the
// roster's default applies (an army's named generals are not of the house).
// An army list says it of an army's commander (commander_house), and Merge
// writes it on the roster's character.
func TestRosterFileHouse_E1_K0(t *testing.T) {
	r := sampleRoster(t)
	for id, want := range map[string]bool{"shingen": true, "nobushige": true, "katsuyori": true, "masakage": false, "kenshin": true, "kageie": false} {
		p, _ := r.Person(id)
		if p.House == nil || *p.House != want || r.InHouse(*p) != want {
			t.Errorf("E1-K0 %s house %v, want %v", id, p.House, want)
		}
	}
	up, err := Parse("t.toml", []byte("[[clan]]\nid = \"oda\"\n[[character]]\nid = \"nobunaga\"\nclan = \"oda\"\nage = \"mature\"\n"+
		"[[character]]\nid = \"katsuie\"\nclan = \"oda\"\nage = \"mature\"\n[[army]]\nid = \"oda-1\"\nclan = \"oda\"\ncommander = \"nobunaga\"\ngenerals = [\"katsuie\"]\n"))
	if err != nil {
		t.Fatal(err)
	}
	if up.Characters[0].House != nil || !up.InHouse(up.Characters[0]) || up.InHouse(up.Characters[1]) {
		t.Errorf("E1-K0 default: %+v", up.Characters)
	}
	list := "army;id;type;figures;commander;commander_house\ntakeda-main;tk-x;yamabushi;3;shingen;нет\nuesugi-main;us-x;yamabushi;3;kageie;да\n"
	up, err = Parse("a.csv", []byte(list))
	if err != nil || len(up.Characters) != 2 || up.Characters[0].ID != "shingen" || *up.Characters[0].House || !*up.Characters[1].House {
		t.Fatalf("E1-K0 army list: %+v %v", up.Characters, err)
	}
	got, err := Merge(r, up)
	if err != nil {
		t.Fatal(err)
	}
	shingen, _ := got.Person("shingen")
	kageie, _ := got.Person("kageie")
	if got.InHouse(*shingen) || !got.InHouse(*kageie) || len(got.Characters) != len(r.Characters) {
		t.Errorf("E1-K0 merged: shingen %v kageie %v", shingen.House, kageie.House)
	}
	if old, _ := r.Person("shingen"); !*old.House {
		t.Error("the old roster was changed")
	}
}

func TestMergeRosterRefusals(t *testing.T) {
	old := sampleRoster(t)
	for _, c := range []struct{ what, name, data, key string }{
		{"a new army without a clan", "a.csv", "army;id;type;figures\nnew-army;n1;yamabushi;3\n", "err.roster_merge.army_clan"},
		{"a new army of no clan", "a.csv", "army;clan;id;type;figures\nnew-army;hojo;n1;yamabushi;3\n", "err.roster_merge.army_no_clan"},
		{"a commander of another clan", "a.csv", "army;commander;id;type;figures\ntakeda-main;kenshin;n1;yamabushi;3\n", "err.roster_merge.leader"},
		{"a unit id another army has", "a.csv", "army;id;type;figures\ntakeda-main;us-hc;yamabushi;3\n", "err.roster_merge.duplicate"},
		{"a character id another clan has", "t.toml", "[[clan]]\nid = \"hojo\"\n[[character]]\nid = \"kenshin\"\nclan = \"hojo\"\nage = \"old\"\n", "err.roster_merge.duplicate"},
		{"a captor of no clan", "t.toml", "[[clan]]\nid = \"hojo\"\n[[character]]\nid = \"ujiyasu\"\nclan = \"hojo\"\nage = \"old\"\nstatus = \"captured\"\ncaptor = \"satomi\"\n", "err.roster_merge.captor"},
	} {
		up, err := Parse(c.name, []byte(c.data))
		if err != nil {
			t.Fatalf("%s: %v", c.what, err)
		}
		_, err = Merge(old, up)
		var r *Mistake
		if !errors.As(err, &r) || r.Key != c.key {
			t.Errorf("%s: got %v, want %s", c.what, err, c.key)
			continue
		}
		wordedRefusal(t, r)
	}
}

// A damaged file is refused, never a panic; what is accepted is whole.
func FuzzParseRosterFile(f *testing.F) {
	f.Add(readSample(f, "roster_takeda.toml"))
	f.Add(readSample(f, "roster_uesugi.toml"))
	f.Add([]byte(armyList))
	f.Add([]byte("army,id,type,figures\na1,u1,yamabushi,3\n"))
	f.Add([]byte("[[army]]\nunit = [{id = \"u\"}]\n[[army.unit]]\n"))
	f.Add([]byte("\xef\xbb\xbf[a.b]\nc = [1, [2, {d = 3}]]\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		for _, name := range []string{"f.toml", "f.csv"} {
			r, err := Parse(name, data)
			if err != nil {
				var ref *Mistake
				if !errors.As(err, &ref) || len(ref.Args) == 0 || ref.Args[0] != name {
					t.Fatalf("%s: %v is not a refusal naming the file", name, err)
				}
				continue
			}
			if name == "f.toml" {
				if err := r.Check(); err != nil {
					t.Fatalf("accepted a roster that fails Check: %v", err)
				}
			}
		}
	})
}

// A file at the size limit is read in linear time: positions are found
// from an index of the lines, not by reading the file from its start for
// each value (which took 16 s for this file).
func TestRosterFileLarge(t *testing.T) {
	var b strings.Builder
	b.WriteString("[[clan]]\nid = \"c\"\n")
	for i := 0; b.Len() < MaxSize-200; i++ {
		fmt.Fprintf(&b, "[[character]]\nid = \"p%d\"\nclan = \"c\"\nage = \"old\"\ntraits = [\"a\", \"b\"]\n", i)
	}
	start := time.Now()
	r, err := Parse("big.toml", []byte(b.String()))
	if err != nil || len(r.Characters) < 3000 {
		t.Fatalf("%d characters, %v", len(r.Characters), err)
	}
	if d := time.Since(start); d > 5*time.Second {
		t.Errorf("a %d-byte file took %v", b.Len(), d)
	}
}

// A character's quick-battle rating is read, checked (0-3) with its place,
// and defaults to 1 when absent (E3-Q2).
func TestRosterFileRating_E3_Q2(t *testing.T) {
	base := "[[clan]]\nid = \"c\"\nname = \"C\"\n[[character]]\nid = \"p\"\nname = \"P\"\nclan = \"c\"\nage = \"mature\"\n"
	r, err := Parse("r.toml", []byte(base+"rating = 3\n"))
	if err != nil || r.Characters[0].BattleRating() != 3 {
		t.Fatalf("rating 3: %+v, %v", r.Characters, err)
	}
	if r, err := Parse("r.toml", []byte(base)); err != nil || r.Characters[0].BattleRating() != 1 {
		t.Fatalf("no rating: %+v, %v", r.Characters, err)
	}
	_, err = Parse("r.toml", []byte(base+"rating = 4\n"))
	userErr(t, err, "err.roster_file.rating")
	if re := err.(*Mistake); re.Args[1] != 9 {
		t.Errorf("the bad rating's line: %v", re.Args)
	}
}

// userErr checks that err is the refusal key, worded in both languages.
func userErr(t *testing.T, err error, key string) {
	t.Helper()
	var r *Mistake
	if !errors.As(err, &r) || r.Key != key {
		t.Fatalf("want a refusal %s, got %v", key, err)
	}
	wordedRefusal(t, r)
}
