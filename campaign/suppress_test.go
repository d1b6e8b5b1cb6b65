package campaign

import (
	"reflect"
	"strings"
	"testing"
)

func TestSuppress_E1_S2_Riot_E1_S3_Success(t *testing.T) {
	s := Suppression{
		Province: "kai", Kind: Riot, Terrain: Plains, AL: 5, Method: SoftPower,
		Units: []Unit{{ID: "a", Type: FootSamuraiSpear, Figures: 8}, {ID: "b", Type: FootSamuraiBow, Figures: 6}}, // 56 ash-eq
		Order: []string{"b", "a"},
	}
	d := dice(t, map[string]int{
		"suppress.kai.rebels.1": 2, "suppress.kai.rebels.2": 3, "suppress.kai.rebels.3": 4, // E1-S2: 3d6 = 9 on plains
		"suppress.kai.1": 4, "suppress.kai.2": 4, // 8 × 56 / 56 = 8 ≥ 8
		"suppress.kai.cost": 3, // E1-S3 success: d6 units
	})
	r, err := Suppress(s, d)
	if err != nil {
		t.Fatal(err)
	}
	// E1-S2: 4 × AL = 20 ashigaru, 9 samurai × 4 (E1-Q9) = 36.
	if r.RebelAshigaru != 20 || r.RebelSamurai != 9 || r.Check.Resist != 56 || r.Check.Value != 8 || !r.Success {
		t.Errorf("E1-S2 riot %+v", r)
	}
	// E1-S3, E1-Q9: 3 hits on 2 units round-robin in the commander's order.
	want := []Hit{{"b", 2, 4}, {"a", 1, 7}}
	if !reflect.DeepEqual(r.Hits, want) || r.UnitsToHit != 3 || len(r.CostRolls) != 1 {
		t.Errorf("E1-S3 hits %+v (of %d), want %+v", r.Hits, r.UnitsToHit, want)
	}
	if r.AL != 5 {
		t.Errorf("AL %d, want 5 with no cut", r.AL)
	}
}

func TestSuppress_E1_S2_RiotMountains(t *testing.T) {
	s := Suppression{Province: "shinano", Kind: Riot, Terrain: Mountains, AL: 1, Method: Punitive,
		Units: []Unit{{ID: "a", Type: AshigaruSpear, Figures: 20}}}
	d := dice(t, map[string]int{
		"suppress.shinano.rebels.1": 1, "suppress.shinano.rebels.2": 1, "suppress.shinano.rebels.3": 1, "suppress.shinano.rebels.4": 1, // 4d6 = 4
		"suppress.shinano.1": 6, "suppress.shinano.2": 6, // 12 × 20 / (4 + 16) = 12
		"suppress.shinano.cost": 1,
	})
	r, err := Suppress(s, d)
	if err != nil || len(r.RebelRolls) != 4 || r.Check.Resist != 20 || !r.Success {
		t.Errorf("E1-S2 4d6 in mountains: %+v %v", r, err)
	}
}

func TestSuppress_E1_S2_Uprising_E1_Q9_E1_S3_Failure(t *testing.T) {
	s := Suppression{
		Province: "mino", Kind: Uprising, AL: 3, LevySamurai: 5,
		MinorHouseSides: true, MinorHouseFigures: 3, // E1-Q9: sides with the rebels, 12 ash-eq
		Method: Punitive, CutAL: 1,
		Units: []Unit{
			{ID: "a", Type: FootSamuraiSpear, Figures: 10},
			{ID: "b", Type: AshigaruTeppo, Figures: 2},
			{ID: "c", Type: LightCavalry, Figures: 3},
		}, // 40 + 2 + 12 = 54
	}
	d := dice(t, map[string]int{
		"suppress.mino.1": 1, "suppress.mino.2": 2, // (3+1) × 54 / 56 = 3.86 → 4 < 5
		"suppress.mino.cost.1": 6, "suppress.mino.cost.2": 3, // E1-S3 failure: 2d6 = 9 units
	})
	r, err := Suppress(s, d)
	if err != nil {
		t.Fatal(err)
	}
	// E1-S2: 8 × AL = 24 ashigaru + 5 levy samurai × 4 = 20, + the minor house 12.
	if r.RebelAshigaru != 24 || r.RebelSamurai != 5 || r.Check.Resist != 56 || r.Check.Value != 4 || r.Success {
		t.Errorf("E1-S2 uprising %+v", r.Check)
	}
	if r.AL != 2 {
		t.Errorf("E1-Q9 AL cut: AL %d, want 2", r.AL)
	}
	// 9 hits, roster order: a b c a b c a (b out) c (c out) a.
	want := []Hit{{"a", 4, 6}, {"b", 2, 0}, {"c", 3, 0}}
	if !reflect.DeepEqual(r.Hits, want) || r.UnitsToHit != 9 {
		t.Errorf("E1-S3 hits %+v, want %+v", r.Hits, want)
	}
	s.MinorHouseSides = false
	d = dice(t, map[string]int{"suppress.mino.1": 1, "suppress.mino.2": 1, "suppress.mino.cost.1": 1, "suppress.mino.cost.2": 1})
	if r, _ := Suppress(s, d); r.Check.Resist != 44 {
		t.Errorf("E1-Q9 minor house not siding: resistance %d, want 44", r.Check.Resist)
	}
}

