package bot_test

import (
	"bytes"
	"image/gif"
	"image/png"
	"strings"
	"testing"

	"github.com/gunbai/gunbai/bot/discordtest"
)

// oneTurn plays a turn: both roll, North moves, both are ready.
func (w *world) oneTurn() {
	w.t.Helper()
	w.roll(oda, chanOda)
	w.roll(asai, chanAsai)
	w.slash(oda, chanOda, "order", discordtest.StringOpt("unit", "n-yari"), discordtest.StringOpt("order", "move"))
	w.slash(oda, chanOda, "orders", discordtest.BoolOpt("ready", true))
	w.slash(asai, chanAsai, "orders", discordtest.BoolOpt("ready", true))
	w.b.Wait()
}

// Past turns come back to a player as his side saw them: /replay (the
// turn step by step, a GIF), /field turn: and /log turn:; each picture
// has its alt text. post.replay off posts a turn without its GIF. When
// the battle ends both clans get the reveal: the GM's view and the whole
// battle.
func TestReplayThroughDiscord(t *testing.T) {
	t.Parallel()
	w := battleWorld(t)
	defer w.stop()
	w.oneTurn()

	r := w.slash(oda, chanOda, "replay")
	if !r.Ephemeral || len(r.Files) != 1 || !strings.HasSuffix(r.Files[0].Name, ".gif") || r.Files[0].Description == "" {
		t.Fatalf("/replay: %+v", r)
	}
	if g, err := gif.DecodeAll(bytes.NewReader(r.Files[0].Data)); err != nil || len(g.Image) < 2 {
		t.Fatalf("/replay's GIF: %v", err)
	}
	r = w.slash(oda, chanOda, "field", discordtest.IntOpt("turn", 1))
	if len(r.Files) != 1 || r.Files[0].Description == "" || r.Content != "Нагасино — поле после хода 1" {
		t.Fatalf("/field turn:1: %+v", r)
	}
	// Titled as the picture it is, not as a log, in each reader's language.
	if r := w.slash(asai, chanAsai, "field", discordtest.IntOpt("turn", 1)); r.Content != "Нагасино — the field after turn 1" {
		t.Fatalf("/field turn:1 in English: %q", r.Content)
	}
	if _, err := png.Decode(bytes.NewReader(r.Files[0].Data)); err != nil {
		t.Fatalf("/field turn:1's picture: %v", err)
	}
	r = w.slash(oda, chanOda, "log", discordtest.IntOpt("turn", 1))
	if !strings.Contains(r.Content, "Ход 1") || !strings.Contains(r.Content, "n-yari") {
		t.Fatalf("/log turn:1: %q", r.Content)
	}
	if r := w.slash(asai, chanAsai, "log", discordtest.IntOpt("turn", 1)); strings.Contains(r.Content, "North — the orders given") || strings.Contains(r.Content, "n-yari, phase") {
		t.Fatalf("South reads North's orders: %q", r.Content)
	}
	if r := w.slash(oda, chanOda, "replay", discordtest.IntOpt("turn", 7)); !strings.Contains(r.Content, "не разыгран") {
		t.Fatalf("/replay of a turn to come: %q", r.Content)
	}

	// post.replay off: turn 2's results come without the GIF.
	w.slash(gm, chanGM, "battle", discordtest.Subcommand("set", discordtest.StringOpt("battle", "Нагасино"),
		discordtest.StringOpt("key", "post.replay"), discordtest.StringOpt("value", "off")))
	n := len(w.srv.Messages().Under(chanOda))
	w.oneTurn()
	for _, m := range w.srv.Messages().Under(chanOda)[n:] {
		for _, f := range m.Files {
			if strings.HasSuffix(f.Name, ".gif") {
				t.Fatal("a replay GIF was posted with post.replay off")
			}
		}
	}

	// The end: both clans get the GM's view and the whole battle.
	w.slash(gm, chanGM, "battle", discordtest.Subcommand("finish", discordtest.StringOpt("battle", "Нагасино")))
	w.b.Wait()
	for _, ch := range []string{chanOda, chanAsai} {
		var reveal *discordtest.Message
		for _, m := range w.srv.Messages().Under(ch) {
			if strings.Contains(m.Content, "окончена") && len(m.Files) == 2 {
				reveal = &m
			}
		}
		if reveal == nil {
			t.Fatalf("channel %s got no reveal", ch)
		}
		if g, err := gif.DecodeAll(bytes.NewReader(reveal.Files[1].Data)); err != nil || len(g.Image) < 3 {
			t.Fatalf("the whole battle's replay: %v", err)
		}
	}
}
