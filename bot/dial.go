package bot

import (
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/gunbai/gunbai/game"
)

// InvitePermissions are the bot permissions to ask for in the invite URL
// (OAuth2 URL Generator): View Channel, Send Messages and Attach Files, to
// post the turns' pictures and logs in the clan and GM channels, and Pin
// Messages, to pin each battle's status message (without it the status is
// posted and kept up to date unpinned), and Create Public Threads, Send
// Messages in Threads and Manage Threads, to give each battle its own
// thread in its channels and archive it at the end (without them the
// battle posts to the channels themselves, and the GM is told). Gunbai
// sends no embeds, so Embed Links is not needed; interaction answers need
// no permission at all.
const InvitePermissions = discordgo.PermissionViewChannel | discordgo.PermissionSendMessages | discordgo.PermissionAttachFiles | PermissionPinMessages |
	discordgo.PermissionCreatePublicThreads | discordgo.PermissionSendMessagesInThreads | discordgo.PermissionManageThreads

// Conn says how to reach Discord: it is everything outside this package
// needs to know, so that no other package names a discordgo type.
type Conn struct {
	// Token is the bot token, without the "Bot " prefix.
	Token string
	// ApplicationID is the application the commands belong to. Empty: the
	// bot user's ID (GET /users/@me), which is the application ID of every
	// bot created since 2019. Only RegisterCommands uses it; a running bot
	// learns its application from READY.
	ApplicationID string
	// APIBase is the base URL of Discord's HTTP API, such as
	// "http://127.0.0.1:8080/api/v9" for a self-hosted proxy or a test
	// harness. Empty, or Discord's own (DefaultAPIBase): Discord. Every
	// request discordgo makes under DefaultAPIBase goes under APIBase
	// instead (scheme, host and path prefix replaced; the rest of the path
	// and the query kept); the gateway follows, since discordgo dials the
	// websocket URL that GET /gateway answers. discordgo's package-level
	// Endpoint variables are not touched.
	APIBase string
	// Wire, if set, adjusts the session before it is used; tests point it
	// at a fake Discord with discordfake.Server.Wire. APIBase applies on
	// top of it.
	Wire func(*discordgo.Session)
	// Shards is the total number of gateway shards of the bot (every
	// process's): 0 or 1, unsharded; AutoShards, as many as Discord
	// recommends (GET /gateway/bot).
	Shards int
	// ShardIDs are the shards this process runs; empty: all of them.
	ShardIDs []int
}

// DefaultAPIBase is the base URL of Discord's HTTP API that discordgo
// speaks to, without the trailing slash: https://discord.com/api/v9.
func DefaultAPIBase() string { return strings.TrimSuffix(discordgo.EndpointAPI, "/") }

// restTransport carries the REST calls of every shard. Go's default keeps
// two idle connections a host: over HTTP/2 (Discord's) one connection
// carries every call anyway, but over HTTP/1.1 (an API base such as the
// fake's, a proxy) a burst of two hundred acknowledgements would dial two
// hundred connections and close all but two of them after, each burst
// again. So the acknowledgements and the other answers to interactions
// (POST .../callback) have connections of their own, a few kept open: a
// burst reuses them rather than dialling, and never waits behind a
// picture being uploaded; the other calls keep as many idle as a storm's
// uploads open.
var restTransport = newRestTransport()

func newRestTransport() http.RoundTripper {
	return splitTransport{answers: transport(answerConns, answerConns), rest: transport(256, 0)}
}

// answerConns is how many connections carry the interactions' answers: an
// acknowledgement takes a fraction of a millisecond on one, and more only
// multiply the goroutines and sockets a burst wakes on both ends.
const answerConns = 8

func transport(idle, most int) *http.Transport {
	t := http.DefaultTransport.(*http.Transport).Clone()
	t.MaxIdleConnsPerHost, t.MaxConnsPerHost = idle, most
	return t
}

// splitTransport sends the answers to interactions over its own
// connections (see restTransport).
type splitTransport struct{ answers, rest http.RoundTripper }

func (t splitTransport) RoundTrip(req *http.Request) (*http.Response, error) {
	if req.Method == http.MethodPost && strings.HasSuffix(req.URL.Path, "/callback") && strings.Contains(req.URL.Path, "/interactions/") {
		return t.answers.RoundTrip(req)
	}
	return t.rest.RoundTrip(req)
}

// session builds the discordgo session of c; nothing is sent yet.
func (c Conn) session() (*discordgo.Session, error) {
	token := strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(c.Token), "Bot "))
	if token == "" {
		return nil, errors.New("no Discord bot token")
	}
	s, err := discordgo.New("Bot " + token)
	if err != nil {
		return nil, err
	}
	s.Client.Transport = restTransport
	if c.Wire != nil {
		c.Wire(s)
	}
	if err := c.routeAPI(s); err != nil {
		return nil, err
	}
	return s, nil
}

// routeAPI points the session's HTTP client at c.APIBase.
func (c Conn) routeAPI(s *discordgo.Session) error {
	base := strings.TrimRight(strings.TrimSpace(c.APIBase), "/")
	if base == "" || base == DefaultAPIBase() {
		return nil
	}
	to, err := url.Parse(base)
	if err != nil || (to.Scheme != "http" && to.Scheme != "https") || to.Host == "" || to.RawQuery != "" || to.User != nil {
		return fmt.Errorf("API base %q: want an http or https URL without a query, such as %q", c.APIBase, DefaultAPIBase())
	}
	from, err := url.Parse(DefaultAPIBase())
	if err != nil {
		return err
	}
	client := &http.Client{Timeout: 20 * time.Second}
	if s.Client != nil {
		copied := *s.Client
		client = &copied
	}
	next := client.Transport
	if next == nil {
		next = http.DefaultTransport
	}
	client.Transport = &apiBaseTransport{from: from, to: to, next: next}
	s.Client = client
	return nil
}

