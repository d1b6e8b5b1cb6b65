package game

import "github.com/gunbai/gunbai/store"

// What a change owes the channels is marked in the store until the caller
// says it was posted: a caller that died in between finds it here when it
// restarts and posts it then.

// MarkPosted records that a resolved turn's results reached the channels.
func (s *Service) MarkPosted(guild, id string, turn int) error {
	return s.inBattle(guild, id, func(tx *store.Tx, rec *store.BattleRecord) error {
		if turn <= rec.PostedTurn {
			return nil
		}
		rec.PostedTurn = turn
		return tx.PutBattle(*rec)
	})
}

// MarkAnnounced records that an opening reached the channels: of the
// command phase of op.Turn, or of the deployment turn's scouting. The
// infiltration told with it is not told again.
func (s *Service) MarkAnnounced(op Opened) error {
	return s.inBattle(op.Battle.GuildID, op.Battle.ID, func(tx *store.Tx, rec *store.BattleRecord) error {
		if op.Scouting {
			rec.ScoutingAnnounced = true
		} else {
			rec.Announced = max(rec.Announced, op.Turn)
		}
		rec.Infiltration = [2]store.Infiltration{}
		return tx.PutBattle(*rec)
	})
}

// Unannounced lists the open phases whose opening was never posted.
func (s *Service) Unannounced(guild string) ([]Opened, error) {
	var out []Opened
	err := s.Store.View(func(tx *store.Tx) error {
		all, err := tx.Battles(guild)
		if err != nil {
			return err
		}
		for _, rec := range all {
			scouting := rec.Scouting && !rec.ScoutingAnnounced
			if !scouting && (rec.Status != store.StatusCommand || rec.Announced >= rec.Turn) {
				continue
			}
			turn := max(rec.Turn, 1) // the scouting phase published turn 1's seed
			seed, err := tx.Seed(guild, rec.ID, turn)
			if err != nil {
				return err
			}
			op := Opened{Battle: rec, SeedHash: seed.Hash, Scouting: scouting, Infiltration: rec.Infiltration}
			if !scouting {
				op.Turn = turn
			}
			out = append(out, op)
		}
		return nil
	})
	return out, err
}

// PlanChange is a plan-change round to post: its battle and phase.
type PlanChange struct {
	Battle store.BattleRecord
	Phase  store.CommandPhase
}

// UnpostedPlanChanges lists the plan-change rounds opened but never posted.
func (s *Service) UnpostedPlanChanges(guild string) ([]PlanChange, error) {
	var out []PlanChange
	err := s.Store.View(func(tx *store.Tx) error {
		all, err := tx.Battles(guild)
		if err != nil {
			return err
		}
		for _, rec := range all {
			if rec.Status != store.StatusCommand {
				continue
			}
			ph, err := tx.Phase(guild, rec.ID, rec.Turn)
			if err != nil {
				return err
			}
			if ph.Round == 1 && !ph.ReportsPosted {
				out = append(out, PlanChange{rec, ph})
			}
		}
		return nil
	})
	return out, err
}

// MarkPlanChangePosted records that a plan-change round reached the
// channels.
func (s *Service) MarkPlanChangePosted(guild, id string, turn int) error {
	return s.Store.Update(func(tx *store.Tx) error {
		ph, err := tx.Phase(guild, id, turn)
		if err != nil {
			return err
		}
		ph.ReportsPosted = true
		return tx.PutPhase(guild, id, turn, ph)
	})
}

// Unposted lists resolved turns whose posting did not finish.
func (s *Service) Unposted(guild string) ([]Resolved, error) {
	var out []Resolved
	err := s.Store.View(func(tx *store.Tx) error {
		all, err := tx.Battles(guild)
		if err != nil {
			return err
		}
		for _, rec := range all {
			last := rec.Turn - 1 // the turn in command is not resolved yet
			if rec.Status == store.StatusFinished {
				last = rec.State.Turn
			}
			for turn := rec.PostedTurn + 1; turn <= last; turn++ {
				tr, err := tx.Turn(guild, rec.ID, turn)
				if err != nil || tr.Snapshot == nil || tr.Events == nil || tr.Seed == nil {
					continue
				}
				after := rec.State
				if next, err := tx.Snapshot(guild, rec.ID, turn+1); err == nil {
					after = next
				}
				res := Resolved{Battle: rec, Turn: turn, Before: *tr.Snapshot, After: after, Events: tr.Events, Seed: tr.Seed.Value}
				// The turn it opened is announced again with its seed
				// hash; only the last turn of a finished battle has none.
				if next, err := tx.Seed(guild, rec.ID, turn+1); err == nil {
					res.Next = &Opened{Battle: rec, Turn: turn + 1, SeedHash: next.Hash}
				}
				out = append(out, res)
			}
		}
		return nil
	})
	return out, err
}
