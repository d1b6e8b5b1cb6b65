package house

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"
)

// The limits of issue 26: a function longer than this is a pipeline of
// named stages waiting to be written; a type with more methods than this
// is several types.
const (
	maxFuncLines      = 100
	maxExportedMethod = 40
)

// source is one parsed production file.
type source struct {
	path string // slash-separated, from the module root
	file *ast.File
}

// sources parses every production Go file of the module.
func sources(t *testing.T) (*token.FileSet, []source) {
	t.Helper()
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(root, "go.mod")); err != nil {
		t.Fatalf("module root not found from %s: %v", root, err)
	}
	fset := token.NewFileSet()
	var out []source
	err = filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		name := d.Name()
		if d.IsDir() {
			if p != root && (name == "testdata" || strings.HasPrefix(name, ".") || strings.HasPrefix(name, "_")) {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(name, ".go") || strings.HasSuffix(name, "_test.go") {
			return nil
		}
		f, err := parser.ParseFile(fset, p, nil, parser.ParseComments)
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, p)
		out = append(out, source{filepath.ToSlash(rel), f})
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(out) < 100 {
		t.Fatalf("only %d production files found: the walk is wrong", len(out))
	}
	return fset, out
}

// receiver names the type a method is declared on ("" for a function).
func receiver(fd *ast.FuncDecl) string {
	if fd.Recv == nil || len(fd.Recv.List) == 0 {
		return ""
	}
	t := fd.Recv.List[0].Type
	if s, ok := t.(*ast.StarExpr); ok {
		t = s.X
	}
	switch x := t.(type) {
	case *ast.Ident:
		return x.Name
	case *ast.IndexExpr:
		if id, ok := x.X.(*ast.Ident); ok {
			return id.Name
		}
	case *ast.IndexListExpr:
		if id, ok := x.X.(*ast.Ident); ok {
			return id.Name
		}
	}
	return "?"
}

func TestHouseNoLongFunctions(t *testing.T) {
	fset, files := sources(t)
	for _, s := range files {
		for _, d := range s.file.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok {
				continue
			}
			from, to := fset.Position(fd.Pos()).Line, fset.Position(fd.End()).Line
			if n := to - from + 1; n > maxFuncLines {
				name := fd.Name.Name
				if r := receiver(fd); r != "" {
					name = r + "." + name
				}
				t.Errorf("%s:%d: %s is %d lines (at most %d: make it a pipeline of named stages)", s.path, from, name, n, maxFuncLines)
			}
		}
	}
}

func TestHouseNoTypeWithManyMethods(t *testing.T) {
	_, files := sources(t)
	count := map[string]int{} // "dir.Type" -> exported methods declared on it
	for _, s := range files {
		for _, d := range s.file.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || fd.Recv == nil || !fd.Name.IsExported() {
				continue
			}
			count[filepath.Dir(s.path)+"."+receiver(fd)]++
		}
	}
	var over []string
	for k, n := range count {
		if n > maxExportedMethod {
			over = append(over, fmt.Sprintf("%s has %d exported methods (at most %d)", k, n, maxExportedMethod))
		}
	}
	sort.Strings(over)
	for _, o := range over {
		t.Error(o)
	}
}

// TestHouseRenderApart: the texts and the pictures are two packages; the
// texts do not import the pictures, and no picture file is left among the
// texts.
func TestHouseRenderApart(t *testing.T) {
	_, files := sources(t)
	seenField := false
	for _, s := range files {
		dir, base := filepath.Dir(s.path), filepath.Base(s.path)
		if dir == "render/field" {
			seenField = true
		}
		if dir != "render" {
			continue
		}
		if strings.HasPrefix(base, "field_") {
			t.Errorf("%s: a picture file among the texts (it belongs in render/field)", s.path)
		}
		for _, imp := range s.file.Imports {
			p, _ := strconv.Unquote(imp.Path.Value)
			if strings.HasPrefix(p, "github.com/gunbai/gunbai/render/field") {
				t.Errorf("%s imports %s: the texts must not depend on the pictures", s.path, p)
			}
		}
	}
	if !seenField {
		t.Error("render/field has no production file")
	}
}

// TestHouseNoInitRegistration: tables are built where they are declared or
// by one function that checks them, not filled by init()s in many files.
func TestHouseNoInitRegistration(t *testing.T) {
	_, files := sources(t)
	for _, s := range files {
		for _, d := range s.file.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok && fd.Recv == nil && fd.Name.Name == "init" {
				t.Errorf("%s: func init (build the table in one checked function instead)", s.path)
			}
		}
	}
}
