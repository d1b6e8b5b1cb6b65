package game

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strconv"

	"github.com/gunbai/gunbai/engine"
	"github.com/gunbai/gunbai/store"
)

// The order sheet: a player gives his side's orders by picking them from
// menus built from the engine's legal orders (engine.Options), on one
// message per turn in his DMs that is edited in place (a live message,
// store.OweLive). The sheet goes to the members of the clan's ordering role
// when a command phase opens, or to whoever asks for it with /orders. Here
// is what the sheet offers at each step and what each pick does, in one
// transaction with the change it makes; the bot draws it (bot/sheet.go).
//
// A pick goes: a subject (a unit, or a group: army-wide orders, leaders,
// shinobi, banners, declarations), then one of its picks (an order kind
// and class, a leader, a mission...), then the phase if it may be given in
// either, then the choice (target, facing, gallop steps, destination...) if
// there is more than one. The order is given as soon as nothing is left to
// choose.

// Post kinds of the sheets.
const (
	PostSheet   = "sheet"   // a player's order sheet for a turn (live; Data: SheetRef)
	PostSummary = "summary" // a clan's summary of its orders for a turn (live)
	PostSheets  = "sheets"  // open the sheets of a clan's ordering role (the bot lists its members)
)

// SheetRef names the sheet a post shows.
type SheetRef struct {
	Sheet uint64 `json:"sheet"`
}

// Groups of the sheet's first menu, beside the units.
const (
	GroupArmy    = "#army"
	GroupLeaders = "#leaders"
	GroupShinobi = "#shinobi"
	GroupBanners = "#banners"
	GroupDeclare = "#declare"
)

// Sheet actions (the buttons and menus of a sheet).
const (
	ActStake   = "stake"   // Value: low, high
	ActReroll  = "reroll"  // Value: a reroll source, or "" to accept
	ActSubject = "subject" // Value: a unit ID or a group
	ActPick    = "pick"    // Value: a Pick's Key
	ActPhase   = "phase"   // Value: 1 or 2
	ActChoice  = "choice"  // Value: an OrderKey of the pick's orders
	ActBack    = "back"    // start the pick again
	ActCancel  = "cancel"  // Value: an OrderKey of an order given
	ActReady   = "ready"
	ActPage    = "page" // Value: the page of the deepest menu
)

// Pick is one entry of a subject's order menu: an order kind and class of
// a unit, an army-wide order, a leader, a mission, a banner or a
// declaration. Orders are the complete orders it may become, one per
// choice, with Phase 0; Phases are those it may be given in (none for
// orders that have no phase).
type Pick struct {
	Key    string
	Kind   engine.OrderKind
	Class  engine.Class
	Leader string
	Phases []int
	Orders []engine.Order
}

// Subjects are the entries of a sheet's first menu: the units with a legal
// order, then the groups that have one.
func Subjects(t engine.OrderTree) []string {
	var out []string
	for _, u := range t.Units {
		out = append(out, u.Unit)
	}
	for _, g := range []struct {
		group string
		any   bool
	}{
		{GroupArmy, len(t.ArmyWide) > 0},
		{GroupLeaders, len(t.Leaders) > 0},
		{GroupShinobi, len(t.Shinobi) > 0},
		{GroupBanners, len(t.Banners) > 0},
		{GroupDeclare, t.SignalRetreat || t.StopBattle},
	} {
		if g.any {
			out = append(out, g.group)
		}
	}
	return out
}

