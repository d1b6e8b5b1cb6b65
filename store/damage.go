package store

import (
	"encoding/binary"
	"errors"
	"fmt"
	"hash/fnv"
	"io"
	"os"
	"runtime"
	"runtime/debug"
	"strings"
	"time"

	bolt "go.etcd.io/bbolt"
)

// ErrDamaged is matched (errors.Is) by the error of Open when the file is
// empty or fails bbolt's consistency check, and by the error of View,
// Update and Backup when bbolt meets a damaged page while reading: the
// concrete error is a *DamagedError.
var ErrDamaged = errors.New("store: the file is damaged")

// DamagedError says which file is damaged and what is wrong with it. The
// file as it is cannot be trusted: the remedy is to stop gunbai and put a
// backup of the store in its place.
type DamagedError struct {
	Path   string
	Reason string // what is wrong, e.g. "page 7: unreachable unfreed"
}

func (e *DamagedError) Error() string {
	return fmt.Sprintf("store: %s is damaged (%s); stop gunbai and restore the latest backup of the store in its place", e.Path, e.Reason)
}

// Is makes errors.Is(err, ErrDamaged) true.
func (e *DamagedError) Is(target error) bool { return target == ErrDamaged }

// DefaultCheckTime bounds the walk of the file's pages that Open does
// before bbolt's consistency check.
const DefaultCheckTime = 10 * time.Second

// guard runs fn, turning a panic raised inside bbolt, or a memory fault
// while reading the mapped file, into a *DamagedError naming path. bbolt
// trusts its pages: a damaged one makes it panic (an assertion, an index
// out of range) or read outside the file (a fault, which is only a panic
// with debug.SetPanicOnFault). Any other panic, such as a bug in the
// function given to View or Update, goes on unchanged.
func guard(path string, fn func() error) error {
	err, _ := guardPanic(path, fn)
	return err
}

// guardPanic is guard, also saying whether bbolt panicked.
func guardPanic(path string, fn func() error) (err error, panicked bool) {
	defer debug.SetPanicOnFault(debug.SetPanicOnFault(true))
	defer func() {
		if r := recover(); r != nil {
			if !fromBolt(r) {
				panic(r)
			}
			err = &DamagedError{Path: path, Reason: fmt.Sprintf("bbolt failed reading it: %v", r)}
			panicked = true
		}
	}()
	return fn(), false
}

// fromBolt reports whether the panic being recovered (r) comes from bbolt
// or from reading its mapped file. Called from the deferred function of
// guard: the stack still holds the frames that panicked.
func fromBolt(r any) bool {
	if _, ok := r.(interface{ Addr() uintptr }); ok {
		// A fault at a real address (not a nil pointer): only reading
		// the memory-mapped file outside its pages does that.
		return true
	}
	pcs := make([]uintptr, 128)
	n := runtime.Callers(3, pcs) // runtime.Callers, fromBolt, guard's deferred function
	frames := runtime.CallersFrames(pcs[:n])
	for {
		f, more := frames.Next()
		switch {
		case strings.HasPrefix(f.Function, "go.etcd.io/bbolt"):
			return true
		case strings.HasPrefix(f.Function, "github.com/gunbai/gunbai/"):
			// Our own code (the function given to View or Update, or
			// the store reading a value) panicked before reaching
			// bbolt's frames.
			return false
		}
		if !more {
			return false
		}
	}
}

// refuseEmpty refuses an existing file of 0 bytes: bbolt would silently
// make it a new, empty store, and a store that lost its battles (a full
// disk, a bad copy) would look like one that never had any.
func refuseEmpty(path string) error {
	fi, err := os.Stat(path)
	if err != nil || !fi.Mode().IsRegular() || fi.Size() != 0 {
		return nil
	}
	return &DamagedError{Path: path, Reason: "the file is empty (0 bytes), a store never is; if it is meant to be a new store, delete the file and gunbai creates it"}
}

