package engine

// Shooting (R-VI.2.2-4, R-VI.3.1, R-IX): ordered shooting at P1, free fire
// at P9, repelling fire as an interrupt before a melee. Every shooting event
// is simultaneous: all shooters roll from the figures they have when it
// starts, then armor is applied once per target (crossfire, D-12, D-13).

// shot is one shooter firing at one target in a shooting event.
type shot struct {
	shooter, target int
	volley          bool // Massed volley: two ranks of teppo, rerolls, double ammo
}

// inFireZone reports whether shooter i may shoot at a unit in cell c: its
// front and corner cells, from a hill 2 cells deep over other units, never
// from a hill at a hill, and into a forest only from next to it (R-VI.2.2,
// R-IX.6.2, R-XI.2.4, R-XI.3.2, D-61).
func (r *resolver) inFireZone(i int, c Cell) bool { return inFireZone(&r.b.Terrain, &r.b.Units[i], c) }

// inFireZone is the fire zone of unit u on terrain t (R-VI.2.2, R-IX.6.2,
// R-XI.2.4, R-XI.3.2, D-61): see resolver.inFireZone.
func inFireZone(t *Terrain, u *Unit, c Cell) bool {
	if u.Routing() || (t.Hill(u.Cell) && t.Hill(c)) {
		return false
	}
	if t.Forest(c) && !Adjacent8(u.Cell, c) {
		return false
	}
	f := u.Facing.Vec()
	d := c.Sub(u.Cell)
	fwd := d.DX*f.DX + d.DY*f.DY       // distance ahead
	side := abs(d.DX*f.DY - d.DY*f.DX) // distance to the side
	reach := 1
	if t.Hill(u.Cell) {
		reach = 2 // hill.zone=cone2
	}
	return fwd >= 1 && fwd <= reach && side <= fwd
}

// shootingDice is how many figures shoot: archers always two ranks
// (Plunging fire, R-II.5.1); teppo one rank, two in a Massed volley (Volley
// fire, R-II.7.1).
func shootingDice(u *Unit, volley bool) int {
	if u.Type == SamuraiArcher || volley {
		return min(u.Figures, 8)
	}
	return Files(u.Figures)
}

// ammoCost is 1 per figure, 2 for a Massed volley (R-VI.2.4, R-VI.3.1, D-38).
func ammoCost(u *Unit, volley bool) int {
	if volley {
		return 2 * u.Figures
	}
	return u.Figures
}

// canShoot reports whether a unit can fire now: a shooter, not routing, with
// the ammunition for it (D-38).
func (r *resolver) canShoot(i int, volley bool) bool {
	u := &r.b.Units[i]
	return u.Active() && !u.Routing() && u.Stats().Shooter && u.Ammo >= ammoCost(u, volley)
}

// shieldCovers reports whether portable shields in the target's cell stand
// on a side facing the shooter (R-II.9.2, R-IX.1.2, D-14). Only infantry
// benefits, of either side (shields.any_side=true).
func (r *resolver) shieldCovers(target, shooter *Unit) bool {
	return !target.Stats().Cavalry && r.b.Terrain.Shielded(target.Cell, shooter.Cell)
}

// shootingArmor is table armor plus +1 on a hill or in a forest, never +2
// (R-XI.2.3, R-XI.3.3, R-XI.3.7).
func (r *resolver) shootingArmor(u *Unit) int {
	a := u.Stats().Armor
	if r.b.Terrain.Hill(u.Cell) || r.b.Terrain.Forest(u.Cell) {
		a++
	}
	return a
}

// crossfire applies armor once to all that one event's shooters did to a
// target (R-IX.1, D-13): teppo take 1 point of table and terrain armor
// (Ruthless lead, R-II.7.2) which still counts against other shooters, and a
// shield adds 1 that teppo cannot remove.
func crossfire(armor, teppoRaw, otherRaw int, teppo bool, shield bool, shieldedRaw int) int {
	total := teppoRaw + otherRaw
	if total == 0 {
		return 0
	}
	t := b2i(teppo && armor >= 1)
	s := b2i(shield)
	reduction := (armor - t) + min(t, otherRaw) + min(s, shieldedRaw)
	return max(1, total-reduction)
}

