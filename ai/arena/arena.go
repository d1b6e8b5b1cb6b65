// Package arena plays policies against each other over many battles, the
// way the bot plays a battle turn: each side's command roll (its stake and
// rerolls), its orders held to the roll (engine.Validate,
// engine.CheckBudget), the turn resolved by engine.ResolveTurn with the
// battle's seeded dice, each side deciding from its own view (ai.SeenBy,
// with its memory of the enemy). It measures the general's strength
// (gunbai arena): wins, draws and losses, a rating with its interval, the
// time and simulated turns of a decision. Unlike the policies it plays, it
// reads the clock (to time decisions) and runs battles in parallel.
//
// What the arena leaves out of a turn, as the engine does (the lifecycle
// runs them): the plan-change round of the shinobi's Signals and the
// interception of a command roll; shinobi missions given are resolved as
// the engine resolves them.
package arena

import (
	"encoding/binary"
	"math/rand/v2"
	"slices"
	"time"

	"github.com/gunbai/gunbai/ai"
	"github.com/gunbai/gunbai/engine"
	"github.com/gunbai/gunbai/engine/sim"
)

// Player is a policy that plays one side. seed is its own random source
// for the decision (from the arena's seed, never the battle's dice).
type Player interface {
	Name() string
	Stake(s ai.Sight, seed uint64) engine.Stake
	Reroll(s ai.Sight, stake engine.Stake, r engine.CommandResult, open []string, seed uint64) string
	// Orders are the side's orders within granted, and the battle turns
	// the decision simulated.
	Orders(s ai.Sight, granted engine.CommandResult, seed uint64) ([]engine.Order, int)
}

// General is the search-based general at a budget of simulated turns.
type General struct{ Turns int }

// Name implements Player.
func (g General) Name() string { return "ai-" + itoa(g.Turns) }

func (g General) gen(seed uint64) ai.General {
	return ai.General{Seed: seed, Budget: ai.Budget{Turns: g.Turns}}
}

// Stake implements Player.
func (g General) Stake(s ai.Sight, seed uint64) engine.Stake { return g.gen(seed).Stake(s) }

// Reroll implements Player.
func (g General) Reroll(s ai.Sight, stake engine.Stake, r engine.CommandResult, open []string, seed uint64) string {
	return g.gen(seed).Reroll(s, stake, r, open)
}

// Orders implements Player.
func (g General) Orders(s ai.Sight, granted engine.CommandResult, seed uint64) ([]engine.Order, int) {
	p := g.gen(seed).Orders(s, granted, nil)
	return p.Orders, p.Turns
}

// Scripted is engine/sim's policy held to the command roll: the low stake,
// the HQ's reroll when it fails, its orders kept in the order it gives
// them while they are legal and fit the roll (the bot's autopilot before
// issue 30).
type Scripted struct{}

// Name implements Player.
func (Scripted) Name() string { return "sim" }

// Stake implements Player.
func (Scripted) Stake(ai.Sight, uint64) engine.Stake { return engine.StakeLow }

// Reroll implements Player.
func (Scripted) Reroll(_ ai.Sight, _ engine.Stake, r engine.CommandResult, open []string, _ uint64) string {
	if !r.Success && slices.Contains(open, engine.RerollHQ) {
		return engine.RerollHQ
	}
	return ""
}

// Orders implements Player.
func (Scripted) Orders(s ai.Sight, granted engine.CommandResult, seed uint64) ([]engine.Order, int) {
	view := s.View()
	played := view.Clone()
	rng := rand.New(rand.NewPCG(seed, 0x736372697074))
	var out []engine.Order
	for _, o := range sim.Scripted.Orders(&played, s.Side(), rng) {
		o.Side, o.Turn = s.Side(), 0
		all := append(slices.Clip(out), o)
		if len(engine.Validate(view, s.Side(), s.Turn(), all)) == 0 && engine.CheckBudget(view, s.Side(), s.Turn(), all, granted) == nil {
			out = all
		}
	}
	return out, 0
}

// Result is one battle's end and what its decisions cost.
type Result struct {
	Outcome engine.Outcome
	Turns   int
	// Decisions, Time and Simulated are by side: the order decisions made,
	// the time they took (stake and rerolls included), the battle turns
	// they simulated.
	Decisions [2]int
	Time      [2]time.Duration
	Simulated [2]int
	Err       error
}

