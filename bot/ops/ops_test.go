package ops

import (
	"bytes"
	"encoding/json"
	"errors"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"
)

// Route templates keep the metrics' labels few: no ID, token or emoji.
func TestMetricsRouteTemplates(t *testing.T) {
	for path, want := range map[string]string{
		"/api/v9/channels/800000000000000002/messages":                          "POST /channels/{id}/messages",
		"/api/v9/webhooks/1234/aW50ZXJhY3Rpb246MTIzNDU2Nzg5/messages/@original": "POST /webhooks/{id}/{token}/messages/@original",
		"/api/v9/interactions/1234/aW50ZXJhY3Rpb24/callback":                    "POST /interactions/{id}/{token}/callback",
		"/api/v9/channels/1/messages/2/reactions/%F0%9F%91%8D/@me":              "POST /channels/{id}/messages/{id}/reactions/{emoji}/@me",
		"/api/v9/gateway/bot": "POST /gateway/bot",
	} {
		if got := Route("POST", path); got != want {
			t.Errorf("Route(%q) = %q, want %q", path, got, want)
		}
	}
}

// /healthz names each part that is not well, the outbox included: a post
// owed for longer than StaleOutbox.
func TestHealthNamesTheStaleOutbox(t *testing.T) {
	age := time.Minute
	p := Probes{
		Connected: func() bool { return true },
		Writable:  func() error { return nil },
		Outbox:    func() (int, time.Duration, error) { return 3, age, nil },
	}
	check := func() (int, Health) {
		rec := httptest.NewRecorder()
		HealthHandler(p).ServeHTTP(rec, httptest.NewRequest("GET", "/healthz", nil))
		var h Health
		if err := json.Unmarshal(rec.Body.Bytes(), &h); err != nil {
			t.Fatal(err)
		}
		return rec.Code, h
	}
	if code, h := check(); code != http.StatusOK || !h.OK() {
		t.Fatalf("well: %d %+v", code, h)
	}
	age = StaleOutbox + time.Second
	if code, h := check(); code != http.StatusServiceUnavailable || h.Outbox || !h.Gateway || !h.Store ||
		len(h.Problems) != 1 || !strings.HasPrefix(h.Problems[0], "outbox: oldest post owed for 10m1s") {
		t.Fatalf("stale outbox: %d %+v", code, h)
	}
	p.Writable = func() error { return errors.New("database not open") }
	if code, h := check(); code != http.StatusServiceUnavailable || h.Store || len(h.Problems) != 2 {
		t.Fatalf("closed store: %d %+v", code, h)
	}
}

// The JSON log is one object a line with the attributes given.
func TestMetricsLoggerJSON(t *testing.T) {
	var buf bytes.Buffer
	Logger(&buf, "json").Info("turn resolved", "guild", "g1", "battle", "b1", "turn", 3)
	var line map[string]any
	if err := json.Unmarshal(buf.Bytes(), &line); err != nil {
		t.Fatalf("%q: %v", buf.String(), err)
	}
	if line["msg"] != "turn resolved" || line["guild"] != "g1" || line["battle"] != "b1" || line["turn"] != 3.0 {
		t.Fatalf("line: %v", line)
	}
	buf.Reset()
	Logger(&buf, "text").Info("x", "guild", "g1")
	if !strings.Contains(buf.String(), "guild=g1") {
		t.Fatalf("text: %q", buf.String())
	}
}
