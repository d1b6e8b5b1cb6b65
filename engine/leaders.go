package engine

// Leaders (RULES III, VIII.6; D-20 to D-24, D-59): their bonuses, moves, the
// HQ, and the risks they run in combat: casualty, rout and destruction rolls,
// and duels.

// Trait names (R-III.4).
const (
	TraitBrawler = "brawler"
)

// active reports whether a leader is still in the battle.
func (l *Leader) active() bool { return l.Health <= LeaderWounded }

// fit reports whether a leader can lead a unit or use the HQ: in the battle
// and not wounded twice (R-III.3.6).
func (l *Leader) fit() bool { return l.active() && l.Wounds < 2 }

// has reports whether a leader has a trait.
func (l *Leader) has(trait string) bool {
	for _, t := range l.Traits {
		if t == trait {
			return true
		}
	}
	return false
}

// brawler reports whether a leader's Brawler trait works now (R-III.4.2-4):
// a commander's, unless he is in the reserve because of his wounds; a
// general's, if he is in a unit and did not move this command phase.
func (r *resolver) brawler(k int) bool {
	l := &r.b.Leaders[k]
	if !l.has(TraitBrawler) || !l.active() {
		return false
	}
	if l.Role == Commander {
		return !(l.At == AtReserve && l.Wounds >= 2)
	}
	return r.b.Unit(l.At) != nil && l.MovedTurn != r.b.Turn
}

// inHQCell reports whether unit i stands in its own side's intact HQ cell.
func (r *resolver) inHQCell(i int) bool {
	u := &r.b.Units[i]
	return r.b.HQIntact(u.Side) && r.b.HQ[u.Side] != NoCell && r.b.HQ[u.Side] == u.Cell
}

// combatLeaders lists the leaders fighting with unit i: those in it, and,
// when it is attacked in its HQ cell, those in the HQ (R-III.2.6, D-21).
func (r *resolver) combatLeaders(i int, attacked bool) []int {
	u := &r.b.Units[i]
	var out []int // nil for a unit without leaders: most of them
	hq := attacked && r.inHQCell(i)
	for k := range r.b.Leaders {
		l := &r.b.Leaders[k]
		if l.Side == u.Side && l.active() && (l.At == u.ID || hq && l.At == AtHQ) {
			out = append(out, k)
		}
	}
	return out
}

// commanderBonus reports whether a commander gives unit i +1 Imp and +1 St
// (R-III.2.1): he leads it since the start of the command phase (a leader who
// moved gives his bonus only from the next turn, R-III.2.3, R-III.6.7), or
// he is in the HQ whose cell the unit holds when attacked (R-III.2.6, at once).
func (r *resolver) commanderBonus(i int, attacked bool) bool {
	u := &r.b.Units[i]
	for k := range r.b.Leaders {
		l := &r.b.Leaders[k]
		if l.Side != u.Side || l.Role != Commander || !l.fit() {
			continue
		}
		if l.At == u.ID && l.MovedTurn != r.b.Turn {
			return true
		}
		if attacked && l.At == AtHQ && r.inHQCell(i) {
			return true
		}
	}
	return false
}

// hqOverrun reports whether an enemy unit holds the cell of the side's
// intact HQ: at the start of a command phase that destroys it (R-III.1.6).
func (b *Battle) hqOverrun(side Side) bool {
	hq := b.HQ[side]
	if hq == NoCell || !b.HQIntact(side) {
		return false
	}
	e := b.UnitAt(hq)
	return e != nil && e.Side != side
}

// overrunHQs is the first step of a command phase (R-III.1.6, D-20, D-34):
// an HQ whose cell an enemy unit holds is destroyed for the rest of the
// battle and its leaders go to the reserve, before the command roll, the
// orders and the leader moves of that phase. It changes b, whose Leaders the
// caller owns, and tells emit what happened.
func overrunHQs(b *Battle, emit func(Event)) {
	for _, side := range []Side{North, South} {
		if !b.hqOverrun(side) {
			continue
		}
		b.HQLost[side] = true
		b.HQKnown[side.Enemy()] = true
		emit(Event{Kind: EvHQLost, Rule: "R-III.1.6", Side: side, At: b.HQ[side]})
		for k := range b.Leaders {
			if l := &b.Leaders[k]; l.Side == side && l.At == AtHQ && l.active() {
				l.At = AtReserve
				emit(Event{Kind: EvLeaderMoved, Rule: "R-III.1.6", Unit: l.ID, Detail: AtReserve})
			}
		}
	}
}

