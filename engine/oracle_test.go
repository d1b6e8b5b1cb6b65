package engine_test

import (
	"fmt"
	"math/rand/v2"
	"regexp"
	"slices"
	"strings"
	"testing"
	"unicode"

	. "github.com/gunbai/gunbai/engine"
	"github.com/gunbai/gunbai/render"

	"github.com/gunbai/gunbai/internal/racetest"
)

// Property tests of issue 10 item 4, "no oracle": whatever a clan reads,
// refusals and turn logs as render words them, tells it nothing of the
// enemy units it may not see (R-XI.3.2: units in a forest are "invisible and
// unknown to the enemy"; D-67). They play random battles with forests,
// leaders, shinobi, banners and shields for a few turns of random legal
// orders, and look at every battle from both sides.

var langs = []render.Lang{render.RU, render.EN}

// oracleBattle is a random battle with forests (RandomForestBattle), two
// shinobi and two banners a side, and shields in some units' cells.
func oracleBattle(rng *rand.Rand) Battle {
	b := RandomForestBattle(rng, 3+rng.IntN(10))
	b.Shinobi = [2]int{2, 2}
	b.Banners = [2][]Banner{{{Name: BannerPhoenix}, {Name: "wind"}}, {{Name: BannerPhoenix}, {Name: "wind"}}}
	b.Settings.SaveAmmoChangeable = rng.IntN(2) == 0
	for _, u := range b.Units {
		if u.Figures >= 4 && rng.IntN(4) == 0 {
			b.Terrain.SetShields(u.Cell, uint8(1+rng.IntN(15)))
		}
	}
	return b
}

// leaderMoves adds random leader moves (R-III.6) that Validate accepts to
// the orders, so that leaders go into units the enemy may not see.
func leaderMoves(rng *rand.Rand, b Battle, orders []Order) []Order {
	for _, l := range b.Leaders {
		if rng.IntN(3) != 0 {
			continue
		}
		var to []string
		for _, u := range b.Units {
			if u.Side == l.Side && u.Active() {
				to = append(to, u.ID)
			}
		}
		to = append(to, AtHQ, AtReserve)
		o := Order{Side: l.Side, Kind: OrderMoveLeader, Leader: l.ID, To: to[rng.IntN(len(to))]}
		try := append(slices.Clone(orders), o)
		if len(Validate(b, l.Side, b.Turn+1, ofSide(try, l.Side))) == 0 {
			orders = try
		}
	}
	return orders
}

func ofSide(orders []Order, s Side) []Order {
	var out []Order
	for _, o := range orders {
		if o.Side == s {
			out = append(out, o)
		}
	}
	return out
}

// playOracleBattles plays battles of up to turns turns and calls check
// with the battle before each turn, the orders, the battle after and the
// turn's events.
func playOracleBattles(t *testing.T, seed uint64, battles, turns int, check func(before Battle, orders []Order, after Battle, events []Event)) {
	t.Helper()
	rng := rand.New(rand.NewPCG(seed, 10))
	for trial := 0; trial < battles; trial++ {
		b := oracleBattle(rng)
		for turn := 1; turn <= turns && b.Outcome == Ongoing; turn++ {
			orders := leaderMoves(rng, b, RandomOrders(rng, b))
			next, events, err := ResolveTurn(b, orders, NewSeededDice(fmt.Appendf(nil, "oracle%d", trial), b.ID, b.Turn+1))
			if err != nil {
				t.Fatalf("battle %d turn %d: %v", trial, turn, err)
			}
			check(b, orders, next, events)
			b = next
		}
	}
}

// hiddenFrom lists the enemy units on the field the side may not see.
func hiddenFrom(b Battle, side Side) (hidden, shown []string) {
	v := View(b, side)
	for _, u := range b.Units {
		if u.Side == side || !u.Active() {
			continue
		}
		if v.Unit(u.ID) == nil {
			hidden = append(hidden, u.ID)
		} else {
			shown = append(shown, u.ID)
		}
	}
	return hidden, shown
}

// fakeID is an ID of the same length as id that names nothing in b.
func fakeID(b Battle, id string) string {
	for _, c := range "XYZQWJ" {
		f := string(c) + id[1:]
		if b.Unit(f) == nil && b.Leader(f) == nil {
			return f
		}
	}
	panic("no fake ID for " + id)
}

