package field

import (
	"bytes"
	"fmt"
	"image"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gunbai/gunbai/engine"
	"github.com/gunbai/gunbai/render"
)

// turnBefore is a battle before a turn in which everything happens that
// the results picture draws (turnEvents).
func turnBefore() engine.Battle {
	u := func(id string, s engine.Side, t engine.TroopType, n, x, y int, f engine.Dir) engine.Unit {
		return engine.Unit{ID: id, Side: s, Type: t, Figures: n, Cell: cell(x, y), Facing: f}
	}
	routing := func(v engine.Unit) engine.Unit { v.Status = engine.StatusRouting; return v }
	return engine.Battle{
		ID: "turn", Turn: 3, Defender: engine.South,
		HQ: [2]engine.Cell{cell(2, 1), cell(11, 7)},
		Units: []engine.Unit{
			u("n-uma", engine.North, engine.LightCavalry, 6, 3, 2, engine.S),
			u("n-yari", engine.North, engine.SamuraiSpear, 8, 6, 3, engine.S),
			u("n-yumi", engine.North, engine.SamuraiArcher, 8, 10, 2, engine.S),
			u("n-ashi", engine.North, engine.AshigaruSpear, 12, 8, 4, engine.S),
			routing(u("n-sohei", engine.North, engine.Yamabushi, 4, 12, 4, engine.N)),
			u("s-ashi", engine.South, engine.AshigaruSpear, 12, 6, 5, engine.N),
			u("s-teppo", engine.South, engine.AshigaruTeppo, 8, 9, 5, engine.N),
			u("s-yumi", engine.South, engine.SamuraiArcher, 3, 8, 5, engine.N),
			u("s-kiba", engine.South, engine.HeavyCavalry, 8, 2, 6, engine.N),
			routing(u("s-sohei", engine.South, engine.Yamabushi, 5, 11, 6, engine.S)),
			u("n-kiba", engine.North, engine.HeavyCavalry, 8, 11, 3, engine.S),
			u("s-uma", engine.South, engine.LightCavalry, 6, 11, 5, engine.N),
		},
		Leaders: []engine.Leader{
			{ID: "ng", Side: engine.North, Role: engine.General, At: "n-yari"},
			{ID: "nh", Side: engine.North, Role: engine.Commander, At: engine.AtHQ},
			{ID: "sg", Side: engine.South, Role: engine.General, At: "s-ashi"},
			{ID: "sy", Side: engine.South, Role: engine.General, At: "s-yumi"},
		},
	}
}

