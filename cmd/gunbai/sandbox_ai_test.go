package main

import (
	"context"
	"encoding/json"
	"net/http"
	"regexp"
	"testing"
	"time"
)

// gunbai sandbox -vs-ai: the page says the AI general plays the South of
// the battle (issue 30 item 5); the flag reaches the sandbox.
func TestSandboxCommandVsAI(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	orig := sandboxContext
	sandboxContext = func() (context.Context, context.CancelFunc) { return ctx, cancel }
	t.Cleanup(func() { sandboxContext = orig })
	var stdout, stderr outBuffer
	done := make(chan int, 1)
	go func() { done <- run([]string{"sandbox", "-addr", "127.0.0.1:0", "-vs-ai"}, &stdout, &stderr) }()
	addr := regexp.MustCompile(`open (http://127\.0\.0\.1:\d+/)`)
	var url string
	for deadline := time.Now().Add(30 * time.Second); url == ""; time.Sleep(20 * time.Millisecond) {
		if m := addr.FindStringSubmatch(stdout.String()); m != nil {
			url = m[1]
		}
		select {
		case code := <-done:
			t.Fatalf("gunbai sandbox -vs-ai exited with %d: %s%s", code, stdout.String(), stderr.String())
		default:
		}
		if time.Now().After(deadline) {
			t.Fatalf("no address printed: %q %q", stdout.String(), stderr.String())
		}
	}
	resp, err := http.Get(url + "sandbox/state?as=north")
	if err != nil {
		t.Fatal(err)
	}
	var st struct {
		AI *struct {
			Battle string `json:"battle"`
			On     bool   `json:"on"`
		} `json:"ai"`
	}
	err = json.NewDecoder(resp.Body).Decode(&st)
	resp.Body.Close()
	if err != nil || st.AI == nil || !st.AI.On || st.AI.Battle != "Каванакадзима" {
		t.Fatalf("the page's state of the South: %v %+v", err, st.AI)
	}
	cancel()
	if code := <-done; code != 0 {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
}
