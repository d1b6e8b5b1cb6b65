package game

import (
	"slices"

	"github.com/gunbai/gunbai/engine"
	"github.com/gunbai/gunbai/store"
)

// Wings (issue 29, item 1): a side's units given to players of its clan.
// Each wing orders its own units within its share of the side's command
// roll; the commander rolls, allots the shares, orders the units no wing
// holds and the whole side's orders, and may say the side is ready for
// all. Who may order what is people.go's; this is what follows from it:
// the shares, the checks of an order, and readiness.

// Allotment is the share of a side's roll each wing may spend, in the
// order of the wings (wingKeys): the shares the commander set (set) are
// kept, and the rest of granted is split among the other wings in
// proportion to the units each holds (units: the side's units still on
// the field), rounded down, the remainder to the commander's wing (or,
// when his share is set, to the first wing not set). Each class of
// orders is split on its own. Pure: the same people, units and roll give
// the same shares.
func Allotment(sp store.SidePeople, units []string, granted engine.Allowance, set []store.Allotment) []store.Allotment {
	keys := wingKeys(sp, units)
	count := map[string]int{}
	for _, u := range units {
		count[OrderWing(sp, engine.Order{Unit: u})]++
	}
	out := make([]store.Allotment, len(keys))
	var free []int // indexes of the wings the commander set no share for
	used := engine.Allowance{}
	for i, k := range keys {
		out[i].Player = k
		if j := slices.IndexFunc(set, func(a store.Allotment) bool { return a.Player == k }); j >= 0 {
			out[i].Ordinary, out[i].Special = set[j].Ordinary, set[j].Special
			used.Ordinary += set[j].Ordinary
			used.Special += set[j].Special
		} else {
			free = append(free, i)
		}
	}
	if len(free) == 0 {
		return out
	}
	held := 0
	for _, i := range free {
		held += count[keys[i]]
	}
	split := func(rest int, put func(i, n int)) {
		rest = max(rest, 0)
		left := rest
		for _, i := range free {
			n := 0
			if held > 0 {
				n = rest * count[keys[i]] / held
			}
			put(i, n)
			left -= n
		}
		put(free[0], left) // free[0] is the commander's wing when his share is not set
	}
	split(granted.Ordinary-used.Ordinary, func(i, n int) { out[i].Ordinary += n })
	split(granted.Special-used.Special, func(i, n int) { out[i].Special += n })
	return out
}

// wingKeys are a side's wings with wings given out, the commander's
// first: his (sp.Commander, "" when none is named) when he is named or
// some unit is no wing's, then each wing's player, sorted. A side with
// no wings has none.
func wingKeys(sp store.SidePeople, units []string) []string {
	if !sp.HasWings() {
		return nil
	}
	var out []string
	if sp.Commander != "" || slices.ContainsFunc(units, func(u string) bool { return sp.Holder(u) == "" }) {
		out = append(out, sp.Commander)
	}
	for _, w := range sp.Wings {
		if !slices.Contains(out, w.Player) {
			out = append(out, w.Player)
		}
	}
	return out
}

// sideUnits are the IDs of a side's units still on the field, in the
// battle's order.
func sideUnits(b engine.Battle, side engine.Side) []string {
	var out []string
	for i := range b.Units {
		if u := &b.Units[i]; u.Side == side && u.Active() {
			out = append(out, u.ID)
		}
	}
	return out
}

// shares are the wings' shares of a side's final roll this turn; nil for
// a side with no wings.
func shares(rec *store.BattleRecord, side engine.Side, ph store.CommandPhase, roll engine.CommandResult) []store.Allotment {
	sp := rec.People.Sides[side&1]
	if !sp.HasWings() {
		return nil
	}
	return Allotment(sp, sideUnits(rec.State, side), engine.Allowance{Ordinary: roll.Ordinary, Special: roll.Special}, ph.Allotted[side&1])
}

// shareOf is a wing's share as a roll the engine's budget counts against.
func shareOf(all []store.Allotment, key string, roll engine.CommandResult) engine.CommandResult {
	roll.Ordinary, roll.Special = 0, 0
	if i := slices.IndexFunc(all, func(a store.Allotment) bool { return a.Player == key }); i >= 0 {
		roll.Ordinary, roll.Special = all[i].Ordinary, all[i].Special
	}
	return roll
}

