package field

import (
	"strings"
	"unicode/utf8"

	"github.com/gunbai/gunbai/engine"
	"github.com/gunbai/gunbai/render"
)

// MaxAltText is the most characters an alt text has: Discord's limit on an
// attachment's description.
const MaxAltText = 1024

// maxAltListed is how many names a list of the alt text gives before "N
// more".
const maxAltListed = 6

// AltText describes a picture of the field (Image with the same battle
// and options) for those who cannot see it, as Discord's attachment
// description: the battle and the turn, whose view it is, the clans, what
// stands on the field (each side's units, how many of them rout, a lost
// HQ), the choice a sheet's preview points at (opt.Highlight), what the
// turn did by its events (the view's: engine.VisibleEvents; nil takes opt.Events, and nil there says nothing of the turn): each
// side's losses in figures, the units routed,
// rallied, destroyed or scattered, the leaders wounded, killed or
// captured, the HQs lost; and the outcome of a battle that is over. It
// says nothing the view does not show. At most MaxAltText characters: the
// lists go first, then the sentences from the end, the outcome last.
func AltText(l render.Lang, b engine.Battle, opt Options, events []engine.Event) string {
	if events == nil {
		events = opt.Events
	}
	head := []string{altHead(l, &b, &opt)}
	if v := altView(l, opt.View); v != "" {
		head = append(head, v)
	}
	if opt.Clans[engine.North] != "" && opt.Clans[engine.South] != "" {
		head = append(head, render.T(l, "alt.clans", render.T(l, "field.clan_side", opt.Clans[engine.North], render.SideName(l, engine.North)),
			render.T(l, "field.clan_side", opt.Clans[engine.South], render.SideName(l, engine.South))))
	}
	if opt.Highlight != nil {
		head = append(head, HighlightText(l, *opt.Highlight, maxAltListed))
	}
	body := []string{altSides(l, &b, opt.View)}
	if b.Turn > 0 && events != nil {
		body = append(body, altTurn(l, &b, events)...)
	}
	if g := altGhosts(l, opt.Ghosts); g != "" {
		body = append(body, g)
	}
	var tail []string
	if o := b.Outcome; o != engine.Ongoing && inRange(o, allOutcomes) {
		tail = append(tail, render.T(l, "alt.outcome", render.OutcomeName(l, o)))
	}
	for len(body) > 0 && runes(head, body, tail) > MaxAltText {
		body = body[:len(body)-1]
	}
	s := strings.Join(append(append(head, body...), tail...), " ")
	if utf8.RuneCountInString(s) > MaxAltText {
		s = string([]rune(s)[:MaxAltText-1]) + "…"
	}
	return s
}

func runes(parts ...[]string) int {
	n := 0
	for _, p := range parts {
		for _, s := range p {
			n += utf8.RuneCountInString(s) + 1
		}
	}
	return n - 1
}

func altHead(l render.Lang, b *engine.Battle, opt *Options) string {
	turn := render.T(l, "alt.deployment")
	if b.Turn > 0 {
		turn = render.T(l, "alt.turn", b.Turn)
	}
	name := opt.Battle
	if name == "" {
		name = b.ID
	}
	if name == "" {
		return render.T(l, "alt.field_untitled", turn)
	}
	return render.T(l, "alt.field", name, turn)
}

func altView(l render.Lang, v View) string {
	switch v {
	case ViewGM:
		return render.T(l, "alt.view.gm")
	case ViewNorth:
		return render.T(l, "alt.view.north")
	case ViewSouth:
		return render.T(l, "alt.view.south")
	}
	return ""
}

// altSides is what stands on the field: each side's units, the routing
// among them, a lost HQ.
func altSides(l render.Lang, b *engine.Battle, view View) string {
	var parts []string
	for s := engine.North; s <= engine.South; s++ {
		n, routing := 0, 0
		for _, u := range activeUnits(b) {
			if u.Side == s {
				n++
				if u.Routing() {
					routing++
				}
			}
		}
		p := render.T(l, "alt.side_none", render.SideName(l, s))
		if view == ViewNorth && s == engine.South || view == ViewSouth && s == engine.North {
			// A side's view shows what it sees of the enemy: none seen is
			// not none there (a forest, the secret deployment, D-70).
			p = render.T(l, "alt.side_none_seen", render.SideName(l, s))
		}
		if n > 0 {
			p = render.T(l, "alt.side_units", render.SideName(l, s), n)
		}
		if routing > 0 {
			p += render.T(l, "alt.side_routing", routing)
		}
		if hqDrawn(b, s) && b.HQLost[s] {
			p += render.T(l, "alt.side_hq_lost")
		}
		parts = append(parts, p)
	}
	return strings.Join(parts, "; ") + "."
}

// altTurn is what the turn's events did, a sentence each: the losses, the
// units routed, rallied, destroyed and scattered, the leaders wounded,
// killed and captured, the HQs lost.
func altTurn(l render.Lang, b *engine.Battle, events []engine.Event) []string {
	var lost [2]int
	lists := map[engine.EventKind][]string{}
	seen := map[engine.EventKind]map[string]bool{}
	add := func(k engine.EventKind, name string) {
		if name == "" || strings.HasPrefix(name, "?") {
			return // a shooter the view does not know (engine.VisibleEvents)
		}
		if seen[k] == nil {
			seen[k] = map[string]bool{}
		}
		if !seen[k][name] {
			seen[k][name] = true
			lists[k] = append(lists[k], name)
		}
	}
	for _, e := range events {
		switch e.Kind {
		case engine.EvLosses:
			if u := b.Unit(e.Unit); u != nil && e.Value > 0 && (u.Side == engine.North || u.Side == engine.South) {
				lost[u.Side] += e.Value
			}
		case engine.EvRouted, engine.EvRallied, engine.EvDestroyed, engine.EvScattered,
			engine.EvLeaderWounded, engine.EvLeaderKilled, engine.EvLeaderCaptured:
			add(e.Kind, e.Unit)
		case engine.EvHQLost:
			if e.Side == engine.North || e.Side == engine.South {
				add(e.Kind, render.SideName(l, e.Side))
			}
		}
	}
	var out []string
	var losses []string
	for s := engine.North; s <= engine.South; s++ {
		if lost[s] > 0 {
			losses = append(losses, render.T(l, "alt.side_losses", render.SideName(l, s), lost[s]))
		}
	}
	if len(losses) > 0 {
		out = append(out, render.T(l, "alt.losses", strings.Join(losses, ", ")))
	} else {
		out = append(out, render.T(l, "alt.quiet"))
	}
	for _, k := range []struct {
		kind engine.EventKind
		key  string
	}{
		{engine.EvRouted, "alt.routed"}, {engine.EvDestroyed, "alt.destroyed"}, {engine.EvScattered, "alt.scattered"},
		{engine.EvRallied, "alt.rallied"}, {engine.EvHQLost, "alt.hq_lost"}, {engine.EvLeaderKilled, "alt.leaders_killed"},
		{engine.EvLeaderCaptured, "alt.leaders_captured"}, {engine.EvLeaderWounded, "alt.leaders_wounded"},
	} {
		if names := lists[k.kind]; len(names) > 0 {
			out = append(out, render.T(l, k.key, altList(l, names)))
		}
	}
	return out
}

// altList joins names, the first maxAltListed of them and "N more".
func altList(l render.Lang, names []string) string {
	if len(names) > maxAltListed {
		rest := len(names) - maxAltListed
		names = append(names[:maxAltListed:maxAltListed], render.T(l, "alt.more", rest))
	}
	return strings.Join(names, ", ")
}
