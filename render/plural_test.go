package render

import (
	"encoding/json"
	"fmt"
	"sort"
	"strings"
	"testing"

	"github.com/gunbai/gunbai/engine"
)

// The counts of the brief: CLDR's Russian one (1, 21, 101), few (2-4, 22)
// and many (0, 5, 11-14, 25, 111); English one (1) and other.
var pluralCounts = []int{0, 1, 2, 3, 4, 5, 11, 12, 14, 21, 22, 25, 101, 111}

func TestCountedNouns(t *testing.T) {
	for _, c := range []struct {
		lang Lang
		noun string
		want []string
	}{
		{RU, "figures", []string{"0 фигур", "1 фигура", "2 фигуры", "3 фигуры", "4 фигуры", "5 фигур", "11 фигур", "12 фигур", "14 фигур", "21 фигура", "22 фигуры", "25 фигур", "101 фигура", "111 фигур"}},
		{EN, "figures", []string{"0 figures", "1 figure", "2 figures", "3 figures", "4 figures", "5 figures", "11 figures", "12 figures", "14 figures", "21 figures", "22 figures", "25 figures", "101 figures", "111 figures"}},
		{RU, "hits", []string{"0 успехов", "1 успех", "2 успеха", "3 успеха", "4 успеха", "5 успехов", "11 успехов", "12 успехов", "14 успехов", "21 успех", "22 успеха", "25 успехов", "101 успех", "111 успехов"}},
		{EN, "hits", []string{"0 hits", "1 hit", "2 hits", "3 hits", "4 hits", "5 hits", "11 hits", "12 hits", "14 hits", "21 hits", "22 hits", "25 hits", "101 hits", "111 hits"}},
		{RU, "wounds", []string{"0 ранений", "1 ранение", "2 ранения", "3 ранения", "4 ранения", "5 ранений", "11 ранений", "12 ранений", "14 ранений", "21 ранение", "22 ранения", "25 ранений", "101 ранение", "111 ранений"}},
		{RU, "orders", []string{"0 приказов", "1 приказ", "2 приказа", "3 приказа", "4 приказа", "5 приказов", "11 приказов", "12 приказов", "14 приказов", "21 приказ", "22 приказа", "25 приказов", "101 приказ", "111 приказов"}},
		{EN, "orders", []string{"0 orders", "1 order", "2 orders", "3 orders", "4 orders", "5 orders", "11 orders", "12 orders", "14 orders", "21 orders", "22 orders", "25 orders", "101 orders", "111 orders"}},
	} {
		for k, n := range pluralCounts {
			if got := Count(c.lang, c.noun, n); got != c.want[k] {
				t.Errorf("Count(%s, %s, %d) = %q, want %q", c.lang, c.noun, n, got, c.want[k])
			}
		}
	}
}

