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
// Values are JSON wrapped in a versioned envelope {"v":1,"data":...}, or
// for the large ones (a battle's record, a turn's snapshot, command phase
// and events) the same JSON deflated (codec.go, "compact"); a value
// written by a newer schema is refused with a *VersionError rather than
// misread.
//
// Layout of the file:
//
//	meta/format                                  {"v":3,"data":{"app":"gunbai"}} (SchemaVersion)
//	guilds/<guild>/battles/<battle>/record       BattleRecord
//	guilds/<guild>/campaign/roster               RosterRecord (roster.go)
//	guilds/<guild>/campaign/<kind>/<id>          a quick battle, an assault, a siege (game)
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
	"io/fs"
	"os"
	"strings"
	"sync/atomic"
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
	// CheckTime bounds how long Open walks the file's pages to check them
	// before bbolt's consistency check; zero or negative means
	// DefaultCheckTime. A file too big to walk in that time is opened
	// without the rest of the check (a damaged page met later is still
	// refused by View and Update with ErrDamaged).
	CheckTime time.Duration
}

// Store is an open store file. Its methods are safe for concurrent use:
// bbolt allows one writer and many readers at a time.
type Store struct {
	db    *bolt.DB
	path  string
	clock func() time.Time
	// broken is the damage a write transaction met: bbolt may then be
	// left holding its writer lock, so the store writes no more and
	// Close does not wait for ever.
	broken atomic.Pointer[DamagedError]
	// headers and posts remember decoded battle headers and outbox posts
	// by their stored bytes (memo.go).
	headers headerMemo
	posts   postMemo
	group   group // Batch calls waiting to commit together
}

// ErrLocked is matched (errors.Is) by the error Open returns when another
// process holds the file.
var ErrLocked = errors.New("store: file is in use by another process")

// ErrFolder is the error of Open on a folder: a store is a file, and a
// folder is not a damaged one (the path is wrong, no backup is needed).
// Open returns it in an *fs.PathError naming the folder.
var ErrFolder = errors.New("is a folder, not a store file; give the path of the store file in it (such as gunbai.db)")

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

// Open opens (creating if needed) the store file at path. An existing file
// that is empty or damaged (bbolt's consistency check fails, or bbolt
// panics reading it) is refused with a *DamagedError (ErrDamaged) naming
// the file and what is wrong, rather than adopted or crashed on.
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
	checkTime := opt.CheckTime
	if checkTime <= 0 {
		checkTime = DefaultCheckTime
	}
	if fi, err := os.Stat(path); err == nil && fi.IsDir() {
		return nil, &fs.PathError{Op: "store", Path: path, Err: ErrFolder}
	}
	if err := refuseEmpty(path); err != nil {
		return nil, err
	}
	bopt := &bolt.Options{
		Timeout:  timeout,
		ReadOnly: true,
		NoSync:   opt.NoSync,
	}
	// An existing file is first opened read-only, which reads nothing but
	// its meta pages and takes a shared lock (so a running gunbai is not
	// checked under its feet), and its pages are walked; only then does
	// bbolt, which trusts them, open it for real.
	_, statErr := os.Stat(path)
	exists := statErr == nil
	var db *bolt.DB
	complete := false
	if exists || opt.ReadOnly {
		probe, err := openBolt(path, bopt)
		if err != nil {
			return nil, err
		}
		reason, done, err := preflight(path, time.Now().Add(checkTime))
		if err == nil && reason != "" {
			err = &DamagedError{Path: path, Reason: reason}
		}
		if err != nil {
			probe.Close()
			return nil, err
		}
		complete = done
		if opt.ReadOnly {
			db = probe
		} else if err := probe.Close(); err != nil {
			return nil, fmt.Errorf("store: close %s: %w", path, err)
		}
	}
	if db == nil {
		bopt.ReadOnly = false
		var err error
		if db, err = openBolt(path, bopt); err != nil {
			return nil, err
		}
	}
	s := &Store{db: db, path: path, clock: clock, headers: newHeaderMemo(), posts: newPostMemo()}
	if exists && complete {
		if err := s.check(); err != nil {
			db.Close()
			return nil, err
		}
	}
	if err := guard(path, func() error { return s.checkFormat(opt.ReadOnly) }); err != nil {
		db.Close()
		if !strings.Contains(err.Error(), path) {
			err = fmt.Errorf("store: %s: %w", path, err)
		}
		return nil, err
	}
	if !opt.ReadOnly {
		if err := guard(path, s.migrate); err != nil {
			db.Close()
			return nil, err
		}
	}
	return s, nil
}

