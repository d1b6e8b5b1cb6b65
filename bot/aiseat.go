package bot

import (
	"strings"

	"github.com/gunbai/gunbai/ai"
	"github.com/gunbai/gunbai/engine"
	"github.com/gunbai/gunbai/game"
	"github.com/gunbai/gunbai/render"
	"github.com/gunbai/gunbai/store"
)

// The AI general's seat (issue 30 item 5): /battle create's ai option,
// and the GM's /battle explain (item 4).

// aiSeats are the sides /battle create's ai option seats the general on
// ("north", "south"; empty: none).
func aiSeats(opt string) [2]bool {
	var out [2]bool
	if side, err := engine.ParseSide(opt); opt != "" && err == nil {
		out[side] = true
	}
	return out
}

// aiCreated is the line of /battle create's answer that names the sides
// the general plays ("" for none).
func aiCreated(l render.Lang, rec store.BattleRecord) string {
	out := ""
	for _, side := range []engine.Side{engine.North, engine.South} {
		if rec.AI[side] {
			out += "\n" + render.T(l, "ai.created", render.SideName(l, side), game.AIKey(side))
		}
	}
	return out
}

// battleExplain gives the GM, once a battle is over, what the AI general
// intended each turn it played (game.Explain), in the GM's language.
func (b *Bot) battleExplain(c *call) error {
	rec, turns, err := b.svc.Audit().Explain(c.i.GuildID, c.str("battle"))
	if err != nil {
		return err
	}
	b.reply(c, explainText(c.lang, rec.Name, turns), nil)
	return nil
}

// explainText words the general's turns (render.AIIntents), a blank line
// between turns.
func explainText(l render.Lang, name string, turns []game.AITurn) string {
	if len(turns) == 0 {
		return render.T(l, "ai.explain_none", name)
	}
	parts := []string{render.T(l, "ai.explain_title", name)}
	for _, t := range turns {
		intents := make([]ai.Intent, 0, len(t.Plan.Intents))
		for _, in := range t.Plan.Intents {
			intents = append(intents, ai.Intent{Order: in.Order, Target: in.Target, Gain: in.Gain, Odds: in.Odds})
		}
		text := render.AIIntents(l, t.Turn, t.Side, t.Plan.Stake, intents)
		if t.Plan.By == store.AbsentAutopilot {
			text += "\n" + render.T(l, "ai.explain_autopilot")
		}
		if t.Plan.Round > 0 {
			text += "\n" + render.T(l, "ai.explain_replanned")
		}
		parts = append(parts, text)
	}
	return strings.Join(parts, "\n\n")
}
