package field

import (
	"bytes"
	"errors"
	"image"
	"math"
	"reflect"
	"runtime"
	"strconv"
	"sync"

	"github.com/fogleman/gg"

	"github.com/gunbai/gunbai/engine"
	"github.com/gunbai/gunbai/render"
	"github.com/gunbai/gunbai/render/internal/gifenc"
)

// ReplayFrame is one step of a turn as one view saw it: the view's state
// after the step, the events of the step it may see, and a caption (e.g.
// render.StepCaption(lang, "P3", 1): «Фаза 1. Шаг 3 — первое движение конницы»).
// The caller builds the frames from the engine's steps
// (engine.ResolveFrames), each filtered for the view as the turn's events
// are (engine.View, engine.VisibleEvents).
type ReplayFrame struct {
	State   engine.Battle
	Events  []engine.Event
	Caption string
}

// The replay's limits and timing.
const (
	// MaxReplayFrames is the most frames a replay has, the first and the
	// last included: steps beyond it are drawn together.
	MaxReplayFrames = 40
	replayDelay     = 150 // each frame, in 1/100 s
	replayLastDelay = 400 // the whole turn, at the end
)

// ReplayGIF draws a turn step by step as an animated GIF that loops
// forever: first the view before the turn (opt.Before, if given), then
// each frame drawn as the results picture is (Image) with the marks of its
// own step only, its caption under the title and its number (3/9) beside
// it, then the whole turn held longer: the last frame's state with every
// frame's events (or opt.Events, if given). A frame that draws no mark
// and changes nothing (a phase's start, its Waits) is left out; past MaxReplayFrames, neighbouring steps
// are drawn as one. Every frame has the title of the whole turn (its
// number and, if the battle ended, its outcome) and the field picture's
// size (the biggest of them). Colours are the field's, kept exactly: a
// fixed palette of the map's colours, greys and a cube, with the colours
// the pictures paint most added; not dithered. The same frames and
// options give the same bytes.
func ReplayGIF(frames []ReplayFrame, opt Options) ([]byte, error) {
	if len(frames) == 0 && opt.Before == nil {
		return nil, errors.New("field: a replay needs frames or the state before the turn")
	}
	return replayGIF(replayShots(frames, opt), nil, nil)
}

// replayGIF draws and encodes the shots; lastField, if not nil, is the
// last shot's field picture, drawn already (PNGAndReplay) to lastLayout.
func replayGIF(shots []replayShot, lastField *image.RGBA, lastLayout *layout) ([]byte, error) {
	workers := shots[0].opt.Workers
	imgs, pal, err := drawShots(shots, lastField, lastLayout)
	if err != nil {
		return nil, err
	}
	w, h := 0, 0
	for _, img := range imgs {
		w, h = max(w, img.Rect.Dx()), max(h, img.Rect.Dy())
	}
	// Each frame is encoded on its own, on every core, as what changed
	// from the one before; then they are put together.
	bg := pal.index(background)
	blocks := make([][]byte, len(imgs))
	all := make([]int, len(imgs))
	for i := range all {
		all[i] = i
	}
	err = parallel(workers, all, func(i int) error {
		shots[i].opt.between()
		cur := padPaletted(imgs[i], w, h, bg)
		frame := cur
		if i > 0 {
			if frame = deltaFrame(padPaletted(imgs[i-1], w, h, bg), cur); frame == nil {
				frame = image.NewPaletted(image.Rect(0, 0, 1, 1), pal.colors) // all transparent
			}
		}
		delay := replayDelay
		if i == len(imgs)-1 {
			delay = replayLastDelay
		}
		var err error
		blocks[i], err = gifenc.Frame(frame, pal.colors, w, h, delay)
		return err
	})
	releaseFrames(imgs) // encoded: padPaletted and deltaFrame made their own
	if err != nil {
		return nil, err
	}
	return gifenc.Assemble(pal.colors, w, h, blocks)
}

// drawShots draws the shots and maps them to the replay's palette. The
// first and the last frame give the palette its own colours, counted as
// they are mapped (quantizeCounting; the last one's only where it is not
// the first); then the others are drawn, on every core, each kept only in
// the palette. A frame's field picture goes back to the pool once mapped
// (the first's, once all are).
func drawShots(shots []replayShot, lastField *image.RGBA, lastLayout *layout) ([]*image.Paletted, *gifPalette, error) {
	imgs := make([]*image.Paletted, len(shots))
	ends := []int{0, len(shots) - 1}
	if len(shots) == 1 {
		ends = ends[:1]
	}
	pics := make([]*replayPicture, len(shots))
	workers := shots[0].opt.Workers
	err := parallel(workers, ends, func(i int) error {
		var field *image.RGBA
		var fl *layout
		if i == len(shots)-1 && lastField != nil {
			field, fl = lastField, lastLayout
		}
		var err error
		pics[i], err = shots[i].draw(field, fl)
		return err
	})
	if err != nil {
		for _, pic := range pics {
			pic.release()
		}
		return nil, nil, err
	}
	// The other frames are mostly the first: they take its indices where
	// they have its pixels (frameRef).
	base, count := replayBasePalette(), map[uint32]int{}
	misses := make([][]missed, len(shots))
	var ref *frameRef
	for _, i := range ends {
		imgs[i], misses[i] = base.quantizeCounting(pics[i], count, ref)
		ref = &frameRef{pics[0], imgs[0]}
	}
	pal := base.extendBy(count)
	for _, i := range ends {
		pal.fillMisses(imgs[i], misses[i])
	}
	if last := len(shots) - 1; last > 0 {
		pics[last].release()
	}
	defer pics[0].release()
	var mid []int
	for i := 1; i < len(shots)-1; i++ {
		mid = append(mid, i)
	}
	err = parallel(workers, mid, func(i int) error {
		shots[i].opt.between()
		pic, err := shots[i].draw(nil, nil)
		if err == nil {
			imgs[i] = pal.quantize(pic, ref)
			pic.release()
		}
		return err
	})
	return imgs, pal, err
}

