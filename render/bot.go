package render

import (
	"fmt"
	"strings"

	"github.com/gunbai/gunbai/engine"
)

// CommandText describes a command roll: the dice, the result and the
// orders it gives (R-V.2).
func CommandText(lang Lang, stake engine.Stake, r engine.CommandResult, final bool) string {
	var rolls []string
	for k, d := range r.Rolls {
		total := d[0] + d[1]
		if k < len(r.Totals) {
			total = r.Totals[k]
		}
		rolls = append(rolls, fmt.Sprintf("%d+%d=%d", d[0], d[1], total))
	}
	key := "roll.failure"
	if r.Success {
		key = "roll.success"
	}
	s := T(lang, "roll.line", T(lang, "stake."+stake.String()), strings.Join(rolls, " → "),
		T(lang, key), r.Special, r.Ordinary)
	if !final {
		s += "\n" + T(lang, "roll.not_final")
	}
	return s
}

// OrdersText lists a side's orders for a turn, one per line, by unit and
// phase.
func OrdersText(lang Lang, turn int, orders []engine.Order) string {
	if len(orders) == 0 {
		return T(lang, "orders.none", turn)
	}
	lines := []string{T(lang, "orders.header", turn)}
	sorted := append([]engine.Order(nil), orders...)
	for i := 1; i < len(sorted); i++ {
		for j := i; j > 0 && (sorted[j].Unit < sorted[j-1].Unit ||
			sorted[j].Unit == sorted[j-1].Unit && sorted[j].Phase < sorted[j-1].Phase); j-- {
			sorted[j], sorted[j-1] = sorted[j-1], sorted[j]
		}
	}
	for _, o := range sorted {
		lines = append(lines, "• "+OrderLine(lang, o))
	}
	return strings.Join(lines, "\n")
}

// OrderLine words one order: its unit, phase, kind and class, and what it
// says besides (facing, gallop steps); army-wide orders and declarations
// with what and whom they name.
func OrderLine(lang Lang, o engine.Order) string {
	if o.Unit == "" || o.Kind.Declaration() {
		line := OrderName(lang, o.Kind)
		if o.Mission != "" {
			line += " " + detail(lang, "mission", o.Mission) // in the reader's words, as the log says it
		}
		for _, part := range []string{o.Unit, o.Leader, o.To, o.Target, o.Banner} {
			if part != "" {
				line += " " + Literal(part) // as the player typed it
			}
		}
		if o.Facing != nil && o.Kind == engine.OrderBanner {
			line += " → " + FacingName(lang, *o.Facing)
		}
		return line
	}
	line := strings.TrimPrefix(T(lang, "orders.line", Literal(o.Unit), o.Phase, OrderName(lang, o.Kind), T(lang, "class."+o.Class.String())), "• ")
	if o.Target != "" {
		line += " → " + Literal(o.Target)
	}
	if o.Facing != nil {
		line += " → " + FacingName(lang, *o.Facing)
	}
	for k, st := range o.Steps {
		if k == 0 {
			line += ":"
		}
		line += " " + T(lang, "step."+st.String())
	}
	if o.CarryShields {
		line += " (" + T(lang, "sheet.carry_shields") + ")"
	}
	return line
}

// UnitsText lists a side's units on the field: the IDs players give orders
// to, with type, figures, cell and facing.
func UnitsText(lang Lang, b engine.Battle, side engine.Side) string {
	lines := []string{T(lang, "units.header")}
	for _, u := range b.Units {
		if u.Side != side || !u.Active() {
			continue
		}
		line := T(lang, "units.line", u.ID, TroopName(lang, u.Type), u.Figures, u.Cell.Name(), FacingShort(lang, u.Facing))
		if u.Routing() {
			line += " — " + StatusName(lang, u.Status)
		}
		if u.SaveAmmo {
			line += " — " + T(lang, "units.save_ammo")
		}
		lines = append(lines, line)
	}
	return strings.Join(lines, "\n")
}

// ScoutText is a scouting report of the deployment turn (R-IV.5.2,
// R-IV.5.3): the enemy units found in the named cells, the leaders with
// them and the enemy HQ.
func ScoutText(lang Lang, r engine.ScoutReport) string {
	lines := []string{T(lang, "scout.header", r.Scouts)}
	for _, u := range r.Units {
		line := T(lang, "scout.unit", u.Cell.Name(), u.ID, TroopName(lang, u.Type), u.Figures, FacingShort(lang, u.Facing))
		var leaders []string
		for _, l := range r.Leaders {
			if l.At == u.ID {
				leaders = append(leaders, l.ID)
			}
		}
		if len(leaders) > 0 {
			line += T(lang, "scout.leaders", strings.Join(leaders, ", "))
		}
		lines = append(lines, line)
	}
	if len(r.Units) == 0 {
		lines = append(lines, T(lang, "scout.nothing"))
	}
	if r.HQ != engine.NoCell {
		lines = append(lines, T(lang, "scout.hq", r.HQ.Name()))
	}
	return strings.Join(lines, "\n")
}
