package game

import (
	"slices"

	"github.com/gunbai/gunbai/engine"
	"github.com/gunbai/gunbai/store"
)

// SheetWings is what a sheet of a side with wings says of them: the wing
// its holder plays, whether he commands, and every wing of the side.
type SheetWings struct {
	WingsState
	Mine     string // the wing the holder's orders count in (Seat.WingKey)
	Commands bool   // he rolls, orders the whole side's orders, says ready for all
	// SideReady: the side is ready (every wing, or its commander for all).
	SideReady bool
	// Others are the side's orders given by the other wings: shown on the
	// sheet, cancelled by their own wing only (OwnOrders).
	Others []engine.Order
}

// OwnOrders are the orders of the sheet's side its holder may cancel:
// all of them, but on a side with wings his own wing's; the others' are
// shown apart (SheetWings.Others), not offered for cancelling.
func (st SheetState) OwnOrders() []engine.Order {
	if st.Wings == nil || len(st.Wings.Others) == 0 {
		return st.Orders.Orders
	}
	others := map[string]bool{}
	for _, o := range st.Wings.Others {
		others[OrderKey(o)] = true
	}
	return slices.DeleteFunc(slices.Clone(st.Orders.Orders), func(o engine.Order) bool { return others[OrderKey(o)] })
}

// wingSheet narrows an open sheet of a side with wings to its holder's
// wing: the orders he may give are his own units' (and the whole side's
// to the commander), within his wing's share of the roll, which is the
// allowance the sheet shows. The rest of the side stays in its view.
func wingSheet(rec *store.BattleRecord, sh store.Sheet, ph store.CommandPhase, out *SheetState) {
	sp := rec.People.Sides[sh.Side&1]
	if !sp.HasWings() {
		return
	}
	seat := sheetSeat(rec, sh)
	out.Wings = &SheetWings{WingsState: wingsState(rec, sh.Side, ph, out.Orders.Command), Mine: seat.WingKey(), Commands: seat.Commands(),
		SideReady: out.Ready}
	if i := slices.IndexFunc(out.Wings.Wings, func(w WingState) bool { return w.Player == out.Wings.Mine }); i >= 0 && !seat.ReadiesAll() {
		out.Ready = out.Ready || out.Wings.Wings[i].Ready
	}
	c := out.Orders.Command
	if c == nil || !c.Final {
		return
	}
	key := seat.WingKey()
	share := shareOf(shares(rec, sh.Side, ph, c.Result), key, c.Result)
	mine := wingOrders(sp, out.Orders.Orders, key)
	if seat.ReadiesAll() { // a substitute for the whole side spends the whole roll
		mine, share = out.Orders.Orders, c.Result
	}
	if !seat.ReadiesAll() {
		for _, o := range out.Orders.Orders {
			if OrderWing(sp, o) != key {
				out.Wings.Others = append(out.Wings.Others, o)
			}
		}
	}
	out.Tree = onlyMine(engine.Options(rec.State, sh.Side, rec.Turn, mine, share), seat)
	out.Left, _ = engine.AllowanceLeft(rec.State, sh.Side, rec.Turn, mine, share)
}

// onlyMine is an order tree cut to what a seat may give: its units, and
// the whole side's orders if it commands.
func onlyMine(t engine.OrderTree, seat Seat) engine.OrderTree {
	t.Units = slices.DeleteFunc(slices.Clone(t.Units), func(u engine.UnitOptions) bool { return !seat.MayOrder(u.Unit) })
	if !seat.Commands() {
		t.ArmyWide, t.Leaders, t.Shinobi, t.SignalRetreat, t.StopBattle = nil, nil, nil, false, false
	}
	var banners []engine.BannerOptions
	for _, b := range t.Banners {
		b.Units = slices.DeleteFunc(slices.Clone(b.Units), func(u engine.BannerUnit) bool { return !seat.MayOrder(u.Unit) })
		if len(b.Units) > 0 {
			banners = append(banners, b)
		}
	}
	t.Banners = banners
	return t
}
