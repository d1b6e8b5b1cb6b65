package render

// Texts of the turn drawn on the field (field.Options.Events,
// render/field/turn.go): the legend of its marks, the side an attack struck, and
// the captions of a replay's frames (render/field/replay.go).
var turnTexts = texts{
	"legend.turn":           {"Что было:", "What happened:"},
	"legend.turn_move":      {"движение", "move"},
	"legend.turn_retreat":   {"отход", "retreat"},
	"legend.turn_rout":      {"бегство", "rout"},
	"legend.turn_attack":    {"атака во фронт", "frontal attack"},
	"legend.turn_struck":    {"атака во фланг, в тыл, по бегущим (подписана)", "attack on a flank, the rear, routing units (named)"},
	"legend.turn_meeting":   {"встречный бой", "meeting engagement"},
	"legend.turn_shot":      {"обстрел и урон", "shot and its damage"},
	"legend.turn_losses":    {"потери", "losses"},
	"legend.turn_destroyed": {"уничтожен", "destroyed"},
	"legend.turn_gone":      {"ушёл с поля", "left the field"},
	"legend.turn_cancelled": {"приказ отменён", "order cancelled"},
	"legend.turn_rallied":   {"остановил бегство", "rallied"},
	"legend.turn_wounded":   {"военачальник ранен", "leader wounded"},
	"legend.turn_killed":    {"убит", "killed"},
	"legend.turn_captured":  {"взят в плен", "captured"},
	"legend.turn_struck_at": {"где стоял атакованный отряд", "where the attacked unit stood"},

	// Where an attack struck (EvAttack's Detail), on the attack's mark.
	"turn.side_front":       {"фронт", "front"},
	"turn.side_flank":       {"фланг", "flank"},
	"turn.side_left_flank":  {"левый фланг", "left flank"},
	"turn.side_right_flank": {"правый фланг", "right flank"},
	"turn.side_rear":        {"тыл", "rear"},
	"turn.side_routing":     {"бегущих", "routing"},
	"turn.meeting":          {"встречный", "meeting"},

	// Captions of a replay's frames (StepCaption).
	"replay.before":     {"Перед ходом", "Before the turn"},
	"replay.after":      {"Весь ход", "The whole turn"},
	"replay.start":      {"Начало хода", "The start of the turn"},
	"replay.end":        {"Конец хода", "The end of the turn"},
	"replay.phase_step": {"Фаза %d. %s", "Phase %d. %s"},
	"replay.more":       {"%s и далее", "%s and on"},
}