// fire resolves one simultaneous shooting event and its consequences:
// retreat from shooting and stopped advances (R-IX.2, R-IX.3). rule is why
// they shoot (by order, free fire, repelling fire), and detail says so in
// the shots (DetailFreeFire, DetailRepellingFire; "" by order).
func (r *resolver) fire(shots []shot, rule, detail string) {
	type hit struct {
		teppoRaw, otherRaw, shieldedRaw int
		teppo, shield                   bool
		shooters                        []int
	}
	hits := map[int]*hit{}
	var order []int
	for _, s := range shots {
		u := &r.b.Units[s.shooter]
		tg := &r.b.Units[s.target]
		st := u.Stats()
		u.Ammo -= ammoCost(u, s.volley)
		n := shootingDice(u, s.volley)
		shotRule := rule
		if s.volley {
			shotRule = "R-VI.3.1"
		}
		_, hitsN := r.roll(u.ID+".shoot", shotRule, n, r.b.extra(u, st.ExtraShoot))
		// Massed volley rerolls every failed die (R-VI.3.1); shooting at an
		// enemy ordered over the bridge this phase rerolls them once more
		// (R-XI.1.5, D-63).
		rerolls := b2i(s.volley) + b2i(r.crossingBridge(s.target))
		for k := 0; k < rerolls && hitsN < n; k++ {
			why := "R-XI.1.5" // the bridge
			if s.volley && k == 0 {
				why = "R-VI.3.1"
			}
			_, more := r.roll(u.ID+".reroll", why, n-hitsN, r.b.extra(u, st.ExtraShoot))
			hitsN += more
		}
		base := st.BaseShoot
		if r.noBase(u.Figures, false, tg.Figures) {
			base = 0
		}
		raw := base + hitsN
		h := hits[s.target]
		if h == nil {
			h = &hit{}
			hits[s.target] = h
			order = append(order, s.target)
		}
		if u.Type == AshigaruTeppo {
			h.teppo = true
			h.teppoRaw += raw
		} else {
			h.otherRaw += raw
		}
		if r.shieldCovers(tg, u) {
			h.shield = true
			h.shieldedRaw += raw
		}
		h.shooters = append(h.shooters, s.shooter)
		why := detail
		if s.volley {
			why = DetailVolley
		}
		r.emit(Event{Kind: EvShot, Rule: rule, Unit: u.ID, Other: tg.ID, From: u.Cell, To: tg.Cell, Raw: raw, Value: u.Ammo, Detail: why})
	}
	r.sortByCell(order)
	for _, ti := range order {
		h := hits[ti]
		tg := &r.b.Units[ti]
		armor := r.shootingArmor(tg)
		final := crossfire(armor, h.teppoRaw, h.otherRaw, h.teppo, h.shield, h.shieldedRaw)
		r.emit(Event{Kind: EvDamage, Rule: "R-IX.1.1", Unit: r.idsOf(h.shooters), Other: tg.ID, Raw: h.teppoRaw + h.otherRaw, Armor: armor, Value: final})
		lost := r.loseFigures(ti, final, false, rule) // losses and destruction cite why they shot
		r.u[ti].shotLoss += lost
		if tg.Active() && lost > 1 {
			r.casualtyRoll(r.combatLeaders(ti, false), nil, false) // R-III.3.1, D-22
		}
		if tg.Active() {
			r.afterShooting(ti, h.shooters)
		}
	}
}

func (r *resolver) idsOf(idx []int) string {
	s := ""
	for k, i := range idx {
		if k > 0 {
			s += "+"
		}
		s += r.b.Units[i].ID
	}
	return s
}

// moveOrder reports whether unit i's action this phase includes a forward
// move (D-62): Move, Advance, a forced-march step, an army-wide advance.
func (r *resolver) moveOrder(i int) bool {
	o := r.u[i].orders[r.phase]
	if o == nil {
		return false
	}
	if !o.Kind.Forward() {
		return false
	}
	for _, a := range r.u[i].planned {
		if a.kind == actMove {
			return true
		}
	}
	return false
}

