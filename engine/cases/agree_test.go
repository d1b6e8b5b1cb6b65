package cases

import (
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/gunbai/gunbai/engine/scenario"
)

// positionSnippets reads the sections of engine/scenario's
// testdata/positions.txtar: good and bad positions, each a whole file.
func positionSnippets(t *testing.T) map[string]string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("..", "scenario", "testdata", "positions.txtar"))
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]string{}
	name := ""
	for _, l := range strings.SplitAfter(string(data), "\n") {
		if n, ok := strings.CutPrefix(strings.TrimSpace(l), "-- "); ok && strings.HasSuffix(n, " --") {
			name = strings.TrimSuffix(n, " --")
			out[name] = ""
		} else if name != "" {
			out[name] += l
		}
	}
	if len(out) < 20 {
		t.Fatalf("only %d snippets in positions.txtar", len(out))
	}
	return out
}

// agree checks that the case loader reads the positions of a file exactly
// as the scenario loader does. A case with orders, command rolls, dice or
// expectations must have no other problem; the scenario loader refuses it
// for those, at its header.
func agree(t *testing.T, name string, data []byte) {
	t.Helper()
	cs, cerr := Parse(name, data)
	ps, serr := scenario.Parse(name, data)
	if errText(cerr) != errText(serr) {
		t.Fatalf("file errors differ:\ncases:    %v\nscenario: %v", cerr, serr)
	}
	if len(cs) != len(ps) {
		t.Fatalf("%d cases, %d positions", len(cs), len(ps))
	}
	for i, c := range cs {
		p := ps[i]
		if c.Name != p.Name || c.File != p.File || c.Line != p.Line || c.Turn != p.Turn {
			t.Errorf("#%d: case %q %s:%d turn %d, position %q %s:%d turn %d", i+1, c.Name, c.File, c.Line, c.Turn, p.Name, p.File, p.Line, p.Turn)
		}
		if !reflect.DeepEqual(c.Battle, p.Battle) {
			t.Errorf("#%d %s: battles differ:\ncases:    %+v\nscenario: %+v", i+1, c.Name, c.Battle, p.Battle)
		}
		want := errText(c.Err)
		if len(c.Orders)+len(c.Commands)+len(c.Dice)+len(c.Expect)+len(c.Refused) > 0 {
			if c.Err != nil {
				t.Fatalf("#%d %s: %v", i+1, c.Name, c.Err)
			}
			want = fmt.Sprintf("%s:%d: scenario %q: a scenario has no orders, commands, dice or expectations", c.File, c.Line, c.Name)
		}
		if got := errText(p.Err); got != want {
			t.Errorf("#%d %s: errors differ:\ncases:    %s\nscenario: %s", i+1, c.Name, want, got)
		}
	}
}

func errText(err error) string {
	if err == nil {
		return ""
	}
	return err.Error()
}

// The case runner and the scenario loader accept and refuse the same
// positions, with the same messages: every snippet of
// engine/scenario/testdata/positions.txtar, good or bad, and the GM
// scenario of the bot's tests.
func TestPositionsAgree(t *testing.T) {
	for name, src := range positionSnippets(t) {
		t.Run(name, func(t *testing.T) { agree(t, "t.toml", []byte(src)) })
	}
	f := filepath.Join("..", "..", "bot", "testdata", "sekigahara.toml")
	data, err := os.ReadFile(f)
	if err != nil {
		t.Fatal(err)
	}
	agree(t, f, data)
}

// Every case of the corpus has the same position for both loaders (and the
// scenario loader refuses it for its orders, dice or expectations).
func TestCorpusPositionsAgree(t *testing.T) {
	files, _ := filepath.Glob(filepath.Join("..", "testdata", "cases", "*.toml"))
	if len(files) == 0 {
		t.Skip("no case files in engine/testdata/cases")
	}
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		t.Run(filepath.Base(f), func(t *testing.T) { agree(t, f, data) })
	}
}
