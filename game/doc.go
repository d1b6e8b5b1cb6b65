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
//
// Service's methods are the lifecycle's; its other sides are small types
// reached from it, each the same Service (for the same command, Once):
// Posts (the outbox and its delivery), Sheets (the order sheets and their
// live messages), Clock (pause, resume, extend, the deadlines due), Seats
// (whose battle and side) and Audit (journal, verification, export, why).
// The sub-games are services of their own packages on the same store,
// sharing game/kit with the lifecycle: Service.Campaigns
// (game/campaigns), Service.QuickBattles (game/quickbattles) and
// Service.Duels (game/duels, whose battle duels hold a turn: duelhold.go).
package game
