package main

import (
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/gunbai/gunbai/engine"
	"github.com/gunbai/gunbai/render"
	"github.com/gunbai/gunbai/store"
)

// gunbai demo -ai south: the general plays the South through the
// lifecycle (its roll, its orders, sealed as a player's), the North keeps
// its script, and ai.ru.txt / ai.en.txt say each turn, in the general's
// words, what it intended with orders it gave. A side that is neither is
// refused.
func TestDemoAI(t *testing.T) {
	dir := t.TempDir()
	code, out, errs := gunbai("demo", "-out", dir, "-turns", "2", "-ai", "south")
	if code != 0 {
		t.Fatalf("demo -ai south: %d\n%s\n%s", code, out, errs)
	}
	if strings.Count(out, "the general (south): stake ") != 2 {
		t.Errorf("the demo's report does not give the general's turns:\n%s", out)
	}
	st, err := store.Open(filepath.Join(dir, "demo.db"), store.Options{ReadOnly: true})
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	texts := map[render.Lang]string{}
	for _, l := range []render.Lang{render.RU, render.EN} {
		data, err := os.ReadFile(filepath.Join(dir, "ai."+string(l)+".txt"))
		if err != nil {
			t.Fatal(err)
		}
		texts[l] = string(data)
		t.Logf("ai.%s.txt:\n%s", l, data)
	}
	for turn := 1; turn <= 2; turn++ {
		tr, err := st.BattleTurn(demoGuild, demoBattle, turn).Record()
		if err != nil {
			t.Fatal(err)
		}
		south, north := tr.Orders[engine.South], tr.Orders[engine.North]
		if len(south) == 0 || len(north) == 0 {
			t.Fatalf("turn %d: orders sealed: North %d, South %d", turn, len(north), len(south))
		}
		if turn == 1 && (north[0].Unit != "n-uma" || len(south) == 1 && south[0].Unit == "s-uma" && south[0].Kind == engine.OrderWait) {
			t.Errorf("turn 1: the North's orders %v are not the script's, or the South's %v are", north, south)
		}
		for l, head := range map[render.Lang]string{render.RU: "Ход " + strconv.Itoa(turn) + ", Юг (ИИ):", render.EN: "Turn " + strconv.Itoa(turn) + ", South (AI):"} {
			_, said, ok := strings.Cut(texts[l], head)
			said, _, _ = strings.Cut(said, "\n\n")
			if !ok || !strings.Contains(said, render.T(l, "ai.rolled", "")) {
				t.Errorf("ai.%s.txt has no turn %d with its stake:\n%s", l, turn, texts[l])
				continue
			}
			// Each intention is an order the general gave (sealed), and
			// it gave some.
			intents := 0
			for _, line := range strings.Split(said, "\n") {
				if !strings.HasPrefix(line, "• ") || strings.Contains(line, render.T(l, "ai.rolled", "")) {
					continue
				}
				intents++
				if !slices.ContainsFunc(south, func(o engine.Order) bool { return strings.HasPrefix(line, "• "+render.OrderLine(l, o)+" — ") }) {
					t.Errorf("ai.%s.txt, turn %d: %q is none of the orders the general gave %v", l, turn, line, south)
				}
			}
			if intents == 0 {
				t.Errorf("ai.%s.txt, turn %d, names no order:\n%s", l, turn, said)
			}
		}
	}
	code, _, errs = gunbai("demo", "-out", t.TempDir(), "-ai", "west")
	if code != 2 || !strings.Contains(errs, `-ai: сторона — north или south (север или юг), а не "west"`) {
		t.Errorf("demo -ai west: %d %q", code, errs)
	}
}
