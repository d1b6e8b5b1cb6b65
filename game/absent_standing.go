package game

import (
	"slices"
	"strings"

	"github.com/gunbai/gunbai/store"
)

// AbsentKey is the battle setting of what an absent seat's units do at the
// deadline (issue 29 item 3).
const AbsentKey = "battle.absent"

// absentSettings are the battle settings of absent players, listed after
// the clock's.
var absentSettings = []battleSettingRow{
	{key: AbsentKey, values: strings.Join([]string{store.AbsentHold, store.AbsentStanding, store.AbsentAutopilot}, ", "),
		get: func(rec *store.BattleRecord) string {
			if rec.Absent == "" {
				return store.AbsentHold
			}
			return rec.Absent
		},
		set: func(rec *store.BattleRecord, v string) error {
			switch v {
			case store.AbsentHold:
				rec.Absent = "" // the default, as before the setting
			case store.AbsentStanding, store.AbsentAutopilot:
				rec.Absent = v
			default:
				return errBadValue
			}
			return nil
		}},
}

// Absent is what players do about their own absence (issue 29 item 3):
// their standing orders.
type Absent struct{ s *Service }

// Absent is the absence of s's players.
func (s *Service) Absent() Absent { return Absent{s} }

// SetStanding sets a standing order for a unit the seat may order
// (Seat.MayOrder): kind is one of store.StandingKinds. It holds for every
// turn until changed, and is followed only at a deadline the seat lets
// pass without orders under battle.absent = standing. It returns the
// seat's standing orders as they now stand.
func (g Absent) SetStanding(seat Seat, unit, kind string) (Standing, error) {
	s := g.s
	var out Standing
	err := s.inBattle(seat.Battle.GuildID, seat.Battle.ID, func(tx *store.Tx, rec *store.BattleRecord) error {
		if rec.Status == store.StatusFinished {
			return refuse("err.finished", rec.Name)
		}
		if seat.Watcher {
			return refuse("err.not_order_role", "<@&"+rec.Sides[seat.Side].OrderRole+">")
		}
		if !slices.Contains(store.StandingKinds, kind) {
			return refuse("err.standing_kind", kind)
		}
		seat.Battle.People = rec.People
		u := rec.State.Unit(unit)
		if u == nil || u.Side != seat.Side || !seat.MayOrder(unit) {
			return refuse("err.standing_unit", unit)
		}
		list := slices.DeleteFunc(slices.Clone(rec.Standing[seat.Side]), func(o store.StandingOrder) bool { return o.Unit == unit })
		list = append(list, store.StandingOrder{Unit: unit, Kind: kind, By: seatUser(seat)})
		slices.SortFunc(list, func(a, b store.StandingOrder) int { return strings.Compare(a.Unit, b.Unit) })
		rec.Standing[seat.Side] = list
		if err := tx.PutBattle(*rec); err != nil {
			return err
		}
		out = standingOf(rec, seat)
		// His sheets show them.
		return refreshSheets(tx, rec, seat.Side, rec.Turn)
	})
	return out, err
}

// Standing are a seat's standing orders and the battle's setting
// battle.absent, which says whether they will be followed.
type Standing struct {
	Orders []store.StandingOrder // of the units the seat may order, by unit
	Absent string                // the setting's value (AbsentKey)
}

// Standing reads the seat's standing orders.
func (g Absent) Standing(seat Seat) (Standing, error) {
	rec, err := g.s.Store.Battle(seat.Battle.GuildID, seat.Battle.ID)
	if err != nil {
		return Standing{}, err
	}
	return standingOf(&rec, seat), nil
}

// standingOf are the standing orders of rec for the units seat may order.
func standingOf(rec *store.BattleRecord, seat Seat) Standing {
	seat.Battle.People = rec.People
	out := Standing{Absent: absentSettings[0].get(rec)}
	for _, o := range rec.Standing[seat.Side&1] {
		if seat.MayOrder(o.Unit) {
			out.Orders = append(out.Orders, o)
		}
	}
	return out
}

// seatUser is who acts from a seat: the player himself if known, else
// the player whose seat it is.
func seatUser(seat Seat) string {
	if seat.Player != nil && seat.Player.User != "" {
		return seat.Player.User
	}
	return seat.Plays
}
