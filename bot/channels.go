package bot

import (
	"slices"
	"strings"

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