// check runs bbolt's consistency check (tx.Check: every page reachable
// once, no page both used and free, keys in order) on the open store. Open
// calls it only on a file whose pages preflight has walked.
func (s *Store) check() error {
	var errs []string
	err := guard(s.path, func() error {
		return s.db.View(func(tx *bolt.Tx) error {
			for err := range tx.Check() {
				if len(errs) < 3 {
					errs = append(errs, err.Error())
				}
			}
			return nil
		})
	})
	if err != nil {
		return err
	}
	if len(errs) > 0 {
		return &DamagedError{Path: s.path, Reason: "bbolt's check: " + strings.Join(errs, "; ")}
	}
	return nil
}

// The on-disk format of bbolt (version 2), as far as preflight reads it.
// Numbers are in the machine's byte order, as bbolt writes them.
const (
	boltMagic      = 0xED0CDAED
	boltVersion    = 2
	pageHeaderSize = 16 // id uint64, flags uint16, count uint16, overflow uint32
	elementSize    = 16 // branch: pos, ksize uint32, pgid uint64; leaf: flags, pos, ksize, vsize uint32
	bucketHeader   = 16 // root pgid uint64, sequence uint64
	metaSize       = 64 // magic, version, page size, flags uint32; root bucket; freelist, pgid, txid, checksum uint64
	flagBranch     = 0x01
	flagLeaf       = 0x02
	flagFreelist   = 0x10
	flagBucket     = 0x01 // of a leaf element
	noFreelist     = ^uint64(0)
	maxDepth       = 64 // far deeper than any real tree of 4 KiB pages
)

var ne = binary.NativeEndian

// preflight walks the pages of a store file, reading them from the file
// (not bbolt's memory map), before bbolt does: that the file is as long as
// its pages say, that its freelist and every page of its tree, from the
// meta page bbolt would use, is where its parent says, of the right kind,
// referenced once (no cycle), with every element inside its page. bbolt
// trusts all of that: a page that lies makes it panic, fault outside the
// file, allocate without end or loop for ever, some of which no recover
// can catch, and bbolt's own check (tx.Check) walks the tree the same
// trusting way. The walk stops at the deadline: complete says whether it
// read everything; reason is what is wrong, or "".
func preflight(path string, deadline time.Time) (reason string, complete bool, err error) {
	f, err := os.Open(path)
	if err != nil {
		return "", false, fmt.Errorf("store: %s: %w", path, err)
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		return "", false, fmt.Errorf("store: %s: %w", path, err)
	}
	c := &pageChecker{f: f, size: fi.Size(), deadline: deadline, used: map[uint64]bool{}, free: map[uint64]bool{}}
	m, reason := c.meta()
	if reason != "" {
		return reason, true, nil
	}
	if m.hwm > uint64(c.size)/uint64(c.pageSize) {
		return fmt.Sprintf("it is %d bytes, cut short of the %d pages of %d bytes it has", c.size, m.hwm, c.pageSize), true, nil
	}
	c.hwm = m.hwm
	if m.freelist != noFreelist {
		if reason, err := c.freelist(m.freelist); reason != "" || err != nil {
			return reason, true, err
		}
	}
	reason, err = c.tree(m.root, 0)
	if err == errTimeUp {
		return "", false, nil
	}
	return reason, true, err
}

var errTimeUp = errors.New("time up")

type boltMeta struct {
	pageSize            uint32
	root, freelist, hwm uint64
	txid                uint64
}

type pageChecker struct {
	f          *os.File
	size       int64
	pageSize   int
	hwm        uint64
	deadline   time.Time
	pages      int
	used, free map[uint64]bool
}

// parseMeta reads the meta of a meta page starting at b; ok is false if it
// is not valid (magic, version, checksum), as bbolt's Meta.Validate.
func parseMeta(b []byte) (m boltMeta, ok bool) {
	if len(b) < pageHeaderSize+metaSize {
		return m, false
	}
	b = b[pageHeaderSize:]
	h := fnv.New64a()
	h.Write(b[:56])
	if ne.Uint32(b[0:]) != boltMagic || ne.Uint32(b[4:]) != boltVersion || ne.Uint64(b[56:]) != h.Sum64() {
		return m, false
	}
	return boltMeta{pageSize: ne.Uint32(b[8:]), root: ne.Uint64(b[16:]), freelist: ne.Uint64(b[32:]),
		hwm: ne.Uint64(b[40:]), txid: ne.Uint64(b[48:])}, true
}

