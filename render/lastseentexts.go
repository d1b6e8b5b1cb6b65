package render

import "github.com/gunbai/gunbai/engine"

// Texts of a side's memory of the enemy (engine.LastSeen, issue 28 item
// 3): the ghosts drawn on its field (field.Options.Ghosts), their legend
// and alt text, and the order sheet's list.
var lastSeenTexts = texts{
	"lastseen.heading": {"Замечены ранее (сейчас не видны):", "Seen before (out of sight now):"},
	// An enemy unit, as seen: troop, ID, figures, cell, the turn at whose end.
	"lastseen.line": {"• %s %s, %d {3:фигура|фигуры|фигур} — %s, ход %d", "• %s %s, %d {3:figure|figures} — %s, turn %d"},
	// Seen before turn 1: in the deployment turn (scouts) or at the start.
	"lastseen.line_start": {"• %s %s, %d {3:фигура|фигуры|фигур} — %s, до начала боя", "• %s %s, %d {3:figure|figures} — %s, before the battle"},
	// The turn's label on a ghost: short, legible at a small size.
	"lastseen.mark":   {"ход %d", "turn %d"},
	"legend.ghost":    {"враг, замеченный здесь в последний раз (на ходу N)", "enemy last seen here (on turn N)"},
	"alt.ghosts":      {"Замечены ранее: %s.", "Seen before: %s."},
	"alt.ghost":       {"%s %s на %s (ход %d)", "%s %s at %s (turn %d)"},
	"alt.ghost_start": {"%s %s на %s (до начала боя)", "%s %s at %s (before the battle)"},
}

// LastSeenLines are the sheet's list of a side's memory of the enemy: a
// heading, then a line per ghost, as engine.LastSeen orders them (latest
// first); nothing when the side remembers nothing.
func LastSeenLines(l Lang, ghosts []engine.Ghost) []string {
	if len(ghosts) == 0 {
		return nil
	}
	out := []string{T(l, "lastseen.heading")}
	for _, g := range ghosts {
		u := g.Unit
		if g.Turn == 0 {
			out = append(out, T(l, "lastseen.line_start", TroopName(l, u.Type), u.ID, u.Figures, u.Cell.Name()))
			continue
		}
		out = append(out, T(l, "lastseen.line", TroopName(l, u.Type), u.ID, u.Figures, u.Cell.Name(), g.Turn))
	}
	return out
}
