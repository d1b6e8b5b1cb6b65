package quick

import (
	"reflect"
	"strings"
	"testing"

	"github.com/gunbai/gunbai/campaign"
)

func TestPlan_E3_F2_F3_E3_Q1_Q2_Q3(t *testing.T) {
	atk := Force{Clan: "oda", Units: []campaign.Unit{
		{ID: "a1", Type: campaign.AshigaruSpear, Figures: 4},
		{ID: "a2", Type: campaign.AshigaruSpear, Figures: 3}, // E3-Q3: no die
		{ID: "a3", Type: campaign.HeavyCavalry, Figures: 0},  // destroyed before: not in the fight
	}, Leaders: []Leader{
		{ID: "hurt", Role: Commander, Rating: 3, Wounds: 2}, // E3-Q2: 2 wounds lend nothing
		{ID: "ninja", Role: Shinobi, Rating: 3},             // E3-Q2: never
		{ID: "gen", Role: General, Rating: 1},
		{ID: "gen2", Role: General, Rating: 2}, // only the best counts
	}, Mod: Modifier{N: 1, Reason: "surprise"}}
	def := Force{Clan: "takeda", Units: units("t", 2, campaign.LightCavalry, 5), Mod: Modifier{N: -2, Reason: "bribery"}}
	plan, err := Battle{ID: "b", Attacker: atk, Defender: def}.Plan()
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"quick.b.atk.a1", "quick.b.atk.leader.gen2.1", "quick.b.atk.leader.gen2.2", "quick.b.atk.gm.1"}
	if !reflect.DeepEqual(keys(plan[Attacker]), want) {
		t.Errorf("attacker %v, want %v", keys(plan[Attacker]), want)
	}
	if plan[Attacker][3].Label != "surprise" || plan[Attacker][0].Refs[0] != "a1" {
		t.Errorf("labels %+v", plan[Attacker])
	}
	// E3-F3 +1 defender, then E3-Q1 -2 takes dice off the end.
	if got := keys(plan[Defender]); !reflect.DeepEqual(got, []string{"quick.b.def.t1"}) {
		t.Errorf("defender %v", got)
	}
	def.Mod = Modifier{N: -9, Reason: "storm"}
	if plan, _ := (Battle{ID: "b", Attacker: atk, Defender: def}).Plan(); len(plan[Defender]) != 0 {
		t.Errorf("a pool below zero: %v", keys(plan[Defender]))
	}
	def.Mod = Modifier{N: 1}
	if _, err := (Battle{ID: "b", Attacker: atk, Defender: def}).Plan(); err == nil || !strings.Contains(err.Error(), "E3-Q1") {
		t.Errorf("E3-Q1 a modifier without a reason: %v", err)
	}
	atk.Leaders = []Leader{{ID: "x", Rating: 4}}
	if _, err := (Battle{ID: "b", Attacker: atk}).Plan(); err == nil {
		t.Error("E3-Q2 rating 4 accepted")
	}
}

func TestHits_E3_F6_E3_F8_TieToDefender(t *testing.T) {
	b := Battle{ID: "b", Attacker: Force{Clan: "a", Units: units("a", 2, campaign.AshigaruSpear, 6)}, Defender: Force{Clan: "d", Units: units("d", 1, campaign.AshigaruSpear, 6)}}
	f, err := b.Fight(dice(t, map[string]int{"quick.b.atk.a1": 5, "quick.b.atk.a2": 4, "quick.b.def.d1": 6, "quick.b.def.defender": 3}))
	if err != nil {
		t.Fatal(err)
	}
	if f.Pools[Attacker].Hits != 1 || f.Pools[Defender].Hits != 1 || f.Winner != Defender {
		t.Errorf("5 hits and 4 misses; a tie goes to the defender: %+v", f)
	}
	if d := f.Pools[Attacker].Dice[1]; d.Target != 5 || d.Success || d.Outcome != "miss" || d.Label != "a2" {
		t.Errorf("die %+v", d)
	}
	f, _ = b.Fight(dice(t, map[string]int{"quick.b.atk.a1": 5, "quick.b.atk.a2": 6, "quick.b.def.d1": 6, "quick.b.def.defender": 3}))
	if f.Winner != Attacker {
		t.Error("more hits wins")
	}
	if _, err := b.Fight(dice(t, map[string]int{"quick.b.atk.a1": 7, "quick.b.atk.a2": 6, "quick.b.def.d1": 6, "quick.b.def.defender": 3})); err == nil {
		t.Error("a 7 accepted as a d6")
	}
}

