package engine

import (
	"encoding/json"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/gunbai/gunbai/internal/racetest"
)

// optionsPosition is a random position for Options: randomBattle's units and
// terrain, with leaders (R-III), shinobi (R-V.6), banners (R-V.7), portable
// shields (R-II.9.4), fatigue (R-II.2.5), minor clans (R-V.5.1), an offer to
// stop (R-I.4.2), a random command roll (R-V.2), and orders already given:
// randomOrders' orders and then orders picked from the tree, each kept only
// if Validate and CheckBudget accept it.
func optionsPosition(rng *rand.Rand, n int) (b Battle, side Side, turn int, orders []Order, granted CommandResult) {
	b, given := randomBattle(rng, n)
	side = Side(rng.IntN(2))
	b.Turn = rng.IntN(3)
	turn = b.Turn + 1
	b.HQ = [2]Cell{{1 + rng.IntN(FieldWidth), 1}, {1 + rng.IntN(FieldWidth), FieldHeight}}
	b.HQLost[side] = rng.IntN(5) == 0
	var own []string
	for i := range b.Units {
		u := &b.Units[i]
		u.Fatigued = rng.IntN(4) == 0
		u.MinorClan = rng.IntN(6) == 0
		if rng.IntN(4) == 0 {
			b.Terrain.SetShields(u.Cell, uint8(1+rng.IntN(15)))
		}
		if u.Side == side {
			own = append(own, u.ID)
		}
	}
	if rng.IntN(2) == 0 && len(b.Units) > 0 {
		// A forest under an enemy, so that it may hide (D-67).
		for i := range b.Units {
			if b.Units[i].Side != side {
				b.Terrain.Forests = append(b.Terrain.Forests, b.Units[i].Cell)
				break
			}
		}
	}
	at := func() string {
		switch k := rng.IntN(len(own) + 2); {
		case k == len(own):
			return AtHQ
		case k == len(own)+1:
			return AtReserve
		default:
			return own[k]
		}
	}
	b.Leaders = append(b.Leaders,
		Leader{ID: "c", Side: side, Role: Commander, At: at(), Wounds: rng.IntN(3), Traits: []string{traitCunningPlan}},
		Leader{ID: "g1", Side: side, Role: General, At: at()},
		Leader{ID: "g2", Side: side, Role: General, At: at(), Health: LeaderHealth(rng.IntN(4))})
	b.Shinobi[side] = rng.IntN(3)
	b.Banners[side] = []Banner{{Name: BannerPhoenix, Used: rng.IntN(3) == 0}, {Name: "wind"}, {Name: "wind"}}
	if rng.IntN(4) == 0 {
		b.Chronicle.Offer[side] = b.Turn
	}
	if rng.IntN(4) == 0 {
		b.Chronicle.Signal[side] = b.Turn
	}
	granted = CommandResult{Special: rng.IntN(3), Ordinary: rng.IntN(4)}
	ok := func(os []Order) bool {
		return Validate(b, side, turn, os) == nil && CheckBudget(b, side, turn, os, granted) == nil
	}
	for _, o := range given {
		if o.Side != side || rng.IntN(2) == 0 {
			continue
		}
		if try := append(slices.Clone(orders), o); ok(try) {
			orders = try
		}
	}
	for k := rng.IntN(4); k > 0; k-- {
		cands := Options(b, side, turn, orders, granted).Orders()
		if len(cands) == 0 {
			break
		}
		if try := append(slices.Clone(orders), cands[rng.IntN(len(cands))]); ok(try) {
			orders = try
		}
	}
	return b, side, turn, orders, granted
}

