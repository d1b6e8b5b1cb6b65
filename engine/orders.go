package engine

import (
	"fmt"
	"strings"
)

// OrderKind is what an order tells a unit to do (R-VI).
type OrderKind int8

// Order kinds, with the names CASES.md uses.
const (
	OrderMove OrderKind = iota
	OrderRetreat
	OrderWheelLeft
	OrderWheelRight
	OrderSidestepLeft
	OrderSidestepRight
	OrderForcedMarch
	OrderWait
	OrderShoot
	OrderVolley
	OrderHold
	OrderAdvance
	OrderRally
	OrderGeneralAdvance
	OrderGeneralRetreat
	OrderWithdraw
	OrderSignalRetreat
	OrderStopBattle
	OrderMoveLeader
	OrderShinobi
	OrderBanner
	numOrderKinds
)

// ParseOrderKind reads an order name of CASES.md.
func ParseOrderKind(s string) (OrderKind, error) {
	for i, o := range orderTable {
		if o.key == s {
			return OrderKind(i), nil
		}
	}
	names := make([]string, len(orderTable))
	for i, o := range orderTable {
		names[i] = o.key
	}
	return 0, fmt.Errorf("unknown order %q (want one of %s)", s, strings.Join(names, ", "))
}

func (k OrderKind) MarshalText() ([]byte, error) { return []byte(k.String()), nil }
func (k *OrderKind) UnmarshalText(b []byte) error {
	v, err := ParseOrderKind(string(b))
	*k = v
	return err
}

// Class says on which ladder an order runs (R-VI.1.5, R-VI.3.7).
type Class int8

// Order classes.
const (
	Ordinary Class = iota
	Special
)

func (c Class) String() string {
	if c == Special {
		return "special"
	}
	return "ordinary"
}

func (c Class) MarshalText() ([]byte, error) { return []byte(c.String()), nil }
func (c *Class) UnmarshalText(b []byte) error {
	switch string(b) {
	case "ordinary":
		*c = Ordinary
	case "special":
		*c = Special
	default:
		return fmt.Errorf("unknown order class %q (want ordinary or special)", b)
	}
	return nil
}

// StepKind is one step of a cavalry gallop (R-II.2.2, R-II.2.4).
type StepKind int8

// Gallop steps.
const (
	StepMove StepKind = iota
	StepWheelLeft
	StepWheelRight
	StepSkip
)

var stepNames = [...]string{"move", "wheel_left", "wheel_right", "skip"}

func (s StepKind) String() string { return stepNames[s] }

func (s StepKind) MarshalText() ([]byte, error) { return []byte(s.String()), nil }
func (s *StepKind) UnmarshalText(b []byte) error {
	for i, n := range stepNames {
		if n == string(b) {
			*s = StepKind(i)
			return nil
		}
	}
	return fmt.Errorf("unknown gallop step %q (want move, wheel_left, wheel_right or skip)", b)
}

// Order is one order for one unit (or, for army-wide orders, one side).
type Order struct {
	Unit   string     `json:"unit,omitempty"`
	Side   Side       `json:"side"` // the side giving the order
	Kind   OrderKind  `json:"order"`
	Class  Class      `json:"class"`
	Phase  int        `json:"phase"`
	Turn   int        `json:"turn,omitempty"`
	Target string     `json:"target,omitempty"`
	Facing *Dir       `json:"facing,omitempty"`
	Steps  []StepKind `json:"steps,omitempty"`
	// Portable shields (R-II.9.4): a Move or Retreat carries the shields of
	// the unit's cell along; a Wheel or Rally sets their sides anew.
	CarryShields bool  `json:"carry_shields,omitempty"`
	SetShields   []Dir `json:"set_shields,omitempty"`
	// A leader's move (OrderMoveLeader): who, and where to: a unit ID,
	// "hq" or "reserve" (R-III.6).
	Leader string `json:"leader,omitempty"`
	To     string `json:"to,omitempty"`
	// A shinobi's mission (OrderShinobi, R-V.6) with Target, and the banner
	// raised in Unit (OrderBanner, R-V.7).
	Mission string `json:"mission,omitempty"`
	Banner  string `json:"banner,omitempty"`
}

