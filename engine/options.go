package engine

import "slices"

// Choice is one way of giving an order kind to a unit: what the order says
// besides its unit, kind, class and phase.
type Choice struct {
	Target       string     `json:"target,omitempty"` // shoot, volley (R-VI.2.3)
	Facing       *Dir       `json:"facing,omitempty"` // rally, hold, move of a small unit
	Steps        []StepKind `json:"steps,omitempty"`  // a cavalry gallop (R-VI.2.12)
	CarryShields bool       `json:"carry_shields,omitempty"`
	SetShields   []Dir      `json:"set_shields,omitempty"`
}

// KindOptions are the ways a unit may take one order kind: every class with
// every phase with every choice is a legal order.
type KindOptions struct {
	Kind    OrderKind `json:"order"`
	Classes []Class   `json:"classes"`
	Phases  []int     `json:"phases"`
	Choices []Choice  `json:"choices"`
}

// UnitOptions are the order kinds one unit of the side may still take.
type UnitOptions struct {
	Unit  string        `json:"unit"`
	Kinds []KindOptions `json:"kinds"`
}

// LeaderOptions are the places a leader may move to (R-III.6): unit IDs,
// AtHQ or AtReserve.
type LeaderOptions struct {
	Leader string   `json:"leader"`
	To     []string `json:"to"`
}

// ShinobiOptions are the targets of one shinobi mission (R-V.6.1); an
// interception has the one target "".
type ShinobiOptions struct {
	Mission string   `json:"mission"`
	Targets []string `json:"targets"`
}

// BannerOptions are the units one banner may be raised in (R-V.7, D-26).
type BannerOptions struct {
	Banner string       `json:"banner"`
	Units  []BannerUnit `json:"units"`
}

// BannerUnit is a unit a banner may be raised in, with the facings the
// Phoenix may rally a routing unit to (nil: toward the enemy edge).
type BannerUnit struct {
	Unit    string `json:"unit"`
	Facings []*Dir `json:"facings"`
}

// OrderTree is every order a side may add to the orders it has given for
// the current command phase; Orders lists them.
type OrderTree struct {
	Side     Side             `json:"side"`
	Turn     int              `json:"turn"`
	Units    []UnitOptions    `json:"units,omitempty"`
	ArmyWide []Order          `json:"army_wide,omitempty"` // R-VI.4
	Leaders  []LeaderOptions  `json:"leaders,omitempty"`   // R-III.6
	Shinobi  []ShinobiOptions `json:"shinobi,omitempty"`   // R-V.6
	Banners  []BannerOptions  `json:"banners,omitempty"`   // R-V.7
	// The side may signal the retreat (R-I.4.4): it has not yet, in this
	// battle or in these orders.
	SignalRetreat bool `json:"signal_retreat,omitempty"`
	// The side may stop the battle: the offer stands (R-I.4.2).
	StopBattle bool `json:"stop_battle,omitempty"`
}

// Options is the tree of every order side may add, for turn, to the orders
// it has already given (orders) with the command roll granted: each order of
// Orders() appended to orders is accepted by Validate and CheckBudget. It is
// built from what the side may see (View): a hidden enemy is never a target
// (D-67). Orders are given in their plain form: Turn is turn, declarations
// have no phase, army-wide orders go in phase 1 with the ordinary class
// (their cost does not depend on it, R-VI.4.1), a special order by nature
// has the special class, a facing equal to the unit's own is left out, and
// fields the order kind does not use are empty. If orders are not legal
// themselves, the tree is empty.
//
// Two declarations follow the rules rather than Validate, which accepts them
// always: the decision to stop the battle only while the offer stands
// (R-I.4.2), the signal to retreat only once (R-I.4.4); and a banner is not
// offered again once orders raise as many of its name as the army list has
// unused (D-26: each banner once a battle).
func Options(b Battle, side Side, turn int, orders []Order, granted CommandResult) OrderTree {
	t := OrderTree{Side: side, Turn: turn}
	if Validate(b, side, turn, orders) != nil || CheckBudget(b, side, turn, orders, granted) != nil {
		return t
	}
	ob := newOptionsBuilder(b, side, turn, orders, granted)
	t.Units = ob.units()
	t.ArmyWide = ob.armyWide()
	t.Leaders = ob.leaders()
	t.Shinobi = ob.shinobi()
	t.Banners = ob.banners()
	t.SignalRetreat = !ob.given.signalled && b.Outcome == Ongoing && b.Chronicle.Signal[side] == 0
	t.StopBattle = b.OfferStands(side)
	return t
}

// unitSlots is what the orders already given use up of one unit.
type unitSlots struct {
	phase [3]bool
	count int
	alone bool // forced march, withdraw or shields: the only order
}

