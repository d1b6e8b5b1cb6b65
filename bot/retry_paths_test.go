package bot_test

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/gunbai/gunbai/bot/discordtest"
	"github.com/gunbai/gunbai/engine"
	"github.com/gunbai/gunbai/game"
	"github.com/gunbai/gunbai/store"
)

// The paths that change a battle besides the GM's marked commands and
// /order (issue 25, item 3): /scout, /deploy, /orders, the roll's
// buttons, the order sheet. Re-sent after a lost answer, each is done once.

// battleNow is a battle's record as stored.
func battleNow(t *testing.T, w *world, id string) store.BattleRecord {
	t.Helper()
	rec, err := w.st.Battle(w.guild, id)
	if err != nil {
		t.Fatal(err)
	}
	return rec
}

// /scout cells re-sent: one shinobi spent, one report in the clan's
// channel; /scout swap re-sent: one swap. In Russian and in English.
func TestRetryScout(t *testing.T) {
	t.Parallel()
	w := sekigaharaWorld(t)
	defer w.stop()
	for _, side := range []string{"north", "south"} {
		gmSub(w, gm, "fix", discordtest.StringOpt("battle", "Сэкигахара"), discordtest.StringOpt("who", side),
			discordtest.StringOpt("field", "shinobi"), discordtest.StringOpt("value", "3"))
	}
	w.slash(gm, chanGM, "battle", discordtest.Subcommand("start", discordtest.StringOpt("battle", "Сэкигахара")))
	// Three shinobi a side, whatever the infiltration's dice; none sent yet.
	if err := w.st.Update(func(tx *store.Tx) error {
		rec, err := tx.Battle(w.guild, "сэкигахара")
		if err != nil {
			return err
		}
		rec.State.Shinobi, rec.Scouts = [2]int{3, 3}, [2]int{}
		return tx.PutBattle(rec)
	}); err != nil {
		t.Fatal(err)
	}
	if rec := battleNow(t, w, "сэкигахара"); !rec.Scouting {
		t.Fatalf("precondition: scouting")
	}
	for _, tc := range []struct {
		m        discordtest.Member
		ch       string
		side     engine.Side
		own      string
		done     string
		swapDone string
	}{
		{oda, chanOda, engine.North, "n-", "эта команда уже выполнена", "обмен"},
		{asai, chanAsai, engine.South, "s-", "this command was already done", "swap"},
	} {
		cells, _ := w.offered(tc.m, tc.ch, "scout", discordtest.Focus(discordtest.StringOpt("cells", "")))
		if len(cells) < 2 {
			t.Fatalf("cells offered: %v", cells)
		}
		pair := cells[0] + " " + cells[1]
		first := w.slash(tc.m, tc.ch, "scout", discordtest.StringOpt("cells", pair))
		again := w.slash(tc.m, tc.ch, "scout", discordtest.StringOpt("cells", pair))
		w.b.Wait()
		if got := battleNow(t, w, "сэкигахара").Scouts[tc.side]; got != 1 {
			t.Fatalf("%s: %d shinobi sent scouting after /scout re-sent, want 1", tc.side, got)
		}
		if n := count(w, tc.ch, cells[1]); n != 1 { // the report names the cells (in the battle's language)
			t.Fatalf("%s: the scout report of %s posted %d times", tc.side, pair, n)
		}
		if !strings.Contains(again.Content, tc.done) || !strings.Contains(again.Content, first.Content) {
			t.Fatalf("/scout re-sent: %q", again.Content)
		}
		swaps, _ := w.offered(tc.m, tc.ch, "scout", discordtest.Focus(discordtest.StringOpt("swap", tc.own)))
		if len(swaps) == 0 {
			t.Fatalf("%s: no swap offered", tc.side)
		}
		sw := w.slash(tc.m, tc.ch, "scout", discordtest.StringOpt("swap", swaps[0]))
		sw2 := w.slash(tc.m, tc.ch, "scout", discordtest.StringOpt("swap", swaps[0]))
		if got := battleNow(t, w, "сэкигахара").Swaps[tc.side]; len(got) != 1 {
			t.Fatalf("%s: swaps after one re-sent: %v", tc.side, got)
		}
		if !strings.Contains(sw2.Content, tc.done) || !strings.Contains(sw2.Content, sw.Content) || againButton(sw2) != "" {
			t.Fatalf("/scout swap re-sent: %q (first %q)", sw2.Content, sw.Content)
		}
	}
}