// Problem explains why an order (or a set of orders) is illegal. Code names
// the message in the renderer's catalogue (Russian and English); Rule is the
// rule that forbids it; Unit and Arg fill the message.
type Problem struct {
	Code string `json:"code"`
	Rule string `json:"rule,omitempty"`
	Unit string `json:"unit,omitempty"`
	Arg  string `json:"arg,omitempty"`
}

func (p *Problem) Error() string {
	s := p.Code
	if p.Unit != "" {
		s += " (unit " + p.Unit + ")"
	}
	if p.Arg != "" {
		s += ": " + p.Arg
	}
	if p.Rule != "" {
		s = p.Rule + ": " + s
	}
	return s
}

// Problem codes. The renderer has a Russian and an English text for each.
const (
	ProbUnknownUnit     = "unknown_unit"      // Unit: no such unit
	ProbNotYourUnit     = "not_your_unit"     // Unit belongs to the other side
	ProbNoUnitOfYours   = "no_unit_of_yours"  // Unit: none of the side's; whether the enemy has one is not said (D-70)
	ProbUnitGone        = "unit_gone"         // destroyed or in the reserve
	ProbBadPhase        = "bad_phase"         // phase must be 1 or 2
	ProbPhaseTaken      = "phase_taken"       // two orders for one phase
	ProbTooManyOrders   = "too_many_orders"   // R-T.2.2: at most 2
	ProbPhase2Alone     = "phase2_alone"      // an order in phase 2 needs one in phase 1
	ProbNeedsSpecial    = "needs_special"     // Arg: order; a special order in an ordinary slot
	ProbRoutingOnly     = "routing_only"      // R-VI.3.6: a routing unit may only rally
	ProbRallyInForest   = "rally_in_forest"   // R-VI.3.6, R-XI.3.6
	ProbRallyFacing     = "rally_facing"      // rally needs a facing
	ProbNotCavalryStep  = "steps_not_allowed" // steps only for cavalry move/wheel/advance
	ProbTooManySteps    = "too_many_steps"    // Arg: max
	ProbSkipNotFirst    = "skip_not_first"
	ProbNoTarget        = "no_target"     // shoot/volley needs a target
	ProbNotShooter      = "not_shooter"   // only shooters shoot
	ProbBadTarget       = "bad_target"    // Arg: target id
	ProbInfantryOnly    = "infantry_only" // forced march
	ProbArmyWideUnit    = "army_wide_unit"
	ProbNotSupported    = "not_supported" // Arg: order; not yet executed by the engine
	ProbWrongTurn       = "wrong_turn"    // Arg: turn
	ProbWheelInForest   = "wheel_in_forest"
	ProbForcedMarchBoth = "forced_march_alone"
	ProbHoldFacing      = "hold_facing"     // Hold may only wheel a quarter turn
	ProbShinobi         = "shinobi"         // Arg: why the mission cannot be given (R-V.6)
	ProbBanner          = "banner"          // Arg: why the banner cannot be raised (R-V.7, D-26)
	ProbLeaderMove      = "leader_move"     // Arg: why a leader cannot move so (R-III.6)
	ProbMoveFacing      = "move_facing"     // only units of 1-2 figures turn and move as one action
	ProbWithdraw        = "withdraw"        // only units of 3 or fewer figures go to the reserve
	ProbShields         = "shields"         // Arg: why a shield order is not possible (R-II.9.4-6, D-68)
	ProbShieldsAlone    = "shields_alone"   // a shield order is the unit's only order (R-II.9.5)
	ProbArmyWideTwice   = "army_wide_twice" // one army-wide order a turn
	ProbOverBudget      = "over_budget"     // Arg: special | ordinary; more orders than the command roll gave
)