// afterShooting applies R-IX.2 and R-IX.3 to a unit that took shooting
// damage: compared with its losses to shooting this phase, a unit moving
// forward stops if they exceed its Imp, any other unit retreats if they
// exceed its St (D-62). Routing units never retreat from shooting (R-X.5.6).
func (r *resolver) afterShooting(i int, shooters []int) {
	u := &r.b.Units[i]
	t := &r.u[i]
	if u.Routing() {
		return
	}
	biggest := 0
	for _, s := range shooters {
		biggest = max(biggest, r.b.Units[s].Figures)
	}
	if r.moveOrder(i) {
		f := fighter{i: i, start: u.Figures}
		if a := r.head(i); a != nil && a.kind == actMove {
			if e := r.unitAt(FrontCell(u.Cell, r.moveDir(i))); e != nil && e.Side != u.Side {
				f.charge = chargeCounts(u, e, AttackSideOf(e.Cell, e.Facing, u.Cell) == AttackFront) && !r.b.slowsCavalry(u.Cell, e.Cell)
				f.terrain = r.b.attackPenalty(u.Cell, e.Cell, r.b.Terrain.Hill(e.Cell))
			}
		}
		imp := r.effImp(&f, biggest)
		if t.shotLoss <= imp {
			return
		}
		terms := r.newTerms(CombatTerms{Losses: t.shotLoss, Imp: imp})
		// R-IX.3.1, R-IX.3.2: the advance stops, unless the move takes the
		// unit out of every shooter's reach: then it moves and stops there.
		if a := r.head(i); a != nil && a.kind == actMove && !r.attacking(i) && !r.stillInReach(i, shooters) {
			t.queue = t.queue[:1]
			t.orders[2] = nil
			t.haltAfter = true
			r.emit(Event{Kind: EvOrderLost, Rule: "R-IX.3.2", Unit: u.ID, Detail: "shot_leaves_zone", Terms: terms})
			return
		}
		r.loseOrdersWith(i, "shot_stopped", "R-IX.3.1", terms)
		return
	}
	st := r.effSt(i, u.Figures, biggest, false)
	if t.shotLoss <= st {
		return
	}
	// R-IX.2.1: retreat away from the largest shooter; a Retreat planned for
	// phase 2 still runs (R-IX.2.2).
	keep := r.phase == 1 && t.orders[2] != nil && t.orders[2].Kind == OrderRetreat
	kept := t.orders[2]
	away := r.awayFromShooter(i, shooters)
	r.emit(Event{Kind: EvPushedBack, Rule: "R-IX.2.1", Unit: u.ID, At: u.Cell, Detail: "shooting", Terms: r.newTerms(CombatTerms{Losses: t.shotLoss, St: st})})
	origin := u.Cell
	if _, ok := r.retreat(i, away); !ok {
		r.rout(i, away, origin)
		return
	}
	if keep {
		t.pushedBack = false
		t.noInitTurn = true
		t.orders[2] = kept
	}
}

// attacking reports whether unit i's pending move goes into an enemy.
func (r *resolver) attacking(i int) bool {
	u := &r.b.Units[i]
	e := r.unitAt(FrontCell(u.Cell, r.moveDir(i)))
	return e != nil && e.Side != u.Side
}

// stillInReach reports whether unit i's pending move ends in the fire zone
// of one of the shooters.
func (r *resolver) stillInReach(i int, shooters []int) bool {
	u := &r.b.Units[i]
	dest := FrontCell(u.Cell, r.moveDir(i))
	for _, s := range shooters {
		if r.inFireZone(s, dest) {
			return true
		}
	}
	return false
}

// awayFromShooter is the direction of a retreat from shooting (D-62): away
// from the largest shooter; from a diagonal shooter, along the target's
// facing axis.
func (r *resolver) awayFromShooter(i int, shooters []int) Vec {
	u := &r.b.Units[i]
	// The largest shooter; on a tie one in line with the target (as D-54
	// prefers the frontal attacker), then the first in cell order.
	inLine := func(s int) bool {
		d := u.Cell.Sub(r.b.Units[s].Cell)
		return d.DX == 0 || d.DY == 0
	}
	big := shooters[0]
	for _, s := range shooters[1:] {
		n, m := r.b.Units[s].Figures, r.b.Units[big].Figures
		if n > m || n == m && inLine(s) && !inLine(big) {
			big = s
		}
	}
	d := u.Cell.Sub(r.b.Units[big].Cell)
	if d.DX == 0 || d.DY == 0 {
		return Vec{sign(d.DX), sign(d.DY)}
	}
	f := u.Facing.Vec()
	if d.DX*f.DX+d.DY*f.DY > 0 {
		return f
	}
	return f.Neg()
}

// shootOrders runs a sub-step of ordered shooting (P1): every shooter whose
// target is in its fire zone fires; one whose target is not, or that lacks
// the ammunition, loses the order (R-VI.2.3, R-IX.6.1, D-38).
func (r *resolver) shootOrders(who []int) {
	var shots []shot
	for _, i := range who {
		a := r.head(i)
		volley := a.order == OrderVolley
		target := a.target
		if target < 0 {
			target = r.pickTarget(i) // General advance: the best target (D-41)
		}
		switch {
		case target < 0 || !r.b.Units[target].Active() || !r.inFireZone(i, r.b.Units[target].Cell):
			r.cancel(i, "no_target", "R-IX.6.1")
			continue
		case !r.canShoot(i, volley):
			r.cancel(i, "no_ammo", "R-VI.2.4")
			continue
		}
		r.pop(i)
		shots = append(shots, shot{shooter: i, target: target, volley: volley})
	}
	if len(shots) > 0 {
		r.fire(shots, "R-VI.2.2", "")
	}
}

// targets lists the enemies unit i may shoot now, visible to it.
func (r *resolver) targets(i int) []int {
	u := &r.b.Units[i]
	var out []int
	for j := range r.b.Units {
		e := &r.b.Units[j]
		if e.Side != u.Side && e.Active() && r.inFireZone(i, e.Cell) {
			out = append(out, j)
		}
	}
	return out
}

