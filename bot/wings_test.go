package bot_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"

	"github.com/gunbai/gunbai/bot/discordtest"
	"github.com/gunbai/gunbai/engine"
	"github.com/gunbai/gunbai/game"
	"github.com/gunbai/gunbai/store"
)

// Wings (issue 29, item 1): two players of North each hold units; the
// commander (Nobunaga, Russian) rolls and allots, Hideyoshi (English)
// orders his own wing only.

// hide is North's second player, who speaks English.
var hide = discordtest.Member{UserID: "700000000000000021", Username: "hideyoshi", Locale: "en-US"}

// The units of each wing: Hideyoshi's four; Nobunaga's six, and the two
// no wing holds (n-hata1, n-sohei1) are his as commander.
var (
	hideUnits = []string{"n-teppo1", "n-uma1", "n-uma2", "n-yumi1"}
	odaUnits  = []string{"n-ashi1", "n-ashi2", "n-ashi3", "n-yari1", "n-yari2", "n-yumi2"}
)

// wingWorld is the Odawara battle with North's units given to two wings
// and Nobunaga named commander by the GM before it starts; turn 1 open.
func wingWorld(t *testing.T) (w *world, n, h, s *sheetPlayer) {
	w, north, south := odawaraWorld(t)
	hide.Roles = north.Roles
	w.srv.Guilds().SetUser(hide.UserID, hide.Username)
	w.srv.Guilds().SetUser(north.UserID, north.Username)
	w.srv.Guilds().SetMemberRoles(w.guild, hide.UserID, hide.Roles...)
	clan := func(sub string, opts ...discordtest.Option) discordtest.Response {
		return w.slash(gm, chanGM, "clan", discordtest.Subcommand(sub, append(opts, discordtest.StringOpt("side", "north"))...))
	}
	r := clan("assign", discordtest.MemberOpt("player", hide), discordtest.StringOpt("units", strings.Join(hideUnits, ", ")))
	if !r.Ephemeral || !strings.Contains(r.Content, "Крылья стороны") || !strings.Contains(r.Content, "hideyoshi") {
		t.Fatalf("/clan assign answered: %+v", r)
	}
	clan("assign", discordtest.MemberOpt("player", north), discordtest.StringOpt("units", strings.Join(odaUnits, ",")))
	if r := clan("commander", discordtest.MemberOpt("player", north)); !strings.Contains(r.Content, "nobunaga (командующий)") {
		t.Fatalf("/clan commander answered: %q", r.Content)
	}
	w.slash(gm, chanGM, "battle", discordtest.Subcommand("start", discordtest.StringOpt("battle", "Одавара")))
	w.b.Wait()
	// Hideyoshi asks for his sheet: it speaks his client's English.
	r = w.slash(hide, chanOda, "orders")
	if !w.srv.WaitFor(func() bool {
		return strings.Contains(lastDM(w, hide).Text(), "The commander (nobunaga) makes the command roll")
	}, wait) {
		t.Fatalf("Hideyoshi's /orders brought no sheet: %q", r.Content)
	}
	w.b.Wait()
	return w, &sheetPlayer{w: w, m: north}, &sheetPlayer{w: w, m: hide}, &sheetPlayer{w: w, m: south}
}

// lastDM is a member's latest DM: his sheet, which before the commander's
// roll has no button for a wing's player.
func lastDM(w *world, m discordtest.Member) discordtest.Message {
	dms := w.srv.Messages().DMs(m.UserID)
	if len(dms) == 0 {
		return discordtest.Message{}
	}
	return dms[len(dms)-1]
}

// subjects are the values of a sheet's first menu (units and groups).
func (p *sheetPlayer) subjects() []string {
	var out []string
	for _, o := range p.menu("subject") {
		out = append(out, o.Value)
	}
	return out
}

// northOrders and northPhase read North's orders and command phase.
func (w *world) northOrders() []engine.Order {
	w.t.Helper()
	var out []engine.Order
	_ = w.st.View(func(tx *store.Tx) error {
		rec, err := tx.Battle(w.guild, "одавара")
		if err != nil {
			return err
		}
		out, _ = tx.BattleTurn(w.guild, rec.ID, rec.Turn).Orders(engine.North)
		return nil
	})
	return out
}

