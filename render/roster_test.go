package render

import (
	"fmt"
	"os"
	"regexp"
	"strings"
	"testing"

	"github.com/gunbai/gunbai/campaign"
	"github.com/gunbai/gunbai/engine"
)

// keyDice answers campaign rolls by key, 4 for a key it does not list.
type keyDice map[string]int

func (d keyDice) Roll(k string) int {
	if v, ok := d[k]; ok {
		return v
	}
	return 4
}

func person(id, name, clan string, age campaign.Age) campaign.Person {
	return campaign.Person{Character: campaign.Character{ID: id, Age: age}, Name: name, Clan: clan, Status: campaign.Active}
}

// testRoster is turn 3 of a campaign just after the battle of Kawanakajima.
func testRoster(t *testing.T) campaign.Roster {
	t.Helper()
	shingen := person("shingen", "Такэда Сингэн", "takeda", campaign.Mature)
	shingen.Wounds, shingen.WoundsAtTurnStart, shingen.WeakHealth, shingen.Busy = 1, 1, true, true
	shingen.Traits, shingen.Skills = []string{"Рубака"}, []string{"Засада"}
	nobushige := person("nobushige", "Такэда Нобусигэ", "takeda", campaign.Young)
	nobutora := person("nobutora", "Такэда Нобутора", "takeda", campaign.Old)
	nobutora.Wounds, nobutora.WoundsAtTurnStart = 2, 2
	matsu := person("matsu", "Мацу-химэ", "takeda", campaign.Young)
	matsu.Female = true
	katsuyori := person("katsuyori", "Такэда Кацуёри", "takeda", campaign.Young)
	kenshin := person("kenshin", "Уэсуги Кэнсин", "uesugi", campaign.Old)
	r := campaign.Roster{
		Turn: 3, Subphase: "осень",
		Clans: []campaign.Clan{
			{ID: "takeda", Name: "Такэда", Provinces: []string{"Кай", "Синано"}, Shrine: "Кай"},
			{ID: "uesugi", Name: "Уэсуги", Provinces: []string{"Этиго"}, Shrine: "Этиго"},
		},
		Characters: []campaign.Person{shingen, nobushige, nobutora, matsu, katsuyori, kenshin},
		Armies: []campaign.Army{
			{ID: "north", Name: "Северная", Clan: "takeda", Kind: campaign.KindArmy, Commander: "shingen",
				Generals: []string{"nobushige"}, Province: "Синано", State: campaign.Disorder, ForcedMarch: true,
				Units: []campaign.Unit{
					{ID: "obu", Name: "Конница Обу", Type: campaign.HeavyCavalry, Figures: 8, Mastery: 1, Promotions: []campaign.Promotion{campaign.PromoteMastery}},
					{ID: "baba", Name: "Самураи Бабы", Type: campaign.FootSamuraiSpear, Figures: 9},
					{ID: "teppo", Name: "Тэппо Ямамото", Type: campaign.AshigaruTeppo, Figures: 4},
				}},
			{ID: "raiders", Name: "Налётчики", Clan: "takeda", Kind: campaign.KindSendan, State: campaign.Scattered, CutOff: true,
				Units: []campaign.Unit{{ID: "lc", Name: "Лёгкие всадники", Type: campaign.LightCavalry, Figures: 6, SteadinessMod: -1}}},
			{ID: "echigo", Name: "Этиго", Clan: "uesugi", Kind: campaign.KindArmy, Commander: "kenshin", State: campaign.InOrder,
				Units: []campaign.Unit{{ID: "ue1", Name: "Копейщики Этиго", Type: campaign.AshigaruSpear, Figures: 12}}},
		},
	}
	if err := r.Check(); err != nil {
		t.Fatal(err)
	}
	r, _ = r.ApplyRecord(testRecord())
	return r
}

func testRecord() campaign.BattleRecord {
	return campaign.BattleRecord{Battle: "b1", Name: "Каванакадзима", Kind: "grid", Sides: [2]campaign.RecordedSide{
		{Clan: "takeda", Armies: []string{"north"}, Commander: "shingen", Generals: []string{"nobushige"}, Result: campaign.Rout,
			StartFigures: 30, EndFigures: 22, Units: []campaign.RecordedUnit{
				{Unit: "obu", Army: "north", Start: 8, End: 6, Lost: 2, LostMelee: 2, Inflicted: 5, Held: 1},
				{Unit: "baba", Army: "north", Start: 9, End: 5, Lost: 4, LostShot: 1, LostMelee: 3, Inflicted: 3, Destroyed: 1},
				{Unit: "teppo", Army: "north", Start: 4, End: 0, Lost: 4, Fled: true, Eliminated: true},
			},
			Characters: []campaign.RecordedChar{{Character: "nobushige", Wounds: 1, Duels: 1}, {Character: "matsu", Captured: true}, {Character: "katsuyori", Killed: true}}},
		{Clan: "uesugi", Armies: []string{"echigo"}, Commander: "kenshin", Result: campaign.TotalDefeat,
			StartFigures: 25, EndFigures: 9, Units: []campaign.RecordedUnit{
				{Unit: "ue1", Army: "echigo", Start: 12, End: 5, Lost: 7, Inflicted: 2, PutToFlight: 1},
			},
			Characters: []campaign.RecordedChar{{Character: "kenshin"}}},
	}}
}

