// Package sim plays whole battles between two scripted armies: a plausible
// deployment, a simple policy for each side, seeded dice. It exercises the
// engine end to end (every order goes through engine.Validate, every turn
// through engine.ResolveTurn) and is the place to look at what the rules do
// over many battles: how they end, how long they last.
package sim

import (
	"encoding/binary"
	"fmt"
	"math/rand/v2"

	"github.com/gunbai/gunbai/engine"
)

// UnitsPerSide is the size of each army.
const UnitsPerSide = 10

// TurnLog is what happened in one battle turn.
type TurnLog struct {
	Turn int `json:"turn"`
	// Orders are the orders resolved, both sides; Dropped are the orders
	// the policy gave that engine.Validate refused (the bot would refuse
	// them too), left out of the turn.
	Orders  []engine.Order `json:"orders"`
	Dropped []engine.Order `json:"dropped,omitempty"`
	Events  []engine.Event `json:"events"`
}

// Policy gives one side's orders for the next battle turn. rng is the
// battle's own random source, so a battle is a function of its seed.
type Policy interface {
	Orders(b *engine.Battle, side engine.Side, rng *rand.Rand) []engine.Order
}

// PolicyFunc adapts a function to Policy.
type PolicyFunc func(b *engine.Battle, side engine.Side, rng *rand.Rand) []engine.Order

// Orders implements Policy.
func (f PolicyFunc) Orders(b *engine.Battle, side engine.Side, rng *rand.Rand) []engine.Order {
	return f(b, side, rng)
}

// Play plays one battle from seed: the deployment of Deploy(seed), then
// battle turns until the battle ends (at the latest after the last turn,
// battle.max_turns, D-04), both sides following policy. It returns the
// final state and the log of every turn. An error means the engine refused
// orders that engine.Validate had accepted, or failed otherwise.
func Play(seed uint64, policy Policy) (engine.Battle, []TurnLog, error) {
	rng := rand.New(rand.NewPCG(seed, 0x9e3779b97f4a7c15))
	b := Deploy(seed)
	var key [8]byte
	binary.BigEndian.PutUint64(key[:], seed)
	var logs []TurnLog
	last := b.Settings.LastTurn()
	for b.Outcome == engine.Ongoing && b.Turn < last {
		turn := b.Turn + 1
		var tl TurnLog
		tl.Turn = turn
		var ok [2][]engine.Order
		for _, side := range []engine.Side{engine.North, engine.South} {
			view := b.Clone() // a policy cannot change the battle
			var dropped []engine.Order
			ok[side], dropped = Valid(b, side, turn, policy.Orders(&view, side, rng))
			tl.Dropped = append(tl.Dropped, dropped...)
		}
		// Both sides' orders in one slice of their length (nil for none).
		if n := len(ok[engine.North]) + len(ok[engine.South]); n > 0 {
			tl.Orders = append(append(make([]engine.Order, 0, n), ok[engine.North]...), ok[engine.South]...)
		}
		// The dice of a turn come from the battle's seed and the turn.
		next, events, err := engine.ResolveTurn(b, tl.Orders, engine.NewSeededDice(key[:], b.ID, turn))
		if err != nil {
			return b, logs, fmt.Errorf("battle %s, turn %d: %w", b.ID, turn, err)
		}
		if next.Turn != turn {
			return b, logs, fmt.Errorf("battle %s: resolving turn %d gave turn %d", b.ID, turn, next.Turn)
		}
		tl.Events = events
		logs = append(logs, tl)
		b = next
	}
	return b, logs, nil
}

// Valid keeps the orders of one side that engine.Validate accepts: it drops
// every order of a unit with a problem (and the side's army-wide orders and
// declarations for a problem of no unit) until none is left.
func Valid(b engine.Battle, side engine.Side, turn int, orders []engine.Order) (ok, dropped []engine.Order) {
	ok = orders
	for range len(orders) + 1 {
		probs := engine.Validate(b, side, turn, ok)
		if len(probs) == 0 {
			return ok, dropped
		}
		bad := map[string]bool{}
		for _, p := range probs {
			bad[p.Unit] = true
		}
		var keep []engine.Order
		for _, o := range ok {
			if bad[o.Unit] {
				dropped = append(dropped, o)
			} else {
				keep = append(keep, o)
			}
		}
		ok = keep
	}
	return nil, append(dropped, ok...)
}

// troopMix is the pool the armies are drawn from, with repeats as weights.
var troopMix = []engine.TroopType{
	engine.HeavyCavalry, engine.LightCavalry, engine.LightCavalry,
	engine.SamuraiSpear, engine.SamuraiSpear, engine.SamuraiArcher, engine.SamuraiArcher,
	engine.AshigaruSpear, engine.AshigaruSpear, engine.AshigaruSpear,
	engine.AshigaruTeppo, engine.AshigaruTeppo, engine.Yamabushi,
}

