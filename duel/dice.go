package duel

import (
	"fmt"

	"github.com/gunbai/gunbai/campaign"
)

// Dice answers every roll by key, one d6 per call (campaign.Dice, which
// engine.Dice satisfies).
type Dice = campaign.Dice

// maxRerolls bounds the "ties are re-rolled" loops (E4-M1, E4-C2 step 4): a
// fair die ends a tie long before, so reaching it means the dice are rigged.
const maxRerolls = 100

// die rolls one d6 by key and refuses a value off the die, so that a broken
// Dice cannot slip an impossible total into a result.
func die(d Dice, key string) (campaign.Roll, error) {
	v := d.Roll(key)
	if v < 1 || v > 6 {
		return campaign.Roll{}, fmt.Errorf("die %q gave %d, want 1 to 6", key, v)
	}
	return campaign.Roll{Key: key, Die: v, Result: v}, nil
}

// Throw is one roll of several dice: every die with its key and whether it
// counted ("kept") or not ("dropped"), the kept sum, the modifier and the
// result. Target is the result needed (0: a contested roll, compared with
// another Throw), and Success says whether Result reached it.
type Throw struct {
	Dice    []campaign.Roll
	Sum     int // of the kept dice
	Mod     int
	Result  int // Sum + Mod
	Target  int
	Success bool
}

// throw rolls n dice with keys key.1 ... key.n and keeps the keep highest of
// them (keep == n: all count). Of equal dice the earlier ones are kept.
func throw(d Dice, key string, n, keep, mod int) (Throw, error) {
	t := Throw{Mod: mod}
	for i := 1; i <= n; i++ {
		r, err := die(d, fmt.Sprintf("%s.%d", key, i))
		if err != nil {
			return Throw{}, err
		}
		t.Dice = append(t.Dice, r)
	}
	kept := make([]bool, n)
	for k := 0; k < keep; k++ {
		best := -1
		for i, r := range t.Dice {
			if !kept[i] && (best < 0 || r.Die > t.Dice[best].Die) {
				best = i
			}
		}
		kept[best] = true
	}
	for i := range t.Dice {
		t.Dice[i].Outcome = "dropped"
		if kept[i] {
			t.Dice[i].Outcome = "kept"
			t.Sum += t.Dice[i].Die
		}
	}
	t.Result = t.Sum + mod
	return t, nil
}
