package render

import (
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/gunbai/gunbai/engine"
)

// Every event kind of engine/events.go.
var eventKinds = engine.EventKinds()

var c = engine.MustCell

// sampleEvents is a hand-made turn: heavy cavalry charges ashigaru spearmen.
func sampleEvents() []engine.Event {
	return []engine.Event{
		{Kind: engine.EvPhase, Rule: "R-VII.1.1", Turn: 2, Phase: 1},
		{Kind: engine.EvStep, Rule: "R-VII.2.3", Step: "P3", Detail: "ordinary"},
		{Kind: engine.EvMoved, Rule: "R-VI.2.5", Unit: "hc", From: c("A21"), To: c("A11"), Step: "P3"},
		{Kind: engine.EvStep, Rule: "R-VII.2.7", Step: "P7"},
		{Kind: engine.EvAttack, Rule: "R-T.2.5", Unit: "hc", Other: "sp", From: c("A11"), To: c("C11"), Detail: "front", Step: "P7"},
		{Kind: engine.EvRoll, Rule: "R-VIII.2.1", Key: "hc.melee", Dice: []int{6, 5, 3, 1}, Value: 1, Need: 6, Step: "P7"},
		{Kind: engine.EvDamage, Rule: "R-VIII.2.1", Unit: "hc", Other: "sp", Raw: 3, Armor: 0, Value: 3, Step: "P7"},
		{Kind: engine.EvLosses, Rule: "R-VIII.2.7", Unit: "sp", Value: 3, Figures: 9, Step: "P7"},
		{Kind: engine.EvCombatResult, Rule: "R-VIII.4.5", Unit: "sp", Value: 5, Detail: "routed", Step: "P7",
			Terms: &engine.CombatTerms{Losses: 3, Imp: 4, Ranks: 1, St: 3, Inflicted: 0}},
		{Kind: engine.EvRouted, Rule: "R-X.2.1", Unit: "sp", Step: "P7"},
		{Kind: engine.EvFled, Rule: "R-X.2.1", Unit: "sp", From: c("C11"), To: c("C21"), Step: "P7"},
		{Kind: engine.EvOccupied, Rule: "R-VIII.5.1", Unit: "hc", From: c("A11"), To: c("C11"), Step: "P7"},
		{Kind: engine.EvCancelled, Rule: "R-VI.1.6", Unit: "ss", Detail: "exposed", Step: "P7"},
		{Kind: engine.EvPhase, Rule: "R-VII.1.1", Turn: 2, Phase: 2},
		{Kind: engine.EvStep, Rule: "R-VII.2.8", Step: "P8"},
		{Kind: engine.EvWheeled, Rule: "R-VI.2.7", Unit: "hc", At: c("C11"), Facing: engine.E, Step: "P8"},
		{Kind: engine.EvFatigued, Rule: "R-II.2.5", Unit: "hc"},
	}
}

func TestLogRussian(t *testing.T) {
	log := Log(RU, sampleEvents())
	t.Log("\n" + log)
	for _, want := range []string{
		"== Ход 2 · фаза 1 == [VII.1.1]",
		"Шаг 3 — первое движение конницы (обычные приказы) [VII.2.3]",
		"- hc: перемещение A21 → A11 [VI.2.5]",
		"- hc атакует sp из A11 (атака во фронт) [Терминология: атака]",
		"- hc — рукопашная, 6+: 6 5 3 1 → 1 успех [VIII.2.1]",
		"- hc → sp: урон 3 [VIII.2.1]",
		"- sp теряет 3 фигуры, осталось 9 фигур [VIII.2.7]",
		"- Итог боя для sp: X = потери 3 + натиск 4 + ряды 1 − стойкость 3 − потери атакующих 0 = 5 — больше стойкости 3: бежит [VIII.4.5]",
		"sp бежит C11 → C21",
		"hc занимает C11",
		"ss: приказ отменён — отряд подставил бы фланг или тыл фронту противника [VI.1.6]",
		"== Ход 2 · фаза 2 ==",
		"Шаг 8 — прочие перемещения, перестроения и боковые марши [VII.2.8]",
		"hc перестраивается: фронт на восток [VI.2.7]",
		"hc утомлён",
	} {
		if !strings.Contains(log, want) {
			t.Errorf("Russian log lacks %q", want)
		}
	}
	if strings.Contains(log, "%!") || strings.Contains(log, "R-") {
		t.Errorf("format error or an English rule ID in the Russian log:\n%s", log)
	}
}

