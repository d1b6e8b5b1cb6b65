package quick

import (
	"fmt"
	"testing"

	"github.com/gunbai/gunbai/campaign"
)

// keyDice answers each key with its scripted die, 1 (a miss) for a key not
// scripted when lax, and fails the test on an unscripted key otherwise.
type keyDice struct {
	t     *testing.T
	dice  map[string]int
	lax   bool
	asked []string
}

func (k *keyDice) Roll(key string) int {
	k.asked = append(k.asked, key)
	v, ok := k.dice[key]
	if !ok {
		if !k.lax {
			k.t.Errorf("unexpected roll %q", key)
		}
		return 1
	}
	return v
}

func dice(t *testing.T, m map[string]int) *keyDice { return &keyDice{t: t, dice: m} }

// misses answers 1 to every key but the scripted ones.
func misses(t *testing.T, m map[string]int) *keyDice { return &keyDice{t: t, dice: m, lax: true} }

// units makes n units "<p>1".."<p>n" of a type with the figures.
func units(p string, n int, t campaign.UnitType, figs int) []campaign.Unit {
	var out []campaign.Unit
	for i := 1; i <= n; i++ {
		out = append(out, campaign.Unit{ID: fmt.Sprintf("%s%d", p, i), Type: t, Figures: figs})
	}
	return out
}

func keys(slots []Slot) []string {
	var out []string
	for _, s := range slots {
		out = append(out, s.Key)
	}
	return out
}
