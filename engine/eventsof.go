package engine

import "strings"

// EventsOf keeps the events of a turn that concern one unit (or leader):
// those that name it as actor or target, its rolls ("<unit>.melee"), and
// the phase and step headings they fall under, so that "what happened to
// my cavalry?" reads in order with its rules. Filter the events by the
// side's view first (VisibleEvents): EventsOf adds nothing to them.
func EventsOf(events []Event, unit string) []Event {
	var out []Event
	var phase, step *Event
	for i := range events {
		e := events[i]
		switch e.Kind {
		case EvPhase:
			phase, step = &events[i], nil
			continue
		case EvStep:
			step = &events[i]
			continue
		}
		if !concerns(e, unit) {
			continue
		}
		if phase != nil {
			out = append(out, *phase)
			phase = nil
		}
		if step != nil {
			out = append(out, *step)
			step = nil
		}
		out = append(out, e)
	}
	return out
}

// concerns reports whether an event names unit: as actor or target (joint
// attackers are joined with "+"), or as the owner of a roll.
func concerns(e Event, unit string) bool {
	for _, list := range []string{e.Unit, e.Other} {
		for _, id := range strings.Split(list, "+") {
			if id == unit {
				return true
			}
		}
	}
	owner, _, ok := strings.Cut(e.Key, ".")
	return ok && owner == unit
}
