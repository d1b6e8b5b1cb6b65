package discordfake

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"net"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/bwmarrin/discordgo"
	"github.com/gorilla/websocket"
)

// discordEpoch is the first second of 2015 in milliseconds, the snowflake epoch.
const discordEpoch = 1420070400000

// DefaultLocale is the locale of interactions whose Member has no Locale,
// and of guilds without Guilds().SetLocale.
const DefaultLocale = "ru"

// DefaultAppPermissions is the app_permissions string of built interactions.
const DefaultAppPermissions = "2248473465835073"

// Server is a fake Discord (REST + gateway) on 127.0.0.1. Create it with
// New (bot/discordtest wraps it for tests); all methods are safe for
// concurrent use.
type Server struct {
	t     Reporter
	check Checker      // Options.Check: nil, or discordtest's OpenAPI validation
	http  *http.Server // serves ln
	ln    net.Listener
	url   string // http://127.0.0.1:port
	addr  string // 127.0.0.1:port
	tr    *http.Transport

	lastID atomic.Int64

	appID    string
	botUser  discordUser
	ownerID  string
	guildID  string // default guild
	chanID   string // default text channel in the default guild
	upgrader websocket.Upgrader

	closeOnce sync.Once
	wg        sync.WaitGroup // gateway connection handlers

	mu                sync.Mutex
	closed            bool
	heartbeatInterval time.Duration
	disallowedIntents discordgo.Intent
	gatewayShards     int                   // GET /gateway/bot's shards (Gateway().SetBot)
	maxConcurrency    int                   // and its max_concurrency
	guildsPerShard    int                   // 0: defaultGuildsPerShard
	heldShards        map[int]chan struct{} // HoldShard
	connSeq           int                   // gateway connections so far
	tokens            map[string]bool       // bot tokens without the "Bot " prefix
	calls             []Call
	faults            []*faultRule
	textProblems      []TextProblem    // textscan.go
	mentionProblems   []MentionProblem // mentions.go
	mentionsExpected  []string
	mentionsIgnored   bool
	skipTexts         bool // SkipTexts: no scan of the bot's texts (benchmarks measuring the bot, not the fake)
	lean              bool // Lean: no request bodies or file contents kept
	ackDeadline       time.Duration
	conns             map[*gwConn]bool
	sessions          map[string]*gwSession
	identifies        []Identify
	readyCount        int
	heartbeatAcks     int
	frames            []Frame
	dials             []string
	closeCodes        []int
	guilds            map[string]*guildInfo
	guildOrder        []string
	channels          map[string]*discordgo.Channel // configured channels
	chanGuild         map[string]string             // channel id -> guild id, learnt from SetChannel and built interactions
	users             map[string]discordUser
	dmByUser          map[string]string // user id -> DM channel id
	dmUser            map[string]string // DM channel id -> user id
	blockedDMs        map[string]bool
	commands          map[string][]*discordgo.ApplicationCommand // "" = global
	commandIDs        map[string]string                          // guild+"/"+name -> id of unregistered commands
	messages          map[string]*storedMessage                  // by id
	chanMsgs          map[string][]string                        // channel id -> ids of messages posted with POST /channels/{id}/messages
	interactions      map[string]*interactionRec                 // by id
	byToken           map[string]*interactionRec
	nonces            map[string]nonceRec            // author+"/"+nonce -> first message
	members           map[string]map[string][]string // guild -> user -> role ids
	attachments       map[string]*attachmentFile     // by id: files of built AttachmentOpt options
	emojis            *emojiStore                    // the application's emojis (emojis.go)
	attachmentGets    int                            // GETs of attachments served (modals.go)
	subscribers       map[chan Change]bool           // Subscribe

	// For gunbai doctor (doctor.go): the application's flags (its
	// privileged intents) and how far the Date header is off.
	appFlags int
	dateSkew atomic.Int64 // nanoseconds
}

// Reporter is where a Server reports what goes wrong (failed dispatches,
// broken texts, messages that could ping; a Checker's findings) and
// registers what must run before it closes. A testing.TB is one
// (discordtest.New passes it); without one, New reports to Options.Logf.
type Reporter interface {
	Errorf(format string, args ...any)
	Logf(format string, args ...any)
	Cleanup(func())
}

