package bot_test

import (
	"fmt"
	"io"
	"log"
	"os"
	"runtime"
	"runtime/pprof"
	"slices"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/gunbai/gunbai/bot"
	"github.com/gunbai/gunbai/bot/discordtest"
	"github.com/gunbai/gunbai/engine"
	"github.com/gunbai/gunbai/game"
	"github.com/gunbai/gunbai/store"
)

// BenchmarkLoad is issue 18's load through the fake Discord (a benchmark,
// not a timed test): 1,000 battles taking orders over 100 guilds (100 over
// 10 with -short, CI's form), interactions arriving at 1,000 a minute, then
// a burst of 200 at once, then every deadline falling due together (the
// deadline storm of issue 31: the battles' deadlines a second apart, all
// passed), with a burst of 200 command rolls two seconds into it. It
// reports the acknowledgements' p50 and p99 (paced, burst, storm burst),
// the time from the deadlines to the last post delivered, each battle's
// turn pictures' (p50, max, and how well they kept the deadlines' order),
// the process's RSS at the end and at its peak (the fake and the test's
// bookkeeping included, though the fake keeps no uploaded pictures: Lean),
// the store file's size, the CPU time used and the storm's, also per turn
// and audience. BenchmarkLoadOwnProcess is the measurement.
// LOAD_HEAPPROFILE=FILE writes a heap profile once everything is
// delivered, to see who holds the memory.
func BenchmarkLoad(b *testing.B) {
	guilds, perGuild, paced := 100, 10, 15*time.Second
	if testing.Short() {
		guilds, perGuild, paced = 10, 10, 2*time.Second
	}
	for b.Loop() {
		runLoad(b, guilds, perGuild, paced)
	}
}

// loadClock is the service's clock, moved by the benchmark.
type loadClock struct {
	mu  sync.Mutex
	now time.Time
}

func (c *loadClock) Now() time.Time  { c.mu.Lock(); defer c.mu.Unlock(); return c.now }
func (c *loadClock) Set(t time.Time) { c.mu.Lock(); defer c.mu.Unlock(); c.now = t }
func (c *loadClock) Add(d time.Duration) {
	c.mu.Lock()
	c.now = c.now.Add(d)
	c.mu.Unlock()
}

// loadGuild is one guild of the load: its id, GM channel and its battles'
// players (North's and South's) and channels.
type loadGuild struct {
	id, gmChannel string
	players       [][2]discordtest.Member
	channels      [][2]string
}

// loadStart is the load's clock when its battles are created.
var loadStart = time.Date(1575, 6, 28, 6, 0, 0, 0, time.UTC)

// setUpLoad makes the fake's guilds and the battles in a new store at
// path, their turn 1 taking orders until a day after loadStart, and
// returns the guilds and the service on the store.
func setUpLoad(b *testing.B, srv *discordtest.Server, path string, guilds, perGuild int) ([]loadGuild, *game.Service, *loadClock) {
	srv.SkipSpec()                                       // measure the bot, not the fake's OpenAPI checks
	srv.Lean()                                           // nor the thousands of pictures the fake would keep
	if _, err := srv.Session("test-token"); err != nil { // the token known to the fake
		b.Fatal(err)
	}
	clock := &loadClock{now: loadStart}
	st, err := store.Open(path, store.Options{})
	if err != nil {
		b.Fatal(err)
	}
	svc := &game.Service{Store: st, Now: clock.Now, TurnDeadline: 24 * time.Hour}
	gs := make([]loadGuild, guilds)
	for g := range gs {
		gs[g] = setUpLoadGuild(b, srv, svc, clock, g, guilds, perGuild)
	}
	// What creating them owed is not what is measured.
	owed, _ := svc.Posts().Owed()
	for _, p := range owed {
		svc.Posts().Delivered(p.ID)
	}
	return gs, svc, clock
}

// driveLoad sends the orders at 1,000 a minute for paced, each player of
// a battle in turn, then a burst of 200 at once, and returns how long each
// waited for its acknowledgement.
func driveLoad(b *testing.B, srv *discordtest.Server, gs []loadGuild, paced time.Duration) (paceAcks, burst []time.Duration) {
	tick := time.NewTicker(time.Minute / 1000)
	start := time.Now()
	for n := 0; time.Since(start) < paced; n++ {
		<-tick.C
		id, err := srv.Interactions().Dispatch(loadOrder(srv, gs, n))
		if err != nil {
			b.Fatal(err)
		}
		paceAcks = append(paceAcks, waitAck(b, srv, id))
	}
	tick.Stop()
	slices.Sort(paceAcks)
	return paceAcks, loadBurst(b, srv, gs, func(n int) discordtest.Interaction { return loadOrder(srv, gs, 7919*(n+1)) })
}

