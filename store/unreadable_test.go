package store

import (
	"fmt"
	"strings"
	"testing"
)

// One battle of a newer schema, or damaged, is only that battle's problem:
// the guild's list gives the others and marks it (issue 10, item 6).
func TestOneUnreadableBattle(t *testing.T) {
	s, _ := openTemp(t, Options{NoSync: true})
	for _, id := range []string{"a", "b", "c", "d", "e"} {
		rec := testRecord("g", id)
		rec.Name = "Battle " + id
		if err := s.PutBattle(rec); err != nil {
			t.Fatal(err)
		}
	}
	// b: written whole by a newer gunbai (record and header).
	putRaw(t, s, []byte(`{"v":9,"data":{"id":"b","shape":"new"}}`), "guilds", "g", "battles", "b", "record")
	putRaw(t, s, []byte(`{"v":9,"data":{"id":"b","name":"Battle b"}}`), "guilds", "g", "battles", "b", "header")
	// c: its record is of a newer schema, its header still readable.
	putRaw(t, s, []byte(`{"v":7,"data":{}}`), "guilds", "g", "battles", "c", "record")
	// d: its record's JSON is broken (the header is fine).
	putRaw(t, s, []byte(`{"v":1,"data":{"id":"d","state":{"units":[{]}}}`), "guilds", "g", "battles", "d", "record")
	// e: its header is garbage.
	putRaw(t, s, []byte(`{"v":1,"da`), "guilds", "g", "battles", "e", "header")

	var hs, bad []Header
	var recs []BattleRecord
	err := s.View(func(tx *Tx) error {
		var err error
		if hs, err = tx.Headers("g"); err != nil {
			return err
		}
		if recs, err = tx.Battles("g"); err != nil {
			return err
		}
		bad, err = tx.Unreadable("g")
		return err
	})
	if err != nil {
		t.Fatalf("one unreadable battle failed the guild: %v", err)
	}

	wantReason := map[string]string{
		"b": fmt.Sprintf(`battle "b": written by a newer gunbai (schema 9, this one reads %d)`, SchemaVersion),
		"c": fmt.Sprintf(`battle "c": written by a newer gunbai (schema 7, this one reads %d)`, SchemaVersion),
		"d": `battle "d": damaged, it does not decode (guild "g" battle "d" record: not a stored value`,
	}
	// Headers: a and d fine (d's damage is deep in its record, which
	// Headers does not decode), b, c (newer records) and e (its header is
	// garbage) marked.
	wantHeaders := map[string]string{"a": "", "b": wantReason["b"], "c": wantReason["c"], "d": "", "e": `battle "e": damaged, it does not decode (guild "g" battle "e" header: not a stored value`}
	if len(hs) != len(wantHeaders) {
		t.Fatalf("Headers = %+v; want all 5", hs)
	}
	for _, h := range hs {
		want := wantHeaders[h.ID]
		switch {
		case want == "" && h.Unreadable != "":
			t.Errorf("header %s: Unreadable = %q; want readable", h.ID, h.Unreadable)
		case want != "" && !strings.HasPrefix(h.Unreadable, want):
			t.Errorf("header %s: Unreadable = %q; want %q...", h.ID, h.Unreadable, want)
		}
		if h.Unreadable != "" {
			if h.Status != "" || h.GuildID != "g" {
				t.Errorf("unreadable header %s = %+v; want no status (never an active battle), its guild", h.ID, h)
			}
		} else if h.Status != StatusCommand || h.Name != "Battle "+h.ID {
			t.Errorf("header %s = %+v", h.ID, h)
		}
	}
	// The name survives when the header could be read.
	for _, h := range hs {
		if h.ID == "c" && h.Name != "Battle c" {
			t.Errorf("unreadable c lost its name: %+v", h)
		}
	}

	// Battles: the readable ones (a, e: e's record is whole); Unreadable:
	// the others, each with its reason.
	var ids []string
	for _, r := range recs {
		ids = append(ids, r.ID)
	}
	if strings.Join(ids, " ") != "a e" {
		t.Errorf("Battles = %v; want a e", ids)
	}
	ids = nil
	for _, h := range bad {
		ids = append(ids, h.ID)
		if !strings.HasPrefix(h.Unreadable, wantReason[h.ID]) {
			t.Errorf("Unreadable %s: %q; want %q...", h.ID, h.Unreadable, wantReason[h.ID])
		}
	}
	if strings.Join(ids, " ") != "b c d" {
		t.Errorf("Unreadable = %v; want b c d", ids)
	}
	if _, err := s.Battle("g", "a"); err != nil {
		t.Errorf("Battle a: %v", err)
	}
	if got, err := s.Unreadable("g"); err != nil || len(got) != 3 {
		t.Errorf("Store.Unreadable = %v, %v", got, err)
	}
}

func TestPeekVersion(t *testing.T) {
	for _, c := range []struct {
		raw string
		v   int
		ok  bool
	}{
		{`{"v":1,"data":{}}`, 1, true},
		{`{"v":12,"data":{}}`, 12, true},
		{`{"v":,"data":{}}`, 0, false},
		{`{"v":1`, 0, false},
		{`{ "v":1,"data":{}}`, 0, false},
		{`{"v":99999999999999999999,"data":{}}`, 0, false},
		{``, 0, false},
	} {
		v, ok := peekVersion([]byte(c.raw))
		if v != c.v && c.ok || ok != c.ok {
			t.Errorf("peekVersion(%s) = %d, %v; want %d, %v", c.raw, v, ok, c.v, c.ok)
		}
	}
}
