package main

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"
)

// outBuffer is a bytes.Buffer written by the command's goroutine and read
// by the test.
type outBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *outBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *outBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// gunbai sandbox prints its address within seconds, serves the battle the
// GM created through run's own serve, and stops cleanly on the signal; a
// second run on the same store keeps the battle and creates none.
func TestSandboxCommand(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	orig := sandboxContext
	sandboxContext = func() (context.Context, context.CancelFunc) { return ctx, cancel }
	t.Cleanup(func() { sandboxContext = orig })
	storePath := filepath.Join(t.TempDir(), "sandbox.db")

	var stdout, stderr outBuffer
	done := make(chan int, 1)
	go func() {
		done <- run([]string{"sandbox", "-addr", "127.0.0.1:0", "-store", storePath}, &stdout, &stderr)
	}()
	addr := regexp.MustCompile(`open (http://127\.0\.0\.1:\d+/)`)
	var url string
	deadline := time.Now().Add(20 * time.Second)
	for url == "" {
		if m := addr.FindStringSubmatch(stdout.String()); m != nil {
			url = m[1]
			break
		}
		select {
		case code := <-done:
			t.Fatalf("gunbai sandbox exited with %d: %s%s", code, stdout.String(), stderr.String())
		default:
		}
		if time.Now().After(deadline) {
			t.Fatalf("no address printed: %q %q", stdout.String(), stderr.String())
		}
		time.Sleep(20 * time.Millisecond)
	}
	resp, err := http.Get(url + "sandbox/state?as=gm")
	if err != nil {
		t.Fatal(err)
	}
	var st struct {
		Channels []struct {
			Name     string `json:"name"`
			Messages []struct {
				Content string `json:"content"`
			} `json:"messages"`
		} `json:"channels"`
	}
	err = json.NewDecoder(resp.Body).Decode(&st)
	resp.Body.Close()
	if err != nil || len(st.Channels) == 0 || st.Channels[0].Name != "gm" || len(st.Channels[0].Messages) == 0 ||
		!strings.Contains(st.Channels[0].Messages[0].Content, "Каванакадзима") {
		t.Fatalf("the GM's state: %v %+v", err, st)
	}
	cancel()
	select {
	case code := <-done:
		if code != 0 {
			t.Fatalf("exit %d: %s", code, stderr.String())
		}
	case <-time.After(30 * time.Second):
		t.Fatal("gunbai sandbox did not stop")
	}
	if !strings.Contains(stderr.String(), "connected; store "+storePath) {
		t.Errorf("the bot was not run by gunbai run's serve: %s", stderr.String())
	}

	// Again on the same store: its battle is kept, none created.
	ctx, cancel = context.WithCancel(context.Background())
	var again outBuffer
	go func() { done <- run([]string{"sandbox", "-addr", "127.0.0.1:0", "-store", storePath}, &again, &again) }()
	for !addr.MatchString(again.String()) {
		select {
		case code := <-done:
			t.Fatalf("second run exited with %d: %s", code, again.String())
		case <-time.After(20 * time.Millisecond):
		}
	}
	cancel()
	if code := <-done; code != 0 || !strings.Contains(again.String(), "none is created") {
		t.Fatalf("second run: %d %s", code, again.String())
	}
}

func TestSandboxRefusesPublicAddress(t *testing.T) {
	var out, errb bytes.Buffer
	if code := run([]string{"sandbox", "-addr", "0.0.0.0:0"}, &out, &errb); code != 1 || !strings.Contains(errb.String(), "-public") {
		t.Fatalf("code %d, %q", code, errb.String())
	}
}
