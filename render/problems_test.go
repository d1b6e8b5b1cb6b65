package render

import (
	"strings"
	"testing"

	"github.com/gunbai/gunbai/engine"
)

// Every problem code of engine/orders.go and engine/command.go.
var problemCodes = []string{
	engine.ProbUnknownUnit,
	engine.ProbNotYourUnit,
	engine.ProbNoUnitOfYours,
	engine.ProbUnitGone,
	engine.ProbBadPhase,
	engine.ProbPhaseTaken,
	engine.ProbTooManyOrders,
	engine.ProbPhase2Alone,
	engine.ProbNeedsSpecial,
	engine.ProbRoutingOnly,
	engine.ProbRallyInForest,
	engine.ProbRallyFacing,
	engine.ProbNotCavalryStep,
	engine.ProbTooManySteps,
	engine.ProbSkipNotFirst,
	engine.ProbNoTarget,
	engine.ProbNotShooter,
	engine.ProbBadTarget,
	engine.ProbInfantryOnly,
	engine.ProbArmyWideUnit,
	engine.ProbNotSupported,
	engine.ProbWrongTurn,
	engine.ProbWheelInForest,
	engine.ProbForcedMarchBoth,
	engine.ProbOverBudget,
	engine.ProbHoldFacing,
	engine.ProbArmyWideTwice,
	engine.ProbShields,
	engine.ProbMoveFacing,
	engine.ProbLeaderMove,
	engine.ProbShinobi,
	engine.ProbBanner,
	engine.ProbWithdraw,
	engine.ProbShieldsAlone,
	engine.ProbDeployCentre,
	engine.ProbDeployFigures,
	engine.ProbDeployHQ,
	engine.ProbDeployLeader,
	engine.ProbDeployLeaderHQ,
	engine.ProbDeployOccupied,
	engine.ProbDeployShieldEdge,
	engine.ProbDeployShieldSide,
	engine.ProbDeployShields,
	engine.ProbDeploySwamp,
	engine.ProbDeployYamabushi,
	engine.ProbDeployZone,
	engine.ProbSwapSame,
	engine.ProbSwapTurn,
	engine.ProbSwapUnit,
	engine.ProbSaveAmmoUnit,
	engine.ProbSaveAmmoTurn,
	engine.ProbFixWho,
	engine.ProbFixField,
	engine.ProbFixValue,
	engine.ProbFixCell,
	engine.ProbTerrainBridge,
	engine.ProbTerrainForestBridge,
	engine.ProbTerrainForests,
	engine.ProbTerrainHills,
	engine.ProbTerrainNoBridge,
	engine.ProbTerrainNoRiver,
	engine.ProbTerrainRiver,
	engine.ProbTerrainSwampCentre,
	engine.ProbTerrainSwampShared,
	engine.ProbTerrainSwamps,
	engine.ProbTerrainTouch,
	engine.ProbTerrainUnavailable,
	engine.ProbTerrainUnknown,
	engine.ProbTerrainZone,
	"no_hq_reroll",
	"no_messenger",
	"bad_reroll",
}

func TestProblemTextEveryCode(t *testing.T) {
	for _, code := range problemCodes {
		if !has("prob." + code) {
			t.Errorf("no catalogue text for problem %q", code)
			continue
		}
		p := &engine.Problem{Code: code, Rule: "R-X.9.9", Unit: "unit7", Arg: "2"}
		ru, en := ProblemText(RU, p), ProblemText(EN, p)
		for lang, s := range map[Lang]string{RU: ru, EN: en} {
			for _, want := range []string{"unit7", map[Lang]string{RU: "(X.9.9)", EN: "(R-X.9.9)"}[lang]} {
				if !strings.Contains(s, want) {
					t.Errorf("%s %s: %q lacks %q", lang, code, s, want)
				}
			}
			if strings.Contains(s, code) || strings.Contains(s, "%!") || strings.Contains(s, "prob.") {
				t.Errorf("%s %s: looks untranslated: %q", lang, code, s)
			}
			if !strings.HasSuffix(s, ".") {
				t.Errorf("%s %s: %q does not end a sentence", lang, code, s)
			}
		}
		if ru == en {
			t.Errorf("%s: same text in both languages: %q", code, ru)
		}
		prefix := [2]string{"Отряд unit7: ", "Unit unit7: "}
		if code == engine.ProbLeaderMove {
			prefix = [2]string{"Предводитель unit7: ", "Leader unit7: "} // leader problems name the leader
		}
		if !strings.HasPrefix(ru, prefix[0]) || !strings.HasPrefix(en, prefix[1]) {
			t.Errorf("%s: want the unit first: %q / %q", code, ru, en)
		}
	}
}

