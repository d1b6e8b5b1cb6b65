// Package campaign holds the pure mechanics of the campaign's end-of-turn
// phase, seed 001 as restated in ../shared/rules/EXTRAS.md section 1 (IDs
// E1-...). Every mechanic is a function of plain data: dice come by key (a d6
// per key, see Dice), and each result is returned as data, each roll carrying
// its key, die, modifier, target and outcome so a caller can show "each roll
// with its target". The package imports only the standard library.
//
// Covered here:
//   - E1-L loss recovery (with E1-Q10 and E1-Q11): eligibility, the infantry
//     and cavalry pools, the caps per unit, a default distribution and the
//     checked application of a player's distribution;
//   - E1-H healing of a wounded character (with E1-Q16 and E1-Q17);
//   - E1-X commander experience (with E1-Q12 and E1-Q13);
//   - E1-U unit promotions (with E1-Q14 and E1-Q15);
//   - E1-R4 retreat attrition (with E1-Q4 and E1-Q5): the loss instances of a
//     route, a d3 per unit per instance, destruction and the losses beyond
//     the figures, and which one risk roll a character owes;
//   - E1-R5 nowhere to retreat (with E1-Q6): castle (samurai only), home or d6 losses and
//     surrender, and the winner's join / execute / release;
//   - E1-K0, E1-K1 and E1-K2 succession (with E1-Q18): the house (the
//     daimyo's family, apart from the generals who serve the clan), its
//     state, the secession roll per province but the shrine's, and the
//     possible regents, generals in loyal provinces;
//   - E1-C control over a province (with E1-Q1, E1-Q3, E1-Q7, E1-Q8, E1-Q20
//     and E1-Q21): the automatic cases, the ash-eq of both sides, the scaled 2d6,
//     the new O&C and AL, the former O&C to remember, the forced retreat;
//   - E1-S suppression of riots and uprisings (with E1-Q9): the rebels, the
//     same check, the units that lose a figure in the commander's order;
//   - E1-X4 the recipients of a grant (with E1-Q13h);
//   - E1-P1 the phase order and the E1-R3 retreat checklist, as data.
//
// Left for the rest of issue 15: inheritance (E1-K3, the GM's), the core risk
// roll itself (E1-Q5 only names which one), /turn next resetting the
// counters; the rosters in the store (armies, units, characters, the campaign turn), the
// battle record written back to them, and the commands (/roster, /aftermath,
// /turn, /retreat, /control, /suppress) with their texts.
package campaign

// Dice answers every roll by key: one d6 per call. engine.Dice satisfies it.
type Dice interface {
	Roll(key string) int
}

// Roll is one die roll as shown to the players: Result = Die + Mod, and
// Success says whether Result met Target (Target 0: no target, a pool die).
type Roll struct {
	Key     string
	Die     int
	Mod     int
	Result  int
	Target  int
	Success bool
	Outcome string
}
