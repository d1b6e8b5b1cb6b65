package engine

import (
	"slices"
	"strings"
)

// OrderErrors is the error ResolveTurn returns when the orders break a rule
// of order-giving; the bot shows each Problem to the player in their language.
type OrderErrors []*Problem

func (e OrderErrors) Error() string {
	parts := make([]string, len(e))
	for i, p := range e {
		parts[i] = p.Error()
	}
	return "illegal orders: " + strings.Join(parts, "; ")
}

// actKind is one elementary action of a unit within a phase.
type actKind int8

const (
	actMove actKind = iota // forward into the front cell (R-T.2.3); may be an attack
	actRetreat
	actWheel
	actSidestep
	actRally
	actShoot
)

// action is the next thing a unit will do in the current phase.
type action struct {
	kind   actKind
	class  Class
	order  OrderKind
	turnTo Dir // wheel and rally: the new facing; sidestep: the direction of the step
	// gallopFirst marks the first move/wheel of a non-fatigued cavalry order,
	// which runs at P3 (R-II.2.2, D-40).
	gallopFirst bool
	// target is the unit a shooting order aims at; -1 lets the shooter pick
	// by R-VI.5.6 (General advance, D-41).
	target int
	// Portable shields (R-II.9.4): carried along by a move or retreat, or
	// set on new sides of the cell by a wheel or rally.
	carryShields bool
	setShields   uint8
	// turnFirst: a unit of 1-2 figures turns to turnTo, then moves, as one
	// action (R-II.10.5, D-43).
	turnFirst bool
}

// moveDir is the direction unit i's pending move goes: its facing, or the
// facing it turns to first (R-II.10.5).
func (r *resolver) moveDir(i int) Dir {
	if a := r.head(i); a != nil {
		return a.moveDir(r.b.Units[i].Facing)
	}
	return r.b.Units[i].Facing
}

// moveDir is the direction a move goes for a unit facing f: f, or the facing
// a unit of 1-2 figures turns to first (R-II.10.5).
func (a *action) moveDir(f Dir) Dir {
	if a.turnFirst {
		return a.turnTo
	}
	return f
}

// dest is the cell a move, retreat or sidestep takes a unit standing in c
// facing f into: forward (R-VI.2.5), back keeping its facing (R-VI.2.6),
// sideways (R-VI.2.8). Other actions leave it in c.
func (a *action) dest(c Cell, f Dir) Cell {
	switch a.kind {
	case actMove:
		return FrontCell(c, a.moveDir(f))
	case actRetreat:
		return RearCell(c, f)
	case actSidestep:
		return c.Add(a.turnTo.Vec())
	}
	return c
}

// bansExposure reports whether the action may not expose a flank or rear to
// an enemy's front: ordinary orders on the ordinary ladder, army-wide orders
// included; not special orders, even played in the ordinary sequence, nor
// ordinary orders played in the special one (R-VI.1.6, R-VI.1.7, R-VI.3.7,
// D-37).
func (a *action) bansExposure() bool { return a.class == Ordinary && !a.order.Special() }

// unitTurn is what the resolver tracks for one unit during a turn.
type unitTurn struct {
	orders  [3]*Order // by phase (index 1 and 2)
	queue   []action  // this phase's remaining actions
	hadPlan bool      // the unit had an order for this phase

	planned []action // this phase's actions as planned (D-62 asks whether they include a move)

	pushedBack  bool // R-VII.3.5: no further orders or initiative this turn
	noInitTurn  bool // no initiative for the rest of the turn (R-IX.2.1 with a phase-2 Retreat kept)
	noInitPhase bool // no initiative this phase (attacked and held, R-VII.3.4; in a fight)
	acted       bool // executed its action this phase (or fired): no initiative
	cancelled   bool // this phase's order was cancelled as impossible: initiative applies
	waited      bool // Wait: no Turn to face (R-VI.2.11)
	attacked    bool // attacked this phase
	rerouted    bool // routed again this phase: no P10 flight (D-56)
	haltAfter   bool // R-IX.3.2: makes its pending move out of the fire zone, then stops
	stepsDone   int  // actions of this phase's order already made (D-64)

	phaseLoss int // figures lost this phase, shooting included (R-IX.5.1)
	shotLoss  int // figures lost to shooting this phase (R-IX.2, R-IX.3, D-62)
	moves     int // moves and wheels executed this turn (Fatigue, D-40)
	routs     int // times routed this turn (the rout roll, R-III.3.3)
	excess    int // damage beyond its figures when destroyed (R-III.3.4)
	inCombat  bool
	panic     int // shinobi spreading panic on it: -1 St and Imp each (R-V.6.3)
	advance   bool
	army      bool // the army-wide order in force fills its phase 1 (D-41)
}

