package bot_test

import (
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"

	"github.com/gunbai/gunbai/bot/discordtest"
	"github.com/gunbai/gunbai/engine"
	"github.com/gunbai/gunbai/game"
)

// The order sheet's roles: each clan's ordering role, whose members get
// the sheet by DM when a command phase opens.
const roleOdaOrders, roleAsaiOrders = "900000000000000012", "900000000000000013"

// scenarioWorld is a world with the battle named battle of scenario (in
// testdata/file), created with the extra options, whose clans name their
// ordering roles; the players hold them.
func scenarioWorld(t *testing.T, file, scenario, battle string, extra ...discordtest.Option) (*world, discordtest.Member, discordtest.Member) {
	w := newWorld(t)
	w.svc = func(s *game.Service) {
		sc := testScenarios(t, file)
		s.Scenarios = sc
	}
	north, south := oda, asai
	north.Roles = []string{roleOda, roleOdaOrders}
	south.Roles = []string{roleAsai, roleAsaiOrders}
	w.srv.Guilds().SetMemberRoles(w.guild, north.UserID, north.Roles...)
	w.srv.Guilds().SetMemberRoles(w.guild, south.UserID, south.Roles...)
	w.start()
	w.create(battle, append([]discordtest.Option{discordtest.StringOpt("scenario", scenario),
		discordtest.RoleOpt("north_orders", roleOdaOrders), discordtest.RoleOpt("south_orders", roleAsaiOrders)}, extra...)...)
	return w, north, south
}

// testScenarios are the scenarios of a file of testdata, for a world's
// service.
func testScenarios(tb testing.TB, file string) map[string]engine.Battle {
	tb.Helper()
	sc, err := game.LoadScenarios([]string{"testdata/" + file})
	if err != nil {
		tb.Fatal(err)
	}
	return sc
}

// odawaraWorld is a world with a 12-unit-a-side battle whose clans name
// their ordering roles; the players hold them.
func odawaraWorld(t *testing.T) (*world, discordtest.Member, discordtest.Member) {
	return scenarioWorld(t, "odawara.toml", "odawara", "Одавара")
}

// sheetOf is the player's latest order sheet message in his DMs.
func (w *world) sheetOf(m discordtest.Member) (discordtest.Message, bool) {
	msgs := w.srv.Messages().DMs(m.UserID)
	for i := len(msgs) - 1; i >= 0; i-- {
		for _, id := range customIDs(msgs[i].Components) {
			if strings.HasPrefix(id, "sheet:") {
				return msgs[i], true
			}
		}
	}
	return discordtest.Message{}, false
}

// customIDs lists the custom IDs of a message's buttons and menus, at any
// depth (a Components V2 sheet nests them in its container and sections).
func customIDs(comps []discordgo.MessageComponent) []string {
	var out []string
	for _, c := range discordtest.Interactive(comps) {
		out = append(out, discordtest.CustomID(c))
	}
	return out
}

// sheetPlayer plays on one player's DM sheet and counts his interactions.
type sheetPlayer struct {
	w     *world
	m     discordtest.Member
	count int
}

func (p *sheetPlayer) sheet() discordtest.Message {
	p.w.t.Helper()
	s, ok := p.w.sheetOf(p.m)
	if !ok {
		p.w.t.Fatalf("%s has no order sheet in his DMs", p.m.Username)
	}
	return s
}

// component finds a button or menu of the sheet whose custom ID has the
// action (and value).
func (p *sheetPlayer) component(action string) (discordgo.MessageComponent, string) {
	p.w.t.Helper()
	s := p.sheet()
	for _, c := range discordtest.Interactive(s.Components) {
		id := discordtest.CustomID(c)
		parts := strings.SplitN(id, ":", 4)
		if len(parts) == 4 && (parts[3] == action || strings.HasPrefix(parts[3], action+":")) {
			return c, id
		}
	}
	p.w.t.Fatalf("%s's sheet has no %q: %s %v", p.m.Username, action, s.Text(), customIDs(s.Components))
	return nil, ""
}

