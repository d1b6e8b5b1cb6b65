package game

import (
	"encoding/json"
	"path/filepath"
	"testing"

	"github.com/gunbai/gunbai/duel"
	"github.com/gunbai/gunbai/engine"
	"github.com/gunbai/gunbai/game/duels"
	"github.com/gunbai/gunbai/store"
)

// playDuel plays a duel to its end through clicks: the fighters' splits,
// then each step as the awaited fighter, attacking and Enhancing where it
// may. roles are each fighter's player's roles.
func playDuel(t *testing.T, svc *Service, guild, battle, id string, roles [2]string, splits [2]string) store.DuelRecord {
	t.Helper()
	click := func(i int, action string, values ...string) {
		t.Helper()
		if err := svc.Duels().ActDuel(duels.DuelClick{Guild: guild, User: "u" + roles[i], Roles: []string{roles[i]},
			ID: duels.DuelID(guild, battle, id, i, action), Values: values}); err != nil {
			t.Fatalf("fighter %d %s %v: %v", i, action, values, err)
		}
	}
	click(0, duels.DuelActSplit, splits[0])
	d, err := svc.Duels().Duel(guild, battle, id)
	if err != nil {
		t.Fatal(err)
	}
	if _, shown := d.State.Shown(0); shown || d.State.Phase != duel.PhaseSplits {
		t.Fatalf("the first split is shown before the second is in: %+v", d.State)
	}
	click(1, duels.DuelActSplit, splits[1])
	for n := 0; n < 100; n++ {
		d, err = svc.Duels().Duel(guild, battle, id)
		if err != nil {
			t.Fatal(err)
		}
		if d.State.Phase == duel.PhaseDone {
			return d
		}
		w := duels.DuelAwaited(&d)
		switch d.Step {
		case store.DuelStepAct:
			click(w, duels.DuelActAttack)
		case store.DuelStepDefend:
			click(w, duels.DuelActDefend, "yes")
		case store.DuelStepEnhance:
			click(w, duels.DuelActEnhance, "yes")
		default:
			t.Fatalf("step %q", d.Step)
		}
	}
	t.Fatal("the duel does not end")
	return d
}

// roninBattle is a started battle with leaders.duel_mode=ronin in which two
// generals' units charge each other in turn 1 and their duel's die is 3-5:
// the seed is searched. It returns the service, both seats and the orders.
func roninBattle(t *testing.T) (*Service, Seat, Seat, []engine.Order) {
	t.Helper()
	for b := byte(0); b < 200; b++ {
		svc := newService(t, filepath.Join(t.TempDir(), "g.db"))
		svc.Rand = &fixedRand{b: b}
		rec := created(t, svc)
		if _, err := svc.Start(guild, rec.ID, false); err != nil {
			t.Fatal(err)
		}
		var seed store.Seed
		err := svc.Store.Update(func(tx *store.Tx) error {
			r, err := tx.Battle(guild, rec.ID)
			if err != nil {
				return err
			}
			st := &r.State
			st.Settings.DuelRonin = true
			var units []engine.Unit
			for _, u := range st.Units {
				switch u.ID {
				case "n-yari":
					u.Cell, u.Facing = engine.Cell{X: 5, Y: 3}, engine.S
				case "s-yari":
					u.Cell, u.Facing = engine.Cell{X: 5, Y: 5}, engine.N
				default:
					continue
				}
				units = append(units, u)
			}
			st.Units = units
			st.Leaders = append(st.Leaders,
				engine.Leader{ID: "n-gen", Side: engine.North, Role: engine.General, At: "n-yari"},
				engine.Leader{ID: "s-gen", Side: engine.South, Role: engine.General, At: "s-yari"})
			if seed, err = tx.BattleTurn(guild, rec.ID, 1).Seed(); err != nil {
				return err
			}
			return tx.PutBattle(r)
		})
		if err != nil {
			t.Fatal(err)
		}
		north, _ := svc.Seats().SeatOf(guild, []string{"r-oda"})
		south, _ := svc.Seats().SeatOf(guild, []string{"r-asai"})
		orders := []engine.Order{
			{Unit: "n-yari", Side: engine.North, Kind: engine.OrderMove, Class: engine.Ordinary, Phase: 1},
			{Unit: "s-yari", Side: engine.South, Kind: engine.OrderMove, Class: engine.Ordinary, Phase: 1},
		}
		_, events, err := engine.ResolveTurn(north.Battle.State, orders, engine.NewSeededDice(seed.Value, rec.ID, 1))
		if err != nil || len(engine.RoninDuels(events)) == 0 {
			continue
		}
		return svc, north, south, orders
	}
	t.Fatal("no seed gives a Ronin duel")
	return nil, Seat{}, Seat{}, nil
}

