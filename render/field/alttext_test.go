package field

import (
	"fmt"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/gunbai/gunbai/engine"
	"github.com/gunbai/gunbai/render"
)

// altBattle is a turn with losses on both sides, a rout, a unit
// destroyed, a rally, a leader wounded and one killed, an HQ lost.
func altBattle() (engine.Battle, []engine.Event) {
	b := engine.Battle{ID: "anegawa", Turn: 3, HQ: [2]engine.Cell{c("A34"), c("D33")}, HQLost: [2]bool{false, true},
		Terrain: engine.Terrain{Forests: []engine.Cell{c("D23")}},
		Units: []engine.Unit{
			{ID: "n-yari", Side: engine.North, Type: engine.SamuraiSpear, Figures: 6, Cell: c("B11"), Facing: engine.S},
			{ID: "n-uma", Side: engine.North, Type: engine.LightCavalry, Figures: 4, Cell: c("D36"), Facing: engine.S},
			{ID: "n-teppo", Side: engine.North, Type: engine.AshigaruTeppo, Figures: 0, Cell: c("A21"), Status: engine.StatusDestroyed},
			{ID: "s-yari", Side: engine.South, Type: engine.SamuraiSpear, Figures: 5, Cell: c("C11"), Facing: engine.N, Status: engine.StatusRouting},
			{ID: "s-ashigaru", Side: engine.South, Type: engine.AshigaruSpear, Figures: 9, Cell: c("C12"), Facing: engine.N},
			{ID: "s-hidden", Side: engine.South, Type: engine.Yamabushi, Figures: 4, Cell: c("D23"), Facing: engine.N},
		},
	}
	events := []engine.Event{
		{Kind: engine.EvLosses, Unit: "s-yari", Value: 3, Figures: 5},
		{Kind: engine.EvLosses, Unit: "n-yari", Value: 2, Figures: 6},
		{Kind: engine.EvLosses, Unit: "n-teppo", Value: 4, Figures: 0},
		{Kind: engine.EvDestroyed, Unit: "n-teppo"},
		{Kind: engine.EvRouted, Unit: "s-yari"},
		{Kind: engine.EvRallied, Unit: "s-ashigaru"},
		{Kind: engine.EvLeaderWounded, Unit: "sg"},
		{Kind: engine.EvLeaderKilled, Unit: "nk"},
		{Kind: engine.EvHQLost, Side: engine.South, At: c("D33")},
		{Kind: engine.EvShot, Unit: "?yamabushi", Other: "n-yari"},
	}
	return b, events
}

func TestAltText(t *testing.T) {
	b, events := altBattle()
	opt := Options{Battle: "Анэгава", View: ViewGM, Clans: [2]string{"Асаи", "Ода"}}
	for lang, want := range map[render.Lang][]string{
		render.RU: {"Поле битвы «Анэгава», ход 3.", "Вид ведущего", "Асаи (Север) против Ода (Юг).",
			"Север: 2 отряда на поле; Юг: 3 отряда на поле, из них 1 бежит, ставка потеряна.",
			"За ход потеряно: Север — 6 фигур, Юг — 3 фигуры.", "Обращены в бегство: s-yari.", "Уничтожены: n-teppo.",
			"Остановлены: s-ashigaru.", "Потеряна ставка: Юг.", "Убиты: nk.", "Ранены: sg."},
		render.EN: {"The field of the battle “Анэгава”, turn 3.", "The GM's view", "Асаи (North) against Ода (South).",
			"North: 2 units on the field; South: 3 units on the field, 1 of them routing, HQ lost.",
			"Lost this turn: North 6 figures, South 3 figures.", "Routed: s-yari.", "Destroyed: n-teppo.",
			"Rallied: s-ashigaru.", "HQ lost: South.", "Killed: nk.", "Wounded: sg."},
	} {
		opt.Lang = lang
		got := AltText(lang, b, opt, events)
		for _, w := range want {
			if !strings.Contains(got, w) {
				t.Errorf("%s: no %q in\n%s", lang, w, got)
			}
		}
		if strings.Contains(got, "?") || strings.Contains(got, "Outcome") || strings.Contains(got, "окончена") {
			t.Errorf("%s: %s", lang, got)
		}
	}
	// The side's view: the unit the forest hides is not counted; the
	// outcome of a battle that is over closes the text.
	v := engine.View(b, engine.North)
	v.Outcome = engine.NorthVictory
	got := AltText(render.EN, v, Options{Lang: render.EN, Battle: "Anegawa", View: ViewNorth}, events)
	if !strings.Contains(got, "North's view.") || !strings.Contains(got, "South: 2 units on the field") ||
		!strings.HasSuffix(got, "The battle is over: victory of the North.") {
		t.Errorf("North's view: %s", got)
	}
	// Without events, nothing is said of the turn; opt.Events stand in.
	if got := AltText(render.EN, b, Options{}, nil); strings.Contains(got, "this turn") || !strings.Contains(got, "“anegawa”") {
		t.Errorf("no events: %s", got)
	}
	if got := AltText(render.EN, b, Options{Events: events}, nil); !strings.Contains(got, "Routed: s-yari.") {
		t.Errorf("opt.Events: %s", got)
	}
	if got := AltText(render.RU, b, Options{}, []engine.Event{}); !strings.Contains(got, "никто не понёс потерь") {
		t.Errorf("a quiet turn: %s", got)
	}
}

// However many units and however long their names, the alt text keeps to
// Discord's 1024 characters and still names the outcome.
func TestAltTextBounded(t *testing.T) {
	b, events := altBattle()
	b.Outcome = engine.Draw
	for i := range 300 {
		id := fmt.Sprintf("s-%03d-%s", i, strings.Repeat("очень-длинное-имя-", 3))
		b.Units = append(b.Units, engine.Unit{ID: id, Side: engine.South, Type: engine.Yamabushi, Figures: 2, Cell: c("D36")})
		for _, k := range []engine.EventKind{engine.EvRouted, engine.EvRallied, engine.EvDestroyed, engine.EvScattered} {
			events = append(events, engine.Event{Kind: k, Unit: id})
		}
		events = append(events, engine.Event{Kind: engine.EvLosses, Unit: id, Value: 1})
	}
	for _, opt := range []Options{
		{Battle: "Анэгава", View: ViewSouth, Clans: [2]string{"Асаи", "Ода"}},
		{Battle: strings.Repeat("Очень долгая битва ", 80), Clans: [2]string{strings.Repeat("А", 600), strings.Repeat("О", 600)}},
	} {
		for _, lang := range []render.Lang{render.RU, render.EN} {
			got := AltText(lang, b, opt, events)
			if n := utf8.RuneCountInString(got); n > MaxAltText {
				t.Errorf("%s: %d characters", lang, n)
			}
			if len(opt.Battle) < 100 && !strings.Contains(got, render.OutcomeName(lang, engine.Draw)) {
				t.Errorf("%s: the outcome is left out: %s", lang, got)
			}
			if len(opt.Battle) < 100 && !strings.Contains(got, render.T(lang, "alt.more", 300+1-maxAltListed)) {
				t.Errorf("%s: the rest of the routed are not counted: %s", lang, got)
			}
		}
	}
}
