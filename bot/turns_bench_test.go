package bot_test

import (
	"syscall"
	"testing"
	"time"

	"github.com/gunbai/gunbai/bot"
	"github.com/gunbai/gunbai/engine"
	"github.com/gunbai/gunbai/game"
	"github.com/gunbai/gunbai/render"
	"github.com/gunbai/gunbai/store"
)

// BenchmarkDrawTurn draws what the load's turns post (BenchmarkLoad):
// a turn where every side waits, for each audience, with its replay and
// without (post.replay off). cpu-ns/op is the process's CPU time (user and
// system, the collector's included): what the load spends on one turn's
// pictures for one audience, whatever else runs on the machine.
func BenchmarkDrawTurn(b *testing.B) {
	views := waitedTurn(b)
	for _, replay := range []bool{true, false} {
		for _, tv := range views {
			name := tv.Audience.String() + map[bool]string{true: "/replay", false: "/png"}[replay]
			b.Run(name, func(b *testing.B) {
				var pngBytes, gifBytes int
				cpu0, n := cpuTime(), 0
				for b.Loop() {
					n++
					f, err := bot.DrawTurn(render.RU, tv, replay)
					if err != nil {
						b.Fatal(err)
					}
					pngBytes, gifBytes = len(f.PNG), len(f.GIF)
				}
				b.ReportMetric(float64(cpuTime()-cpu0)/float64(n), "cpu-ns/op")
				b.ReportMetric(float64(pngBytes), "png-B")
				b.ReportMetric(float64(gifBytes), "gif-B")
			})
		}
	}
}

// waitedTurn plays the load's turn: a battle of the first scenario, both
// sides' spearmen told to wait, both ready; its views for North, South and
// the GM.
func waitedTurn(b *testing.B) []game.TurnView {
	st, err := store.Open(b.TempDir()+"/turn.db", store.Options{NoSync: true})
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { st.Close() })
	svc := &game.Service{Store: st}
	const guild = "500000000000000001"
	north := store.Clan{RoleID: "301", ChannelID: "201"}
	south := store.Clan{RoleID: "302", ChannelID: "202"}
	rec, err := svc.Create(guild, game.CreateRequest{Name: "Битва 1", North: north, South: south, GMChannelID: "600", Locale: "ru"})
	if err != nil {
		b.Fatal(err)
	}
	if _, err := svc.Start(guild, rec.ID, false); err != nil {
		b.Fatal(err)
	}
	for side, clan := range []store.Clan{north, south} {
		seat, err := svc.Seats().SeatOf(guild, []string{clan.RoleID})
		if err != nil {
			b.Fatal(err)
		}
		if r, err := svc.Roll(seat, engine.StakeLow); err != nil {
			b.Fatal(err)
		} else if !r.Final {
			if _, err := svc.Reroll(seat, seat.Battle.Turn, ""); err != nil {
				b.Fatal(err)
			}
		}
		unit := [2]string{"n-yari", "s-yari"}[side]
		if _, err := svc.Order(seat, engine.Order{Unit: unit, Kind: engine.OrderWait, Phase: 1}); err != nil {
			b.Fatal(err)
		}
		if _, err := svc.Ready(seat); err != nil {
			b.Fatal(err)
		}
	}
	var views []game.TurnView
	for _, a := range []store.Audience{store.AudienceNorth, store.AudienceSouth, store.AudienceGM} {
		tv, err := svc.TurnView(guild, rec.ID, 1, a, true)
		if err != nil {
			b.Fatal(err)
		}
		views = append(views, tv)
	}
	return views
}

// cpuTime is the CPU time the process has used.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