// F-E4-1 in a battle: the turn resolves, the duel waits with the battle in
// StatusResolving (no turn 2 yet, the turn cannot be resolved again), both
// sides fight it, its outcome is applied to the leaders and journaled, and
// turn 2 opens; the duel's dice come from turn 2's committed seed.
func TestDuelInABattle(t *testing.T) {
	svc, north, south, orders := roninBattle(t)
	accept(t, svc, north, engine.StakeLow)
	accept(t, svc, south, engine.StakeLow)
	for i, seat := range []Seat{north, south} {
		if _, err := svc.Order(seat, orders[i]); err != nil {
			t.Skipf("order refused with this seed: %v", err)
		}
	}
	if _, err := svc.Ready(north); err != nil {
		t.Fatal(err)
	}
	res, err := svc.Ready(south)
	if err != nil || res.Resolved == nil {
		t.Fatalf("resolved %+v %v", res, err)
	}
	if res.Resolved.Next != nil || res.Resolved.Battle.Status != store.StatusResolving {
		t.Fatalf("the next turn opened before the duel: %+v", res.Resolved.Battle.Status)
	}
	id := north.Battle.ID
	if _, err := svc.Resolve(guild, id, 1); err == nil {
		t.Fatal("turn 1 resolved again while its duel goes on")
	}
	var ds []store.DuelRecord
	svc.Store.View(func(tx *store.Tx) error { ds, err = tx.Duels(guild, id); return err })
	if len(ds) != 1 || ds[0].ID != "1.1" {
		t.Fatalf("duels %+v", ds)
	}
	var want store.Seed
	svc.Store.View(func(tx *store.Tx) error { want, err = tx.BattleTurn(guild, id, 2).Seed(); return err })
	if string(ds[0].Seed) != string(want.Value) || ds[0].DiceTurn != 1 {
		t.Fatal("the duel's dice are not turn 2's committed seed")
	}
	// Its posts: the start to both clans and the GM, a prompt per clan.
	owed, _ := svc.Posts().Owed()
	starts, prompts := 0, 0
	for _, p := range owed {
		if p.Kind != duels.PostDuel {
			continue
		}
		var dp duels.DuelPost
		json.Unmarshal(p.Data, &dp)
		switch dp.What {
		case duels.DuelStart:
			starts++
		case duels.DuelPrompt:
			prompts++
		}
	}
	if starts != 3 || prompts != 2 {
		t.Fatalf("%d starts, %d prompts owed", starts, prompts)
	}
	got := playDuel(t, svc, guild, id, "1.1", [2]string{"r-oda", "r-asai"}, [2]string{"2", "1e"})
	rec, err := svc.Store.Battle(guild, id)
	if err != nil {
		t.Fatal(err)
	}
	if rec.Status != store.StatusCommand || rec.Turn != 2 {
		t.Fatalf("after the duel: %s turn %d", rec.Status, rec.Turn)
	}
	for i, lid := range []string{"n-gen", "s-gen"} {
		l := leaderOf(&rec.State, lid)
		switch {
		case got.State.Dead[i] && l.Health != engine.LeaderKilled:
			t.Errorf("%s died in the duel: %+v", lid, l)
		case !got.State.Dead[i] && l.Wounds != got.State.Wounds[i]:
			t.Errorf("%s: %d wounds, the duel left %d", lid, l.Wounds, got.State.Wounds[i])
		}
	}
	entries, _, _ := svc.Audit().Journal(guild, id)
	n := 0
	for _, e := range entries {
		if e.Kind == duels.JournalDuel {
			n++
		}
	}
	if n != 2 {
		t.Fatalf("%d duel entries in the journal", n)
	}
	// The store verifies: the duel's wounds are not replayed (the turn
	// after it is checked against its seal), nor taken for a change.
	if r, err := VerifyStore(svc.Store); err != nil || r.Mismatch != nil {
		t.Fatalf("verify after a duel: %+v %v", r.Mismatch, err)
	}
}
