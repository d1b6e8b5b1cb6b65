// Package classfile is the format of a GM's class table for the skirmish
// game (seed 002, EXTRAS.md E2-T, E2-Q1): the values the seed lost, read
// from TOML into a skirmish.Table with every mistake named by line and
// column, as campaign/rosterfile reads the rosters. The seed's own numbers
// cannot be changed by the file: a defence coefficient other than 10
// (E2-D2) or a deadly strike of the seed's three classes other than the
// seed's (E2-T) is a mistake, and skirmish.Table.Check puts them in
// anyway.
//
// The file:
//
//	command = 8        # command distance, inches (the bot's default 8)
//	cavalry_move = 12  # a cavalryman's move, inches (default 12)
//	bearer_cost = 1    # the standard-bearer's cost (default 1)
//	gate_defence = 10  # what an engine's hit must beat on the gates (default 10)
//
//	[[class]]
//	id = "spearman"    # lower-case Latin letters, digits, _; the seed's
//	name = "Копейщик"  # spearman, swordsman and archer must be there
//	range = 2          # attack distance, inches (> 0)
//	move = 6           # move a turn, inches (> 0)
//	cost = 2           # 0 or more
//	defence = 10       # optional: 10, the seed's, for everyone
//	deadly = "cavalry" # optional: a class id or "cavalry"
//	shooter = false    # optional: archers (no shield wall, +4" from heights)
//
// It imports the skirmish rules, go-toml and internal/tomlpos.
package classfile

import (
	"bytes"
	"errors"
	"fmt"
	"path/filepath"
	"regexp"
	"strings"

	"github.com/gunbai/gunbai/internal/tomlpos"
	"github.com/gunbai/gunbai/skirmish"
	"github.com/pelletier/go-toml/v2"
)

// Mistake is a file's mistake, worded by the catalogue's Key with Args
// (the file name, the line, the column, then what the text needs).
type Mistake struct {
	Key  string
	Args []any
}

func (m *Mistake) Error() string { return fmt.Sprintf("class file: %s %v", m.Key, m.Args) }

func refuse(key string, args ...any) error { return &Mistake{Key: key, Args: args} }

// MaxSize is the largest class file accepted, in bytes.
const MaxSize = 64 << 10

type fileTOML struct {
	Command     *float64    `toml:"command"`
	CavalryMove *float64    `toml:"cavalry_move"`
	BearerCost  *int        `toml:"bearer_cost"`
	GateDefence *int        `toml:"gate_defence"`
	Class       []classTOML `toml:"class"`
}

type classTOML struct {
	ID      *string  `toml:"id"`
	Name    string   `toml:"name"`
	Range   *float64 `toml:"range"`
	Move    *float64 `toml:"move"`
	Cost    *int     `toml:"cost"`
	Defence *int     `toml:"defence"`
	Deadly  string   `toml:"deadly"`
	Shooter bool     `toml:"shooter"`
}

type pos struct{ line, col int }

type file struct {
	name  string
	where map[string]pos
}

func (f *file) at(path string) pos { return f.where[path] }

func (f *file) fail(p pos, key string, args ...any) error {
	return refuse("err.skirmish_classes."+key, append([]any{f.name, p.line, p.col}, args...)...)
}

var idRE = regexp.MustCompile(`^[a-z][a-z0-9_]*$`)

// Parse reads a GM's class table; name is the file's, for the mistakes.
// What the file leaves out of the four distances and costs is the bot's
// default (skirmish.DefaultClasses). The table is Source "gm", checked.
func Parse(name string, data []byte) (skirmish.Table, error) {
	if strings.ToLower(filepath.Ext(name)) != ".toml" {
		return skirmish.Table{}, refuse("err.skirmish_classes.ext", name)
	}
	if len(data) > MaxSize {
		return skirmish.Table{}, refuse("err.skirmish_classes.too_big", name, MaxSize>>10)
	}
	data = bytes.TrimPrefix(data, []byte("\xef\xbb\xbf"))
	f := &file{name: name, where: map[string]pos{}}
	var raw fileTOML
	if err := decodeStrict(data, &raw); err != nil {
		return skirmish.Table{}, f.tomlMistake(data, err)
	}
	lines := tomlpos.NewLines(data)
	tomlpos.Walk(data, func(e tomlpos.Entry) {
		p := lines.At(e.At())
		f.where[tomlpos.String(e.Path)] = pos{p.Line, p.Col}
	})
	t := skirmish.DefaultClasses()
	t.Source, t.Classes = "gm", nil
	if err := f.top(raw, &t); err != nil {
		return skirmish.Table{}, err
	}
	for i, c := range raw.Class {
		cl, err := f.class(i, c, t.Classes)
		if err != nil {
			return skirmish.Table{}, err
		}
		t.Classes = append(t.Classes, cl)
	}
	return f.finish(t)
}

// top reads the four table-wide values.
func (f *file) top(raw fileTOML, t *skirmish.Table) error {
	if raw.Command != nil {
		if *raw.Command <= 0 {
			return f.fail(f.at("command"), "positive", "command")
		}
		t.Command = *raw.Command
	}
	if raw.CavalryMove != nil {
		if *raw.CavalryMove <= 0 {
			return f.fail(f.at("cavalry_move"), "positive", "cavalry_move")
		}
		t.CavalryMove = *raw.CavalryMove
	}
	if raw.BearerCost != nil {
		if *raw.BearerCost < 0 {
			return f.fail(f.at("bearer_cost"), "not_negative", "bearer_cost")
		}
		t.BearerCost = *raw.BearerCost
	}
	if raw.GateDefence != nil {
		if *raw.GateDefence <= 0 {
			return f.fail(f.at("gate_defence"), "positive", "gate_defence")
		}
		t.GateDefence = *raw.GateDefence
	}
	return nil
}

