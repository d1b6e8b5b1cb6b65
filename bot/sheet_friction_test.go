package bot_test

import (
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"

	"github.com/gunbai/gunbai/bot/discordtest"
	"github.com/gunbai/gunbai/engine"
	"github.com/gunbai/gunbai/render"
	"github.com/gunbai/gunbai/store"
)

// The friction a new player met on the sheet (issue 28), each read on the
// sheet as he reads it, in Russian (North) and English (South).

// frictionWorld starts the Odawara battle; both players have rolled and
// hold a roll of special and ordinary orders.
func frictionWorld(t *testing.T, special, ordinary int) (*world, [2]*sheetPlayer) {
	w, north, south := odawaraWorld(t)
	w.slash(gm, chanGM, "battle", discordtest.Subcommand("start", discordtest.StringOpt("battle", "Одавара")))
	w.b.Wait()
	ps := [2]*sheetPlayer{{w: w, m: north}, {w: w, m: south}}
	for _, p := range ps {
		p.roll()
	}
	w.grantAll("одавара", special, ordinary)
	return w, ps
}

// sides pairs each player with his language and his units' prefix.
var sides = []struct {
	i      int
	l      render.Lang
	prefix string
}{{0, render.RU, "n-"}, {1, render.EN, "s-"}}

// menu is the options of a sheet's menu.
func (p *sheetPlayer) menu(action string) []discordgo.SelectMenuOption {
	p.w.t.Helper()
	c, _ := p.component(action)
	m, ok := c.(*discordgo.SelectMenu)
	if !ok {
		p.w.t.Fatalf("%q is not a menu", action)
	}
	return m.Options
}

// Each order once in its menu, with what it costs; the special ones gone
// when none is left.
func TestSheetComponentsV2EachOrderOnceWithItsCost(t *testing.T) {
	t.Parallel()
	w, ps := frictionWorld(t, 2, 3)
	defer w.stop()
	for _, s := range sides {
		// Both classes fit: still one entry each.
		p := ps[s.i]
		p.choose("subject", s.prefix+"yari1")
		once := map[string]bool{}
		for _, o := range p.menu("pick") {
			if once[o.Label] {
				t.Fatalf("%s: %q is twice in the order menu", s.l, o.Label)
			}
			once[o.Label] = true
		}
		if !once[render.OrderName(s.l, engine.OrderHold)] {
			t.Fatalf("%s: with special orders left, no Hold: %v", s.l, once)
		}
		p.press("back")
	}
	w.grantAll("одавара", 0, 3)
	for _, s := range sides {
		p := ps[s.i]
		p.choose("subject", s.prefix+"yari1")
		seen := map[string]bool{}
		for _, o := range p.menu("pick") {
			if seen[o.Label] {
				t.Fatalf("%s: %q is twice in the order menu", s.l, o.Label)
			}
			seen[o.Label] = true
			if strings.Contains(o.Label, render.T(s.l, "class.special")) || strings.Contains(o.Label, render.T(s.l, "class.ordinary")) {
				t.Fatalf("%s: an entry still names its class: %q", s.l, o.Label)
			}
			if !strings.Contains(o.Description, render.T(s.l, "sheet.cost.ordinary", 3)) || !strings.Contains(o.Description, render.PhaseName(s.l, 1)) {
				t.Fatalf("%s: %q does not say what it costs and its phase: %q", s.l, o.Label, o.Description)
			}
		}
		for _, k := range []engine.OrderKind{engine.OrderHold, engine.OrderAdvance, engine.OrderRally} {
			if seen[render.OrderName(s.l, k)] {
				t.Fatalf("%s: %s is offered with no special order left", s.l, render.OrderName(s.l, k))
			}
		}
		if !seen[render.OrderName(s.l, engine.OrderMove)] || !strings.Contains(p.sheet().Text(), render.T(s.l, "sheet.no_special_left")) {
			t.Fatalf("%s: the menu %v, the sheet %s", s.l, seen, p.sheet().Text())
		}
	}
}

// A shot's targets out of the fire zone come apart, after the others,
// saying why and showing no odds; the text names them.
func TestSheetComponentsV2ShotsOutOfRangeApart(t *testing.T) {
	t.Parallel()
	w, ps := frictionWorld(t, 2, 3)
	defer w.stop()
	for _, s := range sides {
		p := ps[s.i]
		p.choose("subject", s.prefix+"yumi1")
		p.choose("pick", render.OrderName(s.l, engine.OrderShoot))
		far, near := 0, 0
		for _, o := range p.menu("choice") {
			out := strings.Contains(o.Label, strings.TrimPrefix(render.T(s.l, "sheet.out_of_range", ""), " "))
			switch {
			case out && (o.Description != render.T(s.l, "sheet.out_of_range_why") || strings.HasPrefix(o.Description, "≈")):
				t.Fatalf("%s: a target out of range reads %q / %q", s.l, o.Label, o.Description)
			case out:
				far++
			case far > 0:
				t.Fatalf("%s: a target in range %q after those out of range", s.l, o.Label)
			default:
				near++
			}
		}
		if far == 0 || !strings.Contains(p.sheet().Text(), strings.SplitN(render.T(s.l, "sheet.out_of_range_list", "X"), "X", 2)[0]) {
			t.Fatalf("%s: %d targets out of range, %d in; the sheet: %s", s.l, far, near, p.sheet().Text())
		}
		t.Logf("%s: %d targets in range, %d apart", s.l, near, far)
	}
}

