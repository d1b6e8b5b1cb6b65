package bot_test

import (
	"bufio"
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/gunbai/gunbai/bot"
	"github.com/gunbai/gunbai/bot/discordtest"
	"github.com/gunbai/gunbai/bot/ops"
)

// lockedBuffer is a log the bot's goroutines write to while a test reads.
type lockedBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.buf.Write(p)
}

func (l *lockedBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.buf.String()
}

// opsWorld is a started world whose bot has metrics, a JSON log and the
// ops listener on a free loopback port.
func opsWorld(t *testing.T) (w *world, base string, logs *lockedBuffer) {
	t.Helper()
	w = newWorld(t)
	m, logs := ops.New(), &lockedBuffer{}
	w.botOpt = func(o *bot.Options) { o.Metrics, o.Slog = m, ops.Logger(logs, "json") }
	w.start()
	srv, err := ops.Listen("127.0.0.1:0", m, w.b.Probes())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { srv.Close() })
	return w, "http://" + srv.Addr(), logs
}

// get fetches an ops page: its status and body.
func get(t *testing.T, url string) (int, string) {
	t.Helper()
	resp, err := http.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	return resp.StatusCode, string(body)
}

// scrape reads /metrics in Prometheus' text format into series -> value,
// a series written as it is on the page: name{label="value",...}.
func scrape(t *testing.T, base string) map[string]float64 {
	t.Helper()
	code, body := get(t, base+"/metrics")
	if code != http.StatusOK {
		t.Fatalf("/metrics: %d %s", code, body)
	}
	out := map[string]float64{}
	sc := bufio.NewScanner(strings.NewReader(body))
	for sc.Scan() {
		line := sc.Text()
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		i := strings.LastIndexByte(line, ' ')
		v, err := strconv.ParseFloat(line[i+1:], 64)
		if err != nil {
			t.Fatalf("metrics line %q: %v", line, err)
		}
		out[line[:i]] = v
	}
	return out
}