func TestProblemTextExamples(t *testing.T) {
	for _, c := range []struct {
		lang Lang
		p    engine.Problem
		want string
	}{
		{RU, engine.Problem{Code: engine.ProbRoutingOnly, Rule: "R-VI.3.6", Unit: "hc"},
			"Отряд hc: бегущий отряд может получить только приказ «Перегруппировка» (VI.3.6)."},
		{EN, engine.Problem{Code: engine.ProbRoutingOnly, Rule: "R-VI.3.6", Unit: "hc"},
			"Unit hc: a routing unit can only be ordered to Rally (R-VI.3.6)."},
		{RU, engine.Problem{Code: engine.ProbNeedsSpecial, Rule: "R-VI.3.7", Unit: "sa", Arg: "volley"},
			"Отряд sa: «Массированный обстрел» — особый приказ, его нельзя отдать вместо обычного (VI.3.7)."},
		{EN, engine.Problem{Code: engine.ProbBadTarget, Rule: "R-VI.2.3", Unit: "sa", Arg: "ss"},
			"Unit sa: the target ss is not an enemy unit (R-VI.2.3)."},
		{RU, engine.Problem{Code: "no_messenger", Rule: "R-V.3.2"},
			"Гонцов не осталось (V.3.2)."},
		{EN, engine.Problem{Code: "bad_reroll", Rule: "R-V.3", Arg: "prayer"},
			"Unknown reroll source prayer: use the HQ or a messenger (R-V.3)."},
	} {
		if got := ProblemText(c.lang, &c.p); got != c.want {
			t.Errorf("ProblemText(%s, %+v)\n got %q\nwant %q", c.lang, c.p, got, c.want)
		}
	}
}

func TestProblemTextUnknownCode(t *testing.T) {
	p := &engine.Problem{Code: "moon_phase", Rule: "R-Z.1", Unit: "hc"}
	ru, en := ProblemText(RU, p), ProblemText(EN, p)
	if !strings.Contains(ru, "moon_phase") || !strings.Contains(ru, "недопустим") || !strings.Contains(ru, "hc") {
		t.Errorf("ru generic: %q", ru)
	}
	if !strings.Contains(en, "moon_phase") || !strings.Contains(en, "not allowed") || !strings.Contains(en, "R-Z.1") {
		t.Errorf("en generic: %q", en)
	}
	// Keys that are not problem texts are not taken for one.
	if s := ProblemText(EN, &engine.Problem{Code: "unit_prefix"}); !strings.Contains(s, "not allowed") {
		t.Errorf("unit_prefix: %q", s)
	}
	if ProblemText(RU, nil) != "" {
		t.Errorf("nil problem must give no text")
	}
	// Real problems from the validator render without fallbacks.
	b := engine.Battle{Units: []engine.Unit{{ID: "hc", Side: engine.North, Type: engine.HeavyCavalry,
		Figures: 8, Cell: engine.MustCell("A21"), Facing: engine.S, Status: engine.StatusRouting}}}
	probs := engine.Validate(b, engine.North, 1, []engine.Order{{Unit: "hc", Side: engine.North, Kind: engine.OrderMove, Phase: 1}})
	if len(probs) == 0 {
		t.Fatal("expected a problem for a routing unit's move")
	}
	if s := ProblemsText(RU, probs); !strings.Contains(s, "Перегруппировка") {
		t.Errorf("validator problem: %q", s)
	}
}
