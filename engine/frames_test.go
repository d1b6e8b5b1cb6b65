package engine

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"reflect"
	"slices"
	"testing"

	"github.com/gunbai/gunbai/internal/racetest"
)

// keyDice records the keys a resolution asks its dice for.
type keyDice struct {
	d    Dice
	keys []string
}

func (k *keyDice) Roll(key string) int {
	k.keys = append(k.keys, key)
	return k.d.Roll(key)
}

// framesBattle is a random battle (randomBattle) with forests, leaders
// (forestBattle), shinobi, banners and shields, so that turns have a start
// (leaders' moves, shinobi, withdrawals) as well as ladder steps.
func framesBattle(rng *rand.Rand) Battle {
	b, _ := randomBattle(rng, 3+rng.IntN(10))
	forestBattle(rng, &b)
	b.Shinobi = [2]int{1, 1}
	b.Banners = [2][]Banner{{{Name: BannerPhoenix}, {Name: "wind"}}, {{Name: BannerPhoenix}, {Name: "wind"}}}
	for _, u := range b.Units {
		if u.Figures >= 4 && rng.IntN(4) == 0 {
			b.Terrain.SetShields(u.Cell, uint8(1+rng.IntN(15)))
		}
	}
	return b
}

// framesOrders are random orders of every kind (randomOrders), with some
// leaders' moves, shinobi missions and banners that Validate accepts.
func framesOrders(rng *rand.Rand, b Battle) []Order {
	orders := randomOrders(rng, b)
	try := func(o Order) {
		next := append(slices.Clone(orders), o)
		if len(Validate(b, o.Side, b.Turn+1, sideOf(next, o.Side))) == 0 {
			orders = next
		}
	}
	var active []Unit
	for _, u := range b.Units {
		if u.Active() {
			active = append(active, u)
		}
	}
	if len(active) == 0 {
		return orders
	}
	for _, l := range b.Leaders {
		if rng.IntN(3) == 0 {
			to := []string{AtHQ, AtReserve, active[rng.IntN(len(active))].ID}
			try(Order{Side: l.Side, Kind: OrderMoveLeader, Leader: l.ID, To: to[rng.IntN(len(to))]})
		}
	}
	missions := []string{MissionSignals, MissionPanic, MissionSabotage, MissionInterception}
	for side := North; side <= South; side++ {
		if rng.IntN(2) == 0 {
			try(Order{Side: side, Kind: OrderShinobi, Mission: missions[rng.IntN(len(missions))], Target: active[rng.IntN(len(active))].ID})
		}
		if u := active[rng.IntN(len(active))]; u.Side == side && rng.IntN(2) == 0 {
			try(Order{Side: side, Kind: OrderBanner, Unit: u.ID, Banner: BannerPhoenix, Phase: 1})
		}
	}
	return orders
}

// framesTurn is one turn of a random battle, resolved both ways.
type framesTurn struct {
	where          string
	before         Battle
	want           Battle
	wantEv         []Event
	frames         []Frame
	keys, wantKeys []string
	// bounds is the battle at each step boundary of the turn, as the
	// resolver stands there, with the number of events so far.
	bounds []framesBound
}

type framesBound struct {
	events int
	state  Battle
}

