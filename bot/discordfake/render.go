package discordfake

import (
	"encoding/json"
	"strconv"
	"time"

	"github.com/bwmarrin/discordgo"
)

// Discord-shaped JSON of objects the tests configure as discordgo structs.
// discordgo's own marshalling is not what Discord sends (empty strings for
// null snowflakes, null arrays, missing fields), and Discord's OpenAPI
// description rejects it.

func nullable(s string) any {
	if s == "" {
		return nil
	}
	return s
}

// channelObject renders a configured channel as GET /channels/{id} does.
func (s *Server) channelObject(ch *discordgo.Channel) map[string]any {
	guild := ch.GuildID
	if guild == "" {
		guild = s.chanGuild[ch.ID]
	}
	if guild == "" {
		guild = s.guildID
	}
	ows := make([]any, 0, len(ch.PermissionOverwrites))
	for _, o := range ch.PermissionOverwrites {
		if o == nil {
			continue
		}
		ows = append(ows, map[string]any{
			"id": o.ID, "type": int(o.Type),
			"allow": strconv.FormatInt(o.Allow, 10), "deny": strconv.FormatInt(o.Deny, 10),
		})
	}
	out := map[string]any{
		"id": ch.ID, "type": int(ch.Type), "guild_id": guild, "name": ch.Name,
		"position": ch.Position, "flags": int(ch.Flags), "parent_id": nullable(ch.ParentID),
		"permission_overwrites": ows, "nsfw": ch.NSFW,
	}
	switch ch.Type {
	case discordgo.ChannelTypeGuildCategory:
	case discordgo.ChannelTypeGuildVoice, discordgo.ChannelTypeGuildStageVoice:
		out["last_message_id"] = nullable(ch.LastMessageID)
		out["bitrate"] = max(ch.Bitrate, 64000)
		out["user_limit"] = ch.UserLimit
		out["rtc_region"] = nil
		out["rate_limit_per_user"] = ch.RateLimitPerUser
	case discordgo.ChannelTypeGuildNewsThread, discordgo.ChannelTypeGuildPublicThread, discordgo.ChannelTypeGuildPrivateThread:
		delete(out, "permission_overwrites")
		delete(out, "position")
		out["last_message_id"] = nullable(ch.LastMessageID)
		owner := ch.OwnerID
		if owner == "" {
			owner = s.appID
		}
		out["owner_id"] = owner
		out["rate_limit_per_user"] = ch.RateLimitPerUser
		out["message_count"] = ch.MessageCount
		out["member_count"] = ch.MemberCount
		out["total_message_sent"] = ch.MessageCount
		archived, locked, dur := false, false, 4320
		var archivedAt any
		if m := ch.ThreadMetadata; m != nil {
			archived, locked = m.Archived, m.Locked
			if m.AutoArchiveDuration != 0 {
				dur = m.AutoArchiveDuration
			}
			if !m.ArchiveTimestamp.IsZero() {
				archivedAt = timestamp(m.ArchiveTimestamp)
			}
		}
		out["thread_metadata"] = map[string]any{
			"archived": archived, "locked": locked, "auto_archive_duration": dur,
			"archive_timestamp": archivedAt, "create_timestamp": timestamp(time.Now().Add(-time.Hour)),
		}
	default: // text, announcement, forum, media
		out["last_message_id"] = nullable(ch.LastMessageID)
		out["topic"] = nullable(ch.Topic)
		out["rate_limit_per_user"] = ch.RateLimitPerUser
	}
	if ch.Type == discordgo.ChannelTypeGuildForum || ch.Type == discordgo.ChannelTypeGuildMedia {
		out["available_tags"] = []any{}
		out["default_reaction_emoji"] = nil
		out["default_sort_order"] = nil
		out["default_forum_layout"] = 0
	}
	return out
}

// roleObject renders a role as GET /guilds/{id}/roles does.
func roleObject(r *discordgo.Role) map[string]any {
	return map[string]any{
		"id": r.ID, "name": r.Name, "permissions": strconv.FormatInt(r.Permissions, 10),
		"position": r.Position, "color": r.Color,
		"colors": map[string]any{"primary_color": r.Color, "secondary_color": nil, "tertiary_color": nil},
		"hoist":  r.Hoist, "managed": r.Managed, "mentionable": r.Mentionable,
		"icon": nullable(r.Icon), "unicode_emoji": nullable(r.UnicodeEmoji), "flags": int(r.Flags),
	}
}

