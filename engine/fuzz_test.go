package engine

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"reflect"
	"testing"
)

// FuzzResolve resolves random battles of up to 4 turns, built from two
// uint64 seeds, and checks what must hold whatever the position:
//
//   - ResolveTurn never panics, and never refuses orders that Validate
//     accepted;
//   - the invariants of checkInvariants hold after every turn;
//   - a unit that is destroyed, scattered or in the reserve never acts again
//     (it moves, attacks, shoots, wheels... in no later event), and a unit
//     off the field at the start of a turn does not act in it;
//   - resolution is a function of its inputs: the same battle, orders and
//     seed give the same state and events (same JSON), and the input battle
//     is left unchanged.
//
// A failure logs the seeds, the turn, the battle and the orders as JSON, so
// that the input can be replayed with ResolveTurn directly.
//
//	go test ./engine -run XXX -fuzz FuzzResolve -fuzztime 3m
func FuzzResolve(f *testing.F) {
	for _, s := range [][2]uint64{{0, 0}, {1, 2}, {7, 11}, {3, 5}, {42, 4242}, {1 << 63, 99}, {0xdeadbeef, 0xcafe}} {
		f.Add(s[0], s[1])
	}
	f.Fuzz(func(t *testing.T, a, b uint64) {
		rng := rand.New(rand.NewPCG(a, b))
		battle, _ := randomBattle(rng, 1+rng.IntN(12))
		fuzzDecorate(rng, &battle)
		orders := fuzzOrders(rng, battle)
		for turn := 1; turn <= 4 && battle.Outcome == Ongoing; turn++ {
			seed := fmt.Appendf(nil, "%d|%d", a, b)
			next := fuzzTurn(t, a, b, turn, seed, battle, orders)
			checkInvariants(t, next, fmt.Sprintf("seeds %d %d turn %d", a, b, turn))
			battle = next
			orders = fuzzOrders(rng, battle)
		}
	})
}

// fuzzTurn resolves one turn twice and checks it; it returns the new state.
func fuzzTurn(t *testing.T, a, b uint64, turn int, seed []byte, battle Battle, orders []Order) Battle {
	t.Helper()
	report := func(format string, args ...any) {
		t.Helper()
		bj, _ := json.Marshal(battle)
		oj, _ := json.Marshal(orders)
		t.Fatalf("seeds %d %d, turn %d (dice seed %q, battle %q, turn %d): %s\nbattle: %s\norders: %s",
			a, b, turn, seed, battle.ID, battle.Turn+1, fmt.Sprintf(format, args...), bj, oj)
	}
	before, _ := json.Marshal(battle)
	run := func() (Battle, []Event, error) {
		var (
			nb  Battle
			ev  []Event
			err error
		)
		func() {
			defer func() {
				if p := recover(); p != nil {
					report("panic: %v", p)
				}
			}()
			nb, ev, err = ResolveTurn(battle, orders, NewSeededDice(seed, battle.ID, battle.Turn+1))
		}()
		return nb, ev, err
	}
	next, events, err := run()
	if err != nil {
		report("orders accepted by Validate were refused: %v", err)
	}
	if after, _ := json.Marshal(battle); string(after) != string(before) {
		report("ResolveTurn changed its input battle")
	}
	again, againEv, err := run()
	if err != nil {
		report("second resolution refused the orders: %v", err)
	}
	j1, _ := json.Marshal(struct {
		B  Battle
		Ev []Event
	}{next, events})
	j2, _ := json.Marshal(struct {
		B  Battle
		Ev []Event
	}{again, againEv})
	if string(j1) != string(j2) {
		report("the same input resolved twice gave different results:\nfirst:  %s\nsecond: %s", j1, j2)
	}
	if !reflect.DeepEqual(next, again) {
		report("the same input resolved twice gave states that differ outside JSON")
	}
	if msg := goneUnitActs(battle, events); msg != "" {
		report("%s", msg)
	}
	if next.Turn != battle.Turn+1 {
		report("resolved turn %d after turn %d", next.Turn, battle.Turn)
	}
	if len(next.Units) != len(battle.Units) {
		report("%d units before the turn, %d after", len(battle.Units), len(next.Units))
	}
	for i := range next.Units {
		was, is := battle.Units[i], next.Units[i]
		if is.ID != was.ID || is.Side != was.Side || is.Type != was.Type {
			report("unit %d changed identity: %s %s %s -> %s %s %s", i, was.ID, was.Side, was.Type, is.ID, is.Side, is.Type)
		}
		if is.Figures > was.Figures {
			report("%s gained figures: %d -> %d", is.ID, was.Figures, is.Figures)
		}
		if !was.Status.OnField() && is.Status != was.Status {
			report("%s came back from %s as %s", is.ID, was.Status, is.Status)
		}
		if !was.Status.OnField() && is.Cell != was.Cell {
			report("%s is %s but moved from %s to %s", is.ID, was.Status, was.Cell, is.Cell)
		}
	}
	return next
}

