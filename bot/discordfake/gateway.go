package discordfake

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/bwmarrin/discordgo"
	"github.com/gorilla/websocket"
)

// Gateway opcodes.
const (
	opDispatch       = 0
	opHeartbeat      = 1
	opIdentify       = 2
	opPresenceUpdate = 3
	opVoiceState     = 4
	opResume         = 6
	opReconnect      = 7
	opRequestMembers = 8
	opInvalidSession = 9
	opHello          = 10
	opHeartbeatAck   = 11
)

// gwConn is one gateway websocket connection.
type gwConn struct {
	s       *Server
	ws      *websocket.Conn
	version string
	n       int // numbers the server's connections from 1

	wmu sync.Mutex // serialises writes (gorilla allows one concurrent writer)

	// guarded by s.mu
	sess  *gwSession
	ready bool
}

// gwSession is a gateway session (what RESUME resumes).
type gwSession struct {
	id      string
	token   string
	intents discordgo.Intent
	shard   [2]int // [shard_id, num_shards]; [0, 1] unsharded
	seq     atomic.Int64

	// guarded by s.mu
	conn *gwConn
	// history holds the session's dispatches (the last maxHistory), which
	// a RESUME replays after the client's seq.
	history []gwFrame
	// buffering: the connection dropped and the session awaits a RESUME;
	// dispatches go to history only, and are replayed.
	buffering bool
	// invalid: the client closed with 1000/1001, or INVALID_SESSION (not
	// resumable) was sent; a RESUME gets INVALID_SESSION false.
	invalid bool
	resumes int
}

// maxHistory bounds a session's replay buffer.
const maxHistory = 1000

func (sess *gwSession) recordLocked(f gwFrame) {
	sess.history = append(sess.history, f)
	if len(sess.history) > maxHistory {
		sess.history = append([]gwFrame(nil), sess.history[len(sess.history)-maxHistory:]...)
	}
}

type gwFrame struct {
	Op int             `json:"op"`
	D  json.RawMessage `json:"d"`
	S  *int64          `json:"s"`
	T  *string         `json:"t"`
}

func (s *Server) serveGateway(w http.ResponseWriter, r *http.Request) {
	s.mu.Lock()
	if s.closed {
		s.mu.Unlock()
		http.Error(w, "closed", http.StatusServiceUnavailable)
		return
	}
	s.wg.Add(1)
	interval := s.heartbeatInterval
	s.dials = append(s.dials, r.URL.RequestURI())
	s.mu.Unlock()
	defer s.wg.Done()

	ws, err := s.upgrader.Upgrade(w, r, nil)
	if err != nil {
		return // the upgrader answered with an HTTP error
	}
	c := &gwConn{s: s, ws: ws, version: r.URL.Query().Get("v")}
	if c.version == "" {
		c.version = discordgo.APIVersion
	}
	s.mu.Lock()
	if s.closed {
		s.mu.Unlock()
		ws.Close()
		return
	}
	s.connSeq++
	c.n = s.connSeq
	s.conns[c] = true
	s.mu.Unlock()
	defer func() {
		s.mu.Lock()
		delete(s.conns, c)
		c.ready = false
		if c.sess != nil && c.sess.conn == c {
			// A connection lost without a 1000/1001 close: the session
			// stays resumable and keeps its dispatches for the RESUME.
			c.sess.conn = nil
			c.sess.buffering = !c.sess.invalid
		}
		s.mu.Unlock()
		ws.Close()
	}()
	ws.SetCloseHandler(func(code int, text string) error {
		s.mu.Lock()
		s.closeCodes = append(s.closeCodes, code)
		if sess := c.sess; sess != nil && (code == websocket.CloseNormalClosure || code == websocket.CloseGoingAway) {
			// Discord: closing with 1000 or 1001 invalidates the session
			// (the bot appears offline); other codes keep it resumable.
			sess.invalid = true
			sess.buffering = false
			delete(s.sessions, sess.id)
		}
		s.mu.Unlock()
		// Echo the close frame, as gorilla's default handler does.
		_ = ws.WriteControl(websocket.CloseMessage, websocket.FormatCloseMessage(code, ""), time.Now().Add(time.Second))
		return nil
	})

	hello, _ := json.Marshal(map[string]any{"heartbeat_interval": interval.Milliseconds()})
	if err := c.write(gwFrame{Op: opHello, D: hello}); err != nil {
		return
	}
	for {
		_, msg, err := ws.ReadMessage()
		if err != nil {
			return
		}
		if !c.handle(msg) {
			return
		}
	}
}

