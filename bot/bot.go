package bot

import (
	"errors"
	"log"
	"log/slog"
	"runtime"
	"sync"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/gunbai/gunbai/bot/ops"
	"github.com/gunbai/gunbai/engine"
	"github.com/gunbai/gunbai/game"
	"github.com/gunbai/gunbai/render/field"
)

// Options configure the Discord side of the bot.
type Options struct {
	// GMRole is the ID or the name of the game masters' role. Empty: members
	// with Manage Server act as GMs.
	GMRole string
	// Guilds to register the commands in; empty: every guild of READY.
	Guilds []string
	// Locale of channel posts when a battle has none: "ru" or "en".
	Locale string
	Log    *log.Logger
	// TickEvery is how often deadlines are checked; zero: every minute.
	TickEvery time.Duration
	// RetryBase is the first wait of a post Discord could not take for
	// now (5xx, network), doubled at each attempt up to 5 minutes; zero:
	// 2 seconds. A rate limit waits what Discord says instead.
	RetryBase time.Duration
	// Emojis: upload the bot's icons as application emojis at the first
	// READY (emojisync.go) and put them in the sheet's menus, the status
	// and the logs. Off (tests that compare texts), the texts are the same
	// without them.
	Emojis bool
	// IdentifyPause waits between the identify buckets of the shards
	// (IdentifyInterval); nil: time.Sleep. Tests record it instead.
	IdentifyPause func(time.Duration)

	// Ops (opsmetrics.go, issue 31): Metrics, if set, count the bot's work
	// and read its gauges at scrape time; Slog, if set, takes the lines
	// about a guild's battles, with guild, battle and turn attributes
	// (else they go to Log as plain text).
	Metrics *ops.Metrics
	Slog    *slog.Logger
}

// Bot answers interactions and posts results. It keeps no battle state of
// its own: everything is read from and written to the store through the
// game service.
type Bot struct {
	s *discordgo.Session // for REST: the first shard's session
	// sessions are the gateway sessions, one per shard the process runs.
	sessions    []*discordgo.Session
	layout      Shards
	concurrency int // Discord's max_concurrency of identifies
	svc         *game.Service
	opt         Options
	routes      map[string]route

	mu     sync.Mutex
	appID  string
	failed map[uint64]delivery // posts refused for good, for the GM's answers
	busy   inflight            // handlers in flight, for a graceful Close and Wait
	stop   chan struct{}       // ends the deadline ticker and the worker
	tick   sync.WaitGroup      // the deadline ticker and the worker

	claims claims        // the targets the delivery passes serve
	kicks  chan struct{} // wakes the delivery worker
	// gate schedules the pictures drawn (drawgate.go): by urgency, on
	// the cores left after answering.
	gate *drawGate
	// unacked are the interactions not yet acknowledged: the handlers'
	// work waits for them (schedule.go).
	unacked unacked
	// working holds a token per handler doing its work after its
	// acknowledgement: a burst of two hundred players runs a few handlers
	// per core at a time (a few: some wait on Discord or the disk), so the
	// acknowledgements of the later ones are not queued behind the store
	// writes of the earlier ones.
	working chan struct{}
	// emojis are the application's emojis, synced at the first READY.
	emojis emojiSet
}

// New wires a bot to a session; Start opens it. A session with a
// ShardCount runs that one shard (see Dial for several).
func New(s *discordgo.Session, svc *game.Service, opt Options) *Bot {
	layout := Shards{}
	if s.ShardCount > 1 {
		layout = Shards{Count: s.ShardCount, IDs: []int{s.ShardID}}
	}
	return newBot([]*discordgo.Session{s}, layout, 1, svc, opt)
}

