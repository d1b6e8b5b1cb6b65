package bot

import (
	"bytes"
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"log"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"

	"github.com/gunbai/gunbai/game"
	"github.com/gunbai/gunbai/store"
)

// owedKinds are the post kinds the module outside bot declares: every
// constant named Post<Something> with a string value (a text key, named
// ...Key, aside), wherever the package that owes it lives.
func owedKinds(t *testing.T) map[string]string {
	t.Helper()
	out := map[string]string{}
	fset := token.NewFileSet()
	err := filepath.WalkDir("..", func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			switch d.Name() {
			case "bot", "testdata", ".git":
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		f, err := parser.ParseFile(fset, path, nil, 0)
		if err != nil {
			return err
		}
		for _, decl := range f.Decls {
			g, ok := decl.(*ast.GenDecl)
			if !ok || g.Tok != token.CONST {
				continue
			}
			for _, spec := range g.Specs {
				vs := spec.(*ast.ValueSpec)
				for i, name := range vs.Names {
					n := name.Name
					if !strings.HasPrefix(n, "Post") || len(n) == 4 || strings.HasSuffix(n, "Key") || i >= len(vs.Values) {
						continue
					}
					if lit, ok := vs.Values[i].(*ast.BasicLit); ok && lit.Kind == token.STRING {
						v, _ := strconv.Unquote(lit.Value)
						out[v] = f.Name.Name + "." + n
					}
				}
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// Every kind of post the game can owe has its row: a composer, or an act
// of delivery (postActs); and no row is for a kind nobody owes.
func TestEveryPostKindIsComposed(t *testing.T) {
	kinds := owedKinds(t)
	if len(kinds) < 20 {
		t.Fatalf("found only %d post kinds (%v): the scan missed where they are declared", len(kinds), kinds)
	}
	for kind, name := range kinds {
		_, composed := composers[kind]
		_, acted := postActs[kind]
		switch {
		case !composed && !acted:
			t.Errorf("%s (%q) has no composer and no act", name, kind)
		case composed && acted:
			t.Errorf("%s (%q) is both composed and acted", name, kind)
		}
	}
	for kind := range composers {
		if _, ok := kinds[kind]; !ok {
			t.Errorf("composers has a row for %q, which nothing owes", kind)
		}
	}
	for kind := range postActs {
		if _, ok := kinds[kind]; !ok {
			t.Errorf("postActs has a row for %q, which nothing owes", kind)
		}
	}
}

// A post of a kind the bot does not know (a store written by a newer
// version) is refused with its kind named, logged and dropped: no panic,
// and the outbox moves on.
func TestUnknownPostKindIsLoggedAndDropped(t *testing.T) {
	st, err := store.Open(filepath.Join(t.TempDir(), "g.db"), store.Options{NoSync: true})
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	svc := &game.Service{Store: st}
	var logged bytes.Buffer
	s, _ := discordgo.New("Bot t")
	b := New(s, svc, Options{Log: log.New(&logged, "", 0)})
	p := store.Post{ID: 7, Guild: "g", Channel: "1", Kind: "carrier_pigeon", Lang: "ru"}
	if msgs, err := b.compose(p); err == nil || !strings.Contains(err.Error(), `"carrier_pigeon"`) {
		t.Fatalf("compose: %v, %v", msgs, err)
	}
	if retry := b.deliver(p); !retry.IsZero() {
		t.Fatalf("deliver waits till %v", retry)
	}
	if got := logged.String(); !strings.Contains(got, `post 7 (carrier_pigeon): unknown post kind "carrier_pigeon"; dropped`) {
		t.Fatalf("log: %q", got)
	}
}
