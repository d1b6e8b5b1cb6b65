package engine

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"testing"
)

// randomBattle places up to n units a side at random cells of their half,
// facing at random, with random orders of every kind, keeping only the
// orders Validate accepts (the bot refuses the others).
func randomBattle(rng *rand.Rand, n int) (Battle, []Order) {
	b := Battle{ID: "r", Defender: South, Settings: DefaultSettings()}
	taken := map[Cell]bool{}
	types := []TroopType{HeavyCavalry, LightCavalry, SamuraiSpear, SamuraiArcher, AshigaruSpear, AshigaruTeppo, Yamabushi}
	for side := North; side <= South; side++ {
		for k := 0; k < n; k++ {
			c := Cell{1 + rng.IntN(FieldWidth), 1 + rng.IntN(FieldHeight)}
			if taken[c] {
				continue
			}
			taken[c] = true
			u := Unit{ID: fmt.Sprintf("%s%d", side.String()[:1], k), Side: side, Type: types[rng.IntN(len(types))],
				Figures: 1 + rng.IntN(16), Cell: c, Facing: Dir(rng.IntN(4)), Status: StatusOK}
			if rng.IntN(8) == 0 {
				u.Status, u.RoutedTurn, u.RoutedOnce = StatusRouting, 0, true
			}
			u.Ammo = u.Stats().AmmoPerFigure * u.Figures
			b.Units = append(b.Units, u)
		}
	}
	if rng.IntN(3) == 0 {
		b.Terrain.Forests = []Cell{{1 + rng.IntN(FieldWidth), 5 + rng.IntN(3)}}
		b.Terrain.Hills = []Cell{{1 + rng.IntN(FieldWidth), 5 + rng.IntN(3)}}
		b.Terrain.Swamps = []Cell{{1 + rng.IntN(FieldWidth), 5 + rng.IntN(3)}}
	}
	return b, randomOrders(rng, b)
}

// randomOrders gives every unit on the field random orders of every kind,
// keeping those Validate accepts.
func randomOrders(rng *rand.Rand, b Battle) []Order {
	var orders []Order
	for _, u := range b.Units {
		if !u.Active() {
			continue
		}
		for phase := 1; phase <= 2; phase++ {
			k := OrderKind(rng.IntN(int(numOrderKinds)))
			o := Order{Unit: u.ID, Side: u.Side, Kind: k, Class: Class(rng.IntN(2)), Phase: phase}
			if k.ArmyWide() {
				o.Unit = ""
			}
			if k == OrderRally || k == OrderHold {
				f := Dir(rng.IntN(4))
				o.Facing = &f
			}
			if k == OrderShoot || k == OrderVolley {
				o.Target = b.Units[rng.IntN(len(b.Units))].ID
			}
			if k.Special() {
				o.Class = Special
			}
			try := append(append([]Order(nil), orders...), o)
			if len(Validate(b, u.Side, b.Turn+1, sideOf(try, u.Side))) == 0 {
				orders = try
			}
		}
	}
	return orders
}

func sideOf(orders []Order, s Side) []Order {
	var out []Order
	for _, o := range orders {
		if o.Side == s {
			out = append(out, o)
		}
	}
	return out
}

// checkInvariants: no two units in one cell, no negative figures, a unit
// with no figures is destroyed, ammunition within 8 per figure.
func checkInvariants(t *testing.T, b Battle, where string) {
	t.Helper()
	at := map[Cell]string{}
	for _, u := range b.Units {
		if u.Figures < 0 {
			t.Fatalf("%s: %s has %d figures", where, u.ID, u.Figures)
		}
		if u.Figures == 0 && u.Status != StatusDestroyed {
			t.Fatalf("%s: %s has no figures but is %s", where, u.ID, u.Status)
		}
		if st := u.Stats(); st.Shooter && (u.Ammo < 0 || u.Ammo > st.AmmoPerFigure*u.Figures) {
			t.Fatalf("%s: %s has %d ammo for %d figures", where, u.ID, u.Ammo, u.Figures)
		}
		if !u.Active() {
			continue
		}
		if other, ok := at[u.Cell]; ok {
			t.Fatalf("%s: %s and %s both stand in %s", where, other, u.ID, u.Cell)
		}
		at[u.Cell] = u.ID
	}
}

// Over many random battles: the order in which orders arrive never changes
// the outcome (R-VII.1.6), resolution is a function of its inputs, and the
// invariants of the state hold after every turn.
func TestRandomBattlesAreOrderIndependent(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 11))
	for trial := 0; trial < 300; trial++ {
		b, orders := randomBattle(rng, 2+rng.IntN(10))
		seed := []byte(fmt.Sprint("trial", trial))
		want, wantEv, err := ResolveTurn(b, orders, NewSeededDice(seed, "r", 1))
		if err != nil {
			t.Fatalf("trial %d: %v", trial, err)
		}
		checkInvariants(t, want, fmt.Sprint("trial ", trial))
		wantJSON, _ := json.Marshal(struct {
			B  Battle
			Ev []Event
		}{want, wantEv})
		for shuffle := 0; shuffle < 3; shuffle++ {
			s := append([]Order(nil), orders...)
			rng.Shuffle(len(s), func(i, j int) { s[i], s[j] = s[j], s[i] })
			got, gotEv, err := ResolveTurn(b, s, NewSeededDice(seed, "r", 1))
			if err != nil {
				t.Fatal(err)
			}
			gotJSON, _ := json.Marshal(struct {
				B  Battle
				Ev []Event
			}{got, gotEv})
			if string(gotJSON) != string(wantJSON) {
				t.Fatalf("trial %d: the order of the orders changed the result", trial)
			}
		}
	}
}

// Whole random battles of several turns keep the invariants.
func TestRandomBattlesKeepInvariants(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 5))
	for trial := 0; trial < 200; trial++ {
		b, orders := randomBattle(rng, 3+rng.IntN(10))
		for turn := 1; turn <= 6 && b.Outcome == Ongoing; turn++ {
			next, _, err := ResolveTurn(b, orders, NewSeededDice([]byte{byte(trial)}, "r", turn))
			if err != nil {
				t.Fatalf("trial %d turn %d: %v", trial, turn, err)
			}
			checkInvariants(t, next, fmt.Sprintf("trial %d turn %d", trial, turn))
			b = next
			orders = randomOrders(rng, b)
		}
	}
}
