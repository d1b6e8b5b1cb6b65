package bot

import (
	"strings"

	"github.com/bwmarrin/discordgo"

	"github.com/gunbai/gunbai/engine"
	"github.com/gunbai/gunbai/game"
	"github.com/gunbai/gunbai/render"
	"github.com/gunbai/gunbai/store"
)

// Substitutes and a player's statistics in Discord (issue 29, items 2 and
// 6; game/substitutes.go and game/playerstats.go are their logic):
// /battle substitute seats a member in a player's or a whole side's place,
// or ends a seating (end:true), told to the GM and to that side's clan
// only; /stats player: is one member's record.

// battleSubstitute handles /battle substitute.
func (b *Bot) battleSubstitute(c *call) error {
	side, err := engine.ParseSide(c.str("side"))
	if err != nil {
		return refuse("subs.err.side")
	}
	end, _ := c.flag("end")
	turns, _ := c.num("turns")
	req := game.SubRequest{Side: side, For: c.str("player"), By: c.str("stand_in"), Turns: turns, End: end}
	res := c.resolved()
	if req.For != "" && !end {
		m, ok := member(res, req.For)
		if !ok {
			return refuse("subs.err.unknown", "<@"+req.For+">")
		}
		req.ForRoles = m.Roles
	}
	if !end {
		if req.By == "" {
			return refuse("subs.err.no_stand_in")
		}
		m, ok := member(res, req.By)
		if !ok {
			return refuse("subs.err.unknown", "<@"+req.By+">")
		}
		req.ByRoles, req.ByName = m.Roles, displayName(m, res.Users[req.By])
	}
	seated, err := b.life(c).Seats().Substitute(c.i.GuildID, c.str("battle"), req, c.gmUser())
	if err != nil {
		return err
	}
	b.deliverDue()
	key, args := game.SeatingText(seated.Sub, seated.Ended)
	b.reply(c, render.T(c.lang, key, args...)+"\n"+b.postStatus(string(c.lang), seated.Posts), nil)
	return nil
}

// resolved is the users and members a command's options name.
func (c *call) resolved() *discordgo.ApplicationCommandInteractionDataResolved {
	if c.i.Type == discordgo.InteractionApplicationCommand {
		if r := c.i.ApplicationCommandData().Resolved; r != nil {
			return r
		}
	}
	return &discordgo.ApplicationCommandInteractionDataResolved{}
}

// member is a member of the guild an option names, not a bot: false for a
// user who is not (Discord resolves him without a member).
func member(res *discordgo.ApplicationCommandInteractionDataResolved, id string) (*discordgo.Member, bool) {
	m := res.Members[id]
	if m == nil {
		return nil, false
	}
	if u := res.Users[id]; u != nil && u.Bot {
		return nil, false
	}
	return m, true
}

// playerStats handles /stats player: one member's record in the server's
// battles (game.Audit.PlayerStats).
func (b *Bot) playerStats(c *call, user string) error {
	ps, err := b.svc.Audit().PlayerStats(c.i.GuildID, user)
	if err != nil {
		return err
	}
	who := "<@" + user + ">"
	if ps.Battles == 0 {
		b.reply(c, render.T(c.lang, "stats.player_none", who), nil)
		return nil
	}
	lines := []string{
		render.T(c.lang, "stats.player_header", who),
		render.T(c.lang, "stats.player_battles", ps.Battles, ps.Wins),
		render.T(c.lang, "stats.player_turns", ps.Turns, ps.Orders, ps.Missed),
		render.T(c.lang, "stats.player_subs", ps.Subbed, ps.Subbing),
	}
	b.reply(c, strings.Join(lines, "\n"), nil)
	return nil
}

// seatedSide is the side the caller sits in for as a substitute this
// turn, if he does.
func seatedSide(c *call, rec store.BattleRecord) (engine.Side, bool) {
	u := c.user()
	if u == nil {
		return engine.North, false
	}
	for _, sub := range rec.People.Subs {
		if cur, _ := rec.People.SubFor(sub.Side, sub.For, rec.Turn); sub.By == u.ID && sub.Covers(rec.Turn) && cur.By == u.ID {
			return sub.Side, true
		}
	}
	return engine.North, false
}
