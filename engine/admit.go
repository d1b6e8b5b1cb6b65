package engine

// Admit returns the orders of one side that reach resolution. Orders are
// checked when they are given, but the GM may have changed the battle since
// (a fix, a setting) and an interception may have lowered the command roll
// (R-V.6.5, D-31). So each order is kept, in the order given, only if it
// still validates with those kept before it; then, while the orders exceed
// the roll's allowance, the most recently given go first (D-31). A side
// that never rolled (granted nil) keeps the orders that validate.
func Admit(b Battle, side Side, turn int, orders []Order, granted *CommandResult) []Order {
	var kept []Order
	for _, o := range orders {
		if len(Validate(b, side, turn, append(kept, o))) == 0 {
			kept = append(kept, o)
		}
	}
	if granted != nil {
		for len(kept) > 0 && CheckBudget(b, side, turn, kept, *granted) != nil {
			kept = kept[:len(kept)-1]
		}
	}
	return kept
}
