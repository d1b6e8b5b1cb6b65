package game

import (
	"errors"
	"slices"
	"strings"

	"github.com/gunbai/gunbai/engine"
	"github.com/gunbai/gunbai/game/kit"
	"github.com/gunbai/gunbai/store"
)

// CreateRequest is what the GM gives to create a battle.
type CreateRequest struct {
	Name        string
	North       store.Clan
	South       store.Clan
	GMChannelID string
	Scenario    string // empty: the first built-in one
	// Locale is the server's language: of the spectators' posts, and of a
	// clan's whose language neither the GM (Clan.Lang) nor the roster
	// (campaign.Clan.Lang) gives. GMLang is the GM channel's (empty:
	// Locale).
	Locale string
	GMLang string
	// SpectatorChannel, if any, gets the GM's view later (spectators.delay)
	// and the reveal at the end.
	SpectatorChannel string
	// Armies, when given, are the roster armies North and South fight with
	// (instead of a scenario): the battle is written back to them.
	Armies [2]string
	// AI seats the AI general on sides of a training battle (issue 30
	// item 5; store.BattleRecord.AI).
	AI [2]bool
}

// MaxNameLen is the longest battle name, in characters (kit.MaxNameLen).
const MaxNameLen = kit.MaxNameLen

// BattleID turns a battle name into its key (kit.BattleID).
func BattleID(name string) string { return kit.BattleID(name) }

func checkName(name string) error { return kit.CheckName(name) }

func active(s store.Status) bool { return kit.Active(s) }

// Create sets up a battle from a scenario; it waits in deployment until the
// GM starts it. A clan fights one battle at a time.
func (s *Service) Create(guild string, req CreateRequest) (store.BattleRecord, error) {
	id := BattleID(req.Name)
	if id == "" {
		return store.BattleRecord{}, refuse("err.battle_name")
	}
	if err := checkName(req.Name); err != nil {
		return store.BattleRecord{}, err
	}
	if req.North.RoleID == "" || req.South.RoleID == "" || req.North.RoleID == req.South.RoleID {
		return store.BattleRecord{}, refuse("err.same_role")
	}
	// An ordering role is one side's own: never the other side's roles.
	for _, pair := range [][2]store.Clan{{req.North, req.South}, {req.South, req.North}} {
		if r := pair[0].OrderRole; r != "" && (r == pair[1].RoleID || r == pair[1].OrderRole) {
			return store.BattleRecord{}, refuse("err.same_role")
		}
	}
	fromRoster := req.Armies != [2]string{}
	var state engine.Battle
	if fromRoster && (req.Armies[0] == "" || req.Armies[1] == "") {
		return store.BattleRecord{}, refuse("err.armies_both")
	}
	if !fromRoster && req.Scenario == "" {
		req.Scenario = ScenarioNames()[0]
	}
	if req.Scenario != "" {
		var ok bool
		if state, ok = s.scenario(req.Scenario); !ok {
			return store.BattleRecord{}, refuse("err.scenario", req.Scenario, strings.Join(s.scenarioNames(), ", "))
		}
	}
	req.North.Army, req.South.Army = req.Armies[0], req.Armies[1]
	rec := store.BattleRecord{
		ID: id, GuildID: guild, Name: strings.TrimSpace(req.Name), Status: store.StatusDeployment,
		Sides: [2]store.Clan{req.North, req.South}, GMChannelID: req.GMChannelID, SpectatorChannel: req.SpectatorChannel,
		State: state, Locale: req.Locale, GMLang: req.GMLang, AI: req.AI,
	}
	rec.State.ID = id
	err := s.Store.Update(func(tx *store.Tx) error {
		if fromRoster {
			var err error
			if rec.State, err = rosterState(tx, guild, req, state); err != nil {
				return err
			}
			rec.State.ID = id
		}
		if _, err := tx.Battle(guild, id); err == nil {
			return refuse("err.battle_exists", rec.Name)
		} else if !errors.Is(err, store.ErrNotFound) {
			return err
		}
		all, err := tx.Headers(guild)
		if err != nil {
			return err
		}
		for _, b := range all {
			if b.Unreadable != "" || !active(b.Status) {
				continue
			}
			for _, c := range b.Sides {
				if c.RoleID == req.North.RoleID || c.RoleID == req.South.RoleID {
					return refuse("err.clan_busy", b.Name)
				}
			}
		}
		if err := clanLangs(tx, &rec); err != nil {
			return err
		}
		if err := tx.PutBattle(rec); err != nil {
			return err
		}
		detail := req.Scenario
		if fromRoster {
			detail = strings.TrimPrefix(req.Scenario+" ", " ") + "roster:" + req.Armies[0] + "," + req.Armies[1]
		}
		if err := journal(tx, &rec, store.Entry{Kind: store.JournalCreated, Detail: detail}); err != nil {
			return err
		}
		// Each channel's thread first: the battle's posts there wait for it.
		posts := append(threadPosts(&rec), text(&rec, audiences, "bot.announce_created", rec.Name, rec.Sides[0].RoleID, rec.Sides[1].RoleID)...)
		_, err = owe(tx, posts...)
		return err
	})
	return rec, err
}

