package store

import (
	"testing"
)

// A battle's journal is a hash chain: each entry holds the hash of the one
// before, so changing any entry breaks the chain at the next.
func TestJournalChain(t *testing.T) {
	s, _ := openTemp(t, Options{})
	if err := s.Update(func(tx *Tx) error {
		return tx.PutBattle(BattleRecord{ID: "b", GuildID: "g", Name: "b", Status: StatusDraft})
	}); err != nil {
		t.Fatal(err)
	}
	var head string
	for i, kind := range []string{JournalCreated, JournalSeedHash, JournalFix, JournalSeed} {
		if err := s.Update(func(tx *Tx) error {
			e, err := tx.Journal("g", "b").Append(Entry{Kind: kind, Turn: i, Detail: "x"})
			if err == nil && e.N != uint64(i+1) {
				t.Fatalf("entry %d numbered %d", i+1, e.N)
			}
			if err == nil {
				head, err = tx.Journal("g", "b").Head()
			}
			return err
		}); err != nil {
			t.Fatal(err)
		}
	}
	var es []Entry
	if err := s.View(func(tx *Tx) (err error) { es, err = tx.Journal("g", "b").Entries(); return err }); err != nil {
		t.Fatal(err)
	}
	if len(es) != 4 || CheckChain(es) != 0 || EntryHash(es[3]) != head || es[0].Prev != "" || es[1].Prev != EntryHash(es[0]) {
		t.Fatalf("journal: %+v (head %s)", es, head)
	}
	es[1].Detail = "tampered"
	if n := CheckChain(es); n != 3 {
		t.Fatalf("a changed entry 2 breaks the chain at %d, want 3", n)
	}
	es = append(es[:1], es[2:]...)
	if n := CheckChain(es); n != 2 {
		t.Fatalf("a removed entry breaks the chain at %d, want 2", n)
	}
}
