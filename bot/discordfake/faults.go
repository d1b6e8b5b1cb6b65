package discordfake

import (
	"encoding/json"
	"fmt"
	"math"
	"net/http"
	"strconv"
	"strings"
	"time"
)

// Fault is an error the fake answers a REST call with instead of serving
// it. Build common ones with RateLimited, GlobalRateLimited, ServerError,
// BadGateway, CannotSendToUser, MissingPermissions, MissingAccess,
// UnknownChannel and UnknownInteraction.
type Fault struct {
	// Status is the HTTP status, e.g. 429, 403, 404, 500, 502.
	Status int
	// Code and Message make the Discord error body {"code": ..., "message":
	// ...}. An empty Message gets Discord's text for the status.
	Code    int
	Message string
	// RetryAfter is the wait of a 429: the body's retry_after (seconds, a
	// float, which discordgo sleeps before retrying), the Retry-After header
	// (whole seconds, rounded up) and X-RateLimit-Reset-After.
	RetryAfter time.Duration
	// Global makes a 429 the global rate limit: "global": true,
	// X-RateLimit-Global: true and X-RateLimit-Scope: global (discordgo then
	// holds every route until the reset). Otherwise the limit is the route's
	// (X-RateLimit-Scope: user, X-RateLimit-Remaining: 0).
	Global bool
	// Deliver serves the call as usual (a message is created) and answers
	// with the fault all the same: the answer lost on its way back, as
	// when a connection drops after Discord acted, or a crash right after.
	Deliver bool
}

// RateLimited is a per-route 429 Too Many Requests.
func RateLimited(retryAfter time.Duration) Fault {
	return Fault{Status: http.StatusTooManyRequests, Message: "You are being rate limited.", RetryAfter: retryAfter}
}

// GlobalRateLimited is a global 429 Too Many Requests.
func GlobalRateLimited(retryAfter time.Duration) Fault {
	f := RateLimited(retryAfter)
	f.Global = true
	return f
}

// ServerError is a 500 Internal Server Error (discordgo does not retry it).
func ServerError() Fault {
	return Fault{Status: http.StatusInternalServerError, Message: "500: Internal Server Error"}
}

// BadGateway is a 502 Bad Gateway (discordgo retries it up to
// Session.MaxRestRetries times).
func BadGateway() Fault {
	return Fault{Status: http.StatusBadGateway, Message: "502: Bad Gateway"}
}

// CannotSendToUser is 403 code 50007: the user closed their DMs or blocked
// the bot.
func CannotSendToUser() Fault {
	return Fault{Status: http.StatusForbidden, Code: 50007, Message: "Cannot send messages to this user"}
}

// MissingPermissions is 403 code 50013: the bot lacks a permission in the
// channel (e.g. Send Messages or Attach Files).
func MissingPermissions() Fault {
	return Fault{Status: http.StatusForbidden, Code: 50013, Message: "Missing Permissions"}
}

// MissingAccess is 403 code 50001: the bot cannot see the channel (no View
// Channel) or the resource.
func MissingAccess() Fault {
	return Fault{Status: http.StatusForbidden, Code: 50001, Message: "Missing Access"}
}

// UnknownChannel is 404 code 10003: the channel was deleted.
func UnknownChannel() Fault {
	return Fault{Status: http.StatusNotFound, Code: 10003, Message: "Unknown Channel"}
}

// UnknownInteraction is 404 code 10062: the interaction's 3 s response
// window passed (or it was answered elsewhere). See also ExpireInteraction
// and SetAckDeadline, which refuse late callbacks without a rule.
func UnknownInteraction() Fault {
	return Fault{Status: http.StatusNotFound, Code: 10062, Message: "Unknown interaction"}
}

// Always is a FaultMatch.Count: fail every matching call until the rule is
// cleared.
const Always = -1