// Battles lists a guild's battles by their headers, the ones being fought
// first, then by name.
func (s *Service) Battles(guild string) ([]store.Header, error) {
	var out []store.Header
	err := s.Store.View(func(tx *store.Tx) error {
		var err error
		out, err = tx.Headers(guild)
		return err
	})
	slices.SortStableFunc(out, func(a, b store.Header) int {
		if fa, fb := a.Status == store.StatusFinished, b.Status == store.StatusFinished; fa != fb {
			if fa {
				return 1
			}
			return -1
		}
		return strings.Compare(a.Name, b.Name)
	})
	return out, err
}

// Battle looks a battle up by its ID or its name.
func (s *Service) Battle(guild, ref string) (store.BattleRecord, error) {
	var rec store.BattleRecord
	err := s.Store.View(func(tx *store.Tx) error {
		var err error
		rec, err = find(tx, guild, ref)
		return err
	})
	return rec, err
}

// find looks a battle up by its ID or its name.
func find(tx *store.Tx, guild, ref string) (store.BattleRecord, error) {
	id := BattleID(ref)
	if id == "" {
		return store.BattleRecord{}, refuse("err.no_battle", ref)
	}
	rec, err := tx.Battle(guild, id)
	switch {
	case errors.Is(err, store.ErrNotFound):
		return rec, refuse("err.no_battle", ref)
	case errors.Is(err, store.ErrNewerVersion):
		return rec, refuse("err.battle_newer", ref)
	}
	return rec, err
}

// Finish ends a battle by the GM's decision.
func (s *Service) Finish(guild, ref string) (store.BattleRecord, error) {
	var out store.BattleRecord
	err := s.inBattleNamed(guild, ref, func(tx *store.Tx, rec *store.BattleRecord) error {
		if rec.Status == store.StatusFinished {
			return refuse("err.finished", rec.Name)
		}
		rec.Status, rec.EndedBy = store.StatusFinished, EndedByGM
		last := rec.State.Turn // the turn being ordered, if any, was not resolved
		if err := writeBack(tx, rec, last); err != nil {
			return err
		}
		out = *rec
		if err := tx.PutBattle(*rec); err != nil {
			return err
		}
		if err := journalFinished(tx, rec, FinishedByGM); err != nil {
			return err
		}
		if err := closeSheets(tx, rec, rec.Turn); err != nil {
			return err
		}
		posts := slices.Concat(over(rec, last), reveal(rec, last), threadEnds(rec))
		_, err := owe(tx, posts...)
		return err
	})
	return out, err
}

// SetSetting changes one per-battle setting by its RULES.md name (Appendix
// B), as the GM may at any time. A key the engine does not honour yet is
// refused, so a battle never runs on a setting that changes nothing.
func (s *Service) SetSetting(guild, ref, key, value string) (store.BattleRecord, error) {
	var out store.BattleRecord
	err := s.inBattleNamed(guild, ref, func(tx *store.Tx, rec *store.BattleRecord) error {
		if bs, ok := battleSetting(key); ok {
			// A setting of the battle's posts and clock, not of the rules.
			if err := bs.set(rec, strings.TrimSpace(value)); err != nil {
				return refuse("err.setting_value", key, value, bs.values)
			}
			out = *rec
			if err := journalSetting(tx, rec, key, value); err != nil {
				return err
			}
			if key == ThreadsKey && rec.Status != store.StatusFinished {
				// Turned on: the channels without a thread get one.
				if _, err := owe(tx, threadPosts(rec)...); err != nil {
					return err
				}
			}
			return tx.PutBattle(*rec)
		}
		next := rec.State.Settings
		if err := next.Set(key, value); err != nil {
			if errors.Is(err, engine.ErrUnknownSetting) {
				return refuse("err.setting_key", key)
			}
			return refuse("err.setting_value", key, value, strings.Join(settingValues(key), ", "))
		}
		if slices.Contains(next.Unhonoured(), key) {
			return refuse("err.setting_unhonoured", key)
		}
		rec.State.Settings = next
		out = *rec
		if err := journalSetting(tx, rec, key, value); err != nil {
			return err
		}
		return tx.PutBattle(*rec)
	})
	return out, err
}

