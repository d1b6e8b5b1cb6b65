package bot

import (
	"github.com/bwmarrin/discordgo"

	"github.com/gunbai/gunbai/engine"
	"github.com/gunbai/gunbai/game"
	"github.com/gunbai/gunbai/internal/customid"
	"github.com/gunbai/gunbai/render"
)

// The sheet's menus with the emojis: a unit's option gets its troop's
// counter, an order's its mark (a move, a shot, a banner). Put on the
// components the sheet drew, by their custom IDs, so the sheet's code
// knows nothing of them; with no emojis synced they are left as drawn.

// orderMarks are the orders with a mark's emoji.
var orderMarks = map[engine.OrderKind]string{
	engine.OrderMove: "mark:move", engine.OrderRetreat: "mark:move", engine.OrderForcedMarch: "mark:move",
	engine.OrderSidestepLeft: "mark:move", engine.OrderSidestepRight: "mark:move", engine.OrderAdvance: "mark:move",
	engine.OrderGeneralAdvance: "mark:move", engine.OrderGeneralRetreat: "mark:move", engine.OrderWithdraw: "mark:move",
	engine.OrderShoot: "mark:shot", engine.OrderVolley: "mark:shot",
	engine.OrderBanner: "mark:flag",
}

// sheetEmojis puts the emojis on the sheet's menus (in rows or in a
// container) and returns the components.
func (b *Bot) sheetEmojis(l render.Lang, st game.SheetState, cs []discordgo.MessageComponent) []discordgo.MessageComponent {
	if b.logIcons(l) == nil {
		return cs
	}
	for i, c := range cs {
		cs[i] = b.componentEmojis(l, st, c)
	}
	return cs
}

func (b *Bot) componentEmojis(l render.Lang, st game.SheetState, c discordgo.MessageComponent) discordgo.MessageComponent {
	switch c := c.(type) {
	case discordgo.ActionsRow:
		c.Components = b.sheetEmojis(l, st, c.Components)
		return c
	case *discordgo.ActionsRow:
		c.Components = b.sheetEmojis(l, st, c.Components)
	case discordgo.Container:
		c.Components = b.sheetEmojis(l, st, c.Components)
		return c
	case *discordgo.Container:
		c.Components = b.sheetEmojis(l, st, c.Components)
	case discordgo.SelectMenu:
		b.optionEmojis(l, st, &c)
		return c
	case *discordgo.SelectMenu:
		b.optionEmojis(l, st, c)
	}
	return c
}

// optionEmojis gives each option of a sheet's menu its emoji, keeping
// one the sheet set itself.
func (b *Bot) optionEmojis(l render.Lang, st game.SheetState, m *discordgo.SelectMenu) {
	v, ok := customid.Sheet.Parse(m.CustomID)
	if !ok {
		return
	}
	opts := append([]discordgo.SelectMenuOption(nil), m.Options...)
	for i, o := range opts {
		if o.Emoji != nil {
			continue
		}
		if name := sheetOptionIcon(st, v.Str("action"), o.Value); name != "" {
			opts[i].Emoji = b.emojiIn(l, name)
		}
	}
	m.Options = opts
}

// sheetOptionIcon names the icon of a menu's option: a unit's troop, an
// order's mark; "" for none.
func sheetOptionIcon(st game.SheetState, action, value string) string {
	switch action {
	case game.ActSubject:
		if u := st.View.Unit(value); u != nil {
			return "troop:" + u.Type.String()
		}
	case game.ActPick:
		for _, p := range game.Picks(st.Tree, st.Sheet.Draft.Subject) {
			if p.Key == value {
				return orderMarks[p.Kind]
			}
		}
	case game.ActChoice:
		if p := currentPick(st); p != nil {
			return orderMarks[p.Kind]
		}
	}
	return ""
}
