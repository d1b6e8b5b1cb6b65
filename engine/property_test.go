package engine

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"reflect"
	"testing"
)

// benchBattle is two armies of 12 units facing each other across no-man's
// land, with 2 orders each: the size of a real battle.
func benchBattle() (Battle, []Order) { return benchBattleN(12) }

// benchBattleN is benchBattle with n units a side: every 12 more stand in
// two more rows behind the first ones, off the initial field beyond 12
// (the field extends, D-03), so that a turn's work grows with n alone.
func benchBattleN(n int) (Battle, []Order) {
	types := []TroopType{AshigaruSpear, SamuraiSpear, Yamabushi, SamuraiArcher, LightCavalry, HeavyCavalry}
	var units []Unit
	var orders []Order
	for side := North; side <= South; side++ {
		for k := 0; k < n; k++ {
			x := k%12 + 1
			block := k / 12 // which group of two rows, from the front
			y := 3 - 2*block
			f := S
			if side == South {
				y, f = 5+2*block, N
			}
			id := side.String()[:1] + string(rune('a'+k))
			if k >= 26 {
				id = fmt.Sprintf("%s%d", side.String()[:1], k)
			}
			if k%2 == 1 {
				// every other unit one row back, so some move in column
				if side == North {
					y--
				} else {
					y++
				}
			}
			u := unit(id, side, types[k%len(types)], 8, Cell{x, y}.Name(), f)
			units = append(units, u)
			first, second := OrderMove, OrderWait
			switch k % 4 {
			case 1:
				first, second = OrderWait, OrderMove
			case 2:
				first, second = OrderWheelLeft, OrderWheelRight
			case 3:
				first, second = OrderMove, OrderMove
			}
			orders = append(orders,
				Order{Unit: id, Side: side, Kind: first, Class: Ordinary, Phase: 1},
				Order{Unit: id, Side: side, Kind: second, Class: Ordinary, Phase: 2})
		}
	}
	return testBattle(units...), orders
}

// The order in which orders arrive never changes the outcome (ARCHITECTURE:
// resolution is a function; R-VII.1.6: equal priority is simultaneous).
func TestOrderOfOrdersDoesNotMatter(t *testing.T) {
	b, orders := benchBattle()
	seed := []byte("property")
	want, wantEv, err := ResolveTurn(b, orders, NewSeededDice(seed, "p", 1))
	if err != nil {
		t.Fatal(err)
	}
	wantJSON, _ := json.Marshal(struct {
		B  Battle
		Ev []Event
	}{want, wantEv})
	rng := rand.New(rand.NewPCG(1, 2))
	for trial := 0; trial < 50; trial++ {
		shuffled := append([]Order(nil), orders...)
		rng.Shuffle(len(shuffled), func(i, j int) { shuffled[i], shuffled[j] = shuffled[j], shuffled[i] })
		got, gotEv, err := ResolveTurn(b, shuffled, NewSeededDice(seed, "p", 1))
		if err != nil {
			t.Fatal(err)
		}
		gotJSON, _ := json.Marshal(struct {
			B  Battle
			Ev []Event
		}{got, gotEv})
		if string(gotJSON) != string(wantJSON) {
			t.Fatalf("trial %d: shuffled orders changed the result", trial)
		}
	}
}

// ResolveTurn never modifies its input (state is a value).
func TestResolveLeavesInputAlone(t *testing.T) {
	b, orders := benchBattle()
	before := b.Clone()
	if _, _, err := ResolveTurn(b, orders, NewSeededDice([]byte("x"), "p", 1)); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(before, b) {
		t.Fatal("ResolveTurn changed its input battle")
	}
}

// A unit order with a problem is refused with every problem named, and the
// battle is unchanged.
func TestIllegalOrdersAreRefused(t *testing.T) {
	b := testBattle(
		unit("n", North, SamuraiSpear, 8, "A13", S),
		unit("s", South, SamuraiSpear, 8, "C13", N),
	)
	orders := []Order{
		{Unit: "s", Side: North, Kind: OrderMove, Phase: 1},                            // not north's unit
		{Unit: "ghost", Side: North, Kind: OrderMove, Phase: 1},                        // unknown
		{Unit: "n", Side: North, Kind: OrderRally, Phase: 1},                           // special order in an ordinary slot
		{Unit: "n", Side: North, Kind: OrderWait, Phase: 3},                            // bad phase
		{Unit: "n", Side: North, Kind: OrderGeneralAdvance, Class: Ordinary, Phase: 1}, // army-wide, not for a unit
	}
	nb, ev, err := ResolveTurn(b, orders, NewScriptedDice(nil))
	probs, ok := err.(OrderErrors)
	if !ok {
		t.Fatalf("want OrderErrors, got %v", err)
	}
	codes := map[string]bool{}
	for _, p := range probs {
		codes[p.Code] = true
	}
	for _, c := range []string{ProbNotYourUnit, ProbUnknownUnit, ProbRallyFacing, ProbBadPhase, ProbArmyWideUnit} {
		if !codes[c] {
			t.Errorf("missing problem %s in %v", c, probs)
		}
	}
	if ev != nil || !reflect.DeepEqual(nb, b) {
		t.Error("a refused turn must change nothing")
	}
}

func BenchmarkResolveTurn(b *testing.B) {
	battle, orders := benchBattle()
	seed := []byte("bench")
	b.ReportAllocs()
	for b.Loop() {
		if _, _, err := ResolveTurn(battle, orders, NewSeededDice(seed, "bench", 1)); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkResolveTurnUnits is BenchmarkResolveTurn's turn with 12, 24 and
// 48 units a side: the time per turn should grow with the units, not with
// their square.
func BenchmarkResolveTurnUnits(b *testing.B) {
	for _, n := range []int{12, 24, 48} {
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			battle, orders := benchBattleN(n)
			seed := []byte("bench")
			b.ReportAllocs()
			for b.Loop() {
				if _, _, err := ResolveTurn(battle, orders, NewSeededDice(seed, "bench", 1)); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
