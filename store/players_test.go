package store

import (
	"testing"
	"time"
)

// A player's choice of his nudges (issue 29, Nudge) is kept under his ID,
// survives a reopen, and a player who never chose has the zero value.
func TestNudgePrefsKeptPerPlayer(t *testing.T) {
	s, path := openTemp(t, Options{})
	err := s.Update(func(tx *Tx) error {
		if p, err := tx.Players().Prefs("u1"); err != nil || p != (PlayerPrefs{}) {
			t.Errorf("before a choice: %+v %v", p, err)
		}
		if err := tx.Players().PutPrefs("", PlayerPrefs{RemindBefore: time.Hour}); err == nil {
			t.Error("the choice of no player was kept")
		}
		if err := tx.Players().PutPrefs("u1", PlayerPrefs{RemindBefore: 2 * time.Hour, Lang: "ru"}); err != nil {
			return err
		}
		return tx.Players().PutPrefs("u2", PlayerPrefs{RemindBefore: -1, Lang: "en"})
	})
	if err != nil {
		t.Fatal(err)
	}
	s.Close()
	s, err = Open(path, Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	_ = s.View(func(tx *Tx) error {
		p1, err1 := tx.Players().Prefs("u1")
		p2, err2 := tx.Players().Prefs("u2")
		p3, err3 := tx.Players().Prefs("u3")
		if p1 != (PlayerPrefs{RemindBefore: 2 * time.Hour, Lang: "ru"}) || p2 != (PlayerPrefs{RemindBefore: -1, Lang: "en"}) || p3 != (PlayerPrefs{}) ||
			err1 != nil || err2 != nil || err3 != nil {
			t.Errorf("after a reopen: %+v %+v %+v (%v %v %v)", p1, p2, p3, err1, err2, err3)
		}
		return nil
	})
}
