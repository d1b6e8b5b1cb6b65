package bot_test

import (
	"io"
	"log"
	"net"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gunbai/gunbai/bot"
	"github.com/gunbai/gunbai/bot/discordtest"
	"github.com/gunbai/gunbai/game"
	"github.com/gunbai/gunbai/store"
)

// The small slips of issue 25, item 8, as a person reads them in Discord.

// /log turn:2147483648 was an internal error (the store looked the turn
// up): a number outside an option's declared bounds, which Discord's own
// client never sends but a request may, is refused in the caller's
// language, saying what is allowed.
func TestLogTurn2147483648IsRefusedNotInternalError(t *testing.T) {
	t.Parallel()
	w := battleWorld(t)
	defer w.stop()
	for _, c := range []struct {
		who  discordtest.Member
		ch   string
		want string
	}{
		{oda, chanOda, "Параметр «ход» принимает число от 1 до 99; ничего не изменено."},
		{asai, chanAsai, "Option “turn” takes a number from 1 to 99; nothing was changed."},
	} {
		for _, turn := range []int64{2147483648, -1, 0, 100} {
			r := w.slash(c.who, c.ch, "log", discordtest.IntOpt("turn", turn))
			if r.Content != c.want || !r.Ephemeral {
				t.Errorf("%s: /log turn:%d: %q", c.who.Username, turn, r.Content)
			}
		}
	}
	// The bounds themselves are turns, not refused as numbers.
	if r := w.slash(oda, chanOda, "log", discordtest.IntOpt("turn", 99)); strings.Contains(r.Content, "принимает число") {
		t.Errorf("/log turn:99: %q", r.Content)
	}
}

// /battle resolve turn:0 said "turn 0 is already resolved": turn 0 does
// not exist, and the GM is told which numbers do.
func TestResolveTurn0SaysNoSuchTurn(t *testing.T) {
	t.Parallel()
	w := battleWorld(t)
	defer w.stop()
	r := w.slash(gm, chanGM, "battle", discordtest.Subcommand("resolve", discordtest.StringOpt("battle", "Нагасино"), discordtest.IntOpt("turn", 0)))
	if r.Content != "Параметр «ход» принимает число от 1 до 99; ничего не изменено." {
		t.Fatalf("/battle resolve turn:0: %q", r.Content)
	}
	en := gm
	en.Locale = "en-US"
	r = w.slash(en, chanGM, "battle", discordtest.Subcommand("resolve", discordtest.StringOpt("battle", "Нагасино"), discordtest.IntOpt("turn", 0)))
	if strings.Contains(r.Content, "already resolved") || !strings.Contains(r.Content, "from 1 to 99") {
		t.Fatalf("/battle resolve turn:0 in English: %q", r.Content)
	}
}

// /deploy unit:s-nosuch said the unit "belongs to the other side": the
// answer is "no such unit of yours", the same for an enemy's unit and for
// one that does not exist, so that it tells nothing of the enemy's IDs
// (D-70).
func TestDeployNoSuchUnitIsNotOtherSide(t *testing.T) {
	t.Parallel()
	w := sekigaharaWorld(t)
	defer w.stop()
	deploy := func(who discordtest.Member, ch, unit string) string {
		return w.slash(who, ch, "deploy", discordtest.StringOpt("unit", unit), discordtest.StringOpt("facing", "N")).Content
	}
	for _, c := range []struct {
		who          discordtest.Member
		ch           string
		enemy, want  string
		nosuch, none string
	}{
		{asai, chanAsai, "n-yari", "you have no such unit", "s-nosuch", "n-nosuch"},
		{oda, chanOda, "s-yumi", "у вас нет такого отряда", "n-nosuch", "s-nosuch"},
	} {
		enemy := deploy(c.who, c.ch, c.enemy)
		for _, id := range []string{c.nosuch, c.none} {
			got := deploy(c.who, c.ch, id)
			if !strings.Contains(got, c.want) || strings.Contains(got, "other side") || strings.Contains(got, "другой стороны") {
				t.Errorf("%s: /deploy unit:%s: %q", c.who.Username, id, got)
			}
			if strings.ReplaceAll(got, id, c.enemy) != enemy {
				t.Errorf("%s: an enemy's unit is refused unlike a missing one: %q, %q", c.who.Username, enemy, got)
			}
		}
	}
}

