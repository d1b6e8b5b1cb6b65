package bot_test

import (
	"bufio"
	"fmt"
	"io"
	"log"
	"os"
	"os/exec"
	"os/signal"
	"runtime/pprof"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/gunbai/gunbai/bot"
	"github.com/gunbai/gunbai/bot/discordtest"
	"github.com/gunbai/gunbai/game"
	"github.com/gunbai/gunbai/store"
)

// BenchmarkLoadOwnProcess is BenchmarkLoad with the bot in a process of
// its own, as it runs on a host: this process is the fake Discord and the
// players, the other one the bot (this test binary again, running
// TestLoadBot) on the store this one prepared, talking to the fake over
// loopback through its API base. The RSS and CPU reported are the bot
// process's alone.
func BenchmarkLoadOwnProcess(b *testing.B) {
	guilds, perGuild, paced := 100, 10, 15*time.Second
	if testing.Short() {
		guilds, perGuild, paced = 10, 10, 2*time.Second
	}
	for b.Loop() {
		runLoadOwnProcess(b, guilds, perGuild, paced)
	}
}

func runLoadOwnProcess(b *testing.B, guilds, perGuild int, paced time.Duration) {
	srv := discordtest.New(b)
	path := b.TempDir() + "/load.db"
	gs, svc, _ := setUpLoad(b, srv, path, guilds, perGuild)
	if err := svc.Store.Close(); err != nil {
		b.Fatal(err)
	}
	child := exec.Command(os.Args[0], "-test.run=^TestLoadBot$")
	child.Env = append(os.Environ(), "GUNBAI_LOAD_STORE="+path, "GUNBAI_LOAD_API="+srv.URL()+"/api/v9/")
	child.Stderr = os.Stderr
	out, err := child.StdoutPipe()
	if err != nil {
		b.Fatal(err)
	}
	if err := child.Start(); err != nil {
		b.Fatal(err)
	}
	defer child.Process.Kill()
	lines := make(chan string, 8)
	go func() {
		sc := bufio.NewScanner(out)
		for sc.Scan() {
			lines <- sc.Text()
		}
		close(lines)
	}()
	said := func(prefix string) string {
		for {
			select {
			case l, ok := <-lines:
				if !ok {
					b.Fatalf("the bot's process ended before saying %q", prefix)
				}
				if rest, ok := strings.CutPrefix(l, prefix); ok {
					return rest
				}
			case <-time.After(15 * time.Minute):
				b.Fatalf("the bot's process did not say %q", prefix)
			}
		}
	}
	said("load: ready")
	last := gs[len(gs)-1].id
	if !srv.WaitFor(func() bool { return len(srv.Interactions().Commands(last)) > 0 }, time.Minute) {
		b.Fatal("the bot did not register its commands")
	}
	stopBusy := busyCores(b)
	defer stopBusy()
	paceAcks, burst := driveLoad(b, srv, gs, paced)
	time.Sleep(time.Second) // the burst's handlers finish
	at := time.Now()
	child.Process.Signal(syscall.SIGUSR1)
	time.Sleep(stormBurstAfter)
	storm := loadBurst(b, srv, gs, func(n int) discordtest.Interaction { return loadRoll(srv, gs, 104729*(n+1)) })
	var secs, stormCPU float64
	var resolved int
	if _, err := fmt.Sscan(said("load: delivered "), &secs, &resolved, &stormCPU); err != nil {
		b.Fatal(err)
	}
	stopBusy()
	if want := guilds * perGuild; resolved != want {
		b.Errorf("%d of %d battles were resolved at their deadline", resolved, want)
	}
	pid := strconv.Itoa(child.Process.Pid)
	rss, peak := procStatusKiB(pid, "VmRSS:"), procStatusKiB(pid, "VmHWM:")
	child.Process.Signal(syscall.SIGTERM)
	if err := child.Wait(); err != nil {
		b.Fatalf("the bot's process: %v", err)
	}
	ru := child.ProcessState.SysUsage().(*syscall.Rusage)
	cpu := time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
	seconds := func(s float64) time.Duration { return time.Duration(s * float64(time.Second)) }
	reportLoad(b, loadFigures{battles: guilds * perGuild, paced: paceAcks, burst: burst, storm: storm,
		delivered: seconds(secs), posted: turnPosted(b, srv, gs, at), rssKiB: rss, peakKiB: peak,
		storePath: path, cpu: cpu, stormCPU: seconds(stormCPU)})
}

