package campaign

import (
	"reflect"
	"strings"
	"testing"
)

func hero(id string) Unit {
	return Unit{ID: id, Type: FootSamuraiSpear, Figures: 5, Inflicted: true, SufferedLosses: true, Held: true}
}

func TestUnitDistinguished_E1_U1_E1_U5(t *testing.T) {
	mod := func(f func(*Unit)) Unit { u := hero("u"); f(&u); return u }
	cases := []struct {
		name string
		u    Unit
		want []Promotion
	}{
		{"E1-U1 held", hero("u"), []Promotion{PromoteMastery, PromoteSteadImp}},
		{"E1-U1b destroyed a unit", mod(func(u *Unit) { u.Held, u.DestroyedEnemy = false, true }), []Promotion{PromoteMastery, PromoteSteadImp}},
		{"E1-U1b put to flight", mod(func(u *Unit) { u.Held, u.PutToFlight = false, true }), []Promotion{PromoteMastery, PromoteSteadImp}},
		{"E1-U1a inflicted nothing", mod(func(u *Unit) { u.Inflicted = false }), nil},
		{"E1-U1a lost nothing", mod(func(u *Unit) { u.SufferedLosses = false }), nil},
		{"E1-U1a losses recovered still count", mod(func(u *Unit) { u.LostThisTurn = 0 }), []Promotion{PromoteMastery, PromoteSteadImp}},
		{"E1-U1b no feat", mod(func(u *Unit) { u.Held = false }), nil},
		{"E1-U1c fled", mod(func(u *Unit) { u.Fled = true }), nil},
		{"E1-U5 storm kill", Unit{ID: "u", Figures: 5, StormKill: true}, []Promotion{PromoteMastery, PromoteSteadImp}},
		{"E1-U3 second time the other", mod(func(u *Unit) { u.Promotions = []Promotion{PromoteMastery} }), []Promotion{PromoteSteadImp}},
		{"E1-Q15e lifetime two", mod(func(u *Unit) { u.Promotions = []Promotion{PromoteSteadImp, PromoteMastery} }), nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := PromotionOptions(c.u); !reflect.DeepEqual(got, c.want) {
				t.Errorf("options %v, want %v", got, c.want)
			}
		})
	}
}

func TestUnitPromotion_E1_U2_to_U4(t *testing.T) {
	second := hero("b")
	second.Promotions = []Promotion{PromoteMastery}
	second.Mastery = 1
	units := []Unit{hero("a"), second, hero("c"), {ID: "d", Figures: 5}}
	cases := []struct {
		name  string
		picks []Pick
		want  map[string][3]int // mastery, steadiness, impetus
		err   string
	}{
		{"E1-U2 mastery and stead+imp", []Pick{{"a", PromoteMastery}, {"b", PromoteSteadImp}},
			map[string][3]int{"a": {1, 0, 0}, "b": {1, 1, 1}, "c": {0, 0, 0}}, ""},
		{"E1-U4 third unit refused", []Pick{{"a", PromoteMastery}, {"b", PromoteSteadImp}, {"c", PromoteMastery}}, nil, "at most 2"},
		{"E1-U3 same upgrade twice refused", []Pick{{"b", PromoteMastery}}, nil, "may not take"},
		{"E1-U1 undistinguished refused", []Pick{{"d", PromoteMastery}}, nil, "may not take"},
		{"one unit picked twice", []Pick{{"a", PromoteMastery}, {"a", PromoteSteadImp}}, nil, "twice"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got, err := Promote(units, c.picks)
			if c.err != "" {
				if err == nil || !strings.Contains(err.Error(), c.err) {
					t.Fatalf("err %v, want %q", err, c.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			for _, u := range got {
				if w, ok := c.want[u.ID]; ok && [3]int{u.Mastery, u.SteadinessMod, u.ImpetusMod} != w {
					t.Errorf("%s: %d %d %d, want %v", u.ID, u.Mastery, u.SteadinessMod, u.ImpetusMod, w)
				}
			}
			if units[0].Mastery != 0 || len(units[1].Promotions) != 1 {
				t.Error("input changed")
			}
		})
	}
}