// Deploy builds the battle of seed: two armies of UnitsPerSide units, each in
// its own deployment zones (R-IV.1) with the two central cells of its front
// row held (A21 and B21 for the North, C11 and D11 for the South), mixed
// troop types with at most one yamabushi unit a side, 4 to 16 figures a unit
// (R-I.2.3), shooters with full ammunition. Most units stand in the front
// row, the rest behind it; every unit faces the enemy.
func Deploy(seed uint64) engine.Battle {
	rng := rand.New(rand.NewPCG(seed, 0x2545f4914f6cdd1d))
	b := engine.Battle{ID: fmt.Sprintf("sim-%d", seed), Defender: engine.South, Settings: engine.DefaultSettings()}
	for _, side := range []engine.Side{engine.North, engine.South} {
		front, facing, back := 3, engine.S, -1 // North: rows y=3 (front), 2, 1
		if side == engine.South {
			front, facing, back = 5, engine.N, 1 // South: rows y=5 (front), 6, 7
		}
		// The two central front cells, then the rest of the front row and
		// the rows behind, in random order, front row first.
		cells := []engine.Cell{{X: 6, Y: front}, {X: 7, Y: front}}
		for row := 0; row < 3; row++ {
			var xs []int
			for x := 1; x <= engine.FieldWidth; x++ {
				if row > 0 || (x != 6 && x != 7) {
					xs = append(xs, x)
				}
			}
			rng.Shuffle(len(xs), func(i, j int) { xs[i], xs[j] = xs[j], xs[i] })
			want := []int{4, 3, 1}[row] // front row: 2 + 4 more
			for _, x := range xs[:want] {
				cells = append(cells, engine.Cell{X: x, Y: front + row*back})
			}
		}
		yamabushi := false
		for k, c := range cells {
			t := troopMix[rng.IntN(len(troopMix))]
			for t == engine.Yamabushi && yamabushi {
				t = troopMix[rng.IntN(len(troopMix))]
			}
			yamabushi = yamabushi || t == engine.Yamabushi
			u := engine.Unit{
				ID:      fmt.Sprintf("%c%d", side.String()[0], k+1),
				Side:    side,
				Type:    t,
				Figures: engine.MinDeployFigures + rng.IntN(engine.MaxFigures-engine.MinDeployFigures+1),
				Cell:    c,
				Facing:  facing,
				Status:  engine.StatusOK,
			}
			u.Ammo = u.Stats().AmmoPerFigure * u.Figures
			b.Units = append(b.Units, u)
		}
	}
	return b
}

// Scripted is the simple policy of the simulations:
//   - a side that is offered the end of the battle (R-I.4.2) takes it;
//   - a side left with few standing units may give up: the signal to retreat
//     and a General retreat, then no more orders (R-I.4.4);
//   - otherwise, now and then a General advance for the whole army;
//   - routing units rally, facing the nearest enemy; battered units of 3
//     figures or fewer sometimes go to the reserve;
//   - shooters shoot an enemy in their fire zone, or else close in until one
//     is near;
//   - cavalry and infantry turn toward the nearest enemy and advance on it,
//     attacking when it stands in front (now and then at all costs), and
//     spearmen facing cavalry sometimes hold at all costs.
var Scripted Policy = PolicyFunc(scripted)

func scripted(b *engine.Battle, side engine.Side, rng *rand.Rand) []engine.Order {
	if b.OfferStands(side) {
		return []engine.Order{{Side: side, Kind: engine.OrderStopBattle, Phase: 1}}
	}
	if k := b.ArmyWide[side]; k != nil && *k == engine.OrderGeneralRetreat {
		return nil // giving up: the army only retreats
	}
	standing, active := 0, 0
	for i := range b.Units {
		if u := &b.Units[i]; u.Side == side && u.Active() {
			active++
			if !u.Routing() {
				standing++
			}
		}
	}
	if standing <= 3 && b.Turn >= 3 && rng.IntN(3) == 0 {
		return []engine.Order{
			{Side: side, Kind: engine.OrderSignalRetreat, Phase: 1},
			{Side: side, Kind: engine.OrderGeneralRetreat, Phase: 1},
		}
	}
	army := rng.IntN(6) == 0
	// At most two orders a unit and the army's: room for them up front.
	orders := make([]engine.Order, 0, 2*active+1)
	if army {
		orders = append(orders, engine.Order{Side: side, Kind: engine.OrderGeneralAdvance, Phase: 1})
	}
	for i := range b.Units {
		u := &b.Units[i]
		if u.Side != side || !u.Active() {
			continue
		}
		orders = appendUnitOrders(orders, b, u, army, rng)
	}
	if len(orders) == 0 {
		return nil // no orders: nil, not the empty room
	}
	return orders
}

