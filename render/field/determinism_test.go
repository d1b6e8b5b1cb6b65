package field

import (
	"bytes"
	"fmt"
	"slices"
	"sync"
	"testing"

	"github.com/gunbai/gunbai/engine"
	"github.com/gunbai/gunbai/internal/racetest"
	"github.com/gunbai/gunbai/render"
)

// resetFieldCaches empties everything the package keeps between pictures
// (the memo, the static layers, the pools of faces, canvases, frames), as
// in a process that has drawn nothing yet.
func resetFieldCaches() {
	memos.Lock()
	memos.m, memos.bytes = nil, 0
	memos.Unlock()
	resetStatic()
	facePool.Lock()
	facePool.free, facePool.count = map[faceKey][]*memoFace{}, 0
	facePool.Unlock()
	canvasPool = sync.Pool{}
	framePool = sync.Pool{}
}

// anegawaHidden is the demo's Anegawa (game's built-in scenario, six units
// a side) with South's teppo hidden in a forest, as the bot's tests play
// it (hideTeppo): North does not see it.
func anegawaHidden(t testing.TB) engine.Battle {
	t.Helper()
	u := func(id string, s engine.Side, ty engine.TroopType, n int, c string, f engine.Dir) engine.Unit {
		v := engine.Unit{ID: id, Side: s, Type: ty, Figures: n, Cell: engine.MustCell(c), Facing: f}
		v.Ammo = v.Stats().AmmoPerFigure * n
		return v
	}
	n, s := engine.North, engine.South
	b := engine.Battle{ID: "anegawa", Defender: s, Settings: engine.DefaultSettings(), Messengers: [2]int{1, 1},
		Units: []engine.Unit{
			u("n-hatamoto", n, engine.HeavyCavalry, 8, "A23", engine.S), u("n-yari", n, engine.SamuraiSpear, 10, "A21", engine.S),
			u("n-ashigaru", n, engine.AshigaruSpear, 12, "B21", engine.S), u("n-sohei", n, engine.Yamabushi, 6, "B23", engine.S),
			u("n-uma", n, engine.LightCavalry, 6, "B25", engine.S), u("n-yumi", n, engine.SamuraiArcher, 8, "A31", engine.S),
			u("s-yari", s, engine.SamuraiSpear, 10, "C11", engine.N), u("s-ashigaru", s, engine.AshigaruSpear, 12, "D11", engine.N),
			u("s-hatamoto", s, engine.HeavyCavalry, 8, "D13", engine.N), u("s-uma", s, engine.LightCavalry, 6, "C14", engine.N),
			u("s-sohei", s, engine.Yamabushi, 6, "C13", engine.N), u("s-teppo", s, engine.AshigaruTeppo, 8, "D21", engine.N),
		},
		Leaders: []engine.Leader{
			{ID: "n-daimyo", Side: n, Role: engine.Commander, At: engine.AtHQ},
			{ID: "s-daimyo", Side: s, Role: engine.Commander, At: engine.AtHQ},
		},
	}
	b.HQ[n], b.HQ[s] = engine.MustCell("A34"), engine.MustCell("D33")
	b.Terrain.Forests = []engine.Cell{engine.MustCell("D21")}
	if slices.ContainsFunc(engine.View(b, n).Units, func(u engine.Unit) bool { return u.ID == "s-teppo" }) {
		t.Fatal("precondition: North sees s-teppo")
	}
	return b
}

// anegawaTurn is the bot's tests' first turn of it: North's spearmen
// move, the hidden teppo waits.
func anegawaTurn() []engine.Event {
	return []engine.Event{
		{Kind: engine.EvPhase, Phase: 1},
		{Kind: engine.EvStep, Phase: 1, Step: "P7"},
		{Kind: engine.EvMoved, Phase: 1, Step: "P7", Unit: "n-yari", From: engine.MustCell("A21"), To: engine.MustCell("A11")},
	}
}

// detScene is a turn's pictures for one audience: the results picture
// of after and the replay of frames.
type detScene struct {
	name   string
	after  engine.Battle
	frames []ReplayFrame
	opt    Options
}

// turnScenes are a turn's scenes for the GM, North and South, as game
// builds them (game.TurnView): each side's view of each step, the steps
// in which it saw something happen.
func turnScenes(name string, lang render.Lang, before engine.Battle, events []engine.Event) []detScene {
	all := stepFrames(lang, before, events)
	after := all[len(all)-1].State
	gmBefore := before
	out := []detScene{{name: name + "/GM/" + string(lang), after: after, frames: all,
		opt: Options{Lang: lang, View: ViewGM, Battle: name, Before: &gmBefore, Events: events}}}
	for _, side := range []engine.Side{engine.North, engine.South} {
		vb := engine.View(before, side)
		var frames []ReplayFrame
		prev := before
		for _, f := range all {
			vf := ReplayFrame{State: engine.View(f.State, side), Events: engine.VisibleEvents(prev, f.State, side, f.Events), Caption: f.Caption}
			prev = f.State
			if drawsSomething(vf.Events) {
				frames = append(frames, vf)
			}
		}
		if len(frames) == 0 {
			frames = []ReplayFrame{{State: engine.View(after, side), Caption: all[len(all)-1].Caption}}
		}
		out = append(out, detScene{name: fmt.Sprintf("%s/%v/%s", name, side, lang), after: engine.View(after, side), frames: frames,
			opt: Options{Lang: lang, View: SideView(side), Battle: name, Clans: [2]string{"Ода", "Асаи"}, Before: &vb,
				Events: engine.VisibleEvents(before, after, side, events)}})
	}
	return out
}

