package sandbox

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"io"
	"log"
	"net/http"
	"strings"
	"testing"
	"time"
)

type testLog struct{ t *testing.T }

func (l testLog) Write(p []byte) (int, error) {
	l.t.Log(strings.TrimRight(string(p), "\n"))
	return len(p), nil
}

func startSandbox(t *testing.T) *Sandbox {
	t.Helper()
	sb, err := Start(context.Background(), Options{Addr: "127.0.0.1:0", Log: log.New(testLog{t}, "", 0)})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		if err := sb.Close(); err != nil {
			t.Error(err)
		}
		// The fake logs the broken texts it saw (discordfake's scan);
		// here they fail the test.
		for _, p := range sb.srv.Checks().TextProblems() {
			t.Errorf("a broken text: %s", p)
		}
	})
	return sb
}

func getState(t *testing.T, sb *Sandbox, as string) stateJSON {
	t.Helper()
	resp, err := http.Get(sb.URL() + "sandbox/state?as=" + as)
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

func (st stateJSON) channel(name string) *channelJSON {
	for i := range st.Channels {
		if st.Channels[i].Name == name {
			return &st.Channels[i]
		}
	}
	return nil
}

func post(t *testing.T, sb *Sandbox, path string, body any) (int, []byte) {
	t.Helper()
	b, _ := json.Marshal(body)
	resp, err := http.Post(sb.URL()+"sandbox/"+path, "application/json", bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	out, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, out
}

// poll waits for cond on the API; the bound is on waiting, not on speed.
func poll(t *testing.T, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(15 * time.Second)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("timed out waiting for %s", what)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// The sandbox as a newcomer finds it: the battle created by the real bot,
// each person in his own channels, a command answered only to its author,
// and the page told of every change.
func TestSandbox(t *testing.T) {
	sb := startSandbox(t)

	// The page is served.
	resp, err := http.Get(sb.URL())
	if err != nil {
		t.Fatal(err)
	}
	page, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != 200 || !bytes.Contains(page, []byte("app.js")) {
		t.Fatalf("page: %d %.200s", resp.StatusCode, page)
	}

	// The GM's channel got the bot's answer to the creation.
	poll(t, "the creation message in #gm", func() bool {
		gm := getState(t, sb, "gm").channel("gm")
		for _, m := range gm.Messages {
			if strings.Contains(m.Content, BattleName) && !m.Loading {
				return true
			}
		}
		return false
	})

	// The North player sees #север and his DMs, not #юг nor #gm.
	north := getState(t, sb, "north")
	if north.channel("север") == nil || north.channel("юг") != nil || north.channel("gm") != nil || north.channel("dm") == nil {
		t.Fatalf("north sees %+v", north.Channels)
	}
	if st := getState(t, sb, "south"); st.channel("юг") == nil || st.channel("север") != nil {
		t.Fatalf("south sees %+v", st.Channels)
	}
	// The page has the names of what the bot mentions: <@&id> is shown
	// as @Уэсуги, <#id> as #север, <@id> as the person's display name,
	// even for a channel the reader does not see.
	if n := north.Names; n.Roles[roleN] != "Уэсуги" || n.Roles[roleS] != "Такэда" || n.Channels[chanS] != "юг" ||
		n.Users["1300000000000000033"] != "Harunobu (Takeda)" || n.Users[sb.srv.AppID()] != "Gunbai" {
		t.Fatalf("names on the page: %+v", n)
	}

	// The registered commands are served, with their Russian names.
	resp, err = http.Get(sb.URL() + "sandbox/commands")
	if err != nil {
		t.Fatal(err)
	}
	var cmds []struct {
		Name              string            `json:"name"`
		NameLocalizations map[string]string `json:"name_localizations"`
	}
	_ = json.NewDecoder(resp.Body).Decode(&cmds)
	resp.Body.Close()
	roll := false
	for _, c := range cmds {
		roll = roll || c.Name == "roll" && c.NameLocalizations["ru"] != ""
	}
	if !roll {
		t.Fatalf("commands: %+v", cmds)
	}

	// Server-sent events: a change for what the bot does next.
	req, _ := http.NewRequest("GET", sb.URL()+"sandbox/events", nil)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	events, err := http.DefaultClient.Do(req.WithContext(ctx))
	if err != nil {
		t.Fatal(err)
	}
	defer events.Body.Close()
	changed := make(chan bool, 1)
	go func() {
		sc := bufio.NewScanner(events.Body)
		for sc.Scan() {
			if sc.Text() == "event: change" {
				changed <- true
				return
			}
		}
		changed <- false
	}()

	// The North player rolls: the answer is his alone.
	before := len(north.channel("север").Messages)
	status, body := post(t, sb, "command", map[string]any{"as": "north", "channel": "север", "name": "roll",
		"options": []map[string]any{{"name": "stake", "value": "low"}}})
	if status != 200 {
		t.Fatalf("POST command: %d %s", status, body)
	}
	var res commandResult
	if err := json.Unmarshal(body, &res); err != nil || !res.Answered {
		t.Fatalf("POST command: %s", body)
	}
	var answer messageJSON
	poll(t, "the roll's answer", func() bool {
		for _, m := range getState(t, sb, "north").channel("север").Messages {
			if m.Interaction != nil && m.Interaction.Label == "/roll stake:low" && !m.Loading {
				answer = m
				return true
			}
		}
		return false
	})
	if !answer.Ephemeral || answer.Interaction.Person != "north" {
		t.Fatalf("the roll's answer: %+v", answer)
	}
	t.Logf("north's roll: %q", answer.Content)
	for _, as := range []string{"gm", "south"} {
		for _, ch := range getState(t, sb, as).Channels {
			for _, m := range ch.Messages {
				if m.ID == answer.ID {
					t.Fatalf("%s sees north's roll in %s", as, ch.Name)
				}
			}
		}
	}
	if n := len(getState(t, sb, "north").channel("север").Messages); n <= before {
		t.Fatalf("north's channel: %d messages, had %d", n, before)
	}
	select {
	case ok := <-changed:
		if !ok {
			t.Fatal("the event stream ended without a change")
		}
	case <-time.After(10 * time.Second):
		t.Fatal("no change event")
	}

	// Mistakes are answered with an error the page shows.
	if status, body := post(t, sb, "command", map[string]any{"as": "north", "channel": "юг", "name": "roll"}); status != 400 || !bytes.Contains(body, []byte("does not see")) {
		t.Fatalf("a command in another clan's channel: %d %s", status, body)
	}
}

func TestSandboxRefusesPublicAddressUnlessAsked(t *testing.T) {
	if _, err := Start(context.Background(), Options{Addr: "0.0.0.0:0"}); err == nil || !strings.Contains(err.Error(), "loopback") {
		t.Fatalf("non-loopback address: %v", err)
	}
}
