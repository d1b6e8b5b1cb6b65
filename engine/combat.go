package engine

// Melee (R-VIII): damage, armor, the combat result, and what follows.

// fighter is one unit in a combat, with what was true at its start (D-10,
// D-16: sizes and formation are taken at the start of the combat).
type fighter struct {
	i       int
	start   int        // figures at the start of the combat
	from    Cell       // the cell it attacked from
	side    AttackSide // for attackers: which side of the defender it hit
	charge  bool       // Mounted charge counts (R-II.2.1, R-II.4.1)
	terrain int        // Impetus lost to the river or a hill it attacks across or into (D-17)
	raw     int        // raw damage it inflicts
	// attacked: it is attacked (a defender, or in a meeting), so leaders in
	// the HQ whose cell it holds lead it (R-III.2.6, D-21).
	attacked bool
}

// small is R-II.10.4: a unit of 1 or 2 figures fighting a unit of 4 or more.
func small(start, enemyMax int) bool { return start <= 2 && enemyMax >= 4 }

// effImp is the effective Impetus of D-17 (commander, charge, Advance,
// rally penalty, small unit), floored at 0.
func (r *resolver) effImp(f *fighter, enemyMax int) int {
	u := &r.b.Units[f.i]
	st := u.Stats()
	v := st.Imp + u.ImpMod // campaign promotion (E1-U2)
	if r.commanderBonus(f.i, f.attacked) {
		v++
	}
	if f.charge && st.ChargeImp {
		v++
	}
	if r.u[f.i].advance {
		v += 2
	}
	if u.Rallied {
		v--
	}
	if small(f.start, enemyMax) {
		v--
	}
	v -= f.terrain + r.u[f.i].panic
	return max(0, v)
}

// effSt is the effective Steadiness of D-17 without Serried ranks.
func (r *resolver) effSt(i, start, enemyMax int, attacked bool) int {
	u := &r.b.Units[i]
	v := u.Stats().St + u.StMod // campaign promotion (E1-U2)
	if r.commanderBonus(i, attacked) {
		v++
	}
	if u.Hold {
		v += 2
	}
	if u.Rallied {
		v--
	}
	if small(start, enemyMax) {
		v--
	}
	v -= r.u[i].panic
	return max(0, v)
}

// extra is a unit's extra-damage threshold: the table's, lowered by 1 per
// point of campaign Mastery, never below 2+, unless campaign.mastery=off
// (E1-U2, E1-Q14).
func (b *Battle) extra(u *Unit, table int) int {
	if u.Mastery <= 0 || b.Settings.MasteryOff {
		return table
	}
	return max(min(table, 2), table-u.Mastery)
}

// serried is the Serried-ranks bonus (R-II.4.2, D-15): ranks beyond the
// first at the end of the combat, when every enemy is in front.
func (r *resolver) serried(i int, allFront bool) int {
	u := &r.b.Units[i]
	if !u.Stats().SerriedRanks || !allFront {
		return 0
	}
	return max(0, Ranks(u.Figures)-1)
}

// reduce applies armor A to raw damage D: 0 stays 0, else max(1, D-A)
// (R-T.4.3, R-VIII.2.3-5, D-12).
func reduce(d, a int) int {
	if d <= 0 {
		return 0
	}
	return max(1, d-max(0, a))
}

// ruthlessInMelee reports whether a unit's melee damage ignores a point of
// armor: teppo, under teppo.ruthless_lead_in_melee=true (R-II.7.2, D-13).
func (r *resolver) ruthlessInMelee(u *Unit) bool {
	return r.b.Settings.RuthlessLeadInMelee && u.Type == AshigaruTeppo
}

// noBase reports when a unit inflicts no base damage: the enemy fights it
// from the front of spearmen (Forest of spears, R-II.4.1), or it is a unit of
// 1-2 figures (R-II.10.4, D-16).
func (r *resolver) noBase(start int, spearFront bool, enemyMax int) bool {
	if spearFront {
		return true
	}
	if start <= 2 {
		return !r.b.Settings.SmallBaseOnlyVsBig || enemyMax >= 4
	}
	return false
}

// chargeCounts is Mounted charge for an attacking cavalry unit, lost against
// the front of spearmen (R-II.2.1, R-II.3.1, R-II.4.1, D-60).
func chargeCounts(att, def *Unit, intoFront bool) bool {
	return att.Stats().Cavalry && !(def.Stats().ForestSpears && intoFront && !def.Routing())
}

