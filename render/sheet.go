package render

import (
	"fmt"
	"strings"

	"github.com/gunbai/gunbai/engine"
)

// The words of the order sheet (bot/sheet.go draws it): its menus' labels,
// the allowance left, what an order did, and the clan's summary.

var sheetTexts = texts{
	"sheet.title":          {"**%s — ход %d** · %s", "**%s — turn %d** · %s"},
	"sheet.closed":         {"Командная фаза хода %d закончена. Отданные приказы:", "The command phase of turn %d is over. The orders given:"},
	"sheet.roll_first":     {"Сначала командный бросок (2d6): выберите порог.", "First the command roll (2d6): pick the stake."},
	"sheet.left":           {"Осталось: %d {1:обычный приказ|обычных приказа|обычных приказов}, %d {2:особый|особых|особых}.", "Left: %d ordinary {1:order|orders}, %d special."},
	"sheet.left_none":      {"Бросок израсходован: новые приказы только бесплатные (или взамен отданных).", "The roll is spent: only free orders now (or ones that replace an order given)."},
	"sheet.ready":          {"Сторона готова. Любое изменение приказов снимает готовность.", "Your side is ready. Any change to the orders takes it back."},
	"sheet.not_ready":      {"Когда приказы отданы, нажмите «Готово».", "When the orders are given, press Ready."},
	"sheet.plan_change":    {"Смена планов (Сигналы, V.6.2): можно изменить приказы, кроме заданий синоби и знамён.", "Plan change (Signals, R-V.6.2): orders may change, except shinobi missions and banners."},
	"sheet.ephemeral":      {"Личные сообщения от бота у вас закрыты, поэтому лист приказов здесь; он действует 15 минут, потом вызовите /приказы снова.", "Your DMs are closed to the bot, so the order sheet is here; it lasts 15 minutes, then use /orders again."},
	"sheet.choosing":       {"Выбор: %s", "Choosing: %s"},
	"sheet.pick_subject":   {"Отряд или группа приказов…", "A unit or a group of orders…"},
	"sheet.pick_order":     {"Приказ…", "Order…"},
	"sheet.pick_choice":    {"Цель, фронт или шаги…", "Target, facing or steps…"},
	"sheet.pick_cancel":    {"Отменить приказ…", "Cancel an order…"},
	"sheet.more":           {"Ещё… (стр. %d)", "More… (page %d)"},
	"sheet.phase":          {"Фаза %d", "Phase %d"},
	"sheet.give_phase":     {"Отдать в фазе %d", "Give in phase %d"},
	"sheet.back":           {"Назад", "Back"},
	"sheet.ready_button":   {"Готово", "Ready"},
	"sheet.stake":          {"Порог %s", "Stake %s"},
	"sheet.group.#army":    {"Приказ по армии", "Army-wide order"},
	"sheet.group.#leaders": {"Перемещение предводителей", "Leader moves"},
	"sheet.group.#shinobi": {"Задания синоби", "Shinobi missions"},
	"sheet.group.#banners": {"Знамёна", "Banners"},
	"sheet.group.#declare": {"Решения стороны", "Side's decisions"},
	"sheet.unit":           {"%s — %s, %s", "%s — %s, %s"},
	"sheet.unit_desc":      {"%d {1:фигура|фигуры|фигур}, фронт %s", "%d {1:figure|figures}, facing %s"},
	"sheet.pick_class":     {"%s (%s)", "%s (%s)"},
	"sheet.leader":         {"Перевести %s", "Move %s"},
	"sheet.mission":        {"Синоби: %s", "Shinobi: %s"},
	"sheet.banner":         {"Знамя %s", "Banner %s"},
	"sheet.to.hq":          {"в ставку", "to the HQ"},
	"sheet.to.reserve":     {"в резерв", "to the reserve"},
	"sheet.to.unit":        {"к отряду %s", "to unit %s"},
	"sheet.target":         {"цель %s", "target %s"},
	"sheet.in_unit":        {"в отряде %s", "in unit %s"},
	"sheet.carry_shields":  {"со щитами", "carrying the shields"},
	"sheet.set_shields":    {"щиты: %s", "shields: %s"},
	"sheet.plain":          {"как есть", "as it stands"},
	"sheet.no_target":      {"без цели", "no target"},
	"sheet.orders":         {"Приказы (%d):", "Orders (%d):"},
	"sheet.no_orders":      {"Приказов пока нет.", "No orders yet."},

	// What an order did (issue 12, item 7).
	"given.order":          {"Приказ принят: %s.", "Order accepted: %s."},
	"given.replaced":       {"Он заменил: %s.", "It replaced: %s."},
	"given.slot_spare":     {"Обычных приказов не осталось: его несёт свободный особый (VI.3.7).", "No ordinary order was left: a spare special slot carries it (R-VI.3.7)."},
	"given.slot":           {"Оплачен: %s.", "Paid with: %s."},
	"given.fire_in":        {"Цель сейчас в зоне обстрела; если к выстрелу она уйдёт из неё, приказ отменится (VI.2.3).", "The target is in the fire zone now; if it has left it when the unit shoots, the order is cancelled (R-VI.2.3)."},
	"given.fire_out":       {"Цель сейчас вне зоны обстрела: приказ исполнится, только если она войдёт в зону к выстрелу (VI.2.3).", "The target is out of the fire zone now: the order is carried out only if it is in the zone when the unit shoots (R-VI.2.3)."},
	"given.attack":         {"Это атака на %s.", "It attacks %s."},
	"given.may_fail":       {"Может не состояться: %s", "It may still come to nothing: %s"},
	"fail.move":            {"если путь окажется занят или отряд будет атакован раньше (VI.2.5).", "if the way is taken or the unit is attacked first (R-VI.2.5)."},
	"fail.rally":           {"перегруппировке нужен успешный бросок (VI.3.4).", "a rally needs a successful roll (R-VI.3.4)."},
	"fail.shinobi":         {"синоби может быть перехвачен (V.6).", "the shinobi may be stopped (R-V.6)."},
	"cancelled.order":      {"Отменён: %s.", "Cancelled: %s."},
	"summary.title":        {"**Приказы стороны %s — %s, ход %d**", "**%s's orders — %s, turn %d**"},
	"summary.ready":        {"Готово.", "Ready."},
	"summary.not_ready":    {"Ещё не готово.", "Not ready yet."},
	"summary.changes":      {"Изменения:", "Changes:"},
	"summary.given":        {"• %s отдал: %s", "• %s gave: %s"},
	"summary.replaced":     {"• %s заменил %s на %s", "• %s replaced %s with %s"},
	"summary.cancelled":    {"• %s отменил: %s", "• %s cancelled: %s"},
	"summary.ready_by":     {"• %s: готово", "• %s: ready"},
	"summary.earlier":      {"• …и ещё %d {1:изменение|изменения|изменений} раньше", "• …and %d earlier {1:change|changes}"},
	"summary.someone":      {"кто-то", "someone"},
	"err.sheet_unknown":    {"Этот лист приказов больше не действует. Вызовите /приказы.", "This order sheet is no longer valid. Use /orders."},
	"err.sheet_stale":      {"Лист приказов изменился, пока вы выбирали (приказы отдал союзник?); он обновлён — выберите снова.", "The order sheet changed while you were choosing (a teammate's order?); it is refreshed: choose again."},
	"err.sheet_not_seated": {"Вы больше не отдаёте приказы этой стороны в этой битве.", "You no longer give this side's orders in this battle."},
	"err.not_order_role":   {"Приказы вашей стороны отдают участники роли %s.", "Your side's orders are given by the members of %s."},
	"bot.sheet_sent":       {"Лист приказов отправлен вам в личные сообщения; он будет приходить каждый ход.", "The order sheet is in your DMs; it will come every turn."},
}

