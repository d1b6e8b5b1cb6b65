package game

import "testing"

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
