package discordtest_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"
	"github.com/gunbai/gunbai/bot/discordtest"
)

// TestOpenAPISpecCopied checks the copied description is verbatim, when the
// shared originals are beside the repository.
func TestOpenAPISpecCopied(t *testing.T) {
	t.Parallel()
	for _, name := range []string{"openapi.json", "LICENSE"} {
		b, err := os.ReadFile(filepath.Join("testdata", "openapi", name))
		if err != nil {
			t.Fatal(err)
		}
		if orig, err := os.ReadFile(filepath.Join("..", "..", "..", "shared", "fixtures", "discord", "openapi", name)); err == nil && !bytes.Equal(orig, b) {
			t.Errorf("testdata/openapi/%s differs from shared/fixtures/discord/openapi/%s", name, name)
		}
	}
	discordtest.New(t) // loads the description
	if d := discordtest.SpecLoadTime(); d <= 0 || d > 10*time.Second {
		t.Errorf("spec load time %v", d)
	}
	t.Logf("OpenAPI description parsed in %v", discordtest.SpecLoadTime())
}

// recordingTB captures Errorf, to check that violations fail the test.
type recordingTB struct {
	testing.TB
	mu   sync.Mutex
	errs []string
}

func (r *recordingTB) Errorf(format string, args ...any) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.errs = append(r.errs, fmt.Sprintf(format, args...))
}

func (r *recordingTB) errors() []string {
	r.mu.Lock()
	defer r.mu.Unlock()
	return append([]string(nil), r.errs...)
}

func TestOpenAPIViolationsFailTheTest(t *testing.T) {
	t.Parallel()
	rec := &recordingTB{TB: t}
	srv := discordtest.New(rec)
	sess, err := srv.Session(token)
	if err != nil {
		t.Fatal(err)
	}
	ch := discordgo.EndpointChannelMessages(srv.ChannelID())

	// A valid request: validated, no violation.
	if _, err := sess.ChannelMessageSend(srv.ChannelID(), "ok"); err != nil {
		t.Fatal(err)
	}
	if reqs, resps := srv.Validated(); reqs != 1 || resps != 1 || len(srv.Violations()) != 0 || len(rec.errors()) != 0 {
		t.Fatalf("validated %d/%d, violations %v, errors %v", reqs, resps, srv.Violations(), rec.errors())
	}

	// A field of the wrong type that the fake itself ignores ("tts" must be
	// a boolean): only the description catches it.
	if _, err := sess.RequestWithBucketID("POST", ch, map[string]any{"content": "x", "tts": "yes"}, ch); err != nil {
		t.Errorf("the fake refused it: %v", err)
	}
	v := srv.Violations()
	if len(v) != 1 || v[0].Response || v[0].Template != "/channels/{channel_id}/messages" || !strings.Contains(strings.Join(v[0].Errors, " "), "/tts") {
		t.Errorf("violations = %v", v)
	}
	if errs := rec.errors(); len(errs) != 1 || !strings.Contains(errs[0], "OpenAPI request violation") {
		t.Errorf("errors = %q", errs)
	}
	c := srv.Calls()
	if last := c[len(c)-1]; len(last.SpecErrors) != 1 {
		t.Errorf("call spec errors = %q", last.SpecErrors)
	}

	// The same in a multipart body's payload_json.
	ct, body, err := discordgo.MultipartBodyWithJSON(map[string]any{"content": "x", "flags": "4"},
		[]*discordgo.File{{Name: "a.txt", ContentType: "text/plain", Reader: strings.NewReader("a")}})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := sess.RequestRaw("POST", ch, ct, body, ch, 0); err == nil {
		t.Error("flags as a string accepted by the fake")
	}
	if v := srv.Violations(); len(v) != 2 || !strings.Contains(strings.Join(v[1].Errors, " "), "payload_json") {
		t.Errorf("multipart violation = %v", v)
	}

	// A route Discord does not have, a method it does not allow, an
	// unknown query parameter, a non-snowflake id.
	for _, bad := range []struct{ method, url string }{
		{"GET", discordgo.EndpointAPI + "channels/" + srv.ChannelID() + "/no-such-thing"},
		{"DELETE", discordgo.EndpointAPI + "gateway"},
		{"GET", discordgo.EndpointAPI + "users/@me?colour=blue"},
		{"GET", discordgo.EndpointAPI + "users/abc"},
	} {
		_, _ = sess.RequestWithBucketID(bad.method, bad.url, nil, bad.url)
	}
	v = srv.Violations()
	if len(v) != 6 {
		t.Fatalf("violations = %v", v)
	}
	for i, want := range []string{"no path", "not an operation", `"colour"`, "pattern"} {
		if got := strings.Join(v[2+i].Errors, " "); !strings.Contains(got, want) {
			t.Errorf("violation %d = %q, want %q", 2+i, got, want)
		}
	}

	// A response the description rejects: a channel of an unknown type.
	srv.Guilds().SetChannel(&discordgo.Channel{ID: "1300000000000000001", GuildID: srv.GuildID(), Name: "odd", Type: 99})
	if _, err := sess.Channel("1300000000000000001"); err != nil {
		t.Fatal(err)
	}
	v = srv.Violations()
	if len(v) != 7 || !v[6].Response {
		t.Errorf("response violation = %v", v)
	}
	if n := len(rec.errors()); n != 7 {
		t.Errorf("%d errors reported, want 7", n)
	}
	reqs, resps := srv.Validated()
	if reqs != 8 || resps != 6 { // no response check without a matched operation
		t.Errorf("validated %d requests, %d responses", reqs, resps)
	}
}

