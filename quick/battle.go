package quick

import (
	"fmt"
	"slices"

	"github.com/gunbai/gunbai/campaign"
)

// Kind is what a dice-pool battle is, and the first word of its dice keys.
type Kind string

// The kinds, as in the battle record (EXTRAS section 5).
const (
	KindQuick   Kind = "quick"
	KindRelief  Kind = "relief"
	KindAssault Kind = "assault"
	KindNaval   Kind = "naval"
)

// Side is the attacker or the defender.
type Side int

// The sides. The active clan is always the attacker (seed step 2); the
// intercepting clan, or the one with units at the destination, defends
// (step 3).
const (
	Attacker Side = 0
	Defender Side = 1
)

// Other is the opposing side.
func (s Side) Other() Side { return 1 - s }

func (s Side) key() string {
	if s == Attacker {
		return "atk"
	}
	return "def"
}

// Force is one side's clan, armies, units (roster units) and characters,
// with the GM's modifier (E3-Q1).
type Force struct {
	Clan    string
	Armies  []string
	Units   []campaign.Unit
	Leaders []Leader
	Mod     Modifier
}

func (f Force) check() error {
	seen := map[string]bool{}
	for _, u := range f.Units {
		if u.ID == "" || seen[u.ID] {
			return fmt.Errorf("clan %q: unit id %q empty or twice", f.Clan, u.ID)
		}
		seen[u.ID] = true
	}
	if err := checkLeaders(f.Leaders); err != nil {
		return err
	}
	return f.Mod.check()
}

func (f Force) leaderIDs() []string {
	out := make([]string, len(f.Leaders))
	for i, l := range f.Leaders {
		out[i] = l.ID
	}
	return out
}

// Battle is a quick (F-E3-1) or relief (F-E3-3) field battle. Fortress is
// the type of the fortifications where it is fought ("" for none) and
// Holder the clan controlling them (E3-R1, E3-F12); Capacity the GM's
// garrison capacity, 0 for the seed's 4 (E3-Q5).
type Battle struct {
	ID       string
	Kind     Kind // "" is KindQuick
	Attacker Force
	Defender Force
	Fortress FortressType
	Holder   string
	Capacity int
}

func (b Battle) force(s Side) Force {
	if s == Attacker {
		return b.Attacker
	}
	return b.Defender
}

func (b Battle) prefix(s Side) string {
	k := b.Kind
	if k == "" {
		k = KindQuick
	}
	return fmt.Sprintf("%s.%s.%s", k, b.ID, s.key())
}

// Plan is the dice each side will roll (seed steps 2 and 3, E3-Q2, E3-Q3,
// E3-Q1): one die per present unit with at least MinFigures figures, keyed
// "quick.<battle>.atk.<unit>"; one per point of the best leader's rating,
// "….leader.<id>.<n>"; the defender's die "quick.<battle>.def.defender";
// the GM's dice "….gm.<n>".
func (b Battle) Plan() ([2][]Slot, error) {
	var out [2][]Slot
	if b.ID == "" {
		return out, fmt.Errorf("a battle without an id")
	}
	for _, s := range []Side{Attacker, Defender} {
		f := b.force(s)
		if err := f.check(); err != nil {
			return out, err
		}
		p := b.prefix(s)
		var troops []Slot
		for _, u := range Present(f.Units) {
			if u.Figures >= MinFigures {
				troops = append(troops, Slot{Key: p + "." + u.ID, Source: FromUnit, Refs: []string{u.ID}, Label: unitLabel(u)})
			}
		}
		out[s] = withExtras(p, troops, f.Leaders, s == Defender, f.Mod)
	}
	return out, nil
}

// Fought is a rolled battle, waiting for the owners' casualty choices.
type Fought struct {
	Battle Battle
	Pools  [2]Pool
	Winner Side
}

// Fight rolls both pools and names the winner: more hits wins, a tie goes
// to the defender (seed steps 6 and 8).
func (b Battle) Fight(d campaign.Dice) (Fought, error) {
	plan, err := b.Plan()
	if err != nil {
		return Fought{}, err
	}
	f := Fought{Battle: b}
	for _, s := range []Side{Attacker, Defender} {
		if f.Pools[s], err = roll(plan[s], b.force(s).Mod, d); err != nil {
			return Fought{}, err
		}
	}
	f.Winner = winner(f.Pools)
	return f, nil
}

