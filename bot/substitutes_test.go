package bot_test

import (
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"

	"github.com/gunbai/gunbai/bot/discordtest"
	"github.com/gunbai/gunbai/engine"
	"github.com/gunbai/gunbai/game"
	"github.com/gunbai/gunbai/store"
)

// Substitutes (issue 29, items 2 and 6): katsuie and hideyoshi are members
// of the guild with no clan role; the GM seats them.
const chanTown = "800000000000000010"

var (
	katsuie   = discordtest.Member{UserID: "700000000000000021", Username: "katsuie", Locale: "ru"}
	hideyoshi = discordtest.Member{UserID: "700000000000000022", Username: "hideyoshi", Locale: "en-US"}
)

// subWorld is battleWorld, Asai's clan speaking English, with the two
// members in the guild and a town channel open to all, where they use the
// guild's commands.
func subWorld(t *testing.T) *world {
	t.Helper()
	w := newWorld(t)
	w.start()
	w.create("Нагасино", discordtest.StringOpt("south_lang", "en"))
	w.slash(gm, chanGM, "battle", discordtest.Subcommand("start", discordtest.StringOpt("battle", "Нагасино")))
	for _, m := range []discordtest.Member{katsuie, hideyoshi} {
		w.srv.Guilds().SetMemberRoles(w.guild, m.UserID)
	}
	w.srv.Guilds().SetChannel(&discordgo.Channel{ID: chanTown, GuildID: w.guild, Type: discordgo.ChannelTypeGuildText, Name: "town"})
	return w
}

// substitute has the GM run /battle substitute on Нагасино.
func (w *world) substitute(m discordtest.Member, opts ...discordtest.Option) discordtest.Response {
	w.t.Helper()
	return w.slash(m, chanGM, "battle", discordtest.Subcommand("substitute", append([]discordtest.Option{discordtest.StringOpt("battle", "Нагасино")}, opts...)...))
}

// sheets counts the order sheets in a member's DMs.
func (w *world) sheets(m discordtest.Member) int {
	n := 0
	for _, msg := range w.srv.Messages().DMs(m.UserID) {
		for _, id := range customIDs(msg.Components) {
			if strings.HasPrefix(id, "sheet:") {
				n++
				break
			}
		}
	}
	return n
}