// turnEvents are the turn's events: a gallop into a flank attack, a
// frontal attack, a rout and its flight, the winner's advance, a shot
// each way, a unit destroyed and its cell taken, a flight off the field, a
// move and a cancelled order, a rally, a meeting engagement that
// destroys the loser, leaders wounded, killed and captured.
func turnEvents() []engine.Event {
	p1 := func(step string, e engine.Event) engine.Event { e.Phase, e.Step = 1, step; return e }
	return []engine.Event{
		{Kind: engine.EvPhase, Phase: 1},
		p1("P1", engine.Event{Kind: engine.EvStep}),
		p1("P1", engine.Event{Kind: engine.EvShot, Unit: "n-yumi", Other: "s-teppo", From: cell(10, 2), To: cell(9, 5), Raw: 3}),
		p1("P1", engine.Event{Kind: engine.EvRoll, Key: "n-yumi.shoot", Dice: []int{5, 2}}),
		p1("P1", engine.Event{Kind: engine.EvShot, Unit: "s-teppo", Other: "n-ashi", From: cell(9, 5), To: cell(8, 4), Raw: 2}),
		p1("P1", engine.Event{Kind: engine.EvDamage, Unit: "n-yumi", Other: "s-teppo", Raw: 3, Armor: 1, Value: 2}),
		p1("P1", engine.Event{Kind: engine.EvLosses, Unit: "s-teppo", Value: 2, Figures: 6}),
		p1("P1", engine.Event{Kind: engine.EvDamage, Unit: "s-teppo", Other: "n-ashi", Raw: 2, Value: 1}),
		p1("P1", engine.Event{Kind: engine.EvLosses, Unit: "n-ashi", Value: 1, Figures: 11}),
		p1("P3", engine.Event{Kind: engine.EvStep}),
		p1("P3", engine.Event{Kind: engine.EvMoved, Unit: "n-uma", From: cell(3, 2), To: cell(3, 3)}),
		p1("P3", engine.Event{Kind: engine.EvMoved, Unit: "n-uma", From: cell(3, 3), To: cell(4, 3)}),
		p1("P3", engine.Event{Kind: engine.EvMoved, Unit: "n-uma", From: cell(4, 3), To: cell(4, 4)}),
		p1("P3", engine.Event{Kind: engine.EvMoved, Unit: "n-uma", From: cell(4, 4), To: cell(5, 4)}),
		p1("P3", engine.Event{Kind: engine.EvMoved, Unit: "n-uma", From: cell(5, 4), To: cell(5, 5)}),
		p1("P4", engine.Event{Kind: engine.EvStep}),
		p1("P4", engine.Event{Kind: engine.EvAttack, Unit: "n-uma", Other: "s-ashi", From: cell(5, 5), To: cell(6, 5), Detail: "flank"}),
		p1("P4", engine.Event{Kind: engine.EvCancelled, Unit: "s-kiba", Detail: "attacked"}),
		p1("P4", engine.Event{Kind: engine.EvLosses, Unit: "s-ashi", Value: 3, Figures: 9}),
		p1("P4", engine.Event{Kind: engine.EvLosses, Unit: "n-uma", Value: 1, Figures: 5}),
		p1("P4", engine.Event{Kind: engine.EvLeaderCaptured, Unit: "sg"}),
		p1("P5", engine.Event{Kind: engine.EvRallied, Unit: "s-sohei", At: cell(11, 6), Facing: engine.N, Detail: "stopped"}),
		p1("P7", engine.Event{Kind: engine.EvStep}),
		p1("P7", engine.Event{Kind: engine.EvMoved, Unit: "n-yari", From: cell(6, 3), To: cell(6, 4)}),
		p1("P7", engine.Event{Kind: engine.EvAttack, Unit: "n-yari", Other: "s-ashi", From: cell(6, 4), To: cell(6, 5), Detail: "front"}),
		p1("P7", engine.Event{Kind: engine.EvAttack, Unit: "n-ashi", Other: "s-yumi", From: cell(8, 4), To: cell(8, 5), Detail: "front"}),
		p1("P7", engine.Event{Kind: engine.EvLosses, Unit: "s-ashi", Value: 1, Figures: 8}),
		p1("P7", engine.Event{Kind: engine.EvLosses, Unit: "n-yari", Value: 2, Figures: 6}),
		p1("P7", engine.Event{Kind: engine.EvLeaderWounded, Unit: "ng", Value: 1}),
		p1("P7", engine.Event{Kind: engine.EvRouted, Unit: "s-ashi", At: cell(6, 5)}),
		p1("P7", engine.Event{Kind: engine.EvFled, Unit: "s-ashi", From: cell(6, 5), To: cell(6, 6)}),
		p1("P7", engine.Event{Kind: engine.EvFled, Unit: "s-ashi", From: cell(6, 6), To: cell(7, 7)}),
		p1("P7", engine.Event{Kind: engine.EvOccupied, Unit: "n-yari", From: cell(6, 4), To: cell(6, 5)}),
		p1("P7", engine.Event{Kind: engine.EvLosses, Unit: "s-yumi", Value: 3, Figures: 0}),
		p1("P7", engine.Event{Kind: engine.EvDestroyed, Unit: "s-yumi", At: cell(8, 5)}),
		p1("P7", engine.Event{Kind: engine.EvLeaderKilled, Unit: "sy"}),
		p1("P7", engine.Event{Kind: engine.EvOccupied, Unit: "n-ashi", From: cell(8, 4), To: cell(8, 5)}),
		p1("P8", engine.Event{Kind: engine.EvMoved, Unit: "s-kiba", From: cell(2, 6), To: cell(2, 5)}),
		p1("P8", engine.Event{Kind: engine.EvMeeting, Unit: "n-kiba", Other: "s-uma", At: cell(11, 4), Detail: "same_cell"}),
		p1("P8", engine.Event{Kind: engine.EvLosses, Unit: "s-uma", Value: 6, Figures: 0}),
		p1("P8", engine.Event{Kind: engine.EvDestroyed, Unit: "s-uma", At: cell(11, 5)}),
		p1("P8", engine.Event{Kind: engine.EvOccupied, Unit: "n-kiba", From: cell(11, 3), To: cell(11, 4)}),
		p1("P8", engine.Event{Kind: engine.EvRetreated, Unit: "n-yumi", From: cell(10, 2), To: cell(10, 1)}),
		p1("P10", engine.Event{Kind: engine.EvFled, Unit: "n-sohei", From: cell(12, 4), To: cell(12, 3)}),
		p1("P10", engine.Event{Kind: engine.EvFled, Unit: "n-sohei", From: cell(12, 3), To: cell(12, 2)}),
		p1("P10", engine.Event{Kind: engine.EvScattered, Unit: "n-sohei", At: cell(12, 2)}),
		{Kind: engine.EvLeaderWounded, Unit: "nh", Value: 1},
	}
}