// loseFigures removes figures (D-11), keeps ammunition within 8 per figure
// (R-VIII.2.6, D-38; in melee 2 per figure lost), and destroys a unit at 0.
func (r *resolver) loseFigures(i, n int, melee bool, rule string) int {
	u := &r.b.Units[i]
	if n > u.Figures {
		r.u[i].excess = n - u.Figures // for the destruction roll (R-III.3.4)
	}
	n = min(n, u.Figures)
	if n <= 0 {
		return 0
	}
	u.Figures -= n
	r.u[i].phaseLoss += n
	if st := u.Stats(); st.Shooter {
		if melee {
			u.Ammo -= 2 * n
		}
		u.Ammo = max(0, min(u.Ammo, st.AmmoPerFigure*u.Figures))
	}
	r.emit(Event{Kind: EvLosses, Rule: rule, Unit: u.ID, Value: n, Figures: u.Figures})
	if u.Figures == 0 {
		if i != r.fleeing {
			r.broke(i, u.Cell) // Peasants (D-58)
		}
		u.Status = StatusDestroyed
		r.left(i, u.Cell)
		r.u[i].queue = nil
		r.u[i].orders[2] = nil
		// Destroyed by what took its last figures: melee, shooting, a rout
		// attack, enemies it fled through.
		r.emit(Event{Kind: EvDestroyed, Rule: rule, Unit: u.ID, At: u.Cell})
		if !r.u[i].inCombat {
			// Destroyed by shooting or by enemies it fled through: its
			// leaders' destruction roll at once (a combat rolls after it).
			r.destructionRoll(r.combatLeaders(i, false), r.u[i].excess)
		}
	}
	return n
}

// attack resolves an attack on unit d by the units atts, who moved in from
// their cells (R-VIII.2 to R-VIII.5).
func (r *resolver) attack(d int, atts []int) {
	// The slices are made here, not in the stages, so that they stay on
	// the stack.
	fs := r.appendAttackers(make([]fighter, 0, len(atts)), d, atts)
	// The leaders' risks and duels follow the combat's result (D-22, D-59).
	units, attacked := []int{d}, []bool{true}
	for _, f := range fs {
		units, attacked = append(units, f.i), append(attacked, false)
	}
	defer r.endCombat(r.startCombat(units, attacked))
	def := &r.b.Units[d]
	if def.Routing() {
		r.attackRouting(d, fs)
		return
	}
	// Dice are rolled front first, then right flank, left flank, rear (CASES.md).
	sortBySide(fs)
	defStart := def.Figures
	total, final := r.attackersDamage(d, fs, defStart)
	back := make([]int, len(fs))
	r.defenderDamage(d, fs, defStart, back)
	r.emit(Event{Kind: EvDamage, Rule: "R-VIII.2.1", Unit: joinIDs(r, fs), Other: def.ID, Raw: total, Armor: def.Stats().Armor, Value: final})

	// Losses are simultaneous (R-VIII.2.1).
	r.loseFigures(d, final, true, "R-VIII.2.7")
	for k := range fs {
		r.loseFigures(fs[k].i, back[k], true, "R-VIII.2.7")
	}
	r.combatResult(d, defStart, fs)
}

// appendAttackers appends to fs the units atts attacking unit d as
// fighters: the side of d each hits, its charge and terrain. Each attack
// is an event, ends the attacker's Hold (D-42) and order (R-II.2.3), and
// reveals both (D-67).
func (r *resolver) appendAttackers(fs []fighter, d int, atts []int) []fighter {
	def := &r.b.Units[d]
	for _, a := range atts {
		au := &r.b.Units[a]
		side := AttackSideOf(def.Cell, def.Facing, au.Cell)
		fs = append(fs, fighter{i: a, start: au.Figures, from: au.Cell, side: side,
			charge:  chargeCounts(au, def, side == AttackFront) && !r.b.slowsCavalry(au.Cell, def.Cell),
			terrain: r.b.attackPenalty(au.Cell, def.Cell, r.b.Terrain.Hill(def.Cell))})
		detail := side.String()
		if def.Routing() {
			detail = "routing"
		}
		r.emit(Event{Kind: EvAttack, Rule: "R-T.2.5", Unit: au.ID, Other: def.ID, From: au.Cell, To: def.Cell, Detail: detail})
		au.Hold = false    // D-42: attacking ends Hold
		au.Revealed = true // D-67
		r.u[a].moves++
		r.u[a].queue = nil // the attack ends the order: no second gallop move (R-II.2.3)
		r.u[a].acted = true
	}
	r.u[d].attacked = true
	def.Revealed = true // D-67: the first melee reveals a unit for good
	return fs
}

