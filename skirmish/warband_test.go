package skirmish

import (
	"strings"
	"testing"
)

// E2-P: a sergeant has 16 prestige points, a knight 45, a master 80.
func TestPrestige_E2_P(t *testing.T) {
	for r, want := range map[Rank]int{Sergeant: 16, Knight: 45, Master: 80, NoRank: 0} {
		if got := Prestige(r); got != want {
			t.Errorf("Prestige(%q) = %d, want %d", r, got, want)
		}
	}
}

// E2-P: a unit is built on its senior officer's points, a subordinate
// officer's not counting; the campaign's attacker has 40 more.
func TestWarbandBudget_E2_P(t *testing.T) {
	tb := DefaultClasses()
	unit := func(fs ...Fighter) Side { return Side{Name: "s", Units: []Unit{{ID: "u", Fighters: fs}}} }
	// a sergeant's 16: eight spearmen at 2 fit exactly.
	fs := []Fighter{ftr("o", Swordsman, Sergeant)}
	for i := 0; i < 8; i++ {
		fs = append(fs, ftr(string(rune('a'+i)), Spearman, NoRank))
	}
	b, err := CheckSide(tb, unit(fs...), false)
	if err != nil || b.Points != 16 || b.Spent != 16 {
		t.Fatalf("16 of 16: %+v %v", b, err)
	}
	over := append(append([]Fighter(nil), fs...), ftr("z", Spearman, NoRank))
	if _, err := CheckSide(tb, unit(over...), false); err == nil || !strings.Contains(err.Error(), "E2-P") {
		t.Errorf("18 of 16 accepted: %v", err)
	}
	// the campaign's attacker: 16 + 40.
	if b, err := CheckSide(tb, unit(over...), true); err != nil || b.Points != 56 {
		t.Errorf("attacker in a campaign: %+v %v, want 56 points", b, err)
	}
	// a subordinate knight's 45 do not count: the master's 80 only; the
	// knight costs his class's 2 and his rank's 3.
	b, err = CheckSide(tb, unit(ftr("m", Swordsman, Master), ftr("k", Swordsman, Knight)), false)
	if err != nil || b.Points != 80 || b.Spent != 5 {
		t.Errorf("master and knight: %+v %v, want 80 points, 5 spent", b, err)
	}
	// no officer, nothing to build on.
	if _, err := CheckSide(tb, unit(ftr("x", Spearman, NoRank)), false); err == nil {
		t.Error("a unit without an officer was accepted")
	}
	// NewGame gives the +40 to the attacker only, and only in a campaign.
	s := sides()
	for i := 0; i < 11; i++ { // 12 + 22 of 16 + 16
		s[1].Units[0].Fighters = append(s[1].Units[0].Fighters, ftr("x"+string(rune('a'+i)), Spearman, NoRank))
	}
	if _, err := NewGame(Setup{Table: DefaultClasses(), Sides: s}); err == nil {
		t.Error("34 of the attacker's 32 accepted outside a campaign")
	}
	if _, err := NewGame(Setup{Table: DefaultClasses(), Sides: s, Campaign: true}); err != nil {
		t.Errorf("the campaign's attacker has +40: %v", err)
	}
	if _, err := NewGame(Setup{Table: DefaultClasses(), Sides: s, Campaign: true, Defender: 1}); err == nil {
		t.Error("the +40 went to the defender")
	}
}

// E2-K: sergeant +1, knight +3, master +5, cavalryman +3 to the cost; the
// standard-bearer's cost is the table's (not in the seed); special classes
// combine, one officer rank only.
func TestPrice_E2_K(t *testing.T) {
	tb := DefaultClasses()
	tb.BearerCost = 2
	for _, c := range []struct {
		f    Fighter
		want int
	}{
		{ftr("a", Spearman, NoRank), 2},
		{ftr("a", Spearman, Sergeant), 3},
		{ftr("a", Spearman, Knight), 5},
		{ftr("a", Spearman, Master), 7},
		{Fighter{ID: "a", Class: Spearman, Cavalry: true}, 5},
		{Fighter{ID: "a", Class: Spearman, Bearer: true}, 4},
		{Fighter{ID: "a", Class: Swordsman, Rank: Knight, Cavalry: true, Bearer: true}, 2 + 3 + 3 + 2},
	} {
		if got, err := Price(tb, c.f); err != nil || got != c.want {
			t.Errorf("Price(%+v) = %d %v, want %d", c.f, got, err, c.want)
		}
	}
	if _, err := Price(tb, Fighter{Class: Spearman, Rank: "sergeant+knight"}); err == nil {
		t.Error("two officer ranks priced")
	}
}

