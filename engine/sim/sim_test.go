package sim

import (
	"encoding/json"
	"fmt"
	"maps"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/gunbai/gunbai/engine"
)

// battles is how many whole battles TestPlay plays.
const battles = 1000

// checkInvariants: no two units on the field in one cell, figures never
// negative, a unit with no figures is destroyed, ammunition within 8 per
// figure.
func checkInvariants(b *engine.Battle) error {
	at := map[engine.Cell]string{}
	for _, u := range b.Units {
		if u.Figures < 0 {
			return fmt.Errorf("%s has %d figures", u.ID, u.Figures)
		}
		if u.Figures == 0 && u.Status != engine.StatusDestroyed {
			return fmt.Errorf("%s has no figures but is %s", u.ID, u.Status)
		}
		if st := u.Stats(); u.Ammo < 0 || u.Ammo > st.AmmoPerFigure*u.Figures {
			return fmt.Errorf("%s has %d ammo for %d figures", u.ID, u.Ammo, u.Figures)
		}
		if !u.Active() {
			continue
		}
		if other, ok := at[u.Cell]; ok {
			return fmt.Errorf("%s and %s both stand in %s", other, u.ID, u.Cell)
		}
		at[u.Cell] = u.ID
	}
	return nil
}

// Deployments follow R-IV.1 and R-I.2.3: own zones, the two central cells of
// the front row held, 4 to 16 figures, at most one yamabushi unit a side.
func TestDeploy(t *testing.T) {
	for seed := uint64(0); seed < 200; seed++ {
		b := Deploy(seed)
		if err := checkInvariants(&b); err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
		var count, yamabushi [2]int
		types := map[engine.TroopType]bool{}
		for _, u := range b.Units {
			count[u.Side]++
			types[u.Type] = true
			if u.Type == engine.Yamabushi {
				yamabushi[u.Side]++
			}
			if u.Figures < engine.MinDeployFigures || u.Figures > engine.MaxFigures {
				t.Errorf("seed %d: %s has %d figures", seed, u.ID, u.Figures)
			}
			if owner, ok := engine.ZoneOf(u.Cell).Owner(); !ok || owner != u.Side {
				t.Errorf("seed %d: %s of %s deployed in %s", seed, u.ID, u.Side, u.Cell)
			}
			if u.Facing != u.Side.EnemyEdge() {
				t.Errorf("seed %d: %s faces %s", seed, u.ID, u.Facing)
			}
		}
		for _, c := range []string{"A21", "B21", "C11", "D11"} {
			if b.UnitAt(engine.MustCell(c)) == nil {
				t.Errorf("seed %d: %s is empty", seed, c)
			}
		}
		if count != [2]int{UnitsPerSide, UnitsPerSide} || yamabushi[0] > 1 || yamabushi[1] > 1 || len(types) < 3 {
			t.Errorf("seed %d: units %v, yamabushi %v, %d types", seed, count, yamabushi, len(types))
		}
	}
}

// Whole battles, with the scripted policy: no panic and no error, the
// invariants hold after every turn, every battle ends by its last turn with
// an outcome, and the outcomes vary.
func TestPlay(t *testing.T) {
	start := time.Now()
	outcomes := map[engine.Outcome]int{}
	rules := map[string]int{}
	turns := 0
	dropped := 0
	for seed := uint64(1); seed <= battles; seed++ {
		b, logs, err := playChecked(seed)
		if err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
		if b.Outcome == engine.Ongoing {
			t.Fatalf("seed %d: still ongoing after turn %d", seed, b.Turn)
		}
		if b.Turn < 1 || b.Turn > b.Settings.LastTurn() || len(logs) != b.Turn {
			t.Fatalf("seed %d: ended at turn %d with %d turn logs", seed, b.Turn, len(logs))
		}
		for _, l := range logs {
			for _, e := range l.Events {
				if e.Kind == engine.EvOutcome {
					rules[e.Rule]++
				}
			}
			dropped += len(l.Dropped)
		}
		outcomes[b.Outcome]++
		turns += b.Turn
	}
	var dist []string
	for _, o := range slices.Sorted(maps.Keys(outcomes)) {
		dist = append(dist, fmt.Sprintf("%s %d", o, outcomes[o]))
	}
	var why []string
	for _, r := range slices.Sorted(maps.Keys(rules)) {
		why = append(why, fmt.Sprintf("%s %d", r, rules[r]))
	}
	t.Logf("%d battles in %v: %s; ended by %s; %.1f turns on average; %d orders refused by Validate",
		battles, time.Since(start).Round(time.Millisecond), strings.Join(dist, ", "), strings.Join(why, ", "),
		float64(turns)/battles, dropped)
	if len(outcomes) < 2 {
		t.Errorf("every battle ended the same way: %s", strings.Join(dist, ", "))
	}
}