// texts words problems in both languages, with id written as <ID>, sorted
// (the order of problems follows their unit IDs).
func texts(ps []*Problem, id string) []string {
	re := regexp.MustCompile(`\b` + regexp.QuoteMeta(id) + `\b`)
	var out []string
	for _, p := range ps {
		if p == nil {
			continue
		}
		for _, l := range langs {
			out = append(out, re.ReplaceAllString(render.ProblemText(l, p), "<ID>"))
		}
	}
	slices.Sort(out)
	return out
}

// probeKind sorts the questions of TestNoOracleHiddenUnits for its summary.
func probeKind(what string) string {
	for _, k := range []string{"budget", "among", "shinobi", "banner", "leader", "Save ammo", "swap", "placement", " at it"} {
		if strings.Contains(what, k) {
			return strings.TrimSpace(k)
		}
	}
	return "order to it"
}

// A player who names an enemy unit he may not see (in a forest, with none
// of his units next to it: R-XI.3.2, D-67) is answered exactly as if the
// unit did not exist, in every check his input reaches: the orders (as the
// unit of an order, the target of a shot or a volley, the target of a
// shinobi's mission, the unit of a banner, where a leader goes), alone or
// among his legal orders; the command budget; Save ammo!; swaps and
// placements of deployment. Each answer is compared, worded by
// render.ProblemText in Russian and English, with the answer for a made-up
// ID of the same length, the ID written <ID> in both. An enemy he sees
// keeps its own refusal ("belongs to the other side").
func TestNoOracleHiddenUnits(t *testing.T) {
	var battles, sideTurns, hiddenUnits, probes, compared, visibleRefusals int
	var leaks []string
	byKind := map[string]int{}
	leak := func(format string, args ...any) { leaks = append(leaks, fmt.Sprintf(format, args...)) }
	rng := rand.New(rand.NewPCG(41, 43))
	trial := 0
	playOracleBattles(t, 4110, racetest.Size(250), 3, func(b Battle, orders []Order, _ Battle, _ []Event) {
		if b.Turn == 0 {
			battles++
			trial++
		}
		turn := b.Turn + 1
		for _, side := range []Side{North, South} {
			sideTurns++
			mine := ofSide(orders, side)
			hidden, shown := hiddenFrom(b, side)
			var own, shooters, leaders []string
			for _, u := range b.Units {
				if u.Side == side && u.Active() {
					own = append(own, u.ID)
					if u.Stats().Shooter && !u.Routing() {
						shooters = append(shooters, u.ID)
					}
				}
			}
			for _, l := range b.Leaders {
				if l.Side == side {
					leaders = append(leaders, l.ID)
				}
			}
			for _, id := range shown {
				p := Validate(b, side, turn, []Order{{Unit: id, Side: side, Kind: OrderMove, Phase: 1}})
				if len(p) != 1 || p[0].Code != ProbNotYourUnit {
					leak("battle %d turn %d %s: an order to the enemy %s it sees is refused with %v", trial, turn, side, id, p)
				}
				visibleRefusals++
			}
			if len(hidden) > 3 {
				hidden = hidden[:3]
			}
			for _, id := range hidden {
				hiddenUnits++
				fake := fakeID(b, id)
				var cases []struct {
					what string
					ask  func(id string) []*Problem
				}
				add := func(what string, ask func(id string) []*Problem) {
					cases = append(cases, struct {
						what string
						ask  func(id string) []*Problem
					}{what, ask})
				}
				validate := func(what string, o func(id string) Order) {
					add(what, func(id string) []*Problem { return Validate(b, side, turn, []Order{o(id)}) })
					add(what+" among the side's orders", func(id string) []*Problem {
						return Validate(b, side, turn, append(slices.Clone(mine), o(id)))
					})
					granted := CommandResult{Special: rng.IntN(3), Ordinary: rng.IntN(4)}
					add(what+" in the budget", func(id string) []*Problem {
						return []*Problem{CheckBudget(b, side, turn, append(slices.Clone(mine), o(id)), granted)}
					})
				}
				f := Dir(rng.IntN(4))
				for _, k := range []OrderKind{OrderMove, OrderWait, OrderHold, OrderRally, OrderWithdraw, OrderVolley, OrderForcedMarch, OrderGeneralAdvance} {
					phase := 1 + rng.IntN(2)
					validate("an order "+k.String()+" to it", func(id string) Order {
						o := Order{Unit: id, Side: side, Kind: k, Phase: phase, Facing: &f}
						if k.Special() {
							o.Class = Special
						}
						return o
					})
				}
				for _, s := range shooters {
					for _, k := range []OrderKind{OrderShoot, OrderVolley} {
						validate(s+" "+k.String()+" at it", func(id string) Order {
							o := Order{Unit: s, Side: side, Kind: k, Phase: 1, Target: id}
							if k.Special() {
								o.Class = Special
							}
							return o
						})
					}
				}
				for _, m := range []string{MissionPanic, MissionSabotage, MissionSignals} {
					validate("a shinobi's "+m+" against it", func(id string) Order {
						return Order{Side: side, Kind: OrderShinobi, Mission: m, Target: id}
					})
				}
				validate("a banner raised in it", func(id string) Order {
					return Order{Side: side, Kind: OrderBanner, Unit: id, Banner: BannerPhoenix}
				})
				for _, l := range leaders {
					validate("leader "+l+" going into it", func(id string) Order {
						return Order{Side: side, Kind: OrderMoveLeader, Leader: l, To: id}
					})
				}
				for _, deploying := range []bool{true, false} {
					add(fmt.Sprint("Save ammo! deploying ", deploying), func(id string) []*Problem {
						_, p := SetSaveAmmo(b, side, id, true, deploying)
						return []*Problem{p}
					})
				}
				d := b.Clone()
				d.Turn = 0
				for _, o := range own[:min(2, len(own))] {
					add("a swap with "+o, func(id string) []*Problem {
						_, p := SwapUnits(d, side, o, id)
						return []*Problem{p, CheckSwap(d, side, nil, [2]string{o, id}, 1), CheckSwap(d, side, nil, [2]string{id, o}, 1)}
					})
				}
				cell := b.Unit(id).Cell
				add("a placement", func(id string) []*Problem {
					_, p := Place(d, side, Placement{Unit: id, Cell: cell})
					return []*Problem{p}
				})
				for _, l := range leaders {
					add("a placement of "+l, func(id string) []*Problem {
						_, p := Place(d, side, Placement{Leader: l, To: id})
						return []*Problem{p}
					})
				}
				for _, c := range cases {
					probes++
					got := texts(c.ask(id), id)
					want := texts(c.ask(fake), fake)
					compared += len(got) + len(want)
					if !slices.Equal(got, want) {
						byKind[probeKind(c.what)]++
						leak("battle %d turn %d %s: %s (%s, hidden) reads %q; for no such unit %q", trial, turn, side, c.what, id, got, want)
					}
				}
			}
		}
	})
	t.Logf("%d battles, %d side-turns: %d hidden units probed with %d questions, %d refusal texts compared; %d visible enemies refused as the other side's; %d oracles %v",
		battles, sideTurns, hiddenUnits, probes, compared, visibleRefusals, len(leaks), byKind)
	if hiddenUnits < racetest.Size(200) || probes < racetest.Size(5000) {
		t.Fatalf("weak generator: %d hidden units, %d probes", hiddenUnits, probes)
	}
	for i, l := range leaks {
		if i == 10 {
			t.Errorf("... %d oracles in all", len(leaks))
			break
		}
		t.Error(l)
	}
}

