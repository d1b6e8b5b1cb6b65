package engine

import "fmt"

// Stake is the threshold a player picks for the command roll (R-V.2).
type Stake int8

// Stakes; Low is the default when none is stated (R-V.1.3).
const (
	StakeLow Stake = iota
	StakeHigh
)

func (s Stake) String() string {
	if s == StakeHigh {
		return "high"
	}
	return "low"
}

// ParseStake reads low or high; an empty stake is Low (R-V.1.3).
func ParseStake(s string) (Stake, error) {
	switch s {
	case "", "low":
		return StakeLow, nil
	case "high":
		return StakeHigh, nil
	}
	return 0, fmt.Errorf("unknown stake %q (want low or high)", s)
}

// stakeTable is R-V.2: the 2d6 target and the orders granted on success and
// on failure.
var stakeTable = [2]struct {
	target                    int
	okSpecial, okOrdinary     int
	failSpecial, failOrdinary int
	rule                      string
}{
	StakeLow:  {target: 5, okSpecial: 1, okOrdinary: 3, failSpecial: 0, failOrdinary: 3, rule: "R-V.2.1"},
	StakeHigh: {target: 8, okSpecial: 2, okOrdinary: 3, failSpecial: 0, failOrdinary: 2, rule: "R-V.2.2"},
}

// Reroll sources (R-V.3).
const (
	RerollHQ        = "hq"
	RerollMessenger = "messenger"
)

// CommandInput is what a player brings to the command roll.
type CommandInput struct {
	Side  Side
	Stake Stake
	// Bonus is added to the first roll only: +1 per general in the HQ with
	// the commander (R-III.1.4, R-V.2.3, D-20).
	Bonus int
	// HQReroll: the commander is in an intact HQ (R-III.1.2, R-V.3.1).
	HQReroll bool
	// Messengers not used yet in this battle (R-V.3.2, D-32).
	Messengers int
	// Rerolls to take, in order, while the result fails.
	Rerolls []string
}

// CommandResult is the outcome of the command roll.
type CommandResult struct {
	Rolls          [][2]int `json:"rolls"`           // every 2d6 rolled, first roll first
	Total          int      `json:"total"`           // the final result (the first roll includes Bonus)
	Success        bool     `json:"success"`         // final total reached the stake's target
	Special        int      `json:"special"`         // special orders granted
	Ordinary       int      `json:"ordinary"`        // ordinary orders granted
	MessengersUsed int      `json:"messengers_used"` // messengers spent
	HQUsed         bool     `json:"hq_used"`
	// Totals of each roll in order, so an interception (D-31) can revert.
	Totals []int `json:"totals"`
}

// CommandRoll makes the command roll of one side (R-V.2, R-V.3, D-32): 2d6
// plus Bonus, then rerolls in the order asked while the result fails. Each
// reroll replaces the result and gets no bonus (R-V.3.3). A reroll that is
// not available (HQ used, no messenger left) is a Problem.
func CommandRoll(in CommandInput, d Dice) (CommandResult, *Problem) {
	st := stakeTable[in.Stake]
	key := in.Side.String() + ".command"
	roll := func() [2]int { return [2]int{d.Roll(key), d.Roll(key)} }
	var r CommandResult
	first := roll()
	r.Rolls = append(r.Rolls, first)
	r.Total = first[0] + first[1] + in.Bonus
	r.Totals = append(r.Totals, r.Total)
	messengers := in.Messengers
	for _, src := range in.Rerolls {
		if r.Total >= st.target {
			break // rerolls are taken only while the result fails
		}
		switch src {
		case RerollHQ:
			if !in.HQReroll || r.HQUsed {
				return r, &Problem{Code: "no_hq_reroll", Rule: "R-V.3.1"}
			}
			r.HQUsed = true
		case RerollMessenger:
			if messengers == 0 {
				return r, &Problem{Code: "no_messenger", Rule: "R-V.3.2"}
			}
			messengers--
			r.MessengersUsed++
		default:
			return r, &Problem{Code: "bad_reroll", Rule: "R-V.3", Arg: src}
		}
		again := roll()
		r.Rolls = append(r.Rolls, again)
		r.Total = again[0] + again[1]
		r.Totals = append(r.Totals, r.Total)
	}
	r.Success = r.Total >= st.target
	if r.Success {
		r.Special, r.Ordinary = st.okSpecial, st.okOrdinary
	} else {
		r.Special, r.Ordinary = st.failSpecial, st.failOrdinary
	}
	return r, nil
}

// CommandSetup is what the leaders bring to a side's command roll (R-III.1.2,
// R-III.1.4, R-V.3.1, D-20, D-23): the HQ reroll when the commander is in an
// intact HQ and able to command, and +1 per general with him there who is not
// moved out in this command phase (moves are given after the roll, and a
// general moved out takes his +1 with him). b is the battle at the start of
// the command phase: an HQ whose cell an enemy unit holds then is destroyed
// before the roll, its leaders in the reserve, and gives neither (R-III.1.6).
func CommandSetup(b *Battle, side Side, turn int, orders []Order) (hqReroll bool, bonus int) {
	if !b.HQIntact(side) || b.hqOverrun(side) {
		return false, 0
	}
	moving := map[string]bool{}
	for _, o := range orders {
		if o.Kind == OrderMoveLeader && o.Side == side && (o.Turn == 0 || o.Turn == turn) {
			moving[o.Leader] = true
		}
	}
	for _, l := range b.Leaders {
		if l.Side == side && l.Role == Commander && l.At == AtHQ && l.fit() {
			hqReroll = true
		}
	}
	if !hqReroll {
		return false, 0
	}
	for _, l := range b.Leaders {
		if l.Side == side && l.Role == General && l.At == AtHQ && l.active() && !moving[l.ID] {
			bonus++
		}
	}
	return hqReroll, bonus
}
