package quick

import (
	"fmt"
	"slices"

	"github.com/gunbai/gunbai/campaign"
)

// Relief is a relief battle (E3-D1, F-E3-3): a force friendly to the
// besieged enters the besieged place and attacks the besiegers. Join and
// JoinLeaders are the besieged units and leaders its owner adds to the
// battle (only if the relief force is of the besieged clan; army size is
// not limited, E3-Q14); he may add none.
type Relief struct {
	ID          string
	Siege       Siege
	Force       Force
	Join        []string
	JoinLeaders []string
}

// Battle is the field battle of the relief: the relief force and the units
// that join attack, the besiegers defend, in the fortress's place.
func (r Relief) Battle() (Battle, error) {
	s := r.Siege
	if s.Status != Active {
		return Battle{}, fmt.Errorf("siege %q is %s", s.ID, s.Status)
	}
	if (len(r.Join) > 0 || len(r.JoinLeaders) > 0) && r.Force.Clan != s.Besieged.Clan {
		return Battle{}, fmt.Errorf("only the besieged's own clan may add besieged units to the battle (E3-D1)")
	}
	for _, id := range r.Join {
		if !s.Blocked(id) {
			return Battle{}, fmt.Errorf("unit %q is not besieged here", id)
		}
	}
	for _, id := range r.JoinLeaders {
		if !slices.Contains(s.Besieged.leaderIDs(), id) {
			return Battle{}, fmt.Errorf("leader %q is not besieged here", id)
		}
	}
	atk := r.Force
	atk.Units = append(slices.Clone(r.Force.Units), keepUnits(s.Besieged.Units, r.Join)...)
	atk.Leaders = append(slices.Clone(r.Force.Leaders), keepLeaders(s.Besieged.Leaders, r.JoinLeaders)...)
	return Battle{ID: r.ID, Kind: KindRelief, Attacker: atk, Defender: s.Besiegers,
		Fortress: s.Fortress.Type, Holder: s.Fortress.Holder, Capacity: s.Fortress.Capacity}, nil
}

// ReliefCase is which of E3-D2's three outcomes happened.
type ReliefCase string

// The outcomes.
const (
	ReliefWon       ReliefCase = "won"        // the besiegers retreat, the siege is lifted
	ReliefLostEqual ReliefCase = "lost_equal" // lost on equal hits: any who fought may go inside, at most 4 units inside
	ReliefLostFewer ReliefCase = "lost_fewer" // lost scoring fewer hits: only those who were inside go back
)

// ReliefOutcome is E3-D2 applied: the siege after it, the relief side's
// units and leaders now inside, the relief side's retreat (E3-R, the
// attacker having lost), the besiegers' retreat if the siege was lifted, and
// the relief leaders captured.
type ReliefOutcome struct {
	Case          ReliefCase
	Siege         Siege
	Inside        []string
	LeadersInside []string
	Retreat       *Retreat
	Lift          *Retreat
	Captured      []string
}

