package campaign

import "testing"

// The core risk tables on the campaign's dice (R-III.3.1, R-III.3.3,
// R-III.3.4), as E1-Q5 and E3-Q6 ask for them.
func TestRollRisk_R_III_3_E1_Q5_E3_Q6(t *testing.T) {
	for _, c := range []struct {
		name    string
		r       RiskKind
		excess  int
		brawler bool
		dice    keyed
		want    [3]bool // wounded, captured, killed
		rolls   int
	}{
		{"lost more, 1", RiskLostMoreThan, 0, false, keyed{"k.1": 1}, [3]bool{true, false, false}, 1},
		{"lost more, 2", RiskLostMoreThan, 0, false, keyed{"k.1": 2}, [3]bool{}, 1},
		{"flight, 2 captured", RiskFlight, 0, false, keyed{"k.1": 2}, [3]bool{false, true, false}, 1},
		{"flight, brawler rerolls a 4 into a 1", RiskFlight, 0, true, keyed{"k.1": 4, "k.2": 1}, [3]bool{true, false, false}, 2},
		{"flight, no brawler keeps the 4", RiskFlight, 0, false, keyed{"k.1": 4, "k.2": 1}, [3]bool{}, 1},
		{"destroyed, the lowest of 2 dice", RiskDestroyed, 1, false, keyed{"k.1": 6, "k.2": 2}, [3]bool{false, false, true}, 2},
		{"destroyed, 3-4 wounded", RiskDestroyed, 0, false, keyed{"k.1": 4}, [3]bool{true, false, false}, 1},
		{"destroyed, brawler rerolls a 6", RiskDestroyed, 0, true, keyed{"k.1": 6, "k.2": 1}, [3]bool{false, true, false}, 2},
	} {
		res, err := RollRisk("l1", c.r, c.excess, c.brawler, c.dice, "k")
		if err != nil {
			t.Fatal(err)
		}
		if got := [3]bool{res.Wounded, res.Captured, res.Killed}; got != c.want || len(res.Rolls) != c.rolls {
			t.Errorf("%s: %v with %d rolls, want %v with %d", c.name, got, len(res.Rolls), c.want, c.rolls)
		}
	}
	if _, err := RollRisk("l1", "nonsense", 0, false, keyed{}, "k"); err == nil {
		t.Error("an unknown risk was rolled")
	}
	if !(Person{Traits: []string{"Рубака"}}).Brawler() || (Person{Traits: []string{"Тигр Каи"}}).Brawler() {
		t.Error("the Brawler trait is not read from the roster")
	}
}
