package scenario

import (
	"errors"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/gunbai/gunbai/engine"
)

// snippet is one section of testdata/positions.txtar.
type snippet struct {
	name string
	src  string
	line int // line of the section header in positions.txtar
}

func readSnippets(t *testing.T) []snippet {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("testdata", "positions.txtar"))
	if err != nil {
		t.Fatal(err)
	}
	var out []snippet
	for i, l := range strings.SplitAfter(string(data), "\n") {
		if name, ok := strings.CutPrefix(strings.TrimSpace(l), "-- "); ok && strings.HasSuffix(name, " --") {
			out = append(out, snippet{name: strings.TrimSuffix(name, " --"), line: i + 1})
		} else if len(out) > 0 {
			out[len(out)-1].src += l
		}
	}
	return out
}

// want is one "# want" line of a snippet.
type want struct {
	file    bool // the file cannot be read: its error starts with text
	exactly bool // the error is text
	n       int  // 1-based position
	text    string
}

func wants(t *testing.T, s snippet) []want {
	var out []want
	for _, l := range strings.Split(s.src, "\n") {
		rest, ok := strings.CutPrefix(l, "# want")
		if !ok {
			continue
		}
		head, text, ok := strings.Cut(rest, ": ")
		if !ok {
			t.Fatalf("%s: bad want line %q", s.name, l)
		}
		w := want{n: 1, text: text}
		for _, f := range strings.Fields(head) {
			switch n, err := strconv.Atoi(f); {
			case f == "file":
				w.file = true
			case f == "exactly":
				w.exactly = true
			case err == nil:
				w.n = n
			default:
				t.Fatalf("%s: bad want line %q", s.name, l)
			}
		}
		out = append(out, w)
	}
	if len(out) == 0 {
		t.Fatalf("%s: no want line", s.name)
	}
	return out
}

// Every snippet of testdata/positions.txtar loads as its want lines say.
func TestPositionSnippets(t *testing.T) {
	for _, s := range readSnippets(t) {
		t.Run(s.name, func(t *testing.T) {
			ps, err := Parse("t.toml", []byte(s.src))
			for _, w := range wants(t, s) {
				check(t, w, ps, err)
			}
		})
	}
}

func check(t *testing.T, w want, ps []Position, err error) {
	t.Helper()
	if w.file {
		var fe *FileError
		switch {
		case !errors.As(err, &fe):
			t.Errorf("file error %v, want a *FileError", err)
		case w.exactly && err.Error() != w.text:
			t.Errorf("file error %v\nwant exactly %q", err, w.text)
		case !strings.HasPrefix(err.Error(), w.text):
			t.Errorf("file error %v\nwant it to start with %q", err, w.text)
		}
		return
	}
	if err != nil {
		t.Fatalf("file error %v", err)
	}
	if w.n > len(ps) {
		t.Fatalf("%d positions, want at least %d", len(ps), w.n)
	}
	got := ps[w.n-1].Err
	switch {
	case w.text == "ok":
		if got != nil {
			t.Errorf("position %d: %v", w.n, got)
		}
	case got == nil:
		t.Errorf("position %d: no error, want %q", w.n, w.text)
	case w.exactly && got.Error() != w.text:
		t.Errorf("position %d: %v\nwant exactly %q", w.n, got, w.text)
	case !strings.Contains(got.Error(), w.text):
		t.Errorf("position %d: %v\nwant it to contain %q", w.n, got, w.text)
	}
}

func parseOne(t *testing.T, src string) Position {
	t.Helper()
	ps, err := Parse("t.toml", []byte(src))
	if err != nil {
		t.Fatalf("Parse: %v", err)
	}
	if len(ps) != 1 {
		t.Fatalf("got %d positions, want 1", len(ps))
	}
	return ps[0]
}

func snippetNamed(t *testing.T, name string) string {
	t.Helper()
	for _, s := range readSnippets(t) {
		if s.name == name {
			return s.src
		}
	}
	t.Fatalf("no snippet %q", name)
	return ""
}

