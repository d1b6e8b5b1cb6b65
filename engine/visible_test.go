package engine

import (
	"reflect"
	"strings"
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

	// A unit that leaves the forest is seen from then on (R-XI.3.2: "until
	// they leave the forest"), but not where it stood hidden; one next to
	// an enemy (8-adjacent, R-XI.3.2) is named.
	out := b.Clone()
	out.Units[0].Cell, out.Units[0].Revealed = MustCell("C23"), true
	leave := []Event{{Kind: EvMoved, Unit: "hidden", From: MustCell("C24"), To: MustCell("C23")}}
	want = []Event{{Kind: EvMoved, Unit: "hidden", To: MustCell("C23"), Detail: DetailIntoSight}}
	if got := VisibleEvents(b, out, North, leave); !reflect.DeepEqual(got, want) {
		t.Errorf("a unit leaving the forest reads %+v, want %+v", got, want)
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

// R-XI.3.2: units in a forest are invisible to the enemy. A unit seen in
// the open that walks into a forest with no enemy next to it is seen going,
// not where it went: the other side's log keeps the move's From and loses
// its To, and what the unit does there afterwards (its Wait) is left out.
// Its own side reads everything.
func TestVisibleEventsLeakNoCellEnteringForest(t *testing.T) {
	b := testBattle(
		unit("w", North, AshigaruSpear, 8, "A14", S),
		unit("s", South, SamuraiSpear, 8, "C21", N),
	)
	b.Terrain.Forests = []Cell{MustCell("C14")}
	orders := []Order{
		{Unit: "w", Side: North, Kind: OrderMove, Phase: 1},
		{Unit: "w", Side: North, Kind: OrderWait, Phase: 2},
	}
	after, events, err := ResolveTurn(b, orders, NewSeededDice([]byte("forest"), b.ID, 1))
	if err != nil {
		t.Fatal(err)
	}
	if u := after.Unit("w"); u.Cell != MustCell("C14") {
		t.Fatalf("w ends in %s, want the forest C14", u.Cell)
	}
	got, _, drift := visibleEvents(b, after, South, events)
	if drift {
		t.Fatal("the events do not bring the battle to its end state")
	}
	moved := 0
	for _, e := range got {
		if e.Unit != "w" && !strings.HasPrefix(e.Key, "w.") {
			continue
		}
		if e.Kind != EvMoved {
			t.Errorf("South reads %s of w, hidden in the forest", e.Kind)
			continue
		}
		moved++
		if e.From != MustCell("A14") || e.To != NoCell || e.Detail != DetailOutOfSight {
			t.Errorf("South reads w's move as %s → %s, want A14 → nowhere", e.From, e.To)
		}
	}
	if moved != 1 {
		t.Errorf("South reads %d moves of w, want 1 (it saw w leave A14)", moved)
	}
	if own := VisibleEvents(b, after, North, events); !reflect.DeepEqual(own, events) {
		t.Errorf("North reads only %v of its own turn", kinds(own))
	}
}

// R-III.5.1: a leader's banner shows in a unit the enemy sees. A leader who
// goes from the HQ into a hidden unit is seen leaving, not where to; what
// befalls him there (a wound, his risk roll) is left out; coming back to
// the HQ he is seen again. Shields carried into a forest (both cells named)
// are left out, the move itself stays. A hidden unit withdrawn to the
// reserve is not reported, nor is it ever seen after (D-67).
func TestVisibleEventsLeakNoLeaderOrShields(t *testing.T) {
	b := visibleBattle()
	b.Leaders = []Leader{{ID: "SL", Side: South, Role: General, At: AtHQ}}
	after := b.Clone()
	after.Units[0].Status = StatusReserve
	after.Leaders[0].At = AtHQ
	events := []Event{
		{Kind: EvLeaderMoved, Unit: "SL", Detail: "hidden"},
		{Kind: EvRoll, Key: "SL.risk", Dice: []int{3}, Value: 3},
		{Kind: EvLeaderWounded, Unit: "SL", Value: 1},
		{Kind: EvLeaderMoved, Unit: "SL", Detail: AtHQ},
		{Kind: EvShields, Unit: "hidden", From: MustCell("C24"), To: MustCell("C25")},
		{Kind: EvMoved, Unit: "hidden", From: MustCell("C24"), To: MustCell("C25")},
		{Kind: EvMoved, Unit: "hidden", From: MustCell("C25"), To: MustCell("C24")},
		{Kind: EvWithdrawn, Unit: "hidden", At: MustCell("C24")},
		{Kind: EvLeaderMoved, Unit: "SL", Detail: "hidden"},
	}
	got, _, drift := visibleEvents(b, after, North, events)
	if drift {
		t.Fatal("the events do not bring the battle to its end state")
	}
	want := []Event{
		{Kind: EvLeaderMoved, Unit: "SL"},
		{Kind: EvLeaderMoved, Unit: "SL", Detail: AtHQ},
		{Kind: EvLeaderMoved, Unit: "SL"},
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("North reads\n%+v\nwant\n%+v", got, want)
	}
	if own := VisibleEvents(b, after, South, events); !reflect.DeepEqual(own, events) {
		t.Errorf("South reads only %v of its own turn", kinds(own))
	}

	// Seen from next to the forest (R-XI.3.2), the shields and the moves
	// are read in full.
	near := visibleBattle()
	near.Units[2].Cell = MustCell("C34") // next to C24 and C25
	nearAfter := near.Clone()
	if got := VisibleEvents(near, nearAfter, North, events[4:7]); !reflect.DeepEqual(got, events[4:7]) {
		t.Errorf("seen by contact, North reads %v", kinds(got))
	}
}

// If the events do not bring before to after (a move the resolver forgot
// to report), every enemy unit hidden at both ends of the turn is left out
// whatever the events say: the safety net of VisibleEvents.
func TestVisibleEventsLeakSafetyNet(t *testing.T) {
	b := visibleBattle()
	events := []Event{{Kind: EvMoved, Unit: "hidden", From: MustCell("C24"), To: MustCell("C23")}}
	// after still has the unit hidden in C24.
	got, _, drift := visibleEvents(b, b, North, events)
	if !drift || len(got) != 0 {
		t.Errorf("drift %v, North reads %v; want the safety net and nothing", drift, kinds(got))
	}
}