func (w *world) northPhase() store.CommandPhase {
	w.t.Helper()
	var ph store.CommandPhase
	err := w.st.View(func(tx *store.Tx) error {
		rec, err := tx.Battle(w.guild, "одавара")
		if err != nil {
			return err
		}
		ph, err = tx.BattleTurn(w.guild, rec.ID, rec.Turn).Phase()
		return err
	})
	if err != nil {
		w.t.Fatal(err)
	}
	return ph
}

// order gives one /order in North's channel and answers its text.
func (w *world) wingOrder(m discordtest.Member, kind, unit string) string {
	w.t.Helper()
	r := w.slash(m, chanOda, "order", discordtest.StringOpt("order", kind), discordtest.StringOpt("unit", unit), discordtest.IntOpt("phase", 1))
	return r.Content
}

// Each wing's sheet offers only its own units, the commander's also the
// whole side's groups; the other wing is listed, not offered; a wing's
// player waits for the commander's roll. An order to another wing's unit
// is refused in the player's language and changes nothing.
func TestWingSheetsOfferOnlyTheirOwnUnits(t *testing.T) {
	t.Parallel()
	w, n, h, _ := wingWorld(t)
	defer w.stop()

	// Before the roll: Hideyoshi has no stake buttons; /roll is refused.
	if sh := lastDM(w, hide); !strings.Contains(sh.Text(), "The commander (nobunaga) makes the command roll") ||
		strings.Contains(strings.Join(customIDs(sh.Components), " "), ":stake:") {
		t.Fatalf("Hideyoshi's sheet before the roll: %q %v", sh.Text(), customIDs(sh.Components))
	}
	if r := w.slash(hide, chanOda, "roll", discordtest.StringOpt("stake", "low")); !strings.Contains(r.Content, "The command roll is the commander's (nobunaga)") {
		t.Fatalf("Hideyoshi's /roll: %q", r.Content)
	}
	n.roll()
	w.grantAll("одавара", 2, 4)
	// The allotment refreshes the side's sheets with the roll granted.
	w.slash(n.m, chanOda, "clan", discordtest.Subcommand("allot", discordtest.MemberOpt("player", hide), discordtest.IntOpt("ordinary", 2), discordtest.IntOpt("special", 0)))
	w.b.Wait()

	hs, ns := h.subjects(), n.subjects()
	for _, s := range hs {
		if !slices.Contains(hideUnits, s) {
			t.Errorf("Hideyoshi's sheet offers %s (%v)", s, hs)
		}
	}
	if len(hs) == 0 {
		t.Fatalf("Hideyoshi's sheet offers nothing: %s", h.sheet().Text())
	}
	for _, u := range hideUnits {
		if slices.Contains(ns, u) {
			t.Errorf("Nobunaga's sheet offers Hideyoshi's %s (%v)", u, ns)
		}
	}
	if !slices.Contains(ns, "n-yari1") || !slices.Contains(ns, "n-hata1") || !slices.ContainsFunc(ns, func(s string) bool { return strings.HasPrefix(s, "#") }) {
		t.Errorf("Nobunaga's sheet lacks his units, the unassigned ones or the side's groups: %v", ns)
	}
	ht, nt := h.sheet().Text(), n.sheet().Text()
	for _, want := range []string{"**Your wing**", "Other wings (shown, not yours to order)", "nobunaga (commander)", "n-yari1", "Your wing's share: 2 ordinary, 0 special."} {
		if !strings.Contains(ht, want) {
			t.Errorf("Hideyoshi's sheet lacks %q:\n%s", want, ht)
		}
	}
	for _, want := range []string{"**Ваше крыло**", "Другие крылья (видны, но приказывать им нельзя)", "hideyoshi", "Вы командующий", "Доля вашего крыла: обычных 2, особых 2 (по отрядам)."} {
		if !strings.Contains(nt, want) {
			t.Errorf("Nobunaga's sheet lacks %q:\n%s", want, nt)
		}
	}
	if ids := strings.Join(customIDs(h.sheet().Components), " "); strings.Contains(ids, ":readyall") {
		t.Errorf("Hideyoshi has the commander's Ready for all: %s", ids)
	}
	n.component("readyall")

	// /clan assign's units: the side's own, one after another, each with
	// the wing that holds it.
	var offered []string
	for _, c := range w.choices(w.srv.Interactions().Autocomplete(w.guild, chanOda, n.m, "clan", discordtest.Subcommand("assign",
		discordtest.MemberOpt("player", hide), discordtest.Focus(discordtest.StringOpt("units", "n-yari1, n-uma"))))) {
		offered = append(offered, c.Name+" = "+c.Value.(string))
	}
	if len(offered) != 2 || !strings.Contains(offered[0], "= n-yari1, n-uma1") || !strings.Contains(offered[0], "hideyoshi") {
		t.Errorf("/clan assign units: offered %q", offered)
	}
	t.Logf("/clan assign units:\"n-yari1, n-uma\" offers %q", offered)
	t.Logf("Hideyoshi's sheet:\n%s", ht)
	t.Logf("Nobunaga's sheet:\n%s", nt)

	// Another wing's unit: refused, in each one's language; nothing given.
	if got := w.wingOrder(hide, "wait", "n-yari1"); !strings.Contains(got, "n-yari1 is in nobunaga's wing: only he orders it.") {
		t.Errorf("Hideyoshi ordering n-yari1: %q", got)
	}
	if got := w.wingOrder(n.m, "wait", "n-uma1"); !strings.Contains(got, "n-uma1 — в крыле игрока hideyoshi: приказы ему отдаёт только он.") {
		t.Errorf("Nobunaga ordering n-uma1: %q", got)
	}
	if got := w.wingOrder(hide, "general_advance", ""); !strings.Contains(got, "are the commander's (nobunaga)") {
		t.Errorf("Hideyoshi giving an army-wide order: %q", got)
	}
	if o := w.northOrders(); len(o) != 0 {
		t.Fatalf("refused orders changed North's: %+v", o)
	}
}

