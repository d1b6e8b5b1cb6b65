package render

import (
	"strconv"

	"github.com/gunbai/gunbai/engine"
)

// Texts of a GM's correction (/battle fix, engine.Fix): one sentence for
// each field that can be fixed, told to the side concerned and the GM in
// each channel's language, and the values a refused fix may take.
var fixTexts = texts{
	"fix.said":                {"Мастер исправил битву «%s»: %s.", "The GM corrected battle “%s”: %s."},
	"fix.said.cell":           {"отряд %s теперь стоит в клетке %s", "unit %s now stands in cell %s"},
	"fix.said.facing":         {"отряд %s теперь обращён фронтом на %s", "unit %s now faces %s"},
	"fix.said.figures":        {"у отряда %s теперь %d {2:фигура|фигуры|фигур}", "unit %s now has %d {2:figure|figures}"},
	"fix.said.status":         {"отряд %s теперь %s", "unit %s is now %s"},
	"fix.said.ammo":           {"у отряда %s теперь %d {2:единица|единицы|единиц} боеприпасов", "unit %s now has %d {2:unit|units} of ammo"},
	"fix.said.fatigued.true":  {"отряд %s теперь утомлён", "unit %s is now fatigued"},
	"fix.said.fatigued.false": {"отряд %s больше не утомлён", "unit %s is no longer fatigued"},
	"fix.said.hold.true":      {"отряд %s теперь стоит насмерть", "unit %s now holds at all costs"},
	"fix.said.hold.false":     {"отряд %s больше не стоит насмерть", "unit %s no longer holds at all costs"},
	"fix.said.save_ammo.true": {"отряд %s теперь бережёт боеприпасы", "unit %s now saves its ammo"},
	"fix.said.save_ammo.false": {"отряд %s больше не бережёт боеприпасы",
		"unit %s no longer saves its ammo"},
	"fix.said.at":         {"предводитель %s теперь %s", "leader %s is now %s"},
	"fix.said.wounds":     {"у предводителя %s теперь %d {2:ранение|ранения|ранений}", "leader %s now has %d {2:wound|wounds}"},
	"fix.said.health":     {"предводитель %s теперь %s", "leader %s is now %s"},
	"fix.said.hq":         {"ставка %s теперь в клетке %s", "%s's HQ is now in cell %s"},
	"fix.said.hq.none":    {"у %s теперь нет ставки", "%s now has no HQ"},
	"fix.said.messengers": {"у %s теперь %d {2:гонец|гонца|гонцов}", "%s now has %d {2:messenger|messengers}"},
	"fix.said.shinobi":    {"у %s теперь %d синоби", "%s now has %d shinobi"},
	"fix.said.side.north": {"Севера", "North"},
	"fix.said.side.south": {"Юга", "South"},
	"fix.allowed":         {"Можно: %s.", "Allowed: %s."},
	"fix.allowed.range":   {"от %d до %d", "%d to %d"},
	"fix.allowed.cell":    {"клетка поля или клетка не дальше %d за его краем, свободная и проходимая", "a cell of the field, or one at most %d beyond its edge, free and passable"},
	"fix.allowed.hq":      {"none (без ставки) или клетка своих зон расстановки: %s", "none (no HQ) or a cell of the side's own deployment zones: %s"},
	"fix.allowed.at":      {"hq (в ставке), reserve (в резерве) или отряд своей стороны на поле: %s", "hq (in the HQ), reserve (in the reserve) or a unit of his side on the field: %s"},
	"fix.allowed.at.none": {"hq (в ставке) или reserve (в резерве)", "hq (in the HQ) or reserve (in the reserve)"},
}

// FixNotice is a GM's correction as one sentence: what the field of who
// (a "unit", "leader" or "side", as engine.Fix found it) now is. value is
// as engine.Fix accepted it.
func FixNotice(l Lang, battle, kind, who, field, value string) string {
	return T(l, "fix.said", battle, fixClause(l, kind, who, field, value))
}

func fixClause(l Lang, kind, who, field, value string) string {
	n, _ := strconv.Atoi(value)
	b, _ := strconv.ParseBool(value)
	cell := func() string {
		if c, err := engine.ParseCell(value); err == nil {
			return c.Name()
		}
		return value
	}
	switch kind + "." + field {
	case "unit.cell":
		return T(l, "fix.said.cell", who, cell())
	case "unit.facing":
		if d, err := engine.ParseDir(value); err == nil {
			return T(l, "fix.said.facing", who, FacingName(l, d))
		}
	case "unit.figures", "unit.ammo":
		return T(l, "fix.said."+field, who, n)
	case "unit.status":
		if s, ok := engine.ParseStatus(value); ok {
			return T(l, "fix.said.status", who, StatusName(l, s))
		}
	case "unit.fatigued", "unit.hold", "unit.save_ammo":
		return T(l, "fix.said."+field+"."+strconv.FormatBool(b), who)
	case "leader.at":
		return T(l, "fix.said.at", who, AtName(l, value))
	case "leader.wounds":
		return T(l, "fix.said.wounds", who, n)
	case "leader.health":
		var h engine.LeaderHealth
		if err := h.UnmarshalText([]byte(value)); err == nil {
			return T(l, "fix.said.health", who, T(l, "complete.health."+h.String()))
		}
	case "side.hq", "side.messengers", "side.shinobi":
		side, err := engine.ParseSide(who)
		if err != nil {
			break
		}
		name := T(l, "fix.said.side."+side.String())
		switch {
		case field != "hq":
			return T(l, "fix.said."+field, name, n)
		case value == "none":
			return T(l, "fix.said.hq.none", name)
		}
		return T(l, "fix.said.hq", name, cell())
	}
	return who + "." + field + " = " + value // a field this version does not know
}

// AtName says where a leader is: in the HQ, in the reserve or with a unit.
func AtName(l Lang, at string) string {
	switch at {
	case engine.AtHQ:
		return T(l, "complete.at.hq")
	case engine.AtReserve:
		return T(l, "complete.at.reserve")
	}
	return T(l, "complete.at.unit", at)
}
