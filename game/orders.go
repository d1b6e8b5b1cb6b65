package game

import (
	"errors"
	"reflect"
	"slices"

	"github.com/gunbai/gunbai/engine"
	"github.com/gunbai/gunbai/store"
)

// SideOrders is one side's command roll and orders of the current turn.
type SideOrders struct {
	Turn    int
	Command *store.CommandRoll // nil: not rolled yet
	Orders  []engine.Order
}

func sideOrders(tx *store.Tx, rec *store.BattleRecord, side engine.Side) (SideOrders, error) {
	out := SideOrders{Turn: rec.Turn}
	c, err := tx.BattleTurn(rec.GuildID, rec.ID, rec.Turn).Command(side)
	switch {
	case err == nil:
		out.Command = &c
	case !errors.Is(err, store.ErrNotFound):
		return out, err
	}
	o, err := tx.BattleTurn(rec.GuildID, rec.ID, rec.Turn).Orders(side)
	switch {
	case err == nil:
		out.Orders = o
	case !errors.Is(err, store.ErrNotFound):
		return out, err
	}
	return out, nil
}

// Orders shows a side its own roll and orders.
func (s *Service) Orders(seat Seat) (SideOrders, error) {
	var out SideOrders
	err := s.Store.View(func(tx *store.Tx) error {
		rec, err := tx.Battle(seat.Battle.GuildID, seat.Battle.ID)
		if err != nil {
			return err
		}
		out, err = sideOrders(tx, &rec, seat.Side)
		return err
	})
	return out, err
}

// unready takes back a side's "ready": changing its orders reopens them.
func unready(tx *store.Tx, rec *store.BattleRecord, side engine.Side) (store.CommandPhase, error) {
	ph, err := tx.BattleTurn(rec.GuildID, rec.ID, rec.Turn).Phase()
	if err != nil || !ph.Ready[side] {
		return ph, err
	}
	ph.Ready[side] = false
	if err := tx.BattleTurn(rec.GuildID, rec.ID, rec.Turn).PutPhase(ph); err != nil {
		return ph, err
	}
	return ph, refreshStatus(tx, rec) // the status shows who is ready
}

// Given is what one order did: the side's orders now, the order as
// stored, the orders it took the place of, and the allowance of the roll
// before and after it.
type Given struct {
	SideOrders
	Order         engine.Order
	Replaced      []engine.Order
	Before, After engine.Allowance
}

// Order accepts (or replaces) one order of a side for the current turn.
// It is checked at once against the rules and the command roll, so a
// player learns immediately why an order is illegal; nothing is stored then.
func (s *Service) Order(seat Seat, o engine.Order) (Given, error) {
	var out Given
	// Re-sent, it is the same order only while the side still has it.
	still := func(tx *store.Tx, rec *store.BattleRecord) (bool, error) {
		so, err := sideOrders(tx, rec, seat.Side)
		given := o
		given.Side, given.Turn = seat.Side, 0
		return slices.ContainsFunc(so.Orders, func(x engine.Order) bool { return reflect.DeepEqual(x, given) }), err
	}
	err := s.inCommandOnce(seat, still, func(tx *store.Tx, rec *store.BattleRecord) error {
		var err error
		out, err = giveOrder(tx, rec, seat, o)
		return err
	})
	return out, err
}

// giveOrder is Order within a transaction.
func giveOrder(tx *store.Tx, rec *store.BattleRecord, seat Seat, o engine.Order) (Given, error) {
	so, err := sideOrders(tx, rec, seat.Side)
	out := Given{SideOrders: so}
	if err != nil {
		return out, err
	}
	if out.Command == nil || !out.Command.Final {
		return out, refuse("err.roll_first")
	}
	ph, err := tx.BattleTurn(rec.GuildID, rec.ID, rec.Turn).Phase()
	if err != nil {
		return out, err
	}
	if ph.Round > 0 && o.Kind.FixedAtPlanChange() {
		return out, refuse("err.plan_change_fixed") // D-29, D-30: missions and banners stay
	}
	o.Side, o.Turn = seat.Side, 0
	if err := mayGive(rec, seat, o); err != nil {
		return out, err // another wing's unit (issue 29)
	}
	// An order replaces the one it takes the place of: a unit's order
	// for the same phase, the army-wide order, a leader's move.
	var orders []engine.Order
	for _, x := range out.Orders {
		if Replaces(o, x) {
			out.Replaced = append(out.Replaced, x)
		} else {
			orders = append(orders, x)
		}
	}
	orders = append(orders, o)
	if err := broken(engine.Validate(rec.State, seat.Side, rec.Turn, orders)...); err != nil {
		return out, err
	}
	if err := broken(engine.CheckBudget(rec.State, seat.Side, rec.Turn, orders, out.Command.Result)); err != nil {
		return out, err
	}
	if err := wingBudget(tx, rec, seat.Side, o, orders, out.Command.Result); err != nil {
		return out, err
	}
	out.Before, _ = engine.AllowanceLeft(rec.State, seat.Side, rec.Turn, out.Orders, out.Command.Result)
	out.After, _ = engine.AllowanceLeft(rec.State, seat.Side, rec.Turn, orders, out.Command.Result)
	if b, a, ok, err := wingLeft(tx, rec, seat.Side, o, out.Orders, orders, out.Command.Result); err != nil {
		return out, err
	} else if ok { // a wing's player is told what his share leaves
		out.Before, out.After = b, a
	}
	if err := unreadyWings(tx, rec, seat.Side, append(slices.Clone(out.Replaced), o)); err != nil {
		return out, err
	}
	out.Orders, out.Order = orders, o
	if err := tx.BattleTurn(rec.GuildID, rec.ID, rec.Turn).PutOrders(seat.Side, orders); err != nil {
		return out, err
	}
	ch := store.Change{Action: store.ChangeGiven, Order: &o}
	if len(out.Replaced) > 0 {
		ch.Action, ch.Old = store.ChangeReplaced, &out.Replaced[0]
	}
	if err := changed(tx, rec, seat, ch); err != nil {
		return out, err
	}
	_, err = owe(tx, receipt(rec, seat, orders)...)
	return out, err
}