// write sends a frame and records it.
func (c *gwConn) write(f gwFrame) error {
	c.wmu.Lock()
	defer c.wmu.Unlock()
	return c.writeLocked(f)
}

func (c *gwConn) writeLocked(f gwFrame) error {
	b, err := json.Marshal(f)
	if err != nil {
		return err
	}
	fr := Frame{Sent: true, Op: f.Op, Data: append(json.RawMessage(nil), f.D...), Time: time.Now()}
	if f.S != nil {
		fr.Seq = *f.S
	}
	if f.T != nil {
		fr.Type = *f.T
	}
	c.s.mu.Lock()
	c.s.frames = append(c.s.frames, fr)
	c.s.mu.Unlock()
	_ = c.ws.SetWriteDeadline(time.Now().Add(5 * time.Second))
	return c.ws.WriteMessage(websocket.TextMessage, b)
}

// dispatchLocked sends an op 0 dispatch with the session's next sequence
// number; c.wmu must be held.
func (c *gwConn) dispatchLocked(sess *gwSession, event string, d json.RawMessage) error {
	seq := sess.seq.Add(1)
	f := gwFrame{Op: opDispatch, D: d, S: &seq, T: &event}
	c.s.mu.Lock()
	sess.recordLocked(f)
	c.s.mu.Unlock()
	return c.writeLocked(f)
}

func (c *gwConn) dispatch(sess *gwSession, event string, d json.RawMessage) error {
	c.wmu.Lock()
	defer c.wmu.Unlock()
	return c.dispatchLocked(sess, event, d)
}

// close sends a close frame with the code and closes the connection.
func (c *gwConn) close(code int, text string) {
	_ = c.ws.WriteControl(websocket.CloseMessage, websocket.FormatCloseMessage(code, text), time.Now().Add(time.Second))
	_ = c.ws.Close()
}

// handle processes one received frame; false closes the connection.
func (c *gwConn) handle(msg []byte) bool {
	s := c.s
	var f gwFrame
	if err := json.Unmarshal(msg, &f); err != nil {
		c.close(4002, "Error while decoding payload.")
		return false
	}
	fr := Frame{Op: f.Op, Data: append(json.RawMessage(nil), f.D...), Time: time.Now()}
	s.mu.Lock()
	s.frames = append(s.frames, fr)
	sess := c.sess
	s.mu.Unlock()

	switch f.Op {
	case opHeartbeat:
		if err := c.write(gwFrame{Op: opHeartbeatAck}); err != nil {
			return false
		}
		s.mu.Lock()
		s.heartbeatAcks++
		s.mu.Unlock()
		return true
	case opIdentify:
		if sess != nil {
			c.close(4005, "Already authenticated.")
			return false
		}
		return c.identify(f.D)
	case opResume:
		if sess != nil {
			c.close(4005, "Already authenticated.")
			return false
		}
		return c.resume(f.D)
	case opPresenceUpdate, opVoiceState, opRequestMembers:
		if sess == nil {
			c.close(4003, "Not authenticated.")
			return false
		}
		return true // recorded in Frames, otherwise ignored
	default:
		c.close(4001, "Unknown opcode.")
		return false
	}
}

func (c *gwConn) identify(d json.RawMessage) bool {
	s := c.s
	// Not discordgo.Identify: discordgo marshals presence.game.created_at as
	// a time string but unmarshals it as an int64, so it cannot decode its
	// own IDENTIFY.
	var id Identify
	if err := json.Unmarshal(d, &id); err != nil {
		c.close(4002, "Error while decoding payload.")
		return false
	}
	token := strings.TrimPrefix(id.Token, "Bot ")
	shard := [2]int{0, 1}
	if id.Shard != nil {
		shard = *id.Shard
	}
	s.waitHeld(shard[0])
	s.mu.Lock()
	s.identifies = append(s.identifies, id)
	valid := s.tokens[token]
	disallowed := id.Intents&s.disallowedIntents != 0
	guilds := shardGuilds(append([]string(nil), s.guildOrder...), shard)
	code, text := s.shardCheckLocked(shard)
	s.mu.Unlock()
	if !valid {
		c.close(4004, "Authentication failed.")
		return false
	}
	if disallowed {
		c.close(4014, "Disallowed intent(s).")
		return false
	}
	if code != 0 {
		c.close(code, text)
		return false
	}

	sess := &gwSession{id: randomHex(16), token: token, intents: id.Intents, shard: shard}
	ready, err := json.Marshal(s.readyPayload(c.version, sess.id, guilds, id.Shard))
	if err != nil {
		panic(err)
	}
	c.wmu.Lock()
	err = c.dispatchLocked(sess, "READY", ready)
	c.wmu.Unlock()
	if err != nil {
		return false
	}
	s.mu.Lock()
	c.sess = sess
	sess.conn = c
	c.ready = true
	s.sessions[sess.id] = sess
	s.readyCount++
	var creates []json.RawMessage
	if id.Intents&discordgo.IntentsGuilds != 0 {
		for _, g := range guilds {
			b, err := json.Marshal(s.guildCreateLocked(g))
			if err != nil {
				panic(err)
			}
			creates = append(creates, b)
		}
	}
	s.mu.Unlock()
	for _, b := range creates {
		if err := c.dispatch(sess, "GUILD_CREATE", b); err != nil {
			return false
		}
	}
	return true
}