func TestDealHits_E1_S3_E1_Q9(t *testing.T) {
	units := []Unit{{ID: "a", Figures: 3}, {ID: "b", Figures: 1}, {ID: "gone", Figures: 0}, {ID: "c", Figures: 5}}
	cases := []struct {
		name  string
		n     int
		order []string
		want  []Hit
	}{
		{"fewer hits than units: the first in the order", 2, []string{"c", "b"}, []Hit{{"c", 1, 4}, {"b", 1, 0}}},
		{"order partial, the rest in roster order", 3, []string{"c"}, []Hit{{"c", 1, 4}, {"a", 1, 2}, {"b", 1, 0}}},
		{"round-robin past an emptied unit", 6, nil, []Hit{{"a", 3, 0}, {"b", 1, 0}, {"c", 2, 3}}},
		{"more hits than figures: all gone, the rest unspent", 20, nil, []Hit{{"a", 3, 0}, {"b", 1, 0}, {"c", 5, 0}}},
		{"none", 0, nil, nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got, err := DealHits(c.n, units, c.order)
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(got, c.want) {
				t.Errorf("hits %+v, want %+v", got, c.want)
			}
		})
	}
	for name, order := range map[string][]string{"unknown": {"x"}, "twice": {"a", "a"}} {
		if _, err := DealHits(1, units, order); err == nil {
			t.Errorf("order %s accepted", name)
		}
	}
}

func TestSuppress_E1_S1_E1_Q20_Refusals(t *testing.T) {
	ok := Suppression{Province: "p", Kind: Uprising, AL: 1, Method: SoftPower, Units: []Unit{{ID: "a", Type: AshigaruSpear, Figures: 4}}}
	cases := map[string]struct {
		edit func(*Suppression)
		err  string
	}{
		"E1-S1 fought in winter–autumn": {func(s *Suppression) { s.FoughtWinterAutumn = true }, "E1-S1"},
		"E1-Q20 minor house size":       {func(s *Suppression) { s.MinorHouseSides = true }, "E1-Q20"},
		"E1-Q7 no own troops":           {func(s *Suppression) { s.Units = nil }, "no attempt possible"},
		"bad kind":                      {func(s *Suppression) { s.Kind = "strike" }, "kind"},
		"riot without terrain":          {func(s *Suppression) { s.Kind = Riot }, "terrain"},
		"bad order":                     {func(s *Suppression) { s.Order = []string{"z"} }, "order"},
	}
	for name, c := range cases {
		s := ok
		c.edit(&s)
		if _, err := Suppress(s, dice(t, nil)); err == nil || !strings.Contains(err.Error(), c.err) {
			t.Errorf("%s: err %v, want %q", name, err, c.err)
		}
	}
	// E1-S1: a contingent detached for the task may suppress even so.
	s := ok
	s.FoughtWinterAutumn, s.Contingent, s.Method = true, true, Punitive // 12 × 4 / 8 = 6 ≥ 5
	d := dice(t, map[string]int{"suppress.p.1": 6, "suppress.p.2": 6, "suppress.p.cost": 1})
	if r, err := Suppress(s, d); err != nil || !r.Success {
		t.Errorf("E1-S1 contingent: %+v %v", r, err)
	}
}
