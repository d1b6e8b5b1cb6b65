package campaign

import "fmt"

// The core risk rolls of a leader (RULES R-III.3), for the fights the bot
// resolves outside a grid battle: a retreat (E1-Q5) and a quick battle
// (E3-Q6). The grid battle's resolver rolls its own; these are the same
// tables, on the campaign's dice.

// The core risk rolls are RiskKind's (retreat.go): RiskLostMoreThan (his
// unit lost more than 1 figure: 1 wounded, R-III.3.1), RiskDestroyed (his
// unit was destroyed: 1 die + 1 per damage beyond, the lowest: 1 captured,
// 2 killed, 3-4 wounded; a Brawler rerolls each 5-6 once, R-III.3.4), and
// RiskFlight: his unit was put to flight: 1 wounded, 2 captured; a Brawler
// rerolls a 3-6 once (R-III.3.3).
const RiskFlight RiskKind = "put_to_flight"

// RiskResult is what one risk roll did to a leader.
type RiskResult struct {
	Leader   string   `json:"leader"`
	Risk     RiskKind `json:"risk"`
	Rolls    []Roll   `json:"rolls"`
	Wounded  bool     `json:"wounded,omitempty"`
	Captured bool     `json:"captured,omitempty"`
	Killed   bool     `json:"killed,omitempty"`
}

// RollRisk rolls a leader's core risk roll r, keys "<key>.1", "<key>.2", ...
// excess is the damage beyond the unit's figures (RiskDestroyed only);
// brawler whether his Brawler trait works (R-III.4).
func RollRisk(leader string, r RiskKind, excess int, brawler bool, d Dice, key string) (RiskResult, error) {
	out := RiskResult{Leader: leader, Risk: r}
	n := 0
	roll := func(why string) int {
		n++
		k := fmt.Sprintf("%s.%d", key, n)
		v := d.Roll(k)
		out.Rolls = append(out.Rolls, Roll{Key: k, Die: v, Result: v, Outcome: why})
		return v
	}
	switch r {
	case RiskLostMoreThan:
		out.Wounded = roll("R-III.3.1") == 1
	case RiskFlight:
		v := roll("R-III.3.3")
		if v >= 3 && brawler {
			v = roll("R-III.3.3 brawler")
		}
		out.Wounded, out.Captured = v == 1, v == 2
	case RiskDestroyed:
		dice := make([]int, 1+max(0, excess))
		for i := range dice {
			dice[i] = roll("R-III.3.4")
		}
		if brawler {
			for i, v := range dice {
				if v >= 5 {
					dice[i] = roll("R-III.3.4 brawler")
				}
			}
		}
		low := dice[0]
		for _, v := range dice[1:] {
			low = min(low, v)
		}
		out.Captured, out.Killed, out.Wounded = low == 1, low == 2, low == 3 || low == 4
	default:
		return out, fmt.Errorf("no risk roll %q", r)
	}
	return out, nil
}

// Brawler is the core trait that rerolls risk rolls (R-III.4), as a roster
// character's trait is written.
func (p Person) Brawler() bool {
	for _, t := range p.Traits {
		switch t {
		case "brawler", "Brawler", "рубака", "Рубака":
			return true
		}
	}
	return false
}