// turnAfter is turnBefore with turnEvents applied.
func turnAfter() engine.Battle {
	b := turnBefore().Clone()
	b.Turn++
	set := func(id string, fn func(u *engine.Unit)) { fn(b.Unit(id)) }
	set("n-uma", func(u *engine.Unit) { u.Cell, u.Facing, u.Figures = cell(5, 5), engine.E, 5 })
	set("n-yari", func(u *engine.Unit) { u.Cell, u.Figures = cell(6, 5), 6 })
	set("n-yumi", func(u *engine.Unit) { u.Cell = cell(10, 1) })
	set("n-ashi", func(u *engine.Unit) { u.Cell, u.Figures = cell(8, 5), 11 })
	set("n-sohei", func(u *engine.Unit) { u.Cell, u.Status = cell(12, 2), engine.StatusScattered })
	set("s-ashi", func(u *engine.Unit) {
		u.Cell, u.Figures, u.Status, u.Facing = cell(7, 7), 8, engine.StatusRouting, engine.S
	})
	set("s-teppo", func(u *engine.Unit) { u.Figures = 6 })
	set("s-yumi", func(u *engine.Unit) { u.Figures, u.Status = 0, engine.StatusDestroyed })
	set("s-kiba", func(u *engine.Unit) { u.Cell = cell(2, 5) })
	set("s-sohei", func(u *engine.Unit) { u.Status, u.Facing = engine.StatusOK, engine.N })
	set("n-kiba", func(u *engine.Unit) { u.Cell = cell(11, 4) })
	set("s-uma", func(u *engine.Unit) { u.Figures, u.Status = 0, engine.StatusDestroyed })
	b.Leader("ng").Health, b.Leader("ng").Wounds = engine.LeaderWounded, 1
	b.Leader("nh").Health, b.Leader("nh").Wounds = engine.LeaderWounded, 1
	b.Leader("sg").Health, b.Leader("sg").At = engine.LeaderCaptured, engine.AtReserve
	b.Leader("sy").Health, b.Leader("sy").At = engine.LeaderKilled, engine.AtReserve
	return b
}

// turnOpt is the results picture's options for the example turn.
func turnOpt(lang render.Lang) Options {
	before := turnBefore()
	return Options{Lang: lang, Events: turnEvents(), Before: &before}
}

// exampleDir is where example pictures go: $TURN_PNG_DIR, or a temporary
// directory.
func exampleDir(t testing.TB) string {
	if dir := os.Getenv("TURN_PNG_DIR"); dir != "" {
		if err := os.MkdirAll(dir, 0o755); err != nil {
			t.Fatal(err)
		}
		return dir
	}
	return t.TempDir()
}

func writePNG(t testing.TB, path string, img image.Image) {
	t.Helper()
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	t.Logf("wrote %s", path)
}

// Example pictures to look at: TURN_PNG_DIR=/tmp/turn go test ./render/field -run TestFieldTurnExample -v
func TestFieldTurnExample(t *testing.T) {
	dir := exampleDir(t)
	for _, opt := range []Options{turnOpt(render.RU), turnOpt(render.EN)} {
		for _, cs := range []int{DefaultCellSize, MinCellSize} {
			opt.CellSize = cs
			img := renderField(t, turnAfter(), opt)
			writePNG(t, filepath.Join(dir, fmt.Sprintf("turn_%s_%d.png", opt.Lang, cs)), img)
		}
	}
}

// samePixels reports whether two pictures are the same.
func samePixels(a, b *image.RGBA) bool {
	return a.Bounds() == b.Bounds() && bytes.Equal(a.Pix, b.Pix)
}

