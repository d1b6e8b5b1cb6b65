package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"os/signal"
	"runtime"
	"strconv"
	"strings"
	"syscall"
	"text/tabwriter"
	"time"

	"github.com/gunbai/gunbai/ai/arena"
	"github.com/gunbai/gunbai/engine"
	"github.com/gunbai/gunbai/game"
	"github.com/gunbai/gunbai/render"
)

// gunbai arena (issue 30 item 2): the general's strength, measured. The
// battles are played by ai/arena; this file reads the flags, hands it the
// built-in scenarios (ai/arena does not import game), draws the progress
// and prints the table.

// The short form is CI's (.ci/run): a few battles, well under a minute on
// one core. The full form is the measurement.
const (
	arenaShortA, arenaShortBattles = "ai:200", 2
	arenaFullA, arenaFullBattles   = "ai", 200
)

type arenaOptions struct {
	a, b            string
	battles         int
	scenarios, full bool
	seed            uint64
	workers         int
	json            bool
	lang            string
}

func arenaFlags(stderr io.Writer) (*flag.FlagSet, *arenaOptions) {
	o := &arenaOptions{}
	fs := newFlags("arena", stderr)
	fs.StringVar(&o.a, "a", arenaShortA, "policy A")
	fs.StringVar(&o.b, "b", "sim", "policy B")
	fs.IntVar(&o.battles, "battles", arenaShortBattles, "engine/sim deployments")
	fs.BoolVar(&o.scenarios, "scenarios", true, "the built-in scenarios too")
	fs.Uint64Var(&o.seed, "seed", 1, "the arena's seed")
	fs.IntVar(&o.workers, "workers", 0, "battles at once")
	fs.BoolVar(&o.full, "full", false, "the full measurement")
	fs.BoolVar(&o.json, "json", false, "JSON")
	fs.StringVar(&o.lang, "lang", string(envLang()), "language")
	return fs, o
}

func arenaHelp(l render.Lang) string {
	fs, _ := arenaFlags(io.Discard)
	return render.T(l, "cli.help.arena", flagsText(fs, l))
}

// arenaContext ends on SIGINT or SIGTERM: the battles played so far are
// still summed up.
var arenaContext = func() (context.Context, context.CancelFunc) {
	return signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
}

// arenaMain is `gunbai arena`.
func arenaMain(args []string, stdout, stderr io.Writer) int {
	fs, o := arenaFlags(stderr)
	if code, ok := parseFlags(fs, args, arenaHelp, stdout, stderr); !ok {
		return code
	}
	l, ok := parseLang("arena", o.lang, stderr)
	if !ok {
		return 2
	}
	set := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { set[f.Name] = true })
	if v := os.Getenv("GUNBAI_FULL"); o.full || v != "" && v != "0" {
		// The full form's defaults; the flags given still win.
		if !set["a"] {
			o.a = arenaFullA
		}
		if !set["battles"] {
			o.battles = arenaFullBattles
		}
	}
	matches, code := arenaSchedule(l, o, stderr)
	if code != 0 {
		return code
	}
	workers := o.workers
	if workers < 1 {
		workers = runtime.GOMAXPROCS(0)
	}
	workers = min(workers, len(matches))
	fmt.Fprintln(stderr, render.T(l, "cli.arena.starting", matches[0].A.Name(), matches[0].B.Name(), len(matches), len(matches)/2, o.seed, workers))
	ctx, stop := arenaContext()
	defer stop()
	bar := progressBar(l, stderr)
	bar(0, len(matches))
	outs := arena.Run(ctx, matches, workers, bar)
	st := arena.Summarize(outs)[0]
	if o.json {
		if err := writeArenaJSON(stdout, o.seed, st, outs); err != nil {
			return fail(stderr, "arena", l, err)
		}
	} else {
		fmt.Fprint(stdout, arenaTable(l, o.seed, st))
	}
	for _, out := range outs {
		if out.Result.Err != nil {
			fmt.Fprintf(stderr, "gunbai arena: %s\n", render.T(l, "cli.arena.failed", st.Errors, out.Start+": "+out.Result.Err.Error()))
			return 1
		}
	}
	return 0
}