// FaultMatch selects the REST calls a Fault applies to. Zero fields match
// anything.
type FaultMatch struct {
	// Method, e.g. "POST"; "" matches every method.
	Method string
	// Route is a pattern of the API route without /api/vN, compared segment
	// by segment: a "{name}" or "*" segment matches any one segment, e.g.
	// "/channels/{channel_id}/messages" (the OpenAPI template) or
	// "/interactions/*/*/callback". A pattern ending in "/**" matches every
	// route below its prefix. "" matches every route.
	Route string
	// ChannelID restricts the rule to calls about that channel: routes under
	// /channels/{ChannelID} or under one of its threads (a channel that
	// fails fails in its threads too), and interaction callbacks and
	// webhook calls of interactions in that channel.
	ChannelID string
	// UserID restricts the rule to calls about that user: their DM channel,
	// POST /users/@me/channels with them as recipient, routes naming them
	// (/users/{id}, /guilds/{g}/members/{id}), and callbacks and webhook
	// calls of their interactions.
	UserID string
	// Count is how many matching calls fail: 0 means 1 (the next call),
	// Always means every call until cleared.
	Count int
}

type faultRule struct {
	match  FaultMatch
	prefix string // FailNext: a path prefix instead of a pattern
	fault  Fault
	left   int // calls left; Always: unlimited
}

// Fail makes REST calls matching m fail with f, and returns a function that
// removes the rule. Rules are tried in the order they were added; a call
// matched by a rule is not served (no state changes), is recorded with
// Call.Fault set, and its request is still validated against the OpenAPI
// description (so is the response, unless its status is 500 or more).
func (fl Faults) Fail(m FaultMatch, f Fault) (clear func()) {
	s := fl.s
	if f.Status == 0 {
		s.t.Errorf("discordfake: Fail(%+v) without a Status", f)
	}
	r := &faultRule{match: m, fault: f, left: m.Count}
	if r.left == 0 {
		r.left = 1
	}
	s.mu.Lock()
	s.faults = append(s.faults, r)
	s.mu.Unlock()
	return func() {
		s.mu.Lock()
		defer s.mu.Unlock()
		for i, x := range s.faults {
			if x == r {
				s.faults = append(s.faults[:i], s.faults[i+1:]...)
				return
			}
		}
	}
}

// Clear removes every Fail and FailNext rule.
func (fl Faults) Clear() {
	s := fl.s
	s.mu.Lock()
	defer s.mu.Unlock()
	s.faults = nil
}

// FailNext makes the next REST call whose method matches (or method == "")
// and whose API path (e.g. "/channels/123/messages", without /api/v9) starts
// with pathPrefix fail with the status and a Discord error body {"message",
// "code"}. The call is recorded with that status. See Fail for more.
func (fl Faults) FailNext(method, pathPrefix string, status, code int, message string) {
	s := fl.s
	s.mu.Lock()
	defer s.mu.Unlock()
	s.faults = append(s.faults, &faultRule{
		match:  FaultMatch{Method: method},
		prefix: pathPrefix,
		fault:  Fault{Status: status, Code: code, Message: message},
		left:   1,
	})
}

// faultLocked returns the fault of the first rule matching the call, and
// uses it up.
func (s *Server) faultLocked(c *Call) *Fault {
	for i, r := range s.faults {
		if !s.faultMatchesLocked(r, c) {
			continue
		}
		if r.left != Always {
			r.left--
			if r.left <= 0 {
				s.faults = append(s.faults[:i], s.faults[i+1:]...)
			}
		}
		f := r.fault
		return &f
	}
	return nil
}

func (s *Server) faultMatchesLocked(r *faultRule, c *Call) bool {
	m := r.match
	if m.Method != "" && !strings.EqualFold(m.Method, c.Method) {
		return false
	}
	if r.prefix != "" && !strings.HasPrefix(c.Route, r.prefix) {
		return false
	}
	if m.Route != "" && !routeMatches(m.Route, c.Route) {
		return false
	}
	if m.ChannelID == "" && m.UserID == "" {
		return true
	}
	seg := strings.Split(strings.TrimPrefix(c.Route, "/"), "/")
	at := func(i int) string {
		if i < len(seg) {
			return seg[i]
		}
		return ""
	}
	var rec *interactionRec
	switch {
	case at(0) == "interactions" && len(seg) >= 3:
		if x := s.interactions[at(1)]; x != nil && x.token == at(2) {
			rec = x
		}
	case at(0) == "webhooks" && len(seg) >= 3:
		rec = s.byToken[at(2)]
	}
	if m.ChannelID != "" {
		ok := at(0) == "channels" && (at(1) == m.ChannelID || s.permChannelLocked(at(1)) == m.ChannelID) || rec != nil && rec.channelID == m.ChannelID
		if !ok {
			return false
		}
	}
	if m.UserID != "" {
		ok := rec != nil && rec.userID == m.UserID
		switch {
		case at(0) == "channels":
			ok = ok || s.dmUser[at(1)] == m.UserID
		case at(0) == "users" && at(1) == "@me" && at(2) == "channels":
			var body struct {
				RecipientID string `json:"recipient_id"`
			}
			_ = json.Unmarshal(c.JSON, &body)
			ok = ok || body.RecipientID == m.UserID
		default:
			for _, sg := range seg {
				ok = ok || sg == m.UserID
			}
		}
		if !ok {
			return false
		}
	}
	return true
}