// The default split is by units, the remainder to the commander; the
// commander's /clan allot sets a wing's share; an order beyond it is
// refused and changes nothing.
func TestWingAllotmentAndShare(t *testing.T) {
	t.Parallel()
	w, n, _, _ := wingWorld(t)
	defer w.stop()
	n.roll()
	w.grantAll("одавара", 2, 4)
	// 4 ordinary for 8 units and 4: 2 and 1, the one left to the commander;
	// 2 special: 1 and 0, the one left to the commander.
	r := w.slash(n.m, chanOda, "clan", discordtest.Subcommand("wings"))
	for _, want := range []string{"nobunaga (командующий)", "доля обычных 3, особых 2 (по отрядам)", "hideyoshi: ", "доля обычных 1, особых 0 (по отрядам)"} {
		if !strings.Contains(r.Content, want) {
			t.Fatalf("/clan wings lacks %q: %q", want, r.Content)
		}
	}
	// A GM of neither clan names the side.
	if r := w.slash(gm, chanGM, "clan", discordtest.Subcommand("wings")); !strings.Contains(r.Content, "Вы не из клана этой битвы: укажите сторону (сторона:).") {
		t.Fatalf("the GM's /clan wings with no side: %q", r.Content)
	}
	if r := w.slash(gm, chanGM, "clan", discordtest.Subcommand("wings", discordtest.StringOpt("side", "north"))); !strings.Contains(r.Content, "доля обычных 1, особых 0 (по отрядам)") {
		t.Fatalf("the GM's /clan wings side:north: %q", r.Content)
	}
	// Hideyoshi may not allot; an allotment beyond the roll is refused.
	if r := w.slash(hide, chanOda, "clan", discordtest.Subcommand("allot", discordtest.MemberOpt("player", hide), discordtest.IntOpt("ordinary", 4), discordtest.IntOpt("special", 0))); !strings.Contains(r.Content, "Only the GM or the side's commander (nobunaga) may do this.") {
		t.Fatalf("Hideyoshi's /clan allot: %q", r.Content)
	}
	if r := w.slash(n.m, chanOda, "clan", discordtest.Subcommand("allot", discordtest.MemberOpt("player", hide), discordtest.IntOpt("ordinary", 5), discordtest.IntOpt("special", 0))); !strings.Contains(r.Content, "Бросок дал 4 обычных и 2 особых") {
		t.Fatalf("an allotment beyond the roll: %q", r.Content)
	}
	r = w.slash(n.m, chanOda, "clan", discordtest.Subcommand("allot", discordtest.MemberOpt("player", hide), discordtest.IntOpt("ordinary", 2), discordtest.IntOpt("special", 0)))
	if !strings.Contains(r.Content, "hideyoshi: ") || !strings.Contains(r.Content, "доля обычных 2, особых 0 — ") || !strings.Contains(r.Content, "доля обычных 2, особых 2 (по отрядам)") {
		t.Fatalf("/clan allot answered: %q", r.Content)
	}
	for i, u := range []string{"n-uma1", "n-uma2"} {
		if got := w.wingOrder(hide, "wait", u); len(w.northOrders()) != i+1 {
			t.Fatalf("Hideyoshi's order to %s within his share: %q", u, got)
		}
	}
	got := w.wingOrder(hide, "wait", "n-yumi1")
	if !strings.Contains(got, "The share of hideyoshi's wing is 2 ordinary and 0 special orders: this order does not fit in it.") {
		t.Fatalf("an order beyond the share: %q", got)
	}
	if o := w.northOrders(); len(o) != 2 {
		t.Fatalf("North's orders after a refusal: %+v", o)
	}
	// His sheet: nothing left of his share, so no orders offered.
	if sh := (&sheetPlayer{w: w, m: hide}).sheet(); !strings.Contains(sh.Text(), "Your wing's share: 2 ordinary, 0 special.") {
		t.Fatalf("Hideyoshi's sheet: %s", sh.Text())
	}
	// The commander's own wing still has its share.
	if got := w.wingOrder(n.m, "wait", "n-yari1"); len(w.northOrders()) != 3 {
		t.Fatalf("Nobunaga's order: %q", got)
	}
}

