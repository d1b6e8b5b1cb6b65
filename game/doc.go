// Package game is the battle lifecycle (ARCHITECTURE: draft -> deployment ->
// turn N: command -> resolving -> ... -> finished) on top of the store and
// the engine. The bot, the demo and every offline tool drive battles
// through it; it never talks to Discord and words nothing: refusals are
// data (a catalogue key with arguments, or the engine's Problems) and so
// are shinobi reports, which package render words in Russian or English.
//
// Each exported method that changes anything is one bbolt transaction, and
// no method calls out while one is open, so a crash between any two steps
// leaves the store consistent and the caller resumes from it: what a
// change owes the channels (a turn's results, an opening, a plan-change
// round) is marked in the store until the caller says it was posted.
//
// The files follow the topics of the lifecycle: battles.go (create, list,
// finish, settings, fixes), seats.go (whose battle and side), roll.go (the
// command roll), orders.go, turn.go (opening and resolving turns, ready),
// deploy.go, scouting.go (the deployment turn's shinobi), deadlines.go,
// pending.go (what is owed to the channels after a restart) and
// scenario.go.
package game
