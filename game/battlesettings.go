package game

import (
	"errors"
	"strconv"

	"github.com/gunbai/gunbai/store"
)

// The settings of a battle that are not rules (those are engine.Settings,
// RULES.md Appendix B): how its posts go. /battle set takes them by key
// beside the rules' settings; each is one row here.
type battleSettingRow struct {
	key    string
	values string // what it takes, for the refusal of a bad value
	get    func(rec *store.BattleRecord) string
	set    func(rec *store.BattleRecord, value string) error
}

var errBadValue = errors.New("bad value")

var battleSettings = []battleSettingRow{
	{key: PostReplayKey, values: "on, off",
		get: func(rec *store.BattleRecord) string { return onOff(!rec.NoReplay) },
		set: func(rec *store.BattleRecord, v string) error {
			on, err := parseOnOff(v)
			rec.NoReplay = !on
			return err
		}},
	// spectators.delay: how many turns after a turn the spectators'
	// channel gets it (0: nothing before the end, the default).
	{key: "spectators.delay", values: "0-99",
		get: func(rec *store.BattleRecord) string { return strconv.Itoa(rec.SpectatorDelay) },
		set: func(rec *store.BattleRecord, v string) error {
			n, err := strconv.Atoi(v)
			if err != nil || n < 0 || n > 99 {
				return errBadValue
			}
			rec.SpectatorDelay = n
			return nil
		}},
}

// battleSetting finds a battle's setting by key.
func battleSetting(key string) (battleSettingRow, bool) {
	for _, bs := range battleSettings {
		if bs.key == key {
			return bs, true
		}
	}
	return battleSettingRow{}, false
}

func onOff(on bool) string {
	if on {
		return "on"
	}
	return "off"
}

func parseOnOff(v string) (bool, error) {
	switch v {
	case "on", "true":
		return true, nil
	case "off", "false":
		return false, nil
	}
	return false, errBadValue
}
