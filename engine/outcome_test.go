package engine

import (
	"encoding/json"
	"fmt"
	"testing"
)

// D-02, R-I.4.6-8: the arithmetic of one zone, from the counted units of its
// owner inside (zS), of the enemy inside (zE) and of the owner in the
// bordering half of no-man's land (nS).
func TestZoneHold_D_02(t *testing.T) {
	tests := []struct {
		name       string
		owner      Side
		zS, zE, nS int
		hold       int
		side       Side
	}{
		{"empty zone", North, 0, 0, 0, HoldNone, North},
		{"only the owner inside controls", North, 1, 0, 0, HoldControl, North},
		{"only the owner inside, with no-man's land too", South, 2, 0, 3, HoldControl, South},
		{"only the enemy inside controls", North, 0, 1, 0, HoldControl, South},
		{"only the enemy inside controls whatever nS is", South, 0, 1, 4, HoldControl, North},
		{"both inside, equal: nobody", North, 1, 1, 0, HoldNone, North},
		{"both inside, the owner's no-man's land tips it", North, 1, 1, 1, HoldClaim, North},
		{"both inside, the owner has more", South, 2, 1, 0, HoldClaim, South},
		{"both inside, the enemy has more", North, 1, 3, 1, HoldClaim, South},
		{"E-14 variant: 1+1 against 2 is a tie", South, 1, 2, 1, HoldNone, South},
		{"E-14 variant without no-man's land: the enemy claims", South, 1, 2, 0, HoldClaim, North},
		{"nobody inside, the owner in no-man's land claims", North, 0, 0, 1, HoldClaim, North},
		{"nobody inside, several in no-man's land still only claim", South, 0, 0, 3, HoldClaim, South},
	}
	for _, tc := range tests {
		hold, side := zoneHold(tc.owner, tc.zS, tc.zE, tc.nS)
		if hold != tc.hold || (hold != HoldNone && side != tc.side) {
			t.Errorf("%s: zoneHold(%s, zS=%d, zE=%d, nS=%d) = %d %s, want %d %s",
				tc.name, tc.owner, tc.zS, tc.zE, tc.nS, hold, side, tc.hold, tc.side)
		}
	}
}

// R-I.4.9: more zones controlled wins, then more claimed, else a draw.
func TestZoneWinner_R_I_4_9(t *testing.T) {
	c := func(hold int, side Side) ZoneCount { return ZoneCount{Hold: hold, Side: side} }
	none := c(HoldNone, North)
	tests := []struct {
		zones [4]ZoneCount
		want  Outcome
	}{
		{[4]ZoneCount{none, none, none, none}, Draw},
		{[4]ZoneCount{c(HoldControl, North), none, none, none}, NorthVictory},
		{[4]ZoneCount{c(HoldControl, North), c(HoldControl, South), c(HoldControl, South), none}, SouthVictory},
		// Control decides before claims, however many.
		{[4]ZoneCount{c(HoldControl, North), c(HoldClaim, South), c(HoldClaim, South), c(HoldClaim, South)}, NorthVictory},
		{[4]ZoneCount{c(HoldControl, North), c(HoldControl, South), c(HoldClaim, South), none}, SouthVictory},
		{[4]ZoneCount{c(HoldControl, North), c(HoldControl, South), c(HoldClaim, South), c(HoldClaim, North)}, Draw},
		{[4]ZoneCount{c(HoldControl, North), c(HoldControl, North), c(HoldControl, South), c(HoldControl, South)}, Draw},
		{[4]ZoneCount{c(HoldClaim, North), none, none, none}, NorthVictory},
	}
	for i, tc := range tests {
		if got := zoneWinner(tc.zones); got != tc.want {
			t.Errorf("#%d %+v: %s, want %s", i, tc.zones, got, tc.want)
		}
	}
}

