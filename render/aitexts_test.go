package render

import (
	"strings"
	"testing"

	"github.com/gunbai/gunbai/ai"
	"github.com/gunbai/gunbai/engine"
)

// What the general intended, as the GM reads it after the battle (issue 30
// item 4): the turn, the side, the stake, each intention with its order in
// the log's words and its odds, an attack's as the chance its target
// breaks, another order's as the chance it pays off; RU and EN.
func TestAIIntentsWords(t *testing.T) {
	intents := []ai.Intent{
		{Order: engine.Order{Unit: "s-yari1", Side: engine.South, Kind: engine.OrderAdvance, Class: engine.Special, Phase: 1},
			Target: "n-uma1", Gain: 6.25, Odds: 0.625},
		{Order: engine.Order{Unit: "s-yumi", Side: engine.South, Kind: engine.OrderWheelLeft, Class: engine.Ordinary, Phase: 2},
			Gain: -0.5, Odds: 0.004},
	}
	cases := []struct {
		lang Lang
		want string
	}{
		{RU, "Ход 3, Юг (ИИ):\n• ставка командного броска: высокая\n" +
			"• s-yari1, фаза 1: Продвигаться любой ценой (особый) — ждал, что цель дрогнет: 63 % (выигрыш по оценке: +6,2)\n" +
			"• s-yumi, фаза 2: Перестроение влево (обычный) — ждал, что это окупится: меньше 1 % (выигрыш по оценке: -0,5)"},
		{EN, "Turn 3, South (AI):\n• stake of the command roll: high\n" +
			"• s-yari1, phase 1: Advance at all costs (special) — expected the target to break: 63 % (gain by its estimate: +6.2)\n" +
			"• s-yumi, phase 2: Wheel left (ordinary) — expected it to pay off: under 1 % (gain by its estimate: -0.5)"},
	}
	for _, c := range cases {
		if got := AIIntents(c.lang, 3, engine.South, engine.StakeHigh, intents); got != c.want {
			t.Errorf("%s:\n got %q\nwant %q", c.lang, got, c.want)
		}
	}
	if got := AIIntents(EN, 1, engine.North, engine.StakeLow, nil); got != "Turn 1, North (AI):\n• stake of the command roll: low\n• gave no orders: nothing promised more" {
		t.Errorf("no orders: %q", got)
	}
}

// A shinobi mission is named in the reader's words wherever an order is
// listed (the GM's orders post, the general's intentions), not by its key.
func TestOrderLineShinobiMissionInWords(t *testing.T) {
	o := engine.Order{Side: engine.South, Kind: engine.OrderShinobi, Mission: engine.MissionSabotage, Target: "n-sohei"}
	for lang, want := range map[Lang]string{RU: "Задание синоби саботаж n-sohei", EN: "sabotage n-sohei"} {
		if got := OrderLine(lang, o); !strings.Contains(got, want) {
			t.Errorf("%s: %q, want it to say %q", lang, got, want)
		}
	}
}