// checkText fails on what a text must never show: a catalogue key (a
// missing text), a fmt error or a counted word left unformatted.
func checkText(t *testing.T, lang Lang, s string) {
	t.Helper()
	for _, bad := range []string{"camp.", "%!", "{", "}", "count."} {
		if strings.Contains(s, bad) {
			t.Errorf("%s: %q in %q", lang, bad, s)
		}
	}
}

func cardText(c Card) string {
	var b strings.Builder
	b.WriteString(c.Title + "\n" + c.Description + "\n")
	for _, f := range c.Fields {
		b.WriteString(f.Name + "\n" + f.Value + "\n")
	}
	b.WriteString(c.Footer)
	return b.String()
}

func cardsText(cs []Card) string {
	var b strings.Builder
	for _, c := range cs {
		b.WriteString(cardText(c) + "\n")
	}
	return b.String()
}

func checkLimits(t *testing.T, c Card) {
	t.Helper()
	if n := CardLen(c.Title); n > MaxCardTitle {
		t.Errorf("title of %d characters", n)
	}
	if n := CardLen(c.Description); n > MaxCardDescription {
		t.Errorf("description of %d characters", n)
	}
	if n := CardLen(c.Footer); n > MaxCardFooter {
		t.Errorf("footer of %d characters", n)
	}
	if len(c.Fields) > MaxCardFields {
		t.Errorf("%d fields", len(c.Fields))
	}
	for _, f := range c.Fields {
		if n := CardLen(f.Name); n > MaxCardFieldName || strings.TrimSpace(f.Name) == "" {
			t.Errorf("field name of %d characters: %.40q", n, f.Name)
		}
		if n := CardLen(f.Value); n > MaxCardFieldValue || strings.TrimSpace(f.Value) == "" {
			t.Errorf("field %.40q: value of %d characters", f.Name, n)
		}
	}
	if n := c.Size(); n > MaxCardTotal {
		t.Errorf("card %.40q of %d characters", c.Title, n)
	}
}

func fieldOf(t *testing.T, cs []Card, prefix string) string {
	t.Helper()
	for _, c := range cs {
		for _, f := range c.Fields {
			if strings.HasPrefix(f.Name, prefix) {
				return f.Value
			}
		}
	}
	t.Fatalf("no field %q in %s", prefix, cardsText(cs))
	return ""
}

func lineOf(t *testing.T, text, substr string) string {
	t.Helper()
	for _, l := range strings.Split(text, "\n") {
		if strings.Contains(l, substr) {
			return l
		}
	}
	t.Fatalf("no line with %q in %s", substr, text)
	return ""
}

func wantAll(t *testing.T, what, text string, want ...string) {
	t.Helper()
	for _, w := range want {
		if !strings.Contains(text, w) {
			t.Errorf("%s: no %q in\n%s", what, w, text)
		}
	}
}