// Picks are the entries of the order menu of one subject.
func Picks(t engine.OrderTree, subject string) []Pick {
	var out []Pick
	one := func(key string, o engine.Order) {
		o.Turn = 0
		out = append(out, Pick{Key: key, Kind: o.Kind, Class: o.Class, Orders: []engine.Order{o}})
	}
	switch subject {
	case GroupArmy:
		for _, o := range t.ArmyWide {
			one(o.Kind.String(), o)
		}
	case GroupLeaders:
		for _, lo := range t.Leaders {
			p := Pick{Key: "leader." + lo.Leader, Kind: engine.OrderMoveLeader, Leader: lo.Leader}
			for _, to := range lo.To {
				p.Orders = append(p.Orders, engine.Order{Side: t.Side, Kind: engine.OrderMoveLeader, Leader: lo.Leader, To: to})
			}
			out = append(out, p)
		}
	case GroupShinobi:
		for _, so := range t.Shinobi {
			p := Pick{Key: "mission." + so.Mission, Kind: engine.OrderShinobi}
			for _, tg := range so.Targets {
				p.Orders = append(p.Orders, engine.Order{Side: t.Side, Kind: engine.OrderShinobi, Mission: so.Mission, Target: tg})
			}
			out = append(out, p)
		}
	case GroupBanners:
		for _, bo := range t.Banners {
			p := Pick{Key: "banner." + bo.Banner, Kind: engine.OrderBanner}
			for _, bu := range bo.Units {
				for _, f := range bu.Facings {
					p.Orders = append(p.Orders, engine.Order{Side: t.Side, Kind: engine.OrderBanner, Unit: bu.Unit, Banner: bo.Banner, Facing: f})
				}
			}
			out = append(out, p)
		}
	case GroupDeclare:
		if t.SignalRetreat {
			one(engine.OrderSignalRetreat.String(), engine.Order{Side: t.Side, Kind: engine.OrderSignalRetreat})
		}
		if t.StopBattle {
			one(engine.OrderStopBattle.String(), engine.Order{Side: t.Side, Kind: engine.OrderStopBattle})
		}
	default:
		for _, uo := range t.Units {
			if uo.Unit != subject {
				continue
			}
			for _, ko := range uo.Kinds {
				for _, c := range ko.Classes {
					p := Pick{Key: ko.Kind.String() + "." + c.String(), Kind: ko.Kind, Class: c, Phases: ko.Phases}
					for _, ch := range ko.Choices {
						p.Orders = append(p.Orders, engine.Order{Unit: uo.Unit, Side: t.Side, Kind: ko.Kind, Class: c,
							Target: ch.Target, Facing: ch.Facing, Steps: ch.Steps,
							CarryShields: ch.CarryShields, SetShields: ch.SetShields})
					}
					out = append(out, p)
				}
			}
		}
	}
	return out
}

// Phased is one of the pick's orders in a phase: the phase chosen if the
// pick may be given in either, else its only one.
func (p Pick) Phased(o engine.Order, phase int) engine.Order {
	switch {
	case len(p.Phases) == 1:
		o.Phase = p.Phases[0]
	case len(p.Phases) > 1:
		o.Phase = p.Phases[0]
		if slices.Contains(p.Phases, phase) {
			o.Phase = phase
		}
	}
	return o
}

// OrderKey names an order on a sheet's menus: a short hash of all it says,
// so that a menu drawn before a teammate changed the orders picks nothing
// else than what it showed.
func OrderKey(o engine.Order) string {
	o.Turn = 0
	raw, _ := json.Marshal(o) // plain data: cannot fail
	h := sha256.Sum256(raw)
	return hex.EncodeToString(h[:6])
}

// SheetNote is what a sheet says about the last thing done on it.
type SheetNote struct {
	Given     *Given         `json:"given,omitempty"`
	Cancelled []engine.Order `json:"cancelled,omitempty"`
	Ready     bool           `json:"ready,omitempty"`
	Refusal   *Refusal       `json:"refusal,omitempty"`
	// Odds of the combat the order given starts, if it starts one the
	// side can see (engine.Odds, OddsRuns runs).
	Odds *engine.OddsResult `json:"odds,omitempty"`
}

// SheetState is everything a sheet shows for one turn, from its side's
// own view only: the bot draws it from this and nothing else.
type SheetState struct {
	Sheet store.Sheet
	Note  SheetNote
	// The battle as the side may see it.
	Name   string
	Status store.Status
	Turn   int  // the turn the sheet is for
	Closed bool // that turn's command phase is over
	Round  int  // the plan-change round (1) or not (0)
	View   engine.Battle
	Side   engine.Side
	Orders SideOrders
	Rolled *Rolled // nil: not rolled yet
	Tree   engine.OrderTree
	Left   engine.Allowance
	Ready  bool
	// Intents are the side's orders as they mean to go, for the preview.
	Intents []engine.Intended
}

// Sheet is the state of sheet id for turn, to draw it.
func (s *Service) Sheet(id uint64, turn int) (SheetState, error) {
	var out SheetState
	err := s.Store.View(func(tx *store.Tx) error {
		sh, err := tx.Sheet(id)
		if err != nil {
			return err
		}
		rec, err := tx.Battle(sh.Guild, sh.Battle)
		if err != nil {
			return err
		}
		out, err = sheetState(tx, &rec, sh, turn)
		return err
	})
	return out, err
}

