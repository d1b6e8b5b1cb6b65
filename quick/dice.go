package quick

import (
	"fmt"
	"strconv"

	"github.com/gunbai/gunbai/campaign"
)

// HitTarget is the lowest die that hits: each 5 or 6 is a hit (seed field
// battle step 6, assault step 7; E3-F6).
const HitTarget = 5

// MinFigures is the figures a unit needs to give a die: a smaller unit may
// not be deployed in core, so it rolls nothing, yet it can still be taken as
// a casualty (E3-Q3).
const MinFigures = 4

// Role is what a character is in his army, as far as E3-Q2 cares.
type Role string

// The roles. Shinobi and emissaries never lend their rating (E3-Q2).
const (
	Commander Role = "commander"
	General   Role = "general"
	Shinobi   Role = "shinobi"
	Emissary  Role = "emissary"
)

// DefaultRating is the rating of a commander or general the GM has not
// rated (E3-Q2); the caller fills it in, since 0 is a rating the GM may set.
const DefaultRating = 1

// Leader is a character in a force. Rating is the GM's chars.rating, 0 to 3
// (E3-Q2), standing for the seed's "battle rating".
type Leader struct {
	ID       string
	Name     string
	Role     Role
	Rating   int
	Wounds   int
	Captured bool
}

// BattleRating is the dice the leader would lend his side: 0 for a
// shinobi or emissary, for a captive, and for one with 2 or more wounds, who
// may not lead (E3-Q2, E1-H5).
func (l Leader) BattleRating() int {
	if l.Role == Shinobi || l.Role == Emissary || l.Captured || l.Wounds >= 2 {
		return 0
	}
	return l.Rating
}

// Best is the leader with the best BattleRating (the first of equals); only
// he counts (seed field battle steps 2 and 3, E3-Q2). ok is false when no
// leader lends a die.
func Best(ls []Leader) (Leader, bool) {
	var best Leader
	ok := false
	for _, l := range ls {
		if l.BattleRating() > 0 && (!ok || l.BattleRating() > best.BattleRating()) {
			best, ok = l, true
		}
	}
	return best, ok
}

func checkLeaders(ls []Leader) error {
	for _, l := range ls {
		if l.ID == "" {
			return fmt.Errorf("a leader without an id")
		}
		if l.Rating < 0 || l.Rating > 3 {
			return fmt.Errorf("leader %q: rating %d, want 0 to 3 (E3-Q2)", l.ID, l.Rating)
		}
	}
	return nil
}

// Modifier is the GM's ±N dice for one side, which stands in for every card
// of the seed (E3-Q1). A modifier needs its one-line reason, shown with the
// result.
type Modifier struct {
	N      int
	Reason string
}

func (m Modifier) check() error {
	if m.N != 0 && m.Reason == "" {
		return fmt.Errorf("a modifier of %+d dice without a reason (E3-Q1)", m.N)
	}
	return nil
}

// Source says what a die is rolled for.
type Source string

// The sources of dice.
const (
	FromUnit     Source = "unit"     // one unit (field battle, assault defender, E3-Q12 empty fortress)
	FromPair     Source = "pair"     // two units, or the last one alone (assault attacker with defenders)
	FromLeader   Source = "leader"   // one point of the best leader's rating
	FromDefender Source = "defender" // the defender's die
	FromGM       Source = "gm"       // the GM's modifier (E3-Q1)
	FromSquadron Source = "squadron" // one squadron (F-E3-4)
)

// Slot is a die to be rolled: its key, what it is for (Refs: the unit IDs,
// the leader's ID) and a label for the record.
type Slot struct {
	Key    string
	Source Source
	Refs   []string
	Label  string
}

// Die is a rolled die: the Roll (Target HitTarget, Success a hit) with what
// it was rolled for.
type Die struct {
	campaign.Roll
	Source Source
	Refs   []string
	Label  string
}

// Pool is one side's rolled dice.
type Pool struct {
	Dice []Die
	Mod  Modifier
	Hits int
}

// unitLabel names a unit for the record.
func unitLabel(u campaign.Unit) string {
	if u.Name != "" {
		return u.Name
	}
	return u.ID
}

// withExtras adds to the troops' slots the best leader's dice, the
// defender's die and the GM's modifier. A negative modifier takes dice off
// the end of the pool (the defender's, then the leader's, then the troops'
// from the last), so every die left keeps its label; a pool never goes below
// zero dice.
func withExtras(prefix string, troops []Slot, leaders []Leader, defender bool, m Modifier) []Slot {
	out := troops
	if l, ok := Best(leaders); ok {
		r := l.BattleRating()
		name := l.Name
		if name == "" {
			name = l.ID
		}
		for i := 1; i <= r; i++ {
			out = append(out, Slot{Key: fmt.Sprintf("%s.leader.%s.%d", prefix, l.ID, i), Source: FromLeader,
				Refs: []string{l.ID}, Label: fmt.Sprintf("%s (rating %d)", name, r)})
		}
	}
	if defender {
		out = append(out, Slot{Key: prefix + ".defender", Source: FromDefender, Label: "defender"})
	}
	for i := 1; i <= m.N; i++ {
		out = append(out, Slot{Key: prefix + ".gm." + strconv.Itoa(i), Source: FromGM, Label: m.Reason})
	}
	if m.N < 0 {
		out = out[:max(len(out)+m.N, 0)]
	}
	return out
}

// roll rolls the slots, one d6 per key, and counts the hits.
func roll(slots []Slot, m Modifier, d campaign.Dice) (Pool, error) {
	p := Pool{Mod: m}
	for _, s := range slots {
		v := d.Roll(s.Key)
		if v < 1 || v > 6 {
			return Pool{}, fmt.Errorf("die %q rolled %d, not a d6", s.Key, v)
		}
		r := campaign.Roll{Key: s.Key, Die: v, Result: v, Target: HitTarget, Success: v >= HitTarget, Outcome: "miss"}
		if r.Success {
			r.Outcome = "hit"
			p.Hits++
		}
		p.Dice = append(p.Dice, Die{Roll: r, Source: s.Source, Refs: s.Refs, Label: s.Label})
	}
	return p, nil
}
