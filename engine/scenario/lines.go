package scenario

import (
	"strconv"
	"strings"

	"github.com/gunbai/gunbai/internal/tomlpos"
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

// indexLines walks the TOML document and returns, for each [[case]] in
// order, the lines of its tables and keys. It returns what it found before
// any syntax error (the decoder reports that error itself).
func indexLines(data []byte) []Lines {
	lines := tomlpos.NewLines(data)
	var out []Lines
	inCase := false // the current table belongs to the last case
	prefix := ""    // path of the current table inside the case
	depth := 0      // parts of the current table's path
	tomlpos.Walk(data, func(e tomlpos.Entry) {
		if e.Nested {
			return // a value's parts have the line of their key
		}
		line := lines.At(e.KeyAt).Line
		switch e.Kind {
		case tomlpos.Table, tomlpos.ArrayTable:
			inCase, depth = false, len(e.Path)
			if len(e.Path) == 0 || e.Path[0].Key != "case" {
				return
			}
			if len(e.Path) == 1 {
				out = append(out, Lines{Header: line, at: map[string]int{}})
				inCase, prefix = true, ""
				return
			}
			if len(out) == 0 {
				return
			}
			prefix = casePath(e.Path[1:])
			inCase = true
			setLine(out[len(out)-1].at, prefix, line)
		case tomlpos.Key:
			if !inCase {
				return
			}
			path := casePath(e.Path[depth:])
			if prefix != "" {
				path = prefix + "." + path
			}
			setLine(out[len(out)-1].at, path, line)
		}
	})
	return out
}

// casePath names a path inside a case: "unit.0" is the first [[case.unit]],
// "unit.0.type" its type key.
func casePath(parts []tomlpos.Part) string {
	var s []string
	for _, p := range parts {
		s = append(s, p.Key)
		if p.N >= 0 {
			s = append(s, strconv.Itoa(p.N))
		}
	}
	return strings.Join(s, ".")
}

func setLine(at map[string]int, path string, line int) {
	if _, ok := at[path]; !ok {
		at[path] = line
	}
}
