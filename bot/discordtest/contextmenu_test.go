package discordtest_test

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"

	"github.com/gunbai/gunbai/bot/discordtest"
)

// shapeLike reports every field of Discord's example want that got lacks
// or has with another JSON type (null in the example: any type).
func shapeLike(t *testing.T, path string, want, got any) {
	t.Helper()
	switch wv := want.(type) {
	case map[string]any:
		gv, ok := got.(map[string]any)
		if !ok {
			t.Errorf("%s: got %T, want object", path, got)
			return
		}
		for k, v := range wv {
			if _, ok := gv[k]; !ok {
				t.Errorf("%s.%s missing", path, k)
				continue
			}
			if path == ".data.resolved.messages" || path == ".data.resolved.users" || path == ".data.resolved.members" {
				continue // keyed by the target's id, compared below
			}
			shapeLike(t, path+"."+k, v, gv[k])
		}
	case nil:
	default:
		if got != nil && fmt.Sprintf("%T", got) != fmt.Sprintf("%T", want) {
			t.Errorf("%s: got %T, want %T", path, got, want)
		}
	}
}

// A message command built by the fake has the shape of Discord's example
// (message-command-interaction.json): data.type 3, target_id, the target
// in data.resolved.messages; discordgo reads it back; a DM's slash command
// has no member and context 1.
func TestContextMenuInteractionShape(t *testing.T) {
	t.Parallel()
	srv := discordtest.New(t)
	sess, err := srv.Session("menu-token")
	if err != nil {
		t.Fatal(err)
	}
	menu := &discordgo.ApplicationCommand{Type: discordgo.MessageApplicationCommand, Name: "Replay this turn",
		NameLocalizations: &map[discordgo.Locale]string{discordgo.Russian: "Повтор хода"}}
	got, err := sess.ApplicationCommandBulkOverwrite(srv.AppID(), srv.GuildID(), []*discordgo.ApplicationCommand{menu})
	if err != nil || len(got) != 1 || got[0].Type != discordgo.MessageApplicationCommand {
		t.Fatalf("registering a message command: %+v, %v", got, err)
	}
	const msg = "867793854505943041"
	i := srv.ContextMenu(srv.GuildID(), "2000", discordtest.Member{UserID: "3000", Roles: []string{"5"}}, "Replay this turn", msg)
	var gotJSON, want map[string]any
	if err := json.Unmarshal(i.Payload, &gotJSON); err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(fixture(t, "message-command-interaction.json"), &want); err != nil {
		t.Fatal(err)
	}
	shapeLike(t, "", want, gotJSON)
	wantMsg := want["data"].(map[string]any)["resolved"].(map[string]any)["messages"].(map[string]any)[msg]
	gotMsg := gotJSON["data"].(map[string]any)["resolved"].(map[string]any)["messages"].(map[string]any)[msg]
	shapeLike(t, ".data.resolved.messages."+msg, wantMsg, gotMsg)
	var ic discordgo.InteractionCreate
	if err := json.Unmarshal(i.Payload, &ic); err != nil {
		t.Fatal(err)
	}
	d := ic.ApplicationCommandData()
	if d.CommandType != discordgo.MessageApplicationCommand || d.TargetID != msg || d.Resolved.Messages[msg] == nil || d.ID != got[0].ID || d.Name != "Replay this turn" {
		t.Errorf("decoded = %+v", d)
	}
	// A user command: the target in data.resolved.users and .members.
	const user = "809850198683418695"
	u := srv.Interactions().UserCommand(srv.GuildID(), "2000", discordtest.Member{UserID: "3000"}, "Profile", user)
	var gotUser, wantUser map[string]any
	_ = json.Unmarshal(u.Payload, &gotUser)
	if err := json.Unmarshal(fixture(t, "user-command-interaction.json"), &wantUser); err != nil {
		t.Fatal(err)
	}
	shapeLike(t, "", wantUser, gotUser)
	for _, kind := range []string{"users", "members"} {
		w := wantUser["data"].(map[string]any)["resolved"].(map[string]any)[kind].(map[string]any)[user]
		g := gotUser["data"].(map[string]any)["resolved"].(map[string]any)[kind].(map[string]any)[user]
		delete(w.(map[string]any), "bot") // the example's target is a bot; Discord leaves it out for a person
		shapeLike(t, ".data.resolved."+kind+"."+user, w, g)
	}
	if err := json.Unmarshal(u.Payload, &ic); err != nil || ic.ApplicationCommandData().TargetID != user || ic.ApplicationCommandData().CommandType != discordgo.UserApplicationCommand {
		t.Errorf("user command decoded: %+v, %v", ic.ApplicationCommandData(), err)
	}
	dm := srv.DMCommand(discordtest.Member{UserID: "3000"}, "field")
	var dmp map[string]any
	_ = json.Unmarshal(dm.Payload, &dmp)
	if dmp["member"] != nil || dmp["user"] == nil || dmp["guild_id"] != nil || dmp["context"] != float64(1) {
		t.Errorf("DM payload = %s", dm.Payload)
	}
}

// The fake refuses context menus and contexts as Discord does: a
// description, a name over 32 characters, a 16th message command, an
// unknown context or integration type.
func TestContextMenuValidation(t *testing.T) {
	t.Parallel()
	srv := discordtest.New(t)
	srv.AllowViolations()
	sess, err := srv.Session("menu-token")
	if err != nil {
		t.Fatal(err)
	}
	menu := func(name string) *discordgo.ApplicationCommand {
		return &discordgo.ApplicationCommand{Type: discordgo.MessageApplicationCommand, Name: name}
	}
	var fifteen []*discordgo.ApplicationCommand
	for n := range 15 {
		fifteen = append(fifteen, menu(fmt.Sprintf("Menu %d", n)))
	}
	if _, err := sess.ApplicationCommandBulkOverwrite(srv.AppID(), srv.GuildID(), fifteen); err != nil {
		t.Fatalf("15 message commands: %v", err)
	}
	bad := map[string][]*discordgo.ApplicationCommand{
		"16 message commands": append(fifteen, menu("Menu 16")),
		"a description":       {{Type: discordgo.MessageApplicationCommand, Name: "Why…", Description: "no"}},
		"a long name":         {menu(strings.Repeat("a", 33))},
		"a long Russian name": {{Type: discordgo.MessageApplicationCommand, Name: "Log", NameLocalizations: &map[discordgo.Locale]string{discordgo.Russian: strings.Repeat("я", 33)}}},
		"context 3":           {{Type: discordgo.MessageApplicationCommand, Name: "Log", Contexts: &[]discordgo.InteractionContextType{3}}},
		"context twice":       {{Name: "log", Description: "d", Contexts: &[]discordgo.InteractionContextType{1, 1}}},
		"integration type 2":  {{Name: "log", Description: "d", IntegrationTypes: &[]discordgo.ApplicationIntegrationType{2}}},
	}
	for what, cmds := range bad {
		if _, err := sess.ApplicationCommandBulkOverwrite(srv.AppID(), "", cmds); err == nil {
			t.Errorf("%s: accepted", what)
		} else if status, code := restCode(err); status != 400 || code != 50035 {
			t.Errorf("%s: %d %d", what, status, code)
		}
	}
}
