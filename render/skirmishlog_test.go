package render

import (
	"strings"
	"testing"

	"github.com/gunbai/gunbai/skirmish"
)

// Every die is worded with its target: an attack against the defence it
// had to beat (E2-D1: greater than the defence), a test against the
// result it needed (E2-R2: 11 or more), a modifier shown (E2-K, E2-SW).
func TestSkirmishDie_E2_D1_R2(t *testing.T) {
	for _, c := range []struct {
		l    Lang
		r    skirmish.Roll
		what string
		want string
	}{
		{RU, skirmish.Roll{Die: 14, Result: 14, Target: 14, Success: true}, "defence", "d20 = 14 > защита 13"},
		{RU, skirmish.Roll{Die: 13, Result: 13, Target: 14}, "defence", "d20 = 13 ≤ защита 13"},
		{EN, skirmish.Roll{Die: 9, Mod: 5, Result: 14, Target: 14, Success: true}, "defence", "d20 = 9 + 5 = 14 > defence 13"},
		{EN, skirmish.Roll{Die: 10, Result: 10, Target: 11}, "", "d20 = 10 < 11"},
		{RU, skirmish.Roll{Die: 11, Result: 11, Target: 11, Success: true}, "", "d20 = 11 ≥ 11"},
	} {
		if got := SkirmishDie(c.l, c.r, c.what); got != c.want {
			t.Errorf("%+v: %q, want %q", c.r, got, c.want)
		}
	}
}

// TestSkirmishMarkingInReadersWords_E2_B: a fighter's marking on the state
// and the cards' lines is in the reader's words (a Russian reader read
// "sergeant swordsman"), a class of the GM's own table and a sign the
// player chose as written.
func TestSkirmishMarkingInReadersWords_E2_B(t *testing.T) {
	for _, c := range []struct {
		f      skirmish.CardLine
		ru, en string
	}{
		{skirmish.CardLine{Class: skirmish.Swordsman, Rank: skirmish.Sergeant, Marking: "▲ sergeant swordsman"}, "▲ сержант мечник", "▲ sergeant swordsman"},
		{skirmish.CardLine{Class: skirmish.Spearman, Marking: "◆ spearman"}, "◆ копейщик", "◆ spearman"},
		{skirmish.CardLine{Class: "halberdier", Marking: "◆ halberdier"}, "◆ halberdier", "◆ halberdier"},
		{skirmish.CardLine{Class: skirmish.Archer, Marking: "◆ ➶"}, "◆ ➶", "◆ ➶"},
	} {
		sym := strings.Fields(c.f.Marking)[0]
		if got := skirmishMarking(RU, sym, c.f); got != c.ru {
			t.Errorf("RU %q: %q, want %q", c.f.Marking, got, c.ru)
		}
		if got := skirmishMarking(EN, sym, c.f); got != c.en {
			t.Errorf("EN %q: %q, want %q", c.f.Marking, got, c.en)
		}
	}
}
