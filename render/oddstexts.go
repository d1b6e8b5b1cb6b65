package render

import (
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/gunbai/gunbai/engine"
)

// Texts of the odds of the combat an order starts (engine.Odds): the
// outcomes as the rules name them, with their shares, and the losses.
var oddsTexts = texts{
	"odds.melee":       {"Из %d {1:боя|боёв|боёв}: %s. Ваши потери — в среднем %s, потери противника — %s.", "Out of %d {1:combat|combats}: %s. Your losses %s on average, the enemy's %s."},
	"odds.shot":        {"Из %d {1:обстрела|обстрелов|обстрелов}: противник %s. Он теряет %s; в среднем %s.", "Out of %d {1:shot|shots}: the enemy %s. It loses %s; %s on average."},
	"odds.item":        {"%s %s", "%s %s"},
	"odds.lost":        {"%d {1:фигуру|фигуры|фигур} %s", "%d {1:figure|figures} %s"},
	"odds.lost_none":   {"ни одной фигуры %s", "no figure %s"},
	"odds.less_than_1": {"меньше 1", "under 1"},
	// R-VIII.4.10, R-VIII.4.5, R-VIII.4.4, R-VIII.4.3, R-IX.3.1: a melee.
	"odds.outcome.defender_destroyed":   {"уничтожен", "destroyed"},
	"odds.outcome.defender_routed":      {"обращён в бегство", "routed"},
	"odds.outcome.defender_pushed_back": {"отброшен", "pushed back"},
	"odds.outcome.attack_repelled":      {"атака отбита", "repelled"},
	"odds.outcome.attacker_destroyed":   {"ваш отряд уничтожен", "your unit destroyed"},
	"odds.outcome.attack_stopped":       {"атака остановлена", "attack stopped"},
	// R-IX.2.1, R-X.1.5: a shot.
	"odds.outcome.target_destroyed": {"уничтожен", "destroyed"},
	"odds.outcome.target_routed":    {"обращён в бегство", "routed"},
	"odds.outcome.target_retreated": {"отступает", "retreats"},
	"odds.outcome.target_held":      {"остаётся на месте", "holds"},

	// /odds.
	"cmd.odds.name":            {"шансы", "odds"},
	"cmd.odds.desc":            {"Шансы атаки или обстрела вашего отряда (видите только вы)", "The odds of an attack or a shot of your unit (only you see them)"},
	"cmd.odds.opt.unit.name":   {"отряд", "unit"},
	"cmd.odds.opt.unit.desc":   {"Ваш отряд", "Your unit"},
	"cmd.odds.opt.target.name": {"цель", "target"},
	"cmd.odds.opt.target.desc": {"Отряд противника, которого видит ваша сторона", "An enemy unit your side can see"},
	"odds.header":              {"Шансы: %s против %s — по полю, каким его видит ваша сторона; противник без приказов.", "Odds: %s against %s — on the field as your side sees it; the enemy giving no orders."},
	"err.no_odds":              {"Ни один приказ отряда %s сейчас не ведёт к бою с %s, которого видит ваша сторона.", "No order of %s leads now to a combat with %s as your side sees the field."},
}

// OddsText words the odds of one order's combat (engine.Odds): the
// outcomes, the most frequent first, with their shares; for a melee the
// figures each side loses on average, for a shot how many the target
// loses. "Out of 2000 combats: pushed back 58 %, routed 21 %, repelled
// 21 %. Your losses 2.1 on average, the enemy's 1.4."
func OddsText(l Lang, r engine.OddsResult) string {
	shares := slices.Clone(r.Outcomes)
	slices.SortStableFunc(shares, func(a, b engine.OutcomeShare) int { return b.Runs - a.Runs })
	items := make([]string, len(shares))
	for k, s := range shares {
		items[k] = T(l, "odds.item", T(l, "odds.outcome."+s.Outcome.String()), percent(l, s.Runs, r.Runs))
	}
	list := strings.Join(items, ", ")
	if r.Kind == engine.CombatShot {
		return T(l, "odds.shot", r.Runs, list, lossList(l, r), decimal(l, r.EnemyLost))
	}
	return T(l, "odds.melee", r.Runs, list, decimal(l, r.OwnLost), decimal(l, r.EnemyLost))
}

// lossList is how many figures the target loses, the most frequent first:
// "1 figure 40 %, 2 figures 35 %, no figure 25 %".
func lossList(l Lang, r engine.OddsResult) string {
	lost := make([]int, 0, len(r.TargetLost))
	for n, c := range r.TargetLost {
		if c > 0 {
			lost = append(lost, n)
		}
	}
	slices.SortStableFunc(lost, func(a, b int) int { return r.TargetLost[b] - r.TargetLost[a] })
	items := make([]string, len(lost))
	for k, n := range lost {
		p := percent(l, r.TargetLost[n], r.Runs)
		if n == 0 {
			items[k] = T(l, "odds.lost_none", p)
		} else {
			items[k] = T(l, "odds.lost", n, p)
		}
	}
	return strings.Join(items, ", ")
}

// percent writes part of all as a whole percentage, "58 %"; a share that
// rounds to 0 but happened is "under 1 %".
func percent(l Lang, part, all int) string {
	if all <= 0 {
		return "0 %"
	}
	p := int(math.Round(100 * float64(part) / float64(all)))
	if p == 0 && part > 0 {
		return T(l, "odds.less_than_1") + " %"
	}
	return strconv.Itoa(p) + " %"
}

// decimal writes an average to one decimal place, with a decimal comma in
// Russian: "2,1", "2.1".
func decimal(l Lang, x float64) string {
	s := strconv.FormatFloat(x, 'f', 1, 64)
	if l != EN {
		s = strings.Replace(s, ".", ",", 1)
	}
	return s
}

// OddsShort is the outcomes of a combat alone, the most frequent first, at
// most three, for a menu entry: "pushed back 58 %, routed 21 %, repelled
// 21 %".
func OddsShort(l Lang, r engine.OddsResult) string {
	shares := slices.Clone(r.Outcomes)
	slices.SortStableFunc(shares, func(a, b engine.OutcomeShare) int { return b.Runs - a.Runs })
	var items []string
	for _, s := range shares[:min(3, len(shares))] {
		items = append(items, T(l, "odds.item", T(l, "odds.outcome."+s.Outcome.String()), percent(l, s.Runs, r.Runs)))
	}
	return "≈ " + strings.Join(items, ", ")
}
