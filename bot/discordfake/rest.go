package discordfake

import (
	"bytes"
	"encoding/json"
	"io"
	"mime"
	"mime/multipart"
	"net/http"
	"regexp"
	"slices"
	"strings"
	"time"

	"github.com/bwmarrin/discordgo"
)

// apiError is a Discord error answer.
type apiError struct {
	status int
	code   int
	msg    string
	errors map[string]any // "errors" of 50035 Invalid Form Body
}

func errNotFoundRoute() *apiError { return &apiError{http.StatusNotFound, 0, "404: Not Found", nil} }
func errUnauthorized() *apiError {
	return &apiError{http.StatusUnauthorized, 0, "401: Unauthorized", nil}
}
func errUnknownMessage() *apiError {
	return &apiError{http.StatusNotFound, 10008, "Unknown Message", nil}
}
func errUnknownWebhook() *apiError {
	return &apiError{http.StatusNotFound, 10015, "Unknown Webhook", nil}
}
func errUnknownInteraction() *apiError {
	return &apiError{http.StatusNotFound, 10062, "Unknown interaction", nil}
}
func errMissingAccess() *apiError {
	return &apiError{http.StatusForbidden, 50001, "Missing Access", nil}
}
func errEmptyMessage() *apiError {
	return &apiError{http.StatusBadRequest, 50006, "Cannot send an empty message", nil}
}

// formErrors collects 50035 Invalid Form Body errors by path.
type formErrors map[string]any

func (f formErrors) add(path string, code, msg string) {
	m := map[string]any(f)
	if path != "" {
		for _, p := range strings.Split(path, ".") {
			next, _ := m[p].(map[string]any)
			if next == nil {
				next = map[string]any{}
				m[p] = next
			}
			m = next
		}
	}
	errs, _ := m["_errors"].([]any)
	m["_errors"] = append(errs, map[string]any{"code": code, "message": msg})
}

func (f formErrors) err() *apiError {
	if len(f) == 0 {
		return nil
	}
	return &apiError{http.StatusBadRequest, 50035, "Invalid Form Body", f}
}

func invalidBody(path, code, msg string) *apiError {
	f := formErrors{}
	f.add(path, code, msg)
	return f.err()
}

var apiPrefix = regexp.MustCompile(`^/api(/v[0-9]+)?`)

// serveHTTP serves one REST call in stages: read it, let the Checker see
// the request, serve and record it, set the headers, scan the texts the
// bot sent, let the Checker see the answer, and write it.
func (s *Server) serveHTTP(w http.ResponseWriter, r *http.Request) {
	if r.URL.Path == "/gateway" || r.URL.Path == "/gateway/" {
		s.serveGateway(w, r)
		return
	}
	c, aerr := readCall(r)
	var checkResponse func(*Call, http.Header) []string
	if s.check != nil {
		checkResponse = s.check.Request(&c) // before it is served
	}
	callIdx, out := s.serveCall(&c, aerr)
	h := w.Header()
	setHeaders(h, &c, out)
	s.setDate(h)
	s.scan(&c)
	if checkResponse != nil {
		errs := checkResponse(&c, h) // before the client gets the answer
		s.mu.Lock()
		s.calls[callIdx].SpecErrors = errs
		s.mu.Unlock()
	}
	w.WriteHeader(c.Status)
	if out != nil && c.Status != http.StatusNoContent {
		_, _ = w.Write(out)
	}
}

// readCall reads a request into a Call; the error is the answer to a route
// outside /api or a body that does not parse.
func readCall(r *http.Request) (Call, *apiError) {
	body, _ := io.ReadAll(r.Body)
	c := Call{
		Method:      r.Method,
		Path:        r.URL.Path,
		Query:       r.URL.Query(),
		Auth:        r.Header.Get("Authorization"),
		ContentType: r.Header.Get("Content-Type"),
		Body:        body,
		Time:        time.Now(),
	}
	loc := apiPrefix.FindStringIndex(r.URL.Path)
	if loc == nil {
		c.Route = r.URL.Path
		c.Unexpected = true
		return c, errNotFoundRoute()
	}
	c.Route = r.URL.Path[loc[1]:]
	return c, c.parseBody()
}