// D-02, R-I.4.7, R-I.4.8, R-II.10.2: who is counted where. Units of 3
// figures or fewer and routing units are ignored (victory.count_routing),
// no-man's land counts for the zone of its own half, drawn cells for none.
func TestCountZones_D_02(t *testing.T) {
	b := testBattle(
		unit("nA", North, AshigaruSpear, 4, "A42", S),  // A: counted
		unit("nA3", North, AshigaruSpear, 3, "A22", S), // 3 figures: ignored
		unit("sB", South, SamuraiSpear, 6, "B21", N),   // B: the enemy inside
		unit("nW", North, SamuraiSpear, 6, "A11", S),   // western no-man's land (x6): A
		unit("nE", North, SamuraiSpear, 6, "B11", S),   // eastern no-man's land (x7): B
		unit("sE", South, SamuraiSpear, 6, "B16", N),   // eastern no-man's land: D
		unit("sC", South, AshigaruSpear, 8, "C36", N),  // C
		unit("nC", North, HeavyCavalry, 8, "C13", S),   // C: the enemy inside
		unit("sOff", South, AshigaruSpear, 8, "x3y8", S),
	)
	rout := unit("sD", South, AshigaruSpear, 8, "D22", N) // D: routing
	rout.Status, rout.RoutedOnce = StatusRouting, true
	b.Units = append(b.Units, rout)
	gone := unit("sD2", South, AshigaruSpear, 0, "D23", N)
	gone.Status = StatusDestroyed
	b.Units = append(b.Units, gone)

	type want struct {
		hold              int
		side              Side
		own, enemy, bordr int
	}
	check := func(label string, got [4]ZoneCount, ws [4]want) {
		t.Helper()
		for k, w := range ws {
			g := got[k]
			if g.Zone != Zone(ZoneA+Zone(k)) || g.Hold != w.hold || (w.hold != HoldNone && g.Side != w.side) ||
				g.Own != w.own || g.Enemy != w.enemy || g.Border != w.bordr {
				t.Errorf("%s: zone %s: got %+v, want %+v", label, g.Zone, g, w)
			}
		}
	}
	check("default", CountZones(&b), [4]want{
		{HoldControl, North, 1, 0, 1}, // A: nA (nA3 ignored); nW in no-man's land borders it
		{HoldControl, South, 0, 1, 1}, // B: only sB inside, whatever nE in no-man's land
		{HoldNone, South, 1, 1, 0},    // C: sC against nC, no South unit in the western no-man's land
		{HoldClaim, South, 0, 0, 1},   // D: the routing unit is not counted; sE borders it
	})
	b.Settings.VictoryCountRouting = true
	check("victory.count_routing=true", CountZones(&b), [4]want{
		{HoldControl, North, 1, 0, 1},
		{HoldControl, South, 0, 1, 1},
		{HoldNone, South, 1, 1, 0},
		{HoldControl, South, 1, 0, 1}, // D: now the routing unit holds it
	})
}

// runTurns resolves turns one after another with the orders given for each
// turn (index 0 = the first turn resolved), stopping when the battle ends.
func runTurns(t *testing.T, b Battle, turns int, orders map[int][]Order, dice map[string][]int) (Battle, []Event) {
	t.Helper()
	d := NewScriptedDice(dice)
	var all []Event
	for k := 0; k < turns && b.Outcome == Ongoing; k++ {
		next, ev, err := ResolveTurn(b, orders[b.Turn+1], d)
		if err != nil {
			t.Fatalf("turn %d: %v", b.Turn+1, err)
		}
		b = next
		all = append(all, ev...)
	}
	if d.Err() != nil {
		t.Fatalf("dice: %v", d.Err())
	}
	return b, all
}

func declare(side Side, k OrderKind) Order { return Order{Side: side, Kind: k, Phase: 1} }

func outcomeEvent(ev []Event) *Event {
	for i := range ev {
		if ev[i].Kind == EvOutcome {
			return &ev[i]
		}
	}
	return nil
}

