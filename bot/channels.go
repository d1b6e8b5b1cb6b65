package bot

import (
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/gunbai/gunbai/store"
)

// Channels checked at /battle create: orders stay secret only if each
// clan's channel is its own. The three channels must be distinct, the bot
// must be able to view, send and attach in each, and no clan's role may
// see the other clan's channel or the GM's.

// checkChannels refuses channels that would leak or could not be posted to.
func (b *Bot) checkChannels(guild string, north, south store.Clan, gm string) error {
	if north.ChannelID == south.ChannelID || gm == north.ChannelID || gm == south.ChannelID {
		return refuse("err.channels_same")
	}
	if north.ChannelID == "" || south.ChannelID == "" || gm == "" {
		return refuse("err.channels_same")
	}
	for _, ch := range []struct {
		id     string
		hidden []string // clan roles that must not see it
	}{
		{north.ChannelID, []string{south.RoleID}},
		{south.ChannelID, []string{north.RoleID}},
		{gm, []string{north.RoleID, south.RoleID}},
	} {
		cp, err := b.channelPerms(guild, ch.id)
		if err != nil {
			return refuse("err.channel_unknown", "<#"+ch.id+">")
		}
		if lacking := cp.lacking(); len(lacking) > 0 {
			return &permRefusal{channel: ch.id, lacking: lacking}
		}
		for _, role := range ch.hidden {
			if permissions(guild, cp.roles, cp.channel, "", []string{role})&discordgo.PermissionViewChannel != 0 {
				return refuse("err.channel_visible", "<#"+ch.id+">", "<@&"+role+">")
			}
		}
	}
	return nil
}

// channelPerms is what the bot may do in a channel, read from Discord
// (the guild's roles, the channel's overwrites, the bot's member).
type channelPerms struct {
	channel *discordgo.Channel
	roles   []*discordgo.Role
	bot     int64
}

func (b *Bot) channelPerms(guild, id string) (channelPerms, error) {
	var cp channelPerms
	var err error
	if cp.channel, err = b.s.Channel(id); err != nil {
		return cp, err
	}
	if cp.roles, err = b.s.GuildRoles(guild); err != nil {
		return cp, err
	}
	botRoles, err := b.botRoles(guild)
	if err != nil {
		return cp, err
	}
	cp.bot = permissions(guild, cp.roles, cp.channel, b.botUser(), botRoles)
	return cp, nil
}

// lacking are the catalogue keys of what the bot needs there and lacks.
func (cp channelPerms) lacking() []string {
	var out []string
	for _, need := range channelNeeds {
		if cp.bot&need.bit == 0 {
			out = append(out, need.key)
		}
	}
	return out
}

// botUser is the bot's own user ID.
func (b *Bot) botUser() string {
	if b.s.State == nil || b.s.State.User == nil {
		return ""
	}
	return b.s.State.User.ID
}

// botRoles are the roles of the bot's own member in a guild.
func (b *Bot) botRoles(guild string) ([]string, error) {
	if b.botUser() == "" {
		return nil, nil
	}
	m, err := b.s.GuildMember(guild, b.botUser())
	if err != nil {
		return nil, err
	}
	return m.Roles, nil
}

// permissions are what a member (user, may be "") with these roles may do
// in a channel, by Discord's documented computation: @everyone's and the
// roles' permissions, Administrator grants all, then the channel's
// @everyone overwrite, the roles' overwrites together, the member's own.
func permissions(guild string, all []*discordgo.Role, channel *discordgo.Channel, user string, roles []string) int64 {
	var perms int64
	for _, r := range all {
		if r.ID == guild || slices.Contains(roles, r.ID) {
			perms |= r.Permissions
		}
	}
	if perms&discordgo.PermissionAdministrator != 0 {
		return discordgo.PermissionAll
	}
	for _, o := range channel.PermissionOverwrites {
		if o.ID == guild {
			perms = perms&^o.Deny | o.Allow
		}
	}
	var deny, allow int64
	for _, o := range channel.PermissionOverwrites {
		if o.Type == discordgo.PermissionOverwriteTypeRole && o.ID != guild && slices.Contains(roles, o.ID) {
			deny, allow = deny|o.Deny, allow|o.Allow
		}
	}
	perms = perms&^deny | allow
	for _, o := range channel.PermissionOverwrites {
		if o.Type == discordgo.PermissionOverwriteTypeMember && user != "" && o.ID == user {
			perms = perms&^o.Deny | o.Allow
		}
	}
	return perms
}

