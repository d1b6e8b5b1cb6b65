package discordtest_test

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"
	"github.com/gunbai/gunbai/bot/discordtest"
)

// sendNonce posts a message with a nonce (discordgo v0.29's MessageSend has
// no nonce fields, so the bot needs its own request body).
func sendNonce(t *testing.T, sess *discordgo.Session, channel string, body map[string]any) *discordgo.Message {
	t.Helper()
	ep := discordgo.EndpointChannelMessages(channel)
	b, err := sess.RequestWithBucketID("POST", ep, body, ep)
	if err != nil {
		t.Fatalf("POST %v: %v", body, err)
	}
	var m discordgo.Message
	if err := json.Unmarshal(b, &m); err != nil {
		t.Fatal(err)
	}
	return &m
}

func TestNonceEnforced(t *testing.T) {
	t.Parallel()
	srv := discordtest.New(t)
	sess, err := srv.Session(token)
	if err != nil {
		t.Fatal(err)
	}
	ch := srv.ChannelID()

	// The same string nonce with enforce_nonce: the first message is
	// returned, nothing new is created.
	first := sendNonce(t, sess, ch, map[string]any{"content": "turn 3", "nonce": "turn-3", "enforce_nonce": true})
	again := sendNonce(t, sess, ch, map[string]any{"content": "turn 3 (retry)", "nonce": "turn-3", "enforce_nonce": true})
	if again.ID != first.ID || again.Content != "turn 3" {
		t.Errorf("first %s %q, again %s %q", first.ID, first.Content, again.ID, again.Content)
	}
	// The create response carries the nonce, as sent (discordgo's Message
	// has no Nonce field).
	calls := srv.Calls()
	if !strings.Contains(string(calls[0].Response), `"nonce":"turn-3"`) {
		t.Errorf("create response %s", calls[0].Response)
	}
	// Integer nonces too; the same nonce in another channel is the same
	// author's, so it also returns the first message.
	n1 := sendNonce(t, sess, ch, map[string]any{"content": "a", "nonce": 1234567890123, "enforce_nonce": true})
	n2 := sendNonce(t, sess, srv.NewID(), map[string]any{"content": "b", "nonce": 1234567890123, "enforce_nonce": true})
	if n1.ID != n2.ID || n1.ID == first.ID {
		t.Errorf("integer nonce: %s, %s", n1.ID, n2.ID)
	}
	// Without enforce_nonce, a nonce does not deduplicate.
	w1 := sendNonce(t, sess, ch, map[string]any{"content": "c", "nonce": "free"})
	w2 := sendNonce(t, sess, ch, map[string]any{"content": "c", "nonce": "free"})
	if w1.ID == w2.ID {
		t.Error("a nonce without enforce_nonce deduplicated")
	}
	// Multipart bodies (files): payload_json carries the nonce.
	multi := func(content string) *discordgo.Message {
		t.Helper()
		ct, body, err := discordgo.MultipartBodyWithJSON(map[string]any{"content": content, "nonce": "with-file", "enforce_nonce": true},
			[]*discordgo.File{{Name: "map.png", ContentType: "image/png", Reader: strings.NewReader("png")}})
		if err != nil {
			t.Fatal(err)
		}
		ep := discordgo.EndpointChannelMessages(ch)
		b, err := sess.RequestRaw("POST", ep, ct, body, ep, 0)
		if err != nil {
			t.Fatal(err)
		}
		var m discordgo.Message
		if err := json.Unmarshal(b, &m); err != nil {
			t.Fatal(err)
		}
		return &m
	}
	f1, f2 := multi("field"), multi("field again")
	if f1.ID != f2.ID || len(f2.Attachments) != 1 {
		t.Errorf("multipart nonce: %s, %s (%d attachments)", f1.ID, f2.ID, len(f2.Attachments))
	}
	if ms := srv.Messages().In(ch); len(ms) != 5 {
		t.Errorf("%d messages stored, want 5", len(ms))
	}
	// A deleted first message does not block a new one.
	if err := sess.ChannelMessageDelete(ch, first.ID); err != nil {
		t.Fatal(err)
	}
	if m := sendNonce(t, sess, ch, map[string]any{"content": "turn 3", "nonce": "turn-3", "enforce_nonce": true}); m.ID == first.ID {
		t.Error("the deleted message was returned")
	}
	// Discord's limit: a string nonce has at most 25 characters.
	srv.AllowViolations()
	ep := discordgo.EndpointChannelMessages(ch)
	_, err = sess.RequestWithBucketID("POST", ep, map[string]any{"content": "x", "nonce": strings.Repeat("n", 26), "enforce_nonce": true}, ep)
	if status, code := restCode(err); status != 400 || code != 50035 || len(srv.Violations()) != 1 {
		t.Errorf("long nonce: %v, violations %v", err, srv.Violations())
	}
}