// The position of the snippet with every key.
func TestParsePosition(t *testing.T) {
	p := parseOne(t, snippetNamed(t, "good: every position key"))
	if p.Err != nil {
		t.Fatal(p.Err)
	}
	b := p.Battle
	if p.Name != "every key of a position" || p.File != "t.toml" || p.Line != 1 || p.Turn != 2 ||
		b.Turn != 1 || b.ID != p.Name || b.Defender != engine.North {
		t.Errorf("position %q %s:%d turn %d, battle turn %d id %q defender %v", p.Name, p.File, p.Line, p.Turn, b.Turn, b.ID, b.Defender)
	}
	tr := b.Terrain
	if !tr.Hill(engine.MustCell("C11")) || !tr.Forest(engine.MustCell("C24")) || !tr.River || tr.Bridge != engine.MustCell("C13") {
		t.Errorf("terrain %+v", tr)
	}
	if b.HQ[engine.North] != engine.MustCell("A31") || b.HQ[engine.South] != engine.MustCell("C21") {
		t.Errorf("hq %v", b.HQ)
	}
	if b.Shinobi != [2]int{1, 2} || b.Spare != [2]bool{false, true} ||
		len(b.Banners[engine.North]) != 1 || b.Banners[engine.North][0].Name != "phoenix" || len(b.Banners[engine.South]) != 2 {
		t.Errorf("shinobi %v spare %v banners %v", b.Shinobi, b.Spare, b.Banners)
	}
	hc := b.Unit("hc")
	if hc.Cell != engine.MustCell("A11") || hc.Facing != engine.S || hc.Figures != 8 || hc.Status != engine.StatusOK ||
		!hc.Fatigued || !hc.Hold || !hc.Rallied || !hc.RoutedOnce || !hc.MinorClan || b.Terrain.ShieldSides(hc.Cell) != 1<<engine.N|1<<engine.W || hc.Ammo != 0 {
		t.Errorf("hc %+v", *hc)
	}
	sp := b.Unit("sp")
	if sp.Type != engine.AshigaruSpear || sp.Cell != (engine.Cell{X: 6, Y: 6}) || sp.Status != engine.StatusRouting ||
		!sp.RoutedOnce || sp.RoutedTurn != 1 {
		t.Errorf("sp %+v", *sp)
	}
	if tp := b.Unit("tp"); tp.Ammo != 48 || !tp.SaveAmmo {
		t.Errorf("tp %+v", *tp)
	}
	if ar := b.Unit("ar"); ar.Ammo != 5 {
		t.Errorf("ar %+v", *ar)
	}
	if u := b.Unit("gone"); u.Status != engine.StatusDestroyed || u.Figures != 0 {
		t.Errorf("gone %+v", *u)
	}
	if u := b.Unit("res"); u.Status != engine.StatusReserve || u.Cell != (engine.Cell{}) {
		t.Errorf("res %+v", *u)
	}
	if l := b.Leaders[1]; l.Health != engine.LeaderWounded || l.Role != engine.General || l.At != engine.AtReserve {
		t.Errorf("gen %+v", l)
	}
	if l := b.Leaders[0]; l.Health != engine.LeaderOK || l.Role != engine.Commander || len(l.Traits) != 2 {
		t.Errorf("daimyo %+v", l)
	}
	if l := b.Leaders[2]; l.Side != engine.South || l.At != "sp" {
		t.Errorf("gen2 %+v", l)
	}
	want := engine.DefaultSettings()
	want.PeasantsIgnorePushback = true
	want.OffField = engine.OffFieldBounded
	want.SmallBaseOnlyVsBig = true
	want.RankBonusOnce = true
	want.TerrainAvailable = engine.TerrainHill | engine.TerrainForest
	want.TerrainRiver = true
	if b.Settings != want {
		t.Errorf("settings %+v\nwant %+v", b.Settings, want)
	}
}