// E2-D (E2-D2), E2-Q3, E2-K, E2-SW: defence = coefficient + formation bonus: 10,
// 13 sergeant, 15 knight, 16 master (the table's 16, not 10 + 7); the
// ranks add 3, 5, 7 to attack; the shield wall +2 to both.
func TestDefenceAndAttack_E2_D2_K(t *testing.T) {
	for _, c := range []struct {
		r        Rank
		def, att int
	}{{NoRank, 10, 0}, {Sergeant, 13, 3}, {Knight, 15, 5}, {Master, 16, 7}} {
		f := ftr("a", Swordsman, c.r)
		if Defence(f) != c.def || AttackBonus(f) != c.att {
			t.Errorf("%q: defence %d attack %+d, want %d %+d", c.r, Defence(f), AttackBonus(f), c.def, c.att)
		}
		f.Wall = 1
		if Defence(f) != c.def+2 || AttackBonus(f) != c.att+2 {
			t.Errorf("%q in a wall: defence %d attack %+d, want +2 each (E2-SW)", c.r, Defence(f), AttackBonus(f))
		}
	}
}

// E2-Q1, E2-T, E2-D2: the default table is marked the bot's; a table is
// played only with the seed's numbers: every defence 10, the three deadly
// strikes (spearman → cavalryman, swordsman → archer, archer → spearman).
func TestTableSeedWins_E2_T_Q1(t *testing.T) {
	def := DefaultClasses()
	if def.Source != "bot-default" {
		t.Errorf("the default table says it is %q", def.Source)
	}
	gm := DefaultClasses()
	gm.Source = "gm"
	gm.Classes[0].Defence, gm.Classes[0].Deadly = 14, Archer
	gm.Classes[2].Deadly = Swordsman
	gm.Classes = append(gm.Classes, Class{ID: "axeman", Range: 1, Move: 5, Cost: 4, Defence: 12, Deadly: Spearman})
	got, err := gm.Check()
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range got.Classes {
		if c.Defence != 10 {
			t.Errorf("%s: defence %d, the seed's is 10", c.ID, c.Defence)
		}
	}
	for id, want := range map[string]string{Spearman: Cavalry, Swordsman: Archer, Archer: Spearman, "axeman": Spearman} {
		if c, _ := got.Class(id); c.Deadly != want {
			t.Errorf("%s strikes %q deadly, want %q", id, c.Deadly, want)
		}
	}
	if gm.Classes[0].Defence != 14 {
		t.Error("Check changed the table it was given")
	}
	lacks := DefaultClasses()
	lacks.Classes = lacks.Classes[1:]
	if _, err := lacks.Check(); err == nil {
		t.Error("a table without the seed's spearman accepted")
	}
}

// E2-B, E2-C, E2-M5: a unit's record card: the nation, the name and the
// marking, each fighter's base marking (symbol + rank + class) and state
// (the bot's markers for wounded and dead).
func TestCards_E2_C_B_M5(t *testing.T) {
	g := newGame(t)
	set(&g, "d2", func(f *Fighter) { f.State = Wounded })
	set(&g, "d3", func(f *Fighter) { f.State = Dead })
	set(&g, "dk", func(f *Fighter) { f.Awards = []string{"Золотой веер"}; f.Cavalry = true })
	cs := g.Cards(0)
	if len(cs) != 1 || cs[0].Nation != "Ода" || cs[0].Name != "Стража" || cs[0].Symbol != "◆" {
		t.Fatalf("cards %+v", cs)
	}
	want := map[string]string{"dk": "◆ knight swordsman", "d2": "◆ spearman"}
	for _, l := range cs[0].Fighters {
		if m, ok := want[l.ID]; ok && l.Marking != m {
			t.Errorf("%s marked %q, want %q", l.ID, l.Marking, m)
		}
		if l.ID == "dk" && (len(l.Awards) != 1 || len(l.Extras) != 1 || l.Extras[0] != "cavalry") {
			t.Errorf("dk's awards and extras: %+v", l)
		}
		if l.ID == "d2" && l.State != Wounded || l.ID == "d3" && l.State != Dead {
			t.Errorf("%s shown %s", l.ID, l.State)
		}
	}
	if CardWidthMM != 45 || CardHeightMM != 75 || CardGround != "green" {
		t.Error("the card is 4.5 × 7.5 cm on green (E2-C)")
	}
}
