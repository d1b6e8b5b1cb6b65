package cases

import (
	"bytes"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gunbai/gunbai/engine"
)

// fakeResolve stands in for engine.ResolveTurn: a move order moves its unit
// one cell forward and rolls "<unit>.melee" once (a 6 costs a figure); an
// order for a routing unit other than rally is refused as the engine would;
// a unit leaving the 12x7 field ends the battle; a "wait" for unit "boom"
// panics.
func fakeResolve(b engine.Battle, orders []engine.Order, d engine.Dice) (engine.Battle, []engine.Event, error) {
	b = b.Clone()
	b.Turn++
	var probs engine.OrderErrors
	for _, o := range orders {
		if u := b.Unit(o.Unit); u != nil && u.Routing() && o.Kind != engine.OrderRally {
			probs = append(probs, &engine.Problem{Code: engine.ProbRoutingOnly, Rule: "R-VI.3.6", Unit: o.Unit})
		}
	}
	if probs != nil {
		return b, nil, probs
	}
	var events []engine.Event
	for _, o := range orders {
		u := b.Unit(o.Unit)
		switch {
		case o.Unit == "boom":
			panic("boom")
		case o.Kind == engine.OrderMove:
			from := u.Cell
			u.Cell = engine.FrontCell(u.Cell, u.Facing)
			events = append(events, engine.Event{Kind: engine.EvMoved, Turn: b.Turn, Unit: u.ID, From: from, To: u.Cell})
			if d.Roll(u.ID+".melee") == 6 {
				u.Figures--
			}
			if !u.Cell.OnField() {
				b.Outcome = engine.SouthVictory
			}
		}
	}
	return b, events, nil
}

var fake = Runner{Resolve: fakeResolve}

// twoUnits is a case head: hc (north, A11 facing S) and sp (south, C21
// facing N); append orders, dice and expectations.
const twoUnits = `
[[case.unit]]
id = "hc"
side = "north"
type = "heavy_cavalry"
figures = 8
cell = "A11"
facing = "S"

[[case.unit]]
id = "sp"
side = "south"
type = "samurai_spear"
figures = 10
cell = "C21"
facing = "N"
`

func runText(t *testing.T, src string) Result {
	t.Helper()
	c := parseOne(t, "[[case]]\nname = \"c\"\n"+src)
	return fake.RunCase(c)
}

