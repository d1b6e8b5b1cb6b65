package game

import (
	"math/rand/v2"
	"path/filepath"
	"testing"

	"github.com/gunbai/gunbai/engine"
	"github.com/gunbai/gunbai/engine/sim"
	"github.com/gunbai/gunbai/store"
)

// trainingBattle creates a battle on the first built-in scenario with
// the general on the sides ai seats.
func trainingBattle(t *testing.T, svc *Service, ai [2]bool) store.BattleRecord {
	t.Helper()
	rec, err := svc.Create(guild, CreateRequest{
		Name:        "Учебная",
		North:       store.Clan{RoleID: "r-oda", ChannelID: "c-oda"},
		South:       store.Clan{RoleID: "r-asai", ChannelID: "c-asai"},
		GMChannelID: "c-gm", Locale: "ru", AI: ai,
	})
	if err != nil {
		t.Fatal(err)
	}
	return rec
}

// aiPhaseOf reads the open phase of a battle, its roll and orders of side.
func aiPhaseOf(t *testing.T, svc *Service, id string, side engine.Side) (store.BattleRecord, store.CommandPhase, SideOrders) {
	t.Helper()
	var rec store.BattleRecord
	var ph store.CommandPhase
	var so SideOrders
	err := svc.Store.View(func(tx *store.Tx) error {
		var err error
		if rec, err = tx.Battle(guild, id); err != nil {
			return err
		}
		if ph, err = tx.BattleTurn(guild, id, rec.Turn).Phase(); err != nil {
			return err
		}
		so, err = sideOrders(tx, &rec, side)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return rec, ph, so
}

// checkGeneralPlayed fails unless the general has played side in the
// phase open: its roll made and final, its orders legal within it, what
// it intended kept, and the side ready.
func checkGeneralPlayed(t *testing.T, svc *Service, id string, side engine.Side) store.CommandPhase {
	t.Helper()
	rec, ph, so := aiPhaseOf(t, svc, id, side)
	switch {
	case so.Command == nil || !so.Command.Final:
		t.Fatalf("turn %d: the general has not rolled: %+v", rec.Turn, so.Command)
	case !ph.Ready[side]:
		t.Fatalf("turn %d round %d: the general's side is not ready", rec.Turn, ph.Round)
	case ph.AI[side] == nil || ph.AI[side].By != store.AIBySeat || ph.AI[side].Round != ph.Round || ph.AI[side].Stake != so.Command.Stake:
		t.Fatalf("turn %d: what the general intended is not kept: %+v", rec.Turn, ph.AI[side])
	case ph.AI[side.Enemy()] != nil:
		t.Fatalf("turn %d: an intention kept for the player's side", rec.Turn)
	}
	if p := engine.Validate(rec.State, side, rec.Turn, so.Orders); len(p) > 0 {
		t.Fatalf("turn %d: the general's orders are illegal: %v", rec.Turn, p)
	}
	if p := engine.CheckBudget(rec.State, side, rec.Turn, so.Orders, so.Command.Result); p != nil {
		t.Fatalf("turn %d: the general's orders exceed its roll: %v", rec.Turn, p)
	}
	return ph
}

// playNorth rolls for the North (low, taken as it stands), gives the
// scripted policy's orders from its own view and says ready, again in a
// plan-change round; it returns how the turn went.
func playNorth(t *testing.T, svc *Service, id string, rng *rand.Rand) (ReadyResult, int) {
	t.Helper()
	rec, _, _ := aiPhaseOf(t, svc, id, engine.North)
	seat := Seat{Battle: rec, Side: engine.North}
	r, err := svc.Roll(seat, engine.StakeLow)
	if err != nil {
		t.Fatal(err)
	}
	if !r.Final {
		if _, err := svc.Reroll(seat, rec.Turn, ""); err != nil {
			t.Fatal(err)
		}
	}
	view := engine.View(rec.State, engine.North)
	given := 0
	for _, o := range sim.Scripted.Orders(&view, engine.North, rng) {
		if _, err := svc.Order(seat, o); err == nil { // one the budget refuses is left out
			given++
		}
	}
	res, err := svc.Ready(seat)
	if err != nil {
		t.Fatal(err)
	}
	return res, given
}

// A training battle on the built-in scenario with the South the general's:
// the North plays the scripted policy through the service each turn; at
// each phase that opens (the start, each resolution, a plan-change round)
// the general has rolled, ordered legally within its roll and is ready,
// in the same transaction, and the battle ends.
func TestAISeatPlaysATrainingBattle(t *testing.T) {
	svc := newService(t, filepath.Join(t.TempDir(), "g.db"))
	rec := trainingBattle(t, svc, [2]bool{false, true})
	if !rec.AI[engine.South] || rec.AI[engine.North] {
		t.Fatalf("seats: %v", rec.AI)
	}
	// Its side keeps the scenario's placement: its players are refused.
	unit := ""
	for _, u := range rec.State.Units {
		if u.Side == engine.South {
			unit = u.ID
			break
		}
	}
	_, err := svc.Deploy(Seat{Battle: rec, Side: engine.South}, Placement{Unit: unit, Facing: "N"})
	userErr(t, err, "err.ai_plays")
	if _, err := svc.Start(guild, rec.ID, true); err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(30, 5))
	orders, rounds := [2]int{}, 0
	for turn := 1; ; turn++ {
		if turn > 40 {
			t.Fatal("the battle did not end")
		}
		rec, _, _ := aiPhaseOf(t, svc, rec.ID, engine.South)
		if rec.Status == store.StatusFinished {
			break
		}
		checkGeneralPlayed(t, svc, rec.ID, engine.South)
		_, _, so := aiPhaseOf(t, svc, rec.ID, engine.South)
		orders[engine.South] += len(so.Orders)
		// The South's players only watch.
		_, err := svc.Roll(Seat{Battle: rec, Side: engine.South}, engine.StakeLow)
		userErr(t, err, "err.ai_plays")
		res, given := playNorth(t, svc, rec.ID, rng)
		orders[engine.North] += given
		if res.PlanChange {
			rounds++
			checkGeneralPlayed(t, svc, rec.ID, engine.South)
			if res, err = svc.Ready(Seat{Battle: rec, Side: engine.North}); err != nil {
				t.Fatal(err)
			}
		}
		if res.Resolved == nil || res.Resolved.Turn != rec.Turn {
			t.Fatalf("turn %d was not resolved by the North's ready: %+v", rec.Turn, res)
		}
	}
	rec, _, _ = aiPhaseOf(t, svc, rec.ID, engine.South)
	t.Logf("ended after turn %d: %s; orders %v, plan-change rounds %d", rec.State.Turn, rec.State.Outcome, orders, rounds)
	if orders[engine.South] == 0 || orders[engine.North] == 0 {
		t.Fatalf("a side gave no order in the whole battle: %v", orders)
	}
}
