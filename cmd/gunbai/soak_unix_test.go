//go:build unix

package main

import (
	"bufio"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"math/rand/v2"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
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
	"github.com/gunbai/gunbai/internal/racetest"
	"github.com/gunbai/gunbai/render"
	"github.com/gunbai/gunbai/store"
)

// The kill -9 soak (issue 10, item 9): a real `gunbai run` process, pointed
// at a fake Discord through [discord] api_base alone, plays battles as a GM
// and two players would while it is killed with SIGKILL at random moments
// and started again on the same store file. The process is this test
// binary run again as gunbai (soakChildEnv, see init below): no go build,
// no toolchain needed at test time.
//
//	go test ./cmd/gunbai -run Kill                                # the three soaks, 10 kills each (5 a process): ~25 s
//	go test ./cmd/gunbai -run 'KillSoak$' -soak.kills=300 -timeout=30m # long: ~80 s
//	go test ./cmd/gunbai -run Kill -soak.seed=N -v              # replay the seed a run logged
//
// The seed fixes the plan (which interactions are followed by a kill, the
// delays, the orders given); the machine's timing decides exactly what the
// bot was doing when each kill lands, so a replay takes the same path until
// timing makes it differ. Every kill is logged with its delay and the
// interaction it was armed for.
//
// Two more soaks run the same checks (issue 25, item 1): two shard
// processes of one bot at once, each killed at random
// (TestKillSoakTwoProcesses), and one bot across a restore of its store
// from a backup (TestKillSoakAfterRestore).
//
// After every restart, once the bot has registered its commands and the
// posts owed for what the store holds (asked with /battle list) are in the
// channels, and again at the end, the test asserts:
//   - every turn's results ("ход N. Зерно костей", with its picture) are in
//     each channel (north, south, GM) once, the turns strictly increasing,
//     each opened once before it is resolved;
//   - no message is in a channel twice: no two messages of one turn with
//     the same content, and every message was posted with a nonce of its
//     own (a nonce sent again, after a crash, brought back its first
//     message: the fake's enforce_nonce; a nonce sent again with other
//     content would be a post that took another's ID, lost);
//   - every order answered "Приказ принят" / "Order accepted" is in its
//     side's orders (/orders while its turn is open, the store at the end);
//   - at the end, after SIGTERM, the store's outbox is empty.
//
// A player whose answer was lost to a kill does what a player would: asks
// again with a new interaction (/roll brings a lost roll back; a second
// "ready" is sent only if the turn has not moved on; the GM names the turn
// he resolves, and "already resolved" is an answer like another).
var (
	soakKills = flag.Int("soak.kills", 10, "kill -9 soak (TestKillSoak): how many times to SIGKILL the bot")
	soakSeed  = flag.Uint64("soak.seed", 0, "kill -9 soak: the seed of its kills and orders (0: from the clock; it is logged)")
)

// soakFlagSet reports whether the command line set the flag.
func soakFlagSet(name string) (set bool) {
	flag.Visit(func(f *flag.Flag) { set = set || f.Name == name })
	return set
}

// soakChildEnv makes the test binary gunbai: `gunbai.test run -config F`
// with the environment variable set is `gunbai run -config F`, reaching
// nothing but 127.0.0.1.
const soakChildEnv = "GUNBAI_KILL_SOAK_CHILD"

func init() {
	if os.Getenv(soakChildEnv) != "1" {
		return
	}
	adjustConn = func(c *bot.Conn) {
		c.Wire = func(s *discordgo.Session) { s.Client = &http.Client{Transport: loopbackOnly{}} }
	}
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

const soakToken = "kill-soak-token"

// soakPlace is a guild as the soak sets it up: the GM's, North's and
// South's roles and channels, the bot's role, and the three people.
type soakPlace struct {
	guild                string
	roleGM, roleN, roleS string
	roleBot              string
	chanGM, chanN, chanS string
	gm                   discordtest.Member
	sides                [2]soakSide
	channels             []string // North's, South's, the GM's
}

// newSoakPlace sets up the k-th guild of the fake, its IDs its own: the
// fake's own guild when guild is "", else that one, added.
func newSoakPlace(srv *discordtest.Server, k int, guild string) soakPlace {
	id := func(base uint64) string { return strconv.FormatUint(base+uint64(100*k), 10) }
	if guild == "" {
		guild = srv.GuildID()
	} else {
		srv.Guilds().Add(guild, "Guild "+strconv.Itoa(k))
	}
	pl := soakPlace{guild: guild,
		roleGM: id(910000000000000001), roleN: id(910000000000000002), roleS: id(910000000000000003), roleBot: id(910000000000000009),
		chanGM: id(810000000000000001), chanN: id(810000000000000002), chanS: id(810000000000000003)}
	pl.gm = discordtest.Member{UserID: id(710000000000000001), Username: "gm", Roles: []string{pl.roleGM}, Locale: "ru"}
	north := discordtest.Member{UserID: id(710000000000000002), Username: "nobunaga", Roles: []string{pl.roleN}, Locale: "ru"}
	south := discordtest.Member{UserID: id(710000000000000003), Username: "nagamasa", Roles: []string{pl.roleS}, Locale: "en-US"}
	pl.sides = [2]soakSide{{"north", north, pl.chanN, render.RU}, {"south", south, pl.chanS, render.EN}}
	pl.channels = []string{pl.chanN, pl.chanS, pl.chanGM}
	srv.Guilds().SetRoles(guild, []*discordgo.Role{
		{ID: guild, Name: "@everyone", Permissions: discordgo.PermissionViewChannel | discordgo.PermissionSendMessages},
		{ID: pl.roleGM, Name: "Мастер"}, {ID: pl.roleN, Name: "Ода"}, {ID: pl.roleS, Name: "Асаи"},
		{ID: pl.roleBot, Name: "Gunbai", Permissions: bot.InvitePermissions},
	})
	srv.Guilds().SetMemberRoles(guild, srv.AppID(), pl.roleBot)
	for ch, role := range map[string]string{pl.chanGM: pl.roleGM, pl.chanN: pl.roleN, pl.chanS: pl.roleS} {
		srv.Guilds().SetChannel(&discordgo.Channel{ID: ch, GuildID: guild, Type: discordgo.ChannelTypeGuildText, Name: "ch-" + ch[len(ch)-1:],
			PermissionOverwrites: []*discordgo.PermissionOverwrite{
				{ID: guild, Type: discordgo.PermissionOverwriteTypeRole, Deny: discordgo.PermissionViewChannel},
				{ID: role, Type: discordgo.PermissionOverwriteTypeRole, Allow: discordgo.PermissionViewChannel | discordgo.PermissionSendMessages},
				{ID: pl.roleBot, Type: discordgo.PermissionOverwriteTypeRole, Allow: bot.InvitePermissions},
			}})
	}
	return pl
}

// What the bot posts in the battles' channels (battle locale ru).
var (
	soakReCreated  = regexp.MustCompile(`^Создана битва «(.+?)»:`)
	soakReOpened   = regexp.MustCompile(`^Битва «(.+?)», ход (\d+) открыт\.`)
	soakReResults  = regexp.MustCompile(`^Битва «(.+?)», ход (\d+)\. Зерно костей:`)
	soakReOver     = regexp.MustCompile(`^Битва «(.+?)» окончена(?: мастером)? (?:после хода \d+|до первого хода)`)
	soakReListLine = regexp.MustCompile(`^• (.+?) — ([^,]+), ход (\d+)`)
	// A finished battle's line says after which turn it ended (game.Ending).
	soakReListOver = regexp.MustCompile(`^• (.+?) — (окончена)(?: мастером)? (?:после хода (\d+)|до первого хода)`)

	soakReMessagePost = regexp.MustCompile(`^/channels/\d+/messages$`)
)

// The players' orders are drawn from these (refusals are answers too).
var (
	soakOrderKinds = []string{"move", "move", "wait", "hold", "wheel_left", "wheel_right"}
	soakUnits      = [2][]string{
		{"n-hatamoto", "n-yari", "n-ashigaru", "n-sohei", "n-uma", "n-yumi"},
		{"s-yari", "s-ashigaru", "s-hatamoto", "s-uma", "s-sohei", "s-teppo"},
	}
)

// Kill windows: how likely an interaction is followed by a kill, and the
// longest delay; a resolution renders and posts nine messages, a start
// posts what a crash left owed.
const (
	soakCmdP, soakCmdWindow         = 0.25, 25 * time.Millisecond
	soakResolveP, soakResolveWindow = 0.6, 300 * time.Millisecond
	soakStartP, soakStartWindow     = 0.3, 250 * time.Millisecond
	soakWait                        = 20 * time.Second // bound of any wait for the bot
)

type soakSide struct {
	name    string
	m       discordtest.Member
	channel string
	lang    render.Lang
}

// soakOrderKey is one order's place: a side's unit and phase in a turn.
type soakOrderKey struct {
	battle string
	turn   int
	side   int
	unit   string
	phase  int
}

// soakBattle is what the players know of a battle.
type soakBattle struct {
	name     string
	turn     int // the turn taking orders
	finished bool
}

// soakState is a battle as /battle list shows it.
type soakState struct {
	status string // "расстановка", "приказы", "окончена", ...
	turn   int
}

type soaker struct {
	soakPlace
	t        *testing.T
	srv      *discordtest.Server
	exe      string
	config   string
	path     string // the store file
	logPath  string
	seed     uint64
	game     *rand.Rand // orders, stakes, choices
	killRand *rand.Rand // which interactions get a kill, and when
	target   int        // kills to make
	killLog  *soakKillLog
	// battleName names its battles ("Анэгава", "Анэгава 2"...).
	battleName string

	mu     sync.Mutex // guards what the kill timer touches
	cmd    *exec.Cmd
	exited chan struct{}
	killed map[*exec.Cmd]bool
	timer  *time.Timer
	armed  bool
	tried  int

	runs, survived, lost, retries int
	restart                       []time.Duration // from start to commands registered
	accepted                      map[soakOrderKey]string
	refusedAgain                  int // orders refused when sent again after a lost answer
	acceptedCount                 int
	battles                       []*soakBattle
	resolvedBy                    map[string]int // "gm", "ready"
	checks                        int
	refused                       int
	resends                       int            // message posts sent again with their nonce
	killsAt                       map[string]int // what the kills were armed after

	// After a restore (TestKillSoakAfterRestore) the channels are checked
	// from where they stood then: from is each channel's messages before
	// it, base the battles as the restored store has them.
	from map[string]int
	base map[string]soakState
}

// soakKillLog is when the kills were made, by every soaker of one fake: a
// request cut short by a kill is excused.
type soakKillLog struct {
	mu    sync.Mutex
	times []time.Time
}

func (l *soakKillLog) add(t time.Time) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.times = append(l.times, t)
}