// /deploy re-sent: placed once, no second answer of a placement made (nor
// any receipt); a terrain toggled, re-sent, stays toggled, and the answer
// offers to toggle it back.
func TestRetryDeploy(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	w.start()
	defer w.stop()
	w.create("Нагасино")
	var zone []string // South's, the defender's
	for _, tc := range []struct {
		m        discordtest.Member
		ch, unit string
		done     string
	}{{oda, chanOda, "n-yari", "эта команда уже выполнена"}, {asai, chanAsai, "s-sohei", "this command was already done"}} {
		cells, _ := w.offered(tc.m, tc.ch, "deploy", discordtest.StringOpt("unit", tc.unit), discordtest.Focus(discordtest.StringOpt("cell", "")))
		if len(cells) < 3 {
			t.Fatalf("cells offered to %s: %v", tc.unit, cells)
		}
		zone = cells
		deploy := func() discordtest.Response {
			return w.slash(tc.m, tc.ch, "deploy", discordtest.StringOpt("unit", tc.unit), discordtest.StringOpt("cell", cells[1]))
		}
		first, again := deploy(), deploy()
		w.b.Wait()
		rec := battleNow(t, w, "нагасино")
		if u := rec.State.Unit(tc.unit); u == nil || u.Cell.String() != cells[1] {
			t.Fatalf("%s after /deploy re-sent: %+v", tc.unit, u)
		}
		if !strings.Contains(again.Content, tc.done) || !strings.Contains(again.Content, first.Content) || againButton(again) != "" {
			t.Fatalf("/deploy re-sent: %q", again.Content)
		}
		if n := len(w.srv.Messages().DMs(tc.m.UserID)); n != 0 {
			t.Fatalf("%d DMs for a placement", n)
		}
		// Moved since by an ally: the same placement is made anew.
		ally := discordtest.Member{UserID: tc.m.UserID + "0", Username: "ally", Roles: tc.m.Roles, Locale: tc.m.Locale}
		w.slash(ally, tc.ch, "deploy", discordtest.StringOpt("unit", tc.unit), discordtest.StringOpt("cell", cells[0]))
		if r := deploy(); strings.Contains(r.Content, tc.done) || !strings.Contains(r.Content, cells[1]) {
			t.Fatalf("/deploy given back after an ally's: %q", r.Content)
		}
	}
	// A terrain toggled, re-sent, stays toggled; the answer offers to
	// toggle it again, once however often pressed.
	toggle := func() discordtest.Response {
		return w.slash(asai, chanAsai, "deploy", discordtest.StringOpt("cell", zone[2]), discordtest.StringOpt("terrain", "forest"))
	}
	forests := func() int { return len(battleNow(t, w, "нагасино").State.Terrain.Forests) }
	before := forests()
	first, again := toggle(), toggle()
	button := againButton(again)
	if forests() != before+1 || button == "" || !strings.Contains(again.Content, first.Content) {
		t.Fatalf("a terrain toggle re-sent: %d forests (were %d); %q", forests(), before, again.Content)
	}
	w.do(w.srv.Interactions().Button(w.guild, chanAsai, asai, button))
	w.do(w.srv.Interactions().Button(w.guild, chanAsai, asai, button))
	if forests() != before {
		t.Fatalf("%d forests after the button pressed twice, want %d", forests(), before)
	}
}

