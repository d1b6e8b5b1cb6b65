package game

import (
	"fmt"
	"math/rand/v2"
	"reflect"
	"slices"
	"testing"

	"github.com/gunbai/gunbai/engine"
	"github.com/gunbai/gunbai/engine/sim"
	"github.com/gunbai/gunbai/internal/racetest"
	"github.com/gunbai/gunbai/internal/viewtest"
	"github.com/gunbai/gunbai/store"
)

// standingBattle is a small battle on turn 1: the North's unit n1 (an
// archer unit, or kind) at C, facing south, and the South's units at the
// cells given.
func standingBattle(kind engine.TroopType, at string, south ...string) engine.Battle {
	b := engine.Battle{ID: "st", Defender: engine.South, Settings: engine.DefaultSettings()}
	add := func(id string, side engine.Side, t engine.TroopType, cell string, f engine.Dir) {
		u := engine.Unit{ID: id, Side: side, Type: t, Figures: 8, Cell: engine.MustCell(cell), Facing: f, Status: engine.StatusOK}
		u.Ammo = u.Stats().AmmoPerFigure * u.Figures
		b.Units = append(b.Units, u)
	}
	add("n1", engine.North, kind, at, engine.S)
	for i, c := range south {
		add(fmt.Sprintf("s%d", i+1), engine.South, engine.AshigaruSpear, c, engine.N)
	}
	return b
}

// granted is a roll that allows plenty.
var granted = engine.CommandResult{Success: true, Special: 2, Ordinary: 3}

// standingFor is the order n1's standing order kind gives it in b, if any.
func standingFor(t *testing.T, b engine.Battle, kind string) *engine.Order {
	t.Helper()
	out := AbsentSeatOrders(b, engine.North, 1, nil, granted, store.AbsentStanding, []string{"n1"}, false,
		[]store.StandingOrder{{Unit: "n1", Kind: kind}}, 0)
	if len(out) > 1 {
		t.Fatalf("%s: %d orders for one unit: %+v", kind, len(out), out)
	}
	if len(out) == 0 {
		return nil
	}
	if p := engine.Validate(b, engine.North, 1, out); len(p) > 0 {
		t.Fatalf("%s: illegal: %v", kind, p[0])
	}
	return &out[0]
}

func kindOf(o *engine.Order) string {
	if o == nil {
		return "none"
	}
	return o.Kind.String() + " " + o.Target
}

// Standing order "hold": Hold at all costs! (R-VI.3.2), whatever stands
// near it.
func TestStandingHold(t *testing.T) {
	b := standingBattle(engine.SamuraiSpear, "C22", "C12")
	if got := kindOf(standingFor(t, b, store.StandingHold)); got != "hold " {
		t.Fatalf("hold: %s", got)
	}
}

// Standing order "shoot the nearest": a shooter shoots the nearest enemy
// in its fire zone (the one in front before one at a corner farther off);
// with none in reach it gets no order (it acts by initiative, R-VI.5).
func TestStandingShootNearest(t *testing.T) {
	// s1 at a corner of its fire zone, s2 (nearer) in front.
	b := standingBattle(engine.SamuraiArcher, "B21", "B11", "C11")
	unitOf(&b, "n1").Cell = engine.Cell{X: 6, Y: 3}
	unitOf(&b, "s1").Cell, unitOf(&b, "s2").Cell = engine.Cell{X: 5, Y: 4}, engine.Cell{X: 6, Y: 4}
	if got := kindOf(standingFor(t, b, store.StandingShoot)); got != "shoot s2" {
		t.Fatalf("shoot: %s", got)
	}
	far := standingBattle(engine.SamuraiArcher, "A21", "B11")
	unitOf(&far, "n1").Cell, unitOf(&far, "s1").Cell = engine.Cell{X: 1, Y: 2}, engine.Cell{X: 13, Y: 6}
	if got := kindOf(standingFor(t, far, store.StandingShoot)); got != "none" {
		t.Fatalf("no target in reach: %s", got)
	}
}

// Standing order "counter-attack when attacked": an enemy in front is
// attacked; one at the side is turned to; none near, no order.
func TestStandingCounterAttack(t *testing.T) {
	front := standingBattle(engine.SamuraiSpear, "B22", "B12")
	u := unitOf(&front, "n1")
	e := unitOf(&front, "s1")
	e.Cell = engine.FrontCell(u.Cell, u.Facing)
	if got := kindOf(standingFor(t, front, store.StandingCounter)); got != "move " {
		t.Fatalf("an enemy in front: %s", got)
	}
	side := standingBattle(engine.SamuraiSpear, "B22", "B12")
	u = unitOf(&side, "n1")
	unitOf(&side, "s1").Cell = engine.FrontCell(u.Cell, u.Facing.Left())
	if got := kindOf(standingFor(t, side, store.StandingCounter)); got != "wheel_left " {
		t.Fatalf("an enemy on the left: %s", got)
	}
	none := standingBattle(engine.SamuraiSpear, "B22", "D12")
	if got := kindOf(standingFor(t, none, store.StandingCounter)); got != "none" {
		t.Fatalf("no enemy near: %s", got)
	}
}