// Play plays one battle from b between ps (by side) with seed: the
// battle's dice and each decision's seed come from it.
func Play(b engine.Battle, ps [2]Player, seed uint64) Result {
	var res Result
	var key [8]byte
	binary.BigEndian.PutUint64(key[:], seed)
	mix := rand.New(rand.NewPCG(seed, 0x6172656e61))
	views := [2][]engine.Battle{}
	for _, side := range []engine.Side{engine.North, engine.South} {
		views[side] = []engine.Battle{engine.View(b, side)}
	}
	for b.Outcome == engine.Ongoing && b.Turn < b.Settings.LastTurn() {
		turn := b.Turn + 1
		dice := engine.NewSeededDice(key[:], b.ID, turn)
		var orders []engine.Order
		for _, side := range []engine.Side{engine.North, engine.South} {
			s := ai.SeenBy(b, side, engine.LastSeen(side, views[side]...))
			start := time.Now()
			granted := commandRoll(&b, side, s, ps[side], key[:], mix)
			given, sims := ps[side].Orders(s, granted, mix.Uint64())
			res.Time[side] += time.Since(start)
			res.Decisions[side]++
			res.Simulated[side] += sims
			orders = append(orders, held(b, side, turn, given, granted)...)
		}
		next, _, err := engine.ResolveTurn(b, orders, dice)
		if err != nil {
			res.Err = err
			break
		}
		b = next
		for _, side := range []engine.Side{engine.North, engine.South} {
			views[side] = append(views[side], engine.View(b, side))
			if len(views[side]) > 6 {
				views[side] = views[side][1:]
			}
		}
	}
	res.Outcome, res.Turns = b.Outcome, b.Turn
	if res.Outcome == engine.Ongoing {
		res.Outcome = engine.Draw // out of turns with no decision (D-04)
	}
	return res
}

// commandRoll makes side's command roll as the bot does (R-V.2, R-V.3):
// the player's stake, then its rerolls one at a time while the roll fails,
// each taken only if open; a messenger used is spent from b.
func commandRoll(b *engine.Battle, side engine.Side, s ai.Sight, p Player, key []byte, mix *rand.Rand) engine.CommandResult {
	stake := p.Stake(s, mix.Uint64())
	hq, bonus := engine.CommandSetup(b, side, b.Turn+1, nil)
	in := engine.CommandInput{Side: side, Stake: stake, Bonus: bonus, HQReroll: hq, Messengers: b.Messengers[side]}
	r, _ := engine.CommandRoll(in, rollDice(key, b))
	for !r.Success {
		var open []string
		if hq && !r.HQUsed {
			open = append(open, engine.RerollHQ)
		}
		if in.Messengers > r.MessengersUsed {
			open = append(open, engine.RerollMessenger)
		}
		src := p.Reroll(s, stake, r, open, mix.Uint64())
		if src == "" || !slices.Contains(open, src) {
			break
		}
		in.Rerolls = append(in.Rerolls, src)
		r, _ = engine.CommandRoll(in, rollDice(key, b))
	}
	b.Messengers[side] -= r.MessengersUsed
	return r
}

// rollDice are the command roll's dice, from the start each time: the
// roll is made again with one more reroll, as the bot makes it, on the
// same dice in the same order.
func rollDice(key []byte, b *engine.Battle) engine.Dice {
	return engine.NewSeededDice(key, b.ID+".command", b.Turn+1)
}

// held keeps the orders of side that are legal and fit its roll, in the
// order given.
func held(b engine.Battle, side engine.Side, turn int, orders []engine.Order, granted engine.CommandResult) []engine.Order {
	var out []engine.Order
	for _, o := range orders {
		o.Side, o.Turn = side, 0
		all := append(slices.Clip(out), o)
		if len(engine.Validate(b, side, turn, all)) == 0 && engine.CheckBudget(b, side, turn, all, granted) == nil {
			out = all
		}
	}
	return out
}

func itoa(n int) string {
	if n == 0 {
		return "0"
	}
	var buf [20]byte
	i := len(buf)
	for n > 0 {
		i--
		buf[i] = byte('0' + n%10)
		n /= 10
	}
	return string(buf[i:])
}
