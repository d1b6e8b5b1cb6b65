package bot_test

import (
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"

	"github.com/gunbai/gunbai/bot/discordtest"
	"github.com/gunbai/gunbai/game"
)

const chanSpectators = "800000000000000009"

// A spectators' channel gets the GM's view of each turn one turn later
// (spectators.delay 1), and the reveal at the end; /stats then counts the
// battle for both clans.
func TestSpectatorThroughDiscord(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	w.srv.Guilds().SetChannel(&discordgo.Channel{ID: chanSpectators, GuildID: w.guild, Type: discordgo.ChannelTypeGuildText, Name: "spectators",
		PermissionOverwrites: channelOverwrites(w.guild, roleGM)})
	w.start()
	defer w.stop()
	w.create("Нагасино", discordtest.ChannelOpt("spectator_channel", chanSpectators))
	w.slash(gm, chanGM, "battle", discordtest.Subcommand("set", discordtest.StringOpt("battle", "Нагасино"),
		discordtest.StringOpt("key", "spectators.delay"), discordtest.StringOpt("value", "1")))
	w.slash(gm, chanGM, "battle", discordtest.Subcommand("start", discordtest.StringOpt("battle", "Нагасино")))
	w.oneTurn()
	if n := len(botPosts(w.srv.Messages().Under(chanSpectators))); n != 0 {
		t.Fatalf("the spectators got %d messages before the delay", n)
	}
	w.oneTurn()
	got := contentOf(w.srv.Messages().Under(chanSpectators))
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
	if strings.Contains(contentOf(w.srv.Messages().Under(chanAsai)), "Север — отданные приказы") {
		t.Fatal("South read North's orders before the end")
	}
	w.slash(gm, chanGM, "battle", discordtest.Subcommand("finish", discordtest.StringOpt("battle", "Нагасино")))
	w.b.Wait()
	if got := contentOf(w.srv.Messages().Under(chanSpectators)); !strings.Contains(got, "окончена") || !strings.Contains(got, "Ход 2") {
		t.Fatal("the spectators got no reveal with every turn's log")
	}
	if got := contentOf(w.srv.Messages().Under(chanAsai)); !strings.Contains(got, "Север — отданные приказы") {
		t.Fatal("at the end, South does not get North's orders")
	}
	st := w.slash(oda, chanOda, "stats")
	if !strings.Contains(st.Content, "<@&"+roleOda+">: 1 битва") || !strings.Contains(st.Content, "<@&"+roleAsai+">: 1 битва") {
		t.Fatalf("/stats: %q", st.Content)
	}
}

// setDelay has a GM set spectators.delay.
func (w *world) setDelay(m discordtest.Member, value string) discordtest.Response {
	return w.slash(m, chanGM, "battle", discordtest.Subcommand("set", discordtest.StringOpt("battle", "Нагасино"),
		discordtest.StringOpt("key", "spectators.delay"), discordtest.StringOpt("value", value)))
}

