package engine

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"strings"
)

// ErrNoCombat is Odds' answer for an order that starts no combat the side
// can see: it names no unit, moves into no visible enemy, or shoots at no
// visible enemy it can reach now with the ammunition it has.
var ErrNoCombat = errors.New("engine: the order starts no combat the side can see")

// errNoRuns is Odds' answer when asked for no runs at all.
var errNoRuns = errors.New("engine: odds need at least one run")

// CombatKind is what kind of combat an order starts.
type CombatKind int8

// Combat kinds.
const (
	CombatMelee CombatKind = iota // a move into an enemy (R-VI.2.5, R-VIII)
	CombatShot                    // a shooting or volley order (R-VI.2.2, R-VI.3.1, R-IX)
)

func (k CombatKind) String() string {
	if k == CombatShot {
		return "shot"
	}
	return "melee"
}

// CombatKinds lists every combat kind, in order.
func CombatKinds() []CombatKind { return []CombatKind{CombatMelee, CombatShot} }

func (k CombatKind) MarshalText() ([]byte, error) { return []byte(k.String()), nil }

// UnmarshalText reads melee or shot, so that odds stored as JSON (a
// sheet's note) read back as the kind of combat they were.
func (k *CombatKind) UnmarshalText(b []byte) error {
	switch string(b) {
	case "melee":
		*k = CombatMelee
	case "shot":
		*k = CombatShot
	default:
		return fmt.Errorf("unknown combat kind %q (want melee or shot)", b)
	}
	return nil
}

// CombatOutcome is how the combat an order starts ends, as the rules name
// it. A melee's outcome is the defender's fate, or, if it held its cell,
// the attacker's; a shot's is the target's fate. Each run has exactly one.
type CombatOutcome int8

// Combat outcomes.
const (
	// The defender is destroyed (R-VIII.2.7, R-VIII.4.10), the attacker
	// perhaps with it.
	DefenderDestroyed CombatOutcome = iota
	// The defender routs (R-VIII.4.5, R-VIII.4.6), or is pushed back with
	// nowhere to go (R-X.1.3, R-X.1.5), or routs again (R-X.5.3).
	DefenderRouted
	// The defender is pushed back one cell and the attacker occupies it
	// (R-VIII.4.4).
	DefenderPushedBack
	// The attacker is pushed back to the cell it attacked from
	// (R-VIII.4.3).
	AttackRepelled
	// The defender destroys its attacker and holds (R-VIII.4.10).
	AttackerDestroyed
	// The attack never comes to blows: repelling fire stops it (R-VI.6.1,
	// R-IX.3.1), or the move is cancelled on the way (R-VI.1.3).
	AttackStopped
	// The target of the shot is destroyed (R-VIII.2.7).
	TargetDestroyed
	// The target routs: it must retreat from the shooting and cannot
	// (R-IX.2.1, R-X.1.3, R-X.1.5).
	TargetRouted
	// The target retreats one cell: its losses to shooting are more than
	// its St (R-IX.2.1).
	TargetRetreated
	// The target stays where it is: its losses are within its St, or it
	// was routing already (R-X.5.6).
	TargetHeld
	numCombatOutcomes
)

var combatOutcomeNames = [numCombatOutcomes]string{
	"defender_destroyed", "defender_routed", "defender_pushed_back", "attack_repelled", "attacker_destroyed",
	"attack_stopped", "target_destroyed", "target_routed", "target_retreated", "target_held",
}

func (o CombatOutcome) String() string { return combatOutcomeNames[o] }

func (o CombatOutcome) MarshalText() ([]byte, error) { return []byte(o.String()), nil }

// UnmarshalText reads an outcome's name, so that odds stored as JSON read
// back as the outcomes they were (not every one as the first).
func (o *CombatOutcome) UnmarshalText(b []byte) error {
	v, err := ParseCombatOutcome(string(b))
	if err != nil {
		return err
	}
	*o = v
	return nil
}

// ParseCombatOutcome reads an outcome's name: defender_destroyed, ...,
// target_held.
func ParseCombatOutcome(s string) (CombatOutcome, error) {
	for i, n := range combatOutcomeNames {
		if n == s {
			return CombatOutcome(i), nil
		}
	}
	return 0, fmt.Errorf("unknown combat outcome %q (want one of %s)", s, strings.Join(combatOutcomeNames[:], ", "))
}