// The side is ready when both wings are; a change to a wing's orders takes
// its "ready" back; the commander's Ready for all makes the side ready
// whatever the wings. The other side learns nothing of the wings.
func TestWingReadyAndSecrecy(t *testing.T) {
	t.Parallel()
	w, n, h, s := wingWorld(t)
	defer w.stop()
	n.roll()
	w.grantAll("одавара", 2, 4)
	w.slash(n.m, chanOda, "clan", discordtest.Subcommand("allot", discordtest.MemberOpt("player", hide), discordtest.IntOpt("ordinary", 4), discordtest.IntOpt("special", 0)))
	h.choose("subject", "n-uma1")
	h.choose("pick", "")
	h.finish()
	if !strings.Contains(h.sheet().Text(), "Order accepted") {
		t.Fatalf("Hideyoshi's order on his sheet: %s", h.sheet().Text())
	}
	h.press("ready")
	if ph := w.northPhase(); ph.Ready[engine.North] || !slices.Contains(ph.WingsReady[0], hide.UserID) {
		t.Fatalf("after Hideyoshi's ready: %+v / %v", ph.Ready, ph.WingsReady)
	}
	if txt := h.sheet().Text(); !strings.Contains(txt, "Your wing is ready. The side is ready when every wing is, or when the commander says ready for all.") {
		t.Fatalf("Hideyoshi's sheet after ready: %s", txt)
	}
	if txt := n.sheet().Text(); !strings.Contains(txt, "hideyoshi: ") || !strings.Contains(txt, "— готово") {
		t.Fatalf("Nobunaga's sheet does not show Hideyoshi ready: %s", txt)
	}
	// A change to his orders takes his wing's ready back.
	if got := w.wingOrder(hide, "wait", "n-uma2"); len(w.northOrders()) != 2 {
		t.Fatalf("Hideyoshi's second order: %q", got)
	}
	if ph := w.northPhase(); len(ph.WingsReady[0]) != 0 {
		t.Fatalf("an order did not unready the wing: %v", ph.WingsReady)
	}
	// Both wings ready: the side is.
	h.press("ready")
	n.press("ready")
	if ph := w.northPhase(); !ph.Ready[engine.North] {
		t.Fatalf("both wings ready, the side is not: %+v %v", ph.Ready, ph.WingsReady)
	}
	// An order of Hideyoshi's unreadies the side; the commander's Ready for
	// all readies it again with Hideyoshi's wing not ready.
	if got := w.wingOrder(hide, "wait", "n-yumi1"); len(w.northOrders()) != 3 {
		t.Fatalf("Hideyoshi's third order: %q", got)
	}
	if ph := w.northPhase(); ph.Ready[engine.North] {
		t.Fatal("a wing's order did not unready the side")
	}
	if ids := strings.Join(customIDs(h.sheet().Components), " "); strings.Contains(ids, ":readyall") {
		t.Fatalf("Hideyoshi has Ready for all: %s", ids)
	}
	if r := w.slash(hide, chanOda, "clan", discordtest.Subcommand("ready")); !strings.Contains(r.Content, "Only the commander (nobunaga) says the whole side is ready.") {
		t.Fatalf("Hideyoshi's /clan ready: %q", r.Content)
	}
	n.press("readyall")
	if ph := w.northPhase(); !ph.Ready[engine.North] || slices.Contains(ph.WingsReady[0], hide.UserID) {
		t.Fatalf("the commander's ready for all: %+v %v", ph.Ready, ph.WingsReady)
	}
	if txt := h.sheet().Text(); !strings.Contains(txt, "The side is ready.") {
		t.Fatalf("Hideyoshi's sheet after the commander's ready for all: %s", txt)
	}

	// North's channel was told of the wings; South learns nothing of them.
	told := contentOf(w.srv.Messages().Under(chanOda))
	if !strings.Contains(told, "Крылья: hideyoshi получает n-teppo1, n-uma1, n-uma2, n-yumi1.") || !strings.Contains(told, "Командующий стороны теперь nobunaga") {
		t.Fatalf("North's channel: %s", told)
	}
	var theirs []discordtest.Message
	theirs = append(theirs, w.srv.Messages().Under(chanAsai)...)
	theirs = append(theirs, w.srv.Messages().DMs(s.m.UserID)...)
	for _, m := range theirs {
		low := strings.ToLower(m.Text())
		for _, word := range []string{"hideyoshi", "крыл", "wing", "командующий стороны", "commands the side"} {
			if strings.Contains(low, word) {
				t.Fatalf("South reads %q: %q", word, m.Text())
			}
		}
	}
}

