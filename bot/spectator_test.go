package bot_test

import (
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"

	"github.com/gunbai/gunbai/bot/discordtest"
)

const chanSpectators = "800000000000000009"

// A spectators' channel gets the GM's view of each turn one turn later
// (spectators.delay 1), and the reveal at the end; /stats then counts the
// battle for both clans.
func TestSpectatorThroughDiscord(t *testing.T) {
	w := newWorld(t)
	w.srv.SetChannel(&discordgo.Channel{ID: chanSpectators, GuildID: w.guild, Type: discordgo.ChannelTypeGuildText, Name: "spectators",
		PermissionOverwrites: channelOverwrites(w.guild, roleGM)})
	w.start()
	defer w.stop()
	w.create("Нагасино", discordtest.ChannelOpt("spectator_channel", chanSpectators))
	w.slash(gm, chanGM, "battle", discordtest.Subcommand("set", discordtest.StringOpt("battle", "Нагасино"),
		discordtest.StringOpt("key", "spectators.delay"), discordtest.StringOpt("value", "1")))
	w.slash(gm, chanGM, "battle", discordtest.Subcommand("start", discordtest.StringOpt("battle", "Нагасино")))
	w.oneTurn()
	if n := len(w.srv.Messages(chanSpectators)); n != 0 {
		t.Fatalf("the spectators got %d messages before the delay", n)
	}
	w.oneTurn()
	got := contentOf(w.srv.Messages(chanSpectators))
	if !strings.Contains(got, "ход 1. Зерно костей") || strings.Contains(got, "ход 2. Зерно костей") {
		t.Fatalf("the spectators, one turn later: %q", got)
	}
	// The GM's view: both sides' orders.
	if !strings.Contains(got, "Север — отданные приказы") && !strings.Contains(got, "Юг — отданные приказы") {
		t.Fatalf("the spectators' log is not the GM's: %q", got)
	}
	if st := w.slash(oda, chanOda, "stats"); !strings.Contains(st.Content, "ещё нет") {
		t.Fatalf("/stats before the end: %q", st.Content)
	}
	if strings.Contains(contentOf(w.srv.Messages(chanAsai)), "Север — отданные приказы") {
		t.Fatal("South read North's orders before the end")
	}
	w.slash(gm, chanGM, "battle", discordtest.Subcommand("finish", discordtest.StringOpt("battle", "Нагасино")))
	w.b.Wait()
	if got := contentOf(w.srv.Messages(chanSpectators)); !strings.Contains(got, "окончена") || !strings.Contains(got, "Ход 2") {
		t.Fatal("the spectators got no reveal with every turn's log")
	}
	if got := contentOf(w.srv.Messages(chanAsai)); !strings.Contains(got, "Север — отданные приказы") {
		t.Fatal("at the end, South does not get North's orders")
	}
	st := w.slash(oda, chanOda, "stats")
	if !strings.Contains(st.Content, "<@&"+roleOda+">: 1 битва") || !strings.Contains(st.Content, "<@&"+roleAsai+">: 1 битва") {
		t.Fatalf("/stats: %q", st.Content)
	}
}