func TestRosterCards(t *testing.T) {
	r := testRoster(t)
	for _, c := range []struct {
		lang                          Lang
		head, army, sendan, chars     string
		all, armyWant, sendanWant     []string
		obu, baba, teppo, lc, records []string
	}{
		{RU, "Клан Такэда", "Армия «Северная»", "Сэндан «Налётчики»", "Персонажи",
			[]string{"Ход кампании: 3", "этап: осень", "Провинции: Кай, Синано", "святилище: Кай"},
			[]string{"Армия «Северная» — 11 фигур", "Командующий: Такэда Сингэн", "генералы: Такэда Нобусигэ", "Провинция: Синано", "в беспорядке", "после тяжёлого марша", "В этом ходу: сражалась"},
			[]string{"Без командующего", "Провинция не указана", "рассеян ·", "отрезан"},
			[]string{"Конница Обу — тяжёлая конница, 6 фигур", "потеряно в этом ходу: 2", "боевое мастерство +1", "повышения: боевое мастерство +1", "♦ отличился"},
			[]string{"Самураи Бабы — самураи-копейщики, 5 фигур", "потеряно в этом ходу: 4"},
			[]string{"Тэппо Ямамото — асигару-тэппо, уничтожен"},
			[]string{"Лёгкие всадники — лёгкая конница, 6 фигур", "стойкость −1"},
			[]string{"Каванакадзима: Такэда — Разгром, фигуры 30 → 22; Уэсуги — полное поражение, фигуры 25 → 9"}},
		{EN, "Clan Такэда", "Army “Северная”", "Sendan “Налётчики”", "Characters",
			[]string{"Campaign turn: 3", "subphase: осень", "Provinces: Кай, Синано", "shrine: Кай"},
			[]string{"Army “Северная” — 11 figures", "Commander: Такэда Сингэн", "generals: Такэда Нобусигэ", "Province: Синано", "in disorder", "after a forced march", "This turn: fought"},
			[]string{"No commander", "No province given", "scattered", "cut off"},
			[]string{"Конница Обу — heavy cavalry, 6 figures", "lost this turn: 2", "Combat Mastery +1", "promotions: Combat Mastery +1", "♦ distinguished itself"},
			[]string{"Самураи Бабы — samurai spearmen, 5 figures", "lost this turn: 4"},
			[]string{"Тэппо Ямамото — ashigaru teppo, destroyed"},
			[]string{"Лёгкие всадники — light cavalry, 6 figures", "Steadiness −1"},
			[]string{"Каванакадзима: Такэда — Rout, figures 30 → 22; Уэсуги — total defeat, figures 25 → 9"}},
	} {
		cards := RosterCards(c.lang, r, "takeda")
		text := cardsText(cards)
		checkText(t, c.lang, text)
		if len(cards) != 1 || cards[0].Title != c.head {
			t.Fatalf("%s: cards %q", c.lang, text)
		}
		wantAll(t, string(c.lang)+" description", cards[0].Description, c.all...)
		army := fieldOf(t, cards, c.army)
		wantAll(t, string(c.lang)+" army", fieldNameValue(cards, c.army), c.armyWant...)
		wantAll(t, string(c.lang)+" sendan", fieldOf(t, cards, c.sendan), c.sendanWant...)
		wantAll(t, string(c.lang)+" obu", lineOf(t, army, "Конница Обу"), c.obu...)
		wantAll(t, string(c.lang)+" baba", lineOf(t, army, "Самураи Бабы"), c.baba...)
		wantAll(t, string(c.lang)+" teppo", lineOf(t, army, "Тэппо Ямамото"), c.teppo...)
		if strings.Contains(lineOf(t, army, "Тэппо Ямамото"), "♦") {
			t.Errorf("%s: a unit that fled is not distinguished", c.lang)
		}
		wantAll(t, string(c.lang)+" sendan unit", fieldOf(t, cards, c.sendan), c.lc...)
		wantAll(t, string(c.lang)+" records", text, c.records...)
		if strings.Contains(text, "Этиго") && strings.Contains(text, "Копейщики Этиго") {
			t.Errorf("%s: Uesugi's army on Takeda's card", c.lang)
		}
	}
	// The sendan's state agrees with «сэндан», the army's with «армия».
	ru := RosterCards(RU, r, "takeda")
	if s := fieldOf(t, ru, "Сэндан"); strings.Contains(s, "рассеяна") || strings.Contains(s, "отрезана") {
		t.Errorf("sendan in the feminine: %q", s)
	}
	// Baba's unit destroyed a unit, inflicted and suffered losses: distinguished.
	if !strings.Contains(lineOf(t, fieldOf(t, ru, "Армия"), "Самураи Бабы"), "♦") {
		t.Errorf("Baba's unit distinguished itself: %q", lineOf(t, fieldOf(t, ru, "Армия"), "Самураи Бабы"))
	}
	// Every clan, one card each; an unknown clan says so.
	all := RosterCards(EN, r, "")
	if len(all) != 2 || all[1].Title != "Clan Уэсуги" || !strings.Contains(cardText(all[1]), "Копейщики Этиго — ashigaru spearmen, 5 figures") {
		t.Errorf("all clans: %s", cardsText(all))
	}
	for lang, want := range map[Lang]string{RU: "Клана «hojo» в кампании нет.", EN: "There is no clan “hojo” in the campaign."} {
		got := cardsText(RosterCards(lang, r, "hojo"))
		checkText(t, lang, got)
		wantAll(t, "unknown clan", got, want)
	}
	for lang, want := range map[Lang]string{RU: "В кампании ещё нет кланов.", EN: "The campaign has no clans yet."} {
		wantAll(t, "no clans", cardsText(RosterCards(lang, campaign.Roster{Turn: 1}, "")), want)
	}
}

func fieldNameValue(cs []Card, prefix string) string {
	for _, c := range cs {
		for _, f := range c.Fields {
			if strings.HasPrefix(f.Name, prefix) {
				return f.Name + "\n" + f.Value
			}
		}
	}
	return ""
}

// A dead or captured character is shown so, and a living one with his wounds,
// weak health, traits and skills.
func TestRosterCardsDeadAndCaptured(t *testing.T) {
	r := testRoster(t)
	if p, _ := r.Person("matsu"); p.Status != campaign.Captured {
		t.Fatalf("the record did not capture Matsu: %+v", p)
	}
	r.Characters = append(r.Characters, func() campaign.Person {
		p := person("ume", "Умэ", "takeda", campaign.Old)
		p.Female, p.Status = true, campaign.Dead
		return p
	}())
	for _, c := range []struct {
		lang                         Lang
		matsu, katsuyori, ume        string
		shingen, nobushige, nobutora []string
	}{
		{RU, "Мацу-химэ — молодая; в плену у клана Уэсуги", "Такэда Кацуёри — молодой; погиб", "Умэ — пожилая; погибла",
			[]string{"Такэда Сингэн — зрелый", "1 ранение", "слабое здоровье", "черты: Рубака", "тактические навыки: Засада"},
			[]string{"Такэда Нобусигэ — молодой; 1 ранение"},
			[]string{"Такэда Нобутора — пожилой; 2 ранения; не может вести отряды и биться в поединках (E1-H5)"}},
		{EN, "Мацу-химэ — young; captured by clan Уэсуги", "Такэда Кацуёри — young; dead", "Умэ — old; dead",
			[]string{"Такэда Сингэн — mature", "1 wound", "weak health", "traits: Рубака", "tactical skills: Засада"},
			[]string{"Такэда Нобусигэ — young; 1 wound"},
			[]string{"Такэда Нобутора — old; 2 wounds; may not lead units or fight duels (E1-H5)"}},
	} {
		cards := RosterCards(c.lang, r, "takeda")
		chars := fieldOf(t, cards, T(c.lang, "camp.chars.title"))
		checkText(t, c.lang, chars)
		wantAll(t, string(c.lang)+" characters", chars, c.matsu, c.katsuyori, c.ume)
		wantAll(t, string(c.lang)+" shingen", lineOf(t, chars, "Сингэн"), c.shingen...)
		wantAll(t, string(c.lang)+" nobushige", lineOf(t, chars, "Нобусигэ"), c.nobushige...)
		wantAll(t, string(c.lang)+" nobutora", lineOf(t, chars, "Нобутора"), c.nobutora...)
		if l := lineOf(t, chars, "Кацуёри"); strings.Contains(l, T(c.lang, "camp.char.unhurt")) {
			t.Errorf("%s: a dead man is not «unwounded»: %q", c.lang, l)
		}
	}
}

