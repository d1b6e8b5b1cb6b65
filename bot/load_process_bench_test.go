package bot_test

import (
	"bufio"
	"fmt"
	"io"
	"log"
	"os"
	"os/exec"
	"os/signal"
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
	paceAcks, burst := driveLoad(b, srv, gs, paced)
	time.Sleep(time.Second) // the burst's handlers finish
	child.Process.Signal(syscall.SIGUSR1)
	var secs float64
	var resolved int
	if _, err := fmt.Sscan(said("load: delivered "), &secs, &resolved); err != nil {
		b.Fatal(err)
	}
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
	reportLoad(b, guilds*perGuild, paceAcks, burst, time.Duration(secs*float64(time.Second)), rss, peak, path, cpu)
}

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
	fmt.Println("load: ready")
	for sig := range signals {
		if sig == syscall.SIGTERM {
			break
		}
		delivered, resolved, err := deliverAll(svc, clock, bt.Tick)
		if err != nil {
			t.Fatal(err)
		}
		fmt.Printf("load: delivered %.3f %d\n", delivered.Seconds(), resolved)
	}
	bt.Close()
	st.Close()
}
