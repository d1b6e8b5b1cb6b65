package quick

import (
	"fmt"
	"slices"

	"github.com/gunbai/gunbai/campaign"
)

// AssaultOrder is the GM's /assault: the current phase (E3-Q8), the one
// army of besiegers that storms (unit and leader IDs of the siege's
// besiegers, those that joined earlier this phase included, E3-A4), the two
// requirements the bot does not model, ticked by the GM (E3-A2 b: line of
// communication; c and d: the naval blockade condition), and the GM's
// modifiers (E3-Q1).
type AssaultOrder struct {
	Phase    int
	Units    []string
	Leaders  []string
	LOC      bool
	Blockade bool
	AtkMod   Modifier
	DefMod   Modifier
}

// CanAssault checks the timing and requirements (E3-A1, E3-A2, E3-Q8): the
// siege is active, it began in an earlier phase (an empty fortress too), the
// siege was not assaulted this phase, the GM ticked both boxes, and the army
// is besiegers.
func (s Siege) CanAssault(o AssaultOrder) error {
	switch {
	case s.Status != Active:
		return fmt.Errorf("siege %q is %s", s.ID, s.Status)
	case o.Phase <= s.StartedPhase:
		return fmt.Errorf("the siege began in phase %d: no assault before a later phase (E3-A1, E3-A2a, E3-Q8)", s.StartedPhase)
	case s.LastAssaultPhase == o.Phase:
		return fmt.Errorf("siege %q was already assaulted in phase %d (E3-A1, E3-Q8)", s.ID, o.Phase)
	case !o.LOC:
		return fmt.Errorf("the line of communication is not ticked (E3-A2b)")
	case !o.Blockade:
		return fmt.Errorf("the naval blockade condition is not ticked (E3-A2c, E3-A2d)")
	case len(o.Units) == 0:
		return fmt.Errorf("no units storm")
	}
	for _, id := range o.Units {
		if !slices.ContainsFunc(Present(s.Besiegers.Units), func(u campaign.Unit) bool { return u.ID == id }) {
			return fmt.Errorf("unit %q is not among the besiegers (E3-A1, E3-A4)", id)
		}
	}
	for _, id := range o.Leaders {
		if !slices.Contains(s.Besiegers.leaderIDs(), id) {
			return fmt.Errorf("leader %q is not among the besiegers", id)
		}
	}
	if err := o.AtkMod.check(); err != nil {
		return err
	}
	return o.DefMod.check()
}

// storm is the assaulting army and the garrison as forces.
func (s Siege) storm(o AssaultOrder) (atk, def Force) {
	atk = Force{Clan: s.Besiegers.Clan, Armies: s.Besiegers.Armies, Units: keepUnits(s.Besiegers.Units, o.Units),
		Leaders: keepLeaders(s.Besiegers.Leaders, o.Leaders), Mod: o.AtkMod}
	def = s.Besieged
	def.Mod = o.DefMod
	return atk, def
}

func (s Siege) prefix(phase int, side Side) string {
	return fmt.Sprintf("%s.%s.%d.%s", KindAssault, s.ID, phase, side.key())
}

