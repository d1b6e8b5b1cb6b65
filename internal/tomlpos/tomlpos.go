// Package tomlpos says where the tables, keys and values of a TOML document
// are written, so that a mistake found after decoding can name its line and
// column. It is the one walker of go-toml's parser for the three file
// formats that point at their mistakes: the bot's config (bot/config), the
// roster files (campaign/rosterfile) and the scenarios and cases
// (engine/scenario); each builds the paths it names its values by from the
// same walk.
//
// It imports go-toml's unstable parser and the standard library only: the
// engine's scenario format uses it, and the engine stays pure.
package tomlpos

import (
	"slices"
	"strconv"
	"unicode/utf8"

	"github.com/pelletier/go-toml/v2/unstable"
)

// Kind is what an Entry is.
type Kind int

// The kinds of entries.
const (
	Table      Kind = iota // a [table] header
	ArrayTable             // an [[array of tables]] header
	Key                    // a key = value, in a table or in an inline table
	Element                // an element of an array value
)

// Part is one step of a path.
type Part struct {
	// Key is a key's name as decoded (quotes and escapes resolved); "" for
	// an element of an array value.
	Key string
	// N is an element's index; for the key of an array of tables, the index
	// of its table the path is in (the last one written so far); -1 otherwise.
	N int
}

// Entry is one thing written in the document.
type Entry struct {
	Kind Kind
	// Path names it from the document's root: [[army]] [[army.unit]] type
	// = ... is army(N 1), unit(N 0), type(N -1) in the second army.
	Path []Part
	// KeyAt is the byte offset where its key starts (a header's first key
	// part); for an Element, where its array's value starts.
	KeyAt int
	// ValueAt is the byte offset where its value starts, -1 when it has
	// none (a header) or go-toml gives it no place.
	ValueAt int
	// Nested: it is written inside a value (an inline table's key, an
	// array's element), not on a line of its own.
	Nested bool
}

// At is where the entry's value starts, or its key when it has no place.
func (e Entry) At() int {
	if e.ValueAt >= 0 {
		return e.ValueAt
	}
	return e.KeyAt
}

// Walk calls fn for every table header, key and array element of data, in
// the order they are written. It stops quietly at a syntax error (the
// decoder reports that error itself), after the entries before it.
func Walk(data []byte, fn func(Entry)) {
	var p unstable.Parser
	p.Reset(data)
	counts := map[string]int{} // an array of tables' resolved path -> its tables so far
	var table []Part
	for p.NextExpression() {
		e := p.Expression()
		switch e.Kind {
		case unstable.Table:
			keys, at := keyOf(e)
			table = resolve(counts, keys)
			fn(Entry{Kind: Table, Path: table, KeyAt: at, ValueAt: -1})
		case unstable.ArrayTable:
			keys, at := keyOf(e)
			table = append(resolve(counts, keys[:len(keys)-1]), Part{Key: keys[len(keys)-1], N: -1})
			name := pathString(table)
			table[len(table)-1].N = counts[name]
			counts[name]++
			fn(Entry{Kind: ArrayTable, Path: table, KeyAt: at, ValueAt: -1})
		case unstable.KeyValue:
			keyValue(table, e, false, fn)
		}
	}
}

// keyValue reports a key = value under prefix and what its value holds.
func keyValue(prefix []Part, kv *unstable.Node, nested bool, fn func(Entry)) {
	keys, at := keyOf(kv)
	path := slices.Clip(prefix)
	for _, k := range keys {
		path = append(path, Part{Key: k, N: -1})
	}
	value(Entry{Kind: Key, Path: path, KeyAt: at, Nested: nested}, kv.Value(), fn)
}

// value reports e, whose value is v, then what v holds.
func value(e Entry, v *unstable.Node, fn func(Entry)) {
	e.ValueAt = -1
	if v.Raw.Length > 0 {
		e.ValueAt = int(v.Raw.Offset)
	}
	fn(e)
	switch v.Kind {
	case unstable.Array:
		it := v.Children()
		for i := 0; it.Next(); i++ {
			value(Entry{Kind: Element, Path: append(slices.Clip(e.Path), Part{N: i}), KeyAt: e.At(), Nested: true}, it.Node(), fn)
		}
	case unstable.InlineTable:
		it := v.Children()
		for it.Next() {
			if n := it.Node(); n.Kind == unstable.KeyValue {
				keyValue(e.Path, n, true, fn)
			}
		}
	}
}

// resolve is a table header's path: each prefix that names an array of
// tables stands for its last table.
func resolve(counts map[string]int, keys []string) []Part {
	var out []Part
	for _, k := range keys {
		out = append(out, Part{Key: k, N: -1})
		if n, ok := counts[pathString(out)]; ok {
			out[len(out)-1].N = n - 1
		}
	}
	return out
}

// keyOf is a node's key parts and the offset of its first.
func keyOf(n *unstable.Node) ([]string, int) {
	var parts []string
	at := 0
	it := n.Key()
	for it.Next() {
		if len(parts) == 0 {
			at = int(it.Node().Raw.Offset)
		}
		parts = append(parts, string(it.Node().Data))
	}
	return parts, at
}

// String names a path as the roster files do: "army[1].unit[2].type",
// "army[1].generals[0]".
func String(path []Part) string { return pathString(path) }

func pathString(path []Part) string {
	s := ""
	for _, p := range path {
		if p.Key != "" {
			if s != "" {
				s += "."
			}
			s += p.Key
		}
		if p.N >= 0 {
			s += "[" + strconv.Itoa(p.N) + "]"
		}
	}
	return s
}

// Lines holds where each line of a document starts, to turn byte offsets
// into lines and columns by binary search (go-toml's Parser.Shape counts
// the newlines from the start of the document at every call).
type Lines struct {
	data   []byte
	starts []int
}

// NewLines indexes the lines of data.
func NewLines(data []byte) Lines {
	starts := []int{0}
	for i, c := range data {
		if c == '\n' {
			starts = append(starts, i+1)
		}
	}
	return Lines{data, starts}
}

// Pos is a place in a document, 1-based.
type Pos struct {
	Line int
	Col  int // in characters, as an editor counts (Cyrillic letters are two bytes each)
	Byte int // the column in bytes, as go-toml counts
}

// At is the place of a byte offset.
func (l Lines) At(off int) Pos {
	off = min(max(off, 0), len(l.data))
	line, _ := slices.BinarySearch(l.starts, off+1) // the first start after off
	start := l.starts[line-1]
	return Pos{line, utf8.RuneCount(l.data[start:off]) + 1, off - start + 1}
}

// Column turns go-toml's byte column on a line (as its decode errors give
// it) into a character column.
func (l Lines) Column(line, col int) int {
	if line < 1 || line > len(l.starts) || col < 1 {
		return col
	}
	start := l.starts[line-1]
	end := min(start+col-1, len(l.data))
	return utf8.RuneCount(l.data[start:end]) + 1
}
