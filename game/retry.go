package game

import (
	"time"

	"github.com/gunbai/gunbai/game/kit"
	"github.com/gunbai/gunbai/store"
)

// RetryWindow is how long a change is recognised when re-sent (kit.RetryWindow).
const RetryWindow = kit.RetryWindow

// Retry is one person's command that may change a battle (kit.Retry).
type Retry = kit.Retry

// Repeated refuses a command that repeats the person's last change (kit.Repeated).
type Repeated = kit.Repeated

// Once is the service for one command r: its change to a battle is kept as
// r.User's last, and a repeat of that change is refused with *Repeated.
func (s *Service) Once(r *Retry) *Service {
	c := *s
	c.retry = r
	return &c
}

// once wraps fn, a change to a battle in a transaction, with the check and
// record of Once. fn may run more than once (Batch): it assigns r's fields
// afresh each time.
func (s *Service) once(still kit.Stands, fn func(tx *store.Tx, rec *store.BattleRecord) error) func(tx *store.Tx, rec *store.BattleRecord) error {
	r := s.retry
	if r == nil || r.User == "" {
		return fn
	}
	return func(tx *store.Tx, rec *store.BattleRecord) error {
		// One that cannot be read is taken for none, and written anew.
		last, ok, _ := tx.Recent(rec.GuildID, rec.ID, r.User)
		now := s.now().UTC().Round(0)
		if !r.Kept {
			if err := r.Repeats(tx, rec, last, ok, now, still); err != nil {
				return err
			}
		}
		if err := fn(tx, rec); err != nil {
			return err
		}
		// The turn as stored: fn may have stored a copy of rec.
		h, err := tx.Header(rec.GuildID, rec.ID)
		if err != nil {
			return err
		}
		if ok && !now.After(last.At) {
			now = last.At.Add(1) // each change its own time: a button names it
		}
		r.Battle, r.At = rec.ID, now
		return tx.PutRecent(rec.GuildID, rec.ID, r.User, store.Recent{Command: r.Command, At: now, Turn: h.Turn, Again: r.Again})
	}
}

// Answered keeps the answer r's change was given (in lang), for a repeat
// to show again; nothing when the change was not made or is no longer the
// person's last.
func (s *Service) Answered(guild string, r *Retry, lang, answer string) error {
	if r == nil || r.Battle == "" && !r.Campaign {
		return nil
	}
	return s.Store.Batch(func(tx *store.Tx) error {
		var last store.Recent
		var ok bool
		var err error
		if r.Campaign {
			ok = tx.Campaign(guild, kit.RecentKind, r.User, &last) == nil
		} else {
			last, ok, err = tx.Recent(guild, r.Battle, r.User)
		}
		if err != nil || !ok || !last.At.Equal(r.At) || last.Command != r.Command {
			return err
		}
		last.Lang, last.Answer = lang, answer
		if r.Campaign {
			return tx.PutCampaign(guild, kit.RecentKind, r.User, last)
		}
		return tx.PutRecent(guild, r.Battle, r.User, last)
	})
}

// RecentAt is user's change made at at, for the button that confirms a
// second application of it.
func (s *Service) RecentAt(guild, user string, at time.Time) (store.Recent, bool, error) {
	var out store.Recent
	var ok bool
	err := s.Store.View(func(tx *store.Tx) error {
		var err error
		out, ok, err = tx.RecentAt(guild, user, at)
		if err != nil || ok {
			return err
		}
		var last store.Recent // the campaign's, onceGuild
		if tx.Campaign(guild, kit.RecentKind, user, &last) == nil && (last.At.Equal(at) || last.Again.Equal(at)) {
			out, ok = last, true
		}
		return nil
	})
	return out, ok, err
}
