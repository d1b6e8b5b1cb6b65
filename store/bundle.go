package store

import (
	"bytes"
	"encoding/binary"
	"errors"
	"slices"
)

// A turn's values are kept together since schema 4: one value of the
// battle's turns bucket per turn, under the turn's 4 bytes, a bundle of
// the turn's stored values by name ("events", "orders.north", ...), each
// in its own encoding as before (compact or a JSON envelope), so that
// changing one copies the others' bytes without decoding them. Turns are
// appended in order, so their pages fill; a bucket per turn (schema 3 and
// before) took a page of its own or more for its 2-3 KB.
//
//	0x01 <count: uvarint> (<name length: uvarint> <name> <value length: uvarint> <value>)...
//
// The names are in increasing order, each once.

const bundleMagic = 0x01

// bundle is a turn's values by name, in name order.
type bundle []bundleItem

type bundleItem struct {
	name, value []byte
}

// isBundle reports whether raw is a bundle (a compact value starts with
// 0x00, a JSON envelope with '{').
func isBundle(raw []byte) bool { return len(raw) > 0 && raw[0] == bundleMagic }

// parseBundle reads a bundle; its items alias raw.
func parseBundle(raw []byte) (bundle, error) {
	bad := errors.New("store: a turn's values are damaged (bad bundle)")
	if !isBundle(raw) {
		return nil, bad
	}
	rest := raw[1:]
	next := func() ([]byte, bool) {
		n, k := binary.Uvarint(rest)
		if k <= 0 || n > uint64(len(rest)-k) {
			return nil, false
		}
		out := rest[k : k+int(n)]
		rest = rest[k+int(n):]
		return out, true
	}
	count, k := binary.Uvarint(rest)
	if k <= 0 || count > uint64(len(rest)) {
		return nil, bad
	}
	rest = rest[k:]
	b := make(bundle, 0, count)
	for range count {
		name, ok1 := next()
		value, ok2 := next()
		if !ok1 || !ok2 || (len(b) > 0 && bytes.Compare(b[len(b)-1].name, name) >= 0) {
			return nil, bad
		}
		b = append(b, bundleItem{name, value})
	}
	if len(rest) != 0 {
		return nil, bad
	}
	return b, nil
}

// get is the value of name, nil if none.
func (b bundle) get(name []byte) []byte {
	if i, ok := b.find(name); ok {
		return b[i].value
	}
	return nil
}

func (b bundle) find(name []byte) (int, bool) {
	return slices.BinarySearchFunc(b, name, func(it bundleItem, n []byte) int { return bytes.Compare(it.name, n) })
}

// with returns the bundle with name set to value (nil: removed).
func (b bundle) with(name, value []byte) bundle {
	i, ok := b.find(name)
	switch {
	case ok && value == nil:
		return slices.Delete(slices.Clone(b), i, i+1)
	case ok:
		out := slices.Clone(b)
		out[i].value = value
		return out
	case value == nil:
		return b
	}
	return slices.Insert(slices.Clone(b), i, bundleItem{name, value})
}

// encode writes the bundle out, a fresh slice.
func (b bundle) encode() []byte {
	n := 1 + binary.MaxVarintLen64
	for _, it := range b {
		n += 2*binary.MaxVarintLen64 + len(it.name) + len(it.value)
	}
	out := make([]byte, 0, n)
	out = append(out, bundleMagic)
	out = binary.AppendUvarint(out, uint64(len(b)))
	for _, it := range b {
		out = binary.AppendUvarint(out, uint64(len(it.name)))
		out = append(out, it.name...)
		out = binary.AppendUvarint(out, uint64(len(it.value)))
		out = append(out, it.value...)
	}
	return out
}
