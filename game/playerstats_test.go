package game

import (
	"reflect"
	"testing"

	"github.com/gunbai/gunbai/engine"
	"github.com/gunbai/gunbai/store"
)

// PlayerStatsOf counts over stored records (issue 29, item 6): a wing
// player who missed a turn his substitute did not play, won with his clan,
// substituted in another battle; the same records give the same numbers.
func TestPlayerStatsOfWingsAndSubstitutes(t *testing.T) {
	given := func(user string) store.Change { return store.Change{User: user, Action: store.ChangeGiven} }
	won := store.BattleRecord{ID: "a", Status: store.StatusFinished, State: engine.Battle{Outcome: engine.NorthVictory, Turn: 3}}
	won.People.Sides[engine.North] = store.SidePeople{Commander: "c", Wings: []store.Wing{{Player: "p", Units: []string{"n-yari"}}}}
	won.People.Subs = []store.Substitute{{Side: engine.North, For: "p", By: "s", From: 2, Until: 3}}
	battles := []PlayerBattle{{Battle: won, Turns: []PlayedTurn{
		{Turn: 1, Played: [2]store.Played{{Users: []string{"c", "p"}}}, Changes: [2][]store.Change{{given("p"), given("p"), given("c")}}},
		{Turn: 2, Played: [2]store.Played{{Users: []string{"c", "s"}, Subs: won.People.Subs}}, Changes: [2][]store.Change{{given("s")}}},
		{Turn: 3, Played: [2]store.Played{{Users: []string{"c"}, Subs: won.People.Subs}}},
	}}}
	lost := store.BattleRecord{ID: "b", Status: store.StatusFinished, State: engine.Battle{Outcome: engine.SouthVictory, Turn: 1}}
	lost.People.Subs = []store.Substitute{{Side: engine.North, By: "p", From: 1}}
	battles = append(battles, PlayerBattle{Battle: lost, Turns: []PlayedTurn{
		{Turn: 1, Played: [2]store.Played{{Users: []string{"p"}, Subs: lost.People.Subs}}, Changes: [2][]store.Change{{given("p")}}},
	}})
	want := PlayerStats{User: "p", Battles: 2, Turns: 2, Orders: 3, Missed: 1, Subbed: 1, Subbing: 1, Wins: 1}
	if got := PlayerStatsOf("p", battles); got != want {
		t.Fatalf("p: %+v, want %+v", got, want)
	}
	if got := PlayerStatsOf("c", battles); got != (PlayerStats{User: "c", Battles: 1, Turns: 3, Orders: 1, Wins: 1}) {
		t.Fatalf("c: %+v", got)
	}
	if got := PlayerStatsOf("s", battles); got != (PlayerStats{User: "s", Battles: 1, Turns: 1, Orders: 1, Subbing: 1}) {
		t.Fatalf("s: %+v", got)
	}
	if a, b := PlayerStatsOf("p", battles), PlayerStatsOf("p", battles); !reflect.DeepEqual(a, b) {
		t.Fatal("not deterministic")
	}
}