// busyCores keeps LOAD_BUSY of the machine's cores busy (1 by default: on
// the 2-core machine the issue measures on, the other core), each with a
// process spinning at the same priority as the bot, for as long as the
// load runs; LOAD_BUSY=0 measures a quiet machine. The returned function
// stops them (and may be called again).
func busyCores(b *testing.B) func() {
	n := 1
	if v, err := strconv.Atoi(os.Getenv("LOAD_BUSY")); err == nil {
		n = v
	}
	b.ReportMetric(float64(n), "busy-cores")
	var spinners []*exec.Cmd
	for range n {
		c := exec.Command(os.Args[0], "-test.run=^TestLoadSpin$")
		c.Env = append(os.Environ(), "GUNBAI_LOAD_SPIN=1", "GOMAXPROCS=1")
		if err := c.Start(); err != nil {
			b.Fatal(err)
		}
		spinners = append(spinners, c)
	}
	return func() {
		for _, c := range spinners {
			c.Process.Kill()
			c.Wait()
		}
		spinners = nil
	}
}

// TestLoadSpin is a busy core of BenchmarkLoadOwnProcess (skipped
// otherwise): it spins until killed.
func TestLoadSpin(t *testing.T) {
	if os.Getenv("GUNBAI_LOAD_SPIN") == "" {
		t.Skip("a busy core of BenchmarkLoadOwnProcess")
	}
	for x := uint64(1); ; x = x*6364136223846793005 + 1442695040888963407 {
		spun = x
	}
}

// spun keeps TestLoadSpin's loop from being optimized away.
var spun uint64

// TestLoadBot is the bot's process of BenchmarkLoadOwnProcess (skipped
// otherwise): the bot on the prepared store, through the fake's API base;
// SIGUSR1 moves its clock past every deadline and ticks it, and it says
// when the outbox is empty; SIGTERM stops it.
func TestLoadBot(t *testing.T) {
	t.Parallel()
	path, api := os.Getenv("GUNBAI_LOAD_STORE"), os.Getenv("GUNBAI_LOAD_API")
	if path == "" {
		t.Skip("the bot's process of BenchmarkLoadOwnProcess")
	}
	st, err := store.Open(path, store.Options{})
	if err != nil {
		t.Fatal(err)
	}
	clock := &loadClock{now: loadStart}
	svc := &game.Service{Store: st, Now: clock.Now, TurnDeadline: 24 * time.Hour}
	bt, err := bot.Dial(bot.Conn{Token: "test-token", APIBase: api}, svc,
		bot.Options{GMRole: "Мастер", Locale: "ru", Log: log.New(io.Discard, "", 0), RetryBase: 20 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	signals := make(chan os.Signal, 2)
	signal.Notify(signals, syscall.SIGUSR1, syscall.SIGTERM)
	if err := bt.Start(); err != nil {
		t.Fatal(err)
	}
	if path := os.Getenv("LOAD_CPUPROFILE_ORDERS"); path != "" {
		// Where the bot's CPU goes while the orders come.
		if f, err := os.Create(path); err == nil {
			pprof.StartCPUProfile(f)
			defer f.Close()
		}
	}
	fmt.Println("load: ready")
	for sig := range signals {
		if sig == syscall.SIGTERM {
			break
		}
		pprof.StopCPUProfile()
		if path := os.Getenv("LOAD_CPUPROFILE"); path != "" {
			// Where the bot's CPU goes in the storm.
			if f, err := os.Create(path); err == nil {
				pprof.StartCPUProfile(f)
				defer f.Close()
			}
		}
		delivered, resolved, cpu, err := deliverAll(svc, clock, bt.Tick)
		pprof.StopCPUProfile()
		if err != nil {
			t.Fatal(err)
		}
		fmt.Printf("load: delivered %.3f %d %.3f\n", delivered.Seconds(), resolved, cpu.Seconds())
	}
	bt.Close()
	st.Close()
}
