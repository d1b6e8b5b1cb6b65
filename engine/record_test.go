package engine

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"reflect"
	"testing"
)

// playRecorded resolves turns with scripted dice, orders[k] for the k-th
// turn, and returns the record of them with the end battle.
func playRecorded(t *testing.T, b Battle, orders [][]Order, dice map[string][]int) (BattleRecord, Battle) {
	t.Helper()
	d := NewScriptedDice(dice)
	start := b.Clone()
	var turns [][]Event
	for k := 0; k < len(orders) && b.Outcome == Ongoing; k++ {
		next, ev, err := ResolveTurn(b, orders[k], d)
		if err != nil {
			t.Fatalf("turn %d: %v", k+1, err)
		}
		b = next
		turns = append(turns, ev)
	}
	if d.Err() != nil {
		t.Fatalf("dice: %v", d.Err())
	}
	if u := d.Unused(); len(u) > 0 {
		t.Fatalf("unused dice: %v", u)
	}
	return Record(start, turns, b), b
}

func unitRecord(t *testing.T, rec BattleRecord, id string) UnitRecord {
	t.Helper()
	for _, u := range rec.Units {
		if u.ID == id {
			return u
		}
	}
	t.Fatalf("no unit %s in the record", id)
	return UnitRecord{}
}

func checkUnitRecord(t *testing.T, got, want UnitRecord) {
	t.Helper()
	if !reflect.DeepEqual(got, want) {
		t.Errorf("%s:\n got %+v\nwant %+v", want.ID, got, want)
	}
}

// E1-Q15a (held position under attack), E1-Q15c (pushed back is no flight),
// E1-U1: heavy cavalry attacks ashigaru spearmen frontally and is thrown
// back. The spearmen held, removed 3 figures and lost 1: they distinguished
// themselves; the cavalry lost 3 in melee, removed 1, and did not flee.
func TestRecordHeldUnderAttack_E1_Q15a(t *testing.T) {
	b := testBattle(
		unit("hc", North, HeavyCavalry, 8, "A11", S),
		unit("sp", South, AshigaruSpear, 12, "C11", N),
	)
	// hc: no base against the spear front, one 5+ (armor 0): 1. sp: 4 dice
	// at 6+ and base 1 = 5, against armor 2: 3. X = 1 + 2 + 1 - 1 - 3 - 2 < 0.
	rec, end := playRecorded(t, b, [][]Order{{order(b, "hc", OrderMove, 1)}},
		map[string][]int{"hc.melee": {6, 1, 1, 1}, "sp.melee": {6, 6, 6, 6}})
	checkUnitRecord(t, unitRecord(t, rec, "sp"), UnitRecord{ID: "sp", Side: South, Type: AshigaruSpear,
		Start: 12, End: 11, Status: StatusOK, Lost: 1, LostMelee: 1, Inflicted: 3, InflictedMelee: 3, Held: 1})
	checkUnitRecord(t, unitRecord(t, rec, "hc"), UnitRecord{ID: "hc", Side: North, Type: HeavyCavalry,
		Start: 8, End: 5, Status: StatusOK, Lost: 3, LostMelee: 3, Inflicted: 1, InflictedMelee: 1})
	if !unitRecord(t, rec, "sp").Distinguished() || unitRecord(t, rec, "hc").Distinguished() {
		t.Error("E1-U1: the spearmen distinguished themselves, the cavalry did not")
	}
	if end.Unit("hc").Cell != MustCell("A11") {
		t.Errorf("the cavalry should be pushed back to A11, is in %s", end.Unit("hc").Cell)
	}
	if rec.Turns != 1 || rec.Outcome != Ongoing || rec.Sides[North].Result != ResultNone || rec.Sides[South].Result != ResultNone {
		t.Errorf("an ongoing battle: %+v", rec)
	}
}