func TestRecordText(t *testing.T) {
	r := testRoster(t)
	rec := r.Records[len(r.Records)-1]
	for _, c := range []struct {
		lang Lang
		want []string
	}{
		{RU, []string{
			"Битва «Каванакадзима» (ход кампании 3) записана в реестр:",
			"Такэда: Разгром; фигуры 30 → 22; войска: Армия «Северная»; командующий: Такэда Сингэн; генералы: Такэда Нобусигэ",
			"• Конница Обу: фигуры 8 → 6; потери 2 (от обстрела 0, в рукопашной 2); нанёс врагу потери 5; отбил 1 атаку",
			"• Самураи Бабы: фигуры 9 → 5; потери 4 (от обстрела 1, в рукопашной 3); нанёс врагу потери 3; уничтожил 1 отряд врага",
			"• Тэппо Ямамото: фигуры 4 → 0; потери 4; бежал; уничтожен",
			"• Такэда Нобусигэ: ранен, +1 ранение, поединков: 1",
			"• Мацу-химэ: взята в плен",
			"• Такэда Кацуёри: убит",
			"Уэсуги: полное поражение; фигуры 25 → 9; войска: Армия «Этиго»; командующий: Уэсуги Кэнсин",
			"• Копейщики Этиго: фигуры 12 → 5; потери 7; нанёс врагу потери 2; обратил в бегство 1 отряд",
			"• Уэсуги Кэнсин: невредим",
		}},
		{EN, []string{
			"Battle “Каванакадзима” (campaign turn 3) written to the roster:",
			"Такэда: Rout; figures 30 → 22; forces: Army “Северная”; commander: Такэда Сингэн; generals: Такэда Нобусигэ",
			"• Конница Обу: figures 8 → 6; lost 2 (0 to shooting, 2 in melee); inflicted 5; threw back 1 attack",
			"• Самураи Бабы: figures 9 → 5; lost 4 (1 to shooting, 3 in melee); inflicted 3; destroyed 1 enemy unit",
			"• Тэппо Ямамото: figures 4 → 0; lost 4; fled; destroyed",
			"• Такэда Нобусигэ: wounded, +1 wound, duels: 1",
			"• Мацу-химэ: captured",
			"• Такэда Кацуёри: killed",
			"Уэсуги: total defeat; figures 25 → 9; forces: Army “Этиго”; commander: Уэсуги Кэнсин",
			"• Копейщики Этиго: figures 12 → 5; lost 7; inflicted 2; put 1 unit to flight",
			"• Уэсуги Кэнсин: unhurt",
		}},
	} {
		got := RecordText(c.lang, r, rec)
		checkText(t, c.lang, got)
		wantAll(t, string(c.lang)+" record", got, c.want...)
	}
	// Every E1-Q12 result has its words, and counts agree with them.
	for _, res := range []campaign.Result{campaign.Rout, campaign.OrdinaryVictory, campaign.Draw, campaign.OrdinaryDefeat, campaign.TotalDefeat} {
		for _, lang := range []Lang{RU, EN} {
			if got := resultName(lang, res); !has("camp.result."+string(res)) || strings.Contains(got, "camp.") {
				t.Errorf("%s: no words for %q", lang, res)
			}
		}
	}
	five := campaign.BattleRecord{Name: "x", Turn: 2, Sides: [2]campaign.RecordedSide{{Clan: "takeda", Result: campaign.Draw,
		Units: []campaign.RecordedUnit{{Unit: "u", Destroyed: 5, PutToFlight: 2, Held: 5}}}, {Clan: "uesugi", Result: campaign.Draw}}}
	wantAll(t, "counted", RecordText(RU, r, five), "ничья", "уничтожил 5 отрядов врага", "обратил в бегство 2 отряда", "отбил 5 атак")
}

// testAftermath is Takeda's northern army's aftermath: a citadel with a horse
// market, so both pools with their bonuses.
func testAftermath(t *testing.T) (campaign.Roster, campaign.Aftermath) {
	t.Helper()
	r := testRoster(t)
	d := keyDice{
		"north.recover.inf.1": 4, "north.recover.inf.2": 2, "north.recover.inf.3": 6, "north.recover.cav": 3,
		"shingen.heal.1": 2, "nobushige.heal.1": 5, "nobutora.heal.1": 1, "nobutora.heal.2": 3,
	}
	r, am, err := campaign.StartAftermath(r, "north", campaign.Province{Fortification: campaign.Citadel, HorseMarket: true}, d)
	if err != nil {
		t.Fatal(err)
	}
	return r, am
}

