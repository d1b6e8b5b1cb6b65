package campaign

import (
	"fmt"
	"strconv"
)

// AshEqPerFigure is how many notional ashigaru (ash-eq) one figure of the
// type is worth: the seed converts only the resistance (E1-C4), and E1-Q3
// uses the same ratios for the capturer's own units; a yamabushi unit is
// sohei (E1-Q10).
func AshEqPerFigure(t UnitType) (int, error) {
	switch t {
	case HeavyCavalry, LightCavalry, FootSamuraiSpear, FootSamuraiBow:
		return SamuraiAshEq, nil
	case AshigaruSpear, AshigaruTeppo:
		return 1, nil
	case Yamabushi:
		return SoheiAshEq, nil
	}
	return 0, fmt.Errorf("unit type %q has no ash-eq (E1-Q3)", t)
}

// The seed's two conversions (E1-C4).
const (
	SamuraiAshEq = 4 // 1 notional samurai, levy, garrison or minor house
	SoheiAshEq   = 6 // 1 sohei
)

// AshEq sums the ash-eq of the units' figures (E1-C5, E1-Q3). Units at 0
// figures add nothing.
func AshEq(units []Unit) (int, error) {
	sum := 0
	for _, u := range units {
		if u.Figures < 0 {
			return 0, fmt.Errorf("unit %q: negative figures", u.ID)
		}
		per, err := AshEqPerFigure(u.Type)
		if err != nil {
			return 0, fmt.Errorf("unit %q: %w", u.ID, err)
		}
		sum += per * u.Figures
	}
	return sum, nil
}

// Force is one army or sendan of the capturer in the province. A force
// besieging a castle does not count (E1-C5).
type Force struct {
	ID        string
	Units     []Unit
	Besieging bool
}

// HostileFortification is a fort, castle or citadel in the province not held
// by the capturer, with its garrison (E1-C4, E1-Q21).
type HostileFortification struct {
	Kind     Fortification
	Garrison []Unit
	// BesiegedOrStormed: besieged (or assaulted and still held): the
	// garrison counts once, without the ×2 or ×3 (E1-Q21).
	BesiegedOrStormed bool
	// Taken: taken by storm, no longer the resistance's: it counts 0
	// (E1-Q21).
	Taken bool
}

// Resistance is what the GM gives of the province's resistance (E1-C4).
type Resistance struct {
	// LevySamurai is the full number of samurai a levy could raise in the
	// province assuming O&C could be lowered to 0. The seed gives only an
	// example (O&C 10 and AL 25 give 25 samurai) and no formula, so the GM
	// gives the count.
	LevySamurai int

	Fortifications []HostileFortification

	// The minor house's 3 standard units count only if the house is hostile
	// to, or in hatred with, the capturer; their size has no default, the GM
	// gives the figures (E1-Q20).
	MinorHouseHostile bool
	MinorHouseFigures int

	// The monastery's sohei count only if the capturer attacked it before.
	MonasteryAttacked bool
	Sohei             int
}

// AshEqPart is one line of a strength breakdown, for showing the sum.
type AshEqPart struct {
	Label string
	AshEq int
}

// garrisonFactor is a garrison's fortification multiplier (E1-C4, E1-Q21).
// The Russian ("Если замок или форт не осажден и не взят штурмом, его
// гарнизон для этого расчета умножается на 2, а гарнизон цитадели – на 3")
// makes the whole sentence's multiplying depend on the condition, not the
// counting: a garrison still held by the resistance always counts, ×2 (fort,
// castle) or ×3 (citadel) while neither besieged nor stormed, ×1 while
// besieged; one taken by storm is no longer the resistance's and counts 0.
func garrisonFactor(f HostileFortification) (int, error) {
	if f.Kind != Fort && f.Kind != Castle && f.Kind != Citadel {
		return 0, fmt.Errorf("fortification kind %q, want fort, castle or citadel", f.Kind)
	}
	switch {
	case f.Taken:
		return 0, nil
	case f.BesiegedOrStormed:
		return 1, nil
	case f.Kind == Citadel:
		return 3, nil
	}
	return 2, nil
}

