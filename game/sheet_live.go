package game

import (
	"errors"
	"fmt"
	"slices"
	"time"

	"github.com/gunbai/gunbai/engine"
	"github.com/gunbai/gunbai/store"
)

// Where sheets are shown and kept up to date: their live messages, who
// holds one, the clan's summary, and the refreshes every change owes.

// Live reads the state of a live message.
func (g Sheets) Live(key string) (store.Live, error) {
	s := g.s
	var l store.Live
	err := s.Store.View(func(tx *store.Tx) (err error) { l, err = tx.Live(key); return err })
	return l, err
}

// LiveShown records that post id showed its live message at version (see
// store.Tx.LiveShown).
func (g Sheets) LiveShown(id, version uint64, channel, message string) error {
	s := g.s
	return s.Store.Batch(func(tx *store.Tx) error { return tx.LiveShown(id, version, channel, message) })
}

// LiveDead records that a live message can no longer be edited.
func (g Sheets) LiveDead(key string) error {
	s := g.s
	return s.Store.Update(func(tx *store.Tx) error { return tx.KillLive(key) })
}

// LiveLost records that a live message is gone (deleted): the next post
// shows it anew.
func (g Sheets) LiveLost(key string) error {
	s := g.s
	return s.Store.Update(func(tx *store.Tx) error {
		l, err := tx.Live(key)
		if err != nil {
			return err
		}
		l.Channel, l.Message, l.Reply = "", "", nil
		return tx.PutLive(l)
	})
}

// OpenSheet gives a player his order sheet for his battle and side,
// created the first time, and owes it shown for the current turn: in his
// DMs, or with reply as an ephemeral answer (his DMs are closed). The
// sheet comes back to him every turn from then on.
func (g Sheets) OpenSheet(seat Seat, player Player, reply *store.Reply) (store.Sheet, error) {
	s := g.s
	var out store.Sheet
	if seat.Watcher {
		return out, refuse("err.not_order_role", "<@&"+seat.Battle.Sides[seat.Side].OrderRole+">")
	}
	err := s.inBattle(seat.Battle.GuildID, seat.Battle.ID, func(tx *store.Tx, rec *store.BattleRecord) error {
		if rec.Status != store.StatusCommand {
			return refuse("err.not_command", rec.Name)
		}
		var err error
		out, err = openSheet(tx, rec, seat.Side, player)
		if err != nil {
			return err
		}
		if reply != nil {
			out.Ephemeral = true
			if err := tx.PutSheet(out); err != nil {
				return err
			}
		} else if out.Ephemeral {
			out.Ephemeral = false
			if err := tx.PutSheet(out); err != nil {
				return err
			}
		}
		return showSheet(tx, rec, out, reply)
	})
	return out, err
}

// openSheet finds or creates the sheet of a player of a battle's side.
func openSheet(tx *store.Tx, rec *store.BattleRecord, side engine.Side, player Player) (store.Sheet, error) {
	for _, id := range rec.Sheets {
		sh, err := tx.Sheet(id)
		if errors.Is(err, store.ErrNotFound) {
			continue
		} else if err != nil {
			return sh, err
		}
		if sh.User == player.User && sh.Side == side {
			if player.Lang != "" {
				sh.Lang = player.Lang
			}
			return sh, tx.PutSheet(sh)
		}
	}
	sh, err := tx.NewSheet(store.Sheet{Guild: rec.GuildID, Battle: rec.ID, Side: side, User: player.User, Lang: player.Lang})
	if err != nil {
		return sh, err
	}
	rec.Sheets = append(rec.Sheets, sh.ID)
	rec.NudgeAt = time.Time{} // a new player, whose nudge may come sooner
	return sh, tx.PutBattle(*rec)
}

// OpenRoleSheets gives the sheet to each member of a side's ordering role
// (users, with their languages if known), when its command phase opens.
func (g Sheets) OpenRoleSheets(guild, battle string, side engine.Side, turn int, users []string) error {
	s := g.s
	return s.inBattle(guild, battle, func(tx *store.Tx, rec *store.BattleRecord) error {
		if rec.Status != store.StatusCommand || rec.Turn != turn {
			return nil // that phase is over
		}
		return openSheets(tx, rec, side, users)
	})
}

// openSheets opens (or finds) the side's sheet of each user, in his
// clan's language, and owes it shown.
func openSheets(tx *store.Tx, rec *store.BattleRecord, side engine.Side, users []string) error {
	for _, u := range users {
		sh, err := openSheet(tx, rec, side, Player{User: u, Lang: rec.LangOf(store.SideAudience(side))})
		if err != nil {
			return err
		}
		if err := showSheet(tx, rec, sh, nil); err != nil {
			return err
		}
	}
	return nil
}

// sheetPost is the post that shows a sheet for a turn.
func sheetPost(rec *store.BattleRecord, sh store.Sheet, turn int) store.Post {
	p := post(rec, store.SideAudience(sh.Side), PostSheet, SheetRef{Sheet: sh.ID})
	p.Channel, p.User, p.Lang, p.Turn, p.Live = "", sh.User, sh.Lang, turn, sh.LiveKey(turn)
	return p
}

