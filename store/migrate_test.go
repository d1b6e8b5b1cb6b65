package store

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"errors"
	"io"
	"maps"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	bolt "go.etcd.io/bbolt"

	"github.com/gunbai/gunbai/engine"
)

// dumpStore reads back, through the store's API, everything of every
// battle: records, headers, and per turn the snapshot, orders, seed,
// events, command rolls and command phase. It is the picture the
// migration must keep.
func dumpStore(tb testing.TB, s *Store) []byte {
	tb.Helper()
	type turnDump struct {
		Record  TurnRecord
		Command [2]*CommandRoll
		Phase   CommandPhase
	}
	type battleDump struct {
		Record BattleRecord
		Turns  []turnDump
	}
	out := map[string]any{}
	err := s.View(func(tx *Tx) error {
		guilds, err := tx.Guilds()
		if err != nil {
			return err
		}
		for _, g := range guilds {
			recs, err := tx.Battles(g)
			if err != nil {
				return err
			}
			hs, err := tx.Headers(g)
			if err != nil {
				return err
			}
			var bs []battleDump
			for _, rec := range recs {
				bd := battleDump{Record: rec}
				turns, err := tx.Turns(g, rec.ID)
				if err != nil {
					return err
				}
				for _, n := range turns {
					var td turnDump
					if td.Record, err = tx.BattleTurn(g, rec.ID, n).Record(); err != nil {
						return err
					}
					for side := range td.Command {
						c, err := tx.BattleTurn(g, rec.ID, n).Command(engine.Side(side))
						if err == nil {
							td.Command[side] = &c
						} else if !errors.Is(err, ErrNotFound) {
							return err
						}
					}
					if td.Phase, err = tx.BattleTurn(g, rec.ID, n).Phase(); err != nil {
						return err
					}
					bd.Turns = append(bd.Turns, td)
				}
				bs = append(bs, bd)
			}
			out[g] = map[string]any{"battles": bs, "headers": hs}
		}
		return nil
	})
	if err != nil {
		tb.Fatal(err)
	}
	raw, err := json.Marshal(out)
	if err != nil {
		tb.Fatal(err)
	}
	return raw
}

// v1Store copies testdata/v1.db, a store written by schema 1's code
// (commit e3dc8d1, its TestWriteV1: three battles in two guilds, turns with
// snapshots, orders, seeds, events, command rolls and phases), and returns
// the copy's path and what that code read back from it (testdata/v1.json).
func v1Store(t *testing.T) (string, []byte) {
	t.Helper()
	raw, err := os.ReadFile(filepath.Join("testdata", "v1.db"))
	if err != nil {
		t.Fatal(err)
	}
	want, err := os.ReadFile(filepath.Join("testdata", "v1.json"))
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "v1.db")
	if err := os.WriteFile(path, raw, 0o600); err != nil {
		t.Fatal(err)
	}
	return path, want
}

// encodings counts the compact and JSON values of records and of the turn
// values schema 4 stores compact, and says whether the store is marked as
// migrating and the version of meta/format.
func encodings(t *testing.T, path string) (compact, plain int, migrating bool, format int) {
	t.Helper()
	count := func(raw []byte) {
		switch {
		case raw == nil:
		case isCompact(raw):
			compact++
		default:
			plain++
		}
	}
	viewFile(t, path, func(tx *bolt.Tx) error {
		meta := tx.Bucket(bucketMeta)
		migrating = meta.Get(keyMigrating) != nil
		format, _ = peekVersion(meta.Get(keyFormat))
		guilds := tx.Bucket(bucketGuilds)
		guilds.ForEachBucket(func(g []byte) error {
			bs := guilds.Bucket(g).Bucket(bucketBattles)
			return bs.ForEachBucket(func(id []byte) error {
				count(bs.Bucket(id).Get(keyRecord))
				return nil
			})
		})
		eachTurnValue(tx, func(name, raw []byte, _ bool) {
			if slices.ContainsFunc(compactKeys, func(c []byte) bool { return bytes.Equal(c, name) }) {
				count(raw)
			}
		})
		return nil
	})
	return compact, plain, migrating, format
}

// turnLayout counts the turn values kept in a bucket per turn (schema 3
// and before) and those kept in a bundle per turn (schema 4).
func turnLayout(t *testing.T, path string) (nested, bundled int) {
	t.Helper()
	viewFile(t, path, func(tx *bolt.Tx) error {
		eachTurnValue(tx, func(_, _ []byte, inBucket bool) {
			if inBucket {
				nested++
			} else {
				bundled++
			}
		})
		return nil
	})
	return nested, bundled
}