// A spectators' channel a clan can see (North's own, or a public one seen
// through @everyone) is accepted for the reveal at the end alone, and the
// GM is told so; spectators.delay above 0 is then refused, naming what to
// do, in the GM's language; the channel gets no turn before the end.
func TestSpectatorChannelSeenByAClan(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name, channel string
		gm            discordtest.Member
		created, set  []string
	}{
		{"North's channel, RU", chanOda, gm,
			[]string{"Канал зрителей <#" + chanOda + "> виден роли <@&" + roleOda + ">, поэтому туда пойдёт только раскрытие битвы в конце."},
			[]string{"Канал зрителей <#" + chanOda + "> виден роли <@&" + roleOda + ">", "Закройте канал для ролей обоих кланов и для @everyone", "spectators.delay 0", "Ничего не изменено."}},
		{"a public channel, EN", chanSpectators, gmEN,
			[]string{"The spectators' channel <#" + chanSpectators + "> is visible to <@&" + roleOda + ">, so it gets only the reveal at the end of the battle."},
			[]string{"The spectators' channel <#" + chanSpectators + "> is visible to <@&" + roleOda + ">", "Deny View Channel there to both clans' roles and to @everyone", "keep spectators.delay 0", "Nothing was changed."}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			w := newWorld(t)
			// Public: no overwrites, @everyone views it.
			w.srv.Guilds().SetChannel(&discordgo.Channel{ID: chanSpectators, GuildID: w.guild, Type: discordgo.ChannelTypeGuildText, Name: "public"})
			w.start()
			defer w.stop()
			r := w.slash(tc.gm, chanGM, "battle", discordtest.Subcommand("create", discordtest.StringOpt("name", "Нагасино"),
				discordtest.RoleOpt("north_role", roleOda), discordtest.ChannelOpt("north_channel", chanOda),
				discordtest.RoleOpt("south_role", roleAsai), discordtest.ChannelOpt("south_channel", chanAsai),
				discordtest.ChannelOpt("gm_channel", chanGM), discordtest.ChannelOpt("spectator_channel", tc.channel)))
			for _, want := range tc.created {
				if !strings.Contains(r.Content, want) {
					t.Fatalf("/battle create: %q\nwant %q", r.Content, want)
				}
			}
			r = w.setDelay(tc.gm, "1")
			for _, want := range tc.set {
				if !strings.Contains(r.Content, want) {
					t.Fatalf("/battle set spectators.delay 1: %q\nwant %q", r.Content, want)
				}
			}
			if rec, err := (&game.Service{Store: w.st}).Battle(w.guild, "Нагасино"); err != nil || rec.SpectatorDelay != 0 {
				t.Fatalf("the refused delay was set: %d, %v", rec.SpectatorDelay, err)
			}
			if r := w.setDelay(tc.gm, "0"); strings.Contains(r.Content, "Nothing was changed") || strings.Contains(r.Content, "Ничего не изменено") {
				t.Fatalf("spectators.delay 0 refused: %q", r.Content)
			}
			before := len(w.srv.Messages().Under(tc.channel))
			w.slash(tc.gm, chanGM, "battle", discordtest.Subcommand("start", discordtest.StringOpt("battle", "Нагасино")))
			w.oneTurn()
			w.oneTurn()
			// Turn 1's results: North's own view in North's channel,
			// nothing in the public one; never the GM's for the spectators.
			own := 0
			if tc.channel == chanOda {
				own = 1
			}
			if got := contentOf(w.srv.Messages().Under(tc.channel)[before:]); strings.Count(got, "ход 1. Зерно костей") != own {
				t.Fatalf("the channel a clan sees got the spectators' turn during the battle: %q", got)
			}
		})
	}
}

// A proper spectators' channel gets its delayed turns; opened to North in
// the middle of the battle, it gets no further turn while the battle goes
// on (the GM is told why and what to do), and the reveal at the end.
func TestSpectatorChannelOpenedToAClanMidBattle(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	w.srv.Guilds().SetChannel(&discordgo.Channel{ID: chanSpectators, GuildID: w.guild, Type: discordgo.ChannelTypeGuildText, Name: "spectators",
		PermissionOverwrites: channelOverwrites(w.guild, roleGM)})
	w.start()
	defer w.stop()
	if r := w.create("Нагасино", discordtest.ChannelOpt("spectator_channel", chanSpectators)); strings.Contains(r.Content, "Канал зрителей") {
		t.Fatalf("a proper spectators' channel was taken for one a clan sees: %q", r.Content)
	}
	if r := w.setDelay(gm, "1"); strings.Contains(r.Content, "Ничего не изменено") {
		t.Fatalf("spectators.delay 1 refused for a proper channel: %q", r.Content)
	}
	w.slash(gm, chanGM, "battle", discordtest.Subcommand("start", discordtest.StringOpt("battle", "Нагасино")))
	w.oneTurn()
	w.oneTurn()
	if got := contentOf(w.srv.Messages().Under(chanSpectators)); !strings.Contains(got, "ход 1. Зерно костей") {
		t.Fatalf("the spectators did not get turn 1 one turn later: %q", got)
	}
	// North's role is let in.
	w.srv.Guilds().SetChannelOverwrites(chanSpectators, append(channelOverwrites(w.guild, roleGM),
		&discordgo.PermissionOverwrite{ID: roleOda, Type: discordgo.PermissionOverwriteTypeRole, Allow: discordgo.PermissionViewChannel})...)
	before := len(w.srv.Messages().Under(chanSpectators))
	w.oneTurn()
	for _, m := range w.srv.Messages().Under(chanSpectators)[before:] {
		t.Fatalf("the spectators' channel North now sees got a turn during the battle: %q", m.Content)
	}
	want := "Битва «Нагасино»: ход 2 не отправлен зрителям — канал <#" + chanSpectators + "> теперь виден роли <@&" + roleOda + ">."
	if got := contentOf(w.srv.Messages().Under(chanGM)); !strings.Contains(got, want) || !strings.Contains(got, "spectators.delay значение:0") {
		t.Fatalf("the GM was not told why the spectators got nothing: %q", got)
	}
	w.slash(gm, chanGM, "battle", discordtest.Subcommand("finish", discordtest.StringOpt("battle", "Нагасино")))
	w.b.Wait()
	if got := contentOf(w.srv.Messages().Under(chanSpectators)[before:]); !strings.Contains(got, "окончена") {
		t.Fatalf("the spectators got no reveal at the end: %q", got)
	}
}
