package rosterfile

import (
	"github.com/gunbai/gunbai/internal/tomlpos"
)

// Where a roster file's values are, as an editor counts lines and
// columns: for the refusals to point at them.

// pos is a place in a file, 1-based; a zero pos is the file as a whole.
type pos struct{ line, col int }

// charColumn turns go-toml's byte column on a line into a character column,
// as an editor counts (Cyrillic letters are two bytes each).
func charColumn(data []byte, line, col int) int {
	return tomlpos.NewLines(data).Column(line, col)
}

// tomlPositions maps the paths of the values of a decoded TOML document to
// where they start: "turn", "clan[0].id", "army[1].unit[2].type",
// "army[1].generals[0]"; a table of an array of tables maps to its header
// ("army[1].unit[2]"), a value go-toml gives no place (an array) to its key.
func tomlPositions(data []byte) map[string]pos {
	out := map[string]pos{}
	lines := tomlpos.NewLines(data)
	tomlpos.Walk(data, func(e tomlpos.Entry) {
		p := lines.At(e.At())
		out[tomlpos.String(e.Path)] = pos{p.Line, p.Col}
	})
	return out
}
