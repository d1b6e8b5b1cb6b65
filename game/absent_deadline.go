package game

import (
	"crypto/sha256"
	"encoding/binary"
	"slices"

	"github.com/gunbai/gunbai/ai"
	"github.com/gunbai/gunbai/engine"
	"github.com/gunbai/gunbai/store"
)

// absentSeat is a seat that gave no orders by the deadline: the player
// whose wing it is ("" for a side without wings), his units, and whether
// it commands the side (its army-wide orders are then its to give).
type absentSeat struct {
	player, name string
	units        []string
	whole        bool
}

// absentSeats are the seats of side that gave no orders for their units
// (orders, the side's orders as they stand) and did not say ready: the
// whole side when it has no wings, else each wing, and the commander for
// the units no wing holds.
func absentSeats(rec *store.BattleRecord, side engine.Side, orders []engine.Order, ph store.CommandPhase) []absentSeat {
	var own []string
	for _, u := range rec.State.Units {
		if u.Side == side && u.Active() {
			own = append(own, u.ID)
		}
	}
	slices.Sort(own)
	sp := rec.People.Sides[side]
	if !sp.HasWings() {
		if len(orders) > 0 {
			return nil
		}
		return []absentSeat{{units: own, whole: true}}
	}
	// The units no wing holds are the commander's, and so are the side's
	// orders of no unit.
	holder := func(unit string) string {
		if h := sp.Holder(unit); h != "" && unit != "" {
			return h
		}
		return sp.Commander
	}
	ordered := func(player string) bool {
		return slices.ContainsFunc(orders, func(o engine.Order) bool { return holder(o.Unit) == player })
	}
	var out []absentSeat
	seat := func(player, name string, whole bool) {
		units := slices.DeleteFunc(slices.Clone(own), func(u string) bool { return holder(u) != player })
		if slices.Contains(ph.WingsReady[side], player) || ordered(player) || len(units) == 0 && !whole {
			return
		}
		out = append(out, absentSeat{player: player, name: name, units: units, whole: whole})
	}
	seat(sp.Commander, sp.CommanderName, true)
	for _, w := range sp.Wings {
		if w.Player != sp.Commander {
			seat(w.Player, w.Name, false)
		}
	}
	return out
}

// giveAbsentOrders gives, as a turn is resolved by its deadline, each
// absent seat its orders by the battle's setting battle.absent (nothing
// under hold): a side not yet rolled has its command roll made with
// AbsentStake (a roll left open is taken as it stands), and what was given
// for whom is kept in the phase (CommandPhase.Absent), for the turn's log
// and the status.
func giveAbsentOrders(tx *store.Tx, rec *store.BattleRecord) error {
	how := rec.Absent
	if how != store.AbsentStanding && how != store.AbsentAutopilot {
		return nil
	}
	bt := tx.BattleTurn(rec.GuildID, rec.ID, rec.Turn)
	ph, err := bt.Phase()
	if err != nil {
		return err
	}
	seed, err := bt.Seed()
	if err != nil {
		return err
	}
	for _, side := range sides {
		if ph.Ready[side] {
			continue
		}
		so, err := sideOrders(tx, rec, side)
		if err != nil {
			return err
		}
		seats := absentSeats(rec, side, so.Orders, ph)
		if len(seats) == 0 {
			continue
		}
		rolled := so.Command == nil || !so.Command.Final
		if rolled {
			c, err := absentRoll(tx, rec, side, so.Command)
			if err != nil {
				return err
			}
			so.Command = &c
		}
		orders := slices.Clone(so.Orders)
		var ghosts []engine.Ghost // the side's memory, for the general (issue 30)
		if how == store.AbsentAutopilot {
			if ghosts, err = lastSeen(tx, rec, side, rec.Turn, rec.State); err != nil {
				return err
			}
		}
		for i, st := range seats {
			var add []engine.Order
			if how == store.AbsentAutopilot {
				var intents []store.AIIntent
				add, intents = autopilotPlan(ai.SeenBy(rec.State, side, ghosts), rec.Turn, orders, so.Command.Result, st.units, st.whole,
					autopilotSeed(seed.Value, side, st.player))
				autopilotPlans(&ph, side, so.Command.Stake, intents)
			} else {
				add = AbsentSeatOrders(rec.State, side, rec.Turn, orders, so.Command.Result, how, st.units, st.whole,
					rec.Standing[side], 0)
			}
			orders = append(orders, add...)
			ph.Absent[side] = append(ph.Absent[side], store.AbsentSeat{Player: st.player, Name: st.name, By: how,
				Orders: add, Rolled: rolled && i == 0})
		}
		if err := bt.PutOrders(side, orders); err != nil {
			return err
		}
	}
	return bt.PutPhase(ph)
}

// absentRoll is the command roll made for an absent side: with
// AbsentStake, or the roll it left open taken as it stands.
func absentRoll(tx *store.Tx, rec *store.BattleRecord, side engine.Side, open *store.CommandRoll) (store.CommandRoll, error) {
	var c store.CommandRoll
	if open != nil {
		c = *open
	} else {
		var err error
		if c, err = roll(tx, rec, side, AbsentStake, nil, 0); err != nil {
			return c, err
		}
	}
	c.Final = true
	return c, putRoll(tx, rec, side, c)
}

// autopilotSeed is the autopilot's random source for one seat and turn:
// from the turn's secret seed (revealed with the turn, so the orders can
// be checked; unknown before, so the enemy cannot foresee them), never a
// clock.
func autopilotSeed(turnSeed []byte, side engine.Side, player string) uint64 {
	h := sha256.New()
	h.Write(turnSeed)
	h.Write([]byte("autopilot/" + side.String() + "/" + player))
	return binary.BigEndian.Uint64(h.Sum(nil))
}

// absentOf is the last resolved turn of rec and its absent seats as
// audience may know of them: a clan its own side's, the GM both.
func absentOf(tx *store.Tx, rec *store.BattleRecord, audience store.Audience) (int, [2][]store.AbsentSeat, error) {
	var out [2][]store.AbsentSeat
	last := rec.State.Turn
	if last < 1 {
		return 0, out, nil
	}
	ph, err := tx.BattleTurn(rec.GuildID, rec.ID, last).Phase()
	if err != nil {
		return last, out, err
	}
	mine, clan := audience.Side()
	for _, side := range sides {
		if audience == store.AudienceGM || clan && side == mine { // the spectators: nothing
			out[side] = ph.Absent[side]
		}
	}
	return last, out, nil
}
