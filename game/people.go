package game

import (
	"slices"

	"github.com/gunbai/gunbai/engine"
	"github.com/gunbai/gunbai/store"
)

// A battle's people (issue 29): a side's commander, the wings its units
// are given to, and the substitutes the GM seats. The record keeps them
// (store.People); these say what a seat may do with them.

// Of is the seats of one member: the finders fill Seat.Plays with him and
// find the seats he holds as a substitute, in battles whose clan role he
// lacks.
func (g Seats) Of(user string) Seats {
	g.user = user
	return g
}

// substitutes adds to found the seats g.user holds as a substitute in the
// battles that name him, this turn: a substitute plays the seat of the
// player he sits in for, in place of his own, and sees exactly what it
// sees (store.People.SubFor).
func (g Seats) substitutes(tx *store.Tx, found []Seat, named []store.Header) ([]Seat, error) {
	for _, h := range named {
		rec, err := tx.Battle(h.GuildID, h.ID)
		if err != nil {
			return found, err
		}
		for _, sub := range rec.People.Subs {
			if sub.By != g.user || !sub.Covers(rec.Turn) {
				continue
			}
			if cur, _ := rec.People.SubFor(sub.Side, sub.For, rec.Turn); cur.By != g.user {
				continue // a later seating took his place
			}
			found = slices.DeleteFunc(found, func(s Seat) bool { return s.Battle.ID == h.ID && s.Side == sub.Side })
			sub := sub
			found = append(found, Seat{Battle: store.BattleRecord{ID: h.ID, GuildID: h.GuildID}, Side: sub.Side, Plays: sub.For, Sub: &sub})
			break
		}
	}
	return found, nil
}

// people are the seat's side's players as the record read with the seat
// holds them.
func (seat Seat) people() store.SidePeople { return seat.Battle.People.Sides[seat.Side&1] }

// Commands says whether the seat commands its side: it rolls, allots the
// orders among the wings, orders the units no wing holds and may say the
// side is ready for all. A side with no commander named is commanded by
// any of its players, as before wings; a substitute for the whole side
// commands it.
func (seat Seat) Commands() bool {
	c := seat.people().Commander
	return c == "" || seat.Sub != nil && seat.Sub.For == "" || seat.Plays != "" && seat.Plays == c
}

// Wing is the wing the seat holds, if its side's units are given out.
func (seat Seat) Wing() (store.Wing, bool) {
	if seat.Plays == "" {
		return store.Wing{}, false
	}
	return seat.people().WingOf(seat.Plays)
}

// MayOrder says whether the seat may give orders to a unit: any unit on a
// side with no wings, else its own wing's units, and the commander those
// no wing holds. A whole-side substitute orders every unit.
func (seat Seat) MayOrder(unit string) bool {
	sp := seat.people()
	if !sp.HasWings() || seat.Sub != nil && seat.Sub.For == "" {
		return true
	}
	holder := sp.Holder(unit)
	if holder == "" {
		return seat.Commands()
	}
	return seat.Plays != "" && holder == seat.Plays
}

// OrderSubject is the unit an order is given to, "" for an order of the
// whole side (army-wide orders, shinobi, banners, declarations), which is
// the commander's.
func OrderSubject(o engine.Order) string { return o.Unit }

// WingKey is the wing the seat's own orders count in and its Ready
// marks: the player's own wing, else the commander's (the units no wing
// holds and the whole side's orders; "" names it when no commander is
// named).
func (seat Seat) WingKey() string {
	if w, ok := seat.Wing(); ok {
		return w.Player
	}
	return seat.people().Commander
}

// ReadiesAll says whether the seat's Ready is the whole side's: a side
// with no wings, or a substitute for the whole side.
func (seat Seat) ReadiesAll() bool {
	return !seat.people().HasWings() || seat.Sub != nil && seat.Sub.For == ""
}

// OrderWing is the wing an order counts in: its unit's holder, else the
// commander's (an order of the whole side, a unit no wing holds).
func OrderWing(sp store.SidePeople, o engine.Order) string {
	if u := OrderSubject(o); u != "" {
		if h := sp.Holder(u); h != "" {
			return h
		}
	}
	return sp.Commander
}

// MayGive says whether the seat may give (or cancel) an order: its unit
// is one it may order, and an order of the whole side is the
// commander's.
func (seat Seat) MayGive(o engine.Order) bool {
	if u := OrderSubject(o); u != "" {
		return seat.MayOrder(u)
	}
	return seat.Commands()
}

// sheetSeat is the seat a sheet's holder sits in, as its record names
// him now: his own, or the one he holds as a substitute this turn.
func sheetSeat(rec *store.BattleRecord, sh store.Sheet) Seat {
	seat := Seat{Battle: *rec, Side: sh.Side, Plays: sh.User}
	for _, sub := range rec.People.Subs {
		if sub.By != sh.User || sub.Side != sh.Side || !sub.Covers(rec.Turn) {
			continue
		}
		if cur, _ := rec.People.SubFor(sub.Side, sub.For, rec.Turn); cur.By == sh.User {
			sub := sub
			seat.Plays, seat.Sub = sub.For, &sub
		}
	}
	return seat
}