func sheetState(tx *store.Tx, rec *store.BattleRecord, sh store.Sheet, turn int) (SheetState, error) {
	out := SheetState{Sheet: sh, Name: rec.Name, Status: rec.Status, Turn: turn, Side: sh.Side}
	if len(sh.Note) > 0 {
		_ = json.Unmarshal(sh.Note, &out.Note) // a note is only words: a bad one is left out
	}
	out.Closed = turn != rec.Turn || rec.Status != store.StatusCommand
	out.View = engine.View(rec.State, sh.Side)
	if out.Closed {
		// What the side gave that turn, for the record.
		o, err := tx.Orders(rec.GuildID, rec.ID, turn, sh.Side)
		if err != nil && !errors.Is(err, store.ErrNotFound) {
			return out, err
		}
		out.Orders = SideOrders{Turn: turn, Orders: o}
		return out, nil
	}
	so, err := sideOrders(tx, rec, sh.Side)
	if err != nil {
		return out, err
	}
	out.Orders = so
	ph, err := tx.Phase(rec.GuildID, rec.ID, rec.Turn)
	if err != nil {
		return out, err
	}
	out.Round, out.Ready = ph.Round, ph.Ready[sh.Side]
	if so.Command != nil {
		r := rolled(rec, sh.Side, *so.Command)
		out.Rolled = &r
		if so.Command.Final {
			out.Tree = engine.Options(rec.State, sh.Side, rec.Turn, so.Orders, so.Command.Result)
			out.Left, _ = engine.AllowanceLeft(rec.State, sh.Side, rec.Turn, so.Orders, so.Command.Result)
		}
	}
	for _, o := range so.Orders {
		if in, ok := engine.Intent(rec.State, sh.Side, o); ok {
			out.Intents = append(out.Intents, in)
		}
	}
	return out, nil
}