// atCommandPhase is b as its next command phase sees it once overrunHQs has
// run: what CommandSetup, CheckBudget and Validate judge, so that the roll,
// the allowance and the orders of the turn in which an HQ falls already go
// without it (R-III.1.6). The resolver applies the same step when it begins.
// b is left as it is, and returned unchanged when no HQ falls.
func atCommandPhase(b Battle) Battle {
	if !b.hqOverrun(North) && !b.hqOverrun(South) {
		return b
	}
	b = b.Clone()
	overrunHQs(&b, func(Event) {})
	return b
}

// hqOverrun applies overrunHQs when the turn's resolution begins.
func (r *resolver) hqOverrun() { overrunHQs(&r.b, r.emit) }

// moveLeaders applies the leader moves of the command phase (R-III.2.3-4,
// R-III.6, D-21); Validate has checked them.
func (r *resolver) moveLeaders(orders []Order) {
	for _, side := range []Side{North, South} {
		for _, o := range orders {
			if o.Kind != OrderMoveLeader || o.Side != side || (o.Turn != 0 && o.Turn != r.b.Turn) {
				continue
			}
			l := r.b.Leader(o.Leader)
			l.At, l.MovedTurn = o.To, r.b.Turn
			r.emit(Event{Kind: EvLeaderMoved, Rule: "R-III.6.1", Unit: l.ID, Detail: o.To})
		}
	}
}

// wound wounds a leader: twice wounded he goes to the reserve for the rest
// of the battle, three times wounded he is dead (R-III.3.6, D-23).
func (r *resolver) wound(k int, rule string) {
	l := &r.b.Leaders[k]
	l.Wounds++
	l.Health = LeaderWounded
	switch {
	case l.Wounds >= 3:
		r.fall(k, LeaderKilled, rule)
		return
	case l.Wounds == 2:
		l.At = AtReserve
	}
	r.emit(Event{Kind: EvLeaderWounded, Rule: rule, Unit: l.ID, Value: l.Wounds})
}

// fall removes a leader from the battle: captured or killed (D-22). He is
// kept off the field, in the reserve, and takes no more part.
func (r *resolver) fall(k int, h LeaderHealth, rule string) {
	l := &r.b.Leaders[k]
	l.Health, l.At = h, AtReserve
	kind := EvLeaderKilled
	if h == LeaderCaptured {
		kind = EvLeaderCaptured
	}
	r.emit(Event{Kind: kind, Rule: rule, Unit: l.ID})
}

// riskRoll rolls one die of a leader's risk rolls (key <leader>.risk), as
// rule asks.
func (r *resolver) riskRoll(k int, rule string) int {
	id := r.b.Leaders[k].ID
	v := r.d.Roll(id + ".risk")
	r.emit(Event{Kind: EvRoll, Rule: rule, Key: id + ".risk", Dice: []int{v}, Value: v})
	return v
}

// casualtyRoll: a unit that lost more than 1 figure in a loss event risks
// one leader: a general who did not duel, else the commander if he did not
// (R-III.3.1, D-22). On a 1 he is wounded, unless noWound (D-22's ashigaru
// exception, R-III.3.2).
func (r *resolver) casualtyRoll(leaders []int, duelled unitSet, noWound bool) {
	pick := -1
	for _, role := range []LeaderRole{General, Commander} {
		for _, k := range leaders {
			l := &r.b.Leaders[k]
			if pick < 0 && l.Role == role && l.active() && !duelled.has(k) {
				pick = k
			}
		}
	}
	if pick < 0 {
		return
	}
	if r.riskRoll(pick, "R-III.3.1") == 1 && !noWound {
		r.wound(pick, "R-III.3.1")
	}
}

// routRoll: every leader of a routed unit rolls: 1 wounded, 2 captured; a
// Brawler rerolls a 3-6 once (R-III.3.3, D-22).
func (r *resolver) routRoll(leaders []int, noWound bool) {
	for _, k := range leaders {
		l := &r.b.Leaders[k]
		if !l.active() {
			continue
		}
		v := r.riskRoll(k, "R-III.3.3")
		if v >= 3 && r.brawler(k) {
			v = r.riskRoll(k, "R-III.3.3")
		}
		switch {
		case v == 1 && !noWound:
			r.wound(k, "R-III.3.3")
		case v == 2:
			r.fall(k, LeaderCaptured, "R-III.3.3")
		}
	}
}

