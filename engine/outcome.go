package engine

// Chronicle is what the end-of-battle conditions remember across turns
// (R-I.4, D-05).
type Chronicle struct{}

// endOfBattle checks the end-of-battle conditions at the end of a battle
// turn (R-I.4, D-05).
func (r *resolver) endOfBattle(orders []Order) {}