// SheetAct is one click on a sheet: an action of turn's sheet.
type SheetAct struct {
	Turn   int
	Action string
	Value  string
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
func (s *Service) Act(id uint64, player Player, roles func(guild string) (roles []string, name string, err error), act SheetAct, reply *store.Reply) (SheetDone, error) {
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
	seat, err := s.SeatOf(sh.Guild, rs)
	if err == nil && (seat.Battle.ID != sh.Battle || seat.Side != sh.Side) {
		err = refuse("err.sheet_not_seated")
	}
	if err == nil {
		player.OnSheet = true
		seat.Player = &player
		err = s.inCommand(seat, func(tx *store.Tx, rec *store.BattleRecord) error {
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

// act is one action on a sheet within its transaction.
func (s *Service) act(tx *store.Tx, rec *store.BattleRecord, seat Seat, sh *store.Sheet, act SheetAct, note *SheetNote, out *SheetDone) error {
	state := func() (SheetState, error) { return sheetState(tx, rec, *sh, rec.Turn) }
	switch act.Action {
	case ActStake:
		stake, err := engine.ParseStake(act.Value)
		if err != nil {
			return refuse("err.bad_stake", act.Value)
		}
		_, err = rollTx(tx, rec, seat, stake)
		return err
	case ActReroll:
		_, err := rerollTx(tx, rec, seat, act.Turn, act.Value)
		return err
	case ActBack:
		sh.Draft = store.Draft{}
		return nil
	case ActSubject:
		st, err := state()
		if err != nil {
			return err
		}
		if !slices.Contains(Subjects(st.Tree), act.Value) {
			return refuse("err.sheet_stale")
		}
		sh.Draft = store.Draft{Subject: act.Value}
		return nil
	case ActPage:
		n, err := strconv.Atoi(act.Value)
		if err != nil || n < 0 {
			return refuse("err.sheet_stale")
		}
		sh.Draft.Page = n
		return nil
	case ActCancel:
		_, err := cancelOrder(tx, rec, seat, func(x engine.Order) bool {
			if OrderKey(x) == act.Value {
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
	case ActReady:
		res, err := readyTx(s, tx, rec, seat)
		out.ReadyResult = res
		note.Ready = err == nil
		return err
	}
	// Picking an order: find the pick as the sheet now offers it.
	st, err := state()
	if err != nil {
		return err
	}
	if st.Rolled == nil || !st.Rolled.Final {
		return refuse("err.roll_first")
	}
	var pick *Pick
	key := sh.Draft.Pick
	if act.Action == ActPick {
		key = act.Value
	}
	for _, p := range Picks(st.Tree, sh.Draft.Subject) {
		if p.Key == key {
			pick = &p
			break
		}
	}
	if pick == nil {
		return refuse("err.sheet_stale")
	}
	var o *engine.Order
	switch act.Action {
	case ActPick:
		sh.Draft.Pick, sh.Draft.Phase, sh.Draft.Page = key, 0, 0
		if len(pick.Orders) == 1 && len(pick.Phases) <= 1 {
			o = &pick.Orders[0]
		}
	case ActPhase:
		n, err := strconv.Atoi(act.Value)
		if err != nil || !slices.Contains(pick.Phases, n) {
			return refuse("err.sheet_stale")
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
			return refuse("err.sheet_stale")
		}
	default:
		return refuse("err.sheet_stale")
	}
	if o == nil {
		return nil // more to choose
	}
	given, err := giveOrder(tx, rec, seat, pick.Phased(*o, sh.Draft.Phase))
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

// Live reads the state of a live message.
func (s *Service) Live(key string) (store.Live, error) {
	var l store.Live
	err := s.Store.View(func(tx *store.Tx) (err error) { l, err = tx.Live(key); return err })
	return l, err
}

// LiveShown records that post id showed its live message at version (see
// store.Tx.LiveShown).
func (s *Service) LiveShown(id, version uint64, channel, message string) error {
	return s.Store.Update(func(tx *store.Tx) error { return tx.LiveShown(id, version, channel, message) })
}

// LiveDead records that a live message can no longer be edited.
func (s *Service) LiveDead(key string) error {
	return s.Store.Update(func(tx *store.Tx) error { return tx.KillLive(key) })
}

// LiveLost records that a live message is gone (deleted): the next post
// shows it anew.
func (s *Service) LiveLost(key string) error {
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
func (s *Service) OpenSheet(seat Seat, player Player, reply *store.Reply) (store.Sheet, error) {
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
	return sh, tx.PutBattle(*rec)
}

// OpenRoleSheets gives the sheet to each member of a side's ordering role
// (users, with their languages if known), when its command phase opens.
func (s *Service) OpenRoleSheets(guild, battle string, side engine.Side, turn int, users []string) error {
	return s.inBattle(guild, battle, func(tx *store.Tx, rec *store.BattleRecord) error {
		if rec.Status != store.StatusCommand || rec.Turn != turn {
			return nil // that phase is over
		}
		for _, u := range users {
			sh, err := openSheet(tx, rec, side, Player{User: u, Lang: rec.Locale})
			if err != nil {
				return err
			}
			if err := showSheet(tx, rec, sh, nil); err != nil {
				return err
			}
		}
		return nil
	})
}

// sheetPost is the post that shows a sheet for a turn.
func sheetPost(rec *store.BattleRecord, sh store.Sheet, turn int) store.Post {
	p := post(rec, sideAudience(sh.Side), PostSheet, SheetRef{Sheet: sh.ID})
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
	p := post(rec, sideAudience(side), PostSummary, nil)
	p.Live = fmt.Sprintf("summary.%s.%s.%d.%s", rec.GuildID, rec.ID, rec.Turn, side)
	return p
}

// maxChanges bounds the changes a turn keeps per side for its summary.
const maxChanges = 100

// changed records a player's change to his side's orders and owes what
// shows them a refresh: the side's sheets and its clan's summary.
func changed(tx *store.Tx, rec *store.BattleRecord, seat Seat, ch store.Change) error {
	ph, err := tx.Phase(rec.GuildID, rec.ID, rec.Turn)
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
	if err := tx.PutPhase(rec.GuildID, rec.ID, rec.Turn, ph); err != nil {
		return err
	}
	if _, err := tx.OweLive(summaryPost(rec, seat.Side)); err != nil {
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
		if sh.Side != side {
			continue
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
		if rec.Sides[side].OrderRole != "" {
			p := post(rec, sideAudience(side), PostSheets, nil)
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
func (s *Service) Summary(guild, battle string, side engine.Side, turn int) (Summary, error) {
	out := Summary{Turn: turn, Side: side}
	err := s.Store.View(func(tx *store.Tx) error {
		rec, err := tx.Battle(guild, battle)
		if err != nil {
			return err
		}
		out.Name = rec.Name
		ph, err := tx.Phase(guild, battle, turn)
		if err != nil {
			return err
		}
		out.Ready, out.Changes = ph.Ready[side], ph.Changes[side]
		if turn != rec.Turn {
			o, err := tx.Orders(guild, battle, turn, side)
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
