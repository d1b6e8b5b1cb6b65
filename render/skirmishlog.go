package render

import (
	"fmt"
	"slices"
	"strings"

	"github.com/gunbai/gunbai/skirmish"
)

// The skirmish game's log and state (seed 002, package skirmish; the
// service game/skirmishes): every event worded with its rule, every die
// with what it had to reach (issue 27).

// SkirmishDie words a die: "d20 = 14 + 2 = 16 > защита 13: пробита".
func SkirmishDie(l Lang, r skirmish.Roll, what string) string {
	s := fmt.Sprintf("d20 = %d", r.Die)
	if r.Mod != 0 {
		s += fmt.Sprintf(" %+d = %d", r.Mod, r.Result)
		s = strings.Replace(s, " +", " + ", 1)
		s = strings.Replace(s, " -", " − ", 1)
	}
	switch what {
	case "defence":
		cmp := ">"
		if !r.Success {
			cmp = "≤"
		}
		return T(l, "skirmish.die_defence", s, cmp, r.Target-1)
	}
	cmp := "≥"
	if !r.Success {
		cmp = "<"
	}
	return T(l, "skirmish.die_needs", s, cmp, r.Target)
}

// skirmishNames names every fighter of a game: "Name (id)" or his id.
func skirmishNames(g skirmish.Game) map[string]string {
	out := map[string]string{}
	for _, sd := range g.Sides {
		for _, u := range sd.Units {
			for _, f := range u.Fighters {
				out[f.ID] = f.ID
				if f.Name != "" {
					out[f.ID] = f.Name + " (" + f.ID + ")"
				}
			}
			out["unit:"+u.ID] = u.ID
			if u.Name != "" {
				out["unit:"+u.ID] = u.Name + " (" + u.ID + ")"
			}
		}
	}
	return out
}

// SkirmishEvent words one event of a game.
func SkirmishEvent(l Lang, g skirmish.Game, e skirmish.Event) string {
	n := skirmishNames(g)
	name := func(id string) string {
		if v, ok := n[id]; ok {
			return v
		}
		return id
	}
	f, t, u, in := name(e.Fighter), name(e.Target), name("unit:"+e.Unit), fmt.Sprintf("%g", e.Inches)
	var s string
	switch e.Kind {
	case "attack":
		if e.Roll == nil {
			s = T(l, "skirmish.ev.attack_sure", f, t, in)
		} else {
			s = T(l, "skirmish.ev.attack", f, t, in, SkirmishDie(l, *e.Roll, "defence"), T(l, "skirmish.result."+e.Result))
		}
	case "engine_shot":
		target := t
		if e.Target == "" {
			target = T(l, "skirmish.gates")
		}
		s = T(l, "skirmish.ev.engine_shot", f, target, in, SkirmishDie(l, *e.Roll, "defence"), T(l, "skirmish.result."+e.Result))
	case "wound_test":
		s = T(l, "skirmish.ev.wound_test", f, t, in, SkirmishDie(l, *e.Roll, ""), T(l, "skirmish.result."+e.Result))
	case "morale_test":
		s = T(l, "skirmish.ev.morale_test", u, in, SkirmishDie(l, *e.Roll, ""), T(l, "skirmish.morale."+e.Result))
	case "game_over":
		s = T(l, "skirmish.ev.game_over", SkirmishSide(l, g, e.Side))
	case "turn_end":
		s = T(l, "skirmish.ev.turn_end", SkirmishSide(l, g, e.Side))
	case "prisoner":
		s = T(l, "skirmish.ev.prisoner."+e.Result, t)
	case "wall_formed":
		var who []string
		for _, id := range strings.Split(e.Unit, " ") {
			who = append(who, name(id))
		}
		s = T(l, "skirmish.ev.wall_formed", e.Result, strings.Join(who, ", "))
	default:
		args := map[string][]any{"move": {f, in}, "engine_move": {f, in}, "wounded": {f}, "killed": {f},
			"surrendered": {f}, "wall_left": {f}, "wall_broken": {f}, "corporal": {f, u}, "captured": {f, t, in},
			"freed": {f, t, in}, "rejoined": {u, f, in}, "gates_broken": nil}[e.Kind]
		s = T(l, "skirmish.ev."+e.Kind, args...)
	}
	return s + " " + T(l, "skirmish.rule", e.Rule)
}