// Outcome applies E3-D2 to the resolved battle o. inside and leadersInside
// are the owner's choice of who goes into the fortifications (nil: the
// default, every surviving besieged unit and besieged leader that joined
// goes back in, within the limit). On equal hits any unit or leader that
// fought may go in, the units inside in all (those that stayed out
// included) at most 4 or the GM's capacity (E3-Q5). On fewer hits only the
// besieged units that joined may go back; the seed says nothing of the
// besieged leaders who joined, and they go back too, having been inside. If
// every unit of the relief force proper was eliminated, its leaders are
// captured and it does not retreat.
func (r Relief) Outcome(o Outcome, inside, leadersInside []string) (ReliefOutcome, error) {
	s := r.Siege
	atk := o.Sides[Attacker]
	s.Besiegers.Units = keepUnits(s.Besiegers.Units, o.Sides[Defender].Survivors)
	if o.Sides[Defender].Eliminated {
		s.Besiegers.Leaders = nil
	}
	stayed := removeUnits(s.Besieged.Units, r.Join)
	joined := slices.DeleteFunc(slices.Clone(r.Join), func(id string) bool { return !slices.Contains(atk.Survivors, id) })
	out := ReliefOutcome{}
	if o.Winner == Attacker {
		out.Case = ReliefWon
		s.Status = Lifted
		s.Besieged.Units = append(stayed, keepUnits(r.Siege.Besieged.Units, joined)...)
		out.Lift = lifted(o.Retreat)
		out.Siege = s
		return out, nil
	}
	out.Case = ReliefLostFewer
	mayUnits, mayLeaders := joined, r.JoinLeaders
	if atk.Hits == o.Sides[Defender].Hits {
		out.Case = ReliefLostEqual
		mayUnits = atk.Survivors
		mayLeaders = slices.Concat(r.Force.leaderIDs(), r.JoinLeaders)
	}
	if atk.Eliminated {
		mayLeaders = nil // every leader who fought was captured (seed field battle step 10)
	}
	room := max(capacity(s.Fortress.Capacity)-Count(stayed), 0)
	if inside == nil {
		inside = joined[:min(len(joined), room)]
	}
	if leadersInside == nil {
		leadersInside = slices.DeleteFunc(slices.Clone(r.JoinLeaders), func(id string) bool { return !slices.Contains(mayLeaders, id) })
	}
	seen := map[string]bool{}
	for _, id := range inside {
		if !slices.Contains(mayUnits, id) || seen[id] {
			return ReliefOutcome{}, fmt.Errorf("unit %q may not go into the fortifications, or is picked twice (E3-D2 %s)", id, out.Case)
		}
		seen[id] = true
	}
	if len(inside) > room {
		return ReliefOutcome{}, fmt.Errorf("%d units would go inside, %d already there: at most %d in all (E3-D2)", len(inside), Count(stayed), capacity(s.Fortress.Capacity))
	}
	for _, id := range leadersInside {
		if !slices.Contains(mayLeaders, id) {
			return ReliefOutcome{}, fmt.Errorf("leader %q may not go into the fortifications (E3-D2 %s)", id, out.Case)
		}
	}
	all := append(slices.Clone(r.Force.Units), r.Siege.Besieged.Units...)
	s.Besieged.Units = append(stayed, keepUnits(all, inside)...)
	s.Besieged.Leaders = slices.DeleteFunc(slices.Clone(r.Siege.Besieged.Leaders), func(l Leader) bool {
		return slices.Contains(r.JoinLeaders, l.ID) && !slices.Contains(leadersInside, l.ID)
	})
	allLeaders := append(slices.Clone(r.Force.Leaders), r.Siege.Besieged.Leaders...)
	s.Besieged.Leaders = append(s.Besieged.Leaders, keepLeaders(allLeaders, without(leadersInside, r.JoinLeaders))...)
	out.Inside, out.LeadersInside = slices.Clone(inside), slices.Clone(leadersInside)
	relief := Present(r.Force.Units)
	reliefAlive := slices.ContainsFunc(relief, func(u campaign.Unit) bool { return slices.Contains(atk.Survivors, u.ID) })
	rest := without(atk.Survivors, inside)
	restLeaders := without(slices.Concat(r.Force.leaderIDs(), r.JoinLeaders), leadersInside)
	switch {
	case atk.Eliminated:
		out.Captured, restLeaders = slices.Concat(r.Force.leaderIDs(), r.JoinLeaders), nil
	case out.Case == ReliefLostFewer && !reliefAlive:
		out.Captured = r.Force.leaderIDs()
		restLeaders = without(restLeaders, out.Captured)
	}
	if len(rest) > 0 || len(restLeaders) > 0 {
		out.Retreat = &Retreat{Clan: r.Force.Clan, Units: rest, Leaders: restLeaders, Checklist: RetreatChecklist(true)}
	}
	out.Siege, out.Lift = s.Recheck()
	return out, nil
}
