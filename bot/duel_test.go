package bot_test

import (
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/bwmarrin/discordgo"

	"github.com/gunbai/gunbai/bot/discordtest"
	"github.com/gunbai/gunbai/engine"
	"github.com/gunbai/gunbai/game"
	"github.com/gunbai/gunbai/store"
)

// countingRand gives the bytes b+1, b+2, ...: the test sets b to pick the
// next seed.
type countingRand struct {
	mu sync.Mutex
	b  byte
}

func (r *countingRand) Read(p []byte) (int, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	for i := range p {
		r.b++
		p[i] = r.b
	}
	return len(p), nil
}

func (r *countingRand) set(b byte) {
	r.mu.Lock()
	r.b = b
	r.mu.Unlock()
}

// duelPrompt is the latest duel prompt of a message list (a DM or a
// channel): the message with a "duel:" component, or the last prompt text.
func duelPrompt(msgs []discordtest.Message) (discordtest.Message, bool) {
	for i := len(msgs) - 1; i >= 0; i-- {
		if strings.Contains(msgs[i].Content, "**Поединок") && strings.Contains(msgs[i].Content, "ваш") {
			return msgs[i], true
		}
	}
	return discordtest.Message{}, false
}

// duelIDs are a prompt's duel custom IDs.
func duelIDs(m discordtest.Message) []string {
	var out []string
	for _, id := range customIDs(m.Components) {
		if strings.HasPrefix(id, "duel:") {
			out = append(out, id)
		}
	}
	return out
}