// pickTarget chooses an initiative target (R-VI.5.6): the unit in the front
// cell, then cavalry, then yamabushi, then foot samurai, then any; ties by
// the unit's target die. -1 if there is none.
func (r *resolver) pickTarget(i int) int {
	u := &r.b.Units[i]
	all := r.targets(i)
	if len(all) == 0 {
		return -1
	}
	front := FrontCell(u.Cell, u.Facing)
	ranks := []func(e *Unit) bool{
		func(e *Unit) bool { return e.Cell == front },
		func(e *Unit) bool { return e.Stats().Cavalry },
		func(e *Unit) bool { return e.Type == Yamabushi },
		func(e *Unit) bool { return e.Stats().FootSamurai },
		func(e *Unit) bool { return true },
	}
	for _, in := range ranks {
		var tied []int
		var cells []Cell
		for _, j := range all {
			if in(&r.b.Units[j]) {
				tied = append(tied, j)
				cells = append(cells, r.b.Units[j].Cell)
			}
		}
		if len(tied) > 0 {
			return tied[r.pickAround(u.ID+".target", "R-VI.5.6", u.Cell, cells)]
		}
	}
	return -1
}

// freeFire is the shooting part of P9 (R-VI.5.3-6, D-44): shooters that
// may act by initiative and did not turn to face (turning marks them as
// having acted) fire at their best target, unless they save ammunition.
func (r *resolver) freeFire() {
	var shots []shot
	for i := range r.b.Units {
		u := &r.b.Units[i]
		if !u.Stats().Shooter || u.SaveAmmo || !r.mayAct(i) || !r.canShoot(i, false) {
			continue
		}
		if target := r.pickTarget(i); target >= 0 {
			shots = append(shots, shot{shooter: i, target: target})
		}
	}
	for _, s := range shots {
		r.u[s.shooter].acted = true
	}
	if len(shots) > 0 {
		r.fire(shots, "R-VI.5.4", DetailFreeFire)
	}
}

// repellingFire is the interrupt of R-VI.6 (D-45), before the fights of a
// sub-step: (a) a shooter attacked from its front fires at that attacker if
// it has not yet acted this phase; (b) a shooter with no order this phase
// fires at an enemy attacking a friend next to it from one of its corner
// cells. A shooter attacked itself fires at its own attacker (R-VI.6.4).
// Attackers whose losses to shooting exceed their Imp stop (R-IX.3.1) and
// are taken out of attackers.
func (r *resolver) repellingFire(defenders []int, attackers map[int][]int) {
	var shots []shot
	claimed := map[int]bool{}
	for _, d := range defenders { // (a) first: it takes precedence
		def := &r.b.Units[d]
		if r.u[d].acted || !r.canShoot(d, false) {
			continue
		}
		for _, a := range attackers[d] {
			if AttackSideOf(def.Cell, def.Facing, r.b.Units[a].Cell) == AttackFront {
				claimed[d] = true
				shots = append(shots, shot{shooter: d, target: a})
				break
			}
		}
	}
	for _, d := range defenders { // (b)
		def := &r.b.Units[d]
		for j := range r.b.Units {
			s := &r.b.Units[j]
			if claimed[j] || j == d || s.Side != def.Side || s.SaveAmmo || r.u[j].hadPlan || r.u[j].acted ||
				!Adjacent4(s.Cell, def.Cell) || !r.canShoot(j, false) {
				continue
			}
			corners := CornerCells(s.Cell, s.Facing)
			for _, a := range attackers[d] {
				if c := r.b.Units[a].Cell; c == corners[0] || c == corners[1] {
					claimed[j] = true
					shots = append(shots, shot{shooter: j, target: a})
					break
				}
			}
		}
	}
	if len(shots) == 0 {
		return
	}
	for _, s := range shots {
		// It replaces the shooter's action for the phase (D-45): its order of
		// this phase is used up and it takes no initiative; its order for the
		// other phase survives.
		t := &r.u[s.shooter]
		t.queue = nil
		t.acted = true
	}
	r.fire(shots, "R-VI.6.1", DetailRepellingFire)
	for _, d := range defenders {
		kept := attackers[d][:0]
		for _, a := range attackers[d] {
			if r.b.Units[a].Active() && !r.u[a].pushedBack {
				kept = append(kept, a)
			}
		}
		attackers[d] = kept
	}
}

// crossingBridge reports whether unit i is ordered over the bridge in this
// phase: its order of the phase moves it forward across the bridge.
func (r *resolver) crossingBridge(i int) bool {
	u := &r.b.Units[i]
	for _, a := range r.u[i].planned {
		if a.kind == actMove && r.b.overBridge(u.Cell, FrontCell(u.Cell, u.Facing)) {
			return true
		}
	}
	return false
}
