package game

import (
	"encoding/json"
	"errors"
	"slices"
	"strconv"

	"github.com/gunbai/gunbai/engine"
	"github.com/gunbai/gunbai/store"
)

// A click on a sheet: checked against who may act on it, carried out in
// one transaction with the change it makes, kept on the sheet as its note.

// SheetAct is one click on a sheet: an action of turn's sheet.
type SheetAct struct {
	Turn   int
	Action string
	Value  string
	// AsOf is, for a reroll, how many rerolls the roll had taken when its
	// button was drawn (game.RerollAsOf); nil: unknown.
	AsOf *int
}

// SheetDone is what a click did beyond the sheet: Ready may have resolved
// the turn or opened the plan-change round.
type SheetDone struct {
	ReadyResult
}

// Act carries out a click on sheet id by player, whose roles are his
// roles in the sheet's guild now: he must still sit on the sheet's battle
// and side. A refusal is kept on the sheet as its note (and returned); the
// sheet is shown again either way. reply, for a sheet shown as an
// ephemeral answer, is the interaction to edit it through.
func (g Sheets) Act(id uint64, player Player, roles func(guild string) (roles []string, name string, err error), act SheetAct, reply *store.Reply) (SheetDone, error) {
	s := g.s
	var out SheetDone
	var sh store.Sheet
	if err := s.Store.View(func(tx *store.Tx) (err error) { sh, err = tx.Sheet(id); return err }); err != nil {
		if errors.Is(err, store.ErrNotFound) {
			return out, refuse("err.sheet_unknown")
		}
		return out, err
	}
	if sh.User != player.User {
		return out, refuse("err.sheet_unknown") // never say whose it is
	}
	rs, name, err := roles(sh.Guild)
	if err != nil {
		return out, err
	}
	if name != "" {
		player.Name = name
	}
	seat, err := s.Seats().Of(sh.User).SeatOf(sh.Guild, rs)
	if err == nil && (seat.Battle.ID != sh.Battle || seat.Side != sh.Side) {
		err = refuse("err.sheet_not_seated")
	}
	if err == nil {
		player.OnSheet = true
		seat.Player = &player
		err = s.inCommand(seat, func(tx *store.Tx, rec *store.BattleRecord) error {
			out = SheetDone{} // afresh, should the batch run it again
			sh, err := tx.Sheet(id)
			if err != nil {
				return err
			}
			if act.Turn != rec.Turn {
				return refuse("err.roll_stale", act.Turn)
			}
			if player.Lang != "" {
				sh.Lang = player.Lang // the sheet speaks as his client does
			}
			var note SheetNote
			if err := s.act(tx, rec, seat, &sh, act, &note, &out); err != nil {
				return err
			}
			sh.Note, _ = json.Marshal(note)
			if err := tx.PutSheet(sh); err != nil {
				return err
			}
			return showSheet(tx, rec, sh, reply)
		})
	}
	var r *Refusal
	if errors.As(err, &r) {
		// Nothing changed; the sheet says why, in place.
		if err := s.Store.Update(func(tx *store.Tx) error {
			sh, err := tx.Sheet(id)
			if err != nil {
				return err
			}
			sh.Note, _ = json.Marshal(SheetNote{Refusal: r})
			if err := tx.PutSheet(sh); err != nil {
				return err
			}
			rec, err := tx.Battle(sh.Guild, sh.Battle)
			if err != nil {
				return err
			}
			return showSheet(tx, &rec, sh, reply)
		}); err != nil {
			return out, err
		}
	}
	return out, err
}

// act is one action on a sheet within its transaction: the sheet's own
// actions (the roll, moving about, cancelling, ready), or else a step of
// picking an order, which gives it when nothing is left to choose.
func (s *Service) act(tx *store.Tx, rec *store.BattleRecord, seat Seat, sh *store.Sheet, act SheetAct, note *SheetNote, out *SheetDone) error {
	if done, err := sheetAction(s, tx, rec, seat, sh, act, note, out); done {
		return err
	}
	pick, err := offeredPick(tx, rec, sh, act)
	if err != nil {
		return err
	}
	o, err := chooseOrder(sh, pick, act)
	if err != nil || o == nil {
		return err // nil: more to choose
	}
	return giveFromSheet(tx, rec, seat, sh, pick.Phased(*o, sh.Draft.Phase), note)
}