// Without events, or with events that draw nothing (headings, dice, a
// combat's sums, a melee's damage), the picture is the field's as it was;
// those events add only the turn's summary under the field ("no losses").
func TestFieldTurnNoEvents(t *testing.T) {
	b := turnAfter()
	before := turnBefore()
	plain := renderField(t, b, Options{Lang: render.RU})
	quiet := []engine.Event{
		{Kind: engine.EvPhase, Phase: 1},
		{Kind: engine.EvStep, Phase: 1, Step: "P7"},
		{Kind: engine.EvRoll, Key: "n-yari.melee", Dice: []int{6, 6}},
		{Kind: engine.EvDamage, Unit: "n-yari", Other: "s-ashi", Raw: 3, Value: 2},
		{Kind: engine.EvCombatResult, Value: 3, Detail: "routed"},
		{Kind: engine.EvWaited, Unit: "s-teppo"},
	}
	for i, opt := range []Options{
		{Lang: render.RU, Before: &before},
		{Lang: render.RU, Events: []engine.Event{}, Before: &before},
		{Lang: render.RU, Events: quiet, Before: &before},
		{Lang: render.RU, Events: quiet},
	} {
		got := renderField(t, b, opt)
		if len(opt.Events) == 0 {
			if !samePixels(got, plain) {
				t.Errorf("options %d change the picture", i)
			}
			continue
		}
		l := layoutOf(t, b, opt)
		if strings.Join(l.summary, " ") != render.T(render.RU, "alt.quiet") {
			t.Errorf("options %d: summary %q", i, l.summary)
		}
		// Down to the summary, the picture without events.
		rows := int(l.summaryTop) * got.Stride
		if got.Bounds().Dx() != plain.Bounds().Dx() || !bytes.Equal(got.Pix[:rows], plain.Pix[:rows]) {
			t.Errorf("options %d change the picture", i)
		}
	}
}

// Every event that tells something of the turn draws it: the picture
// without it is another. The marks are on the field: the title and the
// side labels above it do not change.
func TestFieldTurnEveryEventDraws(t *testing.T) {
	b := turnAfter()
	opt := turnOpt(render.RU)
	all := opt.Events
	full := renderField(t, b, opt)
	l := layoutOf(t, b, opt)
	top := rect(0, 0, float64(full.Bounds().Dx()), l.gridY-2)
	if n := diff(full, renderField(t, b, Options{Lang: render.RU}), top); n != 0 {
		t.Errorf("the turn changes %d pixels above the field", n)
	}
	for i, e := range all {
		switch e.Kind {
		case engine.EvPhase, engine.EvStep, engine.EvRoll:
			continue
		}
		opt.Events = append(append([]engine.Event(nil), all[:i]...), all[i+1:]...)
		without := renderField(t, b, opt)
		if without.Bounds() == full.Bounds() && diff(full, without, gridRect(l)) == 0 {
			t.Errorf("event %d (%s %s) draws nothing", i, e.Kind, e.Unit)
		}
	}
	// And each alone draws something, but a shot's damage, a unit's
	// rout (its flight shows it) and a leader's fate without where the
	// leader was.
	plain := renderField(t, b, Options{Lang: render.RU})
	before := turnBefore()
	for i, e := range all {
		switch e.Kind {
		case engine.EvPhase, engine.EvStep, engine.EvRoll, engine.EvDamage, engine.EvRouted:
			continue
		}
		got := renderField(t, b, Options{Lang: render.RU, Events: []engine.Event{e}, Before: &before})
		if samePixels(got, plain) {
			t.Errorf("event %d (%s %s) alone draws nothing", i, e.Kind, e.Unit)
		}
	}
}

