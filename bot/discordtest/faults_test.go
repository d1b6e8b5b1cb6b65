package discordtest_test

import (
	"encoding/json"
	"errors"
	"net/http"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"
	"github.com/gorilla/websocket"
	"github.com/gunbai/gunbai/bot/discordtest"
)

// rawGet sends a GET through the wired transport and returns the response
// (body closed) and body.
func rawGet(t *testing.T, sess *discordgo.Session, route string) (*http.Response, map[string]any) {
	t.Helper()
	req, err := http.NewRequest(http.MethodGet, "https://discord.com/api/v9"+route, nil)
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Authorization", sess.Token)
	resp, err := sess.Client.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var body map[string]any
	_ = json.NewDecoder(resp.Body).Decode(&body)
	return resp, body
}

func faultedCalls(srv *discordtest.Server) []discordtest.Call {
	var out []discordtest.Call
	for _, c := range srv.Calls() {
		if c.Fault != nil {
			out = append(out, c)
		}
	}
	return out
}

func TestFaultRateLimitPerRoute(t *testing.T) {
	t.Parallel()
	srv := discordtest.New(t)
	sess, err := srv.Session(token)
	if err != nil {
		t.Fatal(err)
	}
	// The headers and body of a per-route 429.
	srv.Faults().Fail(discordtest.FaultMatch{Method: "GET", Route: "/users/{user_id}"}, discordtest.RateLimited(1500*time.Millisecond))
	resp, body := rawGet(t, sess, "/users/@me")
	h := resp.Header
	if resp.StatusCode != 429 || h.Get("Retry-After") != "2" || h.Get("X-RateLimit-Remaining") != "0" ||
		h.Get("X-RateLimit-Reset-After") != "1.500" || h.Get("X-RateLimit-Scope") != "user" || h.Get("X-RateLimit-Global") != "" ||
		h.Get("X-RateLimit-Bucket") == "" || h.Get("X-RateLimit-Reset") == "" {
		t.Errorf("429 status %d headers %v", resp.StatusCode, h)
	}
	if body["retry_after"] != 1.5 || body["global"] != false || body["message"] != "You are being rate limited." {
		t.Errorf("429 body %v", body)
	}

	// discordgo sleeps retry_after and retries: the call succeeds.
	srv.Faults().Fail(discordtest.FaultMatch{Method: "POST", Route: "/channels/{channel_id}/messages"}, discordtest.RateLimited(300*time.Millisecond))
	start := time.Now()
	msg, err := sess.ChannelMessageSend(srv.ChannelID(), "after the limit")
	if err != nil {
		t.Fatal(err)
	}
	if d := time.Since(start); d < 300*time.Millisecond {
		t.Errorf("discordgo did not wait: %v", d)
	}
	if ms := srv.Messages().In(srv.ChannelID()); len(ms) != 1 || ms[0].ID != msg.ID {
		t.Errorf("messages = %+v", ms)
	}
	f := faultedCalls(srv)
	if len(f) != 2 || f[1].Status != 429 || f[1].Fault.RetryAfter != 300*time.Millisecond || f[1].Template != "/channels/{channel_id}/messages" {
		t.Errorf("faulted calls = %+v", f)
	}
	// Without retries discordgo returns a RateLimitError.
	sess.ShouldRetryOnRateLimit = false
	srv.Faults().Fail(discordtest.FaultMatch{Method: "POST", Route: "/channels/*/messages", ChannelID: srv.ChannelID()}, discordtest.RateLimited(50*time.Millisecond))
	_, err = sess.ChannelMessageSend(srv.ChannelID(), "limited")
	var rle *discordgo.RateLimitError
	if !errors.As(err, &rle) || rle.RetryAfter != 50*time.Millisecond {
		t.Errorf("err = %v", err)
	}
	if len(srv.Messages().In(srv.ChannelID())) != 1 {
		t.Error("a rate-limited call was served")
	}
	// The 429 responses are valid for Discord's OpenAPI description.
	if reqs, resps := srv.Validated(); reqs != 4 || resps != 4 {
		t.Errorf("validated %d requests, %d responses", reqs, resps)
	}
}

