package bot_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/gunbai/gunbai/bot/discordtest"
	"github.com/gunbai/gunbai/campaign"
)

// E1-K0 through Discord: the roster card says who is of the clan's house
// and who is a general serving it, in Russian and in English; /roster set
// offers field house with true and false, and changes it.
func TestRosterHouseThroughDiscord_E1_K0(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	w.start()
	for _, f := range []string{"roster_uesugi.toml", "roster_takeda.toml"} {
		if r := w.upload(gm, f); len(r.Embeds) == 0 {
			t.Fatalf("upload %s: %+v", f, r)
		}
	}
	show := func(m discordtest.Member) string {
		return embedText(w.slash(m, chanGM, "roster", discordtest.Subcommand("show", discordtest.StringOpt("clan", "takeda"))).Embeds)
	}
	line := func(text, who string) string {
		for _, l := range strings.Split(text, "\n") {
			if strings.HasPrefix(l, "• "+who) {
				return l
			}
		}
		t.Fatalf("no line of %s in %q", who, text)
		return ""
	}
	ru, en := show(gm), show(gmEN)
	for _, c := range []struct{ text, who, want string }{
		{ru, "Такэда Сингэн", "; член дома"},
		{ru, "Ямагата Масакагэ", "; генерал на службе клана, не член дома"},
		{en, "Такэда Сингэн", "; of the house"},
		{en, "Ямагата Масакагэ", "; a general serving the clan, not of the house"},
	} {
		if l := line(c.text, c.who); !strings.HasSuffix(l, c.want) {
			t.Errorf("%s: %q, want it to end %q", c.who, l, c.want)
		}
	}
	set := func(opts ...discordtest.Option) []discordtest.Option {
		return []discordtest.Option{discordtest.Subcommand("set", opts...)}
	}
	values, _ := w.offered(gm, chanGM, "roster", set(discordtest.StringOpt("target", "masakage"), discordtest.StringOpt("field", "house"),
		discordtest.Focus(discordtest.StringOpt("value", "")))...)
	if !slices.Equal(values, []string{"true", "false"}) {
		t.Fatalf("house values offered: %v", values)
	}
	fields, _ := w.offered(gm, chanGM, "roster", set(discordtest.StringOpt("target", "masakage"), discordtest.Focus(discordtest.StringOpt("field", "ho")))...)
	if !slices.Contains(fields, "house") {
		t.Fatalf("fields offered: %v", fields)
	}
	w.slash(gm, chanGM, "roster", set(discordtest.StringOpt("target", "masakage"), discordtest.StringOpt("field", "house"), discordtest.StringOpt("value", "true"))...)
	if l := line(show(gmEN), "Ямагата Масакагэ"); !strings.HasSuffix(l, "; of the house") {
		t.Errorf("after /roster set house true: %q", l)
	}
	if r := w.rosterNow(); !r.InHouse(*person(t, &r, "masakage")) {
		t.Error("stored: masakage not of the house")
	}
}

func person(t *testing.T, r *campaign.Roster, id string) *campaign.Person {
	p, ok := r.Person(id)
	if !ok {
		t.Fatalf("no %s", id)
	}
	return p
}
