package discordfake_test

import (
	"fmt"
	"net/http"
	"strings"
	"sync"
	"testing"

	"github.com/bwmarrin/discordgo"

	"github.com/gunbai/gunbai/bot/discordfake"
)

// countingChecker stands for discordtest's OpenAPI validation: it sees
// every call before it is served and after, and what it finds becomes the
// call's SpecErrors.
type countingChecker struct {
	mu        sync.Mutex
	requests  int
	responses int
}

func (k *countingChecker) Request(c *discordfake.Call) func(*discordfake.Call, http.Header) []string {
	k.mu.Lock()
	k.requests++
	k.mu.Unlock()
	c.Template = "checked " + c.Route
	return func(c *discordfake.Call, h http.Header) []string {
		k.mu.Lock()
		k.responses++
		k.mu.Unlock()
		if h.Get("X-RateLimit-Bucket") == "" || c.Status == 0 {
			return []string{"no answer yet"}
		}
		return []string{fmt.Sprintf("seen %d", c.Status)}
	}
}

// The fake on its own, as the sandbox runs it: a wired session posts, the
// message is kept, a Checker sees the call on both sides, and a broken
// text is logged at Close, with nothing of a test around it.
func TestFakeAlone(t *testing.T) {
	t.Parallel()
	var mu sync.Mutex
	var logged []string
	k := &countingChecker{}
	srv, err := discordfake.New(discordfake.Options{Check: k, Logf: func(f string, a ...any) {
		mu.Lock()
		logged = append(logged, fmt.Sprintf(f, a...))
		mu.Unlock()
	}})
	if err != nil {
		t.Fatal(err)
	}
	defer srv.Close()
	sess, err := srv.Session("alone-token")
	if err != nil {
		t.Fatal(err)
	}
	ch := srv.ChannelID()
	if _, err := sess.ChannelMessageSendComplex(ch, &discordgo.MessageSend{
		Content:         "%!d(MISSING) figures",
		AllowedMentions: &discordgo.MessageAllowedMentions{Parse: []discordgo.AllowedMentionType{}},
	}); err != nil {
		t.Fatal(err)
	}
	if ms := srv.Messages().In(ch); len(ms) != 1 || ms[0].Content != "%!d(MISSING) figures" {
		t.Fatalf("messages %+v", ms)
	}
	calls := srv.Calls()
	if len(calls) != 1 || calls[0].Template != "checked /channels/"+ch+"/messages" || strings.Join(calls[0].SpecErrors, ";") != "seen 200" {
		for _, c := range calls {
			t.Errorf("%s %s: template %q, spec errors %q", c.Method, c.Route, c.Template, c.SpecErrors)
		}
		t.Fatalf("%d calls", len(calls))
	}
	if k.requests != 1 || k.responses != 1 {
		t.Fatalf("checker saw %d requests, %d responses", k.requests, k.responses)
	}
	if ps := srv.Checks().TextProblems(); len(ps) == 0 {
		t.Fatalf("text problems %v", ps)
	}
	srv.Close() // reports what it found, to Logf
	mu.Lock()
	defer mu.Unlock()
	if len(logged) == 0 || !strings.HasPrefix(logged[0], "discordfake: a broken text: POST /channels/") {
		t.Fatalf("logged %q", logged)
	}
}