func TestFaultRateLimitGlobal(t *testing.T) {
	t.Parallel()
	srv := discordtest.New(t)
	sess, err := srv.Session(token)
	if err != nil {
		t.Fatal(err)
	}
	srv.Faults().Fail(discordtest.FaultMatch{Route: "/gateway/bot"}, discordtest.GlobalRateLimited(100*time.Millisecond))
	resp, body := rawGet(t, sess, "/gateway/bot")
	h := resp.Header
	if resp.StatusCode != 429 || h.Get("X-RateLimit-Global") != "true" || h.Get("X-RateLimit-Scope") != "global" || h.Get("Retry-After") != "1" {
		t.Errorf("global 429 status %d headers %v", resp.StatusCode, h)
	}
	if body["global"] != true || body["retry_after"] != 0.1 {
		t.Errorf("global 429 body %v", body)
	}

	// A global limit makes discordgo wait before it tries again. (Whether
	// it also holds other routes at once depends on when its limiter reads
	// the answer, a race no test can pin without timing; the retried call's
	// wait is a lower bound discordgo keeps.)
	const retry = 500 * time.Millisecond
	srv.Faults().Fail(discordtest.FaultMatch{Method: "POST", Route: "/channels/{channel_id}/messages"}, discordtest.GlobalRateLimited(retry))
	done := make(chan error, 1)
	go func() {
		_, err := sess.ChannelMessageSend(srv.ChannelID(), "x")
		done <- err
	}()
	var limitedAt time.Time
	if !srv.WaitFor(func() bool {
		f := faultedCalls(srv)
		if len(f) == 2 {
			limitedAt = f[1].Time
		}
		return len(f) == 2
	}, wait) {
		t.Fatal("no 429")
	}
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	var sentAt time.Time
	for _, c := range srv.Calls() {
		if c.Method == "POST" && strings.HasSuffix(c.Route, "/messages") && c.Status == 200 {
			sentAt = c.Time
		}
	}
	if d := sentAt.Sub(limitedAt); d < retry-50*time.Millisecond {
		t.Errorf("the message was sent again %v after the global 429 (discordgo must wait at least %v)", d, retry)
	}
}

func TestFaultServerErrors(t *testing.T) {
	t.Parallel()
	srv := discordtest.New(t)
	sess, err := srv.Session(token)
	if err != nil {
		t.Fatal(err)
	}
	post := discordtest.FaultMatch{Method: "POST", Route: "/channels/{channel_id}/messages"}
	// 500: discordgo does not retry.
	srv.Faults().Fail(post, discordtest.ServerError())
	_, err = sess.ChannelMessageSend(srv.ChannelID(), "x")
	if status, _ := restCode(err); status != 500 {
		t.Errorf("500: %v", err)
	}
	// 502 once: discordgo retries, and the retry is served.
	srv.Faults().Fail(post, discordtest.BadGateway())
	if _, err := sess.ChannelMessageSend(srv.ChannelID(), "y"); err != nil {
		t.Errorf("502 once: %v", err)
	}
	// 502 until cleared: discordgo gives up after MaxRestRetries retries.
	clear := srv.Faults().Fail(discordtest.FaultMatch{Method: "POST", Route: "/channels/**", Count: discordtest.Always}, discordtest.BadGateway())
	_, err = sess.ChannelMessageSend(srv.ChannelID(), "z")
	if err == nil || !strings.Contains(err.Error(), "502") {
		t.Errorf("502 always: %v", err)
	}
	clear()
	if _, err := sess.ChannelMessageSend(srv.ChannelID(), "w"); err != nil {
		t.Errorf("after clear: %v", err)
	}
	f := faultedCalls(srv)
	if want := 1 + 1 + sess.MaxRestRetries + 1; len(f) != want {
		t.Errorf("%d faulted calls, want %d", len(f), want)
	}
	if ms := srv.Messages().In(srv.ChannelID()); len(ms) != 2 || ms[0].Content != "y" || ms[1].Content != "w" {
		t.Errorf("messages = %+v", ms)
	}
}