// Sentences whose other words agree with the count too: the accusative of
// what a unit loses, the verb of what is left, the unit list.
func TestCountedSentences(t *testing.T) {
	lost := map[int]string{
		0: "sp теряет 0 фигур, осталось 0 фигур", 1: "sp теряет 1 фигуру, осталась 1 фигура",
		2: "sp теряет 2 фигуры, осталось 2 фигуры", 3: "sp теряет 3 фигуры, осталось 3 фигуры",
		4: "sp теряет 4 фигуры, осталось 4 фигуры", 5: "sp теряет 5 фигур, осталось 5 фигур",
		11: "sp теряет 11 фигур, осталось 11 фигур", 12: "sp теряет 12 фигур, осталось 12 фигур",
		14: "sp теряет 14 фигур, осталось 14 фигур", 21: "sp теряет 21 фигуру, осталась 21 фигура",
		22: "sp теряет 22 фигуры, осталось 22 фигуры", 25: "sp теряет 25 фигур, осталось 25 фигур",
		101: "sp теряет 101 фигуру, осталась 101 фигура", 111: "sp теряет 111 фигур, осталось 111 фигур",
	}
	for _, n := range pluralCounts {
		if got := T(RU, "ev.losses", "sp", n, n); got != lost[n] {
			t.Errorf("ru losses %d: %q, want %q", n, got, lost[n])
		}
		want := fmt.Sprintf("sp loses %d figures, %d left", n, n)
		if n == 1 {
			want = "sp loses 1 figure, 1 left"
		}
		if got := T(EN, "ev.losses", "sp", n, n); got != want {
			t.Errorf("en losses %d: %q, want %q", n, got, want)
		}
	}
	// The last figures of a destroyed unit.
	if got := EventText(RU, engine.Event{Kind: engine.EvLosses, Unit: "sp", Value: 1, Figures: 0}); got != "sp теряет 1 последнюю фигуру" {
		t.Errorf("last figure: %q", got)
	}
	if got := EventText(EN, engine.Event{Kind: engine.EvLosses, Unit: "sp", Value: 3, Figures: 0}); got != "sp loses its last 3 figures" {
		t.Errorf("last figures: %q", got)
	}
	// The unit list: no "фиг." and no "1 figures".
	b := engine.Battle{Units: []engine.Unit{
		{ID: "n-one", Side: engine.North, Type: engine.HeavyCavalry, Figures: 1, Cell: c("A11"), Facing: engine.S},
		{ID: "n-few", Side: engine.North, Type: engine.AshigaruSpear, Figures: 22, Cell: c("A21"), Facing: engine.S},
		{ID: "n-many", Side: engine.North, Type: engine.SamuraiArcher, Figures: 12, Cell: c("A31"), Facing: engine.S},
	}}
	ru, en := UnitsText(RU, b, engine.North), UnitsText(EN, b, engine.North)
	for _, want := range []string{"n-one — тяжёлая конница, 1 фигура, A11", "n-few — асигару-копейщики, 22 фигуры, A21", "n-many — самураи-лучники, 12 фигур, A31"} {
		if !strings.Contains(ru, want) {
			t.Errorf("ru units lack %q:\n%s", want, ru)
		}
	}
	for _, want := range []string{"n-one — heavy cavalry, 1 figure, A11", "n-few — ashigaru spearmen, 22 figures, A21"} {
		if !strings.Contains(en, want) {
			t.Errorf("en units lack %q:\n%s", want, en)
		}
	}
	if strings.Contains(ru, "фиг.") {
		t.Errorf("abbreviated figures:\n%s", ru)
	}
	scout := ScoutText(RU, engine.ScoutReport{Scouts: 1, Units: []engine.Unit{{ID: "s-x", Type: engine.Yamabushi, Figures: 21, Cell: c("C11"), Facing: engine.N}}})
	if !strings.Contains(scout, "s-x — ямабуси, 21 фигура, фронт С") {
		t.Errorf("scouting report: %q", scout)
	}
}

// Every text with counted words has the forms its language needs and
// formats cleanly for every count, with nothing of the braces left.
func TestCountedTextsWellFormed(t *testing.T) {
	var keys []string
	for k, m := range catalogue {
		if countedRE.MatchString(m.ru) || countedRE.MatchString(m.en) {
			keys = append(keys, k)
		}
	}
	sort.Strings(keys)
	if len(keys) < 15 {
		t.Fatalf("only %d counted texts: %v", len(keys), keys)
	}
	for _, k := range keys {
		m := catalogue[k]
		for lang, text := range map[Lang]string{RU: m.ru, EN: m.en} {
			if _, err := countedMessage(lang, text); err != nil {
				t.Errorf("%s %s: %v", k, lang, err)
				continue
			}
			verbs := verbs(text)
			for _, n := range pluralCounts {
				args := make([]any, len(verbs))
				for i, v := range verbs {
					if strings.HasSuffix(v, "d") {
						args[i] = n
					} else {
						args[i] = "x"
					}
				}
				got := T(lang, k, args...)
				if strings.ContainsAny(got, "{}$|") || strings.Contains(got, "%!") {
					t.Errorf("%s %s %d: %q", k, lang, n, got)
				}
			}
		}
	}
}

