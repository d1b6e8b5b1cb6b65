package duel

import (
	"fmt"

	"github.com/gunbai/gunbai/campaign"
)

// InitiativeResult is a fight's initiative (E4-C2 step 4): each model's
// throw, the tie-break rounds if any, and the order of action (indexes into
// the models, highest first).
type InitiativeResult struct {
	Throws []Throw
	Ties   [][]campaign.Roll // each round: one plain d6 per tied model
	Order  []int
}

// InitiativeInput is one model's initiative: its id (for the keys), its
// Initiative plus modifiers, and whether it Enhanced the roll (E4-C5: 2d6,
// the highest kept; the Attack token is the caller's to spend).
type InitiativeInput struct {
	ID       string
	Mod      int
	Enhanced bool
}

// Initiative rolls E4-C2 step 4 for the models of a fight: d6 (2d6 keep
// highest if Enhanced) + Initiative and modifiers, keys <key>.<id>.1..2.
// Ties are re-rolled with a plain d6, no modifier and no Enhancement, and
// only the tied models re-roll, until the tie is broken; their order among
// the others keeps their first totals (E4-Q7). Tie round n of a group that
// tied on total t uses the keys <key>.tie.<t>.<n>.<id>.
func Initiative(d Dice, key string, in []InitiativeInput) (InitiativeResult, error) {
	var res InitiativeResult
	seen := map[string]bool{}
	for _, m := range in {
		if m.ID == "" || seen[m.ID] {
			return InitiativeResult{}, fmt.Errorf("initiative: empty or repeated id %q", m.ID)
		}
		seen[m.ID] = true
		n := 1
		if m.Enhanced {
			n = 2
		}
		t, err := throw(d, key+"."+m.ID, n, 1, m.Mod)
		if err != nil {
			return InitiativeResult{}, err
		}
		res.Throws = append(res.Throws, t)
	}
	// Group the models by total, highest total first, the given order
	// within a group; then break each group's ties.
	order := make([]int, 0, len(in))
	done := make([]bool, len(in))
	for len(order) < len(in) {
		best := -1
		for i := range in {
			if !done[i] && (best < 0 || res.Throws[i].Result > res.Throws[best].Result) {
				best = i
			}
		}
		var group []int
		for i := range in {
			if !done[i] && res.Throws[i].Result == res.Throws[best].Result {
				group = append(group, i)
				done[i] = true
			}
		}
		sorted, err := breakTies(d, fmt.Sprintf("%s.tie.%d", key, res.Throws[best].Result), in, group, &res)
		if err != nil {
			return InitiativeResult{}, err
		}
		order = append(order, sorted...)
	}
	res.Order = order
	return res, nil
}

// breakTies orders a group of tied models by plain d6 rounds (E4-Q7): each
// round, the still-tied ones roll; a new tie inside the round is broken the
// same way among those it concerns only.
func breakTies(d Dice, key string, in []InitiativeInput, group []int, res *InitiativeResult) ([]int, error) {
	if len(group) < 2 {
		return group, nil
	}
	for n := 1; n <= maxRerolls; n++ {
		round := make([]campaign.Roll, len(group))
		for j, i := range group {
			r, err := die(d, fmt.Sprintf("%s.%d.%s", key, n, in[i].ID))
			if err != nil {
				return nil, err
			}
			r.Outcome = "tie-break"
			round[j] = r
		}
		res.Ties = append(res.Ties, round)
		// Split the group by this round's dice, highest first.
		var out []int
		used := make([]bool, len(group))
		progress := false
		for range group {
			best := -1
			for j := range group {
				if !used[j] && (best < 0 || round[j].Die > round[best].Die) {
					best = j
				}
			}
			if best < 0 {
				break
			}
			var sub []int
			for j := range group {
				if !used[j] && round[j].Die == round[best].Die {
					sub = append(sub, group[j])
					used[j] = true
				}
			}
			if len(sub) < len(group) {
				progress = true
			}
			if len(sub) > 1 && len(sub) < len(group) {
				s, err := breakTies(d, fmt.Sprintf("%s.%d.%d", key, n, round[best].Die), in, sub, res)
				if err != nil {
					return nil, err
				}
				sub = s
			}
			out = append(out, sub...)
		}
		if progress {
			return out, nil
		}
	}
	return nil, fmt.Errorf("%s: initiative still tied after %d rounds", key, maxRerolls)
}
