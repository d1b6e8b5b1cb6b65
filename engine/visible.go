package engine

import "strings"

// Details of a move the reader saw only in part (VisibleEvents).
const (
	DetailOutOfSight = "out_of_sight" // the unit went where the reader cannot see: no To
	DetailIntoSight  = "into_sight"   // the unit came from where the reader could not see: no From
)

// VisibleEvents keeps what side may read of a turn's events (R-XI.3.2,
// R-III.5.1, D-67). before and after are the battle before and after the
// turn.
//
// Each event is judged by what the side could see when it happened, not at
// the turn's ends: the events are followed from before, unit moves, melee
// (which reveals both sides for good), units leaving the field and leader
// moves included, and an enemy unit is seen at a moment as View would show
// it then (not in a forest, or revealed, or with a unit of side 8-adjacent
// to its cell). R-XI.3.2: units in a forest are "invisible and unknown to
// the enemy until their first melee, or until they leave the forest".
//
//   - An event naming an enemy unit or leader the side cannot see then (as
//     Unit or Other, alone or in a joint "a+b", or as the owner of a roll
//     "<unit>.<purpose>") is left out, with what it tells: cell, figures,
//     dice, orders.
//   - A move (moved, retreated, sidestepped, fled, occupied) that takes a
//     seen unit where the side cannot see it keeps its From and loses its
//     To (NoCell, Detail DetailOutOfSight): the side saw it go, not where
//     it went, since a unit in a forest is invisible. One that brings an
//     unseen unit into sight (out of a forest, or next to a unit of side)
//     loses its From (NoCell, Detail DetailIntoSight): the side sees where
//     it is now, not where it stood hidden. Carrying shields, which
//     names both cells, is left out unless both are seen; the move itself
//     follows.
//   - A leader's move out of sight (into a hidden unit) keeps the leader
//     and loses its destination (Detail ""): banners show only in a unit
//     the enemy sees (R-III.5.1).
//   - A unit shooting from a forest shows its target only what it is
//     (R-XI.3.2, D-67): its shot is kept with Unit "?<troop type>" and no
//     From cell.
//   - A unit that leaves the field (destroyed, scattered, withdrawn) keeps
//     the visibility it had then.
//
// Without forests the events are returned as they are. If the events ever fail to bring before to after (a move without an
// event), every enemy unit hidden at both ends of the turn is also left out
// of every event, as a safety net.
func VisibleEvents(before, after Battle, side Side, events []Event) []Event {
	out, _, _ := visibleEvents(before, after, side, events)
	return out
}

// visibleEvents is VisibleEvents; it also says, for each event kept, which
// event of events it came from, and whether following the events failed to
// give after (so the safety net was used).
func visibleEvents(before, after Battle, side Side, events []Event) (out []Event, from []int, drift bool) {
	if len(before.Terrain.Forests) == 0 {
		from = make([]int, len(events))
		for i := range from {
			from[i] = i
		}
		return events, from, false
	}
	// A first pass checks that the events bring before to after.
	s := newSight(before, side)
	for _, e := range events {
		s.judge(e)
	}
	if drift = s.differs(&after); drift {
		s = newSight(before, side)
		s.never = map[string]bool{}
		seen := map[string]bool{}
		for _, v := range []Battle{View(before, side), View(after, side)} {
			for _, u := range v.Units {
				seen[u.ID] = true
			}
		}
		for _, u := range before.Units {
			if u.Side != side && !seen[u.ID] {
				s.never[u.ID] = true
			}
		}
	} else {
		s = newSight(before, side)
	}
	for i, e := range events {
		if e, ok := s.judge(e); ok {
			out = append(out, e)
			from = append(from, i)
		}
	}
	return out, from, drift
}

// sight follows a turn's events from the battle before it, to tell what
// one side sees at each of them.
type sight struct {
	b    Battle // the battle as the events so far have left it
	side Side
	// gone holds, for units that left the field during the turn, whether
	// the side saw them when they left.
	gone map[string]bool
	// never holds enemy units hidden at both ends of the turn, left out
	// whatever the events say (only when the events do not give after).
	never map[string]bool
}

func newSight(before Battle, side Side) *sight {
	return &sight{b: before.Clone(), side: side, gone: map[string]bool{}}
}

// unitSeen reports whether the side sees unit u now.
func (s *sight) unitSeen(u *Unit) bool {
	switch {
	case u.Side == s.side:
		return true
	case s.never[u.ID]:
		return false
	case !u.Active():
		if seen, ok := s.gone[u.ID]; ok {
			return seen
		}
		return true // off the field before the turn: View shows it
	}
	return !hiddenFrom(&s.b, s.side, u)
}

// leaderSeen reports whether the side sees leader l now: its own, one in
// the HQ or the reserve, or one in a unit it sees (R-III.5.1, D-67).
func (s *sight) leaderSeen(l *Leader) bool {
	if l.Side == s.side || l.At == AtHQ || l.At == AtReserve {
		return true
	}
	u := s.b.Unit(l.At)
	return u != nil && s.unitSeen(u)
}