// /orders cancel re-sent: the order is cancelled once and the repeat says
// so, with what the first answer said, not "no such order".
func TestRetryOrdersCancel(t *testing.T) {
	t.Parallel()
	w := battleWorld(t)
	defer w.stop()
	for _, tc := range []struct {
		m        discordtest.Member
		ch, unit string
		done     string
		side     engine.Side
	}{{oda, chanOda, "n-yari", "эта команда уже выполнена", engine.North}, {asai, chanAsai, "s-sohei", "this command was already done", engine.South}} {
		w.roll(tc.m, tc.ch)
		w.slash(tc.m, tc.ch, "order", discordtest.StringOpt("unit", tc.unit), discordtest.StringOpt("order", "move"))
		cancel := func() discordtest.Response {
			return w.slash(tc.m, tc.ch, "orders", discordtest.StringOpt("cancel", tc.unit))
		}
		first, again := cancel(), cancel()
		if strings.Contains(again.Content, "n-yari нет приказа") || strings.Contains(again.Content, "has no order") ||
			!strings.Contains(again.Content, tc.done) || !strings.Contains(again.Content, first.Content) {
			t.Fatalf("/orders cancel re-sent: %q", again.Content)
		}
		orders := func() []engine.Order {
			var out []engine.Order
			if err := w.st.View(func(tx *store.Tx) error {
				var err error
				out, err = tx.BattleTurn(w.guild, "нагасино", 1).Orders(tc.side)
				return err
			}); err != nil {
				t.Fatal(err)
			}
			return out
		}
		if got := orders(); len(got) != 0 {
			t.Fatalf("orders after the cancel: %+v", got)
		}
		// Given again since by an ally: the same cancel cancels it anew.
		ally := discordtest.Member{UserID: tc.m.UserID + "0", Username: "ally", Roles: tc.m.Roles, Locale: tc.m.Locale}
		w.slash(ally, tc.ch, "order", discordtest.StringOpt("unit", tc.unit), discordtest.StringOpt("order", "move"))
		if r := cancel(); strings.Contains(r.Content, tc.done) || len(orders()) != 0 {
			t.Fatalf("a cancel after the ally's order: %q, %+v", r.Content, orders())
		}
	}
}

// messengerWorld is Нагасино begun with three messengers a side, its
// players holding their clans' ordering roles (the sheet comes by DM),
// on dice where a high stake fails for both sides, and fails again after
// one messenger.
func messengerWorld(t *testing.T) (*world, discordtest.Member, discordtest.Member) {
	w := newWorld(t)
	w.svc = func(s *game.Service) { s.Rand = rand.NewChaCha8([32]byte{19}) }
	north, south := oda, asai
	north.Roles = []string{roleOda, roleOdaOrders}
	south.Roles = []string{roleAsai, roleAsaiOrders}
	w.srv.Guilds().SetMemberRoles(w.guild, north.UserID, north.Roles...)
	w.srv.Guilds().SetMemberRoles(w.guild, south.UserID, south.Roles...)
	w.start()
	w.create("Нагасино", discordtest.RoleOpt("north_orders", roleOdaOrders), discordtest.RoleOpt("south_orders", roleAsaiOrders))
	for _, side := range []string{"north", "south"} {
		gmSub(w, gm, "fix", discordtest.StringOpt("battle", "Нагасино"), discordtest.StringOpt("who", side),
			discordtest.StringOpt("field", "messengers"), discordtest.StringOpt("value", "3"))
	}
	w.slash(gm, chanGM, "battle", discordtest.Subcommand("start", discordtest.StringOpt("battle", "Нагасино")))
	return w, north, south
}

// The roll's "reroll: messenger" button pressed twice (the first answer
// lost): one messenger spent; the second press is answered with the roll
// as it now stands, with its buttons. In Russian and in English.
func TestRetryRerollButton(t *testing.T) {
	t.Parallel()
	w, north, south := messengerWorld(t)
	defer w.stop()
	for _, tc := range []struct {
		m     discordtest.Member
		ch    string
		side  engine.Side
		moved string
	}{{north, chanOda, engine.North, "ничего не изменено. Бросок сейчас:"}, {south, chanAsai, engine.South, "nothing was changed. The roll as it stands:"}} {
		r := w.slash(tc.m, tc.ch, "roll", discordtest.StringOpt("stake", "high"))
		var messenger string
		for _, id := range customIDs(r.Components) {
			if strings.HasSuffix(id, ":messenger") {
				messenger = id
			}
		}
		if messenger == "" {
			t.Fatalf("precondition: a failed roll with a messenger to spend: %q %v", r.Content, customIDs(r.Components))
		}
		first := w.do(w.srv.Interactions().Button(w.guild, tc.ch, tc.m, messenger))
		again := w.do(w.srv.Interactions().Button(w.guild, tc.ch, tc.m, messenger))
		if got := battleNow(t, w, "нагасино").State.Messengers[tc.side]; got != 2 {
			t.Fatalf("%s: %d messengers left after the button pressed twice, want 2", tc.side, got)
		}
		if !strings.Contains(again.Content, tc.moved) || !strings.Contains(again.Content, first.Content) ||
			strings.Join(customIDs(again.Components), " ") != strings.Join(customIDs(first.Components), " ") {
			t.Fatalf("the button pressed again: %q %v\nthe first press: %q %v", again.Content, customIDs(again.Components), first.Content, customIDs(first.Components))
		}
	}
}