// serveCall serves the call (or its fault), sets its Status and Response,
// and records it with the state changes it made (Responses, Messages, ...),
// in one critical section. It returns the call's index in s.calls and the
// answer's body.
func (s *Server) serveCall(c *Call, aerr *apiError) (int, []byte) {
	s.mu.Lock()
	defer s.mu.Unlock()
	var resp any
	status := http.StatusOK
	if aerr == nil {
		c.Fault = s.faultLocked(c)
	}
	if aerr == nil && (c.Fault == nil || c.Fault.Deliver) {
		// A Deliver fault serves the call, then loses its answer.
		status, resp, aerr = s.routeLocked(c)
	}
	var out []byte
	switch {
	case c.Fault != nil:
		status = c.Fault.Status
		out, _ = json.Marshal(c.Fault.body())
	case aerr != nil:
		status = aerr.status
		e := map[string]any{"message": aerr.msg, "code": aerr.code}
		if aerr.errors != nil {
			e["errors"] = aerr.errors
		}
		out, _ = json.Marshal(e)
	case resp != nil:
		var err error
		if out, err = json.Marshal(resp); err != nil {
			panic(err)
		}
	}
	c.Status = status
	c.Response = out
	callIdx := len(s.calls)
	s.calls = append(s.calls, *c)
	if s.lean {
		// The call is recorded without its bytes: what it did is in the
		// messages and interactions it changed.
		kept := &s.calls[callIdx]
		kept.Body, kept.JSON, kept.Response = nil, nil, nil
		kept.Files = make([]File, len(c.Files))
		for i, f := range c.Files {
			kept.Files[i] = File{ID: f.ID, Name: f.Name, ContentType: f.ContentType, Size: len(f.Data), Description: f.Description}
		}
	}
	s.notifyLocked(c)
	return callIdx, out
}

// setHeaders sets the answer's headers: generous rate-limit headers, so
// discordgo never has a reason to sleep (unless a 429 fault says
// otherwise).
func setHeaders(h http.Header, c *Call, out []byte) {
	h.Set("X-RateLimit-Limit", "50")
	h.Set("X-RateLimit-Remaining", "49")
	h.Set("X-RateLimit-Reset-After", "0.001")
	h.Set("X-RateLimit-Bucket", "discordfake")
	if c.Fault != nil {
		c.Fault.setHeaders(h)
	}
	if out != nil {
		h.Set("Content-Type", "application/json")
	}
}

// scan records the broken texts (textscan.go) and the messages that
// could ping (mentions.go) of a call the fake accepted.
func (s *Server) scan(c *Call) {
	if c.JSON == nil || c.Status >= 300 {
		return
	}
	s.mu.Lock()
	skip := s.skipTexts
	s.mu.Unlock()
	if !skip && c.Method != http.MethodGet {
		if ps := scanTexts(c.Method, c.Route, c.JSON); len(ps) > 0 {
			s.mu.Lock()
			s.textProblems = append(s.textProblems, ps...)
			s.mu.Unlock()
		}
	}
	s.checkMentions(c.Method, c.Route, c.JSON)
}

// parseBody fills JSON and Files from a JSON or multipart body.
func (c *Call) parseBody() *apiError {
	if len(c.Body) == 0 {
		return nil
	}
	mt, params, _ := mime.ParseMediaType(c.ContentType)
	if mt == "multipart/form-data" {
		mr := multipart.NewReader(bytes.NewReader(c.Body), params["boundary"])
		for {
			p, err := mr.NextPart()
			if err == io.EOF {
				break
			}
			if err != nil {
				return invalidBody("", "MULTIPART_INVALID", "Invalid multipart body: "+err.Error())
			}
			data, err := io.ReadAll(p)
			if err != nil {
				return invalidBody("", "MULTIPART_INVALID", "Invalid multipart body: "+err.Error())
			}
			switch name := p.FormName(); {
			case name == "payload_json":
				c.JSON = data
			case p.FileName() != "" || strings.HasPrefix(name, "files["):
				ct := p.Header.Get("Content-Type")
				c.Files = append(c.Files, File{Name: p.FileName(), ContentType: ct, Data: data})
			}
		}
		if c.JSON != nil && !json.Valid(c.JSON) {
			return &apiError{http.StatusBadRequest, 50109, "The request body contains invalid JSON.", nil}
		}
		return nil
	}
	if !json.Valid(c.Body) {
		return &apiError{http.StatusBadRequest, 50109, "The request body contains invalid JSON.", nil}
	}
	c.JSON = c.Body
	return nil
}

