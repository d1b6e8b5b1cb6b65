// Package campaigns is the campaign around the battles as a service: the
// guild's roster (upload, edit, bind a clan, the next campaign turn), the
// calculators of the campaign rules (retreat, control, suppression,
// secession) and each army's aftermath. The mechanics are package
// campaign's and the roster file's format campaign/rosterfile's; this
// package keeps each change one transaction.
//
// It imports the store, the rules (campaign, engine), campaign/rosterfile
// and game/kit, whose Base it runs on (package game's Service builds it:
// Service.Campaigns); never package game.
package campaigns

import (
	"errors"
	"strings"

	"github.com/gunbai/gunbai/campaign"
	"github.com/gunbai/gunbai/campaign/rosterfile"
	"github.com/gunbai/gunbai/engine"
	"github.com/gunbai/gunbai/game/kit"
	"github.com/gunbai/gunbai/store"
)

// The campaign around the battles (issue 15, seed 001): a guild's roster of
// clans, armies and characters kept in the store, the battles written back
// to it, each army's aftermath and the campaign turn. The mechanics are
// package campaign's; this file keeps each change one transaction.

// Service is the campaign's service on a store (kit.Base: the store, the
// dice, the clock and the command it runs for).
type Service struct{ kit.Base }

// refuse is a Refusal by catalogue key.
func refuse(key string, args ...any) error { return kit.Refuse(key, args...) }

// Posts of the campaign.
const (
	PostAftermath = "aftermath" // an army's aftermath as it stands (live; Data: AftermathRef)
)

// AftermathRef names the aftermath a post shows.
type AftermathRef struct {
	Army string `json:"army"`
	Turn int    `json:"turn"`
	GM   bool   `json:"gm,omitempty"` // the GM's copy: no buttons
}

// Roster is the guild's campaign roster.
func (s *Service) Roster(guild string) (campaign.Roster, error) {
	var out campaign.Roster
	err := s.Store.View(func(tx *store.Tx) error {
		rec, err := tx.Roster(guild)
		out = rec.Roster
		return err
	})
	return out, err
}

// campaignDice are the dice of a campaign turn: one stream per turn, keyed
// by army and character (campaign's keys), from the roster's secret seed.
func campaignDice(rec *store.RosterRecord) *engine.SeededDice {
	return engine.NewSeededDice(rec.Seed, "campaign", rec.Roster.Turn)
}

// BindClan ties a roster clan to the Discord role of its players and the
// channel its results go to; another clan bound to that role loses it.
func (s *Service) BindClan(guild, clan, role, channel, lang string) (campaign.Clan, error) {
	var out campaign.Clan
	err := s.InRoster(guild, func(_ *store.Tx, rec *store.RosterRecord) error {
		c, ok := rec.Roster.Clan(clan)
		if !ok {
			return refuse("err.roster_no_clan", clan)
		}
		for i := range rec.Roster.Clans {
			if o := &rec.Roster.Clans[i]; o.ID != clan && o.Role == role {
				o.Role = ""
			}
		}
		c.Role, c.Channel = role, channel
		if lang != "" {
			c.Lang = lang
		}
		out = *c
		return nil
	})
	return out, err
}

// NextTurn closes the campaign turn (E1-P, F-E1-1 "/turn next"): refused
// while an aftermath of the turn waits for its clan's choices, or a battle
// fought with roster armies is not over.
func (s *Service) NextTurn(guild string) (campaign.Roster, error) {
	var out campaign.Roster
	err := s.InRoster(guild, func(tx *store.Tx, rec *store.RosterRecord) error {
		for _, am := range rec.Roster.Aftermaths {
			if !am.Done {
				return refuse("err.turn_aftermath_open", kit.ArmyName(&rec.Roster, am.Army))
			}
		}
		all, err := tx.Headers(guild)
		if err != nil {
			return err
		}
		for _, h := range all {
			if h.Unreadable == "" && kit.Active(h.Status) && (h.Sides[0].Army != "" || h.Sides[1].Army != "") {
				return refuse("err.turn_battle_open", h.Name)
			}
		}
		rec.Roster = rec.Roster.NextTurn()
		out = rec.Roster
		return nil
	})
	return out, err
}

// campaignRefusal words a mechanic's error as a refusal. The mechanics name
// what is wrong in English data terms; the common ones have their own texts.
func campaignRefusal(r *campaign.Roster, army string, err error) error {
	switch {
	case errors.Is(err, campaign.ErrNoArmy):
		return refuse("err.roster_no_army", army)
	case errors.Is(err, campaign.ErrAftermathRun):
		return refuse("err.aftermath_run", kit.ArmyName(r, army))
	case errors.Is(err, campaign.ErrAftermathDone):
		return refuse("err.aftermath_done", kit.ArmyName(r, army))
	case errors.Is(err, campaign.ErrNoAftermath):
		return refuse("err.aftermath_none", kit.ArmyName(r, army))
	case errors.Is(err, errAllotMoved):
		return refuse("err.aftermath_moved")
	case errors.Is(err, campaign.ErrGrantOpen):
		return refuse("err.aftermath_grant_open")
	}
	return refuse("err.campaign", strings.TrimSpace(err.Error()))
}

// UploadRoster reads a roster file (TOML) or an army list (CSV) and merges
// it into the guild's roster (rosterfile.Merge): nothing changes if any line of
// the file is wrong.
func (s *Service) UploadRoster(guild, name string, data []byte) (campaign.Roster, error) {
	up, err := rosterfile.Parse(name, data)
	if err != nil {
		return campaign.Roster{}, refusalOf(err)
	}
	var out campaign.Roster
	err = s.InRoster(guild, func(_ *store.Tx, rec *store.RosterRecord) error {
		merged, err := rosterfile.Merge(rec.Roster, up)
		if err != nil {
			return refusalOf(err)
		}
		rec.Roster, out = merged, merged
		return nil
	})
	return out, err
}

// refusalOf is a roster file's mistake as the service's refusal (a kit
// Refusal, which the bot words); any other error as it is.
func refusalOf(err error) error {
	var m *rosterfile.Mistake
	if errors.As(err, &m) {
		return kit.Refuse(m.Key, m.Args...)
	}
	return err
}
