package engine

import "testing"

// D-03 (extend, the default): a routing unit that flees across its own back
// edge stays in the battle on a drawn cell and keeps fleeing.
func TestFlightBeyondTheFieldExtends(t *testing.T) {
	b := testBattle(
		unit("r", North, AshigaruSpear, 6, "A41", N),
		unit("n", North, SamuraiSpear, 8, "B46", S),
	)
	b.Turn = 1
	b.Units[0].Status, b.Units[0].RoutedTurn = StatusRouting, 1
	nb, _ := resolve(t, b, nil, nil)
	u := nb.Unit("r")
	if u.Status != StatusRouting || u.Cell != (Cell{6, 0}) || u.Cell.Name() != "A51" || u.Cell.OnField() {
		t.Fatalf("extend: %+v", *u)
	}
	if ZoneOf(u.Cell) != ZoneNone {
		t.Fatal("a drawn cell belongs to no zone")
	}
}

// D-03 (bounded): the field has edges; a routing unit fleeing across its own
// back edge leaves the battle (scattered), and no unit moves off the field.
func TestFlightBeyondTheFieldBounded(t *testing.T) {
	b := testBattle(
		unit("r", North, AshigaruSpear, 6, "A41", N),
		unit("m", North, SamuraiSpear, 8, "B46", E),
	)
	b.Settings.OffField = OffFieldBounded
	b.Turn = 1
	b.Units[0].Status, b.Units[0].RoutedTurn = StatusRouting, 1
	nb, _ := resolve(t, b, []Order{order(b, "m", OrderMove, 1)}, nil)
	if u := nb.Unit("r"); u.Status != StatusScattered {
		t.Fatalf("bounded: %+v", *u)
	}
	if u := nb.Unit("m"); u.Cell != MustCell("B46") {
		t.Fatalf("a move off a bounded field must be cancelled: %v", u.Cell)
	}
}