func rolesJSON(roles []*discordgo.Role) []any {
	out := make([]any, 0, len(roles))
	for _, r := range roles {
		out = append(out, roleObject(r))
	}
	return out
}

// componentsJSONFor renders message components as Discord returns them:
// with the numeric "id" Discord assigns to every component (1, 2, ... in
// tree order, unless sent), the defaults of select menus, and V2's fields
// (render_v2.go) with media resolved: media names an unfurled media item
// of the message ("attachment://preview.png") as Discord returns it; nil
// leaves the URL alone.
func componentsJSONFor(raw json.RawMessage, media func(url string) map[string]any) any {
	var comps []any
	if err := json.Unmarshal(raw, &comps); err != nil {
		return []any{}
	}
	next := 1
	var used = map[float64]bool{}
	var collect func(v any)
	collect = func(v any) {
		switch x := v.(type) {
		case []any:
			for _, e := range x {
				collect(e)
			}
		case map[string]any:
			if id, ok := x["id"].(float64); ok {
				used[id] = true
			}
			collect(x["components"])
			collect(x["accessory"])
			collect(x["items"])
		}
	}
	collect(comps)
	var walk func(v any)
	walk = func(v any) {
		switch x := v.(type) {
		case []any:
			for _, e := range x {
				walk(e)
			}
		case map[string]any:
			if _, ok := x["id"].(float64); !ok {
				for used[float64(next)] {
					next++
				}
				x["id"] = next
				next++
			}
			typ, _ := x["type"].(float64)
			switch discordgo.ComponentType(typ) {
			case discordgo.SelectMenuComponent, discordgo.UserSelectMenuComponent, discordgo.RoleSelectMenuComponent,
				discordgo.MentionableSelectMenuComponent, discordgo.ChannelSelectMenuComponent:
				if x["min_values"] == nil {
					x["min_values"] = 1
				}
				if x["max_values"] == nil {
					x["max_values"] = 1
				}
			}
			v2ResponseFields(x, media)
			walk(x["components"])
			walk(x["accessory"])
		}
	}
	walk(comps)
	return comps
}

// commandJSON renders an application command as Discord returns it: every
// required field present (default_member_permissions null when unset,
// description "" for context-menu commands), no null arrays.
func commandJSON(c *discordgo.ApplicationCommand) map[string]any {
	b, err := json.Marshal(c)
	if err != nil {
		panic(err)
	}
	var m map[string]any
	if err := json.Unmarshal(b, &m); err != nil {
		panic(err)
	}
	dropNulls(m)
	if _, ok := m["default_member_permissions"]; !ok {
		m["default_member_permissions"] = nil
	}
	if _, ok := m["description"]; !ok {
		m["description"] = ""
	}
	if _, ok := m["type"]; !ok {
		m["type"] = int(discordgo.ChatApplicationCommand)
	}
	return m
}

// dropNulls removes null members of objects, recursively.
func dropNulls(v any) {
	switch x := v.(type) {
	case map[string]any:
		for k, e := range x {
			if e == nil {
				delete(x, k)
				continue
			}
			dropNulls(e)
		}
	case []any:
		for _, e := range x {
			dropNulls(e)
		}
	}
}

func commandsJSON(cmds []*discordgo.ApplicationCommand) []any {
	out := make([]any, 0, len(cmds))
	for _, c := range cmds {
		out = append(out, commandJSON(c))
	}
	return out
}

// embedsJSON renders embeds as Discord returns them: type "rich" unless
// sent, fields with inline false unless sent.
func embedsJSON(embeds []*discordgo.MessageEmbed) []any {
	out := []any{}
	if len(embeds) == 0 {
		return out
	}
	b, err := json.Marshal(embeds)
	if err != nil {
		panic(err)
	}
	if err := json.Unmarshal(b, &out); err != nil {
		panic(err)
	}
	for _, e := range out {
		em, ok := e.(map[string]any)
		if !ok {
			continue
		}
		if em["type"] == nil {
			em["type"] = string(discordgo.EmbedTypeRich)
		}
		fields, _ := em["fields"].([]any)
		for _, f := range fields {
			if fm, ok := f.(map[string]any); ok && fm["inline"] == nil {
				fm["inline"] = false
			}
		}
	}
	return out
}
