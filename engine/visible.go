package engine

import (
	"slices"
	"strings"
)

// VisibleEvents keeps the events of a turn that side may read (R-XI.3.2,
// D-67). before and after are the battle before and after the turn; an
// enemy unit the side could see in neither View is hidden, and so is every
// event that names it (as Unit or Other, alone or in a joint "a+b"), its
// dice included (rolls keyed "<unit>.<purpose>"). One exception: a hidden
// unit shooting from a forest shows its target what it is, so its shot is
// kept with Unit "?<troop type>" and no From cell, unless the target is
// hidden too. Without hidden units the events are returned as they are.
func VisibleEvents(before, after Battle, side Side, events []Event) []Event {
	seen := map[string]bool{}
	hidden := map[string]bool{}
	for _, v := range []Battle{View(before, side), View(after, side)} {
		for _, u := range v.Units {
			seen[u.ID] = true
		}
	}
	for _, u := range before.Units {
		if u.Side != side && !seen[u.ID] {
			hidden[u.ID] = true
		}
	}
	if len(hidden) == 0 {
		return events
	}
	var out []Event
	for _, e := range events {
		if e.Kind == EvShot && hidden[e.Unit] {
			// A unit shooting from a forest shows its target only what it
			// is (R-XI.3.2, D-67).
			if u := before.Unit(e.Unit); u != nil && !hidden[e.Other] {
				e.Unit = "?" + u.Type.String()
				e.From = NoCell
				out = append(out, e)
			}
			continue
		}
		names := append(strings.Split(e.Unit, "+"), strings.Split(e.Other, "+")...)
		if !slices.ContainsFunc(names, func(n string) bool { return hidden[n] }) && !hiddenKey(e.Key, hidden) {
			out = append(out, e)
		}
	}
	return out
}

// hiddenKey reports a roll of a hidden unit ("<unit>.melee").
func hiddenKey(key string, hidden map[string]bool) bool {
	unit, _, ok := strings.Cut(key, ".")
	return ok && hidden[unit]
}