// attackersDamage rolls the attackers' damage to unit d, defStart figures
// at the start: each attacker's raw damage in fs, their total, and the
// final damage after d's armor, once on the sum (D-12,
// armor.melee_joint) unless per attacker.
func (r *resolver) attackersDamage(d int, fs []fighter, defStart int) (total, final int) {
	def := &r.b.Units[d]
	dst := def.Stats()
	shielded, teppoRaw := 0, 0
	teppo := false
	for k := range fs {
		f := &fs[k]
		au := &r.b.Units[f.i]
		ast := au.Stats()
		base := ast.BaseMelee
		if r.noBase(f.start, dst.ForestSpears && f.side == AttackFront, defStart) {
			base = 0
		}
		dice := Files(f.start)
		if f.charge {
			dice *= 2 // Mounted charge (R-II.2.1)
		}
		_, hits := r.roll(au.ID+".melee", "R-VIII.2.1", dice, r.b.extra(au, ast.ExtraMelee))
		f.raw = base + hits
		total += f.raw
		// Spearmen attacked across a shielded side of their cell get +1
		// armor against that attacker (R-II.9.3, D-14).
		shield := dst.Spearmen && r.b.Terrain.Shielded(def.Cell, f.from)
		if shield {
			shielded += f.raw
		}
		lead := r.ruthlessInMelee(au)
		if lead {
			teppo = true
			teppoRaw += f.raw
		}
		if r.b.Settings.ArmorPerAttacker {
			final += reduce(f.raw, dst.Armor-b2i(lead && dst.Armor >= 1)+b2i(shield))
		}
	}
	if !r.b.Settings.ArmorPerAttacker {
		// Armor once on the sum, as in crossfire (D-13): the shield's
		// point only against what came across a shielded side, Ruthless
		// lead's point only if teppo fight in melee too.
		final = crossfire(dst.Armor, teppoRaw, total-teppoRaw, teppo, shielded > 0, shielded)
	}
	return total, final
}

// defenderDamage rolls unit d's damage back to each attacker of fs into
// back: its dice by direction (R-VIII.3.2-3, D-49) and its base damage,
// which goes only to a frontal attacker that is not spearmen; each after
// that attacker's armor.
func (r *resolver) defenderDamage(d int, fs []fighter, defStart int, back []int) {
	def := &r.b.Units[d]
	dst := def.Stats()
	attMax := 0
	for _, f := range fs {
		attMax = max(attMax, f.start)
	}
	dice := defenceDice(defStart, fs)
	for k := range fs {
		f := &fs[k]
		au := &r.b.Units[f.i]
		raw := 0
		if f.side == AttackFront && !r.noBase(defStart, au.Stats().ForestSpears, attMax) {
			raw = dst.BaseMelee
		}
		rule := "R-VIII.2.1" // to the front: a die per figure in the first rank
		if f.side != AttackFront {
			rule = "R-VIII.3.2" // to a flank or the rear: by ranks or files
		}
		_, hits := r.roll(def.ID+".melee", rule, dice[k], r.b.extra(def, dst.ExtraMelee))
		raw += hits
		armor := au.Stats().Armor
		if r.ruthlessInMelee(def) {
			armor = max(0, armor-1)
		}
		back[k] = reduce(raw, armor)
		r.emit(Event{Kind: EvDamage, Rule: "R-VIII.2.1", Unit: def.ID, Other: au.ID, Raw: raw, Armor: armor, Value: back[k]})
	}
}

// sortBySide orders attackers front, right flank, left flank, rear.
func sortBySide(fs []fighter) {
	for i := 1; i < len(fs); i++ {
		for j := i; j > 0 && fs[j].side < fs[j-1].side; j-- {
			fs[j], fs[j-1] = fs[j-1], fs[j]
		}
	}
}

func joinIDs(r *resolver, fs []fighter) string {
	s := ""
	for k, f := range fs {
		if k > 0 {
			s += "+"
		}
		s += r.b.Units[f.i].ID
	}
	return s
}

