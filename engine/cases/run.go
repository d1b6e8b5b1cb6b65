package cases

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"maps"
	"strings"

	"github.com/gunbai/gunbai/engine"
)

// Result statuses.
const (
	Pass  = "pass"
	Fail  = "fail"
	Error = "error"
)

// Result is the outcome of one case; it is also the --json output.
type Result struct {
	Name        string   `json:"name"`
	File        string   `json:"file"`
	Line        int      `json:"line,omitempty"`
	Status      string   `json:"status"` // pass | fail | error
	Differences []string `json:"differences"`
	Error       string   `json:"error"`
	// The final state (the state at load when the case could not run).
	Units    []UnitState                     `json:"units"`
	Leaders  []LeaderState                   `json:"leaders"`
	Commands map[string]engine.CommandResult `json:"commands,omitempty"` // by side
	Events   []engine.Event                  `json:"events"`
}

// UnitState is a unit in the --json output.
type UnitState struct {
	ID       string `json:"id"`
	Side     string `json:"side"`
	Type     string `json:"type"`
	Figures  int    `json:"figures"`
	Cell     string `json:"cell"`
	Facing   string `json:"facing"`
	Status   string `json:"status"`
	Ammo     int    `json:"ammo"`
	Fatigued bool   `json:"fatigued"`
	Hold     bool   `json:"hold"`
}

// LeaderState is a leader in the --json output.
type LeaderState struct {
	ID     string `json:"id"`
	Side   string `json:"side"`
	Role   string `json:"role"`
	At     string `json:"at"`
	Wounds int    `json:"wounds"`
	Status string `json:"status"` // health: ok | wounded | captured | killed
}

// String is the text-mode line: PASS name, FAIL name: ..., ERROR name: ...
func (r *Result) String() string {
	switch r.Status {
	case Pass:
		return "PASS " + r.Name
	case Fail:
		return "FAIL " + r.Name + ": " + strings.Join(r.Differences, "; ")
	}
	return "ERROR " + r.Name + ": " + r.Error
}

func (r *Result) setState(b *engine.Battle) {
	r.Units = make([]UnitState, 0, len(b.Units))
	for _, u := range b.Units {
		cell := ""
		if u.Cell != engine.NoCell {
			cell = u.Cell.Name()
		}
		r.Units = append(r.Units, UnitState{ID: u.ID, Side: u.Side.String(), Type: u.Type.String(),
			Figures: u.Figures, Cell: cell, Facing: u.Facing.String(), Status: u.Status.String(),
			Ammo: u.Ammo, Fatigued: u.Fatigued, Hold: u.Hold})
	}
	r.Leaders = make([]LeaderState, 0, len(b.Leaders))
	for _, l := range b.Leaders {
		r.Leaders = append(r.Leaders, LeaderState{ID: l.ID, Side: l.Side.String(), Role: l.Role.String(),
			At: l.At, Wounds: l.Wounds, Status: l.Health.String()})
	}
}

func (r *Result) fail(err error) {
	r.Status = Error
	// One line per case, whatever the error says.
	r.Error = strings.Join(strings.Fields(err.Error()), " ")
}

// Runner runs cases.
type Runner struct {
	// Resolve resolves one battle turn; nil means engine.ResolveTurn.
	Resolve func(engine.Battle, []engine.Order, engine.Dice) (engine.Battle, []engine.Event, error)
}

func (r *Runner) resolve() func(engine.Battle, []engine.Order, engine.Dice) (engine.Battle, []engine.Event, error) {
	if r.Resolve != nil {
		return r.Resolve
	}
	return engine.ResolveTurn
}

