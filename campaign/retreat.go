package campaign

import (
	"fmt"
	"strconv"
)

// D3 is a d3 read off a d6: 1-2 is 1, 3-4 is 2, 5-6 is 3.
func D3(d6 int) int { return (d6 + 1) / 2 }

// Crossing is one strait crossing used on a retreat (E1-R4 item 4).
type Crossing struct {
	DefendedShores int  // 0, 1 or 2 shores defended by the enemy
	Squadron       bool // an enemy squadron cruises in the strait
}

// RetreatRoute is what the GM gives of one army's, sendan's or leaderless
// group's emergency retreat (E1-R4). Route legality (E1-R3) stays with the GM.
type RetreatRoute struct {
	ForcedMarch      bool       // item 1: "after a forced march", stragglers rejoined or not
	CutOff           bool       // item 2: cut off by at least 1 army/sendan (several add nothing)
	HostileBorders   int        // item 3: borders crossed with an enemy army on them
	Crossings        []Crossing // item 4: each crossing used
	HostileProvinces int        // item 5: provinces passed with enemy troops, fortifications or a hostile minor clan
}

// RetreatItems lists the loss instances of the route, one d3 per unit each
// (E1-R4, E1-Q4): "forced_march", "cut_off", "border.N", "crossing.N.shore.M"
// (one per defended shore) and "crossing.N.squadron", "province.N". A crossing
// thus gives 0 to 3 instances (E1-Q4).
func RetreatItems(r RetreatRoute) ([]string, error) {
	if r.HostileBorders < 0 || r.HostileProvinces < 0 {
		return nil, fmt.Errorf("negative count of borders or provinces")
	}
	var items []string
	if r.ForcedMarch {
		items = append(items, "forced_march")
	}
	if r.CutOff {
		items = append(items, "cut_off")
	}
	for i := 1; i <= r.HostileBorders; i++ {
		items = append(items, "border."+strconv.Itoa(i))
	}
	for i, c := range r.Crossings {
		if c.DefendedShores < 0 || c.DefendedShores > 2 {
			return nil, fmt.Errorf("crossing %d: %d defended shores, want 0 to 2", i+1, c.DefendedShores)
		}
		for s := 1; s <= c.DefendedShores; s++ {
			items = append(items, fmt.Sprintf("crossing.%d.shore.%d", i+1, s))
		}
		if c.Squadron {
			items = append(items, fmt.Sprintf("crossing.%d.squadron", i+1))
		}
	}
	for i := 1; i <= r.HostileProvinces; i++ {
		items = append(items, "province."+strconv.Itoa(i))
	}
	return items, nil
}

// RetreatLoss is one unit's retreat attrition. Each roll's Die is the d6 and
// its Result the d3 of losses.
type RetreatLoss struct {
	UnitID    string
	Rolls     []Roll
	Before    int // figures before the retreat
	Losses    int // sum of the d3s
	Figures   int // after, at least 0
	Destroyed bool
	Beyond    int // losses beyond the figures the unit had (E1-Q4, E1-Q5)
}

// Retreat rolls the attrition of E1-R4 for the units of one army, sendan or
// leaderless group: one d3 per unit per instance of RetreatItems, keys
// "<unit>.retreat.<item>"; losses beyond the figures destroy the unit
// (E1-Q4). Units already at 0 figures are skipped. The caller clears the
// forced-march flag afterwards (E1-R4).
func Retreat(units []Unit, r RetreatRoute, d Dice) ([]RetreatLoss, error) {
	items, err := RetreatItems(r)
	if err != nil {
		return nil, err
	}
	var out []RetreatLoss
	for _, u := range units {
		if u.Figures <= 0 {
			continue
		}
		l := RetreatLoss{UnitID: u.ID, Before: u.Figures}
		for _, it := range items {
			k := u.ID + ".retreat." + it
			v := d.Roll(k)
			n := D3(v)
			l.Rolls = append(l.Rolls, Roll{Key: k, Die: v, Result: n, Outcome: fmt.Sprintf("%d lost", n)})
			l.Losses += n
		}
		l.Figures = max(u.Figures-l.Losses, 0)
		l.Beyond = max(l.Losses-u.Figures, 0)
		l.Destroyed = l.Figures == 0
		out = append(out, l)
	}
	return out, nil
}

// RiskKind is the one risk roll a character makes after the retreat (E1-Q5).
type RiskKind string

// The risk kinds of E1-Q5.
const (
	NoRisk           RiskKind = ""                 // his unit lost at most 1 figure
	RiskLostMoreThan RiskKind = "lost_more_than_1" // core "lost more than 1 figure" roll (1 = wounded)
	RiskDestroyed    RiskKind = "unit_destroyed"   // core destroyed-unit table, damage beyond = RetreatLoss.Beyond
)

// RetreatRisk is the risk roll owed, once for the whole retreat, by a
// character marching with the unit of l (E1-R4, E1-Q5). The roll itself is the
// core's (Brawler rerolls as in core).
func RetreatRisk(l RetreatLoss) RiskKind {
	switch {
	case l.Destroyed:
		return RiskDestroyed
	case l.Losses > 1:
		return RiskLostMoreThan
	}
	return NoRisk
}