func TestRunCase(t *testing.T) {
	tests := []struct{ name, src, want string }{
		{"pass", twoUnits + `
[[case.order]]
unit = "hc"
order = "move"
[case.dice]
"hc.melee" = [3]
[case.expect]
"hc.cell" = "c11"
"hc.figures" = 8
"sp.cell" = "x6y6"
"battle.turn" = 1
"battle.outcome" = "ongoing"
`, "PASS c"},
		{"fail", twoUnits + `
[[case.order]]
unit = "sp"
order = "move"
[case.dice]
"sp.melee" = [6]
[case.expect]
"sp.cell" = "C21"
"sp.figures" = 10
"sp.facing" = "N"
`, "FAIL c: sp.cell: expected C21, got C11; sp.figures: expected 10, got 9"},
		{"unused dice", twoUnits + `
[[case.order]]
unit = "hc"
order = "move"
[case.dice]
"hc.melee" = [3, 1]
"sp.melee" = [2]
`, "FAIL c: unused dice: hc.melee [1]; unused dice: sp.melee [2]"},
		{"unscripted roll", twoUnits + `
[[case.order]]
unit = "hc"
order = "move"
[[case.order]]
unit = "hc"
order = "move"
phase = 2
[case.dice]
"hc.melee" = [3]
`, "ERROR c: unscripted roll hc.melee #2"},
		{"illegal order", strings.Replace(twoUnits, `facing = "S"`, "facing = \"S\"\nstatus = \"routing\"", 1) + `
[[case.order]]
unit = "hc"
order = "move"
`, "ERROR c: R-VI.3.6: routing_only (unit hc)"},
		{"multi-turn", twoUnits + `
[[case.order]]
unit = "hc"
order = "move"
[[case.order]]
unit = "hc"
order = "move"
turn = 3
[case.dice]
"hc.melee" = [6, 6]
[case.expect]
"hc.cell" = "C21"
"hc.figures" = 6
"battle.turn" = 3
`, "PASS c"},
		{"illegal order in turn 2", strings.Replace(twoUnits, `facing = "N"`, "facing = \"N\"\nstatus = \"routing\"", 1) + `
[[case.order]]
unit = "sp"
order = "rally"
facing = "S"
[[case.order]]
unit = "sp"
order = "move"
turn = 2
`, "ERROR c: turn 2: R-VI.3.6: routing_only (unit sp)"},
		{"battle ends", strings.Replace(twoUnits, `facing = "N"`, `facing = "S"`, 1) + `
[[case.order]]
unit = "sp"
order = "move"
[[case.order]]
unit = "sp"
order = "move"
turn = 2
[[case.order]]
unit = "sp"
order = "move"
turn = 3
[case.dice]
"sp.melee" = [1, 1, 1]
[case.expect]
"battle.outcome" = "south_victory"
"battle.turn" = 2
"sp.cell" = "x6y8"
`, "FAIL c: unused dice: sp.melee [1]"},
		{"command roll", twoUnits + `
[[case.leader]]
id = "daimyo"
side = "north"
role = "commander"
at = "hq"
[[case.leader]]
id = "gen"
side = "north"
role = "general"
at = "hq"
[[case.leader]]
id = "gen2"
side = "north"
role = "general"
at = "hc"
wounds = 1
[[case.command]]
side = "north"
stake = "high"
rerolls = ["hq", "messenger"]
[[case.command]]
side = "south"
[case.dice]
"north.command" = [3, 3, 5, 4]
"south.command" = [1, 2]
[case.expect]
"north.command.special" = 2
"north.command.ordinary" = 3
"north.command.success" = true
"south.command.success" = true
"gen2.status" = "ok"
"gen2.at" = "hq"
"gen2.wounds" = 1
`, "FAIL c: gen2.at: expected hq, got hc; gen2.status: expected ok, got wounded; south.command.success: expected true, got false"},
		{"command reroll refused", twoUnits + `
[[case.command]]
side = "south"
rerolls = ["hq"]
[case.dice]
"south.command" = [1, 2]
`, "ERROR c: command roll of south: R-V.3.1: no_hq_reroll"},
		{"load error", twoUnits + `
[case.expect]
"hq.cell" = "A11"
`, `ERROR c: t.toml:21: expect "hq.cell": no unit, leader or side "hq"`},
		{"engine panic", strings.Replace(twoUnits, `"sp"`, `"boom"`, 1) + `
[[case.order]]
unit = "boom"
order = "wait"
`, "ERROR c: panic: boom"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			res := runText(t, tc.src)
			if got := res.String(); got != tc.want {
				t.Errorf("got  %s\nwant %s", got, tc.want)
			}
		})
	}
}

func TestRunEvents(t *testing.T) {
	res := runText(t, twoUnits+`
[[case.order]]
unit = "hc"
order = "move"
[[case.order]]
unit = "hc"
order = "move"
turn = 2
[case.dice]
"hc.melee" = [6, 1]
`)
	if res.Status != Pass || len(res.Events) != 2 || res.Events[1].Turn != 2 {
		t.Fatalf("%s: %+v", res.String(), res.Events)
	}
	if len(res.Units) != 2 || res.Units[0] != (UnitState{ID: "hc", Side: "north", Type: "heavy_cavalry", Figures: 7,
		Cell: "C21", Facing: "S", Status: "ok"}) {
		t.Errorf("units %+v", res.Units)
	}
}