// Validate checks the orders one side gives for one turn against the battle
// state before the turn. It returns every problem found, in order; nil means
// the orders are legal. Orders of other turns (Cunning plan) are skipped.
//
// The orders are checked against what the side may see, View(b, side): an
// enemy unit hidden in a forest is unknown to it (R-XI.3.2, D-67), so an
// order naming one, as its unit or as the target of a shot, a volley or a
// shinobi's mission, is refused exactly as one naming a unit that does not
// exist (same code, rule, unit and argument). Otherwise the answer would
// tell the player that something hides there. Admit calls Validate at
// resolution too: an order whose target has become hidden since it was
// given (a GM's fix) is dropped there, as it would be refused now; within
// the turn, a target that slips into a forest is out of the fire zone of
// any shooter not next to it (D-61).
func Validate(b Battle, side Side, turn int, orders []Order) []*Problem {
	// The orders are given once an HQ the enemy holds has fallen
	// (R-III.1.6): no leader moves into it. That is a fact of the whole
	// battle, settled before the side's view hides anything. Validate only
	// reads the view: readView spares the copy.
	//
	// The problems are kept outside v, so that nothing of v is returned
	// and the compiler keeps v, its maps and idBuf on the stack.
	var probs []*Problem
	v := validation{b: readView(atCommandPhase(b), side), side: side, probs: &probs,
		leaderMoved: map[string]bool{}, raised: map[string]int{}}
	v.perUnit = make([]orderSlots, len(v.b.Units))
	var idBuf [64]int32
	v.byID = sortUnitIDs(v.b.Units, idBuf[:0])
	// By pointer: an Order is some 180 bytes, and most checks read a few
	// of its fields.
	for k := range orders {
		if o := &orders[k]; o.Turn == 0 || o.Turn == turn {
			v.order(o)
		}
	}
	v.unitLimits()
	sortProblems(probs)
	return probs
}

// validation is Validate's state over one side's orders: the side's view
// of the battle, the problems found so far, and what the orders checked so
// far have used (phases of each unit, the army-wide order, leaders moved,
// shinobi, banners).
type validation struct {
	b     Battle
	side  Side
	probs *[]*Problem
	// By the unit's index in the view: a slice, not a map, and walked in
	// the units' order (sortProblems orders the problems anyway).
	perUnit     []orderSlots
	byID        unitsByID
	armyGiven   bool
	leaderMoved map[string]bool
	shinobiUsed int
	raised      map[string]int // banners raised by these orders, by name
}

// orderSlots is what one unit's orders of the turn have used.
type orderSlots struct {
	phase    [3]bool
	count    int
	forced   bool // a forced march fills both phases (D-39)
	shields  bool // a shield order is the unit's only order (R-II.9.5)
	withdraw bool // a unit sent to the reserve takes no other order
	given    bool // the unit has an order
}

func (v *validation) add(p *Problem) { *v.probs = append(*v.probs, p) }

// order checks one order of the turn: a banner, a declaration, an
// army-wide order or a unit's order, each by its own rules.
func (v *validation) order(o *Order) {
	info := &orderTable[o.Kind]
	switch {
	case !info.supported:
		v.add(&Problem{Code: ProbNotSupported, Rule: info.rule, Unit: o.Unit, Arg: info.key})
	case o.Kind == OrderBanner:
		v.banner(o)
	case o.Kind.Declaration():
		v.declaration(o)
	case o.Phase != 1 && o.Phase != 2:
		// Declarations and banners belong to no execution phase; orders do.
		v.add(&Problem{Code: ProbBadPhase, Rule: "R-VI.1.2", Unit: o.Unit, Arg: fmt.Sprint(o.Phase)})
	case info.armyWide:
		v.armyWide(o)
	default:
		v.unitOrder(o)
	}
}

// banner checks a banner: raised in a unit, but no order of it (R-V.7.2);
// each banner of the army list once a battle, so no more raisings of a
// name in one turn than the list has of it unused (D-26).
func (v *validation) banner(o *Order) {
	v.raised[o.Banner]++
	if u := v.b.Unit(o.Unit); u == nil || u.Side != v.side || !u.Active() {
		v.add(&Problem{Code: ProbUnknownUnit, Unit: o.Unit})
	} else if p := checkBanner(&v.b, v.side, u, *o); p != nil {
		v.add(p)
	} else if v.raised[o.Banner] > unusedBanners(&v.b, v.side, o.Banner) {
		v.add(&Problem{Code: ProbBanner, Rule: "D-26", Unit: u.ID, Arg: "none"})
	}
}

