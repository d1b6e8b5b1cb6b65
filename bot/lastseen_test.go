package bot_test

import (
	"bytes"
	"fmt"
	"image"
	"image/draw"
	"image/gif"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gunbai/gunbai/bot/discordtest"
	"github.com/gunbai/gunbai/engine"
	"github.com/gunbai/gunbai/game"
)

// kiriWorld is a started world on Анэгава with two forests in the South's
// rear (C34, D34): s-sohei stands in the open at C24 facing its forest,
// s-teppo hides in D34 from the start. North's clan speaks lang, and its
// player, holding North's ordering role, reads his sheet in it.
func kiriWorld(t *testing.T, lang string) (*world, discordtest.Member) {
	w := newWorld(t)
	w.svc = func(s *game.Service) {
		b, _ := game.Scenario("anegawa")
		b.ID = "kiri"
		if err := b.Settings.Set("terrain.available", "forest"); err != nil {
			t.Fatal(err)
		}
		b.Terrain.Forests = []engine.Cell{engine.MustCell("C34"), engine.MustCell("D34")}
		b.Unit("s-sohei").Cell, b.Unit("s-sohei").Facing = engine.MustCell("C24"), engine.S
		b.Unit("s-teppo").Cell = engine.MustCell("D34")
		s.Scenarios = map[string]engine.Battle{"kiri": b}
	}
	north := oda
	north.Locale = map[string]string{"ru": "ru", "en": "en-US"}[lang]
	north.Roles = []string{roleOda, roleOdaOrders}
	w.srv.Guilds().SetMemberRoles(w.guild, north.UserID, north.Roles...)
	w.start()
	w.create("Кири", discordtest.StringOpt("scenario", "kiri"), discordtest.RoleOpt("north_orders", roleOdaOrders),
		discordtest.StringOpt("north_lang", lang), discordtest.StringOpt("south_lang", "en"))
	if r := w.slash(gm, chanGM, "battle", discordtest.Subcommand("start", discordtest.StringOpt("battle", "Кири"))); !strings.Contains(r.Content, "началась") {
		t.Fatalf("start: %q", r.Content)
	}
	return w, north
}

// resolve has the GM resolve the turn.
func (w *world) resolve(turn int) {
	w.t.Helper()
	w.slash(gm, chanGM, "battle", discordtest.Subcommand("resolve", discordtest.StringOpt("battle", "Кири"), discordtest.IntOpt("turn", int64(turn))))
	w.b.Wait()
}

// seenBy is everything a channel's and a player's DMs read from index on:
// texts and the alt texts of the pictures.
func (w *world) seenBy(channel string, from int, m discordtest.Member) string {
	var sb strings.Builder
	msgs := w.srv.Messages().Under(channel)
	if m.UserID != "" {
		msgs = append(msgs[from:], w.srv.Messages().DMs(m.UserID)...)
	} else {
		msgs = msgs[from:]
	}
	for _, msg := range msgs {
		sb.WriteString(msg.Content + "\n")
		for _, f := range msg.Files {
			sb.WriteString(f.Description + "\n")
		}
	}
	return sb.String()
}