// RunCase runs one case: its command rolls, then its turns from c.Turn to
// c.LastTurn (stopping when the battle ends), then checks [case.expect] and
// that every scripted die was used.
func (r *Runner) RunCase(c Case) (res Result) {
	res = Result{Name: c.Name, File: c.File, Line: c.Line, Differences: []string{}, Events: []engine.Event{}}
	defer func() {
		if p := recover(); p != nil {
			res.fail(fmt.Errorf("panic: %v", p))
		}
	}()
	res.setState(&c.Battle)
	if c.Err != nil {
		res.fail(c.Err)
		return res
	}

	dice := engine.NewScriptedDice(c.Dice)
	cmds := map[engine.Side]engine.CommandResult{}
	var rollRefused *engine.Problem
	for _, in := range c.Commands {
		cr, p := engine.CommandRoll(in, dice)
		if p != nil && len(c.Refused) > 0 {
			// The case pins a refused reroll (the bot offers none that
			// is not there, R-V.3): nothing more is rolled or resolved.
			rollRefused = p
			break
		}
		if p != nil {
			res.fail(fmt.Errorf("command roll of %s: %v", in.Side, p))
			return res
		}
		cmds[in.Side] = cr
		if res.Commands == nil {
			res.Commands = map[string]engine.CommandResult{}
		}
		res.Commands[in.Side.String()] = cr
	}
	if err := dice.Err(); err != nil {
		res.fail(err)
		return res
	}
	// The orders are given against the rolls as made; the interceptions
	// change them once both sides are ready (R-V.6.5, D-31), as in the bot.
	given := maps.Clone(cmds)
	if rollRefused == nil {
		c.Orders = intercept(&c, cmds)
		for side, cr := range cmds {
			res.Commands[side.String()] = cr
		}
	}

	b := c.Battle.Clone()
	if rollRefused != nil {
		if d := refusalDifference(c.Refused, engine.OrderErrors{rollRefused}); d != "" {
			res.Differences = append(res.Differences, d)
		}
	}
	for turn := c.Turn; rollRefused == nil && turn <= c.LastTurn && b.Outcome == engine.Ongoing; turn++ {
		next, events, err := r.resolve()(b, c.OrdersOf(turn), dice)
		if turn == c.Turn {
			// With a command roll, a side's orders must fit what it gave, as
			// the bot checks them when they are given (R-V.1.1, R-V.5).
			if p := budgetProblem(&c, b, given); p != nil {
				next, events, err = b, nil, engine.OrderErrors{p}
			}
		}
		res.Events = append(res.Events, events...)
		if len(c.Refused) > 0 {
			// The case pins a refusal: the orders must be refused for
			// exactly these rules, and the battle stay as it was.
			if d := refusalDifference(c.Refused, err); d != "" {
				res.Differences = append(res.Differences, d)
			} else if err == nil {
				b = next
				res.setState(&b)
			}
			break
		}
		if err != nil {
			res.fail(turnError(c, turn, err))
			return res
		}
		b = next
		res.setState(&b)
		if err := dice.Err(); err != nil {
			res.fail(err)
			return res
		}
	}

	res.Differences = append(res.Differences, differences(c.Expect, &b, cmds)...)
	for _, u := range dice.Unused() {
		res.Differences = append(res.Differences, "unused dice: "+u)
	}
	res.Status = Pass
	if len(res.Differences) > 0 {
		res.Status = Fail
	}
	return res
}

// turnError describes a resolver error: the broken rules of order-giving,
// one per problem, or whatever else went wrong.
func turnError(c Case, turn int, err error) error {
	prefix := ""
	if c.LastTurn > c.Turn {
		prefix = fmt.Sprintf("turn %d: ", turn)
	}
	var oe engine.OrderErrors
	if errors.As(err, &oe) && len(oe) > 0 {
		parts := make([]string, len(oe))
		for i, p := range oe {
			parts[i] = p.Error()
		}
		return errors.New(prefix + strings.Join(parts, "; "))
	}
	return fmt.Errorf("%sresolving turn %d: %w", prefix, turn, err)
}

// RunFile loads and runs every case of one file. A file that cannot be read
// gives a single ERROR result named after the file.
func (r *Runner) RunFile(path string) []Result {
	cases, err := loadSafe(path)
	if err == nil && len(cases) == 0 {
		err = fmt.Errorf("%s: no [[case]] in the file", path)
	}
	if err != nil {
		res := Result{Name: path, File: path, Differences: []string{}, Units: []UnitState{},
			Leaders: []LeaderState{}, Events: []engine.Event{}}
		res.fail(err)
		return []Result{res}
	}
	out := make([]Result, len(cases))
	for i, c := range cases {
		out[i] = r.RunCase(c)
	}
	return out
}

// loadSafe is Load, turning a (never expected) panic into an error.
func loadSafe(path string) (cases []Case, err error) {
	defer func() {
		if p := recover(); p != nil {
			cases, err = nil, fmt.Errorf("%s: internal error reading the file: %v", path, p)
		}
	}()
	return Load(path)
}

// Run runs every case of every file and writes one line per case (one JSON
// object per case with jsonOut), then, in text mode, the summary line
// "N passed, N failed". Errors count as failed.
func (r *Runner) Run(files []string, w io.Writer, jsonOut bool) (passed, failed int) {
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	for _, f := range files {
		for _, res := range r.RunFile(f) {
			if res.Status == Pass {
				passed++
			} else {
				failed++
			}
			if jsonOut {
				if err := enc.Encode(&res); err != nil {
					fmt.Fprintf(w, "{\"name\":%q,\"status\":\"error\",\"error\":%q}\n", res.Name, "json: "+err.Error())
				}
			} else {
				fmt.Fprintln(w, res.String())
			}
		}
	}
	if !jsonOut {
		fmt.Fprintf(w, "%d passed, %d failed\n", passed, failed)
	}
	return passed, failed
}

// Run runs case files with engine.ResolveTurn; see Runner.Run.
func Run(files []string, w io.Writer, jsonOut bool) (passed, failed int) {
	var r Runner
	return r.Run(files, w, jsonOut)
}

const usage = "usage: gunbai case [--json] FILE..."

