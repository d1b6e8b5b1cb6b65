package game

import (
	"fmt"
	"math/rand/v2"
	"path/filepath"
	"reflect"
	"testing"

	"github.com/gunbai/gunbai/engine"
	"github.com/gunbai/gunbai/store"
)

// The scouts' reports are remembered after the deployment turn (D-70):
// North scouted s-hatamoto in D13, a forest, and from turn 1 on, when its
// view no longer shows it, remembers it there, seen before the battle
// (turn 0); s-yari, scouted in the open, stands in sight; the South, which
// scouted nothing, remembers nothing.
func TestLastSeenScouted(t *testing.T) {
	svc := newService(t, filepath.Join(t.TempDir(), "g.db"))
	a := anegawa()
	a.Shinobi = [2]int{1, 1}
	if err := a.Settings.Set("terrain.available", "forest"); err != nil {
		t.Fatal(err)
	}
	a.Terrain.Forests = []engine.Cell{engine.MustCell("D13"), engine.MustCell("C34")}
	svc.Scenarios = map[string]engine.Battle{"kiri": a}
	rec, err := svc.Create(guild, CreateRequest{Name: "Кири", North: store.Clan{RoleID: "r-oda"}, South: store.Clan{RoleID: "r-asai"}, Scenario: "kiri"})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := svc.Start(guild, rec.ID, false); err != nil {
		t.Fatal(err)
	}
	north, _ := svc.Seats().ScoutSeat(guild, []string{"r-oda"})
	south, _ := svc.Seats().ScoutSeat(guild, []string{"r-asai"})
	if _, err := svc.Scout(north, Scouting{Cells: "C11 D13"}); err != nil {
		t.Fatal(err)
	}
	// In the deployment turn the scouts' report is the view: no memory.
	if g, err := svc.Seats().LastSeen(north); err != nil || len(g) != 0 {
		t.Fatalf("memory in the deployment turn: %+v, %v", g, err)
	}
	svc.Scout(south, Scouting{Done: true})
	svc.Scout(north, Scouting{Done: true})
	g, err := svc.Seats().LastSeen(north)
	if err != nil || len(g) != 1 || g[0].Unit.ID != "s-hatamoto" || g[0].Unit.Cell != engine.MustCell("D13") || g[0].Turn != 0 {
		t.Fatalf("North's memory at turn 1: %+v, %v", g, err)
	}
	if g, err := svc.Seats().LastSeen(south); err != nil || len(g) != 0 {
		t.Fatalf("South's memory at turn 1: %+v, %v", g, err)
	}
}

