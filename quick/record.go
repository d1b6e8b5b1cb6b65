package quick

import (
	"time"

	"github.com/gunbai/gunbai/campaign"
)

// Record is one dice-pool fight as the bot keeps it between its roll and its
// result: the fight rolled (a quick or relief battle's Fought, an assault's
// Storm), each owner's choice of casualties (E3-F9, E3-Q4) and whether he
// confirmed it, the deadline after which the defaults stand, and once both
// are in, the outcome and the leaders' risk rolls (E3-Q6).
type Record struct {
	ID   string
	Name string
	Kind Kind
	Turn int // the campaign turn
	// Seed is the fight's dice seed, drawn before the roll; its hash is
	// shown with the roll and the seed itself with the result.
	Seed   []byte
	Armies [2][]string // the attacker's and the defender's roster armies

	Fought *Fought       // KindQuick, KindRelief
	Relief *Relief       // KindRelief
	Storm  *Storm        // KindAssault
	Order  *AssaultOrder // KindAssault
	Siege  string        // the siege of an assault or a relief

	Choices   [2]*Choice
	Confirmed [2]bool
	Deadline  time.Time

	Done        bool
	Outcome     *Outcome        // KindQuick, KindRelief
	ReliefOut   *ReliefOutcome  // KindRelief
	Assault     *AssaultOutcome // KindAssault
	Risks       []campaign.RiskResult
	OpenedSiege string // the siege the battle opened (E3-F12)
	// Withdraw is the winner's withdrawal when the fight it won in
	// fortifications made no siege (E3-F12 → 15.3, E3-U2); nil otherwise.
	Withdraw *Retreat `json:",omitempty"`

	GMChannel string
	Locale    string
}

// Losses is how many units side s must lose.
func (r Record) Losses(s Side) int {
	switch {
	case r.Fought != nil:
		return r.Fought.Losses(s)
	case r.Storm != nil:
		return r.Storm.Losses(s)
	}
	return 0
}

// Force is side s of the fight.
func (r Record) Force(s Side) Force {
	switch {
	case r.Fought != nil:
		return r.Fought.Battle.force(s)
	case r.Storm != nil:
		return r.Storm.force(s) // the storming army against the garrison
	}
	return Force{}
}

// Sides are the outcome's two sides, whichever kind of fight it was.
func (r Record) Sides() [2]SideResult {
	switch {
	case r.Outcome != nil:
		return r.Outcome.Sides
	case r.Assault != nil:
		return r.Assault.Sides
	}
	return [2]SideResult{}
}

// Pools are the dice of both sides.
func (r Record) Pools() [2]Pool {
	switch {
	case r.Fought != nil:
		return r.Fought.Pools
	case r.Storm != nil:
		return r.Storm.Pools
	}
	return [2]Pool{}
}