// declaration checks a side's declaration, not a unit's order (D-05): a
// leader's move or a shinobi's mission by their own rules.
func (v *validation) declaration(o *Order) {
	if o.Unit != "" {
		v.add(&Problem{Code: ProbArmyWideUnit, Rule: orderTable[o.Kind].rule, Unit: o.Unit})
	}
	switch o.Kind {
	case OrderMoveLeader:
		if p := checkLeaderMove(&v.b, v.side, *o, v.leaderMoved); p != nil {
			v.add(p)
		}
	case OrderShinobi:
		v.shinobiUsed++
		if p := checkShinobi(&v.b, v.side, *o, v.shinobiUsed); p != nil {
			v.add(p)
		}
	}
}

// armyWide checks an army-wide order: given to the whole army, once a
// turn (R-VI.4.1, D-41).
func (v *validation) armyWide(o *Order) {
	switch {
	case o.Unit != "":
		v.add(&Problem{Code: ProbArmyWideUnit, Rule: "R-VI.1.8", Unit: o.Unit})
	case v.armyGiven:
		v.add(&Problem{Code: ProbArmyWideTwice, Rule: "R-VI.4.1"})
	}
	v.armyGiven = true
}

// unitOrder checks an order to one of the side's units against the unit
// (checkOrder) and notes the phase it takes.
func (v *validation) unitOrder(o *Order) {
	ui := v.byID.index(o.Unit)
	var u *Unit
	if ui >= 0 {
		u = &v.b.Units[ui]
	}
	switch {
	case u == nil:
		v.add(&Problem{Code: ProbUnknownUnit, Unit: o.Unit})
		return
	case u.Side != v.side:
		v.add(&Problem{Code: ProbNotYourUnit, Unit: o.Unit})
		return
	case !u.Active():
		v.add(&Problem{Code: ProbUnitGone, Unit: o.Unit})
		return
	}
	if p := checkOrder(&v.b, u, o); p != nil {
		v.add(p)
		return
	}
	s := &v.perUnit[ui]
	s.given = true
	if s.phase[o.Phase] {
		v.add(&Problem{Code: ProbPhaseTaken, Rule: "R-VI.1.2", Unit: o.Unit, Arg: fmt.Sprint(o.Phase)})
		return
	}
	s.phase[o.Phase] = true
	s.count++
	s.forced = s.forced || o.Kind == OrderForcedMarch
	s.shields = s.shields || o.CarryShields || len(o.SetShields) > 0
	s.withdraw = s.withdraw || o.Kind == OrderWithdraw
}

// unitLimits checks each unit's orders together: an order that must be
// the unit's only one (forced march, withdrawal, shields), and phase 2
// only after phase 1 (R-VI.1.2).
func (v *validation) unitLimits() {
	for k := range v.perUnit {
		s, id := &v.perUnit[k], v.b.Units[k].ID
		if !s.given {
			continue
		}
		if s.forced && s.count > 1 {
			v.add(&Problem{Code: ProbForcedMarchBoth, Rule: "D-39", Unit: id})
		}
		if s.withdraw && s.count > 1 {
			v.add(&Problem{Code: ProbWithdraw, Rule: "R-II.10.3", Unit: id})
		}
		if s.shields && s.count > 1 {
			v.add(&Problem{Code: ProbShieldsAlone, Rule: "R-II.9.5", Unit: id})
		}
		if s.phase[2] && !s.phase[1] {
			v.add(&Problem{Code: ProbPhase2Alone, Rule: "R-VI.1.2", Unit: id})
		}
	}
}

