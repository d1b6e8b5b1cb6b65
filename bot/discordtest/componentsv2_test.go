package discordtest_test

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/gunbai/gunbai/bot/discordtest"
)

// v2Body is a Components V2 message as the order sheet sends one: a
// container with a text, a media gallery, a section with its Cancel button
// and a row with a menu.
func v2Body(extra ...any) map[string]any {
	inner := []any{
		map[string]any{"type": 10, "content": "**Sheet** — turn 1"},
		map[string]any{"type": 12, "items": []any{map[string]any{"media": map[string]any{"url": "attachment://preview.png"}, "description": "the field"}}},
		map[string]any{"type": 9, "components": []any{map[string]any{"type": 10, "content": "n-yari1, phase 1: Move"}},
			"accessory": map[string]any{"type": 2, "style": 2, "label": "Cancel: n-yari1", "custom_id": "sheet:1:1:cancel:abc"}},
		map[string]any{"type": 1, "components": []any{map[string]any{"type": 3, "custom_id": "sheet:1:1:subject",
			"options": []any{map[string]any{"label": "n-yari1", "value": "n-yari1"}}}}},
	}
	inner = append(inner, extra...)
	return map[string]any{"flags": 1 << 15, "components": []any{map[string]any{"type": 17, "accent_color": 0x3b6fb6, "components": inner}}}
}

// A Components V2 message is taken, kept and read back as Discord does:
// its texts at any depth, its buttons inside sections and menus inside the
// container clickable, the click naming the message and its custom ID.
func TestComponentsV2MessageServedAndClicked(t *testing.T) {
	t.Parallel()
	srv := discordtest.New(t)
	clicked := make(chan *discordgo.Interaction, 2)
	sess := open(t, srv, func(s *discordgo.Session) {
		s.AddHandler(func(s *discordgo.Session, ic *discordgo.InteractionCreate) {
			clicked <- ic.Interaction
			_ = s.InteractionRespond(ic.Interaction, &discordgo.InteractionResponse{Type: discordgo.InteractionResponseDeferredMessageUpdate})
		})
	})
	raw, err := sess.RequestWithBucketID(http.MethodPost, discordgo.EndpointChannelMessages(srv.ChannelID()), v2Body(), "")
	if err != nil {
		t.Fatal(err)
	}
	var posted discordgo.Message
	if err := json.Unmarshal(raw, &posted); err != nil {
		t.Fatal(err)
	}
	if posted.Flags&discordgo.MessageFlagsIsComponentsV2 == 0 || posted.Content != "" || len(posted.Components) != 1 {
		t.Fatalf("posted: flags %d, content %q, %d components", posted.Flags, posted.Content, len(posted.Components))
	}
	if _, ok := posted.Components[0].(*discordgo.Container); !ok {
		t.Fatalf("the top component is a %T", posted.Components[0])
	}
	ms := srv.Messages().In(srv.ChannelID())
	if len(ms) != 1 || ms[0].Text() != "**Sheet** — turn 1\nn-yari1, phase 1: Move" {
		t.Fatalf("the message reads %q", ms[0].Text())
	}
	var ids []string
	for _, c := range discordtest.Interactive(ms[0].Components) {
		ids = append(ids, discordtest.CustomID(c))
	}
	if strings.Join(ids, " ") != "sheet:1:1:cancel:abc sheet:1:1:subject" {
		t.Fatalf("the nested buttons and menus: %v", ids)
	}
	for _, i := range []discordtest.Interaction{
		srv.Interactions().Button(srv.GuildID(), srv.ChannelID(), discordtest.Member{Username: "petya"}, "sheet:1:1:cancel:abc"),
		srv.Interactions().Select(srv.GuildID(), srv.ChannelID(), discordtest.Member{Username: "petya"}, "sheet:1:1:subject", "n-yari1"),
	} {
		if _, err := srv.Interactions().Dispatch(i); err != nil {
			t.Fatal(err)
		}
		select {
		case ic := <-clicked:
			d := ic.MessageComponentData()
			if ic.Message == nil || ic.Message.ID != posted.ID || ic.Message.Flags&discordgo.MessageFlagsIsComponentsV2 == 0 || !strings.HasPrefix(d.CustomID, "sheet:1:1:") {
				t.Fatalf("the click: message %+v, data %+v", ic.Message, d)
			}
		case <-time.After(wait):
			t.Fatal("no click")
		}
	}
	if len(srv.Messages().In(srv.ChannelID())) != 1 {
		t.Fatal("a click on a nested component made a message of its own")
	}
}

