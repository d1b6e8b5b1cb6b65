package customid

import (
	"fmt"
	"slices"
	"strings"
	"testing"
)

// sample is a value of a segment for the round trip: a number for a
// number, else a word with what IDs hold (dots, dashes, Cyrillic).
func sample(s segment, i int) any {
	switch s.typ {
	case "int":
		return -3 + 7*i
	case "uint":
		return uint64(1<<40 + i)
	}
	return fmt.Sprintf("v%d.сэки-%d", i, i)
}

// Every pattern round-trips: the ID built of values parses back to the
// same values, with its rest or without, and the rest may hold ':'.
func TestEveryPatternRoundTrips(t *testing.T) {
	for _, p := range All {
		var values []any
		for i, s := range p.segs {
			if s.lit == "" && !s.rest {
				values = append(values, sample(s, i))
			}
		}
		tails := [][]any{nil}
		if p.hasRest() {
			tails = append(tails, []any{"yes"}, []any{"messenger", 2})
		}
		for _, tail := range tails {
			all := append(slices.Clone(values), tail...)
			id := p.Build(all...)
			if !strings.HasPrefix(id, p.Head()) {
				t.Errorf("%s: built %q", p, id)
			}
			v, ok := p.Parse(id)
			if !ok {
				t.Errorf("%s: %q does not parse", p, id)
				continue
			}
			i := 0
			for _, s := range p.segs {
				switch {
				case s.lit != "":
				case s.rest:
					want := strings.Trim(strings.Trim(fmt.Sprint(tail), "[]"), " ")
					want = strings.ReplaceAll(want, " ", ":")
					if got := v.Str(s.name); got != want || v.Has(s.name) != (len(tail) > 0) {
						t.Errorf("%s: %q: %s = %q (%v), want %q", p, id, s.name, got, v.Has(s.name), want)
					}
				case s.typ == "int":
					if got := v.Int(s.name); got != all[i] {
						t.Errorf("%s: %q: %s = %d, want %v", p, id, s.name, got, all[i])
					}
					i++
				case s.typ == "uint":
					if got := v.Uint(s.name); got != all[i] {
						t.Errorf("%s: %q: %s = %d, want %v", p, id, s.name, got, all[i])
					}
					i++
				default:
					if got := v.Str(s.name); got != all[i] {
						t.Errorf("%s: %q: %s = %q, want %v", p, id, s.name, got, all[i])
					}
					i++
				}
			}
		}
	}
}

// The IDs of messages already posted, as the code before the patterns
// wrote them, parse to the values their handlers read.
func TestPostedIDsParse(t *testing.T) {
	for _, c := range []struct {
		p    *Pattern
		id   string
		want map[string]string
	}{
		{Aftermath, "am:oda-1:3:add:2", map[string]string{"army": "oda-1", "turn": "3", "action": "add", "value": "2"}},
		{Aftermath, "am:oda-1:3:confirm", map[string]string{"army": "oda-1", "turn": "3", "action": "confirm"}},
		{Aftermath, "am:oda-1:3:grant:g:x", map[string]string{"army": "oda-1", "turn": "3", "action": "grant", "value": "g:x"}},
		{Fight, "qb:fight-2:1:confirm", map[string]string{"fight": "fight-2", "side": "1", "action": "confirm"}},
		{Duel, "duel:123456789012345678:nagashino:2.1:0:defend.3:yes", map[string]string{"guild": "123456789012345678", "battle": "nagashino", "duel": "2.1", "fighter": "0", "action": "defend.3", "value": "yes"}},
		{Duel, "duel::b:d:1:pass", map[string]string{"guild": "", "battle": "b", "duel": "d", "fighter": "1", "action": "pass"}},
		{Sheet, "sheet:5:2:reroll:messenger:0", map[string]string{"sheet": "5", "turn": "2", "action": "reroll", "value": "messenger:0"}},
		{Sheet, "sheet:5:2:ready", map[string]string{"sheet": "5", "turn": "2", "action": "ready"}},
		{SheetReroll, "sheet:5:2:reroll:messenger:0", map[string]string{"sheet": "5", "turn": "2", "source": "messenger", "rerolls": "0"}},
		{Roll, "roll:2:0:hq", map[string]string{"turn": "2", "rerolls": "0", "source": "hq"}},
		{RollOld, "roll:2:accept", map[string]string{"turn": "2", "source": "accept"}},
		{Read, "read:turn:2:nagashino", map[string]string{"what": "turn", "turn": "2", "battle": "nagashino"}},
		{Again, "again:1764650000123456789", map[string]string{"at": "1764650000123456789"}},
	} {
		v, ok := c.p.Parse(c.id)
		if !ok {
			t.Errorf("%s: %q does not parse", c.p, c.id)
			continue
		}
		if !maps(v.raw, c.want) {
			t.Errorf("%s: %q = %v, want %v", c.p, c.id, v.raw, c.want)
		}
	}
	if v, _ := Again.Parse("again:1764650000123456789"); v.Int64("at") != 1764650000123456789 {
		t.Errorf("again: %d", v.Int64("at"))
	}
}

