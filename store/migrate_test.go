package store

import (
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"testing"

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
					if td.Record, err = tx.Turn(g, rec.ID, n); err != nil {
						return err
					}
					for side := range td.Command {
						c, err := tx.Command(g, rec.ID, n, engine.Side(side))
						if err == nil {
							td.Command[side] = &c
						} else if !errors.Is(err, ErrNotFound) {
							return err
						}
					}
					if td.Phase, err = tx.Phase(g, rec.ID, n); err != nil {
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

// TestWriteV1 wrote testdata/v1.db and testdata/v1.json with the code of
// schema 1 (run once with GUNBAI_WRITE_V1=1 before the compact encoding).
func TestWriteV1(t *testing.T) {
	if os.Getenv("GUNBAI_WRITE_V1") == "" {
		t.Skip("writes testdata/v1.db with this build's encoding")
	}
	c := newClock()
	s, _ := openTemp(t, Options{Clock: c.now, NoSync: true})
	sb := twelveTurns(t)
	sb.logs, sb.turns = sb.logs[:2], sb.turns[:2]
	sb.final = twelve.turns[2]
	writeSim(t, s, "1", "sekigahara", sb)
	rec := testRecord("2", "okehazama")
	if err := s.PutBattle(rec); err != nil {
		t.Fatal(err)
	}
	err := s.Update(func(tx *Tx) error {
		for _, turn := range []int{0, 1, 2} {
			if err := tx.PutSnapshot("2", "okehazama", turn, testBattle("okehazama")); err != nil {
				return err
			}
			if err := tx.PutOrders("2", "okehazama", turn, 0, testOrders(0)); err != nil {
				return err
			}
			if turn < 2 {
				if err := tx.PutEvents("2", "okehazama", turn, testEvents()); err != nil {
					return err
				}
			}
		}
		if err := tx.PutOrders("2", "okehazama", 3, 1, nil); err != nil {
			return err
		}
		draft := testRecord("2", "nagashino")
		draft.Status, draft.Turn = StatusDraft, 0
		return tx.PutBattle(draft)
	})
	if err != nil {
		t.Fatal(err)
	}
	// Compacted into a fresh file, so that it is small.
	tmp := filepath.Join(t.TempDir(), "copy.db")
	if _, err := s.BackupFile(tmp, true); err != nil {
		t.Fatal(err)
	}
	src, err := bolt.Open(tmp, 0o600, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer src.Close()
	dst, err := bolt.Open(filepath.Join(t.TempDir(), "compact.db"), 0o600, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer dst.Close()
	if err := bolt.Compact(dst, src, 1<<20); err != nil {
		t.Fatal(err)
	}
	f, err := os.Create(filepath.Join("testdata", "v1.db"))
	if err != nil {
		t.Fatal(err)
	}
	if err := dst.View(func(tx *bolt.Tx) error { _, err := tx.WriteTo(f); return err }); err != nil {
		t.Fatal(err)
	}
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join("testdata", "v1.json"), dumpStore(t, s), 0o644); err != nil {
		t.Fatal(err)
	}
}
