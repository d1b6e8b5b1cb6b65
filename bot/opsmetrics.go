package bot

import (
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"os"
	"strings"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/gunbai/gunbai/bot/ops"
	"github.com/gunbai/gunbai/game"
	"github.com/gunbai/gunbai/store"
)

// instrument wires the metrics (Options.Metrics) into the bot: the REST
// transports of its sessions, the turns the service resolves, and the
// gauges read at scrape time. Without metrics it only logs resolutions
// (Options.Slog).
func (b *Bot) instrument() {
	if b.svc.OnResolve == nil {
		b.svc.OnResolve = func(guild, battle string, turn int, took time.Duration) {
			// Its posts are owed once the transaction commits: the
			// worker's pass after the next kick takes them.
			b.kick()
			b.opt.Metrics.Resolved(took)
			if b.opt.Slog != nil {
				b.opt.Slog.Info("turn resolved", "guild", guild, "battle", battle, "turn", turn, "took", took)
			}
		}
	}
	m := b.opt.Metrics
	if m == nil {
		return
	}
	seen := map[*http.Client]*http.Client{} // shards sharing a client keep sharing it
	for _, s := range b.sessions {
		if s.Client == nil {
			s.Client = &http.Client{Timeout: 20 * time.Second}
		}
		c, ok := seen[s.Client]
		if !ok {
			copied := *s.Client
			copied.Transport = m.Transport(copied.Transport)
			c = &copied
			seen[s.Client] = c
		}
		s.Client = c
	}
	m.Watch(b.Probes())
}

// Probes read the bot's health and gauges for the ops listener.
func (b *Bot) Probes() ops.Probes {
	return ops.Probes{
		Connected: b.connected,
		Writable: func() error {
			// An empty write: bbolt refuses it on a closed or read-only file.
			return b.svc.Store.Update(func(*store.Tx) error { return nil })
		},
		Outbox:  b.outboxAge,
		Battles: b.battlesByStatus,
		StoreSize: func() int64 {
			if fi, err := os.Stat(b.svc.Store.Path()); err == nil {
				return fi.Size()
			}
			return 0
		},
		Shards: func() int { return len(b.sessions) },
		HeartbeatAge: func() time.Duration {
			var worst time.Duration
			for _, s := range b.sessions {
				s.RLock() // discordgo writes LastHeartbeatAck under the session's lock
				ack := s.LastHeartbeatAck
				s.RUnlock()
				if !ack.IsZero() {
					worst = max(worst, time.Since(ack))
				}
			}
			return worst
		},
	}
}

// connected reports whether every shard's gateway session is ready.
func (b *Bot) connected() bool {
	for _, s := range b.sessions {
		s.RLock()
		ready := s.DataReady
		s.RUnlock()
		if !ready {
			return false
		}
	}
	return true
}

// outboxAge counts the posts owed and the age of the oldest.
func (b *Bot) outboxAge() (depth int, oldest time.Duration, err error) {
	err = b.svc.Store.View(func(tx *store.Tx) error {
		posts, err := tx.Outbox()
		for _, p := range posts {
			if !p.Created.IsZero() {
				oldest = max(oldest, time.Since(p.Created))
			}
		}
		depth = len(posts)
		return err
	})
	return depth, oldest, err
}

// battlesByStatus counts the stored battles by status.
func (b *Bot) battlesByStatus() (map[string]int, error) {
	n := map[string]int{}
	err := b.svc.Store.View(func(tx *store.Tx) error {
		guilds, err := tx.Guilds()
		if err != nil {
			return err
		}
		for _, g := range guilds {
			hs, err := tx.Headers(g)
			if err != nil {
				return err
			}
			for _, h := range hs {
				n[string(h.Status)]++
			}
		}
		return nil
	})
	return n, err
}

// interactionLabel is a bounded name of what an interaction asks: a
// command's path, or a component's or form's kind (its custom ID up to the
// first ':', never the values after it).
func (b *Bot) interactionLabel(c *call) string {
	switch c.i.Type {
	case discordgo.InteractionApplicationCommandAutocomplete:
		return "autocomplete " + c.path
	case discordgo.InteractionMessageComponent, discordgo.InteractionModalSubmit:
		kind, _, _ := strings.Cut(c.path, ":")
		if len(kind) > 24 {
			kind = kind[:24]
		}
		return "component " + kind
	}
	if c.i.Type == discordgo.InteractionApplicationCommand && c.i.ApplicationCommandData().CommandType != discordgo.ChatApplicationCommand {
		return "menu" // a message's context menu: its names are the command table's
	}
	if _, ok := b.routes[c.path]; !ok {
		return "unknown"
	}
	return c.path
}

// outcome names how an interaction ended for the metrics.
func outcome(err error, panicked bool) string {
	var r *game.Refusal
	switch {
	case panicked:
		return "panic"
	case err == nil:
		return "ok"
	case errors.As(err, &r):
		return "refused"
	}
	return "error"
}

// logPost logs a line about a post: through Options.Slog with its guild,
// battle and turn as attributes, else in the plain log as before.
func (b *Bot) logPost(p store.Post, format string, args ...any) {
	if b.opt.Slog == nil {
		b.opt.Log.Printf(format, args...)
		return
	}
	b.opt.Slog.Warn(fmt.Sprintf(format, args...), slog.String("guild", p.Guild), slog.String("battle", p.Battle),
		slog.Int("turn", p.Turn), slog.Uint64("post", p.ID), slog.String("kind", p.Kind))
}