// wingOrders are the orders of a side that count in one wing.
func wingOrders(sp store.SidePeople, orders []engine.Order, key string) []engine.Order {
	var out []engine.Order
	for _, o := range orders {
		if OrderWing(sp, o) == key {
			out = append(out, o)
		}
	}
	return out
}

// playerName names a player of a side: as Discord showed him when given
// his wing or command, else as a mention.
func playerName(sp store.SidePeople, player string) string {
	if player == sp.Commander && sp.CommanderName != "" {
		return sp.CommanderName
	}
	if w, ok := sp.WingOf(player); ok && w.Name != "" {
		return w.Name
	}
	if player == "" {
		return "—"
	}
	return "<@" + player + ">"
}

// mayGive refuses an order (given or cancelled) that is not the seat's:
// another wing's unit, or the whole side's order from a wing's player
// (a banner is raised in a unit: the order is its wing's).
func mayGive(rec *store.BattleRecord, seat Seat, o engine.Order) error {
	seat.Battle.People = rec.People // as the transaction reads it
	if seat.MayGive(o) {
		return nil
	}
	sp := rec.People.Sides[seat.Side&1]
	if u := OrderSubject(o); u != "" {
		if h := sp.Holder(u); h != "" {
			return refuse("err.wing_not_yours", u, playerName(sp, h))
		}
		return refuse("err.wing_commanders_unit", u, playerName(sp, sp.Commander))
	}
	return refuse("err.wing_side_order", playerName(sp, sp.Commander))
}

// wingBudget refuses orders of a side (as they would stand) that spend
// more than the share of the wing the order o counts in.
func wingBudget(tx *store.Tx, rec *store.BattleRecord, side engine.Side, o engine.Order, orders []engine.Order, roll engine.CommandResult) error {
	sp := rec.People.Sides[side&1]
	if !sp.HasWings() {
		return nil
	}
	ph, err := tx.BattleTurn(rec.GuildID, rec.ID, rec.Turn).Phase()
	if err != nil {
		return err
	}
	key := OrderWing(sp, o)
	share := shareOf(shares(rec, side, ph, roll), key, roll)
	if p := engine.CheckBudget(rec.State, side, rec.Turn, wingOrders(sp, orders, key), share); p != nil {
		if p.Code == engine.ProbOverBudget {
			return refuse("err.wing_over_share", playerName(sp, key), share.Ordinary, share.Special)
		}
		return broken(p)
	}
	return nil
}

// unreadyWings takes back "ready" from the wings whose orders changed,
// and from their side; changing orders reopens them.
func unreadyWings(tx *store.Tx, rec *store.BattleRecord, side engine.Side, changed []engine.Order) error {
	sp := rec.People.Sides[side&1]
	if !sp.HasWings() {
		_, err := unready(tx, rec, side)
		return err
	}
	ph, err := tx.BattleTurn(rec.GuildID, rec.ID, rec.Turn).Phase()
	if err != nil {
		return err
	}
	was := ph.Ready[side]
	before := len(ph.WingsReady[side&1])
	ph.WingsReady[side&1] = slices.DeleteFunc(slices.Clone(ph.WingsReady[side&1]), func(k string) bool {
		return slices.ContainsFunc(changed, func(o engine.Order) bool { return OrderWing(sp, o) == k })
	})
	ph.Ready[side] = false
	if !was && len(ph.WingsReady[side&1]) == before {
		return nil
	}
	if err := tx.BattleTurn(rec.GuildID, rec.ID, rec.Turn).PutPhase(ph); err != nil {
		return err
	}
	if was {
		return refreshStatus(tx, rec) // the status shows who is ready
	}
	return nil
}

