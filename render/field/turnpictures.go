package field

import (
	"bytes"
	"errors"
	"image"
	"reflect"

	"github.com/gunbai/gunbai/engine"
	"github.com/gunbai/gunbai/render/internal/pngenc"
)

// PNGAndReplay draws a turn's results picture of b, encoded as PNG
// encodes it, and its replay, as ReplayGIF draws it. The replay's last
// frame, the whole turn, is the results picture when it has the same
// state, events and state before (a turn's post): it is drawn once for
// both.
func PNGAndReplay(b engine.Battle, frames []ReplayFrame, opt Options) (pngData, gifData []byte, err error) {
	if len(frames) == 0 && opt.Before == nil {
		return nil, nil, errors.New("field: a replay needs frames or the state before the turn")
	}
	dst, _ := canvasPool.Get().(*image.RGBA)
	img, l, err := drawFieldLayout(b, opt, dst)
	if err != nil {
		return nil, nil, err
	}
	defer canvasPool.Put(img)
	if pngData, err = encodeField(img); err != nil {
		return nil, nil, err
	}
	shots := replayShots(frames, opt)
	var last *image.RGBA
	if s := &shots[len(shots)-1]; len(opt.Intents) == 0 && s.before == opt.Before &&
		reflect.DeepEqual(s.events, opt.Events) && sameDrawing(s.state, b) {
		last = img
	}
	if gifData, err = replayGIF(shots, last, l); err != nil {
		return nil, nil, err
	}
	return pngData, gifData, nil
}

// sameDrawing reports whether the field draws a and b alike: they are the
// same but for the chronicle (what the end of the battle remembers from
// turn to turn, which the field does not draw; a turn's last step has not
// counted its quiet turn yet).
func sameDrawing(a, b engine.Battle) bool {
	a.Chronicle, b.Chronicle = engine.Chronicle{}, engine.Chronicle{}
	return reflect.DeepEqual(a, b)
}

// encodeField encodes a field picture as a PNG.
func encodeField(img *image.RGBA) ([]byte, error) {
	var buf bytes.Buffer
	buf.Grow(len(img.Pix) / 12)
	if err := pngenc.Encode(&buf, img); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}