func TestAftermathCard(t *testing.T) {
	r, am := testAftermath(t)
	if len(am.Grants) != 2 || len(am.Promotable) == 0 || len(am.Deaths) != 1 {
		t.Fatalf("the test aftermath is not what the test expects: %+v", am)
	}
	for _, c := range []struct {
		lang                                 Lang
		title                                string
		recovery, alloc, heal, grants, promo []string
		deaths                               []string
	}{
		{RU, "Армия «Северная»: итоги хода 3",
			[]string{"Провинция: цитадель, конный рынок", "Пехота: 3к6 = 4+2+6 (+2 цитадель) = 14", "Конница: 1к6 = 3 (+1 цитадель) = 4 (лёгкая конница, а с конным рынком и тяжёлая)"},
			[]string{"• Самураи Бабы (самураи-копейщики): +3 из 3 возможных (потеряно в этом ходу 4)", "• Конница Обу (тяжёлая конница): +2 из 2 возможных (потеряно в этом ходу 2)", "Пехота: распределено 3 из 14", "Конница: распределено 2 из 4"},
			[]string{"• Такэда Сингэн — зрелый, 1 ранение; рана заживает на 3+; модификатор −2: слабое здоровье, был занят в этом ходу", "рана 1: 2−2 = 0 — осложнение, ещё одно ранение", "итог: 2 ранения",
				"• Такэда Нобусигэ — молодой, 1 ранение; рана заживает на 2+", "рана 1: 5 — зажила", "итог: без ранений",
				"рана 1: 1 — осложнение", "рана 2: 3 — не зажила", "итог: 3 ранения — умер от ран"},
			[]string{"1. E1-X1 — победа или ничья без перевеса над врагом больше чем 2 к 1", "2. E1-X3 — Разгром врага, у которого было не меньше половины его сил",
				"получает Такэда Сингэн; навык ещё не назван; может получить: Такэда Сингэн, Такэда Нобусигэ"},
			[]string{"Повысить можно не больше 2 отрядов армии за ход (E1-U4).", "• Конница Обу: стойкость +1 и натиск +1", "Пока ничего не выбрано."},
			[]string{"Умерли от ран: Такэда Нобутора.", "В доме есть наследник"}},
		{EN, "Army “Северная”: aftermath of turn 3",
			[]string{"Province: citadel, horse market", "Infantry: 3d6 = 4+2+6 (+2 citadel) = 14", "Cavalry: 1d6 = 3 (+1 citadel) = 4 (light cavalry, and heavy too with the horse market)"},
			[]string{"• Самураи Бабы (samurai spearmen): +3 of 3 possible (lost this turn 4)", "• Конница Обу (heavy cavalry): +2 of 2 possible (lost this turn 2)", "Infantry: 3 of 14 given", "Cavalry: 2 of 4 given"},
			[]string{"• Такэда Сингэн — mature, 1 wound; a wound heals on 3+; modifier −2: weak health, busy this turn", "wound 1: 2−2 = 0 — complication, one more wound", "now: 2 wounds",
				"wound 1: 5 — healed", "now: unwounded", "wound 1: 1 — complication", "wound 2: 3 — not healed", "now: 3 wounds — died of his wounds"},
			[]string{"1. E1-X1 — a victory or draw without outnumbering the enemy more than 2 to 1", "2. E1-X3 — a Rout of an enemy no less than half his numbers",
				"goes to Такэда Сингэн; skill to be named; may go to: Такэда Сингэн, Такэда Нобусигэ"},
			[]string{"At most 2 units of the army may be promoted a turn (E1-U4).", "• Конница Обу: Steadiness +1 and Impetus +1", "Nothing picked yet."},
			[]string{"Died of their wounds: Такэда Нобутора.", "The house has an heir"}},
	} {
		card := AftermathCard(c.lang, r, am)
		checkLimits(t, card)
		text := cardText(card)
		checkText(t, c.lang, text)
		if card.Title != c.title {
			t.Errorf("%s title %q", c.lang, card.Title)
		}
		cs := []Card{card}
		wantAll(t, string(c.lang)+" recovery", fieldOf(t, cs, T(c.lang, "camp.am.recovery")), c.recovery...)
		wantAll(t, string(c.lang)+" alloc", fieldOf(t, cs, T(c.lang, "camp.am.alloc")), c.alloc...)
		wantAll(t, string(c.lang)+" healing", fieldOf(t, cs, T(c.lang, "camp.am.healing")), c.heal...)
		wantAll(t, string(c.lang)+" deaths", fieldOf(t, cs, T(c.lang, "camp.am.deaths")), c.deaths...)
		wantAll(t, string(c.lang)+" grants", fieldOf(t, cs, T(c.lang, "camp.am.grants")), c.grants...)
		wantAll(t, string(c.lang)+" promotions", fieldOf(t, cs, T(c.lang, "camp.am.promo")), c.promo...)
		wantAll(t, string(c.lang)+" open", card.Description, T(c.lang, "camp.am.open"), T(c.lang, "camp.am.clan", "Такэда"))
	}

	// The clan's choices, then the confirmation.
	r, err := r.ChooseGrant("north", 1, "nobushige", "Клин")
	if err != nil {
		t.Fatal(err)
	}
	if r, err = r.ChooseGrant("north", 0, "", "Засада в лесу"); err != nil {
		t.Fatal(err)
	}
	if r, err = r.PickPromotions("north", []campaign.Pick{{UnitID: "obu", Kind: campaign.PromoteSteadImp}}); err != nil {
		t.Fatal(err)
	}
	open, _ := r.Aftermath("north")
	got := cardText(AftermathCard(RU, r, *open))
	wantAll(t, "picked", got, "получает Такэда Нобусигэ; навык «Клин»", "получает Такэда Сингэн; навык «Засада в лесу»", "Выбрано: Конница Обу — стойкость +1 и натиск +1")
	if r, err = r.Confirm("north", "123456789"); err != nil {
		t.Fatal(err)
	}
	done, _ := r.Aftermath("north")
	for lang, want := range map[Lang][]string{
		RU: {"Подтверждено: <@123456789>", "• Самураи Бабы (самураи-копейщики): +3", "Выбрано: Конница Обу — стойкость +1 и натиск +1"},
		EN: {"Confirmed by <@123456789>", "• Самураи Бабы (samurai spearmen): +3", "Picked: Конница Обу — Steadiness +1 and Impetus +1"},
	} {
		card := AftermathCard(lang, r, *done)
		checkText(t, lang, cardText(card))
		wantAll(t, string(lang)+" confirmed", cardText(card), want...)
		if strings.Contains(card.Description, T(lang, "camp.am.open")) {
			t.Errorf("%s: a confirmed aftermath still waits: %q", lang, card.Description)
		}
	}

	// The clan's second army: its wounded were healed with the first.
	r2, second, err := campaign.StartAftermath(r, "raiders", campaign.Province{}, keyDice{})
	if err != nil {
		t.Fatal(err)
	}
	got = cardText(AftermathCard(RU, r2, second))
	wantAll(t, "second army", got, "Раненые клана уже лечились в этом ходу: Армия «Северная».",
		"Потери не восстанавливаются: рассеянные войска потерь не восстанавливают (E1-L4)", "Тактических навыков в этом ходу не получено.", "Отличившихся отрядов нет.")
	if strings.Contains(got, T(RU, "camp.am.alloc")) {
		t.Errorf("no distribution without recovery: %s", got)
	}
}