// loadOrder is the load's n-th order: a player of one of its battles tells
// his spearmen to wait.
func loadOrder(srv *discordtest.Server, gs []loadGuild, n int) discordtest.Interaction {
	g := &gs[n%len(gs)]
	k := (n / len(gs)) % len(g.players)
	side := (n / (len(gs) * len(g.players))) % 2
	unit := [2]string{"n-yari", "s-yari"}[side]
	return srv.Interactions().SlashCommand(g.id, g.channels[k][side], g.players[k][side], "order", discordtest.StringOpt("unit", unit), discordtest.StringOpt("order", "wait"))
}

// loadRoll is the storm's n-th interaction: a player of one of the load's
// battles makes the command roll of the turn just opened (or hears that
// his battle's turn is not resolved yet, or that he rolled already).
func loadRoll(srv *discordtest.Server, gs []loadGuild, n int) discordtest.Interaction {
	g := &gs[n%len(gs)]
	k := (n / len(gs)) % len(g.players)
	side := (n / (len(gs) * len(g.players))) % 2
	return srv.Interactions().SlashCommand(g.id, g.channels[k][side], g.players[k][side], "roll", discordtest.StringOpt("stake", "low"))
}

// loadBurst dispatches 200 interactions at once (built first, then sent
// back to back) and returns how long each waited for its
// acknowledgement, sorted.
func loadBurst(b *testing.B, srv *discordtest.Server, gs []loadGuild, next func(n int) discordtest.Interaction) []time.Duration {
	var burst []discordtest.Interaction
	for n := range 200 {
		burst = append(burst, next(n))
	}
	var ids []string
	for _, i := range burst {
		id, err := srv.Interactions().Dispatch(i)
		if err != nil {
			b.Fatal(err)
		}
		ids = append(ids, id)
	}
	var acks []time.Duration
	for _, id := range ids {
		acks = append(acks, waitAck(b, srv, id))
	}
	slices.Sort(acks)
	return acks
}

// deliverAll moves the clock past every deadline, ticks the bot, and
// returns once the outbox is empty, with how long that took, how many
// battles were resolved and the process's CPU time meanwhile.
func deliverAll(svc *game.Service, clock *loadClock, tick func()) (time.Duration, int, time.Duration, error) {
	cpu0 := cpuTime()
	clock.Add(25 * time.Hour)
	due := time.Now()
	tick()
	for {
		owed, err := svc.Posts().Owed()
		if err != nil {
			return 0, 0, 0, err
		}
		if len(owed) == 0 {
			break
		}
		if time.Since(due) > 10*time.Minute {
			return 0, 0, 0, fmt.Errorf("%d posts still owed 10 minutes after the deadline", len(owed))
		}
		time.Sleep(50 * time.Millisecond)
	}
	delivered, cpu := time.Since(due), cpuTime()-cpu0
	guilds, err := svc.Store.Guilds()
	if err != nil {
		return 0, 0, 0, err
	}
	resolved := 0
	for _, g := range guilds {
		all, _ := svc.Battles(g)
		for _, h := range all {
			if h.Turn >= 2 {
				resolved++
			}
		}
	}
	return delivered, resolved, cpu, nil
}

// loadFigures are what one run of the load measured.
type loadFigures struct {
	battles int
	// paced, burst and storm are the acknowledgements' waits, sorted: at
	// 1,000 a minute, a burst of 200 before the deadlines, and a burst of
	// 200 command rolls while the deadlines' turns are drawn and posted.
	paced, burst, storm []time.Duration
	// delivered: from the deadlines to the outbox empty; posted: each
	// battle's turn pictures in its clans' channels, after the deadlines,
	// in the order of the battles' deadlines.
	delivered time.Duration
	posted    []time.Duration
	rssKiB    int
	peakKiB   int
	storePath string
	// cpu is the bot's CPU time from the paced orders on; stormCPU from
	// the deadlines to the outbox empty.
	cpu, stormCPU time.Duration
}