// sightline follows a turn's events from the battle before it, as the
// test's own account of what one side sees at each event: View of the
// battle as the events have left it so far. It is written apart from
// VisibleEvents, which it checks.
type sightline struct {
	b    Battle
	side Side
	gone map[string]bool // units that left the field: seen when they left?
}

// seen is everyone (units and leaders) the side sees now.
func (s *sightline) seen() map[string]bool {
	v := View(s.b, s.side)
	out := map[string]bool{}
	for _, u := range v.Units {
		g, left := s.gone[u.ID]
		out[u.ID] = u.Active() || !left || g
	}
	for _, l := range v.Leaders {
		out[l.ID] = l.At == AtHQ || l.At == AtReserve || l.Side == s.side || out[l.At]
	}
	return out
}

// apply makes the event happen to the battle.
func (s *sightline) apply(e Event) {
	u := s.b.Unit(e.Unit)
	switch e.Kind {
	case EvMoved, EvRetreated, EvSidestepped, EvFled, EvOccupied:
		if u != nil { // NoCell too: a drawn cell off the field (D-03)
			if s.b.Terrain.Forest(u.Cell) && !s.b.Terrain.Forest(e.To) {
				u.Revealed = true // D-67: out of the forest
			}
			u.Cell = e.To
		}
	case EvAttack, EvMeeting:
		for _, id := range append(strings.Split(e.Unit, "+"), e.Other) {
			if w := s.b.Unit(id); w != nil {
				w.Revealed = true // D-67: the first melee
			}
		}
	case EvDestroyed, EvScattered, EvWithdrawn:
		if u != nil {
			s.gone[u.ID] = s.seen()[u.ID]
			u.Status = map[EventKind]Status{EvDestroyed: StatusDestroyed, EvScattered: StatusScattered, EvWithdrawn: StatusReserve}[e.Kind]
			for k := range s.b.Leaders {
				if l := &s.b.Leaders[k]; l.At == u.ID && e.Kind != EvDestroyed {
					l.At = AtReserve
				}
			}
		}
	case EvLeaderMoved:
		if l := s.b.Leader(e.Unit); l != nil {
			l.At = e.Detail
		}
	case EvLeaderKilled, EvLeaderCaptured:
		if l := s.b.Leader(e.Unit); l != nil {
			l.At = AtReserve
		}
	case EvLeaderWounded:
		if l := s.b.Leader(e.Unit); l != nil && e.Value >= 2 {
			l.At = AtReserve
		}
	}
}

