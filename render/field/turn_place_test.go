package field

import (
	"math"
	"strings"
	"testing"

	"github.com/gunbai/gunbai/engine"
	"github.com/gunbai/gunbai/render"
)

// layoutOfTurn is the turn layout of a picture of b with opt.
func layoutOfTurn(t *testing.T, b engine.Battle, opt Options) (*turnLayout, *drawer) {
	t.Helper()
	lay, err := turnLayoutOf(b, opt)
	if err != nil {
		t.Fatal(err)
	}
	f, err := newFieldFaces(cellSize(opt))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(f.release)
	return lay, &drawer{l: newLayout(b, opt, f), f: f, b: &b, lang: opt.Lang, opt: &opt}
}

// distToBox is how far p is from the rectangle b (0 inside it).
func distToBox(p point, b turnBox) float64 {
	dx := math.Max(0, math.Max(b.x0-p.x, p.x-b.x1))
	dy := math.Max(0, math.Max(b.y0-p.y, p.y-b.y1))
	return math.Hypot(dx, dy)
}

// An attack's arrow ends on the unit attacked, even when the attacker
// took its cell: in the example n-uma strikes s-ashi's flank and n-yari
// its front at E5 (cell 6,5); s-ashi flees and n-yari advances into the
// cell. Both arrows end on s-ashi's ghost where it stood, none on n-yari's
// token.
func TestFieldTurnAttackEndsOnTarget(t *testing.T) {
	b := turnAfter()
	lay, d := layoutOfTurn(t, b, turnOpt(render.RU))
	target := cell(6, 5)
	var ghost *turnBox
	p := turnPlanOf(&d.l, d.b, turnOpt(render.RU).Before, turnOpt(render.RU).Events)
	for _, g := range p.ghosts {
		if g.u.ID == "s-ashi" && g.cell == target {
			x, y, w, h := d.smallGhostRect(g)
			ghost = &turnBox{x, y, x + w, y + h}
		}
	}
	if ghost == nil {
		t.Fatal("no ghost of s-ashi where it was attacked")
	}
	n := 0
	for i, a := range p.attacks {
		if a.to != target {
			continue
		}
		n++
		// The tip at the ghost (or drawn back a little from it, clear of
		// another mark) and pointing into it.
		ap := lay.attacks[i]
		tip := ap.tip
		if dd := distToBox(tip, *ghost); dd > d.l.cs*0.15 {
			t.Errorf("attack from %v ends at %v, %.1f px from s-ashi's ghost %v", a.from, tip, dd, *ghost)
		}
		if on := tip.add(tip.sub(ap.from).scale(d.l.cs * 0.16 / tip.sub(ap.from).len())); distToBox(on, *ghost) > 0 {
			t.Errorf("attack from %v ends at %v pointing away from s-ashi's ghost %v", a.from, tip, *ghost)
		}
		if yari := d.tokenBox(target); distToBox(tip, yari) < 2 {
			t.Errorf("attack from %v ends at %v, on n-yari's token %v", a.from, tip, yari)
		}
	}
	if n != 2 {
		t.Fatalf("%d attacks into %v, want 2", n, target)
	}
}

// A shot is drawn from its shooter: the line leaves the shooter's token
// and reaches the ring, which sits by the target on the shooter's side and
// covers no token; a shooter the view does not see has no line.
func TestFieldTurnShotFromShooter(t *testing.T) {
	before := turnBefore()
	after := turnAfter()
	shot := engine.Event{Kind: engine.EvShot, Phase: 1, Step: "P1", Unit: "s-teppo", Other: "n-ashi", From: cell(9, 5), To: cell(9, 4)}
	// n-ashi stands at 9,4 for this test: right above the shooter.
	after.Unit("n-ashi").Cell = cell(9, 4)
	before.Unit("n-ashi").Cell = cell(9, 4)
	lay, d := layoutOfTurn(t, after, Options{Lang: render.RU, Before: &before, Events: []engine.Event{shot}})
	if len(lay.shots) != 1 || !lay.shots[0].hasFrom {
		t.Fatalf("shots %+v, want one from its shooter", lay.shots)
	}
	s := lay.shots[0]
	shooter, target := d.tokenBox(cell(9, 5)), d.tokenBox(cell(9, 4))
	if dd := distToBox(s.from, shooter); dd > 1 {
		t.Errorf("the shot's line starts at %v, %.1f px from the shooter's token %v", s.from, dd, shooter)
	}
	ring := turnBoxAround(s.ring, d.l.cs*0.22+3, d.l.cs*0.22+3)
	for _, tok := range lay.tokens {
		if ring.covers(tok) {
			t.Errorf("the ring %v covers the token %v", ring, tok)
		}
	}
	if !(s.ring.y > target.y1 && s.ring.y < shooter.y0) {
		t.Errorf("the ring at %v is not between the target %v and the shooter below it %v", s.ring, target, shooter)
	}
	if line := s.ring.sub(s.from).len(); line < d.l.cs*0.11 {
		t.Errorf("the line from the shooter is %.1f px: the ring hides it", line)
	}

	// A shooter the view does not see: the ring alone.
	shot.Unit, shot.From = "?1", engine.NoCell
	lay, _ = layoutOfTurn(t, after, Options{Lang: render.RU, Before: &before, Events: []engine.Event{shot}})
	if len(lay.shots) != 1 || lay.shots[0].hasFrom {
		t.Fatalf("shots %+v, want one with no shooter", lay.shots)
	}
}

// The turn's summary, the alt text's sentences (losses first), is a
// caption under the field, in the picture's language; a picture with no
// turn has none.
func TestFieldTurnCaption(t *testing.T) {
	b := turnAfter()
	for _, lang := range []render.Lang{render.RU, render.EN} {
		opt := turnOpt(lang)
		l := layoutOf(t, b, opt)
		got := strings.Join(l.summary, " ")
		want := strings.Join(altTurn(lang, &b, opt.Events), " ")
		if got != want || !strings.HasPrefix(got, render.T(lang, "alt.losses", "")[:8]) {
			t.Errorf("%s: caption %q, want %q", lang, got, want)
		}
		if len(l.summary) == 0 || l.summaryTop <= l.southBase || l.summaryTop+float64(len(l.summary))*l.summaryH > l.legendTop {
			t.Errorf("%s: caption lines %d from %.0f: not between the field (%.0f) and the legend (%.0f)", lang, len(l.summary), l.summaryTop, l.southBase, l.legendTop)
		}
		for _, line := range l.summary {
			if w := measure(mustFaces(t).side, line); w > float64(l.w)-2*l.pad {
				t.Errorf("%s: caption line %q is %.0f px wide, the picture %d", lang, line, w, l.w)
			}
		}
	}
	if l := layoutOf(t, b, Options{Lang: render.RU}); len(l.summary) != 0 {
		t.Errorf("a caption with no turn: %q", l.summary)
	}
}

// turnLayoutOf is the layout of the turn a picture of b with opt would
// draw, without drawing it.
func turnLayoutOf(b engine.Battle, opt Options) (*turnLayout, error) {
	f, err := newFieldFaces(cellSize(opt))
	if err != nil {
		return nil, err
	}
	defer f.release()
	l := newLayout(b, opt, f)
	d := drawer{l: l, f: f, b: &b, lang: opt.Lang, opt: &opt}
	return d.layoutTurn(turnPlanOf(&d.l, d.b, opt.Before, opt.Events)), nil
}
