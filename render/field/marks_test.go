package field

import (
	"fmt"
	"image"
	"image/color"
	"strings"
	"testing"

	"github.com/gunbai/gunbai/engine"
	"github.com/gunbai/gunbai/render"
)

// Every unit's full ID is on its counter, whatever its facing and badges,
// at every cell size: on one line or two, each line within the counter;
// an ID too long for both gets a number, and the legend's key gives it.
func TestFieldUnitIDs(t *testing.T) {
	ids := []string{"hc", "n-yumi", "s-teppo", "n-hatamoto", "n-ashigaru", "s_yari_2", "NorthGuardCaptain", "ЖЩЫЮЯ-12"}
	long := "s-shinobi-no-mono-gashira-of-iga"
	for _, cs := range []int{MinCellSize, 48, DefaultCellSize, 100, MaxCellSize} {
		for _, f := range allDirs {
			for _, badges := range []bool{false, true} {
				b := engine.Battle{ID: "ids", Turn: 1}
				for i, id := range append(ids, long) {
					b.Units = append(b.Units, engine.Unit{ID: id, Side: engine.Side(i % 2), Type: engine.LightCavalry, Figures: 12,
						Cell: engine.Cell{X: 1 + i, Y: 2 + i%3}, Facing: f, Hold: badges, Fatigued: badges})
				}
				opt := Options{CellSize: cs, Lang: render.EN}
				l := layoutOf(t, b, opt)
				ff, _ := newFieldFaces(cs)
				name := fmt.Sprintf("cell %d, facing %s, badges %v", cs, f, badges)
				keyed := map[string]bool{}
				for i := range b.Units {
					u := &b.Units[i]
					lab, ok := l.labels[u.ID]
					if !ok {
						t.Fatalf("%s: %s has no label", name, u.ID)
					}
					if lab.key > 0 {
						keyed[u.ID] = true
						continue
					}
					if got := strings.Join(lab.lines, ""); got != u.ID {
						t.Errorf("%s: %s written %q", name, u.ID, lab.lines)
					}
					sp := l.idRoom(u, l.counter(u.Cell, u.Facing))
					face := ff.face(false, lab.px)
					_, bottom, ok := sp.place(labelBlock(labelFace(ff, lab.labelPx), face, len(lab.lines)))
					if !ok {
						t.Errorf("%s: %s's texts are higher than its counter", name, u.ID)
					}
					for k, s := range lab.lines {
						room := sp.width
						if k == len(lab.lines)-1 {
							room = bottom
						}
						if w := measure(face, s); w > room {
							t.Errorf("%s: %s: line %q is %.0f wide, room %.0f", name, u.ID, s, w, room)
						}
					}
				}
				// The IDs players type most (up to 10 letters) are on the
				// counter at the default size.
				if cs >= DefaultCellSize {
					for _, id := range ids[:6] {
						if keyed[id] {
							t.Errorf("%s: %s only in the key", name, id)
						}
					}
				}
				if !keyed[long] {
					t.Errorf("%s: %s on the counter", name, long)
				}
				var key []string
				for _, line := range l.legend {
					for _, it := range line {
						if strings.HasPrefix(it.text, "#") {
							key = append(key, it.text)
						}
					}
				}
				if len(key) != len(keyed) || !strings.Contains(strings.Join(key, "|"), long) {
					t.Errorf("%s: key %q, numbered %v", name, key, keyed)
				}
			}
		}
	}
}

// The ID is drawn: white letters on the counter, more for a longer ID.
func TestFieldUnitIDDrawn(t *testing.T) {
	ink := map[string]int{}
	for _, id := range []string{"a", "n-hatamoto"} {
		b := engine.Battle{ID: "id", Turn: 1, Units: []engine.Unit{
			{ID: id, Side: engine.North, Type: engine.SamuraiSpear, Figures: 8, Cell: c("B33"), Facing: engine.S}}}
		img := renderField(t, b, Options{})
		l := layoutOf(t, b, Options{})
		g := l.counter(c("B33"), engine.S)
		r := rect(g.content.x+2, g.content.y+2, g.content.w-4, g.content.h-4)
		for y := r.Min.Y; y < r.Max.Y; y++ {
			for x := r.Min.X; x < r.Max.X; x++ {
				if colorDist(img.At(x, y), northColor) > 60 {
					ink[id]++
				}
			}
		}
	}
	if ink["n-hatamoto"] < ink["a"]+40 {
		t.Errorf("white pixels on the counter: %v", ink)
	}
}