// Soundness (R-VI.1.2, R-VI.3.7, R-V.1.1, D-67): every order of the tree,
// added to the orders given, is accepted by Validate and CheckBudget, and
// names no enemy the side cannot see.
func TestOptionsAreLegal(t *testing.T) {
	rng := rand.New(rand.NewPCG(12, 1))
	checked, positions := 0, 0
	for trial := 0; trial < racetest.Size(300); trial++ {
		b, side, turn, orders, granted := optionsPosition(rng, 2+rng.IntN(11))
		positions++
		for _, o := range Options(b, side, turn, orders, granted).Orders() {
			try := append(slices.Clone(orders), o)
			if ps := Validate(b, side, turn, try); ps != nil {
				t.Fatalf("trial %d: %+v refused: %v", trial, o, ps)
			}
			if p := CheckBudget(b, side, turn, try, granted); p != nil {
				t.Fatalf("trial %d: %+v over budget (%+v): %v", trial, o, granted, p)
			}
			if tg := b.Unit(o.Target); tg != nil && hiddenFrom(&b, side, tg) {
				t.Fatalf("trial %d: %+v targets a hidden enemy (D-67)", trial, o)
			}
			checked++
		}
	}
	t.Logf("soundness: %d orders of %d positions accepted by Validate and CheckBudget", checked, positions)
}

// canonical is the plain form in which the tree gives an order o (see
// Options): the fields its kind does not use are dropped, so that two orders
// that say the same compare equal.
func canonical(v *Battle, side Side, turn int, o Order) Order {
	c := Order{Side: side, Kind: o.Kind, Turn: turn}
	switch {
	case o.Kind.ArmyWide():
		c.Phase = 1
	case o.Kind == OrderMoveLeader:
		c.Leader, c.To = o.Leader, o.To
	case o.Kind == OrderShinobi:
		c.Mission = o.Mission
		if o.Mission != MissionInterception {
			c.Target = o.Target
		}
	case o.Kind == OrderBanner:
		c.Unit, c.Banner = o.Unit, o.Banner
		if u := v.Unit(o.Unit); o.Banner == BannerPhoenix && u.Routing() && o.Facing != nil && *o.Facing != side.EnemyEdge() {
			c.Facing = o.Facing
		}
	case o.Kind.Declaration():
	default:
		u := v.Unit(o.Unit)
		c.Unit, c.Class, c.Phase = o.Unit, o.Class, o.Phase
		if o.Kind.Special() {
			c.Class = Special
		} else if o.Kind.Free() {
			c.Class = Ordinary
		}
		if o.Kind == OrderShoot || o.Kind == OrderVolley {
			c.Target = o.Target
		}
		switch o.Kind {
		case OrderRally:
			c.Facing = o.Facing
		case OrderMove, OrderHold:
			if o.Facing != nil && *o.Facing != u.Facing {
				c.Facing = o.Facing
			}
		}
		if len(o.Steps) > 0 {
			c.Steps = o.Steps
		}
		c.CarryShields = o.CarryShields
		if len(o.SetShields) > 0 {
			c.SetShields = slices.Compact(slices.Sorted(slices.Values(o.SetShields)))
		}
	}
	return c
}

func orderKey(o Order) string {
	j, _ := json.Marshal(o)
	return string(j)
}