// The order sheet's "reroll: messenger" pressed twice: one messenger
// spent, the sheet says the second press changed nothing. Its "Ready"
// pressed twice: one "ready" in the clan's summary.
func TestRetrySheetPressedTwice(t *testing.T) {
	t.Parallel()
	w, north, _ := messengerWorld(t)
	defer w.stop()
	w.b.Wait()
	p := &sheetPlayer{w: w, m: north}
	p.press("stake:high")
	_, id := p.component("reroll:messenger")
	p.w.answers(w.srv.Interactions().Button("", "", north, id))
	p.w.answers(w.srv.Interactions().Button("", "", north, id))
	w.b.Wait()
	if got := battleNow(t, w, "нагасино").State.Messengers[engine.North]; got != 2 {
		t.Fatalf("%d messengers left after the sheet's button pressed twice, want 2", got)
	}
	if s := p.sheet(); !strings.Contains(s.Text(), "нажата на броске, который с тех пор изменился") {
		t.Fatalf("the sheet after a second press: %s", s.Text())
	}
	p.press("reroll:accept")
	_, id = p.component("ready")
	p.w.answers(w.srv.Interactions().Button("", "", north, id))
	p.w.answers(w.srv.Interactions().Button("", "", north, id))
	w.b.Wait()
	var readies int
	if err := w.st.View(func(tx *store.Tx) error {
		ph, err := tx.BattleTurn(w.guild, "нагасино", 1).Phase()
		for _, ch := range ph.Changes[engine.North] {
			if ch.Action == store.ChangeReady {
				readies++
			}
		}
		return err
	}); err != nil || readies != 1 {
		t.Fatalf("%d readies kept for the summary after Ready pressed twice, want 1 (%v)", readies, err)
	}
}

// The campaign's commands re-sent: /turn next begins one turn, not two,
// and its answer offers to begin another, once however often pressed;
// /dispute re-sent posts one roll, not a second chance at the dice.
func TestRetryCampaign(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	w.start()
	defer w.stop()
	turn := func() int {
		var n int
		if err := w.st.View(func(tx *store.Tx) error {
			rec, err := tx.Roster(w.guild)
			n = rec.Roster.Turn
			return err
		}); err != nil {
			t.Fatal(err)
		}
		return n
	}
	next := func(m discordtest.Member) discordtest.Response {
		return w.slash(m, chanGM, "turn", discordtest.Subcommand("next"))
	}
	first, again := next(gm), next(gm)
	if turn() != 2 || !strings.Contains(first.Content, "Начат ход кампании 2") {
		t.Fatalf("turn %d after /turn next re-sent; first answer %q", turn(), first.Content)
	}
	button := againButton(again)
	if !strings.Contains(again.Content, "Эта команда уже выполнена") || !strings.Contains(again.Content, first.Content) || button == "" {
		t.Fatalf("/turn next re-sent: %+v", again)
	}
	pressed := w.do(w.srv.Interactions().Button(w.guild, chanGM, gm, button))
	twice := w.do(w.srv.Interactions().Button(w.guild, chanGM, gm, button))
	if turn() != 3 || !strings.Contains(pressed.Content, "Начат ход кампании 3") || !strings.Contains(twice.Content, "Эта команда уже выполнена") {
		t.Fatalf("turn %d after the button pressed twice: %q, %q", turn(), pressed.Content, twice.Content)
	}
	if r := next(gmEN); turn() != 3 || !strings.Contains(r.Content, "This command was already done") {
		t.Fatalf("/turn next re-sent in English: turn %d, %q", turn(), r.Content)
	}
	for _, m := range []discordtest.Member{oda, asai} {
		ch := chanOda
		if m.UserID == asai.UserID {
			ch = chanAsai
		}
		dispute := func() discordtest.Response {
			return w.slash(m, ch, "dispute", discordtest.StringOpt("about", "лес на холме"))
		}
		first, again := dispute(), dispute()
		w.b.Wait()
		if n := count(w, ch, "<@"+m.UserID+"> "); n != 1 {
			t.Fatalf("%s: %d dispute rolls posted after /dispute re-sent", m.Username, n)
		}
		if !strings.Contains(again.Content, first.Content) || againButton(again) != "" ||
			!strings.Contains(again.Content, "Эта команда уже выполнена") && !strings.Contains(again.Content, "This command was already done") {
			t.Fatalf("/dispute re-sent: %q", again.Content)
		}
	}
}
