package engine

// The order table: every fact the engine knows about an order kind apart
// from how it executes, one row a kind, and the questions asked of it.

// orderInfo is everything the engine knows about an order kind apart from
// how it executes. Every per-kind fact lives here, so that a new order kind
// is one row.
type orderInfo struct {
	key     string
	rule    string // where the order is defined
	special bool   // a special order by nature (R-VI.3)
	// armyWide orders are given to the whole army (R-VI.4).
	armyWide bool
	// declaration marks a side's declaration rather than an order to units
	// (D-05): given with side and no unit, in no execution phase.
	declaration bool
	// free orders cost no order of the command roll (D-34).
	free bool
	// endsHold: giving the order ends Hold at all costs at once, because
	// the unit means to leave its cell (R-VI.3.3, D-42).
	endsHold bool
	// gallops: cavalry may give the order as gallop steps (R-VI.2.12).
	gallops bool
	// forward: the order's moves are forward moves, which shooting may stop
	// (D-62).
	forward bool
	// supported is false for orders the resolver does not execute yet;
	// Validate refuses them rather than resolving them wrongly.
	supported bool
	// noUnit orders are given with side and no unit: the army-wide orders
	// (R-VI.1.8, R-VI.4.1) and the declarations (D-05), but for a banner,
	// which is raised in a unit (R-V.7.2).
	noUnit bool
	// shoots: the order shoots at an enemy unit it names as its target
	// (R-VI.2.2-3, R-VI.3.1).
	shoots bool
	// fixed orders stay as given in the plan-change round, where unit
	// orders, army-wide ones included, and leader moves may change (D-29):
	// banners (D-29) and shinobi missions, all declared at once before any
	// report (D-30).
	fixed bool
	// replaces is which order a new order of the kind takes the place of.
	replaces replacement
	// mayFail says why an order admitted now may still come to nothing
	// when it is carried out ("" for none, or a reason said otherwise, as
	// a shot's fire zone): "move", a move stopped by what stands in its
	// way when it is made (R-VII.3); "rally", a roll (R-VI.3.5); "shinobi",
	// the mission's roll (R-V.6).
	mayFail string
}

// replacement is which earlier order of its side a new order takes the
// place of (Order.Replaces).
type replacement int8

const (
	// replacesSlot: the order for the same unit and phase (R-VI.1.2).
	replacesSlot replacement = iota
	// replacesArmyWide: the army-wide order, one a turn (R-VI.4.1, D-41).
	replacesArmyWide
	// replacesLeader: the same leader's move, one a command phase
	// (R-III.6.1).
	replacesLeader
	// addsUp: none; a second one is given beside the first: shinobi
	// missions, one per shinobi (R-V.6.1, D-30), banners, several a turn
	// (R-V.7.1, D-26), and the side's signal and stop (D-05), of which a
	// second changes nothing.
	addsUp
)

var orderTable = [numOrderKinds]orderInfo{
	OrderMove: {key: "move", rule: "R-VI.2.5",
		endsHold: true, gallops: true, forward: true, supported: true, mayFail: "move"},
	OrderRetreat: {key: "retreat", rule: "R-VI.2.6",
		endsHold: true, supported: true, mayFail: "move"},
	OrderWheelLeft: {key: "wheel_left", rule: "R-VI.2.7",
		gallops: true, supported: true},
	OrderWheelRight: {key: "wheel_right", rule: "R-VI.2.7",
		gallops: true, supported: true},
	OrderSidestepLeft: {key: "sidestep_left", rule: "R-VI.2.8",
		endsHold: true, supported: true, mayFail: "move"},
	OrderSidestepRight: {key: "sidestep_right", rule: "R-VI.2.8",
		endsHold: true, supported: true, mayFail: "move"},
	OrderForcedMarch: {key: "forced_march", rule: "R-VI.2.10",
		endsHold: true, forward: true, supported: true, mayFail: "move"},
	OrderWait: {key: "wait", rule: "R-VI.2.11", supported: true},
	OrderShoot: {key: "shoot", rule: "R-VI.2.2",
		shoots: true, supported: true},
	OrderVolley: {key: "volley", rule: "R-VI.3.1",
		special: true, shoots: true, supported: true},
	OrderHold: {key: "hold", rule: "R-VI.3.2",
		special: true, supported: true},
	OrderAdvance: {key: "advance", rule: "R-VI.3.4",
		special: true, endsHold: true, gallops: true, forward: true, supported: true, mayFail: "move"},
	OrderRally: {key: "rally", rule: "R-VI.3.5",
		special: true, supported: true, mayFail: "rally"},
	OrderGeneralAdvance: {key: "general_advance", rule: "R-VI.4.2",
		armyWide: true, forward: true, supported: true, noUnit: true, replaces: replacesArmyWide},
	OrderGeneralRetreat: {key: "general_retreat", rule: "R-VI.4.3",
		armyWide: true, supported: true, noUnit: true, replaces: replacesArmyWide},
	// Sending a battered unit to the reserve is free (R-II.10.3, D-34).
	OrderWithdraw: {key: "withdraw", rule: "R-II.10.3",
		free: true, supported: true},
	// Declarations of a side, given with side and no unit, free (D-05):
	// the public signal to retreat (R-I.4.4) and the winner's decision to
	// stop the battle when it is offered (R-I.4.2).
	OrderSignalRetreat: {key: "signal_retreat", rule: "R-I.4.4",
		declaration: true, free: true, supported: true, noUnit: true, replaces: addsUp},
	OrderStopBattle: {key: "stop_battle", rule: "R-I.4.2",
		declaration: true, free: true, supported: true, noUnit: true, replaces: addsUp},
	// A leader's move at the start of the command phase, free (R-III.6.1).
	OrderMoveLeader: {key: "move_leader", rule: "R-III.6.1",
		declaration: true, free: true, supported: true, noUnit: true, replaces: replacesLeader},
	// A shinobi's mission, given with side, mission and target (R-V.6).
	OrderShinobi: {key: "shinobi", rule: "R-V.6.1",
		declaration: true, free: true, supported: true, noUnit: true, fixed: true, replaces: addsUp, mayFail: "shinobi"},
	// A banner raised in a unit, free and hidden until execution (R-V.7).
	OrderBanner: {key: "banner", rule: "R-V.7.1",
		declaration: true, free: true, supported: true, fixed: true, replaces: addsUp},
}

