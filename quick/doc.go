// Package quick holds the pure mechanics of seed 003 as restated in
// ../shared/rules/EXTRAS.md section 2 (IDs E3-...): battles, sieges,
// assaults and relief fought with the seed's dice pool instead of the grid.
// Dice come by key, one d6 per key (campaign.Dice); every die is returned
// with its key, its label (the unit, the pair of units, the leader, the
// defender's die or the GM's reason), its target (5) and whether it hit, and
// every result is data for the game service to store and show. It imports
// only the standard library and campaign (Dice, Roll, Unit, UnitType,
// Result, RiskLostMoreThan).
//
// Covered here:
//   - F-E3-1 the quick battle (Battle.Plan, Fight, Fought.Resolve): dice by
//     the seed's field battle steps 2, 3 and 6 (E3-F2, E3-F3, E3-F6) with
//     E3-Q1 (the GM's ±N dice with a reason in place of cards), E3-Q2 (only
//     the best rating, 0 for a shinobi, an emissary, a captive, or one with
//     2 wounds) and E3-Q3 (a die per unit of 4 figures or more); the winner
//     (E3-F8, tie to the defender); the losses (E3-F9), one unit per enemy
//     hit, the owner's choice checked, the E3-Q4 default (smallest first,
//     ashigaru before samurai, cavalry last; the largest kept) and wasted
//     hits; both sides wiped out (more dice keeps 1, equal dice the
//     defender); captured leaders (E3-F10); the results in E1-Q12's words;
//     the risk rolls each leader owes (E3-Q6) as data; the loser's retreat
//     (E3-F11, E3-R1, up to 4 units or the GM's capacity into the
//     fortifications, E3-Q5) with the E3-R2 checklist; the siege check
//     (E3-F12, SiegeCheck);
//   - F-E3-2 the siege record (E3-S1 Open, E3-S2 Blocked) and its lifting
//     (E3-U1 Recheck with E3-Q7, E3-U2's retreat and LiftChecklist);
//   - the assault (E3-A1..A4 with E3-Q8, E3-Q11, E3-Q12): timing and the
//     GM's two boxes (CanAssault), the dice (PlanAssault), casualties with
//     cavalry eligible, success and failure (Storm.Resolve), the fortress
//     changing hands, captured leaders, naval units to the turn track,
//     castle_captured for E1-X1, E1-U5 nominations (E3-Q9, Nominate);
//   - F-E3-3 the relief battle (E3-D1 Relief.Battle, E3-D2 Relief.Outcome):
//     the besieged who join, the three outcomes, at most 4 units inside;
//   - F-E3-4 the naval interception of an evacuation (E3-N1, E3-Q10,
//     E1-R6): Interception.Resolve, the army's destruction as data.
//
// Where EXTRAS and the Russian differ, the Russian is followed: the lifting
// retreat (seed 15.3) has only three restrictions, not E3-R2's five
// (LiftChecklist); EXTRAS numbers the assault's success and failure steps 9
// and 10, the seed 10 and 11.
//
// My readings where no decision speaks: yamabushi go with the samurai in
// E3-Q4's order; a negative GM modifier takes dice off the end of the pool;
// an assault that kills every defender and every attacker fails; E3-Q9's
// nominations are capped by the defender units destroyed, not the hits; an
// assault on an empty fortress is an ordinary victory (no army was
// eliminated); in a relief lost on fewer hits the besieged leaders who
// joined go back in with the besieged units; leaders' risk rolls are not
// owed for an assault (E3-Q6 speaks of quick battles).
//
// Left to the GM and the game service: the retreat's destination (E3-R2,
// E3-Q5: the checklists are data), E1-R5 when there is none, the line of
// communication and the naval blockade (E3-A2 b-d, ticked), where leaders
// go after an assault that lost every unit, the core risk rolls themselves,
// cards and interception (E3-F1, F4, F5, F7, E3-Q13: out), E3-S3's double
// siege, naval movement (E3-N2..N4), the figures:N casualty mode of E3-Q3
// (optional, off by default, not built), the store, the prompts and their
// deadline, and the commands.
package quick