// mayAct reports whether unit i acts by initiative now (R-VI.1.4, R-VI.5.1,
// D-44): on the field and not routing, with no order this phase or one that
// was cancelled (or a Wait), and nothing that took its initiative away.
func (r *resolver) mayAct(i int) bool {
	u := &r.b.Units[i]
	t := &r.u[i]
	if !u.Active() || u.Routing() || t.pushedBack || t.noInitTurn || t.noInitPhase || t.acted || len(t.queue) > 0 {
		return false
	}
	return !t.hadPlan || t.cancelled || t.waited
}

type resolver struct {
	b     Battle
	d     Dice
	ev    []Event
	u     []unitTurn
	phase int
	step  string
	ended bool

	broken  []breakage // friends broken, waiting for Peasants (D-58)
	passed  []passage  // friends that routed through ashigaru
	fleeing int        // the unit in flight now (its break was recorded where the rout began), or -1
	orders  []Order    // the turn's orders, as given

	// Blocks the turn's small slices are carved from (chunks): the dice of
	// each roll, each unit's orders and planned actions.
	dice  chunks[int]
	acts  chunks[action]
	ords  chunks[Order]
	parts chunks[participant]
	// leaderLists: the leaders of each participant of a combat.
	leaderLists chunks[[]int]
	plans       []action // plan's scratch, copied out by beginPhase
	// Reused by every ladder step (steps never nest): the units of a
	// step, those acting in a sub-step, its movers and shooters.
	who              []int
	acting           unitSet
	mv               moves
	movers, shooters []int
	// terms: the CombatTerms of the events (newTerms), which keep them.
	terms chunks[CombatTerms]

	// frame, if set, is called at each step boundary: before an execution
	// phase begins and after each ladder step (ResolveFrames).
	frame func(r *resolver)

	cells cellIndex // units by cell and by ID (cells.go)
}

// ResolveTurn resolves battle turn b.Turn+1 with the orders of both sides and
// returns the new state and what happened. b is not modified. The same
// inputs give the same outputs, whatever the order of the orders. The
// orders must be legal as Validate checks them, against what each side
// sees (an order naming a unit hidden from its side is refused; Admit
// drops it); the turn itself is resolved on the whole battle.
func ResolveTurn(b Battle, orders []Order, d Dice) (Battle, []Event, error) {
	return resolveTurn(b, orders, d, nil)
}

// resolveTurn is ResolveTurn, calling frame (if not nil) at each step
// boundary of the turn.
func resolveTurn(b Battle, orders []Order, d Dice, frame func(r *resolver)) (Battle, []Event, error) {
	turn := b.Turn + 1
	var probs OrderErrors
	for _, side := range []Side{North, South} {
		probs = append(probs, Validate(b, side, turn, ordersOf(orders, side))...)
	}
	if len(probs) > 0 {
		return b, nil, probs
	}
	r := getResolver(b.Clone(), d, frame)
	r.begin(orders)
	for phase := 1; phase <= 2 && !r.ended; phase++ {
		r.runPhase(phase)
	}
	r.endOfTurn()
	if !r.ended {
		r.endOfBattle(orders)
	}
	// The events were appended to the pooled resolver's buffer: the
	// caller gets them in a slice of its own, of their exact length (how
	// many a turn emits varies too much to guess the room up front).
	next, events := r.b, make([]Event, len(r.ev))
	copy(events, r.ev)
	putResolver(r)
	return next, events, nil
}