// seen reports whether the side sees the unit or leader named id now; a
// name that is neither (a "?<troop type>", a side) hides nothing.
func (s *sight) seen(id string) bool {
	if u := s.b.Unit(id); u != nil {
		return s.unitSeen(u)
	}
	if l := s.b.Leader(id); l != nil {
		return s.leaderSeen(l)
	}
	return true
}

// allSeen reports whether the side sees everyone the event names: its Unit
// and Other (joint ones "a+b" too) and the owner of its roll.
func (s *sight) allSeen(e Event) bool {
	names := append(strings.Split(e.Unit, "+"), strings.Split(e.Other, "+")...)
	if owner, _, ok := strings.Cut(e.Key, "."); ok {
		names = append(names, owner)
	}
	for _, n := range names {
		if n != "" && !s.seen(n) {
			return false
		}
	}
	return true
}

// move puts unit u in cell c, as the resolver does: leaving a forest
// reveals it for good (D-67).
func (s *sight) move(u *Unit, c Cell) {
	if s.b.Terrain.Forest(u.Cell) && !s.b.Terrain.Forest(c) {
		u.Revealed = true
	}
	u.Cell = c
}

// judge follows one event and returns it as the side may read it, or false
// if the side may not read it at all.
func (s *sight) judge(e Event) (Event, bool) {
	switch e.Kind {
	case EvMoved, EvRetreated, EvSidestepped, EvFled, EvOccupied, EvShields:
		u := s.b.Unit(e.Unit)
		if u == nil || (e.Kind == EvShields && e.Detail != "") {
			break // shields set anew in place: no move
		}
		// A move always has its To, even NoCell: under field.off_field =
		// extend (D-03) the zero cell is a drawn cell a unit may enter.
		pre := s.unitSeen(u)
		cell, revealed := u.Cell, u.Revealed
		s.move(u, e.To)
		post := s.unitSeen(u)
		if e.Kind == EvShields {
			// Emitted before the move it goes with, which follows.
			u.Cell, u.Revealed = cell, revealed
			return e, pre && post
		}
		switch {
		case pre && post:
		case pre:
			e.To, e.Detail = NoCell, DetailOutOfSight // seen going, not where (R-XI.3.2)
		case post:
			e.From, e.Detail = NoCell, DetailIntoSight // seen now, not where it stood hidden
		default:
			return e, false
		}
		return e, true
	case EvAttack, EvMeeting:
		// The first melee reveals both sides for good (D-67).
		for _, id := range append(strings.Split(e.Unit, "+"), e.Other) {
			if u := s.b.Unit(id); u != nil {
				u.Revealed = true
			}
		}
	case EvDestroyed, EvScattered, EvWithdrawn:
		ok := s.allSeen(e)
		if u := s.b.Unit(e.Unit); u != nil {
			s.gone[u.ID] = s.unitSeen(u)
			switch e.Kind {
			case EvDestroyed:
				u.Status = StatusDestroyed
			case EvScattered:
				u.Status = StatusScattered
			default:
				u.Status = StatusReserve
			}
			if e.Kind != EvDestroyed {
				// Its leaders go with it (R-II.10.3, D-21).
				for k := range s.b.Leaders {
					if s.b.Leaders[k].At == u.ID {
						s.b.Leaders[k].At = AtReserve
					}
				}
			}
		}
		return e, ok
	case EvLeaderMoved:
		l := s.b.Leader(e.Unit)
		if l == nil {
			break
		}
		pre := s.leaderSeen(l)
		l.At = e.Detail
		post := s.leaderSeen(l)
		switch {
		case pre && post:
		case pre:
			e.Detail = "" // gone into a unit the side does not see
		case !post:
			return e, false
		}
		return e, true
	case EvLeaderWounded, EvLeaderKilled, EvLeaderCaptured:
		ok := s.allSeen(e)
		if l := s.b.Leader(e.Unit); l != nil && (e.Kind != EvLeaderWounded || e.Value >= 2) {
			l.At = AtReserve // R-III.3.6, D-22
		}
		return e, ok
	case EvShot:
		u := s.b.Unit(e.Unit)
		if u == nil || s.unitSeen(u) {
			break
		}
		// A unit shooting from a forest shows its target only what it is
		// (R-XI.3.2, D-67).
		e.Unit = "?" + u.Type.String()
		e.From = NoCell
		return e, s.allSeen(e)
	}
	return e, s.allSeen(e)
}

// differs reports whether following the events failed to bring the battle
// to after: a unit on the field or off it, in another cell, or revealed
// or not.
func (s *sight) differs(after *Battle) bool {
	if len(s.b.Units) != len(after.Units) {
		return true
	}
	for i := range after.Units {
		a, u := &after.Units[i], s.b.Unit(after.Units[i].ID)
		switch {
		case u == nil || u.Active() != a.Active():
			return true
		case a.Active() && (u.Cell != a.Cell || u.Revealed != a.Revealed):
			return true
		}
	}
	return false
}
