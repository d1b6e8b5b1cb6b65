package field

import (
	"bytes"
	"fmt"
	"testing"

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
