package game

import (
	"errors"
	"slices"
	"strings"

	"github.com/gunbai/gunbai/engine"
	"github.com/gunbai/gunbai/store"
)

// The commands on a side's wings (/clan assign, commander, allot, wings):
// the GM or the side's commander gives its units to players, names its
// commander and allots the turn's roll. Each change is told to the
// clan's own channel only.

// Wings is the service's commands on a side's wings (Service.Wings).
type Wings struct{ s *Service }

// Wings is the commands on wings of s.
func (s *Service) Wings() Wings { return Wings{s} }

// WingsBy is who acts on a side's wings: the GM, or a player of the side
// (his seat, found with Seats.Of). Seat names the battle and side.
type WingsBy struct {
	Seat Seat
	GM   bool
}

// inWings runs fn on the battle of by, refusing a player who does not
// command the side (any of its players while none is named, as before
// wings) and a battle over.
func (s *Service) inWings(by WingsBy, fn func(tx *store.Tx, rec *store.BattleRecord) error) error {
	// Re-sent after a lost answer, a change is recognised (Service.once).
	return s.inBattle(by.Seat.Battle.GuildID, by.Seat.Battle.ID, s.once(nil, func(tx *store.Tx, rec *store.BattleRecord) error {
		if rec.Status == store.StatusFinished {
			return refuse("err.wing_over", rec.Name)
		}
		if !by.GM {
			seat := by.Seat
			seat.Battle.People = rec.People
			sp := rec.People.Sides[seat.Side&1]
			if seat.Watcher || !seat.Commands() {
				return refuse("err.wing_commander_only", playerName(sp, sp.Commander))
			}
		}
		return fn(tx, rec)
	}))
}

// wingsChanged tells the side's clan what changed and shows its sheets
// again; a change of who holds what takes back the side's "ready" and its
// wings', as their orders now count elsewhere.
func wingsChanged(tx *store.Tx, rec *store.BattleRecord, side engine.Side, unready bool, key string, args ...any) error {
	if _, err := owe(tx, text(rec, []store.Audience{store.SideAudience(side)}, key, args...)...); err != nil {
		return err
	}
	if rec.Status != store.StatusCommand {
		return nil
	}
	if unready {
		ph, err := tx.BattleTurn(rec.GuildID, rec.ID, rec.Turn).Phase()
		if err != nil {
			return err
		}
		if ph.Ready[side] || len(ph.WingsReady[side&1]) > 0 {
			was := ph.Ready[side]
			ph.Ready[side], ph.WingsReady[side&1] = false, nil
			if err := tx.BattleTurn(rec.GuildID, rec.ID, rec.Turn).PutPhase(ph); err != nil {
				return err
			}
			if was {
				if err := refreshStatus(tx, rec); err != nil {
					return err
				}
			}
		}
	}
	return refreshSheets(tx, rec, side, rec.Turn)
}

// Assign gives units of the side to a player's wing (name: as Discord
// shows him), taking them from any other wing; a wing left with none is
// gone.
func (g Wings) Assign(by WingsBy, player, name string, units []string) (WingsState, error) {
	var out WingsState
	side := by.Seat.Side
	err := g.s.inWings(by, func(tx *store.Tx, rec *store.BattleRecord) error {
		if len(units) == 0 {
			return refuse("err.wing_no_units")
		}
		for _, u := range units {
			if x := rec.State.Unit(u); x == nil || x.Side != side {
				return refuse("err.wing_unknown_unit", u)
			}
		}
		rec.People.Sides[side&1] = assigned(rec.People.Sides[side&1], player, name, units)
		if err := tx.PutBattle(*rec); err != nil {
			return err
		}
		if err := wingsChanged(tx, rec, side, true, "wings.told_assign", name, strings.Join(units, ", ")); err != nil {
			return err
		}
		var err error
		out, err = wingsNow(tx, rec, side)
		return err
	})
	return out, err
}

// assigned is a side's people with units given to player's wing.
func assigned(sp store.SidePeople, player, name string, units []string) store.SidePeople {
	var wings []store.Wing
	found := false
	for _, w := range sp.Wings {
		w.Units = slices.DeleteFunc(slices.Clone(w.Units), func(u string) bool { return slices.Contains(units, u) })
		if w.Player == player {
			found = true
			w.Units = append(w.Units, units...)
			if name != "" {
				w.Name = name
			}
		}
		if len(w.Units) > 0 {
			slices.Sort(w.Units)
			w.Units = slices.Compact(w.Units)
			wings = append(wings, w)
		}
	}
	if !found {
		w := store.Wing{Player: player, Name: name, Units: slices.Clone(units)}
		slices.Sort(w.Units)
		w.Units = slices.Compact(w.Units)
		wings = append(wings, w)
	}
	slices.SortFunc(wings, func(a, b store.Wing) int { return strings.Compare(a.Player, b.Player) })
	sp.Wings = wings
	return sp
}

