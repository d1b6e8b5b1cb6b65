package render

import (
	"bytes"
	"testing"
)

// FieldAndReplay gives the bytes FieldPNG and ReplayGIF give, its last
// frame drawn once for both (the state after the turn and the last
// frame's differ in the chronicle, which is not drawn).
func TestFieldAndReplaySameBytes(t *testing.T) {
	frames, opt := exampleReplay(RU)
	opt.Events = turnEvents()
	after := frames[len(frames)-1].State
	after.Chronicle.Quiet++ // as a turn's end counts it: not drawn
	pngData, gifData, err := FieldAndReplay(after, frames, opt)
	if err != nil {
		t.Fatal(err)
	}
	wantPNG, err := FieldPNG(after, opt)
	if err != nil {
		t.Fatal(err)
	}
	wantGIF, err := ReplayGIF(frames, opt)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(pngData, wantPNG) {
		t.Errorf("the PNG differs from FieldPNG's")
	}
	if !bytes.Equal(gifData, wantGIF) {
		t.Errorf("the GIF differs from ReplayGIF's")
	}
	if _, _, err := FieldAndReplay(after, nil, FieldOptions{}); err == nil {
		t.Errorf("a replay of nothing is no error")
	}
}
