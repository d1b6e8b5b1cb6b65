package game

import (
	"testing"

	"github.com/gunbai/gunbai/engine"
	"github.com/gunbai/gunbai/engine/sim"
	"github.com/gunbai/gunbai/store"
)

// BenchmarkAbsentSeatOrders: the orders an absent side gets at the
// deadline (issue 29), on a deployed engine/sim battle: the autopilot, and
// standing orders (hold) for every unit, from the side's view.
func BenchmarkAbsentSeatOrders(b *testing.B) {
	battle := sim.Deploy(29)
	battle.Turn = 1
	var units []string
	var standing []store.StandingOrder
	for _, u := range battle.Units {
		if u.Side == engine.North && u.Active() {
			units = append(units, u.ID)
			standing = append(standing, store.StandingOrder{Unit: u.ID, Kind: store.StandingHold})
		}
	}
	roll := engine.CommandResult{Success: true, Special: 10, Ordinary: 10}
	for _, how := range []string{store.AbsentAutopilot, store.AbsentStanding} {
		b.Run(how, func(b *testing.B) {
			b.ReportAllocs()
			n := 0
			for i := 0; b.Loop(); i++ {
				n += len(AbsentSeatOrders(battle, engine.North, 1, nil, roll, how, units, true, standing, uint64(i)))
			}
			if n == 0 {
				b.Fatalf("%s gave no order on a %d-unit side", how, len(units))
			}
		})
	}
}
