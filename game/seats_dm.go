package game

import (
	"cmp"
	"slices"

	"github.com/gunbai/gunbai/engine"
	"github.com/gunbai/gunbai/store"
)

// A command in a DM with the bot (issue 28, item 5) has no guild and no
// roles: the player's battles are those of every guild this process
// handles where his roles there give him a seat, found here.

// Within is the seats of one battle only: a finder of it looks for the
// member's seat in that battle alone, whatever else his roles give him.
func (g Seats) Within(battle string) Seats {
	g.only = battle
	return g
}

// UserSeats lists the seats a user holds in the battles being fought of
// every guild this process handles, by his roles in each guild as roles
// tells them (ok false: he is no member of it). roles is asked only of a
// guild that has a battle being fought, once, and outside any transaction
// (it may ask Discord). The seats are sorted by battle name, then guild and
// ID; each Battle holds its header's fields only (ID, GuildID, Name, Status,
// Turn, Sides).
func (g Seats) UserSeats(roles func(guild string) ([]string, bool)) ([]Seat, error) {
	s := g.s
	var heads []store.Header
	err := s.Store.View(func(tx *store.Tx) error {
		guilds, err := tx.Guilds()
		if err != nil {
			return err
		}
		for _, guild := range guilds {
			if !s.owns(guild) {
				continue
			}
			hs, err := tx.Headers(guild)
			if err != nil {
				return err
			}
			for _, h := range hs {
				if h.Unreadable == "" && active(h.Status) {
					heads = append(heads, h)
				}
			}
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	asked := map[string][]string{}
	var out []Seat
	for _, h := range heads {
		rs, known := asked[h.GuildID]
		if !known {
			rs, _ = roles(h.GuildID)
			asked[h.GuildID] = rs
		}
		for side, c := range h.Sides {
			if slices.Contains(rs, c.RoleID) || c.OrderRole != "" && slices.Contains(rs, c.OrderRole) {
				out = append(out, Seat{Battle: store.BattleRecord{ID: h.ID, GuildID: h.GuildID, Name: h.Name, Status: h.Status, Turn: h.Turn, Sides: h.Sides},
					Side: engine.Side(side), Watcher: c.OrderRole != "" && !slices.Contains(rs, c.OrderRole)})
			}
		}
	}
	if out, err = g.subSeats(heads, out); err != nil {
		return nil, err // seats held as a substitute (issue 29)
	}
	slices.SortFunc(out, func(a, b Seat) int {
		return cmp.Or(cmp.Compare(a.Battle.Name, b.Battle.Name), cmp.Compare(a.Battle.GuildID, b.Battle.GuildID),
			cmp.Compare(a.Battle.ID, b.Battle.ID), cmp.Compare(a.Side, b.Side))
	})
	return out, nil
}
