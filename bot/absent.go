package bot

import (
	"strings"

	"github.com/gunbai/gunbai/engine"
	"github.com/gunbai/gunbai/game"
	"github.com/gunbai/gunbai/render"
	"github.com/gunbai/gunbai/store"
)

// Absent players (issue 29 item 3): /standing sets a standing order for a
// unit of the player's (game.SetStanding), or alone lists his; the orders
// given for an absent seat are marked in the turn's log and the status.

// standing handles /standing [unit: order:].
func (b *Bot) standing(c *call) error {
	seat, err := b.seat(c, b.seats(c).AnySeat)
	if err != nil {
		return err
	}
	unit, kind := c.str("unit"), c.str("order")
	var st game.Standing
	var head string
	switch {
	case unit == "" && kind == "":
		st, err = b.svc.Absent().Standing(seat)
	case unit == "" || kind == "":
		return refuse("err.standing_both")
	default:
		st, err = b.svc.Absent().SetStanding(seat, unit, kind)
		head = render.T(c.lang, "standing.set", unit, render.StandingKindName(c.lang, kind)) + "\n"
	}
	if err != nil {
		return err
	}
	b.reply(c, head+standingText(c.lang, st), nil)
	return nil
}

// standingText lists a seat's standing orders and says whether the
// battle's setting follows them.
func standingText(l render.Lang, st game.Standing) string {
	lines := []string{render.T(l, "standing.none")}
	if len(st.Orders) > 0 {
		lines = []string{render.T(l, "standing.head")}
		for _, o := range st.Orders {
			lines = append(lines, render.T(l, "standing.item", o.Unit, render.StandingKindName(l, o.Kind)))
		}
	}
	return joinLines(append(lines, render.T(l, "standing.setting."+st.Absent)))
}

// standingLine is the order sheet's short line of the player's standing
// orders ("" when he has none).
func standingLine(l render.Lang, orders []store.StandingOrder) string {
	if len(orders) == 0 {
		return ""
	}
	var parts []string
	for _, o := range orders {
		parts = append(parts, o.Unit+" — "+render.StandingKindName(l, o.Kind))
	}
	return render.T(l, "standing.sheet", strings.Join(parts, ", "))
}

// completeStandingUnit offers the caller's units he may order (his wing's
// when his side has wings).
func (b *Bot) completeStandingUnit(c *call, typed string) ([]offer, error) {
	seat, view, err := b.seatView(c, b.seats(c).AnySeat)
	if err != nil {
		return nil, err
	}
	var out []offer
	for _, o := range unitOffers(c.lang, &view, seat.Side) {
		if id, _ := o.value.(string); seat.MayOrder(id) {
			out = append(out, o)
		}
	}
	return match(out, typed), nil
}

// absentLog marks, in a turn's log, the orders given for the absent seats
// the audience may know of.
func absentLog(l render.Lang, absent [2][]store.AbsentSeat) string {
	var out []string
	for side, seats := range absent {
		for _, a := range seats {
			out = append(out, render.AbsentLog(l, engine.Side(side), absentWho(a), a.By, a.Orders, a.Rolled))
		}
	}
	if len(out) == 0 {
		return ""
	}
	return strings.Join(out, "\n") + "\n\n"
}

// absentStatus are the status's lines of the last turn's absent seats.
func absentStatus(l render.Lang, turn int, absent [2][]store.AbsentSeat) []string {
	var out []string
	for side, seats := range absent {
		for _, a := range seats {
			out = append(out, render.T(l, "absent.status", turn, render.AbsentLine(l, engine.Side(side), absentWho(a), a.By, len(a.Orders), a.Rolled)))
		}
	}
	return out
}

// absentWho names an absent wing's player ("" for a whole side).
func absentWho(a store.AbsentSeat) string {
	switch {
	case a.Name != "":
		return a.Name
	case a.Player != "":
		return "<@" + a.Player + ">"
	}
	return ""
}
