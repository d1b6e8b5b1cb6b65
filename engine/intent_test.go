package engine

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/gunbai/gunbai/internal/racetest"
)

// at names the cell x, y (x from the west, y from the north) for unit().
func at(x, y int) string { return Cell{x, y}.Name() }

// intentOf is Intent for a North order, which must name a unit.
func intentOf(t *testing.T, b Battle, o Order) Intended {
	t.Helper()
	in, ok := Intent(b, North, o)
	if !ok {
		t.Fatalf("Intent(%v): no intent", o)
	}
	return in
}

// expectIntent checks where the order goes, its final facing and what it
// attacks ("" for nobody).
func expectIntent(t *testing.T, in Intended, path []Cell, facing Dir, attack string) {
	t.Helper()
	if !slices.Equal(in.Path, path) || in.Facing != facing || in.Attack != attack {
		t.Errorf("%s %s: path %v facing %s attack %q, want %v %s %q", in.Unit, in.Order, in.Path, in.Facing, in.Attack, path, facing, attack)
	}
}

// R-VI.2.5 Move, R-VI.2.6 Retreat (facing kept), R-VI.2.7 Wheel, R-VI.2.8
// Sidestep (sideways, facing kept).
func TestIntentBasicMoves_R_VI_2_5_to_8(t *testing.T) {
	b := testBattle(unit("a", North, SamuraiSpear, 6, at(6, 2), S))
	for _, c := range []struct {
		kind   OrderKind
		path   []Cell
		facing Dir
	}{
		{OrderMove, []Cell{{6, 3}}, S},
		{OrderRetreat, []Cell{{6, 1}}, S},
		{OrderWheelLeft, nil, E}, // facing south, its left is east
		{OrderWheelRight, nil, W},
		{OrderSidestepLeft, []Cell{{7, 2}}, S},
		{OrderSidestepRight, []Cell{{5, 2}}, S},
		{OrderWait, nil, S},
	} {
		in := intentOf(t, b, order(b, "a", c.kind, 1))
		expectIntent(t, in, c.path, c.facing, "")
		if in.From != (Cell{6, 2}) || in.Order != c.kind || in.Phase != 1 || in.Unit != "a" {
			t.Errorf("%s: %+v", c.kind, in)
		}
	}
}

// R-VI.2.5: a move into an enemy's cell is an attack; the path stops
// before it. R-VI.2.8: a sidestep or a retreat never attacks: it is not
// made.
func TestIntentAttack_R_VI_2_5(t *testing.T) {
	b := testBattle(
		unit("a", North, SamuraiSpear, 6, at(6, 2), S),
		unit("e", South, AshigaruSpear, 6, at(6, 3), N),
		unit("s", South, AshigaruSpear, 6, at(7, 2), N),
		unit("f", North, AshigaruSpear, 6, at(6, 1), S),
	)
	in := intentOf(t, b, order(b, "a", OrderMove, 1))
	expectIntent(t, in, nil, S, "e")
	if in.AttackAt != (Cell{6, 3}) || in.Stop != "" {
		t.Errorf("attack at %v stop %q, want %v", in.AttackAt, in.Stop, Cell{6, 3})
	}
	in = intentOf(t, b, order(b, "a", OrderSidestepLeft, 1))
	expectIntent(t, in, nil, S, "")
	if in.Stop != "R-VI.2.8" {
		t.Errorf("sidestep into an enemy: stop %q, want R-VI.2.8", in.Stop)
	}
	// A friend in the way does not stop the plan: it may move on first
	// (R-VII.3.2).
	expectIntent(t, intentOf(t, b, order(b, "a", OrderRetreat, 1)), []Cell{{6, 1}}, S, "")
}

