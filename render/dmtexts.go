package render

// Texts of the commands that work where the player is (issue 28, item 5):
// the players' commands in a DM with the bot, which act on his own battle,
// and the context-menu commands on a turn's result post.
var dmTexts = texts{
	// The battle option the DM commands take: his own battles only.
	// (named as the option of /why and /verify, described here once).
	"cmd.field.opt.battle.name":  {"битва", "battle"},
	"cmd.orders.opt.battle.name": {"битва", "battle"},
	"cmd.log.opt.battle.name":    {"битва", "battle"},
	"dm.opt_battle":              {"Ваша битва, если вы сражаетесь не в одной", "Your battle, if you fight in more than one"},

	"dm.no_battle":      {"У вас нет идущей битвы: в личных сообщениях команды работают для битвы, где ваш клан держит сторону.", "You have no battle being fought: in a DM, commands act on the battle where your clan holds a side."},
	"dm.which_battle":   {"Вы сражаетесь не в одной битве: %s. Выберите битву в параметре «битва».", "You fight in more than one battle: %s. Choose one with the “battle” option."},
	"dm.battle_unknown": {"Среди ваших битв нет «%s». Ваши битвы: %s.", "None of your battles is “%s”. Your battles: %s."},
	"dm.battle_item":    {"«%s» (%s)", "“%s” (%s)"},
	"dm.battle_choice":  {"%s — %s, ход %d", "%s — %s, turn %d"},
	"dm.guild_only":     {"Эта команда работает только на сервере.", "This command works on the server only."},

	// The context menus of a message (type 3); Discord allows capitals
	// and spaces in their names, at most 32 characters.
	"cmenu.replay":      {"Повтор хода", "Replay this turn"},
	"cmenu.log":         {"Лог хода", "Log of this turn"},
	"cmenu.verify":      {"Проверить ход", "Verify this turn"},
	"cmenu.why":         {"Почему…", "Why…"},
	"err.not_turn_post": {"Это не сообщение с итогами хода: команда работает на сообщении бота с итогами хода битвы.", "This is not a turn's result post: the command works on the bot's post of a turn's results."},
	"cmenu.why_pick":    {"Битва «%s», ход %d: выберите отряд, и я расскажу, что с ним было.", "Battle “%s”, turn %d: pick a unit to see what happened to it."},
	"cmenu.why_units":   {"Отряды: %s", "%s's units"},
	"cmenu.why_none":    {"В этом ходу ваша сторона не видела ни одного отряда.", "Your side saw no unit on this turn."},
}
