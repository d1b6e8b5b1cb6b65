package game

import (
	"encoding/json"
	"path/filepath"
	"testing"
	"time"

	"github.com/gunbai/gunbai/duel"
	"github.com/gunbai/gunbai/engine"
	"github.com/gunbai/gunbai/store"
)

// playDuel plays a duel to its end through clicks: the fighters' splits,
// then each step as the awaited fighter, attacking and Enhancing where it
// may. roles are each fighter's player's roles.
func playDuel(t *testing.T, svc *Service, guild, battle, id string, roles [2]string, splits [2]string) store.DuelRecord {
	t.Helper()
	click := func(i int, action string, values ...string) {
		t.Helper()
		if err := svc.ActDuel(DuelClick{Guild: guild, User: "u" + roles[i], Roles: []string{roles[i]},
			ID: DuelID(guild, battle, id, i, action), Values: values}); err != nil {
			t.Fatalf("fighter %d %s %v: %v", i, action, values, err)
		}
	}
	click(0, DuelActSplit, splits[0])
	d, err := svc.Duel(guild, battle, id)
	if err != nil {
		t.Fatal(err)
	}
	if _, shown := d.State.Shown(0); shown || d.State.Phase != duel.PhaseSplits {
		t.Fatalf("the first split is shown before the second is in: %+v", d.State)
	}
	click(1, DuelActSplit, splits[1])
	for n := 0; n < 100; n++ {
		d, err = svc.Duel(guild, battle, id)
		if err != nil {
			t.Fatal(err)
		}
		if d.State.Phase == duel.PhaseDone {
			return d
		}
		w := DuelAwaited(&d)
		switch d.Step {
		case store.DuelStepAct:
			click(w, DuelActAttack)
		case store.DuelStepDefend:
			click(w, DuelActDefend, "yes")
		case store.DuelStepEnhance:
			click(w, DuelActEnhance, "yes")
		default:
			t.Fatalf("step %q", d.Step)
		}
	}
	t.Fatal("the duel does not end")
	return d
}

// F-E4-1 outside a battle: the GM's duel between two roster characters of
// different clans; the other clan's click, a second split after both are
// in, a click out of turn are refused; the result goes to the roster.
func TestDuelOutsideABattle(t *testing.T) {
	svc := uploadedService(t)
	if _, err := svc.StartDuel("g1", DuelRequest{A: "kenshin", B: "kageie"}); err == nil {
		t.Fatal("a duel within one clan")
	} else {
		userErr(t, err, "err.duel_same_clan")
	}
	d, err := svc.StartDuel("g1", DuelRequest{A: "kenshin", B: "shingen", GMChannel: "ch-gm", Locale: "ru"})
	if err != nil {
		t.Fatal(err)
	}
	if d.Seats[0].Channel != "ch-uesugi" || d.Seats[1].Role != "r-takeda" || d.State.Phase != duel.PhaseSplits {
		t.Fatalf("duel %+v", d)
	}
	err = svc.ActDuel(DuelClick{Guild: "g1", User: "x", Roles: []string{"r-takeda"}, ID: DuelID("g1", "", d.ID, 0, DuelActSplit), Values: []string{"2"}})
	userErr(t, err, "err.duel_not_yours")
	got := playDuel(t, svc, "g1", "", d.ID, [2]string{"r-uesugi", "r-takeda"}, [2]string{"2e", "1"})
	if !got.Applied || got.State.End == duel.EndNone {
		t.Fatalf("not applied: %+v", got)
	}
	err = svc.ActDuel(DuelClick{Guild: "g1", Roles: []string{"r-takeda"}, ID: DuelID("g1", "", d.ID, 1, DuelActSplit), Values: []string{"1"}})
	userErr(t, err, "err.duel_over")
	r, err := svc.Roster("g1")
	if err != nil {
		t.Fatal(err)
	}
	for i, id := range []string{"kenshin", "shingen"} {
		p, _ := r.Person(id)
		if p.Wounds != got.State.Wounds[i] {
			t.Errorf("%s: %d wounds on the roster, the duel left %d", id, p.Wounds, got.State.Wounds[i])
		}
	}
	if len(got.State.Log) == 0 || !got.State.Splits[0].EnhanceInitiative {
		t.Fatalf("log %+v splits %+v", got.State.Log, got.State.Splits)
	}
}

