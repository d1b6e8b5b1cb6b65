// Package customid builds and parses the custom IDs of Gunbai's message
// components (buttons, menus, forms). Each format is one Pattern, such as
// "am:{army}:{turn:int}:{action}:{value...}": the ID a message carries is
// built from it and the click that comes back is parsed by it, so the two
// cannot disagree, and a handler reads named values (v.Int("turn")), not
// positions. The formats are those of messages already posted: a pattern
// may be added, never changed.
package customid

import (
	"fmt"
	"strconv"
	"strings"
)

// MaxLen is Discord's limit of a custom ID, in characters.
const MaxLen = 100

// Pattern is one format of custom ID: segments separated by ':', each a
// literal or a named value {name}, {name:int} or {name:uint}; the last may
// be {name...}, optional, which takes the rest of the ID, ':' and all.
type Pattern struct {
	src  string
	segs []segment
}

type segment struct {
	lit  string // a literal segment; empty for a value
	name string
	typ  string // "", "int" or "uint"
	rest bool
}

// New compiles a pattern; it panics on a malformed one (patterns are
// package-level values, checked by their tests).
func New(src string) *Pattern {
	p := &Pattern{src: src}
	parts := splitPattern(src)
	for i, part := range parts {
		inner, isValue := strings.CutPrefix(part, "{")
		if !isValue {
			if part == "" || strings.ContainsAny(part, "{}") {
				panic(fmt.Sprintf("customid: pattern %q: bad literal %q", src, part))
			}
			p.segs = append(p.segs, segment{lit: part})
			continue
		}
		inner, closed := strings.CutSuffix(inner, "}")
		if !closed {
			panic(fmt.Sprintf("customid: pattern %q: unclosed %q", src, part))
		}
		s := segment{}
		inner, s.rest = strings.CutSuffix(inner, "...")
		s.name, s.typ, _ = strings.Cut(inner, ":")
		if s.name == "" || s.typ != "" && s.typ != "int" && s.typ != "uint" || s.rest && (i != len(parts)-1 || s.typ != "") {
			panic(fmt.Sprintf("customid: pattern %q: bad value %q", src, part))
		}
		for _, o := range p.segs {
			if o.name == s.name {
				panic(fmt.Sprintf("customid: pattern %q: %q twice", src, s.name))
			}
		}
		p.segs = append(p.segs, s)
	}
	if p.segs[0].lit == "" {
		panic(fmt.Sprintf("customid: pattern %q does not start with a literal", src))
	}
	return p
}

// splitPattern splits a pattern at the ':' outside braces.
func splitPattern(src string) []string {
	var out []string
	start, inside := 0, false
	for i, r := range src {
		switch {
		case r == '{':
			inside = true
		case r == '}':
			inside = false
		case r == ':' && !inside:
			out = append(out, src[start:i])
			start = i + 1
		}
	}
	return append(out, src[start:])
}

// String is the pattern as written.
func (p *Pattern) String() string { return p.src }

// Head is the pattern's first literal and its ':', which every ID it
// builds starts with.
func (p *Pattern) Head() string { return p.segs[0].lit + ":" }

func (p *Pattern) hasRest() bool { return p.segs[len(p.segs)-1].rest }

// Build is the ID of the values, in the pattern's order, each written as
// fmt.Sprint writes it (a number as %d); the rest value may be left out, or be several,
// joined by ':'. It panics on too few values, or one of an int segment
// that is not a whole number: a bug of the caller, not of a click.
func (p *Pattern) Build(values ...any) string {
	var b strings.Builder
	i := 0
	for k, s := range p.segs {
		switch {
		case s.lit != "":
			if k > 0 {
				b.WriteByte(':')
			}
			b.WriteString(s.lit)
		case s.rest:
			for ; i < len(values); i++ {
				b.WriteByte(':')
				b.WriteString(fmt.Sprint(values[i]))
			}
		default:
			if i >= len(values) {
				panic(fmt.Sprintf("customid: %q built with %d values", p.src, len(values)))
			}
			v := fmt.Sprint(values[i])
			if s.typ != "" {
				v = fmt.Sprintf("%d", values[i]) // a number, even of a type with its own String
			}
			if !s.valid(v) {
				panic(fmt.Sprintf("customid: %q: %s %q is not a %s", p.src, s.name, v, s.typ))
			}
			b.WriteByte(':')
			b.WriteString(v)
			i++
		}
	}
	if i < len(values) {
		panic(fmt.Sprintf("customid: %q built with %d values", p.src, len(values)))
	}
	return b.String()
}

func (s segment) valid(v string) bool {
	switch s.typ {
	case "int":
		_, err := strconv.ParseInt(v, 10, 64)
		return err == nil
	case "uint":
		_, err := strconv.ParseUint(v, 10, 64)
		return err == nil
	}
	return true
}

// Parse reads an ID of the pattern: false if it is not one (another
// format, a literal that differs, a number that is not).
func (p *Pattern) Parse(id string) (Values, bool) {
	n := len(p.segs)
	var parts []string
	if p.hasRest() {
		parts = strings.SplitN(id, ":", n)
		if len(parts) < n-1 {
			return Values{}, false
		}
	} else if parts = strings.Split(id, ":"); len(parts) != n {
		return Values{}, false
	}
	v := Values{p: p, raw: make(map[string]string, n)}
	for i, part := range parts {
		s := p.segs[i]
		if s.lit != "" {
			if part != s.lit {
				return Values{}, false
			}
			continue
		}
		if !s.valid(part) {
			return Values{}, false
		}
		v.raw[s.name] = part
	}
	return v, true
}

// Values are the named values of a parsed ID.
type Values struct {
	p   *Pattern
	raw map[string]string
}

// Has reports whether the ID has the value: false for an optional rest
// left out, or a name the pattern does not have.
func (v Values) Has(name string) bool {
	_, ok := v.raw[name]
	return ok
}

// Str is a value as written ("" for a rest left out).
func (v Values) Str(name string) string {
	v.check(name, "")
	return v.raw[name]
}

// Int is an {name:int} value (Parse checked it is one).
func (v Values) Int(name string) int {
	v.check(name, "int")
	n, _ := strconv.ParseInt(v.raw[name], 10, 64)
	return int(n)
}

// Int64 is an {name:int} value as 64 bits (a time in nanoseconds).
func (v Values) Int64(name string) int64 {
	v.check(name, "int")
	n, _ := strconv.ParseInt(v.raw[name], 10, 64)
	return n
}

// Uint is an {name:uint} value.
func (v Values) Uint(name string) uint64 {
	v.check(name, "uint")
	n, _ := strconv.ParseUint(v.raw[name], 10, 64)
	return n
}

// check panics when the handler asks for a value its pattern does not have
// as that type: a bug, found by the round-trip test. The values of an ID
// that did not parse are all zero.
func (v Values) check(name, typ string) {
	if v.p == nil {
		return
	}
	for _, s := range v.p.segs {
		if s.lit == "" && s.name == name {
			if s.typ != typ {
				panic(fmt.Sprintf("customid: %q: %s is %q, read as %q", v.p.src, name, s.typ, typ))
			}
			return
		}
	}
	panic(fmt.Sprintf("customid: %q has no %s", v.p.src, name))
}

// Fits reports whether an ID is within Discord's limit, counted in bytes
// (a character is one at least): a longer one is refused with the whole
// message.
func Fits(id string) bool { return len(id) <= MaxLen }
