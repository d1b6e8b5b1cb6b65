package discordfake

import (
	"encoding/json"
	"fmt"
	"regexp"
	"slices"
	"strings"
)

// Mentions: Discord pings whatever a message's text names (@everyone,
// @here, roles, users) unless the message says whom it may ping
// (allowed_mentions); without it, parse defaults to all three. So every
// message the bot creates or edits (in a channel, a DM, an interaction's
// answer, its edits and followups) must carry allowed_mentions with parse
// an array, holding only the types the test expects (ExpectMentions; none
// by default), and never roles or users both parsed and listed (which
// Discord refuses). A breach is recorded (MentionProblems) and reported on
// the Server's Reporter at Close, like a broken text.

// MentionProblem is a message the bot sent that could ping whom it did not
// mean to.
type MentionProblem struct {
	Method, Route string
	// Problem says what is wrong; Content is the message's text (clipped).
	Problem, Content string
}

func (p MentionProblem) String() string {
	return fmt.Sprintf("%s %s: %s (content %q)", p.Method, p.Route, p.Problem, p.Content)
}

// MentionProblems returns the messages sent so far that could ping.
func (ck Checks) MentionProblems() []MentionProblem {
	s := ck.s
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]MentionProblem(nil), s.mentionProblems...)
}

// ExpectMentions lets the bot's messages parse these mention types
// ("users", "roles", "everyone"); by default none may be parsed.
func (ck Checks) ExpectMentions(types ...string) {
	s := ck.s
	s.mu.Lock()
	defer s.mu.Unlock()
	s.mentionsExpected = append(s.mentionsExpected, types...)
}

// CheckMentions turns the check on (off only in the fake's own tests).
func (ck Checks) CheckMentions() {
	s := ck.s
	s.mu.Lock()
	defer s.mu.Unlock()
	s.mentionsIgnored = false
}

// IgnoreMentions turns the check off, for tests of the fake itself that
// send messages through discordgo as they come.
func (ck Checks) IgnoreMentions() {
	s := ck.s
	s.mu.Lock()
	defer s.mu.Unlock()
	s.mentionsIgnored = true
}

// messageRoute is a route that creates or edits a message.
type messageRoute struct {
	method string
	route  *regexp.Regexp
}

var messageRoutes = []messageRoute{
	{"POST", regexp.MustCompile(`^/channels/\d+/messages$`)},
	{"PATCH", regexp.MustCompile(`^/channels/\d+/messages/\d+$`)},
	{"POST", regexp.MustCompile(`^/webhooks/\d+/[^/]+$`)},
	{"PATCH", regexp.MustCompile(`^/webhooks/\d+/[^/]+/messages/[^/]+$`)},
	{"POST", regexp.MustCompile(`^/interactions/\d+/[^/]+/callback$`)},
}

// checkMentions records the problems of one call's body, if it creates or
// edits a message.
func (s *Server) checkMentions(method, route string, body []byte) {
	s.mu.Lock()
	ignored, expected := s.mentionsIgnored, s.mentionsExpected
	s.mu.Unlock()
	if ignored || !slices.ContainsFunc(messageRoutes, func(r messageRoute) bool { return r.method == method && r.route.MatchString(route) }) {
		return
	}
	msg := map[string]json.RawMessage{}
	if json.Unmarshal(body, &msg) != nil {
		return // the spec's check reports a body that is not an object
	}
	if strings.HasSuffix(route, "/callback") {
		// Only the callbacks that are a message: 4 (a new one) and 7
		// (an update of the one clicked).
		var cb struct {
			Type int             `json:"type"`
			Data json.RawMessage `json:"data"`
		}
		if json.Unmarshal(body, &cb) != nil || cb.Type != 4 && cb.Type != 7 {
			return
		}
		msg = map[string]json.RawMessage{}
		_ = json.Unmarshal(cb.Data, &msg)
	}
	var content string
	_ = json.Unmarshal(msg["content"], &content)
	if p := mentionProblem(msg["allowed_mentions"], expected); p != "" {
		s.mu.Lock()
		s.mentionProblems = append(s.mentionProblems, MentionProblem{Method: method, Route: route, Problem: p, Content: clipText(content)})
		s.mu.Unlock()
	}
}

// mentionProblem says what is wrong with a message's allowed_mentions ("":
// nothing).
func mentionProblem(raw json.RawMessage, expected []string) string {
	if !present(raw) {
		return "no allowed_mentions: Discord parses @everyone, roles and users"
	}
	var am struct {
		Parse *[]string `json:"parse"`
		Roles []string  `json:"roles"`
		Users []string  `json:"users"`
	}
	if err := json.Unmarshal(raw, &am); err != nil {
		return "allowed_mentions is not an object: " + err.Error()
	}
	if am.Parse == nil {
		return "allowed_mentions without parse (an array, [] for none)"
	}
	for _, t := range *am.Parse {
		if !slices.Contains(expected, t) {
			return fmt.Sprintf("allowed_mentions parses %q, which the test did not expect", t)
		}
		if t == "roles" && len(am.Roles) > 0 || t == "users" && len(am.Users) > 0 {
			return fmt.Sprintf("allowed_mentions both parses and lists %s (Discord refuses it)", t)
		}
	}
	return ""
}
