package render

import (
	"fmt"

	"github.com/gunbai/gunbai/engine"
)

// The values of the engine's enums, from the engine's own iterators, so a
// value added there has a place here at once. Names are looked up only for
// values in these lists, so an out-of-range value never reaches an engine
// String method that would panic; names_test.go checks that each has a text.
var (
	allTroopTypes = engine.TroopTypes()
	allOrderKinds = engine.OrderKinds()
	allStatuses   = engine.Statuses()
	allOutcomes   = engine.Outcomes()
)

func inRange[T ~int8](v T, all []T) bool { return v >= 0 && int(v) < len(all) }

// TroopName is the full name of a troop type ("тяжёлая конница").
func TroopName(lang Lang, t engine.TroopType) string {
	if !inRange(t, allTroopTypes) {
		return fmt.Sprintf("troop(%d)", int(t))
	}
	return T(lang, "troop."+t.String())
}

// TroopShort is the two-letter label of a troop type on the map ("ТК", "HC").
func TroopShort(lang Lang, t engine.TroopType) string {
	if !inRange(t, allTroopTypes) {
		return "?"
	}
	return T(lang, "troop.short."+t.String())
}

// OrderName is the name of an order ("Перегруппировка", "Rally").
func OrderName(lang Lang, k engine.OrderKind) string {
	if !inRange(k, allOrderKinds) {
		return fmt.Sprintf("order(%d)", int(k))
	}
	return T(lang, "order."+k.String())
}

// orderNameByKey names an order given by its case-file key ("rally"); an
// unknown key is returned as it is.
func orderNameByKey(lang Lang, key string) string {
	k, err := engine.ParseOrderKind(key)
	if err != nil {
		return key
	}
	return OrderName(lang, k)
}

// SideName is "Север"/"Юг" or "North"/"South".
func SideName(lang Lang, s engine.Side) string {
	if s == engine.North {
		return T(lang, "side.north")
	}
	return T(lang, "side.south")
}

// StatusName is the name of a unit status ("бежит", "routing").
func StatusName(lang Lang, s engine.Status) string {
	if !inRange(s, allStatuses) {
		return fmt.Sprintf("status(%d)", int(s))
	}
	return T(lang, "status."+s.String())
}

// OutcomeName is the name of a battle outcome ("победа Севера").
func OutcomeName(lang Lang, o engine.Outcome) string {
	if !inRange(o, allOutcomes) {
		return fmt.Sprintf("outcome(%d)", int(o))
	}
	return T(lang, "outcome."+o.String())
}

// FacingName is the full name of a facing ("север", "north").
func FacingName(lang Lang, d engine.Dir) string {
	return T(lang, "facing."+d.String())
}

// FacingShort is the one-letter facing (С/В/Ю/З, N/E/S/W).
func FacingShort(lang Lang, d engine.Dir) string {
	return T(lang, "facing.short."+d.String())
}