func TestFaultErrorCodes(t *testing.T) {
	t.Parallel()
	srv := discordtest.New(t)
	sess, err := srv.Session(token)
	if err != nil {
		t.Fatal(err)
	}
	other := srv.NewID()
	cases := []struct {
		match        discordtest.FaultMatch
		fault        discordtest.Fault
		status, code int
	}{
		{discordtest.FaultMatch{ChannelID: srv.ChannelID()}, discordtest.MissingPermissions(), 403, 50013},
		{discordtest.FaultMatch{ChannelID: srv.ChannelID()}, discordtest.MissingAccess(), 403, 50001},
		{discordtest.FaultMatch{Method: "POST", Route: "/channels/{channel_id}/messages"}, discordtest.UnknownChannel(), 404, 10003},
	}
	for _, c := range cases {
		srv.Faults().Fail(c.match, c.fault)
		_, err := sess.ChannelMessageSend(srv.ChannelID(), "x")
		if status, code := restCode(err); status != c.status || code != c.code {
			t.Errorf("%+v: err = %v", c.fault, err)
		}
	}
	// A rule for one channel leaves the others alone.
	srv.Faults().Fail(discordtest.FaultMatch{ChannelID: srv.ChannelID()}, discordtest.MissingPermissions())
	if _, err := sess.ChannelMessageSend(other, "elsewhere"); err != nil {
		t.Errorf("other channel: %v", err)
	}
	srv.Faults().Clear()
	if len(srv.Messages().In(srv.ChannelID())) != 0 || len(srv.Messages().In(other)) != 1 {
		t.Error("a faulted call was served")
	}

	// 50007 for one user's DMs.
	const user = "900000000000000001"
	dm, err := sess.UserChannelCreate(user)
	if err != nil {
		t.Fatal(err)
	}
	srv.Faults().Fail(discordtest.FaultMatch{UserID: user, Count: 2}, discordtest.CannotSendToUser())
	for range 2 {
		_, err = sess.ChannelMessageSend(dm.ID, "hi")
		if status, code := restCode(err); status != 403 || code != 50007 {
			t.Errorf("DM: err = %v", err)
		}
	}
	if _, err := sess.ChannelMessageSend(dm.ID, "hi"); err != nil {
		t.Errorf("third DM (rule used up): %v", err)
	}
	if n := len(faultedCalls(srv)); n != 5 {
		t.Errorf("%d faulted calls", n)
	}
}

func TestFaultUnknownInteraction(t *testing.T) {
	t.Parallel()
	srv := discordtest.New(t)
	sess := open(t, srv, nil)
	dispatch := func() *discordgo.Interaction {
		t.Helper()
		b := srv.Interactions().SlashCommand(srv.GuildID(), srv.ChannelID(), discordtest.Member{}, "ping")
		if _, err := srv.Interactions().Dispatch(b); err != nil {
			t.Fatal(err)
		}
		var i discordgo.Interaction
		if err := json.Unmarshal(b.Payload, &i); err != nil {
			t.Fatal(err)
		}
		return &i
	}
	reply := &discordgo.InteractionResponse{Type: discordgo.InteractionResponseChannelMessageWithSource, Data: &discordgo.InteractionResponseData{Content: "pong"}}

	// The window passed: the callback is refused, nothing is acknowledged.
	i := dispatch()
	srv.Faults().ExpireInteraction(i.ID)
	err := sess.InteractionRespond(i, reply)
	if status, code := restCode(err); status != 404 || code != 10062 {
		t.Errorf("expired: err = %v", err)
	}
	if srv.Interactions().Acknowledged(i.ID) {
		t.Error("a late callback acknowledged the interaction")
	}
	if _, err := sess.FollowupMessageCreate(i, true, &discordgo.WebhookParams{Content: "late"}); err == nil {
		t.Error("followup of an unacknowledged interaction was accepted")
	}

	// With a deadline, a slow callback is refused and a quick one is not.
	srv.Faults().SetAckDeadline(100 * time.Millisecond)
	slow := dispatch()
	time.Sleep(150 * time.Millisecond)
	err = sess.InteractionRespond(slow, reply)
	if status, code := restCode(err); status != 404 || code != 10062 {
		t.Errorf("slow: err = %v", err)
	}
	srv.Faults().SetAckDeadline(discordtest.AckWindow)
	quick := dispatch()
	if err := sess.InteractionRespond(quick, reply); err != nil {
		t.Errorf("quick: %v", err)
	}

	// The same refusal injected as a fault.
	faulted := dispatch()
	srv.Faults().Fail(discordtest.FaultMatch{Route: "/interactions/{interaction_id}/{interaction_token}/callback"}, discordtest.UnknownInteraction())
	err = sess.InteractionRespond(faulted, reply)
	if status, code := restCode(err); status != 404 || code != 10062 || srv.Interactions().Acknowledged(faulted.ID) {
		t.Errorf("fault: err = %v", err)
	}
}

