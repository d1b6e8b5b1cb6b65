package engine

import (
	"cmp"
	"fmt"
	"slices"
)

// traitCunningPlan is the trait key of Cunning plan (R-III.4.5, R-V.5.3).
const traitCunningPlan = "cunning_plan"

// CheckBudget checks the orders a side has given so far for a turn against
// its command roll (R-V.1.1, R-V.2) and the extra orders it is entitled to
// (R-V.5, D-34). b is the battle at the start of the command phase, turn the
// turn being ordered; an HQ whose cell an enemy unit holds then is taken as
// destroyed, as that phase begins by destroying it (R-III.1.6). It returns nil if the orders fit. It is pure and
// deterministic, and the result does not depend on the order of orders.
//
// Which orders are counted: those with o.Side == side and Turn 0 or turn
// (the current turn), and the Cunning-plan order (Turn == turn+1). Orders of
// any other turn are ignored. Whether each order is legal for its unit
// (ownership, the 2-order limit, R-VI.1.2) is Validate's business, not this
// function's.
//
// What an order costs (R-VI.1.5, R-VI.3.7, D-34):
//   - a special order by nature (OrderKind.Special) or any order with Class
//     Special needs a special slot; any other order an ordinary slot. Class
//     is the slot the player spends: an ordinary order carried by a special
//     slot (R-VI.3.7) is given with Class Special, and a special order
//     played in the ordinary sequence still costs a special slot. R-VI.3.7
//     also lets an ordinary order carried by a special slot run in the
//     ordinary sequence: an ordinary-class order beyond the ordinary slots
//     therefore takes a spare special slot, and runs where the player put it;
//   - an army-wide order (R-VI.4.1, R-III.1.3, D-34) needs an ordinary slot if
//     the side's commander is in an intact HQ and not wounded twice, else a
//     special slot (commander in a unit or the reserve, HQ destroyed,
//     commander lost: D-23).
//
// Free orders, matched automatically to the orders they fit (the player never
// says which slot pays):
//   - the Calm Rally (R-II.8.1, D-43): the first Rally of a yamabushi unit
//     of the side that is routing at the start of the turn;
//   - the general's free special order (R-III.2.2, R-V.5.2, D-34): one per
//     unit led by a general who is not captured, killed or wounded twice,
//     unless a commander is in that unit (R-III.2.5) or it is a minor-clan
//     unit (R-III.2.7, D-33); two generals in one unit still give one (only 1
//     leader in a unit gives it a bonus, R-III.2.5). Like any special slot
//     it may carry an ordinary order, at the special position (Class
//     Special) or at the ordinary one (R-VI.3.7), so it pays for one order
//     of that unit, a special-cost one if the unit has any, never for an
//     army-wide order.
//     D-34 also requires that the general did not move this command
//     phase (R-III.6.7, D-21); leader moves are not modelled yet, so a
//     general is taken to be where Battle.Leaders puts him;
//   - the minor clan's extra ordinary order (R-V.5.1, D-33): one per turn,
//     only for an ordinary-cost order of a unit with MinorClan set. The state
//     does not say which clan a unit belongs to, so one allied minor clan is
//     modelled: all MinorClan units share this one extra order;
//   - the Cunning-plan order (R-V.5.3, D-25): an order with Turn == turn+1,
//     for the next turn. It costs nothing now: it counts toward that unit's
//     2-order limit next turn, which Validate of that turn checks. At most
//     one per turn, only to a unit (not army-wide), ordinary (D-25's default
//     traits.cunning_plan.kind=ordinary; with special it may be special), and
//     only while a leader of the side with the trait is active: a commander
//     not captured, killed or wounded twice (R-III.4.2, D-23), or a general
//     in an intact HQ (R-III.4.3). As for the general's order, whether the
//     leader moved this phase is not checked yet.
//
// Problems: more special-cost orders left than granted special slots, or
// more ordinary-cost orders left than granted ordinary slots, is
// ProbOverBudget with Rule R-V.1.1 and Arg "special" or "ordinary".
// A Cunning-plan order without an active Cunning-plan leader, or an
// army-wide one, is ProbWrongTurn (Arg the next turn); a second one is
// ProbOverBudget with Rule R-V.5.3 and Arg "cunning_plan"; a special one is
// ProbOverBudget with Rule D-25 and Arg "special".
//
// Why the greedy assignment (Calm, general, minor clan, then the roll) is
// optimal: the roll's orders fit when the special-cost orders left are at
// most its special slots and all the orders left at most all its slots
// (spare special slots carry ordinary orders, R-VI.3.7). Freeing a
// special-cost order lowers both counts, an ordinary-cost one only the
// second, so a free slot that may take either takes a special-cost one. The
// Calm slot takes a Rally of one unit, the general's slot any order of one
// unit (special-cost first), the minor-clan slot an ordinary-cost order of
// a minor-clan unit. The only overlap is a general in the routing yamabushi
// unit, where Calm's orders are a subset of the general's, so filling the
// narrower slot first loses nothing; a general's unit is never a minor-clan
// unit. So the slots never compete for an order, and each takes the order
// that spares the roll the most.
func CheckBudget(b Battle, side Side, turn int, orders []Order, granted CommandResult) *Problem {
	special, ordinary, p := spent(b, side, turn, orders)
	switch {
	case p != nil:
		return p
	case special > granted.Special:
		return &Problem{Code: ProbOverBudget, Rule: "R-V.1.1", Arg: "special"}
	case ordinary > granted.Ordinary+granted.Special-special:
		// Spare special slots carry the ordinary orders beyond the ordinary
		// slots (R-VI.3.7).
		return &Problem{Code: ProbOverBudget, Rule: "R-V.1.1", Arg: "ordinary"}
	}
	return nil
}