func newBot(sessions []*discordgo.Session, layout Shards, concurrency int, svc *game.Service, opt Options) *Bot {
	if opt.Log == nil {
		opt.Log = log.Default()
	}
	b := &Bot{s: sessions[0], sessions: sessions, layout: layout, concurrency: concurrency,
		svc: svc, opt: opt, routes: routes(), failed: map[uint64]delivery{}, kicks: make(chan struct{}, 1),
		gate:    defaultDrawGate(),
		working: make(chan struct{}, 4*runtime.GOMAXPROCS(0))}
	if svc.Started.IsZero() {
		svc.Started = time.Now()
	}
	if !layout.All() && svc.Owns == nil {
		svc.Owns = layout.Owns // the deadlines and posts of the other shards' guilds are not ours
	}
	for _, s := range sessions {
		s.Identify.Intents = GatewayIntents
		// The handlers run in the gateway's reading goroutine, each
		// starting its own at once: an interaction is counted in the moment
		// it is read, so that a drawing gives its core to the answers
		// between two frames (drawGate.pause) rather than after the reading
		// of a whole burst, whose handlers wait behind the reading (issue
		// 31's storm; measured in docs/operations.md).
		s.SyncEvents = true
		s.AddHandler(func(s *discordgo.Session, r *discordgo.Ready) { go b.onReady(s, r) })
		s.AddHandler(func(s *discordgo.Session, i *discordgo.InteractionCreate) {
			if i.Type == discordgo.InteractionModalSubmit && i.Data == nil {
				return // a form of labels discordgo cannot read: onModalEvent answers it
			}
			answered := b.arrive(i.ID)
			go func() {
				defer answered()
				b.onInteraction(s, i)
			}()
		})
		s.AddHandler(func(s *discordgo.Session, e *discordgo.Event) {
			if mayBeForm(e) {
				go b.onModalEvent(s, e)
			}
		})
	}
	b.instrument()
	return b
}

// Start connects to the gateway (each shard's session, in Discord's
// identify buckets) and starts checking turn deadlines.
func (b *Bot) Start() error {
	if err := b.open(); err != nil {
		return atBase(err)
	}
	every := b.opt.TickEvery
	if every <= 0 {
		every = time.Minute
	}
	stop := make(chan struct{})
	b.stop = stop
	b.tick.Add(2)
	go b.deliverer(stop)
	go func() {
		defer b.tick.Done()
		t := time.NewTicker(every)
		defer t.Stop()
		for {
			select {
			case <-stop:
				return
			case <-t.C:
				b.due()
				b.kick() // the worker delivers; the deadlines never wait for it
			}
		}
	}()
	return nil
}

// Tick resolves and posts the turns whose deadline has passed, and reminds
// the clans whose deadline comes near; it returns when all is delivered
// (or waits for a retry). The ticker itself only resolves and kicks the
// delivery worker.
func (b *Bot) Tick() {
	b.due()
	b.settle()
}

// due resolves what is overdue and queues the reminders.
func (b *Bot) due() {
	defer b.recovered("deadlines")
	// Each turn resolved kicks the worker (instrument): the first
	// turns of a storm are drawn while the later ones are resolved.
	if _, err := b.svc.Clock().Due(); err != nil {
		b.opt.Log.Printf("deadlines: %v", err)
	}
	if _, err := b.svc.Clock().Reminders(); err != nil {
		b.opt.Log.Printf("reminders: %v", err)
	}
	if _, err := b.svc.QuickBattles().DueFights(time.Now()); err != nil {
		b.opt.Log.Printf("quick battles: %v", err)
	}
	if _, err := b.svc.Duels().DueDuels(time.Now()); err != nil {
		b.opt.Log.Printf("duels: %v", err)
	}
}

// Close stops the deadline ticker, disconnects and waits for the handlers
// still running.
func (b *Bot) Close() error {
	if b.stop != nil {
		close(b.stop)
		b.stop = nil
		b.tick.Wait()
	}
	// Together: discordgo's Close of an open session takes a second.
	errs := make([]error, len(b.sessions))
	var closing sync.WaitGroup
	for i, s := range b.sessions {
		closing.Add(1)
		go func() {
			defer closing.Done()
			errs[i] = s.Close()
		}()
	}
	closing.Wait()
	b.busy.Wait()
	return errors.Join(errs...)
}

