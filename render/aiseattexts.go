package render

// The AI general's seat (issue 30 item 5): a side it plays in a training
// battle, and the GM's /battle explain once the battle is over.
var aiSeatTexts = texts{
	"cmd.battle.opt.ai.name":         {"ии", "ai"},
	"cmd.battle.opt.ai.desc":         {"Сторона, за которую играет ИИ-полководец (учебная битва)", "The side the AI general plays (a training battle)"},
	"cmd.battle.opt.ai.choice.north": {"Север", "North"},
	"cmd.battle.opt.ai.choice.south": {"Юг", "South"},
	"cmd.battle.explain.name":        {"замысел", "explain"},
	"cmd.battle.explain.desc":        {"Что замышлял ИИ-полководец ход за ходом (после конца битвы)", "What the AI general intended, turn by turn (once the battle is over)"},
	"err.ai_plays":                   {"В битве «%s» за эту сторону играет ИИ-полководец: её игроки только наблюдают. Мастер может вернуть её игрокам: /битва настройка ключ:%s значение:off.", "In battle “%s” the AI general plays this side: its players only watch. The GM may hand it back to them: /battle set key:%s value:off."},
	"err.explain_not_over":           {"Битва «%s» ещё идёт: замысел ИИ-полководца откроется, когда она закончится.", "Battle “%s” is still being fought: the AI general's intentions are shown once it is over."},
	"ai.explain_title":               {"Замысел ИИ-полководца в битве «%s», ход за ходом:", "What the AI general intended in battle “%s”, turn by turn:"},
	"ai.explain_none":                {"В битве «%s» ИИ-полководец не сыграл ни одного хода: ни за сторону, ни автопилотом.", "In battle “%s” the AI general played no turn: neither a side nor as the autopilot."},
	"ai.explain_autopilot":           {"• играл автопилотом за отсутствующих игроков", "• played as the autopilot for absent players"},
	"ai.explain_replanned":           {"• переменил план после донесений синоби", "• changed its plan after the shinobi's reports"},
	"ai.created":                     {"За %s играет ИИ-полководец: бросок, приказы и готовность — с открытия каждой фазы; его замысел — /битва замысел после конца битвы (вернуть сторону игрокам: ключ %s = off).", "The AI general plays the %s: its roll, orders and readiness as each phase opens; what it intended, /battle explain once the battle is over (to hand the side to players: key %s = off)."},
	"ai.set_next":                    {"ИИ-полководец берёт сторону (или отдаёт её игрокам) с открытия следующей фазы; игроки стороны ИИ только наблюдают.", "The AI general takes the side (or hands it to its players) from the next phase that opens; the players of its side only watch."},
	"setting.north.ai":               {"за Север играет ИИ-полководец: его бросок, приказы и готовность с открытия каждой фазы (on/off)", "the AI general plays the North: its roll, orders and readiness from each phase's opening (on/off)"},
	"setting.south.ai":               {"за Юг играет ИИ-полководец: его бросок, приказы и готовность с открытия каждой фазы (on/off)", "the AI general plays the South: its roll, orders and readiness from each phase's opening (on/off)"},
}
