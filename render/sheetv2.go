package render

import "github.com/gunbai/gunbai/engine"

// The words of the order sheet as one Components V2 message (issue 28):
// each order given with its cancel button naming it, what each pick
// costs, the phase it is for, shots out of range apart and why, the
// gallop explained, and every warning the engine can give at once.

var sheetV2Texts = texts{
	"sheet.cancel_order":          {"Отменить: %s", "Cancel: %s"},
	"sheet.more_orders":           {"Ещё %d {1:приказ|приказа|приказов} не поместились кнопками: их отмена — в меню «Отменить приказ…» ниже.", "%d more {1:order does|orders do} not fit as buttons: cancel them from the menu “Cancel an order…” below."},
	"sheet.preview_caption":       {"Превью: ваш вид поля и отданные приказы.", "Preview: your view of the field and the orders given."},
	"sheet.phase_second":          {"фаза 2 — второй шаг, после приказа фазы 1", "phase 2: the second step, after the phase-1 order"},
	"sheet.phase_first":           {"фаза 1", "phase 1"},
	"sheet.subject_next":          {"%s · фаза 1: %s; следующий приказ — на фазу 2", "%s · phase 1: %s; the next order is for phase 2"},
	"sheet.second_from":           {"второй шаг: из %s", "second step: from %s"},
	"sheet.cost.ordinary":         {"обычный приказ (осталось %d)", "an ordinary order (%d left)"},
	"sheet.cost.spare":            {"обычных не осталось: его несёт особый (осталось %d, VI.3.7)", "no ordinary left: a special slot carries it (%d left, R-VI.3.7)"},
	"sheet.cost.special":          {"особый приказ (осталось %d)", "a special order (%d left)"},
	"sheet.cost.free":             {"бесплатно", "free"},
	"sheet.pick_desc":             {"%s · %s", "%s · %s"},
	"sheet.out_of_range":          {"%s — вне зоны обстрела", "%s: out of range"},
	"sheet.out_of_range_why":      {"Сейчас вне зоны обстрела: выстрел пропадёт, если цель не войдёт в неё (VI.2.3)", "Out of the fire zone now: the shot is lost unless the target comes into it (R-VI.2.3)"},
	"sheet.out_of_range_list":     {"Вне зоны обстрела сейчас (в конце меню): %s. Такой выстрел исполнится, только если цель войдёт в зону к выстрелу (VI.2.3).", "Out of the fire zone now (at the end of the menu): %s. Such a shot is carried out only if the target is in the zone when the unit shoots (R-VI.2.3)."},
	"sheet.ends_at":               {"закончит в %s, фронт %s", "ends at %s, facing %s"},
	"sheet.stays":                 {"останется в %s, фронт %s", "stays at %s, facing %s"},
	"sheet.attacks":               {"атака на %s", "attacks %s"},
	"sheet.gallop_help":           {"Галоп (II.2.2, VI.2.12): неутомлённая конница делает за один приказ два шага — перемещения или повороты в любом порядке; первый шаг идёт раньше действий других отрядов. Каждый вариант меню — весь путь; под ним сказано, где отряд закончит и кого атакует.", "A gallop (R-II.2.2, R-VI.2.12): cavalry that is not fatigued makes two steps for one order, moves or wheels in any order; its first step goes before other units act. Each entry of the menu is a whole path; under it is where the unit ends and whom it attacks."},
	"sheet.no_special_left":       {"Особых приказов из броска не осталось: особые приказы меню предлагает, только где они бесплатны (отряд, который ведёт генерал).", "No special order of the roll is left: the menus offer special orders only where they are free (a unit a general leads)."},
	"sheet.stake_help":            {"Порог: малый (5+ на 2d6) — при успехе 1 особый и 3 обычных приказа, при неудаче 3 обычных (V.2.1); большой (8+) — при успехе 2 особых и 3 обычных, при неудаче 2 обычных (V.2.2).", "The stake: low (5+ on 2d6): on success 1 special and 3 ordinary orders, on failure 3 ordinary (R-V.2.1); high (8+): on success 2 special and 3 ordinary, on failure 2 ordinary (R-V.2.2)."},
	"sheet.reroll_help.hq":        {"Переброс ставкой: ничего не стоит, раз за ход, пока командующий в ставке (V.3.1); новый бросок заменяет прежний, без бонуса генералов (V.3.3).", "Reroll (HQ): costs nothing, once a turn while the commander is in the HQ (R-V.3.1); the new roll replaces the old, with no generals' bonus (R-V.3.3)."},
	"sheet.reroll_help.messenger": {"Переброс гонцом: тратит гонца на всю битву (гонцов: %d, V.3.2); новый бросок заменяет прежний, без бонуса (V.3.3).", "Reroll (messenger): spends a messenger for the whole battle (messengers: %d, R-V.3.2); the new roll replaces the old, with no bonus (R-V.3.3)."},
	"sheet.reroll_help.accept":    {"Принять: результат окончателен, можно отдавать приказы.", "Accept: the result is final and the orders may be given."},
	"stake.low_button":            {"Малый порог (5+): 1 особый + 3 обычных", "Low stake (5+): 1 special + 3 ordinary"},
	"stake.high_button":           {"Большой порог (8+): 2 особых + 3 обычных", "High stake (8+): 2 special + 3 ordinary"},
	"given.free.calm":             {"Он бесплатный: спокойная перегруппировка ямабуси (II.8.1).", "It is free: the yamabushi's Calm Rally (R-II.8.1)."},
	"given.free.general":          {"Он бесплатный: особый приказ генерала, ведущего этот отряд (III.2.2).", "It is free: the special order of the general leading this unit (R-III.2.2)."},
	"given.free.minor":            {"Он бесплатный: дополнительный приказ малого клана (V.5.1).", "It is free: the minor clan's extra order (R-V.5.1)."},
	"given.stop":                  {"Остановится раньше: %s", "It stops short: %s"},
	"stop.R-VI.2.8":               {"путь закрыт врагом — отход или сдвиг в занятую врагом клетку не делается (VI.2.8).", "an enemy blocks the way: a retreat or sidestep into an enemy's cell is not made (R-VI.2.8)."},
	"stop.R-XI.4.1":               {"на пути непроходимая местность (XI.4.1).", "impassable ground is in the way (R-XI.4.1)."},
	"stop.D-03":                   {"на пути край поля (реш. D-03).", "the edge of the field is in the way (D-03)."},
	"stop.D-64":                   {"река или лес замедлят конницу: дальше первого шага она не пойдёт (реш. D-64).", "the river or a forest slows the cavalry: it goes no further than its first step (D-64)."},
	"stop.D-39":                   {"стрелки прервут марш перед врагом (реш. D-39).", "the shooters halt their march before an enemy (D-39)."},
	"stop.other":                  {"правило %s.", "rule %s."},
}

