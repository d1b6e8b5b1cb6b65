// Package ai is Gunbai's general: a search-based opponent that plays one
// side of a battle from that side's view alone (issue 30).
//
// It is pure and deterministic, like the engine it searches over: given what
// the side sees (a Sight, built only by SeenBy from engine.View), the turn's
// command result and a seed, it chooses the stake of the command roll, the
// rerolls, every order of the turn and the plan changes, all legal
// (engine.Options offers them, engine.Validate and engine.CheckBudget check
// the plan). It never reads the clock, the enemy's orders or the battle's
// secret seed: a time budget is the caller's Stop function.
//
// How it searches (search.go): it samples what the enemy could have where the
// side cannot see (units last seen in forests it no longer watches, and now
// and then one in an unwatched forest), samples the enemy's orders from a
// plausible policy (engine/sim's, held to a command roll drawn with the real
// odds), resolves each candidate with the real engine and real dice two
// battle turns ahead, and scores the position by the rules' own ends
// (eval.go: the outcome of R-I.4, figures, routs, leaders, HQs, banners, the
// zones of R-I.4.6). The plan is built one order at a time, each chosen by
// sequential halving over every order offered, every candidate of a round
// played against the same samples (common random numbers), so that a larger
// budget plays better (TestStrengthGrowsWithSearch, gunbai arena).
package ai