func sameDump(t *testing.T, what string, got, want []byte) {
	t.Helper()
	var g, w any
	if err := json.Unmarshal(got, &g); err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(want, &w); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(g, w) {
		os.WriteFile(filepath.Join(t.TempDir(), "got.json"), got, 0o644)
		t.Fatalf("%s: the store does not read back as schema 1 read it (%d bytes of dump, want %d)", what, len(got), len(want))
	}
}

// A store written by schema 1 reads back the same before the migration
// (read-only), is migrated at Open, and reads back the same after it:
// every record, header, snapshot, order, seed, event, roll and phase.
func TestMigrateV1(t *testing.T) {
	path, want := v1Store(t)
	if c, p, _, f := encodings(t, path); c != 0 || p == 0 || f != 1 {
		t.Fatalf("testdata/v1.db: %d compact, %d JSON values, format %d", c, p, f)
	}
	sameDump(t, "read-only, not migrated", dumpFile(t, path, true), want)
	if c, _, _, f := encodings(t, path); c != 0 || f != 1 {
		t.Fatal("a read-only Open migrated")
	}

	sameDump(t, "migrated", dumpFile(t, path, false), want)
	c, p, m, f := encodings(t, path)
	if c == 0 || p != 0 || m || f != SchemaVersion {
		t.Fatalf("after the migration: %d compact, %d JSON values, migrating %v, format %d", c, p, m, f)
	}
	if n, b := turnLayout(t, path); n != 0 || b == 0 {
		t.Fatalf("after the migration: %d values in turn buckets, %d in bundles", n, b)
	}
	sameDump(t, "reopened", dumpFile(t, path, false), want)
}

// A migration stopped after its first battle leaves a store that opens
// read-only and reads back the same (both encodings at once), and the next
// Open finishes it.
func TestMigrateResumes(t *testing.T) {
	path, want := v1Store(t)
	done := 0
	migrateHook = func(guild, battle string) error {
		if done == 1 {
			return errors.New("crash")
		}
		done++
		return nil
	}
	_, err := Open(path, Options{})
	migrateHook = nil
	if err == nil || !strings.Contains(err.Error(), "crash") {
		t.Fatalf("Open with a crash in the migration: %v", err)
	}
	c, p, m, f := encodings(t, path)
	if c == 0 || p == 0 || !m || f != SchemaVersion {
		t.Fatalf("half migrated: %d compact, %d JSON values, migrating %v, format %d", c, p, m, f)
	}
	sameDump(t, "half migrated", dumpFile(t, path, true), want)

	sameDump(t, "migration finished", dumpFile(t, path, false), want)
	if c, p, m, _ := encodings(t, path); c == 0 || p != 0 || m {
		t.Fatalf("after the second Open: %d compact, %d JSON values, migrating %v", c, p, m)
	}
}

// A snapshot stored compact reads back as the very battle a schema 1
// JSON envelope gave, over every turn of many sim battles.
func TestCompactSnapshotRoundTrip(t *testing.T) {
	s, _ := openTemp(t, Options{NoSync: true})
	if err := s.PutBattle(testRecord("1", "b")); err != nil {
		t.Fatal(err)
	}
	battles := []engine.Battle{testBattle("b")}
	for seed := uint64(1); seed <= 40; seed++ {
		sb, err := playSim(seed)
		if err != nil {
			t.Fatal(err)
		}
		battles = append(battles, sb.turns...)
		battles = append(battles, sb.final)
	}
	for i, b := range battles {
		if err := s.BattleTurn("1", "b", i).PutSnapshot(b); err != nil {
			t.Fatal(err)
		}
		got, err := s.BattleTurn("1", "b", i).Snapshot()
		if err != nil {
			t.Fatal(err)
		}
		v1, _ := encode(b)
		var want engine.Battle
		if err := decode(v1, &want, "v1"); err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(got, want) {
			t.Fatalf("battle %d: compact snapshot reads back\n%+v\nwant\n%+v", i, got, want)
		}
		gj, _ := json.Marshal(got)
		bj, _ := json.Marshal(b)
		if string(gj) != string(bj) {
			t.Fatalf("battle %d: JSON differs", i)
		}
	}
	t.Logf("%d snapshots", len(battles))
}

// eventsEncodings counts the compact and JSON events of every turn.
func eventsEncodings(t *testing.T, path string) (compact, plain int) {
	t.Helper()
	viewFile(t, path, func(tx *bolt.Tx) error {
		eachTurnValue(tx, func(name, raw []byte, _ bool) {
			switch {
			case !bytes.Equal(name, keyEvents):
			case isCompact(raw):
				compact++
			default:
				plain++
			}
		})
		return nil
	})
	return compact, plain
}

