package engine

// A meeting engagement: two units that charge each other (R-VIII.4.7-9).

// meeting resolves a meeting engagement between units a and b (R-VIII.4.7-9,
// D-51, D-52): head-on, or both entering the empty cell at.
func (r *resolver) meeting(a, b int, sameCell bool, at Cell) {
	fa, fb := r.meetingFighters(a, b, sameCell, at)
	defer r.endCombat(r.startCombat([]int{a, b}, []bool{true, true}))
	// Both deal base and extra damage front to front (R-VIII.2.1).
	toB, toA := r.meetingBlow(&fa, &fb), r.meetingBlow(&fb, &fa)
	r.loseFigures(b, toB, true, "R-VIII.2.7")
	r.loseFigures(a, toA, true, "R-VIII.2.7")
	win, lose, meet, ok := r.meetingWinner(&fa, &fb)
	if !ok {
		return
	}
	r.meetingLoserLeaves(a, win, lose, meet, sameCell, at)
}

// meetingFighters are a and b meeting as fighters, each attacked. Each
// side's move is an attack (R-T.2.6): charge and terrain as for one; it
// ends Hold (D-42) and a gallop (D-52), and reveals the unit (D-67).
func (r *resolver) meetingFighters(a, b int, sameCell bool, at Cell) (fa, fb fighter) {
	ua, ub := &r.b.Units[a], &r.b.Units[b]
	detail := "head_on"
	if sameCell {
		detail = "same_cell"
	}
	r.emit(Event{Kind: EvMeeting, Rule: "R-T.2.6", Unit: ua.ID, Other: ub.ID, At: at, Detail: detail})
	fa = fighter{i: a, start: ua.Figures, from: ua.Cell, side: AttackFront, attacked: true}
	fb = fighter{i: b, start: ub.Figures, from: ub.Cell, side: AttackFront, attacked: true}
	fa.charge = chargeCounts(ua, ub, true) && !r.b.slowsCavalry(ua.Cell, at)
	fb.charge = chargeCounts(ub, ua, true) && !r.b.slowsCavalry(ub.Cell, at)
	if sameCell {
		// Into an empty cell entered together there is no hill to attack (D-69).
		fa.terrain = r.b.attackPenalty(ua.Cell, at, false)
		fb.terrain = r.b.attackPenalty(ub.Cell, at, false)
	} else {
		fa.terrain = r.b.attackPenalty(ua.Cell, ub.Cell, r.b.Terrain.Hill(ub.Cell))
		fb.terrain = r.b.attackPenalty(ub.Cell, ua.Cell, r.b.Terrain.Hill(ua.Cell))
	}
	for _, f := range []*fighter{&fa, &fb} {
		u := &r.b.Units[f.i]
		u.Hold = false // D-42: a meeting engagement is an attack
		u.Revealed = true
		r.u[f.i].moves++
		r.u[f.i].queue = nil // the meeting ends a gallop (D-52)
		r.u[f.i].acted = true
		r.u[f.i].attacked = true
	}
	return fa, fb
}

// meetingBlow rolls f's base and extra damage to e, front to front
// (R-VIII.2.1), and returns it after e's armor.
func (r *resolver) meetingBlow(f, e *fighter) int {
	u, en := &r.b.Units[f.i], &r.b.Units[e.i]
	st := u.Stats()
	base := st.BaseMelee
	if r.noBase(f.start, en.Stats().ForestSpears, e.start) {
		base = 0
	}
	dice := Files(f.start)
	if f.charge {
		dice *= 2
	}
	_, hits := r.roll(u.ID+".melee", "R-VIII.2.1", dice, r.b.extra(u, st.ExtraMelee))
	raw := base + hits
	final := reduce(raw, en.Stats().Armor)
	r.emit(Event{Kind: EvDamage, Rule: "R-VIII.2.1", Unit: u.ID, Other: en.ID, Raw: raw, Armor: en.Stats().Armor, Value: final})
	return final
}