// The metrics scraped over HTTP move as a battle's turn is played through
// the fake Discord: the interactions by command, the acknowledgements, the
// turn resolved and its pictures, the outbox drained, the battle's status,
// the REST calls (a rate limit among them), the gateway.
func TestMetricsScrapedDuringABattle(t *testing.T) {
	t.Parallel()
	w, base, logs := opsWorld(t)
	defer w.stop()
	before := scrape(t, base)
	if before[`gunbai_battles{status="command"}`] != 0 || before["gunbai_gateway_shards"] != 1 || before["gunbai_store_size_bytes"] <= 0 {
		t.Fatalf("before the battle: %v", before)
	}
	w.create("Нагасино")
	w.slash(gm, chanGM, "battle", discordtest.Subcommand("start", discordtest.StringOpt("battle", "Нагасино")))
	// Discord rate-limits one post: discordgo waits and sends it again.
	w.srv.Faults().Fail(discordtest.FaultMatch{Method: "POST", Route: "/channels/{channel_id}/messages", Count: 1}, discordtest.RateLimited(10*time.Millisecond))
	w.roll(oda, chanOda)
	w.roll(asai, chanAsai)
	if r := w.slash(oda, chanOda, "order", discordtest.StringOpt("unit", "nobody")); !strings.Contains(r.Content, "Неизвестный приказ") {
		t.Fatalf("an order without one: %+v", r.Content)
	}
	w.slash(oda, chanOda, "orders", discordtest.BoolOpt("ready", true))
	w.slash(asai, chanAsai, "orders", discordtest.BoolOpt("ready", true))
	if !w.srv.WaitFor(func() bool {
		return strings.Contains(contentOf(w.srv.Messages().Under(chanOda)), "ход 2 открыт")
	}, wait) {
		t.Fatal("turn 2 did not open")
	}
	w.b.Wait()
	after := scrape(t, base)
	for series, want := range map[string]float64{
		`gunbai_interactions_total{command="battle create",outcome="ok"}`:                   1,
		`gunbai_interactions_total{command="battle start",outcome="ok"}`:                    1,
		`gunbai_interactions_total{command="roll",outcome="ok"}`:                            2,
		`gunbai_interactions_total{command="orders",outcome="ok"}`:                          2,
		`gunbai_interactions_total{command="order",outcome="refused"}`:                      1,
		`gunbai_interaction_seconds_count{command="orders"}`:                                2,
		"gunbai_turns_resolved_total":                                                       1,
		"gunbai_resolve_seconds_count":                                                      1,
		"gunbai_outbox_depth":                                                               0,
		"gunbai_outbox_oldest_seconds":                                                      0,
		`gunbai_battles{status="command"}`:                                                  1,
		`gunbai_battles{status="draft"}`:                                                    0,
		`gunbai_discord_rate_limits_total{route="POST /channels/{id}/messages"}`:            1,
		`gunbai_discord_rest_errors_total{code="429",route="POST /channels/{id}/messages"}`: 1,
		"gunbai_gateway_shards":                                                             1,
	} {
		if got, ok := after[series]; !ok || got != want {
			t.Errorf("%s = %v (present %v), want %v", series, got, ok, want)
		}
	}
	if n := after["gunbai_ack_seconds_count"]; n < 7 {
		t.Errorf("acknowledgements timed: %v, want one per deferred interaction (7 at least)", n)
	}
	if n := after["gunbai_draw_seconds_count"]; n < 3 {
		t.Errorf("pictures drawn: %v, want the turn's pictures (3 channels at least)", n)
	}
	if n := after[`gunbai_discord_rest_requests_total{route="POST /channels/{id}/messages"}`]; n < 6 {
		t.Errorf("posts to channels: %v", n)
	}
	if n := after[`gunbai_discord_rest_requests_total{route="PATCH /webhooks/{id}/{token}/messages/@original"}`]; n < 6 {
		t.Errorf("answers edited in: %v", n)
	}
	for series := range after {
		if strings.Contains(series, w.guild) || strings.Contains(series, chanOda) {
			t.Errorf("an ID in a label: %s", series)
		}
	}
	// The log's line about the resolution names its guild, battle and turn.
	var resolved map[string]any
	for _, line := range strings.Split(logs.String(), "\n") {
		if strings.Contains(line, `"turn resolved"`) {
			if err := json.Unmarshal([]byte(line), &resolved); err != nil {
				t.Fatalf("log line %q: %v", line, err)
			}
		}
	}
	if resolved["guild"] != w.guild || resolved["battle"] == "" || resolved["battle"] == nil || resolved["turn"] != 1.0 {
		t.Errorf("resolution logged as %v; log:\n%s", resolved, logs.String())
	}
}

// /healthz answers 200 with each part well, and 503 naming the part that
// is not: the gateway dropped, then the store closed.
func TestHealthReportsEachPart(t *testing.T) {
	t.Parallel()
	w, base, _ := opsWorld(t)
	defer w.stop()
	health := func() (int, ops.Health) {
		code, body := get(t, base+"/healthz")
		var h ops.Health
		if err := json.Unmarshal([]byte(body), &h); err != nil {
			t.Fatalf("/healthz %d %q: %v", code, body, err)
		}
		return code, h
	}
	if code, h := health(); code != http.StatusOK || !h.Gateway || !h.Store || !h.Outbox || len(h.Problems) > 0 {
		t.Fatalf("a well bot: %d %+v", code, h)
	}
	w.srv.Gateway().Disconnect(4000, "Unknown error")
	var code int
	var h ops.Health
	if !w.srv.WaitFor(func() bool { code, h = health(); return code == http.StatusServiceUnavailable }, wait) ||
		h.Gateway || !h.Store || !strings.Contains(strings.Join(h.Problems, "; "), "gateway: not connected") {
		t.Fatalf("gateway dropped: %d %+v", code, h)
	}
	w.st.Close()
	if code, h = health(); code != http.StatusServiceUnavailable || h.Store || !strings.Contains(strings.Join(h.Problems, "; "), "store: ") {
		t.Fatalf("store closed: %d %+v", code, h)
	}
}