// CombatOutcomes lists every combat outcome, in order.
func CombatOutcomes() []CombatOutcome {
	out := make([]CombatOutcome, numCombatOutcomes)
	for i := range out {
		out[i] = CombatOutcome(i)
	}
	return out
}

// OutcomeShare is how many runs ended one way, and what share of all.
type OutcomeShare struct {
	Outcome CombatOutcome `json:"outcome"`
	Runs    int           `json:"runs"`
	Share   float64       `json:"share"`
}

// OddsResult is the outcome distribution of the combat one order starts.
type OddsResult struct {
	Kind   CombatKind `json:"kind"`
	Side   Side       `json:"side"`   // the side giving the order
	Unit   string     `json:"unit"`   // the attacker or the shooter
	Target string     `json:"target"` // the defender or the target
	Runs   int        `json:"runs"`
	// Outcomes are the outcomes that happened, in the order of
	// CombatOutcomes; their Runs add up to Runs, their shares to 1.
	Outcomes []OutcomeShare `json:"outcomes"`
	// OwnLost and EnemyLost are the figures each side lost on average, the
	// side giving the order and its enemy, in the combat and what it set
	// off (repelling fire, retreats, routs through enemies, Peasants).
	OwnLost   float64 `json:"own_lost"`
	EnemyLost float64 `json:"enemy_lost"`
	// TargetLost[k] is the number of runs in which the target lost k
	// figures.
	TargetLost []int `json:"target_lost"`
}

// Share is the share of the runs that ended with outcome o.
func (r OddsResult) Share(o CombatOutcome) float64 {
	for _, s := range r.Outcomes {
		if s.Outcome == o {
			return s.Share
		}
	}
	return 0
}

// Odds is the outcome distribution of the combat that order o of side
// starts: a melee for a move into a visible enemy (Intent's Attack), a shot
// for a shooting or volley order at a visible enemy in the fire zone now
// (Intent's Shoot). It runs the real resolver n times on the side's view:
// the enemy's hidden units stay hidden and are not guessed (R-XI.3.2,
// D-67), so the answer never depends on them.
//
// Assumptions: o is the only order of the turn. The enemy gives none, the
// side gives no other, and no army-wide order is in force for either;
// every other unit only reacts, as the rules make it (repelling fire,
// initiative, Peasants). The order runs as in phase 1 from the position now,
// whatever its phase. Each run resolves the turn only until the order's
// combat is over (the ladder step in which it is fought), or the order is
// spent without one.
//
// The dice of run k are the PCG stream seeded with k, whatever the roll
// keys: the same input gives the same result, and the first runs of a
// larger n are those of a smaller one. It returns ErrNoCombat for an order
// that starts no combat the side can see, and Validate's problems, as
// OrderErrors, for an order the side may not give.
func Odds(b Battle, side Side, o Order, n int) (OddsResult, error) {
	if n < 1 {
		return OddsResult{}, errNoRuns
	}
	in, ok := Intent(b, side, o)
	if !ok {
		return OddsResult{}, ErrNoCombat
	}
	v := View(b, side)
	res := OddsResult{Kind: CombatMelee, Side: side, Unit: in.Unit, Target: in.Attack, Runs: n}
	if in.Attack == "" {
		u := v.Unit(in.Unit)
		volley := o.Kind == OrderVolley
		if in.Shoot == "" || !in.InFireZone || u.Routing() || u.Ammo < ammoCost(u, volley) {
			return OddsResult{}, ErrNoCombat
		}
		res.Kind, res.Target = CombatShot, in.Shoot
	}
	sim := o
	sim.Side, sim.Phase, sim.Turn = side, 1, 0
	if probs := Validate(v, side, v.Turn+1, []Order{sim}); len(probs) > 0 {
		return OddsResult{}, OrderErrors(probs)
	}
	v.ArmyWide = [2]*OrderKind{}
	s := newOddsSim(v, sim, res.Target)
	var counts [numCombatOutcomes]int
	lost := [2]int{}
	for k := range n {
		s.run(uint64(k))
		counts[s.outcome(res.Kind)]++
		for i := range s.base.Units {
			lost[s.base.Units[i].Side] += s.base.Units[i].Figures - s.r.b.Units[i].Figures
		}
		tl := s.base.Units[s.target].Figures - s.r.b.Units[s.target].Figures
		for len(res.TargetLost) <= tl {
			res.TargetLost = append(res.TargetLost, 0)
		}
		res.TargetLost[tl]++
	}
	for oc, c := range counts {
		if c > 0 {
			res.Outcomes = append(res.Outcomes, OutcomeShare{Outcome: CombatOutcome(oc), Runs: c, Share: float64(c) / float64(n)})
		}
	}
	res.OwnLost = float64(lost[side]) / float64(n)
	res.EnemyLost = float64(lost[side.Enemy()]) / float64(n)
	return res, nil
}