// E1-Q15b, E1-Q13b, E1-Q12: a joint attack (samurai spearmen in front,
// allied minor-clan light cavalry in the flank) routs samurai spearmen.
// Both attackers put it to flight; the 8 figures removed are shared by the
// damage each dealt (2 and 7 before armor: 2 and 6). The ashigaru next to
// it rout by Peasants (EvPanic): no credit to anyone, but they fled. Every
// South unit routing is a total defeat: North's Rout.
func TestRecordJointAttackPutToFlight_E1_Q15b(t *testing.T) {
	b := testBattle(
		unit("n1", North, SamuraiSpear, 8, at(5, 4), S),
		unit("n2", North, LightCavalry, 4, at(4, 5), E),
		unit("s", South, SamuraiSpear, 12, at(5, 5), N),
		unit("a", South, AshigaruSpear, 8, at(6, 5), N),
	)
	b.Units[1].MinorClan = true
	// n1: no base against the spear front, 2 hits: 2. n2: Mounted charge
	// in the flank, 8 dice, 5 hits and base 2: 7. 9 - armor 1 = 8.
	rec, _ := playRecorded(t, b, [][]Order{{order(b, "n1", OrderMove, 1), order(b, "n2", OrderMove, 1)}},
		map[string][]int{"n1.melee": {6, 6, 1, 1}, "n2.melee": {6, 6, 6, 6, 6, 1, 1, 1}, "s.melee": {1, 1, 1, 1, 1, 1}})
	checkUnitRecord(t, unitRecord(t, rec, "n1"), UnitRecord{ID: "n1", Side: North, Type: SamuraiSpear,
		Start: 8, End: 8, Status: StatusOK, Inflicted: 2, InflictedMelee: 2, PutToFlight: 1})
	checkUnitRecord(t, unitRecord(t, rec, "n2"), UnitRecord{ID: "n2", Side: North, Type: LightCavalry, MinorClan: true,
		Start: 4, End: 4, Status: StatusOK, Inflicted: 6, InflictedMelee: 6, PutToFlight: 1})
	checkUnitRecord(t, unitRecord(t, rec, "s"), UnitRecord{ID: "s", Side: South, Type: SamuraiSpear,
		Start: 12, End: 4, Status: StatusRouting, Lost: 8, LostMelee: 8, Fled: true})
	checkUnitRecord(t, unitRecord(t, rec, "a"), UnitRecord{ID: "a", Side: South, Type: AshigaruSpear,
		Start: 8, End: 8, Status: StatusRouting, Fled: true})
	want := [2]SideRecord{
		{Side: North, StartFigures: 12, EndFigures: 12, Result: ResultRout}, // the minor clan's 4 included (E1-Q13b)
		{Side: South, StartFigures: 20, EndFigures: 12, Result: ResultTotalDefeat},
	}
	if rec.Sides != want || rec.Outcome != NorthTotalVictory {
		t.Errorf("sides %+v (%s), want %+v", rec.Sides, rec.Outcome, want)
	}
}

// E1-U1b: a joint attack annihilates light cavalry: both attackers
// destroyed an enemy unit; the 4 figures are shared 2 and 2 by the damage
// dealt (4 and 3 before armor).
func TestRecordDestroyedInJointAttack_E1_U1(t *testing.T) {
	b := testBattle(
		unit("n1", North, SamuraiSpear, 8, at(5, 4), S),
		unit("n2", North, SamuraiSpear, 8, at(4, 5), E),
		unit("s", South, LightCavalry, 4, at(5, 5), N),
	)
	rec, _ := playRecorded(t, b, [][]Order{{order(b, "n1", OrderMove, 1), order(b, "n2", OrderMove, 1)}},
		map[string][]int{"n1.melee": {6, 6, 1, 1}, "n2.melee": {6, 1, 1, 1}, "s.melee": {1, 1, 1, 1}})
	for _, id := range []string{"n1", "n2"} {
		if u := unitRecord(t, rec, id); u.Destroyed != 1 || u.InflictedMelee != 2 || u.PutToFlight != 0 {
			t.Errorf("%s: %+v", id, u)
		}
	}
	if u := unitRecord(t, rec, "s"); !u.Eliminated || u.Lost != 4 || u.End != 0 || u.Fled {
		t.Errorf("s: %+v", u)
	}
}

// E1-Q15a: a meeting engagement with no winner is no attack held, and the
// push back of both is no flight (E1-Q15c).
func TestRecordMeetingNoWinnerIsNotHeld_E1_Q15a(t *testing.T) {
	b := testBattle(
		unit("n", North, SamuraiSpear, 8, at(5, 3), S),
		unit("s", South, SamuraiSpear, 8, at(5, 5), N),
	)
	rec, _ := playRecorded(t, b, [][]Order{{order(b, "n", OrderMove, 1), order(b, "s", OrderMove, 1)}},
		map[string][]int{"n.melee": {6, 1, 1, 1}, "s.melee": {6, 1, 1, 1}})
	for _, id := range []string{"n", "s"} {
		u := unitRecord(t, rec, id)
		if u.Held != 0 || u.Fled || u.Lost != 1 || u.InflictedMelee != 1 || u.Distinguished() {
			t.Errorf("%s: %+v", id, u)
		}
	}
}