// R-I.4.4, D-05: both sides' signals expire at the end of the same turn: a
// draw.
func TestBothSignalsExpire_R_I_4_4(t *testing.T) {
	b := testBattle(
		unit("n", North, SamuraiSpear, 8, "A24", S),
		unit("s", South, SamuraiSpear, 8, "D23", N),
	)
	b, ev := runTurns(t, b, 5, map[int][]Order{
		1: {declare(North, OrderSignalRetreat), declare(South, OrderSignalRetreat)},
	}, nil)
	if b.Outcome != Draw || b.Turn != 3 {
		t.Fatalf("outcome %s at turn %d, want a draw at turn 3", b.Outcome, b.Turn)
	}
	if e := outcomeEvent(ev); e == nil || e.Rule != "R-I.4.4" {
		t.Errorf("outcome event %+v, want rule R-I.4.4", e)
	}
}

// R-I.4.4, D-05: a signal window has to end after the signal turn and the
// next two; a new signal after a cancelled one starts a new window.
func TestSignalAfterCancellation_R_I_4_4(t *testing.T) {
	b := testBattle(
		unit("a", North, SamuraiArcher, 4, "A12", S),
		unit("hc", South, HeavyCavalry, 16, "C12", N),
		unit("s", South, SamuraiSpear, 8, "D24", N),
	)
	b.Units[0].SaveAmmo = true
	shoot := Order{Unit: "a", Side: North, Kind: OrderShoot, Phase: 1, Target: "hc"}
	b, ev := runTurns(t, b, 8, map[int][]Order{
		1: {declare(South, OrderSignalRetreat)},
		2: {shoot}, // cancels the signal of turn 1
		3: {declare(South, OrderSignalRetreat)},
		4: {shoot},
		5: {declare(South, OrderSignalRetreat)},                  // expires at the end of turn 7
		6: {{Unit: "s", Side: South, Kind: OrderMove, Phase: 1}}, // no quiet-turns draw
	}, map[string][]int{"a.shoot": {1, 1, 1, 1, 1, 1, 1, 1}})
	if b.Outcome != NorthVictory || b.Turn != 7 {
		t.Fatalf("outcome %s at turn %d, want north_victory at turn 7", b.Outcome, b.Turn)
	}
	var cancelled []int
	for _, e := range ev {
		if e.Kind == EvSignalCancelled {
			cancelled = append(cancelled, e.Turn)
		}
	}
	if fmt.Sprint(cancelled) != "[2 4]" {
		t.Errorf("signals cancelled in turns %v, want [2 4]", cancelled)
	}
}

// R-I.4.4, D-05: the 3 retreat-only turns must hold a Retreat; a Wait is an
// order other than Retreat.
func TestRetreatOnlyNeedsARetreatInTheLast3Turns_R_I_4_4(t *testing.T) {
	b := testBattle(
		unit("n", North, SamuraiSpear, 8, "A26", S),
		unit("s", South, SamuraiSpear, 8, "D36", N),
	)
	move := Order{Unit: "s", Side: South, Kind: OrderMove, Phase: 1}
	b, _ = runTurns(t, b, 5, map[int][]Order{
		1: {{Unit: "n", Side: North, Kind: OrderRetreat, Phase: 1}},
		2: {{Unit: "n", Side: North, Kind: OrderWait, Phase: 1}, move},
		3: {move}, 4: {move}, 5: {move},
	}, nil)
	if b.Outcome != Ongoing || b.Turn != 5 {
		t.Fatalf("outcome %s at turn %d, want ongoing after turn 5", b.Outcome, b.Turn)
	}
	if got := b.Chronicle.RetreatOnly[North]; got != 3 {
		t.Errorf("North's retreat-only turns: %d, want 3", got)
	}
	if got := b.Chronicle.LastRetreat[North]; got != 1 {
		t.Errorf("North's last retreat: turn %d, want 1", got)
	}
}