// reportLoad reports the figures of one run.
func reportLoad(b *testing.B, f loadFigures) {
	fi, _ := os.Stat(f.storePath)
	b.ReportMetric(float64(f.battles), "battles")
	b.ReportMetric(ms(f.paced[len(f.paced)/2]), "paced-p50-ms")
	b.ReportMetric(ms(f.paced[len(f.paced)*99/100]), "paced-p99-ms")
	b.ReportMetric(ms(f.burst[len(f.burst)/2]), "burst-p50-ms")
	b.ReportMetric(ms(f.burst[len(f.burst)*99/100]), "burst-p99-ms")
	b.ReportMetric(ms(f.storm[len(f.storm)/2]), "storm-burst-p50-ms")
	b.ReportMetric(ms(f.storm[len(f.storm)*99/100]), "storm-burst-p99-ms")
	b.ReportMetric(f.delivered.Seconds(), "deadline-to-delivered-s")
	if len(f.posted) > 0 {
		sorted := slices.Sorted(slices.Values(f.posted))
		b.ReportMetric(sorted[len(sorted)/2].Seconds(), "posted-p50-s")
		b.ReportMetric(sorted[len(sorted)-1].Seconds(), "posted-max-s")
		b.ReportMetric(inDeadlineOrder(f.posted), "deadline-order")
	}
	b.ReportMetric(float64(f.rssKiB)/1024, "RSS-MiB")
	b.ReportMetric(float64(f.peakKiB)/1024, "peak-RSS-MiB")
	b.ReportMetric(float64(fi.Size())/(1<<20), "store-MiB")
	b.ReportMetric(f.cpu.Seconds(), "CPU-s")
	b.ReportMetric(f.stormCPU.Seconds(), "storm-CPU-s")
	// A turn posts to three audiences (the two clans and the GM).
	b.ReportMetric(ms(f.stormCPU)/float64(3*f.battles), "storm-CPU-ms/turn/audience")
}

// inDeadlineOrder is the share of pairs of battles whose turns were posted
// in the order of their deadlines (Kendall's concordance: 1 in order, 0.5
// as by chance, 0 reversed); ties count half.
func inDeadlineOrder(posted []time.Duration) float64 {
	var in, pairs float64
	for i := range posted {
		for j := i + 1; j < len(posted); j++ {
			pairs++
			switch {
			case posted[i] < posted[j]:
				in++
			case posted[i] == posted[j]:
				in += 0.5
			}
		}
	}
	return in / pairs
}

// turnPosted is, for each battle of the load in the order of its
// deadline, when the later of its clans' turn pictures was posted after
// the deadlines fell due (at).
func turnPosted(b *testing.B, srv *discordtest.Server, gs []loadGuild, at time.Time) []time.Duration {
	perGuild := len(gs[0].channels)
	out := make([]time.Duration, 0, len(gs)*perGuild)
	for k := range perGuild {
		for g := range gs {
			var last time.Time
			for _, ch := range gs[g].channels[k] {
				found := false
				for _, m := range srv.Messages().In(ch) {
					if len(m.Files) > 0 && m.Files[0].Name == "turn-1.png" {
						last, found = later(last, m.Time), true
					}
				}
				if !found {
					b.Fatalf("no turn picture in channel %s", ch)
				}
			}
			out = append(out, last.Sub(at))
		}
	}
	return out
}

func later(a, b time.Time) time.Time {
	if b.After(a) {
		return b
	}
	return a
}

func runLoad(b *testing.B, guilds, perGuild int, paced time.Duration) {
	srv := discordtest.New(b)
	path := b.TempDir() + "/load.db"
	gs, svc, clock := setUpLoad(b, srv, path, guilds, perGuild)
	sess, err := srv.Session("test-token")
	if err != nil {
		b.Fatal(err)
	}
	bt := bot.New(sess, svc, bot.Options{GMRole: "Мастер", Locale: "ru", Log: log.New(io.Discard, "", 0), RetryBase: 20 * time.Millisecond})
	if err := bt.Start(); err != nil {
		b.Fatal(err)
	}
	defer func() { bt.Close(); svc.Store.Close() }()
	bt.Wait()
	var before syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &before)
	paceAcks, burst := driveLoad(b, srv, gs, paced)
	bt.Wait()
	// Every deadline falls due at once: the ticker resolves all the
	// battles, and the outbox delivers every post; meanwhile, 200 players
	// make their command roll at once.
	type done struct {
		delivered, cpu time.Duration
		resolved       int
		err            error
	}
	finished := make(chan done, 1)
	at := time.Now()
	go func() {
		var d done
		d.delivered, d.resolved, d.cpu, d.err = deliverAll(svc, clock, bt.Tick)
		finished <- d
	}()
	time.Sleep(stormBurstAfter)
	storm := loadBurst(b, srv, gs, func(n int) discordtest.Interaction { return loadRoll(srv, gs, 104729*(n+1)) })
	d := <-finished
	if d.err != nil {
		b.Fatal(d.err)
	}
	bt.Wait()
	if want := guilds * perGuild; d.resolved != want {
		b.Errorf("%d of %d battles were resolved at their deadline", d.resolved, want)
	}
	var after syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &after)
	if path := os.Getenv("LOAD_HEAPPROFILE"); path != "" {
		// What is in memory once everything is delivered, by who holds it.
		if f, err := os.Create(path); err == nil {
			pprof.Lookup("heap").WriteTo(f, 0)
			f.Close()
		}
	}
	cpu := time.Duration(after.Utime.Nano() + after.Stime.Nano() - before.Utime.Nano() - before.Stime.Nano())
	reportLoad(b, loadFigures{battles: guilds * perGuild, paced: paceAcks, burst: burst, storm: storm,
		delivered: d.delivered, posted: turnPosted(b, srv, gs, at), rssKiB: procStatusKiB("self", "VmRSS:"), peakKiB: procStatusKiB("self", "VmHWM:"),
		storePath: path, cpu: cpu, stormCPU: d.cpu})
	runtime.GC()
}