// press presses a button of the sheet.
func (p *sheetPlayer) press(action string) {
	p.w.t.Helper()
	_, id := p.component(action)
	p.count++
	rs := p.w.answers(p.w.srv.Interactions().Button("", "", p.m, id))
	if rs[0].Type != discordgo.InteractionResponseDeferredMessageUpdate {
		p.w.t.Fatalf("a sheet's button is acknowledged by deferring the update: %+v", rs[0])
	}
}

// choose picks the option of a sheet's menu whose label contains label
// (the first when label is "").
func (p *sheetPlayer) choose(action, label string) {
	p.w.t.Helper()
	c, id := p.component(action)
	menu, ok := c.(*discordgo.SelectMenu)
	if !ok {
		p.w.t.Fatalf("%q is not a menu", action)
	}
	for _, o := range menu.Options {
		if strings.Contains(o.Label, label) {
			p.count++
			p.w.answers(p.w.srv.Interactions().Select("", "", p.m, id, o.Value))
			return
		}
	}
	var labels []string
	for _, o := range menu.Options {
		labels = append(labels, o.Label)
	}
	p.w.t.Fatalf("menu %q has no %q: %v", action, label, labels)
}

// roll makes the command roll on the sheet, low stake, and accepts it.
func (p *sheetPlayer) roll() {
	p.w.t.Helper()
	p.press("stake:low")
	for strings.Contains(strings.Join(customIDs(p.sheet().Components), " "), ":reroll:") {
		p.press("reroll:accept")
	}
}

// finish picks the phase, then the first choice, while the sheet asks for
// them: the order is given when nothing is left to choose.
func (p *sheetPlayer) finish() {
	p.w.t.Helper()
	for range 3 {
		ids := strings.Join(customIDs(p.sheet().Components), " ")
		switch {
		case strings.Contains(ids, ":choice"):
			p.choose("choice", "")
		case strings.Contains(ids, ":phase:"):
			p.press("phase")
		}
		if !strings.Contains(strings.Join(customIDs(p.sheet().Components), " "), ":back") {
			return
		}
	}
}

