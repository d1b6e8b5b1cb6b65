package game

import (
	"errors"
	"slices"
	"strconv"
	"strings"

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

// SpectatorDelayKey is the setting of the spectators' delayed turns, which
// the bot checks against the spectators' channel first.
const SpectatorDelayKey = "spectators.delay"

// battleSettings are every row, in the order /battle settings lists them.
var battleSettings = slices.Concat(lifecycleSettings, clockSettings, requestSettings, absentSettings, aiSettings)

// lifecycleSettings are the battle settings of the lifecycle itself.
var lifecycleSettings = []battleSettingRow{
	{key: PostReplayKey, values: "on, off",
		get: func(rec *store.BattleRecord) string { return onOff(!rec.NoReplay) },
		set: func(rec *store.BattleRecord, v string) error {
			on, err := parseOnOff(v)
			rec.NoReplay = !on
			return err
		}},
	// spectators.delay: how many turns after a turn the spectators'
	// channel gets it (0: nothing before the end, the default).
	{key: SpectatorDelayKey, values: "0-99",
		get: func(rec *store.BattleRecord) string { return strconv.Itoa(rec.SpectatorDelay) },
		set: func(rec *store.BattleRecord, v string) error {
			n, err := strconv.Atoi(v)
			if err != nil || n < 0 || n > 99 {
				return errBadValue
			}
			rec.SpectatorDelay = n
			return nil
		}},
	// post.threads: a thread of the battle's own in each of its channels
	// (issue 28), on by default.
	{key: ThreadsKey, values: "on, off",
		get: func(rec *store.BattleRecord) string { return onOff(!rec.NoThreads) },
		set: func(rec *store.BattleRecord, v string) error {
			on, err := parseOnOff(v)
			rec.NoThreads = !on
			return err
		}},
	// Each channel's language (issue 24): north.lang, south.lang, gm.lang.
	langSetting(store.AudienceNorth), langSetting(store.AudienceSouth), langSetting(store.AudienceGM),
}

// langSetting is the setting of the language an audience's channel posts
// in, from the next post on.
func langSetting(audience store.Audience) battleSettingRow {
	at := func(rec *store.BattleRecord) *string {
		switch audience {
		case store.AudienceNorth:
			return &rec.Sides[0].Lang
		case store.AudienceSouth:
			return &rec.Sides[1].Lang
		}
		return &rec.GMLang
	}
	return battleSettingRow{key: audience.String() + ".lang", values: "ru, en",
		get: func(rec *store.BattleRecord) string { return rec.LangOf(audience) },
		set: func(rec *store.BattleRecord, v string) error {
			if v != "ru" && v != "en" {
				return errBadValue
			}
			*at(rec) = v
			return nil
		}}
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

// PostSetting is a battle's setting of its posts or clock, as the GM's
// completion offers it: its key, the values it takes (as the refusal of a
// bad one names them) and, of a battle, its value now.
type PostSetting struct {
	Key    string
	Values []string
	Now    string
}

// PostSettings lists the battle's settings of its posts and clock (rec nil:
// no battle, no value now).
func PostSettings(rec *store.BattleRecord) []PostSetting {
	out := make([]PostSetting, 0, len(battleSettings))
	for _, bs := range battleSettings {
		ps := PostSetting{Key: bs.key}
		for _, v := range strings.Split(bs.values, ", ") {
			if !strings.Contains(v, "-") { // a range such as 0-99 is typed
				ps.Values = append(ps.Values, v)
			}
		}
		if rec != nil {
			ps.Now = bs.get(rec)
		}
		out = append(out, ps)
	}
	return out
}