// stormBurstAfter is when, after the deadlines, the storm's burst of
// command rolls comes: the turns are being drawn and posted.
const stormBurstAfter = 2 * time.Second

func ms(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }

// waitAck waits for an interaction's first answer and returns how long it
// took after its dispatch.
func waitAck(b *testing.B, srv *discordtest.Server, id string) time.Duration {
	if !srv.WaitFor(func() bool { return len(srv.Interactions().Responses(id)) > 0 }, time.Minute) {
		b.Fatalf("no answer to %s", id)
	}
	return srv.Interactions().Responses(id)[0].SinceDispatch
}

// procStatusKiB is a size in KiB from /proc/<pid>/status ("self": this
// process): "VmRSS:" the resident set, "VmHWM:" its peak.
func procStatusKiB(pid, field string) int {
	raw, err := os.ReadFile("/proc/" + pid + "/status")
	if err != nil {
		return 0
	}
	for _, line := range strings.Split(string(raw), "\n") {
		if f := strings.Fields(line); len(f) >= 2 && f[0] == field {
			n, _ := strconv.Atoi(f[1])
			return n
		}
	}
	return 0
}

// setUpLoadGuild makes guild g: its roles, a GM channel, and perGuild
// battles with two clans each (a role, a channel, a player who rolled),
// created straight in the store.
func setUpLoadGuild(b *testing.B, srv *discordtest.Server, svc *game.Service, clock *loadClock, g, guilds, perGuild int) loadGuild {
	id := fmt.Sprintf("5%017d", g+1)
	srv.Guilds().Add(id, fmt.Sprintf("Сервер %d", g+1))
	lg := loadGuild{id: id, gmChannel: fmt.Sprintf("6%017d", g+1)}
	roles := []*discordgo.Role{{ID: id, Name: "@everyone", Permissions: discordgo.PermissionViewChannel | discordgo.PermissionSendMessages},
		{ID: "4" + id[1:], Name: "Gunbai", Permissions: bot.InvitePermissions}}
	srv.Guilds().SetChannel(&discordgo.Channel{ID: lg.gmChannel, GuildID: id, Type: discordgo.ChannelTypeGuildText, Name: "gm"})
	for k := range perGuild {
		var clans [2]store.Clan
		lg.players = append(lg.players, [2]discordtest.Member{})
		lg.channels = append(lg.channels, [2]string{})
		for side := range 2 {
			n := fmt.Sprintf("%d%02d%03d%011d", side+1, k, g, 0)
			role, channel := "3"+n, "2"+n
			roles = append(roles, &discordgo.Role{ID: role, Name: "clan" + n})
			srv.Guilds().SetChannel(&discordgo.Channel{ID: channel, GuildID: id, Type: discordgo.ChannelTypeGuildText, Name: "clan-" + n})
			clans[side] = store.Clan{RoleID: role, ChannelID: channel}
			lg.players[k][side] = discordtest.Member{UserID: "1" + n, Roles: []string{role}, Locale: "ru"}
			lg.channels[k][side] = channel
		}
		// The deadlines a second apart, in an order that is not the
		// store's (battle k of every guild before battle k+1 of any), so
		// that resolving in the store's order would not be the
		// deadlines' order.
		clock.Set(loadStart.Add(time.Duration(k*guilds+g) * time.Second))
		rec, err := svc.Create(id, game.CreateRequest{Name: fmt.Sprintf("Битва %d", k), North: clans[0], South: clans[1], GMChannelID: lg.gmChannel, Locale: "ru"})
		if err != nil {
			b.Fatal(err)
		}
		if _, err := svc.Start(id, rec.ID, false); err != nil {
			b.Fatal(err)
		}
		for side := range 2 {
			seat, err := svc.Seats().SeatOf(id, lg.players[k][side].Roles)
			if err != nil {
				b.Fatal(err)
			}
			if r, err := svc.Roll(seat, engine.StakeLow); err != nil {
				b.Fatal(err)
			} else if !r.Final {
				svc.Reroll(seat, seat.Battle.Turn, "")
			}
		}
	}
	srv.Guilds().SetRoles(id, roles)
	srv.Guilds().SetMemberRoles(id, srv.AppID(), "4"+id[1:])
	return lg
}