// actingEvents are the events whose Unit does something itself; a unit
// that is no longer on the field can be named by none of them.
var actingEvents = map[EventKind]bool{
	EvMoved: true, EvAttack: true, EvShot: true, EvWheeled: true,
	EvSidestepped: true, EvRetreated: true, EvFled: true, EvRallied: true,
	EvTurnedToFace: true, EvMeeting: true, EvOccupied: true, EvHold: true,
	EvWaited: true, EvShields: true, EvWithdrawn: true,
}

// goneUnitActs returns a description of the first event in which a unit
// acts after it was destroyed, scattered or withdrawn to the reserve in the
// turn, or while it was off the field since the turn began.
func goneUnitActs(before Battle, events []Event) string {
	gone := map[string]string{}
	for _, u := range before.Units {
		if !u.Status.OnField() {
			gone[u.ID] = fmt.Sprintf("%s before the turn", u.Status)
		}
	}
	for k, e := range events {
		if actingEvents[e.Kind] {
			who := []string{e.Unit}
			if e.Kind == EvMeeting {
				who = append(who, e.Other)
			}
			for _, id := range who {
				if why, ok := gone[id]; ok && id != "" {
					return fmt.Sprintf("event %d (%s, phase %d, step %s): %s acts although %s", k, e.Kind, e.Phase, e.Step, id, why)
				}
			}
		}
		switch e.Kind {
		case EvDestroyed:
			gone[e.Unit] = fmt.Sprintf("destroyed at event %d (phase %d, step %s)", k, e.Phase, e.Step)
		case EvScattered:
			gone[e.Unit] = fmt.Sprintf("scattered at event %d (phase %d, step %s)", k, e.Phase, e.Step)
		case EvWithdrawn:
			gone[e.Unit] = fmt.Sprintf("withdrawn to the reserve at event %d (phase %d, step %s)", k, e.Phase, e.Step)
		}
	}
	return ""
}

