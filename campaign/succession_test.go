package campaign

import (
	"reflect"
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