// Rolls show what a die needed and what they counted.
func TestLogRollTargets(t *testing.T) {
	for _, c := range []struct {
		e      engine.Event
		ru, en string
	}{
		{engine.Event{Kind: engine.EvRoll, Rule: "R-VIII.2.1", Key: "hc.melee", Dice: []int{6, 5, 4, 4}, Value: 4, Need: 4},
			"hc — рукопашная, 4+: 6 5 4 4 → 4 успеха", "hc — melee, 4+: 6 5 4 4 → 4 hits"},
		{engine.Event{Kind: engine.EvRoll, Rule: "R-VIII.2.1", Key: "hc.melee", Dice: []int{6, 1, 2, 3, 1}, Value: 1, Need: 5},
			"hc — рукопашная, 5+: 6 1 2 3 1 → 1 успех", "hc — melee, 5+: 6 1 2 3 1 → 1 hit"},
		{engine.Event{Kind: engine.EvRoll, Rule: "R-VIII.2.1", Key: "hc.melee", Dice: []int{1, 2}, Value: 0, Need: 5},
			"hc — рукопашная, 5+: 1 2 → 0 успехов", "hc — melee, 5+: 1 2 → 0 hits"},
		{engine.Event{Kind: engine.EvRoll, Rule: "R-VI.5.4", Key: "ar.shoot", Dice: []int{5, 5, 1}, Value: 2, Need: 5},
			"ar — обстрел без команды, 5+: 5 5 1 → 2 успеха", "ar — free fire, 5+: 5 5 1 → 2 hits"},
		{engine.Event{Kind: engine.EvRoll, Rule: "R-VI.6.1", Key: "ar.shoot", Dice: []int{5}, Value: 1, Need: 4},
			"ar — обстрел при отражении атаки, 4+: 5 → 1 успех", "ar — repelling fire, 4+: 5 → 1 hit"},
		{engine.Event{Kind: engine.EvRoll, Rule: "R-V.6.4", Key: "north.shinobi", Dice: []int{4}, Value: 4, Need: 5},
			"Север — саботаж синоби, 5+: 4 → не удалось", "North — shinobi sabotage, 5+: 4 → failure"},
		{engine.Event{Kind: engine.EvRoll, Rule: "R-III.3.1", Key: "oda.risk", Dice: []int{2}, Value: 2},
			"oda — риск предводителя: выпало 2 (1 — ранен)", "oda — leader risk: rolled 2 (1: wounded)"},
		{engine.Event{Kind: engine.EvRoll, Rule: "R-X.1.4", Key: "sp.flee", Dice: []int{4}, Value: 4},
			"sp — куда отступать: выпало 4", "sp — where to retreat: rolled 4"},
		// An event stored before rolls had their target.
		{engine.Event{Kind: engine.EvRoll, Key: "hc.melee", Dice: []int{6, 5, 3, 1}, Value: 2},
			"hc — рукопашная: 6 5 3 1 → 2 успеха", "hc — melee: 6 5 3 1 → 2 hits"},
	} {
		if got := EventText(RU, c.e); got != c.ru {
			t.Errorf("ru: %q, want %q", got, c.ru)
		}
		if got := EventText(EN, c.e); got != c.en {
			t.Errorf("en: %q, want %q", got, c.en)
		}
	}
}