func (c *gwConn) resume(d json.RawMessage) bool {
	s := c.s
	var r struct {
		Token     string `json:"token"`
		SessionID string `json:"session_id"`
		Seq       int64  `json:"seq"`
	}
	if err := json.Unmarshal(d, &r); err != nil {
		c.close(4002, "Error while decoding payload.")
		return false
	}
	s.mu.Lock()
	sess := s.sessions[r.SessionID]
	s.mu.Unlock()
	if sess != nil {
		s.waitHeld(sess.shard[0])
	}
	s.mu.Lock()
	if sess == nil || sess.invalid || sess.token != strings.TrimPrefix(r.Token, "Bot ") {
		s.mu.Unlock()
		// Invalid session, not resumable: the client must IDENTIFY again.
		return c.write(gwFrame{Op: opInvalidSession, D: json.RawMessage("false")}) == nil
	}
	old := sess.conn
	if old != nil {
		old.ready = false
	}
	sess.resumes++
	sess.conn = c
	sess.buffering = true // until the missed dispatches are replayed
	c.sess = sess
	s.mu.Unlock()
	if old != nil && old != c {
		old.close(websocket.CloseNormalClosure, "resumed elsewhere")
	}
	// Replay the dispatches after the client's seq, then RESUMED, as
	// Discord does. Dispatches made meanwhile are buffered into history
	// until the last batch is written.
	c.wmu.Lock()
	defer c.wmu.Unlock()
	last := r.Seq
	for {
		s.mu.Lock()
		var pending []gwFrame
		for _, f := range sess.history {
			if *f.S > last {
				pending = append(pending, f)
			}
		}
		if len(pending) == 0 {
			sess.buffering = false
			c.ready = sess.conn == c
			s.mu.Unlock()
			break
		}
		s.mu.Unlock()
		for _, f := range pending {
			if err := c.writeLocked(f); err != nil {
				return false
			}
			last = *f.S
		}
	}
	return c.dispatchLocked(sess, "RESUMED", json.RawMessage(`{"_trace":["[\"discordtest-gateway\",{\"micros\":1}]"]}`)) == nil
}

// readyConns returns the connections that can receive dispatches.
func (s *Server) readyConns() []*gwConn {
	s.mu.Lock()
	defer s.mu.Unlock()
	var out []*gwConn
	for c := range s.conns {
		if c.ready && c.sess != nil && c.sess.conn == c {
			out = append(out, c)
		}
	}
	return out
}

// Dispatch sends an op 0 dispatch with the event name (e.g.
// "INTERACTION_CREATE") and payload (the "d" object, sent as is) to every
// ready gateway connection, waiting up to 10s for one to be ready.
// INTERACTION_CREATE payloads are registered as interactions (by their id and
// token), so the bot can respond to them. A failure is reported with
// the Reporter and returned.
func (gw Gateway) Dispatch(event string, payload []byte) error {
	s := gw.s
	err := s.dispatchRaw(event, payload)
	if err != nil {
		s.t.Errorf("discordfake: dispatch %s: %v", event, err)
	}
	return err
}

func (s *Server) dispatchRaw(event string, payload []byte) error {
	if !json.Valid(payload) {
		return fmt.Errorf("payload is not valid JSON")
	}
	guild := guildOf(payload)
	var targets []*gwSession
	s.WaitFor(func() bool {
		targets = s.dispatchTargets(guild)
		return len(targets) > 0
	}, 10*time.Second)
	if len(targets) == 0 {
		s.mu.Lock()
		closed := s.closed
		s.mu.Unlock()
		if closed {
			return errClosed
		}
		return fmt.Errorf("no gateway session is ready (did the bot Open its session?)")
	}
	if event == "INTERACTION_CREATE" {
		if err := s.registerInteraction(payload, targets); err != nil {
			return err
		}
	}
	for _, sess := range targets {
		s.deliver(sess, event, json.RawMessage(payload))
	}
	return nil
}

