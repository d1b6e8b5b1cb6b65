package render

import (
	"strings"

	"github.com/gunbai/gunbai/engine"
)

// A log's icons: a reader on Discord sees the bot's emojis before a unit
// (its troop type's counter, where the log first mentions it) and before
// the line of a move, a shot, losses, a rout or a banner. render knows no
// Discord: Icon gives the markup of an icon by name, and without it (or
// where it gives "") the log is word for word what it was; no icon stands
// for a word.

// LogOptions are LogWith's: the units' names (LogNamed's), and the icons.
type LogOptions struct {
	Names map[string]string
	// Icon is the markup of the icon named "troop:<TroopType.String()>"
	// or "mark:move", "mark:shot", "mark:loss", "mark:rout", "mark:flag";
	// "" for none. nil: no icons.
	Icon func(name string) string
	// Troops are the units' troop types by ID (Troops), for their icons.
	Troops map[string]engine.TroopType
}

// Troops are the troop types of the units of the states, by ID.
func Troops(states ...*engine.Battle) map[string]engine.TroopType {
	out := map[string]engine.TroopType{}
	for _, b := range states {
		if b == nil {
			continue
		}
		for _, u := range b.Units {
			if _, ok := out[u.ID]; !ok {
				out[u.ID] = u.Type
			}
		}
	}
	return out
}

// logMarks are the events with a mark's icon.
var logMarks = map[engine.EventKind]string{
	engine.EvMoved: "move", engine.EvRetreated: "move", engine.EvSidestepped: "move",
	engine.EvShot:   "shot",
	engine.EvLosses: "loss",
	engine.EvRouted: "rout", engine.EvFled: "rout",
	engine.EvBanner: "flag",
}

// icon is the markup of an icon followed by a space, or "".
func (o LogOptions) icon(name string) string {
	if o.Icon == nil {
		return ""
	}
	if s := o.Icon(name); s != "" {
		return s + " "
	}
	return ""
}

func (o LogOptions) markIcon(k engine.EventKind) string {
	if m, ok := logMarks[k]; ok {
		return o.icon("mark:" + m)
	}
	return ""
}

func (o LogOptions) troopIcon(id string) string {
	t, ok := o.Troops[id]
	if h, hidden := strings.CutPrefix(id, "?"); hidden { // a unit the reader may not see: its type alone
		tt, err := engine.ParseTroopType(h)
		t, ok = tt, err == nil
	}
	if !ok || !inRange(t, allTroopTypes) {
		return ""
	}
	return o.icon("troop:" + t.String())
}