// settingValues lists the values a key takes, or its default for keys of
// numbers and lists.
func settingValues(key string) []string {
	for _, info := range engine.SettingKeys() {
		if info.Key == key {
			if len(info.Values) > 0 {
				return info.Values
			}
			return []string{info.Default}
		}
	}
	return nil
}

// Settings lists a battle's settings that the engine honours: every key
// with its value.
func (s *Service) Settings(guild, ref string) ([]string, error) {
	rec, err := s.Battle(guild, ref)
	if err != nil {
		return nil, err
	}
	var out []string
	for _, bs := range battleSettings {
		out = append(out, bs.key+" = "+bs.get(&rec))
	}
	for _, info := range engine.SettingKeys() {
		if strings.Contains(info.Key, "<") || !info.Implemented {
			continue
		}
		v, err := rec.State.Settings.Get(info.Key)
		if err != nil {
			return nil, err
		}
		out = append(out, info.Key+" = "+v)
	}
	return out, nil
}

// Fixed is a GM's correction as made: the battle after it and the side
// whose unit, leader or counter it changed.
type Fixed struct {
	Battle store.BattleRecord
	Side   engine.Side
	Note   FixNote  // what the channels are told
	Posts  []uint64 // the notices to that side and the GM channel
}

// Fix corrects one field of a unit, a leader or a side of a battle being
// fought (engine.Fix), as the GM may at any time.
func (s *Service) Fix(guild, ref, who, field, value string) (Fixed, error) {
	var out Fixed
	err := s.inBattleNamed(guild, ref, func(tx *store.Tx, rec *store.BattleRecord) error {
		if rec.Status != store.StatusDeployment && rec.Status != store.StatusCommand {
			return refuse("err.fix_inactive", rec.Name)
		}
		next, prob := engine.Fix(rec.State, who, field, value)
		if prob != nil {
			return broken(prob)
		}
		rec.State = next
		out.Battle = *rec
		out.Note = FixNote{Battle: rec.Name, Who: who, Field: field, Value: strings.TrimSpace(value)}
		switch sd, err := engine.ParseSide(who); {
		case next.Unit(who) != nil:
			out.Side, out.Note.Kind = next.Unit(who).Side, "unit"
		case next.Leader(who) != nil:
			out.Side, out.Note.Kind = next.Leader(who).Side, "leader"
		case err == nil:
			out.Side, out.Note.Kind = sd, "side"
		}
		if err := tx.PutBattle(*rec); err != nil {
			return err
		}
		if err := journal(tx, rec, store.Entry{Kind: store.JournalFix, Detail: who + " " + field + " = " + value}); err != nil {
			return err
		}
		// The side concerned and the GM channel learn of it; the enemy sees
		// only what his view shows next.
		var err error
		var posts []store.Post
		for _, a := range []store.Audience{store.SideAudience(out.Side), store.AudienceGM} {
			posts = append(posts, post(rec, a, PostFix, out.Note))
		}
		out.Posts, err = owe(tx, posts...)
		return err
	})
	return out, err
}

// clanLangs settles the language of each clan's channel at creation, so
// that a later change of the server's or the roster's leaves a battle's
// language as it began: the GM's choice, else the roster clan's bound to
// the side's role, else the server's (Locale). The GM's channel speaks the
// GM's language.
func clanLangs(tx *store.Tx, rec *store.BattleRecord) error {
	if rec.GMLang == "" {
		rec.GMLang = rec.Locale
	}
	rr, err := tx.Roster(rec.GuildID)
	if err != nil && !errors.Is(err, store.ErrNotFound) {
		return err
	}
	for i := range rec.Sides {
		c := &rec.Sides[i]
		if c.Lang != "" {
			continue
		}
		for _, rc := range rr.Roster.Clans {
			if rc.Role != "" && rc.Role == c.RoleID && rc.Lang != "" {
				c.Lang = rc.Lang
			}
		}
		if c.Lang == "" {
			c.Lang = rec.Locale
		}
	}
	return nil
}
