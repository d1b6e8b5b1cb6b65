package bot_test

import (
	"bytes"
	"image"
	"image/color"
	"image/png"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/gunbai/gunbai/bot/discordtest"
	"github.com/gunbai/gunbai/engine"
	"github.com/gunbai/gunbai/game"
	"github.com/gunbai/gunbai/render"
	"github.com/gunbai/gunbai/render/field"
)

// highlightWorld is a world with the battle of testdata/highlight.toml,
// started, whose clans name their ordering roles; the players hold them.
func highlightWorld(t *testing.T) (*world, discordtest.Member) {
	w, north, _ := scenarioWorld(t, "highlight.toml", "highlight", "Выбор")
	w.slash(gm, chanGM, "battle", discordtest.Subcommand("start", discordtest.StringOpt("battle", "Выбор")))
	w.b.Wait()
	w.edit("выбор", func(b *engine.Battle) { b.Terrain.Forests = []engine.Cell{engine.MustCell("D24")} })
	rec, err := w.st.Battle(w.guild, "выбор")
	if v := game.SideView(&rec, engine.North); err != nil || v.Unit("s-hid1") != nil || v.Unit("s-far1") == nil {
		t.Fatalf("precondition: s-hid1 hidden from North, s-far1 seen (%v)", err)
	}
	return w, north
}

// highlightGold is the yellow of the highlight's marks (field's pickGold).
var highlightGold = color.RGBA{0xff, 0xd0, 0x2e, 0xff}

// sheetPicture is the sheet's preview, decoded, and its alt text.
func sheetPicture(t *testing.T, p *sheetPlayer, name string) (*image.RGBA, string) {
	t.Helper()
	sh := p.sheet()
	if len(sh.Files) != 1 || sh.Files[0].ContentType != "image/png" {
		t.Fatalf("the sheet has %d files, want its preview", len(sh.Files))
	}
	img, err := png.Decode(bytes.NewReader(sh.Files[0].Data))
	if err != nil {
		t.Fatal(err)
	}
	if dir := os.Getenv("HIGHLIGHT_PNG_DIR"); dir != "" {
		os.WriteFile(filepath.Join(dir, name+".png"), sh.Files[0].Data, 0o644)
	}
	out := image.NewRGBA(img.Bounds())
	for y := out.Rect.Min.Y; y < out.Rect.Max.Y; y++ {
		for x := out.Rect.Min.X; x < out.Rect.Max.X; x++ {
			out.Set(x, y, img.At(x, y))
		}
	}
	return out, sh.Files[0].Description
}

// goldIn counts the pixels of the highlight's yellow in cell c of the
// sheet's preview of North's view.
func goldIn(t *testing.T, w *world, img *image.RGBA, l render.Lang, c string) int {
	t.Helper()
	rec, err := w.st.Battle(w.guild, "выбор")
	if err != nil {
		t.Fatal(err)
	}
	r, err := field.CellBounds(game.SideView(&rec, engine.North), field.Options{Lang: l, View: field.ViewNorth}, engine.MustCell(c))
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			p := img.RGBAAt(x, y)
			if absDiff(p.R, highlightGold.R) <= 6 && absDiff(p.G, highlightGold.G) <= 6 && absDiff(p.B, highlightGold.B) <= 6 {
				n++
			}
		}
	}
	return n
}

func absDiff(a, b uint8) int {
	if a > b {
		return int(a - b)
	}
	return int(b - a)
}

// highlightLine is the sheet's line that says what the preview marks.
func highlightLine(l render.Lang, content string) string {
	head := strings.SplitN(render.T(l, "highlight.head", "", ""), " ", 2)[0] // "На", "Marked"
	for _, line := range strings.Split(content, "\n") {
		if strings.HasPrefix(line, head+" ") && strings.Contains(line, "n-") {
			return line
		}
	}
	return ""
}