// dumpFile opens the store file at path (read-only, or migrated at Open),
// dumps it (dumpStore) and closes it.
func dumpFile(t *testing.T, path string, readOnly bool) []byte {
	t.Helper()
	s, err := Open(path, Options{ReadOnly: readOnly})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	return dumpStore(t, s)
}

// viewFile reads a closed store file with bbolt itself, behind the
// store's back.
func viewFile(t *testing.T, path string, fn func(tx *bolt.Tx) error) {
	t.Helper()
	db, err := bolt.Open(path, 0o600, &bolt.Options{ReadOnly: true, Timeout: time.Second})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	db.View(fn)
}

// eachTurnValue calls fn with every value of every turn of every battle,
// by its name ("events"), in either layout: a bucket per turn (schema 3
// and before, nested true) or a bundle per turn (schema 4).
func eachTurnValue(tx *bolt.Tx, fn func(name, raw []byte, nested bool)) {
	eachTurnsBucket(tx, func(ts *bolt.Bucket) {
		ts.ForEach(func(k, v []byte) error {
			if v == nil {
				ts.Bucket(k).ForEach(func(name, raw []byte) error { fn(name, raw, true); return nil })
				return nil
			}
			values, _ := parseBundle(v)
			for _, it := range values {
				fn(it.name, it.value, false)
			}
			return nil
		})
	})
}

// eachTurnsBucket calls fn with every battle's turns bucket.
func eachTurnsBucket(tx *bolt.Tx, fn func(ts *bolt.Bucket)) {
	guilds := tx.Bucket(bucketGuilds)
	guilds.ForEachBucket(func(g []byte) error {
		bs := guilds.Bucket(g).Bucket(bucketBattles)
		return bs.ForEachBucket(func(id []byte) error {
			if ts := bs.Bucket(id).Bucket(bucketTurns); ts != nil {
				fn(ts)
			}
			return nil
		})
	})
}

// The events of testdata/v1.db, JSON there, are compact after the
// migration and read back the very events schema 1 read (v1.json).
func TestMigrateV1Events(t *testing.T) {
	path, want := v1Store(t)
	if c, p := eventsEncodings(t, path); c != 0 || p == 0 {
		t.Fatalf("testdata/v1.db: %d compact, %d JSON events", c, p)
	}
	s, err := Open(path, Options{})
	if err != nil {
		t.Fatal(err)
	}
	got := dumpStore(t, s)
	s.Close()
	if c, p := eventsEncodings(t, path); c == 0 || p != 0 {
		t.Fatalf("after the migration: %d compact, %d JSON events", c, p)
	}
	events := func(dump []byte) []any {
		var d map[string]struct {
			Battles []struct {
				Turns []struct{ Record struct{ Events any } }
			}
		}
		if err := json.Unmarshal(dump, &d); err != nil {
			t.Fatal(err)
		}
		var out []any
		for _, g := range slices.Sorted(maps.Keys(d)) {
			for _, b := range d[g].Battles {
				for _, tr := range b.Turns {
					out = append(out, tr.Record.Events)
				}
			}
		}
		return out
	}
	g, w := events(got), events(want)
	n := 0
	for _, e := range w {
		if es, ok := e.([]any); ok {
			n += len(es)
		}
	}
	if n == 0 {
		t.Fatal("testdata/v1.json has no events")
	}
	if !reflect.DeepEqual(g, w) {
		t.Fatalf("the events after the migration differ from schema 1's:\n%v\nwant\n%v", g, w)
	}
}

