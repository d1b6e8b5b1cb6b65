package field

import (
	"bytes"
	"testing"

	"github.com/gunbai/gunbai/engine"
	"github.com/gunbai/gunbai/render"
)

// PNGAndReplay gives the bytes PNG and ReplayGIF give, its last
// frame drawn once for both (the state after the turn and the last
// frame's differ in the chronicle, which is not drawn).
func TestFieldAndReplaySameBytes(t *testing.T) {
	frames, opt := exampleReplay(render.RU)
	opt.Events = turnEvents()
	after := frames[len(frames)-1].State
	after.Chronicle.Quiet++ // as a turn's end counts it: not drawn
	pngData, gifData, err := PNGAndReplay(after, frames, opt)
	if err != nil {
		t.Fatal(err)
	}
	wantPNG, err := PNG(after, opt)
	if err != nil {
		t.Fatal(err)
	}
	wantGIF, err := ReplayGIF(frames, opt)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(pngData, wantPNG) {
		t.Errorf("the PNG differs from PNG's")
	}
	if !bytes.Equal(gifData, wantGIF) {
		t.Errorf("the GIF differs from ReplayGIF's")
	}
	if _, _, err := PNGAndReplay(after, nil, Options{}); err == nil {
		t.Errorf("a replay of nothing is no error")
	}
}

// BenchmarkFieldAndReplay draws a quiet turn's pictures for its three
// audiences (the GM's view, North's, South's): the results picture and the
// replay. cold empties the memo before each turn, as for a battle whose
// counters were not drawn before; warm keeps it.
func BenchmarkFieldAndReplay(b *testing.B) {
	battle := benchBattle()
	views := []struct {
		b    engine.Battle
		view View
	}{{battle, ViewGM}, {engine.View(battle, engine.North), ViewNorth}, {engine.View(battle, engine.South), ViewSouth}}
	for _, cold := range []bool{true, false} {
		b.Run(map[bool]string{true: "cold", false: "warm"}[cold], func(b *testing.B) {
			var pngBytes, gifBytes int
			for b.Loop() {
				if cold {
					memos.Lock()
					memos.m = nil
					memos.Unlock()
				}
				pngBytes, gifBytes = 0, 0
				for _, v := range views {
					before := v.b
					opt := Options{Lang: render.RU, View: v.view, Before: &before}
					p, g, err := PNGAndReplay(v.b, []ReplayFrame{{State: v.b, Caption: "end"}}, opt)
					if err != nil {
						b.Fatal(err)
					}
					pngBytes, gifBytes = pngBytes+len(p), gifBytes+len(g)
				}
			}
			b.ReportMetric(float64(pngBytes), "png-B")
			b.ReportMetric(float64(gifBytes), "gif-B")
		})
	}
}
