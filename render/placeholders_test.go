package render

import (
	"errors"
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"log"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// printed drops the counted words from an argument's verbs.
func printed(vs []string) []string {
	var out []string
	for _, v := range vs {
		if v != "{count}" {
			out = append(out, v)
		}
	}
	return out
}

// Every catalogue text gives its arguments the same places in Russian and
// English: the same arguments, each printed with the same verbs (in any
// order, when the verbs are indexed), none skipped.
func TestPlaceholders(t *testing.T) {
	for _, k := range slices.Sorted(maps.Keys(catalogue)) {
		m := catalogue[k]
		ru, en := argVerbs(m.ru), argVerbs(m.en)
		if a, b := argCount(m.ru), argCount(m.en); a != b {
			t.Errorf("%s: ru takes %d arguments, en %d: %q / %q", k, a, b, m.ru, m.en)
		}
		for arg := 1; arg <= max(len(ru), len(en)); arg++ {
			// Counted words may stand in one language only ("5 шт."
			// against "5 figures"): the verbs must agree.
			if strings.Join(printed(ru[arg]), " ") != strings.Join(printed(en[arg]), " ") {
				t.Errorf("%s: argument %d is printed as %v in ru, %v in en", k, arg, ru[arg], en[arg])
			}
			if len(ru[arg]) == 0 && len(en[arg]) == 0 {
				t.Errorf("%s: argument %d is never printed (%q)", k, arg, m.ru)
			}
		}
		if got := placesOf(k); got != argCount(m.ru) {
			t.Errorf("%s: placesOf = %d, want %d", k, got, argCount(m.ru))
		}
	}
}

// argCount numbers arguments as fmt does.
func TestPlaceholdersCount(t *testing.T) {
	for s, want := range map[string]int{
		"":                  0,
		"100%%":             0,
		"%s":                1,
		"%s и %d, %.1f%%":   3,
		"%[2]d, а не %[1]d": 2,
		"%[1]s %s %[1]q":    2,
		"ходы %d–%d":        2,
		"{2:фигуру|фигуры|фигур}": 2,
		"%d {1:figure|figures}":   1,
		"%-8s|%5.2f|%+d|%x|%v|%q": 6,
	} {
		if got := argCount(s); got != want {
			t.Errorf("argCount(%q) = %d, want %d", s, got, want)
		}
	}
}

// A text given the wrong number of arguments, or an unknown key, is
// reported to OnTextError and written readably: in production without
// fmt's marks, in a test binary marked with "%!" so that the test that
// sent it fails.
func TestPlaceholdersMismatch(t *testing.T) {
	var got []string
	defer func(h func(string, error), u func() bool) { OnTextError, underTest = h, u }(OnTextError, underTest)
	OnTextError = func(key string, err error) { got = append(got, key+": "+err.Error()) }

	if !underTest() {
		t.Fatal("a test binary is not told from the bot")
	}
	underTest = func() bool { return false }
	for _, c := range []struct {
		lang Lang
		key  string
		args []any
		want string
	}{
		{RU, "err.undo_turn", []any{9}, "Вернуться можно к ходу от 1 до ?, а не 9."},
		{EN, "err.undo_turn", []any{9, 4, 7}, "The battle can go back to a turn from 1 to 4, not 9."},
		{RU, "no.such.key", []any{1}, "(текст недоступен)"},
		{EN, "no.such.key", nil, "(text unavailable)"},
		{EN, "side.north", []any{"x"}, "North"},
	} {
		if s := T(c.lang, c.key, c.args...); s != c.want {
			t.Errorf("T(%s, %s, %v) = %q, want %q", c.lang, c.key, c.args, s, c.want)
		}
	}
	want := []string{
		"err.undo_turn: 1 arguments for 2 places",
		"err.undo_turn: 3 arguments for 2 places",
		"no.such.key: " + ErrUnknownKey.Error(),
		"no.such.key: " + ErrUnknownKey.Error(),
		"side.north: 1 arguments for 0 places",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("OnTextError got\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}

	underTest = func() bool { return true }
	if s := T(RU, "err.undo_turn", 9); !strings.HasPrefix(s, "%!(err.undo_turn: 1 arguments for 2 places) ") {
		t.Errorf("under test, a mismatch must be marked: %q", s)
	}
	// Right counts are not reported.
	got = nil
	for _, s := range []string{T(RU, "err.undo_turn", 9, 4), T(EN, "side.north"), Count(RU, "figures", 5)} {
		if strings.Contains(s, "%!") || strings.Contains(s, "?") {
			t.Errorf("a right text came out as %q", s)
		}
	}
	if len(got) > 0 {
		t.Errorf("right texts reported: %v", got)
	}

	// The default logs a key's problem once.
	var buf strings.Builder
	log.SetOutput(&buf)
	defer log.SetOutput(os.Stderr)
	for range 3 {
		logTextErrorOnce("test.key", errors.New("2 arguments for 3 places"))
	}
	logTextErrorOnce("test.key", ErrUnknownKey)
	if n := strings.Count(buf.String(), "\n"); n != 2 || !strings.Contains(buf.String(), `render: text "test.key": 2 arguments for 3 places`) {
		t.Errorf("logged %d lines: %q", n, buf.String())
	}
}

// literalVars are the variables of a function that are only ever given
// string literals, with those literals.
func literalVars(body *ast.BlockStmt) map[string][]string {
	lits, dynamic := map[string][]string{}, map[string]bool{}
	assign := func(name string, v ast.Expr) {
		if lit, ok := v.(*ast.BasicLit); ok && lit.Kind == token.STRING {
			s, _ := strconv.Unquote(lit.Value)
			lits[name] = append(lits[name], s)
		} else {
			dynamic[name] = true
		}
	}
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.AssignStmt:
			for i, l := range n.Lhs {
				if id, ok := l.(*ast.Ident); ok {
					if len(n.Rhs) == len(n.Lhs) {
						assign(id.Name, n.Rhs[i])
					} else {
						dynamic[id.Name] = true
					}
				}
			}
		case *ast.ValueSpec:
			for i, id := range n.Names {
				if i < len(n.Values) {
					assign(id.Name, n.Values[i])
				} else {
					dynamic[id.Name] = true
				}
			}
		}
		return true
	})
	for name := range dynamic {
		delete(lits, name)
	}
	return lits
}

