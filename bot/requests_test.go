package bot_test

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/gunbai/gunbai/bot"
	"github.com/gunbai/gunbai/bot/discordtest"
	"github.com/gunbai/gunbai/game"
	"github.com/gunbai/gunbai/store"
)

// Requests the GM answers with a button (issue 29, item 5).

// ask has a player ask with /request in his clan's channel.
func ask(w *world, m discordtest.Member, channel, kind, by, reason string) discordtest.Response {
	w.t.Helper()
	opts := []discordtest.Option{discordtest.StringOpt("kind", kind), discordtest.StringOpt("reason", reason)}
	if by != "" {
		opts = append(opts, discordtest.StringOpt("by", by))
	}
	return w.slash(m, channel, "request", opts...)
}

// requestPost is the GM channel's post of a request, found by its head.
func requestPost(w *world, head string) discordtest.Message {
	w.t.Helper()
	for _, m := range w.srv.Messages().Under(chanGM) {
		if strings.Contains(m.Content, head) {
			return m
		}
	}
	w.t.Fatalf("no post %q in the GM channel: %q", head, contentOf(w.srv.Messages().Under(chanGM)))
	return discordtest.Message{}
}

// buttons are a message's buttons: label and custom ID.
func buttons(m discordtest.Message) (labels, ids []string) {
	for _, c := range discordtest.Interactive(m.Components) {
		if b, ok := c.(*discordgo.Button); ok {
			labels, ids = append(labels, b.Label), append(ids, b.CustomID)
		}
	}
	return labels, ids
}

// click presses a button of a message and returns what the clicker reads.
func click(w *world, m discordtest.Member, on discordtest.Message, id string) discordtest.Response {
	w.t.Helper()
	return w.do(w.srv.Interactions().Button(w.guild, on.ChannelID, m, id))
}

// recordOf reads the battle as stored.
func recordOf(w *world) store.BattleRecord {
	w.t.Helper()
	rec, err := w.st.Battle(w.guild, game.BattleID("Микатагахара"))
	if err != nil {
		w.t.Fatal(err)
	}
	return rec
}

// journalOf lists the battle's journal, one "kind by: detail" a line.
func journalOf(w *world) []string {
	w.t.Helper()
	es, _, err := (&game.Service{Store: w.st}).Audit().Journal(w.guild, "Микатагахара")
	if err != nil {
		w.t.Fatal(err)
	}
	var out []string
	for _, e := range es {
		out = append(out, e.Kind+" "+e.By+": "+e.Detail)
	}
	return out
}

