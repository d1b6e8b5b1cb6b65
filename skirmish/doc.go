// Package skirmish is seed 002's skirmish game (EXTRAS.md section 4, IDs
// E2-..., feature F-E2-5) as pure rules for a referee: individual fighters
// on a table, measured in inches, a d20 against defence values. Like the
// packages campaign, quick and duel it imports only the standard library:
// dice come by key (Dice, one d20 per call), every result is data (Event,
// each die a Roll with its key, its modifier and the result it needed),
// and the whole game is one value (Game, JSON round-trip) that Apply turns
// into the next one by an Action, or refuses with a *Refusal naming its
// catalogue key and the rule.
//
// Covered: warbands on the senior officer's prestige points (E2-P, E2-K,
// Price, CheckSide), the class table (E2-T, E2-Q1: the bot's default
// DefaultClasses or a GM's, the seed's own numbers forced by Table.Check),
// defence and attack (E2-D, E2-K, E2-SW), wounds, the wound test and death
// (E2-M, E2-R2), morale (E2-O, E2-R1, the standard-bearer E2-Q4), the
// officers and the end (E2-F), the shield wall (E2-SW), siege engines and
// the gates (E2-W), prisoners (E2-J), terrain the players state (E2-L),
// markings and record cards as data (E2-B, E2-C, Card), the turn order and
// its finality (E2-TS: move, then attack, then «Ход»; nothing of an ended
// turn is undone: Apply only appends to the record).
//
// Game.Owed lists, at the opening of a turn, the wound tests that may be due
// and the morale tests that are (for the service to prompt); Game.Cards
// are the record cards as data.
//
// Distances are measured by the players on the table and stated in the
// actions (Action.Inches and the others); the package checks them against
// the rules' limits and keeps them in the record.
//
// Readings where neither the seed nor EXTRAS decides (each in the report
// of issue 27 and on the code that follows it):
//   - a hit wounds; a hit on a wounded fighter kills him (E2-M1: two
//     wounds, the second needing no roll), whenever the first was taken;
//   - the class's deadly strike (E2-T) kills the fighter it names outright;
//   - the senior officer of a unit is the unit's, not bought: his points
//     pay for everyone else, subordinate officers at their full price;
//   - the attacker's +40 (campaigns) is the side's, shared by its units;
//   - the standard-bearer's "morale test with value 6" is +6 to the side's
//     morale rolls (E2-Q4), while he is fit and free;
//   - the command distance, the fighters' move, the gates' defence and the
//     standard-bearer's cost are not in the seed: the class table holds
//     them (the bot's defaults marked as such);
//   - tests (wound, morale) and the shield wall are the turn's opening,
//     before the first move (E2-SW: "before shooting and movement");
//   - the corporal of E2-R1 lets his unit move and carry on, but is no
//     officer for prestige, defence or the end of E2-F;
//   - a wall that falls below 4 fighters breaks at once (E2-SW);
//   - a fighter moves once a turn, an engine moves once and shoots once;
//     its crew are not otherwise held back;
//   - a unit dug in (E2-R1) does not move but may attack; a retreating one
//     moves without an officer but does not attack;
//   - a capture is made in the move or the attack phase (from where the
//     capturer stands after his attack); a surrendered unit's fighters are
//     held by the other side, no captor named;
//   - the battle is lost when every officer of an army is dead (E2-F, as
//     the seed says: "гибели"); a captured officer does not end it.
package skirmish