// meetingWinner decides a meeting after the blows: the one left standing,
// else by the three criteria of R-VIII.4.7 (D-51), whose values it
// returns as meet, a's and b's. ok is false when the meeting ends there:
// both destroyed (R-VIII.4.10), or no superiority, when both stay and
// count as pushed back (R-VIII.4.9, D-52).
func (r *resolver) meetingWinner(fa, fb *fighter) (win, lose fighter, meet [3][2]int, ok bool) {
	a, b := fa.i, fb.i
	ua, ub := &r.b.Units[a], &r.b.Units[b]
	switch aliveA, aliveB := ua.Active(), ub.Active(); {
	case !aliveA && !aliveB:
		r.emit(Event{Kind: EvCombatResult, Rule: "R-VIII.4.10", Unit: ua.ID, Other: ub.ID, Detail: "both_destroyed"})
		return win, lose, meet, false
	case !aliveB:
		return *fa, *fb, meet, true
	case !aliveA:
		return *fb, *fa, meet, true
	}
	// Three criteria: ranks at the end, effective Imp, losses inflicted (D-51).
	score := func(x, y int) int { return b2i(x > y) - b2i(y > x) }
	meet = [3][2]int{
		{Ranks(ua.Figures), Ranks(ub.Figures)},
		{r.effImp(fa, fb.start), r.effImp(fb, fa.start)},
		{r.u[b].phaseLoss, r.u[a].phaseLoss},
	}
	crit := [3]int{score(meet[0][0], meet[0][1]), score(meet[1][0], meet[1][1]), score(meet[2][0], meet[2][1])}
	sum := 0
	for _, c := range crit {
		if r.b.Settings.MeetingLexicographic && sum == 0 {
			sum = c
		} else if !r.b.Settings.MeetingLexicographic {
			sum += c
		}
	}
	switch {
	case sum > 0:
		return *fa, *fb, meet, true
	case sum < 0:
		return *fb, *fa, meet, true
	}
	// No superiority: both stay and count as pushed back (R-VIII.4.9, D-52).
	r.emit(Event{Kind: EvCombatResult, Rule: "R-VIII.4.9", Unit: ua.ID, Other: ub.ID, Detail: "no_superiority", Terms: r.newTerms(CombatTerms{Meeting: meet})})
	for _, i := range []int{a, b} {
		r.emit(Event{Kind: EvPushedBack, Rule: "R-VIII.4.9", Unit: r.b.Units[i].ID, At: r.b.Units[i].Cell})
		r.loseOrders(i, "pushed_back", "R-VII.3.5")
	}
	return win, lose, meet, false
}

// meetingLoserLeaves carries out a won meeting (a was the first unit):
// the loser, if still there, routs if its losses this phase exceed its
// St, else it retreats; either way away from the winner (R-VIII.4.8,
// D-51, D-52). The winner advances into the cell fought for.
func (r *resolver) meetingLoserLeaves(a int, win, lose fighter, meet [3][2]int, sameCell bool, at Cell) {
	wu, lu := &r.b.Units[win.i], &r.b.Units[lose.i]
	if !lu.Active() {
		r.emit(Event{Kind: EvCombatResult, Rule: "R-VIII.4.10", Unit: wu.ID, Other: lu.ID, Detail: "annihilated"})
		r.advanceInto(win.i, at)
		return
	}
	away := lu.Cell.Sub(wu.Cell)
	if sameCell {
		away = lu.Cell.Sub(at)
	}
	terms := r.newTerms(CombatTerms{Losses: r.u[lose.i].phaseLoss, St: r.effSt(lose.i, lose.start, win.start, true),
		Serried: r.serried(lose.i, true), Meeting: meet})
	if win.i != a {
		for k := range terms.Meeting {
			terms.Meeting[k][0], terms.Meeting[k][1] = meet[k][1], meet[k][0] // the winner's first
		}
	}
	st := terms.St + terms.Serried
	origin := lu.Cell
	if r.u[lose.i].phaseLoss > st {
		r.emit(Event{Kind: EvCombatResult, Rule: "R-VIII.4.8", Unit: wu.ID, Other: lu.ID, Value: r.u[lose.i].phaseLoss, Detail: "won_routed", Terms: terms})
		r.rout(lose.i, away, origin)
	} else {
		r.emit(Event{Kind: EvCombatResult, Rule: "R-VIII.4.8", Unit: wu.ID, Other: lu.ID, Value: r.u[lose.i].phaseLoss, Detail: "won_retreated", Terms: terms})
		if _, ok := r.retreat(lose.i, away); !ok {
			r.rout(lose.i, away, origin)
		} else {
			r.beaten(lose.i, origin)
		}
	}
	if sameCell {
		r.advanceInto(win.i, at)
	} else {
		r.advanceInto(win.i, origin)
	}
}
