package render

import (
	"strings"

	"github.com/gunbai/gunbai/engine"
)

// Texts of the battle lifecycle's refusals and reports (package game) and
// of the placement and scouting rules that moved into the engine.
var gameTexts = texts{
	"err.scouting_started":             {"Битва «%s» уже в фазе разведки хода расстановки; чтобы закончить её сейчас, дайте /битва начать закончить_разведку:true.", "Battle “%s” is already in the scouting phase of its deployment turn; to end it now, give /battle start end_scouting:true."},
	"err.turn_resolved":                {"Битва «%s»: ход %d уже рассчитан; ничего не изменено.", "Battle “%s”: turn %d is already resolved; nothing was changed."},
	"err.turn_no_such":                 {"Битва «%s»: хода %d нет, ходы считаются с 1; ничего не изменено.", "Battle “%s”: there is no turn %d, turns are numbered from 1; nothing was changed."},
	"err.turn_not_open":                {"Битва «%s»: ход %d сейчас не принимает приказов; ничего не изменено.", "Battle “%s”: turn %d is not taking orders now; nothing was changed."},
	"bot.rolled_before":                {"Командный бросок этого хода уже сделан:", "This turn's command roll is already made:"},
	"bot.dm_closed":                    {"Копию приказов не удалось прислать вам в личные сообщения: они закрыты для участников сервера. Приказы приняты, /приказы покажет их.", "Your copy of the orders could not reach you by DM: your DMs are closed to server members. The orders are accepted; /orders shows them."},
	"bot.posts_delivered":              {"Всё отправлено в каналы.", "Everything is posted to the channels."},
	"bot.posts_waiting":                {"В очереди %d {1:сообщение|сообщения|сообщений}; бот отправит {1:его|их|их} сам, как только сможет.", "%d {1:message is|messages are} queued; the bot posts {1:it|them} itself as soon as it can."},
	"bot.posts_queued":                 {"В очереди %d {1:сообщение|сообщения|сообщений} (Discord: %s); бот отправит {1:его|их|их} сам, как только сможет.", "%d {1:message is|messages are} queued (Discord: %s); the bot posts {1:it|them} itself as soon as it can."},
	"bot.posts_refused":                {"Не удалось отправить: %s", "Could not post: %s"},
	"bot.posts_unknown":                {"Не удалось узнать, что уже отправлено; подробности в журнале бота.", "Could not tell what has been posted; the details are in the bot's log."},
	"bot.delivery_failed":              {"Сообщение для канала %s не отправлено: %s. Проверьте права бота в этом канале; о следующих сбоях в нём я не напомню, пока он снова не заработает.", "A message for channel %s was not posted: %s. Check the bot's permissions there; I will not repeat this for that channel until a post reaches it again."},
	"discord.10003":                    {"канала нет", "the channel does not exist"},
	"discord.50001":                    {"у бота нет доступа к каналу", "the bot has no access to the channel"},
	"discord.50007":                    {"игрок не принимает личных сообщений", "the player takes no direct messages"},
	"discord.50013":                    {"у бота не хватает прав", "the bot lacks permissions"},
	"discord.other":                    {"Discord отказал", "Discord refused it"},
	"perm.view_channel":                {"просмотр канала", "View Channel"},
	"perm.send_messages":               {"отправка сообщений", "Send Messages"},
	"perm.attach_files":                {"прикрепление файлов", "Attach Files"},
	"battles.turn_choice":              {"%s — ход %d", "%s — turn %d"},
	"cmd.battle.opt.turn.name":         {"ход", "turn"},
	"cmd.battle.opt.turn.desc":         {"Ход, который рассчитать (текущий предлагается сам)", "The turn to resolve (the current one is offered)"},
	"cmd.battle.opt.end_scouting.name": {"закончить_разведку", "end_scouting"},
	"cmd.battle.opt.end_scouting.desc": {"Закончить разведку хода расстановки и открыть ход 1", "End the deployment turn's scouting and open turn 1"},
	"err.channels_same":                {"Каналы Севера, Юга и мастера должны быть тремя разными каналами: иначе одна сторона увидит приказы и поле другой.", "North's, South's and the GM's channels must be three different channels: otherwise one side sees the other's orders and field."},
	"err.channel_unknown":              {"Канал %s не найден или бот его не видит.", "Channel %s cannot be found, or the bot cannot see it."},
	"err.channel_perms":                {"В канале %s боту не хватает прав: %s. Дайте их роли бота в настройках канала.", "In channel %s the bot lacks: %s. Grant them to the bot's role in the channel's settings."},
	"err.channel_visible":              {"Канал %s виден роли %s: закройте его для неё (право «Просмотр канала» в настройках канала), иначе она увидит чужие приказы и поле.", "Channel %s is visible to %s: deny that role View Channel in the channel's settings, or it would see the other side's orders and field."},
	"err.battle_name_marks":            {"В названии не может быть знака `` %s ``: Discord прочёл бы его как разметку или упоминание (нельзя: `` * _ ~ ` | < > @ [ ] \\ ``). Ничего не изменено.", "A name cannot hold `` %s ``: Discord would read it as markup or a mention (not allowed: `` * _ ~ ` | < > @ [ ] \\ ``). Nothing was changed."},
	"err.battle_name_long":             {"Название битвы не длиннее %d {1:знака|знаков|знаков}.", "A battle's name has at most %d {1:character|characters}."},
	"cmd.battle.opt.gm_channel.name":   {"канал_мастера", "gm_channel"},
	"cmd.battle.opt.gm_channel.desc":   {"Канал мастера: все итоги и всё поле, закрыт для кланов", "The GM's channel: every result and the whole field, closed to the clans"},
	"err.battle_newer":                 {"Битву «%s» записала более новая версия бота: эта её не читает. Остальные битвы работают; обновите бота.", "Battle “%s” was written by a newer version of the bot, which this one cannot read. The other battles work; upgrade the bot."},
	"battles.unreadable":               {"• %s — недоступна: её записала более новая версия бота или файл повреждён (подробности в журнале)", "• %s — unavailable: written by a newer bot, or damaged (details in the log)"},
	"err.roll_stale":                   {"Эта кнопка от броска другого хода (%d); ничего не изменено. /бросок покажет бросок этого хода.", "That button belongs to another turn's roll (%d); nothing was changed. /roll shows this turn's roll."},
	"err.ready_roll_first":             {"Ход %d: сначала сделайте и примите командный бросок (/бросок), потом отмечайте готовность.", "Turn %d: make and accept the command roll (/roll) before you say you are ready."},
	"err.bad_stake":                    {"Неизвестный порог «%s»: low (малый, 5+) или high (большой, 8+).", "Unknown stake “%s”: low (5+) or high (8+)."},
	"prob.place_zone":                  {"%s — не ваша зона расстановки", "%s is not in your deployment zones"},
	"prob.place_leader":                {"у вашей стороны нет предводителя «%s»", "your side has no leader “%s”"},
	"prob.place_leader_to":             {"предводитель может быть в своём отряде, в ставке (hq) или в резерве (reserve), а не в «%s»", "a leader goes to one of your units, the HQ (hq) or the reserve (reserve), not “%s”"},
	"prob.place_defender":              {"местность расставляет только обороняющаяся армия", "only the defending army places terrain"},
	"prob.place_terrain":               {"неизвестная местность «%s»: hill, forest или swamp", "unknown terrain “%s”: hill, forest or swamp"},
	"prob.place_nothing":               {"укажите, что расставить: отряд (отряд и клетка/фронт/беречь_боеприпасы), предводителя (предводитель и куда), ставку (ставка), местность (местность и клетка) или охрану из синоби (охрана)", "say what to place: a unit (unit with cell/facing/save_ammo), a leader (leader with to), the HQ (hq), terrain (terrain with cell) or shinobi guards (guards)"},
	"prob.place_guards":                {"охранять армию могут от 0 до %s синоби", "from 0 to %s shinobi can guard the army"},
	"prob.scouted":                     {"ваши синоби уже ходили в разведку: разведка бывает один раз", "your shinobi have already scouted: scouting happens once"},
	"prob.scout_none":                  {"укажите клетки для разведки (клетки:)", "name the cells to scout (cells)"},
	"prob.scout_cells":                 {"можно назвать не больше %s клеток: по 2 на каждого синоби в тылу врага", "you may name at most %s cells: 2 for each shinobi in the enemy's rear"},
	"prob.scout_swaps":                 {"обменов больше нет: по одному на разведчика, разведчиков: %s", "no swaps left: one per scout, and you have %s scouts"},
}

