// Package store keeps Gunbai's battles in one bbolt file (ARCHITECTURE.md,
// "Store"): per guild, per battle, a BattleRecord with the current engine
// state, and per turn the snapshot before resolution, the sealed orders of
// each side, the dice seed and the events of the resolution.
//
// Every change the bot makes at one arrow of the battle lifecycle goes into
// one transaction (Store.Update): either all of it is written or none of it,
// so the bot can die between any two steps and resume. Discord calls never
// happen inside a transaction: do them before or after.
//
// Values are JSON wrapped in a versioned envelope {"v":1,"data":...}; a value
// written by a newer schema is refused with a *VersionError rather than
// misread.
//
// Layout of the file:
//
//	meta/format                                  {"v":1,"data":{"app":"gunbai"}}
//	guilds/<guild>/battles/<battle>/record       BattleRecord
//	guilds/<guild>/battles/<battle>/turns/<turn>/snapshot
//	                                            /orders.north, /orders.south
//	                                            /seed
//	                                            /events
//
// <turn> is a 4-byte big-endian number, so turns sort numerically.
package store

import (
	"errors"
	"fmt"
	"io"
	"os"
	"time"

	bolt "go.etcd.io/bbolt"
	bolterrors "go.etcd.io/bbolt/errors"
)

// DefaultTimeout is how long Open waits for the file lock by default.
const DefaultTimeout = time.Second

// Options tune Open. The zero value is ready to use.
type Options struct {
	// Timeout is how long to wait for the file lock held by another
	// process; zero or negative means DefaultTimeout. (bbolt itself would
	// wait forever on zero; the store never does.)
	Timeout time.Duration
	// Clock gives the time stamped on battle records (CreatedAt,
	// UpdatedAt). Nil means time.Now. Tests pass a fixed clock.
	Clock func() time.Time
	// ReadOnly opens the file with a shared lock and refuses writes (for
	// tools such as verify and backup that run beside nothing else).
	ReadOnly bool
	// NoSync skips fsync after each commit. Only for tests and benchmarks:
	// a crash may lose committed transactions.
	NoSync bool
}

// Store is an open store file. Its methods are safe for concurrent use:
// bbolt allows one writer and many readers at a time.
type Store struct {
	db    *bolt.DB
	path  string
	clock func() time.Time
}

// ErrLocked is matched (errors.Is) by the error Open returns when another
// process holds the file.
var ErrLocked = errors.New("store: file is in use by another process")

// LockedError is returned by Open when the file lock could not be taken in
// time: another process (usually another gunbai) has the file open.
type LockedError struct {
	Path    string
	Timeout time.Duration
}

func (e *LockedError) Error() string {
	return fmt.Sprintf("store: %s is in use by another process (is another gunbai running?); gave up waiting for the lock after %s", e.Path, e.Timeout)
}

// Is makes errors.Is(err, ErrLocked) true.
func (e *LockedError) Is(target error) bool { return target == ErrLocked }

// Open opens (creating if needed) the store file at path.
func Open(path string, opt Options) (*Store, error) {
	if path == "" {
		return nil, errors.New("store: empty file path")
	}
	timeout := opt.Timeout
	if timeout <= 0 {
		timeout = DefaultTimeout
	}
	clock := opt.Clock
	if clock == nil {
		clock = time.Now
	}
	db, err := bolt.Open(path, 0o600, &bolt.Options{
		Timeout:  timeout,
		ReadOnly: opt.ReadOnly,
		NoSync:   opt.NoSync,
	})
	if err != nil {
		if errors.Is(err, bolterrors.ErrTimeout) {
			return nil, &LockedError{Path: path, Timeout: timeout}
		}
		if errors.Is(err, os.ErrNotExist) {
			return nil, fmt.Errorf("store: %s does not exist", path)
		}
		return nil, fmt.Errorf("store: open %s: %w", path, err)
	}
	s := &Store{db: db, path: path, clock: clock}
	if err := s.checkFormat(opt.ReadOnly); err != nil {
		db.Close()
		return nil, err
	}
	return s, nil
}

