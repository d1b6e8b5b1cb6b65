package game

import (
	"crypto/sha256"
	"encoding/binary"
	"errors"
	"fmt"
	"reflect"
	"slices"
	"strconv"

	"github.com/gunbai/gunbai/ai"
	"github.com/gunbai/gunbai/engine"
	"github.com/gunbai/gunbai/store"
)

// The AI general's seat (issue 30 item 5): a side the general plays, for a
// training battle. Set at creation (/battle create ai:) or by the GM at
// any time (north.ai, south.ai): turned on mid-battle, it hands the side
// to the general from the next phase that opens (the phase open now ends
// for that side as any other: its players are refused from now on, and
// the deadline gives its absent seats their orders by battle.absent).
//
// The general plays the battle turns only. In deployment its side keeps
// the scenario's placement (its players may not change it) and needs
// nothing more: the GM starts the battle. Its shinobi that got through
// do not scout (it is done at once), and when only its side has any, no
// scouting phase opens at all.

// AIKey is the battle setting of whether the general plays side.
func AIKey(side engine.Side) string { return side.String() + ".ai" }

// aiScoutsOnly says whether every side with shinobi through at the start
// is the general's: the deployment turn's scouting would wait for no one.
func aiScoutsOnly(rec *store.BattleRecord) bool {
	for _, side := range sides {
		if rec.State.Shinobi[side] > 0 && !rec.AI[side] {
			return false
		}
	}
	return true
}

// aiSettings are the battle settings of the general's seats, listed last.
var aiSettings = []battleSettingRow{aiSetting(engine.North), aiSetting(engine.South)}

// aiSetting is the on/off row of the general's seat on side.
func aiSetting(side engine.Side) battleSettingRow {
	return battleSettingRow{key: AIKey(side), values: "on, off",
		get: func(rec *store.BattleRecord) string { return onOff(rec.AI[side]) },
		set: func(rec *store.BattleRecord, v string) error {
			on, err := parseOnOff(v)
			if err == nil {
				rec.AI[side] = on
			}
			return err
		}}
}

// aiBudget is the general's search inside a write transaction (the store
// has one writer, and every other change waits while it thinks): a small
// one, 300 simulated battle turns, some tens of milliseconds a decision
// where ai.DefaultTurns would take a few tenths of a second.
var aiBudget = ai.Budget{Turns: 300}

// aiGeneral is the general the lifecycle plays with, from its seed (a
// variable: TestAISeatNeverLeaks plays another, to see that nothing of
// its play shows to the enemy).
var aiGeneral = func(seed uint64) ai.General { return ai.General{Seed: seed, Budget: aiBudget} }

// aiSeed is the general's random source for side's decisions in a turn's
// round: from the turn's secret seed through a hash with a label of its
// own (as autopilotSeed), so that it is verifiable once the seed is
// revealed and tells nothing of the dice; never the seed itself.
func aiSeed(turnSeed []byte, side engine.Side, round int) uint64 {
	h := sha256.New()
	h.Write(turnSeed)
	h.Write([]byte("general/" + side.String() + "/" + strconv.Itoa(round)))
	return binary.BigEndian.Uint64(h.Sum(nil))
}

// aiSeat is the seat the general holds: the whole side, as a substitute
// for the whole side would (it rolls, orders every unit, says ready for
// all); no player, so no receipt is sent and its changes name nobody.
func aiSeat(rec *store.BattleRecord, side engine.Side) Seat {
	return Seat{Battle: *rec, Side: side, Sub: &store.Substitute{Side: side}}
}

// aiRefuse refuses a player's roll, order, ready or placement on a side
// the general plays: its players only watch. The GM hands it back with
// the side's setting (north.ai, south.ai off).
func aiRefuse(rec *store.BattleRecord, side engine.Side) error {
	if !rec.AI[side&1] {
		return nil
	}
	return refuse("err.ai_plays", rec.Name, AIKey(side))
}

// aiPlay lets the general play, in the transaction that opens a command
// phase or its plan-change round, each side of rec it holds that is not
// ready yet: it makes the side's command roll through the game's own roll
// and reroll (rollTx, rerollTx: the HQ and the messengers are spent as for
// a player), gives its orders one by one through giveOrder (checked as a
// player's), keeps what it intended (CommandPhase.AI) and marks the side
// ready. Its ready never moves the turn on (aiReady): a player's ready,
// the deadline or the GM does, so a battle the general plays on both sides
// goes one turn at each deadline or /battle resolve, never looping inside
// one transaction. Nothing of it reaches the enemy but the side's
// readiness, as a player's would.
func aiPlay(tx *store.Tx, rec *store.BattleRecord) error {
	if rec.Status != store.StatusCommand || rec.AI == [2]bool{} {
		return nil
	}
	for _, side := range sides {
		if !rec.AI[side] {
			continue
		}
		if err := aiPlaySide(tx, rec, side); err != nil {
			return fmt.Errorf("the general of %s: %w", side, err)
		}
	}
	return nil
}

