package field

import (
	"flag"
	"testing"
)

var overlapBattles = flag.Int("overlap-battles", 200, "simulated battles TestMarksOverlap lays out")

// TestMarksOverlap lays out every turn of many simulated battles in all
// three views and requires that no mark of a turn (arrowhead, dot, "!",
// swords, side named, ring, damage, losses, icon) covers a token or
// another mark, or leaves the drawn cells.
func TestMarksOverlap(t *testing.T) {
	n := *overlapBattles
	if testing.Short() {
		n = 20
	}
	pairs := map[string]int{}
	var arrows, headless int
	var pictures, marks, onToken, onMark, outside int
	for seed := uint64(1); seed <= uint64(n); seed++ {
		for ti, st := range simTurns(t, seed) {
			for _, v := range viewsOf(st) {
				lay, err := turnLayoutOf(v.b, v.opt)
				if err != nil {
					t.Fatal(err)
				}
				pictures++
				marks += len(lay.marks)
				for _, pp := range lay.paths {
					arrows++
					if pp.head == 0 {
						headless++
					}
				}
				for _, ap := range lay.attacks {
					arrows++
					if ap.head == 0 {
						headless++
					}
				}
				for i, m := range lay.marks {
					report := func(what string) {
						if onToken+onMark+outside <= 10 {
							t.Errorf("seed %d turn %d view %d: %s %v %s", seed, ti+1, v.opt.View, m.kind, m.box, what)
						}
					}
					if !m.box.within(lay.bounds) {
						outside++
						report("leaves the drawn cells")
					}
					for _, tok := range lay.tokens {
						if m.box.covers(tok) {
							onToken++
							report("covers a token")
						}
					}
					for _, o := range lay.marks[:i] {
						if m.box.covers(o.box) {
							onMark++
							pairs[m.kind.String()+"/"+o.kind.String()]++
							report("covers a " + o.kind.String())
						}
					}
				}
			}
		}
	}
	t.Logf("%d battles, %d pictures, %d marks: %d cover a token, %d another mark, %d leave the drawn cells", n, pictures, marks, onToken, onMark, outside)
	t.Logf("%d arrows, %d drawn without a head (no free spot for one)", arrows, headless)
	if len(pairs) > 0 {
		t.Logf("marks covering marks: %v", pairs)
	}
	if pictures == 0 || marks == 0 {
		t.Fatal("nothing laid out")
	}
}