// oddsSim runs one order's combat again and again on one position, reusing
// the resolver's memory from run to run.
type oddsSim struct {
	base    Battle
	orders  []Order
	unit    int // the attacker or the shooter, in base.Units
	target  int // the defender or the target
	r       resolver
	pcg     rand.PCG
	rng     *rand.Rand
	units   []Unit
	leaders []Leader
	shields []CellShields
}

func newOddsSim(base Battle, o Order, target string) *oddsSim {
	s := &oddsSim{base: base, orders: []Order{o}}
	s.rng = rand.New(&s.pcg)
	s.r.d = s
	s.r.ev = make([]Event, 0, 64)
	for i := range base.Units {
		switch base.Units[i].ID {
		case o.Unit:
			s.unit = i
		case target:
			s.target = i
		}
	}
	return s
}

// Roll implements Dice: one die from the run's stream.
func (s *oddsSim) Roll(string) int { return 1 + s.rng.IntN(6) }

// run resolves run k: the turn from the start until the order's combat is
// over, or the order is spent without one.
func (s *oddsSim) run(k uint64) {
	s.pcg.Seed(k, 0x6f646473) // "odds"
	r := &s.r
	r.b = s.base
	s.units = append(s.units[:0], s.base.Units...)
	s.leaders = append(s.leaders[:0], s.base.Leaders...)
	s.shields = append(s.shields[:0], s.base.Terrain.Shields...)
	r.b.Units, r.b.Leaders, r.b.Terrain.Shields = s.units, s.leaders, s.shields
	r.ev, r.broken, r.passed = r.ev[:0], r.broken[:0], r.passed[:0]
	r.fleeing, r.ended, r.phase, r.step = -1, false, 0, ""
	r.begin(s.orders)
	for phase := 1; phase <= 2 && !r.ended; phase++ {
		r.beginPhase(phase)
		for _, row := range ladder {
			mark := len(r.ev)
			r.runRow(row)
			if r.ended || s.fought(r.ev[mark:]) || s.spent() {
				return
			}
		}
	}
}

// fought reports whether the events include the order's combat.
func (s *oddsSim) fought(ev []Event) bool {
	id := s.base.Units[s.unit].ID
	for k := range ev {
		e := &ev[k]
		switch e.Kind {
		case EvAttack:
			if e.Unit == id {
				return true
			}
		case EvMeeting:
			if e.Unit == id || e.Other == id {
				return true
			}
		case EvShot:
			if e.Unit == id && (e.Detail == "" || e.Detail == DetailVolley) {
				return true
			}
		}
	}
	return false
}

// spent reports whether the order's unit has nothing left to do this turn.
func (s *oddsSim) spent() bool {
	r := &s.r
	t := &r.u[s.unit]
	switch {
	case !r.b.Units[s.unit].Active():
		return true
	case len(t.queue) > 0:
		return false
	}
	return r.phase == 2 || t.orders[2] == nil // a forced march goes on in phase 2
}

// outcome classifies the run just made.
func (s *oddsSim) outcome(kind CombatKind) CombatOutcome {
	r := &s.r
	before, after := &s.base.Units[s.target], &r.b.Units[s.target]
	if kind == CombatShot {
		switch {
		case after.Status == StatusDestroyed:
			return TargetDestroyed
		case (after.Routing() || after.Status == StatusScattered) && !before.Routing():
			return TargetRouted
		case after.Cell != before.Cell && !after.Routing():
			return TargetRetreated
		}
		return TargetHeld
	}
	if !s.fought(r.ev) {
		return AttackStopped
	}
	switch {
	case after.Status == StatusDestroyed:
		return DefenderDestroyed
	case after.Routing() || after.Status == StatusScattered:
		return DefenderRouted
	case after.Cell != before.Cell:
		return DefenderPushedBack
	case !r.b.Units[s.unit].Active():
		return AttackerDestroyed
	}
	return AttackRepelled
}
