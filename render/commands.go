package render

// Texts of the Discord slash commands (names, descriptions, choices), by
// command path: "cmd.<path>.name" and "cmd.<path>.desc". English is the
// command's base name, Russian its localization. Names follow Discord's
// rules: lower case, no spaces, at most 32 characters.
var commandTexts = map[string]msg{
	"cmd.battle.name":                     {"битва", "battle"},
	"cmd.battle.desc":                     {"Управление битвами (для мастера)", "Manage battles (game master)"},
	"cmd.battle.create.name":              {"создать", "create"},
	"cmd.battle.create.desc":              {"Создать битву между двумя кланами", "Create a battle between two clans"},
	"cmd.battle.start.name":               {"начать", "start"},
	"cmd.battle.start.desc":               {"Начать битву: открыть первый ход", "Start the battle: open the first turn"},
	"cmd.battle.resolve.name":             {"рассчитать", "resolve"},
	"cmd.battle.resolve.desc":             {"Рассчитать текущий ход сейчас", "Resolve the current turn now"},
	"cmd.battle.finish.name":              {"завершить", "finish"},
	"cmd.battle.finish.desc":              {"Завершить битву", "Finish the battle"},
	"cmd.battle.opt.battle.name":          {"битва", "battle"},
	"cmd.battle.opt.battle.desc":          {"Название битвы", "The battle's name"},
	"cmd.battle.opt.name.name":            {"название", "name"},
	"cmd.battle.opt.name.desc":            {"Название новой битвы", "Name of the new battle"},
	"cmd.battle.opt.north_role.name":      {"роль_севера", "north_role"},
	"cmd.battle.opt.north_role.desc":      {"Роль клана, играющего за Север", "Role of the clan playing North"},
	"cmd.battle.opt.north_channel.name":   {"канал_севера", "north_channel"},
	"cmd.battle.opt.north_channel.desc":   {"Канал клана Севера", "Channel of the North clan"},
	"cmd.battle.opt.south_role.name":      {"роль_юга", "south_role"},
	"cmd.battle.opt.south_role.desc":      {"Роль клана, играющего за Юг", "Role of the clan playing South"},
	"cmd.battle.opt.south_channel.name":   {"канал_юга", "south_channel"},
	"cmd.battle.opt.south_channel.desc":   {"Канал клана Юга", "Channel of the South clan"},
	"cmd.battle.opt.scenario.name":        {"сценарий", "scenario"},
	"cmd.battle.opt.scenario.desc":        {"Готовая расстановка армий", "A prepared deployment of both armies"},
	"cmd.roll.name":                       {"бросок", "roll"},
	"cmd.roll.desc":                       {"Командный бросок: выбрать ставку и бросить 2d6", "Command roll: pick the stake and roll 2d6"},
	"cmd.roll.opt.stake.name":             {"ставка", "stake"},
	"cmd.roll.opt.stake.desc":             {"Малая (5+) или большая (8+); без ставки — малая", "Low (5+) or high (8+); none stated is low"},
	"cmd.roll.opt.stake.choice.low":       {"малая", "low"},
	"cmd.roll.opt.stake.choice.high":      {"большая", "high"},
	"cmd.order.name":                      {"приказ", "order"},
	"cmd.order.desc":                      {"Отдать приказ своему отряду (видите только вы)", "Give an order to one of your units (only you see it)"},
	"cmd.order.opt.unit.name":             {"отряд", "unit"},
	"cmd.order.opt.unit.desc":             {"Ваш отряд (для общего приказа по армии не нужен)", "Your unit (none for an army-wide order)"},
	"cmd.order.opt.target.name":           {"цель", "target"},
	"cmd.order.opt.target.desc":           {"Вражеский отряд для обстрела", "The enemy unit to shoot at"},
	"cmd.order.opt.order.name":            {"приказ", "order"},
	"cmd.order.opt.order.desc":            {"Что отряд делает", "What the unit does"},
	"cmd.order.opt.phase.name":            {"фаза", "phase"},
	"cmd.order.opt.phase.desc":            {"Фаза исполнения: 1 или 2", "Execution phase: 1 or 2"},
	"cmd.order.opt.class.name":            {"слот", "slot"},
	"cmd.order.opt.class.desc":            {"Обычный или особый приказ", "Ordinary or special order"},
	"cmd.order.opt.class.choice.ordinary": {"обычный", "ordinary"},
	"cmd.order.opt.class.choice.special":  {"особый", "special"},
	"cmd.order.opt.facing.name":           {"фронт", "facing"},
	"cmd.order.opt.facing.desc":           {"Новое направление фронта (перегруппировка)", "New facing (rally)"},
	"cmd.order.opt.steps.name":            {"галоп", "gallop"},
	"cmd.order.opt.steps.desc":            {"Шаги галопа конницы, например: wheel_left move", "Cavalry gallop steps, e.g. wheel_left move"},
	"cmd.orders.name":                     {"приказы", "orders"},
	"cmd.orders.opt.cancel.name":          {"отменить", "cancel"},
	"cmd.orders.opt.cancel.desc":          {"Отменить приказ этого отряда", "Cancel this unit's order"},
	"cmd.orders.opt.phase.name":           {"фаза", "phase"},
	"cmd.orders.opt.phase.desc":           {"Фаза отменяемого приказа (1 по умолчанию)", "Phase of the order to cancel (default 1)"},
	"cmd.orders.desc":                     {"Показать приказы вашей стороны на этот ход", "Show your side's orders for this turn"},
}

func init() {
	for k, v := range commandTexts {
		catalogue[k] = v
	}
}
