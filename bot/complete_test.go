package bot_test

import (
	"errors"
	"fmt"
	"slices"
	"sort"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/bwmarrin/discordgo"

	"github.com/gunbai/gunbai/bot"
	"github.com/gunbai/gunbai/bot/discordtest"
	"github.com/gunbai/gunbai/engine"
	"github.com/gunbai/gunbai/game"
	"github.com/gunbai/gunbai/store"
)

// The bot's autocomplete (issue 12, item 6), through the fake Discord and
// the real discordgo client: every option offers exactly what it may take
// in the position set up, named in the caller's language, never what the
// caller's side cannot see.

var gmEN = discordtest.Member{UserID: gm.UserID, Username: gm.Username, Roles: gm.Roles, Locale: "en-US"}

// offered sends an autocomplete and returns the values and names of the
// choices, checking Discord's limits on them.
func (w *world) offered(m discordtest.Member, channel, command string, opts ...discordtest.Option) (values, names []string) {
	w.t.Helper()
	got := w.choices(w.srv.Interactions().Autocomplete(w.guild, channel, m, command, opts...))
	if len(got) > 25 {
		w.t.Fatalf("%d choices", len(got))
	}
	for _, c := range got {
		v := fmt.Sprint(c.Value)
		if n := utf8.RuneCountInString(c.Name); n == 0 || n > 100 || v == "" || len(v) > 100 {
			w.t.Fatalf("a choice beyond Discord's limits: %+v", c)
		}
		values, names = append(values, v), append(names, c.Name)
	}
	return values, names
}

// edit changes a battle's state in the store, as a GM's fixes could.
func (w *world) edit(id string, f func(b *engine.Battle)) {
	w.t.Helper()
	err := w.st.Update(func(tx *store.Tx) error {
		rec, err := tx.Battle(w.guild, id)
		if err != nil {
			return err
		}
		f(&rec.State)
		return tx.PutBattle(rec)
	})
	if err != nil {
		w.t.Fatal(err)
	}
}