// A wing's sheet lists the other wings' orders in its text, without a
// cancel control (only their own wing may cancel them), and keeps its own
// order's Cancel: in English for Hideyoshi, in Russian for the commander.
func TestWingSheetCancelsItsOwnOrdersOnly(t *testing.T) {
	t.Parallel()
	w, n, h, _ := wingWorld(t)
	defer w.stop()
	n.roll()
	if got := w.wingOrder(n.m, "wait", "n-yari1"); got == "" {
		t.Fatal("the commander's order got no answer")
	}
	if got := w.wingOrder(hide, "wait", "n-uma1"); got == "" {
		t.Fatal("Hideyoshi's order got no answer")
	}
	w.b.Wait()
	// The cancel controls: each button's label, each menu's options.
	cancels := func(p *sheetPlayer) (labels []string) {
		for _, c := range discordtest.Interactive(p.sheet().Components) {
			if !strings.Contains(discordtest.CustomID(c), ":cancel") {
				continue
			}
			switch c := c.(type) {
			case *discordgo.Button:
				labels = append(labels, c.Label)
			case *discordgo.SelectMenu:
				for _, o := range c.Options {
					labels = append(labels, o.Label)
				}
			}
		}
		return labels
	}
	for _, c := range []struct {
		p            *sheetPlayer
		mine, theirs string
		head         string
	}{
		{h, "n-uma1", "n-yari1", "The other wings' orders (only their own wing may cancel them):"},
		{n, "n-yari1", "n-uma1", "Приказы других крыльев (отменить их может только их крыло):"},
	} {
		ids, text := cancels(c.p), c.p.sheet().Text()
		if len(ids) != 1 || !strings.Contains(ids[0], c.mine) {
			t.Errorf("%s's sheet cancels %v, want his own %s only", c.p.m.Username, ids, c.mine)
		}
		_, others, ok := strings.Cut(text, c.head)
		if !ok || !strings.Contains(others, "• "+c.theirs) {
			t.Errorf("%s's sheet does not list the other wing's order %s under %q:\n%s", c.p.m.Username, c.theirs, c.head, text)
		}
	}
}

