package quick

import (
	"reflect"
	"slices"
	"testing"

	"github.com/gunbai/gunbai/campaign"
)

// E3-X1: Suleiman, Ibrahim, 7 regulars and 1 cavalry move into Vienna;
// Charles V (rating 2) intercepts with 8 regulars and joins Ferdinand's 2.
// Ottomans 8 + 2 = 10 dice, Habsburgs 10 + 2 + 1 = 13; 3 hits against 5.
func TestE3_X1_FieldBattle(t *testing.T) {
	ott := Force{Clan: "ottoman", Units: append(units("o", 7, campaign.FootSamuraiSpear, 6), campaign.Unit{ID: "ocav", Type: campaign.LightCavalry, Figures: 6}),
		Leaders: []Leader{{ID: "suleiman", Role: Commander, Rating: 2}, {ID: "ibrahim", Role: General, Rating: 1}}}
	hab := Force{Clan: "habsburg", Units: units("h", 10, campaign.FootSamuraiSpear, 6),
		Leaders: []Leader{{ID: "charles", Role: Commander, Rating: 2}, {ID: "ferdinand", Role: General, Rating: 1}}}
	b := Battle{ID: "vienna", Attacker: ott, Defender: hab, Fortress: Castle, Holder: "habsburg"}
	plan, err := b.Plan()
	if err != nil {
		t.Fatal(err)
	}
	if len(plan[Attacker]) != 10 || len(plan[Defender]) != 13 {
		t.Fatalf("dice %d and %d, want the seed's 10 and 13", len(plan[Attacker]), len(plan[Defender]))
	}
	d := misses(t, map[string]int{
		"quick.vienna.atk.o1": 5, "quick.vienna.atk.ocav": 6, "quick.vienna.atk.leader.suleiman.2": 5, // 3 hits
		"quick.vienna.def.h1": 5, "quick.vienna.def.h4": 6, "quick.vienna.def.h9": 5,
		"quick.vienna.def.leader.charles.1": 6, "quick.vienna.def.defender": 5, // 5 hits
	})
	f, err := b.Fight(d)
	if err != nil {
		t.Fatal(err)
	}
	if len(d.asked) != 23 || f.Pools[Attacker].Hits != 3 || f.Pools[Defender].Hits != 5 || f.Winner != Defender {
		t.Fatalf("%d dice, hits %d/%d, winner %v", len(d.asked), f.Pools[Attacker].Hits, f.Pools[Defender].Hits, f.Winner)
	}
	// "the Ottomans chose to remove the cavalry and 4 regulars" (E3-Q4's
	// default would take cavalry last: the owner's choice wins).
	o, err := f.Resolve(Choice{Losses: []string{"ocav", "o1", "o2", "o3", "o4"}}, Choice{Losses: []string{"h1", "h2", "h3"}})
	if err != nil {
		t.Fatal(err)
	}
	if w := o.Sides[Defender]; len(w.Survivors) != 7 || w.Result != campaign.OrdinaryVictory {
		t.Errorf("Habsburgs %+v, want 7 units staying and an ordinary victory", w)
	}
	if l := o.Sides[Attacker]; !reflect.DeepEqual(l.Survivors, []string{"o5", "o6", "o7"}) || l.Result != campaign.OrdinaryDefeat || l.Eliminated {
		t.Errorf("Ottomans %+v", l)
	}
	r := o.Retreat
	if r == nil || r.Clan != "ottoman" || len(r.Units) != 3 || !reflect.DeepEqual(r.Leaders, []string{"suleiman", "ibrahim"}) ||
		r.IntoFortress != 0 || !slices.Contains(r.Checklist, checkOwnOrigin) {
		t.Errorf("retreat %+v: Suleiman, Ibrahim and 3 units back to the city they came from", r)
	}
	if o.SiegeCheck {
		t.Error("the defender won: no siege check")
	}
}

// calais is E3-X2's siege: Francis and 6 French regulars outnumber the 2
// English regulars who went into Calais's fortifications, in the French
// impulse (phase 1); the English squadron lies in the port.
func calais(t *testing.T) Siege {
	s, err := Open("calais", Fortress{Province: "calais", Name: "Calais", Type: Castle},
		Force{Clan: "france", Units: units("f", 6, campaign.FootSamuraiSpear, 6), Leaders: []Leader{{ID: "francis", Role: Commander, Rating: 1}}},
		Force{Clan: "england", Units: units("e", 2, campaign.AshigaruSpear, 6)}, 1, true)
	if err != nil {
		t.Fatal(err)
	}
	s.Naval = []string{"english-squadron"}
	return s
}