// An unreachable api_base was reported as https://discord.com: the error
// names the address the bot tried, under the configured base, whether the
// shard count was asked for (GET /gateway/bot) or the gateway (GET
// /gateway).
func TestUnreachableAPIBaseIsNamed(t *testing.T) {
	t.Parallel()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	base := "http://" + l.Addr().String() + "/proxy/api/v9"
	l.Close() // nothing listens there any more
	st, err := store.Open(filepath.Join(t.TempDir(), "g.db"), store.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	opt := bot.Options{Log: log.New(io.Discard, "", 0)}
	_, err = bot.Dial(bot.Conn{Token: "t", APIBase: base, Shards: bot.AutoShards}, &game.Service{Store: st}, opt)
	if err == nil || !strings.Contains(err.Error(), base+"/gateway/bot") || strings.Contains(err.Error(), "discord.com") {
		t.Errorf("shards auto: %v", err)
	}
	b, err := bot.Dial(bot.Conn{Token: "t", APIBase: base}, &game.Service{Store: st}, opt)
	if err != nil {
		t.Fatal(err)
	}
	err = b.Start()
	if err == nil || !strings.Contains(err.Error(), base+"/gateway") || strings.Contains(err.Error(), "discord.com") {
		t.Errorf("Start: %v", err)
	}
	_, err = bot.RegisterCommands(bot.Conn{Token: "t", APIBase: base}, []string{"111"})
	if err == nil || !strings.Contains(err.Error(), base+"/users/@me") || strings.Contains(err.Error(), "discord.com") {
		t.Errorf("RegisterCommands: %v", err)
	}
}

// A turn's results owed when the process died are composed after the
// restart from the turn's own resolved state, not from the battle as it
// stands by then (issue 25 item 8): here a GM's fix took a North unit off
// the field before the bot came back, and the results picture of turn 1
// still shows the six North units turn 1 left.
func TestResultsRecomposedAfterCrashShowTheTurnsState(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	w.start()
	w.create("Сэкигахара")
	w.slash(gm, chanGM, "battle", discordtest.Subcommand("start", discordtest.StringOpt("battle", "Сэкигахара")))
	w.stop()

	// The resolving transaction commits, the process dies before posting,
	// and the GM's fix is made (by another process) before the restart.
	st, err := store.Open(w.path, store.Options{})
	if err != nil {
		t.Fatal(err)
	}
	svc := &game.Service{Store: st}
	if _, err := svc.Resolve(w.guild, "сэкигахара", 1); err != nil {
		t.Fatal(err)
	}
	if _, err := svc.Fix(w.guild, "сэкигахара", "n-yari", "status", "destroyed"); err != nil {
		t.Fatal(err)
	}
	st.Close()
	n := len(w.srv.Messages().Under(chanAsai))

	w.start()
	defer w.stop()
	var alt string
	if !w.srv.WaitFor(func() bool {
		for _, m := range w.srv.Messages().Under(chanAsai)[n:] {
			if len(m.Files) > 0 && strings.Contains(m.Content, "ход 1") {
				alt = m.Files[0].Description
				return true
			}
		}
		return false
	}, wait) {
		t.Fatal("the unposted turn was not posted after the restart")
	}
	w.b.Wait()
	if !strings.Contains(alt, "Север: 6 отрядов на поле") {
		t.Fatalf("turn 1's results drawn from the battle as it stands: %q", alt)
	}
	// The field as it stands now shows the fix.
	if r := w.final(asai, chanAsai, "field"); len(r.Files) != 1 || !strings.Contains(r.Files[0].Description, "North: 5 units on the field") {
		t.Fatalf("/field after the fix: %+v", r)
	}
}
