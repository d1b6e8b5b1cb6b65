package bot

import (
	"slices"
	"strings"

	"github.com/bwmarrin/discordgo"

	"github.com/gunbai/gunbai/game"
	"github.com/gunbai/gunbai/render"
)

// Commands where the player is (issue 28, item 5): /field, /orders, /log,
// /why and /verify also work in the DM with the bot, where the order sheet
// is. They are registered once more as global commands whose only context
// is BOT_DM (DMCommands); the guild's own commands stay as they are.
// Contexts apply to global commands only, so a global command without the
// GUILD context is not offered in a guild, and a guild command is never
// offered in a DM: each picker lists each name once, and nothing changes in
// a guild. (Global commands with contexts [GUILD, BOT_DM] in their place
// would be listed beside the guild's of the same name, which Discord
// allows and shows both of, or would have to replace them in every guild.)
//
// A DM has no guild and no roles: the command acts on the battle where the
// player's roles in its guild give him a side (game.Seats.UserSeats), read
// afresh from Discord. With several, he names it with the battle option
// (completed with his battles only); a refusal lists his own battles and
// nothing else, whatever exists.

// dmCommands are the players' commands that also work in a DM.
var dmCommands = []string{"field", "orders", "log", "why", "verify", "request", "remind", "standing"}

// dmOwn are the DM's commands about the player himself, not a battle
// (issue 29, item 4): no battle option, no battle looked for.
var dmOwn = []string{"remind"}

// dmSeat is the battle a DM's command acts on: its guild, its ID, and the
// caller's roles in that guild.
type dmSeat struct {
	guild, battle string
	roles         []string
}

// DMCommands returns the global commands Gunbai registers for the DM with
// the bot (ApplicationCommandBulkOverwrite without a guild): the players'
// commands of dmCommands, as in a guild, with the battle option of the
// player's own battles, in the BOT_DM context of a guild install.
func DMCommands() []*discordgo.ApplicationCommand {
	var out []*discordgo.ApplicationCommand
	for _, cmd := range Commands() {
		if !slices.Contains(dmCommands, cmd.Name) {
			continue
		}
		dm := *cmd
		dm.Contexts = &[]discordgo.InteractionContextType{discordgo.InteractionContextBotDM}
		dm.IntegrationTypes = &[]discordgo.ApplicationIntegrationType{discordgo.ApplicationIntegrationGuildInstall}
		if slices.Contains(dmOwn, cmd.Name) {
			out = append(out, &dm)
			continue
		}
		// The battle option of the DM: the player's own battles, said so
		// (the guild's /why and /verify name it for the GM).
		name, nameRU := text(cmd.Name+".opt.battle", "name")
		battle := &discordgo.ApplicationCommandOption{Type: str, Name: name, NameLocalizations: map[discordgo.Locale]string{discordgo.Russian: nameRU},
			Description: render.T(render.EN, "dm.opt_battle"), DescriptionLocalizations: map[discordgo.Locale]string{discordgo.Russian: render.T(render.RU, "dm.opt_battle")},
			Autocomplete: true, MaxLength: (optSpec{name: "battle", typ: str}).maxLen()}
		dm.Options = append(slices.DeleteFunc(slices.Clone(cmd.Options), func(o *discordgo.ApplicationCommandOption) bool { return o.Name == "battle" }), battle)
		out = append(out, &dm)
	}
	return out
}

// seats are the seats c's command looks in, the caller's (Seats.Of): in a
// DM, those of its battle.
func (b *Bot) seats(c *call) game.Seats {
	g := b.svc.Seats()
	if u := c.user(); u != nil {
		g = g.Of(u.ID) // his wing, and a seat he holds as a substitute
	}
	if c.dm != nil {
		return g.Within(c.dm.battle)
	}
	return g
}

// inDM finds the battle a command in a DM acts on and keeps it on c (c.dm);
// the battle option is taken off, having said which. In a guild it does
// nothing.
func (b *Bot) inDM(c *call) error {
	if c.i.GuildID != "" {
		return nil
	}
	if !slices.Contains(dmCommands, c.path) {
		return refuse("dm.guild_only")
	}
	if slices.Contains(dmOwn, c.path) {
		return nil
	}
	seat, err := b.dmSeatOf(c)
	if err != nil {
		return err
	}
	delete(c.opts, "battle")
	c.dm = seat
	return nil
}

