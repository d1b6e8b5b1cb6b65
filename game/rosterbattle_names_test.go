package game

import (
	"testing"

	"github.com/gunbai/gunbai/campaign"
)

// The roster's names of units and characters go into the battle: a battle
// between two armies, and a scenario fought with them.
func TestRosterBattleNames(t *testing.T) {
	r := calcRoster()
	r.Armies[2].Units[0].Figures = 10
	r.Characters[0].Name = "Такэда Сингэн"
	b, err := battleFromRoster(&r, [2]string{"e1", "t1"})
	if err != nil {
		t.Fatal(err)
	}
	if u := b.Unit("u1"); u == nil || u.Name != "Конница" {
		t.Errorf("unit u1: %+v", u)
	}
	if l := b.Leader("shingen"); l == nil || l.Name != "Такэда Сингэн" {
		t.Errorf("leader shingen: %+v", l)
	}
	// The same position as a scenario's, with no names of its own.
	for i := range b.Units {
		b.Units[i].Name = ""
	}
	for i := range b.Leaders {
		b.Leaders[i].Name = ""
	}
	named, err := scenarioWithArmies(&r, [2]string{"e1", "t1"}, b)
	if err != nil {
		t.Fatal(err)
	}
	if u := named.Unit("u1"); u.Name != "Конница" {
		t.Errorf("scenario unit u1: %q", u.Name)
	}
	if l := named.Leader("shingen"); l.Name != "Такэда Сингэн" {
		t.Errorf("scenario leader shingen: %q", l.Name)
	}
}

// calcRoster is the calculators' tests' roster (game/campaigns), for the
// names a battle from it gives.
func calcRoster() campaign.Roster {
	person := func(id, clan string, age campaign.Age, female bool, province string, traits ...string) campaign.Person {
		return campaign.Person{Character: campaign.Character{ID: id, Age: age}, Name: id, Clan: clan, Female: female,
			Status: campaign.Active, Province: province, Traits: traits}
	}
	return campaign.Roster{Turn: 3,
		Clans: []campaign.Clan{
			{ID: "takeda", Name: "Такэда", Provinces: []string{"kai", "shinano", "suruga", "kozuke"}, Shrine: "kai"},
			{ID: "uesugi", Name: "Уэсуги", Provinces: []string{"echigo"}, Shrine: "echigo"},
		},
		Characters: []campaign.Person{
			person("shingen", "takeda", campaign.Mature, false, ""),
			person("nobushige", "takeda", campaign.Young, false, "shinano", "brawler"),
			person("kenshin", "uesugi", campaign.Mature, false, ""),
		},
		Armies: []campaign.Army{
			{ID: "t1", Name: "Армия Такэды", Clan: "takeda", Kind: campaign.KindArmy, Commander: "shingen", Generals: []string{"nobushige"},
				Province: "shinano", State: campaign.Disorder, ForcedMarch: true,
				Units: []campaign.Unit{
					{ID: "u1", Name: "Конница", Type: campaign.HeavyCavalry, Figures: 8},
					{ID: "u2", Name: "Асигару", Type: campaign.AshigaruSpear, Figures: 2},
				}},
			{ID: "t2", Clan: "takeda", Kind: campaign.KindSendan, Province: "suruga", State: campaign.InOrder,
				Units: []campaign.Unit{{ID: "u3", Type: campaign.FootSamuraiSpear, Figures: 6}, {ID: "u4", Type: campaign.AshigaruTeppo, Figures: 0}}},
			{ID: "e1", Clan: "uesugi", Kind: campaign.KindArmy, Commander: "kenshin", State: campaign.InOrder,
				Units: []campaign.Unit{{ID: "u9", Type: campaign.AshigaruSpear, Figures: 30}}},
		},
	}
}
