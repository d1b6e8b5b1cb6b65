package game

import (
	"github.com/gunbai/gunbai/engine"
	"github.com/gunbai/gunbai/store"
)

// The AI general's seat (issue 30 item 5): a side the general plays, for a
// training battle. Set at creation (/battle create ai:) or by the GM at
// any time (north.ai, south.ai): turned on mid-battle, it hands the side
// to the general from the next phase that opens.

// AIKey is the battle setting of whether the general plays side.
func AIKey(side engine.Side) string { return side.String() + ".ai" }

// aiSettings are the battle settings of the general's seats, listed last.
var aiSettings = []battleSettingRow{aiSetting(engine.North), aiSetting(engine.South)}

// aiSetting is the on/off row of the general's seat on side.
func aiSetting(side engine.Side) battleSettingRow {
	return battleSettingRow{key: AIKey(side), values: "on, off",
		get: func(rec *store.BattleRecord) string { return onOff(rec.AI[side]) },
		set: func(rec *store.BattleRecord, v string) error {
			on, err := parseOnOff(v)
			if err == nil {
				rec.AI[side] = on
			}
			return err
		}}
}
