package engine

// Army-wide orders (R-VI.4, D-41): General advance and General retreat are
// given to the whole army and stay in force turn after turn until cancelled.

// armyOrders applies the army-wide orders given this turn, then decides unit
// by unit whether the order in force fills its phase 1. Giving an order
// replaces the opposite one and brings back every unit for which it had been
// cancelled (R-VI.4.6). A unit's own order keeps the army-wide order only if
// it does the same, faster: a Move under General advance, a Retreat under
// General retreat; any other order cancels it for that unit (R-VI.4.5).
// Minor-clan units follow it too, unless minor_clan.army_wide=false (D-33).
func (r *resolver) armyOrders(orders []Order) {
	for _, side := range []Side{North, South} { // a fixed order, whatever the input's
		for _, o := range orders {
			if o.Side == side && o.Kind.ArmyWide() && (o.Turn == 0 || o.Turn == r.b.Turn) {
				r.giveArmyOrder(o)
			}
		}
	}
	r.followers()
}

// giveArmyOrder puts an army-wide order in force for its side.
func (r *resolver) giveArmyOrder(o Order) {
	k := o.Kind
	r.b.ArmyWide[o.Side] = &k
	for i := range r.b.Units {
		if r.b.Units[i].Side == o.Side {
			r.b.Units[i].ArmyExempt = false
		}
	}
	r.emit(Event{Kind: EvArmyOrder, Rule: k.Rule(), Side: o.Side, Detail: k.String()})
}

// followers decides which units the army-wide order in force moves in phase 1.
func (r *resolver) followers() {
	for i := range r.b.Units {
		u := &r.b.Units[i]
		k := r.b.ArmyWide[u.Side]
		if k == nil || !u.Active() || u.ArmyExempt || (u.MinorClan && r.b.Settings.MinorClanNoArmyWide) {
			continue
		}
		same := OrderMove
		if *k == OrderGeneralRetreat {
			same = OrderRetreat
		}
		t := &r.u[i]
		for _, o := range t.orders[1:] {
			if o != nil && o.Kind != same && !u.ArmyExempt {
				u.ArmyExempt = true
				r.emit(Event{Kind: EvArmyCancelled, Rule: "R-VI.4.5", Unit: u.ID, Detail: k.String()})
			}
		}
		t.army = !u.ArmyExempt && t.orders[1] == nil
	}
}

// armyPlan is what the army-wide order asks of one unit in phase 1, as an
// ordinary order (D-41): under General advance a shooter with a target
// shoots it (P1), a unit facing the enemy edge moves (no gallop), any other
// wheels toward the enemy edge; under General retreat a unit facing the
// enemy edge retreats (P6), any other wheels toward it. A unit facing its own
// edge wheels to a random side (die <unit>.wheel: 1-3 left, 4-6 right).
func (r *resolver) armyPlan(dst []action, i int, a action) []action {
	u := &r.b.Units[i]
	enemy := u.Side.EnemyEdge()
	advance := a.order == OrderGeneralAdvance
	switch {
	case advance && u.Stats().Shooter && r.canShoot(i, false) && len(r.targets(i)) > 0:
		a.kind = actShoot
		return append(dst, a)
	case advance && u.Facing == enemy:
		a.kind = actMove
		return append(dst, a)
	case !advance && u.Facing == enemy:
		a.kind, a.turnTo = actRetreat, u.Facing.Opposite()
		return append(dst, a)
	}
	if r.b.Terrain.Forest(u.Cell) {
		r.u[i].cancelled = true // no wheeling in a forest (D-66); not cancelled for good (R-VI.4.7)
		return dst
	}
	a.kind = actWheel
	switch {
	case u.Facing.Left() == enemy:
		a.turnTo = u.Facing.Left()
	case u.Facing.Right() == enemy:
		a.turnTo = u.Facing.Right()
	default:
		v := r.d.Roll(u.ID + ".wheel")
		dice := r.dice.take(1)
		dice[0] = v
		r.emit(Event{Kind: EvRoll, Rule: "D-41", Key: u.ID + ".wheel", Dice: dice, Value: v})
		a.turnTo = u.Facing.Right()
		if v <= 3 {
			a.turnTo = u.Facing.Left()
		}
	}
	return append(dst, a)
}
