package bot_test

import (
	"strings"
	"testing"
	"unicode"

	"github.com/bwmarrin/discordgo"

	"github.com/gunbai/gunbai/bot/discordtest"
)

// readable is everything a channel's reader reads of its messages: the
// texts, the embeds, the buttons' and menus' labels and the pictures' alt
// texts (the read-again button aside, bilingual by design).
func readable(msgs []discordtest.Message) string {
	var b strings.Builder
	for _, m := range msgs {
		b.WriteString(m.Content + "\n")
		for _, e := range m.Embeds {
			b.WriteString(e.Title + "\n" + e.Description + "\n")
			for _, f := range e.Fields {
				b.WriteString(f.Name + "\n" + f.Value + "\n")
			}
		}
		for _, f := range m.Files {
			b.WriteString(f.Description + "\n")
		}
		for _, c := range m.Components {
			if row, ok := c.(*discordgo.ActionsRow); ok {
				for _, x := range row.Components {
					switch x := x.(type) {
					case *discordgo.Button:
						if !strings.HasPrefix(x.CustomID, "read:") { // bilingual on purpose: it offers the other language
							b.WriteString(x.Label + "\n")
						}
					case *discordgo.SelectMenu:
						b.WriteString(x.Placeholder + "\n")
						for _, o := range x.Options {
							b.WriteString(o.Label + "\n" + o.Description + "\n")
						}
					}
				}
			}
		}
	}
	return b.String()
}

// cyrillic is the first line of s with a Cyrillic letter, or "".
func cyrillic(s string) string {
	for _, line := range strings.Split(s, "\n") {
		for _, r := range line {
			if unicode.Is(unicode.Cyrillic, r) {
				return line
			}
		}
	}
	return ""
}

// Each clan reads its posts in its clan's language (issue 24, item 4): a
// battle created with the South in English posts the South's opening,
// status, turn picture and log, and the end of the battle in English, the
// North's and the GM's in Russian; /battle set south.lang switches the
// South's posts from the next one on, and a player reads any turn's log in
// his own language on demand (/log).
func TestClanLanguage(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	w.start()
	defer w.stop()
	if r := w.create("Anegawa", discordtest.StringOpt("south_lang", "en")); !strings.Contains(r.Content, "английский") {
		t.Fatalf("create does not tell the GM each channel's language: %q", r.Content)
	}
	w.slash(gm, chanGM, "battle", discordtest.Subcommand("start", discordtest.StringOpt("battle", "Anegawa")))
	w.oneTurn()

	south := readable(w.srv.Messages().Under(chanAsai))
	if line := cyrillic(south); line != "" {
		t.Fatalf("the English clan's channel reads Russian: %q\nin:\n%s", line, south)
	}
	for _, want := range []string{"Turn 1", "turn 2 is open", "sha256"} {
		if !strings.Contains(south, want) {
			t.Errorf("the South's channel lacks %q:\n%s", want, south)
		}
	}
	north := readable(w.srv.Messages().Under(chanOda))
	gmSees := readable(w.srv.Messages().Under(chanGM))
	for name, s := range map[string]string{"north": north, "gm": gmSees} {
		if !strings.Contains(s, "Ход 1") || !strings.Contains(s, "ход 2 открыт") {
			t.Errorf("the %s channel is not in Russian:\n%s", name, s)
		}
	}
	// Any player reads a turn's log in his own language on demand: the
	// Russian-speaking GM's channel aside, the English player of a Russian
	// clan reads it in English.
	if r := w.slash(asai, chanAsai, "log", discordtest.IntOpt("turn", 1)); !r.Ephemeral || cyrillic(r.Content) != "" {
		t.Fatalf("/log in the player's language: %+v", r)
	}

	// A North player whose client speaks English reads his Russian
	// channel's turn log and status in English, on a button under each,
	// answered to him alone.
	odaEN := discordtest.Member{UserID: "700000000000000012", Username: "katsuie", Roles: []string{roleOda}, Locale: "en-US"}
	for _, want := range []string{"read:turn:1:anegawa", "read:status:"} {
		id := ""
		for _, m := range w.srv.Messages().Under(chanOda) {
			for _, c := range m.Components {
				if row, ok := c.(*discordgo.ActionsRow); ok {
					for _, x := range row.Components {
						if b, ok := x.(*discordgo.Button); ok && strings.HasPrefix(b.CustomID, want) {
							id = b.CustomID
							if cyrillic(b.Label) == "" || !strings.Contains(b.Label, "In my language") {
								t.Errorf("the button's label: %q", b.Label)
							}
						}
					}
				}
			}
		}
		if id == "" {
			t.Fatalf("no %s button in the North's channel", want)
		}
		r := w.do(w.srv.Interactions().Button(w.guild, chanOda, odaEN, id))
		if !r.Ephemeral || r.Content == "" || cyrillic(r.Content) != "" {
			t.Fatalf("%s for an English reader: %+v", id, r)
		}
		if want == "read:turn:1:anegawa" && (!strings.Contains(r.Content, "North — the orders given") || strings.Contains(r.Content, "South — the orders given")) {
			t.Fatalf("the turn read again is not the North's view: %q", r.Content)
		}
	}

	// The GM switches the South to Russian: its next posts are Russian.
	if r := w.slash(gm, chanGM, "battle", discordtest.Subcommand("set", discordtest.StringOpt("battle", "Anegawa"),
		discordtest.StringOpt("key", "south.lang"), discordtest.StringOpt("value", "ru"))); !strings.Contains(r.Content, "south.lang") {
		t.Fatalf("set south.lang: %q", r.Content)
	}
	n := len(w.srv.Messages().Under(chanAsai))
	w.slash(gm, chanGM, "battle", discordtest.Subcommand("finish", discordtest.StringOpt("battle", "Anegawa")))
	w.b.Wait()
	after := readable(w.srv.Messages().Under(chanAsai)[n:])
	if cyrillic(after) == "" {
		t.Fatalf("after south.lang=ru the South still reads English:\n%s", after)
	}
}