// A combat result shows its sum and what it was compared with.
func TestLogCombatTerms(t *testing.T) {
	terms := func(l, imp, ranks, rear, st, inf, ser int) *engine.CombatTerms {
		return &engine.CombatTerms{Losses: l, Imp: imp, Ranks: ranks, Rear: rear, St: st, Inflicted: inf, Serried: ser}
	}
	for _, c := range []struct {
		e      engine.Event
		ru, en string
	}{
		{engine.Event{Kind: engine.EvCombatResult, Rule: "R-VIII.4.4", Unit: "sp", Value: 1, Detail: "pushed_back", Terms: terms(3, 3, 1, 0, 3, 3, 0)},
			"Итог боя для sp: X = потери 3 + натиск 3 + ряды 1 − стойкость 3 − потери атакующих 3 = 1 — больше 0, но не больше стойкости 3: отброшен",
			"Combat result for sp: X = losses 3 + Imp 3 + ranks 1 − St 3 − attackers' losses 3 = 1 — above 0 but not above its St 3: pushed back"},
		{engine.Event{Kind: engine.EvCombatResult, Rule: "R-VIII.4.3", Unit: "sp", Value: -2, Detail: "repelled", Terms: terms(1, 2, 0, 0, 3, 1, 1)},
			"Итог боя для sp: X = потери 1 + натиск 2 + ряды 0 − стойкость 3 − потери атакующих 1 − сомкнутые ряды 1 = −2 — не больше 0: атака отбита",
			"Combat result for sp: X = losses 1 + Imp 2 + ranks 0 − St 3 − attackers' losses 1 − Serried ranks 1 = −2 — 0 or less: the attack is repelled"},
		{engine.Event{Kind: engine.EvCombatResult, Rule: "R-VIII.4.5", Unit: "sp", Value: 5, Detail: "routed", Terms: terms(4, 3, 1, 1, 3, 1, 0)},
			"Итог боя для sp: X = потери 4 + натиск 3 + ряды 1 + тыл 1 − стойкость 3 − потери атакующих 1 = 5 — больше стойкости 3: бежит",
			"Combat result for sp: X = losses 4 + Imp 3 + ranks 1 + rear 1 − St 3 − attackers' losses 1 = 5 — above its St 3: routed"},
		{engine.Event{Kind: engine.EvCombatResult, Rule: "R-X.1.1", Unit: "sp", Value: 2, Detail: "routed", Terms: terms(2, 2, 1, 1, 3, 1, 0)},
			"Итог боя для sp: X = потери 2 + натиск 2 + ряды 1 + тыл 1 − стойкость 3 − потери атакующих 1 = 2 — больше 0, а отряд атакован с фронта и с тыла: бежит",
			"Combat result for sp: X = losses 2 + Imp 2 + ranks 1 + rear 1 − St 3 − attackers' losses 1 = 2 — above 0, and the unit is attacked from the front and the rear: routed"},
		{engine.Event{Kind: engine.EvCombatResult, Rule: "R-VIII.4.8", Unit: "a", Other: "b", Value: 2, Detail: "won_retreated",
			Terms: &engine.CombatTerms{Losses: 2, St: 3, Meeting: [3][2]int{{3, 2}, {2, 2}, {2, 1}}}},
			"Итог встречного боя a против b: ряды 3 : 2, натиск 2 : 2, нанесённые потери 2 : 1 — перевес у a; b потерял за фазу 2 фигуры, не больше стойкости 3: отступает",
			"Meeting engagement, a against b: ranks 3 : 2, Imp 2 : 2, losses inflicted 2 : 1 — a has the upper hand; b lost 2 figures this phase, not more than its St 3: it retreats"},
		{engine.Event{Kind: engine.EvCombatResult, Rule: "R-VIII.4.8", Unit: "a", Other: "b", Value: 5, Detail: "won_routed",
			Terms: &engine.CombatTerms{Losses: 5, St: 3, Serried: 1, Meeting: [3][2]int{{2, 2}, {3, 1}, {5, 1}}}},
			"Итог встречного боя a против b: ряды 2 : 2, натиск 3 : 1, нанесённые потери 5 : 1 — перевес у a; b потерял за фазу 5 фигур, больше стойкости 4: бежит",
			"Meeting engagement, a against b: ranks 2 : 2, Imp 3 : 1, losses inflicted 5 : 1 — a has the upper hand; b lost 5 figures this phase, more than its St 4: it routs"},
		{engine.Event{Kind: engine.EvCombatResult, Rule: "R-VIII.4.9", Unit: "a", Other: "b", Detail: "no_superiority",
			Terms: &engine.CombatTerms{Meeting: [3][2]int{{2, 2}, {3, 2}, {1, 2}}}},
			"Итог встречного боя a против b: ряды 2 : 2, натиск 3 : 2, нанесённые потери 1 : 2 — перевеса нет, оба отброшены и остаются на месте",
			"Meeting engagement, a against b: ranks 2 : 2, Imp 3 : 2, losses inflicted 1 : 2 — no superiority: both are pushed back and stay where they are"},
		// Stored before the terms: X alone.
		{engine.Event{Kind: engine.EvCombatResult, Rule: "R-VIII.4.4", Unit: "sp", Value: 3, Detail: "pushed_back"},
			"Итог боя для sp: отброшен (X = 3)", "Combat result for sp: pushed back (X = 3)"},
		// Damage as a sum.
		{engine.Event{Kind: engine.EvDamage, Unit: "a", Other: "b", Raw: 5, Armor: 1, Value: 4},
			"a → b: урон 5 − броня 1 = 4", "a → b: 5 damage − armor 1 = 4"},
		{engine.Event{Kind: engine.EvDamage, Unit: "a", Other: "b", Raw: 1, Armor: 2, Value: 1},
			"a → b: урон 1 − броня 2, но не меньше 1: 1", "a → b: 1 damage − armor 2, but never below 1: 1"},
		{engine.Event{Kind: engine.EvDamage, Unit: "a", Other: "b", Raw: 0, Armor: 1, Value: 0},
			"a → b: урона нет", "a → b: no damage"},
		// Pushed back: an attacker that stays, a unit that gives way under fire.
		{engine.Event{Kind: engine.EvPushedBack, Rule: "R-VIII.4.3", Unit: "a", At: c("A11")},
			"a отброшен и остаётся в A11, откуда атаковал", "a is pushed back and stays in A11, where it attacked from"},
		{engine.Event{Kind: engine.EvPushedBack, Rule: "R-VIII.4.9", Unit: "a", At: c("A11")},
			"a отброшен и остаётся на месте, в A11", "a is pushed back and stays where it is, in A11"},
		{engine.Event{Kind: engine.EvPushedBack, Rule: "R-IX.2.1", Unit: "a", At: c("A11"), Detail: "shooting", Terms: &engine.CombatTerms{Losses: 3, St: 2}},
			"a не выдерживает обстрела: за фазу потеряно 3 фигуры — больше стойкости 2", "a gives way under fire: 3 figures lost this phase, more than its St 2"},
		{engine.Event{Kind: engine.EvOrderLost, Rule: "R-IX.3.1", Unit: "a", Detail: "shot_stopped", Terms: &engine.CombatTerms{Losses: 1, Imp: 0}},
			"a: обстрел остановил продвижение — за фазу потеряна 1 фигура, больше натиска 0; оставшиеся приказы потеряны",
			"a: shooting stops its advance — 1 figure lost this phase, more than its Imp 0; its remaining orders are lost"},
		// Shots say why they were fired.
		{engine.Event{Kind: engine.EvShot, Rule: "R-VI.5.4", Unit: "ar", Other: "hc", To: c("B11"), Raw: 3, Value: 21, Detail: engine.DetailFreeFire},
			"ar по инициативе (обстрел без команды) стреляет по hc (B11): урон до брони 3; осталась 21 единица боеприпасов",
			"ar fires at will, by initiative, at hc (B11): 3 damage before armor; 21 units of ammo left"},
		{engine.Event{Kind: engine.EvShot, Rule: "R-VI.6.1", Unit: "ar", Other: "hc", To: c("B11"), Raw: 2, Value: 1, Detail: engine.DetailRepellingFire},
			"ar отражает атаку обстрелом: стреляет по hc (B11) до рукопашной, урон до брони 2; осталась 1 единица боеприпасов",
			"ar gives repelling fire at hc (B11) before the melee: 2 damage before armor; 1 unit of ammo left"},
		{engine.Event{Kind: engine.EvShot, Rule: "R-VI.2.2", Unit: "ar", Other: "hc", To: c("B11"), Raw: 2, Value: 44},
			"ar по приказу стреляет по hc (B11): урон до брони 2; осталось 44 единицы боеприпасов",
			"ar shoots by order at hc (B11): 2 damage before armor; 44 units of ammo left"},
	} {
		if got := EventText(RU, c.e); got != c.ru {
			t.Errorf("ru %s %s:\n got %q\nwant %q", c.e.Kind, c.e.Detail, got, c.ru)
		}
		if got := EventText(EN, c.e); got != c.en {
			t.Errorf("en %s %s:\n got %q\nwant %q", c.e.Kind, c.e.Detail, got, c.en)
		}
	}
}

