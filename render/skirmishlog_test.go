package render

import (
	"testing"

	"github.com/gunbai/gunbai/skirmish"
)

// Every die is worded with its target: an attack against the defence it
// had to beat (E2-D1: greater than the defence), a test against the
// result it needed (E2-R2: 11 or more), a modifier shown (E2-K, E2-SW).
func TestSkirmishDie_E2_D1_R2(t *testing.T) {
	for _, c := range []struct {
		l    Lang
		r    skirmish.Roll
		what string
		want string
	}{
		{RU, skirmish.Roll{Die: 14, Result: 14, Target: 14, Success: true}, "defence", "d20 = 14 > защита 13"},
		{RU, skirmish.Roll{Die: 13, Result: 13, Target: 14}, "defence", "d20 = 13 ≤ защита 13"},
		{EN, skirmish.Roll{Die: 9, Mod: 5, Result: 14, Target: 14, Success: true}, "defence", "d20 = 9 + 5 = 14 > defence 13"},
		{EN, skirmish.Roll{Die: 10, Result: 10, Target: 11}, "", "d20 = 10 < 11"},
		{RU, skirmish.Roll{Die: 11, Result: 11, Target: 11, Success: true}, "", "d20 = 11 ≥ 11"},
	} {
		if got := SkirmishDie(c.l, c.r, c.what); got != c.want {
			t.Errorf("%+v: %q, want %q", c.r, got, c.want)
		}
	}
}