func (k OrderKind) String() string { return orderTable[k].key }

// Rule is the rule ID that defines the order.
func (k OrderKind) Rule() string { return orderTable[k].rule }

// Special reports whether the order is special by nature (R-VI.3).
func (k OrderKind) Special() bool { return orderTable[k].special }

// OrderKinds lists every order kind.
func OrderKinds() []OrderKind {
	out := make([]OrderKind, numOrderKinds)
	for i := range out {
		out[i] = OrderKind(i)
	}
	return out
}

// Declaration reports whether the "order" is a side's declaration rather
// than an order to units: the signal to retreat, the decision to stop the
// battle (R-I.4.2, R-I.4.4, D-05), a leader's move (R-III.6.1), a shinobi's
// mission (R-V.6) and a banner (R-V.7). Declarations cost no order.
func (k OrderKind) Declaration() bool { return orderTable[k].declaration }

// Free reports whether the order costs no order of the command roll: the
// declarations and sending a unit to the reserve (R-II.10.3, D-34).
func (k OrderKind) Free() bool { return orderTable[k].free }

// EndsHold reports whether giving the order ends Hold at all costs at once
// (R-VI.3.3, D-42): the orders that move a unit out of its cell.
func (k OrderKind) EndsHold() bool { return orderTable[k].endsHold }

// Gallops reports whether cavalry may give the order as gallop steps
// (R-VI.2.12, R-II.2.2): Move, Wheel and Advance.
func (k OrderKind) Gallops() bool { return orderTable[k].gallops }

// Forward reports whether the order's moves are forward moves, which losses
// to shooting may stop (D-62): Move, Advance, Forced march, General advance.
func (k OrderKind) Forward() bool { return orderTable[k].forward }

// Supported reports whether the resolver executes the order yet; Validate
// refuses the others rather than resolve them wrongly.
func (k OrderKind) Supported() bool { return orderTable[k].supported }

// ArmyWide reports whether the order is given to the whole army (R-VI.4).
func (k OrderKind) ArmyWide() bool { return orderTable[k].armyWide }

// NamesNoUnit reports whether the order is given with side and no unit:
// the army-wide orders (R-VI.1.8) and the side's declarations (D-05), but
// for a banner, raised in a unit (R-V.7.2). Validate refuses one that
// names a unit (ProbArmyWideUnit).
func (k OrderKind) NamesNoUnit() bool { return orderTable[k].noUnit }

// Shoots reports whether the order shoots at the enemy unit it names as
// its target: Shoot and Volley (R-VI.2.2-3, R-VI.3.1).
func (k OrderKind) Shoots() bool { return orderTable[k].shoots }

// MayFail names why an order of the kind admitted now may still come to
// nothing when it is carried out: "move", "rally", "shinobi", or "" when
// it does what it says (or its reason is said otherwise).
func (k OrderKind) MayFail() string { return orderTable[k].mayFail }

// FixedAtPlanChange reports whether orders of the kind stay as given in
// the plan-change round after Signals: shinobi missions (D-30) and banners
// (D-29). Unit orders, army-wide ones included, and leader moves may
// change there (D-29).
func (k OrderKind) FixedAtPlanChange() bool { return orderTable[k].fixed }

// AddsUp reports whether a new order of the kind is given beside the
// side's earlier ones rather than in place of one (Order.Replaces):
// shinobi missions, banners, the signal to retreat and the decision to
// stop.
func (k OrderKind) AddsUp() bool { return orderTable[k].replaces == addsUp }

// Replaces reports whether a new order o takes the place of an order x the
// side gave before: a unit's order for the same phase (R-VI.1.2), the
// army-wide order (R-VI.4.1), a move of the same leader (R-III.6.1).
// Orders that add up (OrderKind.AddsUp) replace none.
func (o Order) Replaces(x Order) bool {
	r := orderTable[o.Kind].replaces
	if r != orderTable[x.Kind].replaces {
		return false
	}
	switch r {
	case replacesSlot:
		return o.Unit == x.Unit && o.Phase == x.Phase
	case replacesArmyWide:
		return true
	case replacesLeader:
		return o.Leader == x.Leader
	}
	return false
}
