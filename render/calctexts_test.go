package render

import (
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/gunbai/gunbai/campaign"
)

// calcDiceOf answers each key with its value, 1 if not given.
type calcDiceOf map[string]int

func (d calcDiceOf) Roll(k string) int {
	if v, ok := d[k]; ok {
		return v
	}
	return 1
}

// calcClean fails on a missing text or a broken format in what is shown.
func calcClean(t *testing.T, s string) {
	t.Helper()
	for _, bad := range []string{"%!", "calc.", "err.", "{1:", "<nil>"} {
		if strings.Contains(s, bad) {
			t.Fatalf("%q in %q", bad, s)
		}
	}
}

// E1-Q7's worked example, as the GM reads it.
func TestCalcCheckFormulaE1Q7(t *testing.T) {
	c := campaign.Check{Dice: 6, Bonus: 2, Own: 120, Resist: 140, Value: 7, Target: 5, Success: true}
	if got, want := CheckFormula(RU, c), "(2к6 = 6 + 2) × 120 / 140 = 6,86 → 7 ≥ 5: успех"; got != want {
		t.Fatalf("RU %q, want %q", got, want)
	}
	if got, want := CheckFormula(EN, c), "(2d6 = 6 + 2) × 120 / 140 = 6.86 → 7 ≥ 5: success"; got != want {
		t.Fatalf("EN %q, want %q", got, want)
	}
	c = campaign.Check{Dice: 4, Own: 35, Resist: 20, Value: 7, Target: 8}
	if got, want := CheckFormula(RU, c), "(2к6 = 4) × 35 / 20 = 7 < 8: неудача"; got != want {
		t.Fatalf("RU %q, want %q", got, want)
	}
}

// E1-C3..C7 in full: both sides, the dice, the formula, the new O&C and the
// former O&C to remember; a failure outside summer–autumn must retreat
// (E1-C8).
func TestCalcControlText(t *testing.T) {
	a := campaign.ControlAttempt{Province: "kai", Method: campaign.Punitive, CutAL: 2, AL: 5, OC: 4, OthersProvince: true,
		Forces: []campaign.Force{{ID: "t1", Units: []campaign.Unit{{ID: "u1", Type: campaign.HeavyCavalry, Figures: 30}}}},
		Resistance: campaign.Resistance{LevySamurai: 25, Fortifications: []campaign.HostileFortification{
			{Kind: campaign.Castle, Garrison: []campaign.Unit{{ID: "g", Type: campaign.FootSamuraiSpear, Figures: 5}}}}}}
	r, err := campaign.Control(a, calcDiceOf{"control.kai.1": 2, "control.kai.2": 4})
	if err != nil {
		t.Fatal(err)
	}
	ru := ControlText(RU, "kai", a.Method, r)
	calcClean(t, ru)
	for _, want := range []string{"карательные меры, цель 5+", "Сила захватчика (E1-C5, E1-Q3): 120", "ополчение 25 × 4 + гарнизон замка 20 × 2 = 140",
		"Кости 2к6: 2 + 4.", "(2к6 = 6 + 2) × 120 / 140 = 6,86 → 7 ≥ 5: успех", "ПиК теперь 1, УЗ 3.", "прежний ПиК провинции: 4 (E1-C7)"} {
		if !strings.Contains(ru, want) {
			t.Errorf("RU lacks %q:\n%s", want, ru)
		}
	}
	en := ControlText(EN, "kai", a.Method, r)
	calcClean(t, en)
	if !strings.Contains(en, "levy 25 × 4 + castle garrison 20 × 2 = 140 ash-eq") || !strings.Contains(en, "O&C is now 1, AL 3.") {
		t.Errorf("EN:\n%s", en)
	}
	a.Method, a.CutAL = campaign.SoftPower, 0
	r, _ = campaign.Control(a, calcDiceOf{"control.kai.1": 1, "control.kai.2": 1})
	ru = ControlText(RU, "kai", a.Method, r)
	if !strings.Contains(ru, "неудача") || !strings.Contains(ru, "E1-C8") || !strings.Contains(ru, "ПиК без изменений (4)") {
		t.Errorf("failure:\n%s", ru)
	}
	r, _ = campaign.Control(campaign.ControlAttempt{Province: "kai", Auto: campaign.AutoFacts{UnsuppressedRiot: true}, OC: 2, AL: 3}, nil)
	if ru = ControlText(RU, "kai", "", r); !strings.Contains(ru, "автоматически (E1-C2c)") {
		t.Errorf("automatic:\n%s", ru)
	}
}

