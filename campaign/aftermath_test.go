package campaign

import (
	"errors"
	"testing"
)

// keyed is a Dice answering by key, 3 for a key it was not told.
type keyed map[string]int

func (k keyed) Roll(key string) int {
	if v, ok := k[key]; ok {
		return v
	}
	return 3
}

// campaignRoster is one clan with an army of three units and two characters,
// and an enemy clan, after a battle the army won.
func campaignRoster() Roster {
	r := Roster{Turn: 2,
		Clans: []Clan{{ID: "oda", Name: "Ода", Role: "r1", Channel: "c1"}, {ID: "asai", Name: "Асаи"}},
		Characters: []Person{
			{Character: Character{ID: "nobunaga", Age: Mature}, Name: "Нобунага", Clan: "oda", Status: Active},
			{Character: Character{ID: "hideyoshi", Age: Young, Wounds: 1, WoundsAtTurnStart: 1}, Name: "Хидэёси", Clan: "oda", Status: Active},
			{Character: Character{ID: "nagamasa", Age: Young}, Name: "Нагамаса", Clan: "asai", Status: Active},
		},
		Armies: []Army{
			{ID: "oda-1", Clan: "oda", Kind: KindArmy, Commander: "nobunaga", Generals: []string{"hideyoshi"}, State: InOrder, Units: []Unit{
				{ID: "yari", Type: FootSamuraiSpear, Figures: 10},
				{ID: "uma", Type: LightCavalry, Figures: 6},
				{ID: "ashi", Type: AshigaruSpear, Figures: 12},
			}},
			{ID: "asai-1", Clan: "asai", Kind: KindArmy, Commander: "nagamasa", State: InOrder, Units: []Unit{{ID: "a-yari", Type: FootSamuraiSpear, Figures: 8}}},
		},
	}
	return r
}

func battleRecord() BattleRecord {
	return BattleRecord{Battle: "b1", Kind: "grid", Sides: [2]RecordedSide{
		{Clan: "oda", Armies: []string{"oda-1"}, Commander: "nobunaga", Generals: []string{"hideyoshi"}, Result: OrdinaryVictory, StartFigures: 28, EndFigures: 20,
			Units: []RecordedUnit{
				{Unit: "yari", Army: "oda-1", Start: 10, End: 6, Lost: 4, Inflicted: 3, Held: 1},
				{Unit: "uma", Army: "oda-1", Start: 6, End: 4, Lost: 2, Inflicted: 2, PutToFlight: 1, Fled: true},
				{Unit: "ashi", Army: "oda-1", Start: 12, End: 10, Lost: 2},
			},
			Characters: []RecordedChar{{Character: "nobunaga"}, {Character: "hideyoshi", Wounds: 1}}},
		{Clan: "asai", Armies: []string{"asai-1"}, Commander: "nagamasa", Result: OrdinaryDefeat, StartFigures: 20, EndFigures: 3, // 28 against 20: no 2-to-1 (E1-X1)
			Units:      []RecordedUnit{{Unit: "a-yari", Army: "asai-1", Start: 8, End: 3, Lost: 5}},
			Characters: []RecordedChar{{Character: "nagamasa", Captured: true}}},
	}}
}