// readyWing marks the seat's wing ready. It reports whether the side is
// now to be marked ready: every wing is ready, or the seat's Ready is the
// whole side's (no wings; a substitute for it; the commander's "ready for
// all"); and whether it marked the wing (not ready before). Only the
// commander says ready for all.
func readyWing(tx *store.Tx, rec *store.BattleRecord, seat Seat, ph *store.CommandPhase, forAll bool) (all, marked bool, err error) {
	seat.Battle.People = rec.People
	sp := rec.People.Sides[seat.Side&1]
	if forAll && !seat.Commands() {
		return false, false, refuse("err.wing_ready_all", playerName(sp, sp.Commander))
	}
	if forAll || seat.ReadiesAll() {
		return true, true, nil
	}
	key := seat.WingKey()
	if !slices.Contains(ph.WingsReady[seat.Side&1], key) {
		ph.WingsReady[seat.Side&1] = append(slices.Clone(ph.WingsReady[seat.Side&1]), key)
		slices.Sort(ph.WingsReady[seat.Side&1])
		marked = true
	}
	for _, k := range wingKeys(sp, sideUnits(rec.State, seat.Side)) {
		if !slices.Contains(ph.WingsReady[seat.Side&1], k) {
			if !marked {
				return false, false, nil
			}
			return false, true, tx.BattleTurn(rec.GuildID, rec.ID, rec.Turn).PutPhase(*ph)
		}
	}
	return true, marked, nil
}

// WingState is one wing as its side's sheets and /clan wings show it.
type WingState struct {
	Player, Name string
	Commander    bool     // the commander's wing (his units and the side's orders)
	Units        []string // the units it holds on the field
	Share        *store.Allotment
	Explicit     bool // the commander set its share (else the default split)
	Ready        bool
}

// WingsState is a side's wings this turn; nil Wings for a side with none.
type WingsState struct {
	Commander, CommanderName string
	Wings                    []WingState
}

// wingsState is a side's wings as they stand this turn; roll nil when
// the side has not rolled.
func wingsState(rec *store.BattleRecord, side engine.Side, ph store.CommandPhase, roll *store.CommandRoll) WingsState {
	sp := rec.People.Sides[side&1]
	out := WingsState{Commander: sp.Commander, CommanderName: sp.CommanderName}
	units := sideUnits(rec.State, side)
	var all []store.Allotment
	if roll != nil && roll.Final {
		all = shares(rec, side, ph, roll.Result)
	}
	for _, k := range wingKeys(sp, units) {
		w := WingState{Player: k, Name: playerName(sp, k), Commander: k == sp.Commander,
			Ready: ph.Ready[side] || slices.Contains(ph.WingsReady[side&1], k)}
		for _, u := range units {
			if OrderWing(sp, engine.Order{Unit: u}) == k {
				w.Units = append(w.Units, u)
			}
		}
		if i := slices.IndexFunc(all, func(a store.Allotment) bool { return a.Player == k }); i >= 0 {
			w.Share = &all[i]
		}
		w.Explicit = slices.ContainsFunc(ph.Allotted[side&1], func(a store.Allotment) bool { return a.Player == k })
		out.Wings = append(out.Wings, w)
	}
	return out
}

// mayRoll refuses the command roll to a seat that does not command its
// side: a wing's player waits for his commander's.
func mayRoll(rec *store.BattleRecord, seat Seat) error {
	seat.Battle.People = rec.People
	if seat.Commands() {
		return nil
	}
	sp := rec.People.Sides[seat.Side&1]
	return refuse("err.wing_roll_commander", playerName(sp, sp.Commander))
}

// wingLeft is the allowance the share of the wing an order counts in
// leaves before and after it; false for a side with no wings.
func wingLeft(tx *store.Tx, rec *store.BattleRecord, side engine.Side, o engine.Order, before, after []engine.Order, roll engine.CommandResult) (b, a engine.Allowance, ok bool, err error) {
	sp := rec.People.Sides[side&1]
	if !sp.HasWings() {
		return b, a, false, nil
	}
	ph, err := tx.BattleTurn(rec.GuildID, rec.ID, rec.Turn).Phase()
	if err != nil {
		return b, a, false, err
	}
	key := OrderWing(sp, o)
	share := shareOf(shares(rec, side, ph, roll), key, roll)
	b, _ = engine.AllowanceLeft(rec.State, side, rec.Turn, wingOrders(sp, before, key), share)
	a, _ = engine.AllowanceLeft(rec.State, side, rec.Turn, wingOrders(sp, after, key), share)
	return b, a, true, nil
}
