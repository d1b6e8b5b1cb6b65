package store

import (
	"errors"
	"fmt"
	"io/fs"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	bolt "go.etcd.io/bbolt"

	"github.com/gunbai/gunbai/engine"
	"github.com/gunbai/gunbai/internal/racetest"
)

// writeDamageStore writes a store with battles in two guilds, each with a
// few turns, so that its tree has branch, leaf and overflow pages, and
// returns its path.
func writeDamageStore(t *testing.T) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "gunbai.db")
	s, err := Open(path, Options{NoSync: true})
	if err != nil {
		t.Fatal(err)
	}
	err = s.Update(func(tx *Tx) error {
		for _, g := range []string{"g1", "g2"} {
			for i := range 4 {
				id := fmt.Sprintf("b%d", i)
				if err := tx.PutBattle(testRecord(g, id)); err != nil {
					return err
				}
				for turn := range 3 {
					if err := tx.BattleTurn(g, id, turn).PutSnapshot(testBattle(id)); err != nil {
						return err
					}
					if err := tx.BattleTurn(g, id, turn).PutOrders(engine.North, testOrders(engine.North)); err != nil {
						return err
					}
					if err := tx.BattleTurn(g, id, turn).PutEvents(testEvents()); err != nil {
						return err
					}
				}
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	return path
}

// pageTypes gives the bbolt type of every page of a file below its high
// water mark ("meta", "freelist", "branch", "leaf", "free"; the overflow
// pages of a page are "overflow"), and the page size.
func pageTypes(t *testing.T, path string) ([]string, int) {
	t.Helper()
	db, err := bolt.Open(path, 0o600, &bolt.Options{ReadOnly: true, PreLoadFreelist: true})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	var types []string
	err = db.View(func(tx *bolt.Tx) error {
		n := int(tx.Size()) / db.Info().PageSize
		types = make([]string, n)
		for id := 0; id < n; id++ {
			if types[id] != "" {
				continue
			}
			p, err := tx.Page(id)
			if err != nil {
				return err
			}
			types[id] = p.Type
			for i := 1; i <= p.OverflowCount && id+i < n; i++ {
				types[id+i] = "overflow"
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return types, db.Info().PageSize
}

// corruption is one way of damaging the file's bytes.
type corruption struct {
	name string
	fn   func([]byte) []byte
}

// readEverything reads every guild, header, battle and turn of an open
// store, and writes one battle, as the bot would; a panic is reported, not
// crashed on. It says whether every call succeeded.
func readEverything(t *testing.T, name string, s *Store) (clean bool) {
	t.Helper()
	clean = true
	defer func() {
		if r := recover(); r != nil {
			t.Errorf("%s: reading the opened store panicked: %v", name, r)
			clean = false
		}
	}()
	note := func(err error) {
		if err != nil {
			clean = false
			if errors.Is(err, ErrDamaged) && !strings.Contains(err.Error(), s.Path()) {
				t.Errorf("%s: %v does not name the file", name, err)
			}
		}
	}
	guilds, err := s.Guilds()
	note(err)
	for _, g := range guilds {
		var hs []Header
		note(s.View(func(tx *Tx) error {
			var err error
			hs, err = tx.Headers(g)
			return err
		}))
		_, err := s.Battles(g)
		note(err)
		_, err = s.Unreadable(g)
		note(err)
		for _, h := range hs {
			_, err := s.Battle(g, h.ID)
			note(err)
			turns, err := s.Turns(g, h.ID)
			note(err)
			for _, n := range turns {
				_, err := s.BattleTurn(g, h.ID, n).Record()
				note(err)
			}
		}
	}
	note(s.PutBattle(testRecord("g3", "new")))
	return clean
}

// A damaged store file is refused at Open with an error naming the file,
// or, when bbolt's check finds nothing wrong, reading all of it never
// panics (issue 10, item 5). The corruptions are real: bytes flipped at
// many offsets (every page's header and elements, and spread through the
// data), the file truncated, whole pages zeroed or filled.
func TestDamagedFiles(t *testing.T) {
	orig := writeDamageStore(t)
	data, err := os.ReadFile(orig)
	if err != nil {
		t.Fatal(err)
	}
	types, pageSize := pageTypes(t, orig)
	used := 0
	for _, ty := range types {
		if ty != "free" {
			used++
		}
	}
	if len(types) < 20 || used < 10 {
		t.Fatalf("the test store is too small to damage: %d pages, %d used", len(types), used)
	}

	var cs []corruption
	flip := func(off int) corruption {
		return corruption{fmt.Sprintf("byte %d (page %d, +%d) flipped", off, off/pageSize, off%pageSize), func(b []byte) []byte {
			b[off] ^= 0xff
			return b
		}}
	}
	// Every page's header (id, flags, count, overflow) and its first
	// elements' headers.
	for p := range types {
		for _, o := range []int{0, 8, 10, 12, 16, 20, 24, 28, 32, 40, 48, 64} {
			cs = append(cs, flip(p*pageSize+o))
		}
	}
	// Spread through the data, from a fixed seed.
	rng := rand.New(rand.NewPCG(10, 5))
	for range 150 {
		cs = append(cs, flip(rng.IntN(len(data))))
	}
	mustRefuse := map[string]bool{}
	hwm := len(types) // the file may be longer: bbolt grows it ahead
	for _, n := range []int{1, 2, 3, hwm / 2, hwm - 1} {
		size := n * pageSize
		c := corruption{fmt.Sprintf("truncated to %d bytes (%d of its %d pages)", size, n, hwm), func(b []byte) []byte { return b[:size] }}
		cs = append(cs, c)
		mustRefuse[c.name] = true
	}
	cs = append(cs, corruption{"cut one byte short of its pages", func(b []byte) []byte { return b[:hwm*pageSize-1] }})
	mustRefuse["cut one byte short of its pages"] = true
	for p, ty := range types {
		for _, fill := range []byte{0, 0xff} {
			c := corruption{fmt.Sprintf("page %d (%s) filled with %#x", p, ty, fill), func(b []byte) []byte {
				for i := p * pageSize; i < (p+1)*pageSize; i++ {
					b[i] = fill
				}
				return b
			}}
			cs = append(cs, c)
			if ty == "branch" || ty == "leaf" || ty == "freelist" {
				// A page in use that lost its header. (An overflow
				// page only holds the end of a value: its loss is
				// found when the value is read.)
				mustRefuse[c.name] = true
			}
		}
	}

	dir := t.TempDir()
	refused, readClean, readErrs, tried := 0, 0, 0, 0
	stride := racetest.Stride(4) // under -race, every 4th, and all that must be refused
	for i, c := range cs {
		if i%stride != 0 && !mustRefuse[c.name] {
			continue
		}
		tried++
		path := filepath.Join(dir, fmt.Sprintf("c%d.db", i))
		b := c.fn(append([]byte(nil), data...))
		if err := os.WriteFile(path, b, 0o600); err != nil {
			t.Fatal(err)
		}
		s, err := Open(path, Options{NoSync: true, Timeout: 100 * time.Millisecond})
		if err != nil {
			refused++
			if !strings.Contains(err.Error(), path) {
				t.Errorf("%s: Open's error %q does not name the file", c.name, err)
			}
			if errors.Is(err, ErrDamaged) && !strings.Contains(err.Error(), "restore the latest backup") {
				t.Errorf("%s: %q does not say what to do", c.name, err)
			}
			os.Remove(path)
			continue
		}
		if mustRefuse[c.name] {
			t.Errorf("%s: Open accepted it", c.name)
		}
		if readEverything(t, c.name, s) {
			readClean++
		} else {
			readErrs++
		}
		s.Close()
		os.Remove(path)
	}
	t.Logf("%d corruptions of a %d-page store (%d pages in use): %d refused at Open, %d opened and read whole, %d opened and read with errors (no panic)",
		tried, len(types), used, refused, readClean, readErrs)
	if refused < len(mustRefuse) {
		t.Errorf("only %d refused at Open", refused)
	}
}

// An empty file is refused, not silently made a new store.
func TestOpenRefusesEmpty(t *testing.T) {
	path := filepath.Join(t.TempDir(), "gunbai.db")
	if err := os.WriteFile(path, nil, 0o600); err != nil {
		t.Fatal(err)
	}
	for _, ro := range []bool{false, true} {
		_, err := Open(path, Options{ReadOnly: ro})
		if !errors.Is(err, ErrDamaged) {
			t.Fatalf("Open of an empty file (read-only %v): err = %v; want ErrDamaged", ro, err)
		}
		for _, want := range []string{path, "empty (0 bytes)", "restore the latest backup"} {
			if !strings.Contains(err.Error(), want) {
				t.Errorf("error %q does not say %q", err, want)
			}
		}
	}
	if fi, err := os.Stat(path); err != nil || fi.Size() != 0 {
		t.Errorf("the refused file was changed: %v, %v", fi, err)
	}
	// A missing file is still created.
	s, err := Open(filepath.Join(t.TempDir(), "new.db"), Options{})
	if err != nil {
		t.Fatal(err)
	}
	s.Close()
}

// Damage that appears after Open (the file changed under the bot) makes
// View and Update return ErrDamaged instead of crashing the process: a
// page zeroed (bbolt panics) and the file truncated (reading the mapped
// file faults).
func TestDamageAfterOpen(t *testing.T) {
	for _, how := range []string{"zeroed", "truncated"} {
		t.Run(how, func(t *testing.T) {
			path := writeDamageStore(t)
			types, pageSize := pageTypes(t, path)
			s, err := Open(path, Options{NoSync: true})
			if err != nil {
				t.Fatal(err)
			}
			f, err := os.OpenFile(path, os.O_RDWR, 0)
			if err != nil {
				t.Fatal(err)
			}
			switch how {
			case "zeroed":
				for p, ty := range types {
					if ty == "leaf" || ty == "branch" {
						if _, err := f.WriteAt(make([]byte, pageSize), int64(p*pageSize)); err != nil {
							t.Fatal(err)
						}
					}
				}
			case "truncated":
				if err := f.Truncate(int64(3 * pageSize)); err != nil {
					t.Fatal(err)
				}
			}
			f.Close()
			err = s.View(func(tx *Tx) error {
				for _, g := range []string{"g1", "g2"} {
					if _, err := tx.Battles(g); err != nil {
						return err
					}
				}
				return nil
			})
			if !errors.Is(err, ErrDamaged) || !strings.Contains(err.Error(), path) {
				t.Errorf("View over a %s file: err = %v; want ErrDamaged naming the file", how, err)
			}
			err = s.Update(func(tx *Tx) error {
				_, err := tx.Battle("g1", "b1")
				return err
			})
			if !errors.Is(err, ErrDamaged) {
				t.Errorf("Update over a %s file: err = %v; want ErrDamaged", how, err)
			}
			// The store writes no more (bbolt may still hold its
			// writer lock), without waiting for it, and Close returns.
			err = s.PutBattle(testRecord("g3", "new"))
			if !errors.Is(err, ErrDamaged) || !strings.Contains(err.Error(), "no longer written to") {
				t.Errorf("write after damage: err = %v", err)
			}
			closed := make(chan error)
			go func() { closed <- s.Close() }()
			select {
			case err := <-closed:
				t.Logf("Close: %v", err)
			case <-time.After(2 * closeWait):
				t.Fatal("Close hangs after damage")
			}
		})
	}
}

// A panic of the caller's own function is not taken for damage: it goes
// on, as before.
func TestGuardKeepsOtherPanics(t *testing.T) {
	s, _ := openTemp(t, Options{NoSync: true})
	for _, run := range []func(func(*Tx) error) error{s.View, s.Update} {
		func() {
			defer func() {
				if r := recover(); r != "a bug" {
					t.Errorf("recovered %v; want the caller's panic", r)
				}
			}()
			run(func(*Tx) error { panic("a bug") })
			t.Error("the caller's panic was swallowed")
		}()
		func() {
			defer func() {
				if r := recover(); r == nil {
					t.Error("a nil dereference was swallowed")
				}
			}()
			run(func(*Tx) error {
				var p *BattleRecord
				_ = p.ID
				return nil
			})
		}()
	}
	// The store still works.
	if err := s.PutBattle(testRecord("1", "b")); err != nil {
		t.Error(err)
	}
}

// A folder given as the store's path is said to be a folder, not a
// damaged store with a backup to restore (issue 25 item 8); nothing is
// created in it.
func TestOpenFolderIsNotDamaged(t *testing.T) {
	dir := t.TempDir()
	_, err := Open(dir, Options{Timeout: time.Second})
	var pe *fs.PathError
	if !errors.Is(err, ErrFolder) || errors.Is(err, ErrDamaged) || !errors.As(err, &pe) || pe.Path != dir ||
		strings.Contains(err.Error(), "backup") || !strings.Contains(err.Error(), "is a folder") {
		t.Fatalf("Open(folder): %v", err)
	}
	if files, _ := os.ReadDir(dir); len(files) != 0 {
		t.Fatalf("Open wrote in the folder: %v", files)
	}
}