// E1-R4's table (unit × item → d3), E1-Q5's rolls owed, the E1-R3
// checklist; all within Discord's messages once split.
func TestCalcRetreatText(t *testing.T) {
	army := campaign.Army{ID: "t1", Name: "Армия Такэды", ForcedMarch: true, Units: []campaign.Unit{
		{ID: "u1", Name: "Конница", Type: campaign.HeavyCavalry, Figures: 8},
		{ID: "u2", Name: "Асигару", Type: campaign.AshigaruSpear, Figures: 2}}}
	route := campaign.RetreatRoute{ForcedMarch: true, HostileBorders: 1, Crossings: []campaign.Crossing{{DefendedShores: 1, Squadron: true}}}
	items, _ := campaign.RetreatItems(route)
	losses, _ := campaign.Retreat(army.Units, route, calcDiceOf{"u1.retreat.forced_march": 5, "u2.retreat.forced_march": 6, "u2.retreat.border.1": 6})
	roster := campaign.Roster{Turn: 2, Characters: []campaign.Person{{Character: campaign.Character{ID: "shingen"}, Name: "Такэда Сингэн"}}}
	rep := RetreatReport{Roster: roster, Army: army, Items: items, Losses: losses, Risks: []RetreatRisk{
		{Character: "shingen", Unit: "u2", Kind: campaign.RetreatRisk(losses[1]), Beyond: losses[1].Beyond, Brawler: true}}}
	ru := RetreatText(RU, rep)
	calcClean(t, ru)
	for _, want := range []string{
		"**Срочное отступление: Армия Такэды** (ход 2)",
		"1) форс. марш; 2) граница 1; 3) переправа 1, берег 1; 4) переправа 1, эскадра",
		"• Конница (8): к6 5 → к3 3, к6 1 → к3 1, к6 1 → к3 1, к6 1 → к3 1 = −6 → 2 фигурки",
		"• Асигару (2): к6 6 → к3 3, к6 6 → к3 3, к6 1 → к3 1, к6 1 → к3 1 = −8 → уничтожен, сверх фигурок 6",
		"Такэда Сингэн (с отрядом «Асигару»): таблица уничтоженного отряда: к6 и ещё 6", "(Рубака перебрасывает, как в бою)",
		"Форсированный марш после отступления снимается (E1-R4).", "Предварительно", "(E1-R3.1)", "(E1-R3.7)",
	} {
		if !strings.Contains(ru, want) {
			t.Errorf("RU lacks %q:\n%s", want, ru)
		}
	}
	en := RetreatText(EN, rep)
	calcClean(t, en)
	if !strings.Contains(en, "d6 5 → d3 3") || !strings.Contains(en, "to an adjacent friendly province (E1-R3.1)") {
		t.Errorf("EN:\n%s", en)
	}
	// E1-R5: each fate.
	res, _ := campaign.Surrender(army.Units, campaign.Nowhere{Province: "kai", RaisedIn: map[string]string{"u2": "kai"}}, calcDiceOf{"u1.surrender": 3})
	rep = RetreatReport{Roster: roster, Army: army, Nowhere: true, Surrender: res, Province: "kai", Winner: "uesugi", Captives: "t1-captives", Applied: true}
	ru = RetreatText(RU, rep)
	calcClean(t, ru)
	for _, want := range []string{"Отступать некуда (E1-R5), провинция kai", "• Конница: к6 потерь = 3 → сдаются 5 фигурок",
		"• Асигару: расходится по домам", "группой «t1-captives»", "Записано в состав."} {
		if !strings.Contains(ru, want) {
			t.Errorf("RU lacks %q:\n%s", want, ru)
		}
	}
	// A big army still splits into Discord messages.
	for i := range 30 {
		army.Units = append(army.Units, campaign.Unit{ID: "x" + string(rune('a'+i)), Name: "Отряд асигару с длинным названием", Type: campaign.AshigaruSpear, Figures: 9})
	}
	route.HostileProvinces = 6
	items, _ = campaign.RetreatItems(route)
	losses, _ = campaign.Retreat(army.Units, route, calcDiceOf{})
	text := RetreatText(RU, RetreatReport{Roster: roster, Army: army, Items: items, Losses: losses})
	parts := SplitMessages(text, DiscordLimit)
	if len(parts) < 2 {
		t.Fatalf("%d characters in %d parts", utf8.RuneCountInString(text), len(parts))
	}
	for _, p := range parts {
		if utf8.RuneCountInString(p) > DiscordLimit {
			t.Fatalf("a part of %d characters", utf8.RuneCountInString(p))
		}
	}
}