// What Discord refuses of a Components V2 message, the fake refuses: each
// body is answered 400 with its form error.
func TestComponentsV2Refusals(t *testing.T) {
	t.Parallel()
	srv := discordtest.New(t)
	srv.SkipSpec() // bodies the OpenAPI description refuses too: the fake's own answer is tested
	sess := open(t, srv, nil)
	text := func(s string) map[string]any { return map[string]any{"type": 10, "content": s} }
	button := func(id string) map[string]any {
		return map[string]any{"type": 2, "style": 2, "label": "x", "custom_id": id}
	}
	many := func(n int, f func(i int) map[string]any) []any {
		var out []any
		for i := range n {
			out = append(out, f(i))
		}
		return out
	}
	withContent := v2Body()
	withContent["content"] = "hello"
	withEmbeds := v2Body()
	withEmbeds["embeds"] = []any{map[string]any{"description": "x"}}
	noFlag := v2Body()
	delete(noFlag, "flags")
	for _, c := range []struct {
		name, code string
		body       map[string]any
	}{
		{"V2 types without the flag", "UNION_TYPE_CHOICES", noFlag},
		{"content with the flag", "MESSAGE_CANNOT_USE_LEGACY_FIELDS_WITH_COMPONENTS_V2", withContent},
		{"embeds with the flag", "MESSAGE_CANNOT_USE_LEGACY_FIELDS_WITH_COMPONENTS_V2", withEmbeds},
		{"a section of four texts", "BASE_TYPE_BAD_LENGTH", v2Body(map[string]any{"type": 9, "components": many(4, func(i int) map[string]any { return text("t") }), "accessory": button("b")})},
		{"a section without accessory", "BASE_TYPE_REQUIRED", v2Body(map[string]any{"type": 9, "components": []any{text("t")}})},
		{"a section holding a button", "UNION_TYPE_CHOICES", v2Body(map[string]any{"type": 9, "components": []any{button("b")}, "accessory": button("c")})},
		{"an empty gallery", "BASE_TYPE_BAD_LENGTH", v2Body(map[string]any{"type": 12, "items": []any{}})},
		{"a gallery of eleven", "BASE_TYPE_BAD_LENGTH", v2Body(map[string]any{"type": 12, "items": many(11, func(int) map[string]any {
			return map[string]any{"media": map[string]any{"url": "https://example.com/a.png"}}
		})})},
		{"a container in a container", "UNION_TYPE_CHOICES", v2Body(map[string]any{"type": 17, "components": []any{text("t")}})},
		{"41 components", "BASE_TYPE_MAX_LENGTH", v2Body(many(18, func(i int) map[string]any {
			return map[string]any{"type": 1, "components": []any{button(fmt.Sprint("b", i))}}
		})...)},
		{"4001 characters of text", "BASE_TYPE_MAX_LENGTH", v2Body(text(strings.Repeat("я", 2000)), text(strings.Repeat("я", 1990)))},
		{"a custom ID twice across the nesting", "COMPONENT_CUSTOM_ID_DUPLICATED", v2Body(map[string]any{"type": 1, "components": []any{button("sheet:1:1:cancel:abc")}})},
	} {
		_, err := sess.RequestWithBucketID(http.MethodPost, discordgo.EndpointChannelMessages(srv.ChannelID()), c.body, "")
		var re *discordgo.RESTError
		if err == nil || !asREST(err, &re) || re.Response.StatusCode != 400 || !strings.Contains(string(re.ResponseBody), c.code) {
			t.Errorf("%s: %v, want a 400 with %s", c.name, err, c.code)
		}
	}
	if n := len(srv.Messages().In(srv.ChannelID())); n != 0 {
		t.Fatalf("%d refused messages were kept", n)
	}
}

func asREST(err error, re **discordgo.RESTError) bool {
	r, ok := err.(*discordgo.RESTError)
	*re = r
	return ok
}

// Edits: a legacy message may become a V2 one (its content cleared with
// null), a V2 message's flag cannot be taken off, and content cannot be
// put on it.
func TestComponentsV2Edits(t *testing.T) {
	t.Parallel()
	srv := discordtest.New(t)
	sess := open(t, srv, nil)
	legacy, err := sess.ChannelMessageSend(srv.ChannelID(), "the old sheet")
	if err != nil {
		t.Fatal(err)
	}
	url := discordgo.EndpointChannelMessage(srv.ChannelID(), legacy.ID)
	body := v2Body()
	body["content"] = nil
	body["embeds"] = []any{}
	if _, err := sess.RequestWithBucketID(http.MethodPatch, url, body, ""); err != nil {
		t.Fatalf("converting a legacy message by an edit that clears its content: %v", err)
	}
	m, _ := srv.Messages().Get(legacy.ID)
	if m.Content != "" || m.Flags&discordgo.MessageFlagsIsComponentsV2 == 0 || !strings.Contains(m.Text(), "turn 1") {
		t.Fatalf("after the edit: %+v", m)
	}
	// An edit that does not repeat the flag keeps it: its components are
	// V2 ones.
	again := v2Body()
	delete(again, "flags")
	if _, err := sess.RequestWithBucketID(http.MethodPatch, url, again, ""); err != nil {
		t.Fatalf("an edit of a V2 message without its flags: %v", err)
	}
	for name, b := range map[string]map[string]any{
		"the flag taken off": {"flags": 0, "content": "plain again", "components": []any{}},
		"content put on":     {"flags": 1 << 15, "content": "words"},
	} {
		if _, err := sess.RequestWithBucketID(http.MethodPatch, url, b, ""); err == nil {
			t.Errorf("%s: the edit was taken", name)
		}
	}
	legacy2, err := sess.ChannelMessageSend(srv.ChannelID(), "another")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := sess.RequestWithBucketID(http.MethodPatch, discordgo.EndpointChannelMessage(srv.ChannelID(), legacy2.ID), v2Body(), ""); err == nil {
		t.Error("a legacy message became V2 while keeping its content")
	}
}
