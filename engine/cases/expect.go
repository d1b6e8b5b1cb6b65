package cases

import (
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"

	"github.com/gunbai/gunbai/engine"
	"github.com/gunbai/gunbai/engine/scenario"
)

// Expectation is one key of [case.expect].
type Expectation struct {
	Key  string // as written: "hc.cell", "battle.outcome"
	Want string // the expected value in canonical form: "C11", "7", "true"
	Line int    // 0 if unknown

	subject string // unit id, leader id, "north", "south" or "battle"
	field   string // "cell", "status", "command.special", "outcome"...
}

// What each kind of subject has, and how an expected value is read.
type valueKind int

const (
	vCell valueKind = iota
	vInt
	vBool
	vFacing
	vStatus
	vHealth
	vAt
	vOutcome
)

var (
	unitFields   = map[string]valueKind{"cell": vCell, "figures": vInt, "facing": vFacing, "status": vStatus, "ammo": vInt, "fatigued": vBool, "hold": vBool}
	leaderFields = map[string]valueKind{"status": vHealth, "at": vAt, "wounds": vInt}
	sideFields   = map[string]valueKind{"command.special": vInt, "command.ordinary": vInt, "command.success": vBool}
	battleFields = map[string]valueKind{"outcome": vOutcome, "turn": vInt}
)

func fieldNames(m map[string]valueKind) string {
	return strings.Join(slices.Sorted(maps.Keys(m)), ", ")
}

// expectations reads [case.expect]; c must already hold the battle and the
// command rolls.
func expectations(b *scenario.Builder, raw map[string]any, c *Case) []Expectation {
	flat := b.Flatten("expect", raw)
	var out []Expectation
	for _, key := range slices.Sorted(maps.Keys(flat)) {
		path := "expect." + key
		subject, field, _ := strings.Cut(key, ".")
		var fields map[string]valueKind
		var what string
		switch {
		case subject == "battle":
			fields, what = battleFields, "battle"
		case subject == "north" || subject == "south":
			fields, what = sideFields, "a side"
			side, _ := engine.ParseSide(subject)
			if strings.HasPrefix(field, "command.") && !slices.ContainsFunc(c.Commands, func(in engine.CommandInput) bool { return in.Side == side }) {
				b.Errf(path, "expect %q: the case has no [[case.command]] for %s", key, subject)
				continue
			}
		case c.Battle.Unit(subject) != nil:
			fields, what = unitFields, "a unit"
		case findLeader(&c.Battle, subject) != nil:
			fields, what = leaderFields, "a leader"
		default:
			b.Errf(path, "expect %q: no unit, leader or side %q", key, subject)
			continue
		}
		kind, ok := fields[field]
		if !ok {
			b.Errf(path, "expect %q: %s has no %q (want %s)", key, what, field, fieldNames(fields))
			continue
		}
		want, err := canonical(kind, flat[key], &c.Battle)
		if err != nil {
			b.Errf(path, "expect %q: %v", key, err)
			continue
		}
		out = append(out, Expectation{Key: key, Want: want, Line: b.Line(path), subject: subject, field: field})
	}
	return out
}

// canonical checks an expected value and writes it as got() does.
func canonical(kind valueKind, v any, bt *engine.Battle) (string, error) {
	s, isString := v.(string)
	switch kind {
	case vInt:
		if n, ok := v.(int64); ok {
			return strconv.FormatInt(n, 10), nil
		}
		return "", fmt.Errorf("want an integer, got %v", v)
	case vBool:
		if t, ok := v.(bool); ok {
			return strconv.FormatBool(t), nil
		}
		return "", fmt.Errorf("want true or false, got %v", v)
	}
	if !isString {
		return "", fmt.Errorf("want a string, got %v", v)
	}
	switch kind {
	case vCell:
		c, err := engine.ParseCell(s)
		if err != nil {
			return "", err
		}
		return cellName(c), nil
	case vFacing:
		d, err := engine.ParseDir(s)
		if err != nil {
			return "", err
		}
		return d.String(), nil
	case vStatus:
		if _, ok := engine.ParseStatus(s); !ok {
			return "", fmt.Errorf("unknown status %q (want ok, routing, destroyed, reserve or scattered)", s)
		}
	case vHealth:
		var h engine.LeaderHealth
		if err := h.UnmarshalText([]byte(s)); err != nil {
			return "", fmt.Errorf("%v (want ok, wounded, captured or killed)", err)
		}
	case vAt:
		if s != engine.AtHQ && s != engine.AtReserve && bt.Unit(s) == nil {
			return "", fmt.Errorf("at %q: no such unit (want a unit id, hq or reserve)", s)
		}
	case vOutcome:
		var o engine.Outcome
		if err := o.UnmarshalText([]byte(s)); err != nil {
			return "", err
		}
	}
	return s, nil
}

func cellName(c engine.Cell) string {
	if c == engine.NoCell {
		return "none"
	}
	return c.Name()
}

func findLeader(b *engine.Battle, id string) *engine.Leader {
	for i := range b.Leaders {
		if b.Leaders[i].ID == id {
			return &b.Leaders[i]
		}
	}
	return nil
}

// got returns the value an expectation checks, in canonical form.
func (e *Expectation) got(b *engine.Battle, cmds map[engine.Side]engine.CommandResult) string {
	switch e.subject {
	case "battle":
		if e.field == "outcome" {
			return b.Outcome.String()
		}
		return strconv.Itoa(b.Turn)
	case "north", "south":
		side, _ := engine.ParseSide(e.subject)
		r, ok := cmds[side]
		if !ok {
			return "(no command roll)"
		}
		switch e.field {
		case "command.special":
			return strconv.Itoa(r.Special)
		case "command.ordinary":
			return strconv.Itoa(r.Ordinary)
		}
		return strconv.FormatBool(r.Success)
	}
	if u := b.Unit(e.subject); u != nil {
		switch e.field {
		case "cell":
			return cellName(u.Cell)
		case "figures":
			return strconv.Itoa(u.Figures)
		case "facing":
			return u.Facing.String()
		case "status":
			return u.Status.String()
		case "ammo":
			return strconv.Itoa(u.Ammo)
		case "fatigued":
			return strconv.FormatBool(u.Fatigued)
		}
		return strconv.FormatBool(u.Hold)
	}
	if l := findLeader(b, e.subject); l != nil {
		switch e.field {
		case "status":
			return l.Health.String()
		case "at":
			return l.At
		}
		return strconv.Itoa(l.Wounds)
	}
	return "(missing from the final state)"
}

// differences checks every expectation against the final state.
func differences(exp []Expectation, b *engine.Battle, cmds map[engine.Side]engine.CommandResult) []string {
	var out []string
	for i := range exp {
		e := &exp[i]
		if got := e.got(b, cmds); got != e.Want {
			out = append(out, fmt.Sprintf("%s: expected %s, got %s", e.Key, e.Want, got))
		}
	}
	return out
}