// inflight counts the handlers at work. Unlike a sync.WaitGroup it may be
// waited on while new handlers start: Discord delivers an event at any
// time, a test's Wait included.
type inflight struct {
	mu   sync.Mutex
	n    int
	idle *sync.Cond
}

func (f *inflight) cond() *sync.Cond {
	if f.idle == nil {
		f.idle = sync.NewCond(&f.mu)
	}
	return f.idle
}

// Add counts a handler in.
func (f *inflight) Add() {
	f.mu.Lock()
	f.n++
	f.mu.Unlock()
}

// Done counts a handler out.
func (f *inflight) Done() {
	f.mu.Lock()
	if f.n--; f.n == 0 {
		f.cond().Broadcast()
	}
	f.mu.Unlock()
}

// Wait blocks until no handler is at work.
func (f *inflight) Wait() {
	f.mu.Lock()
	for f.n > 0 {
		f.cond().Wait()
	}
	f.mu.Unlock()
}

// Wait blocks until the handlers in flight are done and what they queued
// is delivered, or waits for a retry (tests).
func (b *Bot) Wait() {
	b.busy.Wait()
	b.settle()
}

// draw renders a picture of the field when the gate gives it a core.
func (b *Bot) draw(u urgency, view engine.Battle, opt field.Options) ([]byte, error) {
	defer b.drawn(u)()
	return field.PNG(view, opt)
}

// drawn waits for the gate's slot for a drawing of urgency u; the
// function it returns gives the slot back and counts the drawing's time
// (the wait included) in the metrics.
func (b *Bot) drawn(u urgency) func() {
	start := time.Now()
	if u != asked {
		b.unacked.wait(ackFirst) // a post's picture waits for the answers
	}
	b.gate.acquire(u)
	return func() { b.gate.release(); b.opt.Metrics.Drawn(time.Since(start)) }
}

// between is what a drawing of urgency u holding the gate's slot does
// between two frames: it lends its core to the answers (drawGate.pause);
// nothing for what a person waits for, which is itself an answer (drawn
// after its acknowledgement, as drawn lets it).
func (b *Bot) between(u urgency) func() {
	if u == asked {
		return nil
	}
	return func() { b.gate.pause(u, func() { b.unacked.wait(ackFirst) }) }
}

// recovered logs a panic of background work instead of letting it kill the
// process; deferred by every entry point Discord or the ticker calls.
func (b *Bot) recovered(what string) {
	if p := recover(); p != nil {
		b.opt.Log.Printf("panic in %s: %v", what, p)
	}
}

func (b *Bot) onReady(s *discordgo.Session, r *discordgo.Ready) {
	b.busy.Add()
	defer b.busy.Done()
	defer b.recovered("ready")
	app := ""
	if r.Application != nil {
		app = r.Application.ID
	}
	if app == "" && r.User != nil {
		app = r.User.ID
	}
	b.mu.Lock()
	b.appID = app
	b.mu.Unlock()
	var guilds []string
	for _, g := range b.opt.Guilds {
		if b.ownsFor(s, g) { // each shard registers its own guilds
			guilds = append(guilds, g)
		}
	}
	if len(b.opt.Guilds) == 0 {
		// discordgo's state rewrites READY's guilds when GUILD_CREATE
		// arrives; read them under its lock.
		s.State.RLock()
		for _, g := range r.Guilds {
			if b.ownsFor(s, g.ID) {
				guilds = append(guilds, g.ID)
			}
		}
		s.State.RUnlock()
	}
	for _, g := range guilds {
		if _, err := s.ApplicationCommandBulkOverwrite(app, g, GuildCommands()); err != nil {
			b.opt.Log.Printf("registering commands in guild %s: %v", g, err)
		}
	}
	if s.ShardID == 0 {
		// The commands of the DM with the bot are global: registered
		// once, by the shard that gets the DMs.
		if _, err := s.ApplicationCommandBulkOverwrite(app, "", DMCommands()); err != nil {
			b.opt.Log.Printf("registering the DM's global commands: %v", err)
		}
	}
	if b.opt.Emojis {
		b.syncEmojis(s, app)
	}
	// What a crash left owed is delivered now.
	b.deliverDue()
}