// E1-Q15a, E1-Q15c, E1-U1a: crossfire of archers and teppo. The figures
// removed are shared by each shot's damage before armor (6 and 2, 7
// removed: 5 and 2); they are lost to shooting; being shot at is no attack
// held, and a retreat from shooting no flight. Shooting that destroys a
// unit credits its shooters.
func TestRecordShooting_E1_Q15a(t *testing.T) {
	shoot := func(b Battle, id string) Order {
		o := order(b, id, OrderShoot, 1)
		o.Target = "n"
		return o
	}
	dice := map[string][]int{"s1.shoot": {6, 6, 6, 6, 6, 1, 1, 1}, "s2.shoot": {6, 1, 1, 1}}
	for _, figures := range []int{8, 7} {
		b := testBattle(
			unit("n", North, SamuraiSpear, figures, at(5, 4), S),
			unit("s1", South, SamuraiArcher, 8, at(5, 5), N),
			unit("s2", South, AshigaruTeppo, 8, at(6, 5), N),
		)
		rec, _ := playRecorded(t, b, [][]Order{{shoot(b, "s1"), shoot(b, "s2")}}, dice)
		n, s1, s2 := unitRecord(t, rec, "n"), unitRecord(t, rec, "s1"), unitRecord(t, rec, "s2")
		switch figures {
		case 8:
			if n.Lost != 7 || n.LostShot != 7 || n.LostMelee != 0 || n.Fled || n.Held != 0 || n.Eliminated {
				t.Errorf("n: %+v", n)
			}
			if s1.InflictedShot != 5 || s2.InflictedShot != 2 || s1.Inflicted != 5 || s1.Destroyed+s2.Destroyed != 0 {
				t.Errorf("shooters: %+v %+v", s1, s2)
			}
		case 7:
			if !n.Eliminated || n.LostShot != 7 || s1.Destroyed != 1 || s2.Destroyed != 1 {
				t.Errorf("destroyed by shooting: %+v %+v %+v", n, s1, s2)
			}
		}
	}
}

// Per leader (Hooks for E1; E1-Q16: one wound counter): a duel where both
// are wounded (5) gives each a wound gained and a duel; a general already
// wounded once counts only the wound gained here. A duel won by a kill (4,
// then 4: the South one) records the killed leader and no wound.
func TestRecordLeadersDuels(t *testing.T) {
	for _, c := range []struct {
		duel []int
		want []LeaderRecord
	}{
		{[]int{5}, []LeaderRecord{
			{ID: "gn", Side: North, Role: General, Wounds: 1, Duels: 1},
			{ID: "gs", Side: South, Role: General, Wounds: 1, Duels: 1},
		}},
		{[]int{4, 4}, []LeaderRecord{
			{ID: "gn", Side: North, Role: General, Duels: 1},
			{ID: "gs", Side: South, Role: General, Killed: true, Duels: 1},
		}},
	} {
		b := testBattle(
			unit("n", North, SamuraiSpear, 8, at(5, 3), S),
			unit("s", South, SamuraiSpear, 8, at(5, 5), N),
		)
		b.Leaders = []Leader{{ID: "gn", Side: North, Role: General, At: "n"},
			{ID: "gs", Side: South, Role: General, At: "s", Wounds: 1, Health: LeaderWounded}}
		rec, _ := playRecorded(t, b, [][]Order{{order(b, "n", OrderMove, 1), order(b, "s", OrderMove, 1)}},
			map[string][]int{"n.melee": {6, 1, 1, 1}, "s.melee": {6, 1, 1, 1}, "duel": c.duel})
		if !reflect.DeepEqual(rec.Leaders, c.want) {
			t.Errorf("duel %v: leaders %+v, want %+v", c.duel, rec.Leaders, c.want)
		}
	}
}

