package engine

import "slices"

// Movement within one sub-step: every unit of the sub-step acts at the same
// time (R-VII.1.6). Wheels and rallies cannot collide; moves, retreats and
// sidesteps are settled together so that units may follow each other in
// column (R-VII.3.2), two sidesteppers may swap (R-VI.2.9), and two enemies
// entering one cell meet (R-VI.2.5).

func (r *resolver) runSubStep(who []int) {
	r.sortByCell(who)
	// acting is a set over the resolver's units, reused by every sub-step
	// (sub-steps never nest): cleared on the way out.
	if len(r.acting) != len(r.b.Units) {
		r.acting = make(unitSet, len(r.b.Units))
	}
	acting := r.acting
	defer clear(acting)
	for _, i := range who {
		acting[i] = true
	}
	// The resolver's scratch too: neither shootOrders nor moveAll keeps
	// them.
	movers, shooters := r.movers[:0], r.shooters[:0]
	for _, i := range who {
		a := r.head(i)
		switch a.kind {
		case actShoot:
			shooters = append(shooters, i)
		case actRally:
			r.rally(i, a)
		case actWheel:
			r.wheel(i, a, acting)
		case actMove, actRetreat, actSidestep:
			movers = append(movers, i)
		}
	}
	r.movers, r.shooters = movers, shooters
	if len(shooters) > 0 {
		r.shootOrders(shooters)
	}
	if len(movers) > 0 {
		r.moveAll(movers, acting)
	}
	r.peasants()
}

// pop removes the executed head action.
func (r *resolver) pop(i int) {
	t := &r.u[i]
	t.queue = t.queue[1:]
	t.acted = true
	t.stepsDone++
	if t.haltAfter && len(t.queue) == 0 {
		t.pushedBack = true // R-IX.3.2: out of the fire zone, and no more
	}
}

// wheel turns a unit 90 degrees (R-VI.2.7).
func (r *resolver) wheel(i int, a *action, acting unitSet) {
	u := &r.b.Units[i]
	if r.b.Terrain.Forest(u.Cell) {
		r.cancel(i, "forest", "R-XI.3.5")
		return
	}
	if a.bansExposure() && r.exposedAt(i, u.Cell, a.turnTo, acting) {
		r.cancel(i, "exposed", "R-VI.1.6")
		return
	}
	turned := u.Facing != a.turnTo
	u.Facing = a.turnTo
	if turned {
		r.u[i].moves++
	}
	r.pop(i)
	if a.setShields != 0 {
		r.placeShields(i, a.setShields)
	}
	if turned {
		r.emit(Event{Kind: EvWheeled, Rule: "R-VI.2.7", Unit: u.ID, At: u.Cell, Facing: u.Facing})
	}
}

// rally turns the unit to any facing and stops a rout (R-VI.3.5, R-VI.3.6,
// D-43); the first rally of a routing unit costs -1 St and -1 Imp for the
// rest of the battle (R-X.5.2).
func (r *resolver) rally(i int, a *action) {
	u := &r.b.Units[i]
	u.Facing = a.turnTo
	detail := "turned"
	if u.Routing() {
		u.Status = StatusOK
		detail = "stopped"
		if !u.Rallied {
			u.Rallied = true
			detail = "stopped_penalty"
		}
	}
	r.pop(i)
	r.emit(Event{Kind: EvRallied, Rule: "R-VI.3.6", Unit: u.ID, At: u.Cell, Facing: u.Facing, Detail: detail})
	if a.setShields != 0 {
		r.placeShields(i, a.setShields)
	}
}

// mover is one unit changing cell in the current sub-step.
type mover struct {
	i        int
	from, to Cell
	kind     actKind
	out      bool // cancelled
	attack   int  // index of the unit attacked, or -1
	meet     int  // index of the enemy met, or -1
	sameCell bool // the meeting is in an empty cell both entered
}

// moves is one sub-step's moves, retreats and sidesteps while moveAll
// settles them: every mover, and where each unit is among them.
type moves struct {
	r      *resolver
	ms     []mover
	byUnit []int   // unit index -> index in ms, -1 for a unit that does not move
	acting unitSet // the units acting in this sub-step
}

