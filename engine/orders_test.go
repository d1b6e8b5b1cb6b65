package engine

import "testing"

// TestOrderTable pins the per-kind facts of the order table to the rules
// they come from, so that a row edited by mistake shows.
func TestOrderTable(t *testing.T) {
	set := func(ks ...OrderKind) map[OrderKind]bool {
		m := map[OrderKind]bool{}
		for _, k := range ks {
			m[k] = true
		}
		return m
	}
	declarations := set(OrderSignalRetreat, OrderStopBattle, OrderMoveLeader, OrderShinobi, OrderBanner)
	for _, c := range []struct {
		what string
		got  func(OrderKind) bool
		want map[OrderKind]bool
	}{
		{"special (R-VI.3)", OrderKind.Special, set(OrderVolley, OrderHold, OrderAdvance, OrderRally)},
		{"army-wide (R-VI.4)", OrderKind.ArmyWide, set(OrderGeneralAdvance, OrderGeneralRetreat)},
		{"declaration (D-05)", OrderKind.Declaration, declarations},
		// Withdrawing and declarations cost no order (R-II.10.3, D-34).
		{"free (D-34)", OrderKind.Free, set(OrderWithdraw, OrderSignalRetreat, OrderStopBattle, OrderMoveLeader, OrderShinobi, OrderBanner)},
		// Orders that leave the cell end Hold when given (R-VI.3.3, D-42).
		{"ends Hold (D-42)", OrderKind.EndsHold, set(OrderMove, OrderRetreat, OrderSidestepLeft, OrderSidestepRight, OrderForcedMarch, OrderAdvance)},
		{"gallops (R-VI.2.12)", OrderKind.Gallops, set(OrderMove, OrderWheelLeft, OrderWheelRight, OrderAdvance)},
		{"forward (D-62)", OrderKind.Forward, set(OrderMove, OrderAdvance, OrderForcedMarch, OrderGeneralAdvance)},
		// The columns bot and game ask rather than naming kinds (issue 26
		// item 3). Army-wide orders (R-VI.1.8) and declarations (D-05) name
		// no unit; a banner is raised in one (R-V.7.2).
		{"names no unit (R-VI.1.8, D-05)", OrderKind.NamesNoUnit, set(OrderGeneralAdvance, OrderGeneralRetreat,
			OrderSignalRetreat, OrderStopBattle, OrderMoveLeader, OrderShinobi)},
		{"shoots (R-VI.2.2, R-VI.3.1)", OrderKind.Shoots, set(OrderShoot, OrderVolley)},
		// In the plan-change round unit orders, army-wide ones included,
		// and leader moves may change; banners do not (D-29); missions were
		// all declared before any report (D-30).
		{"fixed at plan change (D-29, D-30)", OrderKind.FixedAtPlanChange, set(OrderShinobi, OrderBanner)},
		// Missions (R-V.6.1, D-30), banners (R-V.7.1, D-26), the signal
		// and the stop (D-05) are given beside earlier ones.
		{"adds up (R-V.6.1, R-V.7.1, D-05)", OrderKind.AddsUp, set(OrderSignalRetreat, OrderStopBattle, OrderShinobi, OrderBanner)},
	} {
		for _, k := range OrderKinds() {
			if c.got(k) != c.want[k] {
				t.Errorf("%s: %s is %v, want %v", c.what, k, c.got(k), c.want[k])
			}
		}
	}
	// What may still come to nothing once admitted (the sheet says it): a
	// move stopped on its way (R-VII.3), a rally's roll (R-VI.3.5), a
	// mission's roll (R-V.6); nothing else.
	mayFail := map[OrderKind]string{OrderMove: "move", OrderAdvance: "move", OrderSidestepLeft: "move",
		OrderSidestepRight: "move", OrderRetreat: "move", OrderForcedMarch: "move",
		OrderRally: "rally", OrderShinobi: "shinobi"}
	for _, k := range OrderKinds() {
		if got := k.MayFail(); got != mayFail[k] {
			t.Errorf("may fail: %s is %q, want %q", k, got, mayFail[k])
		}
	}
	for _, k := range OrderKinds() {
		if k.String() == "" || k.Rule() == "" {
			t.Errorf("order %d has no key or rule", k)
		}
		if got, err := ParseOrderKind(k.String()); err != nil || got != k {
			t.Errorf("ParseOrderKind(%q) = %v, %v", k, got, err)
		}
		if !k.Supported() {
			t.Errorf("%s is not supported", k)
		}
	}
}