func TestFaultGatewayReconnect(t *testing.T) {
	t.Parallel()
	srv := discordtest.New(t)
	var resumed, interactions atomic.Int32
	open(t, srv, func(s *discordgo.Session) {
		s.ShouldReconnectOnError = true
		s.AddHandler(func(*discordgo.Session, *discordgo.Resumed) { resumed.Add(1) })
		s.AddHandler(func(*discordgo.Session, *discordgo.InteractionCreate) { interactions.Add(1) })
	})
	// discordgo v0.29 races when op 7 comes before its heartbeat goroutine
	// has sent its first heartbeat (both goroutines close and reconnect,
	// forever); Discord sends op 7 to established connections.
	if !srv.WaitFor(func() bool { return srv.Gateway().HeartbeatAcks() > 0 }, wait) {
		t.Fatal("no heartbeat")
	}
	srv.Gateway().Reconnect()
	// Dispatched while discordgo reconnects: delivered or replayed.
	if _, err := srv.Interactions().Dispatch(srv.Interactions().SlashCommand(srv.GuildID(), "", discordtest.Member{}, "ping")); err != nil {
		t.Fatal(err)
	}
	if !srv.WaitFor(func() bool { return resumed.Load() == 1 && interactions.Load() == 1 }, wait) {
		t.Fatalf("resumed %d, interactions %d", resumed.Load(), interactions.Load())
	}
	if c := srv.Gateway().CloseCodes(); len(c) != 1 || c[0] != websocket.CloseServiceRestart {
		t.Errorf("close codes = %v", c)
	}
	if n := len(srv.Gateway().Identifies()); n != 1 {
		t.Errorf("%d identifies", n)
	}
	var reconnects int
	for _, f := range srv.Gateway().Frames() {
		if f.Sent && f.Op == 7 {
			reconnects++
		}
	}
	if reconnects != 1 || len(srv.Gateway().Dials()) != 2 {
		t.Errorf("op 7 sent %d times, dials %v", reconnects, srv.Gateway().Dials())
	}
}

