package ai_test

import (
	"math/rand/v2"
	"testing"

	"github.com/gunbai/gunbai/ai"
	"github.com/gunbai/gunbai/engine"
	"github.com/gunbai/gunbai/internal/viewtest"
)

// A stopped search (the caller's clock, Budget.Stop) still gives a legal
// plan, and simulates less than an unstopped one.
func TestAIStopEndsTheSearch(t *testing.T) {
	b := viewtest.PlayedBattle(rand.New(rand.NewPCG(30, 3)), 5)
	s := ai.SeenBy(b, engine.South, nil)
	granted := engine.CommandResult{Success: true, Special: 1, Ordinary: 3}
	calls := 0
	stopped := ai.General{Seed: 1, Budget: ai.Budget{Turns: 2000, Stop: func() bool { calls++; return calls > 3 }}}.Orders(s, granted, nil)
	full := ai.General{Seed: 1, Budget: ai.Budget{Turns: 2000}}.Orders(s, granted, nil)
	if calls == 0 || stopped.Turns >= full.Turns {
		t.Fatalf("stopped after %d calls: %d turns simulated, unstopped %d", calls, stopped.Turns, full.Turns)
	}
	if probs := engine.Validate(b, engine.South, b.Turn+1, stopped.Orders); len(probs) > 0 {
		t.Fatalf("stopped plan illegal: %+v", probs)
	}
}

// BenchmarkDecision is one decision of the general at its default budget
// (ai.DefaultTurns) on a battle a few turns in: its time is the time of a
// decision on one core; turns/op the battle turns it simulated.
func BenchmarkDecision(bb *testing.B) {
	b := viewtest.PlayedBattle(rand.New(rand.NewPCG(30, 4)), 11)
	s := ai.SeenBy(b, engine.North, nil)
	granted := engine.CommandResult{Success: true, Special: 1, Ordinary: 3}
	turns := 0
	for i := 0; bb.Loop(); i++ {
		p := ai.General{Seed: uint64(i)}.Orders(s, granted, nil)
		turns += p.Turns
	}
	bb.ReportMetric(float64(turns)/float64(bb.N), "turns/op")
	bb.ReportMetric(float64(turns)/bb.Elapsed().Seconds(), "turns/s")
}