// R-VI.2.10, D-39: a forced march moves twice; its second step attacks an
// enemy in front, but shooters halt before one.
func TestIntentForcedMarch_R_VI_2_10(t *testing.T) {
	b := testBattle(unit("a", North, AshigaruSpear, 6, at(6, 1), S))
	expectIntent(t, intentOf(t, b, order(b, "a", OrderForcedMarch, 1)), []Cell{{6, 2}, {6, 3}}, S, "")

	b = testBattle(
		unit("a", North, AshigaruSpear, 6, at(6, 1), S),
		unit("t", North, AshigaruTeppo, 6, at(8, 1), S),
		unit("e", South, AshigaruSpear, 6, at(6, 3), N),
		unit("g", South, AshigaruSpear, 6, at(8, 3), N),
	)
	in := intentOf(t, b, order(b, "a", OrderForcedMarch, 1))
	expectIntent(t, in, []Cell{{6, 2}}, S, "e")
	in = intentOf(t, b, order(b, "t", OrderForcedMarch, 1))
	expectIntent(t, in, []Cell{{8, 2}}, S, "")
	if in.Stop != "D-39" {
		t.Errorf("a shooter's forced march before an enemy: stop %q, want D-39", in.Stop)
	}
}

// R-VI.3.4: Advance at all costs makes a move; cavalry two (R-VI.2.12).
func TestIntentAdvance_R_VI_3_4(t *testing.T) {
	b := testBattle(
		unit("hc", North, HeavyCavalry, 4, at(6, 1), S),
		unit("sp", North, SamuraiSpear, 6, at(8, 1), S),
	)
	expectIntent(t, intentOf(t, b, order(b, "hc", OrderAdvance, 1)), []Cell{{6, 2}, {6, 3}}, S, "")
	expectIntent(t, intentOf(t, b, order(b, "sp", OrderAdvance, 1)), []Cell{{8, 2}}, S, "")
}

// R-II.2.2, R-VI.2.12: a gallop makes its two steps in any combination;
// R-II.2.4: the first may be skipped; R-II.2.5: fatigued cavalry makes one.
func TestIntentGallop_R_II_2_2(t *testing.T) {
	b := testBattle(unit("hc", North, HeavyCavalry, 4, at(6, 2), S))
	gallop := func(steps ...StepKind) Intended {
		o := order(b, "hc", OrderMove, 1)
		o.Steps = steps
		return intentOf(t, b, o)
	}
	expectIntent(t, gallop(), []Cell{{6, 3}, {6, 4}}, S, "")
	expectIntent(t, gallop(StepWheelLeft, StepMove), []Cell{{7, 2}}, E, "")
	expectIntent(t, gallop(StepMove, StepWheelRight), []Cell{{6, 3}}, W, "")
	expectIntent(t, gallop(StepSkip, StepMove), []Cell{{6, 3}}, S, "")
	o := order(b, "hc", OrderWheelRight, 1)
	o.Steps = []StepKind{StepWheelRight, StepWheelRight}
	expectIntent(t, intentOf(t, b, o), nil, N, "")

	b.Units[0].Fatigued = true
	expectIntent(t, intentOf(t, b, order(b, "hc", OrderMove, 1)), []Cell{{6, 3}}, S, "")
}

// R-II.2.3: only one gallop move may attack; if the first does, the second
// is not made.
func TestIntentGallopAttack_R_II_2_3(t *testing.T) {
	b := testBattle(
		unit("hc", North, HeavyCavalry, 4, at(6, 2), S),
		unit("e", South, AshigaruSpear, 6, at(6, 3), N),
	)
	expectIntent(t, intentOf(t, b, order(b, "hc", OrderMove, 1)), nil, S, "e")
	b.Units[1].Cell = Cell{6, 4}
	in := intentOf(t, b, order(b, "hc", OrderMove, 1))
	expectIntent(t, in, []Cell{{6, 3}}, S, "e")
	if in.AttackAt != (Cell{6, 4}) {
		t.Errorf("attack at %v, want %v", in.AttackAt, Cell{6, 4})
	}
}

// R-II.10.5: a unit of 1-2 figures turns and moves for one order.
func TestIntentTurnAndMove_R_II_10_5(t *testing.T) {
	b := testBattle(
		unit("a", North, SamuraiSpear, 2, at(6, 2), S),
		unit("e", South, SamuraiSpear, 4, at(5, 2), E),
	)
	o := order(b, "a", OrderMove, 1)
	east, west := E, W
	o.Facing = &east
	expectIntent(t, intentOf(t, b, o), []Cell{{7, 2}}, E, "")
	o.Facing = &west
	expectIntent(t, intentOf(t, b, o), nil, W, "e")
}