// grant replaces both sides' command rolls of the current turn by one
// that grants plenty, so that what is offered does not hang on the dice.
func (w *world) grant(id string) {
	w.t.Helper()
	err := w.st.Update(func(tx *store.Tx) error {
		rec, err := tx.Battle(w.guild, id)
		if err != nil {
			return err
		}
		for _, side := range []engine.Side{engine.North, engine.South} {
			roll := store.CommandRoll{Final: true, Result: engine.CommandResult{Rolls: [][2]int{{6, 6}}, Total: 12, Success: true, Special: 3, Ordinary: 6, Totals: []int{12}}}
			if err := tx.BattleTurn(w.guild, id, rec.Turn).PutCommand(side, roll); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		w.t.Fatal(err)
	}
}

// tree is engine.Options for a side of the battle as the store has it:
// its orders and roll of the current turn.
func (w *world) tree(id string, side engine.Side) engine.OrderTree {
	w.t.Helper()
	var t engine.OrderTree
	err := w.st.View(func(tx *store.Tx) error {
		rec, err := tx.Battle(w.guild, id)
		if err != nil {
			return err
		}
		roll, err := tx.BattleTurn(w.guild, id, rec.Turn).Command(side)
		if err != nil {
			return err
		}
		orders, err := tx.BattleTurn(w.guild, id, rec.Turn).Orders(side)
		if err != nil && !errors.Is(err, store.ErrNotFound) {
			return err
		}
		t = engine.Options(rec.State, side, rec.Turn, orders, roll.Result)
		return nil
	})
	if err != nil {
		w.t.Fatal(err)
	}
	return t
}

func sameSet(got, want []string) bool {
	g, h := slices.Clone(got), slices.Clone(want)
	sort.Strings(g)
	sort.Strings(h)
	return slices.Equal(g, h)
}

// Every string option of every command has fixed choices or is completed,
// but the name of a new battle, which the GM makes up; and every completed
// option is answered, to the GM and to a player alike, in every phase.
func TestEveryStringOptionCompletes(t *testing.T) {
	t.Parallel()
	type opt struct {
		cmd, sub string
		o        *discordgo.ApplicationCommandOption
	}
	var completed []opt
	for _, c := range bot.Commands() {
		check := func(sub string, o *discordgo.ApplicationCommandOption) {
			path := strings.Join(strings.Fields(c.Name+" "+sub+" "+o.Name), " ")
			// A new battle's name and a modifier's reason are typed freely.
			if path == "battle create name" || path == "quickbattle name" || path == "dispute about" || path == "skirmish open name" || strings.HasSuffix(path, " reason") {
				if o.Autocomplete || len(o.Choices) > 0 {
					t.Errorf("%s is typed freely, yet offers choices", path)
				}
				return
			}
			if o.Type == discordgo.ApplicationCommandOptionString && !o.Autocomplete && len(o.Choices) == 0 {
				t.Errorf("/%s offers nothing: neither choices nor completion", path)
			}
			if o.Autocomplete {
				completed = append(completed, opt{c.Name, sub, o})
			}
		}
		for _, o := range c.Options {
			if o.Type == discordgo.ApplicationCommandOptionSubCommand {
				for _, so := range o.Options {
					check(o.Name, so)
				}
				continue
			}
			check("", o)
		}
	}
	w := sekigaharaWorld(t)
	defer w.stop()
	ask := func() {
		for _, c := range completed {
			focus := discordtest.Focus(discordtest.StringOpt(c.o.Name, ""))
			if c.o.Type == discordgo.ApplicationCommandOptionInteger {
				focus = discordtest.Focus(discordtest.IntOpt(c.o.Name, 0))
			}
			for _, m := range []discordtest.Member{gm, oda, asai} {
				if c.sub != "" {
					w.choices(w.srv.Interactions().Autocomplete(w.guild, chanGM, m, c.cmd, discordtest.Subcommand(c.sub, focus)))
				} else {
					w.choices(w.srv.Interactions().Autocomplete(w.guild, chanGM, m, c.cmd, focus))
				}
			}
		}
	}
	ask() // deployment
	w.slash(gm, chanGM, "battle", discordtest.Subcommand("start", discordtest.StringOpt("battle", "Сэкигахара")))
	ask() // scouting
	w.slash(oda, chanOda, "scout", discordtest.BoolOpt("done", true))
	w.slash(asai, chanAsai, "scout", discordtest.BoolOpt("done", true))
	ask() // orders
	if u := w.srv.UnexpectedCalls(); len(u) > 0 {
		t.Fatalf("unexpected Discord calls: %+v", u)
	}
}

// The GM's battles: by the names he gave them, those the subcommand takes
// first, filtered by what is typed; the scenarios, built-in and loaded.
// A player is offered none of it.
func TestBattleAndScenarioCompletion(t *testing.T) {
	t.Parallel()
	w := sekigaharaWorld(t) // Сэкигахара: deployment
	defer w.stop()
	svc := &game.Service{Store: w.st, Scenarios: map[string]engine.Battle{}}
	// Two more battles of other clans: one finished, one taking orders.
	for _, name := range []string{"Нагасино", "Анэгава"} {
		_, err := svc.Create(w.guild, game.CreateRequest{Name: name, North: store.Clan{RoleID: "r-n-" + name, ChannelID: chanOda},
			South: store.Clan{RoleID: "r-s-" + name, ChannelID: chanAsai}, GMChannelID: chanGM})
		if err != nil {
			t.Fatal(err)
		}
	}
	if _, err := svc.Finish(w.guild, "Нагасино"); err != nil {
		t.Fatal(err)
	}
	if _, err := svc.Start(w.guild, "Анэгава", false); err != nil {
		t.Fatal(err)
	}
	battles := func(m discordtest.Member, sub, typed string, extra ...discordtest.Option) ([]string, []string) {
		return w.offered(m, chanGM, "battle", discordtest.Subcommand(sub, append(extra, discordtest.Focus(discordtest.StringOpt("battle", typed)))...))
	}
	all := []string{"Анэгава", "Нагасино", "Сэкигахара"}
	for _, c := range []struct {
		sub   string
		first []string // the battles the subcommand takes, in order
	}{
		{"start", []string{"Сэкигахара"}},
		{"resolve", []string{"Анэгава"}},
		{"show", []string{"Анэгава", "Сэкигахара"}},
		{"fix", []string{"Анэгава", "Сэкигахара"}},
		{"finish", []string{"Анэгава", "Сэкигахара"}},
		{"set", []string{"Анэгава", "Сэкигахара"}},
	} {
		got, _ := battles(gm, c.sub, "")
		if !sameSet(got, all) || !slices.Equal(got[:len(c.first)], c.first) {
			t.Errorf("/battle %s offers %v, want %v first of %v", c.sub, got, c.first, all)
		}
	}
	if got, names := battles(gm, "start", "СЭКИ"); !slices.Equal(got, []string{"Сэкигахара"}) || names[0] != "Сэкигахара — расстановка, ход 0" {
		t.Errorf("start «СЭКИ»: %v %v", got, names)
	}
	if _, names := battles(gmEN, "resolve", "анэ"); !slices.Equal(names, []string{"Анэгава — taking orders, turn 1"}) {
		t.Errorf("resolve «анэ» in English: %v", names)
	}
	// Once Сэкигахара is scouting, a start that ends the scouting takes it.
	w.slash(gm, chanGM, "battle", discordtest.Subcommand("start", discordtest.StringOpt("battle", "Сэкигахара")))
	if got, names := battles(gm, "start", "", discordtest.BoolOpt("end_scouting", true)); got[0] != "Сэкигахара" || names[0] != "Сэкигахара — расстановка, ход 0, разведка синоби" {
		t.Errorf("start end_scouting: %v %v", got, names)
	}
	if got, _ := battles(oda, "start", ""); len(got) != 0 {
		t.Errorf("a player is offered battles: %v", got)
	}

	scenario := func(m discordtest.Member, typed string) ([]string, []string) {
		return w.offered(m, chanGM, "battle", discordtest.Subcommand("create", discordtest.StringOpt("name", "Новая"),
			discordtest.Focus(discordtest.StringOpt("scenario", typed))))
	}
	if got, names := scenario(gm, ""); !slices.Equal(got, []string{"anegawa", "kawanakajima", "sekigahara"}) ||
		names[0] != "anegawa — встроенный сценарий, отрядов: 12" || !strings.HasPrefix(names[2], "sekigahara — сценарий из файла, отрядов: ") {
		t.Errorf("scenarios: %v %v", got, names)
	}
	if got, names := scenario(gmEN, "SEKI"); !slices.Equal(got, []string{"sekigahara"}) || !strings.HasPrefix(names[0], "sekigahara — scenario from a file, units: ") {
		t.Errorf("scenarios «SEKI» in English: %v %v", got, names)
	}
	if got, _ := scenario(asai, ""); len(got) != 0 {
		t.Errorf("a player is offered scenarios: %v", got)
	}
}

// /order unit and target: the units that may take the order chosen, the
// targets engine.Options offers, never an enemy hidden in a forest, nor a
// unit of the other side's choosing.
func TestOrderUnitAndTargetCompletion(t *testing.T) {
	t.Parallel()
	w := startedWorld(t)
	defer w.stop()
	w.grant("анэгава")
	// South's teppo stands in a forest North cannot see into; North has a
	// shinobi for a mission.
	w.edit("анэгава", func(b *engine.Battle) {
		b.Unit("s-teppo").Cell = engine.MustCell("C21")
		b.Terrain.Forests = []engine.Cell{engine.MustCell("C21")}
		b.Shinobi[engine.North] = 1
	})
	order := func(m discordtest.Member, channel string, opts ...discordtest.Option) []string {
		got, _ := w.offered(m, channel, "order", opts...)
		return got
	}
	visible := []string{"s-yari", "s-ashigaru", "s-hatamoto", "s-uma", "s-sohei"}
	var want []string
	for _, ko := range w.tree("анэгава", engine.North).Units {
		if ko.Unit == "n-yumi" {
			for _, k := range ko.Kinds {
				for _, ch := range k.Choices {
					if k.Kind == engine.OrderShoot && ch.Target != "" {
						want = append(want, ch.Target)
					}
				}
			}
		}
	}
	if !sameSet(want, visible) {
		t.Fatalf("precondition: engine.Options' targets %v", want)
	}
	if got := order(oda, chanOda, discordtest.StringOpt("order", "shoot"), discordtest.StringOpt("unit", "n-yumi"), discordtest.Focus(discordtest.StringOpt("target", ""))); !slices.Equal(got, want) {
		t.Errorf("n-yumi's targets: %v, want %v", got, want)
	}
	if got := order(oda, chanOda, discordtest.StringOpt("order", "shinobi"), discordtest.StringOpt("mission", "panic"), discordtest.Focus(discordtest.StringOpt("target", ""))); !sameSet(got, visible) {
		t.Errorf("a shinobi's targets: %v, want %v", got, visible)
	}
	if got := order(oda, chanOda, discordtest.StringOpt("order", "move"), discordtest.Focus(discordtest.StringOpt("target", "TEPPO"))); len(got) != 0 {
		t.Errorf("North is offered a unit hidden from it: %v", got)
	}
	// South sees its own teppo; of North's units, only shooters shoot.
	if got := order(asai, chanAsai, discordtest.StringOpt("order", "shoot"), discordtest.Focus(discordtest.StringOpt("unit", ""))); !slices.Equal(got, []string{"s-teppo"}) {
		t.Errorf("South's shooters: %v", got)
	}
	if got := order(oda, chanOda, discordtest.StringOpt("order", "shoot"), discordtest.Focus(discordtest.StringOpt("unit", ""))); !slices.Equal(got, []string{"n-yumi"}) {
		t.Errorf("North's shooters: %v", got)
	}
	// A unit that has its order for phase 1 is offered again: a new order
	// replaces it. A withdrawal is its only order, so phase 2 is closed to
	// it; army-wide orders name no unit.
	w.slash(oda, chanOda, "order", discordtest.StringOpt("unit", "n-yari"), discordtest.StringOpt("order", "move"))
	w.slash(oda, chanOda, "order", discordtest.StringOpt("unit", "n-uma"), discordtest.StringOpt("order", "withdraw"))
	all := []string{"n-hatamoto", "n-yari", "n-ashigaru", "n-sohei", "n-uma", "n-yumi"}
	if got := order(oda, chanOda, discordtest.StringOpt("order", "wait"), discordtest.Focus(discordtest.StringOpt("unit", ""))); !slices.Equal(got, all) {
		t.Errorf("units for a phase-1 wait: %v", got)
	}
	if got := order(oda, chanOda, discordtest.StringOpt("order", "wait"), discordtest.IntOpt("phase", 2), discordtest.Focus(discordtest.StringOpt("unit", ""))); !slices.Equal(got, []string{"n-yari"}) {
		t.Errorf("units for a phase-2 wait: %v", got)
	}
	if got := order(oda, chanOda, discordtest.StringOpt("order", "general_advance"), discordtest.Focus(discordtest.StringOpt("unit", ""))); len(got) != 0 {
		t.Errorf("units for an army-wide order: %v", got)
	}
	_, names := w.offered(asai, chanAsai, "order", discordtest.StringOpt("order", "shoot"), discordtest.Focus(discordtest.StringOpt("unit", "")))
	if !slices.Equal(names, []string{"s-teppo — ashigaru teppo, C21"}) {
		t.Errorf("English names: %v", names)
	}
}

// /order gallop: the step sequences engine.Options has for the unit typed,
// in the caller's words, valued as /order reads them; a fatigued horse
// gallops one step (R-II.2.5), foot none.
func TestGallopCompletion(t *testing.T) {
	t.Parallel()
	w := startedWorld(t)
	defer w.stop()
	w.grant("анэгава")
	w.edit("анэгава", func(b *engine.Battle) { b.Unit("n-uma").Fatigued = true })
	gallop := func(m discordtest.Member, channel, unit string) ([]string, []string) {
		return w.offered(m, channel, "order", discordtest.StringOpt("order", "move"), discordtest.StringOpt("unit", unit), discordtest.Focus(discordtest.StringOpt("gallop", "")))
	}
	var want []string
	for _, uo := range w.tree("анэгава", engine.North).Units {
		for _, ko := range uo.Kinds {
			for _, ch := range ko.Choices {
				if uo.Unit == "n-hatamoto" && ko.Kind == engine.OrderMove && len(ch.Steps) > 0 {
					var words []string
					for _, s := range ch.Steps {
						words = append(words, s.String())
					}
					if v := strings.Join(words, " "); !slices.Contains(want, v) {
						want = append(want, v)
					}
				}
			}
		}
	}
	got, names := gallop(oda, chanOda, "n-hatamoto")
	if len(want) != 16 || !slices.Equal(got, want) {
		t.Fatalf("n-hatamoto gallops %v, engine.Options %v", got, want)
	}
	if k := slices.Index(got, "move wheel_left"); k < 0 || names[k] != "вперёд, влево" {
		t.Errorf("Russian names: %v", names)
	}
	if got, _ := gallop(oda, chanOda, "n-uma"); !slices.Equal(got, []string{"move", "wheel_left", "wheel_right", "skip"}) {
		t.Errorf("a fatigued n-uma gallops %v", got)
	}
	if got, _ := gallop(oda, chanOda, "n-yari"); len(got) != 0 {
		t.Errorf("foot gallops %v", got)
	}
	if got, _ := gallop(oda, chanOda, "s-uma"); len(got) != 0 {
		t.Errorf("North gallops South's horse: %v", got)
	}
	got, names = gallop(asai, chanAsai, "s-uma")
	if k := slices.Index(got, "skip wheel_right"); k < 0 || names[k] != "skip, wheel right" {
		t.Errorf("English names: %v %v", got, names)
	}
}

// /order leader and to: the leaders who may move and where each may go
// (engine.Options' LeaderOptions), a move already given being replaced.
func TestLeaderCompletion(t *testing.T) {
	t.Parallel()
	w := startedWorld(t)
	defer w.stop()
	w.grant("анэгава")
	tree := w.tree("анэгава", engine.North)
	if len(tree.Leaders) != 1 || tree.Leaders[0].Leader != "n-daimyo" {
		t.Fatalf("precondition: %+v", tree.Leaders)
	}
	dests := tree.Leaders[0].To
	if !slices.Equal(dests, []string{"reserve", "n-hatamoto", "n-yari", "n-ashigaru", "n-sohei", "n-uma", "n-yumi"}) {
		t.Fatalf("precondition: the daimyo goes to %v", dests)
	}
	leaders := func(m discordtest.Member, channel string) ([]string, []string) {
		return w.offered(m, channel, "order", discordtest.StringOpt("order", "move_leader"), discordtest.Focus(discordtest.StringOpt("leader", "")))
	}
	to := func(m discordtest.Member, channel, leader, typed string) ([]string, []string) {
		return w.offered(m, channel, "order", discordtest.StringOpt("order", "move_leader"), discordtest.StringOpt("leader", leader), discordtest.Focus(discordtest.StringOpt("to", typed)))
	}
	if got, names := leaders(oda, chanOda); !slices.Equal(got, []string{"n-daimyo"}) || names[0] != "n-daimyo — командующий, в ставке" {
		t.Errorf("North's leaders: %v %v", got, names)
	}
	if got, names := leaders(asai, chanAsai); !slices.Equal(got, []string{"s-daimyo"}) || names[0] != "s-daimyo — commander, in the HQ" {
		t.Errorf("South's leaders: %v %v", got, names)
	}
	got, names := to(oda, chanOda, "n-daimyo", "")
	if !slices.Equal(got, dests) || names[0] != "reserve — в резерв" || names[2] != "n-yari — самураи-копейщики, A21" {
		t.Errorf("the daimyo's destinations: %v %v", got, names)
	}
	if got, _ := to(oda, chanOda, "s-daimyo", ""); len(got) != 0 {
		t.Errorf("North moves South's daimyo: %v", got)
	}
	// Moved to n-yari, he may still be given another move, which replaces
	// it: from the HQ, where he still is, the same places.
	w.slash(oda, chanOda, "order", discordtest.StringOpt("order", "move_leader"), discordtest.StringOpt("leader", "n-daimyo"), discordtest.StringOpt("to", "n-yari"))
	if got, _ := leaders(oda, chanOda); !slices.Equal(got, []string{"n-daimyo"}) {
		t.Errorf("leaders after a move: %v", got)
	}
	if got, _ := to(oda, chanOda, "n-daimyo", "n-"); !slices.Equal(got, dests[1:]) {
		t.Errorf("destinations «n-» after a move: %v", got)
	}
	// In n-yari after the turn, he may go back to the HQ.
	w.slash(asai, chanAsai, "orders", discordtest.BoolOpt("ready", true))
	w.slash(oda, chanOda, "orders", discordtest.BoolOpt("ready", true))
	w.roll(oda, chanOda)
	if got, names := to(gmEN, chanOda, "n-daimyo", ""); len(got) != 0 {
		t.Errorf("the GM, who has no side, is offered %v %v", got, names)
	}
	tree = w.tree("анэгава", engine.North)
	got, names = to(oda, chanOda, "n-daimyo", "")
	if len(tree.Leaders) != 1 || !slices.Equal(got, tree.Leaders[0].To) || !slices.Contains(got, "hq") || slices.Contains(got, "n-yari") ||
		!slices.Contains(names, "hq — в ставку, A34") {
		t.Errorf("turn 2: the daimyo goes to %v %v; engine.Options %+v", got, names, tree.Leaders)
	}
}

// /order banner: the banners of the army list not yet raised, in the
// units engine.Options allows (D-26, R-V.7.4).
func TestBannerCompletion(t *testing.T) {
	t.Parallel()
	w := startedWorld(t)
	defer w.stop()
	w.grant("анэгава")
	w.edit("анэгава", func(b *engine.Battle) {
		b.Banners[engine.North] = []engine.Banner{{Name: "phoenix"}, {Name: "tiger", Used: true}, {Name: "crane"}}
		b.Unit("n-sohei").MinorClan = true
	})
	banner := func(m discordtest.Member, channel, unit string) ([]string, []string) {
		opts := []discordtest.Option{discordtest.StringOpt("order", "banner"), discordtest.Focus(discordtest.StringOpt("banner", ""))}
		if unit != "" {
			opts = append(opts, discordtest.StringOpt("unit", unit))
		}
		return w.offered(m, channel, "order", opts...)
	}
	tree := w.tree("анэгава", engine.North)
	var want []string
	for _, bo := range tree.Banners {
		want = append(want, bo.Banner)
	}
	got, names := banner(oda, chanOda, "")
	if !slices.Equal(want, []string{"phoenix", "crane"}) || !slices.Equal(got, want) ||
		names[0] != "phoenix — знамя клана Феникса — поднять в отряде: n-hatamoto, n-yari, n-ashigaru, n-uma, n-yumi" {
		t.Errorf("banners %v %v, engine.Options %v", got, names, want)
	}
	if got, _ := banner(oda, chanOda, "n-sohei"); len(got) != 0 {
		t.Errorf("banners in a minor clan's unit: %v", got)
	}
	if got, names := banner(oda, chanOda, "n-uma"); !slices.Equal(got, want) || names[1] != "crane — поднять в отряде: n-uma" {
		t.Errorf("banners in n-uma: %v %v", got, names)
	}
	if got, _ := banner(asai, chanAsai, ""); len(got) != 0 {
		t.Errorf("South, which has none, is offered %v", got)
	}
	// Raised once, the Phoenix is not offered again; nor is a unit for it.
	w.slash(oda, chanOda, "order", discordtest.StringOpt("order", "banner"), discordtest.StringOpt("banner", "phoenix"), discordtest.StringOpt("unit", "n-yari"))
	if got, _ := banner(oda, chanOda, ""); !slices.Equal(got, []string{"crane"}) {
		t.Errorf("banners after the Phoenix is raised: %v", got)
	}
	if got, _ := w.offered(oda, chanOda, "order", discordtest.StringOpt("order", "banner"), discordtest.StringOpt("banner", "crane"), discordtest.Focus(discordtest.StringOpt("unit", ""))); !slices.Equal(got, []string{"n-hatamoto", "n-yari", "n-ashigaru", "n-uma", "n-yumi"}) {
		t.Errorf("units for the crane: %v", got)
	}
	if _, names := banner(gmEN, chanOda, ""); len(names) != 0 {
		t.Errorf("the GM is offered %v", names)
	}
}

// /deploy: free legal cells of the side's zones, the HQ's cells, the
// defender's terrain cells, the leaders and where they may stand.
func TestDeployCompletion(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	w.start()
	defer w.stop()
	w.create("Нагасино")
	w.edit("нагасино", func(b *engine.Battle) {
		b.Terrain.Swamps = []engine.Cell{engine.MustCell("A22")}
		b.Terrain.Hills = []engine.Cell{engine.MustCell("A24"), engine.MustCell("C12")}
	})
	deploy := func(m discordtest.Member, channel string, opts ...discordtest.Option) ([]string, []string) {
		return w.offered(m, channel, "deploy", opts...)
	}
	// North's units stand in A21, A23, A31 (and B21, B23, B25); A22 is a swamp.
	got, names := deploy(oda, chanOda, discordtest.Focus(discordtest.StringOpt("cell", "a")))
	want := []string{"A24", "A25", "A26", "A32", "A33", "A34", "A35", "A36", "A41", "A42", "A43", "A44", "A45", "A46"}
	if !slices.Equal(got, want) || names[0] != "A24 — свободная клетка, холм" || names[1] != "A25 — свободная клетка" {
		t.Errorf("free cells «a»: %v %v", got, names)
	}
	if got, _ := deploy(oda, chanOda, discordtest.StringOpt("unit", "n-yari"), discordtest.Focus(discordtest.StringOpt("cell", "B2"))); !slices.Equal(got, []string{"B22", "B24", "B26"}) {
		t.Errorf("free cells «B2»: %v", got)
	}
	if got, _ := deploy(oda, chanOda, discordtest.Focus(discordtest.StringOpt("cell", "C1"))); len(got) != 0 {
		t.Errorf("North is offered South's cells: %v", got)
	}
	// Terrain: the defender (South) toggles it in its zones; North none.
	got, names = deploy(asai, chanAsai, discordtest.StringOpt("terrain", "hill"), discordtest.Focus(discordtest.StringOpt("cell", "C1")))
	if !slices.Equal(got, []string{"C11", "C12", "C13", "C14", "C15", "C16"}) || names[0] != "C11 — place a hill" || names[1] != "C12 — remove the hill" {
		t.Errorf("South's hill cells: %v %v", got, names)
	}
	if got, _ := deploy(oda, chanOda, discordtest.StringOpt("terrain", "hill"), discordtest.Focus(discordtest.StringOpt("cell", ""))); len(got) != 0 {
		t.Errorf("North places terrain: %v", got)
	}
	got, names = deploy(oda, chanOda, discordtest.Focus(discordtest.StringOpt("hq", "A3")))
	if !slices.Equal(got, []string{"A31", "A32", "A33", "A34", "A35", "A36"}) || names[3] != "A34 — ставка уже здесь" || names[0] != "A31 — поставить ставку сюда" {
		t.Errorf("HQ cells: %v %v", got, names)
	}
	if got, names := deploy(asai, chanAsai, discordtest.Focus(discordtest.StringOpt("leader", ""))); !slices.Equal(got, []string{"s-daimyo"}) || names[0] != "s-daimyo — commander, in the HQ" {
		t.Errorf("South's leaders: %v %v", got, names)
	}
	got, names = deploy(oda, chanOda, discordtest.StringOpt("leader", "n-daimyo"), discordtest.Focus(discordtest.StringOpt("to", "")))
	if !slices.Equal(got, []string{"hq", "reserve", "n-hatamoto", "n-yari", "n-ashigaru", "n-sohei", "n-uma", "n-yumi"}) || names[0] != "hq — в ставку, A34" {
		t.Errorf("where North's daimyo may stand: %v %v", got, names)
	}
	// Once the battle has started, deployment offers nothing.
	w.edit("нагасино", func(b *engine.Battle) { b.Terrain = engine.Terrain{} })
	if r := w.slash(gm, chanGM, "battle", discordtest.Subcommand("start", discordtest.StringOpt("battle", "Нагасино"))); !strings.Contains(r.Content, "началась") {
		t.Fatalf("start: %q", r.Content)
	}
	if got, _ := deploy(oda, chanOda, discordtest.Focus(discordtest.StringOpt("cell", ""))); len(got) != 0 {
		t.Errorf("cells after the start: %v", got)
	}
}

// /scout: the cells to scout, two a shinobi and the enemy's zones first;
// the swaps CheckSwap allows, one a scout.
func TestScoutCompletion(t *testing.T) {
	t.Parallel()
	w := sekigaharaWorld(t)
	defer w.stop()
	scout := func(opts ...discordtest.Option) ([]string, []string) {
		return w.offered(asai, chanAsai, "scout", opts...)
	}
	if got, _ := scout(discordtest.Focus(discordtest.StringOpt("cells", ""))); len(got) != 0 {
		t.Errorf("cells before the scouting phase: %v", got)
	}
	w.slash(gm, chanGM, "battle", discordtest.Subcommand("start", discordtest.StringOpt("battle", "Сэкигахара")))
	rec, err := w.st.Battle(w.guild, "сэкигахара")
	if err != nil || rec.State.Shinobi[engine.South] != 1 {
		t.Fatalf("precondition: South has one shinobi: %+v %v", rec.State.Shinobi, err)
	}
	got, names := scout(discordtest.Focus(discordtest.StringOpt("cells", "")))
	if len(got) != 25 || got[0] != "A21" || names[0] != "A21 — cells: 1 of 2, the enemy's zone" {
		t.Fatalf("cells: %v %v", got, names)
	}
	for _, v := range got {
		if !engine.InOwnZones(engine.MustCell(v), engine.North) {
			t.Errorf("%s is offered before the enemy's cells run out", v)
		}
	}
	if got, _ := scout(discordtest.Focus(discordtest.StringOpt("cells", "a21 b2"))); !slices.Equal(got, []string{"A21 B21", "A21 B22", "A21 B23", "A21 B24", "A21 B25", "A21 B26"}) {
		t.Errorf("cells «a21 b2»: %v", got)
	}
	if got, _ := scout(discordtest.Focus(discordtest.StringOpt("cells", "A21,"))); len(got) != 25 || slices.Contains(got, "A21 A21") || got[0] != "A21 A22" {
		t.Errorf("cells «A21,»: %v", got)
	}
	if got, names := scout(discordtest.Focus(discordtest.StringOpt("cells", "A21 A22 "))); !slices.Equal(got, []string{"A21 A22"}) || names[0] != "A21 A22 — cells: 2 of 2" {
		t.Errorf("two cells of two: %v %v", got, names)
	}
	if got, _ := scout(discordtest.Focus(discordtest.StringOpt("cells", "Z9 "))); len(got) != 0 {
		t.Errorf("after a bad cell: %v", got)
	}
	// Swaps: none before scouting, one scout's worth once it scouts.
	var own []string
	for _, u := range rec.State.Units {
		if u.Side == engine.South && u.Active() {
			own = append(own, u.ID)
		}
	}
	var want []string
	for i, a := range own {
		for _, z := range own[i+1:] {
			if a == "s-yari" || z == "s-yari" {
				want = append(want, a+" "+z)
			}
		}
	}
	if got, _ := scout(discordtest.Focus(discordtest.StringOpt("swap", "s-yari"))); len(got) != 0 {
		t.Errorf("swaps without a scout: %v", got)
	}
	if got, _ := scout(discordtest.StringOpt("cells", "A21 A22"), discordtest.Focus(discordtest.StringOpt("swap", "s-yari"))); !slices.Equal(got, want) {
		t.Errorf("swaps with the scouting of the same /scout: %v, want %v", got, want)
	}
	w.slash(asai, chanAsai, "scout", discordtest.StringOpt("cells", "A21 A22"))
	got, names = scout(discordtest.Focus(discordtest.StringOpt("swap", "s-yari")))
	if !slices.Equal(got, want) || !strings.HasPrefix(names[0], "s-yari (C11) and ") {
		t.Errorf("swaps: %v %v, want %v", got, names, want)
	}
	if got, _ := scout(discordtest.Focus(discordtest.StringOpt("cells", ""))); len(got) != 0 {
		t.Errorf("cells after scouting: %v", got)
	}
	if got, _ := w.offered(oda, chanOda, "scout", discordtest.Focus(discordtest.StringOpt("swap", "s-"))); len(got) != 0 {
		t.Errorf("North is offered South's swaps: %v", got)
	}
	w.slash(asai, chanAsai, "scout", discordtest.StringOpt("swap", want[0]))
	if got, _ := scout(discordtest.Focus(discordtest.StringOpt("swap", ""))); len(got) != 0 {
		t.Errorf("a second swap for one scout: %v", got)
	}
}

// /battle fix: who (every unit, leader and side: the GM sees all) and the
// values the chosen field takes, each one engine.Fix accepts.
func TestFixCompletion(t *testing.T) {
	t.Parallel()
	w := startedWorld(t)
	defer w.stop()
	w.grant("анэгава")
	w.edit("анэгава", func(b *engine.Battle) {
		b.Unit("s-teppo").Cell = engine.MustCell("C21")
		b.Terrain.Forests = []engine.Cell{engine.MustCell("C21")}
	})
	fix := func(m discordtest.Member, opts ...discordtest.Option) ([]string, []string) {
		return w.offered(m, chanGM, "battle", discordtest.Subcommand("fix", append([]discordtest.Option{discordtest.StringOpt("battle", "Анэгава")}, opts...)...))
	}
	value := func(m discordtest.Member, who, field, typed string) ([]string, []string) {
		return fix(m, discordtest.StringOpt("who", who), discordtest.StringOpt("field", field), discordtest.Focus(discordtest.StringOpt("value", typed)))
	}
	got, names := fix(gm, discordtest.Focus(discordtest.StringOpt("who", "")))
	if len(got) != 16 || !slices.Contains(got, "s-teppo") || !slices.Contains(got, "s-daimyo") || got[len(got)-1] != "south" ||
		!slices.Contains(names, "s-teppo — асигару-тэппо, C21, Юг") {
		t.Errorf("who: %v %v", got, names)
	}
	if got, _ := fix(gm, discordtest.StringOpt("field", "wounds"), discordtest.Focus(discordtest.StringOpt("who", ""))); !slices.Equal(got, []string{"n-daimyo", "s-daimyo"}) {
		t.Errorf("who has wounds: %v", got)
	}
	if got, names := fix(gmEN, discordtest.StringOpt("field", "hq"), discordtest.Focus(discordtest.StringOpt("who", ""))); !slices.Equal(got, []string{"north", "south"}) || names[0] != "north — side: North" {
		t.Errorf("who has an HQ: %v %v", got, names)
	}
	var n []string
	for k := 1; k <= 16; k++ {
		n = append(n, fmt.Sprint(k))
	}
	if got, names := value(gm, "n-uma", "figures", ""); !slices.Equal(got, n) || names[5] != "6 (сейчас)" {
		t.Errorf("figures: %v %v", got, names)
	}
	if got, names := value(gmEN, "n-uma", "facing", ""); !slices.Equal(got, []string{"N", "E", "S", "W"}) || names[2] != "S — south (now)" {
		t.Errorf("facing: %v %v", got, names)
	}
	if got, names := value(gm, "n-uma", "status", ""); !slices.Equal(got, []string{"ok", "routing", "destroyed", "reserve", "scattered"}) || names[1] != "routing — бежит" {
		t.Errorf("status: %v %v", got, names)
	}
	// Cells: free and within the band a fix may reach (D-03); n-yari's
	// A21 and n-hatamoto's A23 are taken.
	if got, _ := value(gm, "n-uma", "cell", "A2"); !slices.Equal(got, []string{"A22", "A24", "A25", "A26", "A27", "A28"}) {
		t.Errorf("cells «A2»: %v", got)
	}
	if got, _ := value(gm, "n-daimyo", "at", ""); !slices.Equal(got, []string{"hq", "reserve", "n-hatamoto", "n-yari", "n-ashigaru", "n-sohei", "n-uma", "n-yumi"}) {
		t.Errorf("at: %v", got)
	}
	if got, names := value(gm, "s-daimyo", "wounds", ""); !slices.Equal(got, []string{"0", "1", "2", "3"}) || names[0] != "0 (сейчас)" {
		t.Errorf("wounds: %v %v", got, names)
	}
	if got, names := value(gm, "s-daimyo", "health", ""); !slices.Equal(got, []string{"ok", "wounded", "captured", "killed"}) || names[3] != "killed — убит" {
		t.Errorf("health: %v %v", got, names)
	}
	if got, names := value(gm, "south", "hq", "D3"); !slices.Equal(got, []string{"D31", "D32", "D33", "D34", "D35", "D36"}) || names[2] != "D33 (сейчас)" {
		t.Errorf("South's HQ «D3»: %v %v", got, names)
	}
	if got, _ := value(gm, "north", "hq", "none"); !slices.Equal(got, []string{"none"}) {
		t.Errorf("no HQ: %v", got)
	}
	if got, _ := value(gm, "n-uma", "wounds", ""); len(got) != 0 {
		t.Errorf("a unit's wounds: %v", got)
	}
	if got, _ := value(oda, "n-uma", "figures", ""); len(got) != 0 {
		t.Errorf("a player is offered fixes: %v", got)
	}
	if got, _ := fix(oda, discordtest.Focus(discordtest.StringOpt("who", ""))); len(got) != 0 {
		t.Errorf("a player is offered what to fix: %v", got)
	}
}

// /battle set: the keys the engine honours, with the battle's value, and
// the values a key takes.
func TestSetCompletion(t *testing.T) {
	t.Parallel()
	w := startedWorld(t)
	defer w.stop()
	w.grant("анэгава")
	w.slash(gm, chanGM, "battle", discordtest.Subcommand("set", discordtest.StringOpt("battle", "Анэгава"),
		discordtest.StringOpt("key", "terrain.available"), discordtest.StringOpt("value", "[hill, swamp]")))
	set := func(m discordtest.Member, opts ...discordtest.Option) ([]string, []string) {
		return w.offered(m, chanGM, "battle", discordtest.Subcommand("set", append([]discordtest.Option{discordtest.StringOpt("battle", "Анэгава")}, opts...)...))
	}
	var want []string
	for _, info := range engine.SettingKeys() {
		if info.Implemented && !strings.Contains(info.Key, "<") && strings.Contains(info.Key, "terrain") {
			want = append(want, info.Key)
		}
	}
	got, names := set(gm, discordtest.Focus(discordtest.StringOpt("key", "terrain")))
	if !slices.Equal(got, want) || names[0] != "terrain.available (сейчас: [hill, swamp])" {
		t.Errorf("keys «terrain»: %v %v, want %v", got, names, want)
	}
	if got, _ := set(gm, discordtest.Focus(discordtest.StringOpt("key", "a_is_west"))); len(got) != 0 {
		t.Errorf("a key the engine does not honour: %v", got)
	}
	got, names = set(gm, discordtest.StringOpt("key", "peasants.pushback"), discordtest.Focus(discordtest.StringOpt("value", "")))
	if !slices.Equal(got, []string{"true", "false"}) || names[0] != "true — да (по умолчанию) (сейчас)" || names[1] != "false — нет" {
		t.Errorf("peasants.pushback: %v %v", got, names)
	}
	got, names = set(gmEN, discordtest.StringOpt("key", "terrain.available"), discordtest.Focus(discordtest.StringOpt("value", "")))
	if len(got) != 8 || got[0] != "[]" || !slices.Contains(names, "[hill, swamp] — hill, swamp (now)") {
		t.Errorf("terrain.available: %v %v", got, names)
	}
	if got, _ := set(gm, discordtest.StringOpt("key", "battle.max_turns"), discordtest.Focus(discordtest.StringOpt("value", "99"))); !slices.Equal(got, []string{"99", "199", "299", "399", "499", "599", "699", "799", "899", "990", "991", "992", "993", "994", "995", "996", "997", "998", "999"}) {
		t.Errorf("battle.max_turns «99»: %v", got)
	}
	if got, _ := set(gm, discordtest.StringOpt("key", "hill.zone"), discordtest.Focus(discordtest.StringOpt("value", ""))); !slices.Equal(got, []string{"cone2"}) {
		t.Errorf("hill.zone: %v", got)
	}
	if got, _ := set(asai, discordtest.Focus(discordtest.StringOpt("key", ""))); len(got) != 0 {
		t.Errorf("a player is offered settings: %v", got)
	}
}

// /orders cancel: the side's own orders of this turn, with phase and
// order, never the enemy's; /orders unit: the shooters whose Save ammo!
// may change, only under save_ammo.changeable (D-44).
func TestOrdersCompletion(t *testing.T) {
	t.Parallel()
	w := startedWorld(t)
	defer w.stop()
	w.grant("анэгава")
	w.slash(oda, chanOda, "order", discordtest.StringOpt("unit", "n-yari"), discordtest.StringOpt("order", "move"))
	w.slash(oda, chanOda, "order", discordtest.StringOpt("unit", "n-yari"), discordtest.StringOpt("order", "wait"), discordtest.IntOpt("phase", 2))
	w.slash(oda, chanOda, "order", discordtest.StringOpt("unit", "n-uma"), discordtest.StringOpt("order", "move"))
	w.slash(oda, chanOda, "order", discordtest.StringOpt("order", "general_advance"))
	w.slash(asai, chanAsai, "order", discordtest.StringOpt("unit", "s-yari"), discordtest.StringOpt("order", "move"))
	got, names := w.offered(oda, chanOda, "orders", discordtest.Focus(discordtest.StringOpt("cancel", "")))
	if !slices.Equal(got, []string{"n-uma", "n-yari", "n-yari"}) ||
		!slices.Equal(names, []string{"n-uma — фаза 1: Перемещение", "n-yari — фаза 1: Перемещение", "n-yari — фаза 2: Ждать"}) {
		t.Errorf("North's orders: %v %v", got, names)
	}
	if got, names := w.offered(asai, chanAsai, "orders", discordtest.Focus(discordtest.StringOpt("cancel", ""))); !slices.Equal(names, []string{"s-yari — phase 1: Move"}) {
		t.Errorf("South's orders: %v %v", got, names)
	}
	if got, _ := w.offered(oda, chanOda, "orders", discordtest.Focus(discordtest.StringOpt("cancel", "фаза 2"))); !slices.Equal(got, []string{"n-yari"}) {
		t.Errorf("«фаза 2»: %v", got)
	}
	saveAmmo := func(m discordtest.Member, channel string) ([]string, []string) {
		return w.offered(m, channel, "orders", discordtest.BoolOpt("save_ammo", true), discordtest.Focus(discordtest.StringOpt("unit", "")))
	}
	if got, _ := saveAmmo(oda, chanOda); len(got) != 0 {
		t.Errorf("Save ammo! changes in a battle turn without save_ammo.changeable: %v", got)
	}
	w.slash(gm, chanGM, "battle", discordtest.Subcommand("set", discordtest.StringOpt("battle", "Анэгава"),
		discordtest.StringOpt("key", "save_ammo.changeable"), discordtest.StringOpt("value", "true")))
	if got, names := saveAmmo(oda, chanOda); !slices.Equal(names, []string{"n-yumi — самураи-лучники, A31 — беречь боеприпасы: нет"}) {
		t.Errorf("North's shooters: %v %v", got, names)
	}
	if got, names := saveAmmo(asai, chanAsai); !slices.Equal(got, []string{"s-teppo"}) || names[0] != "s-teppo — ashigaru teppo, D21 — save ammo: off" {
		t.Errorf("South's shooters: %v %v", got, names)
	}
}