// Nothing is drawn of what the view does not see: the caller gives the
// events engine.VisibleEvents keeps for the side, and the picture draws
// from them alone. A South unit hidden in a forest (R-XI.3.2, D-67) moves
// in it, wheels, waits, loses an order and rallies; its events, added to
// the turn, leave North's picture as it was (even if the caller gave the
// GM's state before the turn), while South's picture shows them. Its shot
// from the forest shows North only the ring on its target, not where it
// came from.
func TestFieldTurnInvisibleEvent(t *testing.T) {
	before := engine.Battle{ID: "forest", Turn: 2, Defender: engine.South,
		Terrain: engine.Terrain{Forests: []engine.Cell{c("C24"), c("C25"), c("C35")}},
		Units: []engine.Unit{
			{ID: "hidden", Side: engine.South, Type: engine.AshigaruTeppo, Figures: 8, Cell: c("C24"), Facing: engine.N, Status: engine.StatusRouting, Ammo: 16},
			{ID: "seen", Side: engine.South, Type: engine.SamuraiSpear, Figures: 8, Cell: c("C21"), Facing: engine.N},
			{ID: "n", Side: engine.North, Type: engine.LightCavalry, Figures: 6, Cell: c("A11"), Facing: engine.S},
		},
		Leaders: []engine.Leader{{ID: "hl", Side: engine.South, Role: engine.General, At: "hidden"}},
	}
	if v := engine.View(before, engine.North); v.Unit("hidden") != nil {
		t.Fatal("the unit in the forest is not hidden from North")
	}
	after := before.Clone()
	after.Turn++
	h, n, s := after.Unit("hidden"), after.Unit("n"), after.Unit("seen")
	h.Cell, h.Facing, h.Status = c("C35"), engine.E, engine.StatusOK
	n.Cell, n.Figures = c("A12"), 5
	s.Cell = c("C22")
	visibleTurn := []engine.Event{
		{Kind: engine.EvMoved, Phase: 1, Step: "P8", Unit: "n", From: c("A11"), To: c("A12")},
		{Kind: engine.EvMoved, Phase: 1, Step: "P8", Unit: "seen", From: c("C21"), To: c("C22")},
	}
	hiddenTurn := []engine.Event{
		{Kind: engine.EvRallied, Phase: 1, Step: "P5", Unit: "hidden", At: c("C24"), Facing: engine.N, Detail: "stopped"},
		{Kind: engine.EvFled, Phase: 1, Step: "P5", Unit: "hidden", From: c("C24"), To: c("C25")},
		{Kind: engine.EvMoved, Phase: 1, Step: "P8", Unit: "hidden", From: c("C25"), To: c("C35")},
		{Kind: engine.EvWheeled, Phase: 1, Step: "P8", Unit: "hidden", Facing: engine.E},
		{Kind: engine.EvCancelled, Phase: 2, Step: "P8", Unit: "hidden", Detail: "attacked"},
		{Kind: engine.EvOrderLost, Phase: 2, Step: "P8", Unit: "hidden", Detail: "attacked"},
		{Kind: engine.EvWaited, Phase: 2, Unit: "hidden"},
		{Kind: engine.EvLeaderWounded, Phase: 2, Unit: "hl", Value: 1},
		{Kind: engine.EvRoll, Phase: 2, Key: "hidden.shoot", Dice: []int{6}},
	}
	shot := []engine.Event{
		{Kind: engine.EvShot, Phase: 2, Step: "P9", Unit: "hidden", Other: "n", From: c("C35"), To: c("A12"), Raw: 1, Value: 14},
		{Kind: engine.EvDamage, Phase: 2, Step: "P9", Unit: "hidden", Other: "n", Raw: 1, Value: 1},
		{Kind: engine.EvLosses, Phase: 2, Step: "P9", Unit: "n", Value: 1, Figures: 5},
	}
	draw := func(side engine.Side, events []engine.Event, gmBefore bool) *image.RGBA {
		vb := engine.View(before, side)
		if gmBefore {
			vb = before
		}
		seen := engine.VisibleEvents(before, after, side, events)
		return renderField(t, engine.View(after, side), Options{Lang: render.RU, Events: seen, Before: &vb})
	}
	with := append(append([]engine.Event(nil), visibleTurn...), hiddenTurn...)
	seen := draw(engine.North, visibleTurn, false)
	for _, gm := range []bool{false, true} {
		for _, events := range [][]engine.Event{visibleTurn, with} {
			if !samePixels(seen, draw(engine.North, events, gm)) {
				t.Errorf("the hidden unit changes North's picture (its events: %v, GM's state before: %v)", len(events) > len(visibleTurn), gm)
			}
		}
	}
	if samePixels(draw(engine.South, visibleTurn, false), draw(engine.South, with, false)) {
		t.Errorf("the hidden unit's events draw nothing on South's picture")
	}
	// Its shot: North sees the ring on its unit and the loss, nothing in
	// the forest; South sees where it came from.
	north := draw(engine.North, append(append([]engine.Event(nil), with...), shot...), false)
	plain := draw(engine.North, with, false)
	l := layoutOf(t, engine.View(after, engine.North), Options{Lang: render.RU})
	if samePixels(north, plain) {
		t.Errorf("North does not see the shot at its unit")
	}
	for _, fc := range []engine.Cell{c("C24"), c("C25"), c("C35"), c("C34"), c("C26"), c("C36")} {
		if n := diff(north, plain, cellRect(l, fc)); n != 0 {
			t.Errorf("the hidden unit's shot changes %d pixels of %s on North's picture", n, fc)
		}
	}
	south := draw(engine.South, append(append([]engine.Event(nil), with...), shot...), false)
	southPlain := draw(engine.South, with, false)
	if n := near(south, cellRect(l, c("C35")), shotColor) - near(southPlain, cellRect(l, c("C35")), shotColor); n <= 0 {
		t.Errorf("South's picture does not show its shot leaving the forest")
	}
}

