package discordtest_test

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"

	"github.com/gunbai/gunbai/bot/discordfake"
	"github.com/gunbai/gunbai/bot/discordtest"
)

// rawPart is a component sent as the JSON given.
type rawPart string

func (rawPart) Type() discordgo.ComponentType  { return 18 }
func (p rawPart) MarshalJSON() ([]byte, error) { return []byte(p), nil }

// A modal of labels is refused as Discord refuses it: more than five
// components, a label's title over 45 characters, two inputs with one
// custom ID, a label without an input; a good one is taken, and
// SubmitModal fills it in as a user would (labels with their values, the
// file in data.resolved.attachments), refusing what Discord's client
// would not send.
func TestModalLabelsValidatedAndSubmitted(t *testing.T) {
	t.Parallel()
	srv := discordtest.New(t)
	srv.AllowViolations() // some bad modals break the description too, on purpose
	sess := open(t, srv, nil)
	label := func(title, inner string) rawPart {
		return rawPart(`{"type":18,"label":"` + title + `","component":` + inner + `}`)
	}
	text := func(id string) string { return `{"type":4,"custom_id":"` + id + `","style":1}` }
	file := `{"type":19,"custom_id":"file","min_values":1,"max_values":1,"required":true}`
	respond := func(parts ...discordgo.MessageComponent) (discordtest.Interaction, error) {
		i := srv.Interactions().SlashCommand(srv.GuildID(), srv.ChannelID(), discordtest.Member{}, "form")
		if _, err := srv.Interactions().Dispatch(i); err != nil {
			t.Fatal(err)
		}
		return i, sess.InteractionRespond(&discordgo.Interaction{ID: i.ID, Token: i.Token, AppID: srv.AppID()}, &discordgo.InteractionResponse{
			Type: discordgo.InteractionResponseModal,
			Data: &discordgo.InteractionResponseData{CustomID: "f", Title: "Form", Components: parts},
		})
	}
	for _, c := range []struct {
		name  string
		parts []discordgo.MessageComponent
		want  string
	}{
		{"six", []discordgo.MessageComponent{label("a", text("a")), label("b", text("b")), label("c", text("c")), label("d", text("d")), label("e", text("e")), label("f", text("f"))}, "BASE_TYPE_BAD_LENGTH"},
		{"long title", []discordgo.MessageComponent{label(strings.Repeat("я", 46), text("a"))}, "BASE_TYPE_BAD_LENGTH"},
		{"same id", []discordgo.MessageComponent{label("a", text("x")), label("b", text("x"))}, "COMPONENT_CUSTOM_ID_DUPLICATED"},
		{"no input", []discordgo.MessageComponent{rawPart(`{"type":18,"label":"a"}`)}, "UNION_TYPE_CHOICES"},
		{"a button", []discordgo.MessageComponent{label("a", `{"type":2,"custom_id":"b","style":1,"label":"b"}`)}, "UNION_TYPE_CHOICES"},
	} {
		_, err := respond(c.parts...)
		var re *discordgo.RESTError
		if err == nil || !strings.Contains(err.Error(), c.want) && !(asREST(err, &re) && strings.Contains(string(re.ResponseBody), c.want)) {
			t.Errorf("%s: %v, want %s", c.name, err, c.want)
		}
	}
	i, err := respond(label("Имя", text("name")), label("Файл", file))
	if err != nil {
		t.Fatal(err)
	}
	modal := srv.Interactions().Responses(i.ID)[0].Data
	if _, err := srv.Interactions().SubmitModal(srv.GuildID(), srv.ChannelID(), discordtest.Member{}, modal, discordfake.ModalInput{Values: map[string][]string{"name": {"x"}}}); err == nil {
		t.Error("submitted without the required file")
	}
	if _, err := srv.Interactions().SubmitModal(srv.GuildID(), srv.ChannelID(), discordtest.Member{}, modal, discordfake.ModalInput{Values: map[string][]string{"nope": {"x"}}}); err == nil {
		t.Error("submitted a value for no input")
	}
	sub, err := srv.Interactions().SubmitModal(srv.GuildID(), srv.ChannelID(), discordtest.Member{}, modal, discordfake.ModalInput{
		Values: map[string][]string{"name": {"Нагасино"}}, Files: map[string][]discordfake.UploadFile{"file": {{Name: "r.toml", Data: []byte("x = 1\n")}}}})
	if err != nil {
		t.Fatal(err)
	}
	var p struct {
		Data struct {
			Components []struct {
				Type      int `json:"type"`
				Component struct {
					CustomID string   `json:"custom_id"`
					Value    string   `json:"value"`
					Values   []string `json:"values"`
				} `json:"component"`
			} `json:"components"`
			Resolved struct {
				Attachments map[string]struct {
					Filename, URL string
				} `json:"attachments"`
			} `json:"resolved"`
		} `json:"data"`
	}
	if err := json.Unmarshal(sub.Payload, &p); err != nil {
		t.Fatal(err)
	}
	cs := p.Data.Components
	if len(cs) != 2 || cs[0].Type != 18 || cs[0].Component.Value != "Нагасино" || len(cs[1].Component.Values) != 1 {
		t.Fatalf("submit: %s", sub.Payload)
	}
	if a := p.Data.Resolved.Attachments[cs[1].Component.Values[0]]; a.Filename != "r.toml" || !strings.HasPrefix(a.URL, "https://cdn.discordapp.com/attachments/") {
		t.Errorf("the uploaded file: %+v", a)
	}
}