func winner(p [2]Pool) Side {
	if p[Attacker].Hits > p[Defender].Hits {
		return Attacker
	}
	return Defender
}

// Losses is how many units side s must remove: one per enemy hit, hits
// beyond its units wasted (seed step 9, E3-Q4).
func (f Fought) Losses(s Side) int {
	return min(f.Pools[s.Other()].Hits, Count(f.Battle.force(s).Units))
}

// Default is the choice the bot makes for side s when its owner does not
// answer in time (E3-Q4).
func (f Fought) Default(s Side) Choice {
	units := f.Battle.force(s).Units
	return Choice{Losses: DefaultLosses(units, f.Losses(s)), Keep: DefaultKeep(units)}
}

// Check says whether c is a valid choice for side s.
func (f Fought) Check(s Side, c Choice) error {
	units := f.Battle.force(s).Units
	if err := checkLosses(units, c.Losses, f.Losses(s)); err != nil {
		return fmt.Errorf("%s: %w", f.Battle.force(s).Clan, err)
	}
	if c.Keep != "" {
		return f.checkKeep(s, c.Keep)
	}
	return nil
}

// SideResult is what the battle did to one side.
type SideResult struct {
	Clan       string
	Dice       int      // dice rolled
	Hits       int      // hits scored
	Lost       []string // units eliminated
	Kept       string   // the unit kept when both sides were wiped out (seed step 9)
	Survivors  []string
	Eliminated bool     // every unit eliminated (seed step 10, E1-Q12)
	Captured   []string // its leaders, captured by the other side (seed step 10)
	Result     campaign.Result
	Risks      []LeaderRisk
}

// Outcome is a resolved field battle. Retreat is the loser's (seed step 11,
// E3-R1), nil if the loser was entirely eliminated. SiegeCheck says that
// E3-F12 is due: the battle was in fortifications and the attacker won; call
// SiegeCheck once the loser has put units into the fortifications.
type Outcome struct {
	Winner     Side
	Sides      [2]SideResult
	Retreat    *Retreat
	SiegeCheck bool
}

// Resolve applies the owners' choices (nil Losses: the default, E3-Q4):
// the losses (seed step 9), the unit kept when both sides are wiped out, by
// the side that rolled more dice or by the defender with equal dice; the
// captured leaders of a side entirely eliminated (step 10); the results in
// E1-Q12's words; the leaders' risk rolls (E3-Q6); the loser's retreat
// (step 11, E3-R1).
func (f Fought) Resolve(atk, def Choice) (Outcome, error) {
	choices := [2]Choice{atk, def}
	o := Outcome{Winner: f.Winner}
	for _, s := range []Side{Attacker, Defender} {
		d := f.Default(s)
		c := choices[s]
		if c.Losses == nil {
			c.Losses = d.Losses
		}
		if c.Keep == "" {
			c.Keep = d.Keep
		}
		if err := f.Check(s, c); err != nil {
			return Outcome{}, err
		}
		choices[s] = c
	}
	wiped := [2]bool{}
	for _, s := range []Side{Attacker, Defender} {
		n := Count(f.Battle.force(s).Units)
		wiped[s] = n > 0 && f.Losses(s) == n
	}
	keeper := Side(-1)
	if wiped[Attacker] && wiped[Defender] {
		keeper = Defender
		if len(f.Pools[Attacker].Dice) > len(f.Pools[Defender].Dice) {
			keeper = Attacker
		}
	}
	for _, s := range []Side{Attacker, Defender} {
		force := f.Battle.force(s)
		r := SideResult{Clan: force.Clan, Dice: len(f.Pools[s].Dice), Hits: f.Pools[s].Hits, Lost: slices.Clone(choices[s].Losses)}
		if s == keeper {
			r.Kept = choices[s].Keep
			r.Lost = without(r.Lost, []string{r.Kept})
		}
		r.Survivors = without(ids(Present(force.Units)), r.Lost)
		r.Eliminated = len(r.Survivors) == 0
		if r.Eliminated {
			r.Captured = force.leaderIDs()
		}
		o.Sides[s] = r
	}
	w, l := f.Winner, f.Winner.Other()
	o.Sides[w].Result, o.Sides[l].Result = Results(o.Sides[l].Eliminated)
	for _, s := range []Side{Attacker, Defender} {
		o.Sides[s].Risks = Risks(f.Battle.force(s).Leaders, len(o.Sides[s].Lost) > 0, s == l, o.Sides[s].Eliminated)
	}
	if !o.Sides[l].Eliminated {
		lf := f.Battle.force(l)
		r := &Retreat{Clan: lf.Clan, Units: o.Sides[l].Survivors, Leaders: lf.leaderIDs(), Checklist: RetreatChecklist(l == Attacker)}
		if f.Battle.Fortress != "" && f.Battle.Holder != "" && f.Battle.Holder == lf.Clan {
			r.IntoFortress = capacity(f.Battle.Capacity)
		}
		o.Retreat = r
	}
	// A won relief lifts the siege instead (E3-D2).
	o.SiegeCheck = f.Battle.Fortress != "" && w == Attacker && f.Battle.Kind != KindRelief
	return o, nil
}