// PickCost says what a pick of the order menu costs of what is left: free,
// an ordinary order, a special one, or an ordinary carried by a spare
// special slot (R-VI.3.7).
func PickCost(lang Lang, kind engine.OrderKind, class engine.Class, left engine.Allowance) string {
	switch {
	case kind.Free() || kind.Declaration():
		return T(lang, "sheet.cost.free")
	case kind.Special() || class == engine.Special:
		return T(lang, "sheet.cost.special", left.Special)
	case left.Ordinary == 0:
		return T(lang, "sheet.cost.spare", left.Special)
	}
	return T(lang, "sheet.cost.ordinary", left.Ordinary)
}

// PhaseName says which phase an order is for; a phase-2 order is the
// second step after the unit's phase-1 order.
func PhaseName(lang Lang, phase int) string {
	switch phase {
	case 1:
		return T(lang, "sheet.phase_first")
	case 2:
		return T(lang, "sheet.phase_second")
	}
	return ""
}

// StopText warns that an order stops short for the rule the engine gives
// (engine.Intended.Stop), at once when it is given.
func StopText(lang Lang, rule string) string {
	if rule == "" {
		return ""
	}
	why := T(lang, "stop.other", rule)
	if has("stop." + rule) {
		why = T(lang, "stop."+rule)
	}
	return T(lang, "given.stop", why)
}

// FreeReason is the one reason an order that cost nothing of the roll was
// free (engine/budget.go matches them in this order): the Calm Rally of a
// yamabushi unit, the minor clan's extra order, else the general's.
func FreeReason(lang Lang, o engine.Order, u *engine.Unit) string {
	switch {
	case u != nil && o.Kind == engine.OrderRally && u.Type == engine.Yamabushi:
		return T(lang, "given.free.calm")
	case u != nil && u.MinorClan:
		return T(lang, "given.free.minor")
	}
	return T(lang, "given.free.general")
}
