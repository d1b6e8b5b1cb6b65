package game

import (
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/pelletier/go-toml/v2/unstable"
)

// Where a roster file's values are, as an editor counts lines and
// columns: for the refusals to point at them.

// pos is a place in a file, 1-based; a zero pos is the file as a whole.
type pos struct{ line, col int }

// charColumn turns go-toml's byte column on a line into a character column,
// as an editor counts (Cyrillic letters are two bytes each).
func charColumn(data []byte, line, col int) int {
	return lineIndex(data).column(line, col)
}

// lines holds where each line of a file starts, to turn byte columns into
// character columns without reading the file from its start every time.
type lines struct {
	data   []byte
	starts []int
}

func lineIndex(data []byte) lines {
	starts := []int{0}
	for i, c := range data {
		if c == '\n' {
			starts = append(starts, i+1)
		}
	}
	return lines{data, starts}
}

// at is the line and character column of a byte offset (the parser's
// Shape would read the file from its start for each).
func (l lines) at(off int) pos {
	off = min(max(off, 0), len(l.data))
	line, _ := slices.BinarySearch(l.starts, off+1) // the first start after off
	return pos{line, utf8.RuneCount(l.data[l.starts[line-1]:off]) + 1}
}

func (l lines) column(line, col int) int {
	if line < 1 || line > len(l.starts) || col < 1 {
		return col
	}
	start := l.starts[line-1]
	end := min(start+col-1, len(l.data))
	return utf8.RuneCount(l.data[start:end]) + 1
}

// tomlPositions maps the paths of the values of a decoded TOML document to
// where they start: "turn", "clan[0].id", "army[1].unit[2].type",
// "army[1].generals[0]"; a table of an array of tables maps to its header
// ("army[1].unit[2]"). bot/config's valuePositions does the same for plain
// tables only.
func tomlPositions(data []byte) map[string]pos {
	out := map[string]pos{}
	var p unstable.Parser
	p.Reset(data)
	idx := lineIndex(data)
	at := func(r unstable.Range) pos { return idx.at(int(r.Offset)) }
	counts := map[string]int{} // array-of-tables path -> elements so far
	resolve := func(parts []string) string {
		path := ""
		for _, part := range parts {
			if path != "" {
				path += "."
			}
			path += part
			if n, ok := counts[path]; ok {
				path += "[" + strconv.Itoa(n-1) + "]"
			}
		}
		return path
	}
	keyOf := func(n *unstable.Node) ([]string, unstable.Range) {
		var parts []string
		var r unstable.Range
		it := n.Key()
		for it.Next() {
			if len(parts) == 0 {
				r = it.Node().Raw
			}
			parts = append(parts, string(it.Node().Data))
		}
		return parts, r
	}
	join := func(prefix, key string) string {
		if prefix == "" {
			return key
		}
		return prefix + "." + key
	}
	var value func(path string, v *unstable.Node, fallback pos)
	value = func(path string, v *unstable.Node, fallback pos) {
		if v.Raw.Length > 0 {
			out[path] = at(v.Raw)
		} else {
			out[path] = fallback
		}
		switch v.Kind {
		case unstable.Array:
			it := v.Children()
			for i := 0; it.Next(); i++ {
				value(path+"["+strconv.Itoa(i)+"]", it.Node(), out[path])
			}
		case unstable.InlineTable:
			it := v.Children()
			for it.Next() {
				if n := it.Node(); n.Kind == unstable.KeyValue {
					parts, r := keyOf(n)
					value(join(path, strings.Join(parts, ".")), n.Value(), at(r))
				}
			}
		}
	}
	table := ""
	for p.NextExpression() {
		e := p.Expression()
		switch e.Kind {
		case unstable.Table:
			parts, r := keyOf(e)
			table = resolve(parts)
			out[table] = at(r)
		case unstable.ArrayTable:
			parts, r := keyOf(e)
			full := join(resolve(parts[:len(parts)-1]), parts[len(parts)-1])
			counts[full]++
			table = full + "[" + strconv.Itoa(counts[full]-1) + "]"
			out[table] = at(r)
		case unstable.KeyValue:
			parts, r := keyOf(e)
			value(join(table, strings.Join(parts, ".")), e.Value(), at(r))
		}
	}
	return out
}