// detPictures are a scene's bytes: PNG's, ReplayGIF's, PNGAndReplay's.
type detPictures struct{ png, gif, bothPNG, bothGIF []byte }

// drawScene draws s's pictures; an error fails t (t.Error: it may run
// on another goroutine).
func drawScene(t testing.TB, s detScene) detPictures {
	t.Helper()
	var p detPictures
	var err error
	if p.png, err = PNG(s.after, s.opt); err == nil {
		if p.gif, err = ReplayGIF(s.frames, s.opt); err == nil {
			p.bothPNG, p.bothGIF, err = PNGAndReplay(s.after, s.frames, s.opt)
		}
	}
	if err != nil {
		t.Errorf("%s: %v", s.name, err)
	}
	return p
}

// differs names what of p differs from want.
func (p detPictures) differs(want detPictures) []string {
	var out []string
	if !bytes.Equal(p.png, want.png) {
		out = append(out, "PNG")
	}
	if !bytes.Equal(p.gif, want.gif) {
		out = append(out, "ReplayGIF")
	}
	if !bytes.Equal(p.bothPNG, want.bothPNG) || !bytes.Equal(p.bothGIF, want.bothGIF) {
		out = append(out, "PNGAndReplay")
	}
	return out
}

// A picture is a function of its input alone: a view's PNG and replay
// have the same bytes drawn first in a process (every cache cold: the
// memo, the static layer, the pools), drawn again (warm), drawn after
// other views and battles, and drawn with the memo and the static cache
// off. The scenes: the demo's Anegawa with a unit hidden in a forest and
// the results example, for the GM, North and South, in Russian and
// English. Under -race (racetest.Reduced) it draws the Russian scenes,
// cold, warm and all at once (the race detector's part) and leaves the
// other order and the memo off to CI's full-size step, which runs it
// whole without -race: whole, under -race, it took 96 s of CI's 19 min.
func TestReplaySameBytesColdAndWarm(t *testing.T) {
	var scenes []detScene
	langs := []render.Lang{render.RU, render.EN}
	if racetest.Reduced() {
		langs = langs[:1]
	}
	for _, lang := range langs {
		scenes = append(scenes, turnScenes("Анэгава", lang, anegawaHidden(t), anegawaTurn())...)
		scenes = append(scenes, turnScenes("Example", lang, turnBefore(), turnEvents())...)
	}
	t.Cleanup(resetFieldCaches)
	cold := make([]detPictures, len(scenes))
	for i, s := range scenes {
		resetFieldCaches()
		cold[i] = drawScene(t, s)
		if d := drawScene(t, s).differs(cold[i]); d != nil {
			t.Errorf("%s: drawn again (warm), its %v differ from its first drawing (cold)", s.name, d)
		}
	}
	// After all the others, in the other order.
	for i := len(scenes) - 1; i >= 0 && !racetest.Reduced(); i-- {
		if d := drawScene(t, scenes[i]).differs(cold[i]); d != nil {
			t.Errorf("%s: drawn after other views and battles, its %v differ from its first drawing", scenes[i].name, d)
		}
	}
	// All at once, from cold, as the bot draws a turn's audiences.
	resetFieldCaches()
	got := make([]detPictures, len(scenes))
	var wg sync.WaitGroup
	for i, s := range scenes {
		wg.Go(func() { got[i] = drawScene(t, s) })
	}
	wg.Wait()
	for i, s := range scenes {
		if d := got[i].differs(cold[i]); d != nil {
			t.Errorf("%s: drawn at once with the others, its %v differ from its first drawing", s.name, d)
		}
	}
	if racetest.Reduced() {
		return
	}
	noMemo.Store(true)
	noStaticCache.Store(true)
	defer func() { noMemo.Store(false); noStaticCache.Store(false) }()
	for i, s := range scenes {
		if d := drawScene(t, s).differs(cold[i]); d != nil {
			t.Errorf("%s: drawn without the memo and the static cache, its %v differ", s.name, d)
		}
	}
}

// The replay's palette is a function of the colours counted, not of the
// order a map gives them in: two colours of one cell of the lookup table
// counted alike (the two shades either side of a line drawn between
// pixels) give the same palette every time.
func TestReplayPaletteTieDeterministic(t *testing.T) {
	base := replayBasePalette()
	counts := func() map[uint32]int {
		// Two shades of one 5-bit cell, painted alike (South's deployment
		// line in Anegawa), and two more of another.
		return map[uint32]int{0x646aa6: 1508, 0x626ea2: 1508, 0x6369a3: 24, 0x10e0f0: 40, 0x12e2f2: 40}
	}
	want := base.extendBy(counts()).colors
	for range 50 {
		if got := base.extendBy(counts()).colors; !slices.Equal(got, want) {
			t.Fatalf("the palette of the same counts differs:\n%v\n%v", got[len(base.colors):], want[len(base.colors):])
		}
	}
}
