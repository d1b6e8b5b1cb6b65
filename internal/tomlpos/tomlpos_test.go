package tomlpos

import (
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

// positions is every entry of doc by its path, at line:column (characters).
func positions(doc string) map[string]string {
	out := map[string]string{}
	l := NewLines([]byte(doc))
	Walk([]byte(doc), func(e Entry) {
		p := l.At(e.At())
		mark := ""
		if e.Nested {
			mark = "~"
		}
		out[String(e.Path)] = fmt.Sprintf("%s%d:%d", mark, p.Line, p.Col)
	})
	return out
}

func TestWalk(t *testing.T) {
	for _, c := range []struct {
		name, doc string
		want      map[string]string
	}{
		{"nested tables", "top = 1\n[a]\nx = \"б\"\n[a.b]\n  y = 2\n[c.d.e]\nz.w = 3\n", map[string]string{
			"top": "1:7", "a": "2:2", "a.x": "3:5", "a.b": "4:2", "a.b.y": "5:7", "c.d.e": "6:2", "c.d.e.z.w": "7:7"}},
		{"arrays of tables", "[[army]]\nid = 1\n[[army.unit]]\nid = 2\n[[army.unit]]\nid = 3\n[[army]]\n[army.extra]\nk = 4\n[[army.unit]]\nid = 5\n", map[string]string{
			"army[0]": "1:3", "army[0].id": "2:6", "army[0].unit[0]": "3:3", "army[0].unit[0].id": "4:6",
			"army[0].unit[1]": "5:3", "army[0].unit[1].id": "6:6", "army[1]": "7:3", "army[1].extra": "8:2",
			"army[1].extra.k": "9:5", "army[1].unit[0]": "10:3", "army[1].unit[0].id": "11:6"}},
		// go-toml gives an array value no place: it has its key's.
		{"inline tables and arrays", "u = { id = \"ё\", n = [1, { k = 2 }] }\ng = [\"а\", \"б\"]\n", map[string]string{
			"u": "1:5", "u.id": "~1:12", "u.n": "~1:17", "u.n[0]": "~1:22", "u.n[1]": "~1:25", "u.n[1].k": "~1:31",
			"g": "2:1", "g[0]": "~2:6", "g[1]": "~2:11"}},
		{"quoted keys", "\"a.b\" = 1\n[\"т\".'x y']\n\"z\" = 2\n", map[string]string{
			"a.b": "1:9", "т.x y": "2:2", "т.x y.z": "3:7"}},
	} {
		got := positions(c.doc)
		if !reflect.DeepEqual(got, c.want) {
			t.Errorf("%s: got %v\nwant %v", c.name, got, c.want)
		}
	}
}

// A quoted key keeps its dot: it is one part, not two.
func TestQuotedKeyIsOnePart(t *testing.T) {
	var paths [][]Part
	Walk([]byte("\"a.b\" = 1\na.b = 2\n"), func(e Entry) { paths = append(paths, e.Path) })
	want := [][]Part{{{Key: "a.b", N: -1}}, {{Key: "a", N: -1}, {Key: "b", N: -1}}}
	if !reflect.DeepEqual(paths, want) {
		t.Errorf("paths %v, want %v", paths, want)
	}
}

// A syntax error ends the walk after what came before it.
func TestWalkStopsAtSyntaxError(t *testing.T) {
	got := positions("a = 1\nb = = 2\nc = 3\n")
	if !reflect.DeepEqual(got, map[string]string{"a": "1:5"}) {
		t.Errorf("got %v", got)
	}
}

// The byte column is go-toml's; the character column an editor's.
func TestColumns(t *testing.T) {
	l := NewLines([]byte("ключ = 1\n"))
	if p := l.At(strings.Index("ключ = 1\n", "1")); p != (Pos{1, 8, 12}) {
		t.Errorf("At = %+v", p)
	}
	if c := l.Column(1, 12); c != 8 {
		t.Errorf("Column = %d", c)
	}
}

// The line table answers as counting the newlines from the start would.
func TestNewlines(t *testing.T) {
	files, _ := filepath.Glob(filepath.Join("..", "..", "engine", "testdata", "cases", "*.toml"))
	if len(files) == 0 {
		t.Fatal("no case files")
	}
	docs := []string{"", "\n", "a", "a\n\nb\n", "\n\n\n"}
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		docs = append(docs, string(data))
	}
	for _, doc := range docs {
		l := NewLines([]byte(doc))
		for off := 0; off <= len(doc); off++ {
			if got, want := l.At(off).Line, strings.Count(doc[:off], "\n")+1; got != want {
				t.Fatalf("%q offset %d: line %d, want %d", fmt.Sprint(len(doc)), off, got, want)
			}
		}
	}
}
