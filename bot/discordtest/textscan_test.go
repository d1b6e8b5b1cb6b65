package discordtest_test

import (
	"fmt"
	"sort"
	"strings"
	"sync"
	"testing"

	"github.com/bwmarrin/discordgo"
	"github.com/gunbai/gunbai/bot/discordtest"
)

// Every text the bot sends is scanned: fmt's marks of a text given the
// wrong arguments, <nil>, raw catalogue keys, and markup where Discord
// shows it raw; each problem is recorded and reported when the server
// closes (a test's Cleanup), and a good text is not.
func TestPlaceholdersScannedInEveryText(t *testing.T) {
	var mu sync.Mutex
	var reported []string
	srv, err := discordtest.NewServer(discordtest.Options{Logf: func(f string, a ...any) {
		mu.Lock()
		defer mu.Unlock()
		reported = append(reported, fmt.Sprintf(f, a...))
	}})
	if err != nil {
		t.Fatal(err)
	}
	sess, err := srv.Session(token)
	if err != nil {
		t.Fatal(err)
	}
	send := func(m *discordgo.MessageSend) {
		t.Helper()
		if _, err := sess.ChannelMessageSendComplex(srv.ChannelID(), m); err != nil {
			t.Fatal(err)
		}
	}
	// Good: markup where Discord renders it, balanced bold, a key-like
	// word that is no key, ** inside code.
	send(&discordgo.MessageSend{
		Content: "**Ход 3** до <t:1796250765:F> (<t:1796250765:R>), <@&1300> <@42> <#7>: `a**b` n-yari.north sekigahara.toml",
		Embeds: []*discordgo.MessageEmbed{{Title: "**Битва**", Description: "<@42> **ok**",
			Fields: []*discordgo.MessageEmbedField{{Name: "Север", Value: "<t:1796250765:f>"}}}},
		Components: []discordgo.MessageComponent{discordgo.ActionsRow{Components: []discordgo.MessageComponent{
			discordgo.Button{Label: "Готово", CustomID: "x:<t:1:F>.side.north", Style: discordgo.PrimaryButton}}}},
	})
	if ps := srv.Checks().TextProblems(); len(ps) != 0 {
		t.Fatalf("good texts flagged: %v", ps)
	}
	// Bad, one of each.
	send(&discordgo.MessageSend{Content: "ходы 3–%!d(MISSING) отменены"})
	send(&discordgo.MessageSend{Content: "отряд <nil>"})
	send(&discordgo.MessageSend{Content: "см. bot.undone_cleared"})
	send(&discordgo.MessageSend{Content: "**Ход 3 до"})
	send(&discordgo.MessageSend{Content: "x", Components: []discordgo.MessageComponent{discordgo.ActionsRow{Components: []discordgo.MessageComponent{
		discordgo.Button{Label: "до <t:1796250765:F>", CustomID: "b", Style: discordgo.PrimaryButton}}}}})
	send(&discordgo.MessageSend{Content: "x", Components: []discordgo.MessageComponent{discordgo.ActionsRow{Components: []discordgo.MessageComponent{
		discordgo.SelectMenu{CustomID: "s", Placeholder: "**выбор**", Options: []discordgo.SelectMenuOption{
			{Label: "<@&1300>", Value: "<@&1300>", Description: "side.north"}}}}}}})
	send(&discordgo.MessageSend{Content: "x", Embeds: []*discordgo.MessageEmbed{{Title: "<@42>", Footer: &discordgo.MessageEmbedFooter{Text: "<#7>"}}}})
	var got []string
	for _, p := range srv.Checks().TextProblems() {
		got = append(got, p.Field+": "+p.Problem)
	}
	sort.Strings(got)
	want := []string{
		"components.0.components.0.label: markup Discord does not render here: <t:1796250765:F>",
		"components.0.components.0.options.0.description: a raw catalogue key side.north",
		"components.0.components.0.options.0.label: markup Discord does not render here: <@&1300>",
		"components.0.components.0.placeholder: markdown Discord does not render here: **",
		"content: a raw catalogue key bot.undone_cleared",
		"content: has %!",
		"content: has <nil>",
		"content: has MISSING",
		"content: unbalanced **",
		"embeds.0.footer.text: markup Discord does not render here: <#7>",
		"embeds.0.title: markup Discord does not render here: <@42>",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("problems:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	srv.Close()
	mu.Lock()
	defer mu.Unlock()
	n := 0
	for _, r := range reported {
		if strings.Contains(r, "a broken text") {
			n++
		}
	}
	if n != len(want) {
		t.Errorf("%d broken texts reported at Close, want %d: %q", n, len(want), reported)
	}
}