// R-I.4.2, D-05: an offer stands for the next turn only; when both sides have
// routed once nobody is offered anything.
func TestStopOffer_R_I_4_2(t *testing.T) {
	routed := func(u Unit) Unit { u.RoutedOnce, u.Rallied = true, true; return u }
	b := testBattle(
		unit("n", North, SamuraiSpear, 8, "B24", S),
		routed(unit("s", South, SamuraiSpear, 8, "D24", N)),
	)
	// Offered at the end of turn 1; South closes in during turn 2 (B14,
	// in front of n: no offer at its end), so stopping in turn 3 does
	// nothing.
	b2, ev := runTurns(t, b, 3, map[int][]Order{
		2: {{Unit: "s", Side: South, Kind: OrderMove, Phase: 1}, {Unit: "s", Side: South, Kind: OrderMove, Phase: 2}},
		3: {declare(North, OrderStopBattle)},
	}, nil)
	var offers, refusals []int
	for _, e := range ev {
		switch e.Kind {
		case EvStopOffered:
			offers = append(offers, e.Turn)
		case EvStopRefused:
			refusals = append(refusals, e.Turn)
		}
	}
	if b2.Outcome != Ongoing || fmt.Sprint(offers) != "[1]" || fmt.Sprint(refusals) != "[3]" {
		t.Errorf("outcome %s, offers in turns %v, refusals in %v; want ongoing, [1], [3]", b2.Outcome, offers, refusals)
	}
	if b2.OfferStands(North) {
		t.Error("an offer stands after turn 3")
	}

	// Both sides have routed once: no winner, no offer.
	both := testBattle(
		routed(unit("n", North, SamuraiSpear, 8, "A22", S)),
		routed(unit("s", South, SamuraiSpear, 8, "D24", N)),
	)
	both, ev = runTurns(t, both, 1, nil, nil)
	for _, e := range ev {
		if e.Kind == EvStopOffered {
			t.Errorf("offer when both sides have routed once: %+v", e)
		}
	}
	if both.OfferStands(North) || both.OfferStands(South) {
		t.Error("an offer stands when both sides have routed once")
	}
}

// D-04, R-I.4.5: battle.max_turns moves the last turn, and the three turns
// before it end the battle when they have no melee or shooting.
func TestMaxTurns_D_04(t *testing.T) {
	b := testBattle(
		unit("a", North, SamuraiArcher, 4, "A12", S), // free fire every phase
		unit("hc", South, HeavyCavalry, 16, "C12", N),
	)
	dice := map[string][]int{"a.shoot": make([]int, 40)}
	for i := range dice["a.shoot"] {
		dice["a.shoot"][i] = 1
	}
	b.Settings.MaxTurns = 4
	got, ev := runTurns(t, b, 10, nil, dice)
	// North claims A from no-man's land, South controls C.
	if got.Outcome != SouthVictory || got.Turn != 4 {
		t.Fatalf("max_turns 4: outcome %s at turn %d, want south_victory at turn 4", got.Outcome, got.Turn)
	}
	if e := outcomeEvent(ev); e == nil || e.Rule != "R-I.4.9" {
		t.Errorf("outcome event %+v, want rule R-I.4.9", e)
	}
	b.Settings.MaxTurns = 0
	got, _ = runTurns(t, b, 4, nil, dice)
	if got.Outcome != Ongoing || got.Turn != 4 {
		t.Fatalf("max_turns 12: outcome %s at turn %d, want ongoing after turn 4", got.Outcome, got.Turn)
	}
}

// The chronicle is a value: it survives JSON and Clone shares nothing.
func TestChronicleIsAValue(t *testing.T) {
	b := testBattle(unit("n", North, SamuraiSpear, 8, "A22", S))
	b.Chronicle = Chronicle{Quiet: 2, Signal: [2]int{0, 5}, RetreatOnly: [2]int{1, 2}, LastRetreat: [2]int{3, 4}, Offer: [2]int{6, 0}}
	data, err := json.Marshal(b)
	if err != nil {
		t.Fatal(err)
	}
	var back Battle
	if err := json.Unmarshal(data, &back); err != nil {
		t.Fatal(err)
	}
	if back.Chronicle != b.Chronicle {
		t.Errorf("after JSON: %+v, want %+v", back.Chronicle, b.Chronicle)
	}
	c := b.Clone()
	c.Chronicle.Signal[1] = 9
	if b.Chronicle.Signal[1] != 5 {
		t.Error("Clone shares the chronicle")
	}
}
