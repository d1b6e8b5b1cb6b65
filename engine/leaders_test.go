package engine

import "testing"

// E-07 variants, R-V.6.5, D-31: interception of a messenger.
func TestInterceptionE07(t *testing.T) {
	// Case 1: 5 (+1) fails, HQ reroll 7 fails, messenger 9 succeeds.
	res, _ := CommandRoll(CommandInput{Side: North, Stake: StakeHigh, Bonus: 1, HQReroll: true, Messengers: 1,
		Rerolls: []string{RerollHQ, RerollMessenger}}, NewScriptedDice(map[string][]int{"north.command": {3, 2, 4, 3, 6, 3}}))
	if !res.Success || res.Total != 9 {
		t.Fatalf("E-07 case 1: %+v", res)
	}
	// No messenger left: the messenger reroll of this turn is void: back to 7.
	got, left, what := Intercept(res, StakeHigh, []string{RerollHQ, RerollMessenger}, 0, false)
	if what != "voided" || got.Total != 7 || got.Success || got.Ordinary != 2 || got.Special != 0 || left != 0 {
		t.Fatalf("unused_first, none left: %+v %d %s", got, left, what)
	}
	// A second messenger still unused: that one is lost and the 9 stands.
	got, left, what = Intercept(res, StakeHigh, []string{RerollHQ, RerollMessenger}, 1, false)
	if what != "messenger_lost" || got.Total != 9 || left != 0 {
		t.Fatalf("unused_first, one left: %+v %d %s", got, left, what)
	}
	// shinobi.interception=used_first: the 9 is void, the unused messenger kept.
	got, left, what = Intercept(res, StakeHigh, []string{RerollHQ, RerollMessenger}, 1, true)
	if what != "voided" || got.Total != 7 || left != 1 {
		t.Fatalf("used_first: %+v %d %s", got, left, what)
	}
	// Nothing to intercept: the shinobi does nothing.
	plain, _ := CommandRoll(CommandInput{Side: South}, NewScriptedDice(map[string][]int{"south.command": {2, 1}}))
	if _, _, what := Intercept(plain, StakeLow, nil, 0, false); what != "nothing" {
		t.Fatal(what)
	}
}

// R-V.6.2, D-29: signals report the target's orders this turn and its
// Cunning-plan order for the next, and nothing of other units.
func TestSignals(t *testing.T) {
	orders := []Order{
		{Unit: "a", Kind: OrderMove, Phase: 1},
		{Unit: "a", Kind: OrderWheelLeft, Phase: 2},
		{Unit: "a", Kind: OrderMove, Turn: 4},
		{Unit: "a", Kind: OrderMove, Turn: 5},
		{Unit: "b", Kind: OrderRetreat, Phase: 1},
	}
	got := Signals(orders, "a", 3)
	if len(got) != 3 || got[2].Turn != 4 {
		t.Fatalf("signals: %+v", got)
	}
}

// R-III.1.5, R-III.5.1, R-III.5.2, D-19: the HQ's place is public, and the
// leaders of a unit the enemy sees are seen with it.
func TestViewShowsHQAndLeadersOfSeenUnits(t *testing.T) {
	b := testBattle(unit("s", South, SamuraiSpear, 8, "C13", N), unit("n", North, SamuraiSpear, 8, "A13", S))
	b.HQ[South] = MustCell("D33")
	b.Leaders = []Leader{{ID: "k", Side: South, Role: Commander, At: "s"}, {ID: "g", Side: South, Role: General, At: AtHQ}}
	v := View(b, North)
	if v.HQ[South] != MustCell("D33") || len(v.Leaders) != 2 {
		t.Fatalf("north sees HQ %v and leaders %+v", v.HQ[South], v.Leaders)
	}
}

// R-III.4.1, R-VIII.6.5: traits come with the army list (rolled in the
// strategic game) and only Brawler changes a roll here; a leader wounded a
// third time dies, whatever spared him before.
func TestThirdWoundKills(t *testing.T) {
	r := &resolver{b: Battle{Leaders: []Leader{{ID: "k", Role: Commander, At: "u", Wounds: 2, Health: LeaderWounded, Traits: []string{"insidious"}}}}}
	r.wound(0, "R-VIII.6.5")
	if l := r.b.Leaders[0]; l.Health != LeaderKilled || l.Wounds != 3 {
		t.Fatalf("third wound: %+v", l)
	}
}

// R-VIII.6.5, D-59: a duellist "killed" (a 4) may be spared by the
// opponent's player, and is wounded instead; a third wound still kills;
// without the choice he dies.
func TestSparingR_VIII_6_5(t *testing.T) {
	for _, tc := range []struct {
		name   string
		spare  [2]bool
		wounds int
		health LeaderHealth
	}{
		{"not spared", [2]bool{}, 0, LeaderKilled},
		{"spared by the south", [2]bool{false, true}, 0, LeaderWounded},
		{"spared by the north: his own side's choice does not count", [2]bool{true, false}, 0, LeaderKilled},
		{"spared, third wound", [2]bool{false, true}, 2, LeaderKilled},
	} {
		r := &resolver{b: Battle{Spare: tc.spare, Leaders: []Leader{
			{ID: "n", Side: North, Role: General, At: "nu", Wounds: tc.wounds},
			{ID: "s", Side: South, Role: General, At: "su"},
		}}, d: NewScriptedDice(map[string][]int{"duel": {4, 2}})} // a kill; 1-3 picks the north
		r.duel([2]int{0, 1}, func(int) bool { return false })
		if l := r.b.Leaders[0]; l.Health != tc.health {
			t.Errorf("%s: north general %+v, want %v", tc.name, l, tc.health)
		}
		if l := r.b.Leaders[1]; l.Health != LeaderOK {
			t.Errorf("%s: the south general was hurt: %+v", tc.name, l)
		}
	}
}