// ResistanceAshEq sums E1-C4: levy samurai ×4, garrisons at their figures'
// ash-eq ×2 (×3 in a citadel) unbesieged, ×1 besieged, 0 taken (E1-Q21), the hostile minor house's figures
// ×4, and the sohei ×6 if the monastery was attacked before.
func ResistanceAshEq(r Resistance) (int, []AshEqPart, error) {
	if r.LevySamurai < 0 || r.MinorHouseFigures < 0 || r.Sohei < 0 {
		return 0, nil, fmt.Errorf("negative resistance count")
	}
	var parts []AshEqPart
	add := func(label string, n int) {
		if n > 0 {
			parts = append(parts, AshEqPart{label, n})
		}
	}
	add("levy samurai", r.LevySamurai*SamuraiAshEq)
	for i, f := range r.Fortifications {
		k, err := garrisonFactor(f)
		if err != nil {
			return 0, nil, fmt.Errorf("fortification %d: %w", i+1, err)
		}
		g, err := AshEq(f.Garrison)
		if err != nil {
			return 0, nil, fmt.Errorf("fortification %d: %w", i+1, err)
		}
		add(fmt.Sprintf("%s garrison %d ×%d", f.Kind, g, k), g*k)
	}
	if r.MinorHouseHostile {
		if r.MinorHouseFigures == 0 {
			return 0, nil, fmt.Errorf("hostile minor house: the GM must give its 3 standard units' figures (E1-Q20)")
		}
		add("minor house", r.MinorHouseFigures*SamuraiAshEq)
	}
	if r.MonasteryAttacked {
		add("sohei", r.Sohei*SoheiAshEq)
	}
	total := 0
	for _, p := range parts {
		total += p.AshEq
	}
	return total, parts, nil
}

// OwnAshEq is the capturer's strength: all his forces in the province but
// those besieging castles (E1-C5).
func OwnAshEq(forces []Force) (int, error) {
	sum := 0
	for _, f := range forces {
		if f.Besieging {
			continue
		}
		n, err := AshEq(f.Units)
		if err != nil {
			return 0, fmt.Errorf("force %q: %w", f.ID, err)
		}
		sum += n
	}
	return sum, nil
}

// Method is soft power or punitive measures (E1-C3), also for suppression
// (E1-Q9).
type Method string

// The two methods.
const (
	SoftPower Method = "soft"
	Punitive  Method = "punitive"
)

// Targets of the two stakes (E1-C3): soft power is the high-stakes roll,
// punitive measures the low-stakes one.
const (
	SoftTarget     = 8
	PunitiveTarget = 5
	MaxALCut       = 3
)

// Check is the scaled 2d6 of E1-C3/C6 with E1-Q7:
// Value = round_half_up((Dice + Bonus) × Own / Resist), success if
// Value ≥ Target. Resist 0 succeeds without a roll (Automatic).
type Check struct {
	Rolls     []Roll // the two d6, pool dice
	Dice      int    // their sum
	Bonus     int    // +1..+3 for the AL cut of punitive measures
	Own       int
	Resist    int
	Value     int
	Target    int
	Success   bool
	Automatic bool // resistance 0 (E1-Q7)
}

// checkMethod validates the method and the AL cut: only punitive measures
// cut, by 0 to 3, and never below 0 AL.
func checkMethod(m Method, cut, al int) error {
	switch m {
	case SoftPower:
		if cut != 0 {
			return fmt.Errorf("only punitive measures may cut AL (E1-C3)")
		}
	case Punitive:
		if cut < 0 || cut > MaxALCut {
			return fmt.Errorf("AL cut %d, want 0 to %d (E1-C3)", cut, MaxALCut)
		}
		if cut > al {
			return fmt.Errorf("AL cut %d exceeds AL %d", cut, al)
		}
	default:
		return fmt.Errorf("method %q, want soft or punitive", m)
	}
	return nil
}

// roundHalfUp is num/den rounded by ordinary rules (x.5 up), for num ≥ 0 and
// den > 0, in integers so 6.5 never becomes 6.4999.
func roundHalfUp(num, den int) int { return (2*num + den) / (2 * den) }

// rollCheck rolls "<key>.1" and "<key>.2" and scales them (E1-C6, E1-Q7).
// Own 0 makes no attempt possible.
func rollCheck(key string, m Method, cut, own, resist int, d Dice) (Check, error) {
	if own <= 0 {
		return Check{}, fmt.Errorf("no troops to count: no attempt possible (E1-Q7)")
	}
	c := Check{Bonus: cut, Own: own, Resist: resist, Target: SoftTarget}
	if m == Punitive {
		c.Target = PunitiveTarget
	}
	if resist == 0 {
		c.Automatic, c.Success = true, true
		return c, nil
	}
	p := rollPool(d, key, 2, 0)
	c.Rolls, c.Dice = p.Rolls, p.Total
	c.Value = roundHalfUp((c.Dice+c.Bonus)*own, resist)
	c.Success = c.Value >= c.Target
	return c, nil
}