// routeMatches compares a FaultMatch.Route pattern with a route.
func routeMatches(pattern, route string) bool {
	ps := strings.Split(strings.TrimPrefix(pattern, "/"), "/")
	rs := strings.Split(strings.TrimPrefix(route, "/"), "/")
	if n := len(ps); n > 0 && ps[n-1] == "**" {
		ps = ps[:n-1]
		if len(rs) < len(ps) {
			return false
		}
		rs = rs[:len(ps)]
	}
	if len(ps) != len(rs) {
		return false
	}
	for i, p := range ps {
		if p == "*" || strings.HasPrefix(p, "{") && strings.HasSuffix(p, "}") { // a parameter
			if rs[i] == "" {
				return false
			}
			continue
		}
		if p != rs[i] {
			return false
		}
	}
	return true
}

// body is the Discord error body of a fault.
func (f *Fault) body() map[string]any {
	msg := f.Message
	if msg == "" {
		msg = fmt.Sprintf("%d: %s", f.Status, http.StatusText(f.Status))
	}
	b := map[string]any{"message": msg, "code": f.Code}
	if f.Status == http.StatusTooManyRequests {
		b["retry_after"] = math.Round(f.RetryAfter.Seconds()*1000) / 1000
		b["global"] = f.Global
	}
	return b
}

// setHeaders sets the rate-limit headers of a 429 fault.
func (f *Fault) setHeaders(h http.Header) {
	if f.Status != http.StatusTooManyRequests {
		return
	}
	secs := f.RetryAfter.Seconds()
	h.Set("Retry-After", strconv.Itoa(int(math.Ceil(secs))))
	h.Set("X-RateLimit-Reset-After", strconv.FormatFloat(secs, 'f', 3, 64))
	h.Set("X-RateLimit-Reset", strconv.FormatFloat(float64(time.Now().Add(f.RetryAfter).UnixMilli())/1000, 'f', 3, 64))
	if f.Global {
		h.Set("X-RateLimit-Global", "true")
		h.Set("X-RateLimit-Scope", "global")
		// Global limits are not a route's bucket.
		h.Del("X-RateLimit-Limit")
		h.Del("X-RateLimit-Remaining")
		h.Del("X-RateLimit-Bucket")
		return
	}
	h.Set("X-RateLimit-Scope", "user")
	h.Set("X-RateLimit-Remaining", "0")
}

// ExpireInteraction makes the interaction's 3 s response window pass now:
// its callback is refused with 404 code 10062 Unknown interaction, as
// Discord refuses a late one. Followups of an interaction that was
// acknowledged in time are not affected (their token lasts 15 minutes).
func (fl Faults) ExpireInteraction(id string) {
	s := fl.s
	s.mu.Lock()
	defer s.mu.Unlock()
	if rec := s.interactions[id]; rec != nil {
		rec.expired = true
	}
}

// SetAckDeadline makes callbacks later than d after the dispatch fail with
// 404 code 10062 Unknown interaction. Discord's window is 3 s (AckWindow);
// the fake does not enforce it unless asked (0, the default), so a loaded
// test machine does not fail tests that are not about latency.
func (fl Faults) SetAckDeadline(d time.Duration) {
	s := fl.s
	s.mu.Lock()
	defer s.mu.Unlock()
	s.ackDeadline = d
}

// AckWindow is Discord's interaction response window.
const AckWindow = 3 * time.Second
