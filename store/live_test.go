package store

import (
	"errors"
	"testing"
)

// A live message has at most one owed post; a change made while it is
// being shown keeps the post owed; a dead one owes nothing.
func TestLiveMessages(t *testing.T) {
	s, _ := openTemp(t, Options{})
	owe := func() Live {
		t.Helper()
		var l Live
		if err := s.Update(func(tx *Tx) (err error) {
			l, err = tx.OweLive(Post{Guild: "g", User: "u", Kind: "sheet", Live: "sheet.1.1"})
			return err
		}); err != nil {
			t.Fatal(err)
		}
		return l
	}
	owed := func() []Post {
		t.Helper()
		var ps []Post
		if err := s.View(func(tx *Tx) (err error) { ps, err = tx.Outbox(); return err }); err != nil {
			t.Fatal(err)
		}
		return ps
	}
	first := owe()
	second := owe()
	if ps := owed(); len(ps) != 1 || ps[0].ID != first.Owed || second.Owed != first.Owed || second.Version != 2 {
		t.Fatalf("two changes owe %d posts (%+v, %+v), want one post for version 2", len(ps), first, second)
	}
	// Shown at version 1 while version 2 was committed: still owed.
	if err := s.Update(func(tx *Tx) error { return tx.LiveShown(first.Owed, 1, "dm", "m1") }); err != nil {
		t.Fatal(err)
	}
	if ps := owed(); len(ps) != 1 {
		t.Fatalf("a change made while showing was dropped: %d posts owed", len(ps))
	}
	if err := s.Update(func(tx *Tx) error { return tx.LiveShown(first.Owed, 2, "", "") }); err != nil {
		t.Fatal(err)
	}
	var l Live
	if err := s.View(func(tx *Tx) (err error) { l, err = tx.Live("sheet.1.1"); return err }); err != nil {
		t.Fatal(err)
	}
	if ps := owed(); len(ps) != 0 || l.Message != "m1" || l.Channel != "dm" || l.Owed != 0 || l.Shown != 2 {
		t.Fatalf("after showing version 2: %d owed, %+v", len(ps), l)
	}
	// A new change owes a new post, which edits the same message.
	if l := owe(); l.Owed == 0 || l.Message != "m1" {
		t.Fatalf("a change after showing: %+v", l)
	}
	if err := s.Update(func(tx *Tx) error { return tx.KillLive("sheet.1.1") }); err != nil {
		t.Fatal(err)
	}
	if l := owe(); !l.Dead || len(owed()) != 0 {
		t.Fatalf("a dead live message owes: %+v, %d posts", l, len(owed()))
	}
}

func TestSheets(t *testing.T) {
	s, _ := openTemp(t, Options{})
	var sh Sheet
	if err := s.Update(func(tx *Tx) (err error) {
		sh, err = tx.NewSheet(Sheet{Guild: "g", Battle: "b", User: "u", Lang: "ru"})
		return err
	}); err != nil {
		t.Fatal(err)
	}
	sh.Draft = Draft{Subject: "n1", Pick: "move.ordinary", Phase: 2}
	if err := s.Update(func(tx *Tx) error { return tx.PutSheet(sh) }); err != nil {
		t.Fatal(err)
	}
	var got Sheet
	if err := s.View(func(tx *Tx) (err error) { got, err = tx.Sheet(sh.ID); return err }); err != nil {
		t.Fatal(err)
	}
	if got.ID == 0 || got.Draft != sh.Draft || got.LiveKey(3) != "sheet.1.3" {
		t.Fatalf("sheet read back as %+v", got)
	}
	err := s.View(func(tx *Tx) error { _, err := tx.Sheet(99); return err })
	if !errors.Is(err, ErrNotFound) {
		t.Fatalf("unknown sheet: %v", err)
	}
	if err := s.Update(func(tx *Tx) error { return tx.PutSheet(Sheet{ID: 42}) }); !errors.Is(err, ErrNotFound) {
		t.Fatalf("PutSheet of an unknown sheet: %v", err)
	}
}