// R-VI.3.2 Hold may wheel; R-VI.3.5 Rally turns to any facing.
func TestIntentFacings_R_VI_3_2_and_R_VI_3_5(t *testing.T) {
	b := testBattle(unit("a", North, SamuraiSpear, 6, at(6, 2), S))
	o := order(b, "a", OrderHold, 1)
	expectIntent(t, intentOf(t, b, o), nil, S, "")
	e := E
	o.Facing = &e
	expectIntent(t, intentOf(t, b, o), nil, E, "")
	n := N
	o = order(b, "a", OrderRally, 1)
	o.Facing = &n
	expectIntent(t, intentOf(t, b, o), nil, N, "")
}

// R-VI.2.2, R-VI.3.1: a shot and a volley name their target and tell
// whether it stands in the fire zone (R-IX.6.2); a target hidden in a
// forest is never named (R-XI.3.2, D-67).
func TestIntentShoot_R_VI_2_2(t *testing.T) {
	b := testBattle(
		unit("ar", North, SamuraiArcher, 6, at(6, 3), S),
		unit("near", South, AshigaruSpear, 6, at(7, 4), N),
		unit("far", South, AshigaruSpear, 6, at(6, 6), N),
		unit("hid", South, AshigaruSpear, 6, at(9, 6), N),
	)
	b.Terrain.Forests = []Cell{{9, 6}}
	for _, c := range []struct {
		kind   OrderKind
		target string
		at     Cell
		zone   bool
	}{
		{OrderShoot, "near", Cell{7, 4}, true}, // a corner cell
		{OrderVolley, "near", Cell{7, 4}, true},
		{OrderShoot, "far", Cell{6, 6}, false},
		{OrderShoot, "hid", NoCell, false},
	} {
		o := order(b, "ar", c.kind, 1)
		o.Target = c.target
		in := intentOf(t, b, o)
		want := c.target
		if c.target == "hid" {
			want = ""
		}
		if in.Shoot != want || in.ShootAt != c.at || in.InFireZone != c.zone || len(in.Path) > 0 || in.Facing != S {
			t.Errorf("%s at %s: %+v, want %q at %v in zone %v", c.kind, c.target, in, want, c.at, c.zone)
		}
	}
}

// R-XI.3.2, D-67: an enemy hidden in a forest does not stop the path, and
// is not named.
func TestIntentHiddenEnemy_D_67(t *testing.T) {
	b := testBattle(
		unit("a", North, AshigaruSpear, 6, at(6, 2), S),
		unit("hid", South, AshigaruSpear, 6, at(6, 4), N),
	)
	b.Terrain.Forests = []Cell{{6, 4}}
	in := intentOf(t, b, order(b, "a", OrderForcedMarch, 1))
	expectIntent(t, in, []Cell{{6, 3}, {6, 4}}, S, "")
	if in.AttackAt != NoCell {
		t.Errorf("attack at %v, want none", in.AttackAt)
	}
	b.Terrain.Forests = nil
	expectIntent(t, intentOf(t, b, order(b, "a", OrderForcedMarch, 1)), []Cell{{6, 3}}, S, "hid")
}

// R-XI.4.1: a swamp is never entered; D-03: nor beyond a bounded field's
// edge; D-64: a cavalry step into a forest or across the river takes the
// whole order, and as a second step is not made.
func TestIntentStops_R_XI_4_1_D_03_D_64(t *testing.T) {
	b := testBattle(
		unit("a", North, SamuraiSpear, 6, at(6, 2), S),
		unit("edge", North, SamuraiSpear, 6, at(3, 1), N),
		unit("hc", North, HeavyCavalry, 4, at(9, 2), S),
		unit("lc", North, LightCavalry, 4, at(11, 1), S),
	)
	b.Terrain.Swamps = []Cell{{6, 3}}
	b.Terrain.Forests = []Cell{{9, 3}, {11, 3}}
	check := func(id string, path []Cell, stop string) {
		t.Helper()
		in := intentOf(t, b, order(b, id, OrderMove, 1))
		if !slices.Equal(in.Path, path) || in.Stop != stop {
			t.Errorf("%s: path %v stop %q, want %v %q", id, in.Path, in.Stop, path, stop)
		}
	}
	check("a", nil, "R-XI.4.1")
	check("edge", []Cell{{3, 0}}, "") // the field extends (D-03 default)
	check("hc", []Cell{{9, 3}}, "D-64")
	check("lc", []Cell{{11, 2}}, "D-64")
	b.Settings.OffField = OffFieldBounded
	check("edge", nil, "D-03")
	// A single step into a forest is the order's whole course.
	b.Units[2].Fatigued = true
	check("hc", []Cell{{9, 3}}, "")
}

