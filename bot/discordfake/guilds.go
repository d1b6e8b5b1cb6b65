package discordfake

import (
	"encoding/json"
	"net/http"
	"slices"
	"strconv"
	"time"

	"github.com/bwmarrin/discordgo"
)

// Guild, role, member and channel permission data, served Discord-shaped by
// GET /guilds/{id}, /guilds/{id}/roles, /guilds/{id}/members/{user} and
// /channels/{id}, and sent in GUILD_CREATE, so that discordgo's
// Session.UserChannelPermissions (from the state after Open, or over REST
// without it) and discordgo.MemberPermissions compute what Discord would.
//
// Changes made while a session is connected are dispatched like Discord
// does: CHANNEL_UPDATE, GUILD_ROLE_UPDATE (intent GUILDS) and GUILD_MEMBER_UPDATE (intent GUILD_MEMBERS; discordgo's state
// also keeps the bot's own member from GUILD_CREATE).

// defaultEveryonePerms are the permissions of a default @everyone role
// (Discord's defaults for a new guild).
const defaultEveryonePerms = 1071698660929

// SetEveryonePermissions sets the permissions of the guild's @everyone role
// (whose id is the guild id), keeping its other roles.
func (gd Guilds) SetEveryonePermissions(guild string, perms int64) {
	s := gd.s
	s.mu.Lock()
	g := s.guildLocked(guild)
	g.roles = s.rolesLocked(guild) // every guild has @everyone
	var role *discordgo.Role
	for _, r := range g.roles {
		if r.ID == guild {
			role = r
		}
	}
	role.Permissions = perms
	payload := map[string]any{"guild_id": guild, "role": roleObject(role)}
	s.mu.Unlock()
	s.dispatchUpdate("GUILD_ROLE_UPDATE", discordgo.IntentsGuilds, payload)
}

// SetMemberRoles sets the role ids of a guild member (srv.AppID() for the
// bot itself), returned by GET /guilds/{guild}/members/{user} and, for the
// bot, in GUILD_CREATE. Members of built interactions are registered with
// their Member.Roles automatically.
func (gd Guilds) SetMemberRoles(guild, userID string, roles ...string) {
	s := gd.s
	s.mu.Lock()
	s.guildLocked(guild)
	s.setMemberLocked(guild, userID, roles)
	if _, ok := s.users[userID]; !ok {
		s.users[userID] = discordUser{ID: userID, Username: "user" + tail(userID)}
	}
	m := s.memberObjectLocked(guild, userID)
	m["guild_id"] = guild
	s.mu.Unlock()
	s.dispatchUpdate("GUILD_MEMBER_UPDATE", discordgo.IntentsGuildMembers, m)
}

func (s *Server) setMemberLocked(guild, userID string, roles []string) {
	if s.members[guild] == nil {
		s.members[guild] = map[string][]string{}
	}
	s.members[guild][userID] = append([]string{}, roles...)
}

// SetOwner sets the guild's owner_id (default: a user that is not the
// bot). discordgo gives the owner every permission.
func (gd Guilds) SetOwner(guild, userID string) {
	s := gd.s
	s.mu.Lock()
	defer s.mu.Unlock()
	s.guildLocked(guild).owner = userID
}

// SetChannelOverwrites sets the permission overwrites of a channel (a
// configured one, or a new default text channel of the default guild, or
// of the guild learnt from interactions). Type
// discordgo.PermissionOverwriteTypeRole (0) for roles, the @everyone role
// being the guild id, and discordgo.PermissionOverwriteTypeMember (1) for
// members.
func (gd Guilds) SetChannelOverwrites(channelID string, ows ...*discordgo.PermissionOverwrite) {
	s := gd.s
	s.mu.Lock()
	ch := s.channels[channelID]
	if ch == nil {
		guild := s.chanGuild[channelID]
		if guild == "" {
			guild = s.guildID
		}
		ch = &discordgo.Channel{ID: channelID, GuildID: guild, Type: discordgo.ChannelTypeGuildText, Name: "channel-" + tail(channelID)}
		s.channels[channelID] = ch
		s.chanGuild[channelID] = guild
	}
	ch.PermissionOverwrites = copyOverwrites(ows)
	payload := s.channelObject(ch)
	s.mu.Unlock()
	s.dispatchUpdate("CHANNEL_UPDATE", discordgo.IntentsGuilds, payload)
}

func copyOverwrites(ows []*discordgo.PermissionOverwrite) []*discordgo.PermissionOverwrite {
	out := make([]*discordgo.PermissionOverwrite, 0, len(ows))
	for _, o := range ows {
		if o != nil {
			oo := *o
			out = append(out, &oo)
		}
	}
	return out
}

func (s *Server) guildOwnerLocked(id string) string {
	if g := s.guilds[id]; g != nil && g.owner != "" {
		return g.owner
	}
	return s.ownerID
}