// arenaSchedule checks the flags and builds the battles: o.battles
// engine/sim deployments from the seed on, then the built-in scenarios,
// each from both sides. A bad flag is said on stderr, code 2.
func arenaSchedule(l render.Lang, o *arenaOptions, stderr io.Writer) ([]arena.Match, int) {
	bad := func(key string, args ...any) ([]arena.Match, int) {
		fmt.Fprintf(stderr, "gunbai arena: %s\n", render.T(l, key, args...))
		return nil, 2
	}
	var ps [2]arena.Player
	for i, name := range []string{o.a, o.b} {
		p, ok := arena.ParsePlayer(name)
		if !ok {
			return bad("cli.arena.bad_policy", []string{"a", "b"}[i], name)
		}
		ps[i] = p
	}
	if o.battles < 0 {
		return bad("cli.arena.bad_count", "battles", o.battles)
	}
	starts := arena.Deployments(o.seed, o.battles)
	if o.scenarios {
		for _, name := range game.ScenarioNames() {
			b, _ := game.Scenario(name)
			starts = append(starts, arena.Start{Name: name, Battle: b})
		}
	}
	if len(starts) == 0 {
		return bad("cli.arena.no_starts")
	}
	return arena.Schedule(starts, ps[0], ps[1], o.seed), 0
}

// progressBar draws the arena's progress on stderr: on a terminal a bar
// redrawn in place, else (a log, CI) a line at every tenth; with the time
// left, from the pace so far.
func progressBar(l render.Lang, stderr io.Writer) func(done, total int) {
	tty := isTerminal(stderr)
	last, start := 0, time.Now()
	return func(done, total int) {
		pct := 100 * done / total
		text := render.T(l, "cli.arena.progress", strconv.Itoa(pct)+"%", done, total)
		if done > 0 && done < total {
			left := time.Since(start) * time.Duration(total-done) / time.Duration(done)
			text += ", " + render.T(l, "cli.arena.left", left.Round(time.Second).String())
		}
		if tty {
			const width = 30
			fill := width * done / total
			// Padded: a shorter line than the last leaves nothing behind.
			fmt.Fprintf(stderr, "\r[%s%s] %-60s", strings.Repeat("#", fill), strings.Repeat(".", width-fill), text)
			if done == total {
				fmt.Fprintln(stderr)
			}
			return
		}
		if tenth := pct / 10; done > 0 && (tenth > last || done == total) {
			last = tenth
			fmt.Fprintln(stderr, text)
		}
	}
}

// isTerminal says whether w is a terminal (a character device).
func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	fi, err := f.Stat()
	return err == nil && fi.Mode()&os.ModeCharDevice != 0
}

// arenaTable is the table of the arena: a row for each policy, from its
// own point of view (B's is A's mirrored), and what its columns mean.
func arenaTable(l render.Lang, seed uint64, st arena.Stats) string {
	var b strings.Builder
	fmt.Fprintln(&b, render.T(l, "cli.arena.title", st.A, st.B, seed))
	tw := tabwriter.NewWriter(&b, 0, 0, 2, ' ', 0)
	var head []string
	for _, k := range []string{"policy", "battles", "wins", "draws", "losses", "winrate", "rating", "time", "sims", "speed"} {
		var args []any
		if k == "winrate" || k == "rating" {
			args = []any{"95%"} // an argument: a catalogue text holds no %
		}
		head = append(head, render.T(l, "cli.arena.col."+k, args...))
	}
	fmt.Fprintln(tw, strings.Join(head, "\t"))
	rows := [2][]string{
		{st.A + " (A)", strconv.Itoa(st.Battles), strconv.Itoa(st.Wins), strconv.Itoa(st.Draws), strconv.Itoa(st.Losses),
			rateText(l, st.WinRate, st.WinLo, st.WinHi), ratingText(l, st.Elo, st.EloLo, st.EloHi)},
		{st.B + " (B)", strconv.Itoa(st.Battles), strconv.Itoa(st.Losses), strconv.Itoa(st.Draws), strconv.Itoa(st.Wins),
			rateText(l, 1-st.WinRate, 1-st.WinHi, 1-st.WinLo), ratingText(l, -st.Elo, -st.EloHi, -st.EloLo)},
	}
	for i, row := range rows {
		c := st.Cost[i]
		speed := "—" // a policy that searches nothing has no speed
		if c.Simulated > 0 {
			speed = number(l, c.SimulatedPerSecond())
		}
		row = append(row, render.T(l, "cli.arena.ms", number(l, float64(c.PerDecision())/float64(time.Millisecond))),
			number(l, c.SimulatedPerDecision()), speed)
		fmt.Fprintln(tw, strings.Join(row, "\t"))
	}
	tw.Flush()
	fmt.Fprintln(&b, "\n"+render.T(l, "cli.arena.legend"))
	return b.String()
}

// rateText is a share and its interval in percent: "75% [62–85%]", "—"
// when there is none (no battle decided).
func rateText(l render.Lang, p, lo, hi float64) string {
	if math.IsNaN(p) {
		return "—"
	}
	pc := func(x float64) string { return number(l, 100*x) }
	return pc(p) + "% [" + pc(lo) + "–" + pc(hi) + "%]"
}

