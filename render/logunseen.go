package render

import "github.com/gunbai/gunbai/engine"

// What a clan's log says of a unit it saw only in part (engine.VisibleEvents,
// R-XI.3.2, D-67): a move whose end lies out of its sight (no To: it saw
// the unit go, not where), or whose start did (no From: it sees the unit
// now, not where it stood hidden), and a leader gone into a unit it does not
// see (no Detail, R-III.5.1). These texts join the catalogue.
var unseenTexts = texts{
	"ev.moved.out_of_sight":        {"%s: перемещение из %s — скрывается из виду", "%s moves out of %s and out of sight"},
	"ev.moved.into_sight":          {"%s появляется: перемещение → %s", "%s comes into sight, moving into %s"},
	"ev.retreated.out_of_sight":    {"%s отступает из %s и скрывается из виду", "%s retreats out of %s and out of sight"},
	"ev.retreated.into_sight":      {"%s появляется, отступая в %s", "%s comes into sight, retreating into %s"},
	"ev.sidestepped.out_of_sight":  {"%s: боковой марш из %s — скрывается из виду", "%s sidesteps out of %s and out of sight"},
	"ev.sidestepped.into_sight":    {"%s появляется: боковой марш → %s", "%s comes into sight, sidestepping into %s"},
	"ev.fled.out_of_sight":         {"%s бежит из %s и скрывается из виду", "%s flees out of %s and out of sight"},
	"ev.fled.into_sight":           {"%s появляется, убегая в %s", "%s comes into sight, fleeing into %s"},
	"ev.occupied.out_of_sight":     {"%s продвигается из %s и скрывается из виду", "%s advances out of %s and out of sight"},
	"ev.leader_moved.out_of_sight": {"%s уходит и скрывается из виду", "%s leaves and goes out of sight"},
}

// moveText writes a move from e.From to e.To with the catalogue text key,
// or, when the reader saw only one end of it (Detail DetailOutOfSight or
// DetailIntoSight), the text for a unit going out of sight from From
// (key.out_of_sight) or coming into it in To (key.into_sight).
func moveText(lang Lang, key string, e engine.Event, u string) string {
	switch e.Detail {
	case engine.DetailOutOfSight, engine.DetailIntoSight:
		if k := key + "." + e.Detail; has(k) {
			c := e.From
			if e.Detail == engine.DetailIntoSight {
				c = e.To
			}
			return T(lang, k, u, cellName(c))
		}
	}
	return T(lang, key, u, cellName(e.From), cellName(e.To))
}
