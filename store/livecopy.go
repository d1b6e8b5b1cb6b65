package store

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"time"
)

// Copies of a store (issue 14, item 6). A running gunbai holds its store
// file with bbolt's exclusive lock, so another process cannot open it,
// not even read-only. The bot copies it itself (Store.Backup: a read
// transaction beside its writes); a tool run beside it (gunbai backup,
// verify, export) copies it without the lock (CopyLive), as bbolt's
// copy-on-write allows: the pages reachable from the last committed meta
// page are never written over until a transaction after it has committed
// and another has begun, so a copy made while no commit happens is the
// store as that commit left it.

// BackupFile writes a copy of the store (Backup: a read transaction, so
// the bot may keep running) to a new file at dst, through a temporary
// file beside it that is synced and renamed into place, so that dst is
// never half written. An existing dst is refused unless force.
func (s *Store) BackupFile(dst string, force bool) (int64, error) {
	if !force {
		if _, err := os.Lstat(dst); err == nil {
			return 0, fmt.Errorf("store: backup: %s exists (give -force to replace it)", dst)
		}
	}
	tmp, err := os.CreateTemp(filepath.Dir(dst), "."+filepath.Base(dst)+".*.tmp")
	if err != nil {
		return 0, fmt.Errorf("store: backup: %w", err)
	}
	defer os.Remove(tmp.Name()) // gone once renamed
	n, err := s.Backup(tmp)
	if err == nil {
		err = tmp.Sync()
	}
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err == nil && !force {
		// Checked again: a file made meanwhile is not replaced either.
		if _, serr := os.Lstat(dst); serr == nil {
			err = fmt.Errorf("store: backup: %s exists (give -force to replace it)", dst)
		}
	}
	if err == nil {
		err = os.Rename(tmp.Name(), dst)
	}
	if err != nil {
		return n, err
	}
	syncDir(filepath.Dir(dst))
	return n, nil
}

// syncDir makes a rename in dir durable where the system allows it.
func syncDir(dir string) {
	if d, err := os.Open(dir); err == nil {
		d.Sync()
		d.Close()
	}
}

// liveTries bounds how often CopyLive starts again when the store
// committed while it was being copied.
const liveTries = 40

// CopyLive copies the store file at path to dst (created or truncated)
// while another process, a running gunbai, may have it open and write to
// it: it reads the last committed meta page, copies the pages it reaches
// (the file up to its high-water mark), and reads the meta pages again;
// if no commit happened meanwhile the copy is that commit's store, and
// both its meta pages are made that one. Otherwise it starts again, a
// little later, up to liveTries times. The copy is not checked here:
// Open checks it (OpenLive does).
func CopyLive(path, dst string) error {
	for i := range liveTries {
		done, err := copyOnce(path, dst)
		if err != nil || done {
			return err
		}
		time.Sleep(time.Duration(i+1) * 5 * time.Millisecond)
	}
	return fmt.Errorf("store: %s was written to during each of %d copies; try again when the bot is quieter", path, liveTries)
}

// copyHook, if set, runs in each try of CopyLive between the copy of the
// meta pages and the others (tests commit there).
var copyHook func()

// copyOnce is one try of CopyLive: done is false if the store committed
// while it copied.
func copyOnce(path, dst string) (done bool, err error) {
	f, err := os.Open(path)
	if err != nil {
		return false, fmt.Errorf("store: %s: %w", path, err)
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		return false, fmt.Errorf("store: %s: %w", path, err)
	}
	if fi.Size() == 0 {
		return false, refuseEmpty(path)
	}
	live := &pageChecker{f: f, size: fi.Size()}
	before, reason := live.meta()
	if reason != "" {
		return false, &DamagedError{Path: path, Reason: reason}
	}
	size := int64(before.hwm) * int64(live.pageSize)
	out, err := os.OpenFile(dst, os.O_RDWR|os.O_CREATE|os.O_TRUNC, 0o600)
	if err != nil {
		return false, fmt.Errorf("store: copy of %s: %w", path, err)
	}
	defer func() {
		if cerr := out.Close(); err == nil && cerr != nil {
			err = fmt.Errorf("store: copy of %s: %w", path, cerr)
		}
	}()
	// The meta pages first, then the pages they reach.
	metas := min(size, 2*int64(live.pageSize))
	n, err := io.Copy(out, io.NewSectionReader(f, 0, metas))
	if err == nil {
		if copyHook != nil {
			copyHook()
		}
		var m int64
		m, err = io.Copy(out, io.NewSectionReader(f, metas, size-metas))
		n += m
	}
	if err != nil {
		return false, fmt.Errorf("store: copy of %s: %w", path, err)
	}
	if n < size {
		return false, &DamagedError{Path: path, Reason: fmt.Sprintf("it is %d bytes, cut short of the %d pages of %d bytes it has", n, before.hwm, live.pageSize)}
	}
	after, reason := live.meta()
	if reason != "" || after.txid != before.txid {
		return false, nil // a commit meanwhile: the copy may mix two
	}
	// The copy's meta pages were read before its other pages: the one of
	// the commit copied must be among them.
	c := &pageChecker{f: out, size: size, pageSize: live.pageSize}
	var page []byte
	for slot := range 2 {
		p := c.readAt(live.pageSize, int64(slot*live.pageSize))
		if m, ok := parseMeta(p); ok && m.txid == before.txid {
			page = p
		}
	}
	if page == nil {
		return false, nil
	}
	// Both meta pages are made that commit's, as bbolt's own copy
	// (Tx.WriteTo) writes them: the older one may reach pages the store
	// has since written over.
	for slot := range 2 {
		ne.PutUint64(page[0:], uint64(slot))
		if _, err := out.WriteAt(page, int64(slot*live.pageSize)); err != nil {
			return false, fmt.Errorf("store: copy of %s: %w", path, err)
		}
	}
	return true, out.Sync()
}

// OpenLive opens the store file at path read-only for a tool, even while
// a running gunbai holds it: if the file lock cannot be had within the
// timeout, the store is read from a copy made by CopyLive in a temporary
// file, checked as Open checks any file. done closes the store and
// removes the copy; the store's Path is then the copy's.
func OpenLive(path string, opt Options) (st *Store, live bool, done func() error, err error) {
	opt.ReadOnly = true
	st, err = Open(path, opt)
	if err == nil {
		return st, false, st.Close, nil
	}
	if !errors.Is(err, ErrLocked) {
		return nil, false, nil, err
	}
	tmp, err := os.CreateTemp("", "gunbai-live-*.db")
	if err != nil {
		return nil, false, nil, fmt.Errorf("store: copy of %s: %w", path, err)
	}
	tmp.Close()
	if err := CopyLive(path, tmp.Name()); err != nil {
		os.Remove(tmp.Name())
		return nil, false, nil, err
	}
	st, err = Open(tmp.Name(), opt)
	if err != nil {
		os.Remove(tmp.Name())
		var d *DamagedError
		if errors.As(err, &d) {
			d.Path = path + " (a copy made while gunbai runs)"
		}
		return nil, false, nil, err
	}
	return st, true, func() error {
		err := st.Close()
		os.Remove(tmp.Name())
		return err
	}, nil
}