// dmSeatOf is the caller's battle: the one he names among his own, else
// his only one.
func (b *Bot) dmSeatOf(c *call) (*dmSeat, error) {
	u := c.user()
	if u == nil {
		return nil, refuse("dm.no_battle")
	}
	asked := map[string][]string{}
	roles := func(guild string) ([]string, bool) {
		rs, ok := asked[guild]
		if !ok {
			rs, _ = b.rolesOf(u.ID)(guild)
			asked[guild] = rs
		}
		return rs, rs != nil
	}
	seats, err := b.svc.Seats().Of(u.ID).UserSeats(roles)
	if err != nil {
		return nil, err
	}
	if len(seats) == 0 {
		return nil, refuse("dm.no_battle")
	}
	named := c.str("battle")
	var chosen []game.Seat
	for _, s := range seats {
		if named == "" || named == dmBattleValue(s) || strings.EqualFold(named, s.Battle.Name) {
			chosen = append(chosen, s)
		}
	}
	switch {
	case named != "" && len(chosen) == 0:
		return nil, refuse("dm.battle_unknown", named, dmBattleList(c.lang, seats))
	case len(chosen) > 1:
		return nil, refuse("dm.which_battle", dmBattleList(c.lang, chosen))
	}
	s := chosen[0]
	return &dmSeat{guild: s.Battle.GuildID, battle: s.Battle.ID, roles: asked[s.Battle.GuildID]}, nil
}

// rolesOf tells a user's roles in a guild, from Discord; ok false when he
// is no member (or Discord cannot say).
func (b *Bot) rolesOf(user string) func(guild string) ([]string, bool) {
	return func(guild string) ([]string, bool) {
		m, err := b.s.GuildMember(guild, user)
		if err != nil || m == nil {
			return nil, false
		}
		return m.Roles, true
	}
}

// dmBattleValue is the battle option's value of a seat: its guild and ID.
func dmBattleValue(s game.Seat) string { return s.Battle.GuildID + ":" + s.Battle.ID }

// dmBattleList names a player's battles and his side in each.
func dmBattleList(l render.Lang, seats []game.Seat) string {
	var names []string
	for _, s := range seats {
		names = append(names, render.T(l, "dm.battle_item", s.Battle.Name, render.SideName(l, s.Side)))
	}
	return strings.Join(names, ", ")
}

// completeDMBattle offers the caller's own battles, and only his.
func completeDMBattle(b *Bot, c *call, typed string) ([]offer, error) {
	u := c.user()
	if u == nil {
		return nil, nil
	}
	seats, err := b.svc.Seats().Of(u.ID).UserSeats(b.rolesOf(u.ID))
	if err != nil {
		return nil, err
	}
	var out []offer
	for _, s := range seats {
		out = append(out, offer{dmBattleValue(s), render.T(c.lang, "dm.battle_choice", s.Battle.Name, render.SideName(c.lang, s.Side), s.Battle.Turn)})
	}
	return match(out, typed), nil
}

// dmOffers completes an option of a command in a DM: the battle option
// with the caller's battles; any other with its own completer once his
// battle is known. done false: not a DM's command (the guild's way runs).
func (b *Bot) dmOffers(c *call, focused *discordgo.ApplicationCommandInteractionDataOption) ([]offer, bool) {
	if !slices.Contains(dmCommands, c.path) {
		return nil, true
	}
	if slices.Contains(dmOwn, c.path) {
		return nil, false
	}
	if focused.Name == "battle" {
		out, err := completeDMBattle(b, c, strings.TrimSpace(focusedText(focused)))
		if err != nil {
			b.opt.Log.Printf("autocomplete %s (%s battle): %v", c.i.ID, c.path, err)
		}
		return out, true
	}
	seat, err := b.dmSeatOf(c)
	if err != nil {
		return nil, true // no battle, or not said which: nothing to offer
	}
	delete(c.opts, "battle")
	c.dm = seat
	return nil, false
}

// focusedText is what was typed of the option being completed.
func focusedText(o *discordgo.ApplicationCommandInteractionDataOption) string {
	if s, ok := o.Value.(string); ok {
		return s
	}
	return ""
}
