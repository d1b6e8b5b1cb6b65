package duel

import "fmt"

// LeaderEffect is what a duel does to one of the battle's leaders, in the
// terms of the engine's leaders (core §III.3, R-VIII.6): the caller adds
// Wounds one at a time as core wounds (a 2nd sends him to the reserve, a
// 3rd kills him: the engine's wound), then marks him killed if Killed or
// captured if Captured. Dead and FinalWounds are the state that results,
// for the log.
type LeaderEffect struct {
	ID          string
	Wounds      int  // core wounds to add
	Killed      bool // killed outright: a "killed" not spared
	Captured    bool // core roll 6 only: his side routs
	Spared      bool // a "killed" the enemy spared: Wounds bring him to 2 (E4-Q1)
	Dead        bool // killed outright or by a 3rd wound
	FinalWounds int
}

// Effects maps a finished duel onto its two leaders (F-E4-1 step 5, E4-Q1):
// the wounds gained in the fight, a death, a spared "killed". A Ronin fight
// never captures: capture stays with the core roll 6 (CoreEffects).
func (d *Duel) Effects() ([2]LeaderEffect, error) {
	var out [2]LeaderEffect
	if d.Phase != PhaseDone {
		return out, fmt.Errorf("duel %s is not over (%s)", d.ID, d.Phase)
	}
	for i, f := range d.Fighters {
		e := LeaderEffect{ID: f.Profile.ID, Spared: d.Spared[i], Dead: d.Dead[i], FinalWounds: d.Wounds[i]}
		e.Wounds = d.Wounds[i] - f.Profile.Wounds
		// Killed outright: the wounds stay as they were, he is just dead.
		e.Killed = d.Dead[i] && d.Wounds[i] < 3
		out[i] = e
	}
	return out, nil
}

// Ronin says whether the core duel die (R-VIII.6.4) hands the pair to a
// Ronin fight when duel_mode = ronin (F-E4-1): on 3, 4 or 5. Rolls 1-2 and 6
// keep their core meaning (CoreEffects). No random "one of the two" is
// rolled then, so the Brawler's reroll (R-VIII.6.6) never arises: E4-Q3.
func Ronin(coreRoll int) bool { return coreRoll >= 3 && coreRoll <= 5 }

// CoreEffects is what the core duel die does in Ronin mode when it is not
// replaced (F-E4-1): 1-2 nothing (the pair did not meet), 6 the character
// of a side that routs is captured (R-VIII.6.4; D-59: no effect if neither
// routs). ids and routed are by fighter.
func CoreEffects(coreRoll int, ids [2]string, routed [2]bool) ([2]LeaderEffect, error) {
	var out [2]LeaderEffect
	for i := range out {
		out[i].ID = ids[i]
	}
	switch {
	case coreRoll == 1 || coreRoll == 2:
	case coreRoll == 6:
		for i := range out {
			out[i].Captured = routed[i]
		}
	case Ronin(coreRoll):
		return out, fmt.Errorf("core duel roll %d is a Ronin fight (F-E4-1)", coreRoll)
	default:
		return out, fmt.Errorf("core duel roll %d, want 1 to 6", coreRoll)
	}
	return out, nil
}