// ordersOf is the orders of one side, in their order: a part of orders if
// they are grouped by side (as the bot and the simulations give them), a
// copy otherwise. Validate only reads them.
func ordersOf(orders []Order, side Side) []Order {
	first, last, n := -1, -1, 0
	for k := range orders {
		if orders[k].Side == side {
			if first < 0 {
				first = k
			}
			last = k
			n++
		}
	}
	if n == 0 {
		return nil
	}
	if last-first+1 == n {
		return orders[first : last+1 : last+1]
	}
	mine := make([]Order, 0, n)
	for _, o := range orders {
		if o.Side == side {
			mine = append(mine, o)
		}
	}
	return mine
}

// begin starts turn r.b.Turn+1 with the orders, which Validate has
// accepted: each unit's orders by phase, then what comes before phase 1
// (the HQs overrun, the leaders' moves, the army-wide orders, the shinobi,
// startOfTurn). r.b is the resolver's own copy; r.u is reused if it has
// room.
func (r *resolver) begin(orders []Order) {
	r.b.Turn++
	turn := r.b.Turn
	r.orders = orders
	// r.b may be a new battle in a reused resolver (Odds): its indexes are
	// built anew on first use.
	r.cells.built, r.cells.idsBuilt = false, false
	// The orders as given are pointed to, not copied: the resolver never
	// writes through an order. What it makes of its own (a forced march's
	// second step, the army-wide orders of beginPhase, orders moved to
	// phase 2 by attackedAndHeld) comes from small blocks.
	r.ords.size = 8
	// Combats are few and have few participants: small blocks.
	r.parts.size, r.leaderLists.size = 8, 8
	if cap(r.u) >= len(r.b.Units) {
		r.u = r.u[:len(r.b.Units)]
		clear(r.u)
	} else {
		r.u = make([]unitTurn, len(r.b.Units))
	}
	for k := range orders {
		o := &orders[k]
		if (o.Turn != 0 && o.Turn != turn) || o.Unit == "" {
			continue // army-wide orders and declarations: armyOrders, endOfBattle
		}
		i := r.index(o.Unit)
		r.u[i].orders[o.Phase] = o
		if o.Kind == OrderForcedMarch {
			second := r.ords.one() // its second step fills phase 2 (D-39)
			*second = *o
			second.Phase = 2
			r.u[i].orders[2] = second
		}
	}
	r.hqOverrun()
	r.moveLeaders(orders)
	r.armyOrders(orders)
	r.shinobiMissions(orders)
	r.startOfTurn()
}

func (r *resolver) emit(e Event) {
	e.Turn = r.b.Turn
	e.Phase = r.phase
	e.Step = r.step
	r.ev = append(r.ev, e)
}

// roll rolls n dice for key, as rule asks, and counts those >= target.
func (r *resolver) roll(key, rule string, n, target int) (dice []int, hits int) {
	dice = r.dice.take(n)
	for k := range dice {
		v := r.d.Roll(key)
		dice[k] = v
		if v >= target {
			hits++
		}
	}
	if n > 0 {
		r.emit(Event{Kind: EvRoll, Rule: rule, Key: key, Dice: dice, Value: hits, Need: target})
	}
	return dice, hits
}

// startOfTurn applies what orders do at once when given: an order to move
// ends Hold at all costs (R-VI.3.3, D-42).
func (r *resolver) startOfTurn() {
	for i := range r.b.Units {
		if o := r.u[i].orders[1]; o != nil && o.Kind == OrderWithdraw {
			r.withdraw(i)
			continue
		}
		for _, o := range r.u[i].orders {
			if o == nil {
				continue
			}
			if o.CarryShields || len(o.SetShields) > 0 {
				r.u[i].noInitTurn = true // R-II.9.5: no initiative that turn
			}
			if o.Kind.EndsHold() {
				r.b.Units[i].Hold = false
			}
		}
	}
}

func (r *resolver) runPhase(phase int) {
	r.boundary()
	r.beginPhase(phase)
	for _, row := range ladder {
		if r.ended {
			return
		}
		r.runRow(row)
		r.boundary()
	}
}

// boundary marks the end of a stretch of the turn for ResolveFrames.
func (r *resolver) boundary() {
	if r.frame != nil {
		r.frame(r)
	}
}