// A player asks for 12 hours more: the GM channel gets the request, with
// the reason, and two buttons; his clan sees it, the enemy does not. A
// player's click is refused and changes nothing. The GM approves: the
// deadline moves as /battle extend moves it, journaled with who asked and
// who answered; his post shows the answer and loses its buttons; both
// clans are told, each in its language, the reason to the asking clan
// only. A second click changes nothing and says so; a second request
// while one waits is refused as a duplicate.
func TestRequestExtendApproved(t *testing.T) {
	t.Parallel()
	w, clock, start := clockWorld(t, 24*time.Hour)
	defer w.stop()
	gmSub(w, gm, "set", discordtest.StringOpt("key", "south.lang"), discordtest.StringOpt("value", "en"))
	clock.set(start.Add(2 * time.Hour))
	const reason = "Ёситомо в отъезде до субботы"
	journal := len(journalOf(w))
	r := ask(w, oda, chanOda, "extend", "12h", reason)
	if !r.Ephemeral || !strings.Contains(r.Content, "Запрос №1 отправлен мастеру") {
		t.Fatalf("asked: %+v", r)
	}
	// Not journaled until answered: the journal's head, in the enemy's
	// status message, does not move as a request is made.
	if n := len(journalOf(w)); n != journal {
		t.Fatalf("the request was journaled as asked: %d entries, %d before", n, journal)
	}
	post := requestPost(w, "Запрос №1")
	for _, want := range []string{"битва «Микатагахара», ход 1", "Север (<@" + oda.UserID + ">) просит продлить срок (+12 часов).", "Причина: " + reason,
		fmt.Sprintf("Срок приказов: <t:%d:f>", start.Add(24*time.Hour).Unix())} {
		if !strings.Contains(post.Content, want) {
			t.Fatalf("the GM's post lacks %q: %q", want, post.Content)
		}
	}
	labels, ids := buttons(post)
	rid := game.BattleID("Микатагахара")
	if strings.Join(labels, "|") != "Одобрить|Отказать" || strings.Join(ids, "|") != "req:"+rid+":1:approve|req:"+rid+":1:refuse" {
		t.Fatalf("the GM's buttons: %q %q", labels, ids)
	}
	if !strings.Contains(contentOf(w.srv.Messages().Under(chanOda)), "Микатагахара», запрос №1: <@"+oda.UserID+"> просит продлить срок (+12 часов).\nПричина: "+reason) {
		t.Fatalf("North was not told of its request: %q", contentOf(w.srv.Messages().Under(chanOda)))
	}
	// A player's click (in either language) is refused; nothing changes.
	for _, p := range []struct {
		m    discordtest.Member
		want string
	}{{oda, "Отвечать на запросы может только мастер"}, {asai, "Only the GM may answer requests"}} {
		if r := click(w, p.m, post, ids[0]); !r.Ephemeral || !strings.Contains(r.Content, p.want) {
			t.Fatalf("%s clicked: %+v", p.m.Username, r)
		}
	}
	if rec := recordOf(w); !rec.Deadline.Equal(start.Add(24*time.Hour)) || rec.Requests[0].State != store.RequestPending || len(journalOf(w)) != journal {
		t.Fatalf("a player's click changed the battle: %v %+v", rec.Deadline, rec.Requests)
	}
	if _, ids := buttons(requestPost(w, "Запрос №1")); len(ids) != 2 {
		t.Fatal("a player's click took the buttons")
	}
	// The GM approves: the deadline moves as /battle extend moves it.
	deadline := start.Add(36 * time.Hour)
	extended := fmt.Sprintf("Битва «Микатагахара»: мастер дал ещё 12 часов. Приказы принимаются до <t:%d:f>", deadline.Unix())
	if r := click(w, gm, post, ids[0]); !r.Ephemeral || !strings.Contains(r.Content, "Запрос №1 одобрен.\n"+extended) {
		t.Fatalf("approved: %+v", r)
	}
	if rec := recordOf(w); !rec.Deadline.Equal(deadline) || rec.Requests[0].State != store.RequestApproved || rec.Requests[0].AnsweredBy != gm.UserID {
		t.Fatalf("after the approval: %v %+v", rec.Deadline, rec.Requests)
	}
	post = requestPost(w, "Запрос №1")
	if _, ids := buttons(post); len(ids) != 0 || !strings.Contains(post.Content, "Одобрено: <@"+gm.UserID+">.\n"+extended) || post.Edits != 1 {
		t.Fatalf("the GM's post after the approval: %q %+v", post.Content, post.Components)
	}
	north := contentOf(w.srv.Messages().Under(chanOda))
	if !strings.Contains(north, "Запрос №1: <@"+oda.UserID+"> просит продлить срок (+12 часов) — мастер одобрил.\nПричина: "+reason+"\n"+extended) {
		t.Fatalf("North's answer: %q", north)
	}
	south := contentOf(w.srv.Messages().Under(chanAsai))
	want := fmt.Sprintf("Request #1: North asks for more time (+12 hours) — the GM approved.\nBattle “Микатагахара”: the GM gave 12 hours more. Orders are taken until <t:%d:f>", deadline.Unix())
	if strings.Contains(south, reason) || strings.Contains(south, "Ёситомо") || strings.Contains(south, "Reason") || strings.Contains(south, oda.UserID) {
		t.Fatalf("South learnt North's reason or player: %q", south)
	}
	if !strings.Contains(south, want) {
		t.Fatalf("South's answer: %q, want %q", south, want)
	}
	t.Logf("the GM's post:\n%s\nNorth:\n%s\nSouth:\n%s", post.Content, north, south)
	j := strings.Join(journalOf(w), "\n")
	for _, want := range []string{
		"extend " + gm.UserID + ": by 12h, deadline " + deadline.Format(time.RFC3339) + ", request #1 of " + oda.UserID,
		"request " + gm.UserID + ": #1 extend 12h approved, asked by " + oda.UserID,
	} {
		if !strings.Contains(j, want) {
			t.Fatalf("the journal lacks %q:\n%s", want, j)
		}
	}
	if strings.Contains(j, "Ёситомо") {
		t.Fatal("the reason went into the battle's journal")
	}
	// A second click, of either button, changes nothing and says so.
	journal = len(journalOf(w))
	for _, id := range ids {
		if r := click(w, gm, post, id); !strings.Contains(r.Content, "Запрос №1 уже одобрен (<@"+gm.UserID+">): ничего не изменилось.") {
			t.Fatalf("clicked again: %+v", r)
		}
	}
	if rec := recordOf(w); !rec.Deadline.Equal(deadline) || len(journalOf(w)) != journal || strings.Count(contentOf(w.srv.Messages().Under(chanAsai)), "Request #1") != 1 {
		t.Fatalf("a second click changed the battle: %v", rec.Deadline)
	}
	// A second request while one waits is a duplicate.
	if r := ask(w, oda, chanOda, "pause", "", "ещё"); !strings.Contains(r.Content, "Запрос №2 отправлен") {
		t.Fatalf("asked again: %+v", r)
	}
	other := discordtest.Member{UserID: "700000000000000012", Username: "katsuie", Roles: []string{roleOda}, Locale: "en-US"}
	if r := ask(w, other, chanOda, "extend", "1d", "me too"); !strings.Contains(r.Content, "Your side's request #2 (<@"+oda.UserID+">) still waits for the GM's answer") {
		t.Fatalf("a duplicate: %+v", r)
	}
	if n := len(recordOf(w).Requests); n != 2 {
		t.Fatalf("%d requests stored", n)
	}
}

