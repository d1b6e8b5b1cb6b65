package bot_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/gunbai/gunbai/bot/discordtest"
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
			b.ResetTimer()
			for b.Loop() {
				w.slash(oda, chanOda, "order", order...)
			}
		})
	}
}
