package render

import (
	"math"
	"strings"

	"github.com/gunbai/gunbai/ai"
	"github.com/gunbai/gunbai/engine"
)

// The general's words (issue 30 item 4): what it intended each turn, the
// two or three main intentions with the odds it expected, which the GM may
// show once the battle is over.

var aiTexts = texts{
	"ai.turn":       {"Ход %d, %s (ИИ):", "Turn %d, %s (AI):"},
	"ai.none":       {"• приказов не отдал: ничто не обещало больше", "• gave no orders: nothing promised more"},
	"ai.hit":        {"• %s — ждал, что цель дрогнет: %s", "• %s — expected the target to break: %s"},
	"ai.pays":       {"• %s — ждал, что это окупится: %s", "• %s — expected it to pay off: %s"},
	"ai.gain":       {" (выигрыш по оценке: %s)", " (gain by its estimate: %s)"},
	"ai.rolled":     {"• ставка командного броска: %s", "• stake of the command roll: %s"},
	"ai.stake.low":  {"низкая", "low"},
	"ai.stake.high": {"высокая", "high"},
}

// AIIntents words what the general intended in a turn for side: its stake
// and its main intentions, each with the odds it expected.
func AIIntents(lang Lang, turn int, side engine.Side, stake engine.Stake, intents []ai.Intent) string {
	lines := []string{T(lang, "ai.turn", turn, SideName(lang, side)), T(lang, "ai.rolled", T(lang, "ai.stake."+stake.String()))}
	if len(intents) == 0 {
		lines = append(lines, T(lang, "ai.none"))
	}
	for _, in := range intents {
		key := "ai.pays"
		if in.Target != "" {
			key = "ai.hit"
		}
		odds := percent(lang, int(math.Round(1000*in.Odds)), 1000)
		gain := decimal(lang, in.Gain)
		if in.Gain >= 0 {
			gain = "+" + gain
		}
		lines = append(lines, T(lang, key, OrderLine(lang, in.Order), odds)+T(lang, "ai.gain", gain))
	}
	return strings.Join(lines, "\n")
}
