package duel

import "fmt"

// Armour is a model's protection (E4-G1): none, light, medium or heavy.
type Armour int

const (
	ArmourNone Armour = iota
	ArmourLight
	ArmourMedium
	ArmourHeavy
)

func (a Armour) String() string {
	switch a {
	case ArmourNone:
		return "none"
	case ArmourLight:
		return "light"
	case ArmourMedium:
		return "medium"
	case ArmourHeavy:
		return "heavy"
	}
	return fmt.Sprintf("Armour(%d)", int(a))
}

// Melee is the armour's bonus to a melee Defence Result (E4-C4): +1, +2, +3.
func (a Armour) Melee() int { return int(a) }

// The Rank bounds of E4-G2, and the default Rank of a clan character
// (E4-Q2: "elite warriors").
const (
	MinRank     = 0
	MaxRank     = 5
	DefaultRank = 3
)

// Profile is what a duel needs of a character (F-E4-1's duel profile on
// chars): the E4-G1 stats a melee uses. Shoot, weapons, skills and cost are
// left out: a duel is melee only, and E4-Q10 implements no skill.
type Profile struct {
	ID          string
	Rank        int
	CP          int // Combat Pool: the tokens he splits (E4-C2 step 2)
	Initiative  int
	Fight       int
	Armour      Armour
	WeaponBonus int // GM-editable, 0 by default (E4-Q10); not a characteristic, so it may be negative
	Wounds      int // core wounds he enters the duel with (E4-Q6)
}

// CP is the Combat Pool a Rank gives (E4-G3): the Rank, but 1 at Rank 0.
func CP(rank int) int {
	if rank <= 0 {
		return 1
	}
	return rank
}

// NewProfile builds the default duel profile of a character of the given
// Rank (E4-Q2): a Brawler gets +1 Rank, up to 5 (E4-Q3: that is all Brawler
// does inside the fight); CP from the Rank (E4-G3); Initiative and Fight
// equal to the Rank; heavy armour; weapon bonus 0. The GM may then edit any
// field.
func NewProfile(id string, rank int, brawler bool, wounds int) Profile {
	if brawler {
		rank++
	}
	rank = max(MinRank, min(rank, MaxRank))
	return Profile{ID: id, Rank: rank, CP: CP(rank), Initiative: rank, Fight: rank,
		Armour: ArmourHeavy, Wounds: wounds}
}

// DefaultProfile is NewProfile at DefaultRank: the profile of a commander
// or general no GM has edited (E4-Q2).
func DefaultProfile(id string, brawler bool, wounds int) Profile {
	return NewProfile(id, DefaultRank, brawler, wounds)
}

// Validate checks a (possibly GM-edited) profile: characteristics may drop
// to 0 but never below (E4-G4), Rank is 0 to 5 (E4-G2), and a character
// with 2 or more wounds cannot be paired at all (E4-Q6).
func (p Profile) Validate() error {
	switch {
	case p.ID == "":
		return fmt.Errorf("profile without an id")
	case p.Rank < MinRank || p.Rank > MaxRank:
		return fmt.Errorf("%s: rank %d, want %d to %d (E4-G2)", p.ID, p.Rank, MinRank, MaxRank)
	case p.CP < 0 || p.Initiative < 0 || p.Fight < 0:
		return fmt.Errorf("%s: a characteristic below 0 (E4-G4)", p.ID)
	case p.Armour < ArmourNone || p.Armour > ArmourHeavy:
		return fmt.Errorf("%s: unknown armour %d", p.ID, int(p.Armour))
	case p.Wounds < 0:
		return fmt.Errorf("%s: negative wounds", p.ID)
	case p.Wounds >= 2:
		return fmt.Errorf("%s: %d wounds, cannot be paired for a duel (E4-Q6)", p.ID, p.Wounds)
	}
	return nil
}
