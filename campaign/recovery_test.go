package campaign

import (
	"reflect"
	"strings"
	"testing"
)

var castle = Province{Fortification: Castle}

func TestLossRecoveryEligibility_E1_L1_E1_L4(t *testing.T) {
	cases := []struct {
		name string
		a    ArmyState
		p    Province
		ok   bool
		why  string
	}{
		{"castle", ArmyState{ID: "a"}, castle, true, ""},
		{"citadel", ArmyState{ID: "a"}, Province{Fortification: Citadel}, true, ""},
		{"E1-L1 retreated", ArmyState{ID: "a", Retreated: true}, castle, false, "E1-L1"},
		{"E1-L1 no castle", ArmyState{ID: "a"}, Province{}, false, "E1-L1"},
		{"E1-L1 captured this turn", ArmyState{ID: "a"}, Province{Fortification: Castle, CapturedThisTurn: true}, false, "E1-L1"},
		{"E1-L4 fort", ArmyState{ID: "a"}, Province{Fortification: Fort}, false, "E1-L4"},
		{"E1-L4 scattered", ArmyState{ID: "a", Scattered: true}, castle, false, "E1-L4"},
		{"E1-L4 recovered already", ArmyState{ID: "a", RecoveredThisTurn: true}, castle, false, "E1-L4"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			ok, why := RecoveryEligibility(c.a, c.p)
			if ok != c.ok || !strings.Contains(why, c.why) {
				t.Errorf("got %v %q, want %v %q", ok, why, c.ok, c.why)
			}
			r := RollRecovery(c.a, c.p, dice(t, map[string]int{"a.recover.inf.1": 1, "a.recover.inf.2": 1, "a.recover.inf.3": 1}))
			if r.Eligible != c.ok {
				t.Errorf("RollRecovery eligible %v", r.Eligible)
			}
		})
	}
}

func TestLossRecoveryPools_E1_L2_E1_L3(t *testing.T) {
	inf := map[string]int{"a.recover.inf.1": 4, "a.recover.inf.2": 2, "a.recover.inf.3": 5}
	withCav := map[string]int{"a.recover.inf.1": 4, "a.recover.inf.2": 2, "a.recover.inf.3": 5, "a.recover.cav": 3}
	cases := []struct {
		name       string
		p          Province
		d          map[string]int
		inf, bonus int
		cav        int // -1: no cavalry pool
		heavy      bool
	}{
		{"E1-L2 castle 3d6", castle, inf, 11, 0, -1, false},
		{"E1-L2 citadel 3d6+2", Province{Fortification: Citadel}, inf, 13, 2, -1, false},
		{"E1-L3 horse breeding d6", Province{Fortification: Castle, HorseBreeding: true}, withCav, 11, 0, 3, false},
		{"E1-L3 citadel d6+1", Province{Fortification: Citadel, HorseBreeding: true}, withCav, 13, 2, 4, false},
		{"E1-L3 horse market heavy too", Province{Fortification: Castle, HorseMarket: true}, withCav, 11, 0, 3, true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r := RollRecovery(ArmyState{ID: "a"}, c.p, dice(t, c.d))
			if r.Infantry.Total != c.inf || r.Infantry.Bonus != c.bonus || len(r.Infantry.Rolls) != 3 {
				t.Errorf("infantry %+v, want total %d bonus %d", r.Infantry, c.inf, c.bonus)
			}
			if r.Infantry.Rolls[1] != (Roll{Key: "a.recover.inf.2", Die: 2, Result: 2, Success: true, Outcome: "pool"}) {
				t.Errorf("roll 2 %+v", r.Infantry.Rolls[1])
			}
			if c.cav < 0 {
				if r.Cavalry != nil {
					t.Errorf("cavalry pool %+v without horse breeding", r.Cavalry)
				}
				return
			}
			if r.Cavalry == nil || r.Cavalry.Total != c.cav || r.HeavyToo != c.heavy {
				t.Errorf("cavalry %+v heavy %v, want %d %v", r.Cavalry, r.HeavyToo, c.cav, c.heavy)
			}
		})
	}
}

func market(infTotal, cavTotal int) Recovery {
	return Recovery{Eligible: true, Infantry: Pool{Total: infTotal}, Cavalry: &Pool{Total: cavTotal}, HeavyToo: true}
}

