package campaign

import (
	"reflect"
	"testing"
)

func TestHealing_E1_H1_to_H4(t *testing.T) {
	cases := []struct {
		name     string
		c        Character
		dice     []int
		outcomes []string
		mod      int
		target   int
		wounds   int
		dead     bool
	}{
		{"E1-H3 young heals on 2", Character{Age: Young, Wounds: 1}, []int{2}, []string{"healed"}, 0, 2, 0, false},
		{"E1-H3 young 1 complication", Character{Age: Young, Wounds: 1}, []int{1}, []string{"complication"}, 0, 2, 2, false},
		{"E1-H3 mature 3 heals, 2 not", Character{Age: Mature, Wounds: 2}, []int{3, 2}, []string{"healed", "not healed"}, 0, 3, 1, false},
		{"E1-H3 old needs 4", Character{Age: Old, Wounds: 2}, []int{4, 3}, []string{"healed", "not healed"}, 0, 4, 1, false},
		{"E1-Q17e minor as young", Character{Age: Minor, Wounds: 1}, []int{2}, []string{"healed"}, 0, 2, 0, false},
		{"E1-H2 weak health -1", Character{Age: Mature, Wounds: 1, WeakHealth: true}, []int{3}, []string{"not healed"}, -1, 3, 1, false},
		{"E1-H2 weak health 2 is complication", Character{Age: Young, Wounds: 1, WeakHealth: true}, []int{2}, []string{"complication"}, -1, 2, 2, false},
		{"E1-H2 busy and wounded at start -1", Character{Age: Mature, Wounds: 1, WoundsAtTurnStart: 1, Busy: true}, []int{3}, []string{"not healed"}, -1, 3, 1, false},
		{"E1-Q17d busy not wounded at start 0", Character{Age: Mature, Wounds: 1, Busy: true}, []int{3}, []string{"healed"}, 0, 3, 0, false},
		{"E1-H2 both -2", Character{Age: Old, Wounds: 1, WoundsAtTurnStart: 1, Busy: true, WeakHealth: true}, []int{5}, []string{"not healed"}, -2, 4, 1, false},
		{"E1-H4 third wound kills", Character{Age: Old, Wounds: 2}, []int{1, 5}, []string{"complication", "healed"}, 0, 4, 2, false},
		{"E1-H4 two complications kill", Character{Age: Old, Wounds: 2}, []int{1, 3}, []string{"complication", "not healed"}, 0, 4, 3, true},
		{"E1-H4 trait exception", Character{Age: Old, Wounds: 2, SurvivesThird: true}, []int{1, 3}, []string{"complication", "not healed"}, 0, 4, 3, false},
		{"E1-H1 no wounds no rolls", Character{Age: Old}, nil, nil, 0, 4, 0, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			c.c.ID = "kenshin"
			m := map[string]int{}
			keys := []string{"kenshin.heal.1", "kenshin.heal.2"}
			for i, v := range c.dice {
				m[keys[i]] = v
			}
			h := Heal(c.c, dice(t, m))
			var outs []string
			for i, r := range h.Rolls {
				outs = append(outs, r.Outcome)
				want := Roll{Key: keys[i], Die: c.dice[i], Mod: c.mod, Result: c.dice[i] + c.mod, Target: c.target, Success: r.Outcome == "healed"}
				want.Outcome = r.Outcome
				if r != want {
					t.Errorf("roll %d %+v, want %+v", i, r, want)
				}
			}
			if !reflect.DeepEqual(outs, c.outcomes) || h.Wounds != c.wounds || h.Dead != c.dead {
				t.Errorf("got %v wounds %d dead %v, want %v %d %v", outs, h.Wounds, h.Dead, c.outcomes, c.wounds, c.dead)
			}
		})
	}
}

func TestMayLead_E1_H5(t *testing.T) {
	for w, want := range map[int]bool{0: true, 1: true, 2: false} {
		if MayLead(w) != want {
			t.Errorf("MayLead(%d) = %v", w, !want)
		}
	}
}

// E1-H2, F-E1-1 item 2 (seed §VIII item 2: "Если персонаж начал ход уже с
// ранами, но помимо излечения занимался чем-либо ещё (управление провинцией,
// обучение, командование армией и т.д.), то бросок получает еще -1"): a
// character wounded at the turn's start who commanded an army is busy,
// whether or not a battle record lists him among its leaders: the army's
// commander on the roster is enough, and so is a record's side commander.
func TestHealingBusyCommander_E1_H2(t *testing.T) {
	wounded := func(id string) Person {
		return Person{Character: Character{ID: id, Age: Mature, Wounds: 1, WoundsAtTurnStart: 1}, Clan: "oda", Status: Active}
	}
	base := Roster{Turn: 2, Clans: []Clan{{ID: "oda"}, {ID: "asai"}},
		Characters: []Person{wounded("cmd"), wounded("rec"), wounded("home"),
			{Character: Character{ID: "fresh", Age: Mature, Wounds: 1}, Clan: "oda", Status: Active}},
		Armies: []Army{
			{ID: "oda-1", Clan: "oda", Kind: KindArmy, Commander: "cmd", State: InOrder, Units: []Unit{{ID: "u", Type: AshigaruSpear, Figures: 4}}},
			{ID: "oda-2", Clan: "oda", Kind: KindSendan, State: InOrder},
		},
		// A battle whose record names its commander but lists no characters.
		Records: []BattleRecord{{Battle: "b", Turn: 2, Sides: [2]RecordedSide{{Clan: "oda", Armies: []string{"oda-2"}, Commander: "rec"}, {Clan: "asai"}}}},
	}
	base.Characters[3].WoundsAtTurnStart = 0
	_, am, err := StartAftermath(base, "oda-1", Province{}, keyed{"cmd.heal.1": 3, "rec.heal.1": 3, "home.heal.1": 3, "fresh.heal.1": 3})
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]bool{"cmd": true, "rec": true, "home": false, "fresh": false}
	for _, h := range am.Healings {
		if h.Busy != want[h.Character] {
			t.Errorf("E1-H2 %s busy %v, want %v", h.Character, h.Busy, want[h.Character])
		}
		healed := h.Result.Healed == 1
		if healed == want[h.Character] { // a 3 heals a mature man (E1-H3) unless busy (-1)
			t.Errorf("E1-H2 %s: %+v", h.Character, h.Result.Rolls)
		}
	}
	if len(am.Healings) != 4 {
		t.Errorf("healings %+v", am.Healings)
	}
}
