package render

import (
	"strings"
	"testing"

	"github.com/gunbai/gunbai/engine"
)

// A clan's log (engine.VisibleEvents) may hold moves with one end unknown:
// a unit seen going into a forest where it is invisible (no To, Detail
// out_of_sight), or seen coming out of hiding (no From, into_sight), and a
// leader gone into a hidden unit (no Detail). Each reads as a sentence of its own in both languages, naming
// the known cell and never a "?" for the unknown one (R-XI.3.2, D-67).
func TestLogUnknownCellLeaksNothing(t *testing.T) {
	out := func(k engine.EventKind) engine.Event {
		return engine.Event{Kind: k, Unit: "n1", From: c("A21"), Detail: engine.DetailOutOfSight}
	}
	in := func(k engine.EventKind) engine.Event {
		return engine.Event{Kind: k, Unit: "n1", To: c("A11"), Detail: engine.DetailIntoSight}
	}
	want := map[Lang][]string{
		RU: {
			"n1: перемещение из A21 — скрывается из виду",
			"n1 отступает из A21 и скрывается из виду",
			"n1: боковой марш из A21 — скрывается из виду",
			"n1 бежит из A21 и скрывается из виду",
			"n1 продвигается из A21 и скрывается из виду",
			"n1 появляется: перемещение → A11",
			"n1 появляется, отступая в A11",
			"n1 появляется: боковой марш → A11",
			"n1 появляется, убегая в A11",
			"n1 занимает A11",
			"NL1 уходит и скрывается из виду",
		},
		EN: {
			"n1 moves out of A21 and out of sight",
			"n1 retreats out of A21 and out of sight",
			"n1 sidesteps out of A21 and out of sight",
			"n1 flees out of A21 and out of sight",
			"n1 advances out of A21 and out of sight",
			"n1 comes into sight, moving into A11",
			"n1 comes into sight, retreating into A11",
			"n1 comes into sight, sidestepping into A11",
			"n1 comes into sight, fleeing into A11",
			"n1 occupies A11",
			"NL1 leaves and goes out of sight",
		},
	}
	moves := []engine.EventKind{engine.EvMoved, engine.EvRetreated, engine.EvSidestepped, engine.EvFled, engine.EvOccupied}
	var events []engine.Event
	for _, k := range moves {
		events = append(events, out(k))
	}
	for _, k := range moves {
		events = append(events, in(k))
	}
	events = append(events, engine.Event{Kind: engine.EvLeaderMoved, Unit: "NL1"})
	for _, lang := range []Lang{RU, EN} {
		for i, e := range events {
			got := EventText(lang, e)
			if got != want[lang][i] {
				t.Errorf("%s: %s reads %q, want %q", lang, e.Kind, got, want[lang][i])
			}
			if strings.Contains(got, "?") {
				t.Errorf("%s: %s shows an unknown cell as ?: %q", lang, e.Kind, got)
			}
		}
	}
	// Both ends known: the usual sentence.
	if got := EventText(EN, engine.Event{Kind: engine.EvMoved, Unit: "n1", From: c("A21"), To: c("A11")}); got != "n1 moves A21 → A11" {
		t.Errorf("a whole move reads %q", got)
	}
}
