package cards

import (
	"testing"

	"github.com/gunbai/gunbai/skirmish"
)

// seq answers the dice in order, whatever the key.
type seq []int

func (s *seq) Roll(string) int {
	if len(*s) == 0 {
		return 0
	}
	v := (*s)[0]
	*s = (*s)[1:]
	return v
}

func ftr(id, class string, r skirmish.Rank) skirmish.Fighter {
	return skirmish.Fighter{ID: id, Class: class, Rank: r}
}

// longName is a Russian name too long for any card (E2-C: a card is 4.5 cm
// wide).
const longName = "Сабуро Нобуканэ-но-Ками Такэда Мотоясу Великолепный из замка Цуцудзигасаки"

// fixedSides are the golden warbands: the defenders (Ода) a knight's unit
// with a long name and a named, decorated knight; the attackers (Такэда)
// a sergeant's unit with a cavalryman and a standard-bearer, and a lone
// sergeant.
func fixedSides() [2]skirmish.Side {
	dk := ftr("dk", skirmish.Swordsman, skirmish.Knight)
	dk.Name, dk.Awards = longName, []string{"Золотой веер", "Знак за Нагасино"}
	return [2]skirmish.Side{
		{Name: "Defenders", Nation: "Ода", Units: []skirmish.Unit{{ID: "d1", Name: "Личная стража князя Оды Нобунаги из замка Киёсу",
			Symbol: "◆", Fighters: []skirmish.Fighter{
				dk, ftr("ds", skirmish.Swordsman, skirmish.Sergeant), ftr("d2", skirmish.Spearman, skirmish.NoRank),
				ftr("d3", skirmish.Spearman, skirmish.NoRank), ftr("d4", skirmish.Spearman, skirmish.NoRank),
				ftr("d5", skirmish.Spearman, skirmish.NoRank), ftr("da", skirmish.Archer, skirmish.NoRank),
			}}}},
		{Name: "Attackers", Nation: "Такэда", Units: []skirmish.Unit{{ID: "a1", Name: "Волки", Symbol: "▲", Fighters: []skirmish.Fighter{
			ftr("as", skirmish.Swordsman, skirmish.Sergeant), ftr("a2", skirmish.Spearman, skirmish.NoRank),
			{ID: "a3", Class: skirmish.Spearman, Bearer: true},
			{ID: "ac", Class: skirmish.Spearman, Cavalry: true}, ftr("aa", skirmish.Archer, skirmish.NoRank),
		}}, {ID: "a9", Name: "Резерв", Symbol: "●", Fighters: []skirmish.Fighter{ftr("o9", skirmish.Swordsman, skirmish.Sergeant)}}}},
	}
}

// fixedGame is a short skirmish played by scripted dice: a shield wall
// (E2-SW), wounds (E2-M1), a capture (E2-J1), a wound test passed (E2-R2),
// a morale test with a corporal (E2-R1), a wounded fighter killed
// (E2-M1), an officer wounded.
func fixedGame(t testing.TB) skirmish.Game {
	t.Helper()
	g, err := skirmish.NewGame(skirmish.Setup{Table: skirmish.DefaultClasses(), Sides: fixedSides()})
	if err != nil {
		t.Fatal(err)
	}
	step := func(a skirmish.Action, d ...int) {
		t.Helper()
		dice := seq(d)
		if g, _, err = skirmish.Apply(g, a, &dice); err != nil {
			t.Fatalf("%+v: %v", a, err)
		}
	}
	end := func() { t.Helper(); step(skirmish.Action{Kind: skirmish.KindEndTurn}) }
	step(skirmish.Action{Kind: skirmish.KindWallForm, Fighters: []string{"ds", "d2", "d3", "d4"}})
	step(skirmish.Action{Kind: skirmish.KindAttack, Fighter: "da", Target: "aa", Inches: 15}, 15)
	end()
	step(skirmish.Action{Kind: skirmish.KindAttack, Fighter: "ac", Target: "d5", Inches: 1}, 20)
	step(skirmish.Action{Kind: skirmish.KindCapture, Fighter: "a3", Target: "d5", Inches: 1, Enemy: 5})
	end()
	step(skirmish.Action{Kind: skirmish.KindAttack, Fighter: "dk", Target: "as", Inches: 1}, 15)
	end()
	step(skirmish.Action{Kind: skirmish.KindWoundTest, Fighter: "aa", Officer: "o9", Inches: 6}, 12)
	step(skirmish.Action{Kind: skirmish.KindMoraleTest, Unit: "a1", Enemy: 10, Fighter: "a2"}, 17)
	end()
	step(skirmish.Action{Kind: skirmish.KindAttack, Fighter: "dk", Target: "as", Inches: 1})
	step(skirmish.Action{Kind: skirmish.KindAttack, Fighter: "da", Target: "o9", Inches: 12}, 20)
	end()
	return g
}
