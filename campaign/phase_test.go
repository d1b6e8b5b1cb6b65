package campaign

import (
	"reflect"
	"strings"
	"testing"
)

func TestPhaseOrder_E1_P1(t *testing.T) {
	var ids [][]string
	var by []Doer
	for i, p := range PhaseOrder {
		if p.N != i+1 || p.Task == "" || p.Label == "" || p.Players == "" {
			t.Errorf("E1-P1 task %d incomplete: %+v", i+1, p)
		}
		ids = append(ids, p.IDs)
		by = append(by, p.By)
	}
	// The seed's order: retreats, control, suppression, siege contingents, then
	// recovery, healing and experience.
	wantIDs := [][]string{{"E1-R"}, {"E1-C"}, {"E1-S"}, nil, {"E1-L", "E1-H", "E1-X", "E1-U"}}
	if !reflect.DeepEqual(ids, wantIDs) {
		t.Errorf("E1-P1 order %v, want %v", ids, wantIDs)
	}
	// Only the siege contingents, for which the seed gives no rules, are the GM's.
	if want := []Doer{ByBot, ByBot, ByBot, ByGM, ByBot}; !reflect.DeepEqual(by, want) {
		t.Errorf("E1-P1 doers %v, want %v", by, want)
	}
}

func TestRetreatChecklist_E1_R3(t *testing.T) {
	seen := map[string]bool{}
	kinds := map[string]int{}
	for _, c := range RetreatChecklist {
		if seen[c.ID] || !strings.HasPrefix(c.ID, "E1-R3.") || c.Text == "" || c.Label == "" {
			t.Errorf("E1-R3 line %+v", c)
		}
		seen[c.ID] = true
		kinds[c.Kind]++
	}
	// Four ways to go; the narrow pass a condition, as the Russian sets it apart.
	if kinds["destination"] != 4 || kinds["condition"] != 1 || kinds["rule"] != 2 || len(kinds) != 3 {
		t.Errorf("E1-R3 kinds %v", kinds)
	}
	if !strings.Contains(RetreatChecklist[2].Text, "25 figures") {
		t.Errorf("E1-R3 sea line without its limit: %q", RetreatChecklist[2].Text)
	}
}

func TestSeaLiftFigures_E1_R3_E1_Q2(t *testing.T) {
	units := []Unit{
		{ID: "l", Type: LightCavalry, Figures: 6}, // 12
		{ID: "h", Type: HeavyCavalry, Figures: 2}, // 4
		{ID: "a", Type: AshigaruSpear, Figures: 9},
		{ID: "gone", Type: FootSamuraiBow, Figures: 0},
	}
	if got := SeaLiftFigures(units); got != SeaLiftLimit {
		t.Errorf("E1-Q2 sea lift %d, want %d", got, SeaLiftLimit)
	}
}
