package bot

import (
	"github.com/gunbai/gunbai/engine"
	"github.com/gunbai/gunbai/render/field"
)

// ghostsOf are a side's memory of the enemy (engine.LastSeen, read by
// game: game.TurnView.Ghosts, game.SheetState.Ghosts, Seats.LastSeen) as
// the picture draws it (field.Options.Ghosts): every picture of a side's
// view has them, the GM's and the spectators' none.
func ghostsOf(gs []engine.Ghost) []field.Ghost {
	if len(gs) == 0 {
		return nil
	}
	out := make([]field.Ghost, len(gs))
	for i, g := range gs {
		out[i] = field.Ghost{Unit: g.Unit, Turn: g.Turn}
	}
	return out
}
