package discordtest_test

import (
	"errors"
	"strconv"
	"testing"

	"github.com/bwmarrin/discordgo"
	"github.com/gorilla/websocket"

	"github.com/gunbai/gunbai/bot/discordtest"
)

// shardGuildID is a guild ID whose shard among count is k % count.
func shardGuildID(k int) string { return strconv.FormatUint(uint64(1000+k)<<22|12345, 10) }

// openShard opens a session identifying as shard id of count.
func openShard(t *testing.T, srv *discordtest.Server, id, count int) (*discordgo.Session, *discordgo.Ready, error) {
	t.Helper()
	sess, err := srv.Session(token)
	if err != nil {
		t.Fatal(err)
	}
	sess.ShardID, sess.ShardCount = id, count
	// No state: discordgo's state would update READY's guilds in place as
	// their GUILD_CREATE arrive, while the test reads them.
	sess.StateEnabled = false
	ready := make(chan *discordgo.Ready, 1)
	sess.AddHandler(func(_ *discordgo.Session, r *discordgo.Ready) { ready <- r })
	if err := sess.Open(); err != nil {
		return sess, nil, err
	}
	return sess, <-ready, nil
}

// With "shard": [id, count] each session gets READY and GUILD_CREATE for
// its own guilds only, by the formula, and the interactions of a guild go
// out on its shard's session; a disagreeing count is closed with 4010.
func TestShardedGateway(t *testing.T) {
	t.Parallel()
	srv := discordtest.New(t)
	srv.Gateway().SetBot(2, 2)
	for k := range 6 {
		srv.Guilds().Add(shardGuildID(k), "G"+strconv.Itoa(k))
	}
	var sessions [2]*discordgo.Session
	for id := range 2 {
		sess, r, err := openShard(t, srv, id, 2)
		if err != nil {
			t.Fatalf("shard %d: %v", id, err)
		}
		sessions[id] = sess
		for _, g := range r.Guilds {
			if discordtest.ShardOf(g.ID, 2) != id {
				t.Errorf("READY of shard %d lists guild %s of shard %d", id, g.ID, discordtest.ShardOf(g.ID, 2))
			}
		}
		want := 3
		if discordtest.ShardOf(srv.GuildID(), 2) == id {
			want++ // the default guild
		}
		if len(r.Guilds) != want {
			t.Errorf("READY of shard %d: %d guilds, want %d", id, len(r.Guilds), want)
		}
		if r.Shard == nil || *r.Shard != [2]int{id, 2} {
			t.Errorf("READY of shard %d: shard %v", id, r.Shard)
		}
	}
	// The interactions of a guild reach its shard's session only.
	got := [2]chan string{make(chan string, 10), make(chan string, 10)}
	for id, sess := range sessions {
		sess.AddHandler(func(_ *discordgo.Session, i *discordgo.InteractionCreate) { got[id] <- i.GuildID })
	}
	for k := range 4 {
		g := shardGuildID(k)
		id, err := srv.Interactions().Dispatch(srv.Interactions().SlashCommand(g, srv.NewID(), discordtest.Member{UserID: srv.NewID(), Username: "p"}, "ping"))
		if err != nil {
			t.Fatal(err)
		}
		shard := discordtest.ShardOf(g, 2)
		if gg := <-got[shard]; gg != g {
			t.Errorf("shard %d got guild %s, want %s", shard, gg, g)
		}
		info, _ := srv.Interactions().Info(id)
		if len(info.Sessions) != 1 || info.Sessions[0].Shard != [2]int{shard, 2} {
			t.Errorf("interaction of guild %s went to %+v", g, info.Sessions)
		}
	}
	for id := range 2 {
		if len(got[id]) != 0 {
			t.Errorf("shard %d got another shard's interaction", id)
		}
	}
	// Another shard count while these sessions live: Invalid shard.
	_, _, err := openShard(t, srv, 0, 3)
	var ce *websocket.CloseError
	if !errors.As(err, &ce) || ce.Code != 4010 {
		t.Errorf("IDENTIFY with another shard count: %v, want close 4010", err)
	}
	if ss := srv.Gateway().Sessions(); len(ss) != 2 || ss[0].Shard != [2]int{0, 2} || ss[1].Shard != [2]int{1, 2} {
		t.Errorf("sessions %+v", ss)
	}
	gb, err := sessions[0].GatewayBot()
	if err != nil || gb.Shards != 2 || gb.SessionStartLimit.MaxConcurrency != 2 {
		t.Errorf("GET /gateway/bot: %+v, %v", gb, err)
	}
}

// A shard that would hold more guilds than Discord allows is closed with
// 4011 (Sharding required).
func TestShardingRequired(t *testing.T) {
	t.Parallel()
	srv := discordtest.New(t)
	srv.Gateway().SetGuildsPerShard(2)
	for k := range 4 {
		srv.Guilds().Add(shardGuildID(k), "G")
	}
	_, _, err := openShard(t, srv, 0, 1)
	var ce *websocket.CloseError
	if !errors.As(err, &ce) || ce.Code != 4011 {
		t.Fatalf("5 guilds on one shard of 2: %v, want close 4011", err)
	}
	for id := range 4 {
		if _, _, err := openShard(t, srv, id, 4); err != nil {
			t.Fatalf("shard %d of 4: %v", id, err)
		}
	}
}