// playChecked is Play with the scripted policy, checking the invariants
// before every turn (the policy sees every state) and at the end, and
// turning a panic into an error.
func playChecked(seed uint64) (b engine.Battle, logs []TurnLog, err error) {
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("panic: %v", p)
		}
	}()
	var bad error
	checked := PolicyFunc(func(b *engine.Battle, side engine.Side, rng *rand.Rand) []engine.Order {
		if side == engine.North && bad == nil {
			if err := checkInvariants(b); err != nil {
				bad = fmt.Errorf("after turn %d: %w", b.Turn, err)
			}
		}
		return Scripted.Orders(b, side, rng)
	})
	b, logs, err = Play(seed, checked)
	if err == nil {
		err = bad
	}
	if err == nil {
		if e := checkInvariants(&b); e != nil {
			err = fmt.Errorf("after turn %d: %w", b.Turn, e)
		}
	}
	return b, logs, err
}

// Valid drops every order of a unit with a problem, and the army-wide
// orders and declarations behind a problem of no unit, keeping the rest.
func TestValid(t *testing.T) {
	b := Deploy(1)
	b.Units[0].Status = engine.StatusRouting
	n, s := b.Units[1], b.Units[UnitsPerSide]
	f := engine.S
	orders := []engine.Order{
		{Unit: b.Units[0].ID, Side: engine.North, Kind: engine.OrderMove, Phase: 1},                                     // routing: only Rally (R-VI.3.6)
		{Unit: n.ID, Side: engine.North, Kind: engine.OrderWheelLeft, Phase: 1},                                         // fine
		{Unit: n.ID, Side: engine.North, Kind: engine.OrderMove, Phase: 2},                                              // fine
		{Unit: b.Units[2].ID, Side: engine.North, Kind: engine.OrderMove, Phase: 2},                                     // phase 2 alone (R-VI.1.2)
		{Unit: b.Units[3].ID, Side: engine.North, Kind: engine.OrderRally, Phase: 1},                                    // Rally with no facing
		{Unit: b.Units[4].ID, Side: engine.North, Kind: engine.OrderRally, Phase: 1, Facing: &f, Class: engine.Special}, // fine
		{Unit: s.ID, Side: engine.North, Kind: engine.OrderMove, Phase: 1},                                              // not North's unit
		{Side: engine.North, Kind: engine.OrderGeneralAdvance, Phase: 1},                                                // fine
		{Side: engine.North, Kind: engine.OrderGeneralRetreat, Phase: 1},                                                // a second army-wide order
	}
	ok, dropped := Valid(b, engine.North, 1, orders)
	if len(engine.Validate(b, engine.North, 1, ok)) != 0 {
		t.Fatalf("Valid kept refused orders: %v", engine.Validate(b, engine.North, 1, ok))
	}
	want := []engine.Order{orders[1], orders[2], orders[5]}
	if len(ok) != len(want) || len(ok)+len(dropped) != len(orders) {
		t.Fatalf("kept %v, dropped %v", ok, dropped)
	}
	for i := range want {
		if ok[i].Unit != want[i].Unit || ok[i].Kind != want[i].Kind {
			t.Errorf("kept #%d: %v, want %v", i, ok[i], want[i])
		}
	}
}

// The same seed plays the same battle.
func TestPlayIsDeterministic(t *testing.T) {
	for seed := uint64(1); seed <= 20; seed++ {
		a, la, err := Play(seed, Scripted)
		if err != nil {
			t.Fatal(err)
		}
		b, lb, err := Play(seed, Scripted)
		if err != nil {
			t.Fatal(err)
		}
		ja, _ := json.Marshal(struct {
			B engine.Battle
			L []TurnLog
		}{a, la})
		jb, _ := json.Marshal(struct {
			B engine.Battle
			L []TurnLog
		}{b, lb})
		if string(ja) != string(jb) {
			t.Fatalf("seed %d: two plays differ", seed)
		}
	}
}

func BenchmarkPlay(b *testing.B) {
	seed := uint64(0)
	for b.Loop() {
		seed++
		if _, _, err := Play(seed, Scripted); err != nil {
			b.Fatal(err)
		}
	}
}