func TestLosses_E3_F9_E3_Q4(t *testing.T) {
	mixed := []campaign.Unit{
		{ID: "cav", Type: campaign.HeavyCavalry, Figures: 4},
		{ID: "sam", Type: campaign.FootSamuraiSpear, Figures: 4},
		{ID: "ash", Type: campaign.AshigaruTeppo, Figures: 4},
		{ID: "small", Type: campaign.HeavyCavalry, Figures: 2},
		{ID: "big", Type: campaign.AshigaruSpear, Figures: 8},
	}
	if got := ids(DefaultOrder(mixed)); !reflect.DeepEqual(got, []string{"small", "ash", "sam", "cav", "big"}) {
		t.Errorf("E3-Q4 order %v: smallest first, then ashigaru, samurai, cavalry", got)
	}
	if DefaultKeep(mixed) != "big" {
		t.Error("E3-Q4 keeps the largest")
	}
	b := Battle{ID: "b", Attacker: Force{Clan: "a", Units: mixed}, Defender: Force{Clan: "d", Units: units("d", 1, campaign.AshigaruSpear, 6)}}
	f, _ := b.Fight(dice(t, map[string]int{"quick.b.atk.cav": 1, "quick.b.atk.sam": 1, "quick.b.atk.ash": 1, "quick.b.atk.big": 6, "quick.b.def.d1": 6, "quick.b.def.defender": 5}))
	if f.Losses(Attacker) != 2 || f.Losses(Defender) != 1 {
		t.Fatalf("losses %d and %d", f.Losses(Attacker), f.Losses(Defender))
	}
	for _, c := range []struct {
		picks []string
		err   string
	}{
		{[]string{"cav"}, "2 must be removed"},
		{[]string{"cav", "cav"}, "twice"},
		{[]string{"cav", "d1"}, "not in the fight"},
	} {
		if _, err := f.Resolve(Choice{Losses: c.picks}, Choice{}); err == nil || !strings.Contains(err.Error(), c.err) {
			t.Errorf("picks %v: %v, want %q", c.picks, err, c.err)
		}
	}
	o, err := f.Resolve(Choice{}, Choice{})
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(o.Sides[Attacker].Lost, []string{"small", "ash"}) {
		t.Errorf("E3-Q4 default losses %v", o.Sides[Attacker].Lost)
	}
	// E3-Q4: hits beyond the units are wasted.
	if o.Sides[Defender].Lost[0] != "d1" || f.Losses(Defender) != 1 || !o.Sides[Defender].Eliminated {
		t.Errorf("defender %+v", o.Sides[Defender])
	}
}

func TestBothWipedOut_E3_F9_E3_F10_E1_Q12(t *testing.T) {
	// Attacker: 2 units and rating 3 = 5 dice; defender 2 units + 1 = 3.
	atk := Force{Clan: "a", Units: units("a", 2, campaign.AshigaruSpear, 6), Leaders: []Leader{{ID: "al", Role: Commander, Rating: 3}}}
	def := Force{Clan: "d", Units: []campaign.Unit{{ID: "d1", Type: campaign.AshigaruSpear, Figures: 4}, {ID: "d2", Type: campaign.AshigaruSpear, Figures: 9}},
		Leaders: []Leader{{ID: "dl", Role: Commander, Rating: 0}}}
	b := Battle{ID: "b", Attacker: atk, Defender: def}
	f, _ := b.Fight(misses(t, map[string]int{"quick.b.atk.a1": 5, "quick.b.atk.a2": 5, "quick.b.def.d1": 5, "quick.b.def.d2": 6, "quick.b.def.defender": 6}))
	if f.Winner != Defender {
		t.Fatal("3 hits against 2")
	}
	o, err := f.Resolve(Choice{Keep: "a2"}, Choice{})
	if err != nil {
		t.Fatal(err)
	}
	// The attacker rolled more dice: he keeps a unit, though he lost.
	if a := o.Sides[Attacker]; a.Kept != "a2" || !reflect.DeepEqual(a.Survivors, []string{"a2"}) || a.Eliminated || a.Result != campaign.OrdinaryDefeat {
		t.Errorf("attacker %+v", a)
	}
	if d := o.Sides[Defender]; d.Kept != "" || !d.Eliminated || !reflect.DeepEqual(d.Captured, []string{"dl"}) || d.Result != campaign.OrdinaryVictory || d.Risks != nil {
		t.Errorf("defender %+v: wiped out, its leader captured without a roll", d)
	}
	if o.Retreat == nil || !reflect.DeepEqual(o.Retreat.Units, []string{"a2"}) {
		t.Errorf("retreat %+v", o.Retreat)
	}
	// Equal dice: the defender keeps 1, by default the largest.
	b.Attacker.Leaders[0].Rating = 1
	f, _ = b.Fight(misses(t, map[string]int{"quick.b.atk.a1": 5, "quick.b.atk.leader.al.1": 5, "quick.b.def.d1": 5, "quick.b.def.d2": 6, "quick.b.def.defender": 6}))
	o, err = f.Resolve(Choice{}, Choice{})
	if err != nil {
		t.Fatal(err)
	}
	if o.Sides[Defender].Kept != "d2" || !o.Sides[Attacker].Eliminated || o.Sides[Attacker].Result != campaign.TotalDefeat || o.Sides[Defender].Result != campaign.Rout || o.Retreat != nil {
		t.Errorf("equal dice: %+v", o.Sides)
	}
	if _, err := f.Resolve(Choice{}, Choice{Keep: "zz"}); err == nil {
		t.Error("kept a unit not in the fight")
	}
}