// SkirmishSide names a side: its army's name, or "defender"/"attacker".
func SkirmishSide(l Lang, g skirmish.Game, side int) string {
	if side < 0 || side > 1 {
		return "?"
	}
	if g.Sides[side].Name != "" {
		return g.Sides[side].Name
	}
	return T(l, fmt.Sprintf("skirmish.side%d", side))
}

// SkirmishEntries words entries of a game's record, each action's events
// under its turn.
func SkirmishEntries(l Lang, g skirmish.Game, entries []skirmish.Entry) []string {
	var out []string
	for _, e := range entries {
		head := T(l, "skirmish.entry", e.Turn, SkirmishSide(l, g, e.Side), T(l, "skirmish.kind."+string(e.Action.Kind)))
		out = append(out, head)
		for _, ev := range e.Events {
			if ev.Kind == "wall_formed" {
				ev.Unit = strings.Join(e.Action.Fighters, " ") // the wall's fighters, as formed
			}
			out = append(out, "  • "+SkirmishEvent(l, g, ev))
		}
	}
	return out
}

// SkirmishState words a game's state: the turn, and every fighter of both
// sides with his state, unit by unit.
func SkirmishState(l Lang, g skirmish.Game) []string {
	var out []string
	if g.Phase == skirmish.PhaseOver {
		out = append(out, T(l, "skirmish.state_over", SkirmishSide(l, g, g.Winner)))
	} else {
		out = append(out, T(l, "skirmish.state_turn", g.Turn, SkirmishSide(l, g, g.Active), T(l, "skirmish.phase."+string(g.Phase))))
	}
	if w, m := g.Owed(); len(w)+len(m) > 0 {
		out = append(out, SkirmishOwed(l, w, m))
	}
	for s := range g.Sides {
		out = append(out, "**"+SkirmishSide(l, g, s)+"**")
		if task := g.Sides[s].Task; task != "" {
			out = append(out, T(l, "skirmish.task", task)) // E2-TS1 step 5
		}
		out = append(out, SkirmishCardLines(l, g, s)...)
	}
	return out
}

// SkirmishOwed words the tests a turn may owe at its start (E2-M3, E2-O1):
// the wounded fighters, the units without an officer.
func SkirmishOwed(l Lang, wounds, morale []string) string {
	list := func(ids []string) string {
		if len(ids) == 0 {
			return T(l, "skirmish.none")
		}
		return strings.Join(ids, ", ")
	}
	return T(l, "skirmish.owed", list(wounds), list(morale))
}

// SkirmishCardLines are a side's record cards as text lines (E2-C): each
// unit, its marking and morale, and every fighter's state.
func SkirmishCardLines(l Lang, g skirmish.Game, side int) []string {
	var out []string
	for _, c := range g.Cards(side) {
		head := T(l, "skirmish.card", c.Symbol, c.Name, c.Unit, c.Nation)
		if c.Morale != "" {
			head += " — " + T(l, "skirmish.morale."+string(c.Morale))
		}
		out = append(out, head)
		for _, f := range c.Fighters {
			name := f.ID
			if f.Name != "" {
				name = f.Name + " (" + f.ID + ")"
			}
			line := "  " + T(l, "skirmish.card_line", name, skirmishMarking(l, c.Symbol, f), T(l, "skirmish.state."+string(f.State)))
			if len(f.Extras) > 0 {
				var extras []string
				for _, x := range f.Extras {
					extras = append(extras, T(l, "skirmish.extra."+x))
				}
				line += " (" + strings.Join(extras, ", ") + ")"
			}
			out = append(out, line)
		}
	}
	return out
}

