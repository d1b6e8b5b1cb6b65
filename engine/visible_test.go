package engine

import (
	"reflect"
	"testing"
)

// visibleBattle has a South teppo hidden in a forest (C24, C25 wooded, no
// North unit next to them), a South unit in the open and a North unit.
func visibleBattle() Battle {
	b := testBattle(
		unit("hidden", South, AshigaruTeppo, 8, "C24", N),
		unit("seen", South, SamuraiSpear, 8, "C21", N),
		unit("n", North, LightCavalry, 6, "A11", S),
	)
	b.Terrain.Forests = []Cell{MustCell("C24"), MustCell("C25")}
	return b
}

func kinds(events []Event) []string {
	var out []string
	for _, e := range events {
		out = append(out, string(e.Kind)+":"+e.Unit+">"+e.Other+"#"+e.Key)
	}
	return out
}

// R-XI.3.2: a unit in a forest is seen only from a cell next to it, so a
// clan's log leaves out every event naming an enemy unit it saw neither
// before nor after the turn: alone, in a joint attack ("a+b"), as Other, and
// its dice ("hidden.melee"). The other side reads everything about its own
// units.
func TestVisibleEventsR_XI_3_2(t *testing.T) {
	b := visibleBattle()
	after := b.Clone()
	after.Units[0].Cell = MustCell("C25") // moved, still in the forest
	events := []Event{
		{Kind: EvMoved, Unit: "hidden", From: MustCell("C24"), To: MustCell("C25")},
		{Kind: EvRoll, Key: "hidden.melee", Dice: []int{6}},
		{Kind: EvDamage, Unit: "n+seen", Other: "hidden"},
		{Kind: EvAttack, Unit: "seen+hidden", Other: "n"},
		{Kind: EvRoll, Key: "n.melee", Dice: []int{5}},
		{Kind: EvRoll, Key: "duel", Dice: []int{3}},
		{Kind: EvMoved, Unit: "seen"},
		{Kind: EvMoved, Unit: "n"},
		{Kind: EvHQLost, Side: South},
	}
	got := VisibleEvents(b, after, North, events)
	want := []Event{events[4], events[5], events[6], events[7], events[8]}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("North reads\n%v\nwant\n%v", kinds(got), kinds(want))
	}
	if got := VisibleEvents(b, after, South, events); !reflect.DeepEqual(got, events) {
		t.Errorf("South reads only %v", kinds(got))
	}

	// Seen before or after the turn is enough: a unit that leaves the
	// forest, or one next to an enemy (8-adjacent, R-XI.3.2), is named.
	out := b.Clone()
	out.Units[0].Cell = MustCell("C23")
	if got := VisibleEvents(b, out, North, events[:1]); len(got) != 1 {
		t.Errorf("a unit seen after the turn is hidden: %v", kinds(got))
	}
	near := visibleBattle()
	near.Units[2].Cell = MustCell("C15") // diagonal to C24
	if got := VisibleEvents(near, near, North, events[:3]); len(got) != 3 {
		t.Errorf("a unit seen from next to it is hidden: %v", kinds(got))
	}
	if got := VisibleEvents(near, near, North, events); !reflect.DeepEqual(got, events) {
		t.Errorf("nothing hidden, yet North reads only %v", kinds(got))
	}
}

// D-67: a unit shooting from a forest stays hidden but shows its target
// what it is: the shot keeps its target and damage, names the shooter only
// by troop type ("?ashigaru_teppo") and loses its From cell; its dice stay
// hidden. The shooter's own side reads the shot in full, and the first
// melee reveals a unit for good.
func TestVisibleEventsD_67(t *testing.T) {
	b := visibleBattle()
	shot := Event{Kind: EvShot, Rule: "R-VI.5.4", Unit: "hidden", Other: "n", From: MustCell("C24"), To: MustCell("A11"), Raw: 2, Value: 14}
	dice := Event{Kind: EvRoll, Rule: "R-VI.5.4", Key: "hidden.shoot", Dice: []int{4, 6}, Value: 1}
	got := VisibleEvents(b, b, North, []Event{dice, shot})
	want := shot
	want.Unit, want.From = "?ashigaru_teppo", NoCell
	if len(got) != 1 || !reflect.DeepEqual(got[0], want) {
		t.Fatalf("North reads the shot as %+v, want %+v", got, want)
	}
	if got := VisibleEvents(b, b, South, []Event{dice, shot}); !reflect.DeepEqual(got, []Event{dice, shot}) {
		t.Errorf("South reads its own shot as %+v", got)
	}
	// Revealed by melee (D-67): named even in its forest.
	b.Units[0].Revealed = true
	if got := VisibleEvents(b, b, North, []Event{dice, shot}); !reflect.DeepEqual(got, []Event{dice, shot}) {
		t.Errorf("a revealed unit's shot reads %+v", got)
	}
}