// SetCommander names the side's commander: he rolls, allots, orders the
// units no wing holds and may say the side is ready for all.
func (g Wings) SetCommander(by WingsBy, player, name string) (WingsState, error) {
	var out WingsState
	side := by.Seat.Side
	err := g.s.inWings(by, func(tx *store.Tx, rec *store.BattleRecord) error {
		sp := &rec.People.Sides[side&1]
		sp.Commander, sp.CommanderName = player, name
		if err := tx.PutBattle(*rec); err != nil {
			return err
		}
		if err := wingsChanged(tx, rec, side, true, "wings.told_commander", name); err != nil {
			return err
		}
		var err error
		out, err = wingsNow(tx, rec, side)
		return err
	})
	return out, err
}

// Allot sets a wing's share of this turn's roll (the rest is split by
// default, Allotment). The shares set may not add up to more than the
// roll, nor leave a wing with orders beyond its share.
func (g Wings) Allot(by WingsBy, player string, ordinary, special int) (WingsState, error) {
	var out WingsState
	side := by.Seat.Side
	err := g.s.inWings(by, func(tx *store.Tx, rec *store.BattleRecord) error {
		if rec.Status != store.StatusCommand {
			return refuse("err.not_command", rec.Name)
		}
		so, err := sideOrders(tx, rec, side)
		if err != nil {
			return err
		}
		if so.Command == nil || !so.Command.Final {
			return refuse("err.wing_allot_roll")
		}
		sp := rec.People.Sides[side&1]
		if !slices.Contains(wingKeys(sp, sideUnits(rec.State, side)), player) {
			return refuse("err.wing_not_player", playerName(sp, player))
		}
		ph, err := tx.BattleTurn(rec.GuildID, rec.ID, rec.Turn).Phase()
		if err != nil {
			return err
		}
		set := slices.DeleteFunc(slices.Clone(ph.Allotted[side&1]), func(a store.Allotment) bool { return a.Player == player })
		set = append(set, store.Allotment{Player: player, Ordinary: ordinary, Special: special})
		slices.SortFunc(set, func(a, b store.Allotment) int { return strings.Compare(a.Player, b.Player) })
		if err := allotFits(rec, side, sp, set, so); err != nil {
			return err
		}
		ph.Allotted[side&1] = set
		if err := tx.BattleTurn(rec.GuildID, rec.ID, rec.Turn).PutPhase(ph); err != nil {
			return err
		}
		if err := wingsChanged(tx, rec, side, false, "wings.told_allot", playerName(sp, player), ordinary, special); err != nil {
			return err
		}
		out, err = wingsNow(tx, rec, side)
		return err
	})
	return out, err
}

// allotFits refuses shares set that add up to more than the roll, or
// leave a wing's orders given beyond its share.
func allotFits(rec *store.BattleRecord, side engine.Side, sp store.SidePeople, set []store.Allotment, so SideOrders) error {
	roll := so.Command.Result
	var o, sp2 int
	for _, a := range set {
		o, sp2 = o+a.Ordinary, sp2+a.Special
	}
	if o > roll.Ordinary || sp2 > roll.Special {
		return refuse("err.wing_allot_over", roll.Ordinary, roll.Special, o, sp2)
	}
	all := Allotment(sp, sideUnits(rec.State, side), engine.Allowance{Ordinary: roll.Ordinary, Special: roll.Special}, set)
	for _, a := range all {
		share := shareOf(all, a.Player, roll)
		if engine.CheckBudget(rec.State, side, rec.Turn, wingOrders(sp, so.Orders, a.Player), share) != nil {
			return refuse("err.wing_allot_spent", playerName(sp, a.Player))
		}
	}
	return nil
}

// Show is a side's wings as they stand this turn (/clan wings).
func (g Wings) Show(seat Seat) (WingsState, error) {
	var out WingsState
	err := g.s.Store.View(func(tx *store.Tx) error {
		rec, err := tx.Battle(seat.Battle.GuildID, seat.Battle.ID)
		if err != nil {
			return err
		}
		out, err = wingsNow(tx, &rec, seat.Side)
		return err
	})
	return out, err
}

// wingsNow is a side's wings as the transaction reads them.
func wingsNow(tx *store.Tx, rec *store.BattleRecord, side engine.Side) (WingsState, error) {
	var ph store.CommandPhase
	var roll *store.CommandRoll
	if rec.Status == store.StatusCommand {
		var err error
		if ph, err = tx.BattleTurn(rec.GuildID, rec.ID, rec.Turn).Phase(); err != nil && !errors.Is(err, store.ErrNotFound) {
			return WingsState{}, err
		}
		so, err := sideOrders(tx, rec, side)
		if err != nil {
			return WingsState{}, err
		}
		roll = so.Command
	}
	return wingsState(rec, side, ph, roll), nil
}

// ReadyAll is the commander's "ready" for his whole side, whichever of
// its wings are ready (issue 29).
func (g Wings) ReadyAll(seat Seat) (ReadyResult, error) {
	var out ReadyResult
	err := g.s.inCommand(seat, func(tx *store.Tx, rec *store.BattleRecord) (err error) {
		out, err = readySideTx(g.s, tx, rec, seat, true)
		return err
	})
	return out, err
}
