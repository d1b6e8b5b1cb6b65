package render

import (
	"strings"

	"github.com/gunbai/gunbai/engine"
)

// The words of absent players (issue 29 item 3): the setting battle.absent,
// the standing orders a player sets with /standing, and the marks of the
// orders given for a seat that gave none by the deadline, in the turn's
// log and the status.

var absentTexts = texts{
	"setting.battle.absent": {"что делают отряды игрока, не отдавшего приказов к сроку: hold — ничего, standing — его постоянные приказы, autopilot — автопилот (hold/standing/autopilot)",
		"what the units of a player who gave no orders by the deadline do: hold — nothing, standing — his standing orders, autopilot — the autopilot (hold/standing/autopilot)"},

	"cmd.standing.name":                     {"постоянные", "standing"},
	"cmd.standing.desc":                     {"Постоянные приказы вашим отрядам на случай, если вы пропустите срок", "Standing orders for your units, for a deadline you miss"},
	"cmd.standing.opt.battle.name":          {"битва", "battle"}, // in the DM (bot/dm.go)
	"cmd.standing.opt.unit.name":            {"отряд", "unit"},
	"cmd.standing.opt.unit.desc":            {"Ваш отряд", "A unit of yours"},
	"cmd.standing.opt.order.name":           {"приказ", "order"},
	"cmd.standing.opt.order.desc":           {"Что отряд делает, если к сроку вы не отдали приказов", "What the unit does if you gave no orders by the deadline"},
	"cmd.standing.opt.order.choice.hold":    {"стоять на месте", "hold"},
	"cmd.standing.opt.order.choice.shoot":   {"стрелять в ближайшего", "shoot the nearest"},
	"cmd.standing.opt.order.choice.counter": {"контратаковать, если атакован", "counter-attack when attacked"},
	"cmd.standing.opt.order.choice.fall":    {"отступить, если врагов больше", "fall back when outnumbered"},

	"standing.set":               {"Постоянный приказ: %s — %s.", "Standing order: %s — %s."},
	"standing.head":              {"Ваши постоянные приказы:", "Your standing orders:"},
	"standing.item":              {"• %s — %s", "• %s — %s"},
	"standing.none":              {"Постоянных приказов нет. Задайте: /постоянные отряд: приказ:", "No standing orders. Set one: /standing unit: order:"},
	"standing.setting.hold":      {"Сейчас мастер не включил их: battle.absent = hold — без приказов отряды к сроку ничего не делают.", "The GM has not turned them on: battle.absent = hold — units without orders at the deadline do nothing."},
	"standing.setting.standing":  {"Они исполнятся, если к сроку вы не отдадите приказов своим отрядам (battle.absent = standing).", "They are carried out if you give your units no orders by the deadline (battle.absent = standing)."},
	"standing.setting.autopilot": {"Сейчас мастер включил автопилот (battle.absent = autopilot): без приказов к сроку ваши отряды поведёт он, а не эти приказы.", "The GM chose the autopilot (battle.absent = autopilot): without orders by the deadline it leads your units, not these orders."},
	"standing.sheet":             {"Постоянные приказы: %s", "Standing orders: %s"},
	"err.standing_unit":          {"«%s» — не ваш отряд.", "“%s” is not a unit of yours."},
	"err.standing_both":          {"Назовите и отряд, и приказ: /постоянные отряд: приказ: (без них — список ваших).", "Name both the unit and the order: /standing unit: order: (with neither, your list)."},
	"err.standing_kind":          {"«%s» — не постоянный приказ: стоять, стрелять в ближайшего, контратаковать, отступить.", "“%s” is not a standing order: hold, shoot, counter, fall."},

	"absent.line":         {"%s%s: к сроку приказов не было — %d {3:приказ дан|приказа даны|приказов дано} %s.", "%s%s: no orders by the deadline — %d {3:order|orders} given %s."},
	"absent.wing":         {" (крыло %s)", " (%s's wing)"},
	"absent.by.standing":  {"по постоянным приказам", "by standing orders"},
	"absent.by.autopilot": {"автопилотом", "by the autopilot"},
	"absent.rolled":       {"Командный бросок сделан за сторону с малым порогом.", "The command roll was made for the side at the low stake."},
	"absent.status":       {"Ход %d — %s", "Turn %d — %s"},
}

// StandingKindName is the name of a standing order kind, as /standing
// offers it.
func StandingKindName(lang Lang, kind string) string {
	return T(lang, "cmd.standing.opt.order.choice."+kind)
}

// AbsentLine marks the orders given for an absent seat of side: who
// (the wing's player, "" for the whole side), how (standing or autopilot),
// how many, and whether the side's roll was made for it.
func AbsentLine(lang Lang, side engine.Side, who, how string, n int, rolled bool) string {
	wing := ""
	if who != "" {
		wing = T(lang, "absent.wing", who)
	}
	line := T(lang, "absent.line", SideName(lang, side), wing, n, T(lang, "absent.by."+how))
	if rolled {
		line += " " + T(lang, "absent.rolled")
	}
	return line
}

// AbsentLog is AbsentLine followed by each order so given, one a line.
func AbsentLog(lang Lang, side engine.Side, who, how string, orders []engine.Order, rolled bool) string {
	lines := []string{AbsentLine(lang, side, who, how, len(orders), rolled)}
	for _, o := range orders {
		lines = append(lines, "• "+OrderLine(lang, o))
	}
	return strings.Join(lines, "\n")
}
