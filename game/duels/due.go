package duels

import (
	"time"

	"github.com/gunbai/gunbai/duel"
	"github.com/gunbai/gunbai/store"
)

// A duel's deadlines: a step past its time is played for the player who
// let it pass (E4-Q5c).

// DueDuels plays for the players of every duel whose step is past its
// deadline (E4-Q5c): from then on the bot plays for them until they click
// again. It returns how many duels moved.
func (s *Service) DueDuels(now time.Time) (int, error) {
	guilds, err := s.Guilds()
	if err != nil {
		return 0, err
	}
	moved := 0
	for _, g := range guilds {
		err := s.Store.Update(func(tx *store.Tx) error {
			battles := []string{""}
			hs, err := tx.Headers(g)
			if err != nil {
				return err
			}
			for _, h := range hs {
				if h.Status == store.StatusResolving {
					battles = append(battles, h.ID)
				}
			}
			for _, b := range battles {
				ds, err := tx.Duels(g, b)
				if err != nil {
					return err
				}
				for _, d := range ds {
					if d.State.Phase == duel.PhaseDone || d.Deadline.IsZero() || now.Before(d.Deadline) {
						continue
					}
					if d.State.Phase == duel.PhaseSplits {
						for i := range d.State.Splits {
							if d.State.Splits[i] == nil {
								d.Absent[i] = true
							}
						}
					} else if w := DuelAwaited(&d); w >= 0 {
						d.Absent[w] = true
					}
					if err := s.advance(tx, &d); err != nil {
						return err
					}
					moved++
				}
			}
			return nil
		})
		if err != nil {
			return moved, err
		}
	}
	return moved, nil
}