// E1-S2, E1-S3: the rebels' dice, the check, the cost and the units hit.
func TestCalcSuppressText(t *testing.T) {
	army := campaign.Army{ID: "t1", Units: []campaign.Unit{{ID: "u1", Name: "Конница", Type: campaign.HeavyCavalry, Figures: 8}, {ID: "u2", Type: campaign.AshigaruSpear, Figures: 10}}}
	s := campaign.Suppression{Province: "kai", Kind: campaign.Riot, Terrain: campaign.Mountains, AL: 2, Method: campaign.SoftPower, Units: army.Units}
	r, err := campaign.Suppress(s, calcDiceOf{"suppress.kai.rebels.1": 6, "suppress.kai.1": 6, "suppress.kai.2": 6, "suppress.kai.cost": 2})
	if err != nil {
		t.Fatal(err)
	}
	ru := SuppressText(RU, SuppressReport{Province: "kai", Kind: s.Kind, Method: s.Method, Army: army, Result: r})
	calcClean(t, ru)
	for _, want := range []string{"Самураи бунта (E1-S2): 4к6 = 6 + 1 + 1 + 1 = 9.", "асигару мятежников 8 + самураи мятежников 9 × 4 = 44",
		"(2к6 = 12) × 42 / 44 = 11,45 → 11 ≥ 8: успех", "Цена успеха (E1-S3): к6 = 2", "• Конница: −1 → 7", "• u2: −1 → 9", "ПиК не меняется (E1-Q9)"} {
		if !strings.Contains(ru, want) {
			t.Errorf("RU lacks %q:\n%s", want, ru)
		}
	}
	calcClean(t, SuppressText(EN, SuppressReport{Province: "kai", Kind: s.Kind, Method: s.Method, Army: army, Result: r}))
}

// E1-R3 (seed §I item 3: "Для срочного отступления через узкий проход
// необходимо, чтобы он не был перекрыт погодой или армией/сэнданом
// противника"): the narrow pass is a condition on every route, shown under
// its own heading after the four destinations, never among them.
func TestRetreatChecklistPass_E1_R3(t *testing.T) {
	for _, lang := range []Lang{RU, EN} {
		lines := strings.Split(RetreatChecklistText(lang), "\n")
		every := slices.Index(lines, T(lang, "calc.retreat.check_every"))
		pass := slices.IndexFunc(lines, func(l string) bool { return strings.HasSuffix(l, "(E1-R3.5)") })
		last := slices.IndexFunc(lines, func(l string) bool { return strings.HasSuffix(l, "(E1-R3.4)") })
		if every < 0 || pass < every || last > every || every != 5 {
			t.Errorf("%s: the pass at %d, the heading at %d, the last destination at %d:\n%s", lang, pass, every, last, strings.Join(lines, "\n"))
		}
	}
	if c := campaign.RetreatChecklist[4]; c.Kind != "condition" || !strings.Contains(c.Text, "on every route") || !strings.Contains(c.Label, "узкий проход") {
		t.Errorf("E1-R3 pass %+v", c)
	}
}

// E1-K2, E1-Q18 and E1-K1 as the GM reads them; the regent is a general
// (E1-K0), not the woman of the house.
func TestCalcSecessionText(t *testing.T) {
	general := false
	roster := campaign.Roster{Clans: []campaign.Clan{{ID: "takeda", Name: "Такэда", Provinces: []string{"kai", "shinano", "suruga"}, Shrine: "kai"}},
		Characters: []campaign.Person{{Character: campaign.Character{ID: "matsu", Age: campaign.Young}, Name: "Мацу", Clan: "takeda", Female: true, Status: campaign.Active, Province: "shinano"},
			{Character: campaign.Character{ID: "baba", Age: campaign.Mature}, Name: "Баба", Clan: "takeda", Status: campaign.Active, Province: "shinano", House: &general}}}
	members := roster.Members("takeda")
	state := campaign.HouseState(members)
	res, err := campaign.Secede([]string{"kai", "shinano", "suruga"}, "kai", members, calcDiceOf{"secession.shinano": 3, "secession.suruga": 2})
	if err != nil {
		t.Fatal(err)
	}
	ru := SecessionText(RU, roster, "takeda", state, res)
	calcClean(t, ru)
	for _, want := range []string{"Остались только женщины (E1-K2, E1-Q18)", "кроме провинции святилища kai, отпадает на 1–2",
		"• shinano: к6 = 3, отпадает на ≤2: остаётся верной", "• suruga: к6 = 2, отпадает на ≤2: **отпадает**", "Регентом может стать: Баба."} {
		if !strings.Contains(ru, want) {
			t.Errorf("RU lacks %q:\n%s", want, ru)
		}
	}
	if en := SecessionText(EN, roster, "takeda", campaign.Extinct, campaign.SecessionResult{}); !strings.Contains(en, "(E1-K1)") || !strings.Contains(en, "neutral") {
		t.Errorf("E1-K1:\n%s", en)
	}
	calcClean(t, SecessionText(EN, roster, "takeda", state, campaign.SecessionResult{Recruit: true}))
}