// destructionRoll: each leader of a destroyed unit rolls 1 die plus 1 per
// point of damage beyond the unit's figures; a Brawler rerolls each 5-6
// once; the lowest counts: 1 captured, 2 killed, 3-4 wounded, 5-6 unharmed.
// Survivors go to the reserve (R-III.3.4, D-22).
func (r *resolver) destructionRoll(leaders []int, excess int) {
	for _, k := range leaders {
		l := &r.b.Leaders[k]
		if !l.active() {
			continue
		}
		dice := make([]int, 1+max(0, excess))
		for n := range dice {
			dice[n] = r.riskRoll(k, "R-III.3.4")
		}
		if r.brawler(k) {
			for n, v := range dice {
				if v >= 5 {
					dice[n] = r.riskRoll(k, "R-III.3.4")
				}
			}
		}
		low := dice[0]
		for _, v := range dice[1:] {
			low = min(low, v)
		}
		switch {
		case low == 1:
			r.fall(k, LeaderCaptured, "R-III.3.4")
		case low == 2:
			r.fall(k, LeaderKilled, "R-III.3.4")
		case low <= 4:
			r.wound(k, "R-III.3.4")
			if l.active() {
				l.At = AtReserve
			}
		default:
			l.At = AtReserve
		}
	}
}

// participant is one unit of a combat, for what its leaders risk after it.
type participant struct {
	i        int
	attacked bool  // it was attacked (defender, or a meeting): HQ leaders ride with it
	before   int   // figures at the start of the combat
	routs    int   // routs of the unit before the combat (r.u[i].routs)
	leaders  []int // the leaders fighting with it (combatLeaders), as the combat began
}

// startCombat notes the participants of a combat before it is fought, with
// their leaders: those are the ones at risk after it, even if the unit has
// left the HQ cell by then (R-III.2.6, D-21) or been scattered and sent its
// leaders to the reserve (R-X.2.5, D-03, D-21).
func (r *resolver) startCombat(units []int, attacked []bool) []participant {
	ps := r.parts.take(len(units))
	for k, i := range units {
		ps[k] = participant{i: i, attacked: attacked[k], before: r.b.Units[i].Figures, routs: r.u[i].routs,
			leaders: r.combatLeaders(i, attacked[k])}
		r.u[i].inCombat = true
	}
	return ps
}

// endCombat settles what the leaders of a combat risk, after its result:
// the duels first, then for each unit the destruction roll, or the casualty
// roll and then the rout roll (D-22, D-59). Only a destroyed unit's roll
// replaces the others (R-III.3.4): a unit scattered by its rout, or gone
// across its own back edge, survives, and its leaders roll as for any rout.
func (r *resolver) endCombat(ps []participant) {
	for _, p := range ps {
		r.u[p.i].inCombat = false
	}
	leaders := r.leaderLists.take(len(ps))
	for k, p := range ps {
		leaders[k] = p.leaders
	}
	duelled := r.duels(ps, leaders)
	for k, p := range ps {
		u := &r.b.Units[p.i]
		if len(leaders[k]) == 0 {
			continue
		}
		destroyed := u.Status == StatusDestroyed
		// R-III.3.2, D-22: against ashigaru only, a surviving unit's leaders
		// are not wounded (capture still applies).
		noWound := !destroyed && r.onlyAshigaruAgainst(ps, p.i)
		if destroyed {
			r.destructionRoll(leaders[k], r.u[p.i].excess)
			continue
		}
		if p.before-u.Figures > 1 {
			r.casualtyRoll(leaders[k], duelled, noWound)
		}
		if r.u[p.i].routs > p.routs {
			r.routRoll(leaders[k], noWound)
		}
	}
}

// onlyAshigaruAgainst reports whether every enemy of unit i in the combat
// is ashigaru.
func (r *resolver) onlyAshigaruAgainst(ps []participant, i int) bool {
	side := r.b.Units[i].Side
	any := false
	for _, p := range ps {
		if e := &r.b.Units[p.i]; e.Side != side {
			any = true
			if !e.Stats().Ashigaru {
				return false
			}
		}
	}
	return any
}

