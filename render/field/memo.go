package field

import (
	"bytes"
	"image"
	"sync"
	"sync/atomic"

	"github.com/gunbai/gunbai/render"
)

// Parts of the field drawn again and again alike (the legend, a counter)
// are remembered: what a part of the picture was before one was drawn on
// it, and what it was after. When the same thing is drawn again on a part
// that is as it was, the pixels after are copied in instead: the very
// pixels drawing it would give, as drawing depends only on what it draws
// (the key) and on what is under it (compared, pixel for pixel). What
// draws beyond its part is not remembered. The memo holds only pixels that
// some picture drew with the same key on the same pixels: a picture copies
// from it only what it would have drawn itself, so one audience's picture
// shows nothing of another's.

// memoEntry is a part drawn: its pixels before and after, row by row.
type memoEntry struct {
	before, after []byte
}

// memos is the memo, by key and part; it is emptied when it holds more
// than maxMemoBytes. Its entries are never written once stored.
var memos = struct {
	sync.Mutex
	m            map[memoKey]*memoEntry
	bytes        int
	hits, misses atomic.Int64
}{}

// memoKey is the whole input of a part's drawing, so that what may change
// its pixels is named here, field by field, and two drawings with other
// inputs never share pixels: the part, where it is, the language and the
// picture's scale and grid, and what the part itself shows, printed by
// the part's own function of the drawer (tokenKey and the like) from the
// values its drawing reads. The view and the battle are not in it as
// such: a counter in North's view is South's or a replay frame's when its
// unit, marks and leaders are, and that is what the memo is for; what the
// view changes in a part (a unit hidden from the enemy, the title's words)
// is in its own input. TestMemoKeyFields changes each field and wants the
// memo to miss.
type memoKey struct {
	part         memoPart
	rect         image.Rectangle // the part of the picture drawn in
	lang         render.Lang
	cs           float64 // the cell's size: the faces' and the lines' too
	gridX, gridY float64 // where the grid's top left corner is
	own          string  // what the part shows: its unit, HQ, lines, words
}

// memoPart is what a memo's entry is a drawing of.
type memoPart int8

const (
	memoToken  memoPart = iota + 1 // a unit's counter (tokens.go)
	memoHQ                         // an HQ with its leaders (hq.go)
	memoLegend                     // the legend's lines (legend.go)
	memoTitle                      // what is above the field (title.go)
)

// memoKeyOf is the key of part, drawn with own in r of d's picture.
func (d *drawer) memoKeyOf(part memoPart, r image.Rectangle, own string) memoKey {
	if d.img != nil {
		r = r.Intersect(d.img.Rect)
	}
	return memoKey{part: part, rect: r, lang: d.lang, cs: d.l.cs, gridX: d.l.gridX, gridY: d.l.gridY, own: own}
}

const (
	// maxMemoBytes bounds the memo: a battle's counters and legend take
	// a few hundred KB, and the memory is the bot's (issue 18's load:
	// 1,000 battles in 150 MB).
	maxMemoBytes = 8 << 20
	// memoMargin is how far around its part a drawing is checked for
	// pixels it changed: one that does is not remembered.
	memoMargin = 2
)

// noMemo makes every part be drawn (tests, benchmarks).
var noMemo atomic.Bool

// memo draws with draw, in d.img, the part that k names (everything the
// drawing depends on but the pixels under it), or copies it from the memo.
func (d *drawer) memo(k memoKey, draw func()) {
	img := d.img
	if img == nil || noMemo.Load() {
		draw()
		return
	}
	r := k.rect
	e := lookupMemo(k)
	if e != nil && rectEqual(img, r, e.before) {
		memos.hits.Add(1)
		rectCopy(img, r, e.after)
		return
	}
	memos.misses.Add(1)
	before := rectPixels(img, r, make([]byte, 0, 4*r.Dx()*r.Dy()))
	ring := ringAround(img, r)
	var was []byte
	for _, q := range ring {
		was = rectPixels(img, q, was)
	}
	draw()
	var now []byte
	for _, q := range ring {
		now = rectPixels(img, q, now)
	}
	if !bytes.Equal(was, now) {
		return
	}
	storeMemo(k, &memoEntry{before: before, after: rectPixels(img, r, make([]byte, 0, len(before)))})
}

// ringAround is the parts of img within memoMargin of r, outside it.
func ringAround(img *image.RGBA, r image.Rectangle) []image.Rectangle {
	o := r.Inset(-memoMargin).Intersect(img.Rect)
	return []image.Rectangle{
		image.Rect(o.Min.X, o.Min.Y, o.Max.X, r.Min.Y), image.Rect(o.Min.X, r.Max.Y, o.Max.X, o.Max.Y),
		image.Rect(o.Min.X, r.Min.Y, r.Min.X, r.Max.Y), image.Rect(r.Max.X, r.Min.Y, o.Max.X, r.Max.Y),
	}
}

// lookupMemo is the entry of k, or nil.
func lookupMemo(k memoKey) *memoEntry {
	memos.Lock()
	defer memos.Unlock()
	return memos.m[k]
}

// storeMemo keeps e as the entry of k, unless k has one.
func storeMemo(k memoKey, e *memoEntry) {
	n := len(e.before) + len(e.after) + len(k.own)
	memos.Lock()
	defer memos.Unlock()
	if memos.m == nil || memos.bytes+n > maxMemoBytes {
		memos.m, memos.bytes = map[memoKey]*memoEntry{}, 0
	}
	if _, ok := memos.m[k]; !ok {
		memos.m[k] = e
		memos.bytes += n
	}
}

// rectPixels appends the pixels of the part r of img to buf, row by row.
func rectPixels(img *image.RGBA, r image.Rectangle, buf []byte) []byte {
	for y := r.Min.Y; y < r.Max.Y; y++ {
		i := img.PixOffset(r.Min.X, y)
		buf = append(buf, img.Pix[i:i+4*r.Dx()]...)
	}
	return buf
}

// rectEqual reports whether the part r of img has the pixels pix.
func rectEqual(img *image.RGBA, r image.Rectangle, pix []byte) bool {
	w := 4 * r.Dx()
	if len(pix) != w*r.Dy() {
		return false
	}
	for y := r.Min.Y; y < r.Max.Y; y++ {
		i := img.PixOffset(r.Min.X, y)
		if !bytes.Equal(img.Pix[i:i+w], pix[(y-r.Min.Y)*w:(y-r.Min.Y+1)*w]) {
			return false
		}
	}
	return true
}

// rectCopy sets the part r of img to the pixels pix.
func rectCopy(img *image.RGBA, r image.Rectangle, pix []byte) {
	w := 4 * r.Dx()
	for y := r.Min.Y; y < r.Max.Y; y++ {
		copy(img.Pix[img.PixOffset(r.Min.X, y):], pix[(y-r.Min.Y)*w:(y-r.Min.Y+1)*w])
	}
}
