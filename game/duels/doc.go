// Package duels is the detailed duel between two characters ("Ronin",
// EXTRAS section 3) played by post, as a service: a battle's duels (left by
// a duel die of 3-5, held by package game's resolution), the GM's duels
// outside a battle, their clicks and deadlines, and /dispute. The
// mechanics are package duel's; this package keeps each change one
// transaction and owes its posts.
//
// It imports the store, the rules (duel, campaign, engine's dice) and
// game/kit, whose Base it runs on; never package game, which builds it
// (Service.Duels) and gives it what a battle's duel asks of the battle
// lifecycle (Battles: journal it, open the next turn).
package duels