// showSheet owes a sheet shown again for the battle's current turn. With
// reply, the sheet is (now) the ephemeral answer of that interaction.
func showSheet(tx *store.Tx, rec *store.BattleRecord, sh store.Sheet, reply *store.Reply) error {
	key := sh.LiveKey(rec.Turn)
	if reply != nil || !sh.Ephemeral {
		l, err := tx.Live(key)
		if err != nil && !errors.Is(err, store.ErrNotFound) {
			return err
		}
		l.Key = key
		switch {
		case reply != nil:
			// An ephemeral answer: edited through the interaction's webhook.
			l = store.Live{Key: key, Reply: reply, Message: "@original", Version: l.Version, Shown: l.Shown, Owed: l.Owed}
		case l.Dead || l.Reply != nil:
			// Back to the DMs: a new message there.
			l = store.Live{Key: key, Version: l.Version, Shown: l.Shown, Owed: l.Owed}
		}
		if err := tx.PutLive(l); err != nil {
			return err
		}
	}
	_, err := tx.OweLive(sheetPost(rec, sh, rec.Turn))
	return err
}

// summaryPost is the post of a clan's summary of its orders for the turn.
func summaryPost(rec *store.BattleRecord, side engine.Side) store.Post {
	p := post(rec, store.SideAudience(side), PostSummary, nil)
	p.Live = fmt.Sprintf("summary.%s.%s.%d.%s", rec.GuildID, rec.ID, rec.Turn, side)
	return p
}

// maxChanges bounds the changes a turn keeps per side for its summary.
const maxChanges = 100

// changed records a player's change to his side's orders and owes what
// shows them a refresh: the side's sheets and its clan's summary.
func changed(tx *store.Tx, rec *store.BattleRecord, seat Seat, ch store.Change) error {
	ph, err := tx.BattleTurn(rec.GuildID, rec.ID, rec.Turn).Phase()
	if err != nil {
		return err
	}
	if seat.Player != nil {
		ch.User, ch.Name = seat.Player.User, seat.Player.Name
	}
	ch.At = tx.Now().UTC()
	c := append(ph.Changes[seat.Side], ch)
	if len(c) > maxChanges {
		c = slices.Clone(c[len(c)-maxChanges:])
	}
	ph.Changes[seat.Side] = c
	if err := tx.BattleTurn(rec.GuildID, rec.ID, rec.Turn).PutPhase(ph); err != nil {
		return err
	}
	if _, err := tx.OweLive(summaryPost(rec, seat.Side)); err != nil {
		return err
	}
	if err := nudgeLast(tx, rec); err != nil { // "everyone is waiting for you"
		return err
	}
	return refreshSheets(tx, rec, seat.Side, rec.Turn)
}

// refreshSheets owes every sheet of a side shown again for turn.
func refreshSheets(tx *store.Tx, rec *store.BattleRecord, side engine.Side, turn int) error {
	for _, id := range rec.Sheets {
		sh, err := tx.Sheet(id)
		if errors.Is(err, store.ErrNotFound) {
			continue
		} else if err != nil {
			return err
		}
		if sh.Side != side || unseated(rec, sh, turn) {
			continue // a substitute whose seating ended sees no more (issue 29)
		}
		if _, err := tx.OweLive(sheetPost(rec, sh, turn)); err != nil {
			return err
		}
	}
	return nil
}

// sheetsOpened owes, when a command phase opens, the sheets of the turn
// before closed, the new turn's sheets, and the opening of the sheets of
// each clan's ordering role.
func sheetsOpened(tx *store.Tx, rec *store.BattleRecord, before int) error {
	for _, side := range sides {
		if before > 0 && before != rec.Turn {
			if err := refreshSheets(tx, rec, side, before); err != nil {
				return err
			}
		}
		if err := refreshSheets(tx, rec, side, rec.Turn); err != nil {
			return err
		}
		if err := peopleSheets(tx, rec, side); err != nil {
			return err // named players and substitutes (issue 29)
		}
		if rec.Sides[side].OrderRole != "" {
			p := post(rec, store.SideAudience(side), PostSheets, nil)
			if _, err := tx.Owe(p); err != nil {
				return err
			}
		}
	}
	return nil
}

// closeSheets owes every sheet of a battle that is over shown closed for
// its last turn: no buttons left to press.
func closeSheets(tx *store.Tx, rec *store.BattleRecord, turn int) error {
	for _, side := range sides {
		if err := refreshSheets(tx, rec, side, turn); err != nil {
			return err
		}
	}
	return nil
}

// Summary is a clan's summary of its orders for a turn.
type Summary struct {
	Name    string
	Turn    int
	Side    engine.Side
	Orders  SideOrders
	Left    engine.Allowance
	Ready   bool
	Changes []store.Change
}

// Summary reads a side's summary of a turn's orders.
func (g Sheets) Summary(guild, battle string, side engine.Side, turn int) (Summary, error) {
	s := g.s
	out := Summary{Turn: turn, Side: side}
	err := s.Store.View(func(tx *store.Tx) error {
		rec, err := tx.Battle(guild, battle)
		if err != nil {
			return err
		}
		out.Name = rec.Name
		ph, err := tx.BattleTurn(guild, battle, turn).Phase()
		if err != nil {
			return err
		}
		out.Ready, out.Changes = ph.Ready[side], ph.Changes[side]
		if turn != rec.Turn {
			o, err := tx.BattleTurn(guild, battle, turn).Orders(side)
			if err != nil && !errors.Is(err, store.ErrNotFound) {
				return err
			}
			out.Orders = SideOrders{Turn: turn, Orders: o}
			return nil
		}
		if out.Orders, err = sideOrders(tx, &rec, side); err != nil {
			return err
		}
		if c := out.Orders.Command; c != nil && c.Final {
			out.Left, _ = engine.AllowanceLeft(rec.State, side, rec.Turn, out.Orders.Orders, c.Result)
		}
		return nil
	})
	return out, err
}