func (c *pageChecker) readAt(n int, off int64) []byte {
	b := make([]byte, n)
	k, err := c.f.ReadAt(b, off)
	if err != nil && err != io.EOF {
		return nil
	}
	return b[:k]
}

// meta finds the page size and the meta page bbolt would use: the valid
// one of the higher transaction.
func (c *pageChecker) meta() (boltMeta, string) {
	m0, ok0 := parseMeta(c.readAt(pageHeaderSize+metaSize, 0))
	if ok0 {
		c.pageSize = int(m0.pageSize)
	} else {
		// As bbolt's getPageSize: the second meta page, at the offset of
		// a page size from 1 KiB to 16 MiB.
		for i := 0; i <= 14 && c.pageSize == 0; i++ {
			if m, ok := parseMeta(c.readAt(pageHeaderSize+metaSize, 1024<<i)); ok && int(m.pageSize) == 1024<<i {
				c.pageSize = int(m.pageSize)
			}
		}
	}
	if c.pageSize < 1024 || c.pageSize > 1<<24 {
		return boltMeta{}, "neither of its meta pages is valid"
	}
	m1, ok1 := parseMeta(c.readAt(pageHeaderSize+metaSize, int64(c.pageSize)))
	m := m0
	switch {
	case ok0 && ok1 && m1.txid > m0.txid, !ok0 && ok1:
		m = m1
	case !ok0 && !ok1:
		return boltMeta{}, "neither of its meta pages is valid"
	}
	if int(m.pageSize) != c.pageSize {
		return boltMeta{}, fmt.Sprintf("its meta pages disagree on the page size (%d, %d)", m0.pageSize, m1.pageSize)
	}
	return m, ""
}

// page reads page id with its overflow pages, checking that it is inside
// the file and says it is page id.
func (c *pageChecker) page(id uint64, what string) ([]byte, string, error) {
	c.pages++
	if c.pages%256 == 0 && time.Now().After(c.deadline) {
		return nil, "", errTimeUp
	}
	if id < 2 || id >= c.hwm {
		return nil, fmt.Sprintf("%s points to page %d, outside pages 2..%d", what, id, c.hwm-1), nil
	}
	off := int64(id) * int64(c.pageSize)
	p := c.readAt(c.pageSize, off)
	if len(p) < c.pageSize {
		return nil, fmt.Sprintf("page %d is cut short", id), nil
	}
	if got := ne.Uint64(p); got != id {
		return nil, fmt.Sprintf("page %d (%s) says it is page %d", id, what, got), nil
	}
	overflow := uint64(ne.Uint32(p[12:]))
	if id+overflow >= c.hwm {
		return nil, fmt.Sprintf("page %d (%s) overflows to page %d, outside pages 2..%d", id, what, id+overflow, c.hwm-1), nil
	}
	for i := uint64(0); i <= overflow; i++ {
		if c.used[id+i] {
			return nil, fmt.Sprintf("page %d (%s) is used twice", id+i, what), nil
		}
		if c.free[id+i] {
			return nil, fmt.Sprintf("page %d (%s) is in use and free", id+i, what), nil
		}
		c.used[id+i] = true
	}
	if overflow > 0 {
		p = c.readAt(int(overflow+1)*c.pageSize, off)
		if len(p) < int(overflow+1)*c.pageSize {
			return nil, fmt.Sprintf("page %d is cut short", id), nil
		}
	}
	return p, "", nil
}