// Without turn, defender, name or settings: the defaults.
func TestParseDefaults(t *testing.T) {
	p := parseOne(t, "[[case]]\n")
	b := p.Battle
	if p.Err != nil || p.Name != "t.toml#1" || p.Turn != 1 || b.Turn != 0 || b.ID != "" || b.Defender != engine.South ||
		b.Settings != engine.DefaultSettings() || len(b.Units) != 0 {
		t.Errorf("position %+v", p)
	}
	ps, err := Parse("dir/two.toml", []byte("[[case]]\nname = \"a\"\n[[case]]\n"))
	if err != nil || len(ps) != 2 || ps[0].Name != "a" || ps[1].Name != "two.toml#2" || ps[1].Line != 3 {
		t.Errorf("positions %+v, %v", ps, err)
	}
}

func TestParseSyntaxError(t *testing.T) {
	_, err := Parse("bad.toml", []byte(snippetNamed(t, "syntax error")))
	var fe *FileError
	if !errors.As(err, &fe) || fe.Line != 10 || fe.Column == 0 || !strings.HasPrefix(err.Error(), "bad.toml:10:") {
		t.Fatalf("err = %v", err)
	}
	if _, err := Load(filepath.Join(t.TempDir(), "missing.toml")); err == nil || errors.As(err, &fe) {
		t.Fatalf("missing file: %v", err)
	}
}

// A scenario is a position: orders, command rolls, dice, expectations and
// refusals belong to a case and are refused, at the case's line; its rules
// (citations) are harmless.
func TestParseRefusesCaseParts(t *testing.T) {
	const head = "[[case]]\nname = \"s\"\nrules = [\"R-IV.1.1\"]\n"
	const msg = `t.toml:1: scenario "s": a scenario has no orders, commands, dice or expectations`
	for _, extra := range []string{
		"[[case.order]]\nunit = \"hc\"\norder = \"move\"\n",
		"[[case.command]]\nside = \"north\"\nstake = \"high\"\n",
		"[case.dice]\n\"hc.melee\" = [6]\n",
		"[case.expect]\nhc.cell = \"C11\"\n",
		"refused = [\"R-VI.1.2\"]\n",
		"order = [{unit = \"hc\", order = \"rally\", colour = \"red\"}]\n",
	} {
		p := parseOne(t, head+extra)
		if p.Err == nil || p.Err.Error() != msg {
			t.Errorf("%s-> %v, want %q", extra, p.Err, msg)
		}
	}
	if p := parseOne(t, head+"[case.dice]\n[case.expect]\n"); p.Err != nil {
		t.Errorf("empty tables: %v", p.Err)
	}
	p := parseOne(t, head+"turn = 0\n[case.dice]\nx = [1]\n")
	if p.Err == nil || p.Err.Error() != msg+"; t.toml:4: turn 0: want 1 to 999" {
		t.Errorf("with a position problem: %v", p.Err)
	}
}

func FuzzParse(f *testing.F) {
	f.Add("[[case]]\nunit = [{id = \"a\", figures = 1}]\n[[case.unit]]\n")
	f.Add("[case]\nname = 1\n")
	f.Add("[[case]]\n[case.settings]\na.b = 1\n\"a.b\" = 2\n")
	f.Fuzz(func(t *testing.T, src string) {
		ps, err := Parse("fuzz.toml", []byte(src))
		if err == nil {
			for _, p := range ps {
				_ = p.Battle.Clone()
			}
		}
	})
}

// A unit's and a leader's name are read, and optional.
func TestParseNames(t *testing.T) {
	p := parseOne(t, `[[case]]
hq = { north = "A31", south = "C21" }
[[case.unit]]
id = "hc"
name = "Хатамото Сингэна"
side = "north"
type = "heavy_cavalry"
cell = "A11"
figures = 8
facing = "S"
[[case.unit]]
id = "sp"
side = "south"
type = "ashigaru_spear"
cell = "C11"
figures = 12
facing = "N"
[[case.leader]]
id = "shingen"
name = "Такэда Сингэн"
side = "north"
role = "commander"
at = "hc"
`)
	if p.Err != nil {
		t.Fatal(p.Err)
	}
	b := p.Battle
	if b.Unit("hc").Name != "Хатамото Сингэна" || b.Unit("sp").Name != "" || b.Leader("shingen").Name != "Такэда Сингэн" {
		t.Errorf("names: %q, %q, %q", b.Unit("hc").Name, b.Unit("sp").Name, b.Leader("shingen").Name)
	}
}
