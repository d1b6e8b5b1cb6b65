package render

// Texts of the bot's autocomplete: the names of the choices Discord shows
// under an option as it is typed (bot/complete.go). A choice's name is at
// most 100 characters; the bot cuts longer ones.
var completeTexts = texts{
	"complete.battle":           {"%s — %s, ход %d", "%s — %s, turn %d"},
	"complete.scenario.builtin": {"%s — встроенный сценарий, отрядов: %d", "%s — built-in scenario, units: %d"},
	"complete.scenario.loaded":  {"%s — сценарий из файла, отрядов: %d", "%s — scenario from a file, units: %d"},
	"complete.role.commander":   {"командующий", "commander"},
	"complete.role.general":     {"генерал", "general"},
	"complete.at.hq":            {"в ставке", "in the HQ"},
	"complete.at.reserve":       {"в резерве", "in the reserve"},
	"complete.at.unit":          {"в отряде %s", "with %s"},
	"complete.to.hq":            {"hq — в ставку, %s", "hq — to the HQ, %s"},
	"complete.to.hq_nowhere":    {"hq — в ставку", "hq — to the HQ"},
	"complete.to.reserve":       {"reserve — в резерв", "reserve — to the reserve"},
	"complete.banner":           {"%s — поднять в отряде: %s", "%s — raise it in: %s"},
	"complete.banner.phoenix":   {"знамя клана Феникса", "the Phoenix banner"},
	"complete.cell.free":        {"%s — свободная клетка", "%s — a free cell"},
	"complete.cell.free_on":     {"%s — свободная клетка, %s", "%s — a free cell, %s"},
	"complete.terrain.remove":   {"%s — убрать: %s", "%s — remove the %s"},
	"complete.terrain.place":    {"%s — поставить: %s", "%s — place a %s"},
	"complete.hq.here":          {"%s — ставка уже здесь", "%s — the HQ is here already"},
	"complete.hq.move":          {"%s — поставить ставку сюда", "%s — put the HQ here"},
	"complete.scout":            {"%s — клеток: %d из %d", "%s — cells: %d of %d"},
	"complete.scout.enemy":      {"%s — клеток: %d из %d, зона врага", "%s — cells: %d of %d, the enemy's zone"},
	"complete.swap":             {"%s (%s) и %s (%s)", "%s (%s) and %s (%s)"},
	"complete.cancel":           {"%s — фаза %d: %s", "%s — phase %d: %s"},
	"complete.save_ammo.on":     {"%s — беречь боеприпасы: да", "%s — save ammo: on"},
	"complete.save_ammo.off":    {"%s — беречь боеприпасы: нет", "%s — save ammo: off"},
	"complete.now":              {"%s (сейчас)", "%s (now)"},
	"complete.default":          {"%s (по умолчанию)", "%s (the default)"},
	"complete.setting":          {"%s (сейчас: %s)", "%s (now: %s)"},
	"complete.true":             {"да", "yes"},
	"complete.false":            {"нет", "no"},
	"complete.health.ok":        {"здоров", "unhurt"},
	"complete.health.wounded":   {"ранен", "wounded"},
	"complete.health.captured":  {"в плену", "captured"},
	"complete.health.killed":    {"убит", "killed"},
	"complete.hq.none":          {"без ставки", "no HQ"},
	"complete.side":             {"сторона: %s", "side: %s"},
}

// BannerTitle is how a scenario's banner is offered: its id, and the
// catalogue's name for it when there is one ("complete.banner.<id>").
func BannerTitle(lang Lang, banner string) string {
	if key := "complete.banner." + banner; has(key) {
		return banner + " — " + T(lang, key)
	}
	return banner
}