// The HQ always shows (R-III.1): its curtain around the cell and its flag
// above the counter when a unit stands on it, as large as in an empty
// cell's corner band; its leaders' stars next to it; a lost HQ
// (R-III.1.6) has a pale curtain.
func TestFieldHQAlwaysVisible(t *testing.T) {
	for _, who := range []string{"nobody", "own", "enemy"} {
		b := engine.Battle{ID: "hq", Turn: 1, HQ: [2]engine.Cell{c("A33"), c("D33")}, Leaders: []engine.Leader{
			{ID: "k", Side: engine.South, Role: engine.Commander, At: engine.AtHQ},
		}}
		switch who {
		case "own":
			b.Units = []engine.Unit{{ID: "u", Side: engine.South, Type: engine.AshigaruSpear, Figures: 8, Cell: c("D33"), Facing: engine.N}}
		case "enemy":
			b.Units = []engine.Unit{{ID: "u", Side: engine.North, Type: engine.AshigaruSpear, Figures: 8, Cell: c("D33"), Facing: engine.S}}
			b.HQLost[engine.South] = true
		}
		img := renderField(t, b, Options{})
		l := layoutOf(t, b, Options{})
		x, y := l.cellOrigin(c("D33"))
		cs := l.cs
		curtain := southColor
		if who == "enemy" {
			curtain = southFaded
		}
		// The curtain along each side of the cell.
		for _, r := range []image.Rectangle{rect(x, y, cs, 3), rect(x, y+cs-3, cs, 3), rect(x, y, 3, cs), rect(x+cs-3, y, 3, cs)} {
			if n := count(img, r, curtain); n < int(cs) {
				t.Errorf("%s on the HQ: %d pixels of the curtain in %v", who, n, r)
			}
		}
		// The flag: the pennant's colour off the counter, in the cell.
		tx, ty, tw, th := l.tokenRect(c("D33"))
		flag := southColor
		if who == "enemy" {
			flag = southFaded
		}
		m := makuWidth(cs) + 2 // inside the curtain
		inner := rect(x+m, y+m, cs-2*m, cs-2*m)
		n := 0
		for py := inner.Min.Y; py < inner.Max.Y; py++ {
			for px := inner.Min.X; px < inner.Max.X; px++ {
				if who != "nobody" && image.Pt(px, py).In(rect(tx, ty, tw, th)) {
					continue
				}
				for _, ink := range []color.Color{flag, southDark, lostInk} {
					if colorDist(img.At(px, py), ink) <= 6 {
						n++
						break
					}
				}
			}
		}
		if min := cs * 0.3; who == "nobody" && float64(n) < 8*min || float64(n) < min {
			t.Errorf("%s on the HQ: %d pixels of the flag off the counter", who, n)
		}
		gold := count(img, cellRect(l, c("D33")), commanderGold)
		if who != "enemy" && gold < 10 {
			t.Errorf("%s on the HQ: the commander's star has %d pixels", who, gold)
		}
		if who == "enemy" && gold != 0 {
			t.Errorf("a lost HQ shows its commander")
		}
	}
}

