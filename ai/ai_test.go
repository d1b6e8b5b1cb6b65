package ai_test

import (
	"math/rand/v2"
	"reflect"
	"slices"
	"testing"

	"github.com/gunbai/gunbai/ai"
	"github.com/gunbai/gunbai/engine"
	"github.com/gunbai/gunbai/engine/sim"
	"github.com/gunbai/gunbai/internal/racetest"
	"github.com/gunbai/gunbai/internal/viewtest"
)

var sides = []engine.Side{engine.North, engine.South}

// grantsTried are the command results the tests give the general: each
// stake's success and failure (R-V.2).
var grantsTried = []engine.CommandResult{
	{Success: true, Special: 1, Ordinary: 3}, {Ordinary: 3}, {Success: true, Special: 2, Ordinary: 3}, {Ordinary: 2},
}

// The general never cheats (issue 30 item 3): two battles that the side's
// view cannot tell apart (enemy units hidden in forests moved, removed or
// added out of its sight) give the same stake, rerolls, orders and
// intentions, with the same memory of the enemy; it never gets the
// enemy's orders or the battle's seed (its API takes neither).
func TestAIIndistinguishableStatesSameDecisions(t *testing.T) {
	rng := rand.New(rand.NewPCG(30, 1))
	changed, orders := 0, 0
	for trial := range racetest.Size(40) {
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
			ghosts := memory(b, side) // what the side remembers: the same in both
			g := ai.General{Seed: uint64(trial), Budget: ai.Budget{Turns: 120}}
			s1, s2 := ai.SeenBy(b, side, ghosts), ai.SeenBy(b2, side, ghosts)
			if a, c := g.Stake(s1), g.Stake(s2); a != c {
				t.Fatalf("trial %d, %s: stake %v and %v with what it cannot see", trial, side, a, c)
			}
			failed := engine.CommandResult{Ordinary: 3, Rolls: [][2]int{{1, 2}}, Total: 3}
			open := []string{engine.RerollMessenger}
			if a, c := g.Reroll(s1, engine.StakeLow, failed, open), g.Reroll(s2, engine.StakeLow, failed, open); a != c {
				t.Fatalf("trial %d, %s: reroll %q and %q with what it cannot see", trial, side, a, c)
			}
			granted := grantsTried[trial%len(grantsTried)]
			p1, p2 := g.Orders(s1, granted, nil), g.Orders(s2, granted, nil)
			if !reflect.DeepEqual(p1, p2) {
				t.Fatalf("trial %d, %s: plans differ with what it cannot see:\n%+v\n%+v", trial, side, p1, p2)
			}
			orders += len(p1.Orders)
		}
	}
	t.Logf("%d hidden changes, %d orders compared", changed, orders)
	if changed < racetest.Size(40) || orders < racetest.Size(60) {
		t.Fatalf("weak generator: %d hidden changes, %d orders", changed, orders)
	}
}

// memory is side's memory of the enemy units b hides from it: each as if
// seen where it stands before the first turn, so the general has ghosts to
// draw hidden units from (the memory is the side's own, the same for two
// battles it cannot tell apart).
func memory(b engine.Battle, side engine.Side) []engine.Ghost {
	v := engine.View(b, side)
	var out []engine.Ghost
	for _, u := range b.Units {
		if u.Side != side && u.Active() && v.Unit(u.ID) == nil {
			out = append(out, engine.Ghost{Unit: u, Turn: 0})
		}
	}
	return out
}

// Every plan is legal with the orders given before it and fits the roll
// (engine.Validate, engine.CheckBudget), whatever the grant, and the same
// sight, grant and seed give the same plan.
func TestAIOrdersLegalAndRepeatable(t *testing.T) {
	rng := rand.New(rand.NewPCG(30, 2))
	n := 0
	for trial := range racetest.Size(30) {
		b := viewtest.PlayedBattle(rng, uint64(100+trial))
		side := sides[trial%2]
		granted := grantsTried[trial%len(grantsTried)]
		s := ai.SeenBy(b, side, nil)
		var given []engine.Order
		if trial%3 == 0 { // a wing's orders given before
			g := ai.General{Seed: 7, Budget: ai.Budget{Turns: 60}}
			given = g.Orders(s, engine.CommandResult{Ordinary: 1}, nil).Orders
		}
		g := ai.General{Seed: uint64(trial), Budget: ai.Budget{Turns: 400}}
		p := g.Orders(s, granted, given)
		all := slices.Concat(given, p.Orders)
		if probs := engine.Validate(b, side, b.Turn+1, all); len(probs) > 0 {
			t.Fatalf("trial %d: illegal plan %+v: %+v", trial, p.Orders, probs)
		}
		if prob := engine.CheckBudget(b, side, b.Turn+1, all, granted); prob != nil {
			t.Fatalf("trial %d: plan %+v beyond the roll %+v: %+v", trial, p.Orders, granted, prob)
		}
		for _, o := range p.Orders {
			if o.Side != side || o.Turn != 0 {
				t.Fatalf("trial %d: order not in its stored form: %+v", trial, o)
			}
		}
		if again := g.Orders(s, granted, given); !reflect.DeepEqual(p, again) {
			t.Fatalf("trial %d: the same decision twice differs:\n%+v\n%+v", trial, p, again)
		}
		if len(p.Intents) > 3 || len(p.Orders) > 0 && len(p.Intents) == 0 {
			t.Fatalf("trial %d: %d intents for %d orders", trial, len(p.Intents), len(p.Orders))
		}
		n += len(p.Orders)
	}
	t.Logf("%d orders in all", n)
	if n < racetest.Size(40) {
		t.Fatalf("only %d orders in all: the general does nothing", n)
	}
}

// The rerolls (R-V.3): none for a roll that succeeded; the HQ's whenever
// it is open (it costs nothing); a messenger only when open.
func TestAIRerolls(t *testing.T) {
	b := sim.Deploy(3)
	s := ai.SeenBy(b, engine.North, nil)
	g := ai.General{Seed: 1, Budget: ai.Budget{Turns: 120}}
	ok := engine.CommandResult{Success: true, Special: 1, Ordinary: 3}
	failed := engine.CommandResult{Ordinary: 3}
	cases := []struct {
		r    engine.CommandResult
		open []string
		want []string
	}{
		{ok, []string{engine.RerollHQ, engine.RerollMessenger}, []string{""}},
		{failed, []string{engine.RerollHQ, engine.RerollMessenger}, []string{engine.RerollHQ}},
		{failed, nil, []string{""}},
		{failed, []string{engine.RerollMessenger}, []string{"", engine.RerollMessenger}},
	}
	for i, c := range cases {
		if got := g.Reroll(s, engine.StakeLow, c.r, c.open); !slices.Contains(c.want, got) {
			t.Errorf("case %d: reroll %q, want one of %q", i, got, c.want)
		}
	}
}
