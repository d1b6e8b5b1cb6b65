package duel

import (
	"math/rand/v2"
	"testing"
)

// keyDice answers each key with its fixed die and fails the test on a key
// with no die, so a test also pins the keys.
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

// randDice is a seeded fair d6, for the calibration run.
type randDice struct{ r *rand.Rand }

func (d randDice) Roll(string) int { return d.r.IntN(6) + 1 }

func TestDieOffTheDieRefused(t *testing.T) {
	if _, err := Dispute(dice(t, map[string]int{"d": 7}), "d"); err == nil {
		t.Error("a 7 on a d6 accepted")
	}
}

// constDice answers every key with the same die.
type constDice int

func (c constDice) Roll(string) int { return int(c) }
