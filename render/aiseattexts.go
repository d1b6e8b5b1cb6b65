package render

// The AI general's seat (issue 30 item 5): a side it plays in a training
// battle, and the GM's /battle explain once the battle is over.
var aiSeatTexts = texts{
	"cmd.battle.opt.ai.name":         {"ии", "ai"},
	"cmd.battle.opt.ai.desc":         {"Сторона, за которую играет ИИ-полководец (учебная битва)", "The side the AI general plays (a training battle)"},
	"cmd.battle.opt.ai.choice.north": {"Север", "North"},
	"cmd.battle.opt.ai.choice.south": {"Юг", "South"},
	"setting.north.ai":               {"за Север играет ИИ-полководец: его бросок, приказы и готовность с открытия каждой фазы (on/off)", "the AI general plays the North: its roll, orders and readiness from each phase's opening (on/off)"},
	"setting.south.ai":               {"за Юг играет ИИ-полководец: его бросок, приказы и готовность с открытия каждой фазы (on/off)", "the AI general plays the South: its roll, orders and readiness from each phase's opening (on/off)"},
}