// The cost of the memory as the bot reads it, for a sheet's click or a
// turn's picture late in a long battle: Kawanakajima's 14 units, 12
// turns' snapshots read from the store and viewed; s-yari, seen in the
// open until then, stands in the forest D35 now; and the same battle with
// nothing hidden now (the forests gone), where nothing is read.
func BenchmarkLastSeenStored(b *testing.B) {
	st, err := store.Open(filepath.Join(b.TempDir(), "g.db"), store.Options{NoSync: true})
	if err != nil {
		b.Fatal(err)
	}
	defer st.Close()
	battle := kawanakajima()
	now := battle.Clone()
	now.Turn = 12
	now.Unit("s-yari").Cell = engine.MustCell("D35")
	rec := store.BattleRecord{ID: "kawanakajima", GuildID: guild, Name: "Каванакадзима", Status: store.StatusCommand, Turn: 13, State: now}
	err = st.Update(func(tx *store.Tx) error {
		if err := tx.PutBattle(rec); err != nil {
			return err
		}
		for t := 1; t <= 12; t++ {
			s := battle.Clone()
			s.Turn = t - 1
			if err := tx.BattleTurn(guild, rec.ID, t).PutSnapshot(s); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		b.Fatal(err)
	}
	b.Run("hidden", func(b *testing.B) { benchLastSeen(b, st, rec, 1) })
	// s-yari back in the open: nothing hidden now, nothing read.
	rec.State = battle.Clone()
	rec.State.Terrain.Forests = nil
	b.Run("none_hidden", func(b *testing.B) { benchLastSeen(b, st, rec, 0) })
}

func benchLastSeen(b *testing.B, st *store.Store, rec store.BattleRecord, want int) {
	b.ReportAllocs()
	for b.Loop() {
		err := st.View(func(tx *store.Tx) error {
			g, err := lastSeen(tx, &rec, engine.North, rec.Turn, rec.State)
			if err == nil && len(g) != want {
				b.Fatalf("%d ghosts, want %d", len(g), want)
			}
			return err
		})
		if err != nil {
			b.Fatal(err)
		}
	}
}

// Through the lifecycle (the store's snapshots, TurnView, the sheet's
// state), over battles on Kawanakajima played by the scripted policy,
// where the GM now and then moves a unit into a forest or out of it
// (/battle fix) and undoes a turn: after each turn, each side's memory in
// its turn's view and in its sheet holds only enemy units it saw, each as
// one of its own views at the end of a turn showed it, none it sees now;
// the GM's view remembers nothing.
func TestLastSeenPropertyLifecycle(t *testing.T) {
	ghosts := 0
	for trial := range 6 {
		svc := newService(t, filepath.Join(t.TempDir(), "g.db"))
		svc.Rand = &fixedRand{b: byte(trial)}
		rec, err := svc.Create(guild, CreateRequest{Name: "Кири", North: store.Clan{RoleID: "r-oda"}, South: store.Clan{RoleID: "r-asai"}, Scenario: "kawanakajima"})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := svc.Start(guild, rec.ID, false); err != nil {
			t.Fatal(err)
		}
		if r, _ := svc.Battle(guild, rec.ID); r.Status == store.StatusDeployment {
			svc.Start(guild, rec.ID, true) // ends the scouting
		}
		rng := rand.New(rand.NewPCG(28, uint64(trial)))
		undone := false
		for range 10 {
			r, err := svc.Battle(guild, rec.ID)
			if err != nil {
				t.Fatal(err)
			}
			if r.Status != store.StatusCommand || r.Turn > 7 {
				break
			}
			// The GM puts a unit in a free forest cell, or out of one.
			u := r.State.Units[rng.IntN(len(r.State.Units))]
			for _, c := range append(r.State.Terrain.Forests, engine.MustCell("C21"), engine.MustCell("D22")) {
				if u.Active() && r.State.UnitAt(c) == nil && rng.IntN(2) == 0 {
					svc.Fix(guild, rec.ID, u.ID, "cell", c.Name()) // refused if the cell will not do
					break
				}
			}
			r, _ = svc.Battle(guild, rec.ID)
			playSides(t, svc, r, rng)
			readyBoth(t, svc, rec.ID)
			if r.Turn == 4 && !undone {
				undone = true
				if _, err := svc.Undo(guild, rec.ID, 3, rng.IntN(2) == 0, "gm"); err != nil {
					t.Fatal(err)
				}
				continue
			}
			ghosts += checkLifecycleMemory(t, svc, rec.ID, r.Turn)
		}
	}
	t.Logf("%d ghosts checked", ghosts)
	if ghosts < 15 {
		t.Fatalf("weak generator: %d ghosts", ghosts)
	}
}

// checkLifecycleMemory checks the memory of each side after turn (its
// TurnView) and at the open sheet's turn (sheetState) against its views
// of the turns' snapshots and of the state.
func checkLifecycleMemory(t *testing.T, svc *Service, id string, turn int) int {
	t.Helper()
	n := 0
	rec, err := svc.Battle(guild, id)
	if err != nil {
		t.Fatal(err)
	}
	gm, err := svc.TurnView(guild, id, turn, store.AudienceGM, false)
	if err != nil || len(gm.Ghosts) != 0 {
		t.Fatalf("turn %d: the GM's memory %+v, %v", turn, gm.Ghosts, err)
	}
	for _, side := range sides {
		// Every view the side had at the end of a turn: the snapshots'.
		var views []engine.Battle
		for k := 1; k <= rec.Turn; k++ {
			if snap, err := svc.Store.BattleTurn(guild, id, k).Snapshot(); err == nil {
				views = append(views, engine.View(snap, side))
			}
		}
		tv, err := svc.TurnView(guild, id, turn, store.SideAudience(side), false)
		if err != nil {
			t.Fatal(err)
		}
		var sheet []engine.Ghost
		if rec.Status == store.StatusCommand {
			err = svc.Store.View(func(tx *store.Tx) error {
				st, err := sheetState(tx, &rec, store.Sheet{Guild: guild, Battle: id, Side: side}, rec.Turn)
				sheet = st.Ghosts
				return err
			})
			if err != nil {
				t.Fatal(err)
			}
		}
		for _, c := range []struct {
			what   string
			ghosts []engine.Ghost
			now    engine.Battle
			upto   int // the views it may come from: turns' snapshots 1..upto
		}{{"turn view", tv.Ghosts, tv.After, turn}, {"sheet", sheet, engine.View(rec.State, side), rec.Turn}} {
			for _, g := range c.ghosts {
				n++
				where := fmt.Sprintf("turn %d, %s's %s: ghost %s", turn, side, c.what, g.Unit.ID)
				if g.Unit.Side == side || c.now.Unit(g.Unit.ID) != nil {
					t.Fatalf("%s is its own or in sight", where)
				}
				seen := false
				for _, v := range views[:min(c.upto, len(views))] {
					if u := v.Unit(g.Unit.ID); u != nil && v.Turn == g.Turn && reflect.DeepEqual(*u, g.Unit) {
						seen = true
					}
				}
				if !seen {
					t.Fatalf("%s (turn %d, %+v) is no view the side had", where, g.Turn, g.Unit)
				}
			}
		}
	}
	return n
}
