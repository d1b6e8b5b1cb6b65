package render

// Texts of the nudges per player (issue 29, item 4): /remind, the DM
// each nudge is, and the GM's /battle nudges.
var nudgeTexts = texts{
	"cmd.remind.name":            {"напомнить", "remind"},
	"cmd.remind.desc":            {"Когда напоминать вам в личных сообщениях о сроке приказов (за:2ч, за:off); без него — что выбрано", "When to remind you by DM of the orders' deadline (before:2h, before:off); alone, what you chose"},
	"cmd.remind.opt.before.name": {"за", "before"},
	"cmd.remind.opt.before.desc": {"За сколько до срока: 2h, 90m, 1d (или 2ч, 90м, 1д); off — не напоминать", "How long before the deadline: 2h, 90m, 1d; off for never"},
	"cmd.battle.nudges.name":     {"напоминания", "nudges"},
	"cmd.battle.nudges.desc":     {"Кому из игроков напомнили о сроке, кто ответил, кто пропустил ход", "Which players were nudged of the deadline, who answered, who missed the turn"},

	"nudge.remind_set_lead": {"Хорошо: если вы ещё не готовы, я напомню вам в личных сообщениях за %s до срока каждого хода в каждой вашей битве. Отключить: /напомнить за:off.", "Done: while you are not ready, I will remind you by DM %s before each turn's deadline in each of your battles. To stop: /remind before:off."},
	"nudge.remind_set_off":  {"Хорошо: напоминать вам в личных сообщениях я больше не буду, даже когда ждут только вас. Канал клана напоминает о сроке по-прежнему. Включить: /напомнить за:2ч.", "Done: I will no longer remind you by DM, not even when everyone is waiting for you. Your clan's channel is still reminded of the deadline. To start again: /remind before:2h."},
	"nudge.remind_lead":     {"Сейчас я напоминаю вам в личных сообщениях за %s до срока хода, если вы ещё не готовы. Изменить: /напомнить за:6ч или за:off.", "I now remind you by DM %s before a turn's deadline while you are not ready. To change it: /remind before:6h or before:off."},
	"nudge.remind_off":      {"Сейчас напоминания в личных сообщениях выключены. Включить: /напомнить за:2ч.", "Reminders by DM are off now. To turn them on: /remind before:2h."},
	"nudge.remind_none":     {"Вы ещё не выбирали: о сроке напоминает канал вашего клана (когда — решает мастер битвы), а в личные сообщения я пишу, только когда ждут одного вас. Выберите: /напомнить за:2ч или за:off.", "You have not chosen yet: your clan's channel is reminded of the deadline (when is the GM's setting), and I write to you by DM only when everyone is waiting for you. Choose: /remind before:2h or before:off."},
	"nudge.complete_off":    {"off — не напоминать в личных сообщениях", "off — no reminders by DM"},

	"nudge.lead":            {"Битва «%s», ход %d: до срока приказов осталось %s (%s, %s), а вы ещё не готовы.", "Battle “%s”, turn %d: %s left before the orders are due (%s, %s), and you are not ready yet."},
	"nudge.last":            {"Битва «%s», ход %d: все остальные готовы — ждут только вас. Срок приказов — %s (%s).", "Battle “%s”, turn %d: everyone else is ready — everyone is waiting for you. The orders are due %s (%s)."},
	"nudge.last_nodeadline": {"Битва «%s», ход %d: все остальные готовы — ждут только вас.", "Battle “%s”, turn %d: everyone else is ready — everyone is waiting for you."},
	"nudge.sheet":           {"Ваш лист приказов: %s", "Your order sheet: %s"},
	"nudge.no_sheet":        {"Отдайте приказы командой /приказ и скажите /приказы готово:true.", "Give your orders with /order and say /orders ready:true."},
	"nudge.how_off":         {"-# Когда напоминать, выбираете вы: /напомнить за:2ч, или за:off — не напоминать.", "-# You choose when you are reminded: /remind before:2h, or before:off for never."},

	"err.nudges_deployment":    {"Битва «%s» ещё в расстановке: напоминания начинаются с первого хода приказов.", "Battle “%s” is still deploying: nudges begin with the first turn of orders."},
	"nudge.gm_title":           {"**Напоминания игрокам — битва «%s»**", "**Nudges to the players — battle “%s”**"},
	"nudge.gm_turn_open":       {"Ход %d (идёт, срок %s):", "Turn %d (open, due %s):"},
	"nudge.gm_turn_nodeadline": {"Ход %d (идёт, без срока):", "Turn %d (open, no deadline):"},
	"nudge.gm_turn_done":       {"Ход %d (рассчитан):", "Turn %d (resolved):"},
	"nudge.gm_nobody":          {"• игроков пока не видно: никто не открыл лист приказов и не отдал приказа", "• no players seen yet: nobody opened an order sheet or gave an order"},
	"nudge.gm_player":          {"• %s (%s): %s", "• %s (%s): %s"},
	"nudge.gm_lead":            {"напоминать за %s", "remind %s before"},
	"nudge.gm_lead_off":        {"напоминания выключены", "reminders off"},
	"nudge.gm_lead_none":       {"не выбирал", "chose nothing"},
	"nudge.gm_nudged":          {"напомнено %s", "nudged %s"},
	"nudge.gm_last":            {"«ждут только вас» %s", "“everyone is waiting for you” %s"},
	"nudge.gm_answered":        {"ответил %s", "answered %s"},
	"nudge.gm_missed":          {"**пропустил ход** (ничего не отдал к сроку)", "**missed the turn** (gave nothing by the deadline)"},
	"nudge.gm_silent":          {"пока не ответил", "no answer yet"},
	"nudge.gm_ready":           {"готов", "ready"},
	"nudge.gm_legend":          {"-# «Ответил» — отдал, отменил приказ или сказал «готово» после напоминания.", "-# “Answered”: gave or cancelled an order, or said ready, after the nudge."},
}
