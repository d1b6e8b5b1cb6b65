package discordfake

import (
	"net/http"
	"slices"
	"time"

	"github.com/bwmarrin/discordgo"
)

// Pinned messages: PUT and DELETE /channels/{channel}/messages/pins/{message}
// (and the deprecated /channels/{channel}/pins/{message} that discordgo's
// ChannelMessagePin calls), answered 204. Like Discord, the fake checks
// the bot's permissions in the channel, computed from the guild's roles,
// the bot's member and the channel's overwrites: without View Channel it
// answers 403 Missing Access (50001), without Pin Messages 403 Missing
// Permissions (50013) (Discord split Pin Messages, 1 << 51, from Manage
// Messages, which no longer lets one pin); a message not in the channel is
// 404 Unknown Message (10008), and a 51st pin 400 (30003). In a DM no
// permission is needed.

// PermissionPinMessages is Discord's Pin Messages permission.
const PermissionPinMessages int64 = 1 << 51

// maxPins is Discord's limit of pinned messages per channel.
const maxPins = 50

func errMissingPermissions() *apiError {
	return &apiError{http.StatusForbidden, 50013, "Missing Permissions", nil}
}

// pinLocked pins (PUT) or unpins (DELETE) a message.
func (s *Server) pinLocked(c *Call, channelID, messageID string) (int, any, *apiError) {
	if c.Method != http.MethodPut && c.Method != http.MethodDelete {
		c.Unexpected = true
		return 0, nil, errNotFoundRoute()
	}
	if _, dm := s.dmUser[channelID]; !dm {
		perms := s.botPermsLocked(channelID)
		if perms&discordgo.PermissionViewChannel == 0 {
			return 0, nil, errMissingAccess()
		}
		if perms&PermissionPinMessages == 0 {
			return 0, nil, errMissingPermissions()
		}
	}
	msg := s.messages[messageID]
	if msg == nil || msg.ChannelID != channelID || msg.Deleted {
		return 0, nil, errUnknownMessage()
	}
	if c.Method == http.MethodDelete {
		msg.Pinned = false
		return http.StatusNoContent, nil, nil
	}
	if !msg.Pinned {
		n := 0
		for _, id := range s.chanMsgs[channelID] {
			if m := s.messages[id]; m != nil && m.Pinned && !m.Deleted {
				n++
			}
		}
		if n >= maxPins {
			return 0, nil, &apiError{http.StatusBadRequest, 30003, "Maximum number of pins reached (50)", nil}
		}
		msg.Pinned = true
		msg.PinnedAt = time.Now()
	}
	return http.StatusNoContent, nil, nil
}

// botPermsLocked are the bot's permissions in a guild channel, by
// Discord's computation: @everyone's and its roles' permissions (the
// owner and Administrator have all, overwrites aside), then the channel's
// @everyone overwrite, its roles' overwrites together, its member's own.
func (s *Server) botPermsLocked(channelID string) int64 {
	channelID = s.permChannelLocked(channelID) // a thread's are its parent's
	guild := s.chanGuild[channelID]
	if guild == "" {
		guild = s.guildID
	}
	if s.guildOwnerLocked(guild) == s.appID {
		return -1 // every bit
	}
	roles := s.members[guild][s.appID]
	var perms int64
	for _, r := range s.rolesLocked(guild) {
		if r.ID == guild || slices.Contains(roles, r.ID) {
			perms |= r.Permissions
		}
	}
	if perms&discordgo.PermissionAdministrator != 0 {
		return -1
	}
	ch := s.channels[channelID]
	if ch == nil {
		return perms
	}
	for _, o := range ch.PermissionOverwrites {
		if o.Type == discordgo.PermissionOverwriteTypeRole && o.ID == guild {
			perms = perms&^o.Deny | o.Allow
		}
	}
	var deny, allow int64
	for _, o := range ch.PermissionOverwrites {
		if o.Type == discordgo.PermissionOverwriteTypeRole && o.ID != guild && slices.Contains(roles, o.ID) {
			deny, allow = deny|o.Deny, allow|o.Allow
		}
	}
	perms = perms&^deny | allow
	for _, o := range ch.PermissionOverwrites {
		if o.Type == discordgo.PermissionOverwriteTypeMember && o.ID == s.appID {
			perms = perms&^o.Deny | o.Allow
		}
	}
	return perms
}

// Pins returns the messages pinned in a channel, in the order they were
// posted.
func (ms Messages) Pins(channelID string) []Message {
	s := ms.s
	s.mu.Lock()
	defer s.mu.Unlock()
	var out []Message
	for _, id := range s.chanMsgs[channelID] {
		if m := s.messages[id]; m.Pinned && !m.Deleted {
			out = append(out, m.snapshot())
		}
	}
	return out
}