// Allowance is what is left of a side's command roll once its orders are
// paid for (R-V.1.1): ordinary and special slots. Spare special slots carry
// ordinary orders beyond the ordinary ones (R-VI.3.7), so an ordinary
// order given when no ordinary slot is left takes a special one.
type Allowance struct {
	Ordinary int `json:"ordinary"`
	Special  int `json:"special"`
}

// AllowanceLeft is the allowance the orders leave of granted, counted as
// CheckBudget counts them (free orders cost nothing). Orders over the
// budget give the problem CheckBudget gives, and a zero allowance.
func AllowanceLeft(b Battle, side Side, turn int, orders []Order, granted CommandResult) (Allowance, *Problem) {
	if p := CheckBudget(b, side, turn, orders, granted); p != nil {
		return Allowance{}, p
	}
	special, ordinary, _ := spent(b, side, turn, orders)
	left := Allowance{Ordinary: granted.Ordinary - ordinary, Special: granted.Special - special}
	if left.Ordinary < 0 {
		left.Special += left.Ordinary // the spare special slots that carry them
		left.Ordinary = 0
	}
	return left, nil
}

// spent counts the special-cost and ordinary-cost orders the command roll
// must pay for, once the free orders are matched (see CheckBudget).
func spent(b Battle, side Side, turn int, orders []Order) (special, ordinary int, prob *Problem) {
	// An HQ the enemy holds at the start of the command phase has fallen
	// and its leaders are in the reserve (R-III.1.6): army-wide orders cost
	// a special order, and a general who was in it has no Cunning plan.
	// Then, as Validate, only what the side may see counts: an order naming
	// an enemy unit hidden in a forest costs what one naming no unit costs
	// (R-XI.3.2, D-67).
	b = View(atCommandPhase(b), side)
	// Made here, not in the stages, so that they stay on the stack.
	moving := map[string]bool{} // leaders who move this command phase
	own, plan := costedOrders(make([]Order, 0, len(orders)), side, turn, orders, moving)
	if p := checkCunningPlan(&b, side, turn, plan); p != nil {
		return 0, 0, p
	}
	py := payment{b: &b, side: side, own: own, free: make([]bool, len(own)), commanderInHQ: commanderInHQ(&b, side)}
	py.calmRally()
	py.generals(moving)
	py.minorClan()
	if p := py.minorClanOnly(); p != nil {
		return 0, 0, p
	}
	special, ordinary = py.count()
	return special, ordinary, nil
}

