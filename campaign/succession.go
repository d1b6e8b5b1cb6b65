package campaign

import (
	"fmt"
	"slices"
)

// ClanMember is what succession needs of a character of the clan: a member
// of its house, or a general who serves it (E1-K0). A general is a retainer:
// never counted in the house, he may be its regent (E1-K2).
type ClanMember struct {
	ID       string
	Age      Age
	Female   bool
	Alive    bool
	Province string // where a general stands, for the regency (E1-K2); "" if not a general
	// General marks a retainer of the clan, not of its house (E1-K0). A
	// member with a Province is one too: the Province is a general's.
	General bool
}

// OfHouse says whether m counts in the clan's house (E1-K0): not a general,
// neither marked nor standing in a province for the regency.
func (m ClanMember) OfHouse() bool { return !m.General && m.Province == "" }

// Succession is the state of a clan's house after a death (E1-K).
type Succession string

// The states of E1-K1 and E1-K2.
const (
	HouseHasHeir Succession = "heir"        // a living adult man: nothing happens here (E1-K3 stays with the GM)
	OnlyMinors   Succession = "only_minors" // E1-K2: secession on 1
	OnlyWomen    Succession = "only_women"  // E1-K2, E1-Q18: secession on 1-2, minors or not
	Extinct      Succession = "extinct"     // E1-K1: lands neutral, troops and fleets disband
)

// HouseState classifies the living members of the house (E1-K0, E1-K1,
// E1-K2, E1-Q18); the generals do not count (seed §IV: "Если все
// представители клана погибли", "остались только малолетние представители
// дома", the regent being "один из генералов"). None alive is Extinct; all
// women (of any age, minors too: both apply, 1-2 wins) is OnlyWomen; all
// minors is OnlyMinors; otherwise HouseHasHeir.
func HouseState(members []ClanMember) Succession {
	alive, women, minors := 0, 0, 0
	for _, m := range members {
		if !m.Alive || !m.OfHouse() {
			continue
		}
		alive++
		if m.Female {
			women++
		}
		if m.Age == Minor {
			minors++
		}
	}
	switch {
	case alive == 0:
		return Extinct
	case women == alive:
		return OnlyWomen
	case minors == alive:
		return OnlyMinors
	}
	return HouseHasHeir
}

// SecessionChance is the highest d6 on which a province breaks away:
// 1 with only minors, 2 with only women, 0 otherwise (E1-K2, E1-Q18).
func SecessionChance(s Succession) int {
	switch s {
	case OnlyWomen:
		return 2
	case OnlyMinors:
		return 1
	}
	return 0
}

// SecessionResult is the E1-K2 roll of a clan.
type SecessionResult struct {
	Rolls   []Roll   // one per province but the shrine's; Target is the highest breaking die, Success = broke away
	Seceded []string // provinces that break away
	Loyal   []string // provinces that stay, the shrine's first
	Regents []string // living generals (not of the house, E1-K0) in loyal provinces, sorted; none: recruit one next turn
	Recruit bool     // no regent available
}

// Secede rolls E1-K2 once per province except the shrine's, keys
// "secession.<province>", in the phase the condition first arises (E1-Q18,
// the caller's to track). It is an error unless the house state is
// OnlyMinors or OnlyWomen, or if the shrine is not among the provinces.
func Secede(provinces []string, shrine string, members []ClanMember, d Dice) (SecessionResult, error) {
	var res SecessionResult
	s := HouseState(members)
	chance := SecessionChance(s)
	if chance == 0 {
		return res, fmt.Errorf("no secession roll for house state %q (E1-K2)", s)
	}
	if !slices.Contains(provinces, shrine) {
		return res, fmt.Errorf("shrine province %q is not the clan's", shrine)
	}
	res.Loyal = []string{shrine}
	for _, p := range provinces {
		if p == shrine {
			continue
		}
		k := "secession." + p
		v := d.Roll(k)
		r := Roll{Key: k, Die: v, Result: v, Target: chance, Success: v <= chance, Outcome: "stays loyal"}
		if r.Success {
			r.Outcome = "breaks away"
			res.Seceded = append(res.Seceded, p)
		} else {
			res.Loyal = append(res.Loyal, p)
		}
		res.Rolls = append(res.Rolls, r)
	}
	for _, m := range members {
		if m.Alive && !m.OfHouse() && m.Province != "" && slices.Contains(res.Loyal, m.Province) {
			res.Regents = append(res.Regents, m.ID)
		}
	}
	slices.Sort(res.Regents)
	res.Recruit = len(res.Regents) == 0
	return res, nil
}
