package engine

import (
	"encoding/json"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"
)

// The numbers the log shows are the numbers the engine used, in random
// battles of several turns: a counted roll (melee, shooting, rerolls) has
// its target and as many successes as dice reaching it (R-VIII.2.1,
// R-VI.5.4); a combat result's terms add up to its X (R-VIII.4.2) and its
// verdict follows from them (R-VIII.4.3-5); a meeting's loser routs only
// when its losses pass its St (R-VIII.4.8); shots say why they were fired
// (R-VI.5.4, R-VI.6.1); a unit destroyed by shooting or a rout attack
// cites that rule, not R-VIII.2.7.
func TestEventsCarryTheirNumbers(t *testing.T) {
	rng := rand.New(rand.NewPCG(29, 31))
	var counted, attacks, meetings, free, repelling, shotDown int
	for trial := 0; trial < 150; trial++ {
		b, orders := randomBattle(rng, 3+rng.IntN(10))
		for turn := 1; turn <= 4 && b.Outcome == Ongoing; turn++ {
			next, events, err := ResolveTurn(b, orders, NewSeededDice([]byte{byte(trial), 7}, "terms", turn))
			if err != nil {
				t.Fatalf("trial %d turn %d: %v", trial, turn, err)
			}
			lossRule := map[string]string{}
			for _, e := range events {
				switch e.Kind {
				case EvRoll:
					_, purpose, _ := strings.Cut(e.Key, ".")
					if purpose != "melee" && purpose != "shoot" && purpose != "reroll" {
						continue
					}
					counted++
					hits := 0
					for _, d := range e.Dice {
						if d >= e.Need {
							hits++
						}
					}
					if e.Need < 2 || e.Need > 6 || hits != e.Value {
						t.Errorf("trial %d: roll %s %v needs %d+ and counts %d", trial, e.Key, e.Dice, e.Need, e.Value)
					}
				case EvCombatResult:
					tm := e.Terms
					switch e.Detail {
					case "repelled", "pushed_back", "routed":
						attacks++
						if tm == nil {
							t.Fatalf("trial %d: %s without terms", trial, e.Detail)
						}
						x := tm.Losses + tm.Imp + tm.Ranks + tm.Rear - tm.St - tm.Inflicted - tm.Serried
						st := tm.St + tm.Serried
						ok := x == e.Value && (e.Detail == "repelled") == (x <= 0) &&
							(e.Detail != "routed" || x > st || e.Rule == "R-X.1.1") && (e.Detail != "pushed_back" || x <= st)
						if !ok {
							t.Errorf("trial %d: %s X = %d with terms %+v", trial, e.Detail, e.Value, *tm)
						}
					case "won_routed", "won_retreated":
						meetings++
						if tm == nil || tm.Losses != e.Value || (e.Detail == "won_routed") != (tm.Losses > tm.St+tm.Serried) {
							t.Errorf("trial %d: %s with loss %d and terms %+v", trial, e.Detail, e.Value, tm)
						}
					}
				case EvShot:
					switch e.Detail {
					case DetailFreeFire:
						free++
						if e.Rule != "R-VI.5.4" {
							t.Errorf("trial %d: free fire cites %s", trial, e.Rule)
						}
					case DetailRepellingFire:
						repelling++
						if e.Rule != "R-VI.6.1" {
							t.Errorf("trial %d: repelling fire cites %s", trial, e.Rule)
						}
					}
				case EvLosses:
					lossRule[e.Unit] = e.Rule
				case EvDestroyed:
					if want := lossRule[e.Unit]; e.Rule != want {
						t.Errorf("trial %d: %s destroyed citing %s, its last losses %s", trial, e.Unit, e.Rule, want)
					}
					if strings.HasPrefix(e.Rule, "R-VI.") {
						shotDown++
					}
				}
			}
			b = next
			orders = randomOrders(rng, b)
		}
	}
	if counted < 100 || attacks < 10 || free < 5 {
		t.Fatalf("only %d counted rolls, %d attacks, %d free-fire shots (%d meetings, %d repelling, %d shot down): the random battles no longer fight",
			counted, attacks, free, meetings, repelling, shotDown)
	}
	t.Logf("%d counted rolls, %d attacks, %d meetings, %d free-fire and %d repelling shots, %d units shot down",
		counted, attacks, meetings, free, repelling, shotDown)
}

// The new fields are left out of JSON when unset, and an event stored
// before them decodes as it did.
func TestEventNewFieldsJSON(t *testing.T) {
	old := `{"kind":"combat_result","rule":"R-VIII.4.4","unit":"sp","value":3,"detail":"pushed_back"}`
	var e Event
	if err := json.Unmarshal([]byte(old), &e); err != nil {
		t.Fatal(err)
	}
	if e.Terms != nil || e.Need != 0 || e.Value != 3 || e.Detail != "pushed_back" {
		t.Fatalf("old event decoded as %+v", e)
	}
	data, err := json.Marshal(e)
	if err != nil {
		t.Fatal(err)
	}
	if s := string(data); strings.Contains(s, "need") || strings.Contains(s, "terms") {
		t.Fatalf("unset fields written: %s", s)
	}
	e.Need = 4
	e.Terms = &CombatTerms{Losses: 3, Imp: 3, Ranks: 1, St: 3, Inflicted: 1, Meeting: [3][2]int{{1, 2}, {0, 0}, {0, 0}}}
	data, _ = json.Marshal(e)
	var back Event
	if err := json.Unmarshal(data, &back); err != nil || !reflect.DeepEqual(back, e) {
		t.Fatalf("round trip: %s gave %+v (%v)", data, back, err)
	}
	if s := string(data); !strings.Contains(s, `"need":4`) || strings.Contains(s, "rear") || strings.Contains(s, "serried") {
		t.Fatalf("terms written as %s", s)
	}
}
