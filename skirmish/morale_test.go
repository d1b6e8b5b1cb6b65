package skirmish

import "testing"

// leaderless is the attackers' turn with a1's sergeant dead: a1 must test.
func leaderless(t *testing.T) Game {
	g := attackerTurn(t)
	set(&g, "as", func(f *Fighter) { f.State = Dead })
	return g
}

// E2-R (tests), E2-R1: the morale test's bands, inclusive: 1-5 surrender only with an
// enemy within 12" (else retreat), 6-10 retreat, 11-15 dug in, 16-20 carry
// on with a corporal appointed.
func TestMoraleTable_E2_R1(t *testing.T) {
	for _, c := range []struct {
		die   int
		enemy float64
		want  Morale
	}{
		{1, 12, MoraleSurrender}, {5, 3, MoraleSurrender}, {5, 12.5, MoraleRetreat}, {5, 0, MoraleRetreat},
		{6, 3, MoraleRetreat}, {10, 3, MoraleRetreat}, {11, 3, MoraleDugIn}, {15, 3, MoraleDugIn},
		{16, 3, MoraleCarryOn}, {20, 3, MoraleCarryOn},
	} {
		g := leaderless(t)
		n, ev := must(t, g, Action{Kind: KindMoraleTest, Unit: "a1", Enemy: c.enemy, Fighter: "a3"}, dice(c.die))
		u, _ := n.unit(1, "a1")
		if u.Morale != c.want || ev[0].Roll.Die != c.die || ev[0].Inches != c.enemy {
			t.Errorf("die %d, enemy %v\": %s, want %s", c.die, c.enemy, u.Morale, c.want)
		}
		switch c.want {
		case MoraleSurrender:
			if fighter(n, "a2").State != Captured || fighter(n, "as").State != Dead {
				t.Error("a surrendering unit's living fighters are taken, its dead stay dead")
			}
		case MoraleCarryOn:
			if !fighter(n, "a3").Corporal || ev[1].Kind != "corporal" {
				t.Error("16-20: no corporal appointed")
			}
			// the corporal commands: the unit moves and attacks (E2-F)
			n, _ = must(t, n, Action{Kind: KindMove, Fighter: "a2", Inches: 2}, dice())
			must(t, n, Action{Kind: KindAttack, Fighter: "a2", Target: "d2", Inches: 2}, dice(1))
		case MoraleRetreat:
			n, _ = must(t, n, Action{Kind: KindMove, Fighter: "a2", Inches: 2}, dice())
			refused(t, n, Action{Kind: KindAttack, Fighter: "a2", Target: "d2", Inches: 2}, dice(20), "E2-R1")
		case MoraleDugIn:
			refused(t, n, Action{Kind: KindMove, Fighter: "a2", Inches: 2}, dice(), "E2-R1")
		}
		// rolled once: the result lasts (E2-R1, E2-O1)
		refused(t, n, Action{Kind: KindMoraleTest, Unit: "a1"}, dice(20), "E2-R1")
	}
}

// E2-O (morale), E2-O1: a unit with no officer in command distance tests before it acts;
// its result lasts until it comes under another friendly officer, within
// his command distance. E2-F: without one, and no corporal, it cannot move.
func TestMoraleUntilAnotherOfficer_E2_O1(t *testing.T) {
	g := attackerTurn(t)
	set(&g, "as", func(f *Fighter) { f.State = Dead })
	refused(t, g, Action{Kind: KindAttack, Fighter: "a2", Target: "d2", Inches: 1}, dice(20), "E2-O1")
	g, _ = must(t, g, Action{Kind: KindMoraleTest, Unit: "a1", Enemy: 20}, dice(8)) // retreat
	refused(t, g, Action{Kind: KindRejoin, Unit: "a1", Officer: "o9", Inches: 8.5}, dice(), "E2-O1")
	refused(t, g, Action{Kind: KindRejoin, Unit: "a1", Officer: "d2", Inches: 1}, dice(), "E2-O1")
	g, _ = must(t, g, Action{Kind: KindRejoin, Unit: "a1", Officer: "o9", Inches: 5}, dice())
	if u, _ := g.unit(1, "a1"); u.Morale != MoraleNone || u.Commander != "o9" {
		t.Fatalf("after rejoining: %+v", u)
	}
	g, _ = must(t, g, Action{Kind: KindAttack, Fighter: "a2", Target: "d2", Inches: 1}, dice(1))
	// its new officer killed: no command, and its test was taken
	set(&g, "o9", func(f *Fighter) { f.State = Wounded })
	g = pass(t, pass(t, g))
	refused(t, g, Action{Kind: KindMove, Fighter: "a3", Inches: 1}, dice(), "E2-O1")
}

// E2-K, E2-Q4, E2-O2: the standard-bearer gives +6 to his side's morale
// rolls while he is fit and free; an officer carrying the standard gives it
// to the unit he is in.
func TestStandardBearer_E2_K_Q4_O2(t *testing.T) {
	g := leaderless(t)
	set(&g, "aa", func(f *Fighter) { f.Bearer = true })
	n, ev := must(t, g, Action{Kind: KindMoraleTest, Unit: "a1", Enemy: 3}, dice(10))
	if ev[0].Roll.Mod != 6 || ev[0].Roll.Result != 16 || ev[0].Result != string(MoraleCarryOn) {
		t.Errorf("10 + 6: %+v", ev[0].Roll)
	}
	if !fighter(n, "a2").Corporal {
		t.Error("the first fit fighter was not made corporal")
	}
	set(&g, "aa", func(f *Fighter) { f.State = Wounded })
	if _, ev := must(t, g, Action{Kind: KindMoraleTest, Unit: "a1", Enemy: 3}, dice(10)); ev[0].Roll.Mod != 0 {
		t.Error("a wounded standard-bearer still gives his bonus")
	}
	// an officer-bearer (O2): the defenders' knight carries it.
	d := newGame(t)
	set(&d, "dk", func(f *Fighter) { f.Bearer = true })
	if d.MoraleBonus(0) != 6 || d.MoraleBonus(1) != 0 {
		t.Errorf("officer-bearer's bonus %d / %d", d.MoraleBonus(0), d.MoraleBonus(1))
	}
}
