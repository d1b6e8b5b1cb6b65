// Package ops is what the host of a running bot watches: the metrics
// (Prometheus' format, through a registry of their own, never the global
// default), the health check, the HTTP listener serving both, and the
// structured log. Every metric of gunbai is defined here; the bot counts
// through the small nil-safe methods of Metrics where the work happens.
package ops

import (
	"net/http"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promhttp"
)

// Metrics are gunbai's metrics. A nil *Metrics counts nothing, so the
// bot's tests and tools run without one.
type Metrics struct {
	reg          *prometheus.Registry
	interactions *prometheus.CounterVec
	handled      *prometheus.HistogramVec
	acked        prometheus.Histogram
	resolved     prometheus.Counter
	resolveTime  prometheus.Histogram
	drawTime     prometheus.Histogram
	restCalls    *prometheus.CounterVec
	restErrors   *prometheus.CounterVec
	rateLimits   *prometheus.CounterVec
}

// fast are the buckets of what a person waits for (an answer, an
// acknowledgement): Discord gives an interaction 3 seconds.
var fast = []float64{.005, .01, .025, .05, .1, .25, .5, 1, 2.5, 5, 10}

// New makes the metrics in a registry of their own.
func New() *Metrics {
	m := &Metrics{reg: prometheus.NewRegistry()}
	m.interactions = prometheus.NewCounterVec(prometheus.CounterOpts{Name: "gunbai_interactions_total",
		Help: "Interactions handled, by command (a slash command's path, a component's kind) and outcome (ok, refused, error, panic)."},
		[]string{"command", "outcome"})
	m.handled = prometheus.NewHistogramVec(prometheus.HistogramOpts{Name: "gunbai_interaction_seconds",
		Help: "Time from an interaction's arrival to the end of its handling, by command.", Buckets: fast}, []string{"command"})
	m.acked = prometheus.NewHistogram(prometheus.HistogramOpts{Name: "gunbai_ack_seconds",
		Help: "Time from an interaction's arrival to Discord taking its acknowledgement.", Buckets: fast})
	m.resolved = prometheus.NewCounter(prometheus.CounterOpts{Name: "gunbai_turns_resolved_total",
		Help: "Battle turns resolved (by both sides ready, the GM or a deadline)."})
	m.resolveTime = prometheus.NewHistogram(prometheus.HistogramOpts{Name: "gunbai_resolve_seconds",
		Help: "Time the engine took to resolve a turn.", Buckets: fast})
	m.drawTime = prometheus.NewHistogram(prometheus.HistogramOpts{Name: "gunbai_draw_seconds",
		Help: "Time to draw a picture of the field, waiting for a core included.", Buckets: fast})
	m.restCalls = prometheus.NewCounterVec(prometheus.CounterOpts{Name: "gunbai_discord_rest_requests_total",
		Help: "Discord REST requests made, by route template."}, []string{"route"})
	m.restErrors = prometheus.NewCounterVec(prometheus.CounterOpts{Name: "gunbai_discord_rest_errors_total",
		Help: "Discord REST answers of 4xx or 5xx (429 included) and failed requests (code \"network\"), by route template and code."},
		[]string{"route", "code"})
	m.rateLimits = prometheus.NewCounterVec(prometheus.CounterOpts{Name: "gunbai_discord_rate_limits_total",
		Help: "Discord REST answers of 429 (rate limited), by route template."}, []string{"route"})
	m.reg.MustRegister(m.interactions, m.handled, m.acked, m.resolved, m.resolveTime, m.drawTime, m.restCalls, m.restErrors, m.rateLimits,
		collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}))
	return m
}

// Registry is where the metrics are registered (Watch adds the gauges read
// at scrape time).
func (m *Metrics) Registry() *prometheus.Registry { return m.reg }

// Handler serves the metrics in Prometheus' text format.
func (m *Metrics) Handler() http.Handler {
	return promhttp.HandlerFor(m.reg, promhttp.HandlerOpts{Registry: m.reg})
}

// Interaction counts a handled interaction and how long it took.
func (m *Metrics) Interaction(command, outcome string, took time.Duration) {
	if m == nil {
		return
	}
	m.interactions.WithLabelValues(command, outcome).Inc()
	m.handled.WithLabelValues(command).Observe(took.Seconds())
}

// Acked records how long an acknowledgement took from the arrival.
func (m *Metrics) Acked(took time.Duration) {
	if m != nil {
		m.acked.Observe(took.Seconds())
	}
}

// Resolved counts a resolved turn and the engine's time on it.
func (m *Metrics) Resolved(took time.Duration) {
	if m != nil {
		m.resolved.Inc()
		m.resolveTime.Observe(took.Seconds())
	}
}

// Drawn records a picture's drawing time.
func (m *Metrics) Drawn(took time.Duration) {
	if m != nil {
		m.drawTime.Observe(took.Seconds())
	}
}