// Checker checks every REST call the fake serves: Request before it is
// served (it may set Call.Template), and the function it returns (nil: no
// check) after, with the answer's headers, before the client gets the
// answer; what that returns becomes Call.SpecErrors. discordtest's is the
// validation against Discord's OpenAPI description, which the fake does not
// link.
type Checker interface {
	Request(c *Call) (response func(c *Call, h http.Header) []string)
}

// Options configure a Server made with New.
type Options struct {
	// Addr is the TCP address to listen on (default "127.0.0.1:0", a free
	// port on loopback).
	Addr string
	// Logf receives what a test would see as t.Errorf, when Reporter is nil
	// (nil: discarded).
	Logf func(format string, args ...any)
	// Reporter, if set, is reported to instead of Logf (a testing.TB).
	Reporter Reporter
	// Check, if set, checks every REST call (see Checker).
	Check Checker
	// GuildID and GuildName are the default guild's (defaults: a fresh
	// snowflake, "Test Guild"); a stable id keeps a store of the bot
	// meaningful from one run to the next.
	GuildID, GuildName string
}

// logReporter reports to Options.Logf; its cleanups run at Close, last
// registered first, before the listener closes.
type logReporter struct {
	logf     func(format string, args ...any)
	mu       sync.Mutex
	cleanups []func()
}

func (r *logReporter) Errorf(format string, args ...any) { r.Logf(format, args...) }
func (r *logReporter) Logf(format string, args ...any) {
	if r.logf != nil {
		r.logf(format, args...)
	}
}
func (r *logReporter) Cleanup(f func()) {
	r.mu.Lock()
	r.cleanups = append(r.cleanups, f)
	r.mu.Unlock()
}

func (r *logReporter) runCleanups() {
	r.mu.Lock()
	fs := r.cleanups
	r.cleanups = nil
	r.mu.Unlock()
	for i := len(fs) - 1; i >= 0; i-- {
		fs[i]()
	}
}

type guildInfo struct {
	id     string
	name   string
	locale string
	roles  []*discordgo.Role // nil: only @everyone
	owner  string            // "" : Server.ownerID
}

type discordUser struct {
	ID         string
	Username   string
	GlobalName string
	Bot        bool
}

// New starts a fake Discord (see Options); Close it when done. It listens
// on loopback unless Options.Addr says otherwise.
func New(opts Options) (*Server, error) {
	rep := opts.Reporter
	if rep == nil {
		rep = &logReporter{logf: opts.Logf}
	}
	return newServer(rep, opts)
}

