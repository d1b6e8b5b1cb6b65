package kit

import (
	"crypto/rand"
	"io"
	"slices"
	"time"

	"github.com/gunbai/gunbai/store"
)

// Base is what every service of the house runs on. package game's Service
// hands its own to the sub-games' services it builds, so that they share
// its store, dice and clock, and the command it is for.
type Base struct {
	Store *store.Store
	// Rand supplies the dice seeds; crypto/rand when nil.
	Rand io.Reader
	// Now is the clock of deadlines; nil is time.Now.
	Now func() time.Time
	// Owns, if set, says which guilds this process handles; nil: every one.
	Owns func(guild string) bool
	// Retry is the command this service is for (game.Service.Once), nil
	// for any.
	Retry *Retry
}

// Time is the service's clock.
func (b *Base) Time() time.Time {
	if b.Now != nil {
		return b.Now()
	}
	return time.Now()
}

// Handles reports whether the service handles a guild (Owns).
func (b *Base) Handles(guild string) bool { return b.Owns == nil || b.Owns(guild) }

// Guilds are the guilds with anything stored that the service handles.
func (b *Base) Guilds() ([]string, error) {
	var out []string
	err := b.Store.View(func(tx *store.Tx) error {
		var err error
		out, err = tx.Guilds()
		return err
	})
	out = slices.DeleteFunc(out, func(g string) bool { return !b.Handles(g) })
	return out, err
}

// Seed draws a fresh 32-byte dice seed from Rand.
func (b *Base) Seed() ([]byte, error) {
	seed := make([]byte, 32)
	src := b.Rand
	if src == nil {
		src = rand.Reader
	}
	_, err := io.ReadFull(src, seed)
	return seed, err
}

// InRoster runs fn on the guild's roster inside one transaction (OnceGuild)
// and stores what fn leaves in *rec if fn succeeds and the roster still
// passes its Check. A roster seen for the first time gets its dice seed
// here.
func (b *Base) InRoster(guild string, fn func(tx *store.Tx, rec *store.RosterRecord) error) error {
	return b.Store.Update(b.OnceGuild(guild, func(tx *store.Tx) error {
		rec, err := tx.Roster(guild)
		if err != nil {
			return err
		}
		if len(rec.Seed) == 0 {
			if rec.Seed, err = b.Seed(); err != nil {
				return err
			}
		}
		if err := fn(tx, &rec); err != nil {
			return err
		}
		if err := rec.Roster.Check(); err != nil {
			return Refuse("err.roster_check", err.Error())
		}
		return tx.PutRoster(guild, rec)
	}))
}
