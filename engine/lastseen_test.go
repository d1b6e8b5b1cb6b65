package engine

import (
	"fmt"
	"math/rand/v2"
	"reflect"
	"testing"

	"github.com/gunbai/gunbai/internal/racetest"
)

// A South unit seen at the end of a turn, then gone into a forest where no
// North unit touches it, is a ghost in North's memory where it was seen,
// with that turn; a unit hidden all along, a unit seen now, and a unit seen
// leave the field are not.
func TestLastSeenForestWalk(t *testing.T) {
	b0 := testBattle(
		unit("N1", North, AshigaruSpear, 8, Cell{1, 2}.Name(), S),
		unit("S1", South, SamuraiSpear, 6, Cell{6, 5}.Name(), N),   // in the open: seen
		unit("S2", South, AshigaruTeppo, 5, Cell{10, 6}.Name(), N), // in the forest: never seen
		unit("S3", South, LightCavalry, 4, Cell{12, 5}.Name(), W),  // seen, then destroyed
	)
	b0.Terrain.Forests = []Cell{{6, 6}, {10, 6}}
	b1 := b0.Clone()
	b1.Turn = 1
	b1.Unit("S1").Cell = Cell{6, 6} // into the forest, out of sight
	b2 := b1.Clone()
	b2.Turn = 2
	b2.Unit("S3").Status = StatusDestroyed
	b2.Unit("S3").Figures = 0

	views := []Battle{View(b0, North), View(b1, North)}
	got := LastSeen(North, views...)
	if len(got) != 1 || got[0].Unit.ID != "S1" || got[0].Unit.Cell != (Cell{6, 5}) || got[0].Turn != 0 || got[0].Unit.Facing != N || got[0].Unit.Type != SamuraiSpear {
		t.Fatalf("after turn 1: %+v, want S1 at F5 seen on turn 0", got)
	}
	got = LastSeen(North, append(views, View(b2, North))...)
	if len(got) != 1 || got[0].Unit.ID != "S1" || got[0].Turn != 0 {
		t.Fatalf("after turn 2: %+v, want S1 alone (S3 was seen destroyed)", got)
	}
	// South remembers nothing of North's: all its units stay in sight.
	if got := LastSeen(South, View(b0, South), View(b1, South), View(b2, South)); len(got) != 0 {
		t.Fatalf("South's memory: %+v", got)
	}
	// A North unit beside the forest sees S1 again: no ghost.
	b3 := b2.Clone()
	b3.Turn = 3
	b3.Unit("N1").Cell = Cell{5, 6}
	if got := LastSeen(North, View(b0, North), View(b1, North), View(b2, North), View(b3, North)); len(got) != 0 {
		t.Fatalf("S1 in sight again: %+v", got)
	}
	// One view or none: nothing to remember.
	if LastSeen(North, View(b1, North)) != nil || LastSeen(North) != nil {
		t.Fatal("memory without an earlier view")
	}
}

// Ghosts come latest first, then by ID, whatever the order of the units.
func TestLastSeenSorted(t *testing.T) {
	b0 := testBattle(
		unit("N1", North, AshigaruSpear, 8, Cell{1, 1}.Name(), S),
		unit("Sb", South, SamuraiSpear, 6, Cell{3, 5}.Name(), N),
		unit("Sa", South, SamuraiSpear, 6, Cell{5, 5}.Name(), N),
		unit("Sc", South, SamuraiSpear, 6, Cell{8, 5}.Name(), N),
	)
	b0.Terrain.Forests = []Cell{{3, 6}, {5, 6}, {8, 6}}
	b1 := b0.Clone()
	b1.Turn = 1
	b1.Unit("Sc").Cell = Cell{8, 6}
	b2 := b1.Clone()
	b2.Turn = 2
	b2.Unit("Sb").Cell = Cell{3, 6}
	b2.Unit("Sa").Cell = Cell{5, 6}
	got := LastSeen(North, View(b0, North), View(b1, North), View(b2, North))
	var ids []string
	for _, g := range got {
		ids = append(ids, fmt.Sprint(g.Unit.ID, "@", g.Turn))
	}
	if fmt.Sprint(ids) != "[Sa@1 Sb@1 Sc@0]" {
		t.Fatalf("order: %v", ids)
	}
}

// seenByRule is R-XI.3.2 as the rules word it, written apart from View:
// side sees unit u of b unless it is an enemy unit on the field, in a
// forest, never revealed (melee, leaving a forest), with no unit of side
// on the field in contact with its cell, diagonals included.
func seenByRule(b *Battle, side Side, u *Unit) bool {
	if u.Side == side || !u.Active() || u.Revealed || !b.Terrain.Forest(u.Cell) {
		return true
	}
	for i := range b.Units {
		o := &b.Units[i]
		if o.Side == side && o.Active() && max(abs(o.Cell.X-u.Cell.X), abs(o.Cell.Y-u.Cell.Y)) == 1 {
			return true
		}
	}
	return false
}

