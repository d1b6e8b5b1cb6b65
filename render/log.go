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
// execution phase (EvPhase) and ladder step (EvStep). A heading is written
// only above the events it heads, so a phase or step in which nothing (that
// the reader may see) happened has none; the steps that run without a step
// event (P0, P9, P10) get theirs from the events' Step. Lines of events
// that carry a rule end with it in brackets, as the reader's rulebook
// numbers it (RuleRef): "... [VIII.4.1]" in Russian, "... [R-VIII.4.1]" in
// English.
func Log(lang Lang, events []engine.Event) string {
	return LogNamed(lang, events, nil)
}

// Names are the names of the units and leaders of the states, by ID
// (engine.Unit.Name, engine.Leader.Name; the first state's win), for
// LogNamed.
func Names(states ...*engine.Battle) map[string]string {
	out := map[string]string{}
	for _, b := range states {
		if b == nil {
			continue
		}
		for _, u := range b.Units {
			if _, ok := out[u.ID]; !ok && u.Name != "" {
				out[u.ID] = u.Name
			}
		}
		for _, l := range b.Leaders {
			if _, ok := out[l.ID]; !ok && l.Name != "" {
				out[l.ID] = l.Name
			}
		}
	}
	return out
}

// LogNamed is Log with each unit and leader that has a name in names
// named beside its ID where the log first mentions it: «s-hatamoto
// (Хатамото Сингэна)»; then by its ID alone.
func LogNamed(lang Lang, events []engine.Event, names map[string]string) string {
	return LogWith(lang, events, LogOptions{Names: names})
}

// LogWith is LogNamed with the options' icons (logicons.go).
func LogWith(lang Lang, events []engine.Event, opt LogOptions) string {
	var b strings.Builder
	names := opt.Names
	named := map[string]bool{}
	iconed := map[string]bool{}
	nm := func(id string) string {
		s := unitName(lang, id)
		if n := names[id]; n != "" && !named[id] {
			named[id] = true
			s = T(lang, "log.named", s, n)
		}
		if !iconed[id] {
			iconed[id] = true
			s = opt.troopIcon(id) + s
		}
		return s
	}
	line := func(e engine.Event, prefix string) {
		b.WriteString(prefix)
		b.WriteString(opt.markIcon(e.Kind))
		b.WriteString(eventTextNamed(lang, e, nm))
		if e.Rule != "" {
			b.WriteString(" [" + RuleRef(lang, e.Rule) + "]")
		}
		b.WriteByte('\n')
	}
	var phase, step *engine.Event
	cur := "" // the step whose heading is pending or written
	for i := range events {
		e := events[i]
		switch e.Kind {
		case engine.EvPhase:
			phase, step, cur = &events[i], nil, ""
			continue
		case engine.EvStep:
			step, cur = &events[i], e.Step
			continue
		}
		if e.Step != "" && e.Step != cur {
			// A step run as a whole (P0, P9, P10) has no step event.
			step = &engine.Event{Kind: engine.EvStep, Rule: stepRule(e.Step), Step: e.Step, Turn: e.Turn, Phase: e.Phase}
			cur = e.Step
		}
		if phase != nil {
			if b.Len() > 0 {
				b.WriteByte('\n') // a blank line before each phase
			}
			line(*phase, "")
			phase = nil
		}
		if step != nil {
			line(*step, "")
			step = nil
		}
		line(e, "- ")
	}
	return b.String()
}

// EventText is the sentence for one event, without its rule.
func EventText(lang Lang, e engine.Event) string {
	return eventTextNamed(lang, e, func(id string) string { return unitName(lang, id) })
}

// eventTextNamed is EventText with the units and leaders the event names
// written by name.
func eventTextNamed(lang Lang, e engine.Event, name func(id string) string) string {
	if text, ok := eventTexts[e.Kind]; ok {
		return text(lang, e, name(e.Unit), name(e.Other))
	}
	return T(lang, "ev.unknown", orQ(string(e.Kind)), eventFields(e))
}

// stepRule is the rule of a ladder step (R-VII.2, D-36).
func stepRule(step string) string {
	if step == "P0" {
		return "D-36"
	}
	if n, ok := stepNumber(step); ok && n >= 1 && n <= 10 {
		return "R-VII.2." + strconv.Itoa(n)
	}
	return ""
}

// stepNumber is the number of a ladder step "P3".
func stepNumber(step string) (int, bool) {
	s, ok := strings.CutPrefix(step, "P")
	if !ok {
		return 0, false
	}
	n, err := strconv.Atoi(s)
	return n, err == nil
}

// RuleRef writes a rule ID as the reader's rulebook has it. English keeps
// the IDs of RULES.md ("R-VIII.4.4", "D-58"). Russian cites the section
// and point of the Russian original the IDs follow ("VIII.4.4": section
// VIII, point 4, its 4th rule), the terminology by the term it defines,
// and a decision of RULES.md, which the original does not have, as
// "реш. D-58".
func RuleRef(lang Lang, rule string) string {
	if lang == EN || rule == "" {
		return rule
	}
	if id, ok := strings.CutPrefix(rule, "R-"); ok {
		if t, ok := strings.CutPrefix(id, "T."); ok {
			if has("ref.T." + t) {
				return T(lang, "ref.term", T(lang, "ref.T."+t))
			}
			return T(lang, "ref.term", t)
		}
		return id
	}
	if strings.HasPrefix(rule, "D-") {
		return T(lang, "ref.decision", rule)
	}
	return rule
}

// rollText writes a roll with what it needed and what it counted:
// "hc — рукопашная, 4+: 6 5 3 1 → 2 успеха"; a single die against a
// number, "Север — синоби, 3+: 4 → удалось"; a die read on a table, with
// the table ("риск предводителя: 4 (1 — ранен)"); a die that chooses, as
// it fell ("куда бежать: 4").
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
	if purpose == "" {
		purpose = e.Key // e.g. "duel"
	}
	what := purpose
	switch {
	case has("roll." + purpose + "." + e.Rule):
		what = T(lang, "roll."+purpose+"."+e.Rule) // e.g. free fire, a retreat's cell
	case has("roll." + purpose):
		what = T(lang, "roll."+purpose)
	}
	if what == "" {
		what = "?"
	}
	dice := diceList(e.Dice)
	switch {
	case e.Need > 0 && (len(e.Dice) > 1 || purpose == "melee" || purpose == "shoot" || purpose == "reroll"):
		// Dice counted against a number: Value is the successes.
		return T(lang, "ev.roll.hits", owner, what, e.Need, dice, e.Value)
	case e.Need > 0:
		verdict := T(lang, "roll.failed")
		if len(e.Dice) == 1 && e.Dice[0] >= e.Need {
			verdict = T(lang, "roll.passed")
		}
		return T(lang, "ev.roll.need", owner, what, e.Need, dice, verdict)
	case purpose == "melee" || purpose == "shoot" || purpose == "reroll":
		// An older event, without the number the dice needed.
		return T(lang, "ev.roll.count", owner, what, dice, e.Value)
	case has("roll.table." + e.Rule):
		return T(lang, "ev.roll.table", owner, what, dice, T(lang, "roll.table."+e.Rule))
	}
	return T(lang, "ev.roll", owner, what, dice)
}

// diceList writes dice as they fell: "6 5 3 1".
func diceList(d []int) string {
	if len(d) == 0 {
		return "—"
	}
	parts := make([]string, len(d))
	for i, v := range d {
		parts[i] = strconv.Itoa(v)
	}
	return strings.Join(parts, " ")
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