// A whole turn for both sides through the DM sheet alone, with no typed
// character: the sheet comes by DM to each clan's ordering role when the
// phase opens, the roll is buttons, orders are menus, Ready resolves; each
// clan sees its own summary; nothing of one side reaches the other.
func TestSheetTurnThroughDiscord(t *testing.T) {
	t.Parallel()
	w, north, south := odawaraWorld(t)
	defer w.stop()
	w.slash(gm, chanGM, "battle", discordtest.Subcommand("start", discordtest.StringOpt("battle", "Одавара")))
	w.b.Wait()
	n := &sheetPlayer{w: w, m: north}
	s := &sheetPlayer{w: w, m: south}
	for _, p := range []*sheetPlayer{n, s} {
		if sh := p.sheet(); !strings.Contains(sh.Text(), "Одавара") || len(sh.Files) != 0 {
			t.Fatalf("the sheet before the roll: %q, %d files", sh.Text(), len(sh.Files))
		}
	}
	if !strings.Contains(n.sheet().Text(), "ход 1") || !strings.Contains(s.sheet().Text(), "turn 1") && !strings.Contains(s.sheet().Text(), "ход 1") {
		t.Fatalf("sheets: %q / %q", n.sheet().Text(), s.sheet().Text())
	}
	first := n.sheet().ID

	// North: the roll, then four orders of a 12-unit army.
	n.roll()
	if n.sheet().ID != first {
		t.Fatal("the sheet was posted anew instead of being edited in place")
	}
	if sh := n.sheet(); len(sh.Files) != 1 || !strings.Contains(sh.Text(), "Осталось") {
		t.Fatalf("after the roll the sheet shows the allowance and a preview: %q, %d files", sh.Text(), len(sh.Files))
	}
	rolled := n.count
	given := 0
	for _, unit := range []string{"n-yari1", "n-ashi1", "n-uma1", "n-yumi1"} {
		if len(customIDs(n.sheet().Components)) == 0 {
			break
		}
		if strings.Contains(n.sheet().Text(), "Бросок израсходован") {
			break
		}
		n.choose("subject", unit)
		n.choose("pick", "")
		n.finish()
		if strings.Contains(n.sheet().Text(), "Приказ принят") {
			given++
		}
	}
	if given == 0 {
		t.Fatalf("no order given through the sheet: %s", n.sheet().Text())
	}
	ordersTaken := n.count - rolled
	if !strings.Contains(n.sheet().Text(), "Осталось") && !strings.Contains(n.sheet().Text(), "израсходован") {
		t.Fatalf("the allowance is not shown: %s", n.sheet().Text())
	}
	// Cancel the last one and give nothing instead: a cancel button each.
	_, cancel := n.component("cancel")
	if cancel == "" {
		t.Fatal("no cancel button")
	}
	n.press("cancel")
	if !strings.Contains(n.sheet().Text(), "Отменён") {
		t.Fatalf("the cancel is not confirmed: %s", n.sheet().Text())
	}
	n.press("ready")

	// The clan's summary: one message in its channel, naming who did it.
	summary := ""
	summaries := 0
	for _, m := range w.srv.Messages().Under(chanOda) {
		if strings.Contains(m.Content, "Приказы стороны") {
			summary = m.Content
			summaries++
		}
	}
	if summaries != 1 || strings.Contains(summary, "кто-то") || !strings.Contains(summary, "отдал") || !strings.Contains(summary, "отменил") || !strings.Contains(summary, "готово") {
		t.Fatalf("North's channel has %d summaries: %q", summaries, summary)
	}

	// South, in English.
	s.roll()
	s.choose("subject", "s-yari1")
	s.choose("pick", "")
	s.finish()
	if !strings.Contains(s.sheet().Text(), "Order accepted") {
		t.Fatalf("South's order: %s", s.sheet().Text())
	}
	s.press("ready")

	// Both ready: the turn is resolved and posted, turn 2's sheets come.
	for _, ch := range []string{chanOda, chanAsai} {
		if !w.srv.WaitFor(func() bool {
			for _, m := range w.srv.Messages().Under(ch) {
				if len(m.Files) > 0 {
					return true
				}
			}
			return false
		}, wait) {
			t.Fatalf("channel %s got no picture after both sides were ready on their sheets", ch)
		}
	}
	w.b.Wait()
	old, ok := w.srv.Messages().Get(first)
	if !ok || len(customIDs(old.Components)) != 0 || !strings.Contains(old.Text(), "закончена") {
		t.Fatalf("turn 1's sheet is not closed: %+v", old)
	}
	if sh := n.sheet(); sh.ID == first || !strings.Contains(sh.Text(), "ход 2") {
		t.Fatalf("no sheet for turn 2: %q", sh.Text())
	}

	// Nothing of one side's sheet or summary reaches the other.
	for _, m := range w.srv.Messages().DMs(south.UserID) {
		if strings.Contains(m.Text(), "n-") {
			t.Fatalf("South's DMs name a North unit: %q", m.Text())
		}
	}
	for _, m := range w.srv.Messages().Under(chanAsai) {
		if strings.Contains(m.Content, "Приказы стороны") && (strings.Contains(m.Content, "n-") || strings.Contains(m.Content, "Север")) {
			t.Fatalf("South's channel shows North's summary: %q", m.Content)
		}
	}
	t.Logf("North, a 12-unit army: %d interactions for the roll, %d for %d orders, 2 more to cancel one and be ready; no character typed",
		rolled, ordersTaken, given)
}

