package scenario

import (
	"bytes"
	"errors"
	"fmt"
	"path/filepath"
	"regexp"
	"slices"
	"strings"

	"github.com/pelletier/go-toml/v2"
)

// FileError is a problem with a whole file (TOML syntax, a value of the
// wrong type, an unknown key outside every [[case]]): none of its cases can
// be read.
type FileError struct {
	File         string
	Line, Column int // 1-based; 0 if unknown
	Msg          string
}

func (e *FileError) Error() string {
	switch {
	case e.Line > 0 && e.Column > 0:
		return fmt.Sprintf("%s:%d:%d: %s", e.File, e.Line, e.Column, e.Msg)
	case e.Line > 0:
		return fmt.Sprintf("%s:%d: %s", e.File, e.Line, e.Msg)
	}
	return e.File + ": " + e.Msg
}

// Decoded is one [[case]] table of a file, decoded into T, with where its
// parts are written and the unknown keys written in it.
type Decoded[T any] struct {
	File  string // the file name given to Decode
	Index int    // 0-based position of the [[case]] in the file
	Raw   T
	Lines Lines

	unknown []problem // unknown keys, each with its line and column
}

// Builder returns a builder for this case, holding its unknown-key problems.
func (d *Decoded[T]) Builder() *Builder {
	return &Builder{
		file:        d.File,
		lines:       d.Lines,
		defaultName: fmt.Sprintf("%s#%d", filepath.Base(d.File), d.Index+1),
		errs:        slices.Clone(d.unknown),
	}
}

// Decode reads the [[case]] tables of a file into T: a struct that embeds
// Table (for the position) and adds any other keys of its cases. Unknown
// keys are problems of the case they are written in (see Builder.Err); the
// error is about the whole file (TOML syntax, a value of the wrong type, an
// unknown key outside every case), a *FileError.
func Decode[T any](name string, data []byte) ([]Decoded[T], error) {
	var f struct {
		Case []T `toml:"case"`
	}
	dec := toml.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	err := dec.Decode(&f)

	var strict *toml.StrictMissingError
	var decErr *toml.DecodeError
	switch {
	case err == nil:
	case errors.As(err, &strict):
		// Unknown keys: everything else was decoded; blame the case each
		// key is written in, below.
	case errors.As(err, &decErr):
		line, col := decErr.Position()
		return nil, &FileError{File: name, Line: line, Column: col, Msg: decodeMessage(decErr)}
	default:
		return nil, &FileError{File: name, Msg: err.Error()}
	}

	index := indexLines(data)
	if len(index) != len(f.Case) {
		index = nil // cases not written as [[case]] tables: no line numbers
	}
	out := make([]Decoded[T], len(f.Case))
	for i := range f.Case {
		out[i] = Decoded[T]{File: name, Index: i, Raw: f.Case[i]}
		if index != nil {
			out[i].Lines = index[i]
		}
	}
	if strict != nil {
		for i := range strict.Errors {
			e := &strict.Errors[i]
			line, col := e.Position()
			ci := caseAtLine(index, line)
			if ci < 0 {
				return nil, &FileError{File: name, Line: line, Column: col, Msg: decodeMessage(e)}
			}
			msg := fmt.Sprintf("%s:%d:%d: %s", name, line, col, decodeMessage(e))
			out[ci].unknown = append(out[ci].unknown, problem{line, msg})
		}
	}
	return out, nil
}

// The TOML type may be two words ("inline table"); the struct field names
// the Go type that holds the value, which would differ between the loaders.
var cannotDecode = regexp.MustCompile(`^cannot decode TOML (.+?) into struct field .+ of type (.+)$`)

// decodeMessage turns a go-toml error into a message for a case writer.
func decodeMessage(e *toml.DecodeError) string {
	msg := strings.TrimPrefix(e.Error(), "toml: ")
	key := strings.Join(e.Key(), ".")
	if msg == "unknown field" && len(e.Key()) > 0 {
		k := e.Key()
		return fmt.Sprintf("unknown key %q in %s", k[len(k)-1], strings.Join(k[:len(k)-1], "."))
	}
	if m := cannotDecode.FindStringSubmatch(msg); m != nil {
		want := strings.TrimPrefix(m[2], "*")
		switch want {
		case "int":
			want = "an integer"
		case "string":
			want = "a string"
		case "bool":
			want = "true or false"
		case "[]string":
			want = "a list of strings"
		default:
			if strings.HasPrefix(want, "[]") {
				want = "a list of tables"
			} else {
				want = "a table"
			}
		}
		msg = fmt.Sprintf("want %s, got a TOML %s", want, m[1])
	}
	if key != "" {
		msg = key + ": " + msg
	}
	return msg
}
