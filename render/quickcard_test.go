package render

import (
	"strings"
	"testing"

	"github.com/gunbai/gunbai/campaign"
	"github.com/gunbai/gunbai/quick"
)

// E3-F12, E3-U2 on the quick battle's card: a won fight that makes no siege
// shows the attacker's withdrawal with seed 15.3's three restrictions, in
// the reader's language (the seed's words in Russian), and the loser's
// retreat its E3-R2 checklist the same way.
func TestFightCardWithdraw_E3_U2(t *testing.T) {
	atk := quick.Force{Clan: "a", Units: []campaign.Unit{{ID: "a1", Type: campaign.AshigaruSpear, Figures: 6}}}
	def := quick.Force{Clan: "d", Units: []campaign.Unit{{ID: "d1", Type: campaign.AshigaruSpear, Figures: 6}, {ID: "d2", Type: campaign.AshigaruSpear, Figures: 6}}}
	f := &quick.Fought{Battle: quick.Battle{ID: "b", Attacker: atk, Defender: def, Fortress: quick.Castle, Holder: "d"}, Winner: quick.Attacker}
	o := &quick.Outcome{Winner: quick.Attacker, SiegeCheck: true,
		Sides:   [2]quick.SideResult{{Clan: "a", Survivors: []string{"a1"}}, {Clan: "d", Survivors: []string{"d1", "d2"}}},
		Retreat: &quick.Retreat{Clan: "d", Units: []string{"d1", "d2"}, IntoFortress: 4, Checklist: quick.RetreatChecklist(false)}}
	rec := quick.Record{ID: "b", Name: "У замка", Kind: quick.KindQuick, Fought: f, Done: true, Outcome: o, Withdraw: f.Withdraw(*o)}
	r := campaign.Roster{Clans: []campaign.Clan{{ID: "a", Name: "Уэсуги"}, {ID: "d", Name: "Такэда"}}}
	for _, c := range []struct {
		lang       Lang
		want, lack []string
	}{
		{RU, []string{"Он отходит, как при снятии осады (E3-U2)", "• Нельзя отступать в море", "Проиграл обороняющийся: нельзя отступать в провинцию, из которой пришёл враг"}, []string{"not into the sea"}},
		{EN, []string{"It withdraws as on lifting a siege (E3-U2)", "• not into the sea", "the defender lost: not into the province the enemy came from"}, []string{"Нельзя"}},
	} {
		card := FightCard(c.lang, r, rec)
		var siege, all string
		for _, fl := range card.Fields {
			all += fl.Name + "\n" + fl.Value + "\n"
			if fl.Name == T(c.lang, "qb.siege") {
				siege = fl.Value
			}
		}
		wantAll(t, string(c.lang), all, c.want...)
		for _, l := range c.lack {
			if strings.Contains(all, l) {
				t.Errorf("%s: %q in\n%s", c.lang, l, all)
			}
		}
		if strings.Contains(siege, "пришёл враг") || strings.Contains(siege, "enemy came from") {
			t.Errorf("%s: the withdrawal has 14.1's rule: %s", c.lang, siege)
		}
	}
}
