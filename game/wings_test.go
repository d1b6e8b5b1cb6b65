package game

import (
	"slices"
	"testing"

	"github.com/gunbai/gunbai/engine"
	"github.com/gunbai/gunbai/store"
)

// al is a wing's share.
func al(player string, ordinary, special int) store.Allotment {
	return store.Allotment{Player: player, Ordinary: ordinary, Special: special}
}

// The default split of a roll among wings is by units, rounded down, the
// remainder to the commander; a share the commander set is kept and the
// rest split among the others; the commander's unassigned units count as
// his wing.
func TestWingAllotment(t *testing.T) {
	sp := store.SidePeople{Commander: "c", Wings: []store.Wing{
		{Player: "a", Units: []string{"u1", "u2", "u3"}},
		{Player: "b", Units: []string{"u4"}},
	}}
	units := []string{"u1", "u2", "u3", "u4", "u5", "u6"} // u5, u6: the commander's
	cases := []struct {
		granted engine.Allowance
		set     []store.Allotment
		want    []store.Allotment
	}{
		{engine.Allowance{Ordinary: 4, Special: 2}, nil, []store.Allotment{al("c", 2, 1), al("a", 2, 1), al("b", 0, 0)}},
		{engine.Allowance{Ordinary: 5, Special: 1}, nil, []store.Allotment{al("c", 3, 1), al("a", 2, 0), al("b", 0, 0)}},
		{engine.Allowance{Ordinary: 6, Special: 0}, nil, []store.Allotment{al("c", 2, 0), al("a", 3, 0), al("b", 1, 0)}},
		{engine.Allowance{Ordinary: 4, Special: 2}, []store.Allotment{al("b", 2, 0)}, []store.Allotment{al("c", 1, 1), al("a", 1, 1), al("b", 2, 0)}},
		{engine.Allowance{Ordinary: 4, Special: 2}, []store.Allotment{al("c", 0, 0)}, []store.Allotment{al("c", 0, 0), al("a", 3, 2), al("b", 1, 0)}},
	}
	for _, c := range cases {
		got := Allotment(sp, units, c.granted, c.set)
		if !slices.Equal(got, c.want) {
			t.Errorf("Allotment(%+v, set %+v) = %+v, want %+v", c.granted, c.set, got, c.want)
		}
		var o, s int
		for _, a := range got {
			o, s = o+a.Ordinary, s+a.Special
		}
		if o != c.granted.Ordinary || s != c.granted.Special {
			t.Errorf("Allotment(%+v) shares %d and %d", c.granted, o, s)
		}
	}
	if got := Allotment(store.SidePeople{}, units, engine.Allowance{Ordinary: 3}, nil); len(got) != 0 {
		t.Errorf("a side with no wings is split: %+v", got)
	}
}