// moveAll carries out the moves, retreats and sidesteps of the units idx,
// all at once (R-VII.1.6). Each unit's target cell is found first; then,
// stage by stage, the moves that cannot be made are cancelled (impassable
// or exposing cells, swaps, blocked cells, collisions); the plain moves
// happen together, and the fights they start (attacks and meeting
// engagements) follow, all at once (R-VII.1.2), in a fixed order. acting is
// every unit of the sub-step, movers or not.
func (r *resolver) moveAll(idx []int, acting unitSet) {
	s := r.newMoves(idx, acting)
	s.slowCavalry()
	s.dropImpassable()
	s.pairHeadOn()
	s.markAttacks()
	s.settle()
	s.checkSidestepSwaps()
	s.turnFirst()
	s.movePlain()
	defenders, attackers := s.fights()
	s.withholdFlankedAttacks(attackers)
	defenders = s.withholdFlankedMeetings(defenders, attackers)
	s.fight(defenders, attackers)
}

// newMoves finds the cell each unit of idx moves into with its head action.
func (r *resolver) newMoves(idx []int, acting unitSet) *moves {
	// The moves of a sub-step reuse the resolver's (sub-steps never nest).
	s := &r.mv
	*s = moves{r: r, ms: slices.Grow(s.ms[:0], len(idx))[:len(idx)], byUnit: slices.Grow(s.byUnit[:0], len(r.b.Units))[:len(r.b.Units)], acting: acting}
	clear(s.ms)
	for i := range s.byUnit {
		s.byUnit[i] = -1
	}
	for k, i := range idx {
		u := &r.b.Units[i]
		a := r.head(i)
		to := a.dest(u.Cell, u.Facing)
		s.ms[k] = mover{i: i, from: u.Cell, to: to, kind: a.kind, attack: -1, meet: -1}
		s.byUnit[i] = k
	}
	return s
}

// mover is unit i's index in s.ms, or 0 if it does not move: what the map
// this replaced answered, kept so that results stay the same.
func (s *moves) mover(i int) int {
	if k := s.byUnit[i]; k >= 0 {
		return k
	}
	return 0
}

// drop cancels a mover's order as impossible (R-VI.1.3), once.
func (s *moves) drop(m *mover, reason, rule string) {
	if !m.out {
		m.out = true
		s.r.cancel(m.i, reason, rule)
	}
}

// side is the mover's side.
func (s *moves) side(m *mover) Side { return s.r.b.Units[m.i].Side }

// leaving reports whether unit i is a mover that leaves its cell: neither
// cancelled nor fighting.
func (s *moves) leaving(i int) bool {
	k := s.byUnit[i]
	return k >= 0 && !s.ms[k].out && s.ms[k].attack < 0 && s.ms[k].meet < 0
}

// slowCavalry: a cavalry step across the river or into a forest takes the
// whole order: as its first step the order ends there; as its second it is
// not made (R-XI.1.3, R-XI.3.4, D-64).
func (s *moves) slowCavalry() {
	r := s.r
	for k := range s.ms {
		m := &s.ms[k]
		t := &r.u[m.i]
		if !r.b.slowedStep(&r.b.Units[m.i], m.kind, m.from, m.to) {
			continue
		}
		if t.stepsDone > 0 {
			m.out = true
			t.queue = nil
			r.emit(Event{Kind: EvOrderLost, Rule: "D-64", Unit: r.b.Units[m.i].ID, Detail: "cavalry_slowed"})
			continue
		}
		t.queue = t.queue[:1]
	}
}

// slowedStep reports whether a step of unit u from one cell to the next is
// a cavalry move across the river or into a forest, which takes the whole
// order (R-XI.1.3, R-XI.3.4, D-64): see slowCavalry.
func (b *Battle) slowedStep(u *Unit, k actKind, from, to Cell) bool {
	return k == actMove && u.Stats().Cavalry && b.slowsCavalry(from, to)
}

// impassable is the rule that keeps units out of c, "" if they may enter
// it: a swamp (R-XI.4.1), beyond the edge of a bounded field (D-03).
func (b *Battle) impassable(c Cell) string {
	switch {
	case b.Passable(c):
		return ""
	case !c.OnField():
		return "D-03"
	}
	return "R-XI.4.1"
}

// dropImpassable cancels moves into cells that cannot be entered, and
// ordinary moves that would expose a flank or rear (an attack may:
// R-VIII.5.1).
func (s *moves) dropImpassable() {
	r := s.r
	for k := range s.ms {
		m := &s.ms[k]
		if m.out {
			continue
		}
		if rule := r.b.impassable(m.to); rule != "" {
			s.drop(m, "impassable", rule)
			continue
		}
		occ := r.unitAt(m.to)
		attacking := m.kind == actMove && occ != nil && occ.Side != s.side(m)
		if !attacking && r.u[m.i].queue[0].bansExposure() &&
			r.exposedAt(m.i, m.to, r.moveDir(m.i), s.acting) {
			s.drop(m, "exposed", "R-VI.1.6")
		}
	}
}

