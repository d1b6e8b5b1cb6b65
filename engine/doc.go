// Package engine is the rules of Gunbai (RULES.md and the decisions D-NN),
// and nothing else: no Discord, no store, no texts, no pictures.
//
// A battle is a value: Battle holds the field, its terrain, the units,
// leaders, HQs, banners and shinobi, the turn and its phase, and copies
// cheaply (the bot keeps a snapshot a turn, the simulator resolves
// thousands of copies). The rules are functions of it. Validate (and
// ValidateDeployment, ValidateTerrain) says whether a side's orders are
// legal, in Problems a player can be shown at once; Options lists what a
// side may order; ResolveTurn plays a turn from the orders of both sides
// and returns the new battle and what happened, as Events (data with the
// rule that produced each, never text: render words them); View and
// DeploymentView give what one side may see, and everything shown to a
// clan is built from its view. Odds, Intent, Fix, Scout and the rest are
// questions asked of a position.
//
// It is pure and deterministic: no I/O, no clock, no global state a call
// can see (the sync.Pool of resolvers only saves allocations). Dice are
// asked for by key through Dice: tests script them (ScriptedDice, the case
// corpus of engine/cases), the bot derives them from a committed seed
// (SeededDice, HMAC-SHA256 of the seed and the roll's key), and Odds draws
// its runs from a PCG stream seeded with the run's number. The same
// inputs give the same outputs byte for byte, whatever the order of the
// orders: the identity hashes of the engine's tests and of engine/sim pin
// it.
//
// It imports only the standard library; every other package of the house
// may import it, and it imports none of them (see ARCHITECTURE.md). One
// rule has one place: the priority ladder of R-VII.2 is one table the
// resolver walks (ladder.go), the troops' figures one table (troops.go),
// the order kinds one table (orders.go).
package engine
