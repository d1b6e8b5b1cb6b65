package store

import (
	"reflect"
	"testing"
	"time"

	bolt "go.etcd.io/bbolt"
)

// Headers give what finding a battle needs without its state, and follow
// every PutBattle; a battle stored before headers existed gets one from its
// record.
func TestHeaders(t *testing.T) {
	s, _ := openTemp(t, Options{NoSync: true})
	deadline := time.Date(2026, 12, 2, 9, 0, 0, 0, time.UTC)
	a := BattleRecord{ID: "a", GuildID: "g", Name: "A", Status: StatusCommand, Turn: 2, Deadline: deadline,
		Sides: [2]Clan{{RoleID: "r1"}, {RoleID: "r2"}}, State: testBattle("a")}
	b := BattleRecord{ID: "b", GuildID: "g", Name: "B", Status: StatusDeployment, Scouting: true, State: testBattle("b")}
	for _, rec := range []BattleRecord{a, b} {
		if err := s.PutBattle(rec); err != nil {
			t.Fatal(err)
		}
	}
	a.Status, a.Turn, a.Reminded, a.EndedBy = StatusFinished, 3, 2, "gm"
	// The people's users are in the header: a substitute who is not of the
	// clan's role finds his seat by them (issue 29).
	a.People = People{Sides: [2]SidePeople{{Commander: "u2", Wings: []Wing{{Player: "u1", Units: []string{"x"}}}}},
		Subs: []Substitute{{Side: 1, By: "u3", From: 2}, {Side: 0, For: "u1", By: "u2", From: 1}}}
	if err := s.PutBattle(a); err != nil {
		t.Fatal(err)
	}
	// b loses its header, as a store written before headers has none.
	if err := s.db.Update(func(tx *bolt.Tx) error {
		return tx.Bucket(bucketGuilds).Bucket([]byte("g")).Bucket(bucketBattles).Bucket([]byte("b")).Delete(keyHeader)
	}); err != nil {
		t.Fatal(err)
	}
	var hs []Header
	if err := s.View(func(tx *Tx) error {
		var err error
		hs, err = tx.Headers("g")
		return err
	}); err != nil {
		t.Fatal(err)
	}
	want := []Header{
		{ID: "a", GuildID: "g", Name: "A", Status: StatusFinished, Turn: 3, Deadline: deadline, Reminded: 2, Sides: a.Sides,
			Resolved: a.State.Turn, Outcome: a.State.Outcome, EndedBy: "gm", Seated: "u1,u2,u3"},
		{ID: "b", GuildID: "g", Name: "B", Status: StatusDeployment, Scouting: true, Resolved: b.State.Turn, Outcome: b.State.Outcome},
	}
	if len(hs) != len(want) {
		t.Fatalf("headers %+v", hs)
	}
	if !hs[0].Seats("u3") || hs[0].Seats("u") || hs[1].Seats("") {
		t.Errorf("seats: %q", hs[0].Seated)
	}
	for i := range want {
		if !reflect.DeepEqual(hs[i], want[i]) {
			t.Errorf("header %d: got %+v, want %+v", i, hs[i], want[i])
		}
	}
}
