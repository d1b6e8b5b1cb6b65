// Package viewtest generates, for tests only, battles with units hidden
// from a side and pairs of battles that side cannot tell apart: the
// property tests of everything that must decide from a side's view alone
// (game's autopilot and standing orders, the ai package's general) share it.
package viewtest

import (
	"fmt"
	"math/rand/v2"

	"github.com/gunbai/gunbai/engine"
	"github.com/gunbai/gunbai/engine/sim"
)

// PlayedBattle is sim's battle of seed played 0 to 3 turns by the
// scripted policy, with a dozen forests strewn over the field, so that
// some units stand hidden in them.
func PlayedBattle(rng *rand.Rand, seed uint64) engine.Battle {
	b := sim.Deploy(seed)
	key := []byte(fmt.Sprint(seed))
	for range rng.IntN(4) {
		turn := b.Turn + 1
		var orders []engine.Order
		for _, side := range []engine.Side{engine.North, engine.South} {
			v := engine.View(b, side)
			ok, _ := sim.Valid(b, side, turn, sim.Scripted.Orders(&v, side, rng))
			orders = append(orders, ok...)
		}
		next, _, err := engine.ResolveTurn(b, orders, engine.NewSeededDice(key, b.ID, turn))
		if err != nil || next.Outcome != engine.Ongoing {
			break
		}
		b = next
	}
	for range 12 {
		c := engine.Cell{X: 1 + rng.IntN(engine.FieldWidth), Y: 1 + rng.IntN(engine.FieldHeight)}
		if !b.Terrain.Forest(c) {
			b.Terrain.Forests = append(b.Terrain.Forests, c)
		}
	}
	return b
}

// HideMore changes b out of side's sight: each enemy unit hidden from it
// may be removed or moved to another forest cell it cannot see, and a new
// enemy unit may be put in such a cell. It returns the changed battle and
// how many changes it made.
func HideMore(rng *rand.Rand, b engine.Battle, side engine.Side) (engine.Battle, int) {
	v := engine.View(b, side)
	b2 := b.Clone()
	unseen := func(c engine.Cell) bool {
		if !b2.Terrain.Forest(c) || b2.UnitAt(c) != nil {
			return false
		}
		for _, u := range b2.Units {
			if u.Side == side && u.Active() && engine.Adjacent8(u.Cell, c) || u.Cell == c {
				return false
			}
		}
		return true
	}
	n := 0
	var kept []engine.Unit
	for _, u := range b2.Units {
		hidden := u.Side != side && u.Active() && v.Unit(u.ID) == nil
		switch {
		case hidden && rng.IntN(3) == 0:
			n++
			continue // removed
		case hidden && rng.IntN(2) == 0:
			for _, c := range b2.Terrain.Forests {
				if unseen(c) {
					u.Cell = c
					n++
					break
				}
			}
		}
		kept = append(kept, u)
	}
	b2.Units = kept
	for _, c := range b2.Terrain.Forests {
		if unseen(c) && rng.IntN(2) == 0 {
			b2.Units = append(b2.Units, engine.Unit{ID: "ZZ" + c.String(), Side: side.Enemy(), Type: engine.AshigaruSpear,
				Figures: 6, Cell: c, Facing: engine.N, Status: engine.StatusOK})
			n++
			break
		}
	}
	return b2, n
}