// duels fights the duels of a combat (R-VIII.6, D-59) and returns the
// leaders who fought one. Characters on both sides are paired: Brawler
// against Brawler, remaining Brawlers against generals, then commanders,
// general against general, then the remaining eligible ones in the order
// of the army lists (the engine makes no die roll for that pairing).
func (r *resolver) duels(ps []participant, leaders [][]int) unitSet {
	var chars [2][]int
	for k, p := range ps {
		s := r.b.Units[p.i].Side
		chars[s] = append(chars[s], leaders[k]...)
	}
	if len(chars[North]) == 0 || len(chars[South]) == 0 {
		return nil
	}
	duelled := make(unitSet, len(r.b.Leaders)) // by leader index
	eligible := func(s Side, k int) bool {
		l := &r.b.Leaders[k]
		if !l.active() {
			return false
		}
		if l.Role == General || l.has(TraitBrawler) {
			return true
		}
		generals := 0
		for _, g := range chars[s] {
			if r.b.Leaders[g].Role == General {
				generals++
			}
		}
		return len(chars[s.Enemy()]) > generals
	}
	var pool [2][]int
	for s := North; s <= South; s++ {
		for _, k := range chars[s] {
			if eligible(s, k) {
				pool[s] = append(pool[s], k)
			}
		}
	}
	var pairs [][2]int // North, South
	take := func(nOK, sOK func(*Leader) bool) {
		for _, n := range pool[North] {
			if duelled.has(n) || !nOK(&r.b.Leaders[n]) {
				continue
			}
			for _, s := range pool[South] {
				if !duelled.has(s) && sOK(&r.b.Leaders[s]) {
					pairs = append(pairs, [2]int{n, s})
					duelled[n], duelled[s] = true, true
					break
				}
			}
		}
	}
	brawler := func(l *Leader) bool { return l.has(TraitBrawler) }
	general := func(l *Leader) bool { return l.Role == General }
	commander := func(l *Leader) bool { return l.Role == Commander }
	anyone := func(*Leader) bool { return true }
	take(brawler, brawler)
	take(brawler, general)
	take(general, brawler)
	take(brawler, commander)
	take(commander, brawler)
	take(general, general)
	take(anyone, anyone)

	routed := func(k int) bool {
		for kk, p := range ps {
			for _, l := range leaders[kk] {
				if l == k {
					return r.u[p.i].routs > p.routs
				}
			}
		}
		return false
	}
	for _, pair := range pairs {
		r.duel(pair, routed)
	}
	return duelled
}

// duel rolls one duel (R-VIII.6.4, D-59): 1-2 nothing; 3 one of the two,
// at random, is wounded; 4 one of them is killed; 5 both are wounded; 6 the
// character of a side that routs is captured. The random choice is a die:
// 1-3 the North leader, 4-6 the South one. A Brawler chosen on a 3 or 4
// rerolls the duel once, unless both are Brawlers (R-VIII.6.6).
func (r *resolver) duel(pair [2]int, routed func(int) bool) {
	ln, ls := &r.b.Leaders[pair[0]], &r.b.Leaders[pair[1]]
	at := len(r.ev)
	r.emit(Event{Kind: EvDuel, Rule: "R-VIII.6.1", Unit: ln.ID, Other: ls.ID})
	roll := func(rule string) int {
		v := r.d.Roll("duel")
		r.emit(Event{Kind: EvRoll, Rule: rule, Key: "duel", Dice: []int{v}, Value: v})
		return v
	}
	rerolled := false
	for {
		rule := "R-VIII.6.4"
		if rerolled {
			rule = "R-VIII.6.6" // the Brawler's reroll
		}
		v := roll(rule)
		if r.roninDuel(at, v) {
			return
		}
		switch v {
		case 3, 4:
			chosen := pair[0]
			if roll("D-59") > 3 { // the random choice of the one hurt
				chosen = pair[1]
			}
			if !rerolled && r.brawler(chosen) && !(r.brawler(pair[0]) && r.brawler(pair[1])) {
				rerolled = true
				continue
			}
			switch {
			case v == 3:
				r.wound(chosen, "R-VIII.6.4")
			case r.b.Spare[r.b.Leaders[chosen].Side.Enemy()]:
				// The opponent's player spares him: a wound, which
				// still kills a third time (R-VIII.6.5, D-59).
				r.wound(chosen, "R-VIII.6.5")
			default:
				r.fall(chosen, LeaderKilled, "R-VIII.6.4")
			}
		case 5:
			r.wound(pair[0], "R-VIII.6.4")
			r.wound(pair[1], "R-VIII.6.4")
		case 6:
			for _, k := range pair {
				if routed(k) && r.b.Leaders[k].active() {
					r.fall(k, LeaderCaptured, "R-VIII.6.4")
				}
			}
		}
		return
	}
}