// costedOrders are the side's orders that may cost an order of the roll:
// own, of this turn (appended to own), and plan, the Cunning-plan orders
// for the next, each sorted so that every choice after is independent of
// the order in which the orders were given. It marks in moving the side's
// leaders who move this command phase.
func costedOrders(own []Order, side Side, turn int, orders []Order, moving map[string]bool) (_, plan []Order) {
	for _, o := range orders {
		if o.Kind == OrderMoveLeader && o.Side == side && (o.Turn == 0 || o.Turn == turn) {
			moving[o.Leader] = true
		}
		if o.Side != side || o.Kind.Free() {
			// Withdrawing (R-II.10.3), declarations and leader moves cost no
			// order (D-34).
			continue
		}
		switch o.Turn {
		case 0, turn:
			own = append(own, o)
		case turn + 1:
			plan = append(plan, o)
		}
	}
	slices.SortStableFunc(own, cmpOrders)
	slices.SortStableFunc(plan, cmpOrders)
	return own, plan
}

// payment matches the free orders to the orders of a turn (see
// CheckBudget): free[i] is whether own[i] is paid for without the roll.
type payment struct {
	b             *Battle
	side          Side
	own           []Order
	free          []bool
	commanderInHQ bool
}

// commanderInHQ reports whether side's commander is in an intact HQ and
// fit to command (R-III.1.3, D-23).
func commanderInHQ(b *Battle, side Side) bool {
	in := false
	for _, l := range b.Leaders {
		if l.Side == side && l.Role == Commander && l.At == AtHQ && leaderFit(l) && b.HQIntact(side) {
			in = true
		}
	}
	return in
}

// needsSpecial reports whether o costs a special order: an army-wide one
// when the commander is not in an intact HQ (R-III.1.3, R-VI.4.1, D-34),
// else a special one by nature or by slot.
func (py *payment) needsSpecial(o Order) bool {
	if o.Kind.ArmyWide() {
		return !py.commanderInHQ // R-III.1.3, R-VI.4.1, D-34
	}
	return o.Kind.Special() || o.Class == Special
}

// take frees the first order not yet free that ok accepts.
func (py *payment) take(ok func(Order) bool) bool {
	for i, o := range py.own {
		if !py.free[i] && ok(o) {
			py.free[i] = true
			return true
		}
	}
	return false
}

// calmRally frees the Calm Rally (R-II.8.1, D-43).
func (py *payment) calmRally() {
	for _, u := range py.b.Units {
		if u.Side == py.side && u.Type == Yamabushi && u.Routing() {
			py.take(func(o Order) bool { return o.Unit == u.ID && o.Kind == OrderRally })
		}
	}
}

// generals frees the general's free special order (R-III.2.2, R-V.5.2,
// D-34), of the generals who do not move: a special slot, it carries any
// order of his unit, an ordinary one too, at either position (R-VI.3.7).
// It pays for a special-cost order first: that spares the roll a special
// slot, which could have carried an ordinary order as well.
func (py *payment) generals(moving map[string]bool) {
	for _, id := range generalUnits(py.b, py.side, moving) {
		if !py.take(func(o Order) bool { return o.Unit == id && !o.Kind.ArmyWide() && py.needsSpecial(o) }) {
			py.take(func(o Order) bool { return o.Unit == id && !o.Kind.ArmyWide() })
		}
	}
}

// minorClan frees the minor clan's extra ordinary order (R-V.5.1, D-33).
func (py *payment) minorClan() {
	py.take(func(o Order) bool {
		if o.Kind.ArmyWide() || py.needsSpecial(o) {
			return false
		}
		u := py.b.Unit(o.Unit)
		return u != nil && u.Side == py.side && u.MinorClan
	})
}

// minorClanOnly refuses, under minor_clan.main_orders=false, an order of
// the command roll to a minor-clan unit: it takes only its clan's extra
// order (D-33).
func (py *payment) minorClanOnly() *Problem {
	if !py.b.Settings.MinorClanNoMainOrders {
		return nil
	}
	for i, o := range py.own {
		if u := py.b.Unit(o.Unit); !py.free[i] && u != nil && u.MinorClan {
			return &Problem{Code: ProbOverBudget, Rule: "D-33", Unit: o.Unit, Arg: "minor_clan"}
		}
	}
	return nil
}

