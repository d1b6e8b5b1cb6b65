package discordfake

// A Server's methods are grouped by concern, each group a small handle on
// the same server (and the same lock), reached from it: srv.Guilds()
// configures what the fake serves, srv.Messages() and srv.Interactions()
// show what the bot said and let users act, srv.Gateway() drives and shows
// the websocket side, srv.Faults() injects errors, srv.Checks() holds what
// the scans of the bot's texts found. The Server itself keeps its life
// (New, Close, Wire, Session, WaitFor, Subscribe), its identity (AppID,
// GuildID, ChannelID, URL) and the record of REST calls.

// Guilds configures the guilds, channels, roles, members and users the
// fake serves (over REST and in GUILD_CREATE and its updates).
type Guilds struct{ s *Server }

// Messages shows the messages the bot posted: in channels, in DMs, pinned,
// and as one user sees a channel.
type Messages struct{ s *Server }

// Interactions builds and dispatches interactions (a user acts), and shows
// the bot's answers to them and the commands it registered.
type Interactions struct{ s *Server }

// Gateway drives the gateway (dispatches, reconnects, dropped or held
// shards, its settings) and shows what went over it.
type Gateway struct{ s *Server }

// Faults makes REST calls and interaction callbacks fail as Discord's do.
type Faults struct{ s *Server }

// Checks holds what the scans of the bot's texts (textscan.go) and
// mentions (mentions.go) found, and their settings.
type Checks struct{ s *Server }

// Guilds configures the guilds, channels and users.
func (s *Server) Guilds() Guilds { return Guilds{s} }

// Messages shows the messages the bot posted.
func (s *Server) Messages() Messages { return Messages{s} }

// Interactions dispatches interactions and shows the answers.
func (s *Server) Interactions() Interactions { return Interactions{s} }

// Gateway drives and shows the gateway.
func (s *Server) Gateway() Gateway { return Gateway{s} }

// Faults injects errors.
func (s *Server) Faults() Faults { return Faults{s} }

// Checks holds the scans' findings.
func (s *Server) Checks() Checks { return Checks{s} }

// SkipTexts turns the scan of the bot's texts off (mentions are still
// checked): for benchmarks that measure the bot, not the fake.
func (ck Checks) SkipTexts() {
	ck.s.mu.Lock()
	defer ck.s.mu.Unlock()
	ck.s.skipTexts = true
}
