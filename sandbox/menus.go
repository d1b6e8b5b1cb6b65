package sandbox

// Commands where the player is (issue 28, item 5) as the page offers
// them: in a DM the bot's global commands of the BOT_DM context, in a
// channel the guild's slash commands; on a message, the guild's message
// commands ("⋯ Apps").

import (
	"net/http"
	"slices"
	"strings"

	"github.com/bwmarrin/discordgo"
)

// commandsWhere are the slash commands offered where a person types: the
// global ones usable in a DM with the bot (guild ""), else the guild's.
func (sb *Sandbox) commandsWhere(guild string) []*discordgo.ApplicationCommand {
	out := []*discordgo.ApplicationCommand{}
	for _, c := range sb.srv.Interactions().Commands(guild) {
		if c.Type != 0 && c.Type != discordgo.ChatApplicationCommand {
			continue
		}
		if guild == "" && (c.Contexts == nil || !slices.Contains(*c.Contexts, discordgo.InteractionContextBotDM)) {
			continue
		}
		out = append(out, c)
	}
	return out
}

// commandIn finds a slash command by its English or Russian name where a
// person types it.
func (sb *Sandbox) commandIn(guild, name string) (*discordgo.ApplicationCommand, error) {
	name = strings.TrimPrefix(strings.TrimSpace(name), "/")
	for _, c := range sb.commandsWhere(guild) {
		if localizedIs(name, c.Name, c.NameLocalizations) {
			return c, nil
		}
	}
	if guild == "" {
		return nil, badRequest("/%s does not work in a DM", name)
	}
	return nil, badRequest("unknown command /%s", name)
}

// serveDMCommands: GET /sandbox/dmcommands, the commands of the DM.
func (sb *Sandbox) serveDMCommands(w http.ResponseWriter, r *http.Request) {
	writeJSON(w, http.StatusOK, sb.commandsWhere(""))
}

// serveMenus: GET /sandbox/menus, the guild's message commands.
func (sb *Sandbox) serveMenus(w http.ResponseWriter, r *http.Request) {
	out := []*discordgo.ApplicationCommand{}
	for _, c := range sb.srv.Interactions().Commands(guildID) {
		if c.Type == discordgo.MessageApplicationCommand {
			out = append(out, c)
		}
	}
	writeJSON(w, http.StatusOK, out)
}

type menuIn struct {
	As      string `json:"as"`
	Channel string `json:"channel"`
	Message string `json:"message"`
	Name    string `json:"name"`
}

// serveMenu: POST /sandbox/menu, a message command run on a message the
// person sees.
func (sb *Sandbox) serveMenu(w http.ResponseWriter, r *http.Request) {
	var in menuIn
	if err := decode(r, &in); err != nil {
		writeErr(w, err)
		return
	}
	p, guild, ch, err := sb.locate(in.As, in.Channel)
	if err != nil {
		writeErr(w, err)
		return
	}
	m, ok := sb.srv.Messages().Get(in.Message)
	if !ok || m.ChannelID != ch || m.Deleted || (m.Ephemeral() && m.InteractionUserID != p.UserID) {
		writeErr(w, badRequest("%s does not see message %q", p.Name, in.Message))
		return
	}
	var cmd *discordgo.ApplicationCommand
	for _, c := range sb.srv.Interactions().Commands(guild) {
		if c.Type == discordgo.MessageApplicationCommand && localizedIs(in.Name, c.Name, c.NameLocalizations) {
			cmd = c
		}
	}
	if cmd == nil {
		writeErr(w, badRequest("no message command %q here", in.Name))
		return
	}
	label := cmd.Name
	if p.member.Locale == "ru" && cmd.NameLocalizations != nil && (*cmd.NameLocalizations)[discordgo.Russian] != "" {
		label = (*cmd.NameLocalizations)[discordgo.Russian]
	}
	id, err := sb.dispatch(p, label, sb.srv.Interactions().MessageCommand(guild, ch, p.member, cmd.Name, in.Message))
	if err != nil {
		writeErr(w, err)
		return
	}
	writeJSON(w, http.StatusOK, sb.result(id))
}
