package discordfake

import (
	"fmt"
	"time"

	"github.com/bwmarrin/discordgo"
)

// Context-menu commands (USER and MESSAGE, types 2 and 3) and where
// commands may be used (contexts, integration_types), as Discord has them
// in 2026: a message or user command is named in 1-32 characters of any
// case, spaces allowed, has no description nor options, and an application
// has at most 15 of each type in a scope (global, or one guild).

// maxContextMenus is Discord's limit of context-menu commands of one type
// in one scope.
const maxContextMenus = 15

// validateWhere checks a command's contexts (0 GUILD, 1 BOT_DM,
// 2 PRIVATE_CHANNEL) and integration_types (0 GUILD_INSTALL,
// 1 USER_INSTALL): known values, each once, at least one when given.
func validateWhere(cmd *discordgo.ApplicationCommand, prefix string, fe formErrors) {
	if cmd.Contexts != nil {
		validateValues(*cmd.Contexts, prefix+"contexts", discordgo.InteractionContextPrivateChannel, "(0, 1, 2)", fe)
	}
	if cmd.IntegrationTypes != nil {
		validateValues(*cmd.IntegrationTypes, prefix+"integration_types", discordgo.ApplicationIntegrationUserInstall, "(0, 1)", fe)
	}
}

// validateValues checks a list of enumerated values as Discord does: at
// least one, each at most last (choices says which), each once.
func validateValues[T ~uint | ~int](vals []T, path string, last T, choices string, fe formErrors) {
	if len(vals) == 0 {
		fe.add(path, "BASE_TYPE_MIN_LENGTH", "Must be 1 or more in length.")
	}
	seen := map[T]bool{}
	for i, v := range vals {
		p := fmt.Sprintf("%s.%d", path, i)
		if v > last {
			fe.add(p, "BASE_TYPE_CHOICES", "Value must be one of "+choices+".")
		}
		if seen[v] {
			fe.add(p, "BASE_TYPE_UNIQUE", "Values must be unique.")
		}
		seen[v] = true
	}
}

// validateMenuName checks a context menu's name and its localizations: 1
// to 32 characters.
func validateMenuName(cmd *discordgo.ApplicationCommand, prefix string, fe formErrors) {
	checkLen(fe, prefix+"name", cmd.Name, 1, 32)
	if cmd.NameLocalizations != nil {
		checkLocales(fe, prefix+"name_localizations", *cmd.NameLocalizations, func(p, v string) { checkLen(fe, p, v, 1, 32) })
	}
	if cmd.DescriptionLocalizations != nil && len(*cmd.DescriptionLocalizations) > 0 {
		fe.add(prefix+"description_localizations", "APPLICATION_COMMAND_DESCRIPTION_NOT_ALLOWED", "Context menu commands cannot have a description")
	}
}

// countMenus refuses a list with more than 15 context menus of a type.
func countMenus(cmds []*discordgo.ApplicationCommand, fe formErrors) {
	n := map[discordgo.ApplicationCommandType]int{}
	for _, c := range cmds {
		if c != nil && typeOr1(c.Type) != discordgo.ChatApplicationCommand {
			n[c.Type]++
		}
	}
	for t, k := range n {
		if k > maxContextMenus {
			fe.add("", "APPLICATION_COMMANDS_TOO_MANY_CONTEXT_MENUS", fmt.Sprintf("Maximum number of application commands of type %d reached (%d)", t, maxContextMenus))
		}
	}
}

// MessageCommand builds a MESSAGE command interaction (type 2, data.type
// 3) by member on message messageID in guild/channel, shaped like
// Discord's (testdata/fixtures/message-command-interaction.json):
// data.target_id and data.resolved.messages holding the message as the
// fake knows it (a made-up one by someone else if it knows none). An
// empty guild makes it a DM's.
func (in Interactions) MessageCommand(guild, channel string, m Member, name, messageID string) Interaction {
	s := in.s
	s.mu.Lock()
	defer s.mu.Unlock()
	p, i := s.basePayloadLocked(discordgo.InteractionApplicationCommand, guild, channel, &m)
	msg := s.messages[messageID]
	var target map[string]any
	if msg != nil && msg.ChannelID == i.ChannelID && !msg.Deleted {
		target = s.messageJSONLocked(msg)
	} else {
		author := discordUser{ID: s.NewID(), Username: "someone"}
		target = map[string]any{
			"id": messageID, "type": 0, "content": "some message", "channel_id": i.ChannelID,
			"author": s.userJSON(author), "attachments": []any{}, "embeds": []any{}, "components": []any{},
			"mentions": []any{}, "mention_roles": []any{}, "mention_everyone": false, "pinned": false, "tts": false,
			"timestamp": timestamp(time.Now()), "edited_timestamp": nil, "flags": 0,
		}
	}
	p["data"] = s.menuDataLocked(guild, name, discordgo.MessageApplicationCommand, messageID,
		map[string]any{"messages": map[string]any{messageID: target}})
	return s.finish(p, i)
}

// UserCommand builds a USER command interaction (data.type 2) by member
// on the user targetID, with the user (and in a guild his member) in
// data.resolved.
func (in Interactions) UserCommand(guild, channel string, m Member, name, targetID string) Interaction {
	s := in.s
	s.mu.Lock()
	defer s.mu.Unlock()
	p, i := s.basePayloadLocked(discordgo.InteractionApplicationCommand, guild, channel, &m)
	u, ok := s.users[targetID]
	if !ok {
		u = discordUser{ID: targetID}
	}
	res := map[string]any{"users": map[string]any{targetID: s.userJSON(u)}}
	if guild != "" {
		res["members"] = map[string]any{targetID: s.memberJSON(Member{UserID: targetID, Roles: s.members[guild][targetID]}, false)}
	}
	p["data"] = s.menuDataLocked(guild, name, discordgo.UserApplicationCommand, targetID, res)
	return s.finish(p, i)
}

// menuDataLocked is the data of a context-menu interaction: the registered
// command of that name and type (guild first, then global) or a made-up
// stable id.
func (s *Server) menuDataLocked(guild, name string, typ discordgo.ApplicationCommandType, target string, res map[string]any) map[string]any {
	id, cmdGuild := "", ""
	for _, g := range []string{guild, ""} {
		for _, c := range s.commands[g] {
			if id == "" && c.Name == name && c.Type == typ {
				id, cmdGuild = c.ID, g
			}
		}
	}
	if id == "" {
		key := fmt.Sprintf("%s/%d/%s", guild, typ, name)
		if id = s.commandIDs[key]; id == "" {
			id = s.NewID()
			s.commandIDs[key] = id
		}
	}
	data := map[string]any{"id": id, "name": name, "type": typ, "target_id": target, "resolved": res}
	if cmdGuild != "" {
		data["guild_id"] = cmdGuild
	}
	return data
}
