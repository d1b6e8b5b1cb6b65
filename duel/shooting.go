package duel

import (
	"fmt"

	"github.com/gunbai/gunbai/campaign"
)

// Weapon is a missile weapon (E4-S6).
type Weapon int

const (
	Bow      Weapon = iota // yumi: 48", no modifier
	Arquebus               // teppo: 48", armour counts less (E4-S4)
	Shuriken               // 6", −2, no penalty for moving
)

// MaxRange is the weapon's range in inches (E4-S6).
func (w Weapon) MaxRange() float64 {
	if w == Shuriken {
		return 6
	}
	return 48
}

// Cover is the target's cover (E4-S5): light (woods, bushes, hedges) or
// hard (walls, palisades, buildings).
type Cover int

const (
	CoverNone Cover = iota
	CoverLight
	CoverHard
)

// Movement is what the shooter did in the Movement phase. Ran includes
// Galloped. This package reads Ran as replacing Moved (−2, not −3): the
// table lists them as two states of one shooter.
type Movement int

const (
	Stood Movement = iota
	Moved
	Ran
)

// ShotPhase is when the shot is made (E4-T1, E4-S1).
type ShotPhase int

const (
	MovementPhase ShotPhase = iota
	ActionPhase
)

// Target is what the shot is aimed at: its armour and cover, whether it
// neither moved nor shot this turn (hard cover then blocks, E4-S5), and
// whether it is in a melee.
type Target struct {
	ID      string
	Armour  Armour
	Cover   Cover
	Still   bool
	InMelee bool
}

// Shot is the input of the shooting calculator (E4-S1..S7).
type Shot struct {
	Shoot  int
	Weapon Weapon
	Range  float64 // inches to the target
	Phase  ShotPhase
	Move   Movement
	// ShotInMovement: he already shot in the Movement phase; only in the
	// Action phase, and only with a bow or shuriken (E4-S1).
	ShotInMovement bool
	HeavilyWounded bool
	Stunned        bool    // cannot shoot (E4-S1)
	InContact      bool    // cannot shoot (E4-S1)
	ModelInLine    bool    // another model on the line blocks (E4-S5)
	LightCoverLOS  float64 // inches of light cover between: more than 2 blocks (E4-S5)
	Mod            int     // any other modifier the GM gives
	Target         Target
	// Others are the other models of the target's melee, friends and
	// foes: on a miss into melee one of them is hit instead (E4-S7).
	Others []Target
}

// Modifier is one named modifier with the rule it comes from.
type Modifier struct {
	Rule   string
	Reason string
	Value  int
}

// ShotResult is the calculator's answer: whether the shot may be made and,
// if not, why; every modifier; the roll against the Defence (Target =
// Defence + 1, since the margin must be above 0); the margin and the hit.
// Damage is the GM's: the seed's wound table is missing, and E4-Q1's table
// is decided for duels only. Stray is the shot re-aimed by E4-S7.
type ShotResult struct {
	Allowed     bool
	Blocked     string
	TargetID    string
	AttackMods  []Modifier
	DefenceMods []Modifier
	Defence     int
	Throw       Throw
	Margin      int
	Hit         bool
	StrayPick   []campaign.Roll // E4-S7: the d6 rolls choosing the other model
	Stray       *ShotResult
}

// BaseDefence is a shooting target's Defence before modifiers (E4-S2).
const BaseDefence = 6

// AttackMods lists E4-S3's modifiers (with E4-Q8's range bands: under 6"
// — the seed's "ближе 6 дюймов", closer than 6", where EXTRAS's table says
// "within 6"" —// +1, 6-12" 0, over 12 to 24" −1, over 24 to 36" −2, over 36" −3; the
// arquebus −1 more in the last two) and E4-S6's weapon modifier.
func AttackMods(s Shot) []Modifier {
	var m []Modifier
	add := func(rule, reason string, v int) { m = append(m, Modifier{rule, reason, v}) }
	arq := s.Weapon == Arquebus
	switch {
	case s.Range < 6:
		add("E4-S3", "target within 6\"", +1)
	case s.Range <= 12:
	case s.Range <= 24:
		add("E4-S3", "target at 12-24\"", -1)
	case s.Range <= 36 && arq:
		add("E4-S3", "target at 24-36\", arquebus", -3)
	case s.Range <= 36:
		add("E4-S3", "target at 24-36\"", -2)
	case arq:
		add("E4-S3", "target beyond 36\", arquebus", -4)
	default:
		add("E4-S3", "target beyond 36\"", -3)
	}
	if s.Target.InMelee {
		add("E4-S3", "target in melee", -1)
	}
	if s.Weapon != Shuriken {
		switch s.Move {
		case Moved:
			add("E4-S3", "shooter moved", -1)
		case Ran:
			add("E4-S3", "shooter ran or galloped", -2)
		}
	}
	if s.ShotInMovement {
		add("E4-S3", "already shot in the Movement phase", -1)
	}
	if s.Phase == MovementPhase {
		add("E4-S3", "shooting in the Movement phase", -1)
	}
	if s.HeavilyWounded {
		add("E4-S3", "shooter heavily wounded", -1)
	}
	if s.Weapon == Shuriken {
		add("E4-S6", "shuriken", -2)
	}
	if s.Mod != 0 {
		add("GM", "other", s.Mod)
	}
	return m
}

