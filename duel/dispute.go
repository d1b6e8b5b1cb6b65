package duel

import "github.com/gunbai/gunbai/campaign"

// DisputeTarget is the "divine justice" roll's target (E4-G4).
const DisputeTarget = 4

// Dispute is /dispute (F-E4-2, E4-G4): the caller rolls a d6 by key and is
// right on 4+. The result is only advice: the GM can overrule it.
func Dispute(d Dice, key string) (campaign.Roll, error) {
	r, err := die(d, key)
	if err != nil {
		return campaign.Roll{}, err
	}
	r.Target = DisputeTarget
	r.Success = r.Result >= DisputeTarget
	r.Outcome = "caller is wrong"
	if r.Success {
		r.Outcome = "caller is right"
	}
	return r, nil
}