// OrdersGiven opens a turn's log with the orders the given sides gave
// (a clan's own; the GM's both): nothing of the enemy's orders but what
// its units did in view.
func OrdersGiven(lang Lang, sides []engine.Side, turn int, orders [2][]engine.Order) string {
	var out []string
	for _, side := range sides {
		given := T(lang, "log.no_orders")
		if len(orders[side]) > 0 {
			given = OrdersText(lang, turn, orders[side])
		}
		out = append(out, T(lang, "log.orders_given", SideName(lang, side))+"\n"+given)
	}
	return strings.Join(out, "\n") + "\n\n"
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

// Texts of /why and /rule, and of the turn's post.
var whyTexts = texts{
	"log.orders_given":      {"%s — отданные приказы:", "%s — the orders given:"},
	"log.no_orders":         {"приказов не было", "no orders"},
	"err.rule_unknown":      {"Правила «%s» нет: наберите номер, например VIII.4.4 или реш. D-34, и выберите из подсказки.", "There is no rule “%s”: type an ID such as R-VIII.4.4 or D-34 and pick one of the suggestions."},
	"bot.rule_place":        {"Место в правилах: %s", "In the Russian rules: %s"},
	"cmd.rule.name":         {"правило", "rule"},
	"cmd.rule.desc":         {"Правило или решение по номеру: текст и место в правилах", "A rule or decision by its ID: its text and its place in the rules"},
	"cmd.rule.opt.id.name":  {"номер", "id"},
	"cmd.rule.opt.id.desc":  {"Номер правила, например VIII.4.4 или реш. D-34", "The rule's ID, e.g. R-VIII.4.4 or D-34"},
	"err.why_no_turn":       {"В битве «%s» ещё не было рассчитанных ходов.", "Battle “%s” has no resolved turn yet."},
	"err.why_unit":          {"Отряда «%s» не было в том, что видела ваша сторона.", "There was no unit “%s” in what your side saw."},
	"bot.why_header":        {"Битва «%s», ход %d — что было с %s:", "Battle “%s”, turn %d — what happened to %s:"},
	"bot.why_nothing":       {"Ваша сторона не видела, чтобы с ним что-то происходило.", "Your side saw nothing happen to it."},
	"cmd.why.name":          {"почему", "why"},
	"cmd.why.desc":          {"Что было с отрядом в прошлом ходу, шаг за шагом, с правилами", "What happened to a unit last turn, step by step, with the rules"},
	"cmd.why.opt.unit.name": {"отряд", "unit"},
	"cmd.why.opt.unit.desc": {"Отряд, который видела ваша сторона", "A unit your side could see"},

	"cmd.why.opt.battle.name": {"битва", "battle"},
	"cmd.why.opt.battle.desc": {"Битва (для мастера, если идёт не одна)", "The battle (for the GM, when more than one is fought)"},
	"bot.why_header_gm":       {"Битва «%s», ход %d — что было с %s (всё, что видит мастер):", "Battle “%s”, turn %d — what happened to %s (all of it, as the GM sees it):"},
	"err.why_unit_gm":         {"Отряда «%s» в битве «%s» не было.", "There was no unit “%s” in battle “%s”."},
	"err.why_which":           {"О какой битве? Назовите её: /почему битва:…", "Which battle? Name it: /why battle:…"},
}