func TestLogEnglish(t *testing.T) {
	log := Log(EN, sampleEvents())
	t.Log("\n" + log)
	for _, want := range []string{
		"== Turn 2 · phase 1 == [R-VII.1.1]",
		"Step 3 — first cavalry move (ordinary orders) [R-VII.2.3]",
		"- hc moves A21 → A11 [R-VI.2.5]",
		"hc attacks sp from A11 (frontal attack) [R-T.2.5]",
		"- hc — melee, 6+: 6 5 3 1 → 1 hit [R-VIII.2.1]",
		"hc → sp: 3 damage [R-VIII.2.1]",
		"sp loses 3 figures, 9 left",
		"- Combat result for sp: X = losses 3 + Imp 4 + ranks 1 − St 3 − attackers' losses 0 = 5 — above its St 3: routed [R-VIII.4.5]",
		"sp routs! [R-X.2.1]",
		"sp flees C11 → C21",
		"hc occupies C11 [R-VIII.5.1]",
		"Step 8 — other moves, wheels and sidesteps [R-VII.2.8]",
		"hc wheels to face east",
	} {
		if !strings.Contains(log, want) {
			t.Errorf("English log lacks %q", want)
		}
	}
	if strings.ContainsAny(log, "абвгдеёжзийклмнопрстуфхцчшщъыьэюя") {
		t.Errorf("English log contains Russian:\n%s", log)
	}
}

// One line per event, headers included.
func TestLogOneLinePerEvent(t *testing.T) {
	ev := sampleEvents()
	lines := 0
	for _, l := range strings.Split(Log(RU, ev), "\n") {
		if l != "" {
			lines++
		}
	}
	if lines != len(ev) {
		t.Errorf("got %d lines for %d events", lines, len(ev))
	}
}

// Every event kind has its own sentence in both languages, and a kind the
// renderer does not know still prints something useful.
func TestLogEveryKind(t *testing.T) {
	full := engine.Event{Rule: "R-I.1.1", Turn: 1, Phase: 1, Step: "P2", Unit: "u1", Other: "u2",
		From: c("A21"), To: c("A11"), At: c("A11"), Facing: engine.S, Key: "u1.melee", Dice: []int{4, 2},
		Raw: 3, Armor: 1, Value: 2, Figures: 5, Detail: "front"}
	for _, k := range eventKinds {
		e := full
		e.Kind = k
		for _, lang := range []Lang{RU, EN} {
			s := EventText(lang, e)
			if s == "" || strings.Contains(s, "%!") || strings.Contains(s, "ev.") {
				t.Errorf("%s %s: %q", lang, k, s)
			}
			if s == T(lang, "ev.unknown", k, eventFields(e)) {
				t.Errorf("%s %s: generic text %q", lang, k, s)
			}
		}
		if EventText(RU, e) == EventText(EN, e) {
			t.Errorf("%s: same text in both languages", k)
		}
	}
	// Unknown kinds and empty events never panic.
	for _, e := range []engine.Event{
		{Kind: "leader_wounded", Unit: "daimyo", Rule: "R-III.3.2", Value: 1},
		{},
		{Kind: engine.EvAttack},
		{Kind: engine.EvRoll},
		{Kind: engine.EvOutcome, Detail: "south_victory"},
	} {
		for _, lang := range []Lang{RU, EN} {
			s := Log(lang, []engine.Event{e})
			if strings.TrimSpace(s) == "" {
				t.Errorf("%s %+v: empty log", lang, e)
			}
		}
	}
	s := Log(EN, []engine.Event{{Kind: "not_a_kind", Unit: "daimyo", Rule: "R-III.3.2", Value: 1}})
	for _, want := range []string{"not_a_kind", "daimyo", "[R-III.3.2]"} {
		if !strings.Contains(s, want) {
			t.Errorf("unknown kind: %q lacks %q", s, want)
		}
	}
	if s := Log(RU, []engine.Event{{Kind: engine.EvOutcome, Detail: "south_victory"}}); !strings.Contains(s, "победа Юга") {
		t.Errorf("outcome: %q", s)
	}
	if s := Log(RU, []engine.Event{{Kind: engine.EvCancelled, Unit: "hc", Detail: "brand_new_reason"}}); !strings.Contains(s, "brand_new_reason") {
		t.Errorf("an unknown reason must be shown as it is: %q", s)
	}
}