// Every reason campaign gives for no recovery has its words here, found
// again from the inputs that give it.
func TestAftermathRecoveryReasons(t *testing.T) {
	if len(whyKeys) != 6 || len(xreasonKey) != 5 {
		t.Fatalf("campaign's reasons changed: %d recovery reasons, %d experience reasons", len(whyKeys), len(xreasonKey))
	}
	for _, c := range []struct {
		a      campaign.ArmyState
		p      campaign.Province
		ru, en string
	}{
		{campaign.ArmyState{ID: "a", Scattered: true}, campaign.Province{Fortification: campaign.Citadel}, "рассеянные войска потерь не восстанавливают", "scattered armies do not recover"},
		{campaign.ArmyState{ID: "a", RecoveredThisTurn: true}, campaign.Province{Fortification: campaign.Castle}, "потери уже восстанавливались в этом ходу", "already recovered this turn"},
		{campaign.ArmyState{ID: "a", Retreated: true}, campaign.Province{Fortification: campaign.Castle}, "было срочное отступление", "emergency retreat"},
		{campaign.ArmyState{ID: "a"}, campaign.Province{Fortification: campaign.Fort}, "форт слишком мал", "a fort is too small"},
		{campaign.ArmyState{ID: "a"}, campaign.Province{HorseBreeding: true}, "нет замка или цитадели клана", "no castle or citadel"},
		{campaign.ArmyState{ID: "a"}, campaign.Province{Fortification: campaign.Citadel, CapturedThisTurn: true}, "укрепление взято только в этом ходу", "captured this turn"},
	} {
		am := campaign.Aftermath{Army: "north", Turn: 3, Facts: c.p, Recovery: campaign.RollRecovery(c.a, c.p, keyDice{})}
		if am.Recovery.Eligible {
			t.Fatalf("%+v %+v is eligible", c.a, c.p)
		}
		for lang, want := range map[Lang]string{RU: c.ru, EN: c.en} {
			got := recoveryText(lang, am)
			checkText(t, lang, got)
			wantAll(t, string(lang)+" reason", got, want)
			if lang == RU && strings.Contains(got, am.Recovery.Reason) {
				t.Errorf("the English reason in Russian: %q", got)
			}
		}
	}
	// Breeding without a market: light cavalry only; no breeding: no cavalry.
	p := campaign.Province{Fortification: campaign.Castle, HorseBreeding: true}
	am := campaign.Aftermath{Facts: p, Recovery: campaign.RollRecovery(campaign.ArmyState{ID: "a"}, p, keyDice{})}
	wantAll(t, "breeding", recoveryText(RU, am), "Провинция: замок, коневодство", "Пехота: 3к6 = 4+4+4 = 12", "Конница: 1к6 = 4 = 4 (только лёгкая конница)")
	p = campaign.Province{Fortification: campaign.Castle}
	am = campaign.Aftermath{Facts: p, Recovery: campaign.RollRecovery(campaign.ArmyState{ID: "a"}, p, keyDice{})}
	wantAll(t, "no breeding", recoveryText(EN, am), "Cavalry: no recovery without horse breeding")
}

// Each house state after a death has its words (E1-K).
func TestAftermathHouse(t *testing.T) {
	r := testRoster(t)
	for _, c := range []struct {
		s      campaign.Succession
		ru, en string
	}{
		{campaign.HouseHasHeir, "есть наследник", "has an heir"},
		{campaign.OnlyMinors, "только несовершеннолетние: каждая провинция, кроме провинции со святилищем, отпадает на 1 на к6", "Only minors are left in the house: every province but the shrine's breaks away on a 1 on d6"},
		{campaign.OnlyWomen, "только женщины: каждая провинция, кроме провинции со святилищем, отпадает на 1–2 на к6", "Only women are left in the house: every province but the shrine's breaks away on 1-2 on d6"},
		{campaign.Extinct, "Дом пресёкся: земли клана становятся нейтральными", "The house is extinct: the clan's lands become neutral"},
	} {
		am := campaign.Aftermath{Army: "north", Turn: 3, Deaths: []string{"shingen"}, House: c.s}
		for lang, want := range map[Lang]string{RU: c.ru, EN: c.en} {
			got := fieldOf(t, []Card{AftermathCard(lang, r, am)}, T(lang, "camp.am.deaths"))
			checkText(t, lang, got)
			wantAll(t, string(lang)+" house", got, "Такэда Сингэн", want)
		}
	}
}