// The title names the battle, the turn, whose view it is and both clans;
// the last turn's picture names the outcome; Title still replaces the
// first line.
func TestFieldTitleNames(t *testing.T) {
	b := engine.Battle{ID: "x1", Turn: 4}
	f, err := newFieldFaces(DefaultCellSize)
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		lang            render.Lang
		opt             Options
		outcome         engine.Outcome
		title, view, cl string
		result          string
	}{
		{render.RU, Options{Battle: "Анэгава", View: ViewSouth, Clans: [2]string{"Асаи", "Ода"}}, engine.Ongoing,
			"Анэгава — ход 4", "вид Юга", "Асаи (Север) против Ода (Юг)", ""},
		{render.EN, Options{Battle: "Anegawa", View: ViewGM, Clans: [2]string{"Azai", "Oda"}}, engine.SouthVictory,
			"Anegawa — turn 4", "GM's view", "Azai (North) against Oda (South)", "Outcome: victory of the South"},
		{render.EN, Options{Title: "Sekigahara, the last turn", View: ViewNorth}, engine.Draw,
			"Sekigahara, the last turn", "North's view", "", "Outcome: draw"},
		{render.RU, Options{}, engine.Ongoing, "Битва x1 — ход 4", "", "", ""},
	} {
		tc.opt.Lang = tc.lang
		bb := b
		bb.Outcome = tc.outcome
		h := newHeading(&bb, &tc.opt, f, 2000)
		var clans []string
		for _, s := range h.clans {
			clans = append(clans, s.text)
		}
		if h.title != tc.title || h.view != tc.view || strings.Join(clans, "") != tc.cl || h.outcome != tc.result {
			t.Errorf("%+v: title %q, view %q, clans %q, outcome %q", tc.opt, h.title, h.view, strings.Join(clans, ""), h.outcome)
		}
	}
	// The view's tag is drawn in the side's colour at the right of the
	// title line, the outcome's in the winner's on the line below.
	bb := b
	bb.Outcome = engine.NorthVictory
	opt := Options{Lang: render.EN, View: ViewSouth, Clans: [2]string{"Azai", "Oda"}}
	img := renderField(t, bb, opt)
	l := layoutOf(t, bb, opt)
	right := rect(float64(l.w)/2, 0, float64(l.w)/2, l.titleBase+4)
	if n := count(img, right, southColor); n < 200 {
		t.Errorf("the view's tag has %d pixels of South's colour", n)
	}
	sub := rect(float64(l.w)/2, l.titleBase+4, float64(l.w)/2, l.subBase-l.titleBase)
	if n := count(img, sub, northColor); n < 200 {
		t.Errorf("the outcome's tag has %d pixels of the winner's colour", n)
	}
	if l.gridY <= layoutOf(t, b, Options{}).gridY {
		t.Errorf("the field does not move down for the title's second line")
	}
}

// A banner raised in a unit this turn (EvBanner) or by a pending order is
// marked on its counter (R-V.7), and nowhere else.
func TestFieldBannerMarked(t *testing.T) {
	b := engine.Battle{ID: "banner", Turn: 2, Units: []engine.Unit{
		{ID: "a", Side: engine.South, Type: engine.SamuraiSpear, Figures: 8, Cell: c("C22"), Facing: engine.N},
		{ID: "b", Side: engine.South, Type: engine.SamuraiSpear, Figures: 8, Cell: c("D22"), Facing: engine.N},
	}}
	l := layoutOf(t, b, Options{})
	plain := renderField(t, b, Options{})
	for name, opt := range map[string]Options{
		"event":  {Events: []engine.Event{{Kind: engine.EvBanner, Unit: "a", Detail: "phoenix"}}},
		"intent": {Intents: []engine.Intended{{Unit: "a", Order: engine.OrderBanner, Phase: 1, From: c("C22")}}},
	} {
		img := renderField(t, b, opt)
		if n := count(img, tokenArea(l, c("C22")), bannerGold); n < 10 {
			t.Errorf("%s: %d pixels of the banner on a's counter", name, n)
		}
		if n := diff(plain, img, cellRect(l, c("D22"))); n != 0 {
			t.Errorf("%s: b's cell changed in %d pixels", name, n)
		}
		if got := legendKinds(t, b, opt); !got[legendBanner] {
			t.Errorf("%s: no banner in the legend", name)
		}
	}
	if n := count(plain, gridRect(l), bannerGold); n != 0 {
		t.Errorf("%d pixels of a banner without one", n)
	}
}

