package kit

import (
	"errors"
	"path/filepath"
	"testing"
	"time"

	"github.com/gunbai/gunbai/store"
)

// A campaign change re-sent within RetryWindow is refused as a repeat that
// names the campaign, and applied again after it; a Base with no Retry
// applies every change.
func TestOnceGuild(t *testing.T) {
	st, err := store.Open(filepath.Join(t.TempDir(), "k.db"), store.Options{NoSync: true})
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	now := time.Date(1570, 1, 1, 0, 0, 0, 0, time.UTC)
	applied := 0
	change := func(b *Base) error {
		return b.Store.Update(b.OnceGuild("g", func(*store.Tx) error { applied++; return nil }))
	}
	send := func(at time.Time) error {
		b := &Base{Store: st, Now: func() time.Time { return at }, Retry: &Retry{User: "u", Command: "/roster next"}}
		return change(b)
	}
	if err := send(now); err != nil || applied != 1 {
		t.Fatalf("first: %v, %d applied", err, applied)
	}
	var rep *Repeated
	if err := send(now.Add(time.Minute)); !errors.As(err, &rep) || !rep.Campaign || applied != 1 {
		t.Fatalf("re-sent: %v, %d applied", err, applied)
	}
	if err := send(now.Add(RetryWindow + time.Minute)); err != nil || applied != 2 {
		t.Fatalf("after the window: %v, %d applied", err, applied)
	}
	if err := change(&Base{Store: st}); err != nil || applied != 3 {
		t.Fatalf("no retry: %v, %d applied", err, applied)
	}
}

func TestNames(t *testing.T) {
	if got := BattleID("  Битва при  Нагасино! "); got != "битва-при-нагасино" {
		t.Errorf("BattleID = %q", got)
	}
	var r *Refusal
	if err := CheckName("a*b"); !errors.As(err, &r) || r.Key != "err.battle_name_marks" {
		t.Errorf("marks: %v", err)
	}
	if err := CheckName("Нагасино"); err != nil {
		t.Errorf("plain: %v", err)
	}
}