// schema2Store makes of testdata/v1.db a store as schema 2 left it: its
// records, snapshots and command phases compact, everything else JSON, a
// bucket per turn, and meta/format of version 2.
func schema2Store(t *testing.T) (string, []byte) {
	t.Helper()
	path, want := v1Store(t)
	db, err := bolt.Open(path, 0o600, &bolt.Options{Timeout: time.Second})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	err = db.Update(func(tx *bolt.Tx) error {
		v, err := encodeVersion(format{App: appName}, 2)
		if err != nil {
			return err
		}
		if err := tx.Bucket(bucketMeta).Put(keyFormat, v); err != nil {
			return err
		}
		guilds := tx.Bucket(bucketGuilds)
		guilds.ForEachBucket(func(g []byte) error {
			bs := guilds.Bucket(g).Bucket(bucketBattles)
			return bs.ForEachBucket(func(id []byte) error { return compactValue(bs.Bucket(id), keyRecord) })
		})
		eachTurnsBucket(tx, func(ts *bolt.Bucket) {
			ts.ForEachBucket(func(k []byte) error {
				for _, key := range [][]byte{keySnapshot, keyPhase} {
					if e := compactValue(ts.Bucket(k), key); e != nil && err == nil {
						err = e
					}
				}
				return nil
			})
		})
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return path, want
}

// A store of schema 2 (events JSON, the rest compact) reads back the
// same, is migrated at Open to schema 3 (its events compact), resumably,
// and reads back the same after.
func TestMigrateV2(t *testing.T) {
	path, want := schema2Store(t)
	if c, p := eventsEncodings(t, path); c != 0 || p == 0 {
		t.Fatalf("the schema 2 store: %d compact, %d JSON events", c, p)
	}
	if _, _, m, f := encodings(t, path); m || f != 2 {
		t.Fatalf("the schema 2 store: migrating %v, format %d", m, f)
	}
	sameDump(t, "schema 2, read-only", dumpFile(t, path, true), want)

	// Stopped after the first battle: some events compact, some not.
	done := 0
	migrateHook = func(guild, battle string) error {
		if done == 1 {
			return errors.New("crash")
		}
		done++
		return nil
	}
	_, err := Open(path, Options{})
	migrateHook = nil
	if err == nil || !strings.Contains(err.Error(), "crash") {
		t.Fatalf("Open with a crash in the migration: %v", err)
	}
	if c, p := eventsEncodings(t, path); c == 0 || p == 0 {
		t.Fatalf("half migrated: %d compact, %d JSON events", c, p)
	}
	if _, _, m, f := encodings(t, path); !m || f != SchemaVersion {
		t.Fatalf("half migrated: migrating %v, format %d", m, f)
	}
	sameDump(t, "schema 2, half migrated", dumpFile(t, path, true), want)

	sameDump(t, "schema 2, migrated", dumpFile(t, path, false), want)
	if c, p := eventsEncodings(t, path); c == 0 || p != 0 {
		t.Fatalf("after the migration: %d compact, %d JSON events", c, p)
	}
	if c, p, m, f := encodings(t, path); c == 0 || p != 0 || m || f != SchemaVersion {
		t.Fatalf("after the migration: %d compact, %d JSON values, migrating %v, format %d", c, p, m, f)
	}
}

// v3Store copies testdata/v3.db, a store written by schema 3's code
// (commit 2f3bed5: a 12-turn sim battle written as the bot writes one, and
// a battle not started), and returns the copy's path and what that code
// read back from it (testdata/v3.json.gz).
func v3Store(t *testing.T) (string, []byte) {
	t.Helper()
	raw, err := os.ReadFile(filepath.Join("testdata", "v3.db"))
	if err != nil {
		t.Fatal(err)
	}
	f, err := os.Open(filepath.Join("testdata", "v3.json.gz"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	zr, err := gzip.NewReader(f)
	if err != nil {
		t.Fatal(err)
	}
	want, err := io.ReadAll(zr)
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "v3.db")
	if err := os.WriteFile(path, raw, 0o600); err != nil {
		t.Fatal(err)
	}
	return path, want
}

// A store written by schema 3 (a bucket per turn, orders and command rolls
// JSON) reads back the same read-only, is migrated at Open (every turn's
// bucket replaced by the bundle of its values, the orders and rolls compact),
// resumably, and reads back the same after; the file it then grows into
// is smaller.
func TestMigrateV3(t *testing.T) {
	path, want := v3Store(t)
	if n, f := turnLayout(t, path); n == 0 || f != 0 {
		t.Fatalf("testdata/v3.db: %d values in turn buckets, %d in bundles", n, f)
	}
	if c, p, m, f := encodings(t, path); c == 0 || p == 0 || m || f != 3 {
		t.Fatalf("testdata/v3.db: %d compact, %d JSON values, migrating %v, format %d", c, p, m, f)
	}
	sameDump(t, "schema 3, read-only", dumpFile(t, path, true), want)

	migrateHook = func(guild, battle string) error {
		if guild == "2" {
			return errors.New("crash")
		}
		return nil
	}
	_, err := Open(path, Options{})
	migrateHook = nil
	if err == nil || !strings.Contains(err.Error(), "crash") {
		t.Fatalf("Open with a crash in the migration: %v", err)
	}
	if n, f := turnLayout(t, path); n != 0 || f == 0 {
		t.Fatalf("the battle with turns migrated first: %d values in turn buckets, %d in bundles", n, f)
	}
	if _, _, m, _ := encodings(t, path); !m {
		t.Fatal("half migrated, not marked migrating")
	}

	sameDump(t, "schema 3, migrated", dumpFile(t, path, false), want)
	if c, p, m, f := encodings(t, path); c == 0 || p != 0 || m || f != SchemaVersion {
		t.Fatalf("after the migration: %d compact, %d JSON values, migrating %v, format %d", c, p, m, f)
	}
	if n, f := turnLayout(t, path); n != 0 || f == 0 {
		t.Fatalf("after the migration: %d values in turn buckets, %d in bundles", n, f)
	}
}