func legendKinds(t *testing.T, b engine.Battle, opt Options) map[legendKind]bool {
	t.Helper()
	out := map[legendKind]bool{}
	for _, line := range previewLayoutOf(t, b, opt).legend {
		for _, it := range line {
			out[it.kind] = true
		}
	}
	return out
}

// Terrain is drawn as terrain, around a unit standing on it too: tree
// crowns in a forest (R-XI.3), pools in a swamp (R-XI.4), the rings of a
// hill (R-XI.2), the water of the river along the defender's deployment
// line with its bridge's planks (R-XI.1, D-63).
func TestFieldTerrainDrawn(t *testing.T) {
	b := engine.Battle{ID: "terrain", Turn: 1, Defender: engine.South, Terrain: engine.Terrain{
		Hills: []engine.Cell{c("C33")}, Forests: []engine.Cell{c("C35")}, Swamps: []engine.Cell{c("D34")},
		River: true, Bridge: c("D12"),
	}}
	for _, unit := range []bool{false, true} {
		bb := b
		if unit {
			bb.Units = []engine.Unit{
				{ID: "h", Side: engine.South, Type: engine.SamuraiSpear, Figures: 8, Cell: c("C33"), Facing: engine.N},
				{ID: "f", Side: engine.South, Type: engine.SamuraiSpear, Figures: 8, Cell: c("C35"), Facing: engine.N},
			}
		}
		img := renderField(t, bb, Options{})
		l := layoutOf(t, bb, Options{})
		for _, tc := range []struct {
			cell      string
			ink       color.Color
			min, with float64 // of a cell's area, without a unit on it and with one
		}{{"C35", forestDark, 0.15, 0.08}, {"D34", swampWater, 0.1, 0.1}, {"C33", hillMid, 0.08, 0.04}, {"C33", hillFill, 0.1, 0.1}} {
			r := cellRect(l, c(tc.cell))
			min := tc.min
			if unit {
				min = tc.with
			}
			if n := count(img, r, tc.ink); float64(n) < min*l.cs*l.cs {
				t.Errorf("unit %v: %s has %d pixels of %v", unit, tc.cell, n, tc.ink)
			}
			for _, other := range []string{"C31", "D31"} {
				if n := count(img, cellRect(l, c(other)), tc.ink); n != 0 {
					t.Errorf("unit %v: %d pixels of %v in %s", unit, n, tc.ink, other)
				}
			}
		}
		// The river: between no-man's land (y 4) and South's front row (y 5).
		_, ry := l.cellOrigin(c("C16"))
		if n := count(img, rect(l.gridX, ry-2, float64(l.w)-2*l.pad, 4), riverColor); n < int(l.cs*10) {
			t.Errorf("unit %v: the river has %d pixels on its line", unit, n)
		}
		bx, _ := l.cellOrigin(c("D12"))
		if n := count(img, rect(bx, ry-l.cs*0.2, l.cs, l.cs*0.4), bridgeColor); n < int(l.cs*2) {
			t.Errorf("unit %v: the bridge has %d pixels", unit, n)
		}
		if n := count(img, rect(l.gridX, ry-l.cs*0.2, bx-l.gridX, l.cs*0.4), bridgeColor); n != 0 {
			t.Errorf("unit %v: %d pixels of a bridge away from it", unit, n)
		}
	}
}