func TestSplitMessages(t *testing.T) {
	if got := SplitMessages("", 10); len(got) != 0 {
		t.Errorf("empty text: %q", got)
	}
	if got := SplitMessages("short\n", 2000); len(got) != 1 || got[0] != "short" {
		t.Errorf("short text: %q", got)
	}
	// Lines are kept whole and in order.
	text := "aaaa\nbbbb\ncccc\ndddd\n"
	got := SplitMessages(text, 9)
	want := []string{"aaaa\nbbbb", "cccc\ndddd"}
	if strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("SplitMessages = %q, want %q", got, want)
	}
	// A piece never starts or ends with a blank line.
	got = SplitMessages("aaaa\n\nbbbb", 5)
	if strings.Join(got, "|") != "aaaa|bbbb" {
		t.Errorf("blank line at a cut: %q", got)
	}
	// A long line is hard-split at the limit, by characters, not bytes.
	long := strings.Repeat("Ж", 25)
	got = SplitMessages("x\n"+long+"\ny", 10)
	want = []string{"x", strings.Repeat("Ж", 10), strings.Repeat("Ж", 10), strings.Repeat("Ж", 5), "y"}
	if strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("hard split = %q, want %q", got, want)
	}
	// A long real log: every piece within Discord's limit, nothing lost.
	var ev []engine.Event
	for i := 0; i < 300; i++ {
		ev = append(ev, sampleEvents()...)
	}
	log := Log(RU, ev)
	pieces := SplitMessages(log, 0)
	if len(pieces) < 2 {
		t.Fatalf("expected several pieces, got %d", len(pieces))
	}
	for i, p := range pieces {
		if n := utf8.RuneCountInString(p); n > DiscordLimit || n == 0 {
			t.Errorf("piece %d has %d characters", i, n)
		}
		if !utf8.ValidString(p) {
			t.Errorf("piece %d is not valid UTF-8", i)
		}
	}
	joined := strings.ReplaceAll(strings.Join(pieces, "\n"), "\n\n", "\n")
	if joined != strings.TrimSpace(strings.ReplaceAll(log, "\n\n", "\n")) {
		t.Errorf("text lost or reordered by splitting")
	}
}

// A duellist spared by the enemy (R-VIII.6.5) reads as spared, not as an
// ordinary wound.
func TestLogSparedDuellist(t *testing.T) {
	e := engine.Event{Kind: engine.EvLeaderWounded, Unit: "shima", Rule: "R-VIII.6.5", Value: 1}
	if s := Log(RU, []engine.Event{e}); !strings.Contains(s, "shima пощажён противником") {
		t.Fatalf("ru: %q", s)
	}
	if s := Log(EN, []engine.Event{e}); !strings.Contains(s, "shima is spared by the enemy") {
		t.Fatalf("en: %q", s)
	}
}

// Sides and facings come typed from the engine and are named, never shown
// as their keys.
func TestLogTypedSideAndFacing(t *testing.T) {
	for _, c := range []struct {
		e    engine.Event
		lang Lang
		want string
	}{
		{engine.Event{Kind: engine.EvHQLost, Side: engine.South, At: c("C11")}, RU, "Юг"},
		{engine.Event{Kind: engine.EvHQLost, Side: engine.North, At: c("A11")}, EN, "North"},
		{engine.Event{Kind: engine.EvArmyOrder, Side: engine.South, Detail: "general_advance"}, EN, "South"},
		{engine.Event{Kind: engine.EvRetreatSignal, Side: engine.North, Value: 5}, RU, "Север"},
		{engine.Event{Kind: engine.EvZone, Side: engine.South, Detail: "B", Value: engine.HoldControl}, RU, "Юг"},
		{engine.Event{Kind: engine.EvWheeled, Unit: "hc", Facing: engine.W}, RU, "запад"},
		{engine.Event{Kind: engine.EvRallied, Unit: "hc", Facing: engine.N}, EN, "north"},
	} {
		got := EventText(c.lang, c.e)
		if !strings.Contains(got, c.want) || strings.Contains(got, "?") {
			t.Errorf("%s %s: %q, want it to name %q", c.lang, c.e.Kind, got, c.want)
		}
	}
}
