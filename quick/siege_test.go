package quick

import (
	"reflect"
	"strings"
	"testing"

	"github.com/gunbai/gunbai/campaign"
)

func TestSiege_E3_S1_E3_S2_E3_U1_E3_U2_E3_Q7(t *testing.T) {
	fort := Fortress{Province: "mino", Name: "Gifu", Type: Citadel}
	in := Force{Clan: "saito", Units: units("s", 2, campaign.AshigaruSpear, 5), Leaders: []Leader{{ID: "tatsuoki"}}}
	if _, err := Open("x", fort, Force{Clan: "oda", Units: units("o", 3, campaign.AshigaruSpear, 5)}, in, 1, false); err == nil || !strings.Contains(err.Error(), "E3-S1") {
		t.Errorf("E3-S1 units that did not retreat inside: %v", err)
	}
	// E3-Q7: cavalry counts, a unit at 0 does not, equality is no siege.
	two := append(units("o", 1, campaign.LightCavalry, 5), campaign.Unit{ID: "o9", Type: campaign.AshigaruSpear, Figures: 1}, campaign.Unit{ID: "dead", Figures: 0})
	if _, err := Open("x", fort, Force{Clan: "oda", Units: two}, in, 1, true); err == nil {
		t.Error("E3-Q7 2 against 2 besieged")
	}
	three := append(two, campaign.Unit{ID: "o3", Type: campaign.HeavyCavalry, Figures: 4})
	s, err := Open("x", fort, Force{Clan: "oda", Units: three}, in, 1, true)
	if err != nil {
		t.Fatal(err)
	}
	if s.Status != Active || s.StartedPhase != 1 || s.Fortress.Holder != "saito" {
		t.Errorf("siege %+v", s)
	}
	// E3-S2.
	if !s.Blocked("s1") || s.Blocked("o3") || s.Blocked("squadron") {
		t.Error("E3-S2 besieged land units are blocked, no one else")
	}
	if s2, r := s.Recheck(); s2.Status != Active || r != nil {
		t.Error("3 against 2 stays")
	}
	// E3-U1: a besieger leaves; at 2 against 2 it is lifted (E3-Q7).
	s.Besiegers.Units = s.Besiegers.Units[1:]
	s2, r := s.Recheck()
	if s2.Status != Lifted || r == nil || !reflect.DeepEqual(r.Units, []string{"o9", "o3"}) || !reflect.DeepEqual(r.Checklist, LiftChecklist()) {
		t.Errorf("E3-U1/U2 lifted: %+v %+v", s2, r)
	}
	if s2.Blocked("s1") {
		t.Error("lifted: no longer blocked")
	}
	// An empty fortress must be besieged too (E3-A2a).
	if _, err := Open("y", fort, Force{Clan: "oda", Units: three}, Force{Clan: "saito"}, 2, false); err != nil {
		t.Errorf("empty fortress: %v", err)
	}
}

