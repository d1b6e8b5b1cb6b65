package store

import (
	"bytes"
	"fmt"

	bolt "go.etcd.io/bbolt"

	"github.com/gunbai/gunbai/engine"
)

// The migration to schema 4 (codec.go) rewrites, once, the values that
// schema 4 stores compact and an older schema stored as JSON: every
// battle's record, and every turn's snapshot, command phase, events,
// orders and command rolls (a store of schema 1 has all of them as JSON,
// one of schema 2 all but the record, snapshots and phases, one of schema
// 3 its orders and rolls), and replaces every turn's bucket by the bundle
// of its values, one value of the battle's turns bucket. It runs at Open (not ReadOnly), one transaction per battle.
// meta/migrating marks it under way, set with meta/format's new version
// before the first battle and removed after the last: a gunbai stopped in
// the middle leaves a store that opens, reads both encodings, and goes on
// migrating at the next Open. A value already compact is left alone, so a
// battle done has nothing left to rewrite and doing it again writes
// nothing. A value that does not decode (damaged, or of a newer schema)
// is left as it is, for reading it to say what is wrong as before.
var keyMigrating = []byte("migrating")

// migrateHook, set by tests, is called before each battle is migrated: an
// error stops the migration there, as a crash would.
var migrateHook func(guild, battle string) error

// compactKeys are the values of a turn that schema 4 stores compact.
var compactKeys = [][]byte{keySnapshot, keyPhase, keyEvents,
	keyOrders(engine.North), keyOrders(engine.South), keyCommand(engine.North), keyCommand(engine.South)}

// migrate brings the store to SchemaVersion if it is older or was left
// half migrated.
func (s *Store) migrate() error {
	need := false
	err := s.db.View(func(tx *bolt.Tx) error {
		meta := tx.Bucket(bucketMeta)
		if meta == nil {
			return nil
		}
		v, _ := peekVersion(meta.Get(keyFormat))
		need = v < SchemaVersion || meta.Get(keyMigrating) != nil
		return nil
	})
	if err != nil || !need {
		return err
	}
	err = s.db.Update(func(tx *bolt.Tx) error {
		meta := tx.Bucket(bucketMeta)
		if err := meta.Put(keyMigrating, []byte{SchemaVersion}); err != nil {
			return err
		}
		v, err := encodeVersion(format{App: appName}, SchemaVersion)
		if err != nil {
			return err
		}
		return meta.Put(keyFormat, v)
	})
	if err != nil {
		return fmt.Errorf("store: migrate to schema %d: %w", SchemaVersion, err)
	}
	var battles [][2]string
	err = s.db.View(func(tx *bolt.Tx) error {
		guilds := tx.Bucket(bucketGuilds)
		if guilds == nil {
			return nil
		}
		return guilds.ForEachBucket(func(g []byte) error {
			bs := guilds.Bucket(g).Bucket(bucketBattles)
			if bs == nil {
				return nil
			}
			return bs.ForEachBucket(func(id []byte) error {
				battles = append(battles, [2]string{string(g), string(id)})
				return nil
			})
		})
	})
	if err != nil {
		return fmt.Errorf("store: migrate to schema %d: %w", SchemaVersion, err)
	}
	for _, gb := range battles {
		if migrateHook != nil {
			if err := migrateHook(gb[0], gb[1]); err != nil {
				return err
			}
		}
		err := s.db.Update(func(tx *bolt.Tx) error {
			b := tx.Bucket(bucketGuilds).Bucket([]byte(gb[0])).Bucket(bucketBattles).Bucket([]byte(gb[1]))
			return migrateBattle(b)
		})
		if err != nil {
			return fmt.Errorf("store: migrate battle %q of guild %q to schema %d: %w", gb[1], gb[0], SchemaVersion, err)
		}
	}
	err = s.db.Update(func(tx *bolt.Tx) error {
		return tx.Bucket(bucketMeta).Delete(keyMigrating)
	})
	if err != nil {
		return fmt.Errorf("store: migrate to schema %d: %w", SchemaVersion, err)
	}
	return nil
}

// migrateBattle brings one battle's bucket b to schema 4: its record and
// its turns' values compact where schema 4 stores them so, and every turn's
// bucket replaced by the bundle of its values (bundle.go). A turn already
// a bundle is left alone.
func migrateBattle(b *bolt.Bucket) error {
	if err := compactValue(b, keyRecord); err != nil {
		return err
	}
	ts := b.Bucket(bucketTurns)
	if ts == nil {
		return nil
	}
	ts.FillPercent = appendFill
	var turns [][]byte // the turns' buckets of schema 3 and before
	if err := ts.ForEachBucket(func(k []byte) error {
		turns = append(turns, bytes.Clone(k))
		return nil
	}); err != nil {
		return err
	}
	for _, k := range turns {
		tb := ts.Bucket(k)
		for _, key := range compactKeys {
			if err := compactValue(tb, key); err != nil {
				return err
			}
		}
		var values bundle
		err := tb.ForEach(func(key, v []byte) error {
			if v != nil {
				values = values.with(bytes.Clone(key), bytes.Clone(v))
			}
			return nil
		})
		if err != nil {
			return err
		}
		if err := ts.DeleteBucket(k); err != nil {
			return err
		}
		if len(values) > 0 {
			if err := ts.Put(k, values.encode()); err != nil {
				return err
			}
		}
	}
	return nil
}

// compactValue rewrites the value at key compact if it is a JSON envelope
// that decodes; the JSON data is kept byte for byte.
func compactValue(b *bolt.Bucket, key []byte) error {
	raw := b.Get(key)
	if raw == nil || isCompact(raw) {
		return nil
	}
	data, _, err := valueData(raw, "")
	if err != nil {
		return nil // read as it is, to say what is wrong
	}
	return b.Put(key, compactData(data))
}