// E1-Q12: the battle's outcome in the campaign's words, for each side; a
// battle still going on (or ended by the GM without an outcome) has none.
func TestResultOf_E1_Q12(t *testing.T) {
	want := map[Outcome][2]SideResult{
		Ongoing:           {ResultNone, ResultNone},
		NorthTotalVictory: {ResultRout, ResultTotalDefeat},
		SouthTotalVictory: {ResultTotalDefeat, ResultRout},
		NorthVictory:      {ResultOrdinaryVictory, ResultOrdinaryDefeat}, // a zone-count win too
		SouthVictory:      {ResultOrdinaryDefeat, ResultOrdinaryVictory},
		Draw:              {ResultDraw, ResultDraw},
	}
	for _, o := range Outcomes() {
		w, ok := want[o]
		if !ok {
			t.Fatalf("no result for %s", o)
		}
		if got := [2]SideResult{ResultOf(o, North), ResultOf(o, South)}; got != w {
			t.Errorf("%s: %v, want %v", o, got, w)
		}
	}
}

// The record is stored as JSON: it reads back the same.
func TestRecordJSONRoundTrip(t *testing.T) {
	rec := BattleRecord{Battle: "b", Turns: 3, Outcome: SouthVictory,
		Sides:   [2]SideRecord{{Side: North, StartFigures: 10, EndFigures: 4, Result: ResultOrdinaryDefeat}, {Side: South, StartFigures: 9, EndFigures: 9, Result: ResultOrdinaryVictory}},
		Units:   []UnitRecord{{ID: "u", Side: South, Type: Yamabushi, Start: 9, End: 9, Status: StatusScattered, Lost: 0, Fled: true, Scattered: true, PutToFlight: 2}},
		Leaders: []LeaderRecord{{ID: "l", Side: North, Role: Commander, Captured: true}}}
	data, err := json.Marshal(rec)
	if err != nil {
		t.Fatal(err)
	}
	var back BattleRecord
	if err := json.Unmarshal(data, &back); err != nil || !reflect.DeepEqual(back, rec) {
		t.Fatalf("round trip: %v\n%s\n%+v", err, data, back)
	}
}

// Over random battles of several turns: a side's figures lost add up to its
// figures at the start less those at the end (E1-L counts on it); every
// loss is shooting, melee or flight; every figure lost to shooting or melee
// is credited to an enemy unit; a joint attack's shares are always rebuilt
// from its rolls; the flags agree with the end battle.
func TestRecordFiguresAddUp(t *testing.T) {
	rng := rand.New(rand.NewPCG(15, 1))
	played := 0
	for trial := 0; trial < 300; trial++ {
		b, orders := randomBattle(rng, 3+rng.IntN(10))
		start := b.Clone()
		var turns [][]Event
		for turn := 1; turn <= 8 && b.Outcome == Ongoing; turn++ {
			next, ev, err := ResolveTurn(b, orders, NewSeededDice([]byte(fmt.Sprint("rec", trial)), "r", turn))
			if err != nil {
				t.Fatalf("trial %d turn %d: %v", trial, turn, err)
			}
			b = next
			turns = append(turns, ev)
			orders = randomOrders(rng, b)
		}
		rec := Record(start, turns, b)
		rd := newRecorder(start)
		for _, evs := range turns {
			for _, e := range evs {
				rd.event(e)
			}
			rd.close()
		}
		if rd.mismatch != 0 {
			t.Fatalf("trial %d: %d joint damages not rebuilt", trial, rd.mismatch)
		}
		var lost, credited, creditable [2]int
		for _, u := range rec.Units {
			if u.Lost != u.LostShot+u.LostMelee+u.LostFlight || u.Lost != u.Start-u.End {
				t.Fatalf("trial %d: %s: %+v", trial, u.ID, u)
			}
			lost[u.Side] += u.Lost
			credited[u.Side] += u.Inflicted
			creditable[u.Side] += u.LostShot + u.LostMelee
			eu := b.Unit(u.ID)
			if u.Eliminated != (eu.Status == StatusDestroyed) || (eu.RoutedOnce && !u.Fled) || u.Scattered != (eu.Status == StatusScattered) {
				t.Fatalf("trial %d: %s: %+v, end %+v", trial, u.ID, u, *eu)
			}
			if lost[u.Side] > 0 {
				played++
			}
		}
		for _, s := range []Side{North, South} {
			if lost[s] != rec.Sides[s].StartFigures-rec.Sides[s].EndFigures {
				t.Fatalf("trial %d: %s lost %d, start %d, end %d", trial, s, lost[s], rec.Sides[s].StartFigures, rec.Sides[s].EndFigures)
			}
			if credited[s] != creditable[s.Enemy()] {
				t.Fatalf("trial %d: %s credited with %d, %s lost %d to shooting and melee", trial, s, credited[s], s.Enemy(), creditable[s.Enemy()])
			}
		}
	}
	if played == 0 {
		t.Fatal("no random battle lost a figure")
	}
}