// playSubstituted plays two turns of Нагасино: the GM seats katsuie, who
// lacks the clan role, in Oda's place for one turn, and hideyoshi for the
// whole of Asai's side until he ends it: each gets his seat's sheet at
// once, finds his battle in a DM, rolls and orders for the side, and the
// player replaced is told a substitute holds his seat (in his language).
// Each clan learns of its own substitute only; the GM's channel reads who
// played the turn; after its turn the seating is over: the substitute
// finds no seat, gets no sheet, and Oda orders again.
func playSubstituted(t *testing.T, w *world) {
	t.Helper()
	r := w.substitute(gm, discordtest.StringOpt("side", "north"), discordtest.MemberOpt("stand_in", katsuie),
		discordtest.MemberOpt("player", oda), discordtest.IntOpt("turns", 1))
	seatedRU := "Мастер посадил <@" + katsuie.UserID + "> на место <@" + oda.UserID + "> с хода 1 по ход 1"
	if !r.Ephemeral || !strings.Contains(r.Content, seatedRU) {
		t.Fatalf("the GM's answer: %+v", r)
	}
	gmEN := gm
	gmEN.Locale = "en-US"
	r = w.substitute(gmEN, discordtest.StringOpt("side", "south"), discordtest.MemberOpt("stand_in", hideyoshi))
	seatedEN := "The GM has seated <@" + hideyoshi.UserID + "> to command the whole side from turn 1 until further notice."
	if !r.Ephemeral || !strings.Contains(r.Content, seatedEN) {
		t.Fatalf("the GM's answer in English: %+v", r)
	}
	oda1, asai1 := contentOf(w.srv.Messages().Under(chanOda)), contentOf(w.srv.Messages().Under(chanAsai))
	if !strings.Contains(oda1, seatedRU) || !strings.Contains(asai1, seatedEN) {
		t.Fatalf("the clans were not told:\n%s\n%s", oda1, asai1)
	}
	if strings.Contains(oda1, hideyoshi.UserID) || strings.Contains(asai1, katsuie.UserID) {
		t.Fatalf("a clan learnt of the enemy's substitute:\n%s\n%s", oda1, asai1)
	}
	// Each has his seat's sheet in his DMs at once.
	if w.sheets(katsuie) != 1 || w.sheets(hideyoshi) != 1 {
		t.Fatalf("sheets: katsuie %d, hideyoshi %d", w.sheets(katsuie), w.sheets(hideyoshi))
	}
	// He finds his battle in a DM, as his seat's side: the very picture
	// Oda gets.
	r = w.dm(katsuie, "field")
	if r.Content != "Нагасино — ход 1" || len(r.Files) != 1 {
		t.Fatalf("katsuie's /field in a DM: %+v", r)
	}
	if own := w.slash(oda, chanOda, "field"); len(own.Files) != 1 || !samePNG(own.Files[0].Data, r.Files[0].Data) {
		t.Fatal("katsuie's picture is not Oda's")
	}
	// He rolls and orders for the side; Oda is refused.
	w.roll(katsuie, chanTown)
	order := []discordtest.Option{discordtest.StringOpt("unit", "n-yari"), discordtest.StringOpt("order", "move"), discordtest.IntOpt("phase", 1)}
	if r := w.slash(katsuie, chanTown, "order", order...); !strings.Contains(r.Content, "Приказ принят") {
		t.Fatalf("katsuie's order: %q", r.Content)
	}
	if r := w.slash(oda, chanOda, "order", order...); !strings.Contains(r.Content, "Ваше место сейчас занимает замена (<@"+katsuie.UserID+">)") {
		t.Fatalf("Oda ordered in his substitute's turn: %q", r.Content)
	}
	if r := w.slash(asai, chanAsai, "roll", discordtest.StringOpt("stake", "low")); !strings.Contains(r.Content, "A substitute (<@"+hideyoshi.UserID+">) holds your seat now") {
		t.Fatalf("Asai rolled for a side his substitute holds: %q", r.Content)
	}
	// hideyoshi rolls on his sheet, in English.
	(&sheetPlayer{w: w, m: hideyoshi}).roll()
	if sh, _ := w.sheetOf(hideyoshi); !strings.Contains(sh.Text(), "Command roll (low stake, 5+)") || strings.Contains(sh.Text(), "pick the stake") {
		t.Fatalf("hideyoshi's sheet after his roll: %q", sh.Text())
	}
	south := []discordtest.Option{discordtest.StringOpt("unit", "s-yari"), discordtest.StringOpt("order", "move"), discordtest.IntOpt("phase", 1)}
	if r := w.slash(hideyoshi, chanTown, "order", south...); !strings.Contains(r.Content, "Order accepted") {
		t.Fatalf("hideyoshi's order: %q", r.Content)
	}
	if r := w.dm(katsuie, "orders"); !strings.Contains(r.Content, "n-yari") {
		t.Fatalf("katsuie's orders: %q", r.Content)
	}
	w.slash(gm, chanGM, "battle", discordtest.Subcommand("resolve", discordtest.StringOpt("battle", "Нагасино"), discordtest.IntOpt("turn", 1)))
	w.b.Wait()
	played := "Ход 1, <@&" + roleOda + ">: играли <@" + katsuie.UserID + ">; замены: <@" + katsuie.UserID + "> → <@" + oda.UserID + ">."
	if gmText := contentOf(w.srv.Messages().Under(chanGM)); !strings.Contains(gmText, played) {
		t.Fatalf("the GM's channel does not read who played: %s", gmText)
	}
	oda2, asai2 := contentOf(w.srv.Messages().Under(chanOda)), contentOf(w.srv.Messages().Under(chanAsai))
	if strings.Contains(oda2, hideyoshi.UserID) || strings.Contains(asai2, katsuie.UserID) {
		t.Fatalf("a clan learnt of the enemy's substitute:\n%s\n%s", oda2, asai2)
	}
	// Turn 2: katsuie's seating is over, hideyoshi's goes on.
	if r := w.slash(katsuie, chanTown, "order", order...); !strings.Contains(r.Content, "не в клане") {
		t.Fatalf("katsuie ordered after his seating: %q", r.Content)
	}
	// katsuie's sheet of turn 1 was closed, and no other came; hideyoshi
	// has the sheet of turn 2.
	if sh, ok := w.sheetOf(hideyoshi); w.sheets(katsuie) != 0 || w.sheets(hideyoshi) != 1 || !ok || !strings.Contains(sh.Text(), "turn 2") {
		t.Fatalf("sheets of turn 2: katsuie %d, hideyoshi %d: %q", w.sheets(katsuie), w.sheets(hideyoshi), sh.Text())
	}
	w.roll(oda, chanOda)
	if r := w.slash(oda, chanOda, "order", order...); !strings.Contains(r.Content, "Приказ принят") {
		t.Fatalf("Oda's order after the seating: %q", r.Content)
	}
	// The GM ends hideyoshi's seating: Asai plays again.
	r = w.substitute(gmEN, discordtest.StringOpt("side", "south"), discordtest.BoolOpt("end", true))
	if ended := "The GM has ended the seating: <@" + hideyoshi.UserID + "> no longer commands the side."; !strings.Contains(r.Content, ended) ||
		!strings.Contains(contentOf(w.srv.Messages().Under(chanAsai)), ended) || strings.Contains(contentOf(w.srv.Messages().Under(chanOda)), hideyoshi.UserID) {
		t.Fatalf("ending: %q", r.Content)
	}
	w.roll(asai, chanAsai)
	if r := w.slash(asai, chanAsai, "order", south...); !strings.Contains(r.Content, "Order accepted") {
		t.Fatalf("Asai's order after the seating: %q", r.Content)
	}
	w.slash(gm, chanGM, "battle", discordtest.Subcommand("resolve", discordtest.StringOpt("battle", "Нагасино"), discordtest.IntOpt("turn", 2)))
	w.b.Wait()
}

