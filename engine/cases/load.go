// Package cases loads and runs the engine's adjudication test cases: the TOML
// case files of design/CASES.md ("gunbai case FILE...").
package cases

import (
	"fmt"
	"maps"
	"os"
	"slices"
	"strings"

	"github.com/gunbai/gunbai/engine"
	"github.com/gunbai/gunbai/engine/scenario"
)

// Case is one [[case]] of a case file, ready to run.
type Case struct {
	Name  string
	File  string
	Line  int // line of the case's [[case]] header; 0 if unknown
	Rules []string

	// Turn is the first battle turn resolved (the case's turn); LastTurn is
	// the last one (the highest order turn, at least Turn).
	Turn, LastTurn int
	// Battle is the state before Turn is resolved: Battle.Turn == Turn-1.
	Battle engine.Battle
	// Orders are every order of the case, each with its Turn set.
	Orders   []engine.Order
	Commands []engine.CommandInput // [[case.command]], in file order
	Dice     map[string][]int
	Expect   []Expectation // sorted by key
	// Refused lists the rule IDs for which the engine must refuse the
	// orders of the case's turn (extension `refused`, see the corpus
	// README); the other expectations are then checked on the unchanged state.
	Refused []string

	// Err says why the case cannot be run (unknown unit type, bad cell...);
	// such a case is reported as ERROR.
	Err error
}

// OrdersOf returns the orders of one battle turn.
func (c *Case) OrdersOf(turn int) []engine.Order {
	var out []engine.Order
	for _, o := range c.Orders {
		if o.Turn == turn {
			out = append(out, o)
		}
	}
	return out
}

// FileError is a problem with a whole case file (TOML syntax, a value of the
// wrong type): none of its cases can be read.
type FileError = scenario.FileError

// rawCase is the TOML shape of a [[case]]: the position (scenario.Table),
// and what a case adds to it. Strings are checked after decoding, so that a
// bad value is an ERROR of its case rather than of the whole file.
type rawCase struct {
	scenario.Table
	Rules   []string       `toml:"rules"`
	Order   []rawOrder     `toml:"order"`
	Command []rawCommand   `toml:"command"`
	Dice    map[string]any `toml:"dice"`
	Expect  map[string]any `toml:"expect"`
	Refused []string       `toml:"refused"`
}

type rawOrder struct {
	Unit   string   `toml:"unit"`
	Side   string   `toml:"side"`
	Order  string   `toml:"order"`
	Class  string   `toml:"class"`
	Phase  *int     `toml:"phase"`
	Turn   *int     `toml:"turn"`
	Target string   `toml:"target"`
	Facing string   `toml:"facing"`
	Steps  []string `toml:"steps"`
	// Extensions (engine/testdata/cases/README.md): portable shields.
	CarryShields bool     `toml:"carry_shields"`
	SetShields   []string `toml:"set_shields"`
	// Extensions: a leader's move (order = "move_leader"), a shinobi's
	// mission (order = "shinobi"), a banner (order = "banner").
	Leader  string `toml:"leader"`
	To      string `toml:"to"`
	Mission string `toml:"mission"`
	Banner  string `toml:"banner"`
}

type rawCommand struct {
	Side       string   `toml:"side"`
	Stake      string   `toml:"stake"`
	Rerolls    []string `toml:"rerolls"`
	Messengers int      `toml:"messengers"`
}

// Load reads a case file. The error is about the whole file (unreadable,
// TOML syntax); a case that cannot be run has its own Err.
func Load(path string) ([]Case, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	return Parse(path, data)
}

// Parse reads the case file data; name is the file name used in messages.
func Parse(name string, data []byte) ([]Case, error) {
	tables, err := scenario.Decode[rawCase](name, data)
	if err != nil {
		return nil, err
	}
	cases := make([]Case, len(tables))
	for i := range tables {
		cases[i] = build(&tables[i])
	}
	return cases, nil
}

// build turns one decoded case into a Case, collecting every problem: the
// position, then its orders, command rolls, dice and expectations.
func build(d *scenario.Decoded[rawCase]) Case {
	b := d.Builder()
	r := &d.Raw
	p := b.Position(&r.Table)
	c := Case{Name: p.Name, File: p.File, Line: p.Line, Rules: r.Rules, Turn: p.Turn, LastTurn: p.Turn, Battle: p.Battle}
	for i := range r.Order {
		c.Orders = append(c.Orders, order(b, i, &r.Order[i], &c))
		c.LastTurn = max(c.LastTurn, c.Orders[i].Turn)
	}
	for i := range r.Command {
		c.Commands = append(c.Commands, command(b, i, &r.Command[i], &c))
	}
	interceptions(b, &c)
	c.Dice = dice(b, r.Dice)
	c.Expect = expectations(b, r.Expect, &c)
	c.Refused = r.Refused
	c.Err = b.Err()
	return c
}

