package skirmish

import (
	"reflect"
	"testing"
)

// attackerTurn is the attackers' first turn, the defenders having passed.
func attackerTurn(t *testing.T) Game { return pass(t, newGame(t)) }

// E2-D1: the defence is pierced when the die is greater than it; the die
// keeps its key, modifier and the result it needed. A hit wounds (E2-M2).
func TestAttackPierces_E2_D1(t *testing.T) {
	g := attackerTurn(t)
	// a2 (spearman, +0) against d2 (defence 10): 10 holds.
	_, ev := must(t, g, Action{Kind: KindAttack, Fighter: "a2", Target: "d2", Inches: 2}, dice(10))
	if r := ev[0].Roll; r == nil || r.Die != 10 || r.Target != 11 || r.Success || ev[0].Result != "held" || len(ev) != 1 {
		t.Fatalf("10 against 10: %+v %+v", ev, ev[0].Roll)
	}
	n, ev := must(t, g, Action{Kind: KindAttack, Fighter: "a2", Target: "d2", Inches: 2}, dice(11))
	if ev[0].Result != "pierced" || ev[1].Kind != "wounded" || fighter(n, "d2").State != Wounded {
		t.Fatalf("11 against 10: %+v", ev)
	}
	if ev[0].Target != "d2" || ev[0].Inches != 2 || n.Record[len(n.Record)-1].Action.Inches != 2 {
		t.Error("the target and the stated distance are not in the record")
	}
	// the sergeant's +3 against the knight's 15: 12 + 3 = 15 holds, 13 pierces.
	n, _ = must(t, g, Action{Kind: KindMove, Fighter: "as", Inches: 3}, dice())
	_, ev = must(t, n, Action{Kind: KindAttack, Fighter: "as", Target: "dk", Inches: 1}, dice(12))
	if ev[0].Roll.Mod != 3 || ev[0].Roll.Result != 15 || ev[0].Roll.Success {
		t.Errorf("sergeant 12+3 against 15: %+v", ev[0].Roll)
	}
}

// E2-T: a class's deadly strike kills the fighter it names (spearman →
// cavalryman), the package's reading of "смертельный удар".
func TestDeadlyStrike_E2_T(t *testing.T) {
	g := newGame(t) // the defenders' turn: d2 (spearman) strikes ac (cavalryman)
	n, ev := must(t, g, Action{Kind: KindAttack, Fighter: "d2", Target: "ac", Inches: 2}, dice(15))
	if fighter(n, "ac").State != Dead || ev[1].Rule != "E2-T" {
		t.Errorf("spearman's deadly strike on a cavalryman: %+v", ev)
	}
	n, _ = must(t, g, Action{Kind: KindAttack, Fighter: "d2", Target: "a2", Inches: 2}, dice(15))
	if fighter(n, "a2").State != Wounded {
		t.Error("a spearman's hit on a spearman should wound")
	}
}

// E2-T, E2-L: the attack distance is the class's; a shooter on a height
// reaches 4" further; a fighter cannot climb over more than 1.5" without
// ladders.
func TestRangeAndTerrain_E2_T_L(t *testing.T) {
	g := attackerTurn(t)
	refused(t, g, Action{Kind: KindAttack, Fighter: "a2", Target: "d2", Inches: 2.5}, dice(20), "E2-T")
	refused(t, g, Action{Kind: KindAttack, Fighter: "aa", Target: "d2", Inches: 21}, dice(20), "E2-T")
	refused(t, g, Action{Kind: KindAttack, Fighter: "aa", Target: "d2", Inches: 22.5, Height: 3.5}, dice(20), "E2-L")
	refused(t, g, Action{Kind: KindAttack, Fighter: "aa", Target: "d2", Inches: 22, Height: 3}, dice(20), "E2-T")
	must(t, g, Action{Kind: KindAttack, Fighter: "aa", Target: "d2", Inches: 22, Height: 3.5}, dice(1))
	refused(t, g, Action{Kind: KindAttack, Fighter: "a2", Target: "d2", Inches: 3, Height: 5}, dice(20), "E2-T")
	refused(t, g, Action{Kind: KindMove, Fighter: "a2", Inches: 3, Climb: 2}, dice(), "E2-L")
	must(t, g, Action{Kind: KindMove, Fighter: "a2", Inches: 3, Climb: 2, Ladder: true}, dice())
	must(t, g, Action{Kind: KindMove, Fighter: "a2", Inches: 3, Climb: 1.5}, dice())
	refused(t, g, Action{Kind: KindMove, Fighter: "a2", Inches: 6.5}, dice(), "E2-T")
	must(t, g, Action{Kind: KindMove, Fighter: "ac", Inches: 12}, dice())
}

