package ops

import (
	"encoding/json"
	"net/http"
	"time"

	"github.com/prometheus/client_golang/prometheus"
)

// Probes read the bot's state when it is scraped or checked; a nil probe
// is left out.
type Probes struct {
	// Connected reports whether every gateway shard is connected.
	Connected func() bool
	// Writable returns nil if the store takes a write (a closed or
	// read-only store does not).
	Writable func() error
	// Outbox returns how many posts are owed and the age of the oldest.
	Outbox func() (depth int, oldest time.Duration, err error)
	// Battles counts the battles by status.
	Battles func() (map[string]int, error)
	// StoreSize is the store file's size in bytes.
	StoreSize func() int64
	// Shards is the number of gateway shards this process runs;
	// HeartbeatAge the time since the stalest shard's last heartbeat
	// acknowledgement (not the round trip: discordgo writes the heartbeat's
	// send time under a lock of its own no caller can take, so reading it
	// is a data race; the acknowledgement's time it writes under the
	// session's lock).
	Shards       func() int
	HeartbeatAge func() time.Duration
}

// Statuses are the battle statuses always reported (at 0 when none).
var Statuses = []string{"draft", "deployment", "command", "resolving", "finished"}

// Watch registers the gauges read at scrape time from p.
func (m *Metrics) Watch(p Probes) {
	if p.Outbox != nil {
		m.reg.MustRegister(prometheus.NewGaugeFunc(prometheus.GaugeOpts{Name: "gunbai_outbox_depth",
			Help: "Posts owed to Discord and not yet delivered."}, func() float64 {
			n, _, _ := p.Outbox()
			return float64(n)
		}), prometheus.NewGaugeFunc(prometheus.GaugeOpts{Name: "gunbai_outbox_oldest_seconds",
			Help: "Age of the oldest post owed (0 when none)."}, func() float64 {
			_, age, _ := p.Outbox()
			return age.Seconds()
		}))
	}
	if p.Battles != nil {
		m.reg.MustRegister(battlesCollector(p.Battles))
	}
	if p.StoreSize != nil {
		m.reg.MustRegister(prometheus.NewGaugeFunc(prometheus.GaugeOpts{Name: "gunbai_store_size_bytes",
			Help: "Size of the store file."}, func() float64 { return float64(p.StoreSize()) }))
	}
	if p.Shards != nil {
		m.reg.MustRegister(prometheus.NewGaugeFunc(prometheus.GaugeOpts{Name: "gunbai_gateway_shards",
			Help: "Gateway shards this process runs."}, func() float64 { return float64(p.Shards()) }))
	}
	if p.HeartbeatAge != nil {
		m.reg.MustRegister(prometheus.NewGaugeFunc(prometheus.GaugeOpts{Name: "gunbai_gateway_heartbeat_age_seconds",
			Help: "Time since the stalest shard's last gateway heartbeat acknowledgement (a live gateway stays under its heartbeat interval)."},
			func() float64 { return p.HeartbeatAge().Seconds() }))
	}
}

var battlesDesc = prometheus.NewDesc("gunbai_battles", "Battles in the store, by status.", []string{"status"}, nil)

// battlesCollector reads the battles by status once per scrape.
type battlesCollector func() (map[string]int, error)

func (c battlesCollector) Describe(ch chan<- *prometheus.Desc) { ch <- battlesDesc }

func (c battlesCollector) Collect(ch chan<- prometheus.Metric) {
	n, err := c()
	if err != nil {
		ch <- prometheus.NewInvalidMetric(battlesDesc, err)
		return
	}
	for _, s := range Statuses {
		ch <- prometheus.MustNewConstMetric(battlesDesc, prometheus.GaugeValue, float64(n[s]), s)
	}
}

// StaleOutbox is the age of the oldest owed post past which the outbox is
// not draining: deliveries wait at most 5 minutes between attempts.
const StaleOutbox = 10 * time.Minute

// Health is /healthz's answer: each part and what is wrong with it.
type Health struct {
	Gateway  bool     `json:"gateway"`
	Store    bool     `json:"store"`
	Outbox   bool     `json:"outbox"`
	Problems []string `json:"problems,omitempty"`
}

// Check reads each part's health.
func (p Probes) Check() Health {
	h := Health{Gateway: true, Store: true, Outbox: true}
	if p.Connected != nil && !p.Connected() {
		h.Gateway = false
		h.Problems = append(h.Problems, "gateway: not connected")
	}
	if p.Writable != nil {
		if err := p.Writable(); err != nil {
			h.Store = false
			h.Problems = append(h.Problems, "store: "+err.Error())
		}
	}
	if p.Outbox != nil {
		switch _, age, err := p.Outbox(); {
		case err != nil:
			h.Outbox = false
			h.Problems = append(h.Problems, "outbox: "+err.Error())
		case age > StaleOutbox:
			h.Outbox = false
			h.Problems = append(h.Problems, "outbox: oldest post owed for "+age.Round(time.Second).String())
		}
	}
	return h
}

// OK reports whether every part is well.
func (h Health) OK() bool { return h.Gateway && h.Store && h.Outbox }

// HealthHandler serves /healthz: 200 and the parts as JSON when all are
// well, 503 when any is not.
func HealthHandler(p Probes) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h := p.Check()
		w.Header().Set("Content-Type", "application/json")
		w.Header().Set("Cache-Control", "no-store")
		if !h.OK() {
			w.WriteHeader(http.StatusServiceUnavailable)
		}
		json.NewEncoder(w).Encode(h)
	})
}
