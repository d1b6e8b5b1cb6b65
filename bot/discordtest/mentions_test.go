package discordtest

import (
	"fmt"
	"strings"
	"sync"
	"testing"

	"github.com/bwmarrin/discordgo"
)

// The fake's own tests send messages through discordgo as they come,
// without allowed_mentions; the check is for the bot's messages.
func init() { mentionsChecked = false }

// A message without allowed_mentions, or one parsing what the test did not
// expect, is reported at Close (Mention); one that pings nobody, or only
// the roles it lists, is not.
func TestMentionCheck(t *testing.T) {
	var mu sync.Mutex
	var reported []string
	srv, err := NewServer(Options{Logf: func(f string, a ...any) {
		mu.Lock()
		defer mu.Unlock()
		reported = append(reported, fmt.Sprintf(f, a...))
	}})
	if err != nil {
		t.Fatal(err)
	}
	srv.Checks().CheckMentions()
	sess, err := srv.Session("test-token")
	if err != nil {
		t.Fatal(err)
	}
	send := func(m *discordgo.MessageSend) {
		t.Helper()
		if _, err := sess.ChannelMessageSendComplex(srv.ChannelID(), m); err != nil {
			t.Fatal(err)
		}
	}
	none := &discordgo.MessageAllowedMentions{Parse: []discordgo.AllowedMentionType{}}
	send(&discordgo.MessageSend{Content: "@everyone", AllowedMentions: none})
	send(&discordgo.MessageSend{Content: "<@&1300>", AllowedMentions: &discordgo.MessageAllowedMentions{Parse: []discordgo.AllowedMentionType{}, Roles: []string{"1300"}}})
	if ps := srv.Checks().MentionProblems(); len(ps) != 0 {
		t.Fatalf("good messages flagged: %v", ps)
	}
	if got := srv.Messages().In(srv.ChannelID()); got[0].AllowedMentions == nil || got[0].AllowedMentions.Parse == nil {
		t.Fatalf("the message's allowed_mentions not kept: %+v", got[0])
	}
	send(&discordgo.MessageSend{Content: "no allowed_mentions"})
	send(&discordgo.MessageSend{Content: "null parse", AllowedMentions: &discordgo.MessageAllowedMentions{}})
	send(&discordgo.MessageSend{Content: "everyone", AllowedMentions: &discordgo.MessageAllowedMentions{Parse: []discordgo.AllowedMentionType{discordgo.AllowedMentionTypeEveryone}}})
	content := "edited"
	if _, err := sess.ChannelMessageEditComplex(&discordgo.MessageEdit{ID: srv.Messages().In(srv.ChannelID())[0].ID, Channel: srv.ChannelID(), Content: &content}); err != nil {
		t.Fatal(err)
	}
	ps := srv.Checks().MentionProblems()
	want := []string{"no allowed_mentions", "without parse", `parses "everyone"`, "no allowed_mentions"}
	if len(ps) != len(want) {
		t.Fatalf("problems: %v", ps)
	}
	for i, w := range want {
		if !strings.Contains(ps[i].Problem, w) {
			t.Errorf("problem %d: %s, want %q", i, ps[i], w)
		}
	}
	srv.Checks().ExpectMentions("everyone")
	send(&discordgo.MessageSend{Content: "everyone, expected", AllowedMentions: &discordgo.MessageAllowedMentions{Parse: []discordgo.AllowedMentionType{discordgo.AllowedMentionTypeEveryone}}})
	if n := len(srv.Checks().MentionProblems()); n != len(want) {
		t.Fatalf("an expected parse flagged: %v", srv.Checks().MentionProblems())
	}
	srv.Close()
	mu.Lock()
	defer mu.Unlock()
	if n := strings.Count(strings.Join(reported, "\n"), "a message that could ping"); n != len(want) {
		t.Fatalf("reported at Close: %d, want %d:\n%s", n, len(want), strings.Join(reported, "\n"))
	}
}
