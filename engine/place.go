package engine

import (
	"slices"
	"strconv"
)

// Deployment placement (RULES IV): before the battle starts, each side
// rearranges its own army within its own zones, one change at a time. Each
// change is checked on its own here; the whole deployment is checked by
// ValidateStart when the GM starts the battle.

// Placement problem codes.
const (
	ProbPlaceZone      = "place_zone"      // Arg: cell. Not in the side's own deployment zones (R-IV.1.1, R-I.1.2)
	ProbPlaceLeader    = "place_leader"    // Arg: leader. The side has no such leader (R-IV.3.1)
	ProbPlaceLeaderTo  = "place_leader_to" // Arg: place. Not an own unit, the HQ or the reserve (R-IV.3.1)
	ProbPlaceDefender  = "place_defender"  // Only the defender places terrain (R-IV.2.1, D-65)
	ProbPlaceTerrain   = "place_terrain"   // Arg: type. Not hill, forest or swamp (R-IV.2.1, D-65)
	ProbPlaceNothing   = "place_nothing"   // the placement names nothing to change
	ProbPlaceBadGuards = "place_guards"    // Arg: the side's shinobi. Guards from 0 to that many (R-IV.4.1)
)

// Placement is one change a side makes to its deployment: a unit to a cell
// and facing (swapping places with an own unit standing there), a unit's
// Save ammo! instruction, a leader to a unit, the HQ or the reserve, the
// HQ's cell, or, for the defender, a terrain element toggled on a cell.
type Placement struct {
	Unit     string
	Cell     Cell // NoCell: unchanged
	Facing   *Dir
	SaveAmmo *bool // R-IV.1.2, R-VI.5.5
	Leader   string
	To       string // a unit ID, AtHQ or AtReserve
	HQ       Cell   // NoCell: unchanged
	Terrain  string // hill | forest | swamp, toggled on Cell
}

// Place applies one placement of a side during deployment. The battle is
// returned changed as a copy; on a problem it is returned unchanged.
func Place(b Battle, side Side, p Placement) (Battle, *Problem) {
	nb := b.Clone()
	var prob *Problem
	switch {
	case p.Terrain != "":
		prob = placeTerrain(&nb, side, p.Terrain, p.Cell)
	case p.Unit != "":
		nb, prob = placeUnit(nb, side, p)
	case p.Leader != "":
		prob = placeLeader(&nb, side, p.Leader, p.To)
	case p.HQ != NoCell:
		if prob = ownZone(p.HQ, side); prob == nil {
			nb.HQ[side] = p.HQ
		}
	default:
		prob = &Problem{Code: ProbPlaceNothing, Rule: "R-IV.1.1"}
	}
	if prob != nil {
		return b, prob
	}
	return nb, nil
}

// ownZone refuses a cell outside the side's deployment zones (R-IV.1.1).
func ownZone(c Cell, side Side) *Problem {
	if !InOwnZones(c, side) {
		return &Problem{Code: ProbPlaceZone, Rule: "R-IV.1.1", Arg: c.Name()}
	}
	return nil
}

func placeUnit(b Battle, side Side, p Placement) (Battle, *Problem) {
	u := b.Unit(p.Unit)
	if u == nil || u.Side != side {
		// One answer for an enemy's unit and a missing one: the deployment
		// is secret (D-70), its IDs included.
		return b, &Problem{Code: ProbNoUnitOfYours, Unit: p.Unit}
	}
	if p.Cell != NoCell {
		if prob := ownZone(p.Cell, side); prob != nil {
			return b, prob
		}
		if o := b.UnitAt(p.Cell); o != nil && o.ID != u.ID {
			o.Cell = u.Cell // two own units swap places
		}
		u.Cell = p.Cell
	}
	if p.Facing != nil {
		u.Facing = *p.Facing
	}
	if p.SaveAmmo != nil {
		return SetSaveAmmo(b, side, u.ID, *p.SaveAmmo, true)
	}
	return b, nil
}

func placeLeader(b *Battle, side Side, leader, to string) *Problem {
	l := b.Leader(leader)
	if l == nil || l.Side != side {
		return &Problem{Code: ProbPlaceLeader, Rule: "R-IV.3.1", Arg: leader}
	}
	if u := b.Unit(to); to != AtHQ && to != AtReserve && (u == nil || u.Side != side) {
		return &Problem{Code: ProbPlaceLeaderTo, Rule: "R-IV.3.1", Arg: to}
	}
	l.At = to
	return nil
}

// placeTerrain toggles a terrain element on a cell of the defender's zones
// (R-IV.2.1, D-65); how many of each there are is checked at the start.
func placeTerrain(b *Battle, side Side, kind string, c Cell) *Problem {
	if side != b.Defender {
		return &Problem{Code: ProbPlaceDefender, Rule: "R-IV.2.1"}
	}
	if prob := ownZone(c, side); prob != nil {
		return prob
	}
	var list *[]Cell
	switch kind {
	case "hill":
		list = &b.Terrain.Hills
	case "forest":
		list = &b.Terrain.Forests
	case "swamp":
		list = &b.Terrain.Swamps
	default:
		return &Problem{Code: ProbPlaceTerrain, Rule: "D-65", Arg: kind}
	}
	if slices.Contains(*list, c) {
		*list = slices.DeleteFunc(*list, func(x Cell) bool { return x == c })
	} else {
		*list = append(*list, c)
	}
	return nil
}

// CheckGuards refuses a number of shinobi kept home as guards that the
// side does not have (R-IV.4.1).
func CheckGuards(b Battle, side Side, guards int) *Problem {
	if guards < 0 || guards > b.Shinobi[side] {
		return &Problem{Code: ProbPlaceBadGuards, Rule: "R-IV.4.1", Arg: strconv.Itoa(b.Shinobi[side])}
	}
	return nil
}

// ValidateStart checks a whole deployment before the battle starts: the
// defender's terrain (D-65) and both sides' armies (RULES IV). Nil: the
// battle may start.
func ValidateStart(b Battle) []*Problem {
	probs := ValidateTerrain(b, b.Settings.TerrainTypes())
	for _, side := range []Side{North, South} {
		probs = append(probs, ValidateDeployment(b, side)...)
	}
	return probs
}