// Headings stand only over what happened; the steps that run as a whole
// get theirs from the events; a unit destroyed cites what destroyed it;
// the Russian log cites the original's numbering.
func TestLogHeadings(t *testing.T) {
	ev := []engine.Event{
		{Kind: engine.EvPhase, Rule: "R-VII.1.1", Turn: 3, Phase: 1},
		{Kind: engine.EvStep, Rule: "R-VII.2.1", Step: "P1", Detail: "special"},
		{Kind: engine.EvCancelled, Rule: "R-IX.6.1", Unit: "ar", Detail: "no_target", Step: "P1"},
		{Kind: engine.EvRoll, Rule: "R-VI.5.4", Key: "ar.shoot", Dice: []int{6, 2}, Value: 1, Need: 5, Step: "P9"},
		{Kind: engine.EvShot, Rule: "R-VI.5.4", Unit: "ar", Other: "hc", To: c("B11"), Raw: 2, Value: 10, Detail: engine.DetailFreeFire, Step: "P9"},
		{Kind: engine.EvLosses, Rule: "R-VI.5.4", Unit: "hc", Value: 1, Figures: 0, Step: "P9"},
		{Kind: engine.EvDestroyed, Rule: "R-VI.5.4", Unit: "hc", Step: "P9"},
		{Kind: engine.EvFled, Rule: "R-X.5.1", Unit: "sp", From: c("C11"), To: c("C21"), Step: "P10"},
		{Kind: engine.EvPhase, Rule: "R-VII.1.1", Turn: 3, Phase: 2},
		{Kind: engine.EvStep, Rule: "R-VII.2.8", Step: "P8", Detail: "ordinary"},
	}
	ru, en := Log(RU, ev), Log(EN, ev)
	t.Log("\n" + ru + "\n" + en)
	want := "== Ход 3 · фаза 1 == [VII.1.1]\n" +
		"Шаг 1 — обстрел по приказу (особые приказы) [VII.2.1]\n" +
		"- ar: приказ отменён — цель вне зоны обстрела [IX.6.1]\n" +
		"Шаг 9 — действия по инициативе [VII.2.9]\n" +
		"- ar — обстрел без команды, 5+: 6 2 → 1 успех [VI.5.4]\n" +
		"- ar по инициативе (обстрел без команды) стреляет по hc (B11): урон до брони 2; осталось 10 единиц боеприпасов [VI.5.4]\n" +
		"- hc теряет 1 последнюю фигуру [VI.5.4]\n" +
		"- hc уничтожен [VI.5.4]\n" +
		"Шаг 10 — дальнейшее бегство [VII.2.10]\n" +
		"- sp бежит C11 → C21 [X.5.1]\n"
	if ru != want {
		t.Errorf("ru log:\n%s\nwant:\n%s", ru, want)
	}
	if strings.Contains(en, "phase 2") || !strings.Contains(en, "Step 9 — initiative actions [R-VII.2.9]") || !strings.Contains(en, "- hc is destroyed [R-VI.5.4]") {
		t.Errorf("en log:\n%s", en)
	}
	for rule, want := range map[string]string{
		"R-VIII.4.4": "VIII.4.4", "R-T.2.5": "Терминология: атака", "R-T.1.1": "Терминология: 1.1", "D-58": "реш. D-58", "": "",
	} {
		if got := RuleRef(RU, rule); got != want {
			t.Errorf("RuleRef(RU, %q) = %q, want %q", rule, got, want)
		}
		if got := RuleRef(EN, rule); got != rule {
			t.Errorf("RuleRef(EN, %q) = %q", rule, got)
		}
	}
}

