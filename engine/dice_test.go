package engine

import "testing"

// Scripted dice answer by key, in order, and report what was missing or left.
func TestScriptedDice(t *testing.T) {
	d := NewScriptedDice(map[string][]int{"a.melee": {6, 5}, "b.melee": {1}})
	if d.Roll("a.melee") != 6 || d.Roll("b.melee") != 1 || d.Roll("a.melee") != 5 {
		t.Fatal("wrong order")
	}
	if d.Err() != nil || len(d.Unused()) != 0 {
		t.Fatal("nothing should be missing or left")
	}
	d.Roll("a.melee")
	if d.Err() == nil || d.Err().Error() != "unscripted roll a.melee #3" {
		t.Fatalf("err %v", d.Err())
	}
	left := NewScriptedDice(map[string][]int{"hc.melee": {6, 5, 3, 1}})
	left.Roll("hc.melee")
	left.Roll("hc.melee")
	if u := left.Unused(); len(u) != 1 || u[0] != "hc.melee [3 1]" {
		t.Fatalf("unused %v", u)
	}
}

// Seeded dice are a pure function of seed, battle, turn, key and count, and
// they are fair.
func TestSeededDice(t *testing.T) {
	seed := []byte("published after the turn")
	a := NewSeededDice(seed, "b1", 3)
	b := NewSeededDice(seed, "b1", 3)
	for k := 0; k < 50; k++ {
		if x, y := a.Roll("hc.melee"), b.Roll("hc.melee"); x != y {
			t.Fatal("same inputs gave different dice")
		}
	}
	// The n-th roll of a key can be recomputed on its own (gunbai verify).
	c := NewSeededDice(seed, "b1", 3)
	c.Roll("sp.melee") // other keys do not shift this key's stream
	c.Roll("hc.melee")
	if got, want := c.Roll("hc.melee"), SeededRoll(seed, "b1", 3, "hc.melee", 2); got != want {
		t.Fatalf("roll 2: %d vs %d", got, want)
	}
	// Different turns and seeds give different streams.
	same := 0
	for n := 1; n <= 40; n++ {
		if SeededRoll(seed, "b1", 3, "k", n) == SeededRoll(seed, "b1", 4, "k", n) {
			same++
		}
	}
	if same > 20 {
		t.Fatalf("turns 3 and 4 agree on %d of 40 dice", same)
	}
	// Fairness: 60,000 dice, each face within 3% of 10,000.
	var count [7]int
	for n := 1; n <= 60000; n++ {
		v := SeededRoll(seed, "b1", 1, "x", n)
		if v < 1 || v > 6 {
			t.Fatalf("die %d", v)
		}
		count[v]++
	}
	for f := 1; f <= 6; f++ {
		if count[f] < 9700 || count[f] > 10300 {
			t.Errorf("face %d came up %d times of 60000", f, count[f])
		}
	}
}

// A seeded roll allocates nothing once the dice of the turn exist (issue
// 18: a turn rolls some 90 dice).
func TestSeededRollAllocatesNothing(t *testing.T) {
	d := NewSeededDice([]byte("seed"), "battle", 3)
	d.Roll("Na.melee")
	if n := testing.AllocsPerRun(100, func() { d.Roll("Na.melee") }); n != 0 {
		t.Fatalf("a roll allocates %v times", n)
	}
}
