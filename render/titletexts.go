package render

// Texts of the field's title and legend (render/field: title.go, legend.go)
// and of its alt text (render/field/alttext.go).
var fieldTexts = map[string]msg{
	"field.title_named":            {"%s — ход %d", "%s — turn %d"},
	"field.title_named_deployment": {"%s — расстановка", "%s — deployment"},
	"field.view.gm":                {"вид ведущего", "GM's view"},
	"field.view.north":             {"вид Севера", "North's view"},
	"field.view.south":             {"вид Юга", "South's view"},
	"field.clan_side":              {"%s (%s)", "%s (%s)"},
	"field.versus":                 {" против ", " against "},
	"field.edge_clan":              {"%s — %s", "%s — %s"},
	"field.outcome":                {"Итог: %s", "Outcome: %s"},
	"field.key_label":              {"№%d", "#%d"},

	"legend.banner":   {"поднято знамя", "banner raised"},
	"legend.hidden":   {"скрыт лесом от противника", "hidden by a forest from the enemy"},
	"legend.key":      {"№%d — %s", "#%d — %s"},
	"legend.far":      {"%s %s — %s, за краем картинки", "%s %s — %s, beyond the picture"},
	"legend.far_more": {"и ещё %d {1:отряд|отряда|отрядов} за краем", "and %d more {1:unit|units} beyond"},

	// The alt text of a picture of the field (AltText).
	"alt.field":            {"Поле битвы «%s», %s.", "The field of the battle “%s”, %s."},
	"alt.field_untitled":   {"Поле битвы, %s.", "The battlefield, %s."},
	"alt.turn":             {"ход %d", "turn %d"},
	"alt.deployment":       {"расстановка", "deployment"},
	"alt.view.gm":          {"Вид ведущего: всё поле.", "The GM's view: the whole field."},
	"alt.view.north":       {"Вид Севера.", "North's view."},
	"alt.view.south":       {"Вид Юга.", "South's view."},
	"alt.clans":            {"%s против %s.", "%s against %s."},
	"alt.side_units":       {"%s: %d {2:отряд|отряда|отрядов} на поле", "%s: %d {2:unit|units} on the field"},
	"alt.side_routing":     {", из них %d {1:бежит|бегут|бегут}", ", %d of them routing"},
	"alt.side_none_seen":   {"%s: не видно ни одного отряда", "%s: no unit seen"},
	"alt.side_none":        {"%s: ни одного отряда на поле", "%s: no unit on the field"},
	"alt.side_hq_lost":     {", ставка потеряна", ", HQ lost"},
	"alt.losses":           {"За ход потеряно: %s.", "Lost this turn: %s."},
	"alt.side_losses":      {"%s — %d {2:фигура|фигуры|фигур}", "%s %d {2:figure|figures}"},
	"alt.routed":           {"Обращены в бегство: %s.", "Routed: %s."},
	"alt.rallied":          {"Остановлены: %s.", "Rallied: %s."},
	"alt.destroyed":        {"Уничтожены: %s.", "Destroyed: %s."},
	"alt.scattered":        {"Рассеяны: %s.", "Scattered: %s."},
	"alt.leaders_wounded":  {"Ранены: %s.", "Wounded: %s."},
	"alt.leaders_killed":   {"Убиты: %s.", "Killed: %s."},
	"alt.leaders_captured": {"Взяты в плен: %s.", "Captured: %s."},
	"alt.hq_lost":          {"Потеряна ставка: %s.", "HQ lost: %s."},
	"alt.quiet":            {"За ход никто не понёс потерь.", "No losses this turn."},
	"alt.outcome":          {"Битва окончена: %s.", "The battle is over: %s."},
	"alt.more":             {"ещё %d", "%d more"},
}

func init() {
	for k, v := range fieldTexts {
		catalogue[k] = v
	}
}