// The GM refuses a pause (his channel in English): his post says so and
// loses its buttons; the asking clan is told, the other is not, and the
// clock runs on. A refused request gives its place back under the limit;
// over it, a player is refused, naming the limit; with requests.limit 0
// none is taken. A request not answered before its turn ends lapses: its
// buttons change nothing.
func TestRequestRefusedLimitAndLapsed(t *testing.T) {
	t.Parallel()
	w, clock, start := clockWorld(t, 24*time.Hour)
	defer w.stop()
	for key, v := range map[string]string{"south.lang": "en", "gm.lang": "en", "requests.limit": "1"} {
		if r := gmSub(w, gm, "set", discordtest.StringOpt("key", key), discordtest.StringOpt("value", v)); !strings.Contains(r.Content, key+" = "+v) {
			t.Fatalf("set %s: %q", key, r.Content)
		}
	}
	clock.set(start.Add(6 * time.Hour))
	const reason = "our daimyo's wedding"
	if r := ask(w, asai, chanAsai, "pause", "", reason); !strings.Contains(r.Content, "Request #1 went to the GM") {
		t.Fatalf("asked: %+v", r)
	}
	post := requestPost(w, "Request #1")
	for _, want := range []string{"**Request #1** — battle “Микатагахара”, turn 1", "South (<@" + asai.UserID + ">) asks for the clock to be stopped.",
		"Reason: " + reason, "This side's requests in the battle: 1 of 1 (requests.limit)."} {
		if !strings.Contains(post.Content, want) {
			t.Fatalf("the GM's post lacks %q: %q", want, post.Content)
		}
	}
	labels, ids := buttons(post)
	if strings.Join(labels, "|") != "Approve|Refuse" {
		t.Fatalf("buttons: %q", labels)
	}
	if r := click(w, gm, post, ids[1]); !strings.Contains(r.Content, "Запрос №1 отклонён") {
		t.Fatalf("refused: %+v", r)
	}
	post = requestPost(w, "Request #1")
	if _, ids := buttons(post); len(ids) != 0 || !strings.Contains(post.Content, "Refused by <@"+gm.UserID+">.") {
		t.Fatalf("the GM's post after the refusal: %q", post.Content)
	}
	if rec := recordOf(w); rec.Paused || rec.Requests[0].State != store.RequestRefused {
		t.Fatalf("refused, yet: paused %v, %+v", rec.Paused, rec.Requests)
	}
	if south := contentOf(w.srv.Messages().Under(chanAsai)); !strings.Contains(south, "Request #1: <@"+asai.UserID+"> asks for the clock to be stopped — the GM refused.\nReason: "+reason) {
		t.Fatalf("South's answer: %q", south)
	}
	if north := contentOf(w.srv.Messages().Under(chanOda)); strings.Contains(north, "Запрос №1") || strings.Contains(north, reason) {
		t.Fatalf("North was told of South's refused request: %q", north)
	}
	// The refused one gives its place back: a second pause, approved.
	ask(w, asai, chanAsai, "pause", "", "the wedding, really")
	_, ids = buttons(requestPost(w, "Request #2"))
	if r := click(w, gm, requestPost(w, "Request #2"), ids[0]); !strings.Contains(r.Content, "Запрос №2 одобрен.\nБитва «Микатагахара»: мастер остановил часы. До срока оставалось 18 часов") {
		t.Fatalf("approved: %+v", r)
	}
	if !recordOf(w).Paused {
		t.Fatal("approved, the clock was not stopped")
	}
	if north := contentOf(w.srv.Messages().Under(chanOda)); !strings.Contains(north, "Запрос №2: Юг просит остановить часы — мастер одобрил.\nБитва «Микатагахара»: мастер остановил часы. До срока оставалось 18 часов") || strings.Contains(north, "wedding") {
		t.Fatalf("North's answer: %q", north)
	}
	// Over the limit: refused, naming it.
	if r := ask(w, asai, chanAsai, "extend", "1d", "more"); !strings.Contains(r.Content, "Your side has used up its requests in battle “Микатагахара”: the GM allows at most 1 request a side (requests.limit).") {
		t.Fatalf("over the limit: %+v", r)
	}
	// North asks; the turn is resolved before the GM answers: lapsed.
	if r := ask(w, oda, chanOda, "extend", "2h", "успеем"); !strings.Contains(r.Content, "Запрос №3 отправлен") {
		t.Fatalf("North asked: %+v", r)
	}
	lapsed := requestPost(w, "Request #3")
	_, ids = buttons(lapsed)
	w.slash(gm, chanGM, "battle", discordtest.Subcommand("resolve", discordtest.StringOpt("battle", "Микатагахара"), discordtest.IntOpt("turn", 1)))
	before := recordOf(w)
	if r := click(w, gm, lapsed, ids[0]); !strings.Contains(r.Content, "Запрос №3 больше не действует: битва «Микатагахара» ушла дальше. Ничего не изменилось.") {
		t.Fatalf("a lapsed request approved: %+v", r)
	}
	if after := recordOf(w); after.Left != before.Left || after.Requests[2].State != store.RequestPending {
		t.Fatalf("a lapsed request changed the battle: %v %v %+v", before.Left, after.Left, after.Requests[2])
	}
	if post := requestPost(w, "Request #3"); len(post.Components) != 0 || !strings.Contains(post.Content, "Not answered while its phase was open") {
		t.Fatalf("the lapsed request's post: %q", post.Content)
	}
	t.Logf("GM:\n%s\nNorth:\n%s\nSouth:\n%s", contentOf(w.srv.Messages().Under(chanGM)), contentOf(w.srv.Messages().Under(chanOda)), contentOf(w.srv.Messages().Under(chanAsai)))
	// requests.limit 0: none taken.
	gmSub(w, gm, "set", discordtest.StringOpt("key", "requests.limit"), discordtest.StringOpt("value", "0"))
	if r := ask(w, oda, chanOda, "pause", "", "а сейчас?"); !strings.Contains(r.Content, "В битве «Микатагахара» мастер не принимает запросов (requests.limit = 0).") {
		t.Fatalf("limit 0: %+v", r)
	}
}

