package scenario

import (
	"bytes"
	"slices"
	"strconv"
	"strings"

	"github.com/pelletier/go-toml/v2/unstable"
)

// Lines records where the parts of one [[case]] are written, so that a
// problem found after decoding can name its line. Paths are relative to the
// case: "unit.0" is the first [[case.unit]], "unit.0.type" its type key,
// "expect.hc.cell" a key of [case.expect].
type Lines struct {
	Header int // line of the [[case]] header; 0 if unknown
	at     map[string]int
}

// Line returns the line of path, or of the nearest enclosing part that has
// one (a unit written as an inline table has no line per key), or the line
// of the case header.
func (cl Lines) Line(path string) int {
	for path != "" {
		if line, ok := cl.at[path]; ok {
			return line
		}
		i := strings.LastIndexByte(path, '.')
		if i < 0 {
			break
		}
		path = path[:i]
	}
	return cl.Header
}

// caseAtLine returns the index of the case written around line, or -1 when
// the line comes before every case.
func caseAtLine(index []Lines, line int) int {
	ci := -1
	for i, cl := range index {
		if cl.Header <= line {
			ci = i
		}
	}
	return ci
}

// newlines holds the offsets of a document's newlines, to turn a byte offset
// into a line by binary search (go-toml's Parser.Shape counts the newlines
// from the start of the document at every call).
type newlines []int

func newlineOffsets(data []byte) newlines {
	nl := make(newlines, 0, bytes.Count(data, []byte{'\n'}))
	for i, c := range data {
		if c == '\n' {
			nl = append(nl, i)
		}
	}
	return nl
}

// line returns the 1-based line of the byte at offset.
func (nl newlines) line(offset int) int {
	n, _ := slices.BinarySearch(nl, offset) // newlines before offset
	return n + 1
}

// indexLines walks the TOML document and returns, for each [[case]] in
// order, the lines of its tables and keys. It returns what it found before
// any syntax error (the decoder reports that error itself).
func indexLines(data []byte) []Lines {
	nl := newlineOffsets(data)
	var p unstable.Parser
	p.Reset(data)
	var out []Lines
	inCase := false // the current table belongs to the last case
	prefix := ""    // path of the current table inside the case
	var counts map[string]int
	for p.NextExpression() {
		e := p.Expression()
		switch e.Kind {
		case unstable.Table, unstable.ArrayTable:
			parts, line := keyParts(nl, e)
			inCase = false
			if len(parts) == 0 || parts[0] != "case" {
				continue
			}
			if len(parts) == 1 {
				out = append(out, Lines{Header: line, at: map[string]int{}})
				counts = map[string]int{}
				inCase, prefix = true, ""
				continue
			}
			if len(out) == 0 {
				continue
			}
			prefix = strings.Join(parts[1:], ".")
			if e.Kind == unstable.ArrayTable {
				n := counts[prefix]
				counts[prefix]++
				prefix += "." + strconv.Itoa(n)
			}
			inCase = true
			setLine(out[len(out)-1].at, prefix, line)
		case unstable.KeyValue:
			if !inCase {
				continue
			}
			parts, line := keyParts(nl, e)
			path := strings.Join(parts, ".")
			if prefix != "" {
				path = prefix + "." + path
			}
			setLine(out[len(out)-1].at, path, line)
		}
	}
	return out
}

func setLine(at map[string]int, path string, line int) {
	if _, ok := at[path]; !ok {
		at[path] = line
	}
}

// keyParts returns the parts of a table header's or key-value's key and the
// line where the key starts.
func keyParts(nl newlines, e *unstable.Node) ([]string, int) {
	var parts []string
	line := 0
	it := e.Key()
	for it.Next() {
		k := it.Node()
		if line == 0 {
			line = nl.line(int(k.Raw.Offset))
		}
		parts = append(parts, string(k.Data))
	}
	return parts, line
}
