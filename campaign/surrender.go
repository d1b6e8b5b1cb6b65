package campaign

import (
	"errors"
	"fmt"
)

// ErrNotSamurai refuses to shut a unit that is not samurai in a castle
// (E1-R5).
var ErrNotSamurai = errors.New("only samurai may shut themselves in castles (E1-R5)")

// Fate is what becomes of a unit with nowhere to retreat (E1-R5).
type Fate string

// The fates of E1-R5.
const (
	ShutInCastle  Fate = "castle"         // samurai units shut in a castle (GM choice; only samurai may)
	DispersedHome Fate = "dispersed_home" // raised in this province: removed from the army, GM changes the province (E1-Q6)
	Surrendered   Fate = "surrendered"    // d6 losses, then captured_by the winner
)

// Nowhere says, per unit, what the GM decided before the surrender roll.
type Nowhere struct {
	Province string            // the province the army is trapped in
	RaisedIn map[string]string // unit ID -> province it was raised in
	InCastle map[string]bool   // unit IDs the GM shuts in castles: samurai units only (E1-R5), his call
}

// SurrenderResult is one unit's fate under E1-R5.
type SurrenderResult struct {
	UnitID    string
	Fate      Fate
	Roll      *Roll // the d6 of losses, for Surrendered only
	Figures   int   // figures after the losses
	Destroyed bool  // the d6 took every figure: nothing is left to surrender
}

// Surrender applies E1-R5 to the units of an army with nowhere to retreat:
// samurai units shut in a castle stay ("Самураи могут запереться в замках":
// ashigaru and sohei may not, ErrNotSamurai); units raised in the province
// go home (E1-Q6); every other unit takes d6 losses, key "<unit>.surrender",
// and surrenders what is left. A unit marked for both the castle and home
// is an error.
func Surrender(units []Unit, n Nowhere, d Dice) ([]SurrenderResult, error) {
	var out []SurrenderResult
	for _, u := range units {
		if u.Figures <= 0 {
			continue
		}
		home := n.Province != "" && n.RaisedIn[u.ID] == n.Province
		r := SurrenderResult{UnitID: u.ID, Figures: u.Figures}
		switch {
		case n.InCastle[u.ID] && !u.Type.Samurai():
			return nil, fmt.Errorf("unit %q (%s): %w", u.ID, u.Type, ErrNotSamurai)
		case home && n.InCastle[u.ID]:
			return nil, fmt.Errorf("unit %q both goes home and shuts itself in a castle", u.ID)
		case n.InCastle[u.ID]:
			r.Fate = ShutInCastle
		case home:
			r.Fate = DispersedHome
		default:
			k := u.ID + ".surrender"
			v := d.Roll(k)
			r.Fate = Surrendered
			r.Figures = max(u.Figures-v, 0)
			r.Destroyed = r.Figures == 0
			r.Roll = &Roll{Key: k, Die: v, Result: v, Outcome: fmt.Sprintf("%d lost, %d surrender", v, r.Figures)}
		}
		out = append(out, r)
	}
	return out, nil
}

// CaptiveChoice is the winner's choice for a surrendered unit (E1-R5).
type CaptiveChoice string

// The winner's choices.
const (
	JoinWinner CaptiveChoice = "join"
	Execute    CaptiveChoice = "execute"
	Release    CaptiveChoice = "release"
)

// TakeCaptive applies the winner's choice to a surrendered unit: joining
// costs 1 Impetus and 1 Steadiness and keeps the unit (ok true); executing
// or releasing removes it from play (ok false; release sends it home).
func TakeCaptive(u Unit, c CaptiveChoice) (Unit, bool, error) {
	switch c {
	case JoinWinner:
		u.ImpetusMod--
		u.SteadinessMod--
		return u, true, nil
	case Execute, Release:
		return u, false, nil
	}
	return u, false, fmt.Errorf("unknown choice %q", c)
}