// givenOrders is what the orders already given use up of the side's.
type givenOrders struct {
	perUnit     map[string]*unitSlots
	army        bool
	signalled   bool
	moved       map[string]bool // leaders
	raised      map[string]int  // banners, by name
	shinobiUsed int
}

// costKey is what whether one more order fits the allowance depends on
// (CheckBudget): its unit and what it costs — a Rally (the Calm Rally),
// another special-cost order, an ordinary-cost one; a leader's move on the
// leader (a general who moves gives no free order, D-34).
type costKey struct {
	unit string
	cost int8
}

// optionsBuilder builds an OrderTree step by step.
type optionsBuilder struct {
	b        Battle // the whole battle, for the allowance
	v        Battle // what the side sees once an overrun HQ has fallen
	side     Side
	turn     int
	orders   []Order
	granted  CommandResult
	given    givenOrders
	fitCache map[costKey]bool
	enemies  []string // the enemy units the side sees
}

func newOptionsBuilder(b Battle, side Side, turn int, orders []Order, granted CommandResult) *optionsBuilder {
	ob := &optionsBuilder{b: b, v: View(atCommandPhase(b), side), side: side, turn: turn, orders: orders, granted: granted,
		fitCache: map[costKey]bool{}}
	ob.given = given(orders, turn)
	for i := range ob.v.Units {
		if e := &ob.v.Units[i]; e.Side != side && e.Active() {
			ob.enemies = append(ob.enemies, e.ID)
		}
	}
	return ob
}

// given sums up the orders of this turn already given.
func given(orders []Order, turn int) givenOrders {
	g := givenOrders{perUnit: map[string]*unitSlots{}, moved: map[string]bool{}, raised: map[string]int{}}
	for _, o := range orders {
		if o.Turn != 0 && o.Turn != turn {
			continue
		}
		switch {
		case o.Kind == OrderMoveLeader:
			g.moved[o.Leader] = true
		case o.Kind == OrderShinobi:
			g.shinobiUsed++
		case o.Kind == OrderBanner:
			g.raised[o.Banner]++
		case o.Kind == OrderSignalRetreat:
			g.signalled = true
		case o.Kind.ArmyWide():
			g.army = true
		case o.Kind.Declaration():
		default:
			s := g.perUnit[o.Unit]
			if s == nil {
				s = &unitSlots{}
				g.perUnit[o.Unit] = s
			}
			if o.Phase == 1 || o.Phase == 2 {
				s.phase[o.Phase] = true
			}
			s.count++
			s.alone = s.alone || o.Kind == OrderForcedMarch || o.Kind == OrderWithdraw || o.CarryShields || len(o.SetShields) > 0
		}
	}
	return g
}

// fits reports whether one more order of that cost fits the allowance.
func (ob *optionsBuilder) fits(k costKey, probe Order) bool {
	ok, seen := ob.fitCache[k]
	if !seen {
		probe.Side, probe.Turn = ob.side, ob.turn
		ok = CheckBudget(ob.b, ob.side, ob.turn, append(ob.orders[:len(ob.orders):len(ob.orders)], probe), ob.granted) == nil
		ob.fitCache[k] = ok
	}
	return ok
}

// unitFits reports whether an order of kind k and class c for unit u fits.
func (ob *optionsBuilder) unitFits(u string, k OrderKind, c Class, phase int) bool {
	switch {
	case k.Free():
		return true
	case k == OrderRally:
		return ob.fits(costKey{u, 2}, Order{Unit: u, Kind: OrderRally, Class: Special, Phase: phase})
	case k.Special() || c == Special:
		return ob.fits(costKey{u, 1}, Order{Unit: u, Kind: OrderHold, Class: Special, Phase: phase})
	}
	return ob.fits(costKey{u, 0}, Order{Unit: u, Kind: OrderWait, Class: Ordinary, Phase: phase})
}

// units are the options of every unit of the side that may take an order.
func (ob *optionsBuilder) units() []UnitOptions {
	var out []UnitOptions
	for i := range ob.v.Units {
		u := &ob.v.Units[i]
		if u.Side != ob.side || !u.Active() {
			continue
		}
		s := ob.given.perUnit[u.ID]
		if s == nil {
			s = &unitSlots{}
		}
		// One order a phase, at most two, phase 2 only after phase 1
		// (R-VI.1.2, R-T.2.2).
		var phase int
		switch {
		case s.count == 0:
			phase = 1
		case s.count == 1 && s.phase[1] && !s.alone:
			phase = 2
		default:
			continue
		}
		uo := UnitOptions{Unit: u.ID}
		for _, k := range OrderKinds() {
			if ko, ok := ob.kind(u, k, phase); ok {
				uo.Kinds = append(uo.Kinds, ko)
			}
		}
		if len(uo.Kinds) > 0 {
			out = append(out, uo)
		}
	}
	return out
}

