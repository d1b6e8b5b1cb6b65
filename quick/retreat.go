package quick

import (
	"fmt"
	"slices"
)

// Check is one line of a checklist the bot shows the GM: the bot does not
// model the strategic map, so a retreat's destination is the GM's (E3-Q5).
type Check struct {
	ID    string
	Text  string // in English, seed cities read as provinces, unrest as riot/uprising (E3-Q5)
	Label string // the seed's words as the UI label (DECISION G2)
}

var (
	checkUnrest = Check{"E3-R2.1", "not into a province in riot or uprising, nor one with enemy units",
		"Нельзя отступать в провинцию, охваченную бунтом или восстанием, или в которой есть вражеские отряды"}
	checkSea = Check{"E3-R2.2", "not into the sea",
		"Нельзя отступать в море"}
	checkNeutral = Check{"E3-R2.3", "not into a neutral province, nor one held by another clan unless it is the retreating clan's ally",
		"Нельзя отступать в нейтральную провинцию или провинцию другого клана, если он не союзник отступающего"}
	checkNotEnemyOrigin = Check{"E3-R2.4", "the defender lost: not into the province the enemy came from",
		"Проиграл обороняющийся: нельзя отступать в провинцию, из которой пришёл враг"}
	checkOwnOrigin = Check{"E3-R2.5", "the attacker lost: the army must retreat into the province it came from",
		"Проиграл атакующий: армия должна отступить в провинцию, из которой пришла"}
	checkNowhere = Check{"E3-Q5", "no legal destination: E1-R5 applies (castles, home, or d6 losses and surrender) instead of elimination and capture",
		"Нет допустимой провинции: действует E1-R5 (замки, по домам или d6 потерь и сдача) вместо уничтожения и плена"}
)

// RetreatChecklist is E3-R2 for the loser of a field battle (seed 14.1):
// the three general restrictions, then the one for the side that lost, then
// E3-Q5's replacement of "all eliminated and captured".
func RetreatChecklist(attackerLost bool) []Check {
	last := checkNotEnemyOrigin
	if attackerLost {
		last = checkOwnOrigin
	}
	return []Check{checkUnrest, checkSea, checkNeutral, last, checkNowhere}
}

// LiftChecklist is the restrictions on the besiegers' retreat once a siege
// is lifted (E3-U2), and on the attacker's withdrawal when a won fight does
// not make a siege (E3-F12, seed step 12: "должен отступить, как это описано
// в разделе 15.3"). Seed 15.3 has three restrictions only (unrest or enemy
// units, the sea, a neutral or non-allied city): 14.1's two "where the enemy
// came from" rules are a field battle loser's. The retreat costs nothing.
func LiftChecklist() []Check {
	return []Check{checkUnrest, checkSea, checkNeutral, checkNowhere}
}

// lifted is a retreat taken as the besiegers' on lifting (E3-U2): the same
// units and leaders, none into fortifications, LiftChecklist's restrictions.
func lifted(r *Retreat) *Retreat {
	if r == nil {
		return nil
	}
	out := *r
	out.IntoFortress, out.Checklist = 0, LiftChecklist()
	return &out
}

// SeedGarrison is the most units that may retreat into fortifications
// (E3-R1, E3-D2), unless the GM set a capacity for the fortress (E3-Q5).
const SeedGarrison = 4

// Retreat is a body of units and leaders that must retreat, and where the
// GM looks for its destination. IntoFortress is how many of the units may
// go into the fortifications instead (E3-R1: up to 4, owner's choice; any
// number of leaders may go with them).
type Retreat struct {
	Clan         string
	Units        []string
	Leaders      []string
	IntoFortress int
	Checklist    []Check
}

// Split applies the owner's choice of units going into the fortifications
// (E3-R1): at most IntoFortress of the retreating units; the rest form one
// body and retreat to one adjacent province.
func (r Retreat) Split(inside []string) (in, out []string, err error) {
	if len(inside) > r.IntoFortress {
		return nil, nil, fmt.Errorf("%d units into the fortifications, at most %d (E3-R1)", len(inside), r.IntoFortress)
	}
	seen := map[string]bool{}
	for _, id := range inside {
		if !slices.Contains(r.Units, id) || seen[id] {
			return nil, nil, fmt.Errorf("unit %q is not a retreating unit, or is picked twice", id)
		}
		seen[id] = true
	}
	return slices.Clone(inside), without(r.Units, inside), nil
}