// framesTurns plays random battles for a few turns of random orders and
// calls check on every turn, resolved by ResolveTurn and by ResolveFrames
// with the same dice.
func framesTurns(t *testing.T, trials int, check func(t *testing.T, ft *framesTurn)) {
	t.Helper()
	rng := rand.New(rand.NewPCG(13, 4))
	trials = racetest.Size(trials)
	for trial := 0; trial < trials; trial++ {
		b := framesBattle(rng)
		for turn := 1; turn <= 6 && b.Outcome == Ongoing; turn++ {
			orders := framesOrders(rng, b)
			seed := []byte(fmt.Sprint("frames", trial))
			ft := &framesTurn{where: fmt.Sprintf("trial %d turn %d", trial, turn), before: b.Clone()}
			wd := &keyDice{d: NewSeededDice(seed, b.ID, turn)}
			var err error
			ft.want, ft.wantEv, err = ResolveTurn(b, orders, wd)
			if err != nil {
				t.Fatalf("%s: %v", ft.where, err)
			}
			fd := &keyDice{d: NewSeededDice(seed, b.ID, turn)}
			if ft.frames, err = ResolveFrames(b, orders, fd); err != nil {
				t.Fatalf("%s: ResolveFrames: %v", ft.where, err)
			}
			ft.keys, ft.wantKeys = fd.keys, wd.keys
			_, _, err = resolveTurn(b, orders, NewSeededDice(seed, b.ID, turn), func(r *resolver) {
				ft.bounds = append(ft.bounds, framesBound{len(r.ev), r.b.Clone()})
			})
			if err != nil {
				t.Fatal(err)
			}
			check(t, ft)
			if t.Failed() {
				return
			}
			b = ft.want
		}
	}
}

// ResolveFrames resolves as ResolveTurn does: the same dice asked for the
// same keys, the last frame's state is ResolveTurn's battle, each frame's
// state is the battle as the resolver stands after its step, and the
// frames' events, one after another, are ResolveTurn's events.
func TestFramesMatchResolveTurn(t *testing.T) {
	framesTurns(t, 200, func(t *testing.T, ft *framesTurn) {
		if !slices.Equal(ft.keys, ft.wantKeys) {
			t.Errorf("%s: dice keys %v, ResolveTurn's %v", ft.where, ft.keys, ft.wantKeys)
		}
		if len(ft.frames) == 0 {
			t.Fatalf("%s: no frames", ft.where)
		}
		if last := ft.frames[len(ft.frames)-1].State; !reflect.DeepEqual(last, ft.want) {
			got, _ := json.Marshal(last)
			want, _ := json.Marshal(ft.want)
			t.Errorf("%s: the last frame is not ResolveTurn's battle:\n%s\nwant\n%s", ft.where, got, want)
		}
		var all []Event
		for k, f := range ft.frames {
			all = append(all, f.Events...)
			// A step's frame is the battle at the first boundary after its
			// last event; the end of turn's, the battle at the end. When
			// the end of turn is no frame, it changed nothing.
			want := ft.want.Clone()
			if f.Phase > 0 || k < len(ft.frames)-1 {
				at := slices.IndexFunc(ft.bounds, func(fb framesBound) bool { return fb.events == len(all) })
				if at < 0 {
					t.Fatalf("%s, frame %d: ends at event %d, no step boundary", ft.where, k, len(all))
				}
				want = ft.bounds[at].state
			}
			if !reflect.DeepEqual(f.State.Clone(), want) {
				t.Errorf("%s, frame %d (phase %d, %q): not the battle after the step", ft.where, k, f.Phase, f.Step)
			}
		}
		if !reflect.DeepEqual(all, ft.wantEv) {
			t.Errorf("%s: the frames' events (%d) are not ResolveTurn's (%d)", ft.where, len(all), len(ft.wantEv))
		}
	})
}

