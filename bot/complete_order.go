package bot

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/gunbai/gunbai/engine"
	"github.com/gunbai/gunbai/game"
	"github.com/gunbai/gunbai/render"
	"github.com/gunbai/gunbai/store"
)

// The players' completions of /order and /orders.

// unrolled is what a side that has not rolled yet is taken to have: no
// order is refused for want of the roll, so that the orders offered before
// /roll are what the rules allow.
var unrolled = engine.CommandResult{Success: true, Special: 99, Ordinary: 99}

// orderCtx is what /order's completions know: the side's battle taking
// orders, the orders it has given this turn and its roll, and the order
// the interaction spells so far.
type orderCtx struct {
	state   engine.Battle // the whole battle: engine.Options keeps to the side's view itself
	view    engine.Battle
	side    engine.Side
	turn    int
	orders  []engine.Order
	granted engine.CommandResult
	fixed   bool // the plan-change round: missions and banners stay (D-29)
	trees   map[string]engine.OrderTree

	o       engine.Order // as parseOrder would read it
	hasKind bool
	hasSlot bool
}

func (b *Bot) orderContext(c *call) (*orderCtx, error) {
	seat, err := b.seat(c, b.seats(c).SeatOf)
	if err != nil {
		return nil, err
	}
	so, err := b.svc.Orders(seat)
	if err != nil {
		return nil, err
	}
	rec := seat.Battle
	oc := &orderCtx{state: rec.State, view: game.SideView(&rec, seat.Side), side: seat.Side, turn: rec.Turn,
		orders: so.Orders, granted: unrolled, trees: map[string]engine.OrderTree{}}
	if so.Command != nil {
		oc.granted = so.Command.Result
	}
	err = b.svc.Store.View(func(tx *store.Tx) error {
		ph, err := tx.BattleTurn(rec.GuildID, rec.ID, rec.Turn).Phase()
		oc.fixed = err == nil && ph.Round > 0
		if errors.Is(err, store.ErrNotFound) {
			return nil
		}
		return err
	})
	if err != nil {
		return nil, err
	}
	oc.o = engine.Order{Unit: c.str("unit"), Side: seat.Side, Phase: 1, Target: c.str("target"),
		Leader: c.str("leader"), To: c.str("to"), Mission: c.str("mission"), Banner: c.str("banner")}
	if k, err := engine.ParseOrderKind(c.str("order")); err == nil {
		oc.o.Kind, oc.hasKind = k, true
		if k.Special() {
			oc.o.Class = engine.Special
		}
	}
	if p, ok := optNum(c, "phase"); ok {
		oc.o.Phase = p
	}
	switch c.str("slot") {
	case "special":
		oc.o.Class, oc.hasSlot = engine.Special, true
	case "ordinary":
		oc.o.Class, oc.hasSlot = engine.Ordinary, true
	}
	return oc, nil
}

// tree is every order the side may add once o takes the place of the
// order it replaces (engine.Options).
func (oc *orderCtx) tree(o engine.Order) engine.OrderTree {
	var kept []engine.Order
	var key strings.Builder
	for i, x := range oc.orders {
		if game.Replaces(o, x) {
			fmt.Fprintf(&key, "%d,", i)
			continue
		}
		kept = append(kept, x)
	}
	if t, ok := oc.trees[key.String()]; ok {
		return t
	}
	t := engine.Options(oc.state, oc.side, oc.turn, kept, oc.granted)
	oc.trees[key.String()] = t
	return t
}

// kinds are the ways tree lets unit take the order spelled so far: of its
// kind once chosen, in its phase, in its slot once known.
func (oc *orderCtx) kinds(t engine.OrderTree, unit string) []engine.KindOptions {
	var out []engine.KindOptions
	for _, uo := range t.Units {
		if uo.Unit != unit {
			continue
		}
		for _, ko := range uo.Kinds {
			if oc.hasKind && ko.Kind != oc.o.Kind || !slices.Contains(ko.Phases, oc.o.Phase) ||
				(oc.hasKind || oc.hasSlot) && !slices.Contains(ko.Classes, oc.o.Class) {
				continue
			}
			out = append(out, ko)
		}
	}
	return out
}

