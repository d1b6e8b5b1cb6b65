package sandbox

import (
	"bytes"
	"context"
	"encoding/json"
	"log"
	"net/http"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/gunbai/gunbai/store"
)

// Run with VsAI seats the general as the South of the preloaded battle
// (issue 30 item 5): the GM's channel shows his /battle set south.ai on,
// the page's state says the general plays the South, a /battle set sent
// through the page's command path (the switch's) turns it off and on, and
// the store, once the sandbox stopped, has the general on the South.
// Without VsAI nothing of it: no such command, the South its person's.
func TestSandboxVsAISeatsTheGeneral(t *testing.T) {
	for _, vsAI := range []bool{true, false} {
		name := "without"
		if vsAI {
			name = "vs-ai"
		}
		t.Run(name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "sandbox.db")
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			ready := make(chan string, 1)
			done := make(chan error, 1)
			go func() {
				done <- Run(ctx, Options{Addr: "127.0.0.1:0", Store: path, VsAI: vsAI, Log: log.New(testLog{t}, "", 0),
					Ready: func(url string) { ready <- url }})
			}()
			select {
			case url := <-ready:
				checkSouth(t, url, vsAI)
			case err := <-done:
				t.Fatalf("Run: %v", err)
			case <-time.After(60 * time.Second):
				t.Fatal("the sandbox did not start within 60s")
			}
			cancel()
			if err := <-done; err != nil {
				t.Fatalf("Run: %v", err)
			}
			st, err := store.Open(path, store.Options{})
			if err != nil {
				t.Fatal(err)
			}
			defer st.Close()
			recs, err := st.Battles(guildID)
			if err != nil {
				t.Fatal(err)
			}
			for _, rec := range recs {
				if rec.Name == BattleName {
					if want := [2]bool{false, vsAI}; rec.AI != want {
						t.Fatalf("the store's %s: AI = %v, want %v", BattleName, rec.AI, want)
					}
					return
				}
			}
			t.Fatalf("no battle %s in the store: %d battles", BattleName, len(recs))
		})
	}
}

// checkSouth reads who plays the South on the page at url: the general
// with vsAI, seated by the GM's command in #gm; then (vsAI) the GM turns
// it off and on through the page's command path, as the switch does.
func checkSouth(t *testing.T, url string, vsAI bool) {
	t.Helper()
	gm := stateAt(t, url, "gm")
	if gm.AI == nil || gm.AI.Battle != BattleName || gm.AI.On != vsAI {
		t.Fatalf("the page's state of the South: %+v, want the general playing it: %v", gm.AI, vsAI)
	}
	var seated []string
	for _, m := range gm.channel("gm").Messages {
		if strings.Contains(m.Content, "post.replay =") {
			t.Fatalf("the sandbox's own question about the settings is on the page: %q", m.Content)
		}
		if m.Interaction != nil && strings.Contains(m.Interaction.Label, "key:"+aiKey) {
			seated = append(seated, m.Interaction.Label+" → "+m.Content)
		}
	}
	if !vsAI {
		if len(seated) > 0 {
			t.Fatalf("without VsAI the GM's channel shows %q", seated)
		}
		return
	}
	if len(seated) != 1 || !strings.Contains(seated[0], "value:on") || !strings.Contains(seated[0], aiKey) {
		t.Fatalf("the GM's channel shows %q, want his /battle set %s on and its answer", seated, aiKey)
	}
	t.Logf("#gm: %s", seated[0])
	for _, on := range []string{"off", "on"} {
		body, _ := json.Marshal(map[string]any{"as": "gm", "channel": "gm", "name": "battle", "options": []map[string]any{{"name": "set",
			"options": []map[string]any{{"name": "battle", "value": BattleName}, {"name": "key", "value": aiKey}, {"name": "value", "value": on}}}}})
		resp, err := http.Post(url+"sandbox/command", "application/json", bytes.NewReader(body))
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		// The command's answer is final when POST returns: the state has it.
		if st := stateAt(t, url, "north"); resp.StatusCode != 200 || st.AI == nil || st.AI.On != (on == "on") {
			t.Fatalf("/battle set %s %s: %d, the page's state: %+v", aiKey, on, resp.StatusCode, st.AI)
		}
	}
}

func stateAt(t *testing.T, url, as string) stateJSON {
	t.Helper()
	resp, err := http.Get(url + "sandbox/state?as=" + as)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var st stateJSON
	if err := json.NewDecoder(resp.Body).Decode(&st); err != nil || resp.StatusCode != 200 {
		t.Fatalf("state of %s: %d %v", as, resp.StatusCode, err)
	}
	return st
}