func TestLossRecoveryCaps_E1_L2_E1_L3_E1_Q11(t *testing.T) {
	breeding := Recovery{Eligible: true, Infantry: Pool{Total: 10}, Cavalry: &Pool{Total: 6}}
	cases := []struct {
		name string
		u    Unit
		rec  Recovery
		want int
	}{
		{"E1-L2 foot samurai cap 3", Unit{Type: FootSamuraiSpear, Figures: 4, LostThisTurn: 5}, market(10, 6), 3},
		{"E1-L2 bows too", Unit{Type: FootSamuraiBow, Figures: 4, LostThisTurn: 2}, market(10, 6), 2},
		{"E1-L2 sohei excepted (E1-Q10)", Unit{Type: Yamabushi, Figures: 4, LostThisTurn: 3}, market(10, 6), 0},
		{"E1-Q11a ashigaru nothing", Unit{Type: AshigaruTeppo, Figures: 4, LostThisTurn: 3}, market(10, 6), 0},
		{"E1-L3 light cavalry cap 3", Unit{Type: LightCavalry, Figures: 4, LostThisTurn: 4}, breeding, 3},
		{"E1-L3 heavy needs a market", Unit{Type: HeavyCavalry, Figures: 4, LostThisTurn: 4}, breeding, 0},
		{"E1-L3 heavy cap 2", Unit{Type: HeavyCavalry, Figures: 4, LostThisTurn: 4}, market(10, 6), 2},
		{"E1-L3 no breeding no cavalry", Unit{Type: LightCavalry, Figures: 4, LostThisTurn: 4}, Recovery{Eligible: true, Infantry: Pool{Total: 10}}, 0},
		{"E1-Q11e no more than lost", Unit{Type: LightCavalry, Figures: 4, LostThisTurn: 1}, breeding, 1},
		{"E1-Q11f destroyed unit", Unit{Type: FootSamuraiSpear, Figures: 0, LostThisTurn: 6}, market(10, 6), 0},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := RecoveryCap(c.u, c.rec); got != c.want {
				t.Errorf("cap %d, want %d", got, c.want)
			}
		})
	}
}

func army() []Unit {
	return []Unit{
		{ID: "sam1", Type: FootSamuraiSpear, Figures: 6, LostThisTurn: 2},
		{ID: "sam2", Type: FootSamuraiBow, Figures: 3, LostThisTurn: 5},
		{ID: "ash", Type: AshigaruSpear, Figures: 8, LostThisTurn: 4},
		{ID: "lc", Type: LightCavalry, Figures: 4, LostThisTurn: 2},
		{ID: "hc", Type: HeavyCavalry, Figures: 3, LostThisTurn: 3},
	}
}

func TestLossRecoveryDistribution_E1_L2_E1_L3_E1_L4(t *testing.T) {
	cases := []struct {
		name    string
		rec     Recovery
		alloc   []Allocation // nil: the default
		figures []int
		err     string
	}{
		// default: worst-depleted first: sam2 (5 lost) takes 3, sam1 the last 1 of 4.
		{"default infantry short", market(4, 6), nil, []int{7, 6, 8, 6, 5}, ""},
		// infantry 11: sam2 3 (cap), sam1 2 (lost); cavalry 3: hc 2 (cap) first, lc the last 1.
		{"default both pools", market(11, 3), nil, []int{8, 6, 8, 5, 5}, ""},
		{"player's choice", market(11, 3), []Allocation{{"sam1", 2}, {"lc", 2}, {"hc", 1}}, []int{8, 3, 8, 6, 4}, ""},
		{"E1-L2 over cap 3", market(11, 3), []Allocation{{"sam2", 4}}, nil, "cap of 3"},
		{"E1-L3 heavy over cap 2", market(11, 6), []Allocation{{"hc", 3}}, nil, "cap of 2"},
		{"E1-Q11a ashigaru", market(11, 3), []Allocation{{"ash", 1}}, nil, "cap of 0"},
		{"E1-L2 over the pool", market(4, 3), []Allocation{{"sam1", 2}, {"sam2", 3}}, nil, "pool is 4"},
		{"E1-L3 over the pool", market(11, 3), []Allocation{{"lc", 2}, {"hc", 2}}, nil, "pool is 3"},
		{"E1-L4 not eligible", Recovery{Reason: "scattered"}, []Allocation{}, nil, "scattered"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			units := army()
			alloc := c.alloc
			if alloc == nil {
				alloc = DefaultAllocation(units, c.rec)
			}
			got, err := ApplyRecovery(units, c.rec, alloc)
			if c.err != "" {
				if err == nil || !strings.Contains(err.Error(), c.err) {
					t.Fatalf("err %v, want %q", err, c.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			var figs []int
			for _, u := range got {
				figs = append(figs, u.Figures)
				if u.LostThisTurn != 0 {
					t.Errorf("%s: lost this turn %d after recovery, want 0 (E1-L4)", u.ID, u.LostThisTurn)
				}
			}
			if !reflect.DeepEqual(figs, c.figures) {
				t.Errorf("figures %v, want %v (alloc %v)", figs, c.figures, alloc)
			}
			if units[0].Figures != 6 || units[0].LostThisTurn != 2 {
				t.Errorf("input changed: %+v", units[0])
			}
		})
	}
}
