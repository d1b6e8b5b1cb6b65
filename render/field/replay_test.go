package field

import (
	"bytes"
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"image/gif"
	"image/png"
	"os"
	"path/filepath"
	"testing"

	"github.com/gunbai/gunbai/engine"
	"github.com/gunbai/gunbai/render"
)

// applyEvents does to b what the events say: moves, losses, routs,
// rallies, units leaving the field, leaders' fates (enough for a test's
// states step by step).
func applyEvents(b *engine.Battle, events []engine.Event) {
	for _, e := range events {
		u := b.Unit(e.Unit)
		switch e.Kind {
		case engine.EvMoved, engine.EvRetreated, engine.EvSidestepped, engine.EvFled, engine.EvOccupied:
			if u != nil && e.To != engine.NoCell {
				u.Cell = e.To
			}
		case engine.EvLosses:
			if u != nil {
				u.Figures = max(0, u.Figures-e.Value)
			}
		case engine.EvRouted:
			if u != nil {
				u.Status = engine.StatusRouting
			}
		case engine.EvRallied:
			if u != nil {
				u.Status, u.Facing = engine.StatusOK, e.Facing
			}
		case engine.EvDestroyed:
			if u != nil {
				u.Status = engine.StatusDestroyed
			}
		case engine.EvScattered:
			if u != nil {
				u.Status = engine.StatusScattered
			}
		case engine.EvLeaderWounded, engine.EvLeaderKilled, engine.EvLeaderCaptured:
			if l := b.Leader(e.Unit); l != nil {
				l.Health = map[engine.EventKind]engine.LeaderHealth{engine.EvLeaderWounded: engine.LeaderWounded,
					engine.EvLeaderKilled: engine.LeaderKilled, engine.EvLeaderCaptured: engine.LeaderCaptured}[e.Kind]
				if e.Kind != engine.EvLeaderWounded {
					l.At = engine.AtReserve
				}
			}
		}
	}
}

// stepFrames splits a turn's events by ladder step, as
// engine.ResolveFrames does, with the state after each step and its
// caption; a phase's heading goes with its first step, events outside
// the phases are the turn's end.
func stepFrames(lang render.Lang, before engine.Battle, events []engine.Event) []ReplayFrame {
	var out []ReplayFrame
	state := before.Clone()
	state.Turn++
	key := func(e engine.Event) string { return fmt.Sprint(e.Phase, e.Step) }
	var pending []engine.Event
	for i := 0; i < len(events); {
		if events[i].Kind == engine.EvPhase {
			pending = append(pending, events[i])
			i++
			continue
		}
		j := i
		for j < len(events) && events[j].Kind != engine.EvPhase && key(events[j]) == key(events[i]) {
			j++
		}
		step := append(pending, events[i:j]...)
		pending = nil
		applyEvents(&state, step)
		caption := render.StepCaption(lang, events[i].Step, events[i].Phase)
		if events[i].Step == "" {
			caption = render.StepCaption(lang, "end", 0)
		}
		out = append(out, ReplayFrame{State: state.Clone(), Events: step, Caption: caption})
		i = j
	}
	return out
}

