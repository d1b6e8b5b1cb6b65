package campaign

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"
)

func TestHouseState_E1_K1_E1_K2_E1_Q18(t *testing.T) {
	dead := ClanMember{ID: "lord", Age: Mature}
	boy := ClanMember{ID: "boy", Age: Minor, Alive: true}
	girl := ClanMember{ID: "girl", Age: Minor, Female: true, Alive: true}
	widow := ClanMember{ID: "widow", Age: Old, Female: true, Alive: true}
	man := ClanMember{ID: "man", Age: Young, Alive: true}
	cases := []struct {
		name    string
		members []ClanMember
		want    Succession
		chance  int
	}{
		{"E1-K1 all dead", []ClanMember{dead}, Extinct, 0},
		{"E1-K1 no members", nil, Extinct, 0},
		{"E1-K2 only minors, 1", []ClanMember{dead, boy}, OnlyMinors, 1},
		{"E1-Q18 only women of age, 1-2", []ClanMember{dead, widow}, OnlyWomen, 2},
		{"E1-Q18 minor girls only: both apply, 1-2", []ClanMember{dead, girl}, OnlyWomen, 2},
		{"E1-Q18 a boy and a widow: neither", []ClanMember{boy, widow}, HouseHasHeir, 0},
		{"an adult man lives", []ClanMember{dead, man, boy}, HouseHasHeir, 0},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got := HouseState(c.members)
			if got != c.want || SecessionChance(got) != c.chance {
				t.Errorf("state %s chance %d, want %s %d", got, SecessionChance(got), c.want, c.chance)
			}
		})
	}
}

func TestSecession_E1_K2_E1_Q18(t *testing.T) {
	provs := []string{"Owari", "Mino", "Ise", "Omi"}
	roll := map[string]int{"secession.Mino": 1, "secession.Ise": 2, "secession.Omi": 3}
	widow := ClanMember{ID: "widow", Age: Old, Female: true, Alive: true}
	boy := ClanMember{ID: "boy", Age: Minor, Alive: true}
	genIse := ClanMember{ID: "gen.ise", Female: true, Alive: true, Age: Mature, Province: "Ise"}
	genOmi := ClanMember{ID: "gen.omi", Female: true, Alive: true, Age: Mature, Province: "Omi"}
	cases := []struct {
		name    string
		members []ClanMember
		seceded []string
		loyal   []string
		regents []string
		recruit bool
	}{
		{"E1-K2 only minors: 1 breaks away", []ClanMember{boy},
			[]string{"Mino"}, []string{"Owari", "Ise", "Omi"}, nil, true},
		{"E1-Q18 only women: 1-2 break away, regent in a loyal province", []ClanMember{widow, genIse, genOmi},
			[]string{"Mino", "Ise"}, []string{"Owari", "Omi"}, []string{"gen.omi"}, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			d := dice(t, roll)
			got, err := Secede(provs, "Owari", c.members, d)
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(got.Seceded, c.seceded) || !reflect.DeepEqual(got.Loyal, c.loyal) ||
				!reflect.DeepEqual(got.Regents, c.regents) || got.Recruit != c.recruit {
				t.Errorf("got %+v", got)
			}
			if len(d.asked) != 3 {
				t.Errorf("rolled %v, want no roll for the shrine", d.asked)
			}
		})
	}
	if _, err := Secede(provs, "Owari", []ClanMember{{ID: "m", Age: Mature, Alive: true}}, dice(t, nil)); err == nil {
		t.Error("secession rolled with an heir")
	}
	if _, err := Secede(provs, "Kai", []ClanMember{boy}, dice(t, nil)); err == nil {
		t.Error("shrine outside the clan accepted")
	}
}

// E1-K0, E1-K1, E1-K2 (seed §IV: "Если остались только малолетние
// представители дома ... Обязанности регента берет на себя один из генералов
// в оставшейся верной провинции"): the generals serve the clan and are not
// of its house; a grown general does not make the house an heir's, and he
// is the regent of a house of minors.
func TestSuccessionGenerals_E1_K0_E1_K1_E1_K2(t *testing.T) {
	boy := ClanMember{ID: "boy", Age: Minor, Alive: true}
	general := ClanMember{ID: "baba", Age: Mature, Alive: true, Province: "Mino"}
	marked := ClanMember{ID: "kosaka", Age: Mature, Alive: true, General: true}
	for _, c := range []struct {
		name    string
		members []ClanMember
		want    Succession
	}{
		{"E1-K2 a minor and a general standing in a province", []ClanMember{boy, general}, OnlyMinors},
		{"E1-K2 a minor and a general marked so", []ClanMember{boy, marked}, OnlyMinors},
		{"E1-K1 only generals alive: the house is extinct", []ClanMember{{ID: "lord", Age: Old}, general, marked}, Extinct},
		{"E1-K2 only women of the house, a general beside them", []ClanMember{{ID: "widow", Age: Old, Female: true, Alive: true}, general}, OnlyWomen},
	} {
		if got := HouseState(c.members); got != c.want {
			t.Errorf("%s: %s, want %s", c.name, got, c.want)
		}
	}
	res, err := Secede([]string{"Owari", "Mino"}, "Owari", []ClanMember{boy, general, marked}, dice(t, map[string]int{"secession.Mino": 4}))
	if err != nil || !reflect.DeepEqual(res.Regents, []string{"baba"}) || res.Recruit {
		t.Errorf("E1-K2 regent: %+v %v, want the general in the loyal province", res, err)
	}
}