func (l *soakKillLog) all() []time.Time {
	l.mu.Lock()
	defer l.mu.Unlock()
	return slices.Clone(l.times)
}

// soakKillCount is how many kills a soak makes: -soak.kills, halved under
// -race unless the flag is given.
func soakKillCount(t *testing.T) int {
	if testing.Short() && *soakKills > 10 {
		t.Skip("a long soak is not for -short")
	}
	kills := *soakKills
	if !soakFlagSet("soak.kills") {
		kills = racetest.Div(kills, 2) // under -race, half as many
	}
	return kills
}

// soakSeedOf is -soak.seed, or one from the clock.
func soakSeedOf() uint64 {
	if *soakSeed != 0 {
		return *soakSeed
	}
	return uint64(time.Now().UnixNano())
}

// newSoakServer is the fake Discord of a soak, the bot's token known.
func newSoakServer(t *testing.T) *discordtest.Server {
	srv := discordtest.New(t)
	// A request cut short by a kill (a picture half uploaded) is not the
	// bot's fault: violations are checked at the end, those excused.
	srv.AllowViolations()
	if _, err := srv.Session(soakToken); err != nil { // makes the token known
		t.Fatal(err)
	}
	return srv
}

// newSoaker prepares a soak of the place's guild: its config (discord
// adds to its [discord] table), store and log in a folder of their own.
func newSoaker(t *testing.T, srv *discordtest.Server, pl soakPlace, seed uint64, kills int, discord string, killLog *soakKillLog) *soaker {
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	s := &soaker{
		soakPlace: pl, t: t, srv: srv, exe: exe, seed: seed, killLog: killLog, battleName: "Анэгава",
		config: filepath.Join(dir, "config.toml"), path: filepath.Join(dir, "gunbai.db"), logPath: filepath.Join(dir, "gunbai.log"),
		game: rand.New(rand.NewPCG(seed, 1)), killRand: rand.New(rand.NewPCG(seed, 2)), target: kills,
		killed: map[*exec.Cmd]bool{}, accepted: map[soakOrderKey]string{}, resolvedBy: map[string]int{}, killsAt: map[string]int{},
	}
	if err := os.WriteFile(s.config, []byte(`[discord]
guilds = [`+strconv.Quote(pl.guild)+`]
gm_role = `+strconv.Quote(pl.roleGM)+`
api_base = `+strconv.Quote(srv.URL()+"/api/v9")+`
`+discord+`
[store]
path = `+strconv.Quote(s.path)+`
open_timeout = "2s"
`), 0o644); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(s.cleanup)
	return s
}

func TestKillSoak(t *testing.T) {
	began := time.Now()
	kills, seed := soakKillCount(t), soakSeedOf()
	t.Logf("kill soak: %d kills, seed %d (replay: go test ./cmd/gunbai -run Kill -soak.kills=%d -soak.seed=%d)", kills, seed, kills, seed)
	srv := newSoakServer(t)
	s := newSoaker(t, srv, newSoakPlace(srv, 0, ""), seed, kills, "", &soakKillLog{})
	s.play()
	played := time.Since(began)
	lostOrders := s.finish()
	s.checkViolations()
	s.report(lostOrders, played, time.Since(began))
}

