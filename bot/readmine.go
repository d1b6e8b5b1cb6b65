package bot

import (
	"strings"

	"github.com/bwmarrin/discordgo"

	"github.com/gunbai/gunbai/internal/customid"
	"github.com/gunbai/gunbai/render"
	"github.com/gunbai/gunbai/store"
)

// A channel speaks its clan's language (issue 24, item 4); a player of
// the clan whose client speaks the other one reads any of its status,
// turn log or end of battle in his own on demand: each such message has a
// button that answers the clicker alone, in his client's language, with
// what that channel's audience may see (a click comes from the channel, so
// whoever clicks may read it already).

// What a read button reads again.
const (
	readStatus = "status"
	readTurn   = "turn"
	readEnd    = "end"
)

// readButton is the button of a post of what about a battle's turn.
func readButton(what string, p store.Post) []discordgo.MessageComponent {
	id := customid.Read.Build(what, p.Turn, p.Battle)
	if !customid.Fits(id) { // no button rather than a refused post
		return nil
	}
	return []discordgo.MessageComponent{discordgo.ActionsRow{Components: []discordgo.MessageComponent{
		discordgo.Button{Label: render.T(render.Lang(p.Lang), "bot.read_mine"), Style: discordgo.SecondaryButton, CustomID: id,
			Emoji: &discordgo.ComponentEmoji{Name: "🌐"}},
	}}}
}

// withRead puts a read button under the last of a post's messages.
func withRead(msgs []message, what string, p store.Post) []message {
	if len(msgs) > 0 && msgs[len(msgs)-1].components == nil {
		msgs[len(msgs)-1].components = readButton(what, p)
	}
	return msgs
}

// readClick answers a read button: the message again, in the clicker's
// language, as the channel's audience sees it.
func (b *Bot) readClick(c *call, v customid.Values, ok bool) error {
	if !ok || v.Str("battle") == "" {
		return refuse("bot.unknown_command", c.path)
	}
	what, turn, battle := v.Str("what"), v.Int("turn"), v.Str("battle")
	rec, err := b.svc.Store.Battle(c.i.GuildID, battle)
	if err != nil {
		return refuse("err.no_battle", battle)
	}
	var audience store.Audience
	for _, a := range []store.Audience{store.AudienceNorth, store.AudienceSouth, store.AudienceGM} {
		if ch := rec.ChannelOf(a); ch != "" && ch == rec.ParentOf(c.i.ChannelID) {
			audience = a
		}
	}
	if audience == "" {
		return refuse("bot.unknown_command", c.path)
	}
	p := store.Post{Guild: rec.GuildID, Battle: rec.ID, Channel: rec.ParentOf(c.i.ChannelID), Audience: audience, Lang: string(c.lang), Turn: turn}
	var msgs []message
	switch what {
	case readStatus:
		p.Kind = "status"
		msgs, err = b.composeStatus(p)
	case readEnd:
		var lines []string
		lines, err = b.endLines(c.lang, p.Guild, p.Battle)
		msgs = texts(strings.Join(lines, "\n"))
	case readTurn:
		tv, terr := b.svc.TurnView(p.Guild, p.Battle, turn, audience, false)
		if terr != nil {
			return terr
		}
		msgs = texts(render.T(c.lang, "bot.log_title", tv.Name, tv.Turn) + "\n" +
			render.OrdersGiven(c.lang, audience.Sides(), tv.Turn, tv.Orders) + render.Log(c.lang, tv.Events))
	default:
		return refuse("bot.unknown_command", c.path)
	}
	if err != nil {
		return err
	}
	var parts []string
	for _, m := range msgs {
		parts = append(parts, m.content)
	}
	b.reply(c, strings.Join(parts, "\n"), nil)
	return nil
}
