package duel

import "fmt"

// MaxEnemies is how many enemies one model may fight at once (E4-C1).
const MaxEnemies = 4

// Fight is one fight of the Combat phase (E4-C1): the models of each of the
// two players in it, by id.
type Fight struct {
	Sides [2][]string
}

// ValidateFights checks the priority player's division of the melees into
// fights (E4-C1): each fight is one-on-one or one-against-many (one side a
// single model, the other 1 to 4), and no model is in two fights (the
// "Relentless" exception is a skill, not implemented: E4-Q10).
func ValidateFights(fights []Fight) error {
	seen := map[string]int{}
	for i, f := range fights {
		a, b := len(f.Sides[0]), len(f.Sides[1])
		if a == 0 || b == 0 {
			return fmt.Errorf("fight %d: a side with no model", i+1)
		}
		if a != 1 && b != 1 {
			return fmt.Errorf("fight %d: %d against %d, want one-on-one or one-against-many (E4-C1)", i+1, a, b)
		}
		if a > MaxEnemies || b > MaxEnemies {
			return fmt.Errorf("fight %d: one model against %d, at most %d (E4-C1)", i+1, max(a, b), MaxEnemies)
		}
		for _, side := range f.Sides {
			for _, id := range side {
				if j, ok := seen[id]; ok {
					return fmt.Errorf("%s is in fights %d and %d, one fight per turn (E4-C1)", id, j, i+1)
				}
				seen[id] = i + 1
			}
		}
	}
	return nil
}

// Chooser is the player who picks the n-th fight to resolve (n from 1,
// E4-C1): the priority player first, then the players alternate. Every
// fight holds models of both players, so either may always choose one.
func Chooser(n, priority int) int {
	if n%2 == 1 {
		return priority
	}
	return 1 - priority
}
