package arena

import (
	"math"
	"time"
)

// z95 is the standard normal quantile of a two-sided 95% interval.
const z95 = 1.959963984540054

// Stats sums up the battles of one pair of policies, from A's point of
// view: its wins, draws and losses, the win rate of the decided battles
// and the rating difference, each with a 95% interval, and what each
// policy's decisions cost.
type Stats struct {
	A, B string
	// Battles are the battles played to an end; Errors those that failed
	// (Result.Err: a cancelled arena, an engine error), counted in nothing
	// else.
	Battles, Errors     int
	Wins, Draws, Losses int
	// WinRate is Wins / (Wins + Losses), with its Wilson interval
	// [WinLo, WinHi]; NaN all three when no battle was decided.
	WinRate, WinLo, WinHi float64
	// Score is A's points a battle (a win 1, a draw ½); Elo the rating
	// difference it means, with its interval [EloLo, EloHi] (EloInterval).
	// A score of 1 is +Inf, of 0 -Inf.
	Score, Elo, EloLo, EloHi float64
	// Cost is what the decisions took, A's first, then B's.
	Cost [2]Cost
}

// Cost is what a policy's decisions took over some battles: how many
// order decisions it made, their time (the command roll's included) and
// the battle turns they simulated.
type Cost struct {
	Decisions int
	Time      time.Duration
	Simulated int
}

// PerDecision is the average time of a decision (0 for none).
func (c Cost) PerDecision() time.Duration {
	if c.Decisions == 0 {
		return 0
	}
	return c.Time / time.Duration(c.Decisions)
}

// SimulatedPerDecision is the average of simulated battle turns a
// decision (0 for none).
func (c Cost) SimulatedPerDecision() float64 {
	if c.Decisions == 0 {
		return 0
	}
	return float64(c.Simulated) / float64(c.Decisions)
}

// SimulatedPerSecond is the search's speed: simulated battle turns a
// second of decision time (0 when it simulated none).
func (c Cost) SimulatedPerSecond() float64 {
	if c.Simulated == 0 || c.Time <= 0 {
		return 0
	}
	return float64(c.Simulated) / c.Time.Seconds()
}

// Summarize sums the outcomes up by pair of policies (A's name, B's), the
// pairs in the order they first appear.
func Summarize(outs []Outcome) []Stats {
	var out []Stats
	at := map[[2]string]int{}
	for _, o := range outs {
		key := [2]string{o.A, o.B}
		i, ok := at[key]
		if !ok {
			i = len(out)
			at[key] = i
			out = append(out, Stats{A: o.A, B: o.B})
		}
		s := &out[i]
		if o.Result.Err != nil {
			s.Errors++
			continue
		}
		s.Battles++
		switch {
		case o.Won():
			s.Wins++
		case o.Lost():
			s.Losses++
		default:
			s.Draws++
		}
		for k, side := range [2]int{int(o.ASide), 1 - int(o.ASide)} {
			s.Cost[k].Decisions += o.Result.Decisions[side]
			s.Cost[k].Time += o.Result.Time[side]
			s.Cost[k].Simulated += o.Result.Simulated[side]
		}
	}
	for i := range out {
		s := &out[i]
		s.WinRate, s.WinLo, s.WinHi = math.NaN(), math.NaN(), math.NaN()
		if n := s.Wins + s.Losses; n > 0 {
			s.WinRate = float64(s.Wins) / float64(n)
			s.WinLo, s.WinHi = Wilson(float64(s.Wins), n)
		}
		s.Score, s.Elo, s.EloLo, s.EloHi = EloInterval(s.Wins, s.Draws, s.Losses)
	}
	return out
}

// Wilson is the Wilson score interval at 95% of a proportion of k
// successes in n trials (k may be a half-integer: draws as half). Unlike
// the normal approximation it stays inside [0, 1] and is not empty at
// k = 0 or k = n. n = 0 gives NaN.
func Wilson(k float64, n int) (lo, hi float64) {
	if n <= 0 {
		return math.NaN(), math.NaN()
	}
	nf := float64(n)
	p := k / nf
	z2 := z95 * z95
	d := 1 + z2/nf
	c := (p + z2/(2*nf)) / d
	h := z95 * math.Sqrt(p*(1-p)/nf+z2/(4*nf*nf)) / d
	return math.Max(0, c-h), math.Min(1, c+h)
}

// Elo is the rating difference that expects score (points a battle, 0 to
// 1) under the logistic Elo model: 400·log10(score / (1 − score)). A
// score of ¾ is about +191; 1 is +Inf, 0 -Inf.
func Elo(score float64) float64 {
	switch {
	case score <= 0:
		return math.Inf(-1)
	case score >= 1:
		return math.Inf(1)
	}
	return 400 * math.Log10(score/(1-score))
}

// EloInterval is the score of w wins, d draws and l losses (draws as
// half), its rating difference (Elo) and that difference's 95% interval.
//
// The method: the score's standard error is the spread of the battles'
// points (1, ½, 0) about the score, over √n: σ² = (w(1−s)² + d(½−s)² +
// l·s²)/n, SE = σ/√n; the score's interval s ± 1.96·SE, held to [0, 1],
// is mapped through Elo (which is monotonic, so the ends map to the ends).
// Draws thus narrow the interval, as they should. When every battle had
// the same result the standard error is 0 and says nothing; then the
// Wilson interval of the points (w + d/2 of n) stands in, which stays
// finite on the side away from the extreme. No battles give NaN.
func EloInterval(w, d, l int) (score, elo, lo, hi float64) {
	n := w + d + l
	if n == 0 {
		nan := math.NaN()
		return nan, nan, nan, nan
	}
	nf := float64(n)
	score = (float64(w) + float64(d)/2) / nf
	v := (float64(w)*sq(1-score) + float64(d)*sq(0.5-score) + float64(l)*sq(score)) / nf
	se := math.Sqrt(v / nf)
	slo, shi := score-z95*se, score+z95*se
	if se == 0 {
		slo, shi = Wilson(float64(w)+float64(d)/2, n)
	}
	return score, Elo(score), Elo(math.Max(0, slo)), Elo(math.Min(1, shi))
}

func sq(x float64) float64 { return x * x }