// The phase is said: in the order menu, on each order given, and a
// phase-2 order says where its second step starts (where phase 1 leaves
// the unit).
func TestSheetComponentsV2PhaseExplicit(t *testing.T) {
	t.Parallel()
	w, ps := frictionWorld(t, 2, 6)
	defer w.stop()
	for _, s := range sides {
		p := ps[s.i]
		unit := s.prefix + "ashi1"
		p.choose("subject", unit)
		p.choose("pick", render.OrderName(s.l, engine.OrderMove))
		p.finish()
		var next bool
		for _, o := range p.menu("subject") {
			next = next || strings.HasPrefix(o.Label, unit+" ") && strings.Contains(o.Description, render.T(s.l, "sheet.subject_next", "", render.OrderName(s.l, engine.OrderMove)))
		}
		if !next {
			t.Fatalf("%s: the unit menu does not say %s's next order is for phase 2: %+v", s.l, unit, p.menu("subject"))
		}
		p.choose("subject", unit)
		var second bool
		for _, o := range p.menu("pick") {
			second = second || strings.Contains(o.Description, render.PhaseName(s.l, 2))
		}
		if !second {
			t.Fatalf("%s: the second order's menu does not say phase 2: %+v", s.l, p.menu("pick"))
		}
		p.choose("pick", render.OrderName(s.l, engine.OrderMove))
		p.finish()
		text := p.sheet().Text()
		from := strings.SplitN(render.T(s.l, "sheet.second_from", "X"), "X", 2)[0]
		i := strings.Index(text, from)
		if i < 0 {
			t.Fatalf("%s: the phase-2 order does not say where it starts: %s", s.l, text)
		}
		start := strings.Fields(text[i+len(from):])[0]
		if u := w.view(unit); start == u.Cell.Name() {
			t.Fatalf("%s: the second step starts where the unit stands now (%s), not where phase 1 leaves it", s.l, start)
		}
	}
}

// view is a unit as the battle has it.
func (w *world) view(id string) engine.Unit {
	w.t.Helper()
	rec := battleNow(w.t.(*testing.T), w, "одавара")
	u := rec.State.Unit(id)
	if u == nil {
		w.t.Fatalf("no unit %s", id)
	}
	return *u
}

// The gallop's choices are explained: what a gallop is, and under each
// path where the unit ends or whom it attacks.
func TestSheetComponentsV2GallopExplained(t *testing.T) {
	t.Parallel()
	w, ps := frictionWorld(t, 2, 3)
	defer w.stop()
	for _, s := range sides {
		p := ps[s.i]
		p.choose("subject", s.prefix+"uma1")
		p.choose("pick", render.OrderName(s.l, engine.OrderMove))
		if !strings.Contains(p.sheet().Text(), render.T(s.l, "sheet.gallop_help")) {
			t.Fatalf("%s: the gallop is not explained: %s", s.l, p.sheet().Text())
		}
		ends := strings.SplitN(render.T(s.l, "sheet.ends_at", "X", "Y"), "X", 2)[0]
		attacks := strings.SplitN(render.T(s.l, "sheet.attacks", "X"), "X", 2)[0]
		stays := strings.SplitN(render.T(s.l, "sheet.stays", "X", "Y"), "X", 2)[0]
		for _, o := range p.menu("choice") {
			if !strings.Contains(o.Description, ends) && !strings.Contains(o.Description, attacks) && !strings.Contains(o.Description, stays) {
				t.Fatalf("%s: the gallop %q does not say where it ends: %q", s.l, o.Label, o.Description)
			}
		}
	}
}

// A free order says the one reason it is free.
func TestSheetComponentsV2FreeOrderSaysItsReason(t *testing.T) {
	t.Parallel()
	w, ps := frictionWorld(t, 1, 3)
	defer w.stop()
	w.edit("одавара", func(b *engine.Battle) {
		b.Unit("n-ashi1").MinorClan = true
		b.Unit("s-ashi1").MinorClan = true
	})
	for _, s := range sides {
		p := ps[s.i]
		p.choose("subject", s.prefix+"ashi1")
		p.choose("pick", render.OrderName(s.l, engine.OrderWait))
		p.finish()
		text := p.sheet().Text()
		if !strings.Contains(text, render.T(s.l, "given.free.minor")) || strings.Contains(text, render.T(s.l, "given.free.general")) || strings.Contains(text, render.T(s.l, "given.free.calm")) {
			t.Fatalf("%s: the free order's note: %s", s.l, text)
		}
	}
}

