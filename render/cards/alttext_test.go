package cards

import (
	"strings"
	"testing"

	"github.com/gunbai/gunbai/render"
	"github.com/gunbai/gunbai/skirmish"
)

// TestCardsAltTextUnnamedUnit_E2_C: a unit the warband left unnamed and
// unmarked is read out by its ID, not as empty quotes and an empty sign.
func TestCardsAltTextUnnamedUnit_E2_C(t *testing.T) {
	c := skirmish.Card{Unit: "a9", Fighters: []skirmish.CardLine{{ID: "o9", State: skirmish.Fit}}}
	for _, l := range []render.Lang{render.RU, render.EN} {
		alt := AltText([]skirmish.Card{c}, l)
		if strings.Contains(alt, "«»") || strings.Contains(alt, "“”") || !strings.Contains(alt, "a9:") {
			t.Errorf("%s: %q", l, alt)
		}
	}
}
