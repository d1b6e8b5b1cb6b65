package render

import (
	"strings"
	"time"
)

// Texts of the battle's clock (/battle pause, resume, extend, the settings
// battle.turn_deadline and battle.remind_before), its reminders and its
// status message (issue 14, items 1 and 2).
var clockTexts = texts{
	"cmd.battle.pause.name":  {"пауза", "pause"},
	"cmd.battle.pause.desc":  {"Остановить часы битвы: срок не идёт, оставшееся время сохраняется", "Stop the battle's clock: no deadline runs, the time left is kept"},
	"cmd.battle.resume.name": {"продолжить", "resume"},
	"cmd.battle.resume.desc": {"Снова пустить часы битвы с оставшимся временем", "Start the battle's clock again with the time that was left"},
	"cmd.battle.extend.name": {"продлить", "extend"},
	"cmd.battle.extend.desc": {"Дать сторонам больше времени на этот ход", "Give the sides more time for this turn"},
	"cmd.battle.opt.by.name": {"на", "by"},
	"cmd.battle.opt.by.desc": {"На сколько: 90m, 12h, 2d, 1d12h (или 90м, 12ч, 2д)", "By how much: 90m, 12h, 2d, 1d12h"},
	"complete.duration":      {"%s — %s", "%s — %s"},
	"err.duration":           {"«%s» — не срок: напишите, например, 90m, 12h, 2d или 1d12h (по-русски 90м, 12ч, 2д), больше нуля и не больше 90 дней.", "“%s” is not a duration: write, e.g., 90m, 12h, 2d or 1d12h, more than zero and at most 90 days."},
	"err.paused_already":     {"Часы битвы «%s» уже остановлены.", "The clock of battle “%s” is stopped already."},
	"err.not_paused":         {"Часы битвы «%s» не остановлены.", "The clock of battle “%s” is not stopped."},
	"err.no_deadline":        {"У битвы «%s» сейчас нет срока, продлевать нечего. Срок хода задаёт настройка battle.turn_deadline (со следующего хода).", "Battle “%s” has no deadline now: there is nothing to extend. The setting battle.turn_deadline gives turns one (from the next turn)."},
	"clock.paused":           {"Битва «%s»: мастер остановил часы. До срока оставалось %s; время сохранено, и пока часы стоят, ход не будет рассчитан по сроку.", "Battle “%s”: the GM has stopped the clock with %s left. The time is kept, and while the clock is stopped no deadline resolves the turn."},
	"clock.paused_none":      {"Битва «%s»: мастер остановил часы. Пока они стоят, срок не идёт.", "Battle “%s”: the GM has stopped the clock. While it is stopped no deadline runs."},
	"clock.resumed":          {"Битва «%s»: часы снова идут. Приказы принимаются до %s (%s).", "Battle “%s”: the clock runs again. Orders are taken until %s (%s)."},
	"clock.resumed_none":     {"Битва «%s»: часы снова идут; у хода нет срока.", "Battle “%s”: the clock runs again; the turn has no deadline."},
	"clock.extended":         {"Битва «%s»: мастер дал ещё %s. Приказы принимаются до %s (%s).", "Battle “%s”: the GM gave %s more. Orders are taken until %s (%s)."},
	"clock.extended_paused":  {"Битва «%s»: мастер дал ещё %s. Часы стоят; когда пойдут, останется %s.", "Battle “%s”: the GM gave %s more. The clock is stopped; when it runs again %s will be left."},
	"dur.days":               {"%d {1:день|дня|дней}", "%d {1:day|days}"},
	"dur.hours":              {"%d {1:час|часа|часов}", "%d {1:hour|hours}"},
	"dur.minutes":            {"%d {1:минута|минуты|минут}", "%d {1:minute|minutes}"},
	"remind.head":            {"%s Битва «%s», ход %d: срок приказов истекает %s (%s), а ваша сторона ещё не готова.", "%s Battle “%s”, turn %d: orders are due %s (%s) and your side is not ready yet."},
	"remind.roll":            {"Командный бросок ещё не сделан: /бросок.", "The command roll is not made yet: /roll."},
	"remind.units":           {"Без приказа {1:отряд|отряда|отрядов} (%d): %s.", "{1:Unit|Units} without an order (%d): %s."},
	"remind.all_ordered":     {"Приказ есть у каждого отряда.", "Every unit has an order."},
	"remind.army_wide":       {"Отданный общий приказ ведёт всю армию.", "The army-wide order given moves the whole army."},
	"remind.end":             {"Отдайте приказы и скажите /приказы готово:true.", "Give your orders and say /orders ready:true."},
	"bstatus.title":          {"**Битва «%s»** — %s", "**Battle “%s”** — %s"},
	"bstatus.turn":           {"ход %d, приём приказов", "turn %d, taking orders"},
	"bstatus.plan_change":    {"ход %d, смена планов", "turn %d, plan change"},
	"bstatus.scouting":       {"расстановка, разведка синоби", "deployment, shinobi scouting"},
	"bstatus.deployment":     {"расстановка", "deployment"},
	"bstatus.deadline":       {"Срок приказов: %s (%s).", "Orders are due: %s (%s)."},
	"bstatus.no_deadline":    {"Срока нет: ход рассчитывается, когда обе стороны готовы или по решению мастера.", "No deadline: the turn is resolved when both sides are ready, or by the GM."},
	"bstatus.paused":         {"Часы остановлены мастером; когда пойдут, до срока останется %s.", "The GM has stopped the clock; when it runs again %s will be left."},
	"bstatus.paused_none":    {"Часы остановлены мастером.", "The GM has stopped the clock."},
	"bstatus.side":           {"%s (%s): %s", "%s (%s): %s"},
	"bstatus.ready":          {"готов", "ready"},
	"bstatus.ready_by":       {"готов (%s)", "ready (%s)"},
	"bstatus.not_ready":      {"ещё не готов", "not ready yet"},
	"bstatus.scouted":        {"разведка закончена", "done scouting"},
	"bstatus.scouting_side":  {"ещё ведёт разведку", "still scouting"},
	"bstatus.missed":         {"Пропущено ходов (ни одного приказа к сроку): %s — %d, %s — %d.", "Turns missed (no order by the deadline): %s %d, %s %d."},
	"bstatus.head":           {"Журнал битвы, хеш последней записи: `%s`", "The battle's journal, hash of its last entry: `%s`"},
	"bstatus.no_head":        {"Журнал битвы пока пуст.", "The battle's journal is empty so far."},
	"bstatus.footer":         {"Это сообщение обновляется само.", "This message updates itself."},
	"battles.paused":         {"часы остановлены", "clock stopped"},
	"battles.missed":         {"пропущено ходов: Север %d, Юг %d", "turns missed: North %d, South %d"},
	"bot.pin_refused":        {"Сообщение о состоянии битвы «%s» не закреплено в %s: у бота нет права «Закреплять сообщения» (Pin Messages; код Discord %d). Оно обновляется и так; дайте это право роли бота, чтобы оно было под рукой.", "The status message of battle “%s” could not be pinned in %s: the bot lacks the Pin Messages permission (Discord code %d). It is kept up to date all the same; grant the bot's role that permission to have it at hand."},
	"bot.turn_deadline_next": {"Срок хода меняется со следующего хода; срок этого хода — /битва продлить.", "The turn deadline changes from the next turn on; this turn's is /battle extend's."},
	"bot.remind_before_set":  {"Напоминание придёт за это время до срока, если сторона ещё не готова.", "The reminder goes this long before the deadline to a side not ready."},
}

// DurationText words a duration to the minute: "1 день 12 часов", "1 day
// 12 hours", "45 минут" (days, hours and minutes, the zero ones left out).
func DurationText(l Lang, d time.Duration) string {
	d = d.Round(time.Minute)
	if d < time.Minute {
		return T(l, "dur.minutes", 0)
	}
	days := int(d / (24 * time.Hour))
	hours := int(d % (24 * time.Hour) / time.Hour)
	mins := int(d % time.Hour / time.Minute)
	var parts []string
	if days > 0 {
		parts = append(parts, T(l, "dur.days", days))
	}
	if hours > 0 {
		parts = append(parts, T(l, "dur.hours", hours))
	}
	if mins > 0 {
		parts = append(parts, T(l, "dur.minutes", mins))
	}
	return strings.Join(parts, " ")
}