func newServer(rep Reporter, opts Options) (*Server, error) {
	s := &Server{
		t:                 rep,
		check:             opts.Check,
		heartbeatInterval: time.Second,
		gatewayShards:     1,
		maxConcurrency:    1,
		tokens:            map[string]bool{},
		conns:             map[*gwConn]bool{},
		sessions:          map[string]*gwSession{},
		guilds:            map[string]*guildInfo{},
		channels:          map[string]*discordgo.Channel{},
		chanGuild:         map[string]string{},
		users:             map[string]discordUser{},
		dmByUser:          map[string]string{},
		dmUser:            map[string]string{},
		blockedDMs:        map[string]bool{},
		commands:          map[string][]*discordgo.ApplicationCommand{},
		commandIDs:        map[string]string{},
		messages:          map[string]*storedMessage{},
		chanMsgs:          map[string][]string{},
		interactions:      map[string]*interactionRec{},
		byToken:           map[string]*interactionRec{},
		nonces:            map[string]nonceRec{},
		members:           map[string]map[string][]string{},
		attachments:       map[string]*attachmentFile{},
		subscribers:       map[chan Change]bool{},
	}
	s.upgrader = websocket.Upgrader{CheckOrigin: func(*http.Request) bool { return true }}
	s.appID = s.NewID()
	s.botUser = discordUser{ID: s.appID, Username: "gunbai-test", Bot: true}
	s.users[s.appID] = s.botUser
	s.ownerID = s.NewID()
	s.guildID = opts.GuildID
	if s.guildID == "" {
		s.guildID = s.NewID()
	}
	s.chanID = s.NewID()
	name := opts.GuildName
	if name == "" {
		name = "Test Guild"
	}
	s.guilds[s.guildID] = &guildInfo{id: s.guildID, name: name}
	s.guildOrder = append(s.guildOrder, s.guildID)
	s.channels[s.chanID] = &discordgo.Channel{ID: s.chanID, GuildID: s.guildID, Name: "general", Type: discordgo.ChannelTypeGuildText}
	s.chanGuild[s.chanID] = s.guildID

	addr := opts.Addr
	if addr == "" {
		addr = "127.0.0.1:0"
	}
	l, err := net.Listen("tcp", addr)
	if err != nil {
		return nil, fmt.Errorf("listening on %s: %w", addr, err)
	}
	s.ln = l
	s.addr = l.Addr().String()
	s.url = "http://" + s.addr
	s.http = &http.Server{Handler: http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if strings.HasPrefix(r.URL.Path, "/attachments/") {
			s.serveAttachment(w, r) // the CDN, on the same listener
			return
		}
		if strings.HasPrefix(r.URL.Path, "/emojis/") {
			s.serveEmoji(w, r) // the CDN's emojis
			return
		}
		s.serveHTTP(w, r)
	})}
	go func() { _ = s.http.Serve(l) }()
	dialer := &net.Dialer{Timeout: 5 * time.Second}
	s.tr = &http.Transport{
		Proxy: nil,
		DialContext: func(ctx context.Context, network, addr string) (net.Conn, error) {
			if addr != s.addr {
				return nil, fmt.Errorf("discordfake: refusing to dial %s (only the fake at %s)", addr, s.addr)
			}
			return dialer.DialContext(ctx, network, addr)
		},
		// Discord speaks HTTP/2, one connection for every request in flight:
		// over HTTP/1.1 the fake keeps as many idle as a burst opens.
		MaxIdleConnsPerHost: 256,
	}
	return s, nil
}

// Close closes all gateway connections and shuts the server down, then
// reports the broken texts and the messages that could ping. It may be
// called more than once; without Options.Reporter, it first closes the
// sessions Wire registered (with one, the Reporter's Cleanup does).
func (s *Server) Close() {
	s.closeOnce.Do(func() {
		if r, ok := s.t.(*logReporter); ok {
			r.runCleanups()
		}
		s.mu.Lock()
		s.closed = true
		for ch := range s.subscribers {
			close(ch)
		}
		s.subscribers = map[chan Change]bool{}
		conns := make([]*gwConn, 0, len(s.conns))
		for c := range s.conns {
			conns = append(conns, c)
		}
		s.mu.Unlock()
		for _, c := range conns {
			c.close(websocket.CloseGoingAway, "fake discord shutting down")
		}
		s.shutdown()
		s.wg.Wait()
		s.tr.CloseIdleConnections()
		for i, p := range s.Checks().TextProblems() {
			if i == 20 {
				s.t.Errorf("discordfake: %d more broken texts", len(s.Checks().TextProblems())-i)
				break
			}
			s.t.Errorf("discordfake: a broken text: %s", p)
		}
		for i, p := range s.Checks().MentionProblems() {
			if i == 20 {
				s.t.Errorf("discordfake: %d more messages that could ping", len(s.Checks().MentionProblems())-i)
				break
			}
			s.t.Errorf("discordfake: a message that could ping: %s", p)
		}
	})
}

// shutdown stops the listener and waits for the REST calls in progress to
// be answered (as httptest.Server.Close does); a connection still silent
// after a few seconds is closed.
func (s *Server) shutdown() {
	s.http.SetKeepAlivesEnabled(false)
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if s.http.Shutdown(ctx) != nil {
		_ = s.http.Close()
	}
}

// Lean makes the server keep no request or response bodies in its Calls
// and only the first bytes of the files the bot uploads (Size says how
// long each was): for benchmarks that measure the bot's memory, not the
// thousands of pictures and calls the fake would otherwise hold. A file so
// kept cannot be downloaded whole; messages and interactions are kept as
// always.
func (s *Server) Lean() {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.lean = true
}

// URL is the base URL of the fake server, http://127.0.0.1:port.
func (s *Server) URL() string { return s.url }

// URL is the gateway URL announced by GET /api/v9/gateway.
func (gw Gateway) URL() string { return "ws://" + gw.s.addr + "/gateway" }

