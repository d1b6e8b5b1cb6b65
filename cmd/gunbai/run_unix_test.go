//go:build unix

package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/gunbai/gunbai/bot"
	"github.com/gunbai/gunbai/bot/discordtest"
)

// gunbai run, from its config file to SIGINT: it loads the scenarios named
// relative to the config's folder, registers the commands in the
// configured guild and exits 0 when interrupted.
func TestRunUntilInterrupted(t *testing.T) {
	srv := discordtest.New(t)
	adjustConn = func(c *bot.Conn) { c.Wire = srv.Wire }
	t.Cleanup(func() { adjustConn = nil })
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
	var out, errb syncBuffer
	done := make(chan int, 1)
	go func() { done <- run([]string{"run", "-config", path}, &out, &errb) }()
	if !srv.WaitFor(func() bool {
		return len(srv.Commands(srv.GuildID())) == len(bot.Commands()) && strings.Contains(errb.String(), "connected")
	}, 15*time.Second) {
		t.Fatalf("the bot did not start: %s", errb.String())
	}
	if err := syscall.Kill(os.Getpid(), syscall.SIGINT); err != nil {
		t.Fatal(err)
	}
	select {
	case code := <-done:
		if code != 0 || !strings.Contains(errb.String(), "shutting down") {
			t.Fatalf("exit %d: %s", code, errb.String())
		}
	case <-time.After(15 * time.Second):
		t.Fatal("gunbai run did not stop on SIGINT")
	}
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