func (s *Server) authorizedLocked(c *Call) bool {
	tok, ok := strings.CutPrefix(c.Auth, "Bot ")
	return ok && s.tokens[tok]
}

// restRoute is a REST route of the fake: a method ("" for any) and a
// path pattern whose "{}" segments are parameters, handed to serve in
// order.
type restRoute struct {
	method  string
	pattern string
	serve   func(s *Server, c *Call, p []string) (int, any, *apiError)
}

// tokenRoutes are authenticated by the interaction token in the path (and
// GET /gateway by nothing): they are served before the bot token is
// checked.
var tokenRoutes = []restRoute{
	{http.MethodPost, "/interactions/{}/{}/callback", func(s *Server, c *Call, p []string) (int, any, *apiError) {
		return s.interactionCallbackLocked(c, p[0], p[1])
	}},
	{http.MethodPost, "/webhooks/{}/{}", func(s *Server, c *Call, p []string) (int, any, *apiError) {
		return s.followupLocked(c, p[0], p[1])
	}},
	{http.MethodGet, "/webhooks/{}/{}/messages/{}", webhookMessage},
	{http.MethodPatch, "/webhooks/{}/{}/messages/{}", webhookMessage},
	{http.MethodDelete, "/webhooks/{}/{}/messages/{}", webhookMessage},
	{http.MethodGet, "/gateway", func(s *Server, _ *Call, _ []string) (int, any, *apiError) {
		return 200, map[string]any{"url": s.Gateway().URL()}, nil
	}},
}

func webhookMessage(s *Server, c *Call, p []string) (int, any, *apiError) {
	return s.webhookMessageLocked(c, p[0], p[1], p[2])
}

// botRoutes need the bot's token; the first that matches serves.
var botRoutes = []restRoute{
	{http.MethodGet, "/gateway/bot", (*Server).gatewayBotLocked},
	{http.MethodGet, "/users/{}", (*Server).userLocked},
	{http.MethodPost, "/users/@me/channels", func(s *Server, c *Call, _ []string) (int, any, *apiError) {
		return s.createDMLocked(c)
	}},
	{http.MethodGet, "/channels/{}", func(s *Server, _ *Call, p []string) (int, any, *apiError) {
		return 200, s.channelJSONLocked(p[0]), nil
	}},
	{http.MethodPost, "/channels/{}/messages", func(s *Server, c *Call, p []string) (int, any, *apiError) {
		return s.channelMessageCreateLocked(c, p[0])
	}},
	// Threads (threads.go).
	{http.MethodPatch, "/channels/{}", (*Server).modifyThreadLocked},
	{http.MethodPost, "/channels/{}/threads", func(s *Server, c *Call, p []string) (int, any, *apiError) {
		return s.createThreadLocked(c, p[0], "")
	}},
	{http.MethodPost, "/channels/{}/messages/{}/threads", func(s *Server, c *Call, p []string) (int, any, *apiError) {
		return s.createThreadLocked(c, p[0], p[1])
	}},
	{http.MethodGet, "/channels/{}/threads/archived/public", (*Server).archivedThreadsLocked},
	{http.MethodGet, "/guilds/{}/threads/active", (*Server).activeThreadsLocked},
	{"", "/channels/{}/messages/pins/{}", pin},
	{"", "/channels/{}/pins/{}", pin}, // deprecated by Discord, still served
	{"", "/channels/{}/messages/{}", (*Server).channelMessageLocked},
	{http.MethodGet, "/guilds/{}", func(s *Server, c *Call, p []string) (int, any, *apiError) {
		return s.guildObjectLocked(c, p[0])
	}},
	{http.MethodGet, "/guilds/{}/members", func(s *Server, c *Call, p []string) (int, any, *apiError) {
		return s.guildMembersLocked(c, p[0])
	}},
	{http.MethodGet, "/guilds/{}/members/{}", func(s *Server, _ *Call, p []string) (int, any, *apiError) {
		return s.guildMemberLocked(p[0], p[1])
	}},
	{http.MethodGet, "/guilds/{}/roles", func(s *Server, _ *Call, p []string) (int, any, *apiError) {
		return 200, rolesJSON(s.rolesLocked(p[0])), nil
	}},
	{"", "/applications/{}/commands", func(s *Server, c *Call, p []string) (int, any, *apiError) {
		return s.commandsLocked(c, p[0], "", "")
	}},
	{"", "/applications/{}/commands/{}", func(s *Server, c *Call, p []string) (int, any, *apiError) {
		return s.commandsLocked(c, p[0], "", p[1])
	}},
	{"", "/applications/{}/guilds/{}/commands", func(s *Server, c *Call, p []string) (int, any, *apiError) {
		return s.commandsLocked(c, p[0], p[1], "")
	}},
	{"", "/applications/{}/emojis", func(s *Server, c *Call, p []string) (int, any, *apiError) {
		return s.appEmojisLocked(c, p[0], "")
	}},
	{"", "/applications/{}/emojis/{}", func(s *Server, c *Call, p []string) (int, any, *apiError) {
		return s.appEmojisLocked(c, p[0], p[1])
	}},
	{"", "/applications/{}/guilds/{}/commands/permissions", notFound}, // not a command's id
	{"", "/applications/{}/guilds/{}/commands/{}", func(s *Server, c *Call, p []string) (int, any, *apiError) {
		return s.commandsLocked(c, p[0], p[1], p[2])
	}},
	{http.MethodGet, "/applications/@me", (*Server).applicationLocked},
	{http.MethodGet, "/users/@me/guilds", (*Server).myGuildsLocked},
}