// TestOrderReplaces pins which earlier order a new one takes the place
// of: a unit's order for the same phase (R-VI.1.2), the army-wide order
// (R-VI.4.1), the same leader's move (R-III.6.1); missions, banners and
// declarations add up.
func TestOrderReplaces(t *testing.T) {
	move := Order{Unit: "a", Kind: OrderMove, Phase: 1}
	wheel := Order{Unit: "a", Kind: OrderWheelLeft, Phase: 1}
	later := Order{Unit: "a", Kind: OrderWheelLeft, Phase: 2}
	other := Order{Unit: "b", Kind: OrderMove, Phase: 1}
	adv := Order{Kind: OrderGeneralAdvance, Phase: 1}
	ret := Order{Kind: OrderGeneralRetreat, Phase: 1}
	lm1 := Order{Kind: OrderMoveLeader, Leader: "g", To: "a"}
	lm2 := Order{Kind: OrderMoveLeader, Leader: "g", To: "hq"}
	lm3 := Order{Kind: OrderMoveLeader, Leader: "h", To: "hq"}
	sh1 := Order{Kind: OrderShinobi, Mission: "panic", Target: "x"}
	sh2 := Order{Kind: OrderShinobi, Mission: "sabotage", Target: "y"}
	banner := Order{Unit: "a", Kind: OrderBanner, Banner: "oda", Phase: 1}
	signal := Order{Kind: OrderSignalRetreat}
	stop := Order{Kind: OrderStopBattle}
	for _, c := range []struct {
		o, x Order
		want bool
	}{
		{wheel, move, true}, {later, move, false}, {other, move, false}, {ret, adv, true}, {adv, move, false},
		{move, adv, false}, {lm2, lm1, true}, {lm3, lm1, false}, {lm1, adv, false}, {sh2, sh1, false},
		{banner, move, false}, {move, banner, false}, {banner, banner, false}, {signal, signal, false},
		{stop, stop, false}, {stop, signal, false},
	} {
		if got := c.o.Replaces(c.x); got != c.want {
			t.Errorf("%v replaces %v: %v, want %v", c.o.Kind, c.x.Kind, got, c.want)
		}
	}
}

// TestNamesNoUnitAsValidate checks the column against Validate: an order
// of a kind that names no unit is refused when it names one
// (ProbArmyWideUnit); one of any other kind is refused when it names none.
func TestNamesNoUnitAsValidate(t *testing.T) {
	b := testBattle(unit("n1", North, SamuraiSpear, 8, at(5, 4), S), unit("s1", South, SamuraiSpear, 8, at(5, 8), N))
	b.Turn = 1
	for _, k := range OrderKinds() {
		o := Order{Side: North, Kind: k, Phase: 1}
		if k.NamesNoUnit() {
			o.Unit = "n1"
		}
		codes := map[string]bool{}
		for _, p := range Validate(b, North, 1, []Order{o}) {
			codes[p.Code] = true
		}
		switch {
		case k.NamesNoUnit() && !codes[ProbArmyWideUnit]:
			t.Errorf("%s naming a unit: %v, want %s", k, codes, ProbArmyWideUnit)
		case !k.NamesNoUnit() && !codes[ProbUnknownUnit]:
			t.Errorf("%s naming no unit: %v, want %s", k, codes, ProbUnknownUnit)
		}
	}
}

// TestEnumIterators checks that every iterator lists each value once, in
// order, and that each value has a name.
func TestEnumIterators(t *testing.T) {
	check := func(what string, names []string) {
		t.Helper()
		seen := map[string]bool{}
		for i, n := range names {
			if n == "" || seen[n] {
				t.Errorf("%s %d: name %q empty or repeated", what, i, n)
			}
			seen[n] = true
		}
	}
	names := func(n int, name func(int) string) []string {
		out := make([]string, n)
		for i := range out {
			out[i] = name(i)
		}
		return out
	}
	st := Statuses()
	check("status", names(len(st), func(i int) string { return st[i].String() }))
	if len(st) != 5 || st[0] != StatusOK || st[4] != StatusScattered {
		t.Errorf("Statuses() = %v", st)
	}
	oc := Outcomes()
	check("outcome", names(len(oc), func(i int) string { return oc[i].String() }))
	if len(oc) != 6 || oc[0] != Ongoing || oc[5] != Draw {
		t.Errorf("Outcomes() = %v", oc)
	}
	ds := Dirs()
	check("dir", names(len(ds), func(i int) string { return ds[i].String() }))
	if len(ds) != 4 || ds[0] != N || ds[1] != E || ds[2] != S || ds[3] != W {
		t.Errorf("Dirs() = %v", ds)
	}
	tt := TroopTypes()
	check("troop", names(len(tt), func(i int) string { return tt[i].String() }))
	if len(tt) != 7 || tt[0] != HeavyCavalry || tt[6] != Yamabushi {
		t.Errorf("TroopTypes() = %v", tt)
	}
	ok := OrderKinds()
	check("order", names(len(ok), func(i int) string { return ok[i].String() }))
	if len(ok) != int(numOrderKinds) || ok[len(ok)-1] != OrderBanner {
		t.Errorf("OrderKinds() = %v", ok)
	}
}
