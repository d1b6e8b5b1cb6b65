package game

import (
	"errors"
	"fmt"
	"slices"
	"time"

	"github.com/gunbai/gunbai/engine"
	"github.com/gunbai/gunbai/store"
)

// The battle's status (issue 14, item 2): one message per battle in each
// clan's channel and the GM's, pinned, and edited in place (a live
// message) whenever what it shows changes: the turn and its phase, the
// deadline or the paused clock, who is ready, the turns each side missed,
// and the journal's head hash. Every change that alters any of these owes
// the refresh in its own transaction (refreshStatus: the journal, a phase
// opened, a side ready or no longer ready); the message is composed from
// the store when it is delivered. A clan's status tells of the enemy only
// whether it is ready.

// PostStatus is a battle's status message in one channel (live).
const PostStatus = "status"

// statusKey is the live message of a battle's status in one audience's
// channel.
func statusKey(rec *store.BattleRecord, audience store.Audience) string {
	return fmt.Sprintf("status.%s.%s.%s", rec.GuildID, rec.ID, audience)
}

// refreshStatus owes a battle's status messages shown again. A battle
// not yet started has none: its first phase opening posts them.
func refreshStatus(tx *store.Tx, rec *store.BattleRecord) error {
	if rec.Status == store.StatusDeployment && !rec.Scouting {
		return nil
	}
	for _, a := range audiences {
		p := post(rec, a, PostStatus, nil)
		if p.Channel == "" {
			continue
		}
		p.Live = statusKey(rec, a)
		if _, err := tx.OweLive(p); err != nil {
			return err
		}
	}
	return nil
}

// StatusView is a battle's status as one audience may see it.
type StatusView struct {
	Name     string
	Audience store.Audience
	Status   store.Status
	Turn     int
	// Round is 1 in a plan-change round; Scouting marks the deployment
	// turn's scouting.
	Round    int
	Scouting bool
	Deadline time.Time
	// Paused: the clock is stopped with Left left (0: no deadline).
	Paused bool
	Left   time.Duration
	Roles  [2]string // the clans' roles
	Ready  [2]bool
	// ReadyBy names who said ready, for the sides the audience may know of
	// (a clan its own, the GM both).
	ReadyBy [2]string
	Missed  [2]int
	Outcome engine.Outcome
	// End is how a finished battle ended.
	End *Ending
	// Head is the journal's head hash.
	Head string
	// AbsentTurn is the last resolved turn, and Absent the seats of it
	// that gave no orders and had them given by battle.absent (issue 29
	// item 3), of the sides the audience may know of (a clan its own).
	AbsentTurn int
	Absent     [2][]store.AbsentSeat
}

// Status reads a battle's status as audience may see it.
func (s *Service) Status(guild, battle string, audience store.Audience) (StatusView, error) {
	out := StatusView{Audience: audience}
	err := s.Store.View(func(tx *store.Tx) error {
		rec, err := tx.Battle(guild, battle)
		if err != nil {
			return err
		}
		out.Name, out.Status, out.Turn, out.Scouting = rec.Name, rec.Status, rec.Turn, rec.Scouting
		out.Deadline, out.Paused, out.Left, out.Missed = rec.Deadline, rec.Paused, rec.Left, rec.Missed
		out.Roles = [2]string{rec.Sides[engine.North].RoleID, rec.Sides[engine.South].RoleID}
		out.Outcome = rec.State.Outcome
		if out.Head, err = tx.Journal(guild, battle).Head(); err != nil {
			return err
		}
		if out.AbsentTurn, out.Absent, err = absentOf(tx, &rec, audience); err != nil {
			return err
		}
		if rec.Status == store.StatusFinished {
			e, err := endingOf(tx, &rec)
			if err != nil {
				return err
			}
			out.End = &e
		}
		if rec.Scouting {
			out.Ready = rec.ScoutsDone
			return nil
		}
		if rec.Status != store.StatusCommand {
			return nil
		}
		ph, err := tx.BattleTurn(guild, battle, rec.Turn).Phase()
		if err != nil {
			return err
		}
		out.Round, out.Ready = ph.Round, ph.Ready
		mine, clan := audience.Side()
		for _, side := range sides {
			if !ph.Ready[side] || clan && side != mine {
				continue // of the enemy, a clan learns only yes or no
			}
			out.ReadyBy[side] = readyBy(ph.Changes[side])
		}
		return nil
	})
	return out, err
}

// readyBy is who last said his side ready, as the clan's summary names him.
func readyBy(changes []store.Change) string {
	for _, c := range slices.Backward(changes) {
		if c.Action == store.ChangeReady {
			if c.Name != "" {
				return c.Name
			}
			if c.User != "" {
				return "<@" + c.User + ">"
			}
			return ""
		}
	}
	return ""
}

// PinRefused records that a battle's status message could not be pinned
// in a channel (code: Discord's refusal) and, the first time for the
// battle, tells the GM channel. The status is edited all the same. It
// returns the notice's post, or 0.
func (g Posts) PinRefused(guild, battle, channel string, code int) (uint64, error) {
	s := g.s
	var notice uint64
	err := s.Store.Update(func(tx *store.Tx) error {
		rec, err := tx.Battle(guild, battle)
		if errors.Is(err, store.ErrNotFound) {
			return nil
		} else if err != nil {
			return err
		}
		if slices.Contains(rec.PinRefused, channel) {
			return nil
		}
		first := len(rec.PinRefused) == 0
		rec.PinRefused = append(rec.PinRefused, channel)
		if err := tx.PutBattle(rec); err != nil {
			return err
		}
		if !first {
			return nil // told once
		}
		ids, err := owe(tx, text(&rec, []store.Audience{store.AudienceGM}, "bot.pin_refused", rec.Name, "<#"+channel+">", code)...)
		if len(ids) > 0 {
			notice = ids[0]
		}
		return err
	})
	return notice, err
}

// StatusMessage is where a battle's status message stands in one of
// channels (the first that has one): the Discord channel and message, ""
// if none of them has one. /verify reads the journal head it published
// from Discord itself, which a change to the store cannot reach.
func (s *Service) StatusMessage(guild, battle string, channels ...string) (channel, message string, err error) {
	err = s.Store.View(func(tx *store.Tx) error {
		rec, err := tx.Battle(guild, battle)
		if err != nil {
			return err
		}
		for _, ch := range channels {
			for _, a := range audiences {
				if ch == "" || rec.ChannelOf(a) != ch {
					continue
				}
				l, err := tx.Live(statusKey(&rec, a))
				if errors.Is(err, store.ErrNotFound) {
					continue
				} else if err != nil {
					return err
				}
				if l.Message != "" && !l.Dead {
					channel, message = l.Channel, l.Message
					return nil
				}
			}
		}
		return nil
	})
	return channel, message, err
}
