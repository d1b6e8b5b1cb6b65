package arena

import (
	"context"
	"fmt"
	"runtime"
	"strconv"
	"strings"
	"sync"

	"github.com/gunbai/gunbai/ai"
	"github.com/gunbai/gunbai/engine"
	"github.com/gunbai/gunbai/engine/sim"
)

// Start is a named position a battle is played from: an engine/sim
// deployment or a built-in scenario (which the caller passes in: ai/arena
// does not import game).
type Start struct {
	Name   string
	Battle engine.Battle
}

// Deployments are n starts from engine/sim's deployments (sim.Deploy), of
// the seeds from seed on.
func Deployments(seed uint64, n int) []Start {
	out := make([]Start, 0, max(n, 0))
	for i := range n {
		s := seed + uint64(i)
		out = append(out, Start{Name: "sim-" + strconv.FormatUint(s, 10), Battle: sim.Deploy(s)})
	}
	return out
}

// Match is one battle to play: its start, the two policies, the side A
// plays (B plays the other) and the battle's seed (its dice and each
// decision's seed come from it, as Play says).
type Match struct {
	Start Start
	A, B  Player
	ASide engine.Side
	Seed  uint64
}

// players are the match's policies by side.
func (m Match) players() [2]Player {
	if m.ASide == engine.North {
		return [2]Player{m.A, m.B}
	}
	return [2]Player{m.B, m.A}
}

// Schedule is every start played from both sides by a against b: a as the
// North, then a as the South, start after start. Match i is seeded from
// seed and i (MatchSeed), so a schedule is the same battles on any
// machine, whatever the workers.
func Schedule(starts []Start, a, b Player, seed uint64) []Match {
	out := make([]Match, 0, 2*len(starts))
	for _, st := range starts {
		for _, side := range []engine.Side{engine.North, engine.South} {
			out = append(out, Match{Start: st, A: a, B: b, ASide: side, Seed: MatchSeed(seed, len(out))})
		}
	}
	return out
}

// MatchSeed is the seed of the battle at index i of an arena seeded with
// seed: splitmix64 of the two, so neighbouring indexes (and neighbouring
// arena seeds) give unrelated battles.
func MatchSeed(seed uint64, i int) uint64 {
	z := seed ^ (uint64(i)+1)*0x9e3779b97f4a7c15
	z = (z ^ z>>30) * 0xbf58476d1ce4e5b9
	z = (z ^ z>>27) * 0x94d049bb133111eb
	return z ^ z>>31
}

// Outcome is a match played: the match's index in the schedule, its
// names, and the battle's Result. Score is A's: 1 for a win, ½ for a
// draw, 0 for a loss.
type Outcome struct {
	Index  int
	Start  string
	A, B   string
	ASide  engine.Side
	Result Result
	Score  float64
}

// Won, Drew and Lost say how the battle went for A. A battle that failed
// (Result.Err) is none of them.
func (o Outcome) Won() bool  { return o.Result.Err == nil && winner(o.Result.Outcome) == o.ASide }
func (o Outcome) Drew() bool { return o.Result.Err == nil && o.Result.Outcome == engine.Draw }
func (o Outcome) Lost() bool {
	return o.Result.Err == nil && winner(o.Result.Outcome) == o.ASide.Enemy()
}

// winner is the side an outcome gives the battle to, or -1 for none.
func winner(o engine.Outcome) engine.Side {
	switch o {
	case engine.NorthVictory, engine.NorthTotalVictory:
		return engine.North
	case engine.SouthVictory, engine.SouthTotalVictory:
		return engine.South
	}
	return -1
}

// Run plays matches on workers goroutines (runtime.GOMAXPROCS(0) if
// workers < 1), each battle by Play, and returns their outcomes by index,
// whatever order they finished in. progress, if not nil, is called after
// each battle with the number done, from one goroutine at a time. A
// cancelled ctx plays no more battles: those not begun come back with
// ctx's error as their Result.Err.
func Run(ctx context.Context, matches []Match, workers int, progress func(done, total int)) []Outcome {
	if workers < 1 {
		workers = runtime.GOMAXPROCS(0)
	}
	workers = min(workers, max(len(matches), 1))
	out := make([]Outcome, len(matches))
	jobs := make(chan int)
	var wg sync.WaitGroup
	var mu sync.Mutex
	done := 0
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range jobs {
				out[i] = play(ctx, i, matches[i])
				mu.Lock()
				done++
				if progress != nil {
					progress(done, len(matches))
				}
				mu.Unlock()
			}
		}()
	}
	for i := range matches {
		jobs <- i
	}
	close(jobs)
	wg.Wait()
	return out
}

// play plays match i, or records ctx's error if it is cancelled already.
func play(ctx context.Context, i int, m Match) Outcome {
	o := Outcome{Index: i, Start: m.Start.Name, A: m.A.Name(), B: m.B.Name(), ASide: m.ASide}
	if err := ctx.Err(); err != nil {
		o.Result = Result{Err: err}
		return o
	}
	o.Result = play1(m)
	switch {
	case o.Won():
		o.Score = 1
	case o.Drew():
		o.Score = 0.5
	}
	return o
}

// play1 plays one match, a panic of a policy or of the engine turned into
// the battle's error, so that one bad battle does not end the arena.
func play1(m Match) (r Result) {
	defer func() {
		if p := recover(); p != nil {
			r = Result{Err: fmt.Errorf("battle %s: panic: %v", m.Start.Name, p)}
		}
	}()
	return Play(m.Start.Battle.Clone(), m.players(), m.Seed)
}

// ParsePlayer reads a policy's name as gunbai arena takes it: "ai" (the
// general at its default budget, ai.DefaultTurns), "ai:N" (at N simulated
// turns a decision, N ≥ 1), "sim" (engine/sim's policy, Scripted). ok is
// false for anything else.
func ParsePlayer(name string) (p Player, ok bool) {
	name = strings.ToLower(strings.TrimSpace(name))
	switch {
	case name == "sim":
		return Scripted{}, true
	case name == "ai":
		return General{Turns: ai.DefaultTurns}, true
	case strings.HasPrefix(name, "ai:") || strings.HasPrefix(name, "ai-"):
		n, err := strconv.Atoi(name[3:])
		if err != nil || n < 1 {
			return nil, false
		}
		return General{Turns: n}, true
	}
	return nil, false
}