// checkOrder checks one order against its unit.
func checkOrder(b *Battle, u *Unit, o *Order) *Problem {
	info := &orderTable[o.Kind]
	st := u.Stats()
	if u.Routing() {
		if o.Kind != OrderRally {
			return &Problem{Code: ProbRoutingOnly, Rule: "R-VI.3.6", Unit: u.ID}
		}
		if b.Terrain.Forest(u.Cell) {
			return &Problem{Code: ProbRallyInForest, Rule: "R-XI.3.6", Unit: u.ID}
		}
	}
	switch o.Kind {
	case OrderRally:
		if o.Facing == nil {
			return &Problem{Code: ProbRallyFacing, Rule: "R-VI.3.5", Unit: u.ID}
		}
	case OrderWheelLeft, OrderWheelRight:
		if b.Terrain.Forest(u.Cell) {
			return &Problem{Code: ProbWheelInForest, Rule: "R-XI.3.5", Unit: u.ID}
		}
	case OrderMove:
		// Turning first is for units of 1-2 figures (R-II.10.5), and never
		// in a forest (D-43, D-66).
		if o.Facing != nil && *o.Facing != u.Facing {
			if u.Figures > 2 {
				return &Problem{Code: ProbMoveFacing, Rule: "R-II.10.5", Unit: u.ID}
			}
			if b.Terrain.Forest(u.Cell) {
				return &Problem{Code: ProbWheelInForest, Rule: "D-43", Unit: u.ID}
			}
		}
	case OrderWithdraw:
		if u.Figures > 3 {
			return &Problem{Code: ProbWithdraw, Rule: "R-II.10.3", Unit: u.ID}
		}
	case OrderHold:
		// Hold may wheel (R-VI.3.2): facing, if given, is a quarter turn;
		// never in a forest (D-42, D-66).
		if o.Facing != nil && *o.Facing != u.Facing {
			if *o.Facing != u.Facing.Left() && *o.Facing != u.Facing.Right() {
				return &Problem{Code: ProbHoldFacing, Rule: "R-VI.3.2", Unit: u.ID}
			}
			if b.Terrain.Forest(u.Cell) {
				return &Problem{Code: ProbWheelInForest, Rule: "R-XI.3.5", Unit: u.ID}
			}
		}
	case OrderForcedMarch:
		// Infantry only; one order that fills both phases (D-39).
		if st.Cavalry {
			return &Problem{Code: ProbInfantryOnly, Rule: "R-VI.2.10", Unit: u.ID}
		}
		if o.Phase != 1 {
			return &Problem{Code: ProbForcedMarchBoth, Rule: "D-39", Unit: u.ID}
		}
	case OrderShoot, OrderVolley:
		// The order names a unit, not a cell (R-VI.2.3): an enemy, which may
		// still enter the fire zone before the order runs.
		if !st.Shooter {
			return &Problem{Code: ProbNotShooter, Rule: info.rule, Unit: u.ID}
		}
		if o.Target == "" {
			return &Problem{Code: ProbNoTarget, Rule: "R-VI.2.3", Unit: u.ID}
		}
		if t := b.Unit(o.Target); t == nil || t.Side == u.Side || !t.Active() {
			return &Problem{Code: ProbBadTarget, Rule: "R-VI.2.3", Unit: u.ID, Arg: o.Target}
		}
	}
	if p := checkShieldOrder(b, u, o); p != nil {
		return p
	}
	if len(o.Steps) > 0 {
		if !st.Cavalry || !o.Kind.Gallops() {
			return &Problem{Code: ProbNotCavalryStep, Rule: "R-VI.2.12", Unit: u.ID}
		}
		limit := 2
		if u.Fatigued {
			limit = 1 // R-II.2.5
		}
		if len(o.Steps) > limit {
			return &Problem{Code: ProbTooManySteps, Rule: "R-II.2.5", Unit: u.ID, Arg: fmt.Sprint(limit)}
		}
		for i, s := range o.Steps {
			if s == StepSkip && i != 0 {
				return &Problem{Code: ProbSkipNotFirst, Rule: "R-II.2.4", Unit: u.ID}
			}
			if (s == StepWheelLeft || s == StepWheelRight) && b.Terrain.Forest(u.Cell) {
				return &Problem{Code: ProbWheelInForest, Rule: "R-XI.3.5", Unit: u.ID}
			}
		}
	}
	return nil
}

