package bot_test

import (
	"errors"
	"io"
	"log"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/bwmarrin/discordgo"

	"github.com/gunbai/gunbai/bot"
	"github.com/gunbai/gunbai/bot/config"
	"github.com/gunbai/gunbai/bot/discordtest"
	"github.com/gunbai/gunbai/game"
	"github.com/gunbai/gunbai/store"
)

// The invite asks for View Channel, Send Messages, Attach Files, Pin
// Messages and the three of threads: the number the README gives.
func TestInvitePermissions(t *testing.T) {
	t.Parallel()
	// 1024 + 2048 + 32768 + 1<<51 (Pin Messages) + 1<<34 (Manage Threads)
	// + 1<<35 (Create Public Threads) + 1<<38 (Send Messages in Threads)
	if bot.InvitePermissions != 2252126231235584 {
		t.Fatalf("InvitePermissions = %d", bot.InvitePermissions)
	}
	if bot.InvitePermissions&discordgo.PermissionEmbedLinks != 0 {
		t.Fatal("Embed Links asked for, but the bot sends no embeds")
	}
}

// Dial builds a bot that Start connects (it registers its commands on
// READY) and Close disconnects.
func TestDialStartClose(t *testing.T) {
	t.Parallel()
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
	if !srv.WaitFor(func() bool {
		return len(srv.Interactions().Commands(srv.GuildID())) == len(bot.GuildCommands()) && len(srv.Interactions().Commands("")) == len(bot.DMCommands())
	}, wait) {
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
	t.Parallel()
	srv := discordtest.New(t)
	second := srv.NewID()
	srv.Guilds().Add(second, "Second")
	regs, err := bot.RegisterCommands(bot.Conn{Token: "reg-token", Wire: srv.Wire}, []string{srv.GuildID(), second})
	if err != nil {
		t.Fatal(err)
	}
	if len(regs) != 3 || regs[2].Guild != "" || len(regs[2].Commands) != len(bot.DMCommands()) {
		t.Fatalf("registrations %+v", regs)
	}
	if got := srv.Interactions().Commands(""); len(got) != len(bot.DMCommands()) {
		t.Fatalf("%d global commands", len(got))
	}
	for i, g := range []string{srv.GuildID(), second} {
		if regs[i].Guild != g || regs[i].ApplicationID != srv.AppID() || len(regs[i].Commands) != len(bot.GuildCommands()) {
			t.Errorf("registration %d: %+v", i, regs[i])
		}
		got := srv.Interactions().Commands(g)
		if len(got) != len(bot.GuildCommands()) {
			t.Fatalf("guild %s has %d commands", g, len(got))
		}
		for j, c := range bot.GuildCommands() {
			if got[j].Name != c.Name || (*got[j].NameLocalizations)[discordgo.Russian] != (*c.NameLocalizations)[discordgo.Russian] {
				t.Errorf("guild %s command %d: %s, want %s", g, j, got[j].Name, c.Name)
			}
		}
	}
	if srv.Gateway().Identified() || srv.Gateway().OpenConnections() != 0 {
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

// With APIBase, every REST call discordgo would send to Discord arrives at
// that base instead: its scheme, host and path prefix, the rest of the
// path and the query kept, the token with it. Here a plain HTTP server on
// loopback under a path prefix answers RegisterCommands.
func TestAPIBase(t *testing.T) {
	t.Parallel()
	type call struct{ method, path, query, auth, host string }
	var mu sync.Mutex
	var calls []call
	h := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		calls = append(calls, call{r.Method, r.URL.Path, r.URL.RawQuery, r.Header.Get("Authorization"), r.Host})
		mu.Unlock()
		w.Header().Set("Content-Type", "application/json")
		switch {
		case r.Method == "GET" && r.URL.Path == "/proxy/api/v9/users/@me":
			io.WriteString(w, `{"id":"4242","username":"gunbai","bot":true}`)
		case r.Method == "PUT" && strings.HasPrefix(r.URL.Path, "/proxy/api/v9/applications/4242/"):
			body, _ := io.ReadAll(r.Body)
			w.Write(body) // the commands as sent, as Discord answers with them
		default:
			w.WriteHeader(http.StatusNotFound)
			io.WriteString(w, `{"message":"404: Not Found","code":0}`)
		}
	})
	srv := httptest.NewServer(h)
	defer srv.Close()
	host := strings.TrimPrefix(srv.URL, "http://")
	// Nothing reaches the network, whatever the code under test does.
	loopbackOnly := func(s *discordgo.Session) {
		s.Client = &http.Client{Transport: roundTripFunc(func(r *http.Request) (*http.Response, error) {
			if r.URL.Host != host {
				return nil, errors.New("test: refusing to send to " + r.URL.String())
			}
			return srv.Client().Transport.RoundTrip(r)
		})}
	}

	for _, base := range []string{srv.URL + "/proxy/api/v9", srv.URL + "/proxy/api/v9/"} {
		mu.Lock()
		calls = nil
		mu.Unlock()
		regs, err := bot.RegisterCommands(bot.Conn{Token: "base-token", APIBase: base, Wire: loopbackOnly}, []string{"111", "222"})
		if err != nil {
			t.Fatalf("APIBase %s: %v", base, err)
		}
		if len(regs) != 3 || regs[0].ApplicationID != "4242" || len(regs[1].Commands) != len(bot.GuildCommands()) {
			t.Errorf("APIBase %s: registrations %+v", base, regs)
		}
		want := []call{
			{"GET", "/proxy/api/v9/users/@me", "", "Bot base-token", host},
			{"PUT", "/proxy/api/v9/applications/4242/guilds/111/commands", "", "Bot base-token", host},
			{"PUT", "/proxy/api/v9/applications/4242/guilds/222/commands", "", "Bot base-token", host},
			{"PUT", "/proxy/api/v9/applications/4242/commands", "", "Bot base-token", host},
		}
		mu.Lock()
		got := slices.Clone(calls)
		mu.Unlock()
		if !slices.Equal(got, want) {
			t.Errorf("APIBase %s: calls\n%+v\nwant\n%+v", base, got, want)
		}
	}

	// Discord's own base, or none, leaves discordgo's client as it is
	// (here: a Wire that records where requests go, refusing them all).
	var sent []string
	record := func(s *discordgo.Session) {
		s.Client = &http.Client{Transport: roundTripFunc(func(r *http.Request) (*http.Response, error) {
			sent = append(sent, r.URL.String())
			return nil, errors.New("offline")
		})}
	}
	for _, base := range []string{"", bot.DefaultAPIBase(), bot.DefaultAPIBase() + "/"} {
		sent = nil
		bot.RegisterCommands(bot.Conn{Token: "t", APIBase: base, Wire: record}, []string{"111"})
		if len(sent) == 0 || !strings.HasPrefix(sent[0], "https://discord.com/api/v9/users/@me") {
			t.Errorf("APIBase %q: requests went to %v", base, sent)
		}
	}
	// On top of a Wire, APIBase still applies.
	sent = nil
	bot.RegisterCommands(bot.Conn{Token: "t", APIBase: "https://proxy.example/d/api/v9", Wire: record}, []string{"111"})
	if len(sent) == 0 || sent[0] != "https://proxy.example/d/api/v9/users/@me" {
		t.Errorf("APIBase over Wire: requests went to %v", sent)
	}

	// A base that is no http(s) URL is refused before anything is sent.
	for _, base := range []string{"ftp://x/api", "https://x/api?q=1", "::"} {
		if _, err := bot.Dial(bot.Conn{Token: "t", APIBase: base}, &game.Service{}, bot.Options{}); err == nil || !strings.Contains(err.Error(), "API base") {
			t.Errorf("APIBase %q: Dial err = %v", base, err)
		}
	}
	// The config's default is discordgo's.
	if config.DefaultAPIBase != bot.DefaultAPIBase() {
		t.Errorf("config.DefaultAPIBase %q, discordgo's %q", config.DefaultAPIBase, bot.DefaultAPIBase())
	}
}

type roundTripFunc func(*http.Request) (*http.Response, error)

func (f roundTripFunc) RoundTrip(r *http.Request) (*http.Response, error) { return f(r) }