// ratingText is a rating difference and its interval: "+191 [+120, +270]",
// with ±∞ for a score of 1 or 0.
func ratingText(l render.Lang, e, lo, hi float64) string {
	if math.IsNaN(e) {
		return "—"
	}
	r := func(x float64) string {
		switch {
		case math.IsInf(x, 1):
			return "+∞"
		case math.IsInf(x, -1):
			return "−∞"
		case math.Round(x) > 0:
			return "+" + strconv.Itoa(int(math.Round(x)))
		case math.Round(x) < 0:
			return "−" + strconv.Itoa(int(-math.Round(x)))
		}
		return "0"
	}
	return r(e) + " [" + r(lo) + ", " + r(hi) + "]"
}

// number is x to about three significant figures (whole from 100 on),
// with the language's decimal separator.
func number(l render.Lang, x float64) string {
	var s string
	switch ax := math.Abs(x); {
	case ax >= 100 || x == 0:
		s = strconv.FormatFloat(math.Round(x), 'f', 0, 64)
	case ax >= 10:
		s = strconv.FormatFloat(x, 'f', 1, 64)
	default:
		s = strconv.FormatFloat(x, 'f', 2, 64)
	}
	if l == render.RU {
		s = strings.Replace(s, ".", ",", 1)
	}
	return s
}

// arenaJSON is gunbai arena -json: the summary and every battle. A rating
// that is infinite (a score of 1 or 0) or undefined is null.
type arenaJSON struct {
	A        string             `json:"a"`
	B        string             `json:"b"`
	Seed     uint64             `json:"seed"`
	Battles  int                `json:"battles"`
	Errors   int                `json:"errors"`
	Wins     int                `json:"wins"`
	Draws    int                `json:"draws"`
	Losses   int                `json:"losses"`
	WinRate  [3]*float64        `json:"win_rate"` // the rate, the interval's low and high end
	Score    *float64           `json:"score"`
	Elo      [3]*float64        `json:"elo"` // the difference, the interval's low and high end
	Cost     [2]arenaCostJSON   `json:"cost"`
	Outcomes []arenaOutcomeJSON `json:"outcomes"`
}

type arenaCostJSON struct {
	Policy               string  `json:"policy"`
	Decisions            int     `json:"decisions"`
	MillisPerDecision    float64 `json:"ms_per_decision"`
	SimulatedPerDecision float64 `json:"simulated_per_decision"`
	SimulatedPerSecond   float64 `json:"simulated_per_second"`
}

type arenaOutcomeJSON struct {
	Index     int            `json:"index"`
	Start     string         `json:"start"`
	ASide     engine.Side    `json:"a_side"`
	Outcome   engine.Outcome `json:"outcome"`
	Turns     int            `json:"turns"`
	Score     float64        `json:"score"`
	Decisions [2]int         `json:"decisions"` // by side
	Simulated [2]int         `json:"simulated"` // by side
	Millis    [2]float64     `json:"ms"`        // by side: the decisions' time
	Error     string         `json:"error,omitempty"`
}

func writeArenaJSON(w io.Writer, seed uint64, st arena.Stats, outs []arena.Outcome) error {
	finite := func(x float64) *float64 {
		if math.IsNaN(x) || math.IsInf(x, 0) {
			return nil
		}
		return &x
	}
	ms := func(d time.Duration) float64 { return float64(d) / float64(time.Millisecond) }
	j := arenaJSON{A: st.A, B: st.B, Seed: seed, Battles: st.Battles, Errors: st.Errors, Wins: st.Wins, Draws: st.Draws, Losses: st.Losses,
		WinRate: [3]*float64{finite(st.WinRate), finite(st.WinLo), finite(st.WinHi)}, Score: finite(st.Score),
		Elo: [3]*float64{finite(st.Elo), finite(st.EloLo), finite(st.EloHi)}}
	for i, name := range []string{st.A, st.B} {
		c := st.Cost[i]
		j.Cost[i] = arenaCostJSON{Policy: name, Decisions: c.Decisions, MillisPerDecision: ms(c.PerDecision()),
			SimulatedPerDecision: c.SimulatedPerDecision(), SimulatedPerSecond: c.SimulatedPerSecond()}
	}
	for _, o := range outs {
		r := o.Result
		oj := arenaOutcomeJSON{Index: o.Index, Start: o.Start, ASide: o.ASide, Outcome: r.Outcome, Turns: r.Turns, Score: o.Score,
			Decisions: r.Decisions, Simulated: r.Simulated, Millis: [2]float64{ms(r.Time[0]), ms(r.Time[1])}}
		if r.Err != nil {
			oj.Error = r.Err.Error()
		}
		j.Outcomes = append(j.Outcomes, oj)
	}
	out, err := json.MarshalIndent(j, "", " ")
	if err == nil {
		_, err = w.Write(append(out, '\n'))
	}
	return err
}