// between calls Options.Between, if set, between two frames.
func (o Options) between() {
	if o.Between != nil {
		o.Between()
	}
}

// replayShot is one frame of a replay to draw.
type replayShot struct {
	state   engine.Battle
	before  *engine.Battle
	events  []engine.Event
	caption string
	count   string // "3/9"
	opt     Options
}

// replayShots are the frames a replay draws: the state before, the steps
// (drawn together past the limit), the whole turn.
func replayShots(frames []ReplayFrame, opt Options) []replayShot {
	// Frames that show nothing new are left out: no mark to draw, the
	// state as it was (a phase's start, its Waits).
	var steps []ReplayFrame
	last := opt.Before
	for i := range frames {
		f := frames[i]
		if !drawsSomething(f.Events) && last != nil && reflect.DeepEqual(f.State, *last) {
			continue
		}
		steps = append(steps, f)
		last = &frames[i].State
	}
	steps = mergeSteps(opt.Lang, steps, MaxReplayFrames-2)
	final := opt.Before
	if len(frames) > 0 {
		final = &frames[len(frames)-1].State
	}
	// Every frame is titled as the whole turn is.
	titled := func(b engine.Battle) engine.Battle {
		b.Turn, b.Outcome = final.Turn, final.Outcome
		return b
	}
	var out []replayShot
	base := opt
	base.Intents = nil
	if opt.Before != nil {
		out = append(out, replayShot{state: titled(*opt.Before), caption: render.T(opt.Lang, "replay.before")})
	}
	prev := opt.Before
	if len(steps) > 1 {
		for i := range steps {
			out = append(out, replayShot{state: titled(steps[i].State), before: prev, events: steps[i].Events, caption: steps[i].Caption})
			prev = &steps[i].State
		}
	}
	if len(frames) > 0 {
		all := opt.Events
		if len(all) == 0 {
			for _, f := range frames {
				all = append(all, f.Events...)
			}
		}
		out = append(out, replayShot{state: titled(*final), before: opt.Before, events: all, caption: render.T(opt.Lang, "replay.after")})
	}
	for i := range out {
		out[i].opt = base
		out[i].count = strconv.Itoa(i+1) + "/" + strconv.Itoa(len(out))
	}
	return out
}

// drawsSomething reports whether the field draws a mark of one of the
// events (turn.go, and a banner raised).
func drawsSomething(events []engine.Event) bool {
	for _, e := range events {
		switch e.Kind {
		case engine.EvMoved, engine.EvSidestepped, engine.EvOccupied, engine.EvRetreated, engine.EvFled,
			engine.EvAttack, engine.EvMeeting, engine.EvShot, engine.EvLosses, engine.EvRouted, engine.EvRallied,
			engine.EvCancelled, engine.EvOrderLost, engine.EvDestroyed, engine.EvScattered, engine.EvWithdrawn,
			engine.EvLeaderWounded, engine.EvLeaderKilled, engine.EvLeaderCaptured, engine.EvBanner:
			return true
		}
	}
	return false
}

// mergeSteps draws neighbouring steps together until there are at most n:
// a group has its last state, all its events and its first caption "and
// on".
func mergeSteps(lang render.Lang, steps []ReplayFrame, n int) []ReplayFrame {
	if len(steps) <= n || n <= 0 {
		return steps
	}
	out := make([]ReplayFrame, 0, n)
	for g := range n {
		lo, hi := g*len(steps)/n, (g+1)*len(steps)/n
		f := ReplayFrame{State: steps[hi-1].State, Caption: steps[lo].Caption}
		for _, s := range steps[lo:hi] {
			f.Events = append(f.Events, s.Events...)
		}
		if hi-lo > 1 && f.Caption != "" {
			f.Caption = render.T(lang, "replay.more", f.Caption)
		}
		out = append(out, f)
	}
	return out
}