// E2-K: a cavalryman attacks twice a turn, anyone else once.
func TestCavalryTwoAttacks_E2_K(t *testing.T) {
	g := attackerTurn(t)
	g, _ = must(t, g, Action{Kind: KindAttack, Fighter: "ac", Target: "d2", Inches: 1}, dice(1))
	g, _ = must(t, g, Action{Kind: KindAttack, Fighter: "ac", Target: "d3", Inches: 1}, dice(1))
	refused(t, g, Action{Kind: KindAttack, Fighter: "ac", Target: "d4", Inches: 1}, dice(20), "E2-K")
	g, _ = must(t, g, Action{Kind: KindAttack, Fighter: "a2", Target: "d4", Inches: 1}, dice(1))
	refused(t, g, Action{Kind: KindAttack, Fighter: "a2", Target: "d4", Inches: 1}, dice(20), "E2-K")
}

// E2-M (medicine), E2-M1: an attack on a wounded fighter always succeeds, no die rolled;
// his second wound kills him. E2-M2: the wounded fighter has no functions.
func TestWounds_E2_M1_M2(t *testing.T) {
	g := attackerTurn(t)
	g, _ = must(t, g, Action{Kind: KindAttack, Fighter: "ac", Target: "d2", Inches: 1}, dice(20))
	d := dice()
	n, ev := must(t, g, Action{Kind: KindAttack, Fighter: "ac", Target: "d2", Inches: 1}, d)
	if len(d.keys) != 0 || ev[0].Result != "sure" || fighter(n, "d2").State != Dead || ev[1].Rule != "E2-M1" {
		t.Errorf("second attack on the wounded: %+v, dice %v", ev, d.keys)
	}
	g = pass(t, g)
	refused(t, g, Action{Kind: KindMove, Fighter: "d2", Inches: 1}, dice(), "E2-M2")
	refused(t, g, Action{Kind: KindAttack, Fighter: "d2", Target: "a2", Inches: 1}, dice(20), "E2-M2")
	refused(t, g, Action{Kind: KindWallForm, Fighters: []string{"d2", "d3", "d4", "d5"}}, dice(), "E2-M2")
}

// E2-M3, E2-R2, E2-M4, E2-Q5: in his side's next turn a wounded fighter
// within command distance of an officer tests: 1-10 dies, 11-20 recovers
// and acts in the same turn; outside the distance he does not test.
func TestWoundTest_E2_M3_R2_M4(t *testing.T) {
	g := attackerTurn(t)
	g, _ = must(t, g, Action{Kind: KindAttack, Fighter: "a2", Target: "d2", Inches: 1}, dice(20))
	g, _ = must(t, g, Action{Kind: KindAttack, Fighter: "a3", Target: "d3", Inches: 1}, dice(20))
	refused(t, g, Action{Kind: KindWoundTest, Fighter: "d2", Officer: "dk", Inches: 3}, dice(20), "E2-TS3")
	g = pass(t, g)
	refused(t, g, Action{Kind: KindWoundTest, Fighter: "d2", Officer: "dk", Inches: 8.5}, dice(20), "E2-M3")
	refused(t, g, Action{Kind: KindWoundTest, Fighter: "d2", Officer: "d4", Inches: 3}, dice(20), "E2-M3")
	refused(t, g, Action{Kind: KindWoundTest, Fighter: "d4", Officer: "dk", Inches: 3}, dice(20), "E2-M3")
	n, ev := must(t, g, Action{Kind: KindWoundTest, Fighter: "d2", Officer: "dk", Inches: 8}, dice(10))
	if fighter(n, "d2").State != Dead || ev[0].Roll.Target != 11 || ev[0].Result != "died" {
		t.Errorf("10 on the wound test: %+v", ev)
	}
	n, ev = must(t, n, Action{Kind: KindWoundTest, Fighter: "d3", Officer: "dk", Inches: 2}, dice(11))
	if fighter(n, "d3").State != Fit || ev[0].Result != "recovered" {
		t.Errorf("11 on the wound test: %+v", ev)
	}
	n, _ = must(t, n, Action{Kind: KindMove, Fighter: "d3", Inches: 2}, dice())
	must(t, n, Action{Kind: KindAttack, Fighter: "d3", Target: "a2", Inches: 2}, dice(1))
	// a wound of this very turn is tested in the side's next one
	same := g.Clone()
	set(&same, "d4", func(f *Fighter) { f.State, f.WoundedOn = Wounded, same.Turn })
	refused(t, same, Action{Kind: KindWoundTest, Fighter: "d4", Officer: "dk", Inches: 2}, dice(20), "E2-M3")
	// after the first move, no more tests this turn
	set(&n, "d4", func(f *Fighter) { f.State, f.WoundedOn = Wounded, 1 })
	refused(t, n, Action{Kind: KindWoundTest, Fighter: "d4", Officer: "dk", Inches: 2}, dice(20), "E2-M3")
}

