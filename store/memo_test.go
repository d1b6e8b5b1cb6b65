package store

import (
	"reflect"
	"testing"
	"time"
)

// TestHeadersSeeEveryChange: the header memo hands out what is stored now,
// after every change of a battle, and never a header another battle with
// other bytes had.
func TestHeadersSeeEveryChange(t *testing.T) {
	s, _ := openTemp(t, Options{Clock: newClock().now})
	headers := func() []Header {
		t.Helper()
		var hs []Header
		if err := s.View(func(tx *Tx) (err error) { hs, err = tx.Headers("1"); return err }); err != nil {
			t.Fatal(err)
		}
		return hs
	}
	a, b := testRecord("1", "a"), testRecord("1", "b")
	for _, r := range []BattleRecord{a, b} {
		if err := s.PutBattle(r); err != nil {
			t.Fatal(err)
		}
	}
	headers() // remembered
	for turn := 2; turn <= 4; turn++ {
		a.Turn, a.Name = turn, "renamed"
		if err := s.PutBattle(a); err != nil {
			t.Fatal(err)
		}
		hs := headers()
		if len(hs) != 2 || hs[0].Turn != turn || hs[0].Name != "renamed" || hs[1].Turn != b.Turn || hs[1].Name != b.Name {
			t.Fatalf("after turn %d: headers %+v", turn, hs)
		}
	}
}

// TestHeaderHoldsValuesOnly: the memo shares remembered headers by copy,
// which is safe only while a Header holds no slice, map or pointer.
func TestHeaderHoldsValuesOnly(t *testing.T) {
	var check func(reflect.Type, string)
	check = func(ty reflect.Type, path string) {
		switch ty.Kind() {
		case reflect.Slice, reflect.Map, reflect.Pointer, reflect.Interface, reflect.Chan, reflect.Func:
			t.Errorf("Header%s is a %s: the header memo would share it", path, ty.Kind())
		case reflect.Array:
			check(ty.Elem(), path+"[]")
		case reflect.Struct:
			if ty == reflect.TypeOf(time.Time{}) {
				return // its location pointer is never written through
			}
			for i := range ty.NumField() {
				check(ty.Field(i).Type, path+"."+ty.Field(i).Name)
			}
		}
	}
	check(reflect.TypeOf(Header{}), "")
}

// TestOutboxMemoCopies: the outbox's scans hand out each post as stored
// now (its delivery's progress seen at once), and a copy of the
// remembered one: a caller changing its arguments, data or reply changes
// nothing for the next scan.
func TestOutboxMemoCopies(t *testing.T) {
	s, _ := openTemp(t, Options{Clock: newClock().now})
	var id uint64
	if err := s.Update(func(tx *Tx) error {
		ids, err := tx.Owe(Post{Guild: "1", Channel: "2", Kind: "text", Key: "k", Args: Args{"a", 1},
			Data: []byte(`{"x":1}`), Reply: &Reply{AppID: "app", Token: "tok"}})
		id = ids[0]
		return err
	}); err != nil {
		t.Fatal(err)
	}
	scan := func() Post {
		t.Helper()
		var ps []Post
		if err := s.View(func(tx *Tx) (err error) { ps, err = tx.Outbox(); return err }); err != nil || len(ps) != 1 {
			t.Fatalf("outbox %v, %v", ps, err)
		}
		return ps[0]
	}
	first := scan()
	first.Args[0], first.Data[1], first.Reply.Token = "changed", 'X', "changed"
	if again := scan(); again.Args[0] != "a" || string(again.Data) != `{"x":1}` || again.Reply.Token != "tok" {
		t.Errorf("a caller's changes reached the remembered post: %+v", again)
	}
	if err := s.Update(func(tx *Tx) error {
		p, err := tx.Post(id)
		if err != nil {
			return err
		}
		p.Sent, p.Attempts = 2, 3
		return tx.UpdatePost(p)
	}); err != nil {
		t.Fatal(err)
	}
	if now := scan(); now.Sent != 2 || now.Attempts != 3 {
		t.Errorf("after its progress was stored, the post reads sent %d, attempts %d; want 2, 3", now.Sent, now.Attempts)
	}
}