// pairHeadOn settles head-on pairs: enemies moving into each other's cells
// meet (R-VI.2.5); friends may pass only flank first, by two sidesteps
// (R-VII.3.3, R-VI.2.9).
func (s *moves) pairHeadOn() {
	ms := s.ms
	for a := range ms {
		for b := a + 1; b < len(ms); b++ {
			ma, mb := &ms[a], &ms[b]
			if ma.out || mb.out || ma.to != mb.from || mb.to != ma.from {
				continue
			}
			switch {
			case s.side(ma) != s.side(mb) && ma.kind == actMove && mb.kind == actMove:
				ma.meet, mb.meet = mb.i, ma.i
			case s.side(ma) == s.side(mb) && ma.kind == actSidestep && mb.kind == actSidestep:
				// a legal swap; settled with the others below
			default:
				s.drop(ma, "swap", "R-VII.3.3")
				s.drop(mb, "swap", "R-VII.3.3")
			}
		}
	}
}

// markAttacks: a move into an enemy starts out as an attack. The enemy
// counts as leaving its cell only if its own move goes into a free cell
// (D-46), so a ring of units attacking each other's flanks does not turn
// into a rotation.
func (s *moves) markAttacks() {
	r := s.r
	for k := range s.ms {
		m := &s.ms[k]
		if occ := r.unitAt(m.to); !m.out && m.meet < 0 && m.kind == actMove && occ != nil && occ.Side != s.side(m) {
			m.attack = r.index(occ.ID)
		}
	}
}

// settle settles the rest until nothing changes: a cancelled move can block
// the unit behind it, and an enemy found to leave turns an attack into a
// move. Cancellations only grow, so this settles; the bound is a guard.
func (s *moves) settle() {
	r, ms := s.r, s.ms
	for changed, rounds := true, 0; changed && rounds < 4*len(ms)+4; rounds++ {
		changed = false
		for k := range ms {
			m := &ms[k]
			if m.out || m.meet >= 0 {
				continue
			}
			occIdx := r.cellAt(m.to)
			var occ *Unit
			if occIdx >= 0 {
				occ = &r.b.Units[occIdx]
			}
			switch {
			case occ != nil && !s.leaving(occIdx):
				switch {
				case occ.Side == s.side(m):
					s.drop(m, "blocked", "R-I.2.2")
					changed = true
				case m.kind != actMove:
					s.drop(m, "enemy", "R-VI.2.8")
					changed = true
				case m.attack != occIdx:
					m.attack = occIdx
					changed = true
				}
				continue
			case occ != nil && ms[s.mover(occIdx)].to == m.from && occ.Side == s.side(m) &&
				!(m.kind == actSidestep && ms[s.mover(occIdx)].kind == actSidestep):
				s.drop(m, "swap", "R-VII.3.3")
				changed = true
				continue
			}
			// The cell is empty or being left: look for others entering it.
			if m.attack >= 0 {
				m.attack = -1
				changed = true
			}
			for o := range ms {
				n := &ms[o]
				if o == k || n.out || n.to != m.to || n.attack >= 0 || n.meet >= 0 {
					continue
				}
				if s.side(n) == s.side(m) || m.kind != actMove || n.kind != actMove {
					s.drop(m, "collision", "R-I.2.2")
					s.drop(n, "collision", "R-I.2.2")
				} else {
					m.meet, n.meet = n.i, m.i
					m.sameCell, n.sameCell = true, true
				}
				changed = true
				break
			}
		}
	}
}

// checkSidestepSwaps: a sidestep swap needs both (R-VI.2.9).
func (s *moves) checkSidestepSwaps() {
	r := s.r
	for k := range s.ms {
		m := &s.ms[k]
		if m.out || m.kind != actSidestep {
			continue
		}
		if occ := r.unitAt(m.to); occ != nil {
			if n := &s.ms[s.mover(r.index(occ.ID))]; n.out {
				s.drop(m, "swap_partner", "R-VI.2.9")
			}
		}
	}
}

// turnFirst: a small unit's turn before its move happens with the move
// (R-II.10.5).
func (s *moves) turnFirst() {
	r := s.r
	for k := range s.ms {
		if m := &s.ms[k]; !m.out {
			if a := r.head(m.i); a != nil && a.turnFirst {
				r.b.Units[m.i].Facing = a.turnTo
			}
		}
	}
}