// AllowanceText says what is left of a side's command roll.
func AllowanceText(lang Lang, a engine.Allowance) string {
	if a.Ordinary == 0 && a.Special == 0 {
		return T(lang, "sheet.left_none")
	}
	return T(lang, "sheet.left", a.Ordinary, a.Special)
}

// GivenText is the confirmation of an order (issue 12, item 7): the order,
// what paid for it (free: the one reason it was free, FreeReason), what it
// replaced, and every warning at once: whether it may still come to
// nothing, a shot's target in or out of the fire zone now (fireKnown:
// there is one), the enemy a move runs into (attack), and the rule that
// stops it short (stop, StopText). The allowance left is not repeated here:
// the sheet's head says it, recomputed each time it is shown (issue 28: a
// note kept from an earlier click went stale after an order by command).
func GivenText(lang Lang, o engine.Order, replaced []engine.Order, before, after engine.Allowance, fire, fireKnown bool, attack, free, stop string) string {
	lines := []string{T(lang, "given.order", OrderLine(lang, o))}
	for _, r := range replaced {
		lines = append(lines, T(lang, "given.replaced", OrderLine(lang, r)))
	}
	switch {
	case o.Kind.Free() || len(replaced) > 0 && before == after:
	case before == after:
		lines = append(lines, free)
	case o.Class == engine.Ordinary && !o.Kind.Special() && after.Ordinary == before.Ordinary && after.Special < before.Special:
		lines = append(lines, T(lang, "given.slot_spare"))
	}
	if attack != "" {
		lines = append(lines, T(lang, "given.attack", attack))
	}
	if stop != "" {
		lines = append(lines, "⚠ "+stop)
	}
	if fireKnown {
		if fire {
			lines = append(lines, T(lang, "given.fire_in"))
		} else {
			lines = append(lines, "⚠ "+T(lang, "given.fire_out"))
		}
	}
	if why := o.Kind.MayFail(); why != "" {
		lines = append(lines, T(lang, "given.may_fail", T(lang, "fail."+why)))
	}
	return strings.Join(lines, "\n")
}

