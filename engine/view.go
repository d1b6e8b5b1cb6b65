package engine

// View returns what one side may see of the battle (R-XI.3.2, D-67): enemy
// units standing in a forest are left out unless one of the side's units
// is 8-adjacent to that cell or the unit was revealed (by melee, or by
// leaving a forest), and so are the portable shields in their cells.
// Everything shown to a clan is built from its view, never from the full
// state.
func View(b Battle, side Side) Battle {
	v := b.Clone()
	kept := v.Units[:0]
	for _, u := range v.Units {
		if !hiddenFrom(&b, side, &u) {
			kept = append(kept, u)
		} else if v.Terrain.ShieldSides(u.Cell) != 0 {
			// Its portable shields (R-II.9.4) would show where it stands.
			v.Terrain.SetShields(u.Cell, 0)
		}
	}
	v.Units = kept
	leaders := v.Leaders[:0]
	for _, l := range v.Leaders {
		if leaderShown(&v, side, &l) {
			leaders = append(leaders, l)
		}
	}
	v.Leaders = leaders
	hideSecrets(&v, side)
	return v
}

// hideSecrets hides from side what View hides beside units and leaders:
// the fields of b itself, no slice it shares.
func hideSecrets(b *Battle, side Side) {
	// The GM tells each player only how many of his own shinobi got
	// through (R-IV.5.1).
	b.Shinobi[side.Enemy()] = 0
	// With hq.public=false the enemy HQ shows only once found (D-19).
	if b.Settings.HQHidden && !b.HQKnown[side] {
		b.HQ[side.Enemy()] = NoCell
	}
	// Whether the enemy spares duellists is his own decision, learnt only
	// when a duel shows it (R-VIII.6.5).
	b.Spare[side.Enemy()] = false
}

// readView is View(b, side) for a caller that only reads it (Validate, at
// every turn): when side sees every unit and leader, as it mostly does, the
// view shares b's slices instead of copying the battle.
func readView(b Battle, side Side) Battle {
	for i := range b.Units {
		if hiddenFrom(&b, side, &b.Units[i]) {
			return View(b, side)
		}
	}
	for k := range b.Leaders {
		if !leaderShown(&b, side, &b.Leaders[k]) {
			return View(b, side)
		}
	}
	hideSecrets(&b, side)
	return b
}

// leaderShown reports whether a leader stays in side's view of v, whose
// hidden units are already left out: a leader of a hidden unit is hidden
// with it (D-67).
func leaderShown(v *Battle, side Side, l *Leader) bool {
	return l.Side == side || l.At == AtHQ || l.At == AtReserve || v.Unit(l.At) != nil
}

// hiddenFrom reports whether side may not see unit u (R-XI.3.2, D-67): an
// enemy unit on the field, in a forest, not revealed by melee or by leaving
// a forest, with no unit of side on the field 8-adjacent to its cell.
func hiddenFrom(b *Battle, side Side, u *Unit) bool {
	return u.Side != side && u.Active() && !u.Revealed && b.Terrain.Forest(u.Cell) && !seenBy(b, side, u.Cell)
}

// seenBy reports whether a unit of side stands next to c, diagonals included.
func seenBy(b *Battle, side Side, c Cell) bool {
	for i := range b.Units {
		u := &b.Units[i]
		if u.Side == side && u.Active() && Adjacent8(u.Cell, c) {
			return true
		}
	}
	return false
}

// DeploymentView returns what one side may see of the battle through the
// whole deployment turn, its deployment phase and its plan-change phase
// (R-I.3.2, D-70): none of the enemy's units, leaders or shields, but the
// terrain (R-IV.2.1), the enemy HQ as D-19 says, and what the side's own
// scouts reported (R-IV.5.2): the enemy units of the scouted cells and the
// leaders with them, as they stood when scouted. From the first battle
// turn View applies. Battle.Turn cannot tell the deployment from turn 1's
// command phase (0 in both): the caller knows which it is.
func DeploymentView(b Battle, side Side, scouted []ScoutReport) Battle {
	v := b.Clone()
	seenUnits := map[string]Unit{}
	seenLeaders := map[string]Leader{}
	var order []string
	for _, r := range scouted {
		for _, u := range r.Units {
			if u.Side == side {
				continue
			}
			if _, ok := seenUnits[u.ID]; !ok {
				order = append(order, u.ID)
			}
			seenUnits[u.ID] = u
		}
		for _, l := range r.Leaders {
			if l.Side != side {
				l.Traits = append([]string(nil), l.Traits...)
				seenLeaders[l.ID] = l
			}
		}
	}
	// The side's own units where they stand, the enemy's only as scouted.
	units := v.Units[:0]
	shown := map[string]bool{}
	for _, u := range v.Units {
		if u.Side == side {
			units = append(units, u)
		}
	}
	for _, id := range order {
		units = append(units, seenUnits[id])
		shown[id] = true
	}
	v.Units = units
	leaders := v.Leaders[:0]
	for _, l := range v.Leaders {
		if l.Side == side {
			leaders = append(leaders, l)
		} else if s, ok := seenLeaders[l.ID]; ok && shown[s.At] {
			leaders = append(leaders, s)
			delete(seenLeaders, l.ID)
		}
	}
	for _, r := range scouted {
		for _, l := range r.Leaders {
			if s, ok := seenLeaders[l.ID]; ok && shown[s.At] {
				leaders = append(leaders, s) // reported, gone from the state since
				delete(seenLeaders, l.ID)
			}
		}
	}
	v.Leaders = leaders
	// Shield sections carry no owner: in deployment those in the side's own
	// zones are its own, every other one the enemy's or nobody's (D-14).
	shields := v.Terrain.Shields[:0]
	for _, s := range v.Terrain.Shields {
		if InOwnZones(s.Cell, side) {
			shields = append(shields, s)
		}
	}
	v.Terrain.Shields = shields
	hideSecrets(&v, side)
	return v
}