func writeFile(t *testing.T, dir, name, content string) string {
	t.Helper()
	p := filepath.Join(dir, name)
	if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

func TestMainExitCodes(t *testing.T) {
	dir := t.TempDir()
	good := writeFile(t, dir, "good.toml", `[[case]]
name = "stays"
`+twoUnits+`
[[case]]
name = "moves"
`+twoUnits+`
[[case.order]]
unit = "hc"
order = "move"
[case.dice]
"hc.melee" = [1]
[case.expect]
"hc.cell" = "C11"
`)
	bad := writeFile(t, dir, "bad.toml", `[[case]]
name = "wrong"
`+twoUnits+`
[case.expect]
"sp.figures" = 9
[[case]]
name = "broken"
`+twoUnits+`
[[case.order]]
unit = "nobody"
order = "move"
`)
	syntax := writeFile(t, dir, "syntax.toml", "[[case]]\nname = \"x\n")
	empty := writeFile(t, dir, "empty.toml", "# nothing yet\n")

	run := func(args ...string) (string, string, int) {
		var out, errOut bytes.Buffer
		code := fake.Main(args, &out, &errOut)
		return out.String(), errOut.String(), code
	}

	out, _, code := run(good)
	if code != 0 || out != "PASS stays\nPASS moves\n2 passed, 0 failed\n" {
		t.Errorf("good: exit %d\n%s", code, out)
	}

	out, _, code = run(good, bad, syntax, empty, filepath.Join(dir, "missing.toml"))
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	want := []string{
		"PASS stays",
		"PASS moves",
		"FAIL wrong: sp.figures: expected 9, got 10",
		`ERROR broken: ` + bad + `:42: order #1 (nobody move): no unit "nobody"`,
		"ERROR " + syntax + ": " + syntax + ":2:10: basic strings cannot have new lines",
		"ERROR " + empty + ": " + empty + ": no [[case]] in the file",
		"ERROR " + filepath.Join(dir, "missing.toml") + ": open ",
		"2 passed, 5 failed",
	}
	if code != 1 || len(lines) != len(want) {
		t.Fatalf("exit %d\n%s", code, out)
	}
	for i := range want {
		if !strings.HasPrefix(lines[i], want[i]) {
			t.Errorf("line %d: %q\nwant prefix %q", i+1, lines[i], want[i])
		}
	}

	out, _, code = run("--json", good, bad)
	if code != 1 {
		t.Errorf("--json: exit %d", code)
	}
	lines = strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	if len(lines) != 4 {
		t.Fatalf("--json: %d lines\n%s", len(lines), out)
	}
	var res struct {
		Name        string           `json:"name"`
		File        string           `json:"file"`
		Status      string           `json:"status"`
		Differences []string         `json:"differences"`
		Error       *string          `json:"error"`
		Units       []map[string]any `json:"units"`
		Leaders     []map[string]any `json:"leaders"`
		Events      []map[string]any `json:"events"`
	}
	if err := json.Unmarshal([]byte(lines[1]), &res); err != nil {
		t.Fatal(err)
	}
	if res.Name != "moves" || res.File != good || res.Status != "pass" || res.Differences == nil || res.Error == nil ||
		len(res.Units) != 2 || res.Units[0]["cell"] != "C11" || res.Leaders == nil || len(res.Events) != 1 ||
		res.Events[0]["to"] != "C11" {
		t.Errorf("--json: %s", lines[1])
	}
	if err := json.Unmarshal([]byte(lines[2]), &res); err != nil || res.Status != "fail" ||
		len(res.Differences) != 1 || res.Differences[0] != "sp.figures: expected 9, got 10" {
		t.Errorf("--json: %s", lines[2])
	}

	for _, args := range [][]string{nil, {"--json"}, {"--verbose", good}, {"-h"}} {
		if out, errOut, code := run(args...); code != 2 || out != "" || !strings.Contains(errOut, "usage:") {
			t.Errorf("%q: exit %d, stdout %q, stderr %q", args, code, out, errOut)
		}
	}
	if out, _, code := run("--", good); code != 0 || !strings.HasSuffix(out, "2 passed, 0 failed\n") {
		t.Errorf("--: exit %d\n%s", code, out)
	}
}

func TestTurnErrorNotOrders(t *testing.T) {
	r := Runner{Resolve: func(b engine.Battle, _ []engine.Order, _ engine.Dice) (engine.Battle, []engine.Event, error) {
		return b, nil, errors.New("not implemented")
	}}
	res := r.RunCase(parseOne(t, "[[case]]\nname = \"c\"\n"+twoUnits))
	if res.String() != "ERROR c: resolving turn 1: not implemented" {
		t.Errorf("%s", res.String())
	}
}

// The `refused` extension: a case passes when the engine refuses its orders
// for exactly the listed rules, and fails when they are accepted or refused
// for another rule.
func TestRefusedExtension(t *testing.T) {
	routing := strings.Replace(twoUnits, `facing = "N"`, "facing = \"N\"\nstatus = \"routing\"", 1)
	refused := "refused = [\"R-VI.3.6\"]\n" + routing + `
[[case.order]]
unit = "sp"
order = "move"

[case.expect]
"sp.cell" = "C21"
`
	if r := runText(t, refused); r.Status != Pass {
		t.Fatalf("refusal as expected: %s", r.String())
	}
	wrongRule := strings.Replace(refused, "R-VI.3.6", "R-VI.1.2", 1)
	if r := runText(t, wrongRule); r.Status != Fail || !strings.Contains(r.String(), "expected a refusal for R-VI.1.2") {
		t.Fatalf("refused for another rule: %s", r.String())
	}
	accepted := "refused = [\"R-VI.3.6\"]\n" + twoUnits + `
[[case.order]]
unit = "hc"
order = "wait"
`
	if r := runText(t, accepted); r.Status != Fail || !strings.Contains(r.String(), "were accepted") {
		t.Fatalf("accepted orders: %s", r.String())
	}
}

// A reroll that is not there is refused (R-V.3): a case may pin it with
// refused; without it, it is an ERROR; nothing is resolved after it.
func TestRefusedCommandRoll(t *testing.T) {
	noHQ := "refused = [\"R-V.3.1\"]\n" + twoUnits + `
[[case.command]]
side = "north"
rerolls = ["hq"]

[[case.order]]
unit = "hc"
order = "move"

[case.dice]
"north.command" = [1, 1]

[case.expect]
"hc.cell" = "A11"
`
	if r := runText(t, noHQ); r.Status != Pass {
		t.Fatalf("refused reroll as expected: %s", r.String())
	}
	if r := runText(t, strings.Replace(noHQ, "R-V.3.1", "R-V.3.2", 1)); r.Status != Fail || !strings.Contains(r.String(), "expected a refusal for R-V.3.2") {
		t.Fatalf("refused for another rule: %s", r.String())
	}
	if r := runText(t, strings.Replace(noHQ, "refused = [\"R-V.3.1\"]\n", "", 1)); r.Status != Error || !strings.Contains(r.Error, "no_hq_reroll") {
		t.Fatalf("without refused: %s", r.String())
	}
}

// R-V.6.5, D-31: the runner applies a shinobi interception to the enemy's
// command roll as the bot does, and refuses one it cannot apply.
func TestInterception(t *testing.T) {
	head := `
[case.shinobi]
north = 1

[[case.unit]]
id = "c"
side = "south"
type = "samurai_spear"
figures = 8
cell = "C14"
facing = "N"

[[case.unit]]
id = "n"
side = "north"
type = "samurai_spear"
figures = 8
cell = "A36"
facing = "S"

[[case.order]]
side = "north"
order = "shinobi"
mission = "interception"
`
	roll := `
[[case.command]]
side = "south"
stake = "low"
rerolls = ["messenger"]
messengers = 2

[case.dice]
"south.command" = [1, 1, 3, 3]
`
	var real Runner
	run := func(src string) Result {
		t.Helper()
		return real.RunCase(parseOne(t, "[[case]]\nname = \"c\"\n"+src))
	}
	// A messenger still unused: that one is lost, the 6 stands, and so do
	// the orders given on it.
	stands := head + roll + `
[[case.order]]
unit = "c"
order = "advance"

[case.expect]
"south.command.success" = true
"south.command.special" = 1
"c.cell" = "A14"
`
	if r := run(stands); r.Status != Pass {
		t.Fatalf("messenger lost: %s", r.String())
	}
	// The roll shown is the roll after the interception.
	voided := strings.Replace(stands, "messengers = 2", "messengers = 1", 1)
	r := run(voided)
	if got := r.Commands["south"]; got.Success || got.Total != 2 || got.MessengersUsed != 0 {
		t.Fatalf("voided: %+v", got)
	}
	if r.Status != Fail || !strings.Contains(r.String(), "c.cell: expected A14, got C14") {
		t.Fatalf("voided: the advance should have been dropped: %s", r.String())
	}
	// No roll of the enemy to act on, or an interception of a later turn:
	// an ERROR naming the order's line, never an order ignored.
	if r := run(head); r.Status != Error || !strings.Contains(r.Error, "t.toml:23: order #1 (north shinobi interception): an interception acts on the enemy's command roll: give a [[case.command]] for south") {
		t.Fatalf("no enemy roll: %s", r.String())
	}
	later := strings.Replace(head, `mission = "interception"`, "mission = \"interception\"\nturn = 2", 1) + roll
	if r := run(later); r.Status != Error || !strings.Contains(r.Error, "a case rolls only for its turn 1") {
		t.Fatalf("later turn: %s", r.String())
	}
}