// Joint attacks from random sides by random units on a random defender,
// routing or not, under either small.no_base_always: the record always
// rebuilds each attacker's share of the damage from its rolls, and shares
// out exactly the figures the defender lost in melee.
func TestRecordJointAttackShares(t *testing.T) {
	rng := rand.New(rand.NewPCG(15, 2))
	types := TroopTypes()
	places := []struct {
		cell Cell
		f    Dir
	}{{Cell{6, 4}, S}, {Cell{5, 5}, E}, {Cell{7, 5}, W}, {Cell{6, 6}, N}}
	joint, routing := 0, 0
	for trial := 0; trial < 500; trial++ {
		def := Unit{ID: "d", Side: South, Type: types[rng.IntN(len(types))], Figures: 1 + rng.IntN(16), Cell: Cell{6, 5}, Facing: N}
		if rng.IntN(4) == 0 {
			def.Status, def.RoutedOnce = StatusRouting, true
		}
		// A South unit that stands far off, so that a routing defender
		// is no total defeat before the attack.
		units := []Unit{def, {ID: "far", Side: South, Type: Yamabushi, Figures: 4, Cell: Cell{12, 7}, Facing: N}}
		var orders []Order
		for k, p := range places {
			if rng.IntN(3) == 0 {
				continue
			}
			id := fmt.Sprint("a", k)
			units = append(units, Unit{ID: id, Side: North, Type: types[rng.IntN(len(types))], Figures: 1 + rng.IntN(16), Cell: p.cell, Facing: p.f})
			orders = append(orders, Order{Unit: id, Side: North, Kind: OrderMove, Class: Ordinary, Phase: 1})
		}
		b := testBattle(units...)
		b.Settings.SmallBaseOnlyVsBig = rng.IntN(2) == 0
		next, ev, err := ResolveTurn(b, orders, NewSeededDice([]byte(fmt.Sprint("joint", trial)), "j", 1))
		if err != nil {
			t.Fatalf("trial %d: %v", trial, err)
		}
		for _, e := range ev {
			if e.Kind == EvDamage && e.Other == "d" && len(e.Unit) > 2 && e.Rule != "R-IX.1.1" {
				joint++
				routing += b2i(e.Rule == "R-X.5.3")
			}
		}
		rd := newRecorder(b)
		for _, e := range ev {
			rd.event(e)
		}
		if rd.mismatch != 0 {
			t.Fatalf("trial %d: a joint damage not rebuilt from its rolls", trial)
		}
		rec := Record(b, [][]Event{ev}, next)
		credited := 0
		for _, u := range rec.Units[2:] {
			credited += u.InflictedMelee
		}
		if d := rec.Units[0]; credited != d.LostMelee {
			t.Fatalf("trial %d: %d credited, the defender lost %d in melee", trial, credited, d.LostMelee)
		}
	}
	if joint < 100 || routing < 10 {
		t.Fatalf("only %d joint attacks, %d on a routing unit", joint, routing)
	}
	t.Logf("%d joint attacks, %d of them on a routing unit", joint, routing)
}

// Promotions carried into grid battles (E1-U2, E1-Q14).

// rollOf finds the roll of a key.
func rollOf(t *testing.T, ev []Event, key string) Event {
	t.Helper()
	for _, e := range ev {
		if e.Kind == EvRoll && e.Key == key {
			return e
		}
	}
	t.Fatalf("no roll %s", key)
	return Event{}
}