// The kill soak with two shard processes of one bot at once (issue 25,
// item 1), as the README's sharding section runs them: one token, one
// (fake) Discord, shards = 2, each process its own shard, config and
// store, each killed at random. Both stores number their posts alike, so
// only nonces of their own keep Discord from answering one process's post
// with the other's message: every post must reach its guild's channels
// once, and no nonce be sent again with other content. Each process gets
// half the kills (-soak.kills, halved under -race: 5 each, 2 under -race).
func TestKillSoakTwoProcesses(t *testing.T) {
	began := time.Now()
	kills, seed := soakKillCount(t), soakSeedOf()
	each := max(1, kills/2)
	t.Logf("kill soak with two processes: %d kills each, seed %d (replay: go test ./cmd/gunbai -run TwoProcesses -soak.kills=%d -soak.seed=%d)", each, seed, kills, seed)
	srv := newSoakServer(t)
	killLog := &soakKillLog{}
	// A second guild on the other of two shards.
	other := uint64(1200000000000000001)
	if discordtest.ShardOf(strconv.FormatUint(other, 10), 2) == discordtest.ShardOf(srv.GuildID(), 2) {
		other += 1 << 22
	}
	var soakers [2]*soaker
	for k, g := range []string{"", strconv.FormatUint(other, 10)} {
		pl := newSoakPlace(srv, k, g)
		shards := fmt.Sprintf("shards = 2\nshard_ids = \"%d\"\n", discordtest.ShardOf(pl.guild, 2))
		soakers[k] = newSoaker(t, srv, pl, seed+uint64(k), each, shards, killLog)
	}
	soakers[1].battleName = "Нагасино"
	var lost [2]int
	t.Run("shards", func(t *testing.T) {
		for k, s := range soakers {
			t.Run(strconv.Itoa(k), func(t *testing.T) {
				t.Parallel()
				s.t = t
				s.play()
				lost[k] = s.finish()
			})
		}
	})
	if t.Failed() {
		return
	}
	// Each process ran its own shard of two, one token for both.
	shards := map[int]int{}
	for _, id := range srv.Gateway().Identifies() {
		if id.Shard == nil || id.Shard[1] != 2 {
			t.Fatalf("IDENTIFY with shard %v", id.Shard)
		}
		shards[id.Shard[0]]++
	}
	if shards[0] == 0 || shards[1] == 0 {
		t.Fatalf("IDENTIFYs by shard: %v", shards)
	}
	for k, s := range soakers {
		s.t = t
		// Each guild's channels again, now that both bots have stopped:
		// every turn once, every message with a nonce of its own.
		s.checkChannels(true)
		s.report(lost[k], time.Since(began), time.Since(began))
	}
	soakers[0].checkViolations()
}

// The kill soak across a restore (issue 25, item 1), as the README's
// restore section has a GM do it: a battle is fought, `gunbai backup`
// copies the store beside the running bot, more turns are posted, then
// the bot is stopped, the copy put in the store's place, and the bot
// started again. The restored store numbers its next posts as the store
// it replaced numbered the posts made after the copy, which Discord has
// seen minutes ago: every post owed after the restore must reach the
// channels all the same (the turns taken back are posted anew, none
// answered with an earlier message), and the bot, now killed at random,
// must still find its own earlier messages by their nonces (no post
// twice).
func TestKillSoakAfterRestore(t *testing.T) {
	began := time.Now()
	kills, seed := soakKillCount(t), soakSeedOf()
	t.Logf("kill soak after a restore: %d kills, seed %d (replay: go test ./cmd/gunbai -run Restore -soak.kills=%d -soak.seed=%d)", kills, seed, kills, seed)
	srv := newSoakServer(t)
	s := newSoaker(t, srv, newSoakPlace(srv, 0, ""), seed, 0, "", &soakKillLog{})
	b := &soakBattle{name: s.battleName, turn: 1}
	s.battles = append(s.battles, b)
	s.create(b)
	s.playTurn(b)
	backup := filepath.Join(t.TempDir(), "gunbai-backup.db")
	if code, out, errs := gunbai("backup", s.path, backup); code != 0 || !strings.Contains(out, "снята на ходу") {
		t.Fatalf("gunbai backup beside the bot: %d %q %q", code, out, errs)
	}
	for range racetest.Div(2, 2) { // under -race, one turn after the copy
		if !b.finished {
			s.playTurn(b)
		}
	}
	posted := b.turn - 1
	s.stop()
	s.restore(backup)
	if b.turn > posted {
		t.Fatalf("the backup holds turn %d, the channels had turns up to %d", b.turn, posted)
	}
	t.Logf("restored at turn %d after turns up to %d were posted", b.turn, posted)
	s.lostAnswerCrash(b)
	s.mu.Lock()
	s.target = s.tried + racetest.Div(kills, 2) // 10, 3 under -race
	s.mu.Unlock()
	for !b.finished && (s.kills() < s.target || b.turn <= posted) {
		s.playTurn(b)
	}
	s.play()
	played := time.Since(began)
	lostOrders := s.finish()
	s.checkViolations()
	s.report(lostOrders, played, time.Since(began))
}

// lostAnswerCrash: Discord creates North's roll message but its answer is
// lost (a 500), and the bot is killed before it tries again; started
// again, it sends the post with its nonce and is answered with that
// message, and no second one.
func (s *soaker) lostAnswerCrash(b *soakBattle) {
	// North's posts of the battle go into its thread in his channel, if
	// it has one (issue 28).
	route := "/channels/" + s.chanN + "/messages"
	for _, th := range s.srv.Messages().Threads(s.chanN) {
		if strings.Contains(th.Name, b.name) {
			route = "/channels/" + th.ID + "/messages"
		}
	}
	failed := func() bool {
		return slices.ContainsFunc(s.srv.Calls(), func(c discordtest.Call) bool { return c.Route == route && c.Status == 500 })
	}
	clear := s.srv.Faults().Fail(discordtest.FaultMatch{Method: http.MethodPost, Route: route},
		discordtest.Fault{Status: 500, Message: "500: Internal Server Error", Deliver: true})
	defer clear()
	posted := len(s.srv.Messages().Under(s.chanN))
	s.roll(b, 0)
	if !s.srv.WaitFor(failed, soakWait) {
		s.fatalf("North's roll was not posted")
	}
	s.mu.Lock()
	cmd := s.cmd
	if err := cmd.Process.Signal(syscall.SIGKILL); err != nil { // its retry waits 2 s
		s.fatalf("SIGKILL: %v", err)
	}
	s.killed[cmd] = true
	s.mu.Unlock()
	killed := time.Now()
	s.killLog.add(killed)
	<-s.exited
	s.launch()
	again := func() bool {
		return slices.ContainsFunc(s.srv.Calls(), func(c discordtest.Call) bool {
			return c.Route == route && c.Status == http.StatusOK && c.Time.After(killed)
		})
	}
	if !s.srv.WaitFor(again, soakWait) || !s.settle() {
		s.fatalf("the roll's post was not sent again after the restart")
	}
	if n := len(s.srv.Messages().Under(s.chanN)) - posted; n != 1 {
		s.fatalf("North's roll made %d messages, sent again after the crash", n)
	}
}

// restore puts the backup in the stopped bot's store's place, as the
// README says (the store moved aside, the copy copied over it): the
// channels are checked from here on, from the battles as the copy has
// them.
func (s *soaker) restore(backup string) {
	if err := os.Rename(s.path, s.path+".bad"); err != nil {
		s.t.Fatal(err)
	}
	data, err := os.ReadFile(backup)
	if err != nil {
		s.t.Fatal(err)
	}
	if err := os.WriteFile(s.path, data, 0o600); err != nil {
		s.t.Fatal(err)
	}
	st, err := store.Open(s.path, store.Options{ReadOnly: true})
	if err != nil {
		s.t.Fatal(err)
	}
	defer st.Close()
	s.from, s.base = map[string]int{}, map[string]soakState{}
	for _, ch := range s.channels {
		s.from[ch] = len(s.srv.Messages().Under(ch))
	}
	for _, b := range s.battles {
		var rec store.BattleRecord
		if err := st.View(func(tx *store.Tx) (err error) {
			rec, err = tx.Battle(s.guild, game.BattleID(b.name))
			return err
		}); err != nil {
			s.t.Fatal(err)
		}
		if rec.Status != store.StatusCommand {
			s.t.Fatalf("battle %s in the backup: %s", b.name, rec.Status)
		}
		b.turn, b.finished = rec.Turn, false
		s.base[b.name] = soakState{status: "приказы", turn: rec.Turn}
		for k := range s.accepted {
			if k.battle == b.name && k.turn >= rec.Turn {
				delete(s.accepted, k) // given after the copy: gone with it
			}
		}
	}
	s.mu.Lock()
	s.cmd = nil // stopped, not dead: started again by the next up
	s.mu.Unlock()
}