// apiBaseTransport sends the requests for the API under from (Discord's)
// to the same paths under to; other requests (the CDN) go unchanged.
type apiBaseTransport struct {
	from, to *url.URL
	next     http.RoundTripper
}

func (t *apiBaseTransport) RoundTrip(req *http.Request) (*http.Response, error) {
	rest, ok := t.under(req.URL)
	if !ok {
		return t.next.RoundTrip(req)
	}
	r := req.Clone(req.Context())
	r.URL.Scheme = t.to.Scheme
	r.URL.Host = t.to.Host
	r.URL.Path = t.to.Path + rest
	r.URL.RawPath = ""
	if t.to.RawPath != "" || req.URL.RawPath != "" {
		r.URL.RawPath = t.to.EscapedPath() + strings.TrimPrefix(req.URL.EscapedPath(), t.from.EscapedPath())
	}
	r.Host = t.to.Host
	resp, err := t.next.RoundTrip(r)
	if err != nil {
		return nil, &rebasedError{url: r.URL.Redacted(), err: err}
	}
	return resp, nil
}

// rebasedError is a request's failure under the configured API base. The
// http.Client that returns it names the URL discordgo asked for, always
// Discord's (https://discord.com/...); atBase names the one that failed.
type rebasedError struct {
	url string
	err error
}

func (e *rebasedError) Error() string { return e.err.Error() }
func (e *rebasedError) Unwrap() error { return e.err }

// atBase makes a failed request's error name the address it was sent to,
// under the configured api_base, rather than Discord's: an unreachable
// api_base is reported as itself.
func atBase(err error) error {
	var ue *url.Error
	var re *rebasedError
	if errors.As(err, &ue) && errors.As(ue.Err, &re) {
		ue.URL, ue.Err = re.url, re.err
	}
	return err
}

// under reports whether u is under the base from, and the rest of its path
// ("" or "/...").
func (t *apiBaseTransport) under(u *url.URL) (string, bool) {
	if !strings.EqualFold(u.Scheme, t.from.Scheme) || !strings.EqualFold(u.Host, t.from.Host) {
		return "", false
	}
	rest, ok := strings.CutPrefix(u.Path, t.from.Path)
	if !ok || (rest != "" && rest[0] != '/') {
		return "", false
	}
	return rest, true
}

// Dial builds a session for c and a bot on it (New); with c.Shards, a
// session per shard of c.ShardIDs (AutoShards asks GET /gateway/bot now),
// and the bot handles only the guilds of its shards: svc.Owns is set to
// them if it is nil. Nothing else is sent until the bot's Start; Close
// disconnects and waits for the handlers in flight.
func Dial(c Conn, svc *game.Service, opt Options) (*Bot, error) {
	sessions, layout, concurrency, err := dialShards(c)
	if err != nil {
		return nil, err
	}
	return newBot(sessions, layout, concurrency, svc, opt), nil
}

// Registration is what RegisterCommands did in one guild, or globally.
type Registration struct {
	ApplicationID string
	// Guild is the guild; "" for the global commands (DMCommands).
	Guild string
	// Commands are the names of the commands Discord now has in the guild.
	Commands []string
}

// RegisterCommands overwrites the commands of each guild with
// GuildCommands() and the global ones with DMCommands()
// (ApplicationCommandBulkOverwrite), as a running bot does when it
// connects, over REST only: no gateway connection is opened. It goes on
// after a guild fails and returns every failure, joined; the global
// registration is the last Registration.
func RegisterCommands(c Conn, guilds []string) ([]Registration, error) {
	if len(guilds) == 0 {
		return nil, errors.New("no guilds to register the commands in")
	}
	s, err := c.session()
	if err != nil {
		return nil, err
	}
	app := strings.TrimSpace(c.ApplicationID)
	if app == "" {
		u, err := s.User("@me")
		if err != nil {
			return nil, fmt.Errorf("finding the application ID (GET /users/@me): %w", atBase(err))
		}
		app = u.ID
	}
	var out []Registration
	var errs []error
	for _, g := range guilds {
		got, err := s.ApplicationCommandBulkOverwrite(app, g, GuildCommands())
		if err != nil {
			errs = append(errs, fmt.Errorf("registering the commands of application %s in guild %s: %w", app, g, atBase(err)))
			continue
		}
		r := Registration{ApplicationID: app, Guild: g}
		for _, cmd := range got {
			r.Commands = append(r.Commands, cmd.Name)
		}
		out = append(out, r)
	}
	// The DM's commands are global (DMCommands): once, with Guild "".
	if got, err := s.ApplicationCommandBulkOverwrite(app, "", DMCommands()); err != nil {
		errs = append(errs, fmt.Errorf("registering the global commands of application %s (the DM with the bot): %w", app, atBase(err)))
	} else {
		r := Registration{ApplicationID: app}
		for _, cmd := range got {
			r.Commands = append(r.Commands, cmd.Name)
		}
		out = append(out, r)
	}
	return out, errors.Join(errs...)
}
