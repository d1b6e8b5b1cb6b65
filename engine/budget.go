package engine

// CheckBudget checks a side's orders for a turn against its command roll
// (R-V.1.1, R-V.2): no more special orders than granted, and no more
// ordinary ones. An ordinary order played in a special slot counts as
// special (R-VI.3.7).
func CheckBudget(orders []Order, turn int, granted CommandResult) *Problem {
	special, ordinary := 0, 0
	for _, o := range orders {
		if o.Turn != 0 && o.Turn != turn {
			continue
		}
		if o.Class == Special {
			special++
		} else {
			ordinary++
		}
	}
	switch {
	case special > granted.Special:
		return &Problem{Code: ProbOverBudget, Rule: "R-V.1.1", Arg: "special"}
	case ordinary > granted.Ordinary:
		return &Problem{Code: ProbOverBudget, Rule: "R-V.1.1", Arg: "ordinary"}
	}
	return nil
}