// E4-Q5c: past the deadline the bot plays for whoever has not chosen, to
// the end when neither comes back.
func TestDuelDeadline(t *testing.T) {
	svc := uploadedService(t)
	d, err := svc.StartDuel("g1", DuelRequest{A: "kenshin", B: "shingen", Timeout: time.Hour})
	if err != nil {
		t.Fatal(err)
	}
	if err := svc.ActDuel(DuelClick{Guild: "g1", Roles: []string{"r-uesugi"}, ID: DuelID("g1", "", d.ID, 0, DuelActSplit), Values: []string{"3"}}); err != nil {
		t.Fatal(err)
	}
	if n, err := svc.DueDuels(time.Now()); err != nil || n != 0 {
		t.Fatalf("before the deadline: %d %v", n, err)
	}
	for k := 0; k < 50; k++ {
		got, _ := svc.Duel("g1", "", d.ID)
		if got.State.Phase == duel.PhaseDone {
			if !got.State.Splits[1].EnhanceInitiative && *got.State.Splits[1] == duel.AutoSplit(3) && *got.State.Splits[0] == (duel.Split{Attack: 3}) && got.Applied {
				return
			}
			t.Fatalf("auto-played duel %+v", got)
		}
		if _, err := svc.DueDuels(time.Now().Add(time.Duration(k+2) * time.Hour)); err != nil {
			t.Fatal(err)
		}
	}
	t.Fatal("the deadline does not end the duel")
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
		north, _ := svc.SeatOf(guild, []string{"r-oda"})
		south, _ := svc.SeatOf(guild, []string{"r-asai"})
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
	owed, _ := svc.Owed()
	starts, prompts := 0, 0
	for _, p := range owed {
		if p.Kind != PostDuel {
			continue
		}
		var dp DuelPost
		json.Unmarshal(p.Data, &dp)
		switch dp.What {
		case DuelStart:
			starts++
		case DuelPrompt:
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
	entries, _, _ := svc.Journal(guild, id)
	n := 0
	for _, e := range entries {
		if e.Kind == JournalDuel {
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

// A duel's "attack" pressed twice after a lost answer (issue 25, item 3):
// when the same fighter acts again in the next exchange (his enemy has no
// attack left), the second press is refused and attacks no second time.
func TestRetryDuelPressedTwice(t *testing.T) {
	svc := uploadedService(t)
	d, err := svc.StartDuel("g1", DuelRequest{A: "kenshin", B: "shingen", Timeout: time.Hour})
	if err != nil {
		t.Fatal(err)
	}
	roles := [2]string{"r-uesugi", "r-takeda"}
	click := func(i int, action string, values ...string) error {
		return svc.ActDuel(DuelClick{Guild: "g1", User: "u" + roles[i], Roles: []string{roles[i]},
			ID: DuelID("g1", "", d.ID, i, action), Values: values})
	}
	now := func() store.DuelRecord {
		got, err := svc.Duel("g1", "", d.ID)
		if err != nil {
			t.Fatal(err)
		}
		return got
	}
	if err := click(0, DuelActSplit, "3"); err != nil {
		t.Fatal(err)
	}
	if err := click(1, DuelActSplit, "0"); err != nil { // no attack: fighter 0 acts every exchange
		t.Fatal(err)
	}
	cur := now()
	if cur.Step != store.DuelStepAct || DuelAwaited(&cur) != 0 {
		t.Fatalf("precondition: fighter 0 to act: step %q, awaited %d", cur.Step, DuelAwaited(&cur))
	}
	attack := DuelAsOf(DuelActAttack, &cur) // the button as drawn
	if err := click(0, attack); err != nil {
		t.Fatal(err)
	}
	for k := 0; k < 10; k++ {
		cur = now()
		if cur.State.Phase == duel.PhaseDone || cur.Step == store.DuelStepAct && DuelAwaited(&cur) == 0 {
			break
		}
		step := DuelActDefend
		if cur.Step == store.DuelStepEnhance {
			step = DuelActEnhance
		}
		if err := click(DuelAwaited(&cur), DuelAsOf(step, &cur), "no"); err != nil {
			t.Fatal(err)
		}
	}
	if cur.State.Phase == duel.PhaseDone || cur.Step != store.DuelStepAct || DuelAwaited(&cur) != 0 {
		t.Fatalf("precondition: fighter 0 acts again: %+v", cur.State)
	}
	exchanges := len(cur.State.Log)
	userErr(t, click(0, attack), "err.duel_moved")
	if got := now(); len(got.State.Log) != exchanges || got.Step != store.DuelStepAct {
		t.Fatalf("the second press changed the duel: %d exchanges (were %d), step %q", len(got.State.Log), exchanges, got.Step)
	}
}
