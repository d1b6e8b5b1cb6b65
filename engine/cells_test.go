package engine

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/gunbai/gunbai/internal/racetest"
)

// The resolver's indexes answer what the scans answer (Battle.UnitAt,
// Battle.Unit) at every step of random turns, over the whole box of cells
// the units may reach.
func TestCellIndexMatchesScans(t *testing.T) {
	rng := rand.New(rand.NewPCG(18, 4))
	for trial := 0; trial < racetest.Size(150); trial++ {
		b, orders := randomBattle(rng, 2+rng.IntN(14))
		check := func(r *resolver) {
			for y := -8; y <= FieldHeight+8; y++ {
				for x := -8; x <= FieldWidth+8; x++ {
					c := Cell{x, y}
					if got, want := r.unitAt(c), r.b.UnitAt(c); got != want {
						t.Fatalf("trial %d, %s: unitAt(%s) = %v, UnitAt %v", trial, r.step, c, got, want)
					}
				}
			}
			for i := range r.b.Units {
				id := r.b.Units[i].ID
				if got, want := r.index(id), r.b.Unit(id); &r.b.Units[got] != want {
					t.Fatalf("trial %d: index(%s) = %d", trial, id, got)
				}
			}
			if r.index("nobody") != -1 {
				t.Fatalf("trial %d: index of an unknown unit", trial)
			}
			// exposedAt, from the index, answers what its scan answers,
			// for each unit in and around its cell, in every facing.
			for i := range r.b.Units {
				for dy := -2; dy <= 2; dy++ {
					for dx := -2; dx <= 2; dx++ {
						c := r.b.Units[i].Cell.Add(Vec{dx, dy})
						for f := N; f <= W; f++ {
							if got, want := r.exposedAt(i, c, f, nil), r.exposedAtScan(i, c, f, nil); got != want {
								t.Fatalf("trial %d, %s: exposedAt(%d, %s, %v) = %v, scan %v", trial, r.step, i, c, f, got, want)
							}
						}
					}
				}
			}
		}
		for turn := 1; turn <= 4 && b.Outcome == Ongoing; turn++ {
			next, _, err := resolveTurn(b, orders, NewSeededDice([]byte(fmt.Sprint(trial)), "r", turn), check)
			if err != nil {
				t.Fatal(err)
			}
			b = next
			orders = randomOrders(rng, b)
		}
	}
}

// unitIndex is the index of the unit with this ID in b (the first, as
// Battle.Unit), or -1: the scan unitsByID.index stands for.
func unitIndex(b *Battle, id string) int {
	for i := range b.Units {
		if b.Units[i].ID == id {
			return i
		}
	}
	return -1
}

// Validate's index by ID answers what unitIndex's scan answers: the first
// unit of an ID, duplicates and unknown IDs included.
func TestUnitsByIDMatchesUnitIndex(t *testing.T) {
	rng := rand.New(rand.NewPCG(18, 5))
	for trial := 0; trial < 200; trial++ {
		b, _ := randomBattle(rng, 1+rng.IntN(40))
		for k := 0; k < 3 && len(b.Units) > 1; k++ {
			b.Units[rng.IntN(len(b.Units))].ID = b.Units[rng.IntN(len(b.Units))].ID // a duplicate
		}
		x := sortUnitIDs(b.Units, nil)
		for _, id := range append([]string{"", "nobody", "zz"}, ids(b)...) {
			if got, want := x.index(id), unitIndex(&b, id); got != want {
				t.Fatalf("trial %d: index(%q) = %d, unitIndex %d", trial, id, got, want)
			}
		}
	}
}
