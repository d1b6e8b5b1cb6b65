package engine

import (
	"strconv"
	"strings"
)

// GM corrections (ARCHITECTURE: the GM "can fix anything"): one field of a
// unit, a leader or a side at a time, each checked so that the battle stays
// in a state the rules could have reached (one unit a cell, within the
// cells D-03 draws, 1-16 figures, ammo within 8 per figure, 0-3 wounds, a
// leader with his own side).

// Problem codes of Fix; Arg is what was refused.
const (
	ProbFixWho   = "fix_who"   // Arg: who. No unit, leader or side of that name
	ProbFixField = "fix_field" // Arg: field. Not a field of that kind of thing (FixFields)
	ProbFixValue = "fix_value" // Arg: value. Not a value for that field
	ProbFixCell  = "fix_cell"  // Arg: cell. Another unit stands there, or it cannot be entered
)

// FixBand is how many rows and columns beyond each edge of the original
// 12x7 field a fix may put a unit. D-03 (field.off_field=extend) draws a
// cell beyond the field when it is needed; a correction needs at most the
// cells one flight of a routing unit reaches past the edge (R-X.2.1: it
// flees 2 cells). Farther cells are refused (ProbFixCell, rule D-03): a
// unit at A1.20000 would make the next picture of the field gigabytes.
// Under field.off_field=bounded no cell beyond the field can be entered
// at all (Battle.Passable). A unit the rules themselves carried farther
// may keep its cell.
const FixBand = 2

// InFixBand reports whether c is on the field or within FixBand cells of
// it.
func InFixBand(c Cell) bool {
	return c.X >= 1-FixBand && c.X <= FieldWidth+FixBand && c.Y >= 1-FixBand && c.Y <= FieldHeight+FixBand
}

// MaxFixCount bounds the messengers and shinobi a fix gives a side. The
// rules leave their number to the army lists; each is one reroll, one
// mission or one pair of scouted cells, so 99 is far more than any army
// fields and keeps every loop over them short.
const MaxFixCount = 99

// FixFields lists what Fix changes, by kind of thing.
var FixFields = map[string][]string{
	"unit":   {"cell", "facing", "figures", "status", "ammo", "fatigued", "hold", "save_ammo"},
	"leader": {"at", "wounds", "health"},
	"side":   {"hq", "messengers", "shinobi"},
}

// Fix sets one field of a unit, a leader or a side ("north", "south") to a
// value written as in case files. The battle is returned changed as a copy;
// on a problem it is returned unchanged.
func Fix(b Battle, who, field, value string) (Battle, *Problem) {
	nb := b.Clone()
	value = strings.TrimSpace(value)
	var p *Problem
	switch side, err := ParseSide(who); {
	case nb.Unit(who) != nil:
		p = fixUnit(&nb, nb.Unit(who), field, value)
	case nb.Leader(who) != nil:
		p = fixLeader(&nb, nb.Leader(who), field, value)
	case err == nil:
		p = fixSide(&nb, side, field, value)
	default:
		p = &Problem{Code: ProbFixWho, Arg: who}
	}
	if p != nil {
		return b, p
	}
	return nb, nil
}

func fixUnit(b *Battle, u *Unit, field, value string) *Problem {
	bad := &Problem{Code: ProbFixValue, Unit: u.ID, Arg: value}
	switch field {
	case "cell":
		c, err := ParseCell(value)
		if err != nil {
			return bad
		}
		if c != u.Cell && !InFixBand(c) {
			return &Problem{Code: ProbFixCell, Rule: "D-03", Unit: u.ID, Arg: c.Name()}
		}
		if o := b.UnitAt(c); (o != nil && o.ID != u.ID) || !b.Passable(c) {
			return &Problem{Code: ProbFixCell, Unit: u.ID, Arg: c.Name()}
		}
		u.Cell = c
	case "facing":
		d, err := ParseDir(value)
		if err != nil {
			return bad
		}
		u.Facing = d
	case "figures":
		n, err := strconv.Atoi(value)
		if err != nil || n < 1 || n > MaxFigures {
			return bad
		}
		u.Figures = n
		u.Ammo = min(u.Ammo, u.Stats().AmmoPerFigure*n) // the cap follows the figures (D-38)
	case "status":
		s, ok := ParseStatus(value)
		if !ok {
			return bad
		}
		if s.OnField() && !u.Status.OnField() {
			// Back on the field: its old cell must still be free.
			if o := b.UnitAt(u.Cell); o != nil && o.ID != u.ID {
				return &Problem{Code: ProbFixCell, Unit: u.ID, Arg: u.Cell.Name()}
			}
		}
		u.Status = s
	case "ammo":
		n, err := strconv.Atoi(value)
		if err != nil || n < 0 || n > u.Stats().AmmoPerFigure*u.Figures {
			return bad
		}
		u.Ammo = n
	case "fatigued", "hold", "save_ammo":
		v, err := strconv.ParseBool(value)
		if err != nil {
			return bad
		}
		switch field {
		case "fatigued":
			u.Fatigued = v
		case "hold":
			u.Hold = v
		default:
			u.SaveAmmo = v
		}
	default:
		return &Problem{Code: ProbFixField, Unit: u.ID, Arg: field}
	}
	return nil
}

func fixLeader(b *Battle, l *Leader, field, value string) *Problem {
	bad := &Problem{Code: ProbFixValue, Unit: l.ID, Arg: value}
	switch field {
	case "at":
		if u := b.Unit(value); value != AtHQ && value != AtReserve && (u == nil || u.Side != l.Side || !u.Active()) {
			return bad
		}
		l.At = value
	case "wounds":
		n, err := strconv.Atoi(value)
		if err != nil || n < 0 || n > 3 {
			return bad
		}
		l.Wounds = n
		switch {
		case n >= 3:
			l.Health, l.At = LeaderKilled, AtReserve // R-III.3.6
		case n == 2:
			l.Health, l.At = LeaderWounded, AtReserve
		case n == 1:
			l.Health = LeaderWounded
		default:
			l.Health = LeaderOK
		}
	case "health":
		var h LeaderHealth
		if err := h.UnmarshalText([]byte(value)); err != nil {
			return bad
		}
		l.Health = h
		if h == LeaderKilled || h == LeaderCaptured {
			l.At = AtReserve // out of the battle (D-22)
		}
	default:
		return &Problem{Code: ProbFixField, Unit: l.ID, Arg: field}
	}
	return nil
}

func fixSide(b *Battle, side Side, field, value string) *Problem {
	bad := &Problem{Code: ProbFixValue, Arg: value}
	switch field {
	case "hq":
		if value == "none" {
			b.HQ[side] = NoCell
			return nil
		}
		c, err := ParseCell(value)
		if err != nil || !InOwnZones(c, side) {
			return bad // the HQ stands in the side's own zones (D-18)
		}
		b.HQ[side] = c
	case "messengers", "shinobi":
		n, err := strconv.Atoi(value)
		if err != nil || n < 0 || n > MaxFixCount {
			return bad
		}
		if field == "messengers" {
			b.Messengers[side] = n
		} else {
			b.Shinobi[side] = n
		}
	default:
		return &Problem{Code: ProbFixField, Arg: field}
	}
	return nil
}
