package render

// Texts of the GM's forms (bot/forms.go): /battle create's two steps and
// /roster upload's file upload. A label's title is at most 45 characters
// (Discord's limit), its description at most 100.
var formTexts = texts{
	"err.create_missing": {"Не хватает параметров: %s. Дайте все шесть (название, роли и каналы кланов, канал мастера) или ни одного — тогда откроется форма.", "Options missing: %s. Give all six (the name, the clans' roles and channels, the GM channel), or none to open the form."},

	"form.battle.title1":        {"Новая битва: кланы (шаг 1 из 2)", "New battle: the clans (step 1 of 2)"},
	"form.battle.north_role":    {"Роль клана Севера", "North's clan role"},
	"form.battle.north_channel": {"Канал клана Севера", "North's clan channel"},
	"form.battle.south_role":    {"Роль клана Юга", "South's clan role"},
	"form.battle.south_channel": {"Канал клана Юга", "South's clan channel"},
	"form.battle.gm_channel":    {"Канал мастера", "Game master's channel"},
	"form.battle.first_done": {"Кланы выбраны: Север — %s в %s, Юг — %s в %s; канал мастера — %s. Осталось название и остальное: нажмите «Дальше».",
		"Clans picked: North — %s in %s, South — %s in %s; the GM's channel — %s. The name and the rest are left: press “Continue”."},
	"form.battle.continue":     {"Дальше", "Continue"},
	"form.battle.title2":       {"Новая битва: название (шаг 2 из 2)", "New battle: name and more (step 2 of 2)"},
	"form.battle.name":         {"Название битвы", "Battle name"},
	"form.battle.spectators":   {"Канал зрителей (необязательно)", "Spectators' channel (optional)"},
	"form.battle.north_orders": {"Кто отдаёт приказы Севера (необязательно)", "Who gives North's orders (optional)"},
	"form.battle.south_orders": {"Кто отдаёт приказы Юга (необязательно)", "Who gives South's orders (optional)"},
	"form.battle.scenario":     {"Сценарий (необязательно)", "Scenario (optional)"},
	"form.battle.no_name":      {"У битвы нет названия: введите его в форме.", "The battle has no name: type one in the form."},
	"form.battle.missing":      {"Выберите роль и канал каждого клана и канал мастера.", "Pick each clan's role and channel and the GM's channel."},
	"form.stale":               {"Эта форма устарела: откройте её заново.", "This form is out of date: open it again."},

	"form.roster.title":     {"Загрузка ростера", "Roster upload"},
	"form.roster.file":      {"Файл ростера или списка армии", "Roster or army list file"},
	"form.roster.file_desc": {"Ростер — .toml, список армии — .csv", "A roster is .toml, an army list .csv"},
	"form.roster.extension": {"Файл «%s» не принят: нужен ростер (.toml) или список армии (.csv).", "File “%s” not accepted: a roster (.toml) or an army list (.csv) is needed."},
}
