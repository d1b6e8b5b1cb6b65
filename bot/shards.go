package bot

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"sync"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/gunbai/gunbai/store"
)

// Gateway sharding (issue 18). A guild belongs to the shard
// (guild_id >> 22) % count (ShardOf), and for a given count it never
// changes. A process runs some shards (Shards.IDs), one discordgo session
// each, identifying in Discord's max_concurrency buckets; Discord sends
// each session its own guilds' events only, and the bot's own work (the
// deadline walks, the outbox, the command registration) is limited to
// the guilds of its shards through game.Service.Owns. REST goes through
// the first session: every session shares its HTTP client and its rate
// limiter, since the limits are the token's.

// AutoShards is Conn.Shards for as many shards as Discord recommends
// (GET /gateway/bot).
const AutoShards = -1

// IdentifyInterval is how long Discord wants between two identify buckets
// (shards with the same shard_id % max_concurrency).
const IdentifyInterval = 5 * time.Second

// Shards are the gateway shards of a bot: how many the whole bot has, and
// those this process runs.
type Shards struct {
	// Count is the total number of shards; 0 or 1: unsharded.
	Count int
	// IDs are the shards this process runs, ascending; empty: all.
	IDs []int
}

// ShardOf is the shard of a guild among count shards (store.ShardOf,
// Discord's formula).
func ShardOf(guild string, count int) int { return store.ShardOf(guild, count) }

// All reports whether the process runs every shard.
func (s Shards) All() bool {
	if s.Count < 2 || len(s.IDs) == 0 {
		return true
	}
	for i := range s.Count {
		if !slices.Contains(s.IDs, i) {
			return false
		}
	}
	return true
}

// Owns reports whether a guild is handled by one of the process's shards.
func (s Shards) Owns(guild string) bool {
	return s.All() || slices.Contains(s.IDs, ShardOf(guild, s.Count))
}

// String says which shards these are, e.g. "shards 0-3 of 8".
func (s Shards) String() string {
	if s.Count < 2 {
		return "unsharded"
	}
	ids := s.ids()
	r := strconv.Itoa(ids[0])
	if len(ids) > 1 {
		r += "-" + strconv.Itoa(ids[len(ids)-1])
	}
	return fmt.Sprintf("shards %s of %d", r, s.Count)
}

// ids are the shards the process runs, listed.
func (s Shards) ids() []int {
	if len(s.IDs) > 0 {
		return s.IDs
	}
	n := max(s.Count, 1)
	out := make([]int, n)
	for i := range out {
		out[i] = i
	}
	return out
}

// dialShards builds one session per shard of the process: the first one
// c.session() makes, the others sharing its HTTP client and rate limiter.
// With AutoShards, or several shards to run, it asks GET /gateway/bot for
// the shard count and max_concurrency (an explicit count that cannot ask
// identifies one shard at a time).
func dialShards(c Conn) ([]*discordgo.Session, Shards, int, error) {
	first, err := c.session()
	if err != nil {
		return nil, Shards{}, 0, err
	}
	count, ids := c.Shards, slices.Clone(c.ShardIDs)
	if count == 0 {
		count = 1
	}
	if count < 1 && count != AutoShards {
		return nil, Shards{}, 0, fmt.Errorf("%d shards: want a count from 1, or AutoShards", count)
	}
	concurrency := 1
	if count == AutoShards || len(ids) > 1 || len(ids) == 0 && count > 1 {
		gb, err := first.GatewayBot()
		switch {
		case err != nil && count == AutoShards:
			return nil, Shards{}, 0, fmt.Errorf("asking Discord for the shard count (GET /gateway/bot): %w", atBase(err))
		case err == nil:
			if count == AutoShards {
				count = max(gb.Shards, 1)
			}
			concurrency = max(gb.SessionStartLimit.MaxConcurrency, 1)
		}
	}
	for _, id := range ids {
		if id < 0 || id >= count {
			return nil, Shards{}, 0, fmt.Errorf("shard %d of %d shards: shards are numbered from 0 to %d (shard_ids)", id, count, count-1)
		}
	}
	slices.Sort(ids)
	ids = slices.Compact(ids)
	layout := Shards{Count: count, IDs: ids}
	if count < 2 {
		return []*discordgo.Session{first}, layout, 1, nil
	}
	var sessions []*discordgo.Session
	for i, id := range layout.ids() {
		s := first
		if i > 0 {
			if s, err = c.session(); err != nil {
				return nil, Shards{}, 0, err
			}
			s.Client, s.Ratelimiter = first.Client, first.Ratelimiter
		}
		s.ShardID, s.ShardCount = id, count
		sessions = append(sessions, s)
	}
	return sessions, layout, concurrency, nil
}

// identifyBuckets groups the sessions as Discord lets them identify: the
// shards with the same shard_id / max_concurrency together (each of a
// different rate-limit key, shard_id % max_concurrency), a bucket after
// the other.
func identifyBuckets(sessions []*discordgo.Session, concurrency int) [][]*discordgo.Session {
	concurrency = max(concurrency, 1)
	var out [][]*discordgo.Session
	last := -1
	for _, s := range sessions {
		if k := s.ShardID / concurrency; k != last || len(out) == 0 {
			out = append(out, nil)
			last = k
		}
		out[len(out)-1] = append(out[len(out)-1], s)
	}
	return out
}

// open connects the sessions, bucket by bucket, IdentifyInterval apart
// (Options.IdentifyPause waits). A session that cannot connect closes
// those already open.
func (b *Bot) open() error {
	pause := b.opt.IdentifyPause
	if pause == nil {
		pause = time.Sleep
	}
	var opened []*discordgo.Session
	for i, bucket := range identifyBuckets(b.sessions, b.concurrency) {
		if i > 0 {
			pause(IdentifyInterval)
		}
		errs := make([]error, len(bucket))
		var wg sync.WaitGroup
		for j, s := range bucket {
			wg.Add(1)
			go func() {
				defer wg.Done()
				if err := s.Open(); err != nil {
					errs[j] = err
					if len(b.sessions) > 1 {
						errs[j] = fmt.Errorf("shard %d of %d: %w", s.ShardID, s.ShardCount, err)
					}
				}
			}()
		}
		wg.Wait()
		for j, s := range bucket {
			if errs[j] == nil {
				opened = append(opened, s)
			}
		}
		if err := errors.Join(errs...); err != nil {
			for _, s := range opened {
				_ = s.Close()
			}
			return err
		}
	}
	return nil
}

// ownsFor reports whether the session s handles the guild: its shard's.
func (b *Bot) ownsFor(s *discordgo.Session, guild string) bool {
	if b.layout.Count < 2 {
		return true
	}
	return ShardOf(guild, b.layout.Count) == s.ShardID
}

// Shards are the gateway shards the bot runs.
func (b *Bot) Shards() Shards { return b.layout }
