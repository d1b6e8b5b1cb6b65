// Package skirmishes is seed 002's skirmish game (package skirmish) as a
// service on the house's store (kit.Base): each game is one campaign record
// of its guild (kind "skirmishes", by the game's name), opened by a GM in a
// channel with the two sides' roles, its warbands uploaded (TOML) or
// recruited fighter by fighter, the GM's class table (skirmish/classfile)
// if he has one; played by the sides' players, each only in his own turn;
// every change one bbolt transaction that stores the game, appends its
// journal (who, what, the dice) and owes the channel its log.
//
// The dice are the game's: a secret 32-byte seed drawn at its opening, its
// hash published then, the seed itself once the game is over; the n-th
// roll of a key within an action is HMAC-SHA256(seed, "game|key|n")
// reduced to 1..20 without bias, the grid battles' derivation
// (engine.SeededDice) with a d20 (Replay recomputes the whole game from
// its journal). Nothing of an ended turn can be undone (E2-TS3): there is
// no undo.
package skirmishes
