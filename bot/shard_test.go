package bot_test

import (
	"fmt"
	"log"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/gunbai/gunbai/bot"
	"github.com/gunbai/gunbai/bot/discordtest"
	"github.com/gunbai/gunbai/game"
	"github.com/gunbai/gunbai/internal/racetest"
	"github.com/gunbai/gunbai/store"
)

// shardGuild is the k-th guild of the sharded tests, whose shard among 4
// is k % 4: (guild_id >> 22) % 4.
func shardGuild(k int) string { return strconv.FormatUint(uint64(1<<20+k)<<22|7, 10) }

// shardChannel is a channel of the k-th guild: 0 its GM's, 1 and 2 the
// clans'.
func shardChannel(k, which int) string { return strconv.Itoa(810000000000000000 + 10*k + which) }

// shardGuilds sets up n guilds as newWorld does its own: the roles, the
// bot's, and the three channels.
func shardGuilds(srv *discordtest.Server, n int) []string {
	var out []string
	for k := range n {
		g := shardGuild(k)
		srv.Guilds().Add(g, "Guild "+strconv.Itoa(k))
		srv.Guilds().SetRoles(g, []*discordgo.Role{
			{ID: g, Name: "@everyone", Permissions: discordgo.PermissionViewChannel | discordgo.PermissionSendMessages},
			{ID: roleGM, Name: "Мастер"}, {ID: roleOda, Name: "Ода"}, {ID: roleAsai, Name: "Асаи"},
			{ID: roleBot, Name: "Gunbai", Permissions: bot.InvitePermissions},
		})
		srv.Guilds().SetMemberRoles(g, srv.AppID(), roleBot)
		for which, role := range []string{roleGM, roleOda, roleAsai} {
			srv.Guilds().SetChannel(&discordgo.Channel{ID: shardChannel(k, which), GuildID: g, Type: discordgo.ChannelTypeGuildText,
				Name: "ch-" + strconv.Itoa(which), PermissionOverwrites: channelOverwrites(g, role)})
		}
		out = append(out, g)
	}
	return out
}

// shardCreate is the GM's /battle create in the k-th guild.
func shardCreate(srv *discordtest.Server, k int, name string) discordtest.Interaction {
	return srv.Interactions().SlashCommand(shardGuild(k), shardChannel(k, 0), gm, "battle", discordtest.Subcommand("create",
		discordtest.StringOpt("name", name),
		discordtest.RoleOpt("north_role", roleOda), discordtest.ChannelOpt("north_channel", shardChannel(k, 1)),
		discordtest.RoleOpt("south_role", roleAsai), discordtest.ChannelOpt("south_channel", shardChannel(k, 2)),
		discordtest.ChannelOpt("gm_channel", shardChannel(k, 0))))
}

// answered waits until the interaction has its answer edited in.
func answered(srv *discordtest.Server, id string) bool {
	return srv.WaitFor(func() bool {
		for _, r := range srv.Interactions().Responses(id) {
			if r.Kind == discordtest.KindEditOriginal {
				return true
			}
		}
		return false
	}, wait)
}