// kind is what unit u may do with an order of kind k in phase.
func (ob *optionsBuilder) kind(u *Unit, k OrderKind, phase int) (KindOptions, bool) {
	info := orderTable[k]
	if !info.supported || info.armyWide || info.declaration {
		return KindOptions{}, false
	}
	if phase == 2 && (k == OrderForcedMarch || k == OrderWithdraw) {
		return KindOptions{}, false // the unit's only order (D-39, R-II.10.3)
	}
	var classes []Class
	cands := []Class{Ordinary, Special} // R-VI.3.7
	if k.Special() {
		cands = []Class{Special}
	} else if k.Free() {
		cands = []Class{Ordinary}
	}
	for _, c := range cands {
		if ob.unitFits(u.ID, k, c, phase) {
			classes = append(classes, c)
		}
	}
	if len(classes) == 0 {
		return KindOptions{}, false
	}
	var choices []Choice
	for _, ch := range unitChoices(&ob.v, u, k, ob.enemies) {
		if phase == 2 && (ch.CarryShields || len(ch.SetShields) > 0) {
			continue // R-II.9.5
		}
		o := Order{Unit: u.ID, Side: ob.side, Kind: k, Class: classes[0], Phase: phase, Turn: ob.turn,
			Target: ch.Target, Facing: ch.Facing, Steps: ch.Steps,
			CarryShields: ch.CarryShields, SetShields: ch.SetShields}
		if checkOrder(&ob.v, u, &o) == nil {
			choices = append(choices, ch)
		}
	}
	if len(choices) == 0 {
		return KindOptions{}, false
	}
	return KindOptions{Kind: k, Classes: classes, Phases: []int{phase}, Choices: choices}, true
}

// armyWide are the army-wide orders still open, once a turn (R-VI.4.1).
func (ob *optionsBuilder) armyWide() []Order {
	if ob.given.army {
		return nil
	}
	var out []Order
	for _, k := range []OrderKind{OrderGeneralAdvance, OrderGeneralRetreat} {
		o := Order{Side: ob.side, Kind: k, Phase: 1, Turn: ob.turn}
		if ob.fits(costKey{"", int8(3 + k)}, o) {
			out = append(out, o)
		}
	}
	return out
}

// leaders are the leader moves still open (R-III.6).
func (ob *optionsBuilder) leaders() []LeaderOptions {
	var out []LeaderOptions
	for _, l := range ob.v.Leaders {
		if l.Side != ob.side || ob.given.moved[l.ID] {
			continue
		}
		lo := LeaderOptions{Leader: l.ID}
		dests := []string{AtHQ, AtReserve}
		for i := range ob.v.Units {
			if w := &ob.v.Units[i]; w.Side == ob.side && w.Active() {
				dests = append(dests, w.ID)
			}
		}
		for _, to := range dests {
			o := Order{Side: ob.side, Kind: OrderMoveLeader, Turn: ob.turn, Leader: l.ID, To: to}
			if checkLeaderMove(&ob.v, ob.side, o, map[string]bool{}) == nil {
				lo.To = append(lo.To, to)
			}
		}
		if len(lo.To) > 0 && ob.fits(costKey{"leader:" + l.ID, 9}, Order{Kind: OrderMoveLeader, Leader: l.ID, To: lo.To[0]}) {
			out = append(out, lo)
		}
	}
	return out
}

// shinobi are the missions of a shinobi still free (R-V.6.1).
func (ob *optionsBuilder) shinobi() []ShinobiOptions {
	if ob.given.shinobiUsed+1 > ob.v.Shinobi[ob.side] {
		return nil
	}
	var out []ShinobiOptions
	for _, m := range []string{MissionSignals, MissionPanic, MissionSabotage, MissionInterception} {
		so := ShinobiOptions{Mission: m}
		if m == MissionInterception {
			so.Targets = []string{""}
		} else {
			so.Targets = slices.Clone(ob.enemies)
		}
		if len(so.Targets) > 0 {
			out = append(out, so)
		}
	}
	return out
}

// banners are the banners still to raise and the units they may be raised
// in (R-V.7): each banner of the army list once a battle (D-26).
func (ob *optionsBuilder) banners() []BannerOptions {
	var out []BannerOptions
	seen := map[string]bool{}
	for _, bn := range ob.v.Banners[ob.side] {
		if bn.Used || seen[bn.Name] || ob.given.raised[bn.Name] >= unusedBanners(&ob.v, ob.side, bn.Name) {
			continue
		}
		seen[bn.Name] = true
		bo := BannerOptions{Banner: bn.Name}
		for i := range ob.v.Units {
			u := &ob.v.Units[i]
			if u.Side != ob.side || !u.Active() {
				continue
			}
			if checkBanner(&ob.v, ob.side, u, Order{Unit: u.ID, Kind: OrderBanner, Banner: bn.Name}) != nil {
				continue
			}
			bu := BannerUnit{Unit: u.ID, Facings: []*Dir{nil}}
			if bn.Name == BannerPhoenix && u.Routing() {
				for _, d := range Dirs() {
					if d != ob.side.EnemyEdge() {
						bu.Facings = append(bu.Facings, &d)
					}
				}
			}
			bo.Units = append(bo.Units, bu)
		}
		if len(bo.Units) > 0 {
			out = append(out, bo)
		}
	}
	return out
}