func TestFaultGatewayDropAndResume(t *testing.T) {
	t.Parallel()
	srv := discordtest.New(t)
	var resumed, interactions atomic.Int32
	open(t, srv, func(s *discordgo.Session) {
		s.ShouldReconnectOnError = true
		s.AddHandler(func(*discordgo.Session, *discordgo.Resumed) { resumed.Add(1) })
		s.AddHandler(func(*discordgo.Session, *discordgo.InteractionCreate) { interactions.Add(1) })
	})
	if !srv.WaitFor(func() bool { return srv.Gateway().HeartbeatAcks() > 0 }, wait) {
		t.Fatal("no heartbeat")
	}
	var lastSeq int64
	for _, f := range srv.Gateway().Frames() {
		if f.Sent && f.Op == 0 {
			lastSeq = f.Seq
		}
	}
	srv.Gateway().DropConnection()
	// Dispatched while the bot is away: kept and replayed after RESUME.
	id, err := srv.Interactions().Dispatch(srv.Interactions().SlashCommand(srv.GuildID(), "", discordtest.Member{}, "ping"))
	if err != nil {
		t.Fatal(err)
	}
	if !srv.WaitFor(func() bool { return resumed.Load() == 1 && interactions.Load() == 1 }, wait) {
		t.Fatalf("resumed %d, interactions %d", resumed.Load(), interactions.Load())
	}
	frames := srv.Gateway().Frames()
	var resume struct {
		SessionID string `json:"session_id"`
		Seq       int64  `json:"seq"`
	}
	resumeAt, replayAt, resumedAt := -1, -1, -1
	for i, f := range frames {
		switch {
		case !f.Sent && f.Op == 6:
			resumeAt = i
			_ = json.Unmarshal(f.Data, &resume)
		case f.Sent && f.Type == "INTERACTION_CREATE" && strings.Contains(string(f.Data), id):
			replayAt = i
		case f.Sent && f.Type == "RESUMED":
			resumedAt = i
		}
	}
	if resumeAt < 0 || !(resumeAt < replayAt && replayAt < resumedAt) {
		t.Errorf("RESUME at %d, replay at %d, RESUMED at %d", resumeAt, replayAt, resumedAt)
	}
	if resume.Seq != lastSeq || resume.SessionID == "" {
		t.Errorf("RESUME %+v, last seq sent %d", resume, lastSeq)
	}
	if frames[replayAt].Seq != lastSeq+1 || frames[resumedAt].Seq != lastSeq+2 {
		t.Errorf("replayed seq %d, RESUMED seq %d, after %d", frames[replayAt].Seq, frames[resumedAt].Seq, lastSeq)
	}
	if n := len(srv.Gateway().Identifies()); n != 1 {
		t.Errorf("%d identifies", n)
	}
	// The resumed connection gets new dispatches.
	if _, err := srv.Interactions().Dispatch(srv.Interactions().SlashCommand(srv.GuildID(), "", discordtest.Member{}, "ping")); err != nil {
		t.Fatal(err)
	}
	if !srv.WaitFor(func() bool { return interactions.Load() == 2 }, wait) {
		t.Fatal("no interaction after the resume")
	}
}

func TestFaultGatewayInvalidSession(t *testing.T) {
	t.Parallel()
	for _, resumable := range []bool{false, true} {
		srv := discordtest.New(t)
		readies := make(chan string, 4)
		sess := open(t, srv, func(s *discordgo.Session) {
			s.AddHandler(func(_ *discordgo.Session, r *discordgo.Ready) { readies <- r.SessionID })
		})
		first := <-readies
		srv.Gateway().InvalidSession(resumable)
		// discordgo answers any INVALID_SESSION with IDENTIFY on the same
		// connection, and gets a new session.
		var second string
		select {
		case second = <-readies:
		case <-time.After(wait):
			t.Fatal("no READY after INVALID_SESSION")
		}
		if second == first || len(srv.Gateway().Identifies()) != 2 || len(srv.Gateway().Dials()) != 1 {
			t.Errorf("resumable=%v: sessions %s, %s; identifies %d; dials %d", resumable, first, second, len(srv.Gateway().Identifies()), len(srv.Gateway().Dials()))
		}
		// A client that resumes the old session: RESUMED if it was
		// resumable, INVALID_SESSION false if not.
		d := websocket.Dialer{NetDialContext: sess.Dialer.NetDialContext}
		ws, _, err := d.Dial(srv.Gateway().URL()+"?v=9&encoding=json", nil)
		if err != nil {
			t.Fatal(err)
		}
		var hello struct{ Op int }
		if err := ws.ReadJSON(&hello); err != nil || hello.Op != 10 {
			t.Fatalf("hello %+v, %v", hello, err)
		}
		if err := ws.WriteJSON(map[string]any{"op": 6, "d": map[string]any{"token": "Bot " + token, "session_id": first, "seq": 1}}); err != nil {
			t.Fatal(err)
		}
		var got struct {
			Op int
			T  string
			D  json.RawMessage
		}
		for {
			if err := ws.ReadJSON(&got); err != nil {
				t.Fatal(err)
			}
			if got.Op != 0 || got.T == "RESUMED" {
				break // skip replayed dispatches
			}
		}
		if resumable && got.T != "RESUMED" || !resumable && (got.Op != 9 || string(got.D) != "false") {
			t.Errorf("resumable=%v: RESUME answered op %d %s %s", resumable, got.Op, got.T, got.D)
		}
		_ = ws.WriteMessage(websocket.CloseMessage, websocket.FormatCloseMessage(4000, ""))
		ws.Close()
	}
}
