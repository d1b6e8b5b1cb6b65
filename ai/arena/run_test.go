package arena

import (
	"context"
	"errors"
	"slices"
	"testing"

	"github.com/gunbai/gunbai/ai"
	"github.com/gunbai/gunbai/engine"
)

// The schedule plays every start from both sides, A the North first, each
// battle seeded from the arena's seed and its index.
func TestArenaSchedule(t *testing.T) {
	starts := Deployments(7, 3)
	if len(starts) != 3 || starts[0].Name != "sim-7" || starts[2].Name != "sim-9" || starts[1].Battle.ID != "sim-8" {
		t.Fatalf("starts: %v %v %v", starts[0].Name, starts[1].Name, starts[2].Name)
	}
	ms := Schedule(starts, General{Turns: 50}, Scripted{}, 1)
	if len(ms) != 6 {
		t.Fatalf("%d matches, want 6", len(ms))
	}
	seeds := map[uint64]bool{}
	for i, m := range ms {
		if m.Start.Name != starts[i/2].Name || m.ASide != []engine.Side{engine.North, engine.South}[i%2] || m.A.Name() != "ai-50" || m.B.Name() != "sim" {
			t.Errorf("match %d: %s, A %s as %v, B %s", i, m.Start.Name, m.A.Name(), m.ASide, m.B.Name())
		}
		if m.Seed != MatchSeed(1, i) || seeds[m.Seed] {
			t.Errorf("match %d: seed %d", i, m.Seed)
		}
		seeds[m.Seed] = true
		if ps := m.players(); ps[m.ASide].Name() != "ai-50" || ps[m.ASide.Enemy()].Name() != "sim" {
			t.Errorf("match %d: players by side %s, %s", i, ps[0].Name(), ps[1].Name())
		}
	}
	if Schedule(starts, General{Turns: 50}, Scripted{}, 2)[0].Seed == ms[0].Seed {
		t.Error("another arena seed gives the same battle seeds")
	}
}

// Run gives the same outcomes, by index, on one worker and on several,
// whatever order the battles finish in; progress counts every battle once,
// up to the total.
func TestArenaRunDeterministic(t *testing.T) {
	ms := Schedule(Deployments(100, 12), Scripted{}, Scripted{}, 3)
	var calls []int
	one := Run(context.Background(), ms, 1, func(done, total int) {
		if total != len(ms) {
			t.Errorf("progress total %d", total)
		}
		calls = append(calls, done)
	})
	if len(calls) != len(ms) || !slices.IsSorted(calls) || calls[len(ms)-1] != len(ms) {
		t.Errorf("progress: %v", calls)
	}
	many := Run(context.Background(), ms, 3, nil)
	decided := 0
	for i := range ms {
		a, b := one[i], many[i]
		for _, o := range []Outcome{a, b} {
			if o.Index != i || o.Start != ms[i].Start.Name || o.ASide != ms[i].ASide || o.Result.Err != nil {
				t.Fatalf("outcome %d: %+v", i, o)
			}
		}
		if a.Result.Outcome != b.Result.Outcome || a.Result.Turns != b.Result.Turns || a.Result.Decisions != b.Result.Decisions || a.Score != b.Score {
			t.Errorf("outcome %d: one worker %v in %d turns, three %v in %d", i, a.Result.Outcome, a.Result.Turns, b.Result.Outcome, b.Result.Turns)
		}
		if a.Result.Outcome == engine.Ongoing || a.Result.Turns < 1 {
			t.Errorf("outcome %d: %v after %d turns", i, a.Result.Outcome, a.Result.Turns)
		}
		if a.Won() || a.Lost() {
			decided++
		}
	}
	if decided == 0 {
		t.Error("no battle was decided")
	}
}

// A cancelled arena plays no more battles: they come back with the
// context's error, and count as errors only.
func TestArenaRunCancelled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	ms := Schedule(Deployments(1, 3), Scripted{}, Scripted{}, 1)
	outs := Run(ctx, ms, 1, func(done, _ int) {
		if done == 2 {
			cancel()
		}
	})
	for i, o := range outs {
		if failed := errors.Is(o.Result.Err, context.Canceled); failed != (i >= 2) {
			t.Errorf("battle %d: %v", i, o.Result.Err)
		}
	}
	if s := Summarize(outs)[0]; s.Battles != 2 || s.Errors != 4 {
		t.Errorf("summary: %d battles, %d errors", s.Battles, s.Errors)
	}
}

func TestArenaParsePlayer(t *testing.T) {
	for name, want := range map[string]string{"ai": General{Turns: ai.DefaultTurns}.Name(), "AI:300": "ai-300", "ai-5": "ai-5", " sim ": "sim"} {
		if p, ok := ParsePlayer(name); !ok || p.Name() != want {
			t.Errorf("ParsePlayer(%q) = %v, %v, want %s", name, p, ok, want)
		}
	}
	for _, name := range []string{"", "ai:", "ai:0", "ai:-3", "ai:x", "random", "sim:5"} {
		if p, ok := ParsePlayer(name); ok {
			t.Errorf("ParsePlayer(%q) = %s", name, p.Name())
		}
	}
}

// idle is a policy that gives no orders: engine/sim's should beat it more
// often than not from either side (a passive defender wins now and then).
type idle struct{}

func (idle) Name() string                        { return "idle" }
func (idle) Stake(ai.Sight, uint64) engine.Stake { return engine.StakeLow }
func (idle) Reroll(ai.Sight, engine.Stake, engine.CommandResult, []string, uint64) string {
	return ""
}
func (idle) Orders(ai.Sight, engine.CommandResult, uint64) ([]engine.Order, int) { return nil, 0 }

// Each policy plays the side the match gives it: engine/sim's policy as A
// wins more than it loses against one that gives no orders, from the
// North and from the South, and the outcomes say so from A's point of
// view.
func TestArenaRunSides(t *testing.T) {
	outs := Run(context.Background(), Schedule(Deployments(40, 8), Scripted{}, idle{}, 5), 2, nil)
	won, lost := [2]int{}, [2]int{}
	for _, o := range outs {
		if o.Won() {
			won[o.ASide]++
		}
		if o.Lost() {
			lost[o.ASide]++
		}
		if o.Won() != (o.Score == 1) || o.Lost() && o.Score != 0 || o.Drew() && o.Score != 0.5 {
			t.Errorf("battle %d: %v for A as %v, score %v", o.Index, o.Result.Outcome, o.ASide, o.Score)
		}
	}
	for _, side := range []engine.Side{engine.North, engine.South} {
		if won[side] <= lost[side] {
			t.Errorf("engine/sim's policy as the %v: %d won, %d lost against no orders", side, won[side], lost[side])
		}
	}
	if s := Summarize(outs)[0]; s.A != "sim" || s.B != "idle" || s.Wins != won[0]+won[1] || s.Elo <= 0 {
		t.Errorf("summary: %+v", s)
	}
}