// F-E1-1 step 1: a battle written back sets the turn's counters (E1-U1,
// E1-Q15), the wounds (one counter, E1-Q16) and captures.
func TestApplyRecord_F_E1_1_E1_U1_E1_Q16(t *testing.T) {
	r, dead := campaignRoster().ApplyRecord(battleRecord())
	if len(dead) != 0 {
		t.Fatalf("dead: %v", dead)
	}
	a, _ := r.Army("oda-1")
	yari := a.Units[a.UnitIndex("yari")]
	if yari.Figures != 6 || yari.LostThisTurn != 4 || !yari.SufferedLosses || !yari.Inflicted || !yari.Held || yari.Fled {
		t.Errorf("yari after the battle: %+v", yari)
	}
	if !Distinguished(yari) {
		t.Error("yari held, inflicted and suffered losses: it distinguished itself (E1-U1)")
	}
	uma := a.Units[a.UnitIndex("uma")]
	if !uma.Fled || Distinguished(uma) {
		t.Errorf("uma fled: not distinguished (E1-U1c): %+v", uma)
	}
	if !a.Fought || r.Records[0].Turn != 2 {
		t.Errorf("army fought %v, record turn %d", a.Fought, r.Records[0].Turn)
	}
	h, _ := r.Person("hideyoshi")
	if h.Wounds != 2 || h.Status != Active {
		t.Errorf("hideyoshi: %d wounds, %s", h.Wounds, h.Status)
	}
	n, _ := r.Person("nagamasa")
	if n.Status != Captured || n.Captor != "oda" {
		t.Errorf("nagamasa: %s by %q", n.Status, n.Captor)
	}
	// A third wound kills (E1-Q16), and the house is checked (E1-K).
	rec := battleRecord()
	rec.Sides[0].Characters[1].Wounds = 2
	r2, dead := campaignRoster().ApplyRecord(rec)
	if len(dead) != 1 || dead[0] != "hideyoshi" {
		t.Errorf("a third wound: dead %v", dead)
	}
	if a, _ := r2.Army("oda-1"); len(a.Generals) != 0 {
		t.Errorf("the dead general still serves: %v", a.Generals)
	}
	if a, _ := r.Army("asai-1"); a.Commander != "" {
		t.Errorf("the captured commander still commands: %q", a.Commander)
	}
	if got := r2.HouseAfter(dead); len(got) != 0 {
		t.Errorf("Nobunaga lives: the house has an heir, got %v", got)
	}
}

