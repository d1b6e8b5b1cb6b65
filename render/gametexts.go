package render

import "github.com/gunbai/gunbai/engine"

// Texts of the battle lifecycle's refusals and reports (package game) and
// of the placement and scouting rules that moved into the engine.
var gameTexts = map[string]msg{
	"err.bad_stake":        {"Неизвестная ставка «%s»: low (малая) или high (большая).", "Unknown stake “%s”: low or high."},
	"prob.place_zone":      {"%s — не ваша зона расстановки", "%s is not in your deployment zones"},
	"prob.place_leader":    {"у вашей стороны нет предводителя «%s»", "your side has no leader “%s”"},
	"prob.place_leader_to": {"предводитель может быть в своём отряде, в ставке (hq) или в резерве (reserve), а не в «%s»", "a leader goes to one of your units, the HQ (hq) or the reserve (reserve), not “%s”"},
	"prob.place_defender":  {"местность расставляет только обороняющаяся армия", "only the defending army places terrain"},
	"prob.place_terrain":   {"неизвестная местность «%s»: hill, forest или swamp", "unknown terrain “%s”: hill, forest or swamp"},
	"prob.place_nothing":   {"укажите, что расставить: отряд (unit и cell/facing/save_ammo), предводителя (leader и to), ставку (hq), местность (terrain и cell) или охрану из синоби (guards)", "say what to place: a unit (unit with cell/facing/save_ammo), a leader (leader with to), the HQ (hq), terrain (terrain with cell) or shinobi guards (guards)"},
	"prob.place_guards":    {"охранять армию могут от 0 до %s синоби", "from 0 to %s shinobi can guard the army"},
	"prob.scouted":         {"ваши синоби уже ходили в разведку: разведка бывает один раз", "your shinobi have already scouted: scouting happens once"},
	"prob.scout_none":      {"укажите клетки для разведки (cells)", "name the cells to scout (cells)"},
	"prob.scout_cells":     {"можно назвать не больше %s клеток: по 2 на каждого синоби в тылу врага", "you may name at most %s cells: 2 for each shinobi in the enemy's rear"},
	"prob.scout_swaps":     {"обменов больше нет: по одному на разведчика, разведчиков: %s", "no swaps left: one per scout, and you have %s scouts"},
}

func init() {
	for k, v := range gameTexts {
		catalogue[k] = v
	}
}

// Refusal words a refusal of the battle lifecycle: the engine's problems,
// one a line, or the catalogue text of key with its arguments.
func Refusal(lang Lang, key string, args []any, problems []*engine.Problem) string {
	if len(problems) > 0 {
		return ProblemsText(lang, problems)
	}
	return T(lang, key, args...)
}

// ShinobiReportText words a shinobi's report of the command phase (R-V.6.2,
// R-V.6.5, D-31) for the clan that receives it.
func ShinobiReportText(lang Lang, turn int, r engine.ShinobiReport) string {
	switch r.Mission {
	case engine.ReportSignals:
		return T(lang, "bot.signals", r.Target) + "\n" + OrdersText(lang, turn, r.Orders)
	case engine.ReportIntercepted:
		return T(lang, "bot.intercepted", r.Special, r.Ordinary)
	default:
		return T(lang, "bot.intercept."+r.Outcome)
	}
}