// PlanAssault is the dice of both sides (E3-A3, seed steps 3 and 4; E3-Q11,
// E3-Q12, E3-Q3). Only non-cavalry units with at least MinFigures figures
// give dice. With 1 or more defending units (any type) the attacker rolls
// one die per 2 such units, rounded up, keys
// "assault.<siege>.<phase>.atk.<unit>+<unit>"; against an empty fortress,
// one per unit. Plus the best leader's rating; the defender rolls one die
// per such unit, the best besieged leader's rating and 1 as defender.
func (s Siege) PlanAssault(o AssaultOrder) ([2][]Slot, error) {
	var out [2][]Slot
	if err := s.CanAssault(o); err != nil {
		return out, err
	}
	atk, def := s.storm(o)
	var foot []campaign.Unit
	for _, u := range Present(atk.Units) {
		if !Cavalry(u.Type) && u.Figures >= MinFigures {
			foot = append(foot, u)
		}
	}
	p := s.prefix(o.Phase, Attacker)
	var troops []Slot
	if Count(def.Units) == 0 {
		for _, u := range foot {
			troops = append(troops, Slot{Key: p + "." + u.ID, Source: FromUnit, Refs: []string{u.ID}, Label: unitLabel(u)})
		}
	} else {
		for i := 0; i < len(foot); i += 2 {
			pair := foot[i:min(i+2, len(foot))]
			sl := Slot{Key: p + "." + pair[0].ID, Source: FromPair, Refs: ids(pair), Label: unitLabel(pair[0])}
			if len(pair) == 2 {
				sl.Key += "+" + pair[1].ID
				sl.Label += " + " + unitLabel(pair[1])
			}
			troops = append(troops, sl)
		}
	}
	out[Attacker] = withExtras(p, troops, atk.Leaders, false, atk.Mod)
	p = s.prefix(o.Phase, Defender)
	troops = nil
	for _, u := range Present(def.Units) {
		if !Cavalry(u.Type) && u.Figures >= MinFigures {
			troops = append(troops, Slot{Key: p + "." + u.ID, Source: FromUnit, Refs: []string{u.ID}, Label: unitLabel(u)})
		}
	}
	out[Defender] = withExtras(p, troops, def.Leaders, true, def.Mod)
	return out, nil
}

// Storm is a rolled assault waiting for the casualty choices.
type Storm struct {
	Siege Siege
	Order AssaultOrder
	Pools [2]Pool
}

// Assault rolls the assault (seed step 7: each 5 or 6 a hit).
func (s Siege) Assault(o AssaultOrder, d campaign.Dice) (Storm, error) {
	plan, err := s.PlanAssault(o)
	if err != nil {
		return Storm{}, err
	}
	st := Storm{Siege: s, Order: o}
	if st.Pools[Attacker], err = roll(plan[Attacker], o.AtkMod, d); err != nil {
		return Storm{}, err
	}
	if st.Pools[Defender], err = roll(plan[Defender], o.DefMod, d); err != nil {
		return Storm{}, err
	}
	return st, nil
}

func (st Storm) force(s Side) Force {
	a, d := st.Siege.storm(st.Order)
	if s == Attacker {
		return a
	}
	return d
}

// Losses is the units side s must remove, one per enemy hit, cavalry
// eligible (seed step 9); hits beyond the units are wasted (E3-Q4).
func (st Storm) Losses(s Side) int {
	return min(st.Pools[s.Other()].Hits, Count(st.force(s).Units))
}

// Default is the bot's choice when the owner does not answer (E3-Q4).
func (st Storm) Default(s Side) []string {
	return DefaultLosses(st.force(s).Units, st.Losses(s))
}

// AssaultOutcome is a resolved assault.
type AssaultOutcome struct {
	Success bool
	Siege   Siege // after the assault: units removed, LastAssaultPhase, Status
	Sides   [2]SideResult
	// On success (seed step 10): the fortress passes to the attacker, the
	// besieged leaders are captured, the besieged naval units and admirals
	// go on the turn track (back, or rebuildable, next turn), E1-X1's
	// castle_captured is set for a castle or citadel, and up to Nominations
	// surviving attacking units may be nominated for E1-U5 (E3-Q9).
	Captured       []string
	NavalToTrack   []string
	CastleCaptured bool
	Nominations    int
	// On failure (seed step 11): if every attacking unit was eliminated,
	// the surviving leaders go to the nearest fortified place or their
	// capital (the GM's); if the besiegers no longer outnumber the besieged,
	// the siege is lifted and Lift is their retreat (E3-U2).
	LeadersWithdraw []string
	Lift            *Retreat
}