// keyCalls are the functions that take a catalogue key and then its
// arguments (key: the key's position; -1 the first string literal), by
// the package directory they are declared in ("" any: render.T).
var keyCalls = []struct {
	dir, fun string
	key      int
	// prefix is put before the literal and extra arguments given before
	// the caller's: fileCheck.fail(p, "missing", ...) is
	// refuse("err.roster_file.missing", name, line, column, ...).
	prefix string
	extra  int
}{
	{"", "render.T", 1, "", 0},
	{"render", "T", 1, "", 0},
	{"", "render.Count", 1, "count.", 0},
	{"render", "Count", 1, "count.", 0},
	{"bot", "tr", 1, "", 0},
	{"bot", "refuse", 0, "", 0},
	{"game", "refuse", 0, "", 0},
	{"game", "text", 2, "", 0},
	{"game", "fail", 1, "err.roster_file.", 3},
	{"game", "bad", -1, "", 0},
	{"game", "sideBad", -1, "", 0},
	{"skirmish", "refuse", 1, "", 0},
	{"skirmish/classfile", "fail", 1, "err.skirmish_classes.", 3},
	{"skirmish/classfile", "refuse", 0, "", 0},
}

// Every call in the repository's code that names a catalogue key as a
// literal names one that exists and gives it as many arguments as its
// text has places.
func TestPlaceholdersInSource(t *testing.T) {
	root, err := filepath.Abs("..")
	if err != nil {
		t.Fatal(err)
	}
	fset := token.NewFileSet()
	checked := 0
	err = filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if n := d.Name(); n == "testdata" || strings.HasPrefix(n, ".") && path != root {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		rel, _ := filepath.Rel(root, path)
		dir := filepath.ToSlash(filepath.Dir(rel))
		f, err := parser.ParseFile(fset, path, nil, 0)
		if err != nil {
			return err
		}
		for _, decl := range f.Decls {
			fn, ok := decl.(*ast.FuncDecl)
			if !ok || fn.Body == nil {
				continue
			}
			lits := literalVars(fn.Body)
			ast.Inspect(fn.Body, func(n ast.Node) bool {
				call, ok := n.(*ast.CallExpr)
				if !ok {
					return true
				}
				name := ""
				switch fn := call.Fun.(type) {
				case *ast.Ident:
					name = fn.Name
				case *ast.SelectorExpr:
					if x, ok := fn.X.(*ast.Ident); ok && x.Name == "render" {
						name = "render." + fn.Sel.Name
					} else {
						name = fn.Sel.Name
					}
				}
				for _, kc := range keyCalls {
					if kc.fun != name || kc.dir != "" && kc.dir != dir {
						continue
					}
					i := kc.key
					if i < 0 {
						for j, a := range call.Args {
							if lit, ok := a.(*ast.BasicLit); ok && lit.Kind == token.STRING {
								i = j
								break
							}
						}
					}
					if i < 0 || i >= len(call.Args) {
						break
					}
					var keys []string
					switch a := call.Args[i].(type) {
					case *ast.BasicLit:
						if a.Kind == token.STRING {
							k, _ := strconv.Unquote(a.Value)
							keys = []string{k}
						}
					case *ast.Ident:
						// key := "a"; if ... { key = "b" }: both are checked.
						keys = lits[a.Name]
					}
					pos := fset.Position(call.Pos())
					pos.Filename, _ = filepath.Rel(root, pos.Filename)
					for _, key := range keys {
						key = kc.prefix + key
						if _, ok := catalogue[key]; !ok {
							t.Errorf("%s: %s(%q): no such key", pos, name, key)
							continue
						}
						checked++
						if call.Ellipsis.IsValid() {
							continue // args... : counted at run time
						}
						if got, want := len(call.Args)-i-1+kc.extra, placesOf(key); got != want {
							t.Errorf("%s: %s(%q) gives %d arguments, its text has %d places: %q", pos, name, key, got, want, catalogue[key].ru)
						}
					}
					break
				}
				return true
			})
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if checked < 500 {
		t.Errorf("only %d calls with a literal key checked: the scan is blind", checked)
	}
	t.Logf("%d calls with a literal key checked", checked)
}