// beginPhase starts an execution phase: each unit's order of the phase
// becomes its actions (plan), and what it carried from the last phase is
// reset.
func (r *resolver) beginPhase(phase int) {
	r.phase = phase
	r.step = ""
	r.emit(Event{Kind: EvPhase, Rule: "R-VII.1.1"})
	if phase == 1 {
		r.raiseBanners(r.orders)
	}
	for i := range r.u {
		t := &r.u[i]
		t.queue, t.hadPlan = nil, false
		t.noInitPhase, t.cancelled, t.waited, t.attacked, t.rerouted = false, false, false, false, false
		t.acted, t.haltAfter, t.stepsDone = false, false, 0
		t.phaseLoss, t.shotLoss = 0, 0
		t.planned = nil
		if t.pushedBack || !r.b.Units[i].Active() {
			continue
		}
		if phase == 1 && t.orders[1] == nil && t.army && !r.b.Units[i].Routing() {
			u := &r.b.Units[i]
			o := r.ords.one()
			*o = Order{Unit: u.ID, Side: u.Side, Kind: *r.b.ArmyWide[u.Side], Class: Ordinary, Phase: 1}
			t.orders[1] = o
		}
		if o := t.orders[phase]; o != nil {
			t.hadPlan = true
			// The queue is consumed as the phase goes; planned keeps the plan.
			r.plans = r.plan(r.plans[:0], i, o)
			t.queue = r.acts.clone(r.plans)
			t.planned = r.acts.clone(r.plans)
			if o.Kind == OrderWait {
				t.waited = true
				r.emit(Event{Kind: EvWaited, Rule: "R-VI.2.11", Unit: r.b.Units[i].ID})
			}
		}
	}
}

// runRow runs one step of the priority ladder (R-VII.2), then checks for a
// complete defeat.
func (r *resolver) runRow(row ladderRow) {
	r.step = row.id
	if row.run != nil {
		row.run(r)
	} else {
		for _, class := range []Class{Special, Ordinary} {
			who := r.who[:0]
			for i := range r.b.Units {
				if a := r.head(i); a != nil && a.class == class && row.match(r, i, a) {
					who = append(who, i)
				}
			}
			r.who = who
			if len(who) > 0 {
				r.emit(Event{Kind: EvStep, Rule: row.rule, Detail: class.String()})
				r.runSubStep(who)
			}
		}
	}
	r.checkCompleteDefeat()
}

// head is unit i's next action this phase, if it can still act.
func (r *resolver) head(i int) *action {
	t := &r.u[i]
	if len(t.queue) == 0 || t.pushedBack || !r.b.Units[i].Active() {
		return nil
	}
	return &t.queue[0]
}

// plan turns an order into this phase's elementary actions: planOrder's,
// with what depends on the turn so far: the second step of a forced march,
// the army-wide orders, the unit a shot aims at.
func (r *resolver) plan(dst []action, i int, o *Order) []action {
	u := &r.b.Units[i]
	switch o.Kind {
	case OrderForcedMarch:
		if r.phase == 2 && forcedMarchHalts(&r.b, u) {
			r.u[i].cancelled = true
			return nil
		}
	case OrderGeneralAdvance, OrderGeneralRetreat:
		return r.armyPlan(dst, i, orderAction(o))
	}
	acts := appendPlan(dst, u, o)
	if o.Kind.Shoots() {
		acts[len(dst)].target = r.index(o.Target)
	}
	return acts
}

// orderAction is the action every action of an order starts from.
func orderAction(o *Order) action {
	a := action{class: o.Class, order: o.Kind, target: -1, carryShields: o.CarryShields}
	for _, d := range o.SetShields {
		a.setShields |= 1 << uint(d)
	}
	return a
}

// forcedMarchHalts reports whether the second step of a forced march is not
// made (D-39): shooters with an enemy in front stay and may fire at will;
// anyone else moves, attacking an enemy there.
func forcedMarchHalts(b *Battle, u *Unit) bool {
	if !u.Stats().Shooter {
		return false
	}
	e := b.UnitAt(FrontCell(u.Cell, u.Facing))
	return e != nil && e.Side != u.Side
}