// movePlain makes the plain moves, retreats and sidesteps, together.
func (s *moves) movePlain() {
	r := s.r
	for k := range s.ms {
		m := &s.ms[k]
		if m.out || m.attack >= 0 || m.meet >= 0 {
			continue
		}
		u := &r.b.Units[m.i]
		if r.head(m.i).carryShields {
			// The shields go along with the same sides (R-II.9.4, D-14).
			sides := r.b.Terrain.ShieldSides(m.from)
			r.b.Terrain.SetShields(m.from, 0)
			r.b.Terrain.SetShields(m.to, r.b.Terrain.ShieldSides(m.to)|sides)
			r.emit(Event{Kind: EvShields, Rule: "R-II.9.4", Unit: u.ID, From: m.from, To: m.to})
		}
		r.place(m.i, m.to)
		r.pop(m.i)
		ev := Event{Unit: u.ID, From: m.from, To: m.to}
		switch m.kind {
		case actMove:
			r.u[m.i].moves++
			ev.Kind, ev.Rule = EvMoved, "R-VI.2.5"
		case actRetreat:
			ev.Kind, ev.Rule = EvRetreated, "R-VI.2.6"
		case actSidestep:
			ev.Kind, ev.Rule = EvSidestepped, "R-VI.2.8"
		}
		r.emit(ev)
	}
}

// fights gathers the attacks left: the defenders in the order of the
// movers, and each one's attackers.
func (s *moves) fights() (defenders []int, attackers map[int][]int) {
	attackers = map[int][]int{}
	for k := range s.ms {
		m := &s.ms[k]
		if !m.out && m.attack >= 0 {
			if _, seen := attackers[m.attack]; !seen {
				defenders = append(defenders, m.attack)
			}
			attackers[m.attack] = append(attackers[m.attack], m.i)
		}
	}
	return defenders, attackers
}

// withholdFlankedAttacks: a unit attacked in its flank or rear does not make
// its own attack at the same time (R-VII.4.2, D-47).
func (s *moves) withholdFlankedAttacks(attackers map[int][]int) {
	r := s.r
	for _, x := range r.flankedAttackers(s.ms, s.byUnit, attackers) {
		k := s.mover(x)
		t := s.ms[k].attack
		attackers[t] = remove(attackers[t], x)
		s.ms[k].attack = -1
		s.ms[k].out = true
		r.emit(Event{Kind: EvCancelled, Rule: "R-VII.4.2", Unit: r.b.Units[x].ID, Detail: "attacked"})
	}
}

// withholdFlankedMeetings: a unit hit in its flank or rear while it meets an
// enemy head-on does not make its own move either: the enemy it met attacks
// it from the front, beside the flank attacker (R-VII.4.2, D-47). A meeting
// in an empty cell is called off for both. It returns the defenders, with
// those the enemy it met now attacks.
func (s *moves) withholdFlankedMeetings(defenders []int, attackers map[int][]int) []int {
	r := s.r
	for k := range s.ms {
		m := &s.ms[k]
		if m.out || m.meet < 0 || !r.flankedNow(m.i, attackers) {
			continue
		}
		p := &s.ms[s.mover(m.meet)]
		m.meet, m.out = -1, true
		r.emit(Event{Kind: EvCancelled, Rule: "R-VII.4.2", Unit: r.b.Units[m.i].ID, Detail: "attacked"})
		switch {
		case p.sameCell || p.out || r.flankedNow(p.i, attackers):
			p.meet, p.out = -1, true
			r.cancel(p.i, "collision", "R-VII.4.2")
		default:
			p.meet, p.attack = -1, m.i
			if len(attackers[m.i]) == 0 {
				defenders = append(defenders, m.i)
			}
			attackers[m.i] = append(attackers[m.i], p.i)
		}
	}
	return defenders
}

// fight fights the attacks and meeting engagements, all at once
// (R-VII.1.2), in a fixed order: repelling fire first, then the attacks by
// the defenders' cells, then the meetings in the order of the movers.
func (s *moves) fight(defenders []int, attackers map[int][]int) {
	r := s.r
	// Defenders left with no attacker are not attacked after all.
	kept := defenders[:0]
	for _, d := range defenders {
		if len(attackers[d]) > 0 {
			kept = append(kept, d)
		}
	}
	defenders = kept
	r.sortByCell(defenders)
	r.repellingFire(defenders, attackers)
	for _, d := range defenders {
		if len(attackers[d]) > 0 {
			r.attack(d, attackers[d])
		}
	}
	done := map[int]bool{}
	for k := range s.ms {
		m := &s.ms[k]
		if m.out || m.meet < 0 || done[m.i] {
			continue
		}
		done[m.i], done[m.meet] = true, true
		r.meeting(m.i, m.meet, m.sameCell, m.to)
	}
}

func remove(s []int, x int) []int {
	out := s[:0]
	for _, v := range s {
		if v != x {
			out = append(out, v)
		}
	}
	return out
}