// A player picks a unit on his sheet, then its order, in Russian and in
// English: the sheet's preview, sent again, marks the unit and every cell
// its orders may take it to in the highlight's yellow, and no cell they do
// not; the alt text and a line of the sheet say the same, the targets by
// name with the odds once the order is picked: the archers' shot names
// the enemies in range, not the one out of range; the enemy hidden in the
// forest is named nowhere, and its cell is not marked.
func TestSheetHighlightPointsAtChoice(t *testing.T) {
	t.Parallel()
	w, north := highlightWorld(t)
	defer w.stop()
	ru := &sheetPlayer{w: w, m: north}
	ru.roll()
	en := north
	en.Locale = "en-US"
	pct := regexp.MustCompile(`\d+ %`)
	for _, c := range []struct {
		l render.Lang
		m discordtest.Member
	}{{render.RU, north}, {render.EN, en}} {
		p := &sheetPlayer{w: w, m: c.m}
		if line := highlightLine(c.l, p.sheet().Text()); line != "" {
			t.Fatalf("%s: nothing picked, yet the sheet says %q", c.l, line)
		}
		// The horse picked: the unit, its cells, the spearmen it may ride
		// into, without odds (no order yet).
		p.choose("subject", "n-uma1")
		img, alt := sheetPicture(t, p, "sheet_highlight_uma_"+string(c.l))
		line := highlightLine(c.l, p.sheet().Text())
		for _, want := range []string{render.T(c.l, "highlight.head", "n-uma1", "B21"), "B11", "s-yari1 (D11)"} {
			if !strings.Contains(line, want) || !strings.Contains(alt, want) {
				t.Errorf("%s: the horse picked: %q not in the line %q or the alt text %q", c.l, want, line, alt)
			}
		}
		if pct.MatchString(line) {
			t.Errorf("%s: no order picked, yet odds: %q", c.l, line)
		}
		for _, cell := range []string{"B21", "B11"} {
			if n := goldIn(t, w, img, c.l, cell); n < 40 {
				t.Errorf("%s: the horse picked: %s has %d yellow pixels", c.l, cell, n)
			}
		}
		for _, cell := range []string{"D24", "B23", "C21", "A36"} {
			if n := goldIn(t, w, img, c.l, cell); n != 0 {
				t.Errorf("%s: the horse picked: %s, no destination, has %d yellow pixels", c.l, cell, n)
			}
		}
		// Its move picked: the attack's odds, on the target and in words.
		p.choose("pick", render.T(c.l, "order.move"))
		img, alt = sheetPicture(t, p, "sheet_highlight_uma_move_"+string(c.l))
		line = highlightLine(c.l, p.sheet().Text())
		attack := regexp.MustCompile(regexp.QuoteMeta(strings.SplitN(render.T(c.l, "highlight.attack_odds", "s-yari1", "D11", "%"), "%", 2)[0]) + `\d+ %`)
		if !attack.MatchString(line) || !attack.MatchString(alt) {
			t.Errorf("%s: the move picked: no odds of the attack on s-yari1 in %q / %q", c.l, line, alt)
		}
		if n := goldIn(t, w, img, c.l, "D11"); n < 20 {
			t.Errorf("%s: the move picked: the target's cell has %d yellow pixels (its plate)", c.l, n)
		}
		p.press("back")
		// The archers' shot: the enemies in range, not the far one.
		p.choose("subject", "n-yumi1")
		p.choose("pick", render.T(c.l, "order.shoot"))
		img, alt = sheetPicture(t, p, "sheet_highlight_yumi_shoot_"+string(c.l))
		line = highlightLine(c.l, p.sheet().Text())
		t.Logf("%s: the sheet says: %s\nthe alt text: %s", c.l, line, alt)
		for _, tg := range []string{"s-ashi1 (C11)", "s-yari1 (D11)"} {
			shot := strings.SplitN(render.T(c.l, "highlight.shot_odds", tg[:7], tg[9:12], "%"), "%", 2)[0]
			if !strings.Contains(line, shot) || !strings.Contains(alt, shot) {
				t.Errorf("%s: the shot picked: %q not in %q / %q", c.l, shot, line, alt)
			}
		}
		if strings.Contains(line, "s-far1") || strings.Contains(alt, "s-far1") {
			t.Errorf("%s: the shot picked: the target out of range is marked: %q", c.l, line)
		}
		if n := goldIn(t, w, img, c.l, "C31"); n != 0 {
			t.Errorf("%s: the shot picked: the cell out of range has %d yellow pixels", c.l, n)
		}
		if n := goldIn(t, w, img, c.l, "C11"); n < 20 {
			t.Errorf("%s: the shot picked: the target in range has %d yellow pixels", c.l, n)
		}
		// The hidden enemy is named nowhere the player reads.
		for _, m := range w.srv.Messages().DMs(north.UserID) {
			text := m.Text()
			for _, f := range m.Files {
				text += f.Description
			}
			if strings.Contains(text, "s-hid1") || strings.Contains(text, "D24") {
				t.Fatalf("%s: the hidden unit or its cell named to North: %q", c.l, text)
			}
		}
		p.press("back")
	}
}
