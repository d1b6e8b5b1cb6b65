package ai

import (
	"fmt"
	"math/bits"
	"math/rand/v2"
	"slices"

	"github.com/gunbai/gunbai/engine"
	"github.com/gunbai/gunbai/engine/sim"
)

// newSample draws one possible world: the enemy's hidden units, its orders
// for the turn, the dice of this turn and the next.
func (se *search) newSample() sample {
	world := se.determinize()
	enemy := se.s.side.Enemy()
	sm := sample{world: world, dice: [2]uint64{se.rng.Uint64(), se.rng.Uint64()}}
	seed := se.rng.Uint64()
	sm.roll = func() *rand.Rand { return rand.New(rand.NewPCG(seed, 0x726f6c6c6f7574)) }
	sm.enemy = enemyOrders(world, enemy, se.turn, rand.New(rand.NewPCG(se.rng.Uint64(), 1)))
	return sm
}

// determinize draws what the enemy may have where the side cannot see,
// consistent with the sight: each unit the side remembers (a ghost) still
// in its forest if that forest is out of sight, most of the time; and,
// now and then, one more unit in a forest the side does not watch. A unit
// drawn stands where the side's view would not show it, so the sight of
// the world drawn is the sight itself.
func (se *search) determinize() engine.Battle {
	w := se.s.view.Clone()
	hidden := func(c engine.Cell) bool {
		return w.Terrain.Forest(c) && w.UnitAt(c) == nil && !watched(&w, se.s.side, c)
	}
	for _, g := range se.s.ghosts {
		if hidden(g.Unit.Cell) && se.rng.IntN(5) < 4 {
			u := g.Unit
			u.Revealed = false
			w.Units = append(w.Units, u)
		}
	}
	var unwatched []engine.Cell
	for _, c := range w.Terrain.Forests {
		if hidden(c) {
			unwatched = append(unwatched, c)
		}
	}
	if len(unwatched) > 0 && se.rng.IntN(8) == 0 {
		c := unwatched[se.rng.IntN(len(unwatched))]
		enemy := se.s.side.Enemy()
		u := engine.Unit{ID: fmt.Sprintf("?%d", se.rng.IntN(1000)), Side: enemy, Type: engine.SamuraiArcher, Figures: 8,
			Cell: c, Facing: enemy.EnemyEdge(), Status: engine.StatusOK}
		u.Ammo = u.Stats().AmmoPerFigure * u.Figures
		if w.Unit(u.ID) == nil {
			w.Units = append(w.Units, u)
		}
	}
	return w
}

// watched says whether a unit of side stands next to c (D-67).
func watched(b *engine.Battle, side engine.Side, c engine.Cell) bool {
	for i := range b.Units {
		u := &b.Units[i]
		if u.Side == side && u.Active() && engine.Adjacent8(u.Cell, c) {
			return true
		}
	}
	return false
}

// enemyOrders are plausible orders of side in world, from its own view of
// it: engine/sim's policy held to a command roll drawn with the real odds
// at the low stake (HQ reroll and generals included, R-V.2, R-V.3), each
// order kept only if it is legal and fits the roll.
func enemyOrders(world engine.Battle, side engine.Side, turn int, rng *rand.Rand) []engine.Order {
	view := engine.View(world, side)
	granted := drawnRoll(&view, side, turn, rng)
	played := view.Clone()
	var out []engine.Order
	for _, o := range sim.Scripted.Orders(&played, side, rng) {
		o.Side, o.Turn = side, 0
		all := append(slices.Clip(out), o)
		if len(engine.Validate(view, side, turn, all)) == 0 && engine.CheckBudget(view, side, turn, all, granted) == nil {
			out = all
		}
	}
	return out
}

// drawnRoll is a command roll at the low stake, drawn from rng.
func drawnRoll(b *engine.Battle, side engine.Side, turn int, rng *rand.Rand) engine.CommandResult {
	hq, bonus := engine.CommandSetup(b, side, turn, nil)
	in := engine.CommandInput{Side: side, Stake: engine.StakeLow, Bonus: bonus, HQReroll: hq}
	if hq {
		in.Rerolls = []string{engine.RerollHQ}
	}
	r, _ := engine.CommandRoll(in, rngDice{rng})
	return r
}

// rollout is the next turn's orders of side in the search: engine/sim's
// policy on the whole world, cut to what a low roll grants (three
// ordinary orders, one special) and to what engine.Validate accepts.
func rollout(b *engine.Battle, side engine.Side, rng *rand.Rand) []engine.Order {
	var out []engine.Order
	special, ordinary := 1, 3
	for _, o := range sim.Scripted.Orders(b, side, rng) {
		switch {
		case o.Class == engine.Special || o.Kind.Special():
			if special == 0 {
				continue
			}
			special--
		default:
			if ordinary == 0 {
				continue
			}
			ordinary--
		}
		out = append(out, o)
	}
	ok, _ := sim.Valid(*b, side, b.Turn+1, out)
	return ok
}

// rngDice are fair dice from a random source: the real distribution, not
// the battle's dice (which the general never sees).
type rngDice struct{ r *rand.Rand }

// Roll implements engine.Dice.
func (d rngDice) Roll(string) int { return 1 + d.r.IntN(6) }

// newDice are the dice of one simulated turn: fair, and keyed as the
// battle's own dice are (CASES.md "Roll keys": the n-th roll of a key is
// a function of the seed, the key and n), so that two candidates played on
// one sample roll the same die for the same melee or shot, whatever else
// differs: the comparison sees the plans, not the luck.
func newDice(seed uint64) engine.Dice { return &keyedDice{seed: seed} }

type keyedDice struct {
	seed uint64
	n    map[string]uint64
}

// Roll implements engine.Dice.
func (d *keyedDice) Roll(key string) int {
	if d.n == nil {
		d.n = make(map[string]uint64, 16)
	}
	c := d.n[key]
	d.n[key] = c + 1
	h := d.seed ^ 0xcbf29ce484222325
	for i := 0; i < len(key); i++ { // FNV-1a
		h ^= uint64(key[i])
		h *= 0x100000001b3
	}
	x := mix(h + c*0x9e3779b97f4a7c15)
	hi, _ := bits.Mul64(x, 6)
	return 1 + int(hi)
}

// mix is SplitMix64's finaliser.
func mix(x uint64) uint64 {
	x ^= x >> 30
	x *= 0xbf58476d1ce4e5b9
	x ^= x >> 27
	x *= 0x94d049bb133111eb
	return x ^ x>>31
}