// E1-Q14, E1-U2: Combat Mastery 1 lowers heavy cavalry's extra damage from
// 5+ to 4+ (four 4s: four hits instead of none); campaign.mastery=off
// keeps it a record only. Mastery never takes a threshold below 2+
// (yamabushi 4+ with Mastery 3), and lowers shooting's too (teppo 4+ to 3+).
func TestMasteryLowersExtraDamage_E1_Q14(t *testing.T) {
	for _, c := range []struct {
		name      string
		mastery   int
		off       bool
		need, hit int
	}{
		{"no mastery", 0, false, 5, 0},
		{"mastery 1", 1, false, 4, 4},
		{"mastery 1, campaign.mastery=off", 1, true, 5, 0},
	} {
		b := testBattle(
			unit("hc", North, HeavyCavalry, 8, "A11", S),
			unit("sp", South, AshigaruSpear, 12, "C11", N),
		)
		b.Units[0].Mastery = c.mastery
		if c.off {
			if err := b.Settings.Set("campaign.mastery", "off"); err != nil {
				t.Fatal(err)
			}
		}
		_, ev := resolve(t, b, []Order{order(b, "hc", OrderMove, 1)},
			map[string][]int{"hc.melee": {4, 4, 4, 4}, "sp.melee": {1, 1, 1, 1}})
		if r := rollOf(t, ev, "hc.melee"); r.Need != c.need || r.Value != c.hit {
			t.Errorf("%s: need %d+, %d hits; want %d+, %d", c.name, r.Need, r.Value, c.need, c.hit)
		}
		if r := rollOf(t, ev, "sp.melee"); r.Need != 6 {
			t.Errorf("%s: the defender without mastery needs %d+", c.name, r.Need)
		}
	}
	// The defender's dice too: ashigaru spearmen 6+ with Mastery 1, 5+.
	b := testBattle(
		unit("hc", North, HeavyCavalry, 8, "A11", S),
		unit("sp", South, AshigaruSpear, 12, "C11", N),
	)
	b.Units[1].Mastery = 1
	_, ev := resolve(t, b, []Order{order(b, "hc", OrderMove, 1)},
		map[string][]int{"hc.melee": {1, 1, 1, 1}, "sp.melee": {5, 5, 1, 1}})
	if r := rollOf(t, ev, "sp.melee"); r.Need != 5 || r.Value != 2 {
		t.Errorf("defending spearmen with mastery 1: need %d+, %d hits; want 5+, 2", r.Need, r.Value)
	}
	for _, c := range []struct{ mastery, need int }{{1, 3}, {2, 2}, {3, 2}} {
		b := testBattle(
			unit("y", North, Yamabushi, 8, at(5, 3), S),
			unit("s", South, SamuraiSpear, 8, at(5, 5), N),
		)
		b.Units[0].Mastery = c.mastery
		_, ev := resolve(t, b, []Order{order(b, "y", OrderMove, 1), order(b, "s", OrderMove, 1)},
			map[string][]int{"y.melee": {1, 1, 1, 1}, "s.melee": {1, 1, 1, 1}})
		if r := rollOf(t, ev, "y.melee"); r.Need != c.need {
			t.Errorf("yamabushi 4+ with mastery %d: need %d+, want %d+", c.mastery, r.Need, c.need)
		}
	}
	b = testBattle(
		unit("n", North, SamuraiSpear, 8, at(5, 4), S),
		unit("s", South, AshigaruTeppo, 8, at(5, 5), N),
	)
	b.Units[1].Mastery = 1
	o := order(b, "s", OrderShoot, 1)
	o.Target = "n"
	_, ev = resolve(t, b, []Order{o}, map[string][]int{"s.shoot": {3, 3, 1, 1}})
	if r := rollOf(t, ev, "s.shoot"); r.Need != 3 || r.Value != 2 {
		t.Errorf("teppo with mastery 1: need %d+, %d hits; want 3+, 2", r.Need, r.Value)
	}
}