// count is what the orders not freed cost the roll.
func (py *payment) count() (special, ordinary int) {
	for i, o := range py.own {
		switch {
		case py.free[i]:
		case py.needsSpecial(o):
			special++
		default:
			ordinary++
		}
	}
	return special, ordinary
}

// checkCunningPlan checks the orders given now for the next turn (R-V.5.3,
// D-25); plan is sorted.
func checkCunningPlan(b *Battle, side Side, turn int, plan []Order) *Problem {
	if len(plan) == 0 {
		return nil
	}
	next := fmt.Sprint(turn + 1)
	if !cunningPlanActive(b, side) {
		return &Problem{Code: ProbWrongTurn, Rule: "R-V.5.3", Unit: plan[0].Unit, Arg: next}
	}
	for _, o := range plan {
		if o.Kind.ArmyWide() || o.Unit == "" {
			// D-25: the order goes to one of the side's units.
			return &Problem{Code: ProbWrongTurn, Rule: "D-25", Arg: next}
		}
	}
	if len(plan) > 1 {
		return &Problem{Code: ProbOverBudget, Rule: "R-V.5.3", Arg: "cunning_plan"}
	}
	if o := plan[0]; (o.Kind.Special() || o.Class == Special) && !b.Settings.CunningPlanSpecial {
		// D-25: the extra order is ordinary unless
		// traits.cunning_plan.kind=special.
		return &Problem{Code: ProbOverBudget, Rule: "D-25", Unit: o.Unit, Arg: "special"}
	}
	return nil
}

// cunningPlanActive reports whether a leader of the side has Cunning plan in
// effect: a commander whose traits apply (R-III.4.2: not in the reserve
// because of wounds; D-23: not lost), or a general in an intact HQ
// (R-III.4.3).
func cunningPlanActive(b *Battle, side Side) bool {
	for _, l := range b.Leaders {
		if l.Side != side || !leaderFit(l) || !slices.Contains(l.Traits, traitCunningPlan) {
			continue
		}
		if l.Role == Commander || (l.At == AtHQ && b.HQIntact(side)) {
			return true
		}
	}
	return false
}

// generalUnits lists, sorted and without repeats, the units of the side
// whose general gives a free special order (R-III.2.2, R-III.2.5,
// R-III.2.7, D-34).
func generalUnits(b *Battle, side Side, moving map[string]bool) []string {
	var ids []string
	for _, g := range b.Leaders {
		if g.Side != side || g.Role != General || !leaderFit(g) || moving[g.ID] {
			continue // a general who moves this command phase gives no order (D-34)
		}
		u := b.Unit(g.At)
		if u == nil || u.Side != side || u.MinorClan {
			continue
		}
		if slices.ContainsFunc(b.Leaders, func(c Leader) bool {
			return c.Side == side && c.Role == Commander && c.At == u.ID && leaderPresent(c)
		}) {
			continue
		}
		ids = append(ids, u.ID)
	}
	slices.Sort(ids)
	return slices.Compact(ids)
}

// leaderPresent reports whether a leader is still with the army (neither
// captured nor killed).
func leaderPresent(l Leader) bool { return l.Health == LeaderOK || l.Health == LeaderWounded }

// leaderFit reports whether a leader can still lead, give orders and use his
// traits: present and not wounded twice (R-III.3.6, D-23).
func leaderFit(l Leader) bool { return leaderPresent(l) && l.Wounds < 2 }

// cmpOrders orders orders by every field that matters to CheckBudget.
func cmpOrders(a, b Order) int {
	switch {
	case a.Unit != b.Unit:
		return cmp.Compare(a.Unit, b.Unit)
	case a.Phase != b.Phase:
		return a.Phase - b.Phase
	case a.Kind != b.Kind:
		return int(a.Kind) - int(b.Kind)
	case a.Class != b.Class:
		return int(a.Class) - int(b.Class)
	}
	return a.Turn - b.Turn
}
