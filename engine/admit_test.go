package engine

import "testing"

// Admit keeps the orders that still validate, in the order given (a GM fix
// may have made one illegal, R-VI.1.2), then drops the most recently given
// while they exceed the command roll (R-V.6.5, D-31).
func TestAdmitD_31(t *testing.T) {
	b := testBattle(
		unit("a", North, SamuraiSpear, 8, "A21", S),
		unit("b", North, SamuraiSpear, 8, "B21", S),
		unit("c", North, SamuraiSpear, 8, "B22", S),
		unit("z", South, SamuraiSpear, 8, "D11", N),
	)
	given := []Order{
		order(b, "a", OrderMove, 1),
		order(b, "b", OrderMove, 1),
		order(b, "c", OrderWait, 1),
	}
	if got := Admit(b, North, 0, given, nil); len(got) != 3 {
		t.Fatalf("without a roll, every valid order: %+v", got)
	}
	// The roll now grants two ordinary orders: the last given goes.
	got := Admit(b, North, 0, given, &CommandResult{Ordinary: 2})
	if len(got) != 2 || got[0].Unit != "a" || got[1].Unit != "b" {
		t.Fatalf("two ordinary orders: %+v", got)
	}
	// The GM destroyed b since: its order is dropped, the others fit.
	b.Unit("b").Status = StatusDestroyed
	got = Admit(b, North, 0, given, &CommandResult{Ordinary: 2})
	if len(got) != 2 || got[0].Unit != "a" || got[1].Unit != "c" {
		t.Fatalf("after b was destroyed: %+v", got)
	}
	if len(given) != 3 || given[1].Unit != "b" {
		t.Fatal("Admit changed its input")
	}
	if got := Admit(b, North, 0, given, &CommandResult{}); len(got) != 0 {
		t.Fatalf("a roll that grants nothing: %+v", got)
	}
}
