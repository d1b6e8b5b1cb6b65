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
// (R-I.4.2), the signal to retreat only once (R-I.4.4); and a banner already
// raised in orders is not offered again (D-26: once a battle).
func Options(b Battle, side Side, turn int, orders []Order, granted CommandResult) OrderTree {
	t := OrderTree{Side: side, Turn: turn}
	if Validate(b, side, turn, orders) != nil || CheckBudget(b, side, turn, orders, granted) != nil {
		return t
	}
	v := View(atCommandPhase(b), side)
	now := func(o Order) bool { return o.Turn == 0 || o.Turn == turn }

	// What the orders already given use up.
	type slots struct {
		phase           [3]bool
		count           int
		alone           bool // forced march, withdraw or shields: the only order
		leader, banners bool
	}
	perUnit := map[string]*slots{}
	armyGiven, signalled := false, false
	moved := map[string]bool{}
	raised := map[string]bool{}
	shinobiUsed := 0
	for _, o := range orders {
		if !now(o) {
			continue
		}
		switch {
		case o.Kind == OrderMoveLeader:
			moved[o.Leader] = true
		case o.Kind == OrderShinobi:
			shinobiUsed++
		case o.Kind == OrderBanner:
			raised[o.Banner] = true
		case o.Kind == OrderSignalRetreat:
			signalled = true
		case o.Kind.ArmyWide():
			armyGiven = true
		case o.Kind.Declaration():
		default:
			s := perUnit[o.Unit]
			if s == nil {
				s = &slots{}
				perUnit[o.Unit] = s
			}
			if o.Phase == 1 || o.Phase == 2 {
				s.phase[o.Phase] = true
			}
			s.count++
			s.alone = s.alone || o.Kind == OrderForcedMarch || o.Kind == OrderWithdraw || o.CarryShields || len(o.SetShields) > 0
		}
	}

	// Whether one more order fits the allowance depends only on its unit
	// and on what it costs (CheckBudget): a Rally (the Calm Rally), another
	// special-cost order, an ordinary-cost one; a leader's move on the
	// leader (a general who moves gives no free order, D-34).
	type costKey struct {
		unit string
		cost int8
	}
	fitCache := map[costKey]bool{}
	fits := func(k costKey, probe Order) bool {
		ok, seen := fitCache[k]
		if !seen {
			probe.Side, probe.Turn = side, turn
			ok = CheckBudget(b, side, turn, append(orders[:len(orders):len(orders)], probe), granted) == nil
			fitCache[k] = ok
		}
		return ok
	}
	unitFits := func(u string, k OrderKind, c Class, phase int) bool {
		switch {
		case k.Free():
			return true
		case k == OrderRally:
			return fits(costKey{u, 2}, Order{Unit: u, Kind: OrderRally, Class: Special, Phase: phase})
		case k.Special() || c == Special:
			return fits(costKey{u, 1}, Order{Unit: u, Kind: OrderHold, Class: Special, Phase: phase})
		}
		return fits(costKey{u, 0}, Order{Unit: u, Kind: OrderWait, Class: Ordinary, Phase: phase})
	}

	var enemies []string // the enemy units the side sees
	for i := range v.Units {
		if e := &v.Units[i]; e.Side != side && e.Active() {
			enemies = append(enemies, e.ID)
		}
	}

	for i := range v.Units {
		u := &v.Units[i]
		if u.Side != side || !u.Active() {
			continue
		}
		s := perUnit[u.ID]
		if s == nil {
			s = &slots{}
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
			info := orderTable[k]
			if !info.supported || info.armyWide || info.declaration {
				continue
			}
			if phase == 2 && (k == OrderForcedMarch || k == OrderWithdraw) {
				continue // the unit's only order (D-39, R-II.10.3)
			}
			var classes []Class
			cands := []Class{Ordinary, Special} // R-VI.3.7
			if k.Special() {
				cands = []Class{Special}
			} else if k.Free() {
				cands = []Class{Ordinary}
			}
			for _, c := range cands {
				if unitFits(u.ID, k, c, phase) {
					classes = append(classes, c)
				}
			}
			if len(classes) == 0 {
				continue
			}
			var choices []Choice
			for _, ch := range unitChoices(&v, u, k, enemies) {
				if phase == 2 && (ch.CarryShields || len(ch.SetShields) > 0) {
					continue // R-II.9.5
				}
				o := Order{Unit: u.ID, Side: side, Kind: k, Class: classes[0], Phase: phase, Turn: turn,
					Target: ch.Target, Facing: ch.Facing, Steps: ch.Steps,
					CarryShields: ch.CarryShields, SetShields: ch.SetShields}
				if checkOrder(&v, u, o) == nil {
					choices = append(choices, ch)
				}
			}
			if len(choices) > 0 {
				uo.Kinds = append(uo.Kinds, KindOptions{Kind: k, Classes: classes, Phases: []int{phase}, Choices: choices})
			}
		}
		if len(uo.Kinds) > 0 {
			t.Units = append(t.Units, uo)
		}
	}

	// Army-wide orders, once a turn (R-VI.4.1).
	if !armyGiven {
		for _, k := range []OrderKind{OrderGeneralAdvance, OrderGeneralRetreat} {
			o := Order{Side: side, Kind: k, Phase: 1, Turn: turn}
			if fits(costKey{"", int8(3 + k)}, o) {
				t.ArmyWide = append(t.ArmyWide, o)
			}
		}
	}

	// Leader moves (R-III.6).
	for _, l := range v.Leaders {
		if l.Side != side || moved[l.ID] {
			continue
		}
		lo := LeaderOptions{Leader: l.ID}
		dests := []string{AtHQ, AtReserve}
		for i := range v.Units {
			if w := &v.Units[i]; w.Side == side && w.Active() {
				dests = append(dests, w.ID)
			}
		}
		for _, to := range dests {
			o := Order{Side: side, Kind: OrderMoveLeader, Turn: turn, Leader: l.ID, To: to}
			if checkLeaderMove(&v, side, o, map[string]bool{}) == nil {
				lo.To = append(lo.To, to)
			}
		}
		if len(lo.To) > 0 && fits(costKey{"leader:" + l.ID, 9}, Order{Kind: OrderMoveLeader, Leader: l.ID, To: lo.To[0]}) {
			t.Leaders = append(t.Leaders, lo)
		}
	}

	// A shinobi's mission (R-V.6.1).
	if shinobiUsed+1 <= v.Shinobi[side] {
		for _, m := range []string{MissionSignals, MissionPanic, MissionSabotage, MissionInterception} {
			so := ShinobiOptions{Mission: m}
			if m == MissionInterception {
				so.Targets = []string{""}
			} else {
				so.Targets = slices.Clone(enemies)
			}
			if len(so.Targets) > 0 {
				t.Shinobi = append(t.Shinobi, so)
			}
		}
	}

	// Banners (R-V.7, D-26).
	seen := map[string]bool{}
	for _, bn := range v.Banners[side] {
		if bn.Used || raised[bn.Name] || seen[bn.Name] {
			continue
		}
		seen[bn.Name] = true
		bo := BannerOptions{Banner: bn.Name}
		for i := range v.Units {
			u := &v.Units[i]
			if u.Side != side || !u.Active() {
				continue
			}
			if checkBanner(&v, side, u, Order{Unit: u.ID, Kind: OrderBanner, Banner: bn.Name}) != nil {
				continue
			}
			bu := BannerUnit{Unit: u.ID, Facings: []*Dir{nil}}
			if bn.Name == BannerPhoenix && u.Routing() {
				for _, d := range Dirs() {
					if d != side.EnemyEdge() {
						bu.Facings = append(bu.Facings, &d)
					}
				}
			}
			bo.Units = append(bo.Units, bu)
		}
		if len(bo.Units) > 0 {
			t.Banners = append(t.Banners, bo)
		}
	}

	t.SignalRetreat = !signalled && b.Outcome == Ongoing && b.Chronicle.Signal[side] == 0
	t.StopBattle = b.OfferStands(side)
	return t
}

// unitChoices lists the choices worth trying for a unit's order of kind k:
// every field the order may carry, in every combination; checkOrder then
// keeps the legal ones.
func unitChoices(v *Battle, u *Unit, k OrderKind, enemies []string) []Choice {
	targets := []string{""}
	if k == OrderShoot || k == OrderVolley {
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