// openBolt is bolt.Open under guard, with its errors said for a store.
func openBolt(path string, bopt *bolt.Options) (*bolt.DB, error) {
	// The file is kept so that it can be closed (and its lock released)
	// if bbolt panics half-way through opening it.
	var file *os.File
	o := *bopt
	o.OpenFile = func(name string, flag int, perm os.FileMode) (*os.File, error) {
		f, err := os.OpenFile(name, flag, perm)
		file = f
		return f, err
	}
	var db *bolt.DB
	err := guard(path, func() error {
		var err error
		db, err = bolt.Open(path, 0o600, &o)
		return err
	})
	switch {
	case err == nil:
		return db, nil
	case errors.Is(err, ErrDamaged):
		if file != nil {
			file.Close()
		}
		return nil, err
	case errors.Is(err, bolterrors.ErrTimeout):
		return nil, &LockedError{Path: path, Timeout: o.Timeout}
	case errors.Is(err, os.ErrNotExist):
		return nil, fmt.Errorf("store: %s does not exist", path)
	case errors.Is(err, bolterrors.ErrInvalid):
		return nil, &DamagedError{Path: path, Reason: "it has no valid bbolt meta page: it is not a store, or its first pages are damaged"}
	case errors.Is(err, bolterrors.ErrChecksum):
		return nil, &DamagedError{Path: path, Reason: "both its meta pages fail their checksum"}
	case strings.Contains(err.Error(), "file size too small"):
		return nil, &DamagedError{Path: path, Reason: "it is too short to be a store (" + err.Error() + ")"}
	}
	return nil, fmt.Errorf("store: open %s: %w", path, err)
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
		v, err := encodeVersion(format{App: appName}, SchemaVersion)
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

// closeWait is how long Close waits for bbolt after a write met damage.
const closeWait = 2 * time.Second

// Close releases the file and its lock. After a write met damage (see
// Update) it waits at most closeWait for bbolt, which may be stuck on the
// writer lock of the failed write: the file is then released when the
// process exits.
func (s *Store) Close() error {
	if s.broken.Load() != nil {
		done := make(chan error, 1)
		go func() { done <- s.db.Close() }()
		select {
		case err := <-done:
			if err != nil {
				return fmt.Errorf("store: close %s: %w", s.path, err)
			}
			return nil
		case <-time.After(closeWait):
			return fmt.Errorf("store: close %s: bbolt is stuck on the damage a write met; the file is released when gunbai exits", s.path)
		}
	}
	if err := s.db.Close(); err != nil {
		return fmt.Errorf("store: close %s: %w", s.path, err)
	}
	return nil
}

// Update runs fn in one read-write transaction. If fn returns an error (or
// panics) nothing fn wrote is kept; otherwise everything is committed
// together. Do not call Discord (or anything slow) inside fn. A damaged
// page met by bbolt is returned as a *DamagedError (ErrDamaged), not a
// panic.
//
// After such damage the store refuses every later Update with ErrDamaged:
// bbolt's state after a failed write cannot be trusted (nor, often, its
// writer lock), and writing more to a damaged file spreads the damage.
func (s *Store) Update(fn func(*Tx) error) error {
	if d := s.broken.Load(); d != nil {
		return &DamagedError{Path: s.path, Reason: "a write met damage before (" + d.Reason + "), so it is no longer written to"}
	}
	err, panicked := guardPanic(s.path, func() error {
		return s.db.Update(func(btx *bolt.Tx) error {
			return fn(&Tx{tx: btx, s: s})
		})
	})
	if d := (*DamagedError)(nil); panicked && errors.As(err, &d) {
		s.broken.Store(d)
	}
	return err
}

// View runs fn in one read-only transaction: a consistent picture of the
// store. Put methods called inside View fail. A damaged page met by bbolt
// is returned as a *DamagedError (ErrDamaged), not a panic.
func (s *Store) View(fn func(*Tx) error) error {
	return guard(s.path, func() error {
		return s.db.View(func(btx *bolt.Tx) error {
			return fn(&Tx{tx: btx, s: s})
		})
	})
}

// Backup writes a consistent copy of the whole file to w (a hot backup: the
// bot may keep running) and returns the number of bytes written.
func (s *Store) Backup(w io.Writer) (int64, error) {
	var n int64
	err := guard(s.path, func() error {
		return s.db.View(func(tx *bolt.Tx) error {
			var err error
			n, err = tx.WriteTo(w)
			return err
		})
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
