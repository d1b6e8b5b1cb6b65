package bot

import (
	"strings"
	"testing"

	"github.com/gunbai/gunbai/render"

	"github.com/gunbai/gunbai/engine"
)

// A clan's log leaves out every event about an enemy unit it could not see
// before or after the turn (R-XI.3.2, D-67), its dice included.
func TestVisibleEventsHideForestUnits(t *testing.T) {
	b := engine.Battle{Units: []engine.Unit{
		{ID: "hidden", Side: engine.South, Type: engine.AshigaruSpear, Figures: 8, Cell: engine.MustCell("C24"), Status: engine.StatusOK},
		{ID: "seen", Side: engine.South, Type: engine.SamuraiSpear, Figures: 8, Cell: engine.MustCell("C21"), Status: engine.StatusOK},
		{ID: "n", Side: engine.North, Type: engine.LightCavalry, Figures: 6, Cell: engine.MustCell("A11"), Status: engine.StatusOK},
	}}
	b.Terrain.Forests = []engine.Cell{engine.MustCell("C24"), engine.MustCell("C25")}
	after := b.Clone()
	after.Units[0].Cell = engine.MustCell("C25") // still in a forest
	events := []engine.Event{
		{Kind: engine.EvShot, Unit: "hidden", Other: "n"},
		{Kind: engine.EvMoved, Unit: "hidden"},
		{Kind: engine.EvRoll, Key: "hidden.melee"},
		{Kind: engine.EvDamage, Unit: "n+seen", Other: "hidden"},
		{Kind: engine.EvMoved, Unit: "seen"},
		{Kind: engine.EvMoved, Unit: "n"},
	}
	north := engine.VisibleEvents(b, after, engine.North, events)
	if len(north) != 3 || north[0].Unit != "?ashigaru_spear" || north[1].Unit != "seen" || north[2].Unit != "n" {
		t.Fatalf("north reads %+v", north)
	}
	// A unit shooting from a forest shows only its type (D-67).
	if s := render.Log(render.RU, north[:1]); !strings.Contains(s, "асигару-копейщики") || strings.Contains(s, "hidden") {
		t.Fatalf("hidden shooter: %q", s)
	}
	if south := engine.VisibleEvents(b, after, engine.South, events); len(south) != len(events) {
		t.Fatalf("south reads all about its own units: %+v", south)
	}
}