// Without an ordering role, /orders brings a player his sheet by DM; where
// his DMs are closed (50007) the same sheet comes as the ephemeral answer,
// saying why, and works there: its clicks edit it in place.
func TestSheetClosedDMFallsBackToEphemeral(t *testing.T) {
	t.Parallel()
	w := battleWorld(t)
	defer w.stop()
	if _, ok := w.sheetOf(oda); ok {
		t.Fatal("a sheet came by DM to a player who did not ask for it and holds no ordering role")
	}
	if r := w.slash(oda, chanOda, "orders"); !strings.Contains(r.Content, "личные сообщения") {
		t.Fatalf("/orders: %q", r.Content)
	}
	if _, ok := w.sheetOf(oda); !ok {
		t.Fatal("/orders sent no sheet by DM")
	}

	clear := w.srv.Faults().Fail(discordtest.FaultMatch{Method: "POST", Route: "/channels/{channel_id}/messages", UserID: asai.UserID, Count: discordtest.Always}, discordtest.CannotSendToUser())
	defer clear()
	r := w.slash(asai, chanAsai, "orders")
	if !r.Ephemeral || !strings.Contains(r.Text(), "DMs are closed") || !strings.Contains(strings.Join(customIDs(r.Components), " "), ":stake:low") {
		t.Fatalf("with DMs closed, /orders answers: %+v", r)
	}
	if _, ok := w.sheetOf(asai); ok {
		t.Fatal("a DM sheet exists for a player whose DMs are closed")
	}
	var stake string
	for _, id := range customIDs(r.Components) {
		if strings.HasSuffix(id, ":stake:low") {
			stake = id
		}
	}
	us := w.answers(w.srv.Interactions().Button(w.guild, chanAsai, asai, stake))
	if us[0].Type != discordgo.InteractionResponseDeferredMessageUpdate {
		t.Fatalf("the stake button: %+v", us[0])
	}
	var edited *discordtest.Response
	for i := range us {
		if us[i].Kind == discordtest.KindEditOriginal {
			edited = &us[i]
		}
	}
	if edited == nil || !strings.Contains(edited.Text(), "Command roll") || strings.Contains(edited.Text(), "n-") {
		t.Fatalf("the ephemeral sheet after the stake: %+v", us)
	}
	// North's sheet never shows South's roll.
	if sh, _ := w.sheetOf(oda); strings.Contains(sh.Text(), "Command roll") || strings.Contains(sh.Text(), "s-") {
		t.Fatalf("North's sheet: %q", sh.Text())
	}
}

// The odds of a combat: in the sheet's menu of a move that attacks, in the
// note of the order given, and by /odds; from the side's own view only (a
// unit hidden in a forest is refused as one that does not exist), and
// never to the other side.
func TestOddsThroughDiscord(t *testing.T) {
	t.Parallel()
	w, north, south := odawaraWorld(t)
	defer w.stop()
	w.slash(gm, chanGM, "battle", discordtest.Subcommand("start", discordtest.StringOpt("battle", "Одавара")))
	w.b.Wait()
	n := &sheetPlayer{w: w, m: north}
	n.roll()
	// The light horse's gallop into the enemy light horse across no-man's
	// land: its menu shows a first look at the odds.
	n.choose("subject", "n-uma1")
	n.choose("pick", "Перемещение")
	c, _ := n.component("choice")
	var attack string
	for _, o := range c.(*discordgo.SelectMenu).Options {
		if strings.HasPrefix(o.Description, "≈") {
			attack = o.Label
			break
		}
	}
	if attack == "" {
		t.Fatalf("no gallop of n-uma1 shows odds: %+v", c)
	}
	n.choose("choice", attack)
	if sh := n.sheet(); !strings.Contains(sh.Text(), "Из 2") || !strings.Contains(sh.Text(), "боёв") || !strings.Contains(sh.Text(), "Это атака на s-uma1") {
		t.Fatalf("the note of an attack given: %s", sh.Text())
	}

	r := w.slash(north, chanOda, "odds", discordtest.StringOpt("unit", "n-uma1"), discordtest.StringOpt("target", "s-uma1"))
	if !r.Ephemeral || !strings.Contains(r.Content, "Из 2") || !strings.Contains(r.Content, "%") {
		t.Fatalf("/odds: %+v", r)
	}
	// A unit hidden in a forest, and one that does not exist: the same
	// refusal, but for the name.
	hidden := w.slash(north, chanOda, "odds", discordtest.StringOpt("unit", "n-yumi2"), discordtest.StringOpt("target", "s-yumi2"))
	none := w.slash(north, chanOda, "odds", discordtest.StringOpt("unit", "n-yumi2"), discordtest.StringOpt("target", "s-nobody"))
	if strings.ReplaceAll(hidden.Content, "s-yumi2", "X") != strings.ReplaceAll(none.Content, "s-nobody", "X") || strings.Contains(hidden.Content, "%") {
		t.Fatalf("a hidden target is told apart: %q / %q", hidden.Content, none.Content)
	}
	for _, ch := range w.choices(w.srv.Interactions().Autocomplete(w.guild, chanOda, north, "odds",
		discordtest.StringOpt("unit", "n-yumi2"), discordtest.Focus(discordtest.StringOpt("target", "")))) {
		if ch.Value == "s-yumi2" {
			t.Fatal("the hidden unit is offered as a target")
		}
	}
	// Nothing of North's odds reaches South.
	for _, m := range append(w.srv.Messages().DMs(south.UserID), w.srv.Messages().Under(chanAsai)...) {
		if text := m.Text(); strings.Contains(text, "боёв") || strings.Contains(text, "combats") {
			t.Fatalf("South sees North's odds: %q", text)
		}
	}
}