// UnitLabel names a unit in the sheet's menus: its ID, type and cell.
func UnitLabel(lang Lang, u engine.Unit) string {
	return T(lang, "sheet.unit", u.ID, TroopName(lang, u.Type), u.Cell.Name())
}

// UnitDesc is a unit's figures and facing, under its label.
func UnitDesc(lang Lang, u engine.Unit) string {
	return T(lang, "sheet.unit_desc", u.Figures, FacingName(lang, u.Facing))
}

// GroupName names a group of the sheet's first menu.
func GroupName(lang Lang, group string) string { return T(lang, "sheet.group."+group) }

// PickLabel names an entry of a subject's order menu.
func PickLabel(lang Lang, kind engine.OrderKind, class engine.Class, first engine.Order) string {
	switch kind {
	case engine.OrderMoveLeader:
		return T(lang, "sheet.leader", first.Leader)
	case engine.OrderShinobi:
		return T(lang, "sheet.mission", T(lang, "cmd.order.opt.mission.choice."+first.Mission))
	case engine.OrderBanner:
		return T(lang, "sheet.banner", first.Banner)
	}
	if first.Unit == "" || kind.Declaration() {
		return OrderName(lang, kind)
	}
	return T(lang, "sheet.pick_class", OrderName(lang, kind), T(lang, "class."+class.String()))
}

