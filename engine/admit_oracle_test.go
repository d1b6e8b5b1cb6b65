package engine

import (
	"errors"
	"testing"
)

// An order is checked against what its side sees (R-XI.3.2, D-67), when it
// is given and again at resolution. A shot at a unit in a forest is given
// while a friend stands next to the forest; if the GM then moves the friend
// away (a fix), the target is hidden again: Admit drops the order, as
// Validate would now refuse it (the same refusal as for no such unit), and
// ResolveTurn refuses it if given anyway. Resolution itself runs on the
// whole battle.
func TestAdmitDropsOrderNamingHiddenUnitNoOracle(t *testing.T) {
	b := testBattle(
		unit("ar", North, SamuraiArcher, 8, "A14", S),
		unit("sp", North, AshigaruSpear, 8, "C15", S), // next to C24
		unit("hid", South, AshigaruSpear, 8, "C24", N),
	)
	b.Terrain.Forests = []Cell{MustCell("C24")}
	shoot := Order{Unit: "ar", Side: North, Kind: OrderShoot, Phase: 1, Target: "hid"}
	if p := Validate(b, North, 1, []Order{shoot}); p != nil {
		t.Fatalf("a shot at a unit seen in its forest is refused: %v", p)
	}
	if got := Admit(b, North, 1, []Order{shoot}, nil); len(got) != 1 {
		t.Fatalf("Admit drops a legal shot: %v", got)
	}
	fixed := b.Clone()
	fixed.Unit("sp").Cell = MustCell("A16")
	if got := Admit(fixed, North, 1, []Order{shoot}, nil); len(got) != 0 {
		t.Errorf("Admit keeps a shot at a unit hidden since: %v", got)
	}
	none := shoot
	none.Target = "xyz"
	hidden, missing := Validate(fixed, North, 1, []Order{shoot}), Validate(fixed, North, 1, []Order{none})
	if len(hidden) != 1 || len(missing) != 1 || hidden[0].Code != missing[0].Code || hidden[0].Rule != missing[0].Rule || hidden[0].Unit != missing[0].Unit {
		t.Errorf("a hidden target reads %v, no target %v", hidden, missing)
	}
	var oe OrderErrors
	if _, _, err := ResolveTurn(fixed, []Order{shoot}, NewSeededDice([]byte("x"), "t", 1)); !errors.As(err, &oe) {
		t.Errorf("ResolveTurn takes a shot at a hidden unit: %v", err)
	}
}