// The orders left are never stale: an order given by command shows the
// sheet again with the allowance recomputed, said once.
func TestSheetComponentsV2LeftNotStaleAfterCommand(t *testing.T) {
	t.Parallel()
	w, ps := frictionWorld(t, 1, 3)
	defer w.stop()
	for _, s := range sides {
		p := ps[s.i]
		p.choose("subject", s.prefix+"yari1")
		p.choose("pick", render.OrderName(s.l, engine.OrderWait))
		p.finish()
		ch := map[int]string{0: chanOda, 1: chanAsai}[s.i]
		r := w.slash(p.m, ch, "order", discordtest.StringOpt("order", "wait"), discordtest.StringOpt("unit", s.prefix+"yari2"))
		if !strings.Contains(r.Content, render.T(s.l, "given.order", "")[:8]) {
			t.Fatalf("%s: /order: %s", s.l, r.Content)
		}
		w.b.Wait()
		want := render.AllowanceText(s.l, engine.Allowance{Special: 1, Ordinary: 1})
		text := p.sheet().Text()
		left := strings.SplitN(render.T(s.l, "sheet.left", 0, 0), "0", 2)[0]
		if !strings.Contains(text, want) || strings.Count(text, left) != 1 {
			t.Fatalf("%s: after an order by command the sheet says (want %q once):\n%s", s.l, want, text)
		}
	}
}

// A retreat whose way an enemy blocks is warned of at once, in the note
// and beside the order.
func TestSheetComponentsV2RetreatBlockedWarned(t *testing.T) {
	t.Parallel()
	w, ps := frictionWorld(t, 1, 3)
	defer w.stop()
	// An enemy right behind each side's spearmen.
	w.edit("одавара", func(b *engine.Battle) {
		n, s := b.Unit("n-yari1"), b.Unit("s-yari1")
		n.Cell, s.Cell = engine.Cell{X: 10, Y: 10}, engine.Cell{X: 10, Y: 9} // North faces S: its back is N
		n2, s2 := b.Unit("s-yari2"), b.Unit("n-yari2")
		n2.Cell, s2.Cell = engine.Cell{X: 14, Y: 10}, engine.Cell{X: 14, Y: 11} // South faces N: its back is S
	})
	for _, s := range sides {
		p := ps[s.i]
		unit := map[int]string{0: "n-yari1", 1: "s-yari2"}[s.i]
		p.choose("subject", unit)
		p.choose("pick", render.OrderName(s.l, engine.OrderRetreat))
		p.finish()
		text := p.sheet().Text()
		warn := "⚠ " + render.StopText(s.l, "R-VI.2.8")
		if strings.Count(text, warn) < 2 {
			t.Fatalf("%s: the blocked retreat is not warned of in the note and beside the order (%q):\n%s", s.l, warn, text)
		}
	}
}

// The roll's buttons say what they cost and give: the stakes what each
// grants on success and failure, the rerolls what they spend, Accept what
// it does.
func TestSheetComponentsV2RollSaysWhatItCostsAndGives(t *testing.T) {
	t.Parallel()
	w, north, south := odawaraWorld(t)
	defer w.stop()
	w.slash(gm, chanGM, "battle", discordtest.Subcommand("start", discordtest.StringOpt("battle", "Одавара")))
	w.b.Wait()
	ps := [2]*sheetPlayer{{w: w, m: north}, {w: w, m: south}}
	for _, s := range sides {
		// Before any click each sheet speaks its battle's language (the
		// clan's: Russian here); a click or /orders sets the player's.
		s.l = render.RU
		p := ps[s.i]
		text := p.sheet().Text()
		low, _ := p.component("stake:low")
		high, _ := p.component("stake:high")
		if !strings.Contains(text, render.T(s.l, "sheet.stake_help")) || low.(*discordgo.Button).Label != render.T(s.l, "stake.low_button") || high.(*discordgo.Button).Label != render.T(s.l, "stake.high_button") {
			t.Fatalf("%s: the stakes do not say what they give: %s / %q / %q", s.l, text, low.(*discordgo.Button).Label, high.(*discordgo.Button).Label)
		}
	}
	// A failed roll, not accepted yet: its rerolls open (the commander is
	// in his HQ).
	err := w.st.Update(func(tx *store.Tx) error {
		rec, err := tx.Battle(w.guild, "одавара")
		if err != nil {
			return err
		}
		for _, side := range []engine.Side{engine.North, engine.South} {
			roll := store.CommandRoll{Result: engine.CommandResult{Rolls: [][2]int{{1, 2}}, Total: 3, Ordinary: 3, Totals: []int{3}}}
			if err := tx.BattleTurn(w.guild, "одавара", rec.Turn).PutCommand(side, roll); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range sides {
		p := ps[s.i]
		w.slash(p.m, map[int]string{0: chanOda, 1: chanAsai}[s.i], "orders")
		w.b.Wait()
		text := p.sheet().Text()
		if !strings.Contains(text, render.T(s.l, "sheet.reroll_help.hq")) || !strings.Contains(text, render.T(s.l, "sheet.reroll_help.accept")) {
			t.Fatalf("%s: the rerolls do not say what they cost and give: %s", s.l, text)
		}
	}
}
