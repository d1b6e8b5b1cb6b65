package arena

import (
	"errors"
	"math"
	"testing"
	"time"

	"github.com/gunbai/gunbai/engine"
)

func near(a, b, eps float64) bool { return math.Abs(a-b) <= eps }

// The arena's statistics against values worked by hand: the Elo curve at
// a score of ¾ (400·log10 3 ≈ 190.85), the Wilson interval of 8 in 10
// (0.4902, 0.9433, the textbook example), the rating interval of
// 60 wins, 20 draws, 20 losses from its standard error.
func TestArenaStatsKnownValues(t *testing.T) {
	if e := Elo(0.75); !near(e, 190.8485, 1e-3) {
		t.Errorf("Elo(0.75) = %v, want 190.85", e)
	}
	if e := Elo(0.5); e != 0 {
		t.Errorf("Elo(0.5) = %v", e)
	}
	if !math.IsInf(Elo(1), 1) || !math.IsInf(Elo(0), -1) {
		t.Errorf("Elo(1), Elo(0) = %v, %v", Elo(1), Elo(0))
	}
	for _, c := range []struct {
		k      float64
		n      int
		lo, hi float64
	}{
		{8, 10, 0.49016, 0.94332},
		{0, 10, 0, 0.27753},
		{10, 10, 0.72247, 1},
		{75, 100, 0.65696, 0.82455},
	} {
		lo, hi := Wilson(c.k, c.n)
		if !near(lo, c.lo, 1e-4) || !near(hi, c.hi, 1e-4) {
			t.Errorf("Wilson(%v, %d) = [%v, %v], want [%v, %v]", c.k, c.n, lo, hi, c.lo, c.hi)
		}
	}
	// s = 0.7; σ² = (60·0.09 + 20·0.04 + 20·0.49)/100 = 0.16; SE = 0.04;
	// the score's interval 0.7 ± 1.96·0.04, through the Elo curve.
	s, e, lo, hi := EloInterval(60, 20, 20)
	if !near(s, 0.7, 1e-12) || !near(e, 147.19, 0.01) || !near(lo, 86.23, 0.01) || !near(hi, 218.25, 0.01) {
		t.Errorf("EloInterval(60, 20, 20) = %v, %v [%v, %v], want 0.7, 147.19 [86.23, 218.25]", s, e, lo, hi)
	}
	// Every battle won: the score's standard error is 0; the Wilson
	// interval of 8 in 8 gives the lower end, the upper is +Inf.
	s, e, lo, hi = EloInterval(8, 0, 0)
	wlo, _ := Wilson(8, 8)
	if s != 1 || !math.IsInf(e, 1) || !near(lo, Elo(wlo), 1e-9) || lo < 100 || lo > 200 || !math.IsInf(hi, 1) {
		t.Errorf("EloInterval(8, 0, 0) = %v, %v [%v, %v]", s, e, lo, hi)
	}
	// The same from the other side, mirrored.
	_, e2, lo2, hi2 := EloInterval(0, 0, 8)
	if !math.IsInf(e2, -1) || !math.IsInf(lo2, -1) || !near(hi2, -lo, 1e-9) {
		t.Errorf("EloInterval(0, 0, 8) = %v [%v, %v]", e2, lo2, hi2)
	}
	if s, _, _, _ := EloInterval(0, 0, 0); !math.IsNaN(s) {
		t.Errorf("no battles: score %v", s)
	}
}

// Summarize counts from A's point of view whichever side A played, leaves
// failed battles out of everything but Errors, and sums each policy's
// cost from the side it played.
func TestArenaSummarize(t *testing.T) {
	res := func(o engine.Outcome, aSide engine.Side, aTime time.Duration, aSims int) Result {
		r := Result{Outcome: o}
		r.Decisions[aSide], r.Time[aSide], r.Simulated[aSide] = 2, aTime, aSims
		r.Decisions[aSide.Enemy()], r.Time[aSide.Enemy()] = 2, time.Millisecond
		return r
	}
	outs := []Outcome{
		{A: "ai-200", B: "sim", ASide: engine.North, Result: res(engine.NorthVictory, engine.North, time.Second, 1000)},
		{A: "ai-200", B: "sim", ASide: engine.South, Result: res(engine.SouthTotalVictory, engine.South, time.Second, 1000)},
		{A: "ai-200", B: "sim", ASide: engine.South, Result: res(engine.NorthVictory, engine.South, 2*time.Second, 2000)},
		{A: "ai-200", B: "sim", ASide: engine.North, Result: res(engine.Draw, engine.North, 0, 0)},
		{A: "ai-200", B: "sim", ASide: engine.North, Result: Result{Err: errors.New("cancelled")}},
		{A: "sim", B: "sim", ASide: engine.North, Result: res(engine.SouthVictory, engine.North, 0, 0)},
	}
	st := Summarize(outs)
	if len(st) != 2 || st[0].A != "ai-200" || st[1].A != "sim" {
		t.Fatalf("pairs: %+v", st)
	}
	s := st[0]
	if s.Battles != 4 || s.Errors != 1 || s.Wins != 2 || s.Draws != 1 || s.Losses != 1 {
		t.Errorf("ai-200 vs sim: %d battles, %d errors, %d-%d-%d", s.Battles, s.Errors, s.Wins, s.Draws, s.Losses)
	}
	if !near(s.WinRate, 2.0/3, 1e-12) || !near(s.Score, 0.625, 1e-12) {
		t.Errorf("win rate %v, score %v", s.WinRate, s.Score)
	}
	if a := s.Cost[0]; a.Decisions != 8 || a.PerDecision() != 500*time.Millisecond || a.SimulatedPerDecision() != 500 || a.SimulatedPerSecond() != 1000 {
		t.Errorf("A's cost: %+v", a)
	}
	if b := s.Cost[1]; b.Decisions != 8 || b.PerDecision() != time.Millisecond/2 || b.SimulatedPerSecond() != 0 {
		t.Errorf("B's cost: %+v", b)
	}
	if s := st[1]; s.Losses != 1 || s.WinRate != 0 {
		t.Errorf("sim vs sim: %+v", s)
	}
	// Only draws: no win rate, a rating of 0.
	if s := Summarize(outs[3:4])[0]; !math.IsNaN(s.WinRate) || !math.IsNaN(s.WinLo) || s.Elo != 0 || !(s.EloLo < 0 && s.EloHi > 0) {
		t.Errorf("a draw alone: %+v", s)
	}
}