// bigRoster has far more than one embed holds.
func bigRoster() campaign.Roster {
	r := campaign.Roster{Turn: 7, Subphase: strings.Repeat("очень длинный этап ", 300)}
	types := campaign.UnitTypes
	for c := 0; c < 3; c++ {
		clan := fmt.Sprintf("clan%d", c)
		r.Clans = append(r.Clans, campaign.Clan{ID: clan, Name: fmt.Sprintf("Клан номер %d с длинным именем", c)})
		for i := 0; i < 60; i++ {
			p := person(fmt.Sprintf("%s.p%d", clan, i), fmt.Sprintf("Персонаж %d клана %d", i, c), clan, campaign.Ages[i%4])
			p.Wounds, p.Traits, p.Skills = i%3, []string{"Рубака", "Осторожный", "Вспыльчивый"}, []string{fmt.Sprintf("Навык %d", i), "Засада"}
			r.Characters = append(r.Characters, p)
		}
		for a := 0; a < 30; a++ {
			army := campaign.Army{ID: fmt.Sprintf("%s.a%d", clan, a), Name: fmt.Sprintf("Армия %d клана %d", a, c), Clan: clan,
				Kind: campaign.KindArmy, Commander: fmt.Sprintf("%s.p%d", clan, a), State: campaign.Disorder, Province: "Провинция Мусаси", Fought: true}
			for u := 0; u < 30; u++ {
				army.Units = append(army.Units, campaign.Unit{ID: fmt.Sprintf("%s.u%d", army.ID, u), Name: fmt.Sprintf("Отряд %d армии %d клана %d", u, a, c),
					Type: types[u%len(types)], Figures: 1 + u%12, LostThisTurn: u % 4, Mastery: u % 2, SteadinessMod: 1, ImpetusMod: -1,
					Inflicted: true, SufferedLosses: true, Held: true})
			}
			r.Armies = append(r.Armies, army)
		}
	}
	// One unit whose name alone is longer than a field.
	r.Armies[0].Units[0].Name = strings.Repeat("Ы", 3000)
	r.Armies[1].Name = strings.Repeat("🏯", 200) // two UTF-16 units each
	return r
}

func TestRosterCardsLimits(t *testing.T) {
	r := bigRoster()
	for _, lang := range []Lang{RU, EN} {
		for _, clan := range []string{"", "clan1"} {
			cards := RosterCards(lang, r, clan)
			if len(cards) < 2 {
				t.Fatalf("%s %q: %d cards for a roster this big", lang, clan, len(cards))
			}
			for _, c := range cards {
				checkLimits(t, c)
			}
			text := cardsText(cards)
			checkText(t, lang, text)
			named := map[string]bool{} // "• name — ..." lines: units and characters
			for _, l := range strings.Split(text, "\n") {
				if name, _, ok := strings.Cut(strings.TrimPrefix(l, "• "), " — "); ok {
					named[name] = true
				}
			}
			// Split, not lost: every army and every other unit is there.
			for _, a := range r.Armies {
				if clan != "" && a.Clan != clan {
					continue
				}
				if a.ID != r.Armies[1].ID && !strings.Contains(text, forceName(lang, &a)) {
					t.Errorf("%s: army %s lost", lang, a.Name)
				}
				for _, u := range a.Units[1:] {
					if !named[u.Name] {
						t.Errorf("%s: unit %s lost", lang, u.Name)
					}
				}
			}
			for _, p := range r.Characters {
				if (clan == "" || p.Clan == clan) && !named[p.Name] {
					t.Errorf("%s: character %s lost", lang, p.Name)
				}
			}
		}
	}
	// The aftermath of a huge army, one card and several.
	r.Armies[0].Units[0].Name = "Первый"
	r, am, err := campaign.StartAftermath(r, r.Armies[0].ID, campaign.Province{Fortification: campaign.Citadel, HorseMarket: true}, keyDice{})
	if err != nil {
		t.Fatal(err)
	}
	for i := range 40 {
		am.Promotable = append(am.Promotable, r.Armies[0].Units[i%30].ID)
		am.Grants = append(am.Grants, campaign.SkillGrant{Grant: campaign.Grant{Rule: "E1-X1", Reason: strings.Repeat("причина ", 100)}, Recipient: "clan0.p0"})
	}
	for _, lang := range []Lang{RU, EN} {
		checkLimits(t, AftermathCard(lang, r, am))
		cards := AftermathCards(lang, r, am)
		if len(cards) < 2 {
			t.Errorf("%s: %d aftermath cards", lang, len(cards))
		}
		for _, c := range cards {
			checkLimits(t, c)
		}
	}
}