func gifu(t *testing.T, garrison []campaign.Unit) Siege {
	atk := Force{Clan: "oda", Units: append(units("o", 5, campaign.AshigaruSpear, 6), campaign.Unit{ID: "cav", Type: campaign.HeavyCavalry, Figures: 6},
		campaign.Unit{ID: "tiny", Type: campaign.FootSamuraiBow, Figures: 2}),
		Leaders: []Leader{{ID: "nobunaga", Role: Commander, Rating: 2}, {ID: "hideyoshi", Role: General, Rating: 1}}}
	s, err := Open("gifu", Fortress{Province: "mino", Name: "Gifu", Type: Fort}, atk,
		Force{Clan: "saito", Units: garrison, Leaders: []Leader{{ID: "tatsuoki", Rating: 1}}}, 4, true)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func TestAssaultTiming_E3_A1_A2_E3_Q8(t *testing.T) {
	s := gifu(t, units("s", 2, campaign.AshigaruSpear, 6))
	ok := AssaultOrder{Phase: 5, Units: []string{"o1"}, LOC: true, Blockade: true}
	for _, c := range []struct {
		name string
		mut  func(*Siege, *AssaultOrder)
		err  string
	}{
		{"E3-Q8 the phase the siege began", func(s *Siege, o *AssaultOrder) { o.Phase = 4 }, "E3-A2a"},
		{"E3-A1 once per phase", func(s *Siege, o *AssaultOrder) { s.LastAssaultPhase = 5 }, "already"},
		{"E3-A2b LOC", func(s *Siege, o *AssaultOrder) { o.LOC = false }, "E3-A2b"},
		{"E3-A2c/d blockade", func(s *Siege, o *AssaultOrder) { o.Blockade = false }, "E3-A2c"},
		{"E3-A1 one army of besiegers", func(s *Siege, o *AssaultOrder) { o.Units = []string{"stranger"} }, "besiegers"},
		{"not active", func(s *Siege, o *AssaultOrder) { s.Status = Lifted }, "lifted"},
	} {
		s2, o := s, ok
		c.mut(&s2, &o)
		if err := s2.CanAssault(o); err == nil || !strings.Contains(err.Error(), c.err) {
			t.Errorf("%s: %v, want %q", c.name, err, c.err)
		}
	}
	if err := s.CanAssault(ok); err != nil {
		t.Error(err)
	}
}

func TestAssaultDice_E3_A3_E3_Q11_E3_Q12(t *testing.T) {
	all := []string{"o1", "o2", "o3", "o4", "o5", "cav", "tiny"}
	order := AssaultOrder{Phase: 5, Units: all, Leaders: []string{"nobunaga", "hideyoshi"}, LOC: true, Blockade: true}
	garrison := []campaign.Unit{{ID: "s1", Type: campaign.AshigaruSpear, Figures: 6}, {ID: "s2", Type: campaign.LightCavalry, Figures: 6}}
	plan, err := gifu(t, garrison).PlanAssault(order)
	if err != nil {
		t.Fatal(err)
	}
	// 5 foot with 4+ figures: ⌈5/2⌉ = 3, the last alone; cavalry and the
	// 2-figure unit roll nothing (E3-Q11, E3-Q3); + 2 for Nobunaga.
	want := []string{"assault.gifu.5.atk.o1+o2", "assault.gifu.5.atk.o3+o4", "assault.gifu.5.atk.o5",
		"assault.gifu.5.atk.leader.nobunaga.1", "assault.gifu.5.atk.leader.nobunaga.2"}
	if !reflect.DeepEqual(keys(plan[Attacker]), want) || plan[Attacker][0].Source != FromPair || plan[Attacker][0].Label != "o1 + o2" {
		t.Errorf("attacker %v", keys(plan[Attacker]))
	}
	// Defender: the foot unit, not the cavalry, + rating + 1.
	if got := keys(plan[Defender]); !reflect.DeepEqual(got, []string{"assault.gifu.5.def.s1", "assault.gifu.5.def.leader.tatsuoki.1", "assault.gifu.5.def.defender"}) {
		t.Errorf("defender %v", got)
	}
	// E3-Q12: an empty fortress: one die per foot unit, no halving; the
	// defender rolls rating + 1.
	plan, _ = gifu(t, nil).PlanAssault(order)
	if len(plan[Attacker]) != 7 || len(plan[Defender]) != 2 {
		t.Errorf("empty fortress: %v / %v", keys(plan[Attacker]), keys(plan[Defender]))
	}
}

func TestAssaultOutcome_E3_A3_E3_Q9_E1_Q12(t *testing.T) {
	garrison := []campaign.Unit{{ID: "s1", Type: campaign.AshigaruSpear, Figures: 6}, {ID: "s2", Type: campaign.LightCavalry, Figures: 6}}
	s := gifu(t, garrison)
	s.Naval = []string{"saito-ship"}
	order := AssaultOrder{Phase: 5, Units: []string{"o1", "o2", "o3", "cav"}, Leaders: []string{"hideyoshi"}, LOC: true, Blockade: true}
	// Step 9 (seed 10): both defenders go, cavalry among them; a fort is
	// no castle for E1-X1.
	st, err := s.Assault(order, misses(t, map[string]int{"assault.gifu.5.atk.o1+o2": 5, "assault.gifu.5.atk.o3": 6, "assault.gifu.5.atk.leader.hideyoshi.1": 6, "assault.gifu.5.def.defender": 5}))
	if err != nil {
		t.Fatal(err)
	}
	if st.Losses(Defender) != 2 {
		t.Fatalf("3 hits on 2 units: %d losses", st.Losses(Defender))
	}
	if _, err := st.Resolve([]string{"o1", "o2"}, nil); err == nil {
		t.Error("2 attacking losses for 1 hit")
	}
	o, err := st.Resolve([]string{"cav"}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if !o.Success || o.Siege.Status != Fallen || o.Siege.Fortress.Holder != "oda" || !reflect.DeepEqual(o.Captured, []string{"tatsuoki"}) ||
		!reflect.DeepEqual(o.NavalToTrack, []string{"saito-ship"}) || o.CastleCaptured || o.Nominations != 2 {
		t.Errorf("success %+v", o)
	}
	if o.Sides[Attacker].Result != campaign.Rout || o.Sides[Defender].Result != campaign.TotalDefeat {
		t.Errorf("E1-Q12 %v/%v", o.Sides[Attacker].Result, o.Sides[Defender].Result)
	}
	if err := o.Nominate([]string{"o1", "o3"}); err != nil {
		t.Error(err)
	}
	for _, bad := range [][]string{{"o1", "o2", "o3"}, {"cav"}, {"o1", "o1"}, {"o5"}} {
		if err := o.Nominate(bad); err == nil {
			t.Errorf("E3-Q9 nomination %v accepted", bad)
		}
	}
	// Step 10 (seed 11): every attacker falls; no success though no
	// defender is left. The leaders withdraw; 3 besiegers left against 0.
	order.DefMod = Modifier{N: 1, Reason: "rain"}
	st, _ = s.Assault(order, misses(t, map[string]int{"assault.gifu.5.atk.o1+o2": 5, "assault.gifu.5.atk.o3": 6,
		"assault.gifu.5.def.s1": 5, "assault.gifu.5.def.leader.tatsuoki.1": 5, "assault.gifu.5.def.defender": 5, "assault.gifu.5.def.gm.1": 6}))
	o, err = st.Resolve(nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	if o.Success || !reflect.DeepEqual(o.LeadersWithdraw, []string{"hideyoshi"}) || o.Siege.Status != Active || Count(o.Siege.Besiegers.Units) != 3 ||
		o.Sides[Attacker].Result != campaign.TotalDefeat || o.Nominate(nil) == nil {
		t.Errorf("failure %+v", o)
	}
	// Step 10: the besiegers no longer outnumber: lifted, they retreat.
	s.Besiegers.Units = keepUnits(s.Besiegers.Units, []string{"o1", "o2", "o3"})
	order.Units, order.DefMod = []string{"o1", "o2", "o3"}, Modifier{}
	st, _ = s.Assault(order, misses(t, map[string]int{"assault.gifu.5.def.s1": 5}))
	o, _ = st.Resolve(nil, nil)
	if o.Success || o.Siege.Status != Lifted || o.Lift == nil || len(o.Lift.Units) != 2 || o.Sides[Attacker].Result != campaign.OrdinaryDefeat {
		t.Errorf("lifted %+v", o)
	}
}

func TestRelief_E3_D1_D2(t *testing.T) {
	s := gifu(t, units("s", 3, campaign.AshigaruSpear, 6))
	relief := Force{Clan: "saito", Units: units("r", 3, campaign.AshigaruSpear, 6), Leaders: []Leader{{ID: "dosan", Rating: 1}}}
	if _, err := (Relief{ID: "r", Siege: s, Force: Force{Clan: "ally"}, Join: []string{"s1"}}).Battle(); err == nil {
		t.Error("E3-D1 an ally added the besieged")
	}
	r := Relief{ID: "r", Siege: s, Force: relief, Join: []string{"s1", "s2"}, JoinLeaders: []string{"tatsuoki"}}
	b, err := r.Battle()
	if err != nil {
		t.Fatal(err)
	}
	// Equal hits (1 each), the defender wins: any who fought may go in,
	// at most 4 units inside with s3, who stayed out.
	f, _ := b.Fight(misses(t, map[string]int{"relief.r.atk.r1": 5, "relief.r.def.o1": 5}))
	o, err := f.Resolve(Choice{Losses: []string{"r1"}}, Choice{Losses: []string{"o1"}})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := r.Outcome(o, []string{"s1", "s2", "r2", "r3"}, nil); err == nil || !strings.Contains(err.Error(), "at most 4") {
		t.Errorf("E3-D2 five inside: %v", err)
	}
	ro, err := r.Outcome(o, []string{"s1", "r2", "r3"}, []string{"dosan"})
	if err != nil {
		t.Fatal(err)
	}
	if ro.Case != ReliefLostEqual || Count(ro.Siege.Besieged.Units) != 4 || ro.Retreat == nil || !reflect.DeepEqual(ro.Retreat.Units, []string{"s2"}) ||
		!reflect.DeepEqual(ro.Retreat.Leaders, []string{"tatsuoki"}) || ro.Siege.Status != Active {
		t.Errorf("equal hits %+v", ro)
	}
	// Fewer hits, every unit of the relief force proper lost: its leader
	// is captured, the besieged who joined go back.
	f, _ = b.Fight(misses(t, map[string]int{"relief.r.def.o1": 5, "relief.r.def.o2": 5, "relief.r.def.o3": 6}))
	o, _ = f.Resolve(Choice{Losses: []string{"r1", "r2", "r3"}}, Choice{})
	ro, err = r.Outcome(o, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	if ro.Case != ReliefLostFewer || !reflect.DeepEqual(ro.Captured, []string{"dosan"}) || ro.Retreat != nil || !reflect.DeepEqual(ro.Inside, []string{"s1", "s2"}) ||
		!reflect.DeepEqual(ro.LeadersInside, []string{"tatsuoki"}) {
		t.Errorf("fewer hits %+v", ro)
	}
	// The relief wins: the siege is lifted and the besiegers retreat.
	f, _ = b.Fight(misses(t, map[string]int{"relief.r.atk.r1": 5, "relief.r.atk.r2": 5}))
	o, _ = f.Resolve(Choice{}, Choice{})
	ro, _ = r.Outcome(o, nil, nil)
	if o.SiegeCheck || ro.Case != ReliefWon || ro.Siege.Status != Lifted || ro.Lift == nil || ro.Lift.Clan != "oda" || len(ro.Lift.Units) != 5 {
		t.Errorf("won %+v", ro)
	}
}

func TestNaval_F_E3_4_E3_Q10_E1_R6(t *testing.T) {
	i := Interception{ID: "n", Interceptor: Fleet{Clan: "mori", Squadrons: 2, Admirals: []Leader{{ID: "kagetaka", Rating: 1}}},
		Evacuation: Fleet{Clan: "otomo", Squadrons: 1}}
	d := dice(t, map[string]int{"naval.n.atk.squadron.1": 5, "naval.n.atk.squadron.2": 1, "naval.n.atk.leader.kagetaka.1": 2,
		"naval.n.def.squadron.1": 6, "naval.n.def.defender": 3})
	o, err := i.Resolve(d)
	if err != nil {
		t.Fatal(err)
	}
	// 1 hit each: the tie goes to the evacuation fleet, the army gets away.
	if o.Winner != Defender || o.ArmyDestroyed || o.Lost != [2]int{1, 1} || o.Left != [2]int{1, 0} {
		t.Errorf("tie %+v", o)
	}
	// Both sunk: the interceptor rolled more dice and keeps 1; it wins, the
	// army is destroyed (E1-R6 through E1-R5).
	d.dice["naval.n.atk.squadron.2"] = 6
	d.dice["naval.n.def.defender"] = 5
	d.dice["naval.n.atk.leader.kagetaka.1"] = 5
	o, _ = i.Resolve(d)
	if o.Winner != Attacker || !o.ArmyDestroyed || o.Left != [2]int{1, 0} || o.Lost != [2]int{1, 1} {
		t.Errorf("interceptor wins %+v", o)
	}
}

// E3-A4: units that joined the besiegers earlier in the same phase storm
// with them and count for the dice (step 3); a unit outside the besiegers
// does not.
func TestAssaultJoined_E3_A4(t *testing.T) {
	s := gifu(t, units("s", 2, campaign.AshigaruSpear, 6))
	order := AssaultOrder{Phase: 5, Units: []string{"o1", "o2"}, LOC: true, Blockade: true}
	before, err := s.PlanAssault(order)
	if err != nil {
		t.Fatal(err)
	}
	// Two more ashigaru join the besiegers in phase 5, the assault's phase.
	s.Besiegers.Units = append(s.Besiegers.Units, units("late", 2, campaign.AshigaruSpear, 6)...)
	order.Units = append(order.Units, "late1", "late2")
	if err := s.CanAssault(order); err != nil {
		t.Fatalf("the units that joined this phase may storm: %v", err)
	}
	after, err := s.PlanAssault(order)
	if err != nil {
		t.Fatal(err)
	}
	if len(after[Attacker]) <= len(before[Attacker]) {
		t.Errorf("the joined units add no dice: %d before, %d after", len(before[Attacker]), len(after[Attacker]))
	}
	order.Units = append(order.Units, "elsewhere")
	if err := s.CanAssault(order); err == nil {
		t.Error("a unit outside the besiegers stormed")
	}
}

// E3-U2 (seed 15.3: "Когда осада снята, соединение должно отступить в любой
// соседний город, удовлетворяющий нижеследующим ограничениям", three of
// them): the besiegers' retreat on lifting, and the attacker's withdrawal
// when a won fight makes no siege (E3-F12, step 12 sends it to 15.3), have
// the three restrictions only, never 14.1's "where the enemy came from"
// rules (E3-R2.4, E3-R2.5), and no way into fortifications.
func TestLiftRestrictions_E3_U2(t *testing.T) {
	only := func(what string, r *Retreat) {
		t.Helper()
		if r == nil {
			t.Fatalf("%s: no retreat", what)
		}
		var ids []string
		for _, c := range r.Checklist {
			ids = append(ids, c.ID)
		}
		if !reflect.DeepEqual(ids, []string{"E3-R2.1", "E3-R2.2", "E3-R2.3", "E3-Q5"}) || r.IntoFortress != 0 {
			t.Errorf("E3-U2 %s: checklist %v, into fortress %d", what, ids, r.IntoFortress)
		}
	}
	only("LiftChecklist", &Retreat{Checklist: LiftChecklist()})
	// A relief won: the besiegers, the defenders of that fight, retreat as on lifting.
	s := gifu(t, units("s", 3, campaign.AshigaruSpear, 6))
	relief := Force{Clan: "saito", Units: units("r", 3, campaign.AshigaruSpear, 6), Leaders: []Leader{{ID: "dosan", Rating: 1}}}
	r := Relief{ID: "r", Siege: s, Force: relief}
	b, err := r.Battle()
	if err != nil {
		t.Fatal(err)
	}
	f, _ := b.Fight(misses(t, map[string]int{"relief.r.atk.r1": 5, "relief.r.atk.r2": 5}))
	o, _ := f.Resolve(Choice{}, Choice{})
	ro, err := r.Outcome(o, nil, nil)
	if err != nil || ro.Case != ReliefWon {
		t.Fatalf("relief %+v %v", ro, err)
	}
	only("relief won", ro.Lift)
	// A fight at a castle the attacker won with no more units than went inside.
	def := Force{Clan: "d", Units: units("d", 6, campaign.AshigaruSpear, 6), Leaders: []Leader{{ID: "dl"}}}
	atk := Force{Clan: "a", Units: units("a", 3, campaign.AshigaruSpear, 6), Leaders: []Leader{{ID: "al"}}}
	fb := Battle{ID: "b", Attacker: atk, Defender: def, Fortress: Castle, Holder: "d"}
	ff, _ := fb.Fight(misses(t, map[string]int{"quick.b.atk.a1": 5, "quick.b.atk.a2": 5}))
	fo, _ := ff.Resolve(Choice{}, Choice{})
	if fo.Winner != Attacker || !fo.SiegeCheck || SiegeCheck(atk.Units, units("d", 4, campaign.AshigaruSpear, 6)) {
		t.Fatalf("the fight %+v", fo)
	}
	w := ff.Withdraw(fo)
	only("withdrawal", w)
	if w.Clan != "a" || !reflect.DeepEqual(w.Units, []string{"a1", "a2", "a3"}) || !reflect.DeepEqual(w.Leaders, []string{"al"}) {
		t.Errorf("E3-F12 withdrawal %+v", w)
	}
}
