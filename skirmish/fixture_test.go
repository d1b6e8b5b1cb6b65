package skirmish

import (
	"errors"
	"testing"
)

// seq answers the dice in order, whatever the key, and keeps the keys.
type seq struct {
	v    []int
	keys []string
}

func (s *seq) Roll(key string) int {
	s.keys = append(s.keys, key)
	if len(s.v) == 0 {
		return 0 // off the die: the test sees the error
	}
	v := s.v[0]
	s.v = s.v[1:]
	return v
}

func dice(v ...int) *seq { return &seq{v: v} }

func ftr(id, class string, r Rank) Fighter { return Fighter{ID: id, Class: class, Rank: r} }

// sides are the test warbands: the defenders (side 0) a knight's unit
// (45 points) and the attackers (side 1) a sergeant's (16 points) and a lone sergeant's.
func sides() [2]Side {
	dk := ftr("dk", Swordsman, Knight)
	ds := ftr("ds", Swordsman, Sergeant) // 3: a subordinate officer
	return [2]Side{
		{Name: "Defenders", Nation: "Ода", Units: []Unit{{ID: "d1", Name: "Стража", Symbol: "◆", Fighters: []Fighter{
			dk, ds, ftr("d2", Spearman, NoRank), ftr("d3", Spearman, NoRank), ftr("d4", Spearman, NoRank),
			ftr("d5", Spearman, NoRank), ftr("da", Archer, NoRank),
		}}}},
		{Name: "Attackers", Nation: "Такэда", Units: []Unit{{ID: "a1", Name: "Волки", Symbol: "▲", Fighters: []Fighter{
			ftr("as", Swordsman, Sergeant), ftr("a2", Spearman, NoRank), ftr("a3", Spearman, NoRank),
			{ID: "ac", Class: Spearman, Cavalry: true}, ftr("aa", Archer, NoRank),
		}}, {ID: "a9", Name: "Резерв", Symbol: "●", Fighters: []Fighter{ftr("o9", Swordsman, Sergeant)}}}},
	}
}

func newGame(t *testing.T) Game {
	t.Helper()
	g, err := NewGame(Setup{Table: DefaultClasses(), Sides: sides(), Defender: 0})
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// must applies an action that must pass.
func must(t *testing.T, g Game, a Action, d Dice) (Game, []Event) {
	t.Helper()
	n, ev, err := Apply(g, a, d)
	if err != nil {
		t.Fatalf("%+v: %v", a, err)
	}
	return n, ev
}

// refused checks that an action is refused under rule, and changes nothing.
func refused(t *testing.T, g Game, a Action, d Dice, rule string) *Refusal {
	t.Helper()
	n, ev, err := Apply(g, a, d)
	var r *Refusal
	if !errors.As(err, &r) {
		t.Fatalf("%+v: want a refusal under %s, got %v", a, rule, err)
	}
	if r.Rule != rule {
		t.Errorf("%+v: refused under %s (%s), want %s", a, r.Rule, r.Key, rule)
	}
	if ev != nil || len(n.Record) != len(g.Record) || n.Turn != g.Turn || n.Phase != g.Phase {
		t.Errorf("%+v: a refusal changed the game", a)
	}
	return r
}

// fighter is the fighter by ID.
func fighter(g Game, id string) Fighter {
	f, _, ok := g.find(id)
	if !ok {
		panic(id)
	}
	return *f
}

// set changes a fighter in place, for a test's situation.
func set(g *Game, id string, fn func(*Fighter)) {
	f, _, ok := g.find(id)
	if !ok {
		panic(id)
	}
	fn(f)
}

// pass ends the active turn.
func pass(t *testing.T, g Game) Game {
	t.Helper()
	n, _ := must(t, g, Action{Kind: KindEndTurn}, dice())
	return n
}
