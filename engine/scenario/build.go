package scenario

import (
	"errors"
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"

	"github.com/gunbai/gunbai/engine"
)

// MaxTurn bounds the turns a case may name, so that a typo cannot make a
// runner resolve turns for ever.
const MaxTurn = 999

// Builder turns the tables of one [[case]] into engine values, collecting
// every problem with its line (Err). Get one from Decoded.Builder.
type Builder struct {
	file        string
	lines       Lines
	defaultName string
	errs        []problem
}

type problem struct {
	line int
	msg  string // with the file name and line
}

// Errf records a problem with the value at path (see Lines.Line); "" is
// the case itself, at its header.
func (b *Builder) Errf(path, format string, args ...any) {
	msg := fmt.Sprintf(format, args...)
	line := b.lines.Line(path)
	if line > 0 {
		msg = fmt.Sprintf("%s:%d: %s", b.file, line, msg)
	} else {
		msg = b.file + ": " + msg
	}
	b.errs = append(b.errs, problem{line, msg})
}

// Err joins the problems recorded so far in line order (problems on one
// line in the order they were recorded); nil when there are none.
func (b *Builder) Err() error {
	if len(b.errs) == 0 {
		return nil
	}
	errs := slices.Clone(b.errs)
	slices.SortStableFunc(errs, func(x, y problem) int { return x.line - y.line })
	msgs := make([]string, len(errs))
	for i, e := range errs {
		msgs[i] = e.msg
	}
	return errors.New(strings.Join(msgs, "; "))
}

// Line returns the line of the part of the case at path (see Lines.Line).
func (b *Builder) Line(path string) int { return b.lines.Line(path) }

// Cell reads a cell name; what names the value in a problem.
func (b *Builder) Cell(path, what, s string) engine.Cell {
	c, err := engine.ParseCell(s)
	if err != nil {
		b.Errf(path, "%s: %v", what, err)
	}
	return c
}

// Cells reads a list of cell names.
func (b *Builder) Cells(path, what string, names []string) []engine.Cell {
	var out []engine.Cell
	for _, s := range names {
		out = append(out, b.Cell(path, what, s))
	}
	return out
}

// Side reads a side, which must be given.
func (b *Builder) Side(path, what, s string) engine.Side {
	if s == "" {
		b.Errf(path, "%s: missing side (north or south)", what)
		return engine.North
	}
	side, err := engine.ParseSide(s)
	if err != nil {
		b.Errf(path, "%s: %v", what, err)
	}
	return side
}

// Dir reads a facing or the side of a cell; false when it is no direction.
func (b *Builder) Dir(path, what, s string) (engine.Dir, bool) {
	d, err := engine.ParseDir(s)
	if err != nil {
		b.Errf(path, "%s: %v", what, err)
		return d, false
	}
	return d, true
}

// Flatten turns the nested tables of [case.<table>] into dotted keys, so
// that an unquoted dotted key (hc.cell = "C11") means the same as the quoted
// one ("hc.cell" = "C11").
func (b *Builder) Flatten(table string, m map[string]any) map[string]any {
	out := map[string]any{}
	var walk func(prefix string, m map[string]any)
	walk = func(prefix string, m map[string]any) {
		for _, k := range slices.Sorted(maps.Keys(m)) {
			v := m[k]
			if sub, ok := v.(map[string]any); ok {
				walk(prefix+k+".", sub)
				continue
			}
			if _, dup := out[prefix+k]; dup {
				b.Errf(table+"."+prefix+k, "%s: key %q written twice", table, prefix+k)
			}
			out[prefix+k] = v
		}
	}
	walk("", m)
	return out
}

