package bot

import (
	"fmt"
	"slices"
	"strings"

	"github.com/bwmarrin/discordgo"

	"github.com/gunbai/gunbai/engine"
	"github.com/gunbai/gunbai/game"
	"github.com/gunbai/gunbai/internal/customid"
	"github.com/gunbai/gunbai/render"
	"github.com/gunbai/gunbai/store"
)

// Message context-menu commands on a turn's result post (issue 28, item
// 5): "Replay this turn", "Log of this turn", "Verify this turn" and
// "Why…". The bot knows a post of its own by where it was posted
// (game.Posts.MessageTurn: the turn's first message, recorded when it was
// sent), and answers as that post's channel sees the battle: a post in
// North's channel with North's view, in the GM's channel with the GM's.
// Whoever can open the menu on the post can read the post itself, so the
// answer tells him nothing his channel does not already show. Any other
// message is refused in the same words, whatever it is.

// menuSpec is one context menu: its catalogue key ("cmenu.<key>") and
// what it answers about the turn of the post.
type menuSpec struct {
	key    string
	handle func(b *Bot, c *call, pm game.PostedMessage) error
}

// contextMenus are the message commands, in the order Discord lists them.
// Discord allows 15 per type in a guild.
var contextMenus = []menuSpec{
	{"replay", (*Bot).menuReplay},
	{"log", (*Bot).menuLog},
	{"verify", (*Bot).menuVerify},
	{"why", (*Bot).menuWhy},
}

// ContextMenus returns the message commands Gunbai registers in a guild,
// named in English with their Russian names.
func ContextMenus() []*discordgo.ApplicationCommand {
	var out []*discordgo.ApplicationCommand
	for _, m := range contextMenus {
		out = append(out, &discordgo.ApplicationCommand{
			Type:              discordgo.MessageApplicationCommand,
			Name:              render.T(render.EN, "cmenu."+m.key),
			NameLocalizations: &map[discordgo.Locale]string{discordgo.Russian: render.T(render.RU, "cmenu."+m.key)},
			Contexts:          &[]discordgo.InteractionContextType{discordgo.InteractionContextGuild},
		})
	}
	return out
}

// GuildCommands returns every command Gunbai registers in a guild: the
// slash commands (Commands), then the message commands (ContextMenus).
func GuildCommands() []*discordgo.ApplicationCommand {
	return append(Commands(), ContextMenus()...)
}

// contextMenu answers a message command: acknowledged first, then the
// post's turn found and answered by its menu.
func (b *Bot) contextMenu(c *call) error {
	var spec *menuSpec
	for i, m := range contextMenus {
		if c.path == render.T(render.EN, "cmenu."+m.key) {
			spec = &contextMenus[i]
		}
	}
	if spec == nil {
		return refuse("bot.unknown_command", c.path)
	}
	if b.ack(c) != nil {
		return nil
	}
	defer b.work()()
	if c.i.GuildID == "" {
		return refuse("err.not_turn_post")
	}
	pm, err := b.svc.Posts().MessageTurn(c.i.GuildID, c.i.ChannelID, c.i.ApplicationCommandData().TargetID)
	if err != nil {
		return err
	}
	return spec.handle(b, c, pm)
}

// menuReplay: the turn step by step, as the post's channel saw it.
func (b *Bot) menuReplay(c *call, pm game.PostedMessage) error {
	tv, err := b.svc.TurnView(pm.Battle.GuildID, pm.Battle.ID, pm.Turn, pm.Audience, true)
	if err != nil {
		return err
	}
	f, err := b.drawTurn(asked, c.lang, tv, true)
	if err != nil {
		return err
	}
	b.replyFiles(c, f.Title, []*discordgo.File{turnFile(fmt.Sprintf("turn-%d.gif", tv.Turn), "image/gif", f.GIF)}, []string{f.GIFAlt})
	return nil
}

// menuLog: the turn's orders and log, as the post's channel read them.
func (b *Bot) menuLog(c *call, pm game.PostedMessage) error {
	tv, err := b.svc.TurnView(pm.Battle.GuildID, pm.Battle.ID, pm.Turn, pm.Audience, false)
	if err != nil {
		return err
	}
	b.reply(c, render.T(c.lang, "bot.log_title", tv.Name, tv.Turn)+"\n"+render.OrdersGiven(c.lang, tv.Audience.Sides(), tv.Turn, tv.Orders)+render.LogNamed(c.lang, tv.Events, render.Names(&tv.Before, &tv.After)), nil)
	return nil
}