// AppID is the application id; it is also the bot user's id, as for every
// modern Discord bot.
func (s *Server) AppID() string { return s.appID }

// BotUser is the bot user sent in READY and returned by GET /users/@me.
func (s *Server) BotUser() *discordgo.User {
	return &discordgo.User{ID: s.botUser.ID, Username: s.botUser.Username, Discriminator: "0", Bot: true}
}

// GuildID is the default guild (sent in READY).
func (s *Server) GuildID() string { return s.guildID }

// ChannelID is a default text channel in the default guild.
func (s *Server) ChannelID() string { return s.chanID }

// NewID returns a fresh, realistic, strictly increasing snowflake.
func (s *Server) NewID() string {
	for {
		last := s.lastID.Load()
		id := (time.Now().UnixMilli()-discordEpoch)<<22 | 1<<17 | 1<<12
		if id <= last {
			id = last + 1
		}
		if s.lastID.CompareAndSwap(last, id) {
			return strconv.FormatInt(id, 10)
		}
	}
}

func randomHex(n int) string {
	b := make([]byte, n)
	if _, err := rand.Read(b); err != nil {
		panic(err)
	}
	return hex.EncodeToString(b)
}

// Session returns a discordgo session for the bot token (without "Bot ")
// wired to the fake with Wire.
func (s *Server) Session(token string) (*discordgo.Session, error) {
	sess, err := discordgo.New("Bot " + token)
	if err != nil {
		return nil, err
	}
	s.Wire(sess)
	return sess, nil
}

// Wire points an existing discordgo session (e.g. one created by the bot
// under test) at the fake, before it is opened:
//   - sess.Client is replaced by a client whose transport rewrites
//     https://discord.com/... to the fake and refuses every other host;
//   - sess.Dialer is replaced by a websocket dialer that dials only the fake;
//   - sess.ShouldReconnectOnError is set to false, so a closed fake does
//     not make discordgo retry forever (set it back to test reconnects);
//   - the session's token becomes a valid token of the fake (REST calls
//     and IDENTIFY with other tokens fail with 401 / close code 4004);
//   - sess.Close is registered with the Reporter's Cleanup (a test's
//     t.Cleanup, which runs it before the server's Close; discordgo's
//     Close of an open session takes one second); for a server without a
//     Reporter, Close runs it first.
func (s *Server) Wire(sess *discordgo.Session) {
	s.mu.Lock()
	s.tokens[strings.TrimPrefix(sess.Token, "Bot ")] = true
	s.mu.Unlock()
	timeout := 20 * time.Second
	if sess.Client != nil && sess.Client.Timeout > 0 {
		timeout = sess.Client.Timeout
	}
	sess.Client = &http.Client{Timeout: timeout, Transport: s.Transport()}
	sess.Dialer = &websocket.Dialer{
		HandshakeTimeout: 10 * time.Second,
		NetDialContext:   s.tr.DialContext,
	}
	sess.ShouldReconnectOnError = false
	s.t.Cleanup(func() { _ = sess.Close() })
}

// Transport returns the RoundTripper used by wired sessions: requests for
// https://discord.com/... go to the fake (path and query kept), anything else
// fails without touching the network.
func (s *Server) Transport() http.RoundTripper { return rewriteTransport{s} }

type rewriteTransport struct{ s *Server }

func (rt rewriteTransport) RoundTrip(req *http.Request) (*http.Response, error) {
	host := req.URL.Hostname()
	// Discord's API, and its CDN for the attachments users upload.
	cdn := (host == "cdn.discordapp.com" || host == "media.discordapp.net") && strings.HasPrefix(req.URL.Path, "/attachments/")
	if host != "discord.com" && host != "www.discord.com" && !cdn && req.URL.Host != rt.s.addr {
		if req.Body != nil {
			req.Body.Close()
		}
		return nil, fmt.Errorf("discordfake: refusing to send %s %s: only https://discord.com/ and the attachments on its CDN are served by the fake", req.Method, req.URL)
	}
	r2 := req.Clone(req.Context())
	r2.URL.Scheme = "http"
	r2.URL.Host = rt.s.addr
	r2.Host = rt.s.addr
	return rt.s.tr.RoundTrip(r2)
}