var skirmishLogTexts = texts{
	"skirmish.die_defence":           {"%s %s защита %d", "%s %s defence %d"},
	"skirmish.die_needs":             {"%s %s %d", "%s %s %d"},
	"skirmish.task":                  {"Боевая задача: %s", "Battle task: %s"},
	"skirmish.none":                  {"нет", "none"},
	"skirmish.gates":                 {"ворота", "the gates"},
	"skirmish.side0":                 {"обороняющийся", "the defender"},
	"skirmish.side1":                 {"нападающий", "the attacker"},
	"skirmish.entry":                 {"Ход %d, %s: %s", "Turn %d, %s: %s"},
	"skirmish.kind.move":             {"передвижение", "move"},
	"skirmish.kind.attack":           {"атака", "attack"},
	"skirmish.kind.wall_form":        {"«стена щитов»", "shield wall"},
	"skirmish.kind.wall_leave":       {"выход из «стены щитов»", "leaving the shield wall"},
	"skirmish.kind.wound_test":       {"тест на ранение", "wound test"},
	"skirmish.kind.morale_test":      {"тест на мораль", "morale test"},
	"skirmish.kind.rejoin":           {"под командование офицера", "under an officer"},
	"skirmish.kind.capture":          {"захват в плен", "capture"},
	"skirmish.kind.prisoner":         {"судьба пленного", "a prisoner's fate"},
	"skirmish.kind.free":             {"освобождение", "freeing"},
	"skirmish.kind.engine_move":      {"орудие передвигается", "engine moves"},
	"skirmish.kind.engine_shot":      {"выстрел орудия", "engine shot"},
	"skirmish.kind.end_turn":         {"«Ход»", "«Ход» (end of turn)"},
	"skirmish.result.pierced":        {"пробита", "pierced"},
	"skirmish.result.held":           {"выдержала", "held"},
	"skirmish.result.hit":            {"попадание", "hit"},
	"skirmish.result.miss":           {"промах", "miss"},
	"skirmish.result.recovered":      {"поправился", "recovers"},
	"skirmish.result.died":           {"умер от ран", "dies of his wound"},
	"skirmish.morale.surrender":      {"сдаётся в плен (1–5, противник ближе 12″)", "surrenders (1–5, an enemy within 12″)"},
	"skirmish.morale.retreat":        {"отступает", "retreats"},
	"skirmish.morale.dug_in":         {"«окапывается»", "digs in"},
	"skirmish.morale.carry_on":       {"держится (16–20: капрал назначается)", "carries on (16–20: a corporal is appointed)"},
	"skirmish.extra.cavalry":         {"кавалерист", "cavalry"},
	"skirmish.extra.bearer":          {"знаменосец", "standard-bearer"},
	"skirmish.extra.corporal":        {"капрал", "corporal"},
	"skirmish.extra.wall":            {"в «стене щитов»", "in a shield wall"},
	"skirmish.ev.attack":             {"%s атакует %s (%s″): %s: %s.", "%s attacks %s (%s″): %s: %s."},
	"skirmish.ev.attack_sure":        {"%s атакует раненого %s (%s″): атака на раненого всегда успешна.", "%s attacks the wounded %s (%s″): an attack on a wounded fighter always succeeds."},
	"skirmish.ev.engine_shot":        {"Орудие %s стреляет по цели «%s» (%s″): %s: %s.", "Engine %s shoots at %s (%s″): %s: %s."},
	"skirmish.ev.wound_test":         {"Тест на ранение: %s, офицер %s в %s″: %s: %s.", "Wound test: %s, officer %s %s″ away: %s: %s."},
	"skirmish.ev.morale_test":        {"Тест на мораль: подразделение %s, противник в %s″: %s: %s.", "Morale test: unit %s, the enemy %s″ away: %s: %s."},
	"skirmish.ev.game_over":          {"Бой окончен: у противника погибли все офицеры, победа за стороной «%s».", "The battle is over: the enemy's officers are all dead; %s wins."},
	"skirmish.ev.turn_end":           {"«Ход»: %s закончил ход — он не отменяется.", "«Ход»: %s ends the turn — it is never undone."},
	"skirmish.ev.prisoner.kill":      {"Пленного %s убивают.", "The prisoner %s is killed."},
	"skirmish.ev.prisoner.send":      {"Пленного %s отправляют в тыл.", "The prisoner %s is sent to the rear."},
	"skirmish.ev.prisoner.leave":     {"Пленного %s оставляют.", "The prisoner %s is left behind."},
	"skirmish.ev.wall_formed":        {"«Стена щитов» №%s построена (%s): +2 к защите и атаке.", "Shield wall no. %s formed (%s): +2 to defence and attack."},
	"skirmish.ev.move":               {"%s передвигается на %s″.", "%s moves %s″."},
	"skirmish.ev.wounded":            {"%s ранен.", "%s is wounded."},
	"skirmish.ev.killed":             {"%s убит.", "%s is killed."},
	"skirmish.ev.corporal":           {"%s — новый капрал подразделения %s.", "%s is the new corporal of unit %s."},
	"skirmish.ev.surrendered":        {"%s сдаётся в плен.", "%s surrenders."},
	"skirmish.ev.wall_left":          {"%s выходит из «стены щитов».", "%s leaves the shield wall."},
	"skirmish.ev.wall_broken":        {"«Стена щитов» распалась: в ней меньше 4 бойцов (%s).", "The shield wall breaks: fewer than 4 fighters (%s)."},
	"skirmish.ev.captured":           {"%s берёт в плен %s (%s″).", "%s captures %s (%s″)."},
	"skirmish.ev.freed":              {"%s освобождён, офицер %s в %s″.", "%s is freed, officer %s %s″ away."},
	"skirmish.ev.rejoined":           {"Подразделение %s переходит под командование %s (%s″).", "Unit %s comes under %s (%s″)."},
	"skirmish.ev.engine_move":        {"Орудие %s передвигается на %s″.", "Engine %s moves %s″."},
	"skirmish.ev.gates_broken":       {"Ворота разбиты: два попадания.", "The gates are broken: two hits."},
	"skirmish.state_turn":            {"Ход %d: ходит %s, фаза «%s».", "Turn %d: %s to play, phase “%s”."},
	"skirmish.state_over":            {"Бой окончен: победа за стороной «%s».", "The battle is over: %s wins."},
	"skirmish.owed":                  {"В начале хода: тесты на ранение — %s; тесты на мораль — %s.", "At the turn's start: wound tests — %s; morale tests — %s."},
	"skirmish.phase.open":            {"начало хода (тесты, «стена щитов»)", "opening (tests, shield walls)"},
	"skirmish.phase.move":            {"передвижение", "movement"},
	"skirmish.phase.attack":          {"атаки", "attacks"},
	"skirmish.phase.over":            {"окончен", "over"},
	"skirmish.card":                  {"%s %s (%s), %s", "%s %s (%s), %s"},
	"skirmish.card_line":             {"%s [%s]: %s", "%s [%s]: %s"},
	"skirmish.state.fit":             {"в строю", "fit"},
	"skirmish.state.wounded":         {"ранен", "wounded"},
	"skirmish.state.dead":            {"убит", "dead"},
	"skirmish.state.captured":        {"в плену", "captured"},
	"err.skirmishes.name":            {"Назовите игру буквами или цифрами.", "Name the game with letters or digits."},
	"err.skirmishes.roles":           {"Нужны две разные роли: обороняющихся и нападающих.", "Two different roles are needed: the defenders' and the attackers'."},
	"err.skirmishes.exists":          {"Игра «%s» уже есть.", "There is already a game “%s”."},
	"err.skirmishes.verify_early":    {"Игра «%s» ещё идёт. Хэш семени костей, опубликованный при открытии: %s. Само семя раскрывается в конце игры — тогда /стычка проверить пересчитает каждый бросок.", "Game “%s” is still on. The dice seed's hash published at its opening: %s. The seed itself is revealed at the end of the game — then /skirmish verify recomputes every die."},
	"err.skirmishes.verify_whose":    {"Игру «%s» проверяют её игроки и мастер.", "Game “%s” is verified by its players and the GM."},
	"err.skirmishes.verify_channel":  {"Игру «%s» проверяют в её канале.", "Game “%s” is verified in its channel."},
	"err.skirmishes.none":            {"Игры «%s» нет.", "There is no game “%s”."},
	"err.skirmishes.started":         {"Игра «%s» уже идёт: отряды и таблица классов больше не меняются.", "Game “%s” has begun: its warbands and class table no longer change."},
	"err.skirmishes.warband":         {"Отряд не годится: %s", "The warband will not do: %s"},
	"err.skirmishes.no_warband":      {"У стороны %d ещё нет отряда: мастер загружает его (/стычка отряд) или набирает (/стычка набрать).", "Side %d has no warband yet: the GM uploads it (/skirmish warband) or recruits it (/skirmish recruit)."},
	"err.skirmishes.not_player":      {"Вы не играете в игре «%s»: действуют только игроки её сторон.", "You do not play in game “%s”: only its sides' players act."},
	"err.skirmishes.not_your_turn":   {"Сейчас ход другой стороны: действует только тот, чей ход.", "It is the other side's turn: only the side whose turn it is acts."},
	"err.skirmishes.bad":             {"Действие не годится: %s", "The action will not do: %s"},
	"err.skirmishes.warband_ext":     {"Файл «%s» не подходит: нужен отряд в TOML (.toml).", "File “%s” will not do: a warband in TOML (.toml) is needed."},
	"err.skirmishes.warband_big":     {"Файл «%s» слишком велик: не больше %d КиБ.", "File “%s” is too large: %d KiB at most."},
	"err.skirmishes.warband_key":     {"%s, строка %d, столбец %d: неизвестный ключ «%s».", "%s, line %d, column %d: unknown key “%s”."},
	"err.skirmishes.warband_syntax":  {"%s, строка %d, столбец %d: ошибка TOML: %s", "%s, line %d, column %d: TOML error: %s"},
	"err.skirmishes.warband_unit_id": {"%s: у подразделения нет id.", "%s: a unit has no id."},
	"err.skirmishes.fighter_id":      {"«%s» не годится в id бойца: нужен id без пробелов.", "“%s” will not do as a fighter's id: one without spaces is needed."},
	"err.skirmishes.fighter_twice":   {"Боец «%s» в игре уже есть.", "There is already a fighter “%s” in the game."},
	"err.skirmishes.rank":            {"Звания «%s» нет: sergeant, knight или master.", "There is no rank “%s”: sergeant, knight or master."},
	"err.skirmishes.inches":          {"«%s» — не расстояние в дюймах.", "“%s” is not a distance in inches."},
	"err.skirmishes.side":            {"Сторона — defender или attacker, не «%s».", "The side is defender or attacker, not “%s”."},
	"err.skirmishes.no_file":         {"Приложите файл.", "Attach the file."},
	"err.skirmishes.test_kind":       {"Тест — wound или morale.", "The test is wound or morale."},
}

// skirmishMarking is a fighter's base marking (E2-B) in the reader's
// words: the unit's symbol, the rank and the class as the catalogue names
// them (a class of the GM's own table, or a sign the player chose, as
// written). skirmish.Marking is the same marking in the rules' own IDs.
func skirmishMarking(l Lang, symbol string, f skirmish.CardLine) string {
	parts := []string{symbol}
	if f.Rank != skirmish.NoRank {
		parts = append(parts, catalogueWord(l, "cards.rank."+string(f.Rank), string(f.Rank)))
	}
	if strings.HasSuffix(f.Marking, " "+f.Class) || f.Marking == f.Class {
		parts = append(parts, catalogueWord(l, "cards.class."+f.Class, f.Class))
	} else if i := strings.LastIndex(f.Marking, " "); i >= 0 {
		parts = append(parts, f.Marking[i+1:]) // the player's own sign
	}
	return strings.Join(slices.DeleteFunc(parts, func(s string) bool { return s == "" }), " ")
}

// catalogueWord is the catalogue's word for key, or raw when it has none.
func catalogueWord(l Lang, key, raw string) string {
	if !IsKey(key) {
		return raw
	}
	return T(l, key)
}
