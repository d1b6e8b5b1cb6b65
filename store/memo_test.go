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