// The players the GM named (the commander, a wing's) get their order
// sheets by DM when a turn opens, as an ordering role's members do, in a
// battle whose clans name no ordering role: nobody needs to ask /orders.
func TestWingPlayersGetTheirSheetsWhenATurnOpens(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	w.svc = func(s *game.Service) {
		sc := testScenarios(t, "odawara.toml")
		s.Scenarios = sc
	}
	north := oda
	w.srv.Guilds().SetMemberRoles(w.guild, north.UserID, north.Roles...)
	w.start()
	defer w.stop()
	w.create("Сэкигахара", discordtest.StringOpt("scenario", "odawara"))
	wing := discordtest.Member{UserID: "700000000000000041", Username: "katsuie", Roles: []string{roleOda}, Locale: "ru"}
	w.srv.Guilds().SetMemberRoles(w.guild, wing.UserID, wing.Roles...)
	clan := func(sub string, opts ...discordtest.Option) {
		r := w.slash(gm, chanGM, "clan", discordtest.Subcommand(sub, append(opts, discordtest.StringOpt("side", "north"),
			discordtest.StringOpt("battle", "Сэкигахара"))...))
		if !strings.Contains(r.Content, "Крылья стороны") {
			t.Fatalf("/clan %s: %q", sub, r.Content)
		}
	}
	clan("commander", discordtest.MemberOpt("player", north))
	clan("assign", discordtest.MemberOpt("player", wing), discordtest.StringOpt("units", strings.Join(hideUnits, ", ")))
	before := len(w.srv.Messages().DMs(north.UserID))
	w.slash(gm, chanGM, "battle", discordtest.Subcommand("start", discordtest.StringOpt("battle", "Сэкигахара")))
	w.b.Wait()
	if !w.srv.WaitFor(func() bool { return strings.Contains(lastDM(w, wing).Text(), "Сэкигахара") }, wait) {
		t.Fatalf("the wing's player got no sheet when the turn opened: %q", lastDM(w, wing).Text())
	}
	if sh := lastDM(w, wing).Text(); !strings.Contains(sh, "Ваше крыло") || !strings.Contains(sh, hideUnits[0]) {
		t.Errorf("the wing's sheet: %q", sh)
	}
	if len(w.srv.Messages().DMs(north.UserID)) == before {
		t.Error("the commander got no sheet when the turn opened")
	}
}

// A player the GM named to a wing orders his units in a battle whose clan
// names an ordering role he lacks: the GM's naming is enough (a member of
// the clan outside that role and named by nobody still only watches).
func TestWingPlayerOrdersWithoutTheOrderingRole(t *testing.T) {
	t.Parallel()
	w, north, _ := odawaraWorld(t)
	defer w.stop()
	wing := discordtest.Member{UserID: "700000000000000042", Username: "toshiie", Roles: []string{roleOda}, Locale: "ru"}
	watcher := discordtest.Member{UserID: "700000000000000043", Username: "ronin", Roles: []string{roleOda}, Locale: "ru"}
	for _, m := range []discordtest.Member{wing, watcher} {
		w.srv.Guilds().SetMemberRoles(w.guild, m.UserID, m.Roles...)
	}
	w.slash(gm, chanGM, "clan", discordtest.Subcommand("commander", discordtest.MemberOpt("player", north), discordtest.StringOpt("side", "north")))
	w.slash(gm, chanGM, "clan", discordtest.Subcommand("assign", discordtest.MemberOpt("player", wing),
		discordtest.StringOpt("units", strings.Join(hideUnits, ", ")), discordtest.StringOpt("side", "north")))
	w.slash(gm, chanGM, "battle", discordtest.Subcommand("start", discordtest.StringOpt("battle", "Одавара")))
	w.roll(north, chanOda)
	if got := w.wingOrder(wing, "wait", hideUnits[0]); !strings.Contains(got, "Приказ принят") {
		t.Fatalf("the named wing's player without the ordering role: %q", got)
	}
	if got := w.wingOrder(watcher, "wait", odaUnits[0]); strings.Contains(got, "Приказ принят") {
		t.Fatalf("a clan member outside the ordering role, named by nobody, gave an order: %q", got)
	}
	if o := w.northOrders(); len(o) != 1 || o[0].Unit != hideUnits[0] {
		t.Fatalf("North's orders: %+v", o)
	}
}