// F-E1-1 step 2 end to end on the value: recovery pools with the default
// distribution (E1-L2, E1-L3, E1-Q11), healing per clan once (E1-H, F-E1-1),
// the grants with their candidates (E1-X1, E1-X4), promotions (E1-U2,
// E1-U4), and Confirm writing it all.
func TestAftermath_F_E1_1(t *testing.T) {
	r, _ := campaignRoster().ApplyRecord(battleRecord())
	dice := keyed{"oda-1.recover.inf.1": 2, "oda-1.recover.inf.2": 1, "oda-1.recover.inf.3": 1, "oda-1.recover.cav": 5, "hideyoshi.heal.1": 6, "hideyoshi.heal.2": 1}
	facts := Province{Fortification: Castle, HorseBreeding: true}
	r, am, err := StartAftermath(r, "oda-1", facts, dice)
	if err != nil {
		t.Fatal(err)
	}
	if !am.Recovery.Eligible || am.Recovery.Infantry.Total != 4 || am.Recovery.Cavalry == nil || am.Recovery.Cavalry.Total != 5 {
		t.Fatalf("recovery: %+v", am.Recovery)
	}
	// Default: the yari lost 4 but takes at most 3 (E1-L2); the light horse
	// lost 2 and takes 2 of the 5 (E1-Q11e); ashigaru nothing (E1-Q11a).
	want := map[string]int{"yari": 3, "uma": 2}
	for _, x := range am.Alloc {
		if want[x.UnitID] != x.Figures {
			t.Errorf("default allocation %+v, want %v", am.Alloc, want)
		}
	}
	if len(am.Healings) != 1 || am.Healings[0].Character != "hideyoshi" || am.Healings[0].Result.Healed != 1 || am.Healings[0].Result.Complications != 1 {
		t.Errorf("healing: %+v", am.Healings)
	}
	if !am.Healings[0].Busy {
		t.Error("hideyoshi fought this turn with a wound at its start: busy (E1-H2, E1-Q17d)")
	}
	if len(am.Grants) != 1 || am.Grants[0].Rule != "E1-X1" || len(am.Grants[0].Candidates) != 2 {
		t.Errorf("grants: %+v", am.Grants)
	}
	if len(am.Promotable) != 1 || am.Promotable[0] != "yari" {
		t.Errorf("promotable: %v", am.Promotable)
	}
	// Healing is per clan: a second army of the clan does not heal again.
	if _, _, err := StartAftermath(r, "oda-1", facts, dice); !errors.Is(err, ErrAftermathRun) {
		t.Errorf("run twice: %v", err)
	}
	if _, err := r.Confirm("oda-1", "u1"); !errors.Is(err, ErrGrantOpen) {
		t.Errorf("confirm with an unnamed skill: %v", err)
	}
	if _, err := r.ChooseGrant("oda-1", 0, "nagamasa", ""); err == nil {
		t.Error("an enemy received the skill (E1-X4)")
	}
	if _, err := r.Allot("oda-1", []Allocation{{UnitID: "yari", Figures: 4}}); err == nil {
		t.Error("4 figures to one unit were allowed (E1-L2)")
	}
	r, err = r.ChooseGrant("oda-1", 0, "hideyoshi", "Обходной манёвр")
	if err != nil {
		t.Fatal(err)
	}
	if r, err = r.PickPromotions("oda-1", []Pick{{UnitID: "yari", Kind: PromoteSteadImp}}); err != nil {
		t.Fatal(err)
	}
	if r, err = r.Confirm("oda-1", "u1"); err != nil {
		t.Fatal(err)
	}
	a, _ := r.Army("oda-1")
	yari := a.Units[a.UnitIndex("yari")]
	if yari.Figures != 9 || yari.LostThisTurn != 0 || yari.SteadinessMod != 1 || yari.ImpetusMod != 1 || !a.Recovered {
		t.Errorf("after confirm: %+v, recovered %v", yari, a.Recovered)
	}
	h, _ := r.Person("hideyoshi")
	if h.Wounds != 2 || len(h.Skills) != 1 {
		t.Errorf("hideyoshi after: %+v", h)
	}
	if _, err := r.Allot("oda-1", nil); !errors.Is(err, ErrAftermathDone) {
		t.Errorf("a change after confirm: %v", err)
	}
	if err := r.Check(); err != nil {
		t.Error(err)
	}

	// /turn next (E1-P): counters and flags reset, wounds at turn start
	// taken, the aftermaths gone, the turn up.
	n := r.NextTurn()
	na, _ := n.Army("oda-1")
	if n.Turn != 3 || na.Recovered || na.Fought || len(n.Aftermaths) != 0 || len(n.Healed) != 0 {
		t.Errorf("next turn: %+v", n)
	}
	for _, u := range na.Units {
		if u.LostThisTurn != 0 || u.Inflicted || u.Held || u.Fled || u.SufferedLosses {
			t.Errorf("unit %s keeps a counter: %+v", u.ID, u)
		}
	}
	if u := na.Units[na.UnitIndex("yari")]; u.SteadinessMod != 1 || len(u.Promotions) != 1 {
		t.Errorf("the promotion was lost at the next turn: %+v", u)
	}
	nh, _ := n.Person("hideyoshi")
	if nh.WoundsAtTurnStart != 2 {
		t.Errorf("wounds at turn start %d", nh.WoundsAtTurnStart)
	}
	// The old roster value is untouched (a Roster is a value).
	if old, _ := r.Army("oda-1"); !old.Fought {
		t.Error("NextTurn changed the roster it was called on")
	}
}

// A scattered army recovers nothing (E1-L4), and Check refuses a roster
// whose references do not resolve.
func TestAftermathScatteredAndCheck_E1_L4(t *testing.T) {
	r := campaignRoster()
	r.Armies[0].State = Scattered
	_, am, err := StartAftermath(r, "oda-1", Province{}, keyed{})
	if err != nil || am.Recovery.Eligible {
		t.Errorf("scattered: %+v %v", am.Recovery, err)
	}
	bad := campaignRoster()
	bad.Armies[0].Commander = "nagamasa"
	if bad.Check() == nil {
		t.Error("a commander of another clan passed the check")
	}
	bad = campaignRoster()
	bad.Armies[1].Units[0].ID = "yari"
	if bad.Check() == nil {
		t.Error("a duplicated unit ID passed the check")
	}
}
