package store

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	bolt "go.etcd.io/bbolt"
)

// Re-sharding (issue 18): a guild lives in the store of the process that
// runs its shard. When the shard count changes, guilds move between
// processes: CopyGuilds takes the guilds a new process serves out of the
// old stores, whole, into its new store. Each store remembers which
// guilds its process served (meta/served, written by gunbai run), so a
// stale copy of a guild another process went on serving is never taken
// for the live one.

var keyServed = []byte("served")

// Served is the part of the guilds a store's process served: those of the
// shards IDs among Shards. Shards under 2 (a store never sharded): all.
type Served struct {
	Shards int   `json:"shards"`
	IDs    []int `json:"ids,omitempty"` // nil: every shard of Shards
}

// ShardOf is the shard of a guild among count shards, Discord's formula
// (guild_id >> 22) % count; 0 if count is under 2 or the ID is not a
// snowflake (so a post without a guild goes to shard 0, like DMs).
func ShardOf(guild string, count int) int {
	if count < 2 {
		return 0
	}
	id, err := strconv.ParseUint(guild, 10, 64)
	if err != nil {
		return 0
	}
	return int((id >> 22) % uint64(count))
}

// Serves reports whether the guild is one of those served.
func (s Served) Serves(guild string) bool {
	return s.Shards < 2 || s.IDs == nil || slices.Contains(s.IDs, ShardOf(guild, s.Shards))
}

// SetServed records which guilds the store's process serves.
func (s *Store) SetServed(sv Served) error {
	return s.Update(func(tx *Tx) error {
		v, err := encode(sv)
		if err != nil {
			return err
		}
		return tx.tx.Bucket(bucketMeta).Put(keyServed, v)
	})
}

// Served reads what SetServed recorded; a store without a record served
// every guild it holds.
func (s *Store) Served() (sv Served, err error) {
	err = s.View(func(tx *Tx) error {
		raw := tx.tx.Bucket(bucketMeta).Get(keyServed)
		if raw == nil {
			return nil
		}
		return decode(raw, &sv, "meta/served")
	})
	return sv, err
}

// CopyReport says what CopyGuilds took from one old store.
type CopyReport struct {
	Guilds  []string // copied, whole
	Skipped []string // held but served by another process there (stale copies)
	Posts   int      // owed posts copied
	Lives   int      // live messages copied
	Sheets  int      // order sheets copied
	// Dropped are the order sheets left behind because the new store
	// already has one with the same ID (from another old store): their
	// players open a new one with /orders.
	Dropped int
	// Players is the players' choices copied (copyPlayers).
	Players int
}

// CopyGuilds copies from src every guild that src served and keep wants:
// its whole subtree as stored (battles, turns, secrets, journal, campaign,
// duels: the bytes as they are), its owed posts (renumbered after the
// store's own, in their order), its live messages and its players' order
// sheets (with their IDs, which the buttons of their messages carry). A
// guild the store already has is refused: two old stores that both served
// it would be a mistake to resolve by hand. One transaction: on an error
// nothing is copied.
func (s *Store) CopyGuilds(src *Store, keep func(guild string) bool) (CopyReport, error) {
	var rep CopyReport
	served, err := src.Served()
	if err != nil {
		return rep, err
	}
	err = src.View(func(from *Tx) error {
		return s.Update(func(to *Tx) error {
			rep = CopyReport{}
			return copyGuilds(to, from, served, keep, &rep)
		})
	})
	return rep, err
}

func copyGuilds(to, from *Tx, served Served, keep func(string) bool, rep *CopyReport) error {
	guilds, err := from.Guilds()
	if err != nil {
		return err
	}
	moving := map[string]bool{}
	for _, g := range guilds {
		if !keep(g) {
			continue
		}
		if !served.Serves(g) {
			rep.Skipped = append(rep.Skipped, g)
			continue
		}
		if to.tx.Bucket(bucketGuilds).Bucket([]byte(g)) != nil {
			return fmt.Errorf("store: guild %s is in %s and in a store copied before it: only one process can have served it", g, from.s.path)
		}
		dst, err := to.tx.Bucket(bucketGuilds).CreateBucket([]byte(g))
		if err != nil {
			return err
		}
		if err := copyBucket(dst, from.tx.Bucket(bucketGuilds).Bucket([]byte(g))); err != nil {
			return fmt.Errorf("store: copying guild %s: %w", g, err)
		}
		moving[g] = true
		rep.Guilds = append(rep.Guilds, g)
	}
	sheets, err := copySheets(to, from, moving, rep)
	if err != nil {
		return err
	}
	posts, err := copyPosts(to, from, moving, sheets, rep)
	if err != nil {
		return err
	}
	if err := copyLives(to, from, moving, sheets, posts, rep); err != nil {
		return err
	}
	return copyPlayers(to, from, rep)
}