// BenchmarkSheetClick is one click on a 12-unit army's DM sheet through
// the fake Discord, from the interaction to the sheet edited in place with
// its preview and menus: picking a unit, then its order (menus with a
// first look at the odds of each gallop).
func BenchmarkSheetClick(b *testing.B) {
	w := newWorld(b)
	w.srv.SkipSpec() // measure the bot, not the fake's OpenAPI checks
	w.svc = func(s *game.Service) {
		sc := testScenarios(b, "odawara.toml")
		s.Scenarios = sc
	}
	north := oda
	north.Roles = []string{roleOda, roleOdaOrders}
	w.srv.Guilds().SetMemberRoles(w.guild, north.UserID, north.Roles...)
	w.start()
	defer w.stop()
	w.create("Одавара", discordtest.StringOpt("scenario", "odawara"), discordtest.RoleOpt("north_orders", roleOdaOrders))
	w.slash(gm, chanGM, "battle", discordtest.Subcommand("start", discordtest.StringOpt("battle", "Одавара")))
	w.b.Wait()
	p := &sheetPlayer{w: w, m: north}
	p.roll()
	b.ResetTimer()
	for b.Loop() {
		p.choose("subject", "n-uma1")
		p.choose("pick", "Перемещение")
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(2*b.N)/1e6, "ms/click")
}

// A sheet created by Discord whose answer was lost is not posted twice:
// sent again with its nonce, Discord answers with the message it has, and
// if the sheet has changed meanwhile the bot edits that message to say so.
func TestSheetCreatedOnceWhenTheAnswerIsLost(t *testing.T) {
	t.Parallel()
	w, north, _ := odawaraWorld(t)
	defer w.stop()
	dm := func() int { return len(w.srv.Messages().DMs(north.UserID)) }
	// The first post of North's sheet is made, but its answer is lost.
	clear := w.srv.Faults().Fail(discordtest.FaultMatch{Method: "POST", Route: "/channels/{channel_id}/messages", UserID: north.UserID, Count: discordtest.Always},
		discordtest.Fault{Status: 502, Message: "lost answer", Deliver: true})
	w.slash(gm, chanGM, "battle", discordtest.Subcommand("start", discordtest.StringOpt("battle", "Одавара")))
	if dm() != 1 {
		t.Fatalf("%d DMs after the lost answers, want the one sheet", dm())
	}
	// North rolls by command before the answers come back: the sheet,
	// sent again, must show the roll.
	w.roll(north, chanOda)
	clear()
	if !w.srv.WaitFor(func() bool {
		sh, ok := w.sheetOf(north)
		return ok && strings.Contains(sh.Text(), "Командный бросок")
	}, wait) {
		sh, _ := w.sheetOf(north)
		t.Fatalf("the sheet after the retry: %q", sh.Text())
	}
	if dm() != 1 {
		t.Fatalf("the sheet was posted %d times", dm())
	}
}