// report logs the soak's figures.
func (s *soaker) report(lostOrders int, played, all time.Duration) {
	var sum time.Duration
	for _, d := range s.restart {
		sum += d
	}
	avg := time.Duration(0)
	if len(s.restart) > 0 {
		avg = sum / time.Duration(len(s.restart))
	}
	turns := 0
	for _, b := range s.battles {
		turns += b.turn - 1
	}
	s.t.Logf("kill soak of guild %s, seed %d: %d kills tried, %d survived; %d runs of gunbai (average start to commands registered %v); "+
		"kills armed after a command %d, a resolution %d, a start %d; "+
		"%d battles, %d turns resolved (GM %d, ready %d); %d orders accepted (%d refused by the rules), %d lost (%d refused when sent again after a lost answer); "+
		"%d answers lost to kills, %d retries; %d message posts sent again after a kill, each answered with its first message (0 duplicates); "+
		"%d checks passed; played in %v, %v in all",
		s.guild, s.seed, s.tried, s.survived, s.runs, avg.Round(time.Millisecond), s.killsAt["command"], s.killsAt["resolution"], s.killsAt["start"],
		len(s.battles), turns, s.resolvedBy["gm"], s.resolvedBy["ready"], s.acceptedCount, s.refused, lostOrders, s.refusedAgain,
		s.lost, s.retries, s.resends, s.checks, played.Round(time.Millisecond), all.Round(time.Millisecond))
}

// play fights battles until the kills are made, then ends the turn it is in.
func (s *soaker) play() {
	for s.kills() < s.target {
		name := s.battleName
		if n := len(s.battles) + 1; n > 1 {
			name = fmt.Sprintf("%s %d", s.battleName, n)
		}
		b := &soakBattle{name: name, turn: 1}
		s.battles = append(s.battles, b)
		s.create(b)
		for !b.finished && s.kills() < s.target {
			s.playTurn(b)
		}
	}
}

func (s *soaker) kills() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.tried
}

// create has the GM create and start a battle.
func (s *soaker) create(b *soakBattle) {
	create := discordtest.Subcommand("create", discordtest.StringOpt("name", b.name),
		discordtest.RoleOpt("north_role", s.roleN), discordtest.ChannelOpt("north_channel", s.chanN),
		discordtest.RoleOpt("south_role", s.roleS), discordtest.ChannelOpt("south_channel", s.chanS),
		discordtest.ChannelOpt("gm_channel", s.chanGM))
	r, _, _ := s.act("create "+b.name, soakCmdP, soakCmdWindow, func() discordtest.Interaction {
		return s.srv.Interactions().SlashCommand(s.guild, s.chanGM, s.gm, "battle", create)
	}, nil)
	if !strings.Contains(r.Content, "создана") && !strings.Contains(r.Content, "уже есть") {
		s.fatalf("create %s: %q", b.name, r.Content)
	}
	r, _, _ = s.act("start "+b.name, soakCmdP, soakCmdWindow, func() discordtest.Interaction {
		return s.srv.Interactions().SlashCommand(s.guild, s.chanGM, s.gm, "battle", discordtest.Subcommand("start", discordtest.StringOpt("battle", b.name)))
	}, nil)
	if !strings.Contains(r.Content, "началась") && !strings.Contains(r.Content, "уже начата") {
		s.fatalf("start %s: %q", b.name, r.Content)
	}
}

// soakRepeatOf: got is the answer to a command re-sent after its answer
// was lost to a kill (issue 25 item 3): done once, it says so, with the
// answer it had (want) or that the bot died before giving one.
func soakRepeatOf(lang render.Lang, got, want string) bool {
	return strings.HasSuffix(got, render.T(lang, "retry.answer")+"\n"+want) || strings.HasSuffix(got, render.T(lang, "retry.no_answer"))
}

// playTurn: both sides roll and accept, give a few orders, then the GM
// resolves the turn or both sides say they are ready.
func (s *soaker) playTurn(b *soakBattle) {
	first := s.game.IntN(2)
	for _, side := range []int{first, 1 - first} {
		s.roll(b, side)
	}
	for range 2 + s.game.IntN(4) {
		s.order(b, s.game.IntN(2))
	}
	turn := b.turn
	if s.game.IntN(2) == 0 {
		s.resolvedBy["gm"]++
		r, _, _ := s.act(fmt.Sprintf("GM resolve %s turn %d", b.name, turn), soakResolveP, soakResolveWindow, func() discordtest.Interaction {
			return s.srv.Interactions().SlashCommand(s.guild, s.chanGM, s.gm, "battle", discordtest.Subcommand("resolve",
				discordtest.StringOpt("battle", b.name), discordtest.IntOpt("turn", int64(turn))))
		}, nil)
		// "рассчитан и отправлен", or "уже рассчитан" when the first
		// answer was lost.
		if !strings.Contains(r.Content, fmt.Sprintf("ход %d", turn)) || !strings.Contains(r.Content, "рассчитан") {
			s.fatalf("resolve turn %d: %q", turn, r.Content)
		}
	} else {
		s.resolvedBy["ready"]++
		side := s.game.IntN(2)
		r, _, _ := s.act(fmt.Sprintf("%s ready, turn %d", s.sides[side].name, turn), soakCmdP, soakCmdWindow, s.readyCmd(side), nil)
		if want := render.T(s.sides[side].lang, "bot.ready"); r.Content != want && !soakRepeatOf(s.sides[side].lang, r.Content, want) {
			s.fatalf("%s ready: %q, want %q", s.sides[side].name, r.Content, want)
		}
		side = 1 - side
		// The second "ready" resolves the turn; it is sent again only if
		// the turn is still open (else it would be the next turn's).
		r, answered, _ := s.act(fmt.Sprintf("%s ready, turn %d (resolves)", s.sides[side].name, turn), soakResolveP, soakResolveWindow, s.readyCmd(side),
			func() bool {
				st := s.state(b.name)
				return st.status == "приказы" && st.turn == turn
			})
		if answered {
			want := render.T(s.sides[side].lang, "bot.resolved", b.name, turn)
			if !strings.HasPrefix(r.Content, want) {
				s.fatalf("%s ready resolving turn %d: %q, want %q…", s.sides[side].name, turn, r.Content, want)
			}
		}
	}
	s.awaitTurn(b, turn)
}

func (s *soaker) readyCmd(side int) func() discordtest.Interaction {
	return func() discordtest.Interaction {
		return s.srv.Interactions().SlashCommand(s.guild, s.sides[side].channel, s.sides[side].m, "orders", discordtest.BoolOpt("ready", true))
	}
}