// DefenceMods lists E4-S4's armour and cover modifiers: light +1, medium
// +2, heavy +3 armour, against an arquebus 0, 0 and +1 (E4-S6: heavy
// counts as light); light cover +1, hard cover +2.
func DefenceMods(w Weapon, t Target) []Modifier {
	var m []Modifier
	if a := t.Armour; a != ArmourNone {
		v := int(a)
		if w == Arquebus {
			v = 0
			if a == ArmourHeavy {
				v = 1
			}
		}
		if v != 0 {
			m = append(m, Modifier{"E4-S4", a.String() + " armour", v})
		}
	}
	switch t.Cover {
	case CoverLight:
		m = append(m, Modifier{"E4-S4", "light cover", 1})
	case CoverHard:
		m = append(m, Modifier{"E4-S4", "hard cover", 2})
	}
	return m
}

func sum(m []Modifier) int {
	n := 0
	for _, x := range m {
		n += x.Value
	}
	return n
}

// CanShoot says whether the shot may be made at all and why not (E4-S1,
// E4-S5, E4-S6): a Stunned shooter or one in contact cannot shoot; range;
// an arquebus that shot in the Movement phase must reload; a blocked line
// of sight.
func CanShoot(s Shot) string {
	switch {
	case s.Stunned:
		return "shooter is stunned (E4-S1)"
	case s.InContact:
		return "shooter is in contact with an enemy (E4-S1)"
	case s.Range < 0 || s.LightCoverLOS < 0:
		return "negative distance"
	case s.Range > s.Weapon.MaxRange():
		return fmt.Sprintf("beyond the weapon's %g\" (E4-S6)", s.Weapon.MaxRange())
	case s.ShotInMovement && s.Phase == MovementPhase:
		return "already shot this phase (E4-S1)"
	case s.ShotInMovement && s.Weapon == Arquebus:
		return "the arquebus must reload; only bows and shuriken shoot in both phases (E4-S1, E4-S6)"
	case s.ModelInLine:
		return "another model on the line of sight (E4-S5)"
	case s.LightCoverLOS > 2:
		return "more than 2\" of light cover between (E4-S5)"
	case s.Target.Cover == CoverHard && s.Target.Still:
		return "target in hard cover, neither moved nor shot this turn (E4-S5)"
	}
	return ""
}

// Shoot runs the shooting calculator (E4-S2): 2d6 (keys <key>.1, <key>.2)
// + Shoot ± modifiers against Defence 6 + armour and cover; the target is
// hit if the margin is above 0. A miss on a target in melee is resolved
// again against another model of the melee picked at random (E4-S7),
// rolled anew as if aimed at it (keys <key>.stray.1, .2), once: a stray
// shot that misses is lost. The
// pick is a d6 (key <key>.pick.n) re-rolled while above the number of
// others, unneeded for one; more than 6 others is refused. Line of sight to
// the stray target is not checked again.
func Shoot(d Dice, key string, s Shot) (ShotResult, error) {
	return shoot(d, key, s, true)
}

// shoot resolves one shot; first is false for E4-S7's stray shot, which is
// the shot already fired re-aimed: nothing can block it then, and it does
// not stray again.
func shoot(d Dice, key string, s Shot, first bool) (ShotResult, error) {
	r := ShotResult{TargetID: s.Target.ID}
	if why := CanShoot(s); first && why != "" {
		r.Blocked = why
		return r, nil
	}
	r.Allowed = true
	r.AttackMods = AttackMods(s)
	r.DefenceMods = DefenceMods(s.Weapon, s.Target)
	r.Defence = BaseDefence + sum(r.DefenceMods)
	t, err := throw(d, key, 2, 2, s.Shoot+sum(r.AttackMods))
	if err != nil {
		return ShotResult{}, err
	}
	t.Target = r.Defence + 1
	r.Margin = t.Result - r.Defence
	r.Hit = r.Margin > 0
	t.Success = r.Hit
	r.Throw = t
	if r.Hit || !first || !s.Target.InMelee || len(s.Others) == 0 {
		return r, nil
	}
	n := len(s.Others)
	if n > 6 {
		return ShotResult{}, fmt.Errorf("%d other models in the melee, at most 6 can be picked with a d6", n)
	}
	pick := 0
	for k := 1; n > 1; k++ {
		if k > maxRerolls {
			return ShotResult{}, fmt.Errorf("%s: no pick after %d rolls", key, maxRerolls)
		}
		p, err := die(d, fmt.Sprintf("%s.pick.%d", key, k))
		if err != nil {
			return ShotResult{}, err
		}
		p.Target, p.Success, p.Outcome = n, p.Die <= n, "re-roll"
		if p.Success {
			p.Outcome = s.Others[p.Die-1].ID
		}
		r.StrayPick = append(r.StrayPick, p)
		if p.Success {
			pick = p.Die - 1
			break
		}
	}
	s2 := s
	s2.Target, s2.Others = s.Others[pick], nil
	s2.Target.InMelee = true // it is in the same melee
	st, err := shoot(d, key+".stray", s2, false)
	if err != nil {
		return ShotResult{}, err
	}
	r.Stray = &st
	return r, nil
}