// An event stored before the new fields decodes and reads as it did.
func TestLogOldStoredEvents(t *testing.T) {
	var ev []engine.Event
	stored := `[{"kind":"roll","rule":"R-VIII.2.1","key":"hc.melee","dice":[6,5,3,1],"value":2},
		{"kind":"combat_result","rule":"R-VIII.4.5","unit":"sp","value":4,"detail":"routed"},
		{"kind":"pushed_back","rule":"R-IX.2.1","unit":"sp","at":"A11","detail":"shooting","value":0}]`
	if err := json.Unmarshal([]byte(stored), &ev); err != nil {
		t.Fatal(err)
	}
	log := Log(RU, ev)
	for _, want := range []string{"hc — рукопашная: 6 5 3 1 → 2 успеха [VIII.2.1]", "Итог боя для sp: бежит (X = 4) [VIII.4.5]", "sp не выдерживает обстрела [IX.2.1]"} {
		if !strings.Contains(log, want) {
			t.Errorf("old events: %q lacks %q", log, want)
		}
	}
}

// The stake of the command roll is never called «ставка»: that is the HQ,
// whose reroll the same message offers.
func TestCommandTextStakeIsNotTheHQ(t *testing.T) {
	r := engine.CommandResult{Rolls: [][2]int{{3, 4}}, Totals: []int{7}, Success: true, Special: 1, Ordinary: 3}
	ru := CommandText(RU, engine.StakeLow, r, false)
	if want := "Командный бросок (малый порог, 5+): 3+4=7 — успех: 1 особый приказ и 3 обычных."; !strings.HasPrefix(ru, want) {
		t.Errorf("ru: %q, want %q", ru, want)
	}
	if strings.Contains(strings.ToLower(ru), "ставк") || !strings.Contains(T(RU, "bot.reroll.hq"), "ставк") {
		t.Errorf("the stake and the HQ share a word: %q / %q", ru, T(RU, "bot.reroll.hq"))
	}
	r = engine.CommandResult{Rolls: [][2]int{{1, 2}, {6, 6}}, Totals: []int{3, 12}, Success: true, Special: 2, Ordinary: 3}
	if got := CommandText(RU, engine.StakeHigh, r, true); got != "Командный бросок (большой порог, 8+): 1+2=3 → 6+6=12 — успех: 2 особых приказа и 3 обычных." {
		t.Errorf("ru high: %q", got)
	}
	if got := CommandText(EN, engine.StakeHigh, r, true); got != "Command roll (high stake, 8+): 1+2=3 → 6+6=12 — success: 2 special orders and 3 ordinary." {
		t.Errorf("en high: %q", got)
	}
	r = engine.CommandResult{Rolls: [][2]int{{1, 1}}, Totals: []int{2}, Special: 0, Ordinary: 2}
	if got := CommandText(RU, engine.StakeHigh, r, true); !strings.Contains(got, "0 особых приказов и 2 обычных") {
		t.Errorf("ru failure: %q", got)
	}
	if got := CommandText(EN, engine.StakeLow, engine.CommandResult{Rolls: [][2]int{{1, 1}}, Totals: []int{2}, Special: 1, Ordinary: 1}, true); !strings.Contains(got, "1 special order and 1 ordinary") {
		t.Errorf("en: %q", got)
	}
	for _, k := range []string{"cmd.roll.desc", "cmd.roll.opt.stake.name", "cmd.roll.opt.stake.desc"} {
		if strings.Contains(T(RU, k), "ставк") {
			t.Errorf("%s: %q", k, T(RU, k))
		}
	}
}

// Verbs agree with the numbers they stand before.
func TestCountedVerbs(t *testing.T) {
	if got := T(RU, "bot.guarded", "Север", 3, 1, 2, 0); got != "Север: охрана остановила синоби врага: 3; из них убит 1, взяты в плен 2, повернули назад 0." {
		t.Errorf("guarded: %q", got)
	}
	if got := T(RU, "bot.infiltration", "Юг", 2, 1); got != "Юг: из 2 синоби в тыл врага проник 1; он ждёт заданий." {
		t.Errorf("infiltration: %q", got)
	}
	if got := T(EN, "bot.infiltration", "South", 2, 1); got != "South: of 2 shinobi, 1 got into the enemy's rear; it awaits missions." {
		t.Errorf("infiltration: %q", got)
	}
	if got := T(RU, "bot.posts_queued", 21, "429"); !strings.HasPrefix(got, "В очереди 21 сообщение (Discord: 429); бот отправит его сам") {
		t.Errorf("queued: %q", got)
	}
	if got := T(EN, "bot.posts_queued", 1, "429"); !strings.HasPrefix(got, "1 message is queued (Discord: 429); the bot posts it itself") {
		t.Errorf("queued: %q", got)
	}
}
