package classfile

import (
	"errors"
	"reflect"
	"strings"
	"testing"

	"github.com/gunbai/gunbai/skirmish"
)

const good = `command = 6
bearer_cost = 2

[[class]]
id = "spearman"
name = "Копейщик"
range = 2
move = 5
cost = 3

[[class]]
id = "swordsman"
range = 1
move = 5.5
cost = 2
defence = 10
deadly = "archer"

[[class]]
id = "archer"
range = 16
move = 5
cost = 4
shooter = true

[[class]]
id = "axeman"
range = 1
move = 5
cost = 3
deadly = "swordsman"
`

// E2-Q1: a GM's class table, what it leaves out the bot's defaults; the
// seed's numbers in (E2-D2: defence 10; E2-T: the three deadly strikes).
func TestParse_E2_Q1_T(t *testing.T) {
	tb, err := Parse("classes.toml", []byte(good))
	if err != nil {
		t.Fatal(err)
	}
	if tb.Source != "gm" || tb.Command != 6 || tb.BearerCost != 2 || tb.CavalryMove != 12 || tb.GateDefence != 10 {
		t.Errorf("table %+v", tb)
	}
	want := []skirmish.Class{
		{ID: "spearman", Name: "Копейщик", Range: 2, Move: 5, Cost: 3, Defence: 10, Deadly: skirmish.Cavalry},
		{ID: "swordsman", Range: 1, Move: 5.5, Cost: 2, Defence: 10, Deadly: "archer"},
		{ID: "archer", Range: 16, Move: 5, Cost: 4, Defence: 10, Deadly: "spearman", Shooter: true},
		{ID: "axeman", Range: 1, Move: 5, Cost: 3, Defence: 10, Deadly: "swordsman"},
	}
	if !reflect.DeepEqual(tb.Classes, want) {
		t.Errorf("classes\n%+v\nwant\n%+v", tb.Classes, want)
	}
	if _, err := skirmish.NewGame(skirmish.Setup{Table: tb, Sides: [2]skirmish.Side{
		{Units: []skirmish.Unit{{ID: "u", Fighters: []skirmish.Fighter{{ID: "a", Class: "axeman", Rank: skirmish.Knight}}}}},
		{Units: []skirmish.Unit{{ID: "v", Fighters: []skirmish.Fighter{{ID: "b", Class: "archer", Rank: skirmish.Sergeant}}}}},
	}}); err != nil {
		t.Errorf("a game on the GM's table: %v", err)
	}
}

// Every mistake is named by line and column (characters, as an editor
// counts), and a GM cannot change the seed's numbers (E2-D2, E2-T).
func TestMistakes_E2_D2_T(t *testing.T) {
	for _, c := range []struct {
		name, file string
		key        string
		line, col  int
	}{
		{"seed defence", strings.Replace(good, "defence = 10", "defence = 12", 1), "seed_defence", 16, 11},
		{"seed deadly", strings.Replace(good, `deadly = "archer"`, `deadly = "spearman"`, 1), "seed_deadly", 17, 10},
		{"unknown key", strings.Replace(good, "cost = 3\n", "cost = 3\nspeed = 4\n", 1), "unknown_key", 10, 1},
		{"wrong type", strings.Replace(good, "range = 2", `range = "два"`, 1), "want_number", 7, 9},
		{"text", strings.Replace(good, `name = "Копейщик"`, "name = 5", 1), "want_text", 6, 8},
		{"bool", strings.Replace(good, "shooter = true", "shooter = 1", 1), "want_bool", 24, 11},
		{"syntax", strings.Replace(good, "bearer_cost = 2\n", "bearer_cost = = 2\n", 1), "syntax", 2, 15},
		{"missing", strings.Replace(good, "move = 5.5\n", "", 1), "missing", 11, 3},
		{"id", strings.Replace(good, `id = "axeman"`, `id = "Топор"`, 1), "id", 27, 6},
		{"twice", strings.Replace(good, `id = "axeman"`, `id = "archer"`, 1), "twice", 27, 6},
		{"range", strings.Replace(good, "range = 16", "range = 0", 1), "positive", 21, 9},
		{"cost", strings.Replace(good, "cost = 4", "cost = -1", 1), "not_negative", 23, 8},
		{"command", strings.Replace(good, "command = 6", "command = 0", 1), "positive", 1, 11},
		{"deadly", strings.Replace(good, `deadly = "swordsman"`, `deadly = "monk"`, 1), "deadly", 31, 10},
	} {
		_, err := Parse("classes.toml", []byte(c.file))
		var m *Mistake
		if !errors.As(err, &m) {
			t.Errorf("%s: %v, want a Mistake", c.name, err)
			continue
		}
		if m.Key != "err.skirmish_classes."+c.key || m.Args[0] != "classes.toml" || m.Args[1] != c.line || m.Args[2] != c.col {
			t.Errorf("%s: %s %v, want %s at %d:%d", c.name, m.Key, m.Args, c.key, c.line, c.col)
		}
	}
	// the seed's classes must be there (E2-T)
	short := good[:strings.Index(good, "[[class]]\nid = \"archer\"")]
	_, err := Parse("classes.toml", []byte(short))
	if m, ok := err.(*Mistake); !ok || m.Key != "err.skirmish_classes.seed_class" || m.Args[1] != "archer" {
		t.Errorf("no archer: %v", err)
	}
	if _, err := Parse("classes.txt", []byte(good)); err == nil {
		t.Error("a .txt accepted")
	}
	if _, err := Parse("classes.toml", make([]byte, MaxSize+1)); err == nil {
		t.Error("a file over MaxSize accepted")
	}
}
