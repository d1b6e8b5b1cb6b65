package campaign

import "fmt"

// Age is a character's age class.
type Age string

// The ages.
const (
	Minor  Age = "minor"
	Young  Age = "young"
	Mature Age = "mature"
	Old    Age = "old"
)

// HealTarget is the modified result that heals a wound (E1-H3; a minor uses
// the Young threshold, E1-Q17e).
func HealTarget(a Age) int {
	switch a {
	case Old:
		return 4
	case Mature:
		return 3
	}
	return 2
}

// Character is what healing needs of a roster character.
type Character struct {
	ID                string `json:"id"`
	Age               Age    `json:"age"`
	WeakHealth        bool   `json:"weak_health,omitempty"`
	Wounds            int    `json:"wounds,omitempty"`
	WoundsAtTurnStart int    `json:"wounds_at_turn_start,omitempty"`
	Busy              bool   `json:"busy,omitempty"`           // did something besides healing this turn (E1-H2)
	SurvivesThird     bool   `json:"survives_third,omitempty"` // a trait exception to death at 3 wounds (E1-H4, E1-Q16), GM flag
}

// Healing is the result of E1-H for one character.
type Healing struct {
	Rolls         []Roll
	Healed        int
	Complications int
	Wounds        int  // after all rolls
	Dead          bool // 3 wounds or more after all rolls (E1-H4, E1-Q17c)
}

// HealModifier is the modifier to every healing roll of c (E1-H2, E1-Q17d).
func HealModifier(c Character) int {
	m := 0
	if c.WeakHealth {
		m--
	}
	if c.Busy && c.WoundsAtTurnStart > 0 {
		m--
	}
	return m
}

// Heal rolls one d6 per wound (E1-H1), keys "<char>.heal.1", ... A modified
// result at or over the target heals the wound; 1 or lower does not heal and
// adds a complication wound, not rolled for this phase (E1-H4, E1-Q17b).
func Heal(c Character, d Dice) Healing {
	h := Healing{Wounds: c.Wounds}
	mod, target := HealModifier(c), HealTarget(c.Age)
	for i := 1; i <= c.Wounds; i++ {
		k := fmt.Sprintf("%s.heal.%d", c.ID, i)
		v := d.Roll(k)
		r := Roll{Key: k, Die: v, Mod: mod, Result: v + mod, Target: target}
		switch {
		case r.Result >= target:
			r.Success, r.Outcome = true, "healed"
			h.Healed++
		case r.Result <= 1:
			r.Outcome = "complication"
			h.Complications++
		default:
			r.Outcome = "not healed"
		}
		h.Rolls = append(h.Rolls, r)
	}
	h.Wounds = c.Wounds - h.Healed + h.Complications
	h.Dead = h.Wounds >= 3 && !c.SurvivesThird
	return h
}

// MayLead says whether a character with these wounds may lead a unit or
// fight a duel (E1-H5, E1-Q16): not with 2 wounds or more.
func MayLead(wounds int) bool { return wounds < 2 }