func TestOpenAPIAllowViolations(t *testing.T) {
	t.Parallel()
	rec := &recordingTB{TB: t}
	srv := discordtest.New(rec)
	srv.AllowViolations()
	sess, err := srv.Session(token)
	if err != nil {
		t.Fatal(err)
	}
	ch := discordgo.EndpointChannelMessages(srv.ChannelID())
	_, err = sess.RequestWithBucketID("POST", ch, map[string]any{"content": 5}, ch)
	if status, code := restCode(err); status != 400 || code != 50035 {
		t.Errorf("content as a number: %v", err)
	}
	if len(srv.Violations()) != 1 || len(rec.errors()) != 0 {
		t.Errorf("violations %v, errors %v", srv.Violations(), rec.errors())
	}
}

// TestOpenAPIResponsesOfTheFake exercises the routes the fake serves and
// checks Discord's description accepts every request and answer.
func TestOpenAPIResponsesOfTheFake(t *testing.T) {
	t.Parallel()
	srv := discordtest.New(t)
	srv.AllowViolations() // the one below, checked
	sess := open(t, srv, nil)
	steps := []func() error{
		func() error { _, err := sess.User("@me"); return err },
		func() error { _, err := sess.Gateway(); return err },
		func() error { _, err := sess.GatewayBot(); return err },
		func() error { _, err := sess.Guild(srv.GuildID()); return err },
		func() error { _, err := sess.GuildRoles(srv.GuildID()); return err },
		func() error { _, err := sess.GuildMember(srv.GuildID(), srv.AppID()); return err },
		func() error { _, err := sess.Channel(srv.ChannelID()); return err },
		func() error {
			m, err := sess.ChannelMessageSendComplex(srv.ChannelID(), &discordgo.MessageSend{
				Content: "x", Embeds: []*discordgo.MessageEmbed{{Title: "t", Fields: []*discordgo.MessageEmbedField{{Name: "a", Value: "b"}}}},
				Components: []discordgo.MessageComponent{discordgo.ActionsRow{Components: []discordgo.MessageComponent{
					discordgo.Button{Label: "b", CustomID: "b", Style: discordgo.PrimaryButton},
				}}},
				Files: []*discordgo.File{{Name: "f.png", ContentType: "image/png", Reader: strings.NewReader("png")}},
			})
			if err != nil {
				return err
			}
			if _, err := sess.ChannelMessage(srv.ChannelID(), m.ID); err != nil {
				return err
			}
			if _, err := sess.ChannelMessageEdit(srv.ChannelID(), m.ID, "y"); err != nil {
				return err
			}
			return sess.ChannelMessageDelete(srv.ChannelID(), m.ID)
		},
		func() error {
			dm, err := sess.UserChannelCreate("900000000000000002")
			if err != nil {
				return err
			}
			_, err = sess.ChannelMessageSendComplex(dm.ID, &discordgo.MessageSend{Components: []discordgo.MessageComponent{
				discordgo.ActionsRow{Components: []discordgo.MessageComponent{discordgo.SelectMenu{
					CustomID: "s", Options: []discordgo.SelectMenuOption{{Label: "a", Value: "a"}},
				}}},
			}})
			return err
		},
		func() error {
			cmds, err := sess.ApplicationCommandBulkOverwrite(srv.AppID(), srv.GuildID(), []*discordgo.ApplicationCommand{
				{Name: "c", Description: "d", Options: []*discordgo.ApplicationCommandOption{{Type: discordgo.ApplicationCommandOptionString, Name: "o", Description: "o",
					Choices: []*discordgo.ApplicationCommandOptionChoice{{Name: "a", Value: "a"}}}}},
				{Name: "u", Type: discordgo.UserApplicationCommand},
			})
			if err != nil {
				return err
			}
			if _, err := sess.ApplicationCommand(srv.AppID(), srv.GuildID(), cmds[0].ID); err != nil {
				return err
			}
			if _, err := sess.ApplicationCommandEdit(srv.AppID(), srv.GuildID(), cmds[0].ID, &discordgo.ApplicationCommand{Name: "c", Description: "e"}); err != nil {
				return err
			}
			if _, err := sess.ApplicationCommands(srv.AppID(), ""); err != nil {
				return err
			}
			return sess.ApplicationCommandDelete(srv.AppID(), srv.GuildID(), cmds[1].ID)
		},
		func() error {
			b := srv.Interactions().SlashCommand(srv.GuildID(), srv.ChannelID(), discordtest.Member{}, "c")
			if _, err := srv.Interactions().Dispatch(b); err != nil {
				return err
			}
			var i discordgo.Interaction
			if err := json.Unmarshal(b.Payload, &i); err != nil {
				return err
			}
			if err := sess.InteractionRespond(&i, &discordgo.InteractionResponse{Type: discordgo.InteractionResponseDeferredChannelMessageWithSource,
				Data: &discordgo.InteractionResponseData{Flags: discordgo.MessageFlagsEphemeral}}); err != nil {
				return err
			}
			content := "done"
			if _, err := sess.InteractionResponseEdit(&i, &discordgo.WebhookEdit{Content: &content}); err != nil {
				return err
			}
			if _, err := sess.InteractionResponse(&i); err != nil {
				return err
			}
			f, err := sess.FollowupMessageCreate(&i, true, &discordgo.WebhookParams{Content: "more",
				Files: []*discordgo.File{{Name: "f.txt", Reader: strings.NewReader("f")}}})
			if err != nil {
				return err
			}
			if _, err := sess.FollowupMessageEdit(&i, f.ID, &discordgo.WebhookEdit{Content: &content}); err != nil {
				return err
			}
			if err := sess.FollowupMessageDelete(&i, f.ID); err != nil {
				return err
			}
			return sess.InteractionResponseDelete(&i)
		},
	}
	for i, step := range steps {
		if err := step(); err != nil {
			t.Errorf("step %d: %v", i, err)
		}
	}
	// Errors are Discord-shaped too.
	_, err := sess.ChannelMessageSend(srv.ChannelID(), strings.Repeat("x", 2001))
	if status, code := restCode(err); status != 400 || code != 50035 {
		t.Errorf("long message: %v", err)
	}
	_, err = sess.GuildMember(srv.GuildID(), "900000000000000009")
	if status, code := restCode(err); status != http.StatusNotFound || code != 10007 {
		t.Errorf("unknown member: %v", err)
	}
	// An empty id is no route (the description does not allow it either).
	_, err = sess.Channel("")
	if status, code := restCode(err); status != 404 || code != 0 {
		t.Errorf("GET /channels/: %v", err)
	}
	if v := srv.Violations(); len(v) != 1 || v[0].Route != "/channels/" {
		t.Errorf("violations = %v", v)
	}
	reqs, resps := srv.Validated()
	if reqs < 25 || resps != reqs-1 {
		t.Errorf("validated %d requests, %d responses; violations %v", reqs, resps, srv.Violations())
	}
}