// aiPlaySide is aiPlay for one side. In the plan-change round (Round 1)
// it keeps the orders fixed at a plan change (missions, banners: D-29,
// D-30), takes back the others and plans again within its roll as the
// reports left it (an interception may have shrunk it).
func aiPlaySide(tx *store.Tx, rec *store.BattleRecord, side engine.Side) error {
	bt := tx.BattleTurn(rec.GuildID, rec.ID, rec.Turn)
	ph, err := bt.Phase()
	if err != nil || ph.Ready[side] {
		return err
	}
	seed, err := bt.Seed()
	if err != nil {
		return err
	}
	ghosts, err := lastSeen(tx, rec, side, rec.Turn, rec.State)
	if err != nil {
		return err
	}
	seat := aiSeat(rec, side)
	g := aiGeneral(aiSeed(seed.Value, side, ph.Round))
	c, err := aiRoll(tx, rec, seat, g, ghosts)
	if err != nil {
		return err
	}
	given, err := aiKeepFixed(tx, rec, seat, ph.Round)
	if err != nil {
		return err
	}
	plan := g.Orders(ai.SeenBy(rec.State, side, ghosts), c.Result, given)
	var kept []engine.Order
	for _, o := range plan.Orders {
		if _, err := giveOrder(tx, rec, seat, o); err != nil {
			if _, refused := errors.AsType[*Refusal](err); refused {
				continue // the view's legality is the general's; the state's has the last word
			}
			return err
		}
		kept = append(kept, o)
	}
	if ph, err = bt.Phase(); err != nil {
		return err
	}
	ph.AI[side] = &store.AIPlan{By: store.AIBySeat, Stake: c.Stake, Intents: aiIntents(plan.Intents, kept), Round: ph.Round}
	if err := bt.PutPhase(ph); err != nil {
		return err
	}
	return aiReady(tx, rec, seat)
}

// aiRoll makes the side's command roll as the general chooses (its stake,
// then its rerolls while any is open) or, in the plan-change round, takes
// the roll as it stands.
func aiRoll(tx *store.Tx, rec *store.BattleRecord, seat Seat, g ai.General, ghosts []engine.Ghost) (store.CommandRoll, error) {
	side := seat.Side
	so, err := sideOrders(tx, rec, side)
	if err != nil {
		return store.CommandRoll{}, err
	}
	var r Rolled
	if so.Command != nil {
		r = rolled(rec, side, *so.Command)
	} else if r, err = rollTx(tx, rec, seat, g.Stake(ai.SeenBy(rec.State, side, ghosts))); err != nil {
		return store.CommandRoll{}, err
	}
	// Each reroll closes one option (or, "", accepts the roll): it ends.
	for !r.Final {
		source := g.Reroll(ai.SeenBy(rec.State, side, ghosts), r.Stake, r.Result, r.Open)
		if r, err = rerollTx(tx, rec, seat, rec.Turn, -1, source); err != nil {
			return store.CommandRoll{}, err
		}
	}
	return r.CommandRoll, nil
}

// aiKeepFixed, in the plan-change round, takes back the side's orders a
// plan change may change and returns those it may not; in the first round
// it returns the side's orders as they stand (none, as the phase opens).
func aiKeepFixed(tx *store.Tx, rec *store.BattleRecord, seat Seat, round int) ([]engine.Order, error) {
	so, err := sideOrders(tx, rec, seat.Side)
	if err != nil || round == 0 {
		return so.Orders, err
	}
	so, err = cancelOrder(tx, rec, seat, func(o engine.Order) bool { return !o.Kind.FixedAtPlanChange() })
	if errors.Is(err, errNoSuchOrder) {
		err = nil
	}
	return so.Orders, err
}

// aiReady marks the general's side ready, as readySideTx does a player's
// (its orders sealed in the journal, the change recorded for its clan's
// summary and the status), but never moves the turn on: see aiPlay.
func aiReady(tx *store.Tx, rec *store.BattleRecord, seat Seat) error {
	bt := tx.BattleTurn(rec.GuildID, rec.ID, rec.Turn)
	ph, err := bt.Phase()
	if err != nil {
		return err
	}
	ph.Ready[seat.Side] = true
	if err := bt.PutPhase(ph); err != nil {
		return err
	}
	if _, err := sealOrders(tx, rec, seat.Side, ""); err != nil {
		return err
	}
	return changed(tx, rec, seat, store.Change{Action: store.ChangeReady})
}

// aiIntents are the plan's intentions whose order was given (kept), in
// the store's form.
func aiIntents(intents []ai.Intent, kept []engine.Order) []store.AIIntent {
	var out []store.AIIntent
	for _, in := range intents {
		o := in.Order
		if !slices.ContainsFunc(kept, func(k engine.Order) bool { return sameOrder(k, o) }) {
			continue
		}
		out = append(out, store.AIIntent{Order: o, Target: in.Target, Gain: in.Gain, Odds: in.Odds})
	}
	return out
}

// sameOrder says whether two orders are the same but for their turn.
func sameOrder(a, b engine.Order) bool {
	a.Turn, b.Turn = 0, 0
	return reflect.DeepEqual(a, b)
}
