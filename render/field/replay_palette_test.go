package field

import (
	"bytes"
	"testing"

	"github.com/gunbai/gunbai/render"
)

// A frame mapped with another's indices where their pixels are the same
// (frameRef), or counted and filled in (quantizeCounting, fillMisses), has
// the indices of the frame mapped pixel by pixel.
func TestQuantizeWithRef(t *testing.T) {
	frames, opt := exampleReplay(render.RU)
	shots := replayShots(frames, opt)
	var pics []*replayPicture
	for i := range shots {
		pic, err := shots[i].draw(nil, nil)
		if err != nil {
			t.Fatal(err)
		}
		defer pic.release()
		pics = append(pics, pic)
	}
	base, count := replayBasePalette(), map[uint32]int{}
	first, firstMisses := base.quantizeCounting(pics[0], count, nil)
	ref := &frameRef{pics[0], first}
	last, lastMisses := base.quantizeCounting(pics[len(pics)-1], count, ref)
	pal := base.extendBy(count)
	pal.fillMisses(first, firstMisses)
	pal.fillMisses(last, lastMisses)
	if want := pal.quantize(pics[0], nil); !bytes.Equal(first.Pix, want.Pix) {
		t.Errorf("the first frame, counted and filled in, differs from it mapped")
	}
	if want := pal.quantize(pics[len(pics)-1], nil); !bytes.Equal(last.Pix, want.Pix) {
		t.Errorf("the last frame, counted with the first's indices and filled in, differs from it mapped")
	}
	for i, pic := range pics[1 : len(pics)-1] {
		if got, want := pal.quantize(pic, ref), pal.quantize(pic, nil); !bytes.Equal(got.Pix, want.Pix) {
			t.Errorf("frame %d mapped with the first's indices differs from it mapped alone", i+1)
		}
	}
}
