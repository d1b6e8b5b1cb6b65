package game

import (
	"path/filepath"
	"slices"
	"testing"

	"github.com/gunbai/gunbai/engine"
	"github.com/gunbai/gunbai/store"
)

// sideIDs lists the IDs of one side's units in a view.
func sideIDs(v engine.Battle, side engine.Side) []string {
	var out []string
	for _, u := range v.Units {
		if u.Side == side {
			out = append(out, u.ID)
		}
	}
	slices.Sort(out)
	return out
}

// D-70: the deployment turn is secret. A side's view, while it deploys and
// while its shinobi scout, shows none of the enemy's army but what its own
// scouts reported, kept in the record with the battle; turn 1's command
// phase, whose State.Turn is 0 too, has the ordinary visibility.
func TestSideViewD_70(t *testing.T) {
	svc := newService(t, filepath.Join(t.TempDir(), "g.db"))
	a := anegawa()
	a.Shinobi = [2]int{1, 1}
	a.Leader("s-daimyo").At = "s-yari"
	svc.Scenarios = map[string]engine.Battle{"shinobi": a}
	rec, err := svc.Create(guild, CreateRequest{Name: "Тайна", North: store.Clan{RoleID: "r-oda"}, South: store.Clan{RoleID: "r-asai"}, Scenario: "shinobi"})
	if err != nil {
		t.Fatal(err)
	}
	seat, err := svc.Seats().DeploySeat(guild, []string{"r-oda"})
	if err != nil {
		t.Fatal(err)
	}
	v, err := svc.Deploy(seat, Placement{Unit: "n-yari", Facing: "S"})
	if err != nil || len(sideIDs(v, engine.South)) != 0 || len(sideIDs(v, engine.North)) != 6 || v.Leader("s-daimyo") != nil {
		t.Fatalf("/deploy's view: %v, %v", viewIDs(v), err)
	}
	if v.HQ[engine.South] != engine.MustCell("D33") {
		t.Fatalf("the enemy HQ is public (D-19): %v", v.HQ)
	}
	read := func() store.BattleRecord {
		t.Helper()
		r, err := svc.Store.Battle(guild, rec.ID)
		if err != nil {
			t.Fatal(err)
		}
		return r
	}
	if _, err := svc.Start(guild, rec.ID, false); err != nil {
		t.Fatal(err)
	}
	r := read()
	if !r.Scouting || len(sideIDs(SideView(&r, engine.North), engine.South)) != 0 {
		t.Fatalf("the scouting phase before the report: %v", viewIDs(SideView(&r, engine.North)))
	}
	north, _ := svc.Seats().ScoutSeat(guild, []string{"r-oda"})
	if _, err := svc.Scout(north, Scouting{Cells: "C11 D13"}); err != nil {
		t.Fatal(err)
	}
	r = read()
	nv := SideView(&r, engine.North)
	if got := sideIDs(nv, engine.South); !slices.Equal(got, []string{"s-hatamoto", "s-yari"}) || nv.Leader("s-daimyo") == nil {
		t.Fatalf("the North after scouting C11 and D13 sees %v", viewIDs(nv))
	}
	if got := sideIDs(SideView(&r, engine.South), engine.North); len(got) != 0 {
		t.Fatalf("the South, which did not scout, sees %v", got)
	}
	south, _ := svc.Seats().ScoutSeat(guild, []string{"r-asai"})
	svc.Scout(south, Scouting{Done: true})
	svc.Scout(north, Scouting{Done: true})
	r = read()
	// The reports stay, as the North's memory (lastSeen), not as its view.
	if r.Status != store.StatusCommand || r.State.Turn != 0 || r.Scouted[engine.North] == nil || r.Scouted[engine.South] != nil {
		t.Fatalf("turn 1: %s, state turn %d, scouted %v", r.Status, r.State.Turn, r.Scouted)
	}
	if got := sideIDs(SideView(&r, engine.South), engine.North); len(got) != 6 {
		t.Fatalf("in turn 1 the South sees %v", got)
	}
}

func viewIDs(b engine.Battle) []string {
	var out []string
	for _, u := range b.Units {
		out = append(out, u.ID)
	}
	return out
}