// F-E4-1 through the real discordgo client: a battle with
// leaders.duel_mode=ronin where two generals' units charge each other and
// the duel's die is 3-5 (the seed is picked): the turn is posted, the duel
// waits; both players split by DM, then fight exchange by exchange by
// DM buttons; each exchange is posted to both clans and the GM; the result
// is applied to the leaders and turn 2 opens. Nothing of one side's split
// reaches the other before both are in.
func TestDuelThroughDiscord(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	rnd := &countingRand{}
	w.svc = func(s *game.Service) { s.Rand = rnd }
	w.start()
	defer w.stop()
	w.create("Ронин")
	svc := &game.Service{Store: w.st}
	hs, err := svc.Battles(w.guild)
	if err != nil || len(hs) != 1 {
		t.Fatalf("headers %v %v", hs, err)
	}
	id := hs[0].ID
	// The turn's seed is the next 32 bytes: pick one whose first duel die is 3-5.
	pick := -1
	for b := 0; b < 250 && pick < 0; b++ {
		seed := make([]byte, 32)
		for i := range seed {
			seed[i] = byte(b + 1 + i)
		}
		if v := engine.SeededRoll(seed, id, 1, "duel", 1); v >= 3 && v <= 5 {
			pick = b
		}
	}
	rnd.set(byte(pick))
	w.slash(gm, chanGM, "battle", discordtest.Subcommand("start", discordtest.StringOpt("battle", "Ронин")))
	err = w.st.Update(func(tx *store.Tx) error {
		rec, err := tx.Battle(w.guild, id)
		if err != nil {
			return err
		}
		if s, err := tx.BattleTurn(w.guild, id, 1).Seed(); err != nil || s.Value[0] != byte(pick+1) {
			t.Fatalf("turn 1's seed is not the one picked: %v", err)
		}
		st := &rec.State
		if err := st.Settings.Set("leaders.duel_mode", "ronin"); err != nil {
			return err
		}
		var units []engine.Unit
		for _, u := range st.Units {
			switch u.ID {
			case "n-yari":
				u.Cell, u.Facing = engine.Cell{X: 5, Y: 3}, engine.S
			case "s-yari":
				u.Cell, u.Facing = engine.Cell{X: 5, Y: 5}, engine.N
			default:
				continue
			}
			units = append(units, u)
		}
		st.Units = units
		st.Leaders = append(st.Leaders,
			engine.Leader{ID: "n-gen", Side: engine.North, Role: engine.General, At: "n-yari"},
			engine.Leader{ID: "s-gen", Side: engine.South, Role: engine.General, At: "s-yari"})
		return tx.PutBattle(rec)
	})
	if err != nil {
		t.Fatal(err)
	}
	// Both players hold an order sheet by DM: the duel's prompts come there.
	w.slash(oda, chanOda, "orders")
	w.slash(asai, chanAsai, "orders")
	w.roll(oda, chanOda)
	w.roll(asai, chanAsai)
	w.slash(oda, chanOda, "order", discordtest.StringOpt("unit", "n-yari"), discordtest.StringOpt("order", "move"))
	w.slash(asai, chanAsai, "order", discordtest.StringOpt("unit", "s-yari"), discordtest.StringOpt("order", "move"))
	w.slash(oda, chanOda, "orders", discordtest.BoolOpt("ready", true))
	w.slash(asai, chanAsai, "orders", discordtest.BoolOpt("ready", true))
	w.b.Wait()

	rec, err := w.st.Battle(w.guild, id)
	if err != nil || rec.Status != store.StatusResolving || rec.Turn != 1 {
		t.Fatalf("after turn 1: %s turn %d %v", rec.Status, rec.Turn, err)
	}
	for _, ch := range []string{chanOda, chanAsai, chanGM} {
		if !strings.Contains(contentOf(w.srv.Messages().Under(ch)), "**Поединок 1.1**") {
			t.Fatalf("channel %s: no duel start", ch)
		}
	}
	players := []discordtest.Member{oda, asai}
	prompt := func(i int) discordtest.Message {
		t.Helper()
		m, ok := duelPrompt(w.srv.Messages().DMs(players[i].UserID))
		if !ok {
			t.Fatalf("%s has no duel prompt by DM", players[i].Username)
		}
		return m
	}
	// What South can see, to check that North's split never shows there
	// before both are in.
	southSees := func() string {
		return contentOf(w.srv.Messages().Under(chanAsai)) + contentOf(w.srv.Messages().DMs(asai.UserID))
	}
	splitOf := func(i int) string {
		t.Helper()
		for _, id := range duelIDs(prompt(i)) {
			if strings.Contains(id, ":split") {
				return id
			}
		}
		t.Fatalf("%s's prompt has no split menu: %q", players[i].Username, prompt(i).Content)
		return ""
	}
	beforeSouth := southSees()
	w.answers(w.srv.Interactions().Select("", "", oda, splitOf(0), "2"))
	if !strings.Contains(prompt(0).Content, "Ваш выбор: атака 2, защита 1") {
		t.Fatalf("north's prompt after his split: %q", prompt(0).Content)
	}
	after := southSees()
	if strings.Contains(after, "атака 2") || strings.Contains(after, "выбор открыт") || len(after) < len(beforeSouth) {
		t.Fatalf("north's split reached the south before both were in:\n%s", after)
	}
	// A click of the other clan on North's prompt is refused, and says nothing of it.
	rs := w.answers(w.srv.Interactions().Select("", "", asai, splitOf(0), "3"))
	if last := rs[len(rs)-1]; !strings.Contains(last.Content, "Another clan plays this character") || strings.Contains(last.Content, "2") {
		t.Fatalf("refusal: %+v", last)
	}
	w.answers(w.srv.Interactions().Select("", "", asai, splitOf(1), "1e"))
	for _, ch := range []string{chanOda, chanAsai, chanGM} {
		if !strings.Contains(contentOf(w.srv.Messages().Under(ch)), "выбор открыт") {
			t.Fatalf("channel %s: no reveal", ch)
		}
	}
	// The exchanges: whoever's prompt has buttons presses the first.
	for n := 0; n < 60; n++ {
		rec, _ = w.st.Battle(w.guild, id)
		if rec.Status == store.StatusCommand {
			break
		}
		pressed := false
		for i := range players {
			for _, cid := range duelIDs(prompt(i)) {
				if strings.Contains(cid, ":split") {
					continue
				}
				rs := w.answers(w.srv.Interactions().Button("", "", players[i], cid))
				if rs[0].Type != discordgo.InteractionResponseDeferredMessageUpdate {
					t.Fatalf("a duel button is acknowledged by deferring the update: %+v", rs[0])
				}
				pressed = true
				break
			}
			if pressed {
				break
			}
		}
		if !pressed {
			t.Fatalf("nobody has a button: %q / %q", prompt(0).Content, prompt(1).Content)
		}
	}
	if rec.Status != store.StatusCommand || rec.Turn != 2 {
		t.Fatalf("after the duel: %s turn %d", rec.Status, rec.Turn)
	}
	d, err := svc.Duels().Duel(w.guild, id, "1.1")
	if err != nil || !d.Applied {
		t.Fatalf("duel %+v %v", d, err)
	}
	for i, lid := range []string{"n-gen", "s-gen"} {
		k := slices.IndexFunc(rec.State.Leaders, func(l engine.Leader) bool { return l.ID == lid })
		l := rec.State.Leaders[k]
		if d.State.Dead[i] != (l.Health == engine.LeaderKilled) || !d.State.Dead[i] && l.Wounds != d.State.Wounds[i] {
			t.Errorf("%s: %+v, the duel left %d wounds, dead %v", lid, l, d.State.Wounds[i], d.State.Dead[i])
		}
	}
	for _, ch := range []string{chanOda, chanAsai, chanGM} {
		all := contentOf(w.srv.Messages().Under(ch))
		if !strings.Contains(all, "1. ") || !strings.Contains(all, "окончен") || !strings.Contains(all, "ход 2 открыт") {
			t.Fatalf("channel %s: the exchanges, the end or turn 2 missing:\n%s", ch, all)
		}
	}
	if !strings.Contains(prompt(0).Content, "Поединок окончен") || len(duelIDs(prompt(0))) != 0 {
		t.Fatalf("the finished prompt: %q", prompt(0).Content)
	}
}

// F-E4-2: /dispute rolls the caller's d6 and posts it in the channel, for
// anyone, with the seed that gives it.
func TestDisputeThroughDiscord(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	w.start()
	defer w.stop()
	r := w.slash(oda, chanOda, "dispute", discordtest.StringOpt("about", "лес на холме"))
	if !r.Ephemeral || !strings.Contains(r.Content, "выложен") {
		t.Fatalf("answer %+v", r)
	}
	got := contentOf(w.srv.Messages().Under(chanOda))
	if !strings.Contains(got, "Спор («лес на холме»): <@"+oda.UserID+"> бросает d6") || !strings.Contains(got, "Зерно: ") {
		t.Fatalf("channel: %q", got)
	}
	if !strings.Contains(got, "прав") {
		t.Fatal("no verdict")
	}
}
