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
	} {
		for _, k := range OrderKinds() {
			if c.got(k) != c.want[k] {
				t.Errorf("%s: %s is %v, want %v", c.what, k, c.got(k), c.want[k])
			}
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