func (c *pageChecker) freelist(id uint64) (string, error) {
	p, reason, err := c.page(id, "the freelist")
	if reason != "" || err != nil {
		return reason, err
	}
	if flags := ne.Uint16(p[8:]); flags != flagFreelist {
		return fmt.Sprintf("page %d, the freelist, is not one (flags %#x)", id, flags), nil
	}
	start, count := uint64(pageHeaderSize), uint64(ne.Uint16(p[10:]))
	if count == 0xFFFF {
		count = ne.Uint64(p[pageHeaderSize:])
		start += 8
	}
	if count > uint64(len(p)-int(start))/8 {
		return fmt.Sprintf("page %d, the freelist, lists %d pages, more than it holds", id, count), nil
	}
	for i := range count {
		free := ne.Uint64(p[start+8*i:])
		if free < 2 || free >= c.hwm {
			return fmt.Sprintf("page %d, the freelist, lists page %d, outside pages 2..%d", id, free, c.hwm-1), nil
		}
		if c.free[free] {
			return fmt.Sprintf("page %d, the freelist, lists page %d twice", id, free), nil
		}
		if c.used[free] {
			return fmt.Sprintf("page %d, the freelist, lists its own page %d as free", id, free), nil
		}
		c.free[free] = true
	}
	return "", nil
}

// tree checks the page id of a bucket's tree and everything under it.
func (c *pageChecker) tree(id uint64, depth int) (string, error) {
	if depth > maxDepth {
		return fmt.Sprintf("its tree is deeper than %d levels at page %d", maxDepth, id), nil
	}
	p, reason, err := c.page(id, "a tree page")
	if reason != "" || err != nil {
		return reason, err
	}
	switch flags := ne.Uint16(p[8:]); flags {
	case flagBranch:
		count := int(ne.Uint16(p[10:]))
		if count == 0 {
			return fmt.Sprintf("branch page %d is empty", id), nil
		}
		if pageHeaderSize+count*elementSize > len(p) {
			return fmt.Sprintf("branch page %d has %d elements, more than it holds", id, count), nil
		}
		for i := range count {
			e := pageHeaderSize + i*elementSize
			pos, ksize := uint64(ne.Uint32(p[e:])), uint64(ne.Uint32(p[e+4:]))
			if uint64(e)+pos+ksize > uint64(len(p)) {
				return fmt.Sprintf("branch page %d: element %d lies outside the page", id, i), nil
			}
			if reason, err := c.tree(ne.Uint64(p[e+8:]), depth+1); reason != "" || err != nil {
				return reason, err
			}
		}
		return "", nil
	case flagLeaf:
		return c.leaf(p, fmt.Sprintf("leaf page %d", id), depth)
	default:
		return fmt.Sprintf("page %d should be a branch or a leaf, its flags are %#x", id, flags), nil
	}
}

// leaf checks the elements of a leaf page (or of an inline bucket's page,
// inside its parent's value) and the buckets they hold.
func (c *pageChecker) leaf(p []byte, what string, depth int) (string, error) {
	if len(p) < pageHeaderSize {
		return what + " is cut short", nil
	}
	count := int(ne.Uint16(p[10:]))
	if pageHeaderSize+count*elementSize > len(p) {
		return fmt.Sprintf("%s has %d elements, more than it holds", what, count), nil
	}
	for i := range count {
		e := pageHeaderSize + i*elementSize
		flags, pos := ne.Uint32(p[e:]), uint64(ne.Uint32(p[e+4:]))
		ksize, vsize := uint64(ne.Uint32(p[e+8:])), uint64(ne.Uint32(p[e+12:]))
		end := uint64(e) + pos + ksize + vsize
		if end > uint64(len(p)) {
			return fmt.Sprintf("%s: element %d lies outside the page", what, i), nil
		}
		if flags&flagBucket == 0 {
			continue
		}
		v := p[uint64(e)+pos+ksize : end]
		if len(v) < bucketHeader {
			return fmt.Sprintf("%s: element %d is a bucket without a header", what, i), nil
		}
		if root := ne.Uint64(v); root != 0 {
			if reason, err := c.tree(root, depth+1); reason != "" || err != nil {
				return reason, err
			}
			continue
		}
		inline := v[bucketHeader:]
		if len(inline) < pageHeaderSize || ne.Uint16(inline[8:]) != flagLeaf {
			return fmt.Sprintf("%s: element %d is an inline bucket without a leaf page", what, i), nil
		}
		if reason, err := c.leaf(inline, fmt.Sprintf("the inline bucket of element %d of %s", i, what), depth+1); reason != "" || err != nil {
			return reason, err
		}
	}
	return "", nil
}