// awaitTurn waits until the results of turn are in every channel with the
// next turn's opening (or the end of the battle) after them.
func (s *soaker) awaitTurn(b *soakBattle, turn int) {
	deadline := time.Now().Add(soakWait)
	for {
		s.up()
		done, over := true, true
		for _, ch := range s.channels {
			v := s.channelView(ch)
			done = done && v.results[b.name] >= turn && (v.opened[b.name] > turn || v.over[b.name] > 0)
			over = over && v.over[b.name] > 0
		}
		if done {
			b.turn = turn + 1
			b.finished = over
			return
		}
		if time.Now().After(deadline) {
			s.fatalf("turn %d of %s was not posted to every channel", turn, b.name)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// roll makes the side's command roll and accepts it (now and then after a
// reroll). /roll answers with the roll as it stands, so it is asked again
// after every press of a button: a lost answer costs nothing more.
func (s *soaker) roll(b *soakBattle, side int) {
	sd := s.sides[side]
	stake := []string{"low", "high"}[s.game.IntN(2)]
	for range 30 {
		r, _, _ := s.act(fmt.Sprintf("%s /roll %s, turn %d", sd.name, stake, b.turn), soakCmdP, soakCmdWindow, func() discordtest.Interaction {
			return s.srv.Interactions().SlashCommand(s.guild, sd.channel, sd.m, "roll", discordtest.StringOpt("stake", stake))
		}, nil)
		if !strings.Contains(r.Content, "+") || !strings.Contains(r.Content, "=") {
			s.fatalf("%s /roll, turn %d: %q", sd.name, b.turn, r.Content)
		}
		buttons := soakCustomIDs(r.Components)
		if len(buttons) == 0 {
			return // final
		}
		accept := func(id string) bool { return strings.HasSuffix(id, ":accept") }
		press := buttons[slices.IndexFunc(buttons, accept)]
		if rerolls := slices.DeleteFunc(slices.Clone(buttons), accept); len(rerolls) > 0 && s.game.IntN(3) == 0 {
			press = rerolls[s.game.IntN(len(rerolls))]
		}
		if !slices.Contains(buttons, press) {
			s.fatalf("%s /roll offers %v", sd.name, buttons)
		}
		s.once(fmt.Sprintf("%s presses %s, turn %d", sd.name, press, b.turn), soakCmdP, soakCmdWindow,
			s.srv.Interactions().Button(s.guild, sd.channel, sd.m, press))
	}
	s.fatalf("%s could not make a final roll", sd.name)
}

// order gives one random order of the side and records it if accepted.
func (s *soaker) order(b *soakBattle, side int) {
	sd := s.sides[side]
	unit := soakUnits[side][s.game.IntN(len(soakUnits[side]))]
	kind := soakOrderKinds[s.game.IntN(len(soakOrderKinds))]
	phase := 1
	if s.game.IntN(4) == 0 {
		phase = 2
	}
	k := soakOrderKey{battle: b.name, turn: b.turn, side: side, unit: unit, phase: phase}
	r, _, attempts := s.act(fmt.Sprintf("%s /order %s %s phase %d, turn %d", sd.name, unit, kind, phase, b.turn), soakCmdP, soakCmdWindow, func() discordtest.Interaction {
		return s.srv.Interactions().SlashCommand(s.guild, sd.channel, sd.m, "order",
			discordtest.StringOpt("unit", unit), discordtest.StringOpt("order", kind), discordtest.IntOpt("phase", int64(phase)))
	}, nil)
	// A repeat (the first try stored, its answer lost; or the same order
	// drawn twice) is answered "already recorded" only while it stands.
	repeat := strings.Contains(r.Content, render.T(sd.lang, "retry.answer")+"\n"+render.T(sd.lang, "bot.order_accepted")) ||
		strings.HasSuffix(r.Content, render.T(sd.lang, "retry.no_answer"))
	if strings.HasPrefix(r.Content, render.T(sd.lang, "bot.order_accepted")) || repeat {
		s.accepted[k] = kind
		s.acceptedCount++
		return
	}
	if r.Content == render.T(sd.lang, "err.roll_first") {
		s.fatalf("%s /order refused for the roll after a final roll: %q", sd.name, r.Content)
	}
	s.refused++
	if attempts > 1 {
		// Sent again, an order meets the orders its lost first try left
		// (the same, had it been stored): refused now, it was not stored,
		// and what was accepted before for its place must still be there.
		s.refusedAgain++
		// What it was told is what a player would read: kept in the log,
		// for a lost order to be traced to its answer.
		s.t.Logf("%s /order %s %s phase %d, turn %d of %s, refused at try %d: %q", sd.name, unit, kind, phase, b.turn, b.name, attempts, r.Content)
	}
}

// state asks the GM's /battle list where a battle stands.
func (s *soaker) state(name string) soakState {
	for {
		r, ok := s.once("GM /battle list", 0, 0, s.srv.Interactions().SlashCommand(s.guild, s.chanGM, s.gm, "battle", discordtest.Subcommand("list")))
		if !ok {
			s.up()
			continue
		}
		return soakParseList(r.Content)[name]
	}
}

func soakParseList(text string) map[string]soakState {
	out := map[string]soakState{}
	for _, line := range strings.Split(text, "\n") {
		m := soakReListOver.FindStringSubmatch(line)
		if m == nil {
			m = soakReListLine.FindStringSubmatch(line)
		}
		if m != nil {
			n, _ := strconv.Atoi(m[3])
			out[m[1]] = soakState{status: m[2], turn: n}
		}
	}
	return out
}

// act sends an interaction (a new one at each try, from mk) until the bot
// answers it, bringing the bot back after a kill; with probability p a
// kill is armed for a random delay up to window after the dispatch.
// again, if set, says after a lost answer whether to ask again at all;
// answered is false when it said no.
func (s *soaker) act(what string, p float64, window time.Duration, mk func() discordtest.Interaction, again func() bool) (r discordtest.Response, answered bool, attempts int) {
	for attempts = 1; attempts <= 20; attempts++ {
		s.up()
		if attempts > 1 {
			if again != nil && !again() {
				return discordtest.Response{}, false, attempts
			}
			s.retries++
		}
		if r, ok := s.once(what, p, window, mk()); ok {
			return r, true, attempts
		}
	}
	s.fatalf("%s: no answer in 20 tries", what)
	return
}

// once dispatches one interaction and waits for its final answer (the
// acknowledgement edited); false if the bot died before answering.
func (s *soaker) once(what string, p float64, window time.Duration, i discordtest.Interaction) (discordtest.Response, bool) {
	if !s.alive() {
		return discordtest.Response{}, false
	}
	s.mu.Lock()
	exited := s.exited
	s.mu.Unlock()
	s.maybeArm(what, p, window)
	if _, err := s.srv.Interactions().Dispatch(i); err != nil {
		s.fatalf("%s: dispatch: %v", what, err)
	}
	deadline := time.Now().Add(soakWait)
	for {
		if r, ok := s.answer(i.ID); ok {
			return r, true
		}
		select {
		case <-exited:
			time.Sleep(20 * time.Millisecond) // a request the bot sent just before it died
			if r, ok := s.answer(i.ID); ok {
				return r, true
			}
			s.lost++
			return discordtest.Response{}, false
		case <-time.After(5 * time.Millisecond):
		}
		if time.Now().After(deadline) {
			s.fatalf("%s: no answer from a live bot in %v; responses %+v", what, soakWait, s.srv.Interactions().Responses(i.ID))
		}
	}
}

// answer is the interaction's answer as its author finally sees it.
func (s *soaker) answer(id string) (discordtest.Response, bool) {
	rs := s.srv.Interactions().Responses(id)
	for k := len(rs) - 1; k >= 0; k-- {
		if rs[k].Kind == discordtest.KindEditOriginal {
			r := rs[k]
			for _, f := range rs[k+1:] {
				if f.Kind == discordtest.KindFollowup {
					r.Content += "\n" + f.Content
				}
			}
			return r, true
		}
	}
	return discordtest.Response{}, false
}

func soakCustomIDs(comps []discordgo.MessageComponent) []string {
	var out []string
	for _, c := range comps {
		switch v := c.(type) {
		case *discordgo.ActionsRow:
			out = append(out, soakCustomIDs(v.Components)...)
		case discordgo.ActionsRow:
			out = append(out, soakCustomIDs(v.Components)...)
		case *discordgo.Button:
			out = append(out, v.CustomID)
		case discordgo.Button:
			out = append(out, v.CustomID)
		}
	}
	return out
}

// maybeArm arms a kill of the running process with probability p, after a
// random delay up to window, unless one is armed or enough were made.
func (s *soaker) maybeArm(what string, p float64, window time.Duration) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if p <= 0 || s.armed || s.tried >= s.target || s.cmd == nil || s.killRand.Float64() >= p {
		return
	}
	d := time.Duration(s.killRand.Int64N(int64(window) + 1))
	cmd, exited, n := s.cmd, s.exited, s.tried+1
	s.armed = true
	s.timer = time.AfterFunc(d, func() {
		s.mu.Lock()
		defer s.mu.Unlock()
		s.armed = false
		if s.cmd != cmd || s.killed[cmd] || s.tried >= s.target {
			return
		}
		select {
		case <-exited:
			return
		default:
		}
		if err := cmd.Process.Signal(syscall.SIGKILL); err != nil {
			return // it is gone already
		}
		s.killed[cmd] = true
		s.tried++
		switch window {
		case soakResolveWindow:
			s.killsAt["resolution"]++
		case soakStartWindow:
			s.killsAt["start"]++
		default:
			s.killsAt["command"]++
		}
		s.killLog.add(time.Now())
		s.t.Logf("kill %d: SIGKILL %v after %s", n, d.Round(time.Microsecond), what)
	})
}

// disarm cancels a kill not made yet.
func (s *soaker) disarm() {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.timer != nil && s.timer.Stop() {
		s.armed = false
	}
}

func (s *soaker) alive() bool {
	s.mu.Lock()
	cmd, exited, killed := s.cmd, s.exited, s.killed[s.cmd]
	s.mu.Unlock()
	if cmd == nil {
		return false
	}
	if killed {
		// SIGKILLed: dead, though its exit may not be reaped yet (a bot
		// taken for alive then was sent SIGTERM after it had gone).
		<-exited
		return false
	}
	select {
	case <-exited:
		return false
	default:
		return true
	}
}

// up brings the bot back if it is not running: it checks the bot died of
// a kill, starts it again, waits for what it owes to be posted and checks
// everything posted so far.
func (s *soaker) up() {
	for !s.alive() {
		s.mu.Lock()
		cmd := s.cmd
		killed := cmd != nil && s.killed[cmd]
		s.mu.Unlock()
		if cmd != nil && !killed {
			s.fatalf("gunbai run exited by itself: %v", cmd.ProcessState)
		}
		s.launch()
		if !s.alive() {
			continue
		}
		if !s.settle() {
			continue
		}
		s.mu.Lock()
		s.survived = s.tried
		s.mu.Unlock()
	}
}

// launch starts gunbai run, again while the store file is still locked,
// and returns when it has registered its commands (or was killed
// meanwhile).
func (s *soaker) launch() {
	for attempt := 1; !s.launchOnce(); attempt++ {
		if attempt == 50 {
			s.fatalf("the store stayed locked")
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// launchOnce is one start; false if the store file was locked.
func (s *soaker) launchOnce() bool {
	out, err := os.OpenFile(s.logPath, os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o644)
	if err != nil {
		s.t.Fatal(err)
	}
	s.runs++
	fmt.Fprintf(out, "=== run %d\n", s.runs)
	cmd := exec.Command(s.exe, "run", "-config", s.config)
	cmd.Env = append(os.Environ(), soakChildEnv+"=1", "GUNBAI_TOKEN="+soakToken)
	cmd.Stdout, cmd.Stderr = out, out
	began := time.Now()
	err = cmd.Start()
	out.Close()
	if err != nil {
		s.t.Fatal(err)
	}
	exited := make(chan struct{})
	go func() {
		_ = cmd.Wait()
		close(exited)
	}()
	s.mu.Lock()
	s.cmd, s.exited = cmd, exited
	s.mu.Unlock()
	s.maybeArm(fmt.Sprintf("start (run %d)", s.runs), soakStartP, soakStartWindow)
	deadline := time.Now().Add(soakWait)
	// Calls of the bot killed before are older than began, even one its
	// death cut short: the fake timestamps a call once it has read it.
	for !s.registered(began) || !s.srv.Gateway().WaitReady(0) {
		select {
		case <-exited:
			s.mu.Lock()
			killed := s.killed[cmd]
			s.mu.Unlock()
			switch {
			case killed:
				return true
			case strings.Contains(s.logTail(3), "in use by another process"):
				return false
			}
			s.fatalf("gunbai run exited while starting: %v", cmd.ProcessState)
		case <-time.After(10 * time.Millisecond):
		}
		if time.Now().After(deadline) {
			s.fatalf("gunbai run did not register its commands in %v", soakWait)
		}
	}
	s.restart = append(s.restart, time.Since(began))
	return true
}

// registered reports whether the bot has registered its commands since
// the moment given: it does when it is ready.
func (s *soaker) registered(since time.Time) bool {
	for _, c := range s.srv.Calls() {
		if c.Time.After(since) && c.Method == http.MethodPut && strings.HasSuffix(c.Route, "/guilds/"+s.guild+"/commands") && c.Status == http.StatusOK {
			return true
		}
	}
	return false
}

// settle waits, after a start, for the posts owed for what the store
// holds to be in the channels, then checks every channel and the open
// turn's orders. False if the bot died meanwhile.
func (s *soaker) settle() bool {
	r, ok := s.once("GM /battle list (after start)", 0, 0, s.srv.Interactions().SlashCommand(s.guild, s.chanGM, s.gm, "battle", discordtest.Subcommand("list")))
	if !ok {
		return false
	}
	states := soakParseList(r.Content)
	deadline := time.Now().Add(soakWait)
	for !s.posted(states) {
		if !s.alive() {
			return false
		}
		if time.Now().After(deadline) {
			s.fatalf("after a restart, what the store holds (%q) was not posted in %v", r.Content, soakWait)
		}
		time.Sleep(10 * time.Millisecond)
	}
	s.checkChannels(false)
	for name, st := range states {
		if st.status != "приказы" {
			continue
		}
		for side, sd := range s.sides {
			var want []string
			for k, kind := range s.accepted {
				if k.battle == name && k.turn == st.turn && k.side == side {
					want = append(want, soakOrderLine(sd.lang, k.unit, k.phase, kind))
				}
			}
			if len(want) == 0 {
				continue
			}
			r, ok := s.once(sd.name+" /orders (after start)", 0, 0, s.srv.Interactions().SlashCommand(s.guild, sd.channel, sd.m, "orders"))
			if !ok {
				return false
			}
			for _, line := range want {
				if !strings.Contains(r.Content, line) {
					s.fatalf("after a restart, an accepted order of %s is lost: %q not in %q", sd.name, line, r.Content)
				}
			}
		}
	}
	s.checks++
	return true
}

// soakOrderLine is how /orders shows an order, up to its class.
func soakOrderLine(lang render.Lang, unit string, phase int, kind string) string {
	k, err := engine.ParseOrderKind(kind)
	if err != nil {
		panic(err)
	}
	line := render.T(lang, "orders.line", unit, phase, render.OrderName(lang, k), "")
	return strings.TrimSuffix(line, ")")
}

// posted reports whether every channel has what the battles' states owe
// them: the creation; each turn opened; each turn resolved; the end.
func (s *soaker) posted(states map[string]soakState) bool {
	for _, ch := range s.channels {
		v := s.channelView(ch)
		for name, st := range states {
			if v.created[name] == 0 {
				return false
			}
			switch st.status {
			case "приказы":
				if v.opened[name] < st.turn || v.results[name] < st.turn-1 {
					return false
				}
			case "окончена":
				if v.results[name] < st.turn || v.over[name] == 0 {
					return false
				}
			}
		}
	}
	return true
}

// soakView is what a channel shows of each battle: how many creations and
// ends, and the last turn opened and resolved.
type soakView struct {
	created, opened, results, over map[string]int
}

func (s *soaker) channelView(ch string) soakView {
	v := soakView{map[string]int{}, map[string]int{}, map[string]int{}, map[string]int{}}
	for name, st := range s.base {
		v.created[name], v.opened[name], v.results[name] = 1, st.turn, st.turn-1
	}
	for _, m := range s.srv.Messages().Under(ch)[s.from[ch]:] {
		if g := soakReCreated.FindStringSubmatch(m.Content); g != nil {
			v.created[g[1]]++
		} else if g := soakReOpened.FindStringSubmatch(m.Content); g != nil {
			v.opened[g[1]] = max(v.opened[g[1]], soakAtoi(g[2]))
		} else if g := soakReResults.FindStringSubmatch(m.Content); g != nil {
			v.results[g[1]] = max(v.results[g[1]], soakAtoi(g[2]))
		} else if g := soakReOver.FindStringSubmatch(m.Content); g != nil {
			v.over[g[1]]++
		}
	}
	return v
}

func soakAtoi(s string) int {
	n, err := strconv.Atoi(s)
	if err != nil {
		panic(err)
	}
	return n
}

// checkChannels checks everything the bot has posted so far: each
// channel's turns in order and each once, no message twice, a nonce of
// its own for every message. final: the channels agree turn for turn.
func (s *soaker) checkChannels(final bool) {
	s.t.Helper()
	type turnKey struct {
		battle string
		turn   int
	}
	var resultsOf [3]map[string][]int
	for k, ch := range s.channels {
		resultsOf[k] = map[string][]int{}
		seg := turnKey{}
		seen := map[turnKey]map[string]bool{}
		opened, results := map[string]int{}, map[string]int{}
		for name, st := range s.base {
			opened[name], results[name] = st.turn, st.turn-1
		}
		// A battle's thread in the channel once (never a second one made
		// after a crash).
		names := map[string]bool{}
		for _, th := range s.srv.Messages().Threads(ch) {
			if names[th.Name] {
				s.fatalf("channel %s: two threads %q", ch, th.Name)
			}
			names[th.Name] = true
		}
		for _, m := range s.srv.Messages().Under(ch)[s.from[ch]:] {
			if g := soakReCreated.FindStringSubmatch(m.Content); g != nil {
				if _, ok := opened[g[1]]; ok {
					s.fatalf("channel %s: battle %s created twice", ch, g[1])
				}
				opened[g[1]] = 0
				seg = turnKey{g[1], 0}
			}
			if g := soakReOpened.FindStringSubmatch(m.Content); g != nil {
				n := soakAtoi(g[2])
				if n != opened[g[1]]+1 || results[g[1]] != n-1 {
					s.fatalf("channel %s: %s turn %d opened after turn %d opened and %d resolved (a turn opened twice or out of order): %q",
						ch, g[1], n, opened[g[1]], results[g[1]], m.Content)
				}
				opened[g[1]] = n
				seg = turnKey{g[1], n}
			}
			if g := soakReResults.FindStringSubmatch(m.Content); g != nil {
				n := soakAtoi(g[2])
				if n != results[g[1]]+1 || opened[g[1]] != n {
					s.fatalf("channel %s: %s turn %d resolved after turn %d (a turn resolved twice or out of order): %q", ch, g[1], n, results[g[1]], m.Content)
				}
				// The field after the turn and its replay, once each.
				if len(m.Files) != 2 || !strings.HasSuffix(m.Files[0].Name, ".png") || !strings.HasSuffix(m.Files[1].Name, ".gif") {
					s.fatalf("channel %s: the results of turn %d came with %d pictures", ch, n, len(m.Files))
				}
				results[g[1]] = n
				resultsOf[k][g[1]] = append(resultsOf[k][g[1]], n)
			}
			if seen[seg] == nil {
				seen[seg] = map[string]bool{}
			}
			if seen[seg][m.Content] {
				s.fatalf("channel %s: a message posted twice in turn %d of %q: %q", ch, seg.turn, seg.battle, m.Content)
			}
			seen[seg][m.Content] = true
		}
	}
	if final {
		for k := 1; k < len(s.channels); k++ {
			for name, turns := range resultsOf[0] {
				if !slices.Equal(turns, resultsOf[k][name]) {
					s.fatalf("battle %s: turns resolved %v in channel %s but %v in channel %s", name, turns, s.channels[0], resultsOf[k][name], s.channels[k])
				}
			}
		}
	}
	s.checkNonces()
}

// checkNonces reads the bot's message posts: each carries a nonce with
// enforce_nonce; a nonce sent again must be the same message (the fake
// then answers with the first one); and no two messages kept by the fake
// share a nonce.
func (s *soaker) checkNonces() {
	// The messages first, then the calls: the bot may still be posting
	// (an order sheet, a status message), and a message read now was
	// posted by a call the fake has recorded, or records at once.
	chans := slices.Clone(s.channels)
	for _, ch := range s.channels {
		for _, th := range s.srv.Messages().Threads(ch) {
			chans = append(chans, th.ID) // the battles' threads
		}
	}
	for _, sd := range s.sides {
		if ch, ok := s.srv.Messages().DMChannel(sd.m.UserID); ok {
			chans = append(chans, ch)
		}
	}
	msgs := map[string][]discordtest.Message{}
	for _, ch := range chans {
		msgs[ch] = s.srv.Messages().In(ch)
	}
	for try := 0; ; try++ {
		if s.checkNoncesOf(chans, msgs, try == 20) {
			return
		}
		time.Sleep(20 * time.Millisecond) // a call still being recorded
	}
}

// checkNoncesOf checks the messages read against the calls recorded; it
// reports false, when not final, for a message whose call is not recorded
// yet.
func (s *soaker) checkNoncesOf(chans []string, msgs map[string][]discordtest.Message, final bool) bool {
	s.resends = 0
	type sent struct {
		id, content string
		files       int
	}
	first := map[string]sent{}
	nonceOf := map[string]string{}
	for _, c := range s.srv.Calls() {
		if c.Method != http.MethodPost || !soakReMessagePost.MatchString(c.Route) || c.Status != http.StatusOK {
			continue
		}
		var req struct {
			Content      string `json:"content"`
			Nonce        string `json:"nonce"`
			EnforceNonce bool   `json:"enforce_nonce"`
		}
		var resp struct {
			ID string `json:"id"`
		}
		if err := json.Unmarshal(c.JSON, &req); err != nil || json.Unmarshal(c.Response, &resp) != nil {
			s.fatalf("a message post the test cannot read: %s %s", c.JSON, c.Response)
		}
		if req.Nonce == "" || !req.EnforceNonce {
			s.fatalf("a message posted without a nonce enforced: %s", c.JSON)
		}
		x := sent{resp.ID, req.Content, len(c.Files)}
		if f, ok := first[req.Nonce]; ok {
			if f.id != x.id {
				s.fatalf("nonce %s posted twice as messages %s and %s", req.Nonce, f.id, x.id)
			}
			// A live message (an order sheet, a summary, a status: nonce
			// "l…") is composed as things stand when it is sent, so sent
			// again it may say more; the bot then edits it in place.
			if !strings.HasPrefix(req.Nonce, "l") && (f.content != x.content || f.files != x.files) {
				s.fatalf("nonce %s sent again with other content (a post took another's ID and was lost): %q, then %q", req.Nonce, f.content, x.content)
			}
			if slices.Contains(chans, strings.Split(c.Route, "/")[2]) {
				s.resends++ // this guild's (the fake may hold another's)
			}
			continue
		}
		first[req.Nonce] = x
		if n, ok := nonceOf[x.id]; ok && n != req.Nonce {
			s.fatalf("message %s answered for nonces %s and %s", x.id, n, req.Nonce)
		}
		nonceOf[x.id] = req.Nonce
	}
	for _, ch := range chans {
		for _, m := range msgs[ch] {
			if _, ok := nonceOf[m.ID]; !ok && m.Type == 0 { // not Discord's notice of a thread
				if !final {
					return false
				}
				s.fatalf("channel %s: message %s was not posted with a nonce: %q", ch, m.ID, m.Content)
			}
		}
	}
	return true
}

// stop lets the bot finish what it posts, then stops it with SIGTERM and
// checks it stopped cleanly. No more kills are made.
func (s *soaker) stop() {
	s.mu.Lock()
	s.target = s.tried // no more kills
	s.mu.Unlock()
	s.disarm()
	s.up()
	// Let the last receipts go out: nothing posted in the guild's channels
	// or its players' DMs for a while.
	quiet := time.Now()
	for n := s.calls(); time.Since(quiet) < 300*time.Millisecond; time.Sleep(20 * time.Millisecond) {
		if m := s.calls(); m != n {
			n, quiet = m, time.Now()
		}
	}
	s.mu.Lock()
	cmd, exited := s.cmd, s.exited
	s.mu.Unlock()
	if err := cmd.Process.Signal(syscall.SIGTERM); err != nil {
		s.fatalf("SIGTERM: %v", err)
	}
	select {
	case <-exited:
	case <-time.After(soakWait):
		s.fatalf("gunbai run did not stop on SIGTERM")
	}
	if code := cmd.ProcessState.ExitCode(); code != 0 || !strings.Contains(s.logTail(5), "shutting down") {
		s.fatalf("gunbai run stopped with %v", cmd.ProcessState)
	}
}

// calls counts the REST calls about the guild's channels and its players'
// DMs (another soak's bot may be posting in the same fake).
func (s *soaker) calls() int {
	ids := slices.Clone(s.channels)
	for _, sd := range s.sides {
		if ch, ok := s.srv.Messages().DMChannel(sd.m.UserID); ok {
			ids = append(ids, ch)
		}
	}
	n := 0
	for _, c := range s.srv.Calls() {
		if slices.ContainsFunc(ids, func(id string) bool {
			return strings.Contains(c.Route, "/"+id+"/") || strings.HasSuffix(c.Route, "/"+id)
		}) {
			n++
		}
	}
	return n
}

// finish stops the bot cleanly and checks the store: nothing owed, every
// accepted order kept. It returns how many accepted orders are lost.
func (s *soaker) finish() (lost int) {
	s.stop()
	s.checkChannels(true)

	var st *store.Store
	var err error
	for range 50 {
		if st, err = store.Open(s.path, store.Options{Timeout: time.Second}); !errors.Is(err, store.ErrLocked) {
			break
		}
	}
	if err != nil {
		s.t.Fatal(err)
	}
	defer st.Close()
	owed, err := (&game.Service{Store: st}).Posts().Owed()
	if err != nil {
		s.t.Fatal(err)
	}
	for _, p := range owed {
		s.t.Errorf("still owed after a clean stop: post %d (%s, turn %d, to %s, %d attempts, last error %q)", p.ID, p.Kind, p.Turn, p.Target(), p.Attempts, p.LastError)
	}
	for k, kind := range s.accepted {
		orders, err := st.BattleTurn(s.guild, game.BattleID(k.battle), k.turn).Orders(engine.Side(k.side))
		if err != nil {
			s.t.Errorf("orders of %s, turn %d of %s: %v", s.sides[k.side].name, k.turn, k.battle, err)
			continue
		}
		found := false
		for _, o := range orders {
			if o.Unit == k.unit && o.Phase == k.phase {
				found = o.Kind.String() == kind
			}
		}
		if !found {
			lost++
			s.t.Errorf("an accepted order is lost: %s %s %s phase %d, turn %d of %s; the store has %+v", s.sides[k.side].name, k.unit, kind, k.phase, k.turn, k.battle, orders)
		}
	}
	for _, b := range s.battles {
		end := "still being fought"
		for _, m := range s.srv.Messages().Under(s.chanGM) {
			if g := soakReOver.FindStringSubmatch(m.Content); g != nil && g[1] == b.name {
				end = m.Content
			}
		}
		s.t.Logf("battle %s: %d turns resolved; %s", b.name, b.turn-1, end)
	}
	return lost
}

// checkViolations fails on every OpenAPI violation but those of requests
// cut short by a kill (answered 400, made as the bot died).
func (s *soaker) checkViolations() {
	kills := s.killLog.all()
	near := func(t time.Time) bool {
		for _, k := range kills {
			if d := t.Sub(k); d > -100*time.Millisecond && d < 100*time.Millisecond {
				return true
			}
		}
		return false
	}
	excused := 0
	for _, c := range s.srv.Calls() {
		if len(c.SpecErrors) == 0 {
			continue
		}
		if c.Status == http.StatusBadRequest && near(c.Time) {
			excused++
			s.t.Logf("excused: %s %s as the bot died (%d bytes read): %s", c.Method, c.Route, len(c.Body), c.SpecErrors[0])
			continue
		}
		s.t.Errorf("OpenAPI violation: %s %s (%d): %v", c.Method, c.Route, c.Status, c.SpecErrors)
	}
	if excused > 0 {
		s.t.Logf("%d requests cut short by a kill (answered 400) not counted as violations", excused)
	}
}

func (s *soaker) fatalf(format string, args ...any) {
	s.t.Helper()
	s.t.Fatalf("seed %d: "+format, append([]any{s.seed}, args...)...)
}

// logTail is the last n lines of the bots' log.
func (s *soaker) logTail(n int) string {
	f, err := os.Open(s.logPath)
	if err != nil {
		return ""
	}
	defer f.Close()
	var lines []string
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() {
		lines = append(lines, sc.Text())
		if len(lines) > n {
			lines = lines[1:]
		}
	}
	return strings.Join(lines, "\n")
}

// cleanup stops a bot left running and shows the log of a failed soak.
func (s *soaker) cleanup() {
	s.disarm()
	s.mu.Lock()
	cmd, exited := s.cmd, s.exited
	s.mu.Unlock()
	if cmd != nil {
		select {
		case <-exited:
		default:
			_ = cmd.Process.Signal(syscall.SIGKILL)
			<-exited
		}
	}
	if s.t.Failed() {
		s.t.Logf("the bots' log (last lines):\n%s", s.logTail(80))
	}
}
