package campaign

import "fmt"

// RevoltKind is a spontaneous riot or an organised uprising (E1-S2).
type RevoltKind string

// The two kinds.
const (
	Riot     RevoltKind = "riot"
	Uprising RevoltKind = "uprising"
)

// Terrain is the province's terrain, for a riot's rebel samurai (E1-S2).
type Terrain string

// The terrains of E1-S2.
const (
	Plains    Terrain = "plains"
	Mountains Terrain = "mountains"
	Swamp     Terrain = "swamp"
)

// Suppression is one attempt to suppress a riot or uprising (E1-S).
type Suppression struct {
	Province string
	Kind     RevoltKind
	Terrain  Terrain // riot: 3d6 notional samurai on plains, 4d6 in mountains or swamp
	AL       int

	// Uprising: the rebel samurai a levy would raise with O&C at the former
	// owners' level, assuming it could be lowered to 0 (E1-S2). The seed gives
	// no formula, so the GM gives the count, as for E1-C4.
	LevySamurai int

	// The minor house's 3 standard units join the rebels only if the GM says
	// the house sides with them (E1-Q9); their size has no default (E1-Q20).
	MinorHouseSides   bool
	MinorHouseFigures int

	Method Method // the same choice and AL bonus as for control (E1-Q9)
	CutAL  int

	Units []Unit   // the units taking part: the strength (E1-C5) and who pays (E1-S3)
	Order []string // the commander's order of unit IDs for the losses; the rest follow in roster order

	// E1-S1: only an army that did not fight in the winter–autumn campaign,
	// or a contingent detached for the task, may suppress.
	FoughtWinterAutumn bool
	Contingent         bool
}

// Hit is the figures one unit loses to the attempt (E1-S3).
type Hit struct {
	UnitID  string
	Figures int
	Left    int // figures after
}

// SuppressResult is the outcome of a Suppression. O&C never changes on
// success (E1-Q9); AL does by the cut.
type SuppressResult struct {
	RebelRolls    []Roll // a riot's 3d6 or 4d6 notional samurai
	RebelAshigaru int    // 4 × AL for a riot, 8 × AL for an uprising
	RebelSamurai  int
	Parts         []AshEqPart
	Check         Check
	Success       bool
	AL            int
	CostRolls     []Roll // d6 on success, 2d6 on failure
	UnitsToHit    int
	Hits          []Hit
}

// Suppress resolves E1-S1..S3 as E1-C3..C6 with the rebels for the
// resistance (E1-S2, E1-Q9). Keys: "suppress.<p>.rebels.1".."4" (riot),
// "suppress.<p>.1" and ".2" (the check), "suppress.<p>.cost" on success or
// "suppress.<p>.cost.1" and ".2" on failure.
func Suppress(s Suppression, d Dice) (SuppressResult, error) {
	r := SuppressResult{AL: s.AL}
	if s.FoughtWinterAutumn && !s.Contingent {
		return r, fmt.Errorf("the army fought in the winter–autumn campaign: it may not suppress (E1-S1)")
	}
	if s.AL < 0 || s.LevySamurai < 0 || s.MinorHouseFigures < 0 {
		return r, fmt.Errorf("negative AL or rebel count")
	}
	if err := checkMethod(s.Method, s.CutAL, s.AL); err != nil {
		return r, err
	}
	if _, err := hitOrder(s.Units, s.Order); err != nil {
		return r, err
	}
	own, err := AshEq(s.Units)
	if err != nil {
		return r, err
	}
	if own <= 0 {
		return r, fmt.Errorf("no troops to count: no attempt possible (E1-Q7)")
	}
	key := "suppress." + s.Province
	switch s.Kind {
	case Riot:
		n := 3
		switch s.Terrain {
		case Plains:
		case Mountains, Swamp:
			n = 4
		default:
			return r, fmt.Errorf("terrain %q, want plains, mountains or swamp", s.Terrain)
		}
		p := rollPool(d, key+".rebels", n, 0)
		r.RebelRolls, r.RebelSamurai = p.Rolls, p.Total
		r.RebelAshigaru = 4 * s.AL
	case Uprising:
		r.RebelSamurai = s.LevySamurai
		r.RebelAshigaru = 8 * s.AL
	default:
		return r, fmt.Errorf("revolt kind %q, want riot or uprising", s.Kind)
	}
	add := func(label string, n int) {
		if n > 0 {
			r.Parts = append(r.Parts, AshEqPart{label, n})
		}
	}
	add("rebel ashigaru", r.RebelAshigaru)
	add("rebel samurai", r.RebelSamurai*SamuraiAshEq) // E1-Q9: 4 ash-eq
	if s.MinorHouseSides {
		if s.MinorHouseFigures == 0 {
			return r, fmt.Errorf("minor house with the rebels: the GM must give its 3 standard units' figures (E1-Q20)")
		}
		add("minor house", s.MinorHouseFigures*SamuraiAshEq)
	}
	resist := 0
	for _, p := range r.Parts {
		resist += p.AshEq
	}
	c, err := rollCheck(key, s.Method, s.CutAL, own, resist, d)
	if err != nil {
		return r, err
	}
	r.Check, r.Success, r.AL = c, c.Success, s.AL-s.CutAL
	n := 1
	if !r.Success {
		n = 2
	}
	p := rollPool(d, key+".cost", n, 0)
	r.CostRolls, r.UnitsToHit = p.Rolls, p.Total
	r.Hits, err = DealHits(r.UnitsToHit, s.Units, s.Order)
	return r, err
}

// hitOrder is the sequence of units to lose figures: the commander's order
// first, then the rest in roster order; units at 0 figures are skipped.
func hitOrder(units []Unit, order []string) ([]Unit, error) {
	at := map[string]int{}
	for i, u := range units {
		if _, dup := at[u.ID]; dup {
			return nil, fmt.Errorf("unit %q twice in the army", u.ID)
		}
		at[u.ID] = i
	}
	seen := map[string]bool{}
	var seq []Unit
	for _, id := range order {
		i, ok := at[id]
		if !ok {
			return nil, fmt.Errorf("unit %q in the order is not in the army", id)
		}
		if seen[id] {
			return nil, fmt.Errorf("unit %q twice in the order", id)
		}
		seen[id] = true
		seq = append(seq, units[i])
	}
	for _, u := range units {
		if !seen[u.ID] {
			seq = append(seq, u)
		}
	}
	out := seq[:0]
	for _, u := range seq {
		if u.Figures > 0 {
			out = append(out, u)
		}
	}
	return out, nil
}

// DealHits deals n losses of 1 figure per unit (E1-S3): one to each unit in
// the commander's order, and when n exceeds the units, round again in the
// same order (E1-Q9) until n is spent or no figure is left. The result lists
// the units hit, in that order.
func DealHits(n int, units []Unit, order []string) ([]Hit, error) {
	if n < 0 {
		return nil, fmt.Errorf("negative hits")
	}
	seq, err := hitOrder(units, order)
	if err != nil {
		return nil, err
	}
	lost := make([]int, len(seq))
	for n > 0 {
		dealt := false
		for i, u := range seq {
			if n == 0 {
				break
			}
			if lost[i] < u.Figures {
				lost[i]++
				n--
				dealt = true
			}
		}
		if !dealt {
			break
		}
	}
	var hits []Hit
	for i, u := range seq {
		if lost[i] > 0 {
			hits = append(hits, Hit{UnitID: u.ID, Figures: lost[i], Left: u.Figures - lost[i]})
		}
	}
	return hits, nil
}