// completeOrderUnit offers the units that may take the order spelled so
// far (any order before one is chosen); outside a command phase, the
// side's own units.
func (b *Bot) completeOrderUnit(c *call, typed string) ([]offer, error) {
	oc, err := b.orderContext(c)
	if err != nil {
		return b.completeOwnUnit(c, typed)
	}
	var out []offer
	if oc.hasKind && oc.o.Kind.NamesNoUnit() {
		return nil, nil // given without a unit
	}
	for _, u := range unitOffers(c.lang, &oc.view, oc.side) {
		o := oc.o
		o.Unit = u.value.(string)
		t := oc.tree(o)
		ok := len(oc.kinds(t, o.Unit)) > 0
		if oc.hasKind && o.Kind == engine.OrderBanner {
			ok = !oc.fixed && slices.ContainsFunc(t.Banners, func(bo engine.BannerOptions) bool {
				return (o.Banner == "" || bo.Banner == o.Banner) &&
					slices.ContainsFunc(bo.Units, func(bu engine.BannerUnit) bool { return bu.Unit == o.Unit })
			})
		}
		if ok {
			out = append(out, u)
		}
	}
	return match(out, typed), nil
}

// completeTarget offers the enemy units the order spelled so far may
// target: a shinobi mission's, or the typed unit's as engine.Options has
// them; otherwise, or outside a command phase, every enemy unit the side
// sees.
func (b *Bot) completeTarget(c *call, typed string) ([]offer, error) {
	oc, err := b.orderContext(c)
	if err != nil {
		seat, view, err := b.seatView(c, b.seats(c).AnySeat)
		if err != nil {
			return nil, err
		}
		return match(unitOffers(c.lang, &view, seat.Side.Enemy()), typed), nil
	}
	var ids []string
	switch {
	case oc.hasKind && oc.o.Kind == engine.OrderShinobi:
		if oc.fixed {
			return nil, nil
		}
		for _, so := range oc.tree(oc.o).Shinobi {
			if oc.o.Mission == "" || so.Mission == oc.o.Mission {
				ids = append(ids, so.Targets...)
			}
		}
		return match(idOffers(c.lang, &oc.view, ids), typed), nil
	case oc.o.Unit != "":
		for _, ko := range oc.kinds(oc.tree(oc.o), oc.o.Unit) {
			for _, ch := range ko.Choices {
				if ch.Target != "" {
					ids = append(ids, ch.Target)
				}
			}
		}
	}
	if len(ids) == 0 {
		return match(unitOffers(c.lang, &oc.view, oc.side.Enemy()), typed), nil
	}
	return match(idOffers(c.lang, &oc.view, ids), typed), nil
}

// completeGallop offers the gallop steps engine.Options has for the unit
// typed (and its order, once chosen), worded in the caller's language;
// the value is the steps as /order reads them ("move wheel_left").
func (b *Bot) completeGallop(c *call, typed string) ([]offer, error) {
	oc, err := b.orderContext(c)
	if err != nil || oc.o.Unit == "" || oc.hasKind && !oc.o.Kind.Gallops() {
		return nil, err
	}
	var out []offer
	for _, ko := range oc.kinds(oc.tree(oc.o), oc.o.Unit) {
		for _, ch := range ko.Choices {
			if len(ch.Steps) == 0 {
				continue
			}
			var keys, words []string
			for _, s := range ch.Steps {
				keys = append(keys, s.String())
				words = append(words, render.T(c.lang, "step."+s.String()))
			}
			out = append(out, offer{strings.Join(keys, " "), strings.Join(words, ", ")})
		}
	}
	return match(out, typed), nil
}

// leaderMoves are the places each leader of the side may move to now, by
// leader, in the order of the battle's leaders.
func (oc *orderCtx) leaderMoves() []engine.LeaderOptions {
	var out []engine.LeaderOptions
	for _, l := range oc.view.Leaders {
		if l.Side != oc.side {
			continue
		}
		o := engine.Order{Side: oc.side, Kind: engine.OrderMoveLeader, Leader: l.ID}
		for _, lo := range oc.tree(o).Leaders {
			if lo.Leader == l.ID {
				out = append(out, lo)
			}
		}
	}
	return out
}