// dispatchTargets returns the sessions that receive the dispatches of a
// guild ("": a DM): those of its shard with a ready connection, and those
// awaiting a RESUME (buffering).
func (s *Server) dispatchTargets(guild string) []*gwSession {
	s.mu.Lock()
	defer s.mu.Unlock()
	var out []*gwSession
	for _, id := range sortedKeys(s.sessions) {
		sess := s.sessions[id]
		if sess.invalid || !sess.receives(guild) {
			continue
		}
		if sess.buffering || sess.conn != nil && sess.conn.ready && sess.conn.sess == sess {
			out = append(out, sess)
		}
	}
	return out
}

// deliver sends a dispatch to a session: on its connection, or into its
// history while it awaits a RESUME. A write that fails because the
// connection just dropped is not an error: the dispatch is in the history
// and is replayed when the client resumes.
func (s *Server) deliver(sess *gwSession, event string, d json.RawMessage) {
	s.mu.Lock()
	if sess.invalid {
		s.mu.Unlock()
		return
	}
	if sess.buffering || sess.conn == nil {
		seq := sess.seq.Add(1)
		sess.recordLocked(gwFrame{Op: opDispatch, D: d, S: &seq, T: &event})
		s.mu.Unlock()
		return
	}
	c := sess.conn
	s.mu.Unlock()
	_ = c.dispatch(sess, event, d)
}

// Disconnect closes every gateway connection with the close code (e.g.
// 1001, or 4000 for "Unknown error"), as Discord does when it drops a bot.
// The gateway sessions stay resumable: dispatches until the client resumes
// are kept and replayed after its RESUME.
func (gw Gateway) Disconnect(code int, reason string) {
	s := gw.s
	for _, c := range s.detachAll() {
		c.close(code, reason)
	}
}

// DropConnection drops every gateway connection without a close frame, as
// a network failure does. The sessions stay resumable: discordgo (with
// ShouldReconnectOnError) reconnects and sends RESUME with its session id
// and seq; the fake replays the dispatches the client missed (those made
// while it was away included), then sends RESUMED.
func (gw Gateway) DropConnection() {
	s := gw.s
	for _, c := range s.detachAll() {
		_ = c.ws.UnderlyingConn().Close()
	}
}

// detachAll marks every connection not ready and its session awaiting a
// RESUME, and returns the connections.
func (s *Server) detachAll() []*gwConn {
	s.mu.Lock()
	defer s.mu.Unlock()
	var conns []*gwConn
	for c := range s.conns {
		conns = append(conns, c)
		c.ready = false
		if sess := c.sess; sess != nil && sess.conn == c {
			sess.conn = nil
			sess.buffering = !sess.invalid
		}
	}
	return conns
}

// Reconnect sends op 7 RECONNECT to every connection, as Discord does
// before it moves a bot to another gateway server. discordgo closes with
// 1012 and, if ShouldReconnectOnError is set, reconnects and resumes;
// dispatches it missed are replayed. Send it after the first
// HEARTBEAT_ACK (HeartbeatAcks): discordgo v0.29 races when op 7 arrives
// before its heartbeat goroutine has sent its first heartbeat (that
// goroutine then also closes, with 1000, and reconnects, over and over).
func (gw Gateway) Reconnect() {
	s := gw.s
	for _, c := range s.allConns() {
		_ = c.write(gwFrame{Op: opReconnect, D: json.RawMessage("null")})
	}
}

// InvalidSession sends op 9 INVALID_SESSION to every identified connection
// and detaches its session, as Discord does when a session cannot go on.
// With resumable, the session can still be resumed by a later RESUME (d:
// true); without, it is gone (d: false) and only IDENTIFY helps. The
// connection stays open and accepts a new IDENTIFY. (discordgo v0.29
// ignores d: it always answers with IDENTIFY on the same connection.)
func (gw Gateway) InvalidSession(resumable bool) {
	s := gw.s
	d := json.RawMessage("false")
	if resumable {
		d = json.RawMessage("true")
	}
	s.mu.Lock()
	var conns []*gwConn
	for c := range s.conns {
		sess := c.sess
		if sess == nil {
			continue
		}
		conns = append(conns, c)
		c.sess = nil
		c.ready = false
		if sess.conn == c {
			sess.conn = nil
		}
		sess.buffering = false
		if !resumable {
			sess.invalid = true
			delete(s.sessions, sess.id)
		}
	}
	s.mu.Unlock()
	for _, c := range conns {
		_ = c.write(gwFrame{Op: opInvalidSession, D: d})
	}
}