// Every frame is a step of its own: it has events or changes the battle,
// the frames come in the order of the turn (its start, the steps of phase
// 1 and 2 down the ladder, its end) and each holds the events of its step
// only.
func TestFramesStepByStep(t *testing.T) {
	rank := map[string]int{}
	for k, row := range ladder {
		rank[row.id] = k
	}
	seen := map[string]int{}
	framesTurns(t, 200, func(t *testing.T, ft *framesTurn) {
		prev := ft.before
		pos := -1 // the turn's start
		for k, f := range ft.frames {
			at := fmt.Sprintf("%s, frame %d (phase %d, %q)", ft.where, k, f.Phase, f.Step)
			if len(f.Events) == 0 && reflect.DeepEqual(f.State.Clone(), prev.Clone()) {
				t.Errorf("%s: no events and the battle as in the frame before", at)
			}
			prev = f.State
			last := k == len(ft.frames)-1
			switch {
			case f.Phase == 0 && f.Step == "" && k == 0 && !last && f.Events[0].Kind != EvPhase:
				seen["start"]++
				pos = 0
			case f.Phase == 0 && f.Step == "" && last:
				if len(f.Events) > 0 {
					seen["end with events"]++
				} else {
					seen["end without events"]++
				}
				pos = 1 << 20
			case f.Phase >= 1 && f.Phase <= 2:
				r, ok := rank[f.Step]
				if !ok {
					t.Fatalf("%s: no such step", at)
				}
				p := 1 + f.Phase*len(ladder) + r
				if p <= pos {
					t.Errorf("%s: out of order", at)
				}
				pos = p
				seen[f.Step]++
				if last {
					seen["ended in a step"]++
				}
			default:
				t.Fatalf("%s: not a frame of the turn", at)
			}
			for _, e := range f.Events {
				switch {
				case f.Phase == 0 && e.Phase == 0 && e.Step == "":
				case pos == 1<<20: // the end of turn: the last step's phase and step
				case e.Phase == f.Phase && e.Step == f.Step:
				case e.Phase == f.Phase && e.Step == "" && f.Step == "P0":
					// the phase's opening, before its first step
				default:
					t.Errorf("%s: holds event %s of phase %d, step %q", at, e.Kind, e.Phase, e.Step)
				}
			}
		}
	})
	t.Log(seen)
	for _, kind := range []string{"start", "end with events", "end without events", "ended in a step", "P0", "P1", "P2", "P3", "P4", "P5", "P6", "P7", "P8", "P9", "P10"} {
		if seen[kind] == 0 {
			t.Errorf("no frame of kind %s in the random battles", kind)
		}
	}
}

// The frames' states share nothing: marking everything that can be
// changed in place in one frame's state leaves the others, the battle given
// and ResolveTurn's result as they were.
func TestFramesAreIndependent(t *testing.T) {
	framesTurns(t, 100, func(t *testing.T, ft *framesTurn) {
		before, _ := json.Marshal(ft.before)
		want, _ := json.Marshal(ft.want)
		mark := func(b *Battle, k int) {
			for i := range b.Units {
				b.Units[i].Figures, b.Units[i].Cell = 1000+k, Cell{k, k}
			}
			for i := range b.Leaders {
				b.Leaders[i].Wounds = 1000 + k
				for j := range b.Leaders[i].Traits {
					b.Leaders[i].Traits[j] = fmt.Sprint(k)
				}
			}
			for _, cells := range [][]Cell{b.Terrain.Hills, b.Terrain.Forests, b.Terrain.Swamps} {
				for i := range cells {
					cells[i] = Cell{k, k}
				}
			}
			for i := range b.Terrain.Shields {
				b.Terrain.Shields[i].Cell = Cell{k, k}
			}
			for s := range b.Banners {
				for i := range b.Banners[s] {
					b.Banners[s][i].Name = fmt.Sprint(k)
				}
				if a := b.ArmyWide[s]; a != nil {
					*a = OrderKind(k)
				}
			}
		}
		marked := func(b *Battle, k int) bool {
			c := b.Clone()
			mark(&c, k)
			return reflect.DeepEqual(c, b.Clone())
		}
		for k := range ft.frames {
			mark(&ft.frames[k].State, k)
		}
		for k := range ft.frames {
			if !marked(&ft.frames[k].State, k) {
				t.Fatalf("%s: frame %d's state shares what another frame's holds", ft.where, k)
			}
		}
		if got, _ := json.Marshal(ft.before); string(got) != string(before) {
			t.Fatalf("%s: the frames share the battle given", ft.where)
		}
		if got, _ := json.Marshal(ft.want); string(got) != string(want) {
			t.Fatalf("%s: the frames share ResolveTurn's battle", ft.where)
		}
	})
}