// completeOrderLeader offers the side's leaders who may move.
func (b *Bot) completeOrderLeader(c *call, typed string) ([]offer, error) {
	oc, err := b.orderContext(c)
	if err != nil {
		return nil, err
	}
	var out []offer
	for _, lo := range oc.leaderMoves() {
		if l := oc.view.Leader(lo.Leader); l != nil {
			out = append(out, offer{l.ID, leaderName(c.lang, l)})
		}
	}
	return match(out, typed), nil
}

// completeOrderTo offers where the typed leader may go (where any may,
// before one is typed): own units, the HQ, the reserve.
func (b *Bot) completeOrderTo(c *call, typed string) ([]offer, error) {
	oc, err := b.orderContext(c)
	if err != nil {
		return nil, err
	}
	var out []offer
	for _, lo := range oc.leaderMoves() {
		if oc.o.Leader != "" && lo.Leader != oc.o.Leader {
			continue
		}
		for _, to := range lo.To {
			if o, ok := placeOffer(c.lang, &oc.view, oc.side, to); ok {
				out = append(out, o)
			}
		}
	}
	return match(out, typed), nil
}

// completeBanner offers the banners the side may raise, in the typed unit
// once there is one (engine.Options' BannerOptions).
func (b *Bot) completeBanner(c *call, typed string) ([]offer, error) {
	oc, err := b.orderContext(c)
	if err != nil || oc.fixed {
		return nil, err
	}
	o := oc.o
	o.Kind = engine.OrderBanner
	var out []offer
	for _, bo := range oc.tree(o).Banners {
		var units []string
		for _, bu := range bo.Units {
			if o.Unit == "" || bu.Unit == o.Unit {
				units = append(units, bu.Unit)
			}
		}
		if len(units) == 0 {
			continue
		}
		out = append(out, offer{bo.Banner, render.T(c.lang, "complete.banner", render.BannerTitle(c.lang, bo.Banner), strings.Join(units, ", "))})
	}
	return match(out, typed), nil
}

// completeCancel offers the side's own orders of this turn that /orders
// cancel takes back: by unit, with the phase and the order in the name.
func (b *Bot) completeCancel(c *call, typed string) ([]offer, error) {
	seat, err := b.seat(c, b.seats(c).SeatOf)
	if err != nil {
		return nil, err
	}
	so, err := b.svc.Orders(seat)
	if err != nil {
		return nil, err
	}
	var out []offer
	for _, o := range so.Orders {
		if o.Unit == "" || o.Phase != 1 && o.Phase != 2 {
			continue
		}
		out = append(out, offer{o.Unit, render.T(c.lang, "complete.cancel", o.Unit, o.Phase, render.OrderName(c.lang, o.Kind))})
	}
	slices.SortStableFunc(out, func(x, y offer) int { return strings.Compare(x.name, y.name) })
	// One unit may have two orders: each is offered (the phase tells them
	// apart), so match may not drop the second by its value.
	typedLow := strings.ToLower(strings.TrimSpace(typed))
	var kept []offer
	for _, o := range out {
		if strings.Contains(strings.ToLower(o.name), typedLow) {
			kept = append(kept, o)
		}
	}
	return kept, nil
}

// completeSaveAmmo offers the shooters whose Save ammo! /orders may give
// or take back (engine.SetSaveAmmo; only under save_ammo.changeable).
func (b *Bot) completeSaveAmmo(c *call, typed string) ([]offer, error) {
	seat, view, err := b.seatView(c, b.seats(c).SeatOf)
	if err != nil {
		return nil, err
	}
	var out []offer
	for i := range view.Units {
		u := &view.Units[i]
		if u.Side != seat.Side {
			continue
		}
		if _, p := engine.SetSaveAmmo(view, seat.Side, u.ID, !u.SaveAmmo, false); p != nil {
			continue
		}
		key := "complete.save_ammo.off"
		if u.SaveAmmo {
			key = "complete.save_ammo.on"
		}
		out = append(out, offer{u.ID, render.T(c.lang, key, unitName(c.lang, u))})
	}
	return match(out, typed), nil
}