// /request in the DM with the bot asks in the player's battle (the fake
// knows his roles once he has acted in the guild); an extension without
// by: is refused, and so is a request from someone with no seat.
func TestRequestInDM(t *testing.T) {
	t.Parallel()
	w, _, _ := clockWorld(t, 24*time.Hour)
	defer w.stop()
	if r := ask(w, oda, chanOda, "extend", "", "в дороге"); !strings.Contains(r.Content, "Скажите, на сколько продлить") {
		t.Fatalf("no by: %+v", r)
	}
	r := w.dm(oda, "request", discordtest.StringOpt("kind", "extend"), discordtest.StringOpt("by", "1д"), discordtest.StringOpt("reason", "в дороге"))
	if !strings.Contains(r.Content, "Запрос №1 отправлен мастеру") {
		t.Fatalf("asked in the DM: %+v", r)
	}
	if post := requestPost(w, "Запрос №1"); !strings.Contains(post.Content, "Север (<@"+oda.UserID+">) просит продлить срок (+1 день).") {
		t.Fatalf("the GM's post: %q", post.Content)
	}
	stranger := discordtest.Member{UserID: "700000000000000099", Username: "ronin", Locale: "ru"}
	if r := ask(w, stranger, chanOda, "pause", "", "?"); !strings.Contains(r.Content, "Вы не в клане") {
		t.Fatalf("a stranger asked: %+v", r)
	}
}

// The request as the issue spells it, /battle request kind:extend by:12h
// reason:, is the same as /request for a player, GM or not: registered
// under /battle, routed without the GM's check (a player's subcommand of a
// GM command; Discord shows it where the server lets players see /battle).
func TestRequestAsBattleSubcommand(t *testing.T) {
	t.Parallel()
	w, _, _ := clockWorld(t, 24*time.Hour)
	defer w.stop()
	var sub *discordgo.ApplicationCommandOption
	for _, c := range bot.Commands() {
		if c.Name == "battle" {
			for _, o := range c.Options {
				if o.Name == "request" {
					sub = o
				}
			}
		}
	}
	if sub == nil || len(sub.Options) != 3 || sub.Options[0].Name != "kind" || sub.NameLocalizations[discordgo.Russian] != "запрос" {
		t.Fatalf("/battle request is not registered as /request is: %+v", sub)
	}
	r := w.slash(oda, chanOda, "battle", discordtest.Subcommand("request", discordtest.StringOpt("kind", "extend"),
		discordtest.StringOpt("by", "12h"), discordtest.StringOpt("reason", "гонец в пути")))
	if !strings.Contains(r.Content, "Запрос №1 отправлен мастеру") {
		t.Fatalf("/battle request by a player: %+v", r)
	}
	if post := requestPost(w, "Запрос №1"); !strings.Contains(post.Content, "Север (<@"+oda.UserID+">) просит продлить срок (+12 часов).") {
		t.Fatalf("the GM's post: %q", post.Content)
	}
}