// Orders that name no unit, or a unit the side does not have on the field,
// have no intent.
func TestIntentNone(t *testing.T) {
	b := testBattle(
		unit("a", North, SamuraiSpear, 6, at(6, 2), S),
		unit("gone", North, SamuraiSpear, 0, at(7, 2), S),
		unit("e", South, SamuraiSpear, 6, at(6, 5), N),
		unit("hid", South, SamuraiSpear, 6, at(9, 6), N),
	)
	b.Units[1].Status = StatusDestroyed
	b.Terrain.Forests = []Cell{{9, 6}}
	for _, o := range []Order{
		{Side: North, Kind: OrderGeneralAdvance, Phase: 1},
		{Side: North, Kind: OrderGeneralRetreat, Phase: 1},
		{Side: North, Kind: OrderSignalRetreat},
		{Side: North, Kind: OrderStopBattle},
		{Side: North, Kind: OrderMoveLeader, Leader: "c", To: "a"},
		{Side: North, Kind: OrderShinobi, Mission: MissionPanic, Target: "e"},
		{Side: North, Unit: "a", Kind: OrderBanner, Banner: BannerPhoenix},
		{Side: North, Unit: "e", Kind: OrderMove, Phase: 1},
		{Side: North, Unit: "hid", Kind: OrderMove, Phase: 1},
		{Side: North, Unit: "gone", Kind: OrderMove, Phase: 1},
		{Side: North, Unit: "nobody", Kind: OrderMove, Phase: 1},
	} {
		if in, ok := Intent(b, North, o); ok {
			t.Errorf("%s %q: intent %+v, want none", o.Kind, o.Unit, in)
		}
	}
	if _, ok := Intent(b, South, Order{Side: South, Unit: "e", Kind: OrderMove, Phase: 1}); !ok {
		t.Error("South's own unit: no intent")
	}
}

// Intent walks the resolver's own plan: a unit alone on the field ends the
// turn where its order's intent says, facing as it says, whenever the
// intent neither attacks nor stops (random positions, every legal order).
func TestIntentAgreesWithResolver(t *testing.T) {
	rng := rand.New(rand.NewPCG(12, 4))
	checked := 0
	for range racetest.Size(150) {
		full, _ := randomBattle(rng, 4)
		for _, u := range full.Units {
			if !u.Active() || u.Routing() {
				continue
			}
			b := full
			b.Units = []Unit{u}
			b.Units[0].ID = "u"
			tree := Options(b, u.Side, 1, nil, CommandResult{Special: 2, Ordinary: 2})
			for _, o := range tree.Orders() {
				if o.Unit != "u" || o.Phase != 1 {
					continue
				}
				in, ok := Intent(b, u.Side, o)
				if !ok {
					t.Fatalf("%+v: no intent", o)
				}
				if in.Attack != "" || in.Stop != "" {
					continue
				}
				nb, _, err := ResolveTurn(b, []Order{o}, NewScriptedDice(nil))
				if err != nil {
					t.Fatalf("%+v: %v", o, err)
				}
				end := in.From
				if len(in.Path) > 0 {
					end = in.Path[len(in.Path)-1]
				}
				if v := nb.Unit("u"); v.Status == StatusOK && (v.Cell != end || v.Facing != in.Facing) {
					t.Errorf("%v %s %+v: resolved at %v facing %s, intent %v facing %s (%+v)", u.Type, u.Facing, o, v.Cell, v.Facing, end, in.Facing, in)
				}
				checked++
			}
		}
	}
	if checked < racetest.Size(500) {
		t.Errorf("only %d orders checked", checked)
	}
}