// R-III.1.6, D-19: an overrun HQ is lost, and the side that overran it
// knows where it was even with hq.public=false.
func TestHQOverrunRevealsItD_19(t *testing.T) {
	b := Battle{HQ: [2]Cell{MustCell("A34"), NoCell}, Settings: Settings{HQHidden: true},
		Units: []Unit{{ID: "raider", Side: South, Type: LightCavalry, Figures: 4, Cell: MustCell("A34"), Facing: N}}}
	if v := View(b, South); v.HQ[North] != NoCell {
		t.Fatalf("the hidden HQ shows before the overrun: %v", v.HQ)
	}
	r := &resolver{b: b}
	r.hqOverrun()
	if !r.b.HQLost[North] || !r.b.HQKnown[South] || r.b.HQKnown[North] {
		t.Fatalf("lost %v known %v", r.b.HQLost, r.b.HQKnown)
	}
	if v := View(r.b, South); v.HQ[North] != MustCell("A34") {
		t.Fatalf("south sees %v", v.HQ)
	}
}

// R-III.1.6, R-III.1.2, R-III.1.4, R-III.1.3, D-20, D-34: an HQ whose cell an
// enemy unit holds at the start of the command phase falls before the roll.
// The bot's calls (CommandSetup with no orders yet, CheckBudget, Validate on
// the stored state) already go without it, even when the enemy stands
// hidden in a forest there, and the state they are given is not changed.
func TestHQOverrunBeforeTheRoll_R_III_1_6(t *testing.T) {
	b := testBattle(unit("n", North, SamuraiSpear, 8, "A33", S), unit("raider", South, LightCavalry, 4, "A34", N))
	b.HQ = [2]Cell{MustCell("A34"), MustCell("D33")}
	b.Leaders = []Leader{{ID: "daimyo", Side: North, Role: Commander, At: AtHQ},
		{ID: "taisho", Side: North, Role: General, At: AtHQ, Traits: []string{traitCunningPlan}},
		{ID: "g", Side: North, Role: General, At: AtReserve}}
	check := func(what string, b Battle) {
		t.Helper()
		if reroll, bonus := CommandSetup(&b, North, b.Turn+1, nil); reroll || bonus != 0 {
			t.Errorf("%s: HQ reroll %v, bonus %d; want none", what, reroll, bonus)
		}
		army := []Order{{Side: North, Kind: OrderGeneralAdvance, Phase: 1}}
		if p := CheckBudget(b, North, b.Turn+1, army, CommandResult{Ordinary: 3}); p == nil || p.Arg != "special" {
			t.Errorf("%s: General advance on ordinary orders: %v, want over budget (special)", what, p)
		}
		plan := []Order{{Unit: "n", Side: North, Kind: OrderMove, Phase: 1, Turn: b.Turn + 2}}
		if p := CheckBudget(b, North, b.Turn+1, plan, CommandResult{Ordinary: 3}); p == nil || p.Rule != "R-V.5.3" {
			t.Errorf("%s: Cunning plan of a general in the fallen HQ: %v, want R-V.5.3", what, p)
		}
		move := []Order{{Side: North, Kind: OrderMoveLeader, Leader: "g", To: AtHQ}}
		if ps := Validate(b, North, b.Turn+1, move); len(ps) != 1 || ps[0].Arg != "no_hq" {
			t.Errorf("%s: a move into the fallen HQ: %v, want no_hq", what, ps)
		}
		if b.HQLost[North] || b.Leaders[0].At != AtHQ {
			t.Errorf("%s: the battle given was changed: lost %v, daimyo at %s", what, b.HQLost, b.Leaders[0].At)
		}
	}
	check("in the open", b)
	hidden := b.Clone()
	hidden.Terrain.Forests = []Cell{MustCell("A34")}
	hidden.Units[0].Cell = MustCell("A31") // not next to the forest: the raider is hidden from North
	if len(View(hidden, North).Units) != 1 {
		t.Fatal("the raider should be hidden from North")
	}
	check("hidden in a forest", hidden)

	// The resolution begins with the same step.
	next, ev := resolve(t, b, nil, nil)
	if !next.HQLost[North] || next.Leaders[0].At != AtReserve || next.Leaders[1].At != AtReserve {
		t.Fatalf("after the turn: lost %v, leaders %+v", next.HQLost, next.Leaders)
	}
	if len(ev) == 0 || ev[0].Kind != EvHQLost {
		t.Fatalf("first event %+v, want hq_lost", ev)
	}

	// An enemy that has left the HQ cell, or a friend on it, takes nothing.
	left, friend := b.Clone(), b.Clone()
	left.Units[1].Cell = MustCell("A35")
	friend.Units[1].Side = North
	for what, ok := range map[string]Battle{"the enemy left": left, "a friend there": friend} {
		if reroll, bonus := CommandSetup(&ok, North, ok.Turn+1, nil); !reroll || bonus != 1 {
			t.Errorf("%s: reroll %v, bonus %d; want the reroll and +1", what, reroll, bonus)
		}
	}
}
