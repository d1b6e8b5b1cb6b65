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
	u := unitName(lang, e.Unit)
	o := unitName(lang, e.Other)
	switch e.Kind {
	case engine.EvPhase:
		if e.Turn > 0 {
			return T(lang, "log.turn_phase", e.Turn, e.Phase)
		}
		return T(lang, "log.phase", e.Phase)
	case engine.EvStep:
		step := orQ(e.Step)
		switch {
		case has("step."+step) && (e.Detail == "special" || e.Detail == "ordinary"):
			return T(lang, "log.step_class", step, T(lang, "step."+step), T(lang, "step."+e.Detail))
		case has("step." + step):
			return T(lang, "log.step", step, T(lang, "step."+step))
		}
		return T(lang, "log.step_plain", step)
	case engine.EvRoll:
		return rollText(lang, e)
	case engine.EvMoved:
		return T(lang, "ev.moved", u, cellName(e.From), cellName(e.To))
	case engine.EvWheeled:
		return T(lang, "ev.wheeled", u, FacingName(lang, e.Facing))
	case engine.EvRetreated:
		return T(lang, "ev.retreated", u, cellName(e.From), cellName(e.To))
	case engine.EvSidestepped:
		return T(lang, "ev.sidestepped", u, cellName(e.From), cellName(e.To))
	case engine.EvRallied:
		switch e.Detail {
		case "stopped":
			return T(lang, "ev.rallied.stopped", u, FacingName(lang, e.Facing))
		case "stopped_penalty":
			return T(lang, "ev.rallied.penalty", u, FacingName(lang, e.Facing))
		}
		return T(lang, "ev.rallied", u, FacingName(lang, e.Facing))
	case engine.EvWaited:
		return T(lang, "ev.waited", u)
	case engine.EvAttack:
		if e.Detail == "" {
			return T(lang, "ev.attack.plain", u, o, cellName(e.From))
		}
		return T(lang, "ev.attack", u, o, cellName(e.From), detail(lang, "attack", e.Detail))
	case engine.EvMeeting:
		at := e.At
		if at == engine.NoCell {
			at = e.To
		}
		if e.Detail == "" {
			return T(lang, "ev.meeting.plain", u, o, cellName(at))
		}
		return T(lang, "ev.meeting", u, o, cellName(at), detail(lang, "meeting", e.Detail))
	case engine.EvDamage:
		if e.Raw == 0 && e.Armor == 0 {
			return T(lang, "ev.damage.plain", u, o, e.Value)
		}
		return T(lang, "ev.damage", u, o, e.Value, e.Raw, e.Armor)
	case engine.EvLosses:
		return T(lang, "ev.losses", u, e.Value, e.Figures)
	case engine.EvCombatResult:
		res := detail(lang, "combat_result", e.Detail)
		switch e.Detail {
		case "repelled", "pushed_back", "routed":
			// An attack's result is the X of R-VIII.4.2, shown even when 0.
			return T(lang, "ev.combat_result.x", u, res, e.Value)
		case "won_routed", "won_retreated":
			// A meeting engagement: Value is what the loser lost this phase,
			// compared with its St (R-VIII.4.8).
			return T(lang, "ev.combat_result.vs_loss", u, o, res, e.Value)
		}
		if e.Other != "" {
			return T(lang, "ev.combat_result.vs", u, o, res)
		}
		return T(lang, "ev.combat_result", u, res)
	case engine.EvPushedBack:
		if e.To == engine.NoCell || e.To == e.From {
			at := e.At
			if at == engine.NoCell {
				at = e.From
			}
			return T(lang, "ev.pushed_back.at", u, cellName(at))
		}
		return T(lang, "ev.pushed_back", u, cellName(e.From), cellName(e.To))
	case engine.EvRouted:
		return T(lang, "ev.routed", u)
	case engine.EvFled:
		return T(lang, "ev.fled", u, cellName(e.From), cellName(e.To))
	case engine.EvScattered:
		return T(lang, "ev.scattered", u)
	case engine.EvDestroyed:
		return T(lang, "ev.destroyed", u)
	case engine.EvOccupied:
		to := e.To
		if to == engine.NoCell {
			to = e.At
		}
		return T(lang, "ev.occupied", u, cellName(to))
	case engine.EvCancelled:
		if e.Detail == "" {
			return T(lang, "ev.cancelled.plain", u)
		}
		return T(lang, "ev.cancelled", u, detail(lang, "reason", e.Detail))
	case engine.EvOrderLost:
		if e.Detail == "" {
			return T(lang, "ev.order_lost.plain", u)
		}
		return T(lang, "ev.order_lost", u, detail(lang, "reason", e.Detail))
	case engine.EvOrderMoved:
		return T(lang, "ev.order_moved", u)
	case engine.EvTurnedToFace:
		if e.Other == "" {
			return T(lang, "ev.turned_to_face.plain", u, FacingName(lang, e.Facing))
		}
		return T(lang, "ev.turned_to_face", u, o, FacingName(lang, e.Facing))
	case engine.EvFatigued:
		return T(lang, "ev.fatigued", u)
	case engine.EvShot:
		return T(lang, "ev.shot", u, o, cellName(e.To), e.Raw, e.Value)
	case engine.EvPanic:
		if e.Other == "" {
			return T(lang, "ev.panic.passed", u)
		}
		return T(lang, "ev.panic", u, o)
	case engine.EvShields:
		if e.Detail != "" || e.To == engine.NoCell {
			return T(lang, "ev.shields.set", u, cellName(e.At), e.Detail)
		}
		return T(lang, "ev.shields.carried", u, cellName(e.From), cellName(e.To))
	case engine.EvWithdrawn:
		return T(lang, "ev.withdrawn", u)
	case engine.EvHQLost:
		return T(lang, "ev.hq_lost", SideName(lang, e.Side), cellName(e.At))
	case engine.EvLeaderMoved:
		return T(lang, "ev.leader_moved", u, placeName(lang, e.Detail))
	case engine.EvLeaderWounded:
		if e.Rule == "R-VIII.6.5" {
			return T(lang, "ev.leader_spared", u, e.Value)
		}
		return T(lang, "ev.leader_wounded", u, e.Value)
	case engine.EvLeaderKilled:
		return T(lang, "ev.leader_killed", u)
	case engine.EvLeaderCaptured:
		return T(lang, "ev.leader_captured", u)
	case engine.EvDuel:
		return T(lang, "ev.duel", u, o)
	case engine.EvShinobi:
		return T(lang, "ev.shinobi", SideName(lang, e.Side), detail(lang, "mission", e.Detail), o)
	case engine.EvSabotaged:
		return T(lang, "ev.sabotaged", u)
	case engine.EvBanner:
		return T(lang, "ev.banner", u, orQ(e.Detail))
	case engine.EvHold:
		return T(lang, "ev.hold", u)
	case engine.EvArmyOrder:
		return T(lang, "ev.army_order", SideName(lang, e.Side), orderNameByKey(lang, e.Detail))
	case engine.EvArmyCancelled:
		return T(lang, "ev.army_cancelled", u, orderNameByKey(lang, e.Detail))
	case engine.EvOutcome:
		return T(lang, "ev.outcome", outcomeText(lang, e.Detail))
	case engine.EvRetreatSignal:
		if e.Detail == "running" {
			return T(lang, "ev.retreat_signal.running", SideName(lang, e.Side), e.Value)
		}
		return T(lang, "ev.retreat_signal", SideName(lang, e.Side), e.Value)
	case engine.EvSignalCancelled:
		return T(lang, "ev.signal_cancelled", SideName(lang, e.Side))
	case engine.EvZone:
		switch e.Value {
		case engine.HoldControl:
			return T(lang, "ev.zone.control", orQ(e.Detail), SideName(lang, e.Side))
		case engine.HoldClaim:
			return T(lang, "ev.zone.claim", orQ(e.Detail), SideName(lang, e.Side))
		}
		return T(lang, "ev.zone.none", orQ(e.Detail))
	case engine.EvStopOffered:
		return T(lang, "ev.stop_offered", SideName(lang, e.Side))
	case engine.EvStopRefused:
		return T(lang, "ev.stop_refused", SideName(lang, e.Side))
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
