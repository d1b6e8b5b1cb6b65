package quick

import (
	"fmt"

	"github.com/gunbai/gunbai/campaign"
)

// Fleet is a clan's squadrons in an interception (F-E3-4): how many, the
// admirals aboard (the best rating counts, E3-Q2), and the GM's modifier.
type Fleet struct {
	Clan      string
	Squadrons int
	Admirals  []Leader
	Mod       Modifier
}

// Interception is an enemy squadron intercepting a fleet evacuating an army
// by sea (E1-R6, F-E3-4). The seed has no naval combat; E3-N1 says naval
// units fight "mostly as land units do", so it is fought as a field battle
// with squadrons for units (E3-Q10): the interceptor attacks.
type Interception struct {
	ID          string
	Interceptor Fleet
	Evacuation  Fleet
}

// NavalOutcome is a resolved interception. Lost and Left are squadrons per
// side, to be taken off the clans' naval records (E3-Q10). ArmyDestroyed:
// the evacuation fleet lost, was pushed back to the coast of the origin
// province, and the army it carried is destroyed as if no friendly province
// were left (E1-R6, through E1-R5).
type NavalOutcome struct {
	Pools         [2]Pool
	Winner        Side
	Lost          [2]int
	Left          [2]int
	ArmyDestroyed bool
}

// Resolve rolls and applies the interception: one die per squadron, keys
// "naval.<id>.atk.squadron.<n>", the best admiral's rating, 1 for the
// defender, the GM's dice; 5-6 hits; more hits wins, a tie goes to the
// evacuation fleet; one squadron lost per enemy hit, and if both fleets are
// sunk, the one that rolled more dice (the defender on equal dice) keeps 1
// (seed field battle steps 6, 8, 9).
func (i Interception) Resolve(d campaign.Dice) (NavalOutcome, error) {
	var o NavalOutcome
	fleets := [2]Fleet{i.Interceptor, i.Evacuation}
	for _, s := range []Side{Attacker, Defender} {
		f := fleets[s]
		if f.Squadrons < 0 {
			return o, fmt.Errorf("%s: %d squadrons", f.Clan, f.Squadrons)
		}
		if err := checkLeaders(f.Admirals); err != nil {
			return o, err
		}
		if err := f.Mod.check(); err != nil {
			return o, err
		}
		p := fmt.Sprintf("%s.%s.%s", KindNaval, i.ID, s.key())
		var troops []Slot
		for n := 1; n <= f.Squadrons; n++ {
			troops = append(troops, Slot{Key: fmt.Sprintf("%s.squadron.%d", p, n), Source: FromSquadron, Label: fmt.Sprintf("squadron %d", n)})
		}
		var err error
		if o.Pools[s], err = roll(withExtras(p, troops, f.Admirals, s == Defender, f.Mod), f.Mod, d); err != nil {
			return o, err
		}
	}
	o.Winner = winner(o.Pools)
	for _, s := range []Side{Attacker, Defender} {
		o.Lost[s] = min(o.Pools[s.Other()].Hits, fleets[s].Squadrons)
		o.Left[s] = fleets[s].Squadrons - o.Lost[s]
	}
	if o.Left[Attacker] == 0 && o.Left[Defender] == 0 && fleets[Attacker].Squadrons > 0 && fleets[Defender].Squadrons > 0 {
		k := Defender
		if len(o.Pools[Attacker].Dice) > len(o.Pools[Defender].Dice) {
			k = Attacker
		}
		o.Lost[k]--
		o.Left[k]++
	}
	o.ArmyDestroyed = o.Winner == Attacker
	return o, nil
}