// unitChoices lists the choices worth trying for a unit's order of kind k:
// every field the order may carry, in every combination; checkOrder then
// keeps the legal ones.
func unitChoices(v *Battle, u *Unit, k OrderKind, enemies []string) []Choice {
	targets := []string{""}
	if k.Shoots() {
		targets = enemies
	}
	facings := []*Dir{nil}
	switch k {
	case OrderRally:
		facings = nil
		for _, d := range Dirs() {
			facings = append(facings, &d)
		}
	case OrderMove:
		for _, d := range Dirs() {
			if d != u.Facing {
				facings = append(facings, &d)
			}
		}
	case OrderHold:
		l, r := u.Facing.Left(), u.Facing.Right()
		facings = append(facings, &l, &r)
	}
	steps := [][]StepKind{nil}
	if k.Gallops() && u.Stats().Cavalry {
		limit := 2
		if u.Fatigued {
			limit = 1 // R-II.2.5
		}
		prev := [][]StepKind{nil}
		for n := 1; n <= limit; n++ {
			var next [][]StepKind
			for _, p := range prev {
				for _, s := range []StepKind{StepMove, StepWheelLeft, StepWheelRight, StepSkip} {
					if s == StepSkip && n != 1 {
						continue // R-II.2.4
					}
					next = append(next, append(slices.Clone(p), s))
				}
			}
			steps = append(steps, next...)
			prev = next
		}
	}
	shields := []Choice{{}}
	if have := v.Terrain.ShieldSides(u.Cell); have != 0 && u.Figures >= 4 {
		switch k {
		case OrderMove, OrderRetreat:
			shields = append(shields, Choice{CarryShields: true})
		case OrderWheelLeft, OrderWheelRight, OrderRally:
			for set := uint8(1); set < 16; set++ {
				if bits(set) != bits(have) {
					continue
				}
				var ds []Dir
				for _, d := range Dirs() {
					if set&(1<<uint(d)) != 0 {
						ds = append(ds, d)
					}
				}
				shields = append(shields, Choice{SetShields: ds})
			}
		}
	}
	var out []Choice
	for _, tg := range targets {
		for _, f := range facings {
			for _, st := range steps {
				for _, sh := range shields {
					out = append(out, Choice{Target: tg, Facing: f, Steps: st,
						CarryShields: sh.CarryShields, SetShields: sh.SetShields})
				}
			}
		}
	}
	return out
}

// Orders flattens the tree into every order it holds.
func (t OrderTree) Orders() []Order {
	var out []Order
	for _, uo := range t.Units {
		for _, ko := range uo.Kinds {
			for _, c := range ko.Classes {
				for _, p := range ko.Phases {
					for _, ch := range ko.Choices {
						out = append(out, Order{Unit: uo.Unit, Side: t.Side, Kind: ko.Kind, Class: c, Phase: p, Turn: t.Turn,
							Target: ch.Target, Facing: ch.Facing, Steps: ch.Steps,
							CarryShields: ch.CarryShields, SetShields: ch.SetShields})
					}
				}
			}
		}
	}
	out = append(out, t.ArmyWide...)
	for _, lo := range t.Leaders {
		for _, to := range lo.To {
			out = append(out, Order{Side: t.Side, Kind: OrderMoveLeader, Turn: t.Turn, Leader: lo.Leader, To: to})
		}
	}
	for _, so := range t.Shinobi {
		for _, tg := range so.Targets {
			out = append(out, Order{Side: t.Side, Kind: OrderShinobi, Turn: t.Turn, Mission: so.Mission, Target: tg})
		}
	}
	for _, bo := range t.Banners {
		for _, bu := range bo.Units {
			for _, f := range bu.Facings {
				out = append(out, Order{Unit: bu.Unit, Side: t.Side, Kind: OrderBanner, Turn: t.Turn, Banner: bo.Banner, Facing: f})
			}
		}
	}
	if t.SignalRetreat {
		out = append(out, Order{Side: t.Side, Kind: OrderSignalRetreat, Turn: t.Turn})
	}
	if t.StopBattle {
		out = append(out, Order{Side: t.Side, Kind: OrderStopBattle, Turn: t.Turn})
	}
	return out
}