// Over many random battles with forests, played turn after turn with
// random orders, each side's memory after each turn (LastSeen of its views
// so far) holds what the fog rules (R-XI.3.2, D-67) let it see and nothing
// else:
//
//   - nothing a side never saw appears: every ghost is an enemy unit that
//     the side saw by the rule, on the field, at the end of the ghost's
//     turn, exactly as it stood then (cell, facing, type, figures);
//   - that sighting is the latest: the side did not see it since;
//   - no ghost is of a unit the side sees now, nor of its own units;
//   - the other side's sight never leaks in: a unit only the other side
//     saw (its own units) never is a ghost, and each ghost's sighting is
//     checked against this side's sight alone;
//   - every enemy unit out of sight now whose last sighting was on the
//     field is a ghost (the memory forgets nothing it saw).
func TestLastSeenPropertyFog(t *testing.T) {
	rng := rand.New(rand.NewPCG(28, 3))
	ghosts, hiddenNow := 0, 0
	for trial := 0; trial < racetest.Size(300); trial++ {
		b, _ := randomBattle(rng, 3+rng.IntN(10))
		forestBattle(rng, &b)
		states := []Battle{b}
		for turn := 1; turn <= 6 && b.Outcome == Ongoing; turn++ {
			next, _, err := ResolveTurn(b, randomOrders(rng, b), NewSeededDice(fmt.Appendf(nil, "ls%d", trial), b.ID, b.Turn+1))
			if err != nil {
				t.Fatalf("trial %d turn %d: %v", trial, turn, err)
			}
			// Now and then a unit walks into a forest unseen, as a
			// move would take it (the random orders rarely do).
			if rng.IntN(2) == 0 && len(next.Terrain.Forests) > 0 {
				u := &next.Units[rng.IntN(len(next.Units))]
				f := next.Terrain.Forests[rng.IntN(len(next.Terrain.Forests))]
				if u.Active() && next.UnitAt(f) == nil {
					u.Cell = f
				}
			}
			states = append(states, next)
			b = next
		}
		for side := North; side <= South; side++ {
			var views []Battle
			for k := range states {
				views = append(views, View(states[k], side))
				where := fmt.Sprintf("trial %d, %s after %d views", trial, side, k+1)
				got := LastSeen(side, views...)
				ghosts += len(got)
				checkLastSeen(t, states[:k+1], side, got, where)
				if again := LastSeen(side, views...); !reflect.DeepEqual(again, got) {
					t.Fatalf("%s: not deterministic", where)
				}
				for i := range states[k].Units {
					if !seenByRule(&states[k], side, &states[k].Units[i]) {
						hiddenNow++
					}
				}
			}
		}
	}
	t.Logf("%d ghosts checked; %d enemy units out of sight", ghosts, hiddenNow)
	if ghosts < racetest.Size(300) {
		t.Fatalf("weak generator: %d ghosts", ghosts)
	}
}

// checkLastSeen checks side's memory got against the true states so far.
func checkLastSeen(t *testing.T, states []Battle, side Side, got []Ghost, where string) {
	t.Helper()
	now := &states[len(states)-1]
	byID := map[string]Ghost{}
	for _, g := range got {
		byID[g.Unit.ID] = g
	}
	for _, g := range got {
		id := g.Unit.ID
		cur := now.Unit(id)
		switch {
		case g.Unit.Side == side || cur == nil || cur.Side == side:
			t.Fatalf("%s: ghost %s is not an enemy unit", where, id)
		case seenByRule(now, side, cur):
			t.Fatalf("%s: ghost %s is in sight now", where, id)
		}
		// The latest state in which the side saw it, by the rule.
		last := -1
		for k := range states[:len(states)-1] {
			if u := states[k].Unit(id); u != nil && seenByRule(&states[k], side, u) {
				last = k
			}
		}
		if last < 0 {
			t.Fatalf("%s: ghost %s was never seen", where, id)
		}
		seen := states[last].Unit(id)
		if !seen.Active() || g.Turn != states[last].Turn || !reflect.DeepEqual(g.Unit, *seen) {
			t.Fatalf("%s: ghost %s is %+v on turn %d; last seen %+v on turn %d", where, id, g.Unit, g.Turn, *seen, states[last].Turn)
		}
	}
	// Completeness: every enemy unit out of sight now, seen before and
	// last seen on the field.
	for i := range now.Units {
		u := &now.Units[i]
		if u.Side == side || seenByRule(now, side, u) {
			continue
		}
		last := -1
		for k := range states[:len(states)-1] {
			if p := states[k].Unit(u.ID); p != nil && seenByRule(&states[k], side, p) {
				last = k
			}
		}
		if _, ok := byID[u.ID]; last >= 0 && states[last].Unit(u.ID).Active() && !ok {
			t.Fatalf("%s: %s was seen on turn %d and is forgotten", where, u.ID, states[last].Turn)
		}
	}
}

// The memory of a long battle: 12 turns of 12 units a side, half of them
// in forests, from the side's 13 views (the views made in the loop, as the
// game makes them from its snapshots).
func BenchmarkLastSeen(b *testing.B) {
	battle, _ := benchBattleN(12)
	var states []Battle
	for turn := 0; turn <= 12; turn++ {
		s := battle.Clone()
		s.Turn = turn
		s.Terrain.Forests = nil
		for i := range s.Units {
			if s.Units[i].Side == South && (i+turn)%2 == 0 {
				s.Terrain.Forests = append(s.Terrain.Forests, s.Units[i].Cell)
			}
		}
		states = append(states, s)
	}
	b.ReportAllocs()
	for b.Loop() {
		views := make([]Battle, len(states))
		for k := range states {
			views[k] = View(states[k], North)
		}
		if len(LastSeen(North, views...)) == 0 {
			b.Fatal("no ghost")
		}
	}
}