// flankedAttackers lists the attackers of this sub-step that do not attack
// because an attack that does go ahead hits their flank or rear (R-VII.4.2,
// D-47). An attacker that nobody flanks attacks; one flanked by an attacker
// that attacks does not; one flanked only by attackers that do not, does.
// What that leaves undecided is a ring of flank attacks: each side rolls a
// die (<side>.priority, ties rolled again) and the higher side's attacks in
// the ring go first, so its units attack and the other side's do not.
func (r *resolver) flankedAttackers(ms []mover, byUnit []int, attackers map[int][]int) []int {
	flankers := map[int][]int{} // attacker -> the attackers hitting its flank or rear
	var all []int
	for k := range ms {
		if ms[k].out || ms[k].attack < 0 {
			continue
		}
		x := ms[k].i
		all = append(all, x)
		u := &r.b.Units[x]
		for _, a := range attackers[x] {
			if AttackSideOf(u.Cell, u.Facing, r.b.Units[a].Cell) != AttackFront {
				flankers[x] = append(flankers[x], a)
			}
		}
	}
	const unknown, yes, no = 0, 1, 2
	attacks := map[int]int{}
	for _, x := range all {
		if len(flankers[x]) == 0 {
			attacks[x] = yes
		}
	}
	settle := func() {
		for changed := true; changed; {
			changed = false
			for _, x := range all {
				if attacks[x] != unknown {
					continue
				}
				allNo := true
				for _, y := range flankers[x] {
					switch attacks[y] {
					case yes:
						attacks[x], changed = no, true
					case unknown:
						allNo = false
					}
					if attacks[x] == no {
						break
					}
				}
				if attacks[x] == unknown && allNo {
					attacks[x], changed = yes, true
				}
			}
		}
	}
	settle()
	ring := false
	for _, x := range all {
		ring = ring || attacks[x] == unknown
	}
	if ring {
		first := r.rollOff()
		for _, x := range all {
			if attacks[x] == unknown && r.b.Units[x].Side == first {
				attacks[x] = yes
			}
		}
		settle()
	}
	var out []int
	for _, x := range all {
		if attacks[x] == no {
			out = append(out, x)
		}
	}
	return out
}

// rollOff settles equal priority that cannot be simultaneous (R-VII.4.1,
// D-47): each side rolls a die, ties are rolled again; the higher side goes
// first.
func (r *resolver) rollOff() Side {
	for {
		n, s := r.d.Roll("north.priority"), r.d.Roll("south.priority")
		r.emit(Event{Kind: EvRoll, Rule: "R-VII.4.1", Key: "north.priority", Dice: []int{n}, Value: n})
		r.emit(Event{Kind: EvRoll, Rule: "R-VII.4.1", Key: "south.priority", Dice: []int{s}, Value: s})
		switch {
		case n > s:
			return North
		case s > n:
			return South
		}
	}
}

// flankedNow reports whether an attack of this sub-step hits unit i in its
// flank or rear.
func (r *resolver) flankedNow(i int, attackers map[int][]int) bool {
	u := &r.b.Units[i]
	for _, a := range attackers[i] {
		if AttackSideOf(u.Cell, u.Facing, r.b.Units[a].Cell) != AttackFront {
			return true
		}
	}
	return false
}

// placeShields sets the shields of a unit's cell on new sides (R-II.9.4).
func (r *resolver) placeShields(i int, sides uint8) {
	u := &r.b.Units[i]
	r.b.Terrain.SetShields(u.Cell, sides)
	r.emit(Event{Kind: EvShields, Rule: "R-II.9.4", Unit: u.ID, At: u.Cell, Detail: sidesText(sides)})
}

func sidesText(sides uint8) string {
	s := ""
	for d := N; d <= W; d++ {
		if sides&(1<<d) != 0 {
			s += d.String()
		}
	}
	return s
}

// place moves unit i to cell c, whatever moves it (an order, a combat, a
// rout, flight): leaving its cell ends Hold (D-42), and leaving a forest
// reveals it for good (D-67).
func (r *resolver) place(i int, c Cell) {
	u := &r.b.Units[i]
	if c == u.Cell {
		return
	}
	if r.b.Terrain.Forest(u.Cell) && !r.b.Terrain.Forest(c) {
		u.Revealed = true
	}
	old := u.Cell
	u.Cell = c
	u.Hold = false
	if u.Active() {
		r.left(i, old)
		r.entered(i, c)
	}
}

// unitSet is a set of units by index; nil is the empty set.
type unitSet []bool

func (s unitSet) has(i int) bool { return i < len(s) && s[i] }
