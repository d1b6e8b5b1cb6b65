package bot_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"

	"github.com/gunbai/gunbai/bot/discordtest"
	"github.com/gunbai/gunbai/engine"
	"github.com/gunbai/gunbai/internal/racetest"
	"github.com/gunbai/gunbai/render"
	"github.com/gunbai/gunbai/store"
)

// grantAll replaces both sides' rolls of the current turn by one that pays
// for an order to every unit: what the sheet offers then hangs on its
// limits alone, not on the dice.
func (w *world) grantAll(id string, special, ordinary int) {
	w.t.Helper()
	err := w.st.Update(func(tx *store.Tx) error {
		rec, err := tx.Battle(w.guild, id)
		if err != nil {
			return err
		}
		for _, side := range []engine.Side{engine.North, engine.South} {
			roll := store.CommandRoll{Final: true, Result: engine.CommandResult{Rolls: [][2]int{{6, 6}}, Total: 12, Success: true, Special: special, Ordinary: ordinary, Totals: []int{12}}}
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

// cancels are the sheet's ways to cancel an order: the Cancel buttons of
// its sections (label, custom ID) and the options of its menu of the rest.
func cancels(sh discordtest.Message) (buttons map[string]string, menu []discordgo.SelectMenuOption, menuID string) {
	buttons = map[string]string{}
	for _, c := range discordtest.Interactive(sh.Components) {
		switch v := c.(type) {
		case *discordgo.Button:
			if strings.Contains(v.CustomID, ":cancel:") {
				buttons[v.CustomID] = v.Label
			}
		case *discordgo.SelectMenu:
			if strings.HasSuffix(v.CustomID, ":cancel") {
				menu, menuID = v.Options, v.CustomID
			}
		}
	}
	return buttons, menu, menuID
}

// countV2 counts a message's components as Discord does, nested ones too.
func countV2(cs []discordgo.MessageComponent) int {
	n := 0
	for _, c := range cs {
		n++
		switch v := c.(type) {
		case *discordgo.ActionsRow:
			n += countV2(v.Components)
		case *discordgo.Section:
			n += countV2(v.Components) + 1
		case *discordgo.Container:
			n += countV2(v.Components)
		}
	}
	return n
}

// A side of sixteen units gives an order to each of them and cancels all
// sixteen from its one sheet, a Components V2 message: every order given
// is listed and can be cancelled by a control naming it (a section's
// button while they fit in Discord's 40 components, the menu of the rest
// beyond), keyed by the order so nothing renumbers; North reads it in
// Russian, South in English.
func TestSheetComponentsV2SixteenUnitsGiveAndCancel(t *testing.T) {
	t.Parallel()
	w, north, south := scenarioWorld(t, "sixteen.toml", "sixteen", "Одавара")
	defer w.stop()
	w.slash(gm, chanGM, "battle", discordtest.Subcommand("start", discordtest.StringOpt("battle", "Одавара")))
	w.b.Wait()
	type side struct {
		m      discordtest.Member
		l      render.Lang
		prefix string
	}
	sides := []side{{north, render.RU, "n-"}, {south, render.EN, "s-"}}
	if racetest.Reduced() {
		// Under -race the North alone (64 clicks, each sheet drawn anew,
		// were 27 s of the package's time); CI's full-size step plays both.
		sides = sides[:1]
	}
	for _, c := range sides {
		p := &sheetPlayer{w: w, m: c.m}
		p.roll()
		w.grantAll("одавара", 16, 16)
		first := p.sheet().ID
		tree := w.tree("одавара", map[string]engine.Side{"n-": engine.North, "s-": engine.South}[c.prefix])
		if len(tree.Units) != 16 {
			t.Fatalf("%s: %d units may take an order, want 16", c.l, len(tree.Units))
		}
		for _, u := range tree.Units {
			p.choose("subject", u.Unit)
			p.choose("pick", render.OrderName(c.l, engine.OrderWait))
			p.finish()
			sh := p.sheet()
			if !strings.Contains(sh.Text(), render.T(c.l, "given.order", "")[:8]) {
				t.Fatalf("%s: %s's Wait not given: %s", c.l, u.Unit, sh.Text())
			}
			if sh.Content != "" || sh.Flags&discordgo.MessageFlagsIsComponentsV2 == 0 || countV2(sh.Components) > 40 {
				t.Fatalf("%s: the sheet is not a V2 message within its limits: content %q, flags %d, %d components", c.l, sh.Content, sh.Flags, countV2(sh.Components))
			}
		}
		sh := p.sheet()
		if sh.ID != first {
			t.Fatalf("%s: the sheet was posted anew", c.l)
		}
		// The preview: in the container's gallery, its alt text both the
		// gallery item's description and the attachment's.
		var gallery *discordgo.MediaGallery
		for _, cc := range sh.Components[0].(*discordgo.Container).Components {
			if g, ok := cc.(*discordgo.MediaGallery); ok {
				gallery = g
			}
		}
		if gallery == nil || len(sh.Files) != 1 || gallery.Items[0].Media.URL != "attachment://"+sh.Files[0].Name ||
			gallery.Items[0].Description == nil || *gallery.Items[0].Description != sh.Files[0].Description || sh.Files[0].Description == "" {
			t.Fatalf("%s: the preview is not the gallery's with its alt text: %+v, files %+v", c.l, gallery, sh.Files)
		}
		buttons, menu, _ := cancels(sh)
		if len(buttons)+len(menu) != 16 {
			t.Fatalf("%s: %d cancel buttons and %d menu entries for 16 orders", c.l, len(buttons), len(menu))
		}
		text := sh.Text()
		for _, u := range tree.Units {
			line := render.OrderLine(c.l, engine.Order{Unit: u.Unit, Side: tree.Side, Kind: engine.OrderWait, Class: engine.Ordinary, Phase: 1})
			if !strings.Contains(text, line) {
				t.Fatalf("%s: the sheet does not list %q:\n%s", c.l, line, text)
			}
			named := 0
			for _, label := range buttons {
				if strings.Contains(label, u.Unit+",") {
					named++
				}
			}
			for _, o := range menu {
				if strings.Contains(o.Label, u.Unit+",") {
					named++
				}
			}
			if named != 1 {
				t.Fatalf("%s: %d cancel controls name %s's order: %v %v", c.l, named, u.Unit, buttons, menu)
			}
		}
		for _, label := range buttons {
			if !strings.HasPrefix(label, render.T(c.l, "sheet.cancel_order", "")) {
				t.Fatalf("%s: a cancel button reads %q", c.l, label)
			}
		}
		if len(menu) > 0 && !strings.Contains(text, render.T(c.l, "sheet.more_orders", len(menu))) {
			t.Fatalf("%s: the orders beyond the buttons are not said: %s", c.l, text)
		}
		t.Logf("%s: 16 orders: %d cancel buttons in sections, %d in the menu of the rest; %d components; %d characters of text",
			c.l, len(buttons), len(menu), countV2(sh.Components), len([]rune(text)))

		// Cancel all sixteen from the same sheet: the buttons stay keyed
		// by their orders (no renumbering), the note names each.
		for left := 16; left > 0; left-- {
			sh := p.sheet()
			buttons, menu, menuID := cancels(sh)
			if len(buttons)+len(menu) != left {
				t.Fatalf("%s: %d orders left, %d cancel controls", c.l, left, len(buttons)+len(menu))
			}
			var label string
			if len(buttons) > 0 {
				ids := make([]string, 0, len(buttons))
				for id := range buttons {
					ids = append(ids, id)
				}
				slices.Sort(ids)
				label = buttons[ids[0]]
				p.count++
				w.answers(w.srv.Interactions().Button("", "", c.m, ids[0]))
				after, _, _ := cancels(p.sheet())
				for id, l := range after {
					if was, ok := buttons[id]; ok && was != l {
						t.Fatalf("%s: a cancel button changed after another's cancel: %q was %q", c.l, l, was)
					}
				}
				if _, still := after[ids[0]]; still {
					t.Fatalf("%s: the cancel button of %q is still there", c.l, label)
				}
			} else {
				label = menu[0].Label
				p.count++
				w.answers(w.srv.Interactions().Select("", "", c.m, menuID, menu[0].Value))
			}
			unit, _, _ := strings.Cut(strings.TrimPrefix(label, render.T(c.l, "sheet.cancel_order", "")), ",")
			if note := render.T(c.l, "cancelled.order", ""); !strings.Contains(p.sheet().Text(), strings.TrimSuffix(note, ".")+unit+",") {
				t.Fatalf("%s: the cancel of %s is not confirmed: %s", c.l, unit, p.sheet().Text())
			}
		}
		if sh := p.sheet(); sh.ID != first || !strings.Contains(sh.Text(), render.T(c.l, "sheet.no_orders")) {
			t.Fatalf("%s: after sixteen cancels: %s", c.l, sh.Text())
		}
	}
}
