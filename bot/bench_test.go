package bot_test

import (
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/gunbai/gunbai/bot/discordtest"
	"github.com/gunbai/gunbai/engine"
	"github.com/gunbai/gunbai/game"
	"github.com/gunbai/gunbai/store"
)

// BenchmarkOrderAmongBattles gives one /order through the fake Discord in a
// guild that holds 1 or 100 battles: finding the caller's battle must not
// read every battle's full state (issue 9, item 8: within 1.5x).
func BenchmarkOrderAmongBattles(b *testing.B) {
	for _, n := range []int{1, 100} {
		b.Run(fmt.Sprintf("battles=%d", n), func(b *testing.B) {
			w := newWorld(b)
			w.start()
			defer w.stop()
			// n-1 other battles of other clans, each with a full army.
			for k := 1; k < n; k++ {
				state, _ := game.Scenario("anegawa")
				id := fmt.Sprintf("other-%03d", k)
				state.ID = id
				rec := store.BattleRecord{ID: id, GuildID: w.guild, Name: id, Status: store.StatusCommand, Turn: 1,
					Sides: [2]store.Clan{{RoleID: fmt.Sprintf("r-n-%d", k)}, {RoleID: fmt.Sprintf("r-s-%d", k)}}, State: state}
				if err := w.st.PutBattle(rec); err != nil {
					b.Fatal(err)
				}
			}
			w.create("Анэгава")
			w.slash(gm, chanGM, "battle", discordtest.Subcommand("start", discordtest.StringOpt("battle", "Анэгава")))
			w.roll(oda, chanOda)
			order := []discordtest.Option{discordtest.StringOpt("unit", "n-yari"), discordtest.StringOpt("order", "move")}
			if r := w.slash(oda, chanOda, "order", order...); !strings.Contains(r.Content, "n-yari") {
				b.Fatalf("order: %+v", r)
			}
			// Each order replaces the one before (move, hold, move...): the
			// same order again would be taken for a retry and cost nothing.
			other := []discordtest.Option{discordtest.StringOpt("unit", "n-yari"), discordtest.StringOpt("order", "wait")}
			b.ResetTimer()
			k := 0
			for b.Loop() {
				k++
				if r := w.slash(oda, chanOda, "order", [][]discordtest.Option{order, other}[k%2]...); !strings.Contains(r.Content, "n-yari") {
					b.Fatalf("order: %+v", r)
				}
			}
		})
	}
}

// loadWorld is a world with n battles taking orders: each with its two
// clans (a player each, rolled and accepted) and its three channels,
// created straight in the store before the bot starts.
func loadWorld(b *testing.B, n int) (*world, [][2]discordtest.Member) {
	w := newWorld(b)
	w.srv.SkipSpec() // measure the bot, not the fake's OpenAPI checks
	st, err := store.Open(w.path, store.Options{NoSync: true})
	if err != nil {
		b.Fatal(err)
	}
	svc := &game.Service{Store: st}
	players := make([][2]discordtest.Member, n)
	for k := range n {
		var clans [2]store.Clan
		for side := range 2 {
			id := fmt.Sprintf("%02d%015d", side+10, k)
			clans[side] = store.Clan{RoleID: "9" + id, ChannelID: "8" + id}
			players[k][side] = discordtest.Member{UserID: "7" + id, Roles: []string{clans[side].RoleID}, Locale: "ru"}
		}
		name := fmt.Sprintf("Битва %d", k)
		rec, err := svc.Create(w.guild, game.CreateRequest{Name: name, North: clans[0], South: clans[1], GMChannelID: chanGM, Locale: "ru"})
		if err != nil {
			b.Fatal(err)
		}
		if _, err := svc.Start(w.guild, rec.ID, false); err != nil {
			b.Fatal(err)
		}
		for side := range 2 {
			seat, err := svc.Seats().SeatOf(w.guild, players[k][side].Roles)
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
	// What creating them owed the channels is not part of what is measured.
	owed, _ := svc.Posts().Owed()
	for _, p := range owed {
		svc.Posts().Delivered(p.ID)
	}
	st.Close()
	w.start()
	return w, players
}

// acks sends every interaction at once and reports the p50 and p99 of the
// time each took to be acknowledged (its first answer) after dispatch.
func acks(b *testing.B, w *world, batch []discordtest.Interaction) {
	var ids []string
	for _, i := range batch {
		id, err := w.srv.Interactions().Dispatch(i)
		if err != nil {
			b.Fatal(err)
		}
		ids = append(ids, id)
	}
	var took []time.Duration
	for _, id := range ids {
		if !w.srv.WaitFor(func() bool { return len(w.srv.Interactions().Responses(id)) > 0 }, time.Minute) {
			b.Fatalf("no answer to %s", id)
		}
		took = append(took, w.srv.Interactions().Responses(id)[0].SinceDispatch)
	}
	w.b.Wait()
	slices.Sort(took)
	b.ReportMetric(float64(took[len(took)/2].Microseconds())/1000, "p50-ms")
	b.ReportMetric(float64(took[len(took)*99/100].Microseconds())/1000, "p99-ms")
}

// BenchmarkAckOrdersUnderLoad: 100 /order and /roll in flight over 50
// battles; the acknowledgement must stay far within Discord's 3 s (issue
// 10, item 10: p99 < 50 ms).
func BenchmarkAckOrdersUnderLoad(b *testing.B) {
	w, players := loadWorld(b, 50)
	defer w.stop()
	units := [2]string{"n-yari", "s-yari"}
	for b.Loop() {
		var batch []discordtest.Interaction
		for k := range players {
			for side, m := range players[k] {
				ch := fmt.Sprintf("8%02d%015d", side+10, k)
				if k%2 == 0 {
					batch = append(batch, w.srv.Interactions().SlashCommand(w.guild, ch, m, "order", discordtest.StringOpt("unit", units[side]), discordtest.StringOpt("order", "wait")))
				} else {
					batch = append(batch, w.srv.Interactions().SlashCommand(w.guild, ch, m, "roll", discordtest.StringOpt("stake", "low")))
				}
			}
		}
		acks(b, w, batch)
	}
}

// BenchmarkAckResolvesUnderLoad: the GM resolves 50 battles at once; each
// is acknowledged before it is resolved and drawn (target p99 < 500 ms).
func BenchmarkAckResolvesUnderLoad(b *testing.B) {
	w, players := loadWorld(b, 50)
	defer w.stop()
	turn := int64(1)
	for b.Loop() {
		var batch []discordtest.Interaction
		for k := range players {
			batch = append(batch, w.srv.Interactions().SlashCommand(w.guild, chanGM, gm, "battle", discordtest.Subcommand("resolve",
				discordtest.StringOpt("battle", fmt.Sprintf("Битва %d", k)), discordtest.IntOpt("turn", turn))))
		}
		acks(b, w, batch)
		turn++
	}
}
