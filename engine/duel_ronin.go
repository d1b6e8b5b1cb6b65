package engine

// The detailed duel of EXTRAS.md F-E4-1 (leaders.duel_mode = ronin): the
// engine keeps the core pairing and the core duel die (R-VIII.6, D-59),
// but a die of 3, 4 or 5 applies no fixed result. The duel's EvDuel event
// says so (Detail DuelRonin, Value the die) and both leaders are left as
// they are; the bot fights the duel (package duel) and applies its outcome
// with ApplyDuel. Rolls 1-2 and 6 keep their core meaning, and duellists
// still skip the casualty roll (D-59).

// DuelRonin is the Detail of an EvDuel whose die handed the pair to a
// detailed duel.
const DuelRonin = "ronin"

// roninDuel reports whether the duel die v is left to a detailed duel, and
// then marks the duel's EvDuel event (r.ev[at]) with the die.
func (r *resolver) roninDuel(at, v int) bool {
	if !r.b.Settings.DuelRonin || v < 3 || v > 5 {
		return false
	}
	if at < len(r.ev) && r.ev[at].Kind == EvDuel {
		r.ev[at].Detail, r.ev[at].Value = DuelRonin, v
	}
	return true
}

// RoninDuels are the duels of a turn's events left to a detailed duel:
// each pair of leader IDs, North's first, in the order fought.
func RoninDuels(events []Event) [][2]string {
	var out [][2]string
	for _, e := range events {
		if e.Kind == EvDuel && e.Detail == DuelRonin {
			out = append(out, [2]string{e.Unit, e.Other})
		}
	}
	return out
}

// ApplyDuel applies a detailed duel's outcome (F-E4-1) to the two leaders
// ids of b with the resolver's own rules: each of wounds[i] is a core
// wound (a 2nd sends him to the reserve, a 3rd kills him, R-III.3.6,
// R-VIII.6.5), then killed[i] kills and captured[i] captures him if he is
// still in the battle. b is not modified; the events (rule F-E4-1) say what
// happened. An unknown ID is skipped.
func ApplyDuel(b Battle, ids [2]string, wounds [2]int, killed, captured [2]bool) (Battle, []Event) {
	r := &resolver{b: b.Clone(), fleeing: -1}
	for i, id := range ids {
		k := -1
		for j := range r.b.Leaders {
			if r.b.Leaders[j].ID == id {
				k = j
			}
		}
		if k < 0 {
			continue
		}
		for n := 0; n < wounds[i] && r.b.Leaders[k].active(); n++ {
			r.wound(k, "F-E4-1")
		}
		switch {
		case !r.b.Leaders[k].active():
		case killed[i]:
			r.fall(k, LeaderKilled, "F-E4-1")
		case captured[i]:
			r.fall(k, LeaderCaptured, "F-E4-1")
		}
	}
	return r.b, r.ev
}
