package cases

import (
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
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
// as the scenario loader does. The scenario loader refuses a case with
// orders, command rolls, dice or expectations, at its header.
func agree(t *testing.T, name string, data []byte) {
	t.Helper()
	cs, cerr := Parse(name, data)
	ps, serr := scenario.Parse(name, data)
	if cerr != nil && serr == nil {
		// A value of the wrong type (or, outside every [[case]] header, an
		// unknown key) inside an order or a command roll: the case loader
		// reads those, the scenario loader refuses them unread.
		if !inOrderOrCommand.MatchString(cerr.(*FileError).Msg) {
			t.Fatalf("the case loader refuses the file (%v), the scenario loader reads it", cerr)
		}
		refused := false
		for _, p := range ps {
			refused = refused || strings.Contains(errText(p.Err), "a scenario has no orders, commands, dice or expectations")
		}
		if !refused {
			t.Errorf("the case loader refuses the file (%v), the scenario loader accepts every position", cerr)
		}
		return
	}
	if cerr != nil && serr != nil && errText(cerr) != errText(serr) && inOrderOrCommand.MatchString(cerr.(*FileError).Msg) {
		return // both refuse the file; the scenario loader for another problem
	}
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
		want, got := errText(c.Err), errText(p.Err)
		if len(c.Orders)+len(c.Commands)+len(c.Dice)+len(c.Expect)+len(c.Refused) > 0 {
			refusal := c.File + ": "
			if c.Line > 0 {
				refusal = fmt.Sprintf("%s:%d: ", c.File, c.Line)
			}
			refusal += fmt.Sprintf("scenario %q: a scenario has no orders, commands, dice or expectations", c.Name)
			if c.Err != nil {
				// The refusal among the position's problems, which the
				// case has too, with those of its orders, dice...
				if !strings.Contains(got, refusal) {
					t.Errorf("#%d %s: the scenario loader does not refuse the case: %s", i+1, c.Name, got)
				}
				for _, part := range strings.Split(got, "; ") {
					if part != refusal && !strings.Contains(want, part) {
						t.Errorf("#%d %s: the scenario loader's problem %q is not the case loader's: %s", i+1, c.Name, part, want)
					}
				}
				continue
			}
			want = refusal
		}
		if got != want {
			t.Errorf("#%d %s: errors differ:\ncases:    %s\nscenario: %s", i+1, c.Name, want, got)
		}
	}
}

var inOrderOrCommand = regexp.MustCompile(`(?i)\bcase\.(order|command)\b`)

func errText(err error) string {
	if err == nil {
		return ""
	}
	return err.Error()
}

// The case runner and the scenario loader accept and refuse the same
// positions, with the same messages: every snippet of
// engine/scenario/testdata/positions.txtar, good or bad.
func TestPositionsAgree(t *testing.T) {
	for name, src := range positionSnippets(t) {
		t.Run(name, func(t *testing.T) { agree(t, "t.toml", []byte(src)) })
	}
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

// Whatever the file, both loaders agree on it.
func FuzzPositionsAgree(f *testing.F) {
	data, err := os.ReadFile(filepath.Join("..", "scenario", "testdata", "positions.txtar"))
	if err != nil {
		f.Fatal(err)
	}
	for _, sec := range strings.Split(string(data), "\n-- ") {
		if _, src, ok := strings.Cut(sec, " --\n"); ok {
			f.Add(src)
		}
	}
	f.Add(full)
	f.Add("[[case]]\n[[case.order]]\nphase = \"2\"\n")
	f.Add("[[case]]\norder = 5\n[[case]]\n")
	f.Add("[[CAse.order]]\n00=\"\"")
	f.Add("[[0]]\n[[CAse.order]]\nphAse=\"\"")
	f.Fuzz(func(t *testing.T, src string) { agree(t, "fuzz.toml", []byte(src)) })
}
