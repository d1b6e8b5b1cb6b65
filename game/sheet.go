package game

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"slices"

	"github.com/gunbai/gunbai/engine"
	"github.com/gunbai/gunbai/store"
)

// Sheets is the service's order sheets: a sheet as it stands, a click on
// it, the live messages that show sheets and summaries (Service.Sheets).
type Sheets struct{ s *Service }

// Sheets is the order sheets of s.
func (s *Service) Sheets() Sheets { return Sheets{s} }

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
	// ActReadyAll is the commander's Ready for his whole side, whichever
	// of its wings are ready (issue 29).
	ActReadyAll = "readyall"
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
				// One entry per order kind (issue 28): the cheapest class
				// the allowance still takes (engine.Options lists the
				// ordinary first, R-VI.3.7), never the same order twice.
				if len(ko.Classes) == 0 {
					continue
				}
				c := ko.Classes[0]
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
	// Ghosts are the side's memory of the enemy (engine.LastSeen).
	Ghosts []engine.Ghost

	// Wings, for a side whose units are given to players (issue 29): the
	// holder's wing and the side's others; Tree, Left and Ready are then
	// his wing's. Nil for a side with no wings.
	Wings *SheetWings
	// Standing are the standing orders of the units the sheet's player
	// may order (issue 29 item 3), by unit.
	Standing []store.StandingOrder
}

// Sheet is the state of sheet id for turn, to draw it.
func (g Sheets) Sheet(id uint64, turn int) (SheetState, error) {
	s := g.s
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
		// A note is only words: a bad one is left out whole, not half read
		// (json.Unmarshal fills what it can and says so after).
		if err := json.Unmarshal(sh.Note, &out.Note); err != nil {
			out.Note = SheetNote{}
		}
	}
	out.Closed = turn != rec.Turn || rec.Status != store.StatusCommand
	out.View = SideView(rec, sh.Side)
	out.Standing = standingOf(rec, Seat{Battle: *rec, Side: sh.Side, Plays: sh.User}).Orders
	if out.Closed {
		// What the side gave that turn, for the record.
		o, err := tx.BattleTurn(rec.GuildID, rec.ID, turn).Orders(sh.Side)
		if err != nil && !errors.Is(err, store.ErrNotFound) {
			return out, err
		}
		out.Orders = SideOrders{Turn: turn, Orders: o}
		return out, nil
	}
	so, err := sideOrders(tx, rec, sh.Side)
	if err == nil {
		out.Ghosts, err = lastSeen(tx, rec, sh.Side, rec.Turn, rec.State)
	}
	if err != nil {
		return out, err
	}
	out.Orders = so
	ph, err := tx.BattleTurn(rec.GuildID, rec.ID, rec.Turn).Phase()
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
	out.Intents = SideIntents(rec.State, sh.Side, so.Orders)
	wingSheet(rec, sh, ph, &out)
	return out, nil
}
