package bot_test

import (
	"io"
	"log"
	"path/filepath"
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"

	"github.com/gunbai/gunbai/bot"
	"github.com/gunbai/gunbai/bot/discordtest"
	"github.com/gunbai/gunbai/game"
	"github.com/gunbai/gunbai/store"
)

// The invite asks for View Channel, Send Messages and Attach Files: the
// number the README gives.
func TestInvitePermissions(t *testing.T) {
	if bot.InvitePermissions != 35840 { // 1024 + 2048 + 32768
		t.Fatalf("InvitePermissions = %d", bot.InvitePermissions)
	}
	if bot.InvitePermissions&discordgo.PermissionEmbedLinks != 0 {
		t.Fatal("Embed Links asked for, but the bot sends no embeds")
	}
}

// Dial builds a bot that Start connects (it registers its commands on
// READY) and Close disconnects.
func TestDialStartClose(t *testing.T) {
	srv := discordtest.New(t)
	st, err := store.Open(filepath.Join(t.TempDir(), "g.db"), store.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	b, err := bot.Dial(bot.Conn{Token: "dial-token", Wire: srv.Wire}, &game.Service{Store: st}, bot.Options{Log: log.New(io.Discard, "", 0)})
	if err != nil {
		t.Fatal(err)
	}
	if err := b.Start(); err != nil {
		t.Fatal(err)
	}
	if !srv.WaitFor(func() bool { return len(srv.Commands(srv.GuildID())) == len(bot.Commands()) }, wait) {
		t.Fatal("the bot did not register its commands")
	}
	if err := b.Close(); err != nil {
		t.Fatal(err)
	}
	if _, err := bot.Dial(bot.Conn{Token: " "}, &game.Service{Store: st}, bot.Options{}); err == nil {
		t.Fatal("an empty token was accepted")
	}
}

// RegisterCommands overwrites the commands of each guild over REST, with
// the application ID of the bot user or the one given, and opens no
// gateway connection.
func TestRegisterCommands(t *testing.T) {
	srv := discordtest.New(t)
	second := srv.NewID()
	srv.AddGuild(second, "Second")
	regs, err := bot.RegisterCommands(bot.Conn{Token: "reg-token", Wire: srv.Wire}, []string{srv.GuildID(), second})
	if err != nil {
		t.Fatal(err)
	}
	if len(regs) != 2 {
		t.Fatalf("registrations %+v", regs)
	}
	for i, g := range []string{srv.GuildID(), second} {
		if regs[i].Guild != g || regs[i].ApplicationID != srv.AppID() || len(regs[i].Commands) != len(bot.Commands()) {
			t.Errorf("registration %d: %+v", i, regs[i])
		}
		got := srv.Commands(g)
		if len(got) != len(bot.Commands()) {
			t.Fatalf("guild %s has %d commands", g, len(got))
		}
		for j, c := range bot.Commands() {
			if got[j].Name != c.Name || (*got[j].NameLocalizations)[discordgo.Russian] != (*c.NameLocalizations)[discordgo.Russian] {
				t.Errorf("guild %s command %d: %s, want %s", g, j, got[j].Name, c.Name)
			}
		}
	}
	if srv.Identified() || srv.OpenConnections() != 0 {
		t.Fatal("registering opened a gateway connection")
	}
	// The configured application ID is used as given: no GET /users/@me.
	me := func() (n int) {
		for _, c := range srv.Calls() {
			if c.Route == "/users/@me" {
				n++
			}
		}
		return n
	}
	before := me()
	if _, err := bot.RegisterCommands(bot.Conn{Token: "reg-token", ApplicationID: srv.AppID(), Wire: srv.Wire}, []string{srv.GuildID()}); err != nil {
		t.Fatal(err)
	}
	if me() != before || before != 1 {
		t.Fatalf("GET /users/@me: %d calls, then %d", before, me())
	}
	// A wrong one is Discord's error, with the application and guild named.
	_, err = bot.RegisterCommands(bot.Conn{Token: "reg-token", ApplicationID: "123456789012345678", Wire: srv.Wire}, []string{srv.GuildID()})
	if err == nil || !strings.Contains(err.Error(), "123456789012345678") || !strings.Contains(err.Error(), srv.GuildID()) {
		t.Fatalf("wrong application: %v", err)
	}
	if _, err := bot.RegisterCommands(bot.Conn{Token: "reg-token", Wire: srv.Wire}, nil); err == nil {
		t.Fatal("no guilds: no error")
	}
}
