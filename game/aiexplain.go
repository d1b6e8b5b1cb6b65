package game

import (
	"github.com/gunbai/gunbai/engine"
	"github.com/gunbai/gunbai/store"
)

// AITurn is what the AI general intended for one side in one turn, as the
// GM's /battle explain shows it (render.AIIntents).
type AITurn struct {
	Turn int
	Side engine.Side
	Plan store.AIPlan
}

// Explain gives the GM (an audit after the fact), once a battle is finished, what the general
// intended each turn it played a side (an AI seat or the autopilot), turn
// by turn, the North first. During the battle it is refused, and the
// refusal says only that the battle is not over: the general's intentions
// are its orders' reasons, sealed like the orders themselves.
func (g Audit) Explain(guild, ref string) (store.BattleRecord, []AITurn, error) {
	var rec store.BattleRecord
	var out []AITurn
	err := g.s.Store.View(func(tx *store.Tx) error {
		var err error
		if rec, err = find(tx, guild, ref); err != nil {
			return err
		}
		if rec.Status != store.StatusFinished {
			return refuse("err.explain_not_over", rec.Name)
		}
		// rec.Turn is the last turn opened: one the GM ended the battle in
		// was planned, if not resolved.
		for turn := 1; turn <= rec.Turn; turn++ {
			ph, err := tx.BattleTurn(guild, rec.ID, turn).Phase()
			if err != nil {
				return err
			}
			for _, side := range sides {
				if p := ph.AI[side]; p != nil {
					out = append(out, AITurn{Turn: turn, Side: side, Plan: *p})
				}
			}
		}
		return nil
	})
	return rec, out, err
}