func maps(a, b map[string]string) bool {
	if len(a) != len(b) {
		return false
	}
	for k, v := range a {
		if w, ok := b[k]; !ok || w != v {
			return false
		}
	}
	return true
}

// What is not an ID of a pattern does not parse: another head, a number
// that is not, a segment too few or too many.
func TestNotAnIDDoesNotParse(t *testing.T) {
	for _, c := range []struct {
		p  *Pattern
		id string
	}{
		{Aftermath, "am:oda:3"}, {Aftermath, "am:oda:x:add"}, {Aftermath, "qb:oda:3:add"},
		{Fight, "qb:f:1"}, {Fight, "qb:f:1:confirm:x"}, {Fight, "qb:f:one:confirm"},
		{Duel, "duel:g:b:d:x:pass"}, {Sheet, "sheet:-1:2:ready"}, {Sheet, "sheet:1:2"},
		{Roll, "roll:2:hq"}, {SheetReroll, "sheet:5:2:reroll:accept"}, {SheetReroll, "sheet:5:2:pick:x:0"}, {RollOld, "roll:2:0:hq"}, {Read, "read:turn"}, {Again, "again:1:2"}, {Again, "again:"},
	} {
		if v, ok := c.p.Parse(c.id); ok {
			t.Errorf("%s: %q parses: %v", c.p, c.id, v.raw)
		}
	}
}

// A malformed pattern, a value read as what it is not, and a build with
// too few values are bugs: they panic.
func TestMisusePanics(t *testing.T) {
	for name, f := range map[string]func(){
		"unclosed":     func() { New("x:{a") },
		"rest inside":  func() { New("x:{a...}:{b}") },
		"typed rest":   func() { New("x:{a:int...}") },
		"no head":      func() { New("{a}:x") },
		"twice":        func() { New("x:{a}:{a}") },
		"type":         func() { New("x:{a:float}") },
		"few values":   func() { Fight.Build("f", 1) },
		"many values":  func() { Fight.Build("f", 1, "confirm", "x") },
		"not a number": func() { Fight.Build("f", "north", "confirm") },
		"read as int":  func() { v, _ := Fight.Parse("qb:f:1:confirm"); v.Int("action") },
		"no such name": func() { v, _ := Fight.Parse("qb:f:1:confirm"); v.Str("turn") },
	} {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("%s: no panic", name)
				}
			}()
			f()
		}()
	}
}

// The longest IDs the bot draws stay within Discord's 100: a duel's, with
// a guild's snowflake of 20 digits, a battle ID of 30 characters and the
// longest action and value.
func TestLongestIDsFit(t *testing.T) {
	guild := strings.Repeat("9", 20)
	battle := strings.Repeat("b", 30)
	for _, id := range []string{
		Duel.Build(guild, battle, "12.3", 1, "enhance.12", "yes"),
		Sheet.Build(uint64(1<<63), 99, "cancel", "move.ordinary.samurai-12"),
		Read.Build("status", 99, battle),
		Again.Build(int64(1 << 62)),
	} {
		if !Fits(id) {
			t.Errorf("%q: %d characters", id, len(id))
		}
	}
	if Fits(strings.Repeat("x", MaxLen+1)) || !Fits(strings.Repeat("x", MaxLen)) {
		t.Error("Fits does not count to 100")
	}
}
