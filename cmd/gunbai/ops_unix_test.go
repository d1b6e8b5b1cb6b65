//go:build unix

package main

import (
	"io"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"
)

// gunbai run with [ops] listen serves /healthz and /metrics on the address
// it logs, and logs in JSON with [ops] log = "json".
func TestRunServesHealthAndMetrics(t *testing.T) {
	srv := fakeDiscord(t)
	dir := t.TempDir()
	path := filepath.Join(dir, "config.toml")
	os.WriteFile(path, []byte(`[discord]
guilds = [`+strconv.Quote(srv.GuildID())+`]
[store]
path = `+strconv.Quote(filepath.Join(dir, "g.db"))+`
[ops]
listen = "127.0.0.1:0"
log = "json"
`), 0o644)
	t.Setenv("GUNBAI_TOKEN", "ops-token")
	done, errb := startRun(t, srv, path)
	var addr string
	if !srv.WaitFor(func() bool {
		m := regexp.MustCompile(`ops: /healthz and /metrics on (http://127\.0\.0\.1:\d+)`).FindStringSubmatch(errb.String())
		if m != nil {
			addr = m[1]
		}
		return m != nil
	}, 5*time.Second) {
		t.Fatalf("no ops address logged: %s", errb.String())
	}
	for page, want := range map[string]string{
		"/healthz": `{"gateway":true,"store":true,"outbox":true}`,
		"/metrics": "gunbai_gateway_shards 1",
	} {
		resp, err := http.Get(addr + page)
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != http.StatusOK || !strings.Contains(string(body), want) {
			t.Errorf("%s: %d %s", page, resp.StatusCode, body)
		}
	}
	interruptRun(t, done, errb)
	if !strings.Contains(errb.String(), `"msg":"shutting down"`) {
		t.Errorf("not a JSON log: %s", errb.String())
	}
	if _, err := http.Get(addr + "/healthz"); err == nil {
		t.Error("the ops listener outlived gunbai run")
	}
}
