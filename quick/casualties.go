package quick

import (
	"cmp"
	"fmt"
	"slices"

	"github.com/gunbai/gunbai/campaign"
)

// Present is the units that are in the fight: those with at least 1 figure
// (E3-Q7). Units at 0 were destroyed before and take no part.
func Present(units []campaign.Unit) []campaign.Unit {
	var out []campaign.Unit
	for _, u := range units {
		if u.Figures > 0 {
			out = append(out, u)
		}
	}
	return out
}

// Count is the units that count for a siege, cavalry included (E3-U1,
// E3-Q7).
func Count(units []campaign.Unit) int { return len(Present(units)) }

// Cavalry says whether the type is cavalry for E3: heavy and light cavalry;
// every other type is "regular or mercenary" (E3-Q11).
func Cavalry(t campaign.UnitType) bool {
	return t == campaign.HeavyCavalry || t == campaign.LightCavalry
}

// rank orders the types for the default casualties: ashigaru first, then
// the other foot (samurai and yamabushi: E3-Q4 names only ashigaru and
// samurai, so yamabushi go with the samurai), cavalry last.
func rank(t campaign.UnitType) int {
	switch {
	case t == campaign.AshigaruSpear || t == campaign.AshigaruTeppo:
		return 0
	case Cavalry(t):
		return 2
	}
	return 1
}

// DefaultOrder is the order in which the bot removes units when the owner
// does not choose before the GM's deadline (E3-Q4): smallest by figures
// first, then ashigaru before samurai, cavalry last, then roster order. Only
// present units are listed.
func DefaultOrder(units []campaign.Unit) []campaign.Unit {
	out := Present(units)
	slices.SortStableFunc(out, func(a, b campaign.Unit) int {
		return cmp.Or(cmp.Compare(a.Figures, b.Figures), cmp.Compare(rank(a.Type), rank(b.Type)))
	})
	return out
}

// DefaultLosses is the owner's default choice of n losses (E3-Q4); hits
// beyond the units are wasted.
func DefaultLosses(units []campaign.Unit, n int) []string {
	var out []string
	for _, u := range DefaultOrder(units) {
		if len(out) == n {
			break
		}
		out = append(out, u.ID)
	}
	return out
}

// DefaultKeep is the unit a wiped-out side keeps by default (E3-F9, E3-Q4):
// the largest, the last of DefaultOrder.
func DefaultKeep(units []campaign.Unit) string {
	o := DefaultOrder(units)
	if len(o) == 0 {
		return ""
	}
	return o[len(o)-1].ID
}

// checkLosses says whether picks is a valid choice of n losses among the
// present units: n distinct units of the side (E3-F9: one unit per hit;
// E3-Q4: beyond the units, hits are wasted, so n is already capped).
func checkLosses(units []campaign.Unit, picks []string, n int) error {
	if len(picks) != n {
		return fmt.Errorf("%d units picked, %d must be removed", len(picks), n)
	}
	present := Present(units)
	seen := map[string]bool{}
	for _, id := range picks {
		if !slices.ContainsFunc(present, func(u campaign.Unit) bool { return u.ID == id }) {
			return fmt.Errorf("unit %q is not in the fight", id)
		}
		if seen[id] {
			return fmt.Errorf("unit %q picked twice", id)
		}
		seen[id] = true
	}
	return nil
}

// Choice is an owner's answer to the casualty prompt: the units removed,
// one per enemy hit, and for a side wiped out in a battle where both were,
// the unit it keeps (E3-F9). Losses nil means no answer in time, and the
// default is taken (E3-Q4); Keep "" likewise.
type Choice struct {
	Losses []string
	Keep   string
}

func ids(units []campaign.Unit) []string {
	out := make([]string, len(units))
	for i, u := range units {
		out[i] = u.ID
	}
	return out
}

func without(all []string, drop []string) []string {
	var out []string
	for _, id := range all {
		if !slices.Contains(drop, id) {
			out = append(out, id)
		}
	}
	return out
}
