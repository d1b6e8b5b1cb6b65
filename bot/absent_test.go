package bot_test

import (
	"errors"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/gunbai/gunbai/bot/discordtest"
	"github.com/gunbai/gunbai/engine"
	"github.com/gunbai/gunbai/game"
	"github.com/gunbai/gunbai/store"
)

// The second player of each clan: a wing's player (issue 29 item 3).
var (
	katsuieWing = discordtest.Member{UserID: "700000000000000021", Username: "katsuie", GlobalName: "Кацуиэ", Roles: []string{roleOda, roleOdaOrders}, Locale: "ru"}
	naotaka     = discordtest.Member{UserID: "700000000000000031", Username: "naotaka", GlobalName: "Naotaka", Roles: []string{roleAsai, roleAsaiOrders}, Locale: "en-US"}
)

// absentWorld is Odawara (twelve units a side) on a test clock with turns
// of 24 hours, started, seven turns at most, each side given to two players:
// the commander's wing (oda, asai) and a second wing (katsuie, naotaka),
// set by the GM's /clan commands. The South's channel reads
// English, the North's and the GM's Russian.
func absentWorld(t *testing.T) (*world, *testClock, discordtest.Member, discordtest.Member, [2][2][]string) {
	t.Helper()
	start := time.Date(2026, 11, 30, 12, 0, 0, 0, time.UTC)
	clock := &testClock{t: start}
	w := newWorld(t)
	w.svc = func(s *game.Service) {
		sc := testScenarios(t, "odawara.toml")
		s.Scenarios, s.TurnDeadline, s.Now = sc, 24*time.Hour, clock.now
		s.Rand = rand.NewChaCha8([32]byte{29}) // the same dice every run
	}
	north, south := oda, asai
	north.Roles, north.GlobalName = []string{roleOda, roleOdaOrders}, "Ода"
	south.Roles, south.GlobalName = []string{roleAsai, roleAsaiOrders}, "Nagamasa"
	for _, m := range []discordtest.Member{north, south, katsuieWing, naotaka} {
		w.srv.Guilds().SetMemberRoles(w.guild, m.UserID, m.Roles...)
	}
	w.start()
	if r := w.create("Одавара", discordtest.StringOpt("scenario", "odawara"), discordtest.StringOpt("south_lang", "en"),
		discordtest.RoleOpt("north_orders", roleOdaOrders), discordtest.RoleOpt("south_orders", roleAsaiOrders)); !strings.Contains(r.Content, "Одавара") {
		t.Fatalf("create: %q", r.Content)
	}
	// Seven turns: from the fourth, a turn without a fight ends it by
	// the zones held (R-I.4.5, D-04).
	// The replays are not what this battle is about: a GIF a turn for each
	// of three audiences was half its time under -race.
	if r := gmSet(w, game.PostReplayKey, "off"); !strings.Contains(r.Content, game.PostReplayKey+" = off") {
		t.Fatalf("post.replay: %q", r.Content)
	}
	if r := gmSet(w, "battle.max_turns", "7"); !strings.Contains(r.Content, "battle.max_turns = 7") {
		t.Fatalf("max_turns: %q", r.Content)
	}
	w.slash(gm, chanGM, "battle", discordtest.Subcommand("start", discordtest.StringOpt("battle", "Одавара")))
	w.b.Wait()
	var wings [2][2][]string // by side: the commander's units, the second wing's
	var units [2][]string
	err := w.st.View(func(tx *store.Tx) error {
		rec, err := tx.Battle(w.guild, "одавара")
		if err != nil {
			return err
		}
		if rec.Status != store.StatusCommand {
			return errors.New("not started")
		}
		for _, u := range rec.State.Units {
			if u.Active() {
				units[u.Side] = append(units[u.Side], u.ID)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	// The GM names each side's commander and gives the second player half
	// of its units, as a GM of neither clan does: naming the side.
	players := [2][2]discordtest.Member{{north, katsuieWing}, {south, naotaka}}
	for _, side := range []engine.Side{engine.North, engine.South} {
		slices.Sort(units[side])
		half := len(units[side]) / 2
		wings[side] = [2][]string{units[side][:half], units[side][half:]}
		r := w.slash(gm, chanGM, "clan", discordtest.Subcommand("commander", discordtest.MemberOpt("player", players[side][0]),
			discordtest.StringOpt("side", side.String())))
		if r.Content == "" || strings.Contains(r.Content, "❌") {
			t.Fatalf("/clan commander: %q", r.Content)
		}
		r = w.slash(gm, chanGM, "clan", discordtest.Subcommand("assign", discordtest.MemberOpt("player", players[side][1]),
			discordtest.StringOpt("units", strings.Join(wings[side][1], ", ")), discordtest.StringOpt("side", side.String())))
		if !strings.Contains(r.Content, wings[side][1][0]) {
			t.Fatalf("/clan assign: %q", r.Content)
		}
	}
	// Each wing's player is told in his clan's channel, in its language.
	if !strings.Contains(contentOf(w.srv.Messages().Under(chanAsai)), "Naotaka") {
		t.Fatalf("the South's channel was not told of its wings: %q", contentOf(w.srv.Messages().Under(chanAsai)))
	}
	return w, clock, north, south, wings
}

// gmSet is the GM's /battle set of Одавара.
func gmSet(w *world, key, value string) discordtest.Response {
	return w.slash(gm, chanGM, "battle", discordtest.Subcommand("set", discordtest.StringOpt("battle", "Одавара"),
		discordtest.StringOpt("key", key), discordtest.StringOpt("value", value)))
}

// rollFor has a commander make his side's roll, then grants the side
// plenty (so that what his wings may give does not hang on the dice).
func (w *world) rollFor(m discordtest.Member, channel string, side engine.Side) {
	w.t.Helper()
	w.roll(m, channel)
	err := w.st.Update(func(tx *store.Tx) error {
		rec, err := tx.Battle(w.guild, "одавара")
		if err != nil {
			return err
		}
		roll := store.CommandRoll{Final: true, Result: engine.CommandResult{Rolls: [][2]int{{6, 6}}, Total: 12, Success: true, Special: 3, Ordinary: 6, Totals: []int{12}}}
		return tx.BattleTurn(w.guild, "одавара", rec.Turn).PutCommand(side, roll)
	})
	if err != nil {
		w.t.Fatal(err)
	}
}

// orderOne has a present player give one order to a unit of his wing,
// trying his units and a few plain orders until one is accepted.
func (w *world) orderOne(m discordtest.Member, channel string, side engine.Side, units []string) {
	w.t.Helper()
	ordered := func(unit string) bool {
		var o []engine.Order
		w.st.View(func(tx *store.Tx) error {
			rec, err := tx.Battle(w.guild, "одавара")
			if err == nil {
				o, _ = tx.BattleTurn(w.guild, "одавара", rec.Turn).Orders(side)
			}
			return nil
		})
		return slices.ContainsFunc(o, func(x engine.Order) bool { return x.Unit == unit })
	}
	for _, u := range units {
		for _, kind := range []string{"wheel_right", "wheel_left", "move", "retreat", "rally"} {
			w.slash(m, channel, "order", discordtest.StringOpt("order", kind), discordtest.StringOpt("unit", u))
			if ordered(u) {
				return
			}
		}
	}
	w.t.Fatalf("%s could not order any of %v", m.Username, units)
}

// A battle with two players a side played to its end by its deadlines:
// the South's second wing (Naotaka) is away for turns 1 and 2 under
// battle.absent = standing, with the standing orders he set beforehand in
// the guild and in his DM; the North's second wing (Кацуиэ) for turns 3
// and 4 under autopilot (on turn 4 the whole North is, and its roll is
// made at the low stake). Each clan reads, in its own language, its own
// absent wing's orders marked in the turn's log and the status, and
// nothing of the enemy's; the GM reads both.
func TestAbsentWingsStandingAndAutopilotToTheEnd(t *testing.T) {
	t.Parallel()
	w, clock, north, south, wings := absentWorld(t)
	defer w.stop()
	now := clock.now()
	deadline := func() {
		t.Helper()
		now = now.Add(25 * time.Hour)
		clock.set(now)
		w.b.Tick()
		w.b.Wait()
	}
	if r := gmSet(w, "battle.absent", "never"); !strings.Contains(r.Content, "hold, standing, autopilot") {
		t.Fatalf("a bad value: %q", r.Content)
	}
	// The setting is listed and completed with the others.
	if r := w.slash(gm, chanGM, "battle", discordtest.Subcommand("set", discordtest.StringOpt("battle", "Одавара"))); !strings.Contains(r.Content, "\nbattle.absent = hold\n") {
		t.Fatalf("the settings: %q", r.Content)
	}
	var offered []string
	for _, c := range w.choices(w.srv.Interactions().Autocomplete(w.guild, chanGM, gm, "battle", discordtest.Subcommand("set",
		discordtest.StringOpt("battle", "Одавара"), discordtest.StringOpt("key", "battle.absent"), discordtest.Focus(discordtest.StringOpt("value", ""))))) {
		offered = append(offered, c.Name)
	}
	if !slices.Equal(offered, []string{"hold", "standing", "autopilot"}) {
		t.Fatalf("the values offered: %v", offered)
	}
	// Naotaka sets his standing orders in advance: for his own units only.
	mine, theirs := wings[engine.South][1], wings[engine.South][0]
	if r := w.slash(naotaka, chanAsai, "standing", discordtest.StringOpt("unit", theirs[0]), discordtest.StringOpt("order", "hold")); !strings.Contains(r.Content, "“"+theirs[0]+"” is not a unit of yours.") {
		t.Fatalf("a unit of the commander's wing: %q", r.Content)
	}
	if r := w.slash(naotaka, chanAsai, "standing", discordtest.StringOpt("unit", mine[0])); !strings.Contains(r.Content, "Name both the unit and the order") {
		t.Fatalf("a unit without an order: %q", r.Content)
	}
	values, _ := w.offered(naotaka, chanAsai, "standing", discordtest.Focus(discordtest.StringOpt("unit", "")))
	if slices.Sort(values); !slices.Equal(values, mine) {
		t.Fatalf("offered %v, want his wing %v", values, mine)
	}
	for _, u := range mine[:3] {
		r := w.slash(naotaka, chanAsai, "standing", discordtest.StringOpt("unit", u), discordtest.StringOpt("order", "hold"))
		if !strings.Contains(r.Content, "Standing order: "+u+" — hold.") || !r.Ephemeral || !strings.Contains(r.Content, "The GM has not turned them on") {
			t.Fatalf("standing: %+v", r)
		}
	}
	if r := gmSet(w, "battle.absent", "standing"); !strings.Contains(r.Content, "battle.absent = standing") {
		t.Fatalf("set: %q", r.Content)
	}
	r := w.dm(naotaka, "standing", discordtest.StringOpt("unit", mine[3]), discordtest.StringOpt("order", "shoot"))
	if !strings.Contains(r.Content, "Standing order: "+mine[3]+" — shoot the nearest.") || !strings.Contains(r.Content, "They are carried out if you give your units no orders") {
		t.Fatalf("standing in the DM: %q", r.Content)
	}
	if r := w.slash(naotaka, chanAsai, "standing"); !strings.Contains(r.Content, "Your standing orders:\n• "+mine[0]+" — hold") {
		t.Fatalf("the list: %q", r.Content)
	}
	if r := w.slash(north, chanOda, "standing"); !strings.Contains(r.Content, "Постоянных приказов нет") {
		t.Fatalf("the North's list: %q", r.Content)
	}

	// Turns 1 and 2: Naotaka is away; his standing orders are given.
	for turn := range 2 {
		w.rollFor(north, chanOda, engine.North)
		w.orderOne(north, chanOda, engine.North, wings[engine.North][0])
		w.orderOne(katsuieWing, chanOda, engine.North, wings[engine.North][1])
		w.rollFor(south, chanAsai, engine.South)
		// His sheet (its menus come with his commander's roll) shows them.
		if sh, ok := w.sheetOf(naotaka); turn == 0 && (!ok || !strings.Contains(sh.Text(), "Standing orders: "+mine[0]+" — hold, ")) {
			t.Fatalf("his sheet: %q", sh.Text())
		}
		w.orderOne(south, chanAsai, engine.South, wings[engine.South][0])
		deadline()
	}
	standing := "South (Naotaka's wing): no orders by the deadline — 3 orders given by standing orders."
	southLog := contentOf(w.srv.Messages().Under(chanAsai))
	if n := strings.Count(southLog, standing+"\n• "); n != 2 { // the log's marks, each with its orders
		t.Fatalf("the South's log marks %d turns by standing orders, want 2: %q", n, southLog)
	}
	if !strings.Contains(southLog, standing+"\n• "+mine[0]+", phase 1: Hold at all costs (special)") {
		t.Fatalf("the orders given by standing orders are not listed: %q", southLog)
	}
	if st := w.statusOf(chanAsai); !strings.Contains(st, "Turn 2 — "+standing) {
		t.Fatalf("the South's status: %q", st)
	}
	if gmLog := contentOf(w.srv.Messages().Under(chanGM)); strings.Count(gmLog, "Юг (крыло Naotaka): к сроку приказов не было — 3 приказа даны по постоянным приказам.\n• ") != 2 {
		t.Fatalf("the GM's log: %q", gmLog)
	}
	if st := w.statusOf(chanGM); !strings.Contains(st, "Ход 2 — Юг (крыло Naotaka)") {
		t.Fatalf("the GM's status: %q", st)
	}
	if st := w.statusOf(chanOda); strings.Contains(st, "Ход 2 — ") || strings.Contains(st, "Naotaka") {
		t.Fatalf("the North's status tells of the South's absence: %q", st)
	}

	// Turns 3 and 4: autopilot; Кацуиэ is away, and on turn 4 the whole
	// North, its roll too.
	if r := gmSet(w, "battle.absent", "autopilot"); !strings.Contains(r.Content, "battle.absent = autopilot") {
		t.Fatalf("set: %q", r.Content)
	}
	w.rollFor(north, chanOda, engine.North)
	w.orderOne(north, chanOda, engine.North, wings[engine.North][0])
	w.rollFor(south, chanAsai, engine.South)
	w.orderOne(south, chanAsai, engine.South, wings[engine.South][0])
	w.orderOne(naotaka, chanAsai, engine.South, wings[engine.South][1])
	deadline()
	autopilot := "Север (крыло Кацуиэ): к сроку приказов не было — "
	for _, ch := range []string{chanOda, chanGM} {
		if text := contentOf(w.srv.Messages().Under(ch)); !strings.Contains(text, autopilot) || !strings.Contains(text, " автопилотом.") {
			t.Fatalf("channel %s: no autopilot mark in the log: %q", ch, text)
		}
	}
	if st := w.statusOf(chanOda); !strings.Contains(st, "Ход 3 — "+autopilot) {
		t.Fatalf("the North's status: %q", st)
	}
	w.rollFor(south, chanAsai, engine.South)
	w.orderOne(south, chanAsai, engine.South, wings[engine.South][0])
	w.orderOne(naotaka, chanAsai, engine.South, wings[engine.South][1])
	deadline()
	if st := w.statusOf(chanAsai); strings.Contains(st, "Turn 4 — ") || strings.Contains(st, "Кацуиэ") {
		t.Fatalf("the South's status tells of the North's absence: %q", st)
	}
	if st := w.statusOf(chanOda); !strings.Contains(st, "Ход 4 — Север (крыло Ода)") || !strings.Contains(st, "Ход 4 — Север (крыло Кацуиэ)") || !strings.Contains(st, "Командный бросок сделан за сторону с малым порогом.") {
		t.Fatalf("the North's status after turn 4: %q", st)
	}
	// Then nobody orders, under hold: the first turn without a fight ends
	// the battle by the zones (or the seventh does).
	gmSet(w, "battle.absent", "hold")
	for range 3 {
		if rec, _ := w.st.Battle(w.guild, "одавара"); rec.Status == store.StatusFinished {
			break
		}
		deadline()
	}
	if rec, _ := w.st.Battle(w.guild, "одавара"); rec.Status != store.StatusFinished {
		t.Fatalf("the battle after turn %d: %s", rec.State.Turn, rec.Status)
	}
	if st := w.statusOf(chanAsai); !strings.Contains(st, "over after turn") || strings.Contains(st, "no orders by the deadline") {
		t.Fatalf("the South's final status: %q", st)
	}
	// Neither clan learnt of the other's absence.
	for _, s := range []string{w.statusOf(chanAsai), contentOf(w.srv.Messages().Under(chanAsai))} {
		if strings.Contains(s, "autopilot") || strings.Contains(s, "Кацуиэ") || strings.Contains(s, "North (") {
			t.Fatalf("the South read of the North's absence: %q", s)
		}
	}
	northAll := contentOf(w.srv.Messages().Under(chanOda)) + w.statusOf(chanOda)
	if strings.Contains(northAll, "Naotaka") || strings.Contains(northAll, "постоянным приказам") || strings.Contains(northAll, "Юг (крыло") {
		t.Fatalf("the North read of the South's absence: %q", northAll)
	}
}