func pin(s *Server, c *Call, p []string) (int, any, *apiError) { return s.pinLocked(c, p[0], p[1]) }

// notFound is the answer when no route matches: 404 with code 0.
func notFound(_ *Server, c *Call, _ []string) (int, any, *apiError) {
	c.Unexpected = true
	return 0, nil, errNotFoundRoute()
}

// match reports whether the route serves the method and path segments, and
// the parameters it then has.
func (r restRoute) match(method string, seg []string) ([]string, bool) {
	if r.method != "" && r.method != method {
		return nil, false
	}
	pat := strings.Split(strings.TrimPrefix(r.pattern, "/"), "/")
	if len(pat) != len(seg) {
		return nil, false
	}
	var params []string
	for i, p := range pat {
		switch {
		case p == "{}":
			params = append(params, seg[i])
		case p != seg[i]:
			return nil, false
		}
	}
	return params, true
}

// routeLocked dispatches a REST call; s.mu is held. The token routes
// come first; then a path with an empty segment (e.g. GET /channels/ for
// a channel id the bot does not have) is no route, as on Discord, and
// every other route needs the bot's token.
func (s *Server) routeLocked(c *Call) (int, any, *apiError) {
	seg := strings.Split(strings.TrimPrefix(c.Route, "/"), "/")
	for _, r := range tokenRoutes {
		if p, ok := r.match(c.Method, seg); ok {
			return r.serve(s, c, p)
		}
	}
	if slices.Contains(seg, "") {
		return notFound(s, c, nil)
	}
	if !s.authorizedLocked(c) {
		if seg[0] == "interactions" || seg[0] == "webhooks" {
			return notFound(s, c, nil)
		}
		return 0, nil, errUnauthorized()
	}
	for _, r := range botRoutes {
		if p, ok := r.match(c.Method, seg); ok {
			return r.serve(s, c, p)
		}
	}
	return notFound(s, c, nil)
}

// gatewayBotLocked is GET /gateway/bot: the shards and session start
// limit SetBot recommends.
func (s *Server) gatewayBotLocked(*Call, []string) (int, any, *apiError) {
	return 200, map[string]any{
		"url":    s.Gateway().URL(),
		"shards": s.gatewayShards,
		"session_start_limit": map[string]any{
			"total": 1000, "remaining": 999, "reset_after": 14400000, "max_concurrency": s.maxConcurrency,
		},
	}, nil
}

// userLocked is GET /users/{id}, @me the bot with its private fields.
func (s *Server) userLocked(_ *Call, p []string) (int, any, *apiError) {
	id := p[0]
	if id == "@me" {
		id = s.appID
	}
	u, ok := s.users[id]
	if !ok {
		return 0, nil, &apiError{http.StatusNotFound, 10013, "Unknown User", nil}
	}
	out := s.userJSON(u)
	if p[0] == "@me" { // the current user's private fields
		out["mfa_enabled"], out["locale"], out["verified"], out["email"] = false, "en-US", true, nil
	}
	return 200, out, nil
}

