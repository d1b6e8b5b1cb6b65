package field

import (
	"bytes"
	"fmt"
	"image"
	"reflect"
	"testing"
	"unsafe"

	"github.com/gunbai/gunbai/engine"
	"github.com/gunbai/gunbai/render"
)

// The memo gives the pixels drawing gives: each view of a battle and each
// frame of a replay, drawn without the memo, then with it (what is drawn
// remembered), then again (copied from it), in turns, are the same; and
// the memo is used.
func TestMemoSamePixels(t *testing.T) {
	battle, events := resultsBattle()
	type pic struct {
		name string
		b    engine.Battle
		opt  Options
	}
	var pics []pic
	for _, v := range []struct {
		view View
		side engine.Side
	}{{ViewGM, -1}, {ViewNorth, engine.North}, {ViewSouth, engine.South}} {
		b := battle
		if v.side >= 0 {
			b = engine.View(battle, v.side)
		}
		for _, lang := range []render.Lang{render.RU, render.EN} {
			pics = append(pics, pic{fmt.Sprint("results ", v.view, lang), b, resultsOptions(lang, v.view, events)})
		}
	}
	frames, opt := exampleReplay(render.RU)
	for i, s := range replayShots(frames, opt) {
		o := s.opt
		o.Events, o.Before = s.events, s.before
		pics = append(pics, pic{fmt.Sprint("replay frame ", i), s.state, o})
	}
	draw := func(p pic) []byte {
		img, err := drawField(p.b, p.opt, nil)
		if err != nil {
			t.Fatal(err)
		}
		return img.Pix
	}
	noMemo.Store(true)
	var want [][]byte
	for _, p := range pics {
		want = append(want, draw(p))
	}
	noMemo.Store(false)
	hits := memos.hits.Load()
	for round := range 2 {
		for i, p := range pics {
			if got := draw(p); !bytes.Equal(got, want[i]) {
				t.Errorf("round %d: %s differs from its drawing without the memo", round, p.name)
			}
		}
	}
	if memos.hits.Load() == hits {
		t.Errorf("the memo was not used")
	}
}

// Changing any one field of a memo key makes the memo miss: the memo is
// keyed by the whole input, every field of memoKey (walked by reflection,
// so a field added to it is covered at once), never by a part of it.
func TestMemoKeyFields(t *testing.T) {
	k := memoKey{part: memoToken, rect: image.Rect(1, 2, 30, 40), lang: render.RU, cs: 64, gridX: 16, gridY: 90, own: "a unit"}
	entry := &memoEntry{before: []byte{1}, after: []byte{2}}
	memos.Lock()
	saved := memos.m
	memos.m = nil
	memos.Unlock()
	defer func() {
		memos.Lock()
		memos.m = saved
		memos.Unlock()
	}()
	storeMemo(k, entry)
	if lookupMemo(k) != entry {
		t.Fatal("the memo does not give back what it was given")
	}
	kt := reflect.TypeFor[memoKey]()
	for i := range kt.NumField() {
		for _, leaf := range leaves(kt.Field(i).Name, kt.Field(i).Type) {
			other := k
			v := reflect.ValueOf(&other).Elem().Field(i)
			for _, j := range leaf.index {
				v = v.Field(j)
			}
			v = reflect.NewAt(v.Type(), unsafe.Pointer(v.UnsafeAddr())).Elem() // unexported: settable this way
			switch v.Kind() {
			case reflect.String:
				v.SetString(v.String() + "x")
			case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
				v.SetInt(v.Int() + 1)
			case reflect.Float32, reflect.Float64:
				v.SetFloat(v.Float() + 1)
			case reflect.Bool:
				v.SetBool(!v.Bool())
			default:
				t.Fatalf("memoKey.%s: a field of kind %s; teach this test to change it", leaf.name, v.Kind())
			}
			if other == k || lookupMemo(other) != nil {
				t.Errorf("memoKey.%s changed, and the memo still gives the entry of the key before", leaf.name)
			}
		}
	}
}

// leaf is a field of a key, or of a struct in it, by its path.
type leaf struct {
	name  string
	index []int
}

// leaves are the fields of a value of type t named name that are not
// structs themselves, by their paths in it (image.Rectangle's four ints).
func leaves(name string, t reflect.Type) []leaf {
	if t.Kind() != reflect.Struct {
		return []leaf{{name: name}}
	}
	var out []leaf
	for i := range t.NumField() {
		for _, l := range leaves(name+"."+t.Field(i).Name, t.Field(i).Type) {
			out = append(out, leaf{name: l.name, index: append([]int{i}, l.index...)})
		}
	}
	return out
}