// appendUnitOrders appends to dst what one unit is told to do.
func appendUnitOrders(dst []engine.Order, b *engine.Battle, u *engine.Unit, army bool, rng *rand.Rand) []engine.Order {
	o := func(k engine.OrderKind, phase int) engine.Order {
		c := engine.Ordinary
		if k.Special() {
			c = engine.Special
		}
		return engine.Order{Unit: u.ID, Side: u.Side, Kind: k, Class: c, Phase: phase}
	}
	enemy := NearestEnemy(b, u)
	if enemy == nil {
		return dst
	}
	toward := direction(u.Cell, enemy.Cell)
	if u.Routing() {
		r := o(engine.OrderRally, 1)
		r.Facing = &toward
		return append(dst, r)
	}
	if u.Figures <= 3 && rng.IntN(3) == 0 {
		return append(dst, o(engine.OrderWithdraw, 1))
	}
	st := u.Stats()
	if st.Shooter {
		if t := target(b, u); t != nil {
			k := engine.OrderShoot
			if rng.IntN(4) == 0 && u.Ammo >= 2*u.Figures {
				k = engine.OrderVolley
			}
			s := o(k, 1)
			s.Target = t.ID
			return append(dst, s)
		}
		if army || distance(u.Cell, enemy.Cell) <= 2 {
			return dst // General advance, or wait for the enemy: free fire
		}
	}
	if army && u.Facing == u.Side.EnemyEdge() {
		return dst // the General advance moves it
	}
	front := engine.FrontCell(u.Cell, u.Facing)
	if u.Facing == toward {
		if e := b.UnitAt(front); e != nil && e.Side != u.Side && st.Spearmen && e.Stats().Cavalry && rng.IntN(3) == 0 {
			return append(dst, o(engine.OrderHold, 1)) // set spears against the horsemen
		}
		if !front.OnField() {
			return dst
		}
		if e := b.UnitAt(front); e != nil && e.Side != u.Side && rng.IntN(3) == 0 {
			return append(dst, o(engine.OrderAdvance, 1)) // attack at all costs
		}
		dst = append(dst, o(engine.OrderMove, 1))
		if !st.Cavalry && b.UnitAt(front) == nil && rng.IntN(2) == 0 {
			dst = append(dst, o(engine.OrderMove, 2))
		}
		return dst
	}
	wheel := engine.OrderWheelLeft
	step := engine.StepWheelLeft
	switch {
	case u.Facing.Right() == toward:
		wheel, step = engine.OrderWheelRight, engine.StepWheelRight
	case u.Facing.Left() != toward && rng.IntN(2) == 0: // behind: either way
		wheel, step = engine.OrderWheelRight, engine.StepWheelRight
	}
	if st.Cavalry && !u.Fatigued {
		// A gallop: wheel and move for one order (R-VI.2.12).
		m := o(engine.OrderMove, 1)
		m.Steps = []engine.StepKind{step, engine.StepMove}
		return append(dst, m)
	}
	dst = append(dst, o(wheel, 1))
	if !st.Shooter && rng.IntN(2) == 0 {
		dst = append(dst, o(engine.OrderMove, 2))
	}
	return dst
}

// NearestEnemy is the enemy unit on the field closest to u (ties: the first
// in the battle's order), routing units last; nil if none.
func NearestEnemy(b *engine.Battle, u *engine.Unit) *engine.Unit {
	var best *engine.Unit
	bestD := 0
	for i := range b.Units {
		e := &b.Units[i]
		if e.Side == u.Side || !e.Active() {
			continue
		}
		d := distance(u.Cell, e.Cell)
		if e.Routing() {
			d += 100
		}
		if best == nil || d < bestD {
			best, bestD = e, d
		}
	}
	return best
}

// target is an enemy in u's fire zone (front cell, then corner cells,
// R-VI.2.2), if any.
func target(b *engine.Battle, u *engine.Unit) *engine.Unit {
	corners := engine.CornerCells(u.Cell, u.Facing)
	for _, c := range []engine.Cell{engine.FrontCell(u.Cell, u.Facing), corners[0], corners[1]} {
		if e := b.UnitAt(c); e != nil && e.Side != u.Side {
			return e
		}
	}
	return nil
}

// direction is the facing that points from a toward b along the longer axis
// (north-south on a tie).
func direction(a, b engine.Cell) engine.Dir {
	d := b.Sub(a)
	if abs(d.DX) > abs(d.DY) {
		if d.DX > 0 {
			return engine.E
		}
		return engine.W
	}
	if d.DY > 0 {
		return engine.S
	}
	return engine.N
}

// distance is the number of orthogonal steps from a to b.
func distance(a, b engine.Cell) int {
	d := b.Sub(a)
	return abs(d.DX) + abs(d.DY)
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