// decodeFrames decodes a GIF and paints its frames as a viewer shows
// them.
func decodeFrames(t testing.TB, data []byte) (*gif.GIF, []*image.RGBA) {
	t.Helper()
	g, err := gif.DecodeAll(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	screen := image.NewRGBA(image.Rect(0, 0, g.Config.Width, g.Config.Height))
	var out []*image.RGBA
	for _, fr := range g.Image {
		draw.Draw(screen, fr.Bounds(), fr, fr.Bounds().Min, draw.Over)
		out = append(out, image.NewRGBA(screen.Rect))
		copy(out[len(out)-1].Pix, screen.Pix)
	}
	return g, out
}

func exampleReplay(lang render.Lang) ([]ReplayFrame, Options) {
	before := turnBefore()
	return stepFrames(lang, before, turnEvents()), Options{Lang: lang, Before: &before}
}

// Example replay to look at: TURN_PNG_DIR=/tmp/turn go test ./render/field -run TestReplayExample -v
// writes the GIF and each of its frames as PNG.
func TestReplayExample(t *testing.T) {
	dir := exampleDir(t)
	for _, lang := range []render.Lang{render.RU, render.EN} {
		frames, opt := exampleReplay(lang)
		data, err := ReplayGIF(frames, opt)
		if err != nil {
			t.Fatal(err)
		}
		path := filepath.Join(dir, fmt.Sprintf("replay_%s.gif", lang))
		if err := os.WriteFile(path, data, 0o644); err != nil {
			t.Fatal(err)
		}
		t.Logf("wrote %s (%d bytes)", path, len(data))
		_, imgs := decodeFrames(t, data)
		if os.Getenv("TURN_PNG_DIR") == "" {
			continue // the frames as PNG for the eye that asks for them: slow under -race
		}
		for i, img := range imgs {
			writePNG(t, filepath.Join(dir, fmt.Sprintf("replay_%s_%02d.png", lang, i)), img)
		}
	}
}

// replayOf draws the example replay and decodes it.
func replayOf(t testing.TB, lang render.Lang) ([]ReplayFrame, Options, *gif.GIF, []*image.RGBA) {
	t.Helper()
	frames, opt := exampleReplay(lang)
	data, err := ReplayGIF(frames, opt)
	if err != nil {
		t.Fatal(err)
	}
	g, imgs := decodeFrames(t, data)
	return frames, opt, g, imgs
}

// A replay is the state before, a frame for each step, the whole turn held
// longer, looping forever; its frames are the field picture's size with
// the caption's strip.
func TestReplayGIF(t *testing.T) {
	frames, opt, g, imgs := replayOf(t, render.RU)
	if len(frames) != 8 {
		t.Fatalf("the example turn has %d steps, want 8", len(frames))
	}
	if len(g.Image) != len(frames)+2 {
		t.Fatalf("%d frames, want %d", len(g.Image), len(frames)+2)
	}
	if g.LoopCount != 0 {
		t.Errorf("loop count %d, want 0 (for ever)", g.LoopCount)
	}
	for i, d := range g.Delay {
		want := 150 // 1.5 s
		if i == len(g.Delay)-1 {
			want = 400 // the whole turn: 4 s
		}
		if d != want {
			t.Errorf("frame %d shows for %d/100 s, want %d", i, d, want)
		}
	}
	// The last frame is the results picture of the turn, with the caption.
	all := Options{Lang: render.RU, Before: opt.Before, Events: turnEvents()}
	whole := renderField(t, titledAs(frames[len(frames)-1].State, frames[len(frames)-1].State), all)
	l := layoutOf(t, frames[len(frames)-1].State, all)
	capH := int(l.cs * 0.36)
	if g.Config.Width != whole.Bounds().Dx() || g.Config.Height < whole.Bounds().Dy()+capH-1 {
		t.Errorf("the replay is %dx%d, the results picture %v", g.Config.Width, g.Config.Height, whole.Bounds())
	}
	last := imgs[len(imgs)-1]
	// Below the caption, the field as the results picture draws it, in
	// the palette's colours.
	grid := gridRect(l)
	shifted := grid.Add(image.Pt(0, int(l.cs*0.36+0.5)))
	bad := 0
	for y := 0; y < grid.Dy(); y++ {
		for x := 0; x < grid.Dx(); x++ {
			if colorDist(last.At(shifted.Min.X+x, shifted.Min.Y+y), whole.At(grid.Min.X+x, grid.Min.Y+y)) > 24 {
				bad++
			}
		}
	}
	if bad*100 > grid.Dx()*grid.Dy() {
		t.Errorf("the last frame's field differs from the results picture's in %d pixels", bad)
	}
	// Without the state before: no first frame.
	opt.Before = nil
	data, err := ReplayGIF(frames, opt)
	if err != nil {
		t.Fatal(err)
	}
	if g2, _ := decodeFrames(t, data); len(g2.Image) != len(frames)+1 {
		t.Errorf("without the state before: %d frames, want %d", len(g2.Image), len(frames)+1)
	}
	if _, err := ReplayGIF(nil, Options{}); err == nil {
		t.Errorf("a replay of nothing is no error")
	}
	// The state before alone: one frame.
	before := turnBefore()
	data, err = ReplayGIF(nil, Options{Before: &before})
	if err != nil {
		t.Fatal(err)
	}
	if g2, _ := decodeFrames(t, data); len(g2.Image) != 1 {
		t.Errorf("the state before alone: %d frames", len(g2.Image))
	}
}

// titledAs is b with the turn and outcome of final, as a replay titles
// its frames.
func titledAs(b, final engine.Battle) engine.Battle {
	b.Turn, b.Outcome = final.Turn, final.Outcome
	return b
}

// Each step's frame draws that step's marks and no other's: the cavalry's
// gallop (step 3) shows in its frame, not in the frontal attacks' (step 7)
// nor before; the whole turn shows both.
func TestReplayStepMarksOnly(t *testing.T) {
	frames, opt, _, imgs := replayOf(t, render.RU)
	l := layoutOf(t, frames[0].State, Options{})
	dy := int(l.cs*0.36 + 0.5)
	gallop := cellRect(l, cell(4, 3)).Inset(int(l.cs * 0.15)).Add(image.Pt(0, dy))
	attack := cellRect(l, cell(6, 4)).Inset(int(l.cs * 0.15)).Add(image.Pt(0, dy))
	step := map[string]int{}
	for i, f := range frames {
		step[f.Events[len(f.Events)-1].Step] = i + 1 // after the first frame
	}
	ink := func(img *image.RGBA, r image.Rectangle, c color.Color) int { return count(img, r, c) }
	if ink(imgs[step["P3"]], gallop, northDark) < int(l.cs*0.3) {
		t.Errorf("the gallop's frame does not show it")
	}
	for _, i := range []int{0, step["P1"], step["P7"], step["P10"]} {
		if n := ink(imgs[i], gallop, northDark); n != 0 {
			t.Errorf("frame %d shows %d pixels of the gallop of step 3", i, n)
		}
	}
	if ink(imgs[step["P7"]], attack, attackColor) < int(l.cs*0.3) || ink(imgs[step["P3"]], attack, attackColor) != 0 {
		t.Errorf("the frontal attack shows in the wrong frames")
	}
	last := imgs[len(imgs)-1]
	if ink(last, gallop, northDark) == 0 || ink(last, attack, attackColor) == 0 {
		t.Errorf("the whole turn's frame lacks the gallop or the attack")
	}
	_ = opt
}

// The replay keeps the field's colours: every colour of the map maps to
// itself, and a North counter in a decoded frame is North's blue exactly,
// a South one South's red.
func TestReplayPaletteKeepsColours(t *testing.T) {
	p := replayBasePalette()
	for _, c := range mapColors() {
		want := flatOver(c, background)
		if got := p.colors[p.index(want)]; got != color.Color(want) {
			t.Errorf("colour %v comes out as %v", want, got)
		}
	}
	frames, _, _, imgs := replayOf(t, render.RU)
	l := layoutOf(t, frames[0].State, Options{})
	dy := l.cs*0.36 + 0.5
	for _, c := range []struct {
		cell engine.Cell
		want color.RGBA
	}{{cell(3, 2), northColor}, {cell(9, 5), southColor}} {
		x, y, w, h := l.tokenRect(c.cell)
		if n := count(imgs[0], rect(x, y+dy, w, h), c.want); n < int(w*h*0.3) {
			t.Errorf("the counter in %s has %d pixels of %v in the first frame", c.cell, n, c.want)
		}
		img := renderField(t, turnBefore(), Options{})
		if n, m := count(imgs[0], rect(x, y+dy, w, h), c.want), count(img, rect(x, y, w, h), c.want); n < m*9/10 {
			t.Errorf("the counter in %s: %d pixels of its colour, %d in the field picture", c.cell, n, m)
		}
	}
}

// Golden image of one replay frame (the frontal attacks of step 7):
// decoded pixels are compared with a tolerance (a channel may differ by
// 24, and 0.05% of the pixels more) against
// testdata/replay_frame_golden.png, which -update rewrites.
func TestReplayFrameGolden(t *testing.T) {
	const path = "testdata/replay_frame_golden.png"
	frames, _, _, imgs := replayOf(t, render.RU)
	k := -1
	for i, f := range frames {
		if f.Events[len(f.Events)-1].Step == "P7" {
			k = i + 1
		}
	}
	got := imgs[k]
	if *update {
		writePNG(t, path, got)
	}
	f, err := os.Open(path)
	if err != nil {
		t.Fatalf("%v (run go test ./render/field -run TestReplayFrameGolden -update to create it)", err)
	}
	defer f.Close()
	want, err := png.Decode(f)
	if err != nil {
		t.Fatal(err)
	}
	if got.Bounds() != want.Bounds() {
		t.Fatalf("size %v, golden %v", got.Bounds(), want.Bounds())
	}
	bad, total := 0, got.Bounds().Dx()*got.Bounds().Dy()
	diff := image.NewRGBA(got.Bounds())
	for y := 0; y < got.Bounds().Dy(); y++ {
		for x := 0; x < got.Bounds().Dx(); x++ {
			if colorDist(got.At(x, y), want.At(x, y)) > 24 {
				bad++
				diff.Set(x, y, color.RGBA{0xff, 0, 0xff, 0xff})
			} else {
				diff.Set(x, y, got.At(x, y))
			}
		}
	}
	// Stricter than the field's golden: a mark of a few hundred pixels
	// must show.
	if bad*10000 > total*5 {
		out := filepath.Join(t.TempDir(), "replay_frame_diff.png")
		writePNG(t, out, diff)
		t.Errorf("%d of %d pixels differ from %s (diff: %s); if the change is intended, rerun with -update", bad, total, path, out)
	}
}

// Past MaxReplayFrames, neighbouring steps are drawn together: the
// replay stays bounded.
func TestReplayFrameCap(t *testing.T) {
	before := turnBefore()
	var frames []ReplayFrame
	state := before.Clone()
	for i := range 3 * MaxReplayFrames {
		u := state.Unit("s-kiba")
		from := u.Cell
		u.Cell = cell(1+i%2, 6)
		frames = append(frames, ReplayFrame{State: state.Clone(), Caption: render.StepCaption(render.RU, "P8", 1),
			Events: []engine.Event{{Kind: engine.EvMoved, Unit: "s-kiba", From: from, To: u.Cell, Phase: 1, Step: "P8"}}})
	}
	data, err := ReplayGIF(frames, Options{Before: &before, CellSize: MinCellSize})
	if err != nil {
		t.Fatal(err)
	}
	if g, _ := decodeFrames(t, data); len(g.Image) > MaxReplayFrames || len(g.Image) < MaxReplayFrames-2 {
		t.Errorf("%d frames of %d steps, want at most %d", len(g.Image), len(frames), MaxReplayFrames)
	}
	merged := mergeSteps(render.RU, frames, 10)
	if len(merged) != 10 || len(merged[0].Events) != 12 || merged[0].Caption != render.T(render.RU, "replay.more", frames[0].Caption) {
		t.Errorf("merged: %d frames, the first with %d events, caption %q", len(merged), len(merged[0].Events), merged[0].Caption)
	}
	if got := merged[9].State.Unit("s-kiba").Cell; got != frames[len(frames)-1].State.Unit("s-kiba").Cell {
		t.Errorf("the last group's state is not its last step's")
	}
}

// The same frames give the same bytes.
func TestReplayDeterministic(t *testing.T) {
	frames, opt := exampleReplay(render.EN)
	a, err := ReplayGIF(frames, opt)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := ReplayGIF(frames, opt)
	if !bytes.Equal(a, b) {
		t.Errorf("two replays of the same frames differ")
	}
	// On one core (the bot's drawings, Options.Workers) or three, the same
	// bytes: the frames are put together in their order.
	for _, workers := range []int{1, 3} {
		opt.Workers = workers
		if c, _ := ReplayGIF(frames, opt); !bytes.Equal(a, c) {
			t.Errorf("the replay drawn on %d workers differs from the one drawn on every core", workers)
		}
	}
	// Between two frames the drawing lends its core (Options.Between, the
	// bot's answers first): called there, it changes nothing drawn.
	opt.Workers = 1
	calls := 0
	opt.Between = func() { calls++ }
	if c, _ := ReplayGIF(frames, opt); !bytes.Equal(a, c) {
		t.Errorf("the replay drawn with Between differs")
	}
	if calls < len(frames) {
		t.Errorf("Between called %d times for %d frames, want once before each frame drawn and each encoded", calls, len(frames))
	}
}

// render.StepCaption names the ladder's steps as the log does, with the phase;
// every caption has the fonts' glyphs.
func TestStepCaption(t *testing.T) {
	for _, c := range []struct {
		lang  render.Lang
		step  string
		phase int
		want  string
	}{
		{render.RU, "P3", 1, "Фаза 1. Шаг 3 — первое движение конницы"},
		{render.EN, "P3", 2, "Phase 2. Step 3 — first cavalry move"},
		{render.RU, "P7", 0, "Шаг 7 — атаки во фронт"},
		{render.RU, "P0", 1, "Фаза 1. Бонусы начала фазы"},
		{render.RU, "before", 0, "Перед ходом"},
		{render.EN, "after", 0, "The whole turn"},
		{render.RU, "end", 0, "Конец хода"},
		{render.EN, "start", 0, "The start of the turn"},
		{render.EN, "X9", 0, "X9"},
	} {
		if got := render.StepCaption(c.lang, c.step, c.phase); got != c.want {
			t.Errorf("render.StepCaption(%s, %q, %d) = %q, want %q", c.lang, c.step, c.phase, got, c.want)
		}
	}
	steps := []string{"before", "after", "start", "end"}
	for k := range 11 {
		steps = append(steps, fmt.Sprintf("P%d", k))
	}
	for _, lang := range []render.Lang{render.RU, render.EN} {
		for _, s := range steps {
			text := render.StepCaption(lang, s, 2)
			text = render.T(lang, "replay.more", text)
			for _, r := range text {
				if !HasGlyph(true, r) {
					t.Errorf("%q: no glyph for %q", text, r)
				}
			}
		}
	}
}

// BenchmarkReplayGIF draws a replay of 10 frames: the state before, 8
// steps and the whole turn.
func BenchmarkReplayGIF(b *testing.B) {
	frames, opt := exampleReplay(render.RU)
	for b.Loop() {
		if _, err := ReplayGIF(frames, opt); err != nil {
			b.Fatal(err)
		}
	}
}

// A step that draws nothing and changes nothing (a phase's start, its
// Waits) is no frame; one that turns a unit is, and so is one with a
// mark. Each frame has its caption in the strip under the title.
func TestReplaySkipsEmptySteps(t *testing.T) {
	before := turnBefore()
	turned := before.Clone()
	turned.Unit("s-kiba").Facing = engine.E
	moved := turned.Clone()
	moved.Unit("s-kiba").Cell = cell(2, 5)
	frames := []ReplayFrame{
		{State: before.Clone(), Caption: "P0", Events: []engine.Event{{Kind: engine.EvPhase, Phase: 1}, {Kind: engine.EvWaited, Unit: "s-teppo"}}},
		{State: turned, Caption: "wheel", Events: []engine.Event{{Kind: engine.EvWheeled, Unit: "s-kiba", Facing: engine.E}}},
		{State: moved, Caption: "move", Events: []engine.Event{{Kind: engine.EvMoved, Unit: "s-kiba", From: cell(2, 6), To: cell(2, 5)}}},
		{State: moved.Clone(), Caption: "P0 again", Events: []engine.Event{{Kind: engine.EvPhase, Phase: 2}}},
	}
	shots := replayShots(frames, Options{Before: &before})
	var got []string
	for _, s := range shots {
		got = append(got, s.caption)
	}
	if want := []string{render.T(render.RU, "replay.before"), "wheel", "move", render.T(render.RU, "replay.after")}; fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("frames %q, want %q", got, want)
	}
	data, err := ReplayGIF(frames, Options{Before: &before})
	if err != nil {
		t.Fatal(err)
	}
	g, imgs := decodeFrames(t, data)
	if len(g.Image) != 4 {
		t.Fatalf("%d frames, want 4", len(g.Image))
	}
	l := layoutOf(t, before, Options{})
	strip := rect(0, l.northBase-ascent(mustFaces(t).side)-l.cs*0.06, float64(l.w)/2, l.cs*0.36)
	for i, img := range imgs {
		if n := near(img, strip, previewInk); n < 20 {
			t.Errorf("frame %d: %d pixels of a caption under the title", i, n)
		}
	}
}

func mustFaces(t testing.TB) *fieldFaces {
	f, err := newFieldFaces(DefaultCellSize)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(f.release)
	return f
}