// bruteOrders is every order worth asking Validate about in a position: all
// kinds for all units of the battle (hidden, enemy and gone ones too, and no
// unit or one that does not exist), in both classes and in phases 0-3; with
// every facing or none, every gallop of up to 2 steps and shields carried;
// with every unit as target; with every set of shield sides; and every
// declaration with every leader, place, mission, banner, target and facing.
func bruteOrders(b *Battle, side Side, turn int) []Order {
	ids := []string{"", "nobody"}
	for _, u := range b.Units {
		ids = append(ids, u.ID)
	}
	facings := []*Dir{nil}
	for _, d := range Dirs() {
		facings = append(facings, &d)
	}
	stepKinds := []StepKind{StepMove, StepWheelLeft, StepWheelRight, StepSkip}
	steps := [][]StepKind{nil}
	for _, s := range stepKinds {
		steps = append(steps, []StepKind{s})
		for _, s2 := range stepKinds {
			steps = append(steps, []StepKind{s, s2})
		}
	}
	var out []Order
	add := func(o Order) { o.Side, o.Turn = side, turn; out = append(out, o) }
	for _, k := range OrderKinds() {
		if k.Declaration() {
			continue
		}
		units := ids
		if k.ArmyWide() {
			units = []string{"", ids[2%len(ids)]}
		}
		for _, id := range units {
			for _, c := range []Class{Ordinary, Special} {
				add(Order{Unit: id, Kind: k, Class: c, Phase: 0})
				add(Order{Unit: id, Kind: k, Class: c, Phase: 3})
				for phase := 1; phase <= 2; phase++ {
					o := Order{Unit: id, Kind: k, Class: c, Phase: phase}
					for _, f := range facings {
						for _, st := range steps {
							for _, carry := range []bool{false, true} {
								o.Facing, o.Steps, o.CarryShields = f, st, carry
								add(o)
							}
						}
						for set := 1; set < 16; set++ {
							var ds []Dir
							for _, d := range Dirs() {
								if set&(1<<d) != 0 {
									ds = append(ds, d)
								}
							}
							add(Order{Unit: id, Kind: k, Class: c, Phase: phase, Facing: f, SetShields: ds})
						}
					}
					for _, tg := range ids {
						add(Order{Unit: id, Kind: k, Class: c, Phase: phase, Target: tg})
					}
				}
			}
		}
	}
	leaders := []string{"nobody"}
	for _, l := range b.Leaders {
		leaders = append(leaders, l.ID)
	}
	for _, l := range leaders {
		for _, to := range append([]string{AtHQ, AtReserve}, ids...) {
			add(Order{Kind: OrderMoveLeader, Leader: l, To: to})
		}
	}
	for _, m := range []string{MissionSignals, MissionPanic, MissionSabotage, MissionInterception, "dance"} {
		for _, tg := range ids {
			add(Order{Kind: OrderShinobi, Mission: m, Target: tg})
		}
	}
	banners := []string{"nobody"}
	for _, s := range []Side{North, South} {
		for _, bn := range b.Banners[s] {
			banners = append(banners, bn.Name)
		}
	}
	for _, bn := range banners {
		for _, id := range ids {
			for _, f := range facings {
				add(Order{Kind: OrderBanner, Banner: bn, Unit: id, Facing: f})
			}
		}
	}
	for _, k := range []OrderKind{OrderSignalRetreat, OrderStopBattle} {
		add(Order{Kind: k})
		add(Order{Kind: k, Phase: 1, Unit: "nobody"})
	}
	return out
}

// Completeness (R-VI.1.2, R-VI.2, R-VI.3, R-VI.3.7, R-VI.4.1, R-III.6,
// R-V.6.1, R-V.7, R-V.1.1): every order a brute-force enumeration shows
// Validate and CheckBudget would accept after the orders given is in the
// tree, in its plain form. The exceptions follow the rules where Validate
// does not: stop_battle only while the offer stands (R-I.4.2), the signal
// to retreat once (R-I.4.4), a banner raised once (D-26).
func TestOptionsAreComplete(t *testing.T) {
	rng := rand.New(rand.NewPCG(12, 2))
	tried, accepted, exempt, positions := 0, 0, 0, 0
	byKind := map[OrderKind]int{}
	trials := racetest.Div(16, 4)
	if testing.Short() {
		trials = min(trials, 4)
	}
	for trial := 0; trial < trials; trial++ {
		b, side, turn, orders, granted := optionsPosition(rng, 1+rng.IntN(4))
		positions++
		tree := map[string]bool{}
		for _, o := range Options(b, side, turn, orders, granted).Orders() {
			tree[orderKey(o)] = true
		}
		v := View(atCommandPhase(b), side)
		raised := map[string]bool{}
		signalled := b.Chronicle.Signal[side] != 0
		for _, o := range orders {
			raised[o.Banner] = raised[o.Banner] || o.Kind == OrderBanner
			signalled = signalled || o.Kind == OrderSignalRetreat
		}
		for _, o := range bruteOrders(&b, side, turn) {
			tried++
			try := append(slices.Clone(orders), o)
			if Validate(b, side, turn, try) != nil || CheckBudget(b, side, turn, try, granted) != nil {
				continue
			}
			accepted++
			byKind[o.Kind]++
			switch {
			case o.Kind == OrderStopBattle && !b.OfferStands(side),
				o.Kind == OrderSignalRetreat && signalled,
				o.Kind == OrderBanner && raised[o.Banner]:
				exempt++
				continue
			}
			if c := canonical(&v, side, turn, o); !tree[orderKey(c)] {
				t.Fatalf("trial %d: %+v (plain %s) is legal but not in the tree; orders %+v, granted %+v",
					trial, o, orderKey(c), orders, granted)
			}
		}
	}
	t.Logf("completeness: %d brute-force orders in %d positions, %d accepted, all in the tree (%d left out by R-I.4.2, R-I.4.4, D-26)",
		tried, positions, accepted, exempt)
	t.Logf("accepted by kind: %v", byKind)
}