// order reads the i-th [[case.order]]; c holds the position.
func order(b *scenario.Builder, i int, ro *rawOrder, c *Case) engine.Order {
	path := fmt.Sprintf("order.%d", i)
	who := ro.Unit
	if who == "" {
		who = ro.Side
	}
	what := fmt.Sprintf("order #%d (%s)", i+1, strings.TrimSpace(who+" "+ro.Order))
	o := engine.Order{Unit: ro.Unit, Phase: 1, Turn: c.Turn, Target: ro.Target}
	var err error
	if ro.Order == "" {
		b.Errf(path, "%s: missing order", what)
	} else if o.Kind, err = engine.ParseOrderKind(ro.Order); err != nil {
		b.Errf(path+".order", "%s: %v", what, err)
	}
	if ro.Side != "" {
		o.Side = b.Side(path+".side", what, ro.Side)
	}
	orderSide(b, path, what, ro, &o, &c.Battle)
	if ro.Class == "" {
		if o.Kind.Special() {
			o.Class = engine.Special
		}
	} else if err := o.Class.UnmarshalText([]byte(ro.Class)); err != nil {
		b.Errf(path+".class", "%s: %v", what, err)
	}
	if ro.Phase != nil {
		o.Phase = *ro.Phase // the engine refuses a bad phase (R-VI.1.2)
	}
	if ro.Turn != nil {
		o.Turn = *ro.Turn
		if o.Turn < c.Turn || o.Turn > scenario.MaxTurn {
			b.Errf(path+".turn", "%s: turn %d: want %d (the case's turn) to %d", what, o.Turn, c.Turn, scenario.MaxTurn)
			o.Turn = c.Turn
		}
	}
	if ro.Target != "" && c.Battle.Unit(ro.Target) == nil {
		b.Errf(path+".target", "%s: target %q: no such unit", what, ro.Target)
	}
	if ro.Facing != "" {
		d, _ := b.Dir(path+".facing", what, ro.Facing)
		o.Facing = &d
	}
	o.CarryShields = ro.CarryShields
	o.Leader, o.To = ro.Leader, ro.To
	o.Mission, o.Banner = ro.Mission, ro.Banner
	for _, s := range ro.SetShields {
		if d, ok := b.Dir(path+".set_shields", what+": set_shields", s); ok {
			o.SetShields = append(o.SetShields, d)
		}
	}
	for _, s := range ro.Steps {
		var st engine.StepKind
		if err := st.UnmarshalText([]byte(s)); err != nil {
			b.Errf(path+".steps", "%s: %v", what, err)
		}
		o.Steps = append(o.Steps, st)
	}
	return o
}

// orderSide checks an order's unit and, without side, gives it the unit's
// side; an army-wide order or a declaration names a side instead.
func orderSide(b *scenario.Builder, path, what string, ro *rawOrder, o *engine.Order, bt *engine.Battle) {
	var u *engine.Unit
	if ro.Unit != "" {
		u = bt.Unit(ro.Unit)
	}
	switch {
	case u != nil:
		if ro.Side == "" {
			o.Side = u.Side
		}
	case ro.Unit != "":
		b.Errf(path+".unit", "%s: no unit %q", what, ro.Unit)
	case o.Kind.ArmyWide() || o.Kind.Declaration():
		if ro.Side == "" {
			b.Errf(path, "%s: an army-wide order or a declaration needs side = \"north\" or \"south\"", what)
		}
	default:
		b.Errf(path, "%s: missing unit", what)
	}
}

// command reads the i-th [[case.command]]; c holds the position and orders.
func command(b *scenario.Builder, i int, rc *rawCommand, c *Case) engine.CommandInput {
	path := fmt.Sprintf("command.%d", i)
	what := fmt.Sprintf("command #%d", i+1)
	in := engine.CommandInput{Side: b.Side(path+".side", what, rc.Side), Messengers: rc.Messengers, Rerolls: rc.Rerolls}
	var err error
	if in.Stake, err = engine.ParseStake(rc.Stake); err != nil {
		b.Errf(path+".stake", "%s: %v", what, err)
	}
	if rc.Messengers < 0 {
		b.Errf(path+".messengers", "%s: negative messengers %d", what, rc.Messengers)
	}
	for _, src := range rc.Rerolls {
		if src != engine.RerollHQ && src != engine.RerollMessenger {
			b.Errf(path+".rerolls", "%s: unknown reroll %q (want hq or messenger)", what, src)
		}
	}
	in.HQReroll, in.Bonus = engine.CommandSetup(&c.Battle, in.Side, c.Turn, c.OrdersOf(c.Turn))
	return in
}

// interceptions checks the shinobi interceptions of a case (R-V.6.5, D-31):
// the runner applies each to the enemy's command roll, so there must be
// one, of the case's turn. An interception it could not apply would be
// ignored silently, so it is an ERROR instead.
func interceptions(b *scenario.Builder, c *Case) {
	for i, o := range c.Orders {
		if o.Kind != engine.OrderShinobi || o.Mission != engine.MissionInterception {
			continue
		}
		path := fmt.Sprintf("order.%d", i)
		what := fmt.Sprintf("order #%d (%s shinobi interception)", i+1, o.Side)
		enemy := o.Side.Enemy()
		switch {
		case o.Turn != c.Turn:
			b.Errf(path+".turn", "%s: an interception acts on the enemy's command roll, and a case rolls only for its turn %d (R-V.6.5)", what, c.Turn)
		case !slices.ContainsFunc(c.Commands, func(in engine.CommandInput) bool { return in.Side == enemy }):
			b.Errf(path, "%s: an interception acts on the enemy's command roll: give a [[case.command]] for %s (R-V.6.5, D-31)", what, enemy)
		}
	}
}

// dice reads [case.dice]: every value a list of d6 results.
func dice(b *scenario.Builder, raw map[string]any) map[string][]int {
	out := map[string][]int{}
	flat := b.Flatten("dice", raw)
	for _, key := range slices.Sorted(maps.Keys(flat)) {
		v := flat[key]
		path := "dice." + key
		list, ok := v.([]any)
		if !ok {
			b.Errf(path, "dice %q: want a list of d6 results, e.g. [6, 3]", key)
			continue
		}
		dice := make([]int, 0, len(list))
		for _, x := range list {
			n, ok := x.(int64)
			if !ok || n < 1 || n > 6 {
				b.Errf(path, "dice %q: %v is not a d6 result (1 to 6)", key, x)
				continue
			}
			dice = append(dice, int(n))
		}
		out[key] = dice
	}
	return out
}