// In each frame a unit stands where the last move of the frame put it
// (EvMoved, EvRetreated, EvFled, EvSidestepped, and EvOccupied: an attacker
// taking the cell it won), having started from where the frame before left
// it; a unit that made no move stands where it stood.
func TestFramesPositionsFollowEvents(t *testing.T) {
	moves := 0
	framesTurns(t, 200, func(t *testing.T, ft *framesTurn) {
		prev := ft.before
		for k, f := range ft.frames {
			at := fmt.Sprintf("%s, frame %d (phase %d, %q)", ft.where, k, f.Phase, f.Step)
			to, from := map[string]Cell{}, map[string]Cell{}
			for _, e := range f.Events {
				switch e.Kind {
				case EvMoved, EvRetreated, EvFled, EvSidestepped, EvOccupied:
					if _, ok := from[e.Unit]; !ok {
						from[e.Unit] = e.From
					}
					to[e.Unit] = e.To
					moves++
				}
			}
			for i, u := range f.State.Units {
				was := prev.Units[i]
				if c, ok := from[u.ID]; ok && c != was.Cell {
					t.Errorf("%s: %s moves from %s but stood in %s", at, u.ID, c, was.Cell)
				}
				want, ok := to[u.ID]
				if !ok {
					want = was.Cell
				}
				if u.Cell != want {
					t.Errorf("%s: %s stands in %s, not %s", at, u.ID, u.Cell, want)
				}
			}
			prev = f.State
		}
	})
	if moves == 0 {
		t.Error("no moves in the random battles")
	}
}

// Each frame's events bring the frame before to it as VisibleEvents follows
// them, for both sides (a replay reads each step with VisibleEvents), as
// the turn's events bring the battle given to ResolveTurn's.
func TestFramesAreVisibleSteps(t *testing.T) {
	checked, drifted := 0, 0
	framesTurns(t, 100, func(t *testing.T, ft *framesTurn) {
		for side := North; side <= South; side++ {
			if _, _, drift := visibleEvents(ft.before, ft.want, side, ft.wantEv); drift {
				drifted++
				continue // the turn as a whole drifts: nothing to ask of its steps
			}
			checked++
			prev := ft.before
			for k, f := range ft.frames {
				if _, _, drift := visibleEvents(prev, f.State, side, f.Events); drift {
					t.Errorf("%s, frame %d (phase %d, %q): %s's events do not bring the frame before to it", ft.where, k, f.Phase, f.Step, side)
				}
				prev = f.State
			}
		}
	})
	t.Logf("%d turns and sides checked, %d drifting as a whole", checked, drifted)
	if checked == 0 {
		t.Error("no turn to check")
	}
}

// Orders that break a rule give ResolveTurn's error and no frames.
func TestFramesRefusedOrders(t *testing.T) {
	b := testBattle(unit("n", North, SamuraiSpear, 8, "A13", S), unit("s", South, SamuraiSpear, 8, "C13", N))
	orders := []Order{{Unit: "s", Side: North, Kind: OrderMove, Phase: 1}}
	_, _, want := ResolveTurn(b, orders, NewScriptedDice(nil))
	frames, err := ResolveFrames(b, orders, NewScriptedDice(nil))
	if want == nil || !reflect.DeepEqual(err, want) || frames != nil {
		t.Fatalf("got %v, %v; want no frames and %v", frames, err, want)
	}
}

// BenchmarkResolveFrames is BenchmarkResolveTurn's turn (benchBattle, two
// armies of 12) resolved into frames.
func BenchmarkResolveFrames(b *testing.B) {
	battle, orders := benchBattle()
	seed := []byte("bench")
	b.ReportAllocs()
	for b.Loop() {
		if _, err := ResolveFrames(battle, orders, NewSeededDice(seed, "bench", 1)); err != nil {
			b.Fatal(err)
		}
	}
}
