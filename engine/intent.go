package engine

// Intended is what one order means to do, as a player's preview of his
// pending orders draws it: where its unit goes, what it runs into, what it
// shoots. It is what the order would do were nothing to stand in its way
// (no enemy moving first, no rout, no failed check): the plan, not the
// result.
type Intended struct {
	Unit  string    `json:"unit"`
	Order OrderKind `json:"order"`
	Phase int       `json:"phase"`
	From  Cell      `json:"from"`
	// Path is every cell the unit enters, in order; empty if it stays.
	Path []Cell `json:"path,omitempty"`
	// Facing is the unit's facing once the order is done.
	Facing Dir `json:"facing"`
	// Attack is the enemy unit the move runs into (a melee), AttackAt its
	// cell; "" when it attacks nobody the side can see.
	Attack   string `json:"attack,omitempty"`
	AttackAt Cell   `json:"attack_at"`
	// Shoot is the unit a shooting or volley order aims at, ShootAt its cell.
	Shoot   string `json:"shoot,omitempty"`
	ShootAt Cell   `json:"shoot_at"`
	// InFireZone: Shoot stands in the shooter's fire zone now (R-VI.2.2,
	// R-IX.6.2); if it does not when the order runs, the order is lost
	// (R-VI.2.3).
	InFireZone bool `json:"in_fire_zone,omitempty"`
	// Stop is the rule that ends the order short of its full course, for a
	// reason the side can see now: a swamp (R-XI.4.1), the edge of a
	// bounded field (D-03), an enemy in the way of a retreat or a sidestep
	// (R-VI.2.8), cavalry slowed by the river or a forest (D-64), shooters
	// halting their forced march before an enemy (D-39). "" when the order
	// runs its course or ends in an attack.
	Stop string `json:"stop,omitempty"`
}

// Intent is what order o of side means to do (Intended), as the side sees
// the battle (View): a hidden enemy is never named, and one the side cannot
// see does not stop the path. It walks the actions the resolver plans for
// the order (planOrder) from where the unit stands now, with the
// resolver's own geometry: a move goes into the front cell (or turns
// first, R-II.10.5), a retreat back, a sidestep sideways (R-VI.2.5-8),
// wheels and rallies turn it (R-VI.2.7, R-VI.3.5), a cavalry gallop makes
// its steps (R-VI.2.12, R-II.2.2, R-II.2.4), a forced march two moves
// (R-VI.2.10, D-39), an Advance at all costs its move (R-VI.3.4), a Hold
// its wheel (R-VI.3.2). A move into a visible enemy's cell is an attack:
// the path stops before that cell (R-VI.2.5, R-II.2.3). Friends in the way
// do not stop it (they may move on first, R-VII.3.2), nor does the ban on
// exposing a flank (R-VI.1.6), which depends on who acts at the same time.
// A phase-2 order starts from where the unit stands now too.
//
// It reports false for an order that names no unit (army-wide orders,
// declarations, leader moves, shinobi, banners) or a unit side does not
// have on the field.
func Intent(b Battle, side Side, o Order) (Intended, bool) {
	if o.Unit == "" || o.Kind.ArmyWide() || o.Kind.Declaration() {
		return Intended{}, false
	}
	v := View(b, side)
	u := v.Unit(o.Unit)
	if u == nil || u.Side != side || !u.Active() {
		return Intended{}, false
	}
	w := intentWalk{v: &v, u: *u, in: Intended{Unit: u.ID, Order: o.Kind, Phase: o.Phase, From: u.Cell, Facing: u.Facing}}
	w.walk(planOrder(u, &o), &o)
	if o.Kind == OrderForcedMarch && !w.ended {
		// The second step, in phase 2 (D-39).
		if forcedMarchHalts(&v, &w.u) {
			w.in.Stop = "D-39"
		} else {
			w.walk(planOrder(&w.u, &o), &o)
		}
	}
	return w.in, true
}

// intentWalk follows one order's actions on the side's view: u is the
// unit as the order leaves it so far.
type intentWalk struct {
	v     *Battle
	u     Unit
	in    Intended
	done  int  // actions made so far (the resolver's stepsDone)
	ended bool // the order ends here: an attack, or a step it cannot make
	// slowed: the first step took the whole order (D-64); if the order had
	// more steps, that is why it stops.
	slowed bool
}

// walk makes the actions acts of order o, until one ends the order.
func (w *intentWalk) walk(acts []action, o *Order) {
	for k := range acts {
		if w.ended {
			if w.slowed {
				w.in.Stop = "D-64" // the first step ended the order there
			}
			return
		}
		a := &acts[k]
		switch a.kind {
		case actWheel, actRally:
			w.u.Facing = a.turnTo
		case actShoot:
			w.aim(o.Target)
		case actMove, actRetreat, actSidestep:
			w.step(a)
		}
		w.done++
		w.in.Facing = w.u.Facing
	}
}

// step makes a move, retreat or sidestep, or finds why it is not made.
func (w *intentWalk) step(a *action) {
	from := w.u.Cell
	to := a.dest(from, w.u.Facing)
	if rule := w.v.impassable(to); rule != "" {
		w.stop(rule)
		return
	}
	if e := w.v.UnitAt(to); e != nil && e.Side != w.u.Side {
		if a.kind != actMove {
			w.stop("R-VI.2.8") // no attack but by a move
			return
		}
		w.u.Facing = a.moveDir(w.u.Facing)
		w.in.Attack, w.in.AttackAt = e.ID, to
		w.ended = true
		return
	}
	slowed := w.v.slowedStep(&w.u, a.kind, from, to)
	if slowed && w.done > 0 {
		w.stop("D-64") // as a later step it is not made
		return
	}
	w.u.Facing = a.moveDir(w.u.Facing)
	w.u.Cell = to
	w.in.Path = append(w.in.Path, to)
	w.ended, w.slowed = slowed, slowed // as the first step it ends the order there

}

// stop ends the order for the reason rule.
func (w *intentWalk) stop(rule string) {
	w.in.Stop = rule
	w.ended = true
}

// aim names the target of a shot, if the side sees it as an enemy on the
// field.
func (w *intentWalk) aim(target string) {
	t := w.v.Unit(target)
	if t == nil || t.Side == w.u.Side || !t.Active() {
		return
	}
	w.in.Shoot, w.in.ShootAt = t.ID, t.Cell
	w.in.InFireZone = inFireZone(&w.v.Terrain, &w.u, t.Cell)
}