// E1-U2: Steadiness and Impetus promotions add to the unit's St and Imp in
// the combat result. In E-01 (X = 1, pushed back against St 1 + Serried 2)
// the spearmen with St +1 throw the cavalry back (X = 0); the cavalry with
// Imp +1 makes X = 2, with Imp +3 (X = 4 > 3) it routs them.
func TestPromotionsChangeCombatResult_E1_U2(t *testing.T) {
	for _, c := range []struct {
		name           string
		impMod, stMod  int
		x, imp, st     int
		detail         string
		spCell, hcCell string
	}{
		{"no promotion (E-01)", 0, 0, 1, 2, 1, "pushed_back", "C21", "C11"},
		{"spearmen St +1", 0, 1, 0, 2, 2, "repelled", "C11", "A11"},
		{"cavalry Imp +1", 1, 0, 2, 3, 1, "pushed_back", "C21", "C11"},
		{"cavalry Imp +3", 3, 0, 4, 5, 1, "routed", "", "C11"},
	} {
		b := testBattle(
			unit("hc", North, HeavyCavalry, 8, "A11", S),
			unit("sp", South, AshigaruSpear, 12, "C11", N),
		)
		b.Units[0].ImpMod, b.Units[1].StMod = c.impMod, c.stMod
		nb, ev := resolve(t, b, []Order{order(b, "hc", OrderMove, 1)},
			map[string][]int{"hc.melee": {6, 5, 3, 1}, "sp.melee": {6, 4, 2, 1}})
		var x *Event
		for k := range ev {
			if ev[k].Kind == EvCombatResult {
				x = &ev[k]
			}
		}
		if x == nil || x.Value != c.x || x.Detail != c.detail || x.Terms.Imp != c.imp || x.Terms.St != c.st {
			t.Errorf("%s: combat result %+v %+v", c.name, x, x.Terms)
			continue
		}
		if c.spCell != "" && nb.Unit("sp").Cell != MustCell(c.spCell) {
			t.Errorf("%s: spearmen in %s, want %s", c.name, nb.Unit("sp").Cell, c.spCell)
		}
		if nb.Unit("hc").Cell != MustCell(c.hcCell) {
			t.Errorf("%s: cavalry in %s, want %s", c.name, nb.Unit("hc").Cell, c.hcCell)
		}
	}
}

// E1-Q15b: two ashigaru units, each attacked by heavy cavalry and pushed
// back, rout one another by Peasants (EvPanic) after their fights: the
// cavalry put nobody to flight, though the ashigaru fled (E1-Q15c). Every
// South unit routing ends the battle: North's Rout (E1-Q12).
func TestRecordPeasantsGiveNoCredit_E1_Q15b(t *testing.T) {
	b := testBattle(
		unit("hc1", North, HeavyCavalry, 8, "A11", S),
		unit("hc2", North, HeavyCavalry, 8, "B11", S),
		unit("a1", South, AshigaruSpear, 12, "C11", N),
		unit("a2", South, AshigaruSpear, 12, "D11", N),
	)
	rec, _ := playRecorded(t, b, [][]Order{{order(b, "hc1", OrderMove, 1), order(b, "hc2", OrderMove, 1)}},
		map[string][]int{"hc1.melee": {5, 5, 4, 5}, "a1.melee": {6, 1, 2, 3}, "hc2.melee": {6, 1, 3, 5},
			"a2.melee": {2, 4, 4, 2}, "a2.flee": {3}, "a1.flee": {4}})
	for _, id := range []string{"hc1", "hc2"} {
		if u := unitRecord(t, rec, id); u.PutToFlight != 0 || u.InflictedMelee == 0 || u.Lost != 1 {
			t.Errorf("%s: %+v", id, u)
		}
	}
	for _, id := range []string{"a1", "a2"} {
		if u := unitRecord(t, rec, id); !u.Fled || u.Held != 0 || u.Status != StatusRouting {
			t.Errorf("%s: %+v", id, u)
		}
	}
	if rec.Sides[North].Result != ResultRout || rec.Sides[South].Result != ResultTotalDefeat {
		t.Errorf("sides %+v", rec.Sides)
	}
}

// E1-Q15b: attacking a unit that is already routing routs it again
// (R-X.5.3) but puts nobody to flight; the figures it loses (4: one per
// figure in the attacker's front rank, no dice, no armor) are the
// attacker's.
func TestRecordAttackOnRoutingUnit_E1_Q15b(t *testing.T) {
	b := testBattle(
		unit("n", North, SamuraiSpear, 8, "A11", S),
		Unit{ID: "r", Side: South, Type: SamuraiSpear, Figures: 8, Cell: MustCell("C11"), Facing: N, Status: StatusRouting, RoutedOnce: true},
		unit("far", South, Yamabushi, 4, "D36", N),
	)
	rec, _ := playRecorded(t, b, [][]Order{{order(b, "n", OrderMove, 1)}}, nil)
	checkUnitRecord(t, unitRecord(t, rec, "n"), UnitRecord{ID: "n", Side: North, Type: SamuraiSpear,
		Start: 8, End: 8, Status: StatusOK, Inflicted: 4, InflictedMelee: 4})
	checkUnitRecord(t, unitRecord(t, rec, "r"), UnitRecord{ID: "r", Side: South, Type: SamuraiSpear,
		Start: 8, End: 4, Status: StatusRouting, Lost: 4, LostMelee: 4, Fled: true})
}
