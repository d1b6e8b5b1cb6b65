// Package duel holds the pure mechanics of seed 004 "Ronin" that the bot
// automates or calculates, as restated in ../shared/rules/EXTRAS.md
// section 3 (IDs E4-..., F-E4-...). Like package campaign, every mechanic
// is a function of plain data: dice come by key (campaign.Dice, one d6 per
// key) and every result is data, each die with its key, value, target and
// outcome (campaign.Roll, gathered in a Throw). The package imports only
// the standard library and campaign.
//
// Covered here:
//   - F-E4-1 the detailed duel between two characters, a state machine
//     (Duel: await_splits, initiative, exchanges, done) that the bot stores:
//   - the duel profile (Profile, NewProfile, DefaultProfile) of E4-Q2 and
//     E4-Q3: Rank 3, a Brawler +1 to at most 5, CP (E4-G3: the Rank, 1 at
//     Rank 0), Initiative and Fight equal to the Rank, heavy armour, weapon
//     bonus 0; characteristics never below 0 (E4-G4); 2 wounds cannot be
//     paired, 1 wound has no penalty (E4-Q6);
//   - the secret Attack/Defence split of the CP (E4-C2 step 2, E4-Q4), with
//     the initiative Enhancement declared with it (E4-Q5a), revealed at once
//     (E4-C2 step 3);
//   - the initiative (E4-C2 step 4, E4-C5; ties by E4-Q7: only the tied,
//     a plain d6, until broken);
//   - the turns in initiative order, lap after lap (E4-C2 steps 5-6,
//     E4-Q5b), each an attack or a pass; an attack (E4-C3) with the
//     defender's and the attacker's Enhancements (E4-C5), E4-C4's armour;
//   - damage by E4-Q1's table (kill margin 6, or the GM's 5), a spared
//     "killed" left at 2 wounds, a 3rd wound kills;
//   - the end (E4-C2 step 7: both pass in succession, or both are out of
//     Attack tokens; E4-Q6: 2+ wounds or dead);
//   - E4-Q5c's auto-policy for a player past the deadline (AutoSplit,
//     Duel.Auto);
//   - the outcome as the battle's leader effects (Duel.Effects: wounds to
//     add, killed, spared) and the core duel die's other results kept in
//     Ronin mode (Ronin, CoreEffects: 1-2 nothing, 6 capture if his side
//     routs, D-59);
//   - E4-C1 the division into fights (ValidateFights: one-on-one or
//     one-against-many, at most 4 enemies, one fight per model) and who
//     chooses the next fight (Chooser); E4-C3/C4 as a function for any
//     fight (Attack, DefenceMod: −1 against 3+ enemies) and the initiative
//     of any number of models (Initiative);
//   - E4-M1 priority (Priority), ties re-rolled;
//   - E4-S1..S7 the shooting calculator (Shoot, CanShoot, AttackMods,
//     DefenceMods), with E4-Q8's range bands;
//   - F-E4-2 /dispute, E4-G4's "divine justice" (Dispute): right on 4+.
//
// Decisions followed: E4-Q1 (damage table, sparing; its calibration is
// reproduced by TestE4_Q1_Calibration), E4-Q2, E4-Q3 (no core Brawler
// reroll inside the fight: in Ronin mode the core 3-5 never makes the
// random "one of the two" choice that triggers it), E4-Q4, E4-Q5 a-c,
// E4-Q6, E4-Q7, E4-Q8, E4-Q10 (no skills, special attacks or Stunned;
// weapon_bonus a GM number), and the core's D-59 sparing choice, given per
// fighter (Fighter.Spare, the engine's Battle.Spare of his side).
//
// Readings of this package where neither EXTRAS nor the seed decides: the
// Ronin spare (2 wounds) replaces the core spare (1 wound) inside a Ronin
// fight, as E4-Q1 says; a fighter with no Attack token left is skipped by a
// forced pass that counts towards "all pass in succession"; in shooting,
// Ran replaces Moved (−2, not −3), an arquebus that shot in the Movement
// phase cannot shoot in the Action phase (only bows and shuriken shoot in
// both, E4-S1), and E4-S7's stray shot is rolled anew, once, against a
// model picked with a d6 re-rolled above the number of others, nothing
// blocking it.
//
// Left out: [REC], [GM] and [OUT] mechanics (band morale E4-M2..M6,
// movement and terrain E4-V, turn order E4-T), E4-Q9 and E4-Q11 (unused by
// the bot), the store, the deadline clock, the messages and the command.
package duel