// E2-F: without an officer troops cannot move; when every officer of an
// army is dead, the battle is lost.
func TestOfficersAndTheEnd_E2_F(t *testing.T) {
	g := newGame(t)
	set(&g, "o9", func(f *Fighter) { f.State = Dead })
	g, ev := must(t, g, Action{Kind: KindAttack, Fighter: "d2", Target: "as", Inches: 2}, dice(20))
	if fighter(g, "as").State != Wounded || len(ev) != 2 {
		t.Fatalf("%+v", ev)
	}
	g = pass(t, g)
	// the sergeant wounded: a1 has no officer; it owes its morale test (E2-O1)
	refused(t, g, Action{Kind: KindMove, Fighter: "a2", Inches: 1}, dice(), "E2-O1")
	n, _ := must(t, g, Action{Kind: KindMoraleTest, Unit: "a1", Enemy: 20}, dice(11)) // dug in
	refused(t, n, Action{Kind: KindMove, Fighter: "a2", Inches: 1}, dice(), "E2-R1")
	g = pass(t, g)
	g, ev = must(t, g, Action{Kind: KindAttack, Fighter: "d3", Target: "as", Inches: 2}, dice())
	if g.Phase != PhaseOver || g.Winner != 0 || ev[len(ev)-1].Kind != "game_over" {
		t.Fatalf("the attackers' one officer dead: %+v, phase %s winner %d", ev, g.Phase, g.Winner)
	}
	refused(t, g, Action{Kind: KindEndTurn}, dice(), "E2-F")
}

// E2-TS1..TS3: the defender moves first; a turn is move, then attack, then
// «Ход»; once it is said nothing of the turn is undone: the other side
// cannot act in it, the record only grows, Apply never changes the game
// it was given.
func TestTurnStructure_E2_TS(t *testing.T) {
	s := Setup{Table: DefaultClasses(), Sides: sides(), Defender: 1}
	s.Sides[0].Task = "hold the bridge"
	g, err := NewGame(s)
	if err != nil || g.Active != 1 || g.Turn != 1 || g.Sides[0].Task != "hold the bridge" {
		t.Fatalf("defender 1 moves first (E2-TS1): %+v %v", g.Active, err)
	}
	g = newGame(t)
	refused(t, g, Action{Kind: KindMove, Fighter: "a2", Inches: 1}, dice(), "E2-TS3")
	g, _ = must(t, g, Action{Kind: KindMove, Fighter: "d2", Inches: 1}, dice())
	refused(t, g, Action{Kind: KindMove, Fighter: "d2", Inches: 1}, dice(), "E2-TS2")
	g, _ = must(t, g, Action{Kind: KindAttack, Fighter: "da", Target: "aa", Inches: 10}, dice(20))
	refused(t, g, Action{Kind: KindMove, Fighter: "d3", Inches: 1}, dice(), "E2-TS2")
	before := g.Clone()
	ended := pass(t, g)
	if !reflect.DeepEqual(before, g) {
		t.Fatal("Apply changed the game it was given")
	}
	// aa was wounded in the defenders' turn: that stands.
	refused(t, ended, Action{Kind: KindAttack, Fighter: "da", Target: "a3", Inches: 10}, dice(20), "E2-TS3")
	later := pass(t, pass(t, ended))
	if !reflect.DeepEqual(later.Record[:len(ended.Record)], ended.Record) || fighter(later, "aa").State != Wounded {
		t.Error("an ended turn's record changed")
	}
	// each of his turns, a fighter moves and attacks anew (E2-TS2)
	again, _ := must(t, pass(t, later), Action{Kind: KindMove, Fighter: "d2", Inches: 1}, dice())
	must(t, again, Action{Kind: KindAttack, Fighter: "da", Target: "a3", Inches: 10}, dice(1))
	for _, e := range later.Record[:3] {
		if e.Turn != 1 || e.Side != 0 {
			t.Errorf("entry %+v not of turn 1", e)
		}
	}
}

// Dice off the d20 are an error, never a result (E2-Q2).
func TestDiceOffTheD20_E2_Q2(t *testing.T) {
	g := attackerTurn(t)
	for _, v := range []int{0, 21} {
		if _, _, err := Apply(g, Action{Kind: KindAttack, Fighter: "a2", Target: "d2", Inches: 1}, dice(v)); err == nil {
			t.Errorf("die %d accepted", v)
		}
	}
}

// The game is a value: JSON and back, it plays on the same.
func TestGameJSONRoundTrip(t *testing.T) {
	g := attackerTurn(t)
	g, _ = must(t, g, Action{Kind: KindAttack, Fighter: "a2", Target: "d2", Inches: 1.5}, dice(19))
	g = pass(t, g)
	g, _ = must(t, g, Action{Kind: KindWallForm, Fighters: []string{"d3", "d4", "d5", "ds"}}, dice())
	data, err := g.Marshal()
	if err != nil {
		t.Fatal(err)
	}
	back, err := Unmarshal(data)
	if err != nil || !reflect.DeepEqual(back, g) {
		t.Fatalf("round trip differs: %v", err)
	}
	a := Action{Kind: KindWoundTest, Fighter: "d2", Officer: "dk", Inches: 4}
	x, _ := must(t, g, a, dice(15))
	y, _ := must(t, back, a, dice(15))
	if !reflect.DeepEqual(x, y) {
		t.Error("the restored game plays differently")
	}
}
