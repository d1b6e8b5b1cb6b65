package duel

import (
	"fmt"

	"github.com/gunbai/gunbai/campaign"
)

// PriorityResult is the Priority phase's roll-off (E4-M1): one round of two
// dice per attempt, the last round without a tie, and the player who won it
// (0 or 1).
type PriorityResult struct {
	Rounds [][2]campaign.Roll
	Winner int
}

// Priority rolls the roll-off between players 0 and 1 (E4-M1): each rolls a
// d6, ties are re-rolled, the higher roll has priority. Round n uses the keys
// <key>.<n>.0 and <key>.<n>.1, for example "duel.7.prio.1.0".
func Priority(d Dice, key string) (PriorityResult, error) {
	var p PriorityResult
	for n := 1; n <= maxRerolls; n++ {
		var round [2]campaign.Roll
		for i := range round {
			r, err := die(d, fmt.Sprintf("%s.%d.%d", key, n, i))
			if err != nil {
				return PriorityResult{}, err
			}
			r.Outcome = "tie"
			round[i] = r
		}
		if round[0].Die != round[1].Die {
			p.Winner = 0
			if round[1].Die > round[0].Die {
				p.Winner = 1
			}
			round[p.Winner].Outcome, round[p.Winner].Success = "priority", true
			round[1-p.Winner].Outcome = "no priority"
			p.Rounds = append(p.Rounds, round)
			return p, nil
		}
		p.Rounds = append(p.Rounds, round)
	}
	return PriorityResult{}, fmt.Errorf("%s: still tied after %d rounds", key, maxRerolls)
}