// SetHeartbeatInterval sets the heartbeat_interval sent in HELLO to new
// connections (default 1s; discordgo gives up after 5 intervals without ACK).
func (gw Gateway) SetHeartbeatInterval(d time.Duration) {
	s := gw.s
	if d < time.Millisecond {
		d = time.Millisecond
	}
	s.mu.Lock()
	s.heartbeatInterval = d
	s.mu.Unlock()
}

// SetDisallowedIntents makes IDENTIFY with any of these intents fail with
// close code 4014 (Disallowed intent(s)), like a bot whose privileged intents
// are not enabled in the developer portal. Default: none disallowed.
func (gw Gateway) SetDisallowedIntents(i discordgo.Intent) {
	s := gw.s
	s.mu.Lock()
	s.disallowedIntents = i
	s.mu.Unlock()
}

// Add adds (or renames) a guild the bot is in; guilds are listed in
// READY and get a GUILD_CREATE after it.
func (gd Guilds) Add(id, name string) {
	s := gd.s
	s.mu.Lock()
	defer s.mu.Unlock()
	s.guildLocked(id).name = name
}

func (s *Server) guildLocked(id string) *guildInfo {
	g := s.guilds[id]
	if g == nil {
		g = &guildInfo{id: id, name: "Guild " + id}
		s.guilds[id] = g
		s.guildOrder = append(s.guildOrder, id)
	}
	return g
}

// SetLocale sets the guild_locale of interactions in the guild and its
// preferred_locale (default DefaultLocale).
func (gd Guilds) SetLocale(guild, locale string) {
	s := gd.s
	s.mu.Lock()
	defer s.mu.Unlock()
	s.guildLocked(guild).locale = locale
}

// SetRoles sets the roles of a guild, returned by GET /guilds/{id}/roles, sent
// in GUILD_CREATE and used to resolve RoleOpt options. Call it before Open
// for the roles to be in discordgo's state. A list without the @everyone
// role (id = guild id) gets a default one first (Discord's default
// permissions for a new guild: View Channel, Send Messages, Attach Files,
// ...); see SetEveryonePermissions. Unset guilds have only @everyone.
func (gd Guilds) SetRoles(guild string, roles []*discordgo.Role) {
	s := gd.s
	cp := make([]*discordgo.Role, len(roles))
	for i, r := range roles {
		rr := *r
		cp[i] = &rr
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	s.guildLocked(guild).roles = cp
}

// SetChannel configures the object returned by GET /channels/{id} (and sent
// in GUILD_CREATE if it has a GuildID), rendered as Discord does (its
// PermissionOverwrites with allow/deny as strings). Unknown channels are
// default text channels. See also SetChannelOverwrites.
func (gd Guilds) SetChannel(ch *discordgo.Channel) {
	s := gd.s
	cp := *ch
	cp.PermissionOverwrites = copyOverwrites(ch.PermissionOverwrites)
	s.mu.Lock()
	defer s.mu.Unlock()
	s.channels[ch.ID] = &cp
	if ch.GuildID != "" {
		s.chanGuild[ch.ID] = ch.GuildID
	}
}

// SetUser registers a user returned by GET /users/{id}, used in DM channel
// recipients. Users of built interactions are registered automatically.
func (gd Guilds) SetUser(id, username string) {
	s := gd.s
	s.mu.Lock()
	defer s.mu.Unlock()
	s.users[id] = discordUser{ID: id, Username: username}
}

// BlockDMs makes messages to the user's DM channel fail with 403 code 50007
// "Cannot send messages to this user" (the user closed their DMs).
func (gd Guilds) BlockDMs(userID string) {
	s := gd.s
	s.mu.Lock()
	defer s.mu.Unlock()
	s.blockedDMs[userID] = true
}

// WaitFor polls cond every few milliseconds until it returns true (true) or
// timeout passes (false). Use it to wait for asynchronous bot actions; the
// timeout is a bound on waiting, not an assertion on speed.
func (s *Server) WaitFor(cond func() bool, timeout time.Duration) bool {
	deadline := time.Now().Add(timeout)
	for {
		if cond() {
			return true
		}
		if time.Now().After(deadline) {
			return false
		}
		time.Sleep(5 * time.Millisecond)
	}
}

var errClosed = errors.New("discordfake: server closed")