// channelMessageLocked is GET, PATCH and DELETE of
// /channels/{channel}/messages/{message}.
func (s *Server) channelMessageLocked(c *Call, p []string) (int, any, *apiError) {
	msg := s.messages[p[1]]
	if msg == nil || msg.ChannelID != p[0] || msg.Deleted {
		return 0, nil, errUnknownMessage()
	}
	switch c.Method {
	case http.MethodGet:
		return 200, s.messageJSONLocked(msg), nil
	case http.MethodPatch:
		if aerr := s.editMessageLocked(msg, c); aerr != nil {
			return 0, nil, aerr
		}
		return 200, s.messageJSONLocked(msg), nil
	case http.MethodDelete:
		msg.Deleted = true
		return http.StatusNoContent, nil, nil
	}
	return notFound(s, c, nil)
}

func (s *Server) createDMLocked(c *Call) (int, any, *apiError) {
	var body struct {
		RecipientID string `json:"recipient_id"`
	}
	if err := json.Unmarshal(c.JSON, &body); err != nil || body.RecipientID == "" {
		return 0, nil, invalidBody("recipient_id", "BASE_TYPE_REQUIRED", "This field is required")
	}
	if _, known := s.users[body.RecipientID]; !known {
		s.users[body.RecipientID] = discordUser{ID: body.RecipientID, Username: "user" + tail(body.RecipientID)}
	}
	ch, ok := s.dmByUser[body.RecipientID]
	if !ok {
		ch = s.NewID()
		s.dmByUser[body.RecipientID] = ch
		s.dmUser[ch] = body.RecipientID
	}
	return 200, s.channelJSONLocked(ch), nil
}

func (s *Server) channelJSONLocked(id string) any {
	if uid, ok := s.dmUser[id]; ok {
		var last any
		if ids := s.chanMsgs[id]; len(ids) > 0 {
			last = ids[len(ids)-1]
		}
		return map[string]any{
			"id": id, "type": discordgo.ChannelTypeDM, "last_message_id": last, "flags": 0,
			"recipients": []any{s.userJSON(s.users[uid])},
		}
	}
	if ch, ok := s.channels[id]; ok {
		return s.channelObject(ch)
	}
	return s.channelObject(&discordgo.Channel{ID: id, Type: discordgo.ChannelTypeGuildText, Name: "channel-" + tail(id)})
}

func (s *Server) channelMessageCreateLocked(c *Call, channelID string) (int, any, *apiError) {
	if uid, ok := s.dmUser[channelID]; ok && s.blockedDMs[uid] {
		return 0, nil, &apiError{http.StatusForbidden, 50007, "Cannot send messages to this user", nil}
	}
	var p msgPayload
	if present(c.JSON) {
		_ = json.Unmarshal(c.JSON, &p) // decode errors are reported by createMessageLocked
	}
	key, aerr := nonceKey(s.botUser.ID, p.Nonce)
	if aerr != nil {
		return 0, nil, aerr
	}
	enforce := key != "" && p.EnforceNonce != nil && *p.EnforceNonce
	if aerr := s.threadPostLocked(channelID); aerr != nil {
		return 0, nil, aerr // an archived thread, or no Send Messages in Threads
	}
	if enforce {
		// A second message with the same nonce from the same author within
		// the window returns the first one, and creates nothing.
		if nr, ok := s.nonces[key]; ok && time.Since(nr.at) < nonceWindow {
			if first := s.messages[nr.id]; first != nil && !first.Deleted {
				return 200, s.messageJSONLocked(first), nil
			}
		}
	}
	msg := &storedMessage{typ: 0}
	msg.ID = s.NewID()
	msg.ChannelID = channelID
	if _, dm := s.dmUser[channelID]; !dm {
		msg.GuildID = s.chanGuild[channelID]
	}
	msg.Time = time.Now()
	if aerr := s.createMessageLocked(msg, c, false); aerr != nil {
		return 0, nil, aerr
	}
	if present(p.Nonce) {
		msg.nonce = append(json.RawMessage(nil), p.Nonce...)
	}
	if enforce {
		s.nonces[key] = nonceRec{id: msg.ID, at: msg.Time}
	}
	s.chanMsgs[channelID] = append(s.chanMsgs[channelID], msg.ID)
	return 200, s.messageJSONLocked(msg), nil
}

func tail(id string) string {
	if len(id) > 4 {
		return id[len(id)-4:]
	}
	return id
}
