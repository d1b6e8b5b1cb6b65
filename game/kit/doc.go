// Package kit is what the battle lifecycle (package game) and the
// sub-games' services (game/campaigns, game/quickbattles, game/duels) share,
// and nothing else: the Refusal every one of them answers with, the Base of
// a service (its store, dice, clock, the guilds it handles and the command
// it runs for: Retry, and the campaign's OnceGuild), the guild's roster in
// one transaction, the names battles and fights share, and the outbox's
// plain text post.
//
// It imports the store, the engine (a refusal may carry the engine's
// Problems), the campaign's roster and the standard library: never package
// game nor a sub-game, which all import it, so no import runs back up.
package kit