// Standing order "fall back when outnumbered": two enemies within two
// steps of a lone unit send it back; one does not (no order).
func TestStandingFallBack(t *testing.T) {
	two := standingBattle(engine.SamuraiSpear, "B22", "B12", "A12")
	u := unitOf(&two, "n1")
	unitOf(&two, "s1").Cell = engine.FrontCell(u.Cell, u.Facing)
	unitOf(&two, "s2").Cell = engine.FrontCell(engine.FrontCell(u.Cell, u.Facing), u.Facing.Left())
	if !outnumbered(&two, u) {
		t.Fatal("two enemies near a lone unit: not outnumbered")
	}
	if got := kindOf(standingFor(t, two, store.StandingFall)); got != "retreat " {
		t.Fatalf("outnumbered: %s", got)
	}
	one := standingBattle(engine.SamuraiSpear, "B22", "B12")
	unitOf(&one, "s1").Cell = engine.FrontCell(unitOf(&one, "n1").Cell, engine.S)
	if got := kindOf(standingFor(t, one, store.StandingFall)); got != "none" {
		t.Fatalf("one to one: %s", got)
	}
}

// A unit without a standing order, or not of the seat, gets none; the
// roll's budget bounds the orders given.
func TestStandingOnlyTheSeatsUnitsWithinTheRoll(t *testing.T) {
	b := sim.Deploy(3)
	var units []string
	var standing []store.StandingOrder
	for _, u := range b.Units {
		if u.Side == engine.North {
			units = append(units, u.ID)
		}
	}
	slices.Sort(units)
	for _, id := range units {
		standing = append(standing, store.StandingOrder{Unit: id, Kind: store.StandingHold})
	}
	small := engine.CommandResult{Success: true, Special: 1, Ordinary: 3} // one Hold at all costs
	out := AbsentSeatOrders(b, engine.North, 1, nil, small, store.AbsentStanding, units[:4], false, standing, 0)
	if engine.CheckBudget(b, engine.North, 1, out, small) != nil || len(out) != 1 || out[0].Unit != units[0] {
		t.Fatalf("over the roll: %+v", out)
	}
	for _, o := range out {
		if !slices.Contains(units[:4], o.Unit) {
			t.Fatalf("an order for %s, not of the seat", o.Unit)
		}
	}
	out = AbsentSeatOrders(b, engine.North, 1, nil, granted, store.AbsentStanding, units[:4], false, standing[4:], 0)
	if len(out) != 0 {
		t.Fatalf("orders for units with no standing order: %+v", out)
	}
}

// The autopilot plays only the seat's units, legally and within the roll,
// the same from the same seed; a wing gives no army-wide order.
func TestAutopilotPlaysTheSeatOnly(t *testing.T) {
	b := sim.Deploy(5)
	var units []string
	for _, u := range b.Units {
		if u.Side == engine.South {
			units = append(units, u.ID)
		}
	}
	slices.Sort(units)
	wing := units[:5]
	for seed := range uint64(8) { // the general searches: a tenth of a second a call
		out := AbsentSeatOrders(b, engine.South, 1, nil, granted, store.AbsentAutopilot, wing, false, nil, seed)
		again := AbsentSeatOrders(b, engine.South, 1, nil, granted, store.AbsentAutopilot, wing, false, nil, seed)
		if !reflect.DeepEqual(out, again) {
			t.Fatalf("seed %d: not deterministic", seed)
		}
		if p := engine.Validate(b, engine.South, 1, out); len(p) > 0 || engine.CheckBudget(b, engine.South, 1, out, granted) != nil {
			t.Fatalf("seed %d: illegal: %+v", seed, out)
		}
		for _, o := range out {
			if !slices.Contains(wing, o.Unit) {
				t.Fatalf("seed %d: an order outside the wing: %+v", seed, o)
			}
		}
	}
}