// receipt is the copy of his side's orders a player gets by DM: ephemeral
// answers vanish, the player keeps this one.
func receipt(rec *store.BattleRecord, seat Seat, orders []engine.Order) []store.Post {
	if seat.Player == nil || seat.Player.User == "" || seat.Player.OnSheet {
		return nil // his sheet shows them
	}
	p := post(rec, "", PostReceipt, Receipt{Battle: rec.Name, Turn: rec.Turn, Orders: orders})
	p.Channel, p.Audience, p.User, p.Lang, p.Reply = "", store.SideAudience(seat.Side), seat.Player.User, seat.Player.Lang, seat.Player.Reply
	return []store.Post{p}
}

// Replaces reports whether a new order o takes the place of an order x the
// side gave before, as the engine's order table says (engine.Order.Replaces).
func Replaces(o, x engine.Order) bool { return o.Replaces(x) }

// Cancel removes a side's order for a unit and phase.
func (s *Service) Cancel(seat Seat, unit string, phase int) (SideOrders, error) {
	var out SideOrders
	match := func(x engine.Order) bool { return x.Unit == unit && x.Phase == phase }
	// Re-sent, it is the same cancel only while the unit still has no
	// order for the phase (not given again since, by the sheet or an ally).
	still := func(tx *store.Tx, rec *store.BattleRecord) (bool, error) {
		so, err := sideOrders(tx, rec, seat.Side)
		return !slices.ContainsFunc(so.Orders, match), err
	}
	err := s.inCommandOnce(seat, still, func(tx *store.Tx, rec *store.BattleRecord) error {
		var err error
		out, err = cancelOrder(tx, rec, seat, match)
		if errors.Is(err, errNoSuchOrder) {
			return refuse("err.no_such_order", unit, phase)
		}
		return err
	})
	return out, err
}

var errNoSuchOrder = errors.New("no such order")

// cancelOrder removes the side's orders that match, within a transaction.
func cancelOrder(tx *store.Tx, rec *store.BattleRecord, seat Seat, match func(engine.Order) bool) (SideOrders, error) {
	out, err := sideOrders(tx, rec, seat.Side)
	if err != nil {
		return out, err
	}
	var gone []engine.Order
	out.Orders = slices.DeleteFunc(out.Orders, func(x engine.Order) bool {
		if match(x) {
			gone = append(gone, x)
			return true
		}
		return false
	})
	if len(gone) == 0 {
		return out, errNoSuchOrder
	}
	for _, x := range gone {
		if err := mayGive(rec, seat, x); err != nil {
			return out, err // another wing's order (issue 29)
		}
	}
	// Removing a phase-1 order leaves a phase-2 order alone (R-VI.1.2).
	if err := broken(engine.Validate(rec.State, seat.Side, rec.Turn, out.Orders)...); err != nil {
		return out, err
	}
	if err := unreadyWings(tx, rec, seat.Side, gone); err != nil {
		return out, err
	}
	if err := tx.BattleTurn(rec.GuildID, rec.ID, rec.Turn).PutOrders(seat.Side, out.Orders); err != nil {
		return out, err
	}
	for i := range gone {
		if err := changed(tx, rec, seat, store.Change{Action: store.ChangeCancelled, Order: &gone[i]}); err != nil {
			return out, err
		}
	}
	return out, nil
}

// SetSpare records a side's standing choice to spare the enemy duellists
// its characters "kill" (R-VIII.6.5, D-59); it holds until changed.
func (s *Service) SetSpare(seat Seat, spare bool) error {
	return s.inCommand(seat, func(tx *store.Tx, rec *store.BattleRecord) error {
		rec.State.Spare[seat.Side] = spare
		return tx.PutBattle(*rec)
	})
}

// SaveAmmo gives or takes back a shooter's Save ammo! instruction in a
// command phase, which only save_ammo.changeable=true allows (D-44); at
// deployment it is given with Deploy.
func (s *Service) SaveAmmo(seat Seat, unit string, on bool) error {
	return s.inCommand(seat, func(tx *store.Tx, rec *store.BattleRecord) error {
		nb, prob := engine.SetSaveAmmo(rec.State, seat.Side, unit, on, false)
		if prob != nil {
			return broken(prob)
		}
		rec.State = nb
		return tx.PutBattle(*rec)
	})
}