// permRefusal names the permissions the bot lacks in a channel, in the
// reader's language.
type permRefusal struct {
	channel string
	lacking []string // catalogue keys of the permissions
}

func (e *permRefusal) Error() string {
	return "missing permissions in " + e.channel + ": " + strings.Join(e.lacking, ", ")
}

// The spectators' channel gets the GM's whole view of each turn
// spectators.delay turns later, while the battle goes on. A channel that
// either clan's role can see (by its own overwrite or @everyone's) may get
// only what is public anyway: the reveal at the end. So it is checked as
// the clans' channels are: at /battle create such a channel is accepted
// for the reveal alone (and the GM told so), /battle set spectators.delay
// above 0 is refused for it, and before each delayed post it is checked
// again: a channel opened to a clan meanwhile has the post held back.

// spectatorsSeenBy is the first clan role that can see the spectators'
// channel, "" if neither can.
func (b *Bot) spectatorsSeenBy(guild, channel string, north, south store.Clan) (string, error) {
	cp, err := b.channelPerms(guild, channel)
	if err != nil {
		return "", err
	}
	for _, role := range []string{north.RoleID, south.RoleID} {
		if permissions(guild, cp.roles, cp.channel, "", []string{role})&discordgo.PermissionViewChannel != 0 {
			return role, nil
		}
	}
	return "", nil
}

// checkSpectators checks the spectators' channel named at /battle create:
// the bot must be able to post there; seenBy is the clan role that can
// see it ("" none), for which it gets the reveal alone.
func (b *Bot) checkSpectators(guild, channel string, north, south store.Clan) (seenBy string, err error) {
	if channel == "" {
		return "", nil
	}
	cp, err := b.channelPerms(guild, channel)
	if err != nil {
		return "", refuse("err.channel_unknown", "<#"+channel+">")
	}
	if lacking := cp.lacking(); len(lacking) > 0 {
		return "", &permRefusal{channel: channel, lacking: lacking}
	}
	return b.spectatorsSeenBy(guild, channel, north, south)
}

// checkSpectatorDelay refuses spectators.delay above 0 for a battle whose
// spectators' channel a clan can see.
func (b *Bot) checkSpectatorDelay(guild, ref, value string) error {
	if n, err := strconv.Atoi(strings.TrimSpace(value)); err != nil || n <= 0 {
		return nil // 0 keeps the reveal alone; a bad value is game's to refuse
	}
	rec, err := b.svc.Battle(guild, ref)
	if err != nil || rec.SpectatorChannel == "" {
		return err
	}
	seen, err := b.spectatorsSeenBy(guild, rec.SpectatorChannel, rec.Sides[0], rec.Sides[1])
	if err != nil {
		return refuse("err.channel_unknown", "<#"+rec.SpectatorChannel+">")
	}
	if seen != "" {
		return refuse("err.spectators_visible", "<#"+rec.SpectatorChannel+">", "<@&"+seen+">")
	}
	return nil
}

// holdSpectators checks a delayed turn for the spectators just before it
// goes: if a clan can see their channel now, the post is held back (the
// GM told why) and held is true; if the channel cannot be read, it waits
// rather than goes unchecked.
func (b *Bot) holdSpectators(p store.Post) (retry time.Time, held bool) {
	rec, err := b.svc.Store.Battle(p.Guild, p.Battle)
	if err != nil {
		return time.Time{}, false // compose drops it
	}
	seen, err := b.spectatorsSeenBy(p.Guild, p.Channel, rec.Sides[0], rec.Sides[1])
	if err != nil {
		if code, forGood := refusedForGood(err); forGood {
			b.refused(p, code)
			return time.Time{}, true
		}
		return b.later(p, err), true
	}
	if seen == "" {
		return time.Time{}, false
	}
	b.opt.Log.Printf("post %d: the spectators' channel %s is visible to role %s; held back", p.ID, p.Channel, seen)
	if err := b.svc.Posts().Withhold(p.ID, seen); err != nil {
		b.opt.Log.Printf("post %d: %v", p.ID, err)
	}
	return time.Time{}, true
}
