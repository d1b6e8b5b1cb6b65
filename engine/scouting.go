package engine

import "strconv"

// The shinobi of the deployment turn (RULES IV.4, IV.5) and the reports
// of the command phase's missions (R-V.6.2, R-V.6.5): what the lifecycle
// asks of them, as rules, so that every caller applies them alike.

// Scouting problem codes.
const (
	ProbScouted    = "scouted"     // the side's shinobi have already scouted (R-IV.5.2)
	ProbScoutNone  = "scout_none"  // no cell named (R-IV.5.2)
	ProbScoutCells = "scout_cells" // Arg: at most this many cells, 2 a shinobi (R-IV.5.2)
	ProbScoutSwaps = "scout_swaps" // Arg: scouts. No swap left: one per scout (R-IV.5.5, D-28)
)

// Infiltration is how one side's shinobi fared against the enemy's guards
// at the end of deployment (R-IV.4, D-27).
type Infiltration struct {
	Sent       int `json:"sent"`
	Through    int `json:"through"`
	TurnedBack int `json:"turned_back"`
	Killed     int `json:"killed"`
	Captured   int `json:"captured"`
}

// InfiltrateArmies sends every shinobi of both sides not kept home as a
// guard into the enemy's rear (R-IV.4.1); those that get through are the
// side's shinobi for the battle (R-IV.5.1, R-V.6.1). The guarding side rolls
// for the infiltrators it blocks ("<guarding side>.shinobi", D-27).
func InfiltrateArmies(b Battle, guards [2]int, d Dice) (Battle, [2]Infiltration) {
	var out [2]Infiltration
	for _, side := range []Side{North, South} {
		enemy := side.Enemy()
		in := &out[side]
		in.Sent = b.Shinobi[side] - guards[side]
		key := enemy.String() + ".shinobi"
		in.Through, in.TurnedBack, in.Killed, in.Captured = Infiltrate(in.Sent, guards[enemy], func() int { return d.Roll(key) })
	}
	nb := b.Clone()
	for side := range out {
		nb.Shinobi[side] = out[side].Through
	}
	return nb, out
}

// ScoutCells sends the side's shinobi to the named cells, 2 cells each and
// once in the phase (R-IV.5.2); they learn the enemy HQ (R-IV.5.3, D-19) and
// take no further part in the battle (R-IV.5.4). scouted says the side has
// scouted already. The battle is returned changed as a copy.
func ScoutCells(b Battle, side Side, cells []Cell, scouted bool) (Battle, ScoutReport, *Problem) {
	switch have := b.Shinobi[side]; {
	case scouted:
		return b, ScoutReport{}, &Problem{Code: ProbScouted, Rule: "R-IV.5.2"}
	case len(cells) == 0:
		return b, ScoutReport{}, &Problem{Code: ProbScoutNone, Rule: "R-IV.5.2"}
	case len(cells) > 2*have:
		return b, ScoutReport{}, &Problem{Code: ProbScoutCells, Rule: "R-IV.5.2", Arg: strconv.Itoa(2 * have)}
	}
	r := Scout(b, side, cells)
	nb := b.Clone()
	nb.HQKnown[side] = true
	nb.Shinobi[side] -= r.Scouts
	return nb, r, nil
}

// CheckSwap checks one more swap of two of the side's units, given its
// earlier swaps of the phase and how many shinobi scouted: one swap a scout
// (R-IV.5.5, D-28), checked on the positions with the earlier swaps made.
func CheckSwap(b Battle, side Side, earlier [][2]string, swap [2]string, scouts int) *Problem {
	if len(earlier) >= scouts {
		return &Problem{Code: ProbScoutSwaps, Rule: "R-IV.5.5", Arg: strconv.Itoa(scouts)}
	}
	for _, sw := range earlier {
		b, _ = SwapUnits(b, side, sw[0], sw[1])
	}
	_, p := SwapUnits(b, side, swap[0], swap[1])
	return p
}

// MakeSwaps makes both sides' swaps at the end of the deployment turn's
// plan-change phase, in the order given (D-28). Each was checked when given;
// one a GM fix has made illegal since is skipped.
func MakeSwaps(b Battle, swaps [2][][2]string) Battle {
	for side, list := range swaps {
		for _, sw := range list {
			b, _ = SwapUnits(b, Side(side), sw[0], sw[1])
		}
	}
	return b
}

// ShinobiReport is what a side learns from a shinobi mission of the command
// phase, kept as data and worded when it is posted.
type ShinobiReport struct {
	// Mission is signals (R-V.6.2: Target's orders seen), interception
	// (R-V.6.5: Outcome is what Intercept did, or "nothing" without an
	// enemy roll) or intercepted (D-31: the enemy intercepted our messenger;
	// Special and Ordinary are what the roll still grants).
	Mission  string  `json:"mission"`
	Target   string  `json:"target,omitempty"`
	Orders   []Order `json:"orders,omitempty"`
	Outcome  string  `json:"outcome,omitempty"`
	Special  int     `json:"special,omitempty"`
	Ordinary int     `json:"ordinary,omitempty"`
}

// Shinobi report missions.
const (
	ReportSignals      = "signals"
	ReportInterception = "interception"
	ReportIntercepted  = "intercepted"
)
