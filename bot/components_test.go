package bot

import (
	"testing"

	"github.com/gunbai/gunbai/game"
	"github.com/gunbai/gunbai/internal/customid"
)

// A sheet's reroll button is a sheet's component whose action is the
// game's reroll, and every sheet ID routes to the sheet: with the rerolls
// taken, drawn before them, or any other action.
func TestSheetRerollIsTheSheetsReroll(t *testing.T) {
	id := customid.SheetReroll.Build(uint64(7), 2, "messenger", 1)
	if v, ok := customid.Sheet.Parse(id); !ok || v.Str("action") != game.ActReroll || v.Str("value") != "messenger:1" {
		t.Fatalf("%q as a sheet's: %v %v", id, v, ok)
	}
	for id, rerolls := range map[string]bool{
		"sheet:7:2:reroll:messenger:1": true,
		"sheet:7:2:reroll:accept":      false, // drawn before the rerolls taken were in it
		"sheet:7:2:ready":              false,
		"sheet:7:2:cancel:move.n-yari": false,
	} {
		r, v, ok, found := componentRoute(id, false)
		if !found || !ok || r.head() != "sheet:" || v.Has("rerolls") != rerolls {
			t.Errorf("%q: row %v, rerolls %v, ok %v, found %v", id, r.ids, v.Has("rerolls"), ok, found)
		}
	}
	if _, _, ok, found := componentRoute("sheet:x:2:ready", false); ok || !found {
		t.Errorf("a stale sheet ID: ok %v, found %v", ok, found)
	}
}
