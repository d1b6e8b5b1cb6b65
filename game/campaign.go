package game

import (
	"crypto/rand"
	"errors"
	"io"
	"strings"

	"github.com/gunbai/gunbai/campaign"
	"github.com/gunbai/gunbai/engine"
	"github.com/gunbai/gunbai/store"
)

// The campaign around the battles (issue 15, seed 001): a guild's roster of
// clans, armies and characters kept in the store, the battles written back
// to it, each army's aftermath and the campaign turn. The mechanics are
// package campaign's; this file keeps each change one transaction.

// Posts of the campaign.
const (
	PostAftermath = "aftermath" // an army's aftermath as it stands (live; Data: AftermathRef)
	PostRecord    = "record"    // what a battle wrote back to the roster (Data: campaign.BattleRecord)
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

// inRoster runs fn on the guild's roster inside one transaction and stores
// what fn leaves in *rec if fn succeeds. A roster seen for the first time
// gets its dice seed here.
func (s *Service) inRoster(guild string, fn func(tx *store.Tx, rec *store.RosterRecord) error) error {
	return s.Store.Update(s.onceGuild(guild, func(tx *store.Tx) error {
		rec, err := tx.Roster(guild)
		if err != nil {
			return err
		}
		if len(rec.Seed) == 0 {
			rec.Seed = make([]byte, 32)
			r := s.Rand
			if r == nil {
				r = rand.Reader
			}
			if _, err := io.ReadFull(r, rec.Seed); err != nil {
				return err
			}
		}
		if err := fn(tx, &rec); err != nil {
			return err
		}
		if err := rec.Roster.Check(); err != nil {
			return refuse("err.roster_check", err.Error())
		}
		return tx.PutRoster(guild, rec)
	}))
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
	err := s.inRoster(guild, func(_ *store.Tx, rec *store.RosterRecord) error {
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
	err := s.inRoster(guild, func(tx *store.Tx, rec *store.RosterRecord) error {
		for _, am := range rec.Roster.Aftermaths {
			if !am.Done {
				return refuse("err.turn_aftermath_open", armyName(&rec.Roster, am.Army))
			}
		}
		all, err := tx.Headers(guild)
		if err != nil {
			return err
		}
		for _, h := range all {
			if h.Unreadable == "" && active(h.Status) && (h.Sides[0].Army != "" || h.Sides[1].Army != "") {
				return refuse("err.turn_battle_open", h.Name)
			}
		}
		rec.Roster = rec.Roster.NextTurn()
		out = rec.Roster
		return nil
	})
	return out, err
}

// armyName is an army's name for a message, its ID if it has none.
func armyName(r *campaign.Roster, id string) string {
	if a, ok := r.Army(id); ok && a.Name != "" {
		return a.Name
	}
	return id
}

// campaignRefusal words a mechanic's error as a refusal. The mechanics name
// what is wrong in English data terms; the common ones have their own texts.
func campaignRefusal(r *campaign.Roster, army string, err error) error {
	switch {
	case errors.Is(err, campaign.ErrNoArmy):
		return refuse("err.roster_no_army", army)
	case errors.Is(err, campaign.ErrAftermathRun):
		return refuse("err.aftermath_run", armyName(r, army))
	case errors.Is(err, campaign.ErrAftermathDone):
		return refuse("err.aftermath_done", armyName(r, army))
	case errors.Is(err, campaign.ErrNoAftermath):
		return refuse("err.aftermath_none", armyName(r, army))
	case errors.Is(err, errAllotMoved):
		return refuse("err.aftermath_moved")
	case errors.Is(err, campaign.ErrGrantOpen):
		return refuse("err.aftermath_grant_open")
	}
	return refuse("err.campaign", strings.TrimSpace(err.Error()))
}

// UploadRoster reads a roster file (TOML) or an army list (CSV) and merges
// it into the guild's roster (MergeRoster): nothing changes if any line of
// the file is wrong.
func (s *Service) UploadRoster(guild, name string, data []byte) (campaign.Roster, error) {
	up, err := ParseRosterFile(name, data)
	if err != nil {
		return campaign.Roster{}, err
	}
	var out campaign.Roster
	err = s.inRoster(guild, func(_ *store.Tx, rec *store.RosterRecord) error {
		merged, err := MergeRoster(rec.Roster, up)
		if err != nil {
			return err
		}
		rec.Roster, out = merged, merged
		return nil
	})
	return out, err
}
