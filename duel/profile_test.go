package duel

import (
	"strings"
	"testing"
)

func TestE4_G3_CP(t *testing.T) {
	for rank, want := range map[int]int{0: 1, 1: 1, 2: 2, 3: 3, 4: 4, 5: 5} {
		if got := CP(rank); got != want {
			t.Errorf("CP(%d) = %d, want %d", rank, got, want)
		}
	}
}

func TestE4_Q2_E4_Q3_DefaultProfile(t *testing.T) {
	p := DefaultProfile("k", false, 1)
	want := Profile{ID: "k", Rank: 3, CP: 3, Initiative: 3, Fight: 3, Armour: ArmourHeavy, Wounds: 1}
	if p != want {
		t.Errorf("default %+v, want %+v", p, want)
	}
	if b := DefaultProfile("b", true, 0); b.Rank != 4 || b.CP != 4 || b.Initiative != 4 || b.Fight != 4 {
		t.Errorf("Brawler %+v, want Rank, CP, Initiative, Fight 4 (E4-Q3: +1 Rank)", b)
	}
	if b := NewProfile("b", 5, true, 0); b.Rank != 5 {
		t.Errorf("Brawler at Rank 5 gets Rank %d, want the maximum 5", b.Rank)
	}
	if z := NewProfile("z", 0, false, 0); z.CP != 1 || z.Fight != 0 {
		t.Errorf("Rank 0 %+v, want CP 1 (E4-G3), Fight 0", z)
	}
}

func TestE4_G4_E4_Q6_Validate(t *testing.T) {
	ok := DefaultProfile("k", false, 1)
	if err := ok.Validate(); err != nil {
		t.Errorf("1 wound refused: %v (E4-Q6: he fights with no penalty)", err)
	}
	neg := ok
	neg.Fight = -1
	cases := map[string]Profile{
		"below 0":         neg,
		"2 wounds":        DefaultProfile("k", false, 2),
		"rank 6":          {ID: "k", Rank: 6},
		"no id":           {Rank: 3},
		"unknown armour":  {ID: "k", Armour: 4},
		"negative wounds": {ID: "k", Wounds: -1},
	}
	for name, p := range cases {
		if err := p.Validate(); err == nil {
			t.Errorf("%s accepted", name)
		}
	}
	if err := DefaultProfile("k", false, 2).Validate(); err == nil || !strings.Contains(err.Error(), "E4-Q6") {
		t.Errorf("2 wounds: %v, want E4-Q6's refusal", err)
	}
	w := ok
	w.WeaponBonus = -1
	if err := w.Validate(); err != nil {
		t.Errorf("negative weapon bonus refused: %v", err)
	}
}