// parallel calls fn for each of items on workers goroutines (0: one a
// core), and returns the first error.
func parallel(workers int, items []int, fn func(int) error) error {
	var mu sync.Mutex
	var first error
	next := make(chan int)
	var wg sync.WaitGroup
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	for range max(1, min(workers, len(items))) {
		wg.Go(func() {
			for i := range next {
				if err := fn(i); err != nil {
					mu.Lock()
					if first == nil {
						first = err
					}
					mu.Unlock()
				}
			}
		})
	}
	for _, i := range items {
		next <- i
	}
	close(next)
	wg.Wait()
	return first
}

// replayPicture is a frame drawn: the field picture, and the caption's
// strip that goes in it at row split (between the title and the field).
// pooled: the field picture is the pool's, to give back (release).
type replayPicture struct {
	field, strip *image.RGBA
	split        int
	pooled       bool
}

// release gives the field picture back to the pool, if it is the pool's.
func (p *replayPicture) release() {
	if p != nil && p.pooled {
		canvasPool.Put(p.field)
		p.field, p.pooled = nil, false
	}
}

// draw draws the frame as the results picture, and its caption; field, if
// not nil, is its field picture drawn already (to the layout fl).
func (s *replayShot) draw(field *image.RGBA, fl *layout) (*replayPicture, error) {
	opt := s.opt
	opt.Events, opt.Before = s.events, s.before
	pooled := field == nil
	if pooled {
		dst, _ := canvasPool.Get().(*image.RGBA)
		var err error
		if field, fl, err = drawFieldLayout(s.state, opt, dst); err != nil {
			return nil, err
		}
	}
	f, err := newFieldFaces(cellSize(opt))
	if err != nil {
		if pooled {
			canvasPool.Put(field)
		}
		return nil, err
	}
	defer f.release()
	l := *fl
	// The caption goes between the title and the field's north label.
	split := int(math.Round(l.northBase - ascent(f.side) - l.cs*0.06))
	split = min(max(split, 0), field.Rect.Dy())
	strip := image.NewRGBA(image.Rect(0, 0, field.Rect.Dx(), int(math.Round(l.cs*0.36))))
	fillRGBA(strip, background)
	d := drawer{dc: gg.NewContextForRGBA(strip), img: strip, l: l, f: f, b: &s.state, lang: opt.Lang}
	d.caption(s.caption, s.count, 0, float64(strip.Rect.Dy()))
	return &replayPicture{field: field, strip: strip, split: split, pooled: pooled}, nil
}

// caption writes a frame's caption in the strip at top, of height h, and
// its number at the right.
func (d *drawer) caption(text, count string, top, h float64) {
	l := &d.l
	base := top + h/2 + capHeight(d.f.side)/2
	cw := 0.0
	if count != "" {
		cw = measure(d.f.legend, count) + l.cs*0.2
		d.textAt(d.f.legend, count, float64(l.w)-l.pad, base, 1, cellNameColor)
	}
	d.text(d.f.side, fitText(d.f.side, text, float64(l.w)-2*l.pad-cw), l.pad, base, previewInk)
}

// padPaletted is img on a w x h canvas, the rest in colour bg.
func padPaletted(img *image.Paletted, w, h int, bg uint8) *image.Paletted {
	if img.Rect.Dx() == w && img.Rect.Dy() == h {
		return img
	}
	out := image.NewPaletted(image.Rect(0, 0, w, h), img.Palette)
	for i := range out.Pix {
		out.Pix[i] = bg
	}
	for y := 0; y < img.Rect.Dy(); y++ {
		copy(out.Pix[y*out.Stride:], img.Pix[y*img.Stride:y*img.Stride+img.Rect.Dx()])
	}
	return out
}

// deltaFrame is the part of cur that differs from prev, its unchanged
// pixels transparent (the GIF keeps prev under it); nil if nothing
// differs.
func deltaFrame(prev, cur *image.Paletted) *image.Paletted {
	w, h := cur.Rect.Dx(), cur.Rect.Dy()
	x0, y0, x1, y1 := w, h, -1, -1
	for y := range h {
		a, b := prev.Pix[y*prev.Stride:y*prev.Stride+w], cur.Pix[y*cur.Stride:y*cur.Stride+w]
		if bytes.Equal(a, b) {
			continue
		}
		y0, y1 = min(y0, y), y
		for x := range w {
			if a[x] != b[x] {
				x0 = min(x0, x)
				break
			}
		}
		for x := w - 1; x >= 0; x-- {
			if a[x] != b[x] {
				x1 = max(x1, x)
				break
			}
		}
	}
	if y1 < 0 {
		return nil
	}
	r := image.Rect(x0, y0, x1+1, y1+1)
	out := image.NewPaletted(r, cur.Palette)
	for y := y0; y <= y1; y++ {
		row := out.Pix[(y-y0)*out.Stride : (y-y0)*out.Stride+r.Dx()]
		a, b := prev.Pix[y*prev.Stride+x0:y*prev.Stride+x1+1], cur.Pix[y*cur.Stride+x0:y*cur.Stride+x1+1]
		for x := range row {
			if a[x] == b[x] {
				row[x] = replayTransparent
			} else {
				row[x] = b[x]
			}
		}
	}
	return out
}