// planOrder is the elementary actions an order of unit u asks for, as
// planned before anything happens: a gallop's steps (R-VI.2.12, R-II.2.2,
// R-II.2.4), a small unit's turn before its move (R-II.10.5), the wheel of
// a Hold (R-VI.3.2). Army-wide orders are not planned here (armyPlan), and
// a shot's target is left to the caller.
func planOrder(u *Unit, o *Order) []action { return appendPlan(nil, u, o) }

// appendPlan appends planOrder's actions to dst.
func appendPlan(dst []action, u *Unit, o *Order) []action {
	st := u.Stats()
	a := orderAction(o)
	if a.setShields != 0 && (o.Kind == OrderWheelLeft || o.Kind == OrderWheelRight) {
		// A Wheel that sets the shields anew need not turn the unit (R-II.9.4).
		a.kind, a.turnTo = actWheel, u.Facing
		return append(dst, a)
	}
	one := func(k actKind, d Dir) []action { a.kind, a.turnTo = k, d; return append(dst, a) }
	if o.Kind == OrderMove && o.Facing != nil {
		// R-II.10.5, D-43: turn to any facing and move, for one order.
		a.kind, a.turnTo, a.turnFirst = actMove, *o.Facing, true
		return append(dst, a)
	}
	switch o.Kind {
	case OrderMove, OrderAdvance, OrderWheelLeft, OrderWheelRight:
		steps := o.Steps
		if len(steps) == 0 {
			switch {
			case o.Kind == OrderWheelLeft:
				steps = []StepKind{StepWheelLeft}
			case o.Kind == OrderWheelRight:
				steps = []StepKind{StepWheelRight}
			case st.Cavalry && !u.Fatigued:
				steps = []StepKind{StepMove, StepMove} // R-VI.2.12: default gallop
			default:
				steps = []StepKind{StepMove}
			}
		}
		out := dst
		facing := u.Facing
		for k, s := range steps {
			b := a
			switch s {
			case StepSkip:
				continue // R-II.2.4: skipping the first move costs nothing
			case StepMove:
				b.kind = actMove
			case StepWheelLeft:
				facing = facing.Left()
				b.kind, b.turnTo = actWheel, facing
			case StepWheelRight:
				facing = facing.Right()
				b.kind, b.turnTo = actWheel, facing
			}
			b.gallopFirst = k == 0 && st.Cavalry && !u.Fatigued
			out = append(out, b)
		}
		return out
	case OrderHold:
		// The bonus comes at P0 (startOfPhase); the wheel, if any, at P8.
		if o.Facing != nil && *o.Facing != u.Facing {
			return one(actWheel, *o.Facing)
		}
		return dst
	case OrderForcedMarch:
		return one(actMove, u.Facing)
	case OrderRetreat:
		return one(actRetreat, u.Facing.Opposite())
	case OrderSidestepLeft:
		return one(actSidestep, u.Facing.Left())
	case OrderSidestepRight:
		return one(actSidestep, u.Facing.Right())
	case OrderRally:
		if o.Facing == nil {
			return one(actRally, u.Facing) // Validate refuses it (R-VI.3.5)
		}
		return one(actRally, *o.Facing)
	case OrderShoot, OrderVolley:
		return one(actShoot, u.Facing)
	}
	return dst // Wait
}

// cancel cancels unit i's order of this phase as impossible (R-VI.1.3): in
// phase 1 the 2nd order goes too, and the unit acts by initiative.
func (r *resolver) cancel(i int, reason, rule string) {
	t := &r.u[i]
	t.queue = nil
	t.cancelled = true
	// The 2nd order goes with the 1st (R-VI.1.3); an army-wide action that
	// cannot be made is only skipped this turn (R-VI.4.7).
	if o := t.orders[r.phase]; r.phase == 1 && (o == nil || !o.Kind.ArmyWide()) {
		t.orders[2] = nil
	}
	r.emit(Event{Kind: EvCancelled, Rule: rule, Unit: r.b.Units[i].ID, Detail: reason})
}

// loseOrders ends unit i's turn: pushed back (R-VII.3.5) and the like.
func (r *resolver) loseOrders(i int, reason, rule string) { r.loseOrdersWith(i, reason, rule, nil) }