// Memory of the enemy through Discord (issue 28 item 3), in Russian and in
// English: the South's s-sohei, seen by North in the open at C24 at the
// end of turn 1, walks into the forest C34 in turn 2. North's turn-2 result
// picture (its alt text), its sheet of turn 3 (the list and the preview)
// and its /field show the ghost "seen on turn 1"; the South, which has no
// memory of North (it saw every North unit all along), the GM and the
// South's channel show no ghost; s-teppo, hidden in D34 from the start,
// never reaches North. An undo of turn 2 takes the ghost back.
func TestLastSeenThroughDiscord(t *testing.T) {
	t.Parallel()
	for _, lang := range []string{"ru", "en"} {
		t.Run(lang, func(t *testing.T) {
			t.Parallel()
			w, north := kiriWorld(t, lang)
			defer w.stop()
			want := map[string]struct{ alt, sheet, heading, mark string }{
				"ru": {"Замечены ранее: ямабуси s-sohei на C24 (ход 1).", "• ямабуси s-sohei, 6 фигур — C24, ход 1", "Замечены ранее (сейчас не видны):", "Замечены"},
				"en": {"Seen before: yamabushi s-sohei at C24 (turn 1).", "• yamabushi s-sohei, 6 figures — C24, turn 1", "Seen before (out of sight now):", "Seen before"},
			}[lang]
			w.resolve(1)
			if s := w.seenBy(chanOda, 0, north); strings.Contains(s, want.mark) {
				t.Fatalf("a ghost before anything left North's sight:\n%s", s)
			}
			from := [3]int{len(w.srv.Messages().Under(chanOda)), len(w.srv.Messages().Under(chanAsai)), len(w.srv.Messages().Under(chanGM))}
			w.roll(asai, chanAsai)
			if r := w.slash(asai, chanAsai, "order", discordtest.StringOpt("unit", "s-sohei"), discordtest.StringOpt("order", "move")); !strings.Contains(r.Content, "Order accepted") {
				t.Fatalf("s-sohei's move: %+v", r)
			}
			w.resolve(2)

			// North's channel: the turn-2 picture names the ghost with its turn.
			var pic, anim *discordtest.File
			for _, m := range w.srv.Messages().Under(chanOda)[from[0]:] {
				for i := range m.Files {
					switch {
					case strings.HasSuffix(m.Files[i].Name, ".png"):
						pic = &m.Files[i]
					case strings.HasSuffix(m.Files[i].Name, ".gif"):
						anim = &m.Files[i]
					}
				}
			}
			// The replay's frames draw the memory too: its first and last.
			if g, err := gif.DecodeAll(bytes.NewReader(anim.Data)); err != nil || len(g.Image) < 2 {
				t.Fatalf("the replay: %v", err)
			} else {
				// Each frame drawn over the ones before, as a viewer shows it.
				canvas := image.NewRGBA(image.Rect(0, 0, g.Config.Width, g.Config.Height))
				for i, f := range g.Image {
					draw.Draw(canvas, f.Bounds(), f, f.Bounds().Min, draw.Over)
					if i == 0 || i == len(g.Image)-1 {
						var buf bytes.Buffer
						png.Encode(&buf, canvas)
						writeLook(t, buf.Bytes(), fmt.Sprintf("bot_turn2_north_%s_gif%d.png", lang, i))
					}
				}
			}
			if pic == nil || !strings.Contains(pic.Description, want.alt) {
				t.Fatalf("North's turn-2 picture does not name the ghost %q: %+v", want.alt, pic)
			}
			if _, err := png.Decode(bytes.NewReader(pic.Data)); err != nil {
				t.Fatal(err)
			}
			writeLook(t, pic.Data, "bot_turn2_north_"+lang+".png")
			// North's sheet of turn 3 lists it, before the roll and in
			// the preview after it.
			sheet, ok := w.sheetOf(north)
			if !ok || !strings.Contains(sheet.Text(), want.heading) || !strings.Contains(sheet.Text(), want.sheet) {
				t.Fatalf("North's sheet of turn 3 does not list the ghost %q:\n%s", want.sheet, sheet.Text())
			}
			t.Logf("North's sheet of turn 3:\n%s", sheet.Text())
			w.roll(north, chanOda)
			sheet, _ = w.sheetOf(north)
			if len(sheet.Files) != 1 || !strings.Contains(sheet.Files[0].Description, want.alt) {
				t.Fatalf("the sheet's preview does not show the ghost: %+v", sheet.Files)
			}
			writeLook(t, sheet.Files[0].Data, "bot_sheet3_north_"+lang+".png")
			// North's /field.
			r := w.slash(north, chanOda, "field")
			if len(r.Files) != 1 || !strings.Contains(r.Files[0].Description, want.alt) {
				t.Fatalf("North's /field does not show the ghost: %+v", r)
			}
			// Nothing North never saw; no ghost for the South, nor the GM.
			northSees := w.seenBy(chanOda, 0, north)
			if strings.Contains(northSees, "s-teppo") {
				t.Fatalf("North reads of s-teppo, hidden in D34 from the start:\n%s", northSees)
			}
			for _, s := range []string{w.seenBy(chanAsai, 0, asai), w.seenBy(chanGM, 0, gm)} {
				if strings.Contains(s, "Seen before") || strings.Contains(s, "Замечены ранее") {
					t.Fatalf("a ghost where there is no memory of it:\n%s", s)
				}
			}
			if r := w.slash(asai, chanAsai, "field"); len(r.Files) != 1 || strings.Contains(r.Files[0].Description, "Seen before") {
				t.Fatalf("the South's /field: %+v", r)
			}
			// The GM takes turn 2 back: s-sohei stands at C24 again, in sight.
			w.slash(gm, chanGM, "battle", discordtest.Subcommand("undo", discordtest.StringOpt("battle", "Кири"), discordtest.IntOpt("turn", 2)))
			w.b.Wait()
			if r := w.slash(north, chanOda, "field"); len(r.Files) != 1 || strings.Contains(r.Files[0].Description, want.mark) {
				t.Fatalf("North's /field after the undo still shows the ghost: %+v", r.Files)
			}
		})
	}
}

// writeLook writes a picture the bot sent to /tmp/lastseen, to look at.
func writeLook(t *testing.T, data []byte, name string) {
	dir := filepath.Join(os.TempDir(), "lastseen")
	if err := os.MkdirAll(dir, 0o755); err == nil {
		os.WriteFile(filepath.Join(dir, name), data, 0o644)
	}
}