// defenceDice gives the defender's dice against each attacker (D-49), with
// the formation at the start of the combat: front W; each attacked flank R,
// minus 1 if the front is engaged; rear W minus 1 per attacked flank, 0 if
// R = 1 and the front is engaged; never more than N in all (rear cut first).
func defenceDice(n int, fs []fighter) []int {
	w, rk := Files(n), Ranks(n)
	front, flanks := false, 0
	for _, f := range fs {
		switch f.side {
		case AttackFront:
			front = true
		case AttackLeftFlank, AttackRightFlank:
			flanks++
		}
	}
	out := make([]int, len(fs))
	total := 0
	for k, f := range fs {
		switch f.side {
		case AttackFront:
			out[k] = w
		case AttackLeftFlank, AttackRightFlank:
			out[k] = rk
			if front {
				out[k]--
			}
		case AttackRear:
			out[k] = w - flanks
			if rk == 1 && front {
				out[k] = 0
			}
		}
		out[k] = max(0, out[k])
		total += out[k]
	}
	// Cap at N: the rear first, then the flanks (fs is sorted front first).
	for k := len(fs) - 1; k >= 0 && total > n; k-- {
		cut := min(out[k], total-n)
		out[k] -= cut
		total -= cut
	}
	return out
}

// combatResult decides an attack (R-VIII.4.1-6, D-50) and applies it.
func (r *resolver) combatResult(d, defStart int, fs []fighter) {
	def := &r.b.Units[d]
	var alive []fighter
	for _, f := range fs {
		if r.b.Units[f.i].Active() {
			alive = append(alive, f)
		}
	}
	if !def.Active() {
		// Annihilation (R-VIII.4.10): the defender is gone; an attacker occupies.
		r.emit(Event{Kind: EvCombatResult, Rule: "R-VIII.4.10", Unit: def.ID, Detail: "annihilated"})
		if len(alive) > 0 {
			r.occupy(def.Cell, alive, Vec{})
		}
		return
	}
	if len(alive) == 0 {
		r.emit(Event{Kind: EvCombatResult, Rule: "R-VIII.4.10", Unit: def.ID, Detail: "held"})
		r.attackedAndHeld(d)
		return
	}
	attMax, allFront, rear := 0, true, false
	imp, rankBonus, lAtt := 0, 0, 0
	for k := range alive {
		f := &alive[k]
		attMax = max(attMax, f.start)
		if f.side != AttackFront {
			allFront = false
		}
		if f.side == AttackRear {
			rear = true
		}
		imp += r.effImp(f, defStart)
		if Ranks(r.b.Units[f.i].Figures) > 1 {
			rankBonus++
		}
		lAtt += r.u[f.i].phaseLoss
	}
	for _, f := range fs {
		if !r.b.Units[f.i].Active() {
			lAtt += r.u[f.i].phaseLoss // losses of a destroyed attacker still count (R-VIII.1.3)
			if f.side != AttackFront {
				allFront = false
			}
		}
	}
	if r.b.Settings.RankBonusOnce && rankBonus > 1 {
		rankBonus = 1
	}
	terms := r.newTerms(CombatTerms{Losses: r.u[d].phaseLoss, Imp: imp, Ranks: rankBonus, Rear: b2i(rear),
		St: r.effSt(d, defStart, attMax, true), Inflicted: lAtt, Serried: r.serried(d, allFront)})
	st := terms.St + terms.Serried
	x := terms.Losses + imp + rankBonus + terms.Rear - st - lAtt
	switch {
	case x <= 0:
		r.emit(Event{Kind: EvCombatResult, Rule: "R-VIII.4.3", Unit: def.ID, Value: x, Detail: "repelled", Terms: terms})
		for _, f := range alive {
			r.emit(Event{Kind: EvPushedBack, Rule: "R-VIII.4.3", Unit: r.b.Units[f.i].ID, At: r.b.Units[f.i].Cell})
			r.loseOrders(f.i, "pushed_back", "R-VII.3.5")
			r.beaten(f.i, f.from)
		}
		r.attackedAndHeld(d)
	default:
		away := r.largest(alive, def)
		origin := def.Cell
		sides := map[AttackSide]bool{}
		for _, f := range alive {
			sides[f.side] = true
		}
		mustRout := x > st
		rule := "R-VIII.4.5"
		if !mustRout && sides[AttackRear] && len(sides) > 1 {
			mustRout, rule = true, "R-X.1.1" // R-VIII.4.6: front and rear
		}
		if !mustRout && sides[AttackLeftFlank] && sides[AttackRightFlank] {
			away = def.Facing.Opposite().Vec() // both flanks: into the rear cell (R-X.1.2)
		}
		var first Vec
		if mustRout {
			r.emit(Event{Kind: EvCombatResult, Rule: rule, Unit: def.ID, Value: x, Detail: "routed", Terms: terms})
			first = r.rout(d, away, origin)
		} else {
			r.emit(Event{Kind: EvCombatResult, Rule: "R-VIII.4.4", Unit: def.ID, Value: x, Detail: "pushed_back", Terms: terms})
			var ok bool
			if first, ok = r.retreat(d, away); !ok {
				first = r.rout(d, away, origin)
			} else {
				r.beaten(d, origin)
			}
		}
		r.occupy(origin, alive, first)
	}
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// largest picks the attacker a defender retreats or routs away from: the one
// with most figures at the end of the combat; on a tie the frontal one,
// otherwise a die (D-54). It returns the direction away from it.
func (r *resolver) largest(fs []fighter, def *Unit) Vec {
	best := -1
	var tied []int
	for k, f := range fs {
		n := r.b.Units[f.i].Figures
		switch {
		case best < 0 || n > r.b.Units[fs[best].i].Figures:
			best, tied = k, []int{k}
		case n == r.b.Units[fs[best].i].Figures:
			tied = append(tied, k)
		}
	}
	if len(tied) > 1 {
		best = -1
		for _, k := range tied {
			if fs[k].side == AttackFront {
				best = k
			}
		}
		if best < 0 {
			cells := make([]Cell, len(tied))
			for n, k := range tied {
				cells[n] = fs[k].from
			}
			best = tied[r.pickAround(def.ID+".flee", "D-54", def.Cell, cells)]
		}
	}
	return def.Cell.Sub(fs[best].from)
}

// occupy moves an attacker into the cell the defender left (R-VIII.5, D-53).
// Several attackers all turn to face the first direction of the retreat or
// rout; the one already facing it occupies, else the one with most figures.
func (r *resolver) occupy(cell Cell, alive []fighter, first Vec) {
	if r.unitAt(cell) != nil {
		return // the defender is still there (it could not leave)
	}
	pick := 0
	if len(alive) > 1 {
		dir, ok := DirOf(first)
		pick = -1
		if ok {
			for k, f := range alive {
				if r.b.Units[f.i].Facing == dir {
					pick = k
				}
			}
		}
		if pick < 0 {
			pick = 0
			for k, f := range alive {
				if r.b.Units[f.i].Figures > r.b.Units[alive[pick].i].Figures {
					pick = k
				}
			}
		}
		if ok {
			for _, f := range alive {
				r.b.Units[f.i].Facing = dir
			}
		}
	}
	u := &r.b.Units[alive[pick].i]
	from := u.Cell
	r.place(alive[pick].i, cell)
	r.emit(Event{Kind: EvOccupied, Rule: "R-VIII.5.1", Unit: u.ID, From: from, To: cell, Facing: u.Facing})
}

// advanceInto moves the winner of a meeting into the cell it fought for.
func (r *resolver) advanceInto(i int, cell Cell) {
	u := &r.b.Units[i]
	if u.Cell == cell || r.unitAt(cell) != nil {
		return
	}
	from := u.Cell
	r.place(i, cell)
	r.emit(Event{Kind: EvOccupied, Rule: "R-VIII.4.8", Unit: u.ID, From: from, To: cell, Facing: u.Facing})
}

// attackRouting resolves attacks on a routing unit (R-X.5.3-5, D-57): no
// dice for the defender, no armor, and the victim routs again.
func (r *resolver) attackRouting(d int, fs []fighter) {
	def := &r.b.Units[d]
	dmg := 0
	for _, f := range fs {
		au := &r.b.Units[f.i]
		w := Files(f.start)
		switch {
		case au.Stats().Cavalry && def.Type.Infantry():
			dmg += 2 * w // Four legs are faster than two (R-II.2.6)
		case au.Type.Infantry() && def.Stats().Cavalry:
			_, hits := r.roll(au.ID+".melee", "R-II.2.6", w, 4)
			dmg += hits
		default:
			dmg += w
		}
	}
	r.emit(Event{Kind: EvDamage, Rule: "R-X.5.3", Unit: joinIDs(r, fs), Other: def.ID, Raw: dmg, Value: dmg})
	origin := def.Cell
	r.loseFigures(d, dmg, true, "R-X.5.3")
	if !def.Active() {
		r.occupy(origin, fs[:1], Vec{})
		return
	}
	away := r.largest(fs, def)
	r.rout(d, away, origin)
	r.occupy(origin, fs[:1], Vec{}) // without turning (D-57)
}