// class reads one [[class]], the ones before it given.
func (f *file) class(i int, c classTOML, before []skirmish.Class) (skirmish.Class, error) {
	here := fmt.Sprintf("class[%d]", i)
	key := func(k string) pos { return f.at(here + "." + k) }
	switch {
	case c.ID == nil:
		return skirmish.Class{}, f.fail(f.at(here), "missing", "id")
	case !idRE.MatchString(*c.ID) || *c.ID == skirmish.Cavalry:
		return skirmish.Class{}, f.fail(key("id"), "id", *c.ID)
	case c.Range == nil:
		return skirmish.Class{}, f.fail(f.at(here), "missing", "range")
	case c.Move == nil:
		return skirmish.Class{}, f.fail(f.at(here), "missing", "move")
	case c.Cost == nil:
		return skirmish.Class{}, f.fail(f.at(here), "missing", "cost")
	case *c.Range <= 0:
		return skirmish.Class{}, f.fail(key("range"), "positive", "range")
	case *c.Move <= 0:
		return skirmish.Class{}, f.fail(key("move"), "positive", "move")
	case *c.Cost < 0:
		return skirmish.Class{}, f.fail(key("cost"), "not_negative", "cost")
	case c.Defence != nil && *c.Defence != skirmish.BaseDefence:
		return skirmish.Class{}, f.fail(key("defence"), "seed_defence", *c.Defence, skirmish.BaseDefence)
	}
	for _, b := range before {
		if b.ID == *c.ID {
			return skirmish.Class{}, f.fail(key("id"), "twice", *c.ID)
		}
	}
	out := skirmish.Class{ID: *c.ID, Name: c.Name, Range: *c.Range, Move: *c.Move, Cost: *c.Cost,
		Defence: skirmish.BaseDefence, Deadly: c.Deadly, Shooter: c.Shooter}
	if want, ok := skirmish.SeedDeadly(out.ID); ok {
		if c.Deadly != "" && c.Deadly != want {
			return skirmish.Class{}, f.fail(key("deadly"), "seed_deadly", out.ID, c.Deadly, want)
		}
		out.Deadly = want
	}
	return out, nil
}

// finish checks what needs the whole file: the seed's classes are there,
// every deadly strike names a class.
func (f *file) finish(t skirmish.Table) (skirmish.Table, error) {
	for _, id := range []string{skirmish.Spearman, skirmish.Swordsman, skirmish.Archer} {
		if _, ok := t.Class(id); !ok {
			return skirmish.Table{}, refuse("err.skirmish_classes.seed_class", f.name, id)
		}
	}
	for i, c := range t.Classes {
		if _, ok := t.Class(c.Deadly); c.Deadly != "" && c.Deadly != skirmish.Cavalry && !ok {
			return skirmish.Table{}, f.fail(f.at(fmt.Sprintf("class[%d].deadly", i)), "deadly", c.Deadly)
		}
	}
	out, err := t.Check()
	if err != nil { // every case is caught above: a check that cannot fail here
		return skirmish.Table{}, refuse("err.skirmish_classes.syntax", f.name, 0, 0, err.Error())
	}
	return out, nil
}

// decodeStrict decodes a TOML document, unknown keys refused; a panic of
// the decoder is an error, never a crash.
func decodeStrict(data []byte, v any) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("decoder failure: %v", r)
		}
	}()
	return toml.NewDecoder(bytes.NewReader(data)).DisallowUnknownFields().Decode(v)
}

// tomlMistake words go-toml's error where the file has it: an unknown key,
// a value of the wrong type, a syntax error.
func (f *file) tomlMistake(data []byte, err error) error {
	lines := tomlpos.NewLines(data)
	var strict *toml.StrictMissingError
	if errors.As(err, &strict) && len(strict.Errors) > 0 {
		de := &strict.Errors[0]
		line, col := de.Position()
		return f.fail(pos{line, lines.Column(line, col)}, "unknown_key", strings.Join(de.Key(), "."))
	}
	var de *toml.DecodeError
	if errors.As(err, &de) {
		line, col := de.Position()
		p := pos{line, lines.Column(line, col)}
		msg := strings.TrimPrefix(de.Error(), "toml: ")
		if strings.HasPrefix(msg, "cannot decode TOML ") {
			t := msg[strings.LastIndex(msg, " of type ")+len(" of type "):]
			switch {
			case t == "bool":
				return f.fail(p, "want_bool", strings.Join(de.Key(), "."))
			case strings.Contains(t, "int") || strings.Contains(t, "float"):
				return f.fail(p, "want_number", strings.Join(de.Key(), "."))
			}
			return f.fail(p, "want_text", strings.Join(de.Key(), "."))
		}
		return f.fail(p, "syntax", msg)
	}
	return refuse("err.skirmish_classes.syntax", f.name, 0, 0, strings.TrimPrefix(err.Error(), "toml: "))
}