// ChoiceLabel names one of a pick's orders by what sets it apart: its
// target, facing, gallop steps, shields, destination or unit.
func ChoiceLabel(lang Lang, o engine.Order, view engine.Battle) string {
	var parts []string
	unit := func(id string) string {
		if u := view.Unit(id); u != nil {
			return fmt.Sprintf("%s (%s, %s)", id, TroopShort(lang, u.Type), u.Cell.Name())
		}
		return id
	}
	switch {
	case o.Kind == engine.OrderMoveLeader:
		switch o.To {
		case engine.AtHQ:
			parts = append(parts, T(lang, "sheet.to.hq"))
		case engine.AtReserve:
			parts = append(parts, T(lang, "sheet.to.reserve"))
		default:
			parts = append(parts, T(lang, "sheet.to.unit", unit(o.To)))
		}
	case o.Kind == engine.OrderBanner:
		parts = append(parts, T(lang, "sheet.in_unit", unit(o.Unit)))
	case o.Target != "":
		parts = append(parts, T(lang, "sheet.target", unit(o.Target)))
	case o.Kind == engine.OrderShinobi:
		parts = append(parts, T(lang, "sheet.no_target"))
	}
	if o.Facing != nil {
		parts = append(parts, "→ "+FacingName(lang, *o.Facing))
	}
	if len(o.Steps) > 0 {
		var st []string
		for _, s := range o.Steps {
			st = append(st, T(lang, "step."+s.String()))
		}
		parts = append(parts, strings.Join(st, ", "))
	}
	if o.CarryShields {
		parts = append(parts, T(lang, "sheet.carry_shields"))
	}
	if len(o.SetShields) > 0 {
		var ds []string
		for _, d := range o.SetShields {
			ds = append(ds, FacingShort(lang, d))
		}
		parts = append(parts, T(lang, "sheet.set_shields", strings.Join(ds, "")))
	}
	if len(parts) == 0 {
		return T(lang, "sheet.plain")
	}
	return strings.Join(parts, "; ")
}

// SummaryChange is one change of a clan's summary, worded from its data.
type SummaryChange struct {
	Who    string
	Action string // store.Change* actions
	Order  *engine.Order
	Old    *engine.Order
}

// SummaryText is a clan's summary of its orders for a turn: the orders, the
// allowance left, whether it is ready, and who changed what (the last
// changes; the earlier ones counted).
func SummaryText(lang Lang, battle string, side engine.Side, turn int, orders []engine.Order, left *engine.Allowance, ready bool, changes []SummaryChange) string {
	lines := []string{T(lang, "summary.title", SideName(lang, side), battle, turn)}
	if len(orders) == 0 {
		lines = append(lines, T(lang, "sheet.no_orders"))
	} else {
		lines = append(lines, T(lang, "sheet.orders", len(orders)))
		for i, o := range orders {
			lines = append(lines, fmt.Sprintf("%d. %s", i+1, OrderLine(lang, o)))
		}
	}
	if left != nil {
		lines = append(lines, AllowanceText(lang, *left))
	}
	if ready {
		lines = append(lines, T(lang, "summary.ready"))
	} else {
		lines = append(lines, T(lang, "summary.not_ready"))
	}
	const shown = 15
	if len(changes) > 0 {
		lines = append(lines, T(lang, "summary.changes"))
		if n := len(changes) - shown; n > 0 {
			lines = append(lines, T(lang, "summary.earlier", n))
			changes = changes[n:]
		}
	}
	for _, c := range changes {
		who := Literal(c.Who) // his name in the guild, as he chose it
		if who == "" {
			who = T(lang, "summary.someone")
		}
		switch {
		case c.Action == "ready":
			lines = append(lines, T(lang, "summary.ready_by", who))
		case c.Action == "replaced" && c.Order != nil && c.Old != nil:
			lines = append(lines, T(lang, "summary.replaced", who, OrderLine(lang, *c.Old), OrderLine(lang, *c.Order)))
		case c.Action == "cancelled" && c.Order != nil:
			lines = append(lines, T(lang, "summary.cancelled", who, OrderLine(lang, *c.Order)))
		case c.Order != nil:
			lines = append(lines, T(lang, "summary.given", who, OrderLine(lang, *c.Order)))
		}
	}
	return strings.Join(lines, "\n")
}
