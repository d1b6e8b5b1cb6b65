package bot

import (
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/bwmarrin/discordgo"

	"github.com/gunbai/gunbai/engine"
	"github.com/gunbai/gunbai/game"
	"github.com/gunbai/gunbai/render"
	"github.com/gunbai/gunbai/render/field"
)

// The order sheet as one Components V2 message (issue 28): a container
// holding the head (title, turn, roll, orders left, what the last click
// did), the preview as a media gallery, a section per order given with a
// Cancel button naming it, then the menus and Ready. Discord's limits for
// such a message (40 components counting nested ones, 4000 characters of
// text displays in all) are kept by counting: the orders that do not fit
// as sections are said in the text and cancelled from a menu of their own,
// never cut silently.

// Discord's limits of a Components V2 message.
const (
	maxV2Components = 40
	maxV2Text       = 4000
	maxButtonLabel  = 80
)

// previewURL is the preview's attachment, as the media gallery names it.
const previewURL = "attachment://preview.png"

// emojiFunc gives an application emoji by name, or nil (bot/emoji.go).
type emojiFunc func(name string) *discordgo.ComponentEmoji

// sheetV2 is a sheet's components: one container. alt is the preview's alt
// text, "" when the sheet has no preview; hl what the preview points at.
func sheetV2(l render.Lang, st game.SheetState, alt string, hl *field.Highlight, emoji emojiFunc) []discordgo.MessageComponent {
	if emoji == nil {
		emoji = func(string) *discordgo.ComponentEmoji { return nil }
	}
	var gallery []discordgo.MessageComponent
	if alt != "" {
		desc := clip(alt, 1024)
		gallery = []discordgo.MessageComponent{discordgo.MediaGallery{Items: []discordgo.MediaGalleryItem{{Media: discordgo.UnfurledMediaItem{URL: previewURL}, Description: &desc}}}}
	}
	var rows []discordgo.MessageComponent
	var sections, cancels []discordgo.MessageComponent
	var tail []string
	switch {
	case st.Closed:
	case st.Rolled == nil || !st.Rolled.Final:
		rows = wingRollRow(l, st)
	default:
		rows = sheetOrderRows(l, st, emoji)
		sections, cancels, tail = orderSections(l, st, countComponents(rows)+len(gallery)*1+2)
	}
	head := sheetText(l, st, hl)
	if len(tail) > 0 {
		head += "\n" + strings.Join(tail, "\n")
	}
	used := 0
	for _, s := range sections {
		used += textLength(s)
	}
	for _, c := range cancels {
		used += textLength(c)
	}
	inner := []discordgo.MessageComponent{discordgo.TextDisplay{Content: clip(head, maxV2Text-used)}}
	inner = append(inner, gallery...)
	inner = append(inner, sections...)
	inner = append(inner, cancels...)
	inner = append(inner, rows...)
	color := sideColor(st.Side)
	return []discordgo.MessageComponent{discordgo.Container{AccentColor: &color, Components: inner}}
}

// sideColor is the container's accent: the side's colour on the map.
func sideColor(side engine.Side) int {
	if side == engine.North {
		return 0x3b6fb6
	}
	return 0xb63b3b
}

// sheetOrderRows are a rolled sheet's menus (subject, pick, choice) and
// its last row: the phase buttons, Back while picking, and Ready.
func sheetOrderRows(l render.Lang, st game.SheetState, emoji emojiFunc) []discordgo.MessageComponent {
	m := newSheetMenus(l, st)
	m.emoji = emoji
	m.subjectMenu()
	m.pickMenu()
	m.choiceMenu()
	buttons := m.phaseButtons()
	if m.d.Subject != "" {
		buttons = append(buttons, discordgo.Button{Label: render.T(l, "sheet.back"), Style: discordgo.SecondaryButton, CustomID: m.id(game.ActBack)})
	}
	ready := discordgo.Button{Label: render.T(l, "sheet.ready_button"), Style: discordgo.SuccessButton, CustomID: m.id(game.ActReady), Disabled: st.Ready}
	buttons = append(append(buttons, ready), readyAllButton(l, st, m)...)
	return append(m.rows, discordgo.ActionsRow{Components: buttons})
}

