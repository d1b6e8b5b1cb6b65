package engine

import "testing"

// E-01 (R-II.4.1, R-VIII.4.1, R-VIII.4.4, R-II.2.3): heavy cavalry charges
// ashigaru spearmen frontally and pushes them back.
func TestE01(t *testing.T) {
	b := testBattle(
		unit("hc", North, HeavyCavalry, 8, "A11", S),
		unit("sp", South, AshigaruSpear, 12, "C11", N),
	)
	nb, ev := resolve(t, b, []Order{order(b, "hc", OrderMove, 1)},
		map[string][]int{"hc.melee": {6, 5, 3, 1}, "sp.melee": {6, 4, 2, 1}})
	expectUnit(t, nb, "hc", "C11", 7, S, StatusOK)
	expectUnit(t, nb, "sp", "C21", 10, N, StatusOK)
	var x *Event
	for k := range ev {
		if ev[k].Kind == EvCombatResult {
			x = &ev[k]
		}
	}
	if x == nil || x.Value != 1 || x.Detail != "pushed_back" || x.Step != "P3" {
		t.Fatalf("combat result %+v", x)
	}
}
