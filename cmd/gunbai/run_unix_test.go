//go:build unix

package main

import (
	"bytes"
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/gunbai/gunbai/bot"
	"github.com/gunbai/gunbai/bot/discordtest"
)

// startRun runs `gunbai run -config path` in the background and waits until
// it has connected and registered its commands in the fake; done gets its
// exit code, errb its log.
func startRun(t *testing.T, srv *discordtest.Server, path string) (done chan int, errb *syncBuffer) {
	t.Helper()
	var out syncBuffer
	errb = &syncBuffer{}
	done = make(chan int, 1)
	go func() { done <- run([]string{"run", "-config", path}, &out, errb) }()
	if !srv.WaitFor(func() bool {
		return len(srv.Interactions().Commands(srv.GuildID())) == len(bot.GuildCommands()) && strings.Contains(errb.String(), "connected")
	}, 15*time.Second) {
		t.Fatalf("the bot did not start: %s", errb.String())
	}
	return done, errb
}

// interruptRun stops the gunbai run startRun started, as Ctrl-C does, and
// requires it to exit 0 within 15 seconds.
func interruptRun(t *testing.T, done chan int, errb *syncBuffer) {
	t.Helper()
	if err := syscall.Kill(os.Getpid(), syscall.SIGINT); err != nil {
		t.Fatal(err)
	}
	select {
	case code := <-done:
		if code != 0 {
			t.Fatalf("exit %d: %s", code, errb.String())
		}
	case <-time.After(15 * time.Second):
		t.Fatal("gunbai run did not stop on SIGINT")
	}
}

// gunbai run, from its config file to SIGINT: it loads the scenarios named
// relative to the config's folder, registers the commands in the
// configured guild and exits 0 when interrupted.
func TestRunUntilInterrupted(t *testing.T) {
	srv := fakeDiscord(t)
	dir := t.TempDir()
	scen, err := os.ReadFile("../../game/testdata/sekigahara.toml")
	if err != nil {
		t.Fatal(err)
	}
	os.MkdirAll(filepath.Join(dir, "etc", "scenarios"), 0o755)
	os.WriteFile(filepath.Join(dir, "etc", "scenarios", "s.toml"), scen, 0o644)
	path := filepath.Join(dir, "etc", "config.toml")
	os.WriteFile(path, []byte(`[discord]
guilds = [`+strconv.Quote(srv.GuildID())+`]
[store]
path = `+strconv.Quote(filepath.Join(dir, "g.db"))+`
[battle]
scenarios = ["scenarios/s.toml"]
`), 0o644)
	t.Setenv("GUNBAI_TOKEN", "run-token")
	done, errb := startRun(t, srv, path)
	interruptRun(t, done, errb)
	if !strings.Contains(errb.String(), "shutting down") {
		t.Fatalf("no shutdown logged: %s", errb.String())
	}
}

// gunbai run with [discord] api_base pointed at the fake Discord, and no
// other help: REST goes to that base, and the gateway the fake names in
// its answer to GET /gateway is dialed, so the bot connects and registers
// its commands there.
func TestRunAPIBase(t *testing.T) {
	srv := discordtest.New(t)
	if _, err := srv.Session("api-base-token"); err != nil { // makes the token known to the fake
		t.Fatal(err)
	}
	// Nothing but the fake is reached, even if api_base were ignored.
	adjustConn = func(c *bot.Conn) {
		c.Wire = func(s *discordgo.Session) {
			s.Client = &http.Client{Transport: loopbackOnly{}}
		}
	}
	t.Cleanup(func() { adjustConn = nil })
	dir := t.TempDir()
	path := filepath.Join(dir, "config.toml")
	os.WriteFile(path, []byte(`[discord]
guilds = [`+strconv.Quote(srv.GuildID())+`]
api_base = `+strconv.Quote(srv.URL()+"/api/v9/")+`
[store]
path = `+strconv.Quote(filepath.Join(dir, "g.db"))+`
`), 0o644)
	t.Setenv("GUNBAI_TOKEN", "api-base-token")
	done, errb := startRun(t, srv, path)
	if !srv.Gateway().Identified() {
		t.Error("no IDENTIFY on the fake's gateway")
	}
	gateway := false
	for _, c := range srv.Calls() {
		if !strings.HasPrefix(c.Path, "/api/v9/") || c.Auth != "Bot api-base-token" {
			t.Errorf("call %s %s (auth %q) did not come through the base", c.Method, c.Path, c.Auth)
		}
		gateway = gateway || c.Route == "/gateway"
	}
	if !gateway {
		t.Error("the bot did not ask the base for GET /gateway")
	}
	interruptRun(t, done, errb)
}

// loopbackOnly sends requests to 127.0.0.1 only.
type loopbackOnly struct{}

func (loopbackOnly) RoundTrip(r *http.Request) (*http.Response, error) {
	if r.URL.Hostname() != "127.0.0.1" {
		return nil, fmt.Errorf("test: refusing to send %s %s off this machine", r.Method, r.URL)
	}
	return http.DefaultTransport.RoundTrip(r)
}

// syncBuffer is a bytes.Buffer safe for a writer and a reader.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}