// The substitutes play their seats (playSubstituted), and the journal
// keeps the seatings and who played each turn.
func TestSubstituteSeatedWithoutTheClanRole(t *testing.T) {
	t.Parallel()
	w := subWorld(t)
	defer w.stop()
	playSubstituted(t, w)
	// The journal: two seatings, one ended; who played each turn.
	es, _, err := (&game.Service{Store: w.st}).Audit().Journal(w.guild, "Нагасино")
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, e := range es {
		switch e.Kind {
		case store.JournalSubstitute, store.JournalSubstituteEnd:
			s, err := store.ParseSubstitute(e.Detail)
			if err != nil || e.By != gm.UserID {
				t.Fatalf("entry %+v: %v", e, err)
			}
			got = append(got, e.Kind+" "+s.By+" "+s.For)
		case store.JournalPlayed:
			p, err := store.ParsePlayed(e.Detail)
			if err != nil {
				t.Fatal(err)
			}
			got = append(got, e.Kind+" "+e.Side+" "+strings.Join(p.Users, ","))
		}
	}
	want := []string{
		"substitute " + katsuie.UserID + " " + oda.UserID, "substitute " + hideyoshi.UserID + " ",
		"played north " + katsuie.UserID, "played south " + hideyoshi.UserID,
		"substitute_end " + hideyoshi.UserID + " ",
		"played north " + oda.UserID, "played south " + asai.UserID,
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Fatalf("journal:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// /stats player: counts what the battle stored, in Russian and English:
// battles, wins with the clan (South won it), turns played, orders given,
// turns missed, substitutes for him and times he substituted.
func TestStatsPlayerCountsSubstitutes(t *testing.T) {
	t.Parallel()
	w := subWorld(t)
	defer w.stop()
	playSubstituted(t, w)
	w.edit("нагасино", func(b *engine.Battle) { b.Outcome = engine.SouthVictory }) // South won: the outcome is the fixture
	w.slash(gm, chanGM, "battle", discordtest.Subcommand("finish", discordtest.StringOpt("battle", "Нагасино")))
	w.b.Wait()
	// /stats player: in Russian and English.
	stats := func(m discordtest.Member, p discordtest.Member) string {
		return w.slash(m, chanTown, "stats", discordtest.MemberOpt("player", p)).Content
	}
	for _, c := range []struct {
		asker, player discordtest.Member
		want          string
	}{
		{gm, katsuie, "Итоги игрока <@" + katsuie.UserID + "> в битвах этого сервера:\n• битв: 1, побед с кланом: 0\n• ходов сыграно: 1, приказов отдано: 1, ходов пропущено: 0\n• замен за него: 0, сам заменял: 1"},
		{gm, oda, "Итоги игрока <@" + oda.UserID + "> в битвах этого сервера:\n• битв: 1, побед с кланом: 0\n• ходов сыграно: 1, приказов отдано: 1, ходов пропущено: 0\n• замен за него: 1, сам заменял: 0"},
		{asai, asai, "The record of <@" + asai.UserID + "> in this server's battles:\n• battles: 1, wins with the clan: 1\n• turns played: 1, orders given: 1, turns missed: 0\n• substitutes for him: 1, times he substituted: 0"},
		{asai, hideyoshi, "The record of <@" + hideyoshi.UserID + "> in this server's battles:\n• battles: 1, wins with the clan: 0\n• turns played: 1, orders given: 1, turns missed: 0\n• substitutes for him: 0, times he substituted: 1"},
		{asai, gm, "<@" + gm.UserID + "> has not played in this server's battles yet."},
	} {
		if got := stats(c.asker, c.player); got != c.want {
			t.Errorf("/stats player:%s:\n%s\nwant:\n%s", c.player.Username, got, c.want)
		}
	}
}

// A seating asked wrongly is refused in the GM's language and changes
// nothing: a user who is no member, a stand-in of the other clan, a player
// replacing himself, a battle finished, ending a seating there is none of;
// no clan channel hears of any of it.
func TestSubstituteRefusals(t *testing.T) {
	t.Parallel()
	w := subWorld(t)
	defer w.stop()
	stranger := "700000000000000099"
	gmEN := gm
	gmEN.Locale = "en-US"
	north := discordtest.StringOpt("side", "north")
	before := func() (int, int) {
		return len(w.srv.Messages().Under(chanOda)), len(w.srv.Messages().Under(chanAsai))
	}
	o0, a0 := before()
	offered := w.choices(w.srv.Interactions().Autocomplete(w.guild, chanGM, gm, "battle", discordtest.Subcommand("substitute",
		discordtest.Focus(discordtest.StringOpt("battle", "")))))
	if len(offered) != 1 || offered[0].Value != "Нагасино" {
		t.Fatalf("the battles offered: %+v", offered)
	}
	for _, c := range []struct {
		m    discordtest.Member
		opts []discordtest.Option
		want string
	}{
		{gm, []discordtest.Option{north, discordtest.UserOpt("stand_in", stranger)}, "<@" + stranger + "> — не участник этого сервера"},
		{gmEN, []discordtest.Option{north, discordtest.UserOpt("stand_in", stranger)}, "<@" + stranger + "> is not a member of this server"},
		{gm, []discordtest.Option{north, discordtest.MemberOpt("stand_in", asai), discordtest.MemberOpt("player", oda)}, "<@" + asai.UserID + "> играет за другую сторону (<@&" + roleAsai + ">)"},
		{gmEN, []discordtest.Option{north, discordtest.MemberOpt("stand_in", asai)}, "<@" + asai.UserID + "> plays for the other side (<@&" + roleAsai + ">)"},
		{gm, []discordtest.Option{north, discordtest.MemberOpt("stand_in", oda), discordtest.MemberOpt("player", oda)}, "<@" + oda.UserID + "> не может заменить сам себя."},
		{gm, []discordtest.Option{north, discordtest.MemberOpt("stand_in", katsuie), discordtest.MemberOpt("player", asai)}, "<@" + asai.UserID + "> не играет за эту сторону (<@&" + roleOda + ">)"},
		{gmEN, []discordtest.Option{north, discordtest.MemberOpt("stand_in", katsuie), discordtest.UserOpt("player", stranger)}, "<@" + stranger + "> is not a member of this server"},
		{gmEN, []discordtest.Option{north}, "Name the substitute (stand_in), or end:true to end a seating."},
		{gm, []discordtest.Option{north, discordtest.BoolOpt("end", true)}, "У <@&" + roleOda + "> сейчас нет замены: снимать нечего."},
		{gm, []discordtest.Option{north, discordtest.MemberOpt("stand_in", katsuie), discordtest.IntOpt("turns", 100)}, "от 1 до 99"},
	} {
		if r := w.substitute(c.m, c.opts...); !r.Ephemeral || !strings.Contains(r.Content, c.want) {
			t.Errorf("want %q, got %+v", c.want, r)
		}
	}
	// A player is no GM.
	if r := w.slash(oda, chanOda, "battle", discordtest.Subcommand("substitute", discordtest.StringOpt("battle", "Нагасино"), north,
		discordtest.MemberOpt("stand_in", katsuie))); !strings.Contains(r.Content, "только для мастера") {
		t.Errorf("a player seated a substitute: %q", r.Content)
	}
	// A stand-in seated on one side cannot sit in for the other.
	w.substitute(gm, north, discordtest.MemberOpt("stand_in", katsuie))
	o1, a1 := before()
	if r := w.substitute(gm, discordtest.StringOpt("side", "south"), discordtest.MemberOpt("stand_in", katsuie)); !strings.Contains(r.Content, "играет за другую сторону") {
		t.Errorf("katsuie seated on both sides: %q", r.Content)
	}
	if o, a := before(); o != o1 || a != a1 || o1 != o0+1 || a1 != a0 {
		t.Errorf("the clans heard of refusals: %d→%d→%d, %d→%d→%d", o0, o1, o, a0, a1, a)
	}
	w.slash(gm, chanGM, "battle", discordtest.Subcommand("finish", discordtest.StringOpt("battle", "Нагасино")))
	if r := w.substitute(gm, north, discordtest.MemberOpt("stand_in", hideyoshi)); !strings.Contains(r.Content, "уже завершена") {
		t.Errorf("seated in a finished battle: %q", r.Content)
	}
	rec, err := w.st.Battle(w.guild, "нагасино")
	if err != nil {
		t.Fatal(err)
	}
	if len(rec.People.Subs) != 1 || rec.People.Subs[0].By != katsuie.UserID {
		t.Fatalf("the refusals changed the seatings: %+v", rec.People.Subs)
	}
	if strings.Contains(contentOf(w.srv.Messages().Under(chanAsai)), katsuie.UserID) {
		t.Fatal("Asai's clan learnt of Oda's substitute")
	}
}

// Seated in deployment for one turn, the substitute deploys the seat's
// army and plays turn 1; the player replaced is refused meanwhile, and
// from turn 2 he plays again.
func TestSubstituteInDeployment(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	w.start()
	defer w.stop()
	w.srv.Guilds().SetMemberRoles(w.guild, katsuie.UserID)
	w.srv.Guilds().SetChannel(&discordgo.Channel{ID: chanTown, GuildID: w.guild, Type: discordgo.ChannelTypeGuildText, Name: "town"})
	w.create("Нагасино")
	r := w.substitute(gm, discordtest.StringOpt("side", "north"), discordtest.MemberOpt("stand_in", katsuie),
		discordtest.MemberOpt("player", oda), discordtest.IntOpt("turns", 1))
	if !strings.Contains(r.Content, "с хода 1 по ход 1") {
		t.Fatalf("seated in deployment: %q", r.Content)
	}
	deploy := []discordtest.Option{discordtest.StringOpt("unit", "n-uma"), discordtest.StringOpt("facing", "S")}
	if r := w.slash(oda, chanOda, "deploy", deploy...); !strings.Contains(r.Content, "Ваше место сейчас занимает замена") {
		t.Fatalf("Oda deployed in his substitute's place: %q", r.Content)
	}
	if r := w.slash(katsuie, chanTown, "deploy", deploy...); !strings.Contains(r.Content, "n-uma — лёгкая конница") {
		t.Fatalf("katsuie's deployment: %q", r.Content)
	}
	w.slash(gm, chanGM, "battle", discordtest.Subcommand("start", discordtest.StringOpt("battle", "Нагасино")))
	if w.sheets(katsuie) != 1 {
		t.Fatalf("katsuie has %d sheets in turn 1", w.sheets(katsuie))
	}
	w.roll(katsuie, chanTown)
	if r := w.slash(oda, chanOda, "roll", discordtest.StringOpt("stake", "low")); !strings.Contains(r.Content, "Ваше место сейчас занимает замена") {
		t.Fatalf("Oda rolled in turn 1: %q", r.Content)
	}
	w.slash(gm, chanGM, "battle", discordtest.Subcommand("resolve", discordtest.StringOpt("battle", "Нагасино"), discordtest.IntOpt("turn", 1)))
	w.b.Wait()
	w.roll(oda, chanOda)
	if r := w.slash(katsuie, chanTown, "roll", discordtest.StringOpt("stake", "low")); !strings.Contains(r.Content, "не в клане") {
		t.Fatalf("katsuie rolled in turn 2: %q", r.Content)
	}
}