// AutoFacts are the GM's answers for the three automatic cases (E1-C2).
type AutoFacts struct {
	// (a) an unsuppressed uprising in favour of the province's original
	// owner, and that owner is the capturer; O&C goes back to PreCaptureOC,
	// its level before the enemy took it (recorded by E1-C7).
	OwnersUprising          bool
	CapturerIsOriginalOwner bool
	PreCaptureOC            int
	CapturerHoldsCastle     bool // (b) a castle or citadel held by the capturer...
	FormerOwnersHoldCastle  bool // ...and none held by the former owners
	UnsuppressedRiot        bool // (c) a spontaneous riot unsuppressed since last turn
}

// AutomaticControl says which case of E1-C2 gives control at once, if any:
// "E1-C2a", "E1-C2b" or "E1-C2c", with why.
func AutomaticControl(f AutoFacts) (string, string) {
	switch {
	case f.OwnersUprising && f.CapturerIsOriginalOwner:
		return "E1-C2a", "an unsuppressed uprising for the original owner, who retakes it"
	case f.CapturerHoldsCastle && !f.FormerOwnersHoldCastle:
		return "E1-C2b", "the capturer holds a castle or citadel, the former owners none"
	case f.UnsuppressedRiot:
		return "E1-C2c", "an unsuppressed spontaneous riot since last turn"
	}
	return "", ""
}

// ControlAttempt is one clan's attempt to establish control over a province
// (E1-C).
type ControlAttempt struct {
	Province string
	Auto     AutoFacts
	Method   Method
	CutAL    int // punitive only: lower AL by 1..3 for +1..+3 (E1-C3)
	AL       int
	OC       int // O&C before the attempt
	// OthersProvince: the province originally belonged to another clan, so
	// its O&C before the capture is recorded (E1-C7), for E1-C2a and E1-S2.
	OthersProvince bool
	// SummerAutumn: the GM marks the attempt as made in the summer–autumn
	// campaign subphase (E1-Q1): a failure forces no retreat (E1-C8).
	SummerAutumn bool
	Forces       []Force
	Resistance   Resistance
}

// ControlResult is the outcome of a ControlAttempt. Without Success nothing
// changes but AL (the cut is spent on the roll) and MustRetreat.
type ControlResult struct {
	Automatic string // the E1-C2 case, "" when rolled
	Reason    string
	Check     Check       // zero when Automatic
	Parts     []AshEqPart // resistance breakdown
	Success   bool
	OC        int  // O&C after: unchanged on failure
	AL        int  // AL after the cut
	FormerOC  *int // the O&C to remember when the province was another clan's (E1-C7)
	// MustRetreat: the forces retreat or evacuate as if in disorder
	// (E1-C8, E1-R3..R6).
	MustRetreat bool
}

// Control resolves E1-C2..C8 for one attempt. Dice keys
// "control.<province>.1" and ".2"; none are rolled in an automatic case or
// against no resistance.
func Control(a ControlAttempt, d Dice) (ControlResult, error) {
	r := ControlResult{OC: a.OC, AL: a.AL}
	if a.AL < 0 || a.OC < 0 {
		return r, fmt.Errorf("negative AL or O&C")
	}
	if rule, why := AutomaticControl(a.Auto); rule != "" {
		r.Automatic, r.Reason, r.Success = rule, why, true
		if rule == "E1-C2a" {
			r.OC = a.Auto.PreCaptureOC
		}
		return r, nil
	}
	if err := checkMethod(a.Method, a.CutAL, a.AL); err != nil {
		return r, err
	}
	own, err := OwnAshEq(a.Forces)
	if err != nil {
		return r, err
	}
	resist, parts, err := ResistanceAshEq(a.Resistance)
	if err != nil {
		return r, err
	}
	c, err := rollCheck("control."+a.Province, a.Method, a.CutAL, own, resist, d)
	if err != nil {
		return r, err
	}
	r.Check, r.Parts, r.Success, r.AL = c, parts, c.Success, a.AL-a.CutAL
	if c.Automatic {
		r.Reason = "no resistance: success without a roll (E1-Q7)"
	}
	if !c.Success {
		r.MustRetreat = !a.SummerAutumn
		r.Reason = "failed: " + strconv.Itoa(c.Value) + " < " + strconv.Itoa(c.Target)
		if !r.MustRetreat {
			r.Reason += "; summer–autumn subphase, no retreat, another try at the end of the turn (E1-C8)"
		}
		return r, nil
	}
	// E1-C7, E1-Q8: punitive 3 minus 1 per AL point cut (at least 0), soft 5.
	r.OC = 5
	if a.Method == Punitive {
		r.OC = max(3-a.CutAL, 0)
	}
	if a.OthersProvince {
		was := a.OC
		r.FormerOC = &was
	}
	return r, nil
}