// orderSections are the orders given, a section each with its Cancel
// button, as many as the components left (budget: those used elsewhere)
// allow; the rest are said in tail and cancelled from a menu.
func orderSections(l render.Lang, st game.SheetState, budget int) (sections, cancels []discordgo.MessageComponent, tail []string) {
	orders := st.OwnOrders() // another wing's are listed in the text (wingSheetLines)
	room := maxV2Components - budget
	// 3 components a section; the rest: a text, and a row and its menu
	// for each 25 orders (more than 25 when both phases of 16 units are
	// ordered: none may be left without its cancel).
	restCost := func(n int) int {
		if n == 0 {
			return 0
		}
		return 1 + 2*((n+maxMenu-1)/maxMenu)
	}
	fit := len(orders)
	for fit > 0 && 3*fit+restCost(len(orders)-fit) > room {
		fit--
	}
	for _, o := range orders[:fit] {
		sections = append(sections, discordgo.Section{
			Components: []discordgo.MessageComponent{discordgo.TextDisplay{Content: orderSectionText(l, st, o)}},
			Accessory: discordgo.Button{Label: clip(render.T(l, "sheet.cancel_order", render.OrderLine(l, o)), maxButtonLabel),
				Style: discordgo.SecondaryButton, CustomID: sheetID(st.Sheet.ID, st.Turn, game.ActCancel, game.OrderKey(o))},
		})
	}
	rest := orders[fit:]
	if len(rest) == 0 {
		return sections, nil, nil
	}
	var lines []string
	for _, o := range rest {
		lines = append(lines, "• "+render.OrderLine(l, o))
	}
	text := render.T(l, "sheet.more_orders", len(rest)) + "\n" + strings.Join(lines, "\n")
	cancels = []discordgo.MessageComponent{discordgo.TextDisplay{Content: text}}
	for part := 0; part*maxMenu < len(rest); part++ {
		var opts []discordgo.SelectMenuOption
		for _, o := range rest[part*maxMenu : min(len(rest), (part+1)*maxMenu)] {
			opts = append(opts, discordgo.SelectMenuOption{Label: clip(render.OrderLine(l, o), 100), Value: game.OrderKey(o)})
		}
		id := sheetID(st.Sheet.ID, st.Turn, game.ActCancel)
		if part > 0 { // a custom ID of its own; the order picked is the menu's value
			id = sheetID(st.Sheet.ID, st.Turn, game.ActCancel, "more"+strconv.Itoa(part))
		}
		cancels = append(cancels, discordgo.ActionsRow{Components: []discordgo.MessageComponent{discordgo.SelectMenu{
			CustomID: id, Placeholder: render.T(l, "sheet.pick_cancel"), Options: opts}}})
	}
	return sections, cancels, nil
}

// orderSectionText names an order given and its phase; a phase-2 order
// says where its second step starts, and every warning the engine gives
// for it stands beside it.
func orderSectionText(l render.Lang, st game.SheetState, o engine.Order) string {
	lines := []string{"**" + render.OrderLine(l, o) + "**"}
	if o.Phase == 2 {
		if in, ok := game.OrderIntent(st.View, st.Side, st.Orders.Orders, o); ok {
			lines = append(lines, render.T(l, "sheet.second_from", in.From.Name()))
		}
	}
	lines = append(lines, orderWarnings(l, st, o)...)
	return strings.Join(lines, "\n")
}

// orderWarnings are the warnings the engine gives for an order of the
// side's now: the rule that stops it short, a shot's target out of the
// fire zone.
func orderWarnings(l render.Lang, st game.SheetState, o engine.Order) []string {
	var out []string
	if in, ok := game.OrderIntent(st.View, st.Side, st.Orders.Orders, o); ok && in.Stop != "" {
		out = append(out, "⚠ "+render.StopText(l, in.Stop))
	}
	if o.Kind.Shoots() {
		if in, known := engine.InFireZone(st.View, st.Side, o.Unit, o.Target); known && !in {
			out = append(out, "⚠ "+render.T(l, "sheet.out_of_range_why"))
		}
	}
	return out
}

// countComponents counts components as Discord does: every one, nested
// ones included.
func countComponents(cs []discordgo.MessageComponent) int {
	n := 0
	for _, c := range cs {
		n++
		switch v := c.(type) {
		case discordgo.ActionsRow:
			n += countComponents(v.Components)
		case *discordgo.ActionsRow:
			n += countComponents(v.Components)
		case discordgo.Section:
			n += countComponents(v.Components) + 1
		case discordgo.Container:
			n += countComponents(v.Components)
		}
	}
	return n
}

// textLength is the length of a component's text displays.
func textLength(c discordgo.MessageComponent) int {
	switch v := c.(type) {
	case discordgo.TextDisplay:
		return utf8.RuneCountInString(v.Content)
	case discordgo.Section:
		n := 0
		for _, t := range v.Components {
			n += textLength(t)
		}
		return n
	}
	return 0
}