// E1-K0 on the roster: the House flag says who is of the house; without it
// (rosters from before the flag) the generals an army names are not, the
// rest are. A general captured or killed stays a general.
func TestSuccessionRoster_E1_K0_E1_K2(t *testing.T) {
	yes, no := true, false
	r := Roster{Clans: []Clan{{ID: "oda"}},
		Characters: []Person{
			{Character: Character{ID: "lord", Age: Mature}, Clan: "oda", Status: Dead, House: &yes},
			{Character: Character{ID: "heir", Age: Minor}, Clan: "oda", Status: Active, Province: "Owari"},
			{Character: Character{ID: "katsuie", Age: Mature}, Clan: "oda", Status: Active, Province: "Owari"},
			{Character: Character{ID: "nagahide", Age: Mature}, Clan: "oda", Status: Active, House: &no, Province: "Mino"},
		},
		Armies: []Army{{ID: "a", Clan: "oda", Kind: KindArmy, Commander: "nagahide", Generals: []string{"katsuie"}}},
	}
	if r.InHouse(r.Characters[2]) || !r.InHouse(r.Characters[1]) || r.InHouse(r.Characters[3]) {
		t.Fatalf("E1-K0 house: heir %v katsuie %v nagahide %v", r.InHouse(r.Characters[1]), r.InHouse(r.Characters[2]), r.InHouse(r.Characters[3]))
	}
	m := r.Members("oda")
	if got := HouseState(m); got != OnlyMinors {
		t.Fatalf("E1-K2 house %s, want only minors: %+v", got, m)
	}
	if m[1].Province != "" || m[2].Province != "Owari" {
		t.Errorf("E1-K2 a member of the house is no regent, a general is: %+v", m)
	}
	// Katsuie falls in battle: his name leaves the army, he stays a general.
	out, dead := r.ApplyRecord(BattleRecord{Battle: "b", Sides: [2]RecordedSide{{Clan: "oda", Characters: []RecordedChar{{Character: "katsuie", Captured: true}}}, {Clan: "x"}}})
	if len(dead) != 0 || out.InHouse(out.Characters[2]) || HouseState(out.Members("oda")) != OnlyMinors {
		t.Errorf("E1-K0 a captured general joined the house: %+v", out.Characters[2])
	}
	if m := out.Members("oda"); m[2].Province != "" || !m[2].General {
		t.Errorf("E1-K2 a captive general is no regent: %+v", m[2])
	}
	if p := r.Characters[1]; !p.Member().OfHouse() || r.Characters[3].Member().OfHouse() {
		t.Errorf("E1-K0 Person.Member: heir %+v, nagahide %+v", p.Member(), r.Characters[3].Member())
	}
}

// E1-K0: a roster stored before the house flag reads back with none, and
// its default keeps it meaningful: the family it counted stays the house,
// the generals its armies name are apart; written again, it says nothing
// it did not say.
func TestOldRosterReadsBack_E1_K0(t *testing.T) {
	old := `{"turn":4,"clans":[{"id":"oda"}],"characters":[` +
		`{"id":"nobunaga","age":"mature","name":"","clan":"oda","status":"dead"},` +
		`{"id":"nobutada","age":"minor","name":"","clan":"oda","status":"active"},` +
		`{"id":"katsuie","age":"mature","name":"","clan":"oda","status":"active","province":"owari"}],` +
		`"armies":[{"id":"a","clan":"oda","kind":"army","generals":["katsuie"],"state":"in_order"}]}`
	var r Roster
	if err := json.Unmarshal([]byte(old), &r); err != nil {
		t.Fatal(err)
	}
	if err := r.Check(); err != nil {
		t.Fatal(err)
	}
	for _, p := range r.Characters {
		if p.House != nil {
			t.Fatalf("%s: a flag from nowhere", p.ID)
		}
	}
	if got := HouseState(r.Members("oda")); got != OnlyMinors {
		t.Errorf("E1-K0 an old roster's house: %s", got)
	}
	res, err := Secede([]string{"owari"}, "owari", r.Members("oda"), dice(t, nil))
	if err != nil || !reflect.DeepEqual(res.Regents, []string{"katsuie"}) {
		t.Errorf("E1-K2 the old roster's general as regent: %+v %v", res, err)
	}
	b, _ := json.Marshal(r.Characters[0])
	if strings.Contains(string(b), "house") {
		t.Errorf("written again: %s", b)
	}
}