// Resolve applies the casualty choices (nil: the default, E3-Q4) and tests
// success and failure. Success: at least one hit, no defending unit left,
// at least 1 attacking unit alive (seed step 10; EXTRAS numbers it 9).
// Anything else fails (seed step 11; EXTRAS 10): the seed's failure test
// ("no hit, or a besieged unit left") leaves out a storm that kills every
// defender and every attacker, which is no success either, so it fails.
// Results: E1-Q12 (Rout when the loser, having had units, has none left).
func (st Storm) Resolve(atk, def []string) (AssaultOutcome, error) {
	picks := [2][]string{atk, def}
	var o AssaultOutcome
	for _, s := range []Side{Attacker, Defender} {
		if picks[s] == nil {
			picks[s] = st.Default(s)
		}
		if err := checkLosses(st.force(s).Units, picks[s], st.Losses(s)); err != nil {
			return AssaultOutcome{}, fmt.Errorf("%s: %w", st.force(s).Clan, err)
		}
		f := st.force(s)
		surv := without(ids(Present(f.Units)), picks[s])
		o.Sides[s] = SideResult{Clan: f.Clan, Dice: len(st.Pools[s].Dice), Hits: st.Pools[s].Hits,
			Lost: slices.Clone(picks[s]), Survivors: surv, Eliminated: Count(f.Units) > 0 && len(surv) == 0}
	}
	s := st.Siege
	s.LastAssaultPhase = st.Order.Phase
	s.Besiegers.Units = removeUnits(s.Besiegers.Units, picks[Attacker])
	s.Besieged.Units = removeUnits(s.Besieged.Units, picks[Defender])
	o.Success = st.Pools[Attacker].Hits >= 1 && len(o.Sides[Defender].Survivors) == 0 && len(o.Sides[Attacker].Survivors) > 0
	w := Defender
	if o.Success {
		w = Attacker
	}
	o.Sides[w].Result, o.Sides[w.Other()].Result = Results(o.Sides[w.Other()].Eliminated)
	if o.Success {
		s.Status = Fallen
		s.Fortress.Holder = s.Besiegers.Clan
		o.Captured = s.Besieged.leaderIDs()
		o.NavalToTrack = slices.Clone(s.Naval)
		s.Naval = nil
		o.CastleCaptured = s.Fortress.Type == Castle || s.Fortress.Type == Citadel
		o.Nominations = len(o.Sides[Defender].Lost)
		o.Siege = s
		return o, nil
	}
	if len(o.Sides[Attacker].Survivors) == 0 {
		o.LeadersWithdraw = slices.Clone(st.Order.Leaders)
		s.Besiegers.Leaders = slices.DeleteFunc(slices.Clone(s.Besiegers.Leaders), func(l Leader) bool { return slices.Contains(st.Order.Leaders, l.ID) })
	}
	o.Siege, o.Lift = s.Recheck()
	return o, nil
}

// Nominate checks the attacker's E1-U5 nominations after a successful
// assault (E3-Q9): surviving attacking units, each once, at most
// Nominations of them. The caller sets their StormKill. Nominations is the
// defender units destroyed, that is the hits but for wasted ones: E1-U5
// credits a unit that "destroyed one of the defender's units", and a hit
// beyond the garrison destroyed none (E3-Q9 says "as many as the hits").
func (o AssaultOutcome) Nominate(units []string) error {
	if !o.Success {
		return fmt.Errorf("the assault failed: no storm promotions (E1-U5)")
	}
	if len(units) > o.Nominations {
		return fmt.Errorf("%d units nominated, at most %d (E3-Q9)", len(units), o.Nominations)
	}
	seen := map[string]bool{}
	for _, id := range units {
		if !slices.Contains(o.Sides[Attacker].Survivors, id) || seen[id] {
			return fmt.Errorf("unit %q is not a surviving attacker, or is nominated twice", id)
		}
		seen[id] = true
	}
	return nil
}
