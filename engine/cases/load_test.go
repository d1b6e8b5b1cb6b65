package cases

import (
	"errors"
	"strings"
	"testing"

	"github.com/gunbai/gunbai/engine"
)

// full uses every key of CASES.md.
const full = `
[[case]]
name  = "heavy cavalry charges ashigaru spearmen frontally"
rules = ["R-II.4.1", "R-VIII.4.1"]
turn  = 2
defender = "north"

[case.terrain]
hills   = ["C11"]
forests = ["c24"]
swamps  = []
river   = true
bridge  = "C13"

[case.hq]
north = "A31"
south = "C21"

[[case.unit]]
id      = "hc"
side    = "north"
type    = "heavy_cavalry"
figures = 8
cell    = "A11"
facing  = "S"
fatigued = true
hold = true
rallied = true
minor_clan = true
shields = ["N", "w"]

[[case.unit]]
id      = "sp"
side    = "south"
type    = "ashigaru_spearmen"
figures = 12
cell    = "x6y6"
facing  = "N"
status  = "routing"

[[case.unit]]
id      = "tp"
side    = "south"
type    = "ashigaru_teppo"
figures = 6
cell    = "D11"
facing  = "N"
save_ammo = true

[[case.unit]]
id      = "ar"
side    = "south"
type    = "samurai_archer"
figures = 4
cell    = "D12"
facing  = "N"
ammo    = 5

[[case.leader]]
id     = "daimyo"
side   = "north"
role   = "commander"
at     = "hq"
traits = ["brawler"]

[[case.leader]]
id     = "gen"
side   = "north"
role   = "general"
at     = "hq"
wounds = 1

[[case.leader]]
id     = "gen2"
side   = "south"
role   = "general"
at     = "sp"

[[case.order]]
unit   = "hc"
order  = "move"
steps  = ["wheel_left", "move"]

[[case.order]]
unit   = "sp"
order  = "rally"
facing = "E"
phase  = 2
turn   = 3

[[case.order]]
side   = "south"
order  = "general_advance"

[[case.order]]
unit   = "tp"
order  = "shoot"
class  = "special"
target = "hc"

[[case.command]]
side    = "north"
stake   = "high"
rerolls = ["hq", "messenger"]
messengers = 1

[case.dice]
"hc.melee"   = [6, 5, 3, 1]
sp.melee     = [6]

[case.expect]
"hc.cell"     = "c11"
"hc.figures"  = 7
"hc.facing"   = "s"
"hc.ammo"     = 0
"hc.fatigued" = false
"hc.hold"     = false
sp.status     = "routing"
"gen.status"  = "wounded"
"gen.at"      = "hq"
"gen.wounds"  = 1
"north.command.special" = 2
"north.command.ordinary" = 3
"north.command.success" = true
"battle.outcome" = "ongoing"
"battle.turn" = 3
`

func parseOne(t *testing.T, src string) Case {
	t.Helper()
	cs, err := Parse("t.toml", []byte(src))
	if err != nil {
		t.Fatalf("Parse: %v", err)
	}
	if len(cs) != 1 {
		t.Fatalf("got %d cases, want 1", len(cs))
	}
	return cs[0]
}