// Over random battles played a few turns by the scripted policy, with
// forests strewn over them: the autopilot's and the standing orders'
// functions, given two full states the side's view cannot tell apart (an
// enemy unit hidden in a forest moved to another hidden cell, removed,
// or one added there), give the same orders: what an absent seat is given
// never depends on what its side cannot see.
func TestAutopilotAndStandingSeeOnlyTheView(t *testing.T) {
	rng := rand.New(rand.NewPCG(29, 3))
	changed, given := 0, [2]int{}
	for trial := range racetest.Size(60) {
		b := viewtest.PlayedBattle(rng, uint64(trial))
		for _, side := range sides {
			b2, n := viewtest.HideMore(rng, b, side)
			if n == 0 {
				continue
			}
			if !reflect.DeepEqual(engine.View(b, side), engine.View(b2, side)) {
				t.Fatalf("trial %d: the change shows in %s's view", trial, side)
			}
			changed += n
			var units []string
			var standing []store.StandingOrder
			for _, u := range b.Units {
				if u.Side == side && u.Active() {
					units = append(units, u.ID)
					standing = append(standing, store.StandingOrder{Unit: u.ID, Kind: store.StandingKinds[rng.IntN(len(store.StandingKinds))]})
				}
			}
			slices.Sort(units)
			turn := b.Turn + 1
			for _, how := range []string{store.AbsentAutopilot, store.AbsentStanding} {
				for _, whole := range []bool{true, false} {
					if how == store.AbsentAutopilot && (trial+b2i(whole))%3 != 0 {
						continue // the general searches (some 20 ms a call): a third of the trials, each way
					}
					a := AbsentSeatOrders(b, side, turn, nil, granted, how, units, whole, standing, uint64(trial))
					c := AbsentSeatOrders(b2, side, turn, nil, granted, how, units, whole, standing, uint64(trial))
					given[b2i(how == store.AbsentStanding)] += len(a)
					if !reflect.DeepEqual(a, c) {
						t.Fatalf("trial %d, %s, %s: orders differ with what it cannot see:\n%+v\n%+v", trial, side, how, a, c)
					}
				}
			}
		}
	}
	t.Logf("%d hidden changes; %d orders by the autopilot, %d by standing orders", changed, given[0], given[1])
	if changed < racetest.Size(60) || given[0] < racetest.Size(100) || given[1] < racetest.Size(100) {
		t.Fatalf("weak generator: %d hidden changes, %v orders", changed, given)
	}
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// The absent seats the autopilot or standing orders play: a side without
// wings when it gave no order; on a side with wings, each wing whose
// player gave his units no order and did not say ready, the commander with
// the units no wing holds.
func TestAutopilotAbsentSeats(t *testing.T) {
	rec := store.BattleRecord{State: sim.Deploy(1)}
	var n []string
	for _, u := range rec.State.Units {
		if u.Side == engine.North {
			n = append(n, u.ID)
		}
	}
	slices.Sort(n)
	seats := func(orders []engine.Order, ready ...string) string {
		var ph store.CommandPhase
		ph.WingsReady[engine.North] = ready
		var out []string
		for _, s := range absentSeats(&rec, engine.North, orders, ph) {
			out = append(out, fmt.Sprintf("%s%v%v", s.player, s.units, s.whole))
		}
		return fmt.Sprint(out)
	}
	on := func(unit string) []engine.Order {
		return []engine.Order{{Unit: unit, Side: engine.North, Kind: engine.OrderMove, Phase: 1}}
	}
	if got, want := seats(nil), fmt.Sprint([]string{fmt.Sprintf("%v%v", n, true)}); got != want {
		t.Fatalf("a side without wings, no order: %s, want %s", got, want)
	}
	if got := seats(on(n[0])); got != "[]" {
		t.Fatalf("a side without wings that ordered: %s", got)
	}
	// oda commands, holds n[0:2] and (no wing holding them) n[4:]; kat n[2:4].
	rec.People.Sides[engine.North] = store.SidePeople{Commander: "oda", Wings: []store.Wing{
		{Player: "kat", Units: n[2:4]}, {Player: "oda", Units: n[0:2]}}}
	odaUnits := slices.Concat(n[0:2], n[4:])
	slices.Sort(odaUnits)
	oda, kat := fmt.Sprintf("oda%vtrue", odaUnits), fmt.Sprintf("kat%vfalse", n[2:4])
	for _, c := range []struct {
		orders []engine.Order
		ready  []string
		want   string
	}{
		{nil, nil, "[" + oda + " " + kat + "]"},
		{on(n[2]), nil, "[" + oda + "]"},
		{on(n[5]), nil, "[" + kat + "]"}, // a unit no wing holds is the commander's
		{on(n[0]), []string{"kat"}, "[]"},
		{[]engine.Order{{Side: engine.North, Kind: engine.OrderGeneralAdvance, Phase: 1}}, nil, "[" + kat + "]"},
	} {
		if got := seats(c.orders, c.ready...); got != c.want {
			t.Errorf("orders %v, ready %v: %s, want %s", c.orders, c.ready, got, c.want)
		}
	}
}