// sheetAction carries out an action that picks no order; done is false
// for a step of picking one.
func sheetAction(s *Service, tx *store.Tx, rec *store.BattleRecord, seat Seat, sh *store.Sheet, act SheetAct, note *SheetNote, out *SheetDone) (done bool, err error) {
	switch act.Action {
	case ActStake:
		stake, err := engine.ParseStake(act.Value)
		if err != nil {
			return true, refuse("err.bad_stake", act.Value)
		}
		_, err = rollTx(tx, rec, seat, stake)
		return true, err
	case ActReroll:
		taken := -1
		if act.AsOf != nil {
			taken = *act.AsOf
		}
		r, err := rerollTx(tx, rec, seat, act.Turn, taken, act.Value)
		if err == nil && r.Again {
			return true, refuse("err.roll_moved") // pressed twice, or on a roll moved on: the sheet shows it now
		}
		return true, err
	case ActBack:
		sh.Draft = store.Draft{}
		return true, nil
	case ActSubject:
		st, err := sheetState(tx, rec, *sh, rec.Turn)
		if err != nil {
			return true, err
		}
		if !slices.Contains(Subjects(st.Tree), act.Value) {
			return true, refuse("err.sheet_stale")
		}
		sh.Draft = store.Draft{Subject: act.Value}
		return true, nil
	case ActPage:
		n, err := strconv.Atoi(act.Value)
		if err != nil || n < 0 {
			return true, refuse("err.sheet_stale")
		}
		sh.Draft.Page = n
		return true, nil
	case ActCancel:
		return true, cancelFromSheet(tx, rec, seat, sh, act.Value, note)
	case ActReady:
		res, err := readyTx(s, tx, rec, seat)
		out.ReadyResult = res
		note.Ready = err == nil
		return true, err
	case ActReadyAll:
		res, err := readySideTx(s, tx, rec, seat, true)
		out.ReadyResult = res
		note.Ready = err == nil
		return true, err
	}
	return false, nil
}

// cancelFromSheet cancels the order the sheet names by key.
func cancelFromSheet(tx *store.Tx, rec *store.BattleRecord, seat Seat, sh *store.Sheet, key string, note *SheetNote) error {
	_, err := cancelOrder(tx, rec, seat, func(x engine.Order) bool {
		if OrderKey(x) == key {
			note.Cancelled = append(note.Cancelled, x)
			return true
		}
		return false
	})
	if errors.Is(err, errNoSuchOrder) {
		return refuse("err.sheet_stale")
	} else if err != nil {
		return err
	}
	sh.Draft = store.Draft{}
	return nil
}

// offeredPick is the pick an action is about (the one it picks, or the
// draft's), as the sheet now offers it: the roll made final first.
func offeredPick(tx *store.Tx, rec *store.BattleRecord, sh *store.Sheet, act SheetAct) (*Pick, error) {
	st, err := sheetState(tx, rec, *sh, rec.Turn)
	if err != nil {
		return nil, err
	}
	if st.Rolled == nil || !st.Rolled.Final {
		return nil, refuse("err.roll_first")
	}
	key := sh.Draft.Pick
	if act.Action == ActPick {
		key = act.Value
	}
	for _, p := range Picks(st.Tree, sh.Draft.Subject) {
		if p.Key == key {
			return &p, nil
		}
	}
	return nil, refuse("err.sheet_stale")
}

// chooseOrder applies a step of picking an order to the draft: the pick, its
// phase or its choice. It returns the order once nothing is left to
// choose, nil before.
func chooseOrder(sh *store.Sheet, pick *Pick, act SheetAct) (*engine.Order, error) {
	var o *engine.Order
	switch act.Action {
	case ActPick:
		sh.Draft.Pick, sh.Draft.Phase, sh.Draft.Page = pick.Key, 0, 0
		if len(pick.Orders) == 1 && len(pick.Phases) <= 1 {
			o = &pick.Orders[0]
		}
	case ActPhase:
		n, err := strconv.Atoi(act.Value)
		if err != nil || !slices.Contains(pick.Phases, n) {
			return nil, refuse("err.sheet_stale")
		}
		sh.Draft.Phase = n
		if len(pick.Orders) == 1 {
			o = &pick.Orders[0]
		}
	case ActChoice:
		for i := range pick.Orders {
			if OrderKey(pick.Phased(pick.Orders[i], sh.Draft.Phase)) == act.Value {
				o = &pick.Orders[i]
			}
		}
		if o == nil {
			return nil, refuse("err.sheet_stale")
		}
	default:
		return nil, refuse("err.sheet_stale")
	}
	return o, nil
}

// giveFromSheet gives the order the sheet picked, keeps it and its odds on
// the note, and clears the draft.
func giveFromSheet(tx *store.Tx, rec *store.BattleRecord, seat Seat, sh *store.Sheet, o engine.Order, note *SheetNote) error {
	given, err := giveOrder(tx, rec, seat, o)
	if err != nil {
		return err
	}
	note.Given = &given
	note.Given.SideOrders = SideOrders{} // the sheet shows them; the note need not keep a copy
	if r, err := engine.Odds(rec.State, seat.Side, given.Order, OddsRuns); err == nil {
		note.Odds = &r
	}
	sh.Draft = store.Draft{}
	return nil
}
