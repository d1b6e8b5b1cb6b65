package game

import (
	"path/filepath"
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
