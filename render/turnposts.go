package render

// Texts of a turn's posts and of the commands that bring a past turn back
// (issue 13): /replay, /log, /field turn:, the reveal at the end.
var turnPostTexts = map[string]msg{
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
	"bot.reveal":               {"Битва «%s» окончена. Как всё было на самом деле: поле мастера после последнего хода и вся битва по ходам.", "Battle “%s” is over. How it really went: the GM's field after the last turn, and the whole battle turn by turn."},
	"bot.reveal_turn":          {"Ход %d", "Turn %d"},
	"bot.reveal_start":         {"Расстановка", "Deployment"},
	"setting.post.replay":      {"анимация хода вместе с его итогами (on/off)", "the turn's animation posted with its results (on/off)"},
	"view.gm":                  {"мастер", "GM"},
}

func init() {
	for k, v := range turnPostTexts {
		catalogue[k] = v
	}
}