// A unit hidden in a forest (R-XI.3.2, D-67) is never a target in the
// tree, of a shot, a volley or a shinobi; seen from next door, it is.
func TestOptionsNeverTargetHidden(t *testing.T) {
	b := testBattle(
		unit("arch", North, SamuraiArcher, 8, "x3y3", S),
		unit("teppo", North, AshigaruTeppo, 8, "x4y3", S),
		unit("hid", South, SamuraiSpear, 8, "x3y6", N),
		unit("open", South, SamuraiSpear, 8, "x5y6", N),
	)
	b.Terrain.Forests = []Cell{MustCell("x3y6")}
	b.Shinobi[North] = 1
	granted := CommandResult{Special: 2, Ordinary: 3}
	targets := func(b Battle) map[string]bool {
		seen := map[string]bool{}
		for _, o := range Options(b, North, 1, nil, granted).Orders() {
			if o.Target != "" {
				seen[o.Target] = true
			}
		}
		return seen
	}
	if got := targets(b); got["hid"] || !got["open"] {
		t.Fatalf("targets %v: want open, never hid (D-67)", got)
	}
	b.Units[0].Cell = MustCell("x3y5") // next to the forest: seen (R-XI.3.2)
	if got := targets(b); !got["hid"] {
		t.Fatalf("targets %v: hid is seen from C5", got)
	}
}

// BenchmarkOptions: the tree for one side of a 24-unit battle with a
// commander and two generals, a shinobi and banners.
func BenchmarkOptions(bb *testing.B) {
	b, _ := benchBattle()
	b.Leaders = []Leader{
		{ID: "c", Side: North, Role: Commander, At: AtHQ},
		{ID: "g1", Side: North, Role: General, At: "Na"},
		{ID: "g2", Side: North, Role: General, At: AtHQ},
	}
	b.Shinobi[North] = 1
	b.Banners[North] = []Banner{{Name: BannerPhoenix}, {Name: "wind"}}
	granted := CommandResult{Special: 2, Ordinary: 3}
	n := len(Options(b, North, 1, nil, granted).Orders())
	bb.ReportAllocs()
	for bb.Loop() {
		Options(b, North, 1, nil, granted)
	}
	bb.ReportMetric(float64(n), "orders")
}

// Each banner of the army list is raised once a battle (D-26): one banner
// raised twice in one turn is refused; two banners of one name may both be.
func TestBannerRaisedOnceD_26(t *testing.T) {
	b := testBattle(
		unit("a", North, SamuraiSpear, 8, "A21", S),
		unit("c", North, SamuraiSpear, 8, "B21", S),
	)
	raise := func(u string) Order { return Order{Unit: u, Side: North, Kind: OrderBanner, Banner: "wind"} }
	b.Banners[North] = []Banner{{Name: "wind"}}
	ps := Validate(b, North, 1, []Order{raise("a"), raise("c")})
	if len(ps) != 1 || ps[0].Rule != "D-26" || ps[0].Unit != "c" {
		t.Fatalf("one banner raised twice: %v", ps)
	}
	b.Banners[North] = []Banner{{Name: "wind"}, {Name: "wind"}}
	if ps := Validate(b, North, 1, []Order{raise("a"), raise("c")}); len(ps) != 0 {
		t.Fatalf("two banners of one name: %v", ps)
	}
}
