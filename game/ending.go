package game

import (
	"errors"

	"github.com/gunbai/gunbai/engine"
	"github.com/gunbai/gunbai/store"
)

// The end of a battle as every text of it tells it (issue 24, item 3): the
// status, the end's announcement, the reveal, /battle list, the export
// and gunbai verify all read one Ending, so they cannot disagree on when
// and how a battle ended.

// How a battle ended.
const (
	EndedByRules = "rules" // an end condition of R-I.4, or the last turn
	EndedByGM    = "gm"    // /battle finish
)

// Ending is how a finished battle ended: by the rules (with the outcome
// and the rule that gave it) or by the GM, after which turn, and what each
// side lost and its leaders' fates over the whole battle.
type Ending struct {
	By string `json:"by"`
	// Turn is the last turn resolved (0: the GM ended it before any).
	Turn    int            `json:"turn"`
	Outcome engine.Outcome `json:"outcome"`
	Rule    string         `json:"rule,omitempty"`
	// Sides are each side's figures at the start and the end, by Side.
	Sides [2]engine.SideRecord `json:"sides"`
	// Leaders are the leaders wounded, captured or killed in the battle.
	Leaders []engine.LeaderRecord `json:"leaders,omitempty"`
}

// battleRecord reads the engine's record of a battle over its turns 1 to
// last as stored, and the rule of its outcome (the last turn's EvOutcome).
func battleRecord(tx *store.Tx, rec *store.BattleRecord, last int) (engine.BattleRecord, string, error) {
	start := rec.State
	var turns [][]engine.Event
	rule := ""
	for t := 1; t <= last; t++ {
		if t == 1 {
			snap, err := tx.BattleTurn(rec.GuildID, rec.ID, 1).Snapshot()
			if err != nil {
				return engine.BattleRecord{}, "", err
			}
			start = snap
		}
		evs, err := tx.BattleTurn(rec.GuildID, rec.ID, t).Events()
		if errors.Is(err, store.ErrNotFound) {
			break
		}
		if err != nil {
			return engine.BattleRecord{}, "", err
		}
		for _, e := range evs {
			if e.Kind == engine.EvOutcome {
				rule = e.Rule
			}
		}
		turns = append(turns, evs)
	}
	return engine.Record(start, turns, rec.State), rule, nil
}

// endingOf is how a finished battle ended. Its last turn is the engine's
// (State.Turn, the last resolved): a GM who ends a battle in the middle
// of a turn ends it after the turn before.
func endingOf(tx *store.Tx, rec *store.BattleRecord) (Ending, error) {
	last := rec.State.Turn
	er, rule, err := battleRecord(tx, rec, last)
	if err != nil {
		return Ending{}, err
	}
	e := Ending{By: rec.EndedBy, Turn: last, Outcome: rec.State.Outcome, Rule: rule, Sides: er.Sides}
	if e.By == "" { // finished before EndedBy was kept
		e.By = EndedByRules
		if rec.State.Outcome == engine.Ongoing && last < rec.State.Settings.LastTurn() {
			e.By = EndedByGM
		}
	}
	if e.By == EndedByGM {
		e.Rule = ""
	}
	for _, l := range er.Leaders {
		if l.Wounds > 0 || l.Captured || l.Killed {
			e.Leaders = append(e.Leaders, l)
		}
	}
	return e, nil
}

// Ending reads how a finished battle ended; a battle still being fought
// has none (ok false).
func (s *Service) Ending(guild, battle string) (e Ending, ok bool, err error) {
	err = s.Store.View(func(tx *store.Tx) error {
		rec, err := tx.Battle(guild, battle)
		if err != nil || rec.Status != store.StatusFinished {
			return err
		}
		e, ok = Ending{}, true
		e, err = endingOf(tx, &rec)
		return err
	})
	return e, ok, err
}
