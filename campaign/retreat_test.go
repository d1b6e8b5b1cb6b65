package campaign

import (
	"reflect"
	"strings"
	"testing"
)

func TestD3_E1_R4(t *testing.T) {
	for d6, want := range map[int]int{1: 1, 2: 1, 3: 2, 4: 2, 5: 3, 6: 3} {
		if got := D3(d6); got != want {
			t.Errorf("D3(%d) = %d, want %d", d6, got, want)
		}
	}
}

func TestRetreatItems_E1_R4_E1_Q4(t *testing.T) {
	cases := []struct {
		name string
		r    RetreatRoute
		want []string
		err  string
	}{
		{"E1-R4 nothing applies", RetreatRoute{}, nil, ""},
		{"E1-R4.1 forced march and E1-R4.2 cut off once", RetreatRoute{ForcedMarch: true, CutOff: true},
			[]string{"forced_march", "cut_off"}, ""},
		{"E1-R4.3 once per border, E1-R4.5 once per province", RetreatRoute{HostileBorders: 2, HostileProvinces: 1},
			[]string{"border.1", "border.2", "province.1"}, ""},
		{"E1-Q4 crossing up to 3", RetreatRoute{Crossings: []Crossing{{DefendedShores: 2, Squadron: true}, {DefendedShores: 1}, {}}},
			[]string{"crossing.1.shore.1", "crossing.1.shore.2", "crossing.1.squadron", "crossing.2.shore.1"}, ""},
		{"E1-Q4 three shores refused", RetreatRoute{Crossings: []Crossing{{DefendedShores: 3}}}, nil, "0 to 2"},
		{"negative borders refused", RetreatRoute{HostileBorders: -1}, nil, "negative"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got, err := RetreatItems(c.r)
			if c.err != "" {
				if err == nil || !strings.Contains(err.Error(), c.err) {
					t.Fatalf("err %v, want %q", err, c.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(got, c.want) {
				t.Errorf("items %v, want %v", got, c.want)
			}
		})
	}
}

func TestRetreatLosses_E1_R4_E1_Q4_E1_Q5(t *testing.T) {
	route := RetreatRoute{ForcedMarch: true, HostileBorders: 1}
	units := []Unit{
		{ID: "a", Figures: 6},
		{ID: "b", Figures: 3},
		{ID: "gone", Figures: 0},
	}
	d := dice(t, map[string]int{
		"a.retreat.forced_march": 1, "a.retreat.border.1": 1, // 1+1 = 2 of 6
		"b.retreat.forced_march": 6, "b.retreat.border.1": 4, // 3+2 = 5 of 3: destroyed, 2 beyond
	})
	got, err := Retreat(units, route, d)
	if err != nil {
		t.Fatal(err)
	}
	type sum struct {
		id                   string
		losses, figs, beyond int
		destroyed            bool
		risk                 RiskKind
	}
	want := []sum{
		{"a", 2, 4, 0, false, RiskLostMoreThan},
		{"b", 5, 0, 2, true, RiskDestroyed},
	}
	if len(got) != len(want) {
		t.Fatalf("%d results, want %d (a unit at 0 is skipped)", len(got), len(want))
	}
	for i, w := range want {
		l := got[i]
		s := sum{l.UnitID, l.Losses, l.Figures, l.Beyond, l.Destroyed, RetreatRisk(l)}
		if s != w {
			t.Errorf("E1-R4 %s: %+v, want %+v", w.id, s, w)
		}
	}
	if r := got[1].Rolls[0]; r.Key != "b.retreat.forced_march" || r.Die != 6 || r.Result != 3 {
		t.Errorf("roll %+v, want die 6 read as d3 3", r)
	}
	one, err := Retreat([]Unit{{ID: "c", Figures: 4}}, RetreatRoute{CutOff: true}, dice(t, map[string]int{"c.retreat.cut_off": 2}))
	if err != nil || len(one) != 1 || one[0].Losses != 1 || one[0].Figures != 3 || RetreatRisk(one[0]) != NoRisk {
		t.Errorf("E1-Q5 one figure lost, no risk roll: %+v %v", one, err)
	}
	if _, err := Retreat(units, RetreatRoute{HostileProvinces: -1}, d); err == nil {
		t.Error("bad route accepted")
	}
}
