package engine

import (
	"testing"
)

// testBattle builds a battle from compact unit specs for Go tests.
func testBattle(units ...Unit) Battle {
	b := Battle{ID: "t", Defender: South, Settings: DefaultSettings()}
	for _, u := range units {
		if u.Status == 0 {
			u.Status = StatusOK
		}
		if st := u.Stats(); st.Shooter && u.Ammo == 0 {
			u.Ammo = st.AmmoPerFigure * u.Figures
		}
		b.Units = append(b.Units, u)
	}
	return b
}

func unit(id string, side Side, t TroopType, n int, cell string, f Dir) Unit {
	return Unit{ID: id, Side: side, Type: t, Figures: n, Cell: MustCell(cell), Facing: f}
}

func resolve(t *testing.T, b Battle, orders []Order, dice map[string][]int) (Battle, []Event) {
	t.Helper()
	d := NewScriptedDice(dice)
	nb, ev, err := ResolveTurn(b, orders, d)
	if err != nil {
		t.Fatalf("resolve: %v", err)
	}
	if d.Err() != nil {
		t.Fatalf("dice: %v", d.Err())
	}
	if u := d.Unused(); len(u) > 0 {
		t.Fatalf("unused dice: %v", u)
	}
	return nb, ev
}

func order(b Battle, id string, k OrderKind, phase int) Order {
	u := b.Unit(id)
	c := Ordinary
	if k.Special() {
		c = Special
	}
	return Order{Unit: id, Side: u.Side, Kind: k, Class: c, Phase: phase}
}

func expectUnit(t *testing.T, b Battle, id, cell string, figures int, facing Dir, status Status) {
	t.Helper()
	u := b.Unit(id)
	if u == nil {
		t.Fatalf("no unit %s", id)
	}
	if u.Cell != MustCell(cell) || u.Figures != figures || u.Facing != facing || u.Status != status {
		t.Errorf("%s: got %s %d %s %s, want %s %d %s %s", id, u.Cell, u.Figures, u.Facing, u.Status,
			cell, figures, facing, status)
	}
}