// An attack is a red arrow into the attacked unit with its swords; one on
// a flank, the rear or a routing unit has its word by them, a frontal one
// none.
func TestFieldTurnAttackSides(t *testing.T) {
	b := marchBattle()
	b.Units[1].Cell = cell(4, 3)
	l := layoutOf(t, b, Options{})
	plain := renderField(t, b, Options{})
	pix := map[string]*image.RGBA{}
	// The sides as the engine names them (engine.AttackSide), and "flank".
	sides := []string{"front", "flank", "right flank", "left flank", "rear", "routing"}
	for _, side := range sides {
		ev := []engine.Event{{Kind: engine.EvAttack, Unit: "hc", Other: "e", From: cell(4, 2), To: cell(4, 3), Detail: side}}
		pix[side] = renderField(t, b, Options{Events: ev})
		area := cellRect(l, cell(4, 2)).Union(cellRect(l, cell(4, 3)))
		if n := count(pix[side], area, attackColor) - count(plain, area, attackColor); n < int(l.cs*0.5) {
			t.Errorf("%s: only %d pixels of the attack's red", side, n)
		}
		if n := count(pix[side], area, starInk) - count(plain, area, starInk); n < 10 {
			t.Errorf("%s: the swords have %d dark pixels", side, n)
		}
	}
	for _, side := range sides[1:] {
		if samePixels(pix[side], pix["front"]) {
			t.Errorf("an attack on the %s looks like a frontal one", side)
		}
		for _, other := range sides[1:] {
			if other != side && samePixels(pix[side], pix[other]) {
				t.Errorf("attacks on the %s and on the %s look the same", side, other)
			}
		}
	}
}

// A unit's losses are the sum of its EvLosses: 1 and 2 draw as 3 does, not
// as 2.
func TestFieldTurnLossesSum(t *testing.T) {
	b := marchBattle()
	loss := func(vs ...int) []engine.Event {
		var out []engine.Event
		for _, v := range vs {
			out = append(out, engine.Event{Kind: engine.EvLosses, Unit: "e", Value: v})
		}
		return out
	}
	three := renderField(t, b, Options{Events: loss(3)})
	if got := renderField(t, b, Options{Events: loss(1, 2)}); !samePixels(got, three) {
		t.Errorf("losses of 1 and 2 do not draw as 3")
	}
	if got := renderField(t, b, Options{Events: loss(2)}); samePixels(got, three) {
		t.Errorf("losses of 2 draw as 3")
	}
	l := layoutOf(t, b, Options{Events: loss(3)})
	if n := count(three, tokenArea(l, cell(9, 6)).Inset(-int(l.cs*0.1)), lostInk); n < 20 {
		t.Errorf("only %d pixels of the losses' tag by the unit", n)
	}
}

// A destroyed unit is a faded counter crossed in red where it fell, also
// without the state before the turn; one that scattered is a faded
// counter, not crossed.
func TestFieldTurnGhosts(t *testing.T) {
	b := marchBattle()
	b.Units = append(b.Units, engine.Unit{ID: "dead", Side: engine.South, Type: engine.AshigaruTeppo, Cell: cell(7, 6), Status: engine.StatusDestroyed})
	l := layoutOf(t, b, Options{})
	r := cellRect(l, cell(7, 6))
	plain := renderField(t, b, Options{})
	dead := renderField(t, b, Options{Events: []engine.Event{{Kind: engine.EvDestroyed, Unit: "dead", At: cell(7, 6)}}})
	gone := renderField(t, b, Options{Events: []engine.Event{{Kind: engine.EvScattered, Unit: "dead", At: cell(7, 6)}}})
	for name, img := range map[string]*image.RGBA{"destroyed": dead, "scattered": gone} {
		if n := count(img, r, southFaded); n < int(l.cs*l.cs*0.2) {
			t.Errorf("%s: only %d pixels of a faded counter", name, n)
		}
		if n := diffOutside(plain, img, l, gridRect(l), 2, []engine.Cell{cell(7, 6)}); n != 0 {
			t.Errorf("%s: %d pixels changed off its cell", name, n)
		}
	}
	if n := near(dead, r, lostInk); n < int(l.cs) {
		t.Errorf("the destroyed unit's cross has %d pixels", n)
	}
	if n := near(gone, r, lostInk); n != 0 {
		t.Errorf("a scattered unit is crossed out (%d pixels)", n)
	}
}

