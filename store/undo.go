package store

import (
	"github.com/gunbai/gunbai/engine"
)

// Undo takes back what was stored of a turn when a GM returns the
// battle to before it (game.Service.Undo): its snapshot and events, its
// command phase, and unless keepOrders its orders. Its seed and its
// command rolls are never removed: once a seed's hash is published it
// cannot change, so the turn played again rolls the same dice, and a roll
// once seen is not made again (a player who saw the dice would otherwise
// pick his stake knowing them).
func (bt TurnTx) Undo(keepOrders bool) error {
	ts, err := bt.t.turnsBucket(bt.guild, bt.id, bt.turn, false)
	if err != nil || ts == nil {
		return err
	}
	keys := [][]byte{keySnapshot, keyEvents, keyPhase}
	if !keepOrders {
		for _, side := range []engine.Side{engine.North, engine.South} {
			keys = append(keys, keyOrders(side))
		}
	}
	for _, k := range keys {
		if err := setTurnValue(ts, bt.turn, k, nil); err != nil {
			return err
		}
	}
	return nil
}
