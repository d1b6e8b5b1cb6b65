package campaign

import (
	"fmt"
	"slices"
)

// RecipientCandidates lists who may receive a tactical skill the commander
// earned (E1-X4): the commander first, then each general who fought as part
// of the army in one of the turn's battles, in the order they first appear.
// The seed says "генерал, участвовавший в битвах в составе армии" (in the
// battles, plural), so any of the army's battles of the turn qualifies a
// general for every grant, not only the battle that earned it.
func RecipientCandidates(commander string, battles []Battle) []string {
	var out []string
	if commander != "" {
		out = append(out, commander)
	}
	for _, b := range battles {
		for _, g := range b.Generals {
			if g != "" && !slices.Contains(out, g) {
				out = append(out, g)
			}
		}
	}
	return out
}

// CheckRecipient says whether who may receive a grant (E1-X4).
func CheckRecipient(commander string, battles []Battle, who string) error {
	if who == "" {
		return fmt.Errorf("no recipient chosen (E1-X4)")
	}
	if !slices.Contains(RecipientCandidates(commander, battles), who) {
		return fmt.Errorf("%q is neither the commander nor a general who fought in the army's battles (E1-X4)", who)
	}
	return nil
}

// CheckRecipients checks one recipient per grant, in the grants' order: each
// is chosen on its own, so two grants may go to two characters or to the same
// one (E1-Q13h).
func CheckRecipients(grants []Grant, commander string, battles []Battle, who []string) error {
	if len(who) != len(grants) {
		return fmt.Errorf("%d recipients for %d grants (E1-Q13h: one each)", len(who), len(grants))
	}
	for i, w := range who {
		if err := CheckRecipient(commander, battles, w); err != nil {
			return fmt.Errorf("grant %d (%s): %w", i+1, grants[i].Rule, err)
		}
	}
	return nil
}
