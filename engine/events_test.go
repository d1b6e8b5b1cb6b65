package engine

import (
	"encoding/json"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"
)

// Every roll names the rule that asks for it, in random battles of several
// turns: the log cites it like any other event.
func TestEveryRollNamesItsRule(t *testing.T) {
	rng := rand.New(rand.NewPCG(13, 17))
	rolls := 0
	keys := map[string]bool{}
	for trial := 0; trial < 120; trial++ {
		b, orders := randomBattle(rng, 3+rng.IntN(10))
		for turn := 1; turn <= 4 && b.Outcome == Ongoing; turn++ {
			next, events, err := ResolveTurn(b, orders, NewSeededDice([]byte{byte(trial)}, "roll", turn))
			if err != nil {
				t.Fatalf("trial %d turn %d: %v", trial, turn, err)
			}
			for _, e := range events {
				if e.Kind != EvRoll {
					continue
				}
				rolls++
				_, purpose, _ := strings.Cut(e.Key, ".")
				keys[purpose] = true
				if !strings.HasPrefix(e.Rule, "R-") && !strings.HasPrefix(e.Rule, "D-") {
					t.Errorf("trial %d turn %d: roll %q has rule %q", trial, turn, e.Key, e.Rule)
				}
			}
			b = next
			orders = randomOrders(rng, b)
		}
	}
	if rolls < 100 || !keys["melee"] || !keys["shoot"] {
		t.Fatalf("only %d rolls (%v): the random battles no longer fight", rolls, keys)
	}
}

// Events name sides and facings by type, and stored JSON reads as before:
// "side":"south", "facing":"E"; an absent side or facing is the zero value
// (North, N), which only the kinds that carry one read.
func TestEventJSONCompatible(t *testing.T) {
	for _, c := range []struct {
		json string
		want Event
	}{
		{`{"kind":"hq_lost","rule":"R-III.1.6","side":"south","at":"C11","value":0}`,
			Event{Kind: EvHQLost, Rule: "R-III.1.6", Side: South, At: MustCell("C11")}},
		{`{"kind":"retreat_signal","side":"north","value":5}`,
			Event{Kind: EvRetreatSignal, Side: North, Value: 5}},
		{`{"kind":"wheeled","unit":"hc","facing":"E","value":0}`,
			Event{Kind: EvWheeled, Unit: "hc", Facing: E}},
		{`{"kind":"moved","unit":"hc","from":"A21","to":"A11","value":0}`,
			Event{Kind: EvMoved, Unit: "hc", From: MustCell("A21"), To: MustCell("A11")}},
	} {
		var got Event
		if err := json.Unmarshal([]byte(c.json), &got); err != nil {
			t.Fatalf("%s: %v", c.json, err)
		}
		if !reflect.DeepEqual(got, c.want) {
			t.Errorf("%s decodes to %+v, want %+v", c.json, got, c.want)
		}
		// And back: the same event again.
		out, err := json.Marshal(got)
		if err != nil {
			t.Fatal(err)
		}
		var again Event
		if err := json.Unmarshal(out, &again); err != nil || !reflect.DeepEqual(again, got) {
			t.Errorf("%s round trip: %s gives %+v, %v", c.json, out, again, err)
		}
	}
	out, _ := json.Marshal(Event{Kind: EvStopOffered, Side: South, Facing: W})
	if s := string(out); !strings.Contains(s, `"side":"south"`) || !strings.Contains(s, `"facing":"W"`) {
		t.Errorf("a typed side and facing marshal as text: %s", s)
	}
	out, _ = json.Marshal(Event{Kind: EvPhase})
	if s := string(out); strings.Contains(s, "side") || strings.Contains(s, "facing") {
		t.Errorf("zero side and facing are left out: %s", s)
	}
}
