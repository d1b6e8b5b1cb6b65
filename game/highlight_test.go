package game

import (
	"math/rand/v2"
	"reflect"
	"slices"
	"testing"

	"github.com/gunbai/gunbai/engine"
	"github.com/gunbai/gunbai/store"
)

func cellsOf(names ...string) []engine.Cell {
	var out []engine.Cell
	for _, n := range names {
		out = append(out, engine.MustCell(n))
	}
	return out
}

func targetIDs(h Highlight) []string {
	var out []string
	for _, t := range h.Targets {
		out = append(out, t.Unit)
	}
	return out
}

// A move picked: the unit, every cell its ways of moving end in, and the
// enemy a move runs into with the odds of that attack; the same pick drawn
// twice is the same highlight (sorted, the odds' dice fixed).
func TestHighlightMoveAndAttack(t *testing.T) {
	b := hlBattle(
		hlUnit("cav", engine.North, engine.LightCavalry, 6, "x6y4", engine.S),
		hlUnit("foe", engine.South, engine.SamuraiSpear, 8, "x6y6", engine.N),
	)
	st := hlSheet(b, engine.North, store.Draft{Subject: "cav", Pick: "move.ordinary"})
	h, ok := HighlightOf(st)
	if !ok || h.Unit != "cav" || h.At != engine.MustCell("x6y4") || !h.Picked {
		t.Fatalf("highlight %+v, %v: want cav at x6y4, a pick", h, ok)
	}
	if want := cellsOf("x6y5", "x5y4", "x7y4"); !sameCells(h.Cells, want) {
		t.Errorf("cells %v, want %v", h.Cells, want)
	}
	if !slices.IsSortedFunc(h.Cells, cellOrder) {
		t.Errorf("cells %v not sorted by row and column", h.Cells)
	}
	if len(h.Targets) != 1 || h.Targets[0].Unit != "foe" || h.Targets[0].Shot || h.Targets[0].Odds == nil {
		t.Fatalf("targets %+v: want foe attacked, with odds", h.Targets)
	}
	if c := Chance(*h.Targets[0].Odds); c <= 0 || c > 1 {
		t.Errorf("chance %v of the attack, want a share", c)
	}
	again, _ := HighlightOf(st)
	if !reflect.DeepEqual(h, again) {
		t.Errorf("the same sheet highlights otherwise: %+v, then %+v", h, again)
	}
	// A wheel moves nowhere: the unit alone.
	st.Sheet.Draft.Pick = "sidestep_left.ordinary"
	if h, _ := HighlightOf(st); len(h.Targets) != 0 || len(h.Cells) != 1 {
		t.Errorf("a sidestep: %+v, want its one cell", h)
	}
}

func sameCells(a, b []engine.Cell) bool {
	a, b = slices.Clone(a), slices.Clone(b)
	slices.SortFunc(a, cellOrder)
	slices.SortFunc(b, cellOrder)
	return slices.Equal(a, b)
}

// A shot picked: only the targets in the fire zone now are its targets
// (the menu offers those out of range too: they are no legal shot now),
// each with the chance of a hit.
func TestHighlightShotInRangeOnly(t *testing.T) {
	b := hlBattle(
		hlUnit("arch", engine.North, engine.SamuraiArcher, 8, "x3y3", engine.S),
		hlUnit("near", engine.South, engine.AshigaruSpear, 8, "x4y4", engine.N),
		hlUnit("far", engine.South, engine.SamuraiSpear, 8, "x3y6", engine.N),
	)
	st := hlSheet(b, engine.North, store.Draft{Subject: "arch", Pick: "shoot.ordinary"})
	offered := map[string]bool{}
	for _, p := range Picks(st.Tree, "arch") {
		for _, o := range p.Orders {
			offered[o.Target] = offered[o.Target] || p.Key == "shoot.ordinary"
		}
	}
	if !offered["far"] {
		t.Fatalf("the tree offers no shot at far: the case tests nothing")
	}
	h, _ := HighlightOf(st)
	if got := targetIDs(h); !slices.Equal(got, []string{"near"}) || !h.Targets[0].Shot {
		t.Fatalf("targets %+v, want near alone, shot", h.Targets)
	}
	if c := Chance(*h.Targets[0].Odds); c < 0 || c > 1 {
		t.Errorf("chance %v of the shot, want a share", c)
	}
	if len(h.Cells) != 0 {
		t.Errorf("a shot moves to %v", h.Cells)
	}
	// Nothing picked yet: every order at once, the unit's retreat and
	// moves and the target in range, without odds.
	st.Sheet.Draft.Pick = ""
	h, _ = HighlightOf(st)
	if h.Picked || !slices.Equal(targetIDs(h), []string{"near"}) || h.Targets[0].Odds != nil || len(h.Cells) == 0 {
		t.Errorf("no pick: %+v, want near without odds and the cells of its moves", h)
	}
}