// copyPlayers copies the players' own choices (PlayerPrefs, issue 29): a
// player's, not a guild's, they would be lost with the old stores. Each
// new store gets every player's choice it does not have yet: a DM's
// command reaches shard 0, a guild's the guild's shard, and either must
// still know what he chose. A store's own choice is kept over a copied one.
func copyPlayers(to, from *Tx, rep *CopyReport) error {
	src := from.tx.Bucket(bucketPlayers)
	if src == nil {
		return nil
	}
	dst, err := to.tx.CreateBucketIfNotExists(bucketPlayers)
	if err != nil {
		return err
	}
	return src.ForEach(func(k, v []byte) error {
		if v == nil || dst.Get(k) != nil {
			return nil
		}
		rep.Players++
		return dst.Put(bytes.Clone(k), bytes.Clone(v))
	})
}

// copyBucket copies src's keys, nested buckets and sequence into dst.
func copyBucket(dst, src *bolt.Bucket) error {
	if err := dst.SetSequence(src.Sequence()); err != nil {
		return err
	}
	return src.ForEach(func(k, v []byte) error {
		if v != nil {
			return dst.Put(bytes.Clone(k), bytes.Clone(v))
		}
		nested, err := dst.CreateBucket(bytes.Clone(k))
		if err != nil {
			return err
		}
		return copyBucket(nested, src.Bucket(k))
	})
}

// copySheets copies the moving guilds' sheets with their IDs and returns
// the guild of every sheet of src ("" for one dropped or not moving). A
// sheet whose ID the store has is dropped and taken off its battle.
func copySheets(to, from *Tx, moving map[string]bool, rep *CopyReport) (map[uint64]string, error) {
	out := map[uint64]string{}
	srcB := from.tx.Bucket(bucketSheets)
	if srcB == nil {
		return out, nil
	}
	dstB, err := to.tx.CreateBucketIfNotExists(bucketSheets)
	if err != nil {
		return nil, err
	}
	// New sheets never reuse an ID an old message's buttons may carry.
	if err := dstB.SetSequence(max(dstB.Sequence(), srcB.Sequence())); err != nil {
		return nil, err
	}
	dropped := map[[2]string][]uint64{} // guild, battle: sheets left behind
	err = srcB.ForEach(func(k, v []byte) error {
		var sh Sheet
		if err := decode(v, &sh, fmt.Sprintf("sheet %d", binary.BigEndian.Uint64(k))); err != nil {
			return err
		}
		if !moving[sh.Guild] {
			return nil
		}
		if dstB.Get(k) != nil {
			dropped[[2]string{sh.Guild, sh.Battle}] = append(dropped[[2]string{sh.Guild, sh.Battle}], sh.ID)
			rep.Dropped++
			return nil
		}
		out[sh.ID] = sh.Guild
		rep.Sheets++
		return dstB.Put(bytes.Clone(k), bytes.Clone(v))
	})
	if err != nil {
		return nil, err
	}
	for gb, ids := range dropped {
		rec, err := to.Battle(gb[0], gb[1])
		if errors.Is(err, ErrNotFound) {
			continue
		} else if err != nil {
			return nil, err
		}
		rec.Sheets = slices.DeleteFunc(rec.Sheets, func(id uint64) bool { return slices.Contains(ids, id) })
		if err := to.PutBattle(rec); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// copyPosts copies the moving guilds' owed posts after the store's own,
// in their order, and returns their new IDs by old ID. A post showing a
// dropped sheet is left behind with it.
func copyPosts(to, from *Tx, moving map[string]bool, sheets map[uint64]string, rep *CopyReport) (map[uint64]uint64, error) {
	posts, err := from.Outbox()
	if err != nil {
		return nil, err
	}
	out := map[uint64]uint64{}
	for _, p := range posts {
		if !moving[p.Guild] || (p.Live != "" && liveGuild(p.Live, sheets) == "") {
			continue
		}
		old := p.ID
		ids, err := to.Owe(p)
		if err != nil {
			return nil, err
		}
		if len(ids) == 1 {
			out[old] = ids[0]
			rep.Posts++
		}
	}
	return out, nil
}

// copyLives copies the moving guilds' live messages, their owed post
// renumbered.
func copyLives(to, from *Tx, moving map[string]bool, sheets map[uint64]string, posts map[uint64]uint64, rep *CopyReport) error {
	srcB := from.tx.Bucket(bucketLive)
	if srcB == nil {
		return nil
	}
	return srcB.ForEach(func(k, v []byte) error {
		if !moving[liveGuild(string(k), sheets)] {
			return nil
		}
		var l Live
		if err := decode(v, &l, "live "+string(k)); err != nil {
			return err
		}
		l.Owed = posts[l.Owed] // 0 when none was owed
		rep.Lives++
		return to.PutLive(l)
	})
}

// liveGuild is the guild of a live message by its key: package game's
// keys name it second ("status.<guild>.<battle>.<audience>", "duel.",
// "fight.", "summary.", "aftermath."), a sheet's by the sheet
// ("sheet.<id>.<turn>"); "" when not known.
func liveGuild(key string, sheets map[uint64]string) string {
	kind, rest, _ := strings.Cut(key, ".")
	guild, _, _ := strings.Cut(rest, ".")
	if kind == "sheet" {
		id, err := strconv.ParseUint(guild, 10, 64)
		if err != nil {
			return ""
		}
		return sheets[id]
	}
	return guild
}
