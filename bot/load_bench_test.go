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
// a burst of 200 at once, then every deadline falling due together. It
// reports the acknowledgements' p50 and p99, the time from the deadline to
// the last post delivered, the process's RSS at the end and at its peak
// (the fake and the test's bookkeeping included, though the fake keeps no
// uploaded pictures: Lean), the store file's size and the CPU time used.
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

func (c *loadClock) Now() time.Time { c.mu.Lock(); defer c.mu.Unlock(); return c.now }
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
		gs[g] = setUpLoadGuild(b, srv, svc, g, perGuild)
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
	order := func(n int) discordtest.Interaction {
		g := &gs[n%len(gs)]
		k := (n / len(gs)) % len(g.players)
		side := (n / (len(gs) * len(g.players))) % 2
		unit := [2]string{"n-yari", "s-yari"}[side]
		return srv.Interactions().SlashCommand(g.id, g.channels[k][side], g.players[k][side], "order", discordtest.StringOpt("unit", unit), discordtest.StringOpt("order", "wait"))
	}
	tick := time.NewTicker(time.Minute / 1000)
	start := time.Now()
	for n := 0; time.Since(start) < paced; n++ {
		<-tick.C
		id, err := srv.Interactions().Dispatch(order(n))
		if err != nil {
			b.Fatal(err)
		}
		paceAcks = append(paceAcks, waitAck(b, srv, id))
	}
	tick.Stop()
	var ids []string
	for n := range 200 {
		id, err := srv.Interactions().Dispatch(order(7919 * (n + 1)))
		if err != nil {
			b.Fatal(err)
		}
		ids = append(ids, id)
	}
	for _, id := range ids {
		burst = append(burst, waitAck(b, srv, id))
	}
	slices.Sort(paceAcks)
	slices.Sort(burst)
	return paceAcks, burst
}

// deliverAll moves the clock past every deadline, ticks the bot, and
// returns once the outbox is empty, with how long that took and how many
// battles were resolved.
func deliverAll(svc *game.Service, clock *loadClock, tick func()) (time.Duration, int, error) {
	clock.Add(25 * time.Hour)
	due := time.Now()
	tick()
	for {
		owed, err := svc.Posts().Owed()
		if err != nil {
			return 0, 0, err
		}
		if len(owed) == 0 {
			break
		}
		if time.Since(due) > 10*time.Minute {
			return 0, 0, fmt.Errorf("%d posts still owed 10 minutes after the deadline", len(owed))
		}
		time.Sleep(50 * time.Millisecond)
	}
	delivered := time.Since(due)
	guilds, err := svc.Store.Guilds()
	if err != nil {
		return 0, 0, err
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
	return delivered, resolved, nil
}

// reportLoad reports the figures of one run.
func reportLoad(b *testing.B, battles int, paceAcks, burst []time.Duration, delivered time.Duration, rssKiB, peakKiB int, storePath string, cpu time.Duration) {
	fi, _ := os.Stat(storePath)
	b.ReportMetric(float64(battles), "battles")
	b.ReportMetric(ms(paceAcks[len(paceAcks)/2]), "paced-p50-ms")
	b.ReportMetric(ms(paceAcks[len(paceAcks)*99/100]), "paced-p99-ms")
	b.ReportMetric(ms(burst[len(burst)/2]), "burst-p50-ms")
	b.ReportMetric(ms(burst[len(burst)*99/100]), "burst-p99-ms")
	b.ReportMetric(delivered.Seconds(), "deadline-to-delivered-s")
	b.ReportMetric(float64(rssKiB)/1024, "RSS-MiB")
	b.ReportMetric(float64(peakKiB)/1024, "peak-RSS-MiB")
	b.ReportMetric(float64(fi.Size())/(1<<20), "store-MiB")
	b.ReportMetric(cpu.Seconds(), "CPU-s")
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
	// battles, and the outbox delivers every post.
	delivered, resolved, err := deliverAll(svc, clock, bt.Tick)
	if err != nil {
		b.Fatal(err)
	}
	bt.Wait()
	if want := guilds * perGuild; resolved != want {
		b.Errorf("%d of %d battles were resolved at their deadline", resolved, want)
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
	reportLoad(b, guilds*perGuild, paceAcks, burst, delivered, procStatusKiB("self", "VmRSS:"), procStatusKiB("self", "VmHWM:"), path, cpu)
	runtime.GC()
}

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
func setUpLoadGuild(b *testing.B, srv *discordtest.Server, svc *game.Service, g, perGuild int) loadGuild {
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