// The legend explains the turn's marks, those drawn and only those, after
// a heading, in the reader's language; the picture grows by its lines.
func TestFieldTurnLegend(t *testing.T) {
	turnKinds := func(l layout) map[legendKind]string {
		out := map[legendKind]string{}
		for _, line := range l.legend {
			for _, it := range line {
				if it.kind >= legendTurnMove && it.kind <= legendTurnStruckAt || it.text == render.T(render.RU, "legend.turn") || it.text == render.T(render.EN, "legend.turn") {
					out[it.kind] = it.text
				}
			}
		}
		return out
	}
	b := turnAfter()
	if got := turnKinds(layoutOf(t, b, Options{Lang: render.RU})); len(got) != 0 {
		t.Errorf("the legend without events has %v", got)
	}
	for _, lang := range []render.Lang{render.RU, render.EN} {
		opt := turnOpt(lang)
		got := turnKinds(layoutOf(t, b, opt))
		if got[legendText] != render.T(lang, "legend.turn") {
			t.Errorf("%s: no heading in the legend: %v", lang, got)
		}
		for _, e := range turnLegendTable {
			if got[e.kind] != render.T(lang, e.key) {
				t.Errorf("%s: legend item %q is %q", lang, render.T(lang, e.key), got[e.kind])
			}
		}
		with, without := renderField(t, b, opt), renderField(t, b, Options{Lang: lang})
		if with.Bounds().Dy() <= without.Bounds().Dy() {
			t.Errorf("%s: the legend's lines do not make the picture taller", lang)
		}
	}
	// One event, its mark alone.
	before := turnBefore()
	for _, c := range []struct {
		e    engine.Event
		want legendKind
	}{
		{engine.Event{Kind: engine.EvMoved, Unit: "s-kiba", From: cell(2, 6), To: cell(2, 5)}, legendTurnMove},
		{engine.Event{Kind: engine.EvRetreated, Unit: "n-yumi", From: cell(10, 2), To: cell(10, 1)}, legendTurnRetreat},
		{engine.Event{Kind: engine.EvFled, Unit: "s-ashi", From: cell(6, 6), To: cell(7, 7)}, legendTurnRout},
		{engine.Event{Kind: engine.EvShot, Unit: "n-yumi", Other: "s-teppo", From: cell(10, 1), To: cell(9, 5)}, legendTurnShot},
		{engine.Event{Kind: engine.EvLosses, Unit: "s-teppo", Value: 2}, legendTurnLosses},
		{engine.Event{Kind: engine.EvDestroyed, Unit: "s-yumi", At: cell(8, 5)}, legendTurnDestroyed},
		{engine.Event{Kind: engine.EvScattered, Unit: "n-sohei", At: cell(12, 2)}, legendTurnGone},
		{engine.Event{Kind: engine.EvCancelled, Unit: "s-kiba"}, legendTurnCancelled},
		{engine.Event{Kind: engine.EvRallied, Unit: "s-sohei"}, legendTurnRallied},
		{engine.Event{Kind: engine.EvLeaderWounded, Unit: "ng", Value: 1}, legendTurnWounded},
		{engine.Event{Kind: engine.EvLeaderKilled, Unit: "ng"}, legendTurnKilled},
		{engine.Event{Kind: engine.EvLeaderCaptured, Unit: "ng"}, legendTurnCaptured},
		{engine.Event{Kind: engine.EvMeeting, Unit: "n-uma", Other: "n-yari", At: cell(5, 4)}, legendTurnMeeting},
	} {
		got := turnKinds(layoutOf(t, b, Options{Lang: render.EN, Before: &before, Events: []engine.Event{c.e}}))
		if len(got) != 2 || got[c.want] == "" {
			t.Errorf("%s: legend items %v, want the heading and %d", c.e.Kind, got, c.want)
		}
	}
	attack := []engine.Event{{Kind: engine.EvAttack, Unit: "n-kiba", Other: "s-teppo", From: cell(9, 4), To: cell(9, 5), Detail: "front"}}
	if got := turnKinds(layoutOf(t, b, Options{Events: attack})); len(got) != 2 || got[legendTurnAttack] == "" {
		t.Errorf("a frontal attack: legend items %v", got)
	}
	attack[0].Detail = "rear"
	if got := turnKinds(layoutOf(t, b, Options{Events: attack})); len(got) != 2 || got[legendTurnStruck] == "" {
		t.Errorf("an attack in the rear: legend items %v", got)
	}
	// An attack on a unit gone from the cell it was attacked in: the arrow
	// ends on its ghost there, which the legend explains.
	attack[0] = engine.Event{Kind: engine.EvAttack, Unit: "n-yari", Other: "s-ashi", From: cell(6, 4), To: cell(6, 5), Detail: "front"}
	if got := turnKinds(layoutOf(t, b, Options{Before: &before, Events: attack})); len(got) != 3 || got[legendTurnStruckAt] == "" {
		t.Errorf("an attack on a unit gone from its cell: legend items %v", got)
	}
}

