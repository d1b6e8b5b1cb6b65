package campaign

// Doer says who carries a task out in the bot: the bot rolls and computes
// (the GM confirms), or the GM does it by hand.
type Doer string

// The two doers.
const (
	ByBot Doer = "bot"
	ByGM  Doer = "gm"
)

// PhaseTask is one task of the end-of-turn phase (E1-P1).
type PhaseTask struct {
	N       int      // place in the seed's order, from 1
	IDs     []string // the mechanics it runs
	Task    string   // in English
	Label   string   // the seed's words, the UI label (DECISION G2)
	Players string   // who the seed says does it: "мастер", "игроки" or both
	By      Doer
	Note    string
}

// PhaseOrder is the end-of-turn phase in the seed's order (E1-P1). Death of
// commanders (E1-K, seed §IV) follows in the seed but is not in its list: it
// is raised when a character dies, not as a step.
var PhaseOrder = []PhaseTask{
	{1, []string{"E1-R"}, "emergency retreats of disordered and scattered armies",
		"Провести срочные отступления армий в беспорядке и рассеянных армий", "мастер и игроки",
		ByBot, "the bot rolls the attrition and surrender (E1-R4, E1-R5); the route is the GM's, from the E1-R3 checklist"},
	{2, []string{"E1-C"}, "deciding whether control over provinces is established",
		"Определить успешность установления контроля над провинцией", "мастер",
		ByBot, "the bot computes from the GM's province facts (E1-C2..C8)"},
	{3, []string{"E1-S"}, "suppressing riots and uprisings",
		"Провести подавление бунтов и восстаний", "игроки и мастер",
		ByBot, "the bot computes from the GM's facts and deals the losses (E1-S2, E1-S3)"},
	{4, nil, "allocating contingents for sieges",
		"Выделить контингенты для осады", "игроки",
		ByGM, "the seed gives no rules for it"},
	{5, []string{"E1-L", "E1-H", "E1-X", "E1-U"}, "loss recovery, healing of characters, distribution of experience",
		"Провести восстановление потерь, излечение персонажей и распределение опыта", "мастер и игроки",
		ByBot, "the aftermath of each army (F-E1-1)"},
}

// RetreatCheck is one line of the checklist the bot shows the GM for an
// emergency retreat (E1-R3); the route's legality stays with the GM.
type RetreatCheck struct {
	ID    string
	Kind  string // "destination" (a way a retreat may go), "condition" or "rule"
	Text  string // in English
	Label string // the seed's words, the UI label (DECISION G2)
}

// SeaLiftLimit is the figures a sea line of communication carries per phase,
// a cavalry figure counting 2 (E1-R3, E1-Q2).
const SeaLiftLimit = 25

// SeaLiftFigures counts units against SeaLiftLimit: 2 per cavalry figure,
// 1 per other figure (E1-Q2).
func SeaLiftFigures(units []Unit) int {
	n := 0
	for _, u := range units {
		k := 1
		if u.Type == HeavyCavalry || u.Type == LightCavalry {
			k = 2
		}
		n += k * max(u.Figures, 0)
	}
	return n
}

// RetreatChecklist is E1-R3. The seed lists four ways a retreat may go; the
// narrow pass is a separate bullet in the Russian ("Для срочного отступления
// через узкий проход необходимо, чтобы он не был перекрыт погодой или
// армией/сэнданом противника, охраняющего его на границе"), a condition on
// every one of those routes that passes through a pass, not a destination of
// its own (E1-R3 as corrected); then the two rules of the retreat.
var RetreatChecklist = []RetreatCheck{
	{"E1-R3.1", "destination", "to an adjacent friendly province",
		"В соседнюю дружественную провинцию"},
	{"E1-R3.2", "destination", "to any friendly province, if every province on the way, the origin and the destination included, has roads",
		"В любую дружественную провинцию, если во всех провинциях по дороге (включая исходную и конечную) есть дороги"},
	{"E1-R3.3", "destination", "over a sea line of communication, if the port is not defended by enemy troops: at most 25 figures per phase, a cavalry figure counts 2; they may be detached from the army/sendan or the troops in the province",
		"По морской линии коммуникации, если порт не защищают вражеские войска (не более 25 фигурок за фазу, конная за 2)"},
	{"E1-R3.4", "destination", "evacuation by a fleet prepared for it, if the coast is not defended by enemy troops of any number (interception: E1-R6)",
		"Эвакуироваться на подготовленном для эвакуации флоте, если побережье не защищают вражеские войска любой численности"},
	{"E1-R3.5", "condition", "on every route above: one through a narrow pass is open only if the pass is not closed by weather or by an enemy army/sendan guarding it at the border",
		"Для любого пути выше: через узкий проход отступить можно, только если он не перекрыт погодой или армией/сэнданом противника, охраняющим его на границе"},
	{"E1-R3.6", "rule", "armies/sendans may retreat into different provinces and detach part of themselves for a sea retreat or evacuation",
		"Армии/сэнданы могут отступать в разные провинции и выделить часть для отступления или эвакуации по морю"},
	{"E1-R3.7", "rule", "all leaderless troops, contingents for additional tasks and stragglers that retreat form one group (but those leaving by sea) on a single route; units may not be merged",
		"Войска без командующих, контингенты и отставшие отряды отступают вместе (кроме отбывших по морю) по единому маршруту; объединять отряды нельзя"},
}