// loseOrdersWith is loseOrders with the numbers that decided it, if any.
func (r *resolver) loseOrdersWith(i int, reason, rule string, terms *CombatTerms) {
	t := &r.u[i]
	had := len(t.queue) > 0 || (r.phase == 1 && t.orders[2] != nil)
	t.queue = nil
	t.orders[2] = nil
	t.pushedBack = true
	if had {
		r.emit(Event{Kind: EvOrderLost, Rule: rule, Unit: r.b.Units[i].ID, Detail: reason, Terms: terms})
	}
}

// attackedAndHeld applies R-VII.3.4 (D-48) to a unit that was attacked and
// kept its cell.
func (r *resolver) attackedAndHeld(i int) {
	t := &r.u[i]
	t.noInitPhase = true
	if len(t.queue) == 0 {
		return // already acted: only this phase's initiative is lost
	}
	t.queue = nil
	if r.phase == 1 {
		if o := t.orders[1]; o != nil && !o.Kind.ArmyWide() {
			moved := r.ords.one()
			*moved = *o
			moved.Phase = 2
			t.orders[2] = moved
			r.emit(Event{Kind: EvOrderMoved, Rule: "R-VII.3.4", Unit: r.b.Units[i].ID})
		}
		return
	}
	r.emit(Event{Kind: EvOrderLost, Rule: "R-VII.3.4", Unit: r.b.Units[i].ID, Detail: "attacked"})
}

// endOfTurn sets fatigue for the next turn (R-II.2.5, D-40).
func (r *resolver) endOfTurn() {
	for i := range r.b.Units {
		u := &r.b.Units[i]
		tired := u.Stats().Cavalry && r.u[i].moves >= 4
		if tired && !u.Fatigued {
			r.emit(Event{Kind: EvFatigued, Rule: "R-II.2.5", Unit: u.ID})
		}
		u.Fatigued = tired
	}
}

// checkCompleteDefeat ends the battle when a side has no non-routing unit
// on the field (R-I.4.1, D-05); checked after every ladder step.
func (r *resolver) checkCompleteDefeat() {
	// A side that never had a unit (a position set up to test one army)
	// is not defeated.
	var standing, fielded [2]int
	for i := range r.b.Units {
		u := &r.b.Units[i]
		fielded[u.Side]++
		if u.Active() && !u.Routing() {
			standing[u.Side]++
		}
	}
	lost := func(s Side) bool { return fielded[s] > 0 && standing[s] == 0 }
	var out Outcome
	switch {
	case lost(North) && lost(South):
		out = Draw
	case lost(North):
		out = SouthTotalVictory
	case lost(South):
		out = NorthTotalVictory
	default:
		return
	}
	r.b.Outcome = out
	r.ended = true
	r.emit(Event{Kind: EvOutcome, Rule: "R-I.4.1", Detail: out.String()})
}

// cellLess orders cells north to south, west to east: a stable order for
// simultaneous events that does not depend on unit names.
func cellLess(a, b Cell) bool {
	if a.Y != b.Y {
		return a.Y < b.Y
	}
	return a.X < b.X
}

func (r *resolver) sortByCell(idx []int) {
	slices.SortStableFunc(idx, func(x, y int) int {
		a, b := r.b.Units[x].Cell, r.b.Units[y].Cell
		if cellLess(a, b) {
			return -1
		}
		if cellLess(b, a) {
			return 1
		}
		return 0
	})
}

// withdraw sends a unit of 3 or fewer figures to the reserve for the rest of
// the battle at the start of the turn, with its leaders (R-II.10.3, D-21).
func (r *resolver) withdraw(i int) {
	u := &r.b.Units[i]
	u.Status = StatusReserve
	r.left(i, u.Cell)
	r.u[i].orders = [3]*Order{}
	for k := range r.b.Leaders {
		if r.b.Leaders[k].At == u.ID {
			r.b.Leaders[k].At = AtReserve
		}
	}
	r.emit(Event{Kind: EvWithdrawn, Rule: "R-II.10.3", Unit: u.ID, At: u.Cell})
}