func TestRetreat_E3_F11_E3_R1_E3_R2_E3_Q6(t *testing.T) {
	def := Force{Clan: "d", Units: units("d", 6, campaign.AshigaruSpear, 6), Leaders: []Leader{{ID: "dl", Rating: 1}, {ID: "dg"}}}
	atk := Force{Clan: "a", Units: units("a", 8, campaign.AshigaruSpear, 6), Leaders: []Leader{{ID: "al", Rating: 1}}}
	b := Battle{ID: "b", Attacker: atk, Defender: def, Fortress: Castle, Holder: "d"}
	f, _ := b.Fight(misses(t, map[string]int{"quick.b.atk.a1": 5, "quick.b.def.d1": 6}))
	if f.Winner != Defender {
		t.Fatal("tie to the defender")
	}
	f, _ = b.Fight(misses(t, map[string]int{"quick.b.atk.a1": 5, "quick.b.atk.a2": 5}))
	o, err := f.Resolve(Choice{}, Choice{})
	if err != nil {
		t.Fatal(err)
	}
	r := o.Retreat
	if r == nil || len(r.Units) != 4 || r.IntoFortress != 4 || !reflect.DeepEqual(r.Checklist, RetreatChecklist(false)) || !o.SiegeCheck {
		t.Fatalf("retreat %+v", r)
	}
	if _, _, err := r.Split([]string{"d3", "d4", "d5", "d6", "d1"}); err == nil {
		t.Error("E3-R1 five units into the fortifications")
	}
	in, out, err := r.Split([]string{"d3", "d4"})
	if err != nil || len(in) != 2 || !reflect.DeepEqual(out, []string{"d5", "d6"}) {
		t.Errorf("split %v %v %v", in, out, err)
	}
	if !reflect.DeepEqual(RetreatChecklist(false)[3], checkNotEnemyOrigin) || len(LiftChecklist()) != 4 {
		t.Error("E3-R2 checklists")
	}
	// E3-Q6: the loser's leaders owe both rolls, the winner's none (no unit lost).
	want := []LeaderRisk{{"dl", []RiskRoll{RiskLostMoreThan, RiskPutToFlight}}, {"dg", []RiskRoll{RiskLostMoreThan, RiskPutToFlight}}}
	if !reflect.DeepEqual(o.Sides[Defender].Risks, want) || o.Sides[Attacker].Risks != nil {
		t.Errorf("risks %+v / %+v", o.Sides[Defender].Risks, o.Sides[Attacker].Risks)
	}
	if got := Risks([]Leader{{ID: "w"}}, true, false, false); !reflect.DeepEqual(got, []LeaderRisk{{"w", []RiskRoll{RiskLostMoreThan}}}) {
		t.Errorf("E3-Q6 winner who lost a unit: %+v", got)
	}
	// E3-F12: 8 attackers against the 2 inside besiege; against 8 they withdraw.
	if !SiegeCheck(atk.Units, units("d", 2, campaign.AshigaruSpear, 1)) || SiegeCheck(atk.Units, units("d", 8, campaign.AshigaruSpear, 1)) {
		t.Error("E3-F12 siege check")
	}
	// No fortress, or the loser does not hold it: no way in.
	b.Holder = "other"
	f.Battle = b
	if o, _ := f.Resolve(Choice{}, Choice{}); o.Retreat.IntoFortress != 0 {
		t.Error("E3-R1 only the clan controlling the place goes inside")
	}
}