// Position builds the position of a case. Its Err is left nil: the caller
// may record more problems of the case, then sets it from Err.
func (b *Builder) Position(r *Table) Position {
	p := Position{Name: r.Name, File: b.file, Line: b.lines.Header, Turn: b.turn(r.Turn)}
	if p.Name == "" {
		p.Name = b.defaultName
	}
	bt := &p.Battle
	*bt = engine.Battle{ID: r.Name, Turn: p.Turn - 1, Defender: engine.South, Settings: engine.DefaultSettings()}
	if r.Defender != "" {
		bt.Defender = b.Side("defender", "defender", r.Defender)
	}
	b.settings(&bt.Settings, r.Settings)
	b.terrain(&bt.Terrain, &r.Terrain)
	b.hq(bt, &r.HQ)
	b.sides(bt, r)
	ids := idSet{}
	b.units(bt, r.Unit, ids, p.Turn)
	b.leaders(bt, r.Leader, ids)
	return p
}

// turn reads the case's turn (default 1).
func (b *Builder) turn(t *int) int {
	if t == nil {
		return 1
	}
	if *t < 1 || *t > MaxTurn {
		b.Errf("turn", "turn %d: want 1 to %d", *t, MaxTurn)
		return 1
	}
	return *t
}

// terrain reads [case.terrain].
func (b *Builder) terrain(tr *engine.Terrain, t *TerrainTable) {
	tr.Hills = b.Cells("terrain.hills", "terrain hills", t.Hills)
	tr.Forests = b.Cells("terrain.forests", "terrain forests", t.Forests)
	tr.Swamps = b.Cells("terrain.swamps", "terrain swamps", t.Swamps)
	tr.River = t.River
	if t.Bridge != "" {
		tr.Bridge = b.Cell("terrain.bridge", "terrain bridge", t.Bridge)
	}
}

// hq reads [case.hq].
func (b *Builder) hq(bt *engine.Battle, hq *HQTable) {
	if hq.North != "" {
		bt.HQ[engine.North] = b.Cell("hq.north", "hq north", hq.North)
	}
	if hq.South != "" {
		bt.HQ[engine.South] = b.Cell("hq.south", "hq south", hq.South)
	}
}

// sides reads what each side has beyond its troops: [case.shinobi],
// [case.spare] and [case.banners].
func (b *Builder) sides(bt *engine.Battle, r *Table) {
	bt.Shinobi = [2]int{r.Shinobi.North, r.Shinobi.South}
	bt.Spare = [2]bool{r.Spare.North, r.Spare.South}
	for side, names := range [2][]string{r.Banners.North, r.Banners.South} {
		for _, n := range names {
			bt.Banners[side] = append(bt.Banners[side], engine.Banner{Name: n})
		}
	}
}

// settings applies [case.settings]: each key a RULES.md Appendix B key, each
// value a TOML string, boolean, integer or list of strings, given to
// Settings.Set as text. An unknown key, a bad value, or a value the engine
// does not honour yet (Settings.Unhonoured) is a problem of the case.
func (b *Builder) settings(s *engine.Settings, raw map[string]any) {
	flat := b.Flatten("settings", raw)
	for _, key := range slices.Sorted(maps.Keys(flat)) {
		path := "settings." + key
		text, ok := settingText(flat[key])
		if !ok {
			b.Errf(path, "setting %q: want a string, true or false, an integer or a list of strings, got %v", key, flat[key])
			continue
		}
		if err := s.Set(key, text); err != nil {
			b.Errf(path, "%v", err)
			continue
		}
		for _, k := range s.Unhonoured() {
			if k == key {
				b.Errf(path, "setting %s = %q: not implemented by the engine yet", key, text)
			}
		}
	}
}

// settingText writes a TOML value as the text Settings.Set reads.
func settingText(v any) (string, bool) {
	switch x := v.(type) {
	case string:
		return x, true
	case bool:
		return strconv.FormatBool(x), true
	case int64:
		return strconv.FormatInt(x, 10), true
	case []any:
		parts := make([]string, len(x))
		for i, e := range x {
			s, ok := e.(string)
			if !ok {
				return "", false
			}
			parts[i] = s
		}
		return "[" + strings.Join(parts, ", ") + "]", true
	}
	return "", false
}
