package render

// Texts of the skirmish's record cards (формуляры, EXTRAS.md E2-C; the
// picture is render/cards): the fighters' states, ranks, classes and
// special classes, the units' morale results, and the picture's alt text
// (issue 27).
var cardTexts = texts{
	"cards.state.fit":        {"в строю", "fit"},
	"cards.state.wounded":    {"ранен", "wounded"},
	"cards.state.dead":       {"убит", "dead"},
	"cards.state.captured":   {"в плену", "prisoner"},
	"cards.state.wall":       {"стена щитов", "shield wall"},
	"cards.rank.sergeant":    {"сержант", "sergeant"},
	"cards.rank.knight":      {"рыцарь", "knight"},
	"cards.rank.master":      {"магистр", "master"},
	"cards.class.spearman":   {"копейщик", "spearman"},
	"cards.class.swordsman":  {"мечник", "swordsman"},
	"cards.class.archer":     {"лучник", "archer"},
	"cards.extra.cavalry":    {"кавалерист", "cavalry"},
	"cards.extra.bearer":     {"знаменосец", "standard-bearer"},
	"cards.extra.corporal":   {"капрал", "corporal"},
	"cards.morale.surrender": {"сдался в плен", "surrendered"},
	"cards.morale.retreat":   {"отступает", "retreating"},
	"cards.morale.dug_in":    {"«окопано»", "dug in"},
	"cards.morale.carry_on":  {"выполняет задачу", "carrying on"},
	"cards.fit_count":        {"в строю %d из %d", "%d of %d fit"},
	"cards.more":             {"… и ещё %d: %s", "… and %d more: %s"},
	"cards.state_count":      {"%s %d", "%s %d"},
	"cards.alt.head":         {"Формуляры подразделений (%s), %d шт.:", "Record cards of the units (%s), %d:"},
	"cards.alt.card":         {"«%s» (%s, знак %s): в строю %d из %d", "“%s” (%s, sign %s): %d of %d fit"},
	"cards.alt.card_id":      {"%s: в строю %d из %d", "%s: %d of %d fit"},
	"cards.alt.morale":       {"мораль: %s", "morale: %s"},
	"cards.alt.state":        {"%s: %s", "%s: %s"},
	"cards.alt.officers":     {"офицеры: %s", "officers: %s"},
}
