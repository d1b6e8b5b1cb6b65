package ops

import (
	"net/http"
	"strconv"
	"strings"
)

// Transport counts the Discord REST requests of next, the answers of next that are errors (4xx,
// 5xx, failed requests) and rate limits, by route template.
func (m *Metrics) Transport(next http.RoundTripper) http.RoundTripper {
	if m == nil {
		return next
	}
	if next == nil {
		next = http.DefaultTransport
	}
	return &countingTransport{m: m, next: next}
}

type countingTransport struct {
	m    *Metrics
	next http.RoundTripper
}

func (t *countingTransport) RoundTrip(req *http.Request) (*http.Response, error) {
	resp, err := t.next.RoundTrip(req)
	route := Route(req.Method, req.URL.Path)
	t.m.restCalls.WithLabelValues(route).Inc()
	switch {
	case err != nil:
		t.m.restErrors.WithLabelValues(route, "network").Inc()
	case resp.StatusCode >= 400:
		t.m.restErrors.WithLabelValues(route, strconv.Itoa(resp.StatusCode)).Inc()
		if resp.StatusCode == http.StatusTooManyRequests {
			t.m.rateLimits.WithLabelValues(route).Inc()
		}
	}
	return resp, err
}

// Route is a request's route template, "POST /channels/{id}/messages":
// the API version dropped, IDs, tokens and emojis replaced by
// placeholders, so that the labels stay few.
func Route(method, path string) string {
	segs := strings.Split(strings.Trim(path, "/"), "/")
	if len(segs) >= 2 && segs[0] == "api" && strings.HasPrefix(segs[1], "v") {
		segs = segs[2:]
	}
	for i, s := range segs {
		switch {
		case s != "" && strings.Trim(s, "0123456789") == "":
			segs[i] = "{id}"
		case i >= 2 && (segs[i-2] == "webhooks" || segs[i-2] == "interactions"):
			segs[i] = "{token}"
		case i >= 1 && segs[i-1] == "reactions":
			segs[i] = "{emoji}"
		case len(s) > 32:
			segs[i] = "{token}"
		}
	}
	return method + " /" + strings.Join(segs, "/")
}
