package campaign

import "testing"

// keyDice answers each key with its fixed die and fails the test on a key
// with no die.
type keyDice struct {
	t     *testing.T
	dice  map[string]int
	asked []string
}

func (k *keyDice) Roll(key string) int {
	k.asked = append(k.asked, key)
	v, ok := k.dice[key]
	if !ok {
		k.t.Errorf("unexpected roll %q", key)
		return 1
	}
	return v
}

func dice(t *testing.T, m map[string]int) *keyDice { return &keyDice{t: t, dice: m} }
