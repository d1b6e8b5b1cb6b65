package field

import (
	"encoding/binary"
	"testing"

	"github.com/gunbai/gunbai/engine"
	"github.com/gunbai/gunbai/engine/sim"
	"github.com/gunbai/gunbai/render"
)

// simTurn is one turn of a simulated battle: the state before and after it
// and its events.
type simTurn struct {
	before, after engine.Battle
	events        []engine.Event
}

// simTurns plays the battle of seed with the scripted policy and gives
// every turn of it, replayed from its orders and dice.
func simTurns(t testing.TB, seed uint64) []simTurn {
	_, logs, err := sim.Play(seed, sim.Scripted)
	if err != nil {
		t.Fatalf("seed %d: %v", seed, err)
	}
	var key [8]byte
	binary.BigEndian.PutUint64(key[:], seed)
	b := sim.Deploy(seed)
	var out []simTurn
	for _, tl := range logs {
		next, events, err := engine.ResolveTurn(b, tl.Orders, engine.NewSeededDice(key[:], b.ID, tl.Turn))
		if err != nil {
			t.Fatalf("seed %d turn %d: %v", seed, tl.Turn, err)
		}
		out = append(out, simTurn{before: b, after: next, events: events})
		b = next
	}
	return out
}

// viewsOf are the three pictures of a turn: the GM's and each side's, each
// with what that view knows.
func viewsOf(st simTurn) []struct {
	b   engine.Battle
	opt Options
} {
	before := st.before
	out := []struct {
		b   engine.Battle
		opt Options
	}{{st.after, Options{Lang: render.RU, View: ViewGM, Events: st.events, Before: &before}}}
	for _, side := range []engine.Side{engine.North, engine.South} {
		vb := engine.View(st.before, side)
		out = append(out, struct {
			b   engine.Battle
			opt Options
		}{engine.View(st.after, side), Options{Lang: render.EN, View: SideView(side),
			Events: engine.VisibleEvents(st.before, st.after, side, st.events), Before: &vb}})
	}
	return out
}

// BenchmarkDrawTurn draws the results pictures, all three views, of the
// busiest turn (the most events) of the first ten simulated battles.
func BenchmarkDrawTurn(b *testing.B) {
	var busiest simTurn
	for seed := uint64(1); seed <= 10; seed++ {
		for _, st := range simTurns(b, seed) {
			if len(st.events) > len(busiest.events) {
				busiest = st
			}
		}
	}
	views := viewsOf(busiest)
	noStaticCache.Store(false)
	b.ResetTimer()
	for b.Loop() {
		for _, v := range views {
			if _, err := Image(v.b, v.opt); err != nil {
				b.Fatal(err)
			}
		}
	}
}