// Four shards in one process over 40 guilds (12 under -race): the shard
// count and the identify buckets come from GET /gateway/bot, each guild's
// interactions arrive on its own shard's session and are answered, its
// posts are delivered into its channels, and a shard that drops and stays
// away does not stop the others; it resumes and answers what came
// meanwhile.
func TestShardsInOneProcess(t *testing.T) {
	t.Parallel()
	srv := discordtest.New(t)
	srv.Gateway().SetBot(4, 2) // buckets {0, 1} then {2, 3}
	// 10 guilds a shard; under -race, 3.
	perShard := racetest.Div(10, 4)
	guilds := shardGuilds(srv, 4*perShard)
	st, err := store.Open(filepath.Join(t.TempDir(), "g.db"), store.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	var mu sync.Mutex
	var pauses []time.Duration
	conn := bot.Conn{Token: "shard-token", Shards: bot.AutoShards, Wire: func(s *discordgo.Session) {
		srv.Wire(s)
		s.ShouldReconnectOnError = true
	}}
	svc := &game.Service{Store: st}
	b, err := bot.Dial(conn, svc, bot.Options{GMRole: "Мастер", Locale: "ru", Log: log.New(testLogOut, "", 0), RetryBase: 20 * time.Millisecond,
		IdentifyPause: func(d time.Duration) { mu.Lock(); pauses = append(pauses, d); mu.Unlock() }})
	if err != nil {
		t.Fatal(err)
	}
	if sh := b.Shards(); sh.Count != 4 || !sh.All() || svc.Owns != nil {
		t.Fatalf("shards %+v (owns set: %v)", sh, svc.Owns != nil)
	}
	start := time.Now()
	if err := b.Start(); err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	t.Logf("4 shards connected in %v", time.Since(start).Round(time.Millisecond))

	// Identified once per shard, in two buckets of max_concurrency 2,
	// 5 s apart.
	var order []int
	for _, id := range srv.Gateway().Identifies() {
		if id.Shard == nil || id.Shard[1] != 4 {
			t.Fatalf("IDENTIFY with shard %v", id.Shard)
		}
		order = append(order, id.Shard[0])
	}
	if len(order) != 4 || !slices.Equal(sortedInts(order[:2]), []int{0, 1}) || !slices.Equal(sortedInts(order[2:]), []int{2, 3}) {
		t.Fatalf("identified shards in the order %v, want 0 and 1, then 2 and 3", order)
	}
	if !slices.Equal(pauses, []time.Duration{bot.IdentifyInterval}) || bot.IdentifyInterval != 5*time.Second {
		t.Fatalf("pauses between buckets %v", pauses)
	}
	// Each shard registers the commands of its own guilds.
	all := append([]string{srv.GuildID()}, guilds...)
	if !srv.WaitFor(func() bool {
		for _, g := range all {
			if len(srv.Interactions().Commands(g)) != len(bot.GuildCommands()) {
				return false
			}
		}
		return true
	}, 4*wait) { // 41 registrations (13 under -race) checked against the OpenAPI description: slow under -race
		t.Fatal("the commands were not registered in every guild")
	}

	shardOf := func(k int) int { return discordtest.ShardOf(guilds[k], 4) }
	onItsShard := func(id string, k int) {
		t.Helper()
		info, _ := srv.Interactions().Info(id)
		if len(info.Sessions) != 1 || info.Sessions[0].Shard != [2]int{shardOf(k), 4} {
			t.Errorf("the interaction of guild %d (shard %d) went out on %+v", k, shardOf(k), info.Sessions)
		}
	}
	spread := map[int]int{}
	start = time.Now()
	for k := range guilds {
		spread[shardOf(k)]++
		id, err := srv.Interactions().Dispatch(shardCreate(srv, k, "Битва "+strconv.Itoa(k)))
		if err != nil {
			t.Fatal(err)
		}
		if !answered(srv, id) {
			t.Fatalf("guild %d: no answer", k)
		}
		onItsShard(id, k)
	}
	b.Wait()
	t.Logf("%d battles created, one per guild, in %v", len(guilds), time.Since(start).Round(time.Millisecond))
	if spread[0] != perShard || spread[1] != perShard || spread[2] != perShard || spread[3] != perShard {
		t.Fatalf("guilds per shard %v", spread)
	}
	// The posts of each guild are in its own channels, and none is owed.
	for k := range guilds {
		for which := range 3 {
			ms := srv.Messages().Under(shardChannel(k, which))
			if len(ms) == 0 || !strings.Contains(ms[0].Content, "Битва "+strconv.Itoa(k)) {
				t.Fatalf("guild %d channel %d: %+v", k, which, ms)
			}
		}
	}
	if owed, err := svc.Posts().Owed(); err != nil || len(owed) != 0 {
		t.Fatalf("still owed: %d, %v", len(owed), err)
	}

	// Shard 1 drops and is kept away (its RESUME waits): the other shards
	// answer meanwhile; what came for shard 1 is answered once it is back.
	t.Logf("checked in %v", time.Since(start).Round(time.Millisecond))
	start = time.Now()
	release := srv.Gateway().HoldShard(1)
	defer release()
	srv.Gateway().DropShard(1)
	away := func() bool { return srv.Gateway().Sessions()[1].Conn == 0 }
	if ss := srv.Gateway().Sessions(); len(ss) != 4 || ss[1].Shard != [2]int{1, 4} || !away() {
		t.Fatalf("sessions after the drop %+v", ss)
	}
	var waiting []string
	for k := range 8 {
		id, err := srv.Interactions().Dispatch(shardCreate(srv, k, fmt.Sprintf("Вторая %d", k)))
		if err != nil {
			t.Fatal(err)
		}
		if shardOf(k) == 1 {
			waiting = append(waiting, id)
			continue
		}
		if !answered(srv, id) {
			t.Fatalf("guild %d (shard %d) not answered while shard 1 is away", k, shardOf(k))
		}
		onItsShard(id, k)
	}
	if !away() {
		t.Fatal("shard 1 came back before the others were tested without it")
	}
	for _, id := range waiting {
		if srv.Interactions().Acknowledged(id) {
			t.Fatal("an interaction of shard 1 was answered while it was away")
		}
	}
	t.Logf("the other shards answered in %v while shard 1 was away", time.Since(start).Round(time.Millisecond))
	release()
	for _, id := range waiting {
		if !answered(srv, id) {
			t.Fatal("shard 1 did not answer after it resumed")
		}
	}
	if ss := srv.Gateway().Sessions(); ss[1].Resumes != 1 || ss[1].Conn == 0 || ss[0].Resumes+ss[2].Resumes+ss[3].Resumes != 0 {
		t.Fatalf("sessions after the resume %+v", ss)
	}
	if len(srv.Gateway().Identifies()) != 4 {
		t.Fatalf("%d IDENTIFYs: a shard identified again instead of resuming", len(srv.Gateway().Identifies()))
	}
	t.Logf("shard 1 resumed and answered in %v", time.Since(start).Round(time.Millisecond))
	start = time.Now()
	if err := b.Close(); err != nil {
		t.Fatal(err)
	}
	t.Logf("closed in %v", time.Since(start).Round(time.Millisecond))
}

// A process running shards 0 and 1 of 4 (shard_ids "0-1") delivers only
// the posts of their guilds from a store that holds every guild's, and
// registers the commands of their configured guilds only.
func TestShardsOfAProcess(t *testing.T) {
	t.Parallel()
	srv := discordtest.New(t)
	srv.Gateway().SetBot(4, 2) // shards 0 and 1 identify together
	guilds := shardGuilds(srv, 8)
	st, err := store.Open(filepath.Join(t.TempDir(), "g.db"), store.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	all := &game.Service{Store: st}
	for k, g := range guilds {
		if _, err := all.Create(g, game.CreateRequest{Name: "Битва " + strconv.Itoa(k),
			North: store.Clan{RoleID: roleOda, ChannelID: shardChannel(k, 1)}, South: store.Clan{RoleID: roleAsai, ChannelID: shardChannel(k, 2)},
			GMChannelID: shardChannel(k, 0)}); err != nil {
			t.Fatal(err)
		}
	}
	svc := &game.Service{Store: st}
	b, err := bot.Dial(bot.Conn{Token: "half-token", Shards: 4, ShardIDs: []int{0, 1}, Wire: srv.Wire}, svc,
		bot.Options{Guilds: guilds, Log: log.New(testLogOut, "", 0), IdentifyPause: func(time.Duration) { t.Error("one bucket paused") }})
	if err != nil {
		t.Fatal(err)
	}
	if sh := b.Shards(); sh.String() != "shards 0-1 of 4" || svc.Owns == nil {
		t.Fatalf("shards %v", sh)
	}
	if err := b.Start(); err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	mine := func(k int) bool { return discordtest.ShardOf(guilds[k], 4) < 2 }
	if !srv.WaitFor(func() bool {
		for k := range guilds {
			if mine(k) && (len(srv.Messages().Under(shardChannel(k, 0))) == 0 || len(srv.Interactions().Commands(guilds[k])) == 0) {
				return false
			}
		}
		return true
	}, wait) {
		t.Fatal("the guilds of shards 0 and 1 did not get their posts and commands")
	}
	b.Wait()
	for k := range guilds {
		if !mine(k) && (len(srv.Messages().Under(shardChannel(k, 0))) != 0 || len(srv.Interactions().Commands(guilds[k])) != 0) {
			t.Errorf("guild %d of shard %d got posts or commands from the process of shards 0-1", k, discordtest.ShardOf(guilds[k], 4))
		}
	}
	owed, err := all.Posts().Owed()
	if err != nil {
		t.Fatal(err)
	}
	left := map[string]bool{}
	for _, p := range owed {
		left[p.Guild] = true
	}
	for k, g := range guilds {
		if left[g] == mine(k) {
			t.Errorf("guild %d (shard %d): posts left owed %v", k, discordtest.ShardOf(g, 4), left[g])
		}
	}
	if n := len(srv.Gateway().Identifies()); n != 2 {
		t.Errorf("%d IDENTIFYs for 2 shards", n)
	}
	if _, err := bot.Dial(bot.Conn{Token: "x", Shards: 4, ShardIDs: []int{4}, Wire: srv.Wire}, &game.Service{Store: st}, bot.Options{}); err == nil {
		t.Error("shard 4 of 4 was accepted")
	}
}

func sortedInts(xs []int) []int {
	out := slices.Clone(xs)
	slices.Sort(out)
	return out
}

// Two processes of one bot, each with its own store, as the README's
// sharding asks a GM to run them (issue 25, item 1): both number their
// posts from 1, and Discord answers a nonce it has had from the bot, in any
// channel, with the earlier message. Each guild's channels must get their
// own battle's posts all the same.
func TestTwoProcessesOfOneBot(t *testing.T) {
	t.Parallel()
	srv := discordtest.New(t)
	srv.Gateway().SetBot(4, 2)
	guilds := shardGuilds(srv, 8)
	var bots []*bot.Bot
	for _, ids := range [][]int{{0, 1}, {2, 3}} {
		st, err := store.Open(filepath.Join(t.TempDir(), "g.db"), store.Options{})
		if err != nil {
			t.Fatal(err)
		}
		defer st.Close()
		svc := &game.Service{Store: st}
		var mine []string
		for k, g := range guilds {
			if slices.Contains(ids, discordtest.ShardOf(g, 4)) {
				mine = append(mine, g)
				if _, err := svc.Create(g, game.CreateRequest{Name: "Битва " + strconv.Itoa(k),
					North: store.Clan{RoleID: roleOda, ChannelID: shardChannel(k, 1)}, South: store.Clan{RoleID: roleAsai, ChannelID: shardChannel(k, 2)},
					GMChannelID: shardChannel(k, 0)}); err != nil {
					t.Fatal(err)
				}
			}
		}
		b, err := bot.Dial(bot.Conn{Token: "one-token", Shards: 4, ShardIDs: ids, Wire: srv.Wire}, svc,
			bot.Options{Guilds: mine, Log: log.New(testLogOut, "", 0), IdentifyPause: func(time.Duration) {}})
		if err != nil {
			t.Fatal(err)
		}
		if err := b.Start(); err != nil {
			t.Fatal(err)
		}
		defer b.Close()
		bots = append(bots, b)
	}
	posted := func(k int) bool {
		for _, m := range srv.Messages().Under(shardChannel(k, 0)) {
			if strings.Contains(m.Content, "«Битва "+strconv.Itoa(k)+"»") {
				return true
			}
		}
		return false
	}
	all := func() bool {
		for k := range guilds {
			if !posted(k) {
				return false
			}
		}
		return true
	}
	srv.WaitFor(all, wait)
	for _, b := range bots {
		b.Wait()
	}
	for k := range guilds {
		if !posted(k) {
			t.Errorf("guild %d (shard %d): its GM channel did not get its battle's post: %q", k, discordtest.ShardOf(guilds[k], 4), contentOf(srv.Messages().Under(shardChannel(k, 0))))
		}
	}
}
