package engine

import (
	"bufio"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	goflag "flag"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// updateIdentity rewrites testdata/identity.sha256 from the engine as it is:
// only ever on purpose, when a rule change is meant to change results.
var updateIdentity = goflag.Bool("update-identity", false, "rewrite testdata/identity.sha256")

// identityFile pins what the engine answers: the hash of every result of a
// fixed set of inputs, captured from the engine before its speed work (issue
// 18). Any optimisation must leave every line unchanged.
const identityFile = "testdata/identity.sha256"

// identityResults computes the pinned results, one hash per named input, in
// a fixed order.
func identityResults(t testing.TB) []string {
	var out []string
	add := func(name string, v any) {
		j, err := json.Marshal(v)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		sum := sha256.Sum256(j)
		out = append(out, name+" "+hex.EncodeToString(sum[:12]))
	}
	type result struct {
		B   Battle
		Ev  []Event
		Err string
	}
	errString := func(err error) string {
		if err == nil {
			return ""
		}
		return err.Error()
	}

	// Dice: the same key gives the same die, through SeededRoll and through
	// a turn's SeededDice, whatever the key, battle, turn and count.
	var rolls []int
	for _, seed := range []string{"", "x", "a longer seed than a sha256 block, so that hmac hashes the key first: 0123456789abcdef"} {
		for _, key := range []string{"N1.melee", "South.command", "", "a|b", strings.Repeat("k", 200)} {
			for n := 1; n <= 4; n++ {
				rolls = append(rolls, SeededRoll([]byte(seed), "battle-7", 3, key, n))
			}
			d := NewSeededDice([]byte(seed), "b", 12)
			for n := 0; n < 6; n++ {
				rolls = append(rolls, d.Roll(key), d.Roll(key+"x"))
			}
		}
	}
	add("dice", rolls)

	// Whole random battles of several turns, with forests and leaders in
	// half of them.
	rng := rand.New(rand.NewPCG(2026, 18))
	for trial := 0; trial < 300; trial++ {
		b, orders := randomBattle(rng, 2+rng.IntN(14))
		if trial%2 == 1 {
			forestBattle(rng, &b)
			orders = randomOrders(rng, b)
		}
		seed := []byte(fmt.Sprint("identity", trial))
		var turns []result
		for turn := 1; turn <= 5 && b.Outcome == Ongoing; turn++ {
			next, ev, err := ResolveTurn(b, orders, NewSeededDice(seed, b.ID, turn))
			turns = append(turns, result{next, ev, errString(err)})
			if err != nil {
				break
			}
			b = next
			orders = randomOrders(rng, b)
		}
		add(fmt.Sprintf("random/%d", trial), turns)
		if trial%10 == 0 {
			add(fmt.Sprintf("options/%d", trial), Options(b, Side(trial/10%2), b.Turn+1, nil, CommandResult{Special: 2, Ordinary: 3}).Orders())
		}
	}

	// The benchmarks' battles, one turn each, and as frames.
	for _, n := range []int{12, 24, 48} {
		b, orders := benchBattleN(n)
		next, ev, err := ResolveTurn(b, orders, NewSeededDice([]byte("bench"), "bench", 1))
		add(fmt.Sprintf("bench/%d", n), result{next, ev, errString(err)})
	}
	b, orders := benchBattle()
	frames, err := ResolveFrames(b, orders, NewSeededDice([]byte("bench"), "bench", 1))
	add("frames", struct {
		F   []Frame
		Err string
	}{frames, errString(err)})

	// Odds runs the resolver with its own random source.
	f := oddsField()
	f.Unit("tp").Cell = Cell{8, 4}
	shoot := order(f, "ar", OrderShoot, 1)
	shoot.Target = "tp"
	for _, o := range []Order{order(f, "sp", OrderMove, 1), shoot} {
		r, err := Odds(f, North, o, 300)
		add("odds/"+o.Unit, struct {
			R   OddsResult
			Err string
		}{r, errString(err)})
	}
	return out
}

// TestIdentity: the engine gives exactly the results pinned in
// testdata/identity.sha256 (issue 18: faster, never different).
func TestIdentity(t *testing.T) {
	got := identityResults(t)
	if *updateIdentity {
		if err := os.WriteFile(identityFile, []byte(strings.Join(got, "\n")+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want := readLines(t, identityFile)
	if len(want) != len(got) {
		t.Fatalf("%s has %d results, the engine gives %d", identityFile, len(want), len(got))
	}
	bad := 0
	for i := range want {
		if want[i] != got[i] {
			if bad++; bad <= 10 {
				t.Errorf("result changed: got %q, want %q", got[i], want[i])
			}
		}
	}
	if bad > 0 {
		t.Errorf("%d of %d results changed", bad, len(want))
	}
}

func readLines(t *testing.T, name string) []string {
	t.Helper()
	f, err := os.Open(filepath.FromSlash(name))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var lines []string
	s := bufio.NewScanner(f)
	for s.Scan() {
		lines = append(lines, s.Text())
	}
	if err := s.Err(); err != nil {
		t.Fatal(err)
	}
	return lines
}