// Withdraw is the winner's withdrawal when the fight in fortifications it
// won makes no siege (E3-F12: the attacker's survivors do not outnumber the
// loser's units inside): its surviving units and leaders retreat as on
// lifting a siege (seed step 12 sends them to 15.3; E3-U2, LiftChecklist).
func (f Fought) Withdraw(o Outcome) *Retreat {
	w := f.Battle.force(o.Winner)
	return &Retreat{Clan: w.Clan, Units: slices.Clone(o.Sides[o.Winner].Survivors), Leaders: w.leaderIDs(), Checklist: LiftChecklist()}
}

func (f Fought) checkKeep(s Side, keep string) error {
	if !slices.ContainsFunc(Present(f.Battle.force(s).Units), func(u campaign.Unit) bool { return u.ID == keep }) {
		return fmt.Errorf("%s: unit %q kept is not in the fight", f.Battle.force(s).Clan, keep)
	}
	return nil
}

func capacity(c int) int {
	if c > 0 {
		return c
	}
	return SeedGarrison
}

// Results is the winner's and the loser's result in E1-Q12's words: Rout
// and total defeat if the loser was entirely eliminated, otherwise ordinary
// victory and ordinary defeat; never a draw (a tie goes to the defender).
func Results(loserEliminated bool) (winner, loser campaign.Result) {
	if loserEliminated {
		return campaign.Rout, campaign.TotalDefeat
	}
	return campaign.OrdinaryVictory, campaign.OrdinaryDefeat
}

// RiskRoll is a core §III.3 risk roll a leader owes after a quick battle
// (E3-Q6); the roll itself, with Brawler rerolls, is the core's.
type RiskRoll string

// The rolls of E3-Q6.
const (
	RiskLostMoreThan RiskRoll = RiskRoll(campaign.RiskLostMoreThan) // his side lost a unit: 1 = wounded
	RiskPutToFlight  RiskRoll = "put_to_flight"                     // his side lost the battle: 1 = wounded, 2 = captured
)

// LeaderRisk is the rolls one leader owes.
type LeaderRisk struct {
	Leader string
	Rolls  []RiskRoll
}

// Risks is the rolls each leader of a side owes (E3-Q6): one "lost more
// than 1 figure" roll if the side lost a unit, one "put to flight" roll more
// if it lost the battle; none if it was entirely eliminated, for then its
// leaders are captured without a roll (seed step 10). Leaders owing nothing
// are left out.
func Risks(leaders []Leader, lostUnit, lostBattle, eliminated bool) []LeaderRisk {
	if eliminated {
		return nil
	}
	var rolls []RiskRoll
	if lostUnit {
		rolls = append(rolls, RiskLostMoreThan)
	}
	if lostBattle {
		rolls = append(rolls, RiskPutToFlight)
	}
	if len(rolls) == 0 {
		return nil
	}
	var out []LeaderRisk
	for _, l := range leaders {
		out = append(out, LeaderRisk{Leader: l.ID, Rolls: slices.Clone(rolls)})
	}
	return out
}