// A group's orders point at no cell; a closed sheet and a unit not the
// side's (a stale draft) highlight nothing.
func TestHighlightGroupNothing(t *testing.T) {
	b := hlBattle(
		hlUnit("cav", engine.North, engine.LightCavalry, 6, "x6y4", engine.S),
		hlUnit("foe", engine.South, engine.SamuraiSpear, 8, "x6y6", engine.N),
	)
	for _, d := range []store.Draft{{Subject: GroupArmy}, {Subject: GroupDeclare, Pick: "signal_retreat"}, {Subject: "foe"}, {Subject: "gone"}, {}} {
		if h, ok := HighlightOf(hlSheet(b, engine.North, d)); ok {
			t.Errorf("draft %+v highlights %+v", d, h)
		}
	}
	st := hlSheet(b, engine.North, store.Draft{Subject: "cav"})
	st.Closed = true
	if _, ok := HighlightOf(st); ok {
		t.Errorf("a closed sheet highlights")
	}
}

// Fog: over random positions with forests, for every unit and pick of
// North's sheet, every target is an enemy North sees, and the highlight
// is the same as if the hidden enemies were not there at all: a cell is
// never marked, nor left out, for what hides in it.
func TestHighlightFogNeverReveals(t *testing.T) {
	rng := rand.New(rand.NewPCG(28, 2))
	types := []engine.TroopType{engine.LightCavalry, engine.SamuraiArcher, engine.SamuraiSpear, engine.AshigaruTeppo, engine.HeavyCavalry}
	hiddenSeen, onHidden, checked := 0, 0, 0
	for scenario := range 8 {
		var units []engine.Unit
		taken := map[engine.Cell]bool{}
		var forests []engine.Cell
		for len(forests) < 6 {
			c := engine.Cell{X: 1 + rng.IntN(engine.FieldWidth), Y: 3 + rng.IntN(4)}
			if !slices.Contains(forests, c) {
				forests = append(forests, c)
			}
		}
		place := func(id string, side engine.Side, ys []int, f engine.Dir, forest bool) {
			for {
				var c engine.Cell
				if forest {
					c = forests[rng.IntN(len(forests))]
				} else {
					c = engine.Cell{X: 1 + rng.IntN(engine.FieldWidth), Y: ys[rng.IntN(len(ys))]}
				}
				if !taken[c] {
					taken[c] = true
					units = append(units, hlUnit(id, side, types[rng.IntN(len(types))], 4+rng.IntN(5), c.Name(), f))
					return
				}
			}
		}
		for k := range 3 {
			place("n"+string(rune('a'+k)), engine.North, []int{3, 4}, engine.S, false)
			place("s"+string(rune('a'+k)), engine.South, []int{5, 6}, engine.N, k == 0)
			place("h"+string(rune('a'+k)), engine.South, nil, engine.N, true)
		}
		b := hlBattle(units...)
		b.Terrain.Forests = forests
		v := engine.View(b, engine.North)
		bare := b
		bare.Units = slices.DeleteFunc(slices.Clone(b.Units), func(u engine.Unit) bool { return v.Unit(u.ID) == nil })
		hiddenSeen += len(b.Units) - len(bare.Units)
		for _, subj := range Subjects(engine.Options(b, engine.North, 1, nil, engine.CommandResult{Special: 3, Ordinary: 3})) {
			picks := []string{""}
			for _, p := range Picks(hlSheet(b, engine.North, store.Draft{}).Tree, subj) {
				picks = append(picks, p.Key)
			}
			for _, pk := range picks {
				d := store.Draft{Subject: subj, Pick: pk}
				h, ok := HighlightOf(hlSheet(b, engine.North, d))
				hb, okb := HighlightOf(hlSheet(bare, engine.North, d))
				if ok != okb || !reflect.DeepEqual(h, hb) {
					t.Fatalf("scenario %d, %+v: the hidden enemies change the highlight: %+v, without them %+v", scenario, d, h, hb)
				}
				for _, c := range h.Cells {
					if u := b.UnitAt(c); u != nil && v.Unit(u.ID) == nil {
						onHidden++ // marked as a cell, as it would be were nobody there
					}
				}
				for _, tg := range h.Targets {
					if u := v.Unit(tg.Unit); u == nil || u.Side != engine.South || u.Cell != tg.At {
						t.Fatalf("scenario %d, %+v: target %+v is no enemy North sees there", scenario, d, tg)
					}
				}
				checked++
			}
		}
	}
	if hiddenSeen == 0 || onHidden == 0 {
		t.Fatalf("%d hidden enemies, %d marked cells on one: the property tests nothing", hiddenSeen, onHidden)
	}
	t.Logf("%d highlights checked, %d hidden enemies, %d marked cells on one", checked, hiddenSeen, onHidden)
}

// BenchmarkHighlightOf: what a sheet's preview points at, a unit picked
// (every order of it, no odds) and its move picked (the odds of its
// attacks, MenuOddsRuns runs each).
func BenchmarkHighlightOf(b *testing.B) {
	battle := hlBattle(
		hlUnit("cav", engine.North, engine.LightCavalry, 6, "x6y4", engine.S),
		hlUnit("arch", engine.North, engine.SamuraiArcher, 8, "x5y4", engine.S),
		hlUnit("foe", engine.South, engine.SamuraiSpear, 8, "x6y6", engine.N),
		hlUnit("foe2", engine.South, engine.AshigaruSpear, 12, "x5y5", engine.N),
	)
	for _, pick := range []string{"", "move.ordinary"} {
		st := hlSheet(battle, engine.North, store.Draft{Subject: "cav", Pick: pick})
		b.Run("pick="+pick, func(b *testing.B) {
			for b.Loop() {
				HighlightOf(st)
			}
		})
	}
}
