package quick

import (
	"fmt"
	"slices"

	"github.com/gunbai/gunbai/campaign"
)

// FortressType is the kind of fortifications (EXTRAS glossary).
type FortressType string

// The fortress types.
const (
	Castle  FortressType = "castle"
	Citadel FortressType = "citadel"
	Fort    FortressType = "fort"
)

// Fortress is a besieged place: its province, name, type, the clan holding
// it, and the GM's garrison capacity (0: the seed's 4, E3-Q5).
type Fortress struct {
	Province string
	Name     string
	Type     FortressType
	Holder   string
	Capacity int
}

// SiegeStatus is a siege's state (F-E3-2).
type SiegeStatus string

// The statuses.
const (
	Active SiegeStatus = "active"
	Lifted SiegeStatus = "lifted"
	Fallen SiegeStatus = "fallen"
)

// Siege is the siege record (F-E3-2): the besieging force, the besieged
// units and leaders, the besieged clan's naval units in the port, the phase
// it started in (E3-Q8) and the last phase it was assaulted in (0: never).
type Siege struct {
	ID               string
	Fortress         Fortress
	Besiegers        Force
	Besieged         Force
	Naval            []string
	StartedPhase     int
	LastAssaultPhase int
	Status           SiegeStatus
}

// Outnumber says whether the besiegers outnumber the besieged, the only
// state in which a siege exists (E3-S1, E3-F12, E3-A3 seed step 11; E3-Q7:
// at equality the siege is lifted). Units are counted with cavalry, those
// with at least 1 figure (E3-Q7).
func Outnumber(besiegers, besieged []campaign.Unit) bool {
	return Count(besiegers) > Count(besieged)
}

// SiegeCheck is E3-F12: after a won field battle in fortifications, the
// attacker's survivors besiege the place if they outnumber the loser's
// units inside; if not, the attacker must withdraw as on lifting (E3-U2,
// LiftChecklist).
func SiegeCheck(attacker []campaign.Unit, inside []campaign.Unit) bool {
	return Outnumber(attacker, inside)
}

// Open starts a siege (E3-S1): the besieged land units went into the
// fortifications (on enemy movement or after a field battle, E3-R1:
// retreatedInside) and the enemy in the place outnumbers them. An empty
// fortress is besieged too: it must be, before it can be assaulted (E3-A2a).
func Open(id string, f Fortress, besiegers, besieged Force, phase int, retreatedInside bool) (Siege, error) {
	if err := besiegers.check(); err != nil {
		return Siege{}, err
	}
	if err := besieged.check(); err != nil {
		return Siege{}, err
	}
	if Count(besieged.Units) > 0 && !retreatedInside {
		return Siege{}, fmt.Errorf("no siege: the units did not retreat into the fortifications (E3-S1)")
	}
	if !Outnumber(besiegers.Units, besieged.Units) {
		return Siege{}, fmt.Errorf("no siege: %d besiegers do not outnumber %d inside (E3-S1, E3-Q7)", Count(besiegers.Units), Count(besieged.Units))
	}
	if f.Holder == "" {
		f.Holder = besieged.Clan
	}
	return Siege{ID: id, Fortress: f, Besiegers: besiegers, Besieged: besieged, StartedPhase: phase, Status: Active}, nil
}

// Blocked says whether a land unit may not move, attack, intercept or avoid
// battle because it is besieged (E3-S2). Naval units in the port are never
// blocked.
func (s Siege) Blocked(unit string) bool {
	return s.Status == Active && slices.ContainsFunc(s.Besieged.Units, func(u campaign.Unit) bool { return u.ID == unit && u.Figures > 0 })
}

// Recheck applies E3-U1 after any change of the units (/siege check, at
// every roster change): an active siege whose besiegers no longer outnumber
// the besieged is lifted at once, and the whole besieging force must retreat
// (E3-U2), returned as the Retreat.
func (s Siege) Recheck() (Siege, *Retreat) {
	if s.Status != Active || Outnumber(s.Besiegers.Units, s.Besieged.Units) {
		return s, nil
	}
	s.Status = Lifted
	return s, s.lift()
}

// lift is the retreat of the besiegers when the siege is lifted (E3-U2): all
// their units and leaders, to an adjacent province meeting LiftChecklist,
// at no cost.
func (s Siege) lift() *Retreat {
	return &Retreat{Clan: s.Besiegers.Clan, Units: ids(Present(s.Besiegers.Units)), Leaders: s.Besiegers.leaderIDs(), Checklist: LiftChecklist()}
}

func removeUnits(units []campaign.Unit, drop []string) []campaign.Unit {
	var out []campaign.Unit
	for _, u := range units {
		if !slices.Contains(drop, u.ID) {
			out = append(out, u)
		}
	}
	return out
}

func keepUnits(units []campaign.Unit, keep []string) []campaign.Unit {
	var out []campaign.Unit
	for _, u := range units {
		if slices.Contains(keep, u.ID) {
			out = append(out, u)
		}
	}
	return out
}

func keepLeaders(ls []Leader, keep []string) []Leader {
	var out []Leader
	for _, l := range ls {
		if slices.Contains(keep, l.ID) {
			out = append(out, l)
		}
	}
	return out
}
