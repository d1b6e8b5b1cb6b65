package engine

import "math/rand/v2"

// For the property tests of package engine_test (oracle_test.go), which
// read the engine's answers through render as a player would.

// RandomForestBattle is a random battle (randomBattle) with forests under
// some units and on empty cells, revealed units and leaders (forestBattle).
func RandomForestBattle(rng *rand.Rand, n int) Battle {
	b, _ := randomBattle(rng, n)
	forestBattle(rng, &b)
	return b
}

// RandomOrders are random orders of every kind for every unit, those
// Validate accepts.
func RandomOrders(rng *rand.Rand, b Battle) []Order { return randomOrders(rng, b) }

// EventsDrift reports whether VisibleEvents had to fall back on its safety
// net: the events do not bring before to after.
func EventsDrift(before, after Battle, side Side, events []Event) bool {
	_, _, drift := visibleEvents(before, after, side, events)
	return drift
}
