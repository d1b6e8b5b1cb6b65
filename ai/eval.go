package ai

import "github.com/gunbai/gunbai/engine"

// The score of a position for one side, by the rules' own ends (R-I.4):
// the battle's outcome when it has one, else what decides battles, weighed
// in figures of the cheapest troops: each unit's figures at its troop's
// cost (R-II.1.3), less while it routs and little once in the reserve; the
// leaders (a lost commander ends a battle, R-I.4.5); the HQs; the banners
// not yet raised; the deployment zones held (R-I.4.6-8, the tie-break of
// a battle that runs out of turns). The weights are one table.
var weights = struct {
	routing, reserve            float64 // a unit's worth kept routing, in the reserve
	commander, general, hq      float64
	banner                      float64
	control, claim              float64 // a zone controlled, claimed
	totalVictory, victory, draw float64
	advance                     float64 // a standing unit's row toward the enemy edge
}{
	routing: 0.35, reserve: 0.6,
	commander: 25, general: 8, hq: 12,
	banner:  2,
	control: 12, claim: 5,
	totalVictory: 400, victory: 300, draw: 0,
	advance: 0.15,
}

// score is the position b's worth to side: positive when side is ahead.
func score(b *engine.Battle, side engine.Side) float64 {
	if b.Outcome != engine.Ongoing {
		return sign(side, outcomeWorth(b.Outcome)) + 0.1*material(b, side)
	}
	s := material(b, side)
	for _, z := range engine.CountZones(b) {
		w := 0.0
		switch z.Hold {
		case engine.HoldControl:
			w = weights.control
		case engine.HoldClaim:
			w = weights.claim
		}
		if z.Side == side {
			s += w
		} else {
			s -= w
		}
	}
	return s
}

// outcomeWorth is an outcome's worth to the North.
func outcomeWorth(o engine.Outcome) float64 {
	switch o {
	case engine.NorthTotalVictory:
		return weights.totalVictory
	case engine.SouthTotalVictory:
		return -weights.totalVictory
	case engine.NorthVictory:
		return weights.victory
	case engine.SouthVictory:
		return -weights.victory
	}
	return weights.draw
}

// sign turns a worth to the North into a worth to side.
func sign(side engine.Side, v float64) float64 {
	if side == engine.North {
		return v
	}
	return -v
}

// material is side's units, leaders, HQ and banners less the enemy's.
func material(b *engine.Battle, side engine.Side) float64 {
	var s float64
	for i := range b.Units {
		u := &b.Units[i]
		w := unitWorth(u)
		if u.Active() && !u.Routing() {
			w += weights.advance * rowsAdvanced(u)
		}
		if u.Side == side {
			s += w
		} else {
			s -= w
		}
	}
	for _, l := range b.Leaders {
		if l.Health != engine.LeaderOK && l.Health != engine.LeaderWounded {
			continue
		}
		w := weights.general
		if l.Role == engine.Commander {
			w = weights.commander
		}
		if l.Side == side {
			s += w
		} else {
			s -= w
		}
	}
	for _, sd := range []engine.Side{engine.North, engine.South} {
		w := float64(len(b.Banners[sd])) * weights.banner
		if !b.HQLost[sd] {
			w += weights.hq
		}
		if sd == side {
			s += w
		} else {
			s -= w
		}
	}
	return s
}

// unitWorth is what a unit is worth where it stands.
func unitWorth(u *engine.Unit) float64 {
	w := float64(u.Figures) * figureWorth(u)
	switch u.Status {
	case engine.StatusOK:
		return w
	case engine.StatusRouting:
		return w * weights.routing
	case engine.StatusReserve:
		return w * weights.reserve
	}
	return 0 // destroyed, scattered
}

// figureWorth is one figure's cost (R-II.1.3) in ashigaru spearmen; a troop
// the original gives no cost (ashigaru teppo, D-08) counts as samurai archers.
func figureWorth(u *engine.Unit) float64 {
	st := u.Stats()
	if st.CostFigures == 0 {
		a := engine.Unit{Type: engine.SamuraiArcher}
		st = a.Stats()
	}
	return float64(st.CostPoints) / float64(st.CostFigures) / spearWorth
}

var spearWorth = func() float64 {
	u := engine.Unit{Type: engine.AshigaruSpear}
	st := u.Stats()
	return float64(st.CostPoints) / float64(st.CostFigures)
}()

// rowsAdvanced is how far u stands from its own edge, in rows (0 to 8).
func rowsAdvanced(u *engine.Unit) float64 {
	if u.Side == engine.North {
		return float64(u.Cell.Y - 1)
	}
	return float64(engine.FieldHeight - u.Cell.Y)
}
