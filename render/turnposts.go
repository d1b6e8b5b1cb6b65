package render

// Texts of a turn's posts and of the commands that bring a past turn back
// (issue 13): /replay, /log, /field turn:, the reveal at the end.
var turnPostTexts = texts{
	"cmd.replay.name":          {"повтор", "replay"},
	"cmd.replay.desc":          {"Ход по шагам, как его видела ваша сторона (анимация)", "A turn step by step as your side saw it (animated)"},
	"cmd.replay.opt.turn.name": {"ход", "turn"},
	"cmd.replay.opt.turn.desc": {"Номер разыгранного хода; без него последний", "A resolved turn's number; the last one if left out"},
	"cmd.log.name":             {"журнал", "log"},
	"cmd.log.desc":             {"Журнал хода, как его видела ваша сторона", "A turn's log as your side saw it"},
	"cmd.log.opt.turn.name":    {"ход", "turn"},
	"cmd.log.opt.turn.desc":    {"Номер разыгранного хода; без него последний", "A resolved turn's number; the last one if left out"},
	"cmd.field.opt.turn.name":  {"ход", "turn"},
	"cmd.field.opt.turn.desc":  {"Поле после этого хода; без него поле сейчас", "The field after this turn; the field now if left out"},
	"err.turn_not_resolved":    {"Ход %d ещё не разыгран.", "Turn %d is not resolved yet."},
	"err.no_turn_yet":          {"В этой битве ещё не разыгран ни один ход.", "No turn of this battle has been resolved yet."},
	"bot.replay_title":         {"%s — ход %d по шагам", "%s — turn %d step by step"},
	"bot.log_title":            {"%s — журнал хода %d", "%s — the log of turn %d"},
	"bot.field_title":          {"%s — поле после хода %d", "%s — the field after turn %d"},
	"bot.reveal":               {"Битва «%s» окончена. Как всё было на самом деле: поле мастера после последнего хода и вся битва по ходам.", "Battle “%s” is over. How it really went: the GM's field after the last turn, and the whole battle turn by turn."},
	"bot.reveal_how":           {"Как всё было на самом деле: поле мастера после последнего хода и вся битва по ходам.", "How it really went: the GM's field after the last turn, and the whole battle turn by turn."},
	"bot.reveal_turn":          {"Ход %d", "Turn %d"},
	"bot.reveal_start":         {"Расстановка", "Deployment"},
	"setting.post.replay":      {"анимация хода вместе с его итогами (on/off)", "the turn's animation posted with its results (on/off)"},
	"view.gm":                  {"мастер", "GM"},

	// The GM's undo (issue 14, item 3).
	"cmd.battle.undo.name":                  {"отменить", "undo"},
	"cmd.battle.undo.desc":                  {"Вернуть битву к началу командной фазы хода (кости не перебрасываются)", "Take the battle back to the start of a turn's command phase (no dice are rolled again)"},
	"cmd.battle.opt.keep_orders.name":       {"оставить_приказы", "keep_orders"},
	"cmd.battle.opt.keep_orders.desc":       {"Оставить приказы этого хода (чтобы исправить позицию и рассчитать снова)", "Keep that turn's orders (to fix the position and resolve again)"},
	"cmd.battle.opt.spectator_channel.name": {"канал_зрителей", "spectator_channel"},
	"cmd.battle.opt.spectator_channel.desc": {"Канал зрителей: вид мастера с задержкой (spectators.delay) и раскрытие в конце", "The spectators' channel: the GM's view later (spectators.delay) and the reveal at the end"},
	"bot.undo_done":                         {"Битва «%s» возвращена к началу хода %d.", "Battle “%s” is back at the start of turn %d."},
	"bot.undone_cleared":                    {"Мастер вернул битву «%s» к началу хода %d: ходы %d–%d отменены, их итоги больше не действуют. Кости не перебрасываются: у хода то же зерно и те же командные броски. Приказы этого хода отдаются заново.", "The GM took battle “%s” back to the start of turn %d: turns %d–%d are undone and their results no longer stand. No dice are rolled again: the turn keeps its seed and its command rolls. Give this turn's orders again."},
	"bot.undone_kept":                       {"Мастер вернул битву «%s» к началу хода %d: ходы %d–%d отменены, их итоги больше не действуют. Кости не перебрасываются: у хода то же зерно и те же командные броски. Отданные приказы этого хода остаются.", "The GM took battle “%s” back to the start of turn %d: turns %d–%d are undone and their results no longer stand. No dice are rolled again: the turn keeps its seed and its command rolls. The orders given for this turn stand."},
	"bot.undone_cleared_one":                {"Мастер вернул битву «%s» к началу хода %d: ход отменён, его итоги больше не действуют. Кости не перебрасываются: у хода то же зерно и те же командные броски. Приказы этого хода отдаются заново.", "The GM took battle “%s” back to the start of turn %d: the turn is undone and its results no longer stand. No dice are rolled again: the turn keeps its seed and its command rolls. Give this turn's orders again."},
	"bot.undone_kept_one":                   {"Мастер вернул битву «%s» к началу хода %d: ход отменён, его итоги больше не действуют. Кости не перебрасываются: у хода то же зерно и те же командные броски. Отданные приказы этого хода остаются.", "The GM took battle “%s” back to the start of turn %d: the turn is undone and its results no longer stand. No dice are rolled again: the turn keeps its seed and its command rolls. The orders given for this turn stand."},
	"bot.replaced_mark":                     {"**[Отменено мастером: битва возвращена к ходу %d]**", "**[Undone by the GM: the battle went back to turn %d]**"},
	"err.undo_phase":                        {"Битву «%s» нельзя вернуть сейчас: она ещё не начата или её ход рассчитывается.", "Battle “%s” cannot go back now: it has not started, or a turn is being resolved."},
	"err.undo_turn":                         {"Вернуться можно к ходу от 1 до %[2]d, а не %[1]d.", "The battle can go back to a turn from 1 to %[2]d, not %[1]d."},
}