// memberObjectLocked renders a guild member as GET
// /guilds/{guild}/members/{user} does.
func (s *Server) memberObjectLocked(guild, userID string) map[string]any {
	roles := s.members[guild][userID]
	if roles == nil {
		roles = []string{}
	}
	u, ok := s.users[userID]
	if !ok {
		u = discordUser{ID: userID}
	}
	return map[string]any{
		"user": s.userJSON(u), "roles": roles, "nick": nil, "avatar": nil, "banner": nil,
		"joined_at": timestamp(time.Now().Add(-24 * time.Hour)), "premium_since": nil,
		"deaf": false, "mute": false, "pending": false, "flags": 0, "communication_disabled_until": nil,
	}
}

// guildMemberLocked: GET /guilds/{guild}/members/{user}.
func (s *Server) guildMemberLocked(guild, userID string) (int, any, *apiError) {
	if s.guilds[guild] == nil && s.members[guild] == nil {
		return 0, nil, errUnknownGuild()
	}
	if _, ok := s.members[guild][userID]; !ok && userID != s.appID {
		return 0, nil, &apiError{http.StatusNotFound, 10007, "Unknown Member", nil}
	}
	return 200, s.memberObjectLocked(guild, userID), nil
}

// guildMembersLocked: GET /guilds/{guild}/members?limit=&after=, the
// members by ID after "after", at most limit (1 by default, 1000 at most),
// as Discord lists them (an app needs the Server Members intent for it).
func (s *Server) guildMembersLocked(c *Call, guild string) (int, any, *apiError) {
	if s.guilds[guild] == nil && s.members[guild] == nil {
		return 0, nil, errUnknownGuild()
	}
	limit := 1
	if v := c.Query.Get("limit"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 || n > 1000 {
			return 0, nil, invalidBody("limit", "NUMBER_TYPE_MAX", "int value should be between 1 and 1000")
		}
		limit = n
	}
	after := c.Query.Get("after")
	ids := sortedKeys(s.members[guild])
	slices.SortFunc(ids, func(a, b string) int {
		switch {
		case lessID(a, b):
			return -1
		case lessID(b, a):
			return 1
		}
		return 0
	})
	out := []any{}
	for _, id := range ids {
		if after != "" && !lessID(after, id) {
			continue
		}
		if len(out) == limit {
			break
		}
		out = append(out, s.memberObjectLocked(guild, id))
	}
	return 200, out, nil
}

func errUnknownGuild() *apiError { return &apiError{http.StatusNotFound, 10004, "Unknown Guild", nil} }

// guildObjectLocked: GET /guilds/{guild}[?with_counts=true].
func (s *Server) guildObjectLocked(c *Call, id string) (int, any, *apiError) {
	g := s.guilds[id]
	if g == nil {
		return 0, nil, errUnknownGuild()
	}
	out := map[string]any{
		"id": id, "name": g.name, "icon": nil, "description": nil, "home_header": nil, "splash": nil,
		"discovery_splash": nil, "features": []any{}, "banner": nil, "owner_id": s.guildOwnerLocked(id),
		"application_id": nil, "region": "deprecated", "afk_channel_id": nil, "afk_timeout": 300,
		"system_channel_id": nil, "system_channel_flags": 0, "widget_enabled": false, "widget_channel_id": nil,
		"verification_level": 1, "roles": rolesJSON(s.rolesLocked(id)), "default_message_notifications": 1,
		"mfa_level": 0, "explicit_content_filter": 0, "max_presences": nil, "max_members": 500000,
		"max_stage_video_channel_users": 50, "max_video_channel_users": 25, "vanity_url_code": nil,
		"premium_tier": 0, "premium_subscription_count": 0, "preferred_locale": g.localeOr(),
		"rules_channel_id": nil, "safety_alerts_channel_id": nil, "public_updates_channel_id": nil,
		"premium_progress_bar_enabled": false, "nsfw": false, "nsfw_level": 0, "emojis": []any{},
		"stickers": []any{}, "incidents_data": nil,
	}
	if c.Query.Get("with_counts") == "true" {
		out["approximate_member_count"] = len(s.members[id]) + 1
		out["approximate_presence_count"] = 1
	}
	return 200, out, nil
}

// dispatchUpdate sends a state update to the sessions identified with the
// intent, without waiting for one to be ready (no session: nothing sent).
func (s *Server) dispatchUpdate(event string, intent discordgo.Intent, payload any) {
	b, err := json.Marshal(payload)
	if err != nil {
		panic(err)
	}
	guild := guildOf(b)
	for _, c := range s.readyConns() {
		s.mu.Lock()
		sess := c.sess
		s.mu.Unlock()
		if sess == nil || sess.intents&intent == 0 || !sess.receives(guild) {
			continue
		}
		_ = c.dispatch(sess, event, b)
	}
}
