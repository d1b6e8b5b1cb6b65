package render

import (
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/gunbai/gunbai/engine"
)

// DiscordLimit is the length limit of one Discord message, in characters.
const DiscordLimit = 2000

// Log writes the turn log: one line per event, under a header for each
// execution phase (EvPhase) and ladder step (EvStep). Lines of events that
// carry a rule end with it in brackets: "... [R-VIII.4.1]".
func Log(lang Lang, events []engine.Event) string {
	var b strings.Builder
	for _, e := range events {
		switch e.Kind {
		case engine.EvPhase:
			if b.Len() > 0 {
				b.WriteByte('\n') // a blank line before each phase
			}
			b.WriteString(EventText(lang, e))
		case engine.EvStep:
			b.WriteString(EventText(lang, e))
		default:
			b.WriteString("- ")
			b.WriteString(EventText(lang, e))
		}
		if e.Rule != "" {
			b.WriteString(" [" + e.Rule + "]")
		}
		b.WriteByte('\n')
	}
	return b.String()
}

// EventText is the sentence for one event, without its rule.
func EventText(lang Lang, e engine.Event) string {
	if text, ok := eventTexts[e.Kind]; ok {
		return text(lang, e, unitName(lang, e.Unit), unitName(lang, e.Other))
	}
	return T(lang, "ev.unknown", orQ(string(e.Kind)), eventFields(e))
}

// rollText writes a roll: "hc — рукопашная: [6 5 3 1], успехов: 2".
func rollText(lang Lang, e engine.Event) string {
	owner, purpose, _ := strings.Cut(e.Key, ".")
	if e.Unit != "" {
		owner = e.Unit
	}
	if owner == "" {
		owner = "?"
	}
	if owner == "north" || owner == "south" {
		if s, err := engine.ParseSide(owner); err == nil {
			owner = SideName(lang, s)
		}
	}
	what := purpose
	if purpose == "" {
		what = e.Key // e.g. "duel"
		purpose = e.Key
	}
	if has("roll." + purpose) {
		what = T(lang, "roll."+purpose)
	}
	if what == "" {
		what = "?"
	}
	key := "ev.roll"
	switch purpose {
	case "melee", "shoot", "reroll":
		key = "ev.roll.hits"
	}
	return T(lang, key, owner, what, Dice(e.Dice), e.Value)
}

// Dice writes rolled dice as "[6 5 3 1]".
func Dice(d []int) string {
	parts := make([]string, len(d))
	for i, v := range d {
		parts[i] = strconv.Itoa(v)
	}
	return "[" + strings.Join(parts, " ") + "]"
}

// cellName is the R-I.1.5 name of a cell, or "?" for no cell.
func cellName(c engine.Cell) string {
	if c == engine.NoCell {
		return "?"
	}
	return c.Name()
}

func orQ(s string) string {
	if s == "" {
		return "?"
	}
	return s
}

// detail localizes a detail code of an event; an unknown code is shown as
// it is, so a new reason never disappears from the log.
func detail(lang Lang, group, code string) string {
	key := "detail." + group + "." + code
	if has(key) {
		return T(lang, key)
	}
	return orQ(code)
}

func outcomeText(lang Lang, s string) string {
	for _, o := range allOutcomes {
		if o.String() == s {
			return OutcomeName(lang, o)
		}
	}
	return orQ(s)
}

// eventFields lists the set fields of an event of an unknown kind.
func eventFields(e engine.Event) string {
	var parts []string
	add := func(k, v string) {
		if v != "" {
			parts = append(parts, k+"="+v)
		}
	}
	add("unit", e.Unit)
	add("other", e.Other)
	if e.Side != engine.North {
		add("side", e.Side.String()) // North is also "no side": left out
	}
	if e.From != engine.NoCell {
		add("from", e.From.Name())
	}
	if e.To != engine.NoCell {
		add("to", e.To.Name())
	}
	if e.At != engine.NoCell {
		add("at", e.At.Name())
	}
	if e.Facing != engine.N {
		add("facing", e.Facing.String()) // N is also "no facing": left out
	}
	add("key", e.Key)
	if len(e.Dice) > 0 {
		add("dice", Dice(e.Dice))
	}
	if e.Value != 0 {
		add("value", strconv.Itoa(e.Value))
	}
	if e.Figures != 0 {
		add("figures", strconv.Itoa(e.Figures))
	}
	add("detail", e.Detail)
	if len(parts) == 0 {
		return "—"
	}
	return strings.Join(parts, ", ")
}

// SplitMessages cuts text into pieces of at most limit characters (runes),
// breaking only between lines; a single line longer than limit is cut into
// pieces of limit characters. Blank lines at the edges of a piece are
// dropped, so no piece is blank. limit <= 0 means DiscordLimit. Text without
// visible lines gives no pieces.
func SplitMessages(text string, limit int) []string {
	if limit <= 0 {
		limit = DiscordLimit
	}
	var out []string
	var cur []string
	curLen := 0
	flush := func() {
		if s := strings.Trim(strings.Join(cur, "\n"), "\n"); s != "" {
			out = append(out, s)
		}
		cur, curLen = cur[:0], 0
	}
	for _, line := range strings.Split(text, "\n") {
		n := utf8.RuneCountInString(line)
		switch {
		case n > limit:
			flush()
			out = append(out, hardSplit(line, limit)...)
			continue
		case len(cur) == 0 && line == "":
			continue // no piece starts with a blank line
		case len(cur) > 0 && curLen+1+n > limit:
			flush()
			if line == "" {
				continue
			}
		}
		if len(cur) > 0 {
			curLen++
		}
		cur = append(cur, line)
		curLen += n
	}
	flush()
	return out
}

// hardSplit cuts s into pieces of at most limit runes.
func hardSplit(s string, limit int) []string {
	var out []string
	for s != "" {
		i, n := 0, 0
		for i < len(s) && n < limit {
			_, size := utf8.DecodeRuneInString(s[i:])
			i += size
			n++
		}
		out = append(out, s[:i])
		s = s[i:]
	}
	return out
}

// unitName is a unit's ID, or, for a unit the reader may not see ("?type",
// a shooter hidden in a forest, D-67), only what kind of troops it is.
func unitName(lang Lang, id string) string {
	if t, ok := strings.CutPrefix(id, "?"); ok {
		if tt, err := engine.ParseTroopType(t); err == nil {
			return T(lang, "unit.hidden", TroopName(lang, tt))
		}
	}
	return orQ(id)
}

// placeName is where a leader goes: a unit, the HQ or the reserve.
func placeName(lang Lang, at string) string {
	switch at {
	case engine.AtHQ:
		return T(lang, "place.hq")
	case engine.AtReserve:
		return T(lang, "place.reserve")
	}
	return orQ(at)
}
