package store

import (
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
			Resolved: a.State.Turn, Outcome: a.State.Outcome, EndedBy: "gm"},
		{ID: "b", GuildID: "g", Name: "B", Status: StatusDeployment, Scouting: true, Resolved: b.State.Turn, Outcome: b.State.Outcome},
	}
	if len(hs) != len(want) {
		t.Fatalf("headers %+v", hs)
	}
	for i := range want {
		if hs[i] != want[i] {
			t.Errorf("header %d: got %+v, want %+v", i, hs[i], want[i])
		}
	}
}
