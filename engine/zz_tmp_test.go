package engine

import "testing"

func TestZZAlloc(t *testing.T) {
	d := NewSeededDice([]byte("bench"), "bench", 1)
	d.Roll("Na.melee")
	t.Log(testing.AllocsPerRun(1000, func() { d.Roll("Na.melee") }))
}