// Events off the drawn cells, of units nobody knows, with cells missing
// or far away, do not panic, draw nothing off the field and keep the
// picture's width.
func TestFieldTurnOddEvents(t *testing.T) {
	b := marchBattle()
	far := engine.Cell{X: 3, Y: 40000}
	odd := []engine.Event{
		{},
		{Kind: engine.EvMoved, Unit: "nobody", From: cell(2, 2), To: cell(2, 3)},
		{Kind: engine.EvMoved, Unit: "hc", From: engine.NoCell, To: cell(4, 3)},
		{Kind: engine.EvMoved, Unit: "hc", From: cell(4, 3), To: engine.NoCell, Detail: engine.DetailOutOfSight},
		{Kind: engine.EvFled, Unit: "hc", From: far, To: far},
		{Kind: engine.EvFled, Unit: "hc", From: cell(4, 2), To: cell(4, 0)},
		{Kind: engine.EvAttack, Unit: "hc", Other: "e", From: far, To: cell(4, 2)},
		{Kind: engine.EvShot, Unit: "?ashigaru_teppo", Other: "hc", From: engine.NoCell, To: cell(4, 2)},
		{Kind: engine.EvShot, Unit: "hc", Other: "nobody"},
		{Kind: engine.EvDamage, Unit: "a+b", Other: "zz", Value: 9},
		{Kind: engine.EvDestroyed, Unit: "e", At: far},
		{Kind: engine.EvLosses, Unit: "ghost", Value: 4},
		{Kind: engine.EvLeaderKilled, Unit: "nobody"},
		{Kind: engine.EvMeeting, Unit: "hc", Other: "x", At: far},
		{Kind: engine.EvRallied, Unit: "hc"},
	}
	for _, cs := range []int{MinCellSize, DefaultCellSize, MaxCellSize} {
		plain := renderField(t, b, Options{CellSize: cs})
		l := layoutOf(t, b, Options{CellSize: cs})
		img := renderField(t, b, Options{CellSize: cs, Events: odd, Before: &b})
		if img.Bounds().Dx() != plain.Bounds().Dx() {
			t.Errorf("cell size %d: width %d, without events %d", cs, img.Bounds().Dx(), plain.Bounds().Dx())
		}
		top := rect(0, 0, float64(img.Bounds().Dx()), l.gridY-1)
		if n := diff(img, plain, top); n != 0 {
			t.Errorf("cell size %d: %d pixels changed above the field", cs, n)
		}
	}
	renderField(t, engine.Battle{}, Options{Events: odd})
	renderField(t, engine.Battle{}, Options{Events: turnEvents(), Before: &engine.Battle{}})
}

// The same turn gives the same pixels, also drawn at once.
func TestFieldTurnDeterministic(t *testing.T) {
	b := turnAfter()
	opt := turnOpt(render.EN)
	first, err := PNG(b, opt)
	if err != nil {
		t.Fatal(err)
	}
	results := make([][]byte, 3)
	done := make(chan struct{})
	for i := range results {
		go func() { results[i], _ = PNG(b, opt); done <- struct{}{} }()
	}
	for range results {
		<-done
	}
	for i, r := range results {
		if !bytes.Equal(r, first) {
			t.Errorf("render %d differs from the first", i)
		}
	}
}

// BenchmarkFieldWithEvents draws the results picture of a busy turn.
func BenchmarkFieldWithEvents(b *testing.B) {
	battle := turnAfter()
	opt := turnOpt(render.RU)
	for b.Loop() {
		if _, err := Image(battle, opt); err != nil {
			b.Fatal(err)
		}
	}
}