// named is everyone an event names: Unit and Other (joint ones too), the
// owner of its roll, where a leader goes.
func named(b *Battle, e Event) []string {
	out := append(strings.Split(e.Unit, "+"), strings.Split(e.Other, "+")...)
	if owner, _, ok := strings.Cut(e.Key, "."); ok {
		out = append(out, owner)
	}
	if e.Kind == EvLeaderMoved {
		out = append(out, e.Detail)
	}
	return slices.DeleteFunc(out, func(n string) bool { return b.Unit(n) == nil && b.Leader(n) == nil })
}

// tokens splits a text into words (letters and digits), as unit IDs and
// cell names are written.
func tokens(s string) map[string]bool {
	out := map[string]bool{}
	for _, w := range strings.FieldsFunc(s, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) }) {
		out[w] = true
	}
	return out
}

// What a clan receives after a turn, its log (render.Log over
// VisibleEvents, Russian and English) and the units of the view its
// picture is drawn from, tells nothing the side could not see when it
// happened (R-XI.3.2, R-III.5.1, D-67). The test follows each turn's events
// on its own (sightline: View of the battle as the events leave it) and
// checks, for both sides:
//
//   - no enemy unit or leader the side never saw during the turn is named;
//   - no cell where an enemy unit stood unseen is written, unless a unit
//     the side saw stood there too, or an event it may read names it;
//   - no sentence of an event about an enemy unit or leader it did not see
//     then (before and after a move: so not the cell a unit moved into
//     inside a forest; its losses and figures, its orders, its rolls) is in
//     its log, phase by phase, unless an event it may read says the same;
//   - every unit the picture draws is one it sees at the end, and no
//     shields are drawn in the cell of an enemy unit it does not see.
//
// It also checks that the events bring the battle from before to after
// (the account it relies on), and that VisibleEvents never needed its
// safety net.
func TestLogLeaksNothing(t *testing.T) {
	var battles, sideTurns, events, hiddenMoments, texts, lines, trimmed int
	var leaks []string
	byKind := map[string]int{}
	leak := func(kind, format string, args ...any) {
		byKind[kind]++
		leaks = append(leaks, fmt.Sprintf(format, args...))
	}
	trial := 0
	playOracleBattles(t, 6710, racetest.Size(250), 3, func(before Battle, _ []Order, after Battle, evs []Event) {
		if before.Turn == 0 {
			battles++
			trial++
		}
		turn := before.Turn + 1
		for _, side := range []Side{North, South} {
			sideTurns++
			where := fmt.Sprintf("battle %d turn %d, %s", trial, turn, side)
			s := &sightline{b: before.Clone(), side: side, gone: map[string]bool{}}
			everSeen := map[string]bool{}
			hiddenCells := map[string]bool{}
			seenCells := map[string]bool{}
			type line struct {
				phase int
				text  string
			}
			forbidden, allowed := map[line]bool{}, map[line]bool{}
			look := func(seen map[string]bool) {
				for id, ok := range seen {
					everSeen[id] = everSeen[id] || ok
				}
				for _, u := range s.b.Units {
					switch {
					case !u.Active():
					case u.Side == side || seen[u.ID]:
						seenCells[u.Cell.Name()] = true
					default:
						hiddenCells[u.Cell.Name()] = true
						hiddenMoments++
					}
				}
			}
			phase := 0
			for _, e := range evs {
				events++
				if e.Kind == EvPhase {
					phase = e.Phase
				}
				pre := s.seen()
				look(pre)
				s.apply(e)
				post := s.seen()
				look(post)
				ok := true
				for _, n := range named(&s.b, e) {
					switch {
					case n == "":
					case e.Kind == EvAttack || e.Kind == EvMeeting:
						ok = ok && post[n] // the attack reveals (D-67)
					case e.Kind == EvLeaderMoved:
						// The sentence names the leader and where he
						// goes, not where from: seen there, it is read.
						ok = ok && post[n]
					default:
						ok = ok && pre[n] && post[n]
					}
				}
				for _, l := range langs {
					k := line{phase, render.EventText(l, e)}
					if ok {
						allowed[k] = true
					} else {
						forbidden[k] = true
					}
				}
				if ok {
					for _, c := range []Cell{e.From, e.To, e.At} {
						if c != NoCell {
							seenCells[c.Name()] = true
						}
					}
				}
			}
			// The account must end where the resolver ended.
			for _, a := range after.Units {
				u := s.b.Unit(a.ID)
				if u.Active() != a.Active() || (a.Active() && (u.Cell != a.Cell || u.Revealed != a.Revealed)) {
					t.Fatalf("%s: the events leave %s %v in %s revealed %v; the battle has %v in %s revealed %v",
						where, a.ID, u.Status, u.Cell, u.Revealed, a.Status, a.Cell, a.Revealed)
				}
			}

			if EventsDrift(before, after, side, evs) {
				t.Errorf("%s: VisibleEvents found that the events do not give the battle after the turn", where)
			}
			got := VisibleEvents(before, after, side, evs)
			for _, e := range got {
				if e.Detail == DetailOutOfSight || e.Detail == DetailIntoSight || (e.Kind == EvLeaderMoved && e.Detail == "") {
					trimmed++
				}
			}
			for _, l := range langs {
				log := render.Log(l, got)
				texts++
				words := tokens(log)
				for _, u := range before.Units {
					if u.Side != side && !everSeen[u.ID] && words[u.ID] {
						leak("unit named", "%s (%s): the log names %s, never seen: %q", where, l, u.ID, grep(log, u.ID))
					}
				}
				for _, ld := range before.Leaders {
					if ld.Side != side && !everSeen[ld.ID] && words[ld.ID] {
						leak("leader named", "%s (%s): the log names leader %s, never seen: %q", where, l, ld.ID, grep(log, ld.ID))
					}
				}
				for c := range hiddenCells {
					if !seenCells[c] && words[c] {
						leak("cell", "%s (%s): the log shows %s, where only an unseen unit stood: %q", where, l, c, grep(log, c))
					}
				}
				phase := 0
				for _, e := range got {
					if e.Kind == EvPhase {
						phase = e.Phase
					}
					lines++
					k := line{phase, render.EventText(l, e)}
					if forbidden[k] && !allowed[k] {
						leak("sentence "+string(e.Kind), "%s (%s): phase %d reads %q, of what it did not see", where, l, phase, k.text)
					}
				}
			}
			// The picture.
			v := View(after, side)
			final := s.seen()
			for _, u := range v.Units {
				if u.Active() && !final[u.ID] {
					leak("picture unit", "%s: the picture draws %s, which the side does not see", where, u.ID)
				}
			}
			for _, u := range after.Units {
				if u.Active() && !final[u.ID] && v.Terrain.ShieldSides(u.Cell) != 0 {
					leak("picture shields", "%s: the picture draws shields in %s, where %s hides", where, u.Cell, u.ID)
				}
			}
		}
	})
	t.Logf("%d battles, %d side-turns, %d events followed (%d moments an enemy unit stood unseen); %d logs and %d lines checked, %d moves read in part; %d leaks %v",
		battles, sideTurns, events, hiddenMoments, texts, lines, trimmed, len(leaks), byKind)
	if hiddenMoments < racetest.Size(10000) {
		t.Fatalf("weak generator: %d moments an enemy unit stood unseen", hiddenMoments)
	}
	for i, l := range leaks {
		if i == 10 {
			t.Errorf("... %d leaks in all", len(leaks))
			break
		}
		t.Error(l)
	}
}

// grep returns the lines of text that hold the word w.
func grep(text, w string) []string {
	var out []string
	for _, l := range strings.Split(text, "\n") {
		if tokens(l)[w] {
			out = append(out, l)
		}
	}
	return out
}