func sortProblems(ps []*Problem) {
	// Stable and independent of map order: by unit, then code.
	for i := 1; i < len(ps); i++ {
		for j := i; j > 0 && less(ps[j], ps[j-1]); j-- {
			ps[j], ps[j-1] = ps[j-1], ps[j]
		}
	}
}

func less(a, b *Problem) bool {
	if a.Unit != b.Unit {
		return a.Unit < b.Unit
	}
	return a.Code < b.Code
}

// checkShieldOrder checks an order that carries or moves portable shields
// (R-II.9.4-6, D-68): a unit of 4 or more figures in a cell with shields;
// carried with a Move or Retreat (never a sidestep) into a free cell, set
// anew with a Wheel or Rally (never a Wheel in a forest), the same number of
// sections.
func checkShieldOrder(b *Battle, u *Unit, o *Order) *Problem {
	if !o.CarryShields && len(o.SetShields) == 0 {
		return nil
	}
	bad := func(rule, why string) *Problem {
		return &Problem{Code: ProbShields, Rule: rule, Unit: u.ID, Arg: why}
	}
	have := b.Terrain.ShieldSides(u.Cell)
	switch {
	case o.CarryShields && len(o.SetShields) > 0:
		return bad("R-II.9.4", "both")
	case u.Figures < 4:
		return bad("R-II.9.4", "too_small")
	case have == 0:
		return bad("R-II.9.4", "none")
	}
	if o.CarryShields {
		var to Cell
		switch o.Kind {
		case OrderMove:
			to = FrontCell(u.Cell, u.Facing)
		case OrderRetreat:
			to = RearCell(u.Cell, u.Facing)
		case OrderSidestepLeft, OrderSidestepRight:
			return bad("R-II.9.6", "sidestep")
		default:
			return bad("R-II.9.4", "carry_order")
		}
		if b.UnitAt(to) != nil {
			return bad("D-68", "occupied")
		}
		return nil
	}
	switch {
	case o.Kind != OrderWheelLeft && o.Kind != OrderWheelRight && o.Kind != OrderRally:
		return bad("R-II.9.4", "set_order")
	case o.Kind != OrderRally && b.Terrain.Forest(u.Cell):
		return bad("D-66", "forest")
	}
	var sides uint8
	for _, d := range o.SetShields {
		sides |= 1 << uint(d)
	}
	if bits(sides) != bits(have) {
		return bad("R-II.9.4", "count")
	}
	return nil
}

func bits(x uint8) int {
	n := 0
	for ; x != 0; x &= x - 1 {
		n++
	}
	return n
}

// checkLeaderMove checks a leader's move (R-III.2.3-4, R-III.6, D-21): one
// move a command phase; from the HQ to a unit or the reserve; from a unit
// to a unit next to it (diagonals too), the HQ or the reserve; from the
// reserve to the HQ or a unit. A leader wounded twice stays in the reserve;
// a destroyed HQ takes no one.
func checkLeaderMove(b *Battle, side Side, o Order, moved map[string]bool) *Problem {
	bad := func(why string) *Problem {
		return &Problem{Code: ProbLeaderMove, Rule: "R-III.6.1", Unit: o.Leader, Arg: why}
	}
	l := b.Leader(o.Leader)
	switch {
	case l == nil || l.Side != side:
		return bad("unknown")
	case !l.active():
		return bad("gone")
	case l.Wounds >= 2:
		return bad("wounded") // R-III.3.6
	case moved[l.ID]:
		return bad("twice") // D-21
	case o.To == l.At:
		return bad("same")
	}
	moved[l.ID] = true
	switch o.To {
	case AtHQ:
		if !b.HQIntact(side) {
			return bad("no_hq") // R-III.1.6
		}
		return nil
	case AtReserve:
		return nil
	}
	to := b.Unit(o.To)
	if to == nil || to.Side != side || !to.Active() {
		return bad("no_unit")
	}
	if from := b.Unit(l.At); from != nil && !Adjacent8(from.Cell, to.Cell) {
		return bad("not_adjacent") // R-III.6.3
	}
	return nil
}