// fuzzDecorate adds what randomBattle leaves out: leaders, carried-over
// unit flags, and more terrain (forests off the units' cells and on them,
// hills, a swamp), so that more of the rules run.
func fuzzDecorate(rng *rand.Rand, b *Battle) {
	for i := range b.Units {
		u := &b.Units[i]
		st := u.Stats()
		u.Hold = !u.Routing() && rng.IntN(6) == 0
		u.Rallied = rng.IntN(8) == 0
		u.Revealed = rng.IntN(6) == 0
		u.Fatigued = st.Cavalry && rng.IntN(4) == 0
		if st.Shooter {
			u.SaveAmmo = rng.IntN(8) == 0
			if rng.IntN(4) == 0 {
				u.Ammo = rng.IntN(u.Ammo + 1) // some shooters short of ammunition
			}
		}
		if rng.IntN(10) == 0 {
			b.Terrain.SetShields(u.Cell, uint8(1+rng.IntN(15)))
		}
		if rng.IntN(10) == 0 {
			u.MinorClan = true
		}
	}
	if rng.IntN(2) == 0 {
		for k := rng.IntN(4); k > 0; k-- {
			c := Cell{1 + rng.IntN(FieldWidth), 1 + rng.IntN(FieldHeight)}
			b.Terrain.Forests = append(b.Terrain.Forests, c)
		}
		for k := rng.IntN(3); k > 0; k-- {
			c := Cell{1 + rng.IntN(FieldWidth), 1 + rng.IntN(FieldHeight)}
			b.Terrain.Hills = append(b.Terrain.Hills, c)
		}
	}
	if rng.IntN(4) == 0 {
		// A swamp never under a unit: units cannot stand in one.
		c := Cell{1 + rng.IntN(FieldWidth), 1 + rng.IntN(FieldHeight)}
		if b.UnitAt(c) == nil {
			b.Terrain.Swamps = append(b.Terrain.Swamps, c)
		}
	}
	// randomBattle may place a swamp under a unit; move such swamps away.
	sw := b.Terrain.Swamps[:0]
	for _, c := range b.Terrain.Swamps {
		if b.UnitAt(c) == nil {
			sw = append(sw, c)
		}
	}
	b.Terrain.Swamps = sw
	if rng.IntN(4) == 0 {
		b.Settings.OffField = OffFieldBounded
	}
	b.Settings.RankBonusOnce = rng.IntN(4) == 0
	b.Settings.ArmorPerAttacker = rng.IntN(4) == 0
	b.Settings.MeetingLexicographic = rng.IntN(4) == 0
	b.Settings.SmallBaseOnlyVsBig = rng.IntN(4) == 0
	// Leaders: a commander and a general or two per side, in units, the HQ
	// or the reserve.
	traits := []string{"brawler", "insidious", "charismatic", "provident", "cunning_plan"}
	for side := North; side <= South; side++ {
		var mine []string
		for _, u := range b.Units {
			if u.Side == side {
				mine = append(mine, u.ID)
			}
		}
		for k := rng.IntN(4); k > 0; k-- {
			l := Leader{ID: fmt.Sprintf("%sL%d", side.String()[:1], k), Side: side, Role: General, At: AtHQ}
			if k == 1 {
				l.Role = Commander
			}
			switch r := rng.IntN(5); {
			case r < 3 && len(mine) > 0:
				l.At = mine[rng.IntN(len(mine))]
			case r == 3:
				l.At = AtReserve
			}
			l.Wounds = rng.IntN(3)
			if l.Wounds > 0 {
				l.Health = LeaderWounded
			}
			if rng.IntN(3) == 0 {
				l.Traits = []string{traits[rng.IntN(len(traits))]}
			}
			b.Leaders = append(b.Leaders, l)
		}
	}
}

// fuzzOrders is randomOrders plus what it never gives: cavalry gallop steps
// and ordinary orders of special units; army-wide orders on some turns.
// Every order kept is one Validate accepts.
func fuzzOrders(rng *rand.Rand, b Battle) []Order {
	orders := randomOrders(rng, b)
	steps := []StepKind{StepMove, StepWheelLeft, StepWheelRight, StepSkip}
	for k := range orders {
		o := orders[k]
		switch o.Kind {
		case OrderMove, OrderWheelLeft, OrderWheelRight, OrderAdvance:
		default:
			continue
		}
		if u := b.Unit(o.Unit); u == nil || !u.Stats().Cavalry || rng.IntN(2) == 0 {
			continue
		}
		n := 1 + rng.IntN(2)
		o.Steps = nil
		for s := 0; s < n; s++ {
			o.Steps = append(o.Steps, steps[rng.IntN(len(steps))])
		}
		try := append([]Order(nil), orders...)
		try[k] = o
		if len(Validate(b, o.Side, b.Turn+1, sideOf(try, o.Side))) == 0 {
			orders = try
		}
	}
	return orders
}