// E3-X2: Brandon's 4 with the 2 besieged: 6 + 1 = 7 dice; the French
// 6 + 1 + 1 = 8. 0 hits against 2: both losses from Brandon's force, he
// retreats with 2 units, the 2 besieged go back in.
func TestE3_X2_ReliefBattle(t *testing.T) {
	s := calais(t)
	if s.Status != Active || s.Fortress.Holder != "england" || !s.Blocked("e1") {
		t.Fatalf("siege %+v", s)
	}
	r := Relief{ID: "calais-relief", Siege: s, Join: []string{"e1", "e2"},
		Force: Force{Clan: "england", Units: units("b", 4, campaign.FootSamuraiSpear, 6), Leaders: []Leader{{ID: "brandon", Role: Commander, Rating: 1}}}}
	b, err := r.Battle()
	if err != nil {
		t.Fatal(err)
	}
	plan, _ := b.Plan()
	if len(plan[Attacker]) != 7 || len(plan[Defender]) != 8 {
		t.Fatalf("dice %d and %d, want the seed's 7 and 8", len(plan[Attacker]), len(plan[Defender]))
	}
	f, err := b.Fight(misses(t, map[string]int{"relief.calais-relief.def.f2": 5, "relief.calais-relief.def.defender": 6}))
	if err != nil {
		t.Fatal(err)
	}
	if f.Pools[Attacker].Hits != 0 || f.Pools[Defender].Hits != 2 || f.Winner != Defender {
		t.Fatalf("hits %d/%d", f.Pools[Attacker].Hits, f.Pools[Defender].Hits)
	}
	o, err := f.Resolve(Choice{Losses: []string{"b1", "b2"}}, Choice{})
	if err != nil {
		t.Fatal(err)
	}
	ro, err := r.Outcome(o, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	if ro.Case != ReliefLostFewer || !reflect.DeepEqual(ro.Inside, []string{"e1", "e2"}) {
		t.Errorf("case %s, inside %v: the 2 besieged go back in", ro.Case, ro.Inside)
	}
	if rt := ro.Retreat; rt == nil || !reflect.DeepEqual(rt.Units, []string{"b3", "b4"}) || !reflect.DeepEqual(rt.Leaders, []string{"brandon"}) ||
		!slices.Contains(rt.Checklist, checkOwnOrigin) {
		t.Errorf("retreat %+v: Brandon with 2 units back to Boulogne", ro.Retreat)
	}
	if ro.Siege.Status != Active || Count(ro.Siege.Besieged.Units) != 2 || Count(ro.Siege.Besiegers.Units) != 6 || ro.Lift != nil {
		t.Errorf("siege %+v goes on", ro.Siege)
	}
	if _, err := r.Outcome(o, []string{"b3"}, nil); err == nil {
		t.Error("E3-D2: on fewer hits a relief unit went inside")
	}
}

// E3-X3: in the next French impulse, 6 units give ⌈6/2⌉ = 3 dice + 1 for
// Francis = 4; the English 2 + 1 = 3. At least 2 French hits and Calais
// falls, the English squadron with it.
func TestE3_X3_Assault(t *testing.T) {
	s := calais(t)
	order := AssaultOrder{Phase: 3, Units: []string{"f1", "f2", "f3", "f4", "f5", "f6"}, Leaders: []string{"francis"}, LOC: true, Blockade: true}
	plan, err := s.PlanAssault(order)
	if err != nil {
		t.Fatal(err)
	}
	wantAtk := []string{"assault.calais.3.atk.f1+f2", "assault.calais.3.atk.f3+f4", "assault.calais.3.atk.f5+f6", "assault.calais.3.atk.leader.francis.1"}
	if !reflect.DeepEqual(keys(plan[Attacker]), wantAtk) || len(plan[Defender]) != 3 {
		t.Fatalf("dice %v and %d, want the seed's 4 and 3", keys(plan[Attacker]), len(plan[Defender]))
	}
	st, err := s.Assault(order, misses(t, map[string]int{"assault.calais.3.atk.f1+f2": 5, "assault.calais.3.atk.leader.francis.1": 6, "assault.calais.3.def.defender": 5}))
	if err != nil {
		t.Fatal(err)
	}
	o, err := st.Resolve(nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	if !o.Success || o.Siege.Status != Fallen || o.Siege.Fortress.Holder != "france" || !reflect.DeepEqual(o.NavalToTrack, []string{"english-squadron"}) || !o.CastleCaptured {
		t.Errorf("2 hits: Calais falls, the squadron goes: %+v", o)
	}
	if o.Sides[Attacker].Result != campaign.Rout || o.Sides[Defender].Result != campaign.TotalDefeat || len(o.Sides[Attacker].Survivors) != 5 {
		t.Errorf("results %+v", o.Sides)
	}
	st, _ = s.Assault(order, misses(t, map[string]int{"assault.calais.3.atk.f3+f4": 6}))
	o, err = st.Resolve(nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	if o.Success || o.Siege.Status != Active || Count(o.Siege.Besieged.Units) != 1 || o.Siege.LastAssaultPhase != 3 ||
		o.Sides[Attacker].Result != campaign.OrdinaryDefeat {
		t.Errorf("1 hit: the assault fails, the siege goes on: %+v", o)
	}
}