func TestParseFull(t *testing.T) {
	c := parseOne(t, full)
	if c.Err != nil {
		t.Fatalf("case error: %v", c.Err)
	}
	b := c.Battle
	if c.Line != 2 || c.Turn != 2 || c.LastTurn != 3 || b.Turn != 1 || b.ID != c.Name || b.Defender != engine.North {
		t.Errorf("line %d turn %d last %d battle turn %d id %q defender %v", c.Line, c.Turn, c.LastTurn, b.Turn, b.ID, b.Defender)
	}
	if len(c.Rules) != 2 {
		t.Errorf("rules %v", c.Rules)
	}
	tr := b.Terrain
	if !tr.Hill(engine.MustCell("C11")) || !tr.Forest(engine.MustCell("C24")) || !tr.River || tr.Bridge != engine.MustCell("C13") {
		t.Errorf("terrain %+v", tr)
	}
	if b.HQ[engine.North] != engine.MustCell("A31") || b.HQ[engine.South] != engine.MustCell("C21") {
		t.Errorf("hq %v", b.HQ)
	}
	hc := b.Unit("hc")
	if hc.Cell != engine.MustCell("A11") || hc.Facing != engine.S || hc.Figures != 8 || hc.Status != engine.StatusOK ||
		!hc.Fatigued || !hc.Hold || !hc.Rallied || !hc.MinorClan || b.Terrain.ShieldSides(hc.Cell) != 1<<engine.N|1<<engine.W || hc.Ammo != 0 {
		t.Errorf("hc %+v", *hc)
	}
	sp := b.Unit("sp")
	if sp.Type != engine.AshigaruSpear || sp.Cell != (engine.Cell{X: 6, Y: 6}) || sp.Status != engine.StatusRouting ||
		!sp.RoutedOnce || sp.RoutedTurn != 1 {
		t.Errorf("sp %+v", *sp)
	}
	if tp := b.Unit("tp"); tp.Ammo != 48 || !tp.SaveAmmo {
		t.Errorf("tp %+v", *tp)
	}
	if ar := b.Unit("ar"); ar.Ammo != 5 {
		t.Errorf("ar %+v", *ar)
	}
	if l := b.Leaders[1]; l.Health != engine.LeaderWounded || l.Role != engine.General || l.At != "hq" {
		t.Errorf("gen %+v", l)
	}
	if l := b.Leaders[0]; l.Health != engine.LeaderOK || len(l.Traits) != 1 {
		t.Errorf("daimyo %+v", l)
	}

	o := c.Orders
	if len(o) != 4 {
		t.Fatalf("orders %+v", o)
	}
	if o[0].Side != engine.North || o[0].Kind != engine.OrderMove || o[0].Class != engine.Ordinary || o[0].Phase != 1 ||
		o[0].Turn != 2 || len(o[0].Steps) != 2 || o[0].Steps[0] != engine.StepWheelLeft {
		t.Errorf("order 1 %+v", o[0])
	}
	if o[1].Class != engine.Special || o[1].Phase != 2 || o[1].Turn != 3 || o[1].Facing == nil || *o[1].Facing != engine.E {
		t.Errorf("order 2 %+v", o[1])
	}
	if o[2].Unit != "" || o[2].Side != engine.South || o[2].Kind != engine.OrderGeneralAdvance {
		t.Errorf("order 3 %+v", o[2])
	}
	if o[3].Class != engine.Special || o[3].Target != "hc" {
		t.Errorf("order 4 %+v", o[3])
	}
	if n := len(c.OrdersOf(2)); n != 3 {
		t.Errorf("%d orders in turn 2", n)
	}

	in := c.Commands[0]
	if in.Side != engine.North || in.Stake != engine.StakeHigh || !in.HQReroll || in.Bonus != 1 || in.Messengers != 1 || len(in.Rerolls) != 2 {
		t.Errorf("command %+v", in)
	}
	if len(c.Dice) != 2 || len(c.Dice["hc.melee"]) != 4 || len(c.Dice["sp.melee"]) != 1 {
		t.Errorf("dice %v", c.Dice)
	}
	want := map[string]string{"hc.cell": "C11", "hc.facing": "S", "hc.figures": "7", "sp.status": "routing", "battle.turn": "3", "north.command.success": "true"}
	if len(c.Expect) != 15 {
		t.Errorf("%d expectations", len(c.Expect))
	}
	for _, e := range c.Expect {
		if w, ok := want[e.Key]; ok && e.Want != w {
			t.Errorf("%s: want %q, got %q", e.Key, w, e.Want)
		}
		if e.Line == 0 {
			t.Errorf("%s: no line", e.Key)
		}
	}
}

// A minimal valid case; bad snippets are appended to it.
const base = `[[case]]
name = "base"
[[case.unit]]
id = "hc"
side = "north"
type = "heavy_cavalry"
figures = 8
cell = "A11"
facing = "S"
`

