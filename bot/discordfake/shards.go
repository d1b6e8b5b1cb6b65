package discordfake

import (
	"encoding/json"
	"strconv"
	"time"
)

// Gateway sharding, as Discord does it: a bot identifies each shard with
// "shard": [shard_id, num_shards], and a guild belongs to the shard
// (guild_id >> 22) % num_shards (ShardOf). READY lists, and GUILD_CREATE
// follows for, only the shard's guilds; dispatches of a guild (its
// interactions, its CHANNEL_UPDATE and role updates) go out on its shard's
// session only, and DMs on shard 0's. An IDENTIFY whose shard count
// disagrees with the live sharded sessions' is closed with 4010 (Invalid
// shard), and one that would hold more guilds than a shard may (2,500 by
// default, SetGuildsPerShard) with 4011 (Sharding required). GET
// /gateway/bot recommends SetBot's shard count and
// max_concurrency.

// defaultGuildsPerShard is how many guilds Discord lets one shard hold.
const defaultGuildsPerShard = 2500

// ShardOf is the shard of a guild among count shards: (guild_id >> 22) %
// count, Discord's formula; 0 for a count under 2 or an ID that is not a
// snowflake.
func ShardOf(guild string, count int) int {
	if count < 2 {
		return 0
	}
	id, err := strconv.ParseUint(guild, 10, 64)
	if err != nil {
		return 0
	}
	return int((id >> 22) % uint64(count))
}

// SetBot sets what GET /gateway/bot recommends: the shard count and
// session_start_limit.max_concurrency (defaults 1 and 1; values under 1
// are 1).
func (gw Gateway) SetBot(shards, maxConcurrency int) {
	s := gw.s
	s.mu.Lock()
	defer s.mu.Unlock()
	s.gatewayShards, s.maxConcurrency = max(shards, 1), max(maxConcurrency, 1)
}

// SetGuildsPerShard sets how many guilds one shard may hold: an IDENTIFY
// whose shard would hold more is closed with 4011 (Sharding required), as
// Discord does from 2,500 guilds (the default).
func (gw Gateway) SetGuildsPerShard(n int) {
	s := gw.s
	s.mu.Lock()
	defer s.mu.Unlock()
	s.guildsPerShard = max(n, 1)
}

// GatewaySession is a gateway session of the fake, as Sessions lists it.
type GatewaySession struct {
	ID string
	// Shard is the IDENTIFY's [shard_id, num_shards]; [0, 1] without one.
	Shard [2]int
	// Conn numbers the connection the session is on now (1 for the
	// server's first connection, and so on); 0 while it awaits a RESUME.
	Conn int
	// Resumes counts the RESUMEs of the session.
	Resumes int
}

// Sessions returns the live gateway sessions (not invalidated), in the
// order of their shard, then of their ID.
func (gw Gateway) Sessions() []GatewaySession {
	s := gw.s
	s.mu.Lock()
	defer s.mu.Unlock()
	var out []GatewaySession
	for _, id := range sortedKeys(s.sessions) {
		out = append(out, s.sessions[id].infoLocked())
	}
	sortSessions(out)
	return out
}

func sortSessions(out []GatewaySession) {
	for i := 1; i < len(out); i++ {
		for j := i; j > 0 && out[j].Shard[0] < out[j-1].Shard[0]; j-- {
			out[j], out[j-1] = out[j-1], out[j]
		}
	}
}

func (sess *gwSession) infoLocked() GatewaySession {
	g := GatewaySession{ID: sess.id, Shard: sess.shard, Resumes: sess.resumes}
	if sess.conn != nil && sess.conn.sess == sess {
		g.Conn = sess.conn.n
	}
	return g
}

// DropShard drops the gateway connections of the sessions of one shard
// without a close frame, as a network failure does (DropConnection drops
// them all). The sessions stay resumable.
func (gw Gateway) DropShard(shard int) {
	s := gw.s
	s.mu.Lock()
	var conns []*gwConn
	for c := range s.conns {
		sess := c.sess
		if sess == nil || sess.shard[0] != shard {
			continue
		}
		conns = append(conns, c)
		c.ready = false
		if sess.conn == c {
			sess.conn = nil
			sess.buffering = !sess.invalid
		}
	}
	s.mu.Unlock()
	for _, c := range conns {
		_ = c.ws.UnderlyingConn().Close()
	}
}

// HoldShard makes the IDENTIFY and RESUME of the shard wait until release
// is called (or the server closes): the shard stays away, the others go
// on. Dispatches of its guilds meanwhile are kept for its RESUME. Hold it
// shorter than 5 heartbeat intervals (SetHeartbeatInterval; 1s by
// default), after which discordgo gives the connection up.
func (gw Gateway) HoldShard(shard int) (release func()) {
	s := gw.s
	ch := make(chan struct{})
	s.mu.Lock()
	if s.heldShards == nil {
		s.heldShards = map[int]chan struct{}{}
	}
	if old := s.heldShards[shard]; old != nil {
		close(old)
	}
	s.heldShards[shard] = ch
	s.mu.Unlock()
	var done bool
	return func() {
		s.mu.Lock()
		defer s.mu.Unlock()
		if done {
			return
		}
		done = true
		if s.heldShards[shard] == ch {
			delete(s.heldShards, shard)
		}
		close(ch)
	}
}

// waitHeld waits while the shard is held.
func (s *Server) waitHeld(shard int) {
	s.mu.Lock()
	ch := s.heldShards[shard]
	s.mu.Unlock()
	if ch == nil {
		return
	}
	t := time.NewTicker(20 * time.Millisecond)
	defer t.Stop()
	for {
		select {
		case <-ch:
			return
		case <-t.C:
			s.mu.Lock()
			closed := s.closed
			s.mu.Unlock()
			if closed {
				return
			}
		}
	}
}

// shardCheckLocked says why an IDENTIFY with shard must be refused (the
// close code and its text), or 0.
func (s *Server) shardCheckLocked(shard [2]int) (int, string) {
	if shard[1] < 1 || shard[0] < 0 || shard[0] >= shard[1] {
		return 4010, "Invalid shard."
	}
	for _, sess := range s.sessions {
		if !sess.invalid && sess.shard[1] != shard[1] {
			return 4010, "Invalid shard."
		}
	}
	n := 0
	for _, g := range s.guildOrder {
		if ShardOf(g, shard[1]) == shard[0] {
			n++
		}
	}
	limit := s.guildsPerShard
	if limit == 0 {
		limit = defaultGuildsPerShard
	}
	if n > limit {
		return 4011, "Sharding required."
	}
	return 0, ""
}

// shardGuilds keeps the guilds of one shard.
func shardGuilds(guilds []string, shard [2]int) []string {
	if shard[1] < 2 {
		return guilds
	}
	var out []string
	for _, g := range guilds {
		if ShardOf(g, shard[1]) == shard[0] {
			out = append(out, g)
		}
	}
	return out
}

// guildOf reads the guild_id of a dispatch's payload ("" for none).
func guildOf(payload []byte) string {
	var p struct {
		GuildID string `json:"guild_id"`
	}
	_ = json.Unmarshal(payload, &p)
	return p.GuildID
}

// receives reports whether a session gets the dispatches of a guild ("":
// a DM, shard 0's).
func (sess *gwSession) receives(guild string) bool {
	return ShardOf(guild, sess.shard[1]) == sess.shard[0]
}
