package store

import (
	"slices"
	"testing"

	"github.com/gunbai/gunbai/engine"
)

// A player's own substitute takes his seat before the whole side's; a
// substitute covers his turns only (issue 29, Substitute).
func TestSubstituteFor(t *testing.T) {
	p := People{Subs: []Substitute{
		{Side: engine.North, By: "side-sub", From: 2, Until: 3},
		{Side: engine.North, For: "p1", By: "own-sub", From: 3},
		{Side: engine.South, For: "p1", By: "south-sub", From: 1},
	}}
	for _, c := range []struct {
		player string
		turn   int
		want   string
	}{
		{"p1", 1, ""}, {"p1", 2, "side-sub"}, {"p1", 3, "own-sub"}, {"p1", 9, "own-sub"},
		{"p2", 3, "side-sub"}, {"p2", 4, ""},
	} {
		s, ok := p.SubFor(engine.North, c.player, c.turn)
		if got := map[bool]string{true: s.By}[ok]; got != c.want {
			t.Errorf("north %s turn %d: sub %q, want %q", c.player, c.turn, got, c.want)
		}
	}
}

// A wing holds its units; the rest are the commander's (issue 29, Wing).
func TestWingHolder(t *testing.T) {
	sp := SidePeople{Commander: "c", Wings: []Wing{{Player: "a", Units: []string{"u1", "u2"}}, {Player: "c", Units: []string{"u3"}}}}
	if sp.Holder("u2") != "a" || sp.Holder("u3") != "c" || sp.Holder("u9") != "" {
		t.Errorf("holders: u2 %q u3 %q u9 %q", sp.Holder("u2"), sp.Holder("u3"), sp.Holder("u9"))
	}
	if got := sp.Players(); !slices.Equal(got, []string{"c", "a"}) {
		t.Errorf("players %v", got)
	}
	if w, ok := sp.WingOf("a"); !ok || len(w.Units) != 2 {
		t.Errorf("wing of a: %v %v", w, ok)
	}
}