// Main implements "gunbai case [--json] FILE..." (args exclude "case"); it
// returns the exit status: 0 when every case passed, 1 when any failed or
// could not run, 2 for a usage error.
func (r *Runner) Main(args []string, stdout, stderr io.Writer) int {
	jsonOut := false
	var files []string
	flags := true
	for _, a := range args {
		switch {
		case flags && a == "--":
			flags = false
		case flags && (a == "--json" || a == "-json"):
			jsonOut = true
		case flags && (a == "-h" || a == "-help" || a == "--help"):
			fmt.Fprintln(stderr, usage)
			return 2
		case flags && len(a) > 1 && a[0] == '-':
			fmt.Fprintf(stderr, "gunbai case: unknown flag %s\n%s\n", a, usage)
			return 2
		default:
			files = append(files, a)
		}
	}
	if len(files) == 0 {
		fmt.Fprintf(stderr, "gunbai case: no case files\n%s\n", usage)
		return 2
	}
	if _, failed := r.Run(files, stdout, jsonOut); failed > 0 {
		return 1
	}
	return 0
}

// Main runs "gunbai case" with engine.ResolveTurn; see Runner.Main.
func Main(args []string, stdout, stderr io.Writer) int {
	var r Runner
	return r.Main(args, stdout, stderr)
}

// refusalDifference compares the rules of the engine's refusal with the
// rules a case expects; "" means they match.
func refusalDifference(want []string, err error) string {
	var oe engine.OrderErrors
	if !errors.As(err, &oe) {
		if err != nil {
			return fmt.Sprintf("refused: expected a refusal for %s, got error %v", strings.Join(want, ", "), err)
		}
		return fmt.Sprintf("refused: expected a refusal for %s, but the orders were accepted", strings.Join(want, ", "))
	}
	got := map[string]bool{}
	for _, p := range oe {
		got[p.Rule] = true
	}
	exp := map[string]bool{}
	for _, w := range want {
		exp[w] = true
	}
	if maps.Equal(got, exp) {
		return ""
	}
	return fmt.Sprintf("refused: expected a refusal for %s, got %v", strings.Join(want, ", "), oe)
}

// intercept applies the case's shinobi interceptions of its turn to the
// enemy's command roll, in order, North's first, as the bot does once both
// sides are ready (game missionReports): engine.Intercept, under the
// battle's shinobi.interception. The loader has checked that each has an
// enemy roll to act on. A side whose roll was cut keeps its orders, in the
// order given, while they fit the new roll, and loses the rest: the most
// recently given go first (D-31, engine.Admit). It returns the case's orders
// without those dropped; cmds is changed in place.
func intercept(c *Case, cmds map[engine.Side]engine.CommandResult) []engine.Order {
	in := map[engine.Side]engine.CommandInput{}
	left := map[engine.Side]int{}
	for _, ci := range c.Commands {
		in[ci.Side] = ci // with several, the last one counts
		left[ci.Side] = ci.Messengers - cmds[ci.Side].MessengersUsed
	}
	voided := map[engine.Side]bool{}
	for _, side := range []engine.Side{engine.North, engine.South} {
		for _, o := range c.OrdersOf(c.Turn) {
			if o.Kind != engine.OrderShinobi || o.Mission != engine.MissionInterception || o.Side != side {
				continue
			}
			enemy := side.Enemy()
			res, n, what := engine.Intercept(cmds[enemy], in[enemy].Stake, in[enemy].Rerolls, left[enemy],
				c.Battle.Settings.InterceptionUsedFirst)
			cmds[enemy], left[enemy] = res, n
			voided[enemy] = voided[enemy] || what == "voided"
		}
	}
	orders := c.Orders
	for _, side := range []engine.Side{engine.North, engine.South} {
		if !voided[side] {
			continue
		}
		var mine []int // indexes in orders of the side's orders this turn and its Cunning plan's
		for k, o := range orders {
			if o.Side == side && (o.Turn == c.Turn || o.Turn == c.Turn+1) {
				mine = append(mine, k)
			}
		}
		pick := func(n int) []engine.Order {
			out := make([]engine.Order, n)
			for k := range out {
				out[k] = orders[mine[k]]
			}
			return out
		}
		if len(engine.Validate(c.Battle, side, c.Turn, pick(len(mine)))) > 0 {
			continue // refused as they stand: dropping some would hide it
		}
		keep := len(mine)
		for keep > 0 && engine.CheckBudget(c.Battle, side, c.Turn, pick(keep), cmds[side]) != nil {
			keep--
		}
		drop := map[int]bool{}
		for _, k := range mine[keep:] {
			drop[k] = true
		}
		var kept []engine.Order
		for k, o := range orders {
			if !drop[k] {
				kept = append(kept, o)
			}
		}
		orders = kept
	}
	return orders
}

// budgetProblem checks the orders of the case's first turn (and Cunning-plan
// orders for the next one) against the command roll of each side that made
// one in the case.
func budgetProblem(c *Case, b engine.Battle, cmds map[engine.Side]engine.CommandResult) *engine.Problem {
	for _, side := range []engine.Side{engine.North, engine.South} {
		res, ok := cmds[side]
		if !ok {
			continue
		}
		var mine []engine.Order
		for _, o := range append(c.OrdersOf(c.Turn), c.OrdersOf(c.Turn+1)...) {
			if o.Side == side {
				mine = append(mine, o)
			}
		}
		if p := engine.CheckBudget(b, side, c.Turn, mine, res); p != nil {
			return p
		}
	}
	return nil
}