func TestParseCaseErrors(t *testing.T) {
	// The position's problems (units, leaders, settings...) are
	// engine/scenario's (testdata/positions.txtar), which the case loader
	// shares: TestPositionsAgree.
	tests := []struct{ extra, want string }{
		{`[[case.order]]
unit = "hc"
order = "charge"`, `t.toml:12: order #1 (hc charge): unknown order "charge"`},
		{`[[case.order]]
unit = "hx"
order = "move"`, `t.toml:11: order #1 (hx move): no unit "hx"`},
		{`[[case.order]]
order = "move"`, `t.toml:10: order #1 (move): missing unit`},
		{`[[case.order]]
order = "general_retreat"`, `army-wide order or a declaration needs side`},
		{`[[case.order]]
unit = "hc"
order = "rally"
facing = "up"`, `t.toml:13: order #1 (hc rally): unknown facing "up"`},
		{`[[case.order]]
unit = "hc"
order = "move"
class = "extra"`, `unknown order class "extra"`},
		{`[[case.order]]
unit = "hc"
order = "move"
steps = ["gallop"]`, `unknown gallop step "gallop"`},
		{`[[case.order]]
unit = "hc"
order = "shoot"
target = "nobody"`, `target "nobody": no such unit`},
		{`[[case.command]]
side = "north"
stake = "medium"
rerolls = ["prayer"]`, `command #1: unknown stake "medium"`},
		{`[case.dice]
"hc.melee" = [6, 7]
"hc.shoot" = 3`, `t.toml:11: dice "hc.melee": 7 is not a d6 result (1 to 6); t.toml:12: dice "hc.shoot": want a list`},
		{`[case.expect]
"hx.cell" = "C11"`, `t.toml:11: expect "hx.cell": no unit, leader or side "hx"`},
		{`[case.expect]
"hc.colour" = "red"`, `expect "hc.colour": a unit has no "colour"`},
		{`[case.expect]
"hc.cell" = "Z99"`, `expect "hc.cell": bad cell "Z99"`},
		{`[case.expect]
"hc.figures" = "8"`, `expect "hc.figures": want an integer`},
		{`[case.expect]
"north.command.success" = true`, `the case has no [[case.command]] for north`},
		{`[case.expect]
"battle.outcome" = "victory"`, `unknown outcome "victory"`},
	}
	for _, tc := range tests {
		c := parseOne(t, base+tc.extra+"\n")
		if c.Err == nil {
			t.Errorf("%s\n-> no error, want %q", tc.extra, tc.want)
			continue
		}
		if !strings.Contains(c.Err.Error(), tc.want) {
			t.Errorf("%s\n-> %v\nwant it to contain %q", tc.extra, c.Err, tc.want)
		}
	}
}

func TestParseSyntaxError(t *testing.T) {
	_, err := Parse("bad.toml", []byte(base+"[[case.order]\nunit = \"hc\"\n"))
	var fe *FileError
	if !errors.As(err, &fe) || fe.Line != 10 || fe.Column == 0 || !strings.HasPrefix(err.Error(), "bad.toml:10:") {
		t.Fatalf("err = %v", err)
	}
	// A value of the wrong type is a file error too, naming the key.
	_, err = Parse("bad.toml", []byte(base+"[[case.unit]]\nid = \"y\"\nfigures = \"8\"\n"))
	if err == nil || err.Error() != "bad.toml:12:11: case.unit.figures: want an integer, got a TOML string" {
		t.Fatalf("err = %v", err)
	}
}

func TestParseTurn(t *testing.T) {
	// A bad case turn: positions.txtar ("turn 0").
	c := parseOne(t, "[[case]]\nname = \"t\"\nturn = 3\n"+base[strings.Index(base, "[[case.unit]]"):]+
		"[[case.order]]\nunit = \"hc\"\norder = \"wait\"\nturn = 2\n")
	if c.Err == nil || !strings.Contains(c.Err.Error(), "t.toml:14: order #1 (hc wait): turn 2: want 3 (the case's turn) to 999") {
		t.Errorf("err = %v", c.Err)
	}
}

func TestParseDefaults(t *testing.T) {
	c := parseOne(t, strings.Replace(base, "name = \"base\"\n", "", 1)+`[[case.order]]
unit = "hc"
order = "advance"
`)
	if c.Err != nil {
		t.Fatal(c.Err)
	}
	if c.Name != "t.toml#1" || c.Turn != 1 || c.Battle.Turn != 0 || c.Battle.Defender != engine.South {
		t.Errorf("case %+v", c)
	}
	if o := c.Orders[0]; o.Class != engine.Special || o.Phase != 1 || o.Turn != 1 || o.Side != engine.North {
		t.Errorf("order %+v", o)
	}
}

func FuzzParse(f *testing.F) {
	f.Add(full)
	f.Add(base)
	f.Add(base + "[case.expect]\nhc.cell = 3\n\"hc.figures\" = 8\n[case.dice]\nx = [[1]]\n")
	f.Add("[[case]]\nunit = [{id = \"a\", figures = 1}]\n[[case.unit]]\n")
	f.Add("[case]\nname = 1\n")
	f.Add("[[case]]\n[[case.order]]\nturn = 999\nside = \"north\"\norder = \"general_advance\"\n")
	f.Fuzz(func(t *testing.T, src string) {
		cs, err := Parse("fuzz.toml", []byte(src))
		if err != nil {
			return
		}
		// Run what loaded with a resolver that changes nothing: the
		// comparison code must not panic either.
		r := Runner{Resolve: func(b engine.Battle, _ []engine.Order, _ engine.Dice) (engine.Battle, []engine.Event, error) {
			b.Turn++
			return b, nil, nil
		}}
		for _, c := range cs {
			res := r.RunCase(c)
			if res.Status == Error && strings.HasPrefix(res.Error, "panic:") {
				t.Fatalf("%s", res.Error)
			}
		}
	})
}