func (s *Server) allConns() []*gwConn {
	s.mu.Lock()
	defer s.mu.Unlock()
	var conns []*gwConn
	for c := range s.conns {
		conns = append(conns, c)
	}
	return conns
}

func (s *Server) readyPayload(version, sessionID string, guilds []string, shard *[2]int) map[string]any {
	v, err := strconv.Atoi(version)
	if err != nil {
		v = 9
	}
	gs := make([]map[string]any, 0, len(guilds))
	for _, g := range guilds {
		gs = append(gs, map[string]any{"id": g, "unavailable": true})
	}
	user := s.userJSON(s.botUser)
	user["verified"] = true
	user["mfa_enabled"] = false
	user["email"] = nil
	user["flags"] = 0
	p := map[string]any{
		"v":                       v,
		"user":                    user,
		"guilds":                  gs,
		"session_id":              sessionID,
		"session_type":            "normal",
		"resume_gateway_url":      s.Gateway().URL(),
		"application":             map[string]any{"id": s.appID, "flags": 8953856},
		"private_channels":        []any{},
		"presences":               []any{},
		"relationships":           []any{},
		"guild_join_requests":     []any{},
		"user_settings":           map[string]any{},
		"auth":                    map[string]any{},
		"geo_ordered_rtc_regions": []string{"russia", "finland", "rotterdam", "stockholm", "frankfurt"},
		"_trace":                  []string{`["discordtest-gateway",{"micros":1}]`},
	}
	if shard != nil {
		p["shard"] = shard
	}
	return p
}

func (s *Server) guildCreateLocked(id string) map[string]any {
	g := s.guilds[id]
	var chans []any
	for _, cid := range sortedKeys(s.channels) {
		ch := s.channels[cid]
		if ch.GuildID == id && !isThread(ch.Type) {
			chans = append(chans, s.channelObject(ch))
		}
	}
	if chans == nil {
		chans = []any{}
	}
	threads := []any{} // the active ones, as Discord sends them
	for _, th := range s.threadsLocked(func(th *discordgo.Channel) bool { return th.GuildID == id && !th.ThreadMetadata.Archived }) {
		threads = append(threads, s.channelObject(th))
	}
	botRoles := s.members[id][s.appID]
	if botRoles == nil {
		botRoles = []string{}
	}
	botMember := map[string]any{
		"user":      s.userJSON(s.botUser),
		"roles":     botRoles,
		"joined_at": timestamp(time.Now().Add(-24 * time.Hour)),
		"deaf":      false, "mute": false, "pending": false, "flags": 0,
		"nick": nil, "avatar": nil, "premium_since": nil, "communication_disabled_until": nil,
	}
	return map[string]any{
		"id": id, "name": g.name, "icon": nil, "splash": nil, "discovery_splash": nil, "banner": nil, "description": nil,
		"owner_id": s.guildOwnerLocked(id), "afk_channel_id": nil, "afk_timeout": 300, "widget_enabled": false,
		"verification_level": 1, "default_message_notifications": 1, "explicit_content_filter": 0,
		"roles": rolesJSON(s.rolesLocked(id)), "emojis": []any{}, "stickers": []any{}, "features": []any{},
		"mfa_level": 0, "application_id": nil, "system_channel_id": nil, "system_channel_flags": 0,
		"rules_channel_id": nil, "public_updates_channel_id": nil, "vanity_url_code": nil,
		"premium_tier": 0, "premium_subscription_count": 0, "premium_progress_bar_enabled": false,
		"preferred_locale": g.localeOr(), "nsfw_level": 0, "max_video_channel_users": 25,
		"joined_at": timestamp(time.Now().Add(-24 * time.Hour)), "large": false, "unavailable": false,
		"member_count": 2, "members": []any{botMember}, "channels": chans, "threads": threads,
		"presences": []any{}, "voice_states": []any{}, "stage_instances": []any{}, "guild_scheduled_events": []any{},
	}
}

func (g *guildInfo) localeOr() string {
	if g == nil || g.locale == "" {
		return DefaultLocale
	}
	return g.locale
}

// rolesLocked returns the guild's roles: the configured ones, with a
// default @everyone role (id = guild id) first if they have none, since
// every Discord guild has one.
func (s *Server) rolesLocked(guild string) []*discordgo.Role {
	g := s.guilds[guild]
	var roles []*discordgo.Role
	if g != nil {
		roles = g.roles
	}
	for _, r := range roles {
		if r.ID == guild {
			return roles
		}
	}
	everyone := &discordgo.Role{ID: guild, Name: "@everyone", Permissions: defaultEveryonePerms}
	return append([]*discordgo.Role{everyone}, roles...)
}