// format is the file-level marker in meta/format. Its envelope version is
// checked at Open, so a file written by a newer gunbai fails at once.
type format struct {
	App string `json:"app"`
}

const appName = "gunbai"

func (s *Store) checkFormat(readOnly bool) error {
	check := func(tx *bolt.Tx) (found bool, err error) {
		meta := tx.Bucket(bucketMeta)
		if meta == nil {
			return false, nil
		}
		raw := meta.Get(keyFormat)
		if raw == nil {
			return false, nil
		}
		var f format
		if err := decode(raw, &f, "meta/format"); err != nil {
			return true, fmt.Errorf("%s: %w", s.path, err)
		}
		if f.App != appName {
			return true, fmt.Errorf("store: %s is a bbolt file of %q, not a gunbai store", s.path, f.App)
		}
		return true, nil
	}
	if readOnly {
		return s.db.View(func(tx *bolt.Tx) error {
			_, err := check(tx)
			return err
		})
	}
	return s.db.Update(func(tx *bolt.Tx) error {
		found, err := check(tx)
		if err != nil || found {
			return err
		}
		if tx.Bucket(bucketGuilds) == nil {
			// A file with other buckets and no marker is not ours.
			foreign := ""
			tx.ForEach(func(name []byte, _ *bolt.Bucket) error {
				if string(name) != string(bucketMeta) && foreign == "" {
					foreign = string(name)
				}
				return nil
			})
			if foreign != "" {
				return fmt.Errorf("store: %s is not a gunbai store (it has a bucket %q)", s.path, foreign)
			}
		}
		meta, err := tx.CreateBucketIfNotExists(bucketMeta)
		if err != nil {
			return err
		}
		v, err := encode(format{App: appName})
		if err != nil {
			return err
		}
		if err := meta.Put(keyFormat, v); err != nil {
			return err
		}
		_, err = tx.CreateBucketIfNotExists(bucketGuilds)
		return err
	})
}

// Path is the file the store was opened from.
func (s *Store) Path() string { return s.path }

// Close releases the file and its lock.
func (s *Store) Close() error {
	if err := s.db.Close(); err != nil {
		return fmt.Errorf("store: close %s: %w", s.path, err)
	}
	return nil
}

// Update runs fn in one read-write transaction. If fn returns an error (or
// panics) nothing fn wrote is kept; otherwise everything is committed
// together. Do not call Discord (or anything slow) inside fn.
func (s *Store) Update(fn func(*Tx) error) error {
	return s.db.Update(func(btx *bolt.Tx) error {
		return fn(&Tx{tx: btx, s: s})
	})
}

// View runs fn in one read-only transaction: a consistent picture of the
// store. Put methods called inside View fail.
func (s *Store) View(fn func(*Tx) error) error {
	return s.db.View(func(btx *bolt.Tx) error {
		return fn(&Tx{tx: btx, s: s})
	})
}

// Backup writes a consistent copy of the whole file to w (a hot backup: the
// bot may keep running) and returns the number of bytes written.
func (s *Store) Backup(w io.Writer) (int64, error) {
	var n int64
	err := s.db.View(func(tx *bolt.Tx) error {
		var err error
		n, err = tx.WriteTo(w)
		return err
	})
	if err != nil {
		return n, fmt.Errorf("store: backup %s: %w", s.path, err)
	}
	return n, nil
}

// Tx is one transaction, valid only inside the function given to Update or
// View.
type Tx struct {
	tx  *bolt.Tx
	s   *Store
	now time.Time // read from the clock once per transaction
}

// Now is the time stamped on records in this transaction: the store's clock,
// read once per transaction, in UTC without a monotonic reading.
func (t *Tx) Now() time.Time {
	if t.now.IsZero() {
		t.now = t.s.clock().UTC().Round(0)
	}
	return t.now
}

// Writable reports whether the transaction may write (Update, not View).
func (t *Tx) Writable() bool { return t.tx.Writable() }