// menuVerify: what /verify turn: answers of the post's turn.
func (b *Bot) menuVerify(c *call, pm game.PostedMessage) error {
	v, err := b.svc.Audit().VerifyTurn(pm.Battle.GuildID, pm.Battle.ID, pm.Turn)
	if err != nil {
		return err
	}
	b.reply(c, VerifyTurnText(c.lang, v, b.publishedHead(c, pm.Battle, &v.Battle)), nil)
	return nil
}

// menuWhy answers with a menu of the units the post's channel saw on the
// turn, a menu a side; picking one answers what happened to it (whyClick).
func (b *Bot) menuWhy(c *call, pm game.PostedMessage) error {
	tv, err := b.svc.TurnView(pm.Battle.GuildID, pm.Battle.ID, pm.Turn, pm.Audience, false)
	if err != nil {
		return err
	}
	text, menus := whyMenus(c.lang, tv, c.i.ApplicationCommandData().TargetID)
	b.reply(c, text, menus)
	return nil
}

// whyMenus are the unit menus of a turn as its audience saw it: one select
// a side (more for a side of over 25), each unit once, before or after the
// turn.
func whyMenus(l render.Lang, tv game.TurnView, message string) (string, []discordgo.MessageComponent) {
	var rows []discordgo.MessageComponent
	part := 0
	for _, side := range []engine.Side{engine.North, engine.South} {
		units := seenUnits(l, tv, side)
		for start := 0; start < len(units) && len(rows) < 5; start += 25 {
			chunk := units[start:min(start+25, len(units))]
			var opts []discordgo.SelectMenuOption
			for _, o := range chunk {
				opts = append(opts, discordgo.SelectMenuOption{Label: clip(o.name, 100), Value: o.value.(string)})
			}
			rows = append(rows, discordgo.ActionsRow{Components: []discordgo.MessageComponent{discordgo.SelectMenu{
				CustomID:    customid.WhyUnit.Build(part, message),
				Placeholder: clip(render.T(l, "cmenu.why_units", render.SideName(l, side)), 150),
				Options:     opts,
			}}})
			part++
		}
	}
	if len(rows) == 0 {
		return render.T(l, "cmenu.why_none"), nil
	}
	return render.T(l, "cmenu.why_pick", tv.Name, tv.Turn), rows
}

// seenUnits are a side's units the turn's audience saw before or after
// it, by ID.
func seenUnits(l render.Lang, tv game.TurnView, side engine.Side) []offer {
	var out []offer
	var ids []string
	for _, b := range []*engine.Battle{&tv.Before, &tv.After} {
		for i := range b.Units {
			if u := &b.Units[i]; u.Side == side && !slices.Contains(ids, u.ID) {
				ids = append(ids, u.ID)
				out = append(out, offer{u.ID, unitName(l, u)})
			}
		}
	}
	slices.SortStableFunc(out, func(a, b offer) int { return strings.Compare(a.value.(string), b.value.(string)) })
	return out
}

// whyClick answers a unit picked in a Why… menu: what happened to it on
// the post's turn, from the post's view, found again from the message the
// menu names and the channel it is clicked in; the menus stay for
// another pick.
func (b *Bot) whyClick(c *call, v customid.Values, ok bool) error {
	if !ok || c.i.GuildID == "" {
		return refuse("err.not_turn_post")
	}
	message := v.Str("message")
	pm, err := b.svc.Posts().MessageTurn(c.i.GuildID, c.i.ChannelID, message)
	if err != nil {
		return err
	}
	tv, err := b.svc.TurnView(pm.Battle.GuildID, pm.Battle.ID, pm.Turn, pm.Audience, false)
	if err != nil {
		return err
	}
	var unit string
	if vs := c.i.MessageComponentData().Values; len(vs) > 0 {
		unit = vs[0]
	}
	if tv.Before.Unit(unit) == nil && tv.After.Unit(unit) == nil {
		return refuse("err.why_unit", unit) // as /why answers a unit the side never saw
	}
	header := "bot.why_header"
	if pm.Audience == store.AudienceGM {
		header = "bot.why_header_gm"
	}
	text := render.T(c.lang, header, tv.Name, tv.Turn, unit)
	if events := engine.EventsOf(tv.Events, unit); len(events) == 0 {
		text += "\n" + render.T(c.lang, "bot.why_nothing")
	} else {
		text += "\n" + render.Log(c.lang, events)
	}
	_, menus := whyMenus(c.lang, tv, message)
	b.reply(c, text, menus)
	return nil
}
