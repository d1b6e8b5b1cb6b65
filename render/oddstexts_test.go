package render

import (
	"strings"
	"testing"

	"github.com/gunbai/gunbai/engine"
)

// The odds of a melee and of a shot in both languages: outcomes as the
// rules name them, the most frequent first, counted words agreeing with
// their numbers, numbers written as each language writes them (x/text's
// printer groups thousands; averages take a decimal comma in Russian).
func TestOddsText(t *testing.T) {
	melee := engine.OddsResult{Kind: engine.CombatMelee, Side: engine.North, Unit: "sp", Target: "as", Runs: 2000,
		Outcomes: []engine.OutcomeShare{
			{Outcome: engine.DefenderRouted, Runs: 420, Share: 0.21},
			{Outcome: engine.DefenderPushedBack, Runs: 1160, Share: 0.58},
			{Outcome: engine.AttackRepelled, Runs: 419, Share: 0.2095},
			{Outcome: engine.AttackerDestroyed, Runs: 1, Share: 0.0005},
		},
		OwnLost: 2.125, EnemyLost: 1.4, TargetLost: []int{100, 1900}}
	shot := engine.OddsResult{Kind: engine.CombatShot, Side: engine.North, Unit: "ar", Target: "tp", Runs: 1,
		Outcomes:  []engine.OutcomeShare{{Outcome: engine.TargetRetreated, Runs: 1, Share: 1}},
		EnemyLost: 2, TargetLost: []int{0, 0, 1}}
	shots := engine.OddsResult{Kind: engine.CombatShot, Runs: 21,
		Outcomes: []engine.OutcomeShare{
			{Outcome: engine.TargetHeld, Runs: 14},
			{Outcome: engine.TargetRouted, Runs: 7},
		},
		EnemyLost: 0.5, TargetLost: []int{7, 14}}
	for _, c := range []struct {
		lang Lang
		r    engine.OddsResult
		want string
	}{
		{RU, melee, "Из 2\u00a0000 боёв: отброшен 58 %, обращён в бегство 21 %, атака отбита 21 %, ваш отряд уничтожен меньше 1 %. Ваши потери — в среднем 2,1, потери противника — 1,4."},
		{EN, melee, "Out of 2,000 combats: pushed back 58 %, routed 21 %, repelled 21 %, your unit destroyed under 1 %. Your losses 2.1 on average, the enemy's 1.4."},
		{RU, shot, "Из 1 обстрела: противник отступает 100 %. Он теряет 2 фигуры 100 %; в среднем 2,0."},
		{EN, shot, "Out of 1 shot: the enemy retreats 100 %. It loses 2 figures 100 %; 2.0 on average."},
		{RU, shots, "Из 21 обстрела: противник остаётся на месте 67 %, обращён в бегство 33 %. Он теряет 1 фигуру 67 %, ни одной фигуры 33 %; в среднем 0,5."},
		{EN, shots, "Out of 21 shots: the enemy holds 67 %, routed 33 %. It loses 1 figure 67 %, no figure 33 %; 0.5 on average."},
	} {
		if got := OddsText(c.lang, c.r); got != c.want {
			t.Errorf("%s:\n got %q\nwant %q", c.lang, got, c.want)
		}
	}
}

// Every outcome the engine names has its words in both languages.
func TestOddsOutcomeNames(t *testing.T) {
	for _, o := range engine.CombatOutcomes() {
		for _, l := range []Lang{RU, EN} {
			r := engine.OddsResult{Runs: 5, Outcomes: []engine.OutcomeShare{{Outcome: o, Runs: 5, Share: 1}}}
			if o >= engine.TargetDestroyed {
				r.Kind = engine.CombatShot
			}
			if got := OddsText(l, r); strings.Contains(got, "odds.") || strings.Contains(got, "_") {
				t.Errorf("%s %s: %q", l, o, got)
			}
		}
	}
}

// The words of real odds: the engine's answer for an attack, worded.
func TestOddsTextOfEngine(t *testing.T) {
	b := engine.Battle{ID: "o", Defender: engine.South, Settings: engine.DefaultSettings(), Units: []engine.Unit{
		{ID: "sp", Side: engine.North, Type: engine.SamuraiSpear, Figures: 8, Cell: engine.Cell{X: 6, Y: 3}, Facing: engine.S, Status: engine.StatusOK},
		{ID: "as", Side: engine.South, Type: engine.AshigaruSpear, Figures: 8, Cell: engine.Cell{X: 6, Y: 4}, Facing: engine.N, Status: engine.StatusOK},
	}}
	r, err := engine.Odds(b, engine.North, engine.Order{Unit: "sp", Side: engine.North, Kind: engine.OrderMove, Phase: 1}, 200)
	if err != nil {
		t.Fatal(err)
	}
	for _, l := range []Lang{RU, EN} {
		got := OddsText(l, r)
		for _, s := range r.Outcomes {
			if !strings.Contains(got, T(l, "odds.outcome."+s.Outcome.String())) {
				t.Errorf("%s: %q does not name %s", l, got, s.Outcome)
			}
		}
		if !strings.Contains(got, " 200 ") {
			t.Errorf("%s: %q does not say how many combats", l, got)
		}
	}
}