// Units far off the field (D-03) do not make the picture grow: they are
// marked at its edge, in their side's colour, and the legend says where
// they are.
func TestFieldFarUnitsMarked(t *testing.T) {
	far := engine.Cell{X: 5, Y: 20000}
	b := engine.Battle{ID: "far", Turn: 3, Units: []engine.Unit{
		{ID: "gone-south", Side: engine.North, Type: engine.SamuraiSpear, Figures: 8, Cell: far, Facing: engine.S, Status: engine.StatusRouting},
	}}
	empty := layoutOf(t, engine.Battle{ID: "far", Turn: 3}, Options{Lang: render.EN})
	l := layoutOf(t, b, Options{Lang: render.EN})
	if l.w != empty.w || l.maxY != engine.FieldHeight {
		t.Fatalf("the picture grew: %d wide, rows to %d", l.w, l.maxY)
	}
	img := renderField(t, b, Options{Lang: render.EN})
	x, y := l.cellOrigin(engine.Cell{X: 5, Y: engine.FieldHeight})
	edge := rect(x, y+l.cs*0.5, l.cs, l.cs*0.5+l.pad)
	if n := count(img, edge, northColor); n < 20 {
		t.Errorf("%d pixels of the mark at the south edge", n)
	}
	var text string
	for _, line := range l.legend {
		for _, it := range line {
			if it.kind == legendFar {
				text = it.text
			}
		}
	}
	if !strings.Contains(text, "gone-south") || !strings.Contains(text, far.Name()) {
		t.Errorf("the legend says %q", text)
	}
	// Many of them: the legend names some and counts the rest.
	for i := range 20 {
		b.Units = append(b.Units, engine.Unit{ID: fmt.Sprintf("f%d", i), Side: engine.South, Type: engine.Yamabushi, Figures: 2,
			Cell: engine.Cell{X: -100 - i, Y: 3}, Facing: engine.W})
	}
	l = layoutOf(t, b, Options{Lang: render.EN})
	n, more := 0, ""
	for _, line := range l.legend {
		for _, it := range line {
			if it.kind == legendFar {
				n++
			}
			if strings.Contains(it.text, "more") {
				more = it.text
			}
		}
	}
	if n != maxFarListed || !strings.Contains(more, "15 more") || l.w != empty.w {
		t.Errorf("%d named, %q, width %d", n, more, l.w)
	}
}

// The GM's view marks a unit a forest hides from the enemy (R-XI.3.2,
// D-67); not once an enemy stands next to it, nor in a side's view.
func TestFieldHiddenMarked(t *testing.T) {
	b := engine.Battle{ID: "hidden", Turn: 1, Terrain: engine.Terrain{Forests: []engine.Cell{c("C24")}}, Units: []engine.Unit{
		{ID: "h", Side: engine.South, Type: engine.Yamabushi, Figures: 4, Cell: c("C24"), Facing: engine.N},
	}}
	l := layoutOf(t, b, Options{})
	area := cellRect(l, c("C24"))
	ink := func(b engine.Battle, v View) int {
		return count(renderField(t, b, Options{View: v}), area, starInk)
	}
	gm, south := ink(b, ViewGM), ink(b, ViewSouth)
	if gm < south+20 {
		t.Errorf("GM's view: %d dark pixels, South's %d: no mark of a hidden unit", gm, south)
	}
	seen := b
	seen.Units = append(seen.Units, engine.Unit{ID: "e", Side: engine.North, Type: engine.Yamabushi, Figures: 4, Cell: c("C14"), Facing: engine.S})
	if got := ink(seen, ViewGM); got != south {
		t.Errorf("a unit the enemy sees is marked hidden (%d dark pixels, %d unmarked)", got, south)
	}
}

// Faces come from the pool, once given back, and remember their advances.
func TestFacePool(t *testing.T) {
	a, err := borrowFace(false, 13.25)
	if err != nil {
		t.Fatal(err)
	}
	adv, _ := a.GlyphAdvance('Ж')
	want, _ := a.Face.GlyphAdvance('Ж')
	if adv != want || a.adv['Ж'].adv != want {
		t.Errorf("advance %v, memo %v, want %v", adv, a.adv['Ж'], want)
	}
	returnFace(a)
	b, _ := borrowFace(false, 13.25)
	if b != a {
		t.Errorf("the pool made a new face for a size it holds")
	}
	c, _ := borrowFace(false, 13.25)
	if c == b {
		t.Errorf("one face lent twice")
	}
	returnFace(b)
	returnFace(c)
	for i := range 3 * maxPooledFaces {
		f, _ := borrowFace(true, 20+float64(i))
		returnFace(f)
	}
	facePool.Lock()
	n := facePool.count
	facePool.Unlock()
	if n > maxPooledFaces {
		t.Errorf("%d faces pooled, at most %d", n, maxPooledFaces)
	}
}