func TestRosterFitCards(t *testing.T) {
	// 30 small fields: 25 on the first card, 5 on its continuation.
	c := Card{Title: "Т", Description: strings.Repeat("д", 5000), Footer: "п"}
	for i := range 30 {
		c.Fields = append(c.Fields, CardField{Name: fmt.Sprint(i), Value: "v"})
	}
	cards := fitCards(RU, c)
	if len(cards) != 2 || len(cards[0].Fields) != 25 || len(cards[1].Fields) != 5 || cards[1].Title != "Т (продолжение)" {
		t.Fatalf("cards: %d, %+v", len(cards), cards[len(cards)-1])
	}
	if CardLen(cards[0].Description) != MaxCardDescription || !strings.HasSuffix(cards[0].Description, "…") {
		t.Errorf("description not clipped to %d: %d", MaxCardDescription, CardLen(cards[0].Description))
	}
	// A long field splits at its line ends; an emoji counts twice.
	lines := make([]string, 100)
	for i := range lines {
		lines[i] = fmt.Sprintf("строка %02d %s", i, strings.Repeat("🏯", 10))
	}
	cards = fitCards(EN, Card{Title: "T", Fields: []CardField{{Name: "F", Value: strings.Join(lines, "\n")}}})
	var got []string
	for _, c := range cards {
		checkLimits(t, c)
		for i, f := range c.Fields {
			if (f.Name == "F") != (len(got) == 0 && i == 0) {
				t.Errorf("field %d named %q", i, f.Name)
			}
			got = append(got, strings.Split(f.Value, "\n")...)
		}
	}
	if strings.Join(got, "\n") != strings.Join(lines, "\n") {
		t.Errorf("lines lost or cut in the split")
	}
	if CardLen("🏯ы") != 3 {
		t.Errorf("CardLen counts UTF-16 units")
	}
}

// Every key of the campaign texts the code names is in the catalogue, and
// every value a key is built from has its text.
func TestRosterCatalogueKeys(t *testing.T) {
	src, err := os.ReadFile("roster.go")
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range regexp.MustCompile(`"(camp\.[a-z0-9_.]+)"`).FindAllStringSubmatch(string(src), -1) {
		if key := m[1]; !strings.HasSuffix(key, ".") && !has(key) {
			t.Errorf("roster.go uses %q, not in the catalogue", key)
		}
	}
	var keys []string
	for _, s := range []campaign.Condition{campaign.InOrder, campaign.Disorder, campaign.Scattered} {
		keys = append(keys, "camp.state."+string(s))
	}
	for _, a := range campaign.Ages {
		keys = append(keys, "camp.age."+string(a), "camp.age."+string(a)+".f")
	}
	for _, p := range []campaign.Promotion{campaign.PromoteMastery, campaign.PromoteSteadImp} {
		keys = append(keys, "camp.promo."+string(p))
	}
	for _, f := range []campaign.Fortification{campaign.Fort, campaign.Castle, campaign.Citadel} {
		keys = append(keys, "camp.fort."+string(f))
	}
	for _, s := range []campaign.Succession{campaign.HouseHasHeir, campaign.OnlyMinors, campaign.OnlyWomen, campaign.Extinct} {
		keys = append(keys, "camp.house."+string(s))
	}
	for _, k := range campaign.UnitTypes {
		if _, err := engine.ParseTroopType(k.TroopKey()); err != nil {
			t.Errorf("unit type %q has no troop name: %v", k, err)
		}
	}
	for _, k := range []campaign.ArmyKind{campaign.KindSendan, campaign.KindLeaderless} {
		for _, key := range []string{"camp.state.scattered", "camp.army.cut_off", "camp.army.fought", "camp.army.retreated", "camp.army.recovered"} {
			keys = append(keys, key+"."+string(k))
		}
	}
	for _, k := range keys {
		if !has(k) {
			t.Errorf("no text %q", k)
		}
	}
}

// E1-K0 on the roster card: each character says whether he is of the house
// or a general serving the clan, and when that is the roster's default (no
// house flag: an army's named generals are not of the house).
func TestRosterCardsHouse_E1_K0(t *testing.T) {
	r := testRoster(t)
	yes, no := true, false
	for i := range r.Characters {
		switch r.Characters[i].ID {
		case "shingen":
			r.Characters[i].House = &yes
		case "matsu":
			r.Characters[i].House = &no
		}
	}
	for _, c := range []struct {
		lang                      Lang
		shingen, nobushige, matsu string
	}{
		{RU, "тактические навыки: Засада; член дома", "1 ранение; генерал на службе клана, не член дома (по умолчанию)", "без ранений; на службе клана, не член дома"},
		{EN, "tactical skills: Засада; of the house", "1 wound; a general serving the clan, not of the house (by default)", "unwounded; serving the clan, not of the house"},
	} {
		chars := fieldOf(t, RosterCards(c.lang, r, "takeda"), T(c.lang, "camp.chars.title"))
		checkText(t, c.lang, chars)
		wantAll(t, string(c.lang)+" shingen", lineOf(t, chars, "Сингэн"), c.shingen)
		wantAll(t, string(c.lang)+" nobushige", lineOf(t, chars, "Нобусигэ"), c.nobushige)
		wantAll(t, string(c.lang)+" matsu", lineOf(t, chars, "Мацу"), c.matsu)
		if l := lineOf(t, chars, "Кацуёри"); !strings.HasSuffix(l, T(c.lang, "camp.char.house")+" "+T(c.lang, "camp.char.by_default")) {
			t.Errorf("%s: katsuyori, of the house by default: %q", c.lang, l)
		}
	}
}
