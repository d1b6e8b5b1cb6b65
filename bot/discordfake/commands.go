package discordfake

import (
	"encoding/json"
	"fmt"
	"net/http"
	"regexp"
	"unicode"
	"unicode/utf8"

	"github.com/bwmarrin/discordgo"
)

// chatNameRe is Discord's CHAT_INPUT name regex.
var chatNameRe = regexp.MustCompile(`^[-_\p{L}\p{N}\p{Devanagari}\p{Thai}]{1,32}$`)

// commandsReq is one call on /applications/{app}[/guilds/{guild}]/commands[/{id}].
type commandsReq struct {
	c     *Call
	guild string                          // "" for global commands
	list  []*discordgo.ApplicationCommand // the guild's commands
	i     int                             // the index of {id} in list (with an id)
}

// commandRoutes serve the list of commands (without an id) and one
// command (with one), by method.
var commandRoutes = map[bool]map[string]func(*Server, commandsReq) (int, any, *apiError){
	false: {
		http.MethodGet:  func(_ *Server, r commandsReq) (int, any, *apiError) { return 200, commandsJSON(r.list), nil },
		http.MethodPut:  (*Server).overwriteCommandsLocked,
		http.MethodPost: (*Server).createCommandLocked,
	},
	true: {
		http.MethodGet:    func(_ *Server, r commandsReq) (int, any, *apiError) { return 200, commandJSON(r.list[r.i]), nil },
		http.MethodPatch:  (*Server).editCommandLocked,
		http.MethodDelete: (*Server).deleteCommandLocked,
	},
}

// commandsLocked serves /applications/{app}[/guilds/{guild}]/commands[/{id}].
func (s *Server) commandsLocked(c *Call, app, guild, id string) (int, any, *apiError) {
	if app != s.appID {
		return 0, nil, errMissingAccess()
	}
	serve := commandRoutes[id != ""][c.Method]
	if serve == nil {
		c.Unexpected = true
		return 0, nil, errNotFoundRoute()
	}
	r := commandsReq{c: c, guild: guild, list: s.commands[guild], i: -1}
	if id != "" {
		for i, cmd := range r.list {
			if cmd.ID == id {
				r.i = i
				break
			}
		}
		if r.i < 0 {
			return 0, nil, &apiError{http.StatusNotFound, 10063, "Unknown application command", nil}
		}
	}
	return serve(s, r)
}

// overwriteCommandsLocked is PUT .../commands: the whole list replaced.
func (s *Server) overwriteCommandsLocked(r commandsReq) (int, any, *apiError) {
	var cmds []*discordgo.ApplicationCommand
	if err := json.Unmarshal(r.c.JSON, &cmds); err != nil {
		return 0, nil, invalidBody("", "MODEL_TYPE_CONVERT", "Invalid application commands: "+err.Error())
	}
	fe := formErrors{}
	if len(cmds) > 100 {
		fe.add("", "BASE_TYPE_MAX_LENGTH", "Must be 100 or fewer in length.")
	}
	countMenus(cmds, fe)
	seen := map[string]bool{}
	for i, cmd := range cmds {
		if cmd == nil {
			fe.add(fmt.Sprint(i), "BASE_TYPE_REQUIRED", "This field is required")
			continue
		}
		validateCommand(cmd, fmt.Sprintf("%d.", i), fe)
		key := fmt.Sprintf("%d/%s", typeOr1(cmd.Type), cmd.Name)
		if seen[key] {
			fe.add(fmt.Sprintf("%d.name", i), "APPLICATION_COMMANDS_DUPLICATE_NAME", "Application command names must be unique")
		}
		seen[key] = true
	}
	if aerr := fe.err(); aerr != nil {
		return 0, nil, aerr
	}
	out := make([]*discordgo.ApplicationCommand, 0, len(cmds))
	for _, cmd := range cmds {
		out = append(out, s.registerCommandLocked(r.list, cmd, r.guild))
	}
	s.commands[r.guild] = out
	return 200, commandsJSON(out), nil
}

// createCommandLocked is POST .../commands: one command added, or the one
// of the same name and type replaced.
func (s *Server) createCommandLocked(r commandsReq) (int, any, *apiError) {
	var cmd discordgo.ApplicationCommand
	if err := json.Unmarshal(r.c.JSON, &cmd); err != nil {
		return 0, nil, invalidBody("", "MODEL_TYPE_CONVERT", "Invalid application command: "+err.Error())
	}
	fe := formErrors{}
	validateCommand(&cmd, "", fe)
	if aerr := fe.err(); aerr != nil {
		return 0, nil, aerr
	}
	reg := s.registerCommandLocked(r.list, &cmd, r.guild)
	status := http.StatusCreated
	for i, old := range r.list {
		if old.ID == reg.ID {
			r.list[i] = reg
			status = 200
		}
	}
	if status == http.StatusCreated {
		s.commands[r.guild] = append(r.list, reg)
	}
	return status, commandJSON(reg), nil
}

// editCommandLocked is PATCH .../commands/{id}: the fields sent merged
// into the command.
func (s *Server) editCommandLocked(r commandsReq) (int, any, *apiError) {
	merged := copyCommands(r.list[r.i : r.i+1])[0]
	if err := json.Unmarshal(r.c.JSON, merged); err != nil {
		return 0, nil, invalidBody("", "MODEL_TYPE_CONVERT", "Invalid application command: "+err.Error())
	}
	fe := formErrors{}
	validateCommand(merged, "", fe)
	if aerr := fe.err(); aerr != nil {
		return 0, nil, aerr
	}
	merged.ID, merged.ApplicationID, merged.Version = r.list[r.i].ID, s.appID, s.NewID()
	r.list[r.i] = merged
	return 200, commandJSON(merged), nil
}

// deleteCommandLocked is DELETE .../commands/{id}.
func (s *Server) deleteCommandLocked(r commandsReq) (int, any, *apiError) {
	s.commands[r.guild] = append(append([]*discordgo.ApplicationCommand(nil), r.list[:r.i]...), r.list[r.i+1:]...)
	return http.StatusNoContent, nil, nil
}

func typeOr1(t discordgo.ApplicationCommandType) discordgo.ApplicationCommandType {
	if t == 0 {
		return discordgo.ChatApplicationCommand
	}
	return t
}

// registerCommandLocked returns the stored form of cmd: the id of an existing
// command with the same name and type is kept (as Discord does on overwrite).
func (s *Server) registerCommandLocked(existing []*discordgo.ApplicationCommand, cmd *discordgo.ApplicationCommand, guild string) *discordgo.ApplicationCommand {
	out := copyCommands([]*discordgo.ApplicationCommand{cmd})[0]
	out.Type = typeOr1(out.Type)
	out.ID = ""
	for _, old := range existing {
		if old.Name == out.Name && old.Type == out.Type {
			out.ID = old.ID
		}
	}
	if out.ID == "" {
		if id, ok := s.commandIDs[guild+"/"+out.Name]; ok {
			out.ID = id // the id already used in built interactions
		} else {
			out.ID = s.NewID()
		}
	}
	out.ApplicationID = s.appID
	out.GuildID = guild
	out.Version = s.NewID()
	if out.NSFW == nil {
		f := false
		out.NSFW = &f
	}
	return out
}

func checkLen(fe formErrors, path, v string, min, max int) {
	if n := utf8.RuneCountInString(v); n < min || n > max {
		fe.add(path, "BASE_TYPE_BAD_LENGTH", fmt.Sprintf("Must be between %d and %d in length.", min, max))
	}
}

func checkChatName(fe formErrors, path, name string) {
	if !chatNameRe.MatchString(name) {
		fe.add(path, "APPLICATION_COMMAND_INVALID_NAME", "Command name is invalid")
		return
	}
	for _, r := range name {
		if unicode.IsUpper(r) {
			fe.add(path, "APPLICATION_COMMAND_INVALID_NAME", "Command name is invalid (must be lowercase)")
			return
		}
	}
}

func checkLocales(fe formErrors, path string, m map[discordgo.Locale]string, check func(path, v string)) {
	for loc, v := range m {
		p := path + "." + string(loc)
		if _, ok := discordgo.Locales[loc]; !ok {
			fe.add(p, "LOCALE_INVALID", fmt.Sprintf("Invalid locale %q", loc))
			continue
		}
		check(p, v)
	}
}

// validateCommand checks a command like Discord does (names, lengths,
// option structure); errors are added under prefix.
func validateCommand(cmd *discordgo.ApplicationCommand, prefix string, fe formErrors) {
	t := typeOr1(cmd.Type)
	if t < 1 || t > 4 {
		fe.add(prefix+"type", "BASE_TYPE_CHOICES", "Value must be one of (1, 2, 3, 4).")
		return
	}
	validateWhere(cmd, prefix, fe) // contextmenu.go
	if t == discordgo.ChatApplicationCommand {
		checkChatName(fe, prefix+"name", cmd.Name)
		checkLen(fe, prefix+"description", cmd.Description, 1, 100)
		if cmd.NameLocalizations != nil {
			checkLocales(fe, prefix+"name_localizations", *cmd.NameLocalizations, func(p, v string) { checkChatName(fe, p, v) })
		}
		if cmd.DescriptionLocalizations != nil {
			checkLocales(fe, prefix+"description_localizations", *cmd.DescriptionLocalizations, func(p, v string) { checkLen(fe, p, v, 1, 100) })
		}
		validateOptions(cmd.Options, prefix+"options", 0, fe)
		return
	}
	validateMenuName(cmd, prefix, fe)
	if cmd.Description != "" {
		fe.add(prefix+"description", "APPLICATION_COMMAND_DESCRIPTION_NOT_ALLOWED", "Context menu commands cannot have a description")
	}
	if len(cmd.Options) > 0 {
		fe.add(prefix+"options", "APPLICATION_COMMAND_OPTIONS_NOT_ALLOWED", "Context menu commands cannot have options")
	}
}

// validateOptions checks options at a nesting depth (0: command, 1: inside
// a subcommand or group, 2: inside a subcommand of a group).
func validateOptions(opts []*discordgo.ApplicationCommandOption, path string, depth int, fe formErrors) {
	if len(opts) > 25 {
		fe.add(path, "BASE_TYPE_MAX_LENGTH", "Must be 25 or fewer in length.")
	}
	seen := map[string]bool{}
	sawOptional, sawSub, sawValue := false, false, false
	for i, o := range opts {
		p := fmt.Sprintf("%s.%d.", path, i)
		if o == nil {
			fe.add(p[:len(p)-1], "BASE_TYPE_REQUIRED", "This field is required")
			continue
		}
		checkChatName(fe, p+"name", o.Name)
		checkLen(fe, p+"description", o.Description, 1, 100)
		checkLocales(fe, p+"name_localizations", o.NameLocalizations, func(pp, v string) { checkChatName(fe, pp, v) })
		checkLocales(fe, p+"description_localizations", o.DescriptionLocalizations, func(pp, v string) { checkLen(fe, pp, v, 1, 100) })
		if seen[o.Name] {
			fe.add(p+"name", "APPLICATION_COMMAND_OPTION_NAME_ALREADY_EXISTS", "Option names must be unique")
		}
		seen[o.Name] = true
		if o.Type < discordgo.ApplicationCommandOptionSubCommand || o.Type > discordgo.ApplicationCommandOptionAttachment {
			fe.add(p+"type", "BASE_TYPE_CHOICES", "Value must be one of (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11).")
			continue
		}
		switch o.Type {
		case discordgo.ApplicationCommandOptionSubCommandGroup:
			sawSub = true
			if depth != 0 {
				fe.add(p+"type", "APPLICATION_COMMAND_OPTION_TYPE_INVALID", "Subcommand groups can only be at the top level")
			}
			for j, sub := range o.Options {
				if sub != nil && sub.Type != discordgo.ApplicationCommandOptionSubCommand {
					fe.add(fmt.Sprintf("%soptions.%d.type", p, j), "APPLICATION_COMMAND_OPTION_TYPE_INVALID", "Subcommand groups can only contain subcommands")
				}
			}
			validateOptions(o.Options, p+"options", 1, fe)
		case discordgo.ApplicationCommandOptionSubCommand:
			sawSub = true
			if depth == 2 {
				fe.add(p+"type", "APPLICATION_COMMAND_OPTION_TYPE_INVALID", "Subcommands cannot be nested here")
			}
			for j, sub := range o.Options {
				if sub != nil && (sub.Type == discordgo.ApplicationCommandOptionSubCommand || sub.Type == discordgo.ApplicationCommandOptionSubCommandGroup) {
					fe.add(fmt.Sprintf("%soptions.%d.type", p, j), "APPLICATION_COMMAND_OPTION_TYPE_INVALID", "Subcommands cannot contain subcommands")
				}
			}
			validateOptions(o.Options, p+"options", 2, fe)
		default:
			sawValue = true
			if o.Required && sawOptional {
				fe.add(p+"required", "APPLICATION_COMMAND_OPTIONS_REQUIRED_INVALID", "Required options must be placed before non-required options")
			}
			if !o.Required {
				sawOptional = true
			}
			if len(o.Choices) > 25 {
				fe.add(p+"choices", "BASE_TYPE_MAX_LENGTH", "Must be 25 or fewer in length.")
			}
			if len(o.Choices) > 0 && o.Autocomplete {
				fe.add(p+"autocomplete", "APPLICATION_COMMAND_AUTOCOMPLETE_CHOICES", "Autocomplete cannot be set with choices")
			}
			for j, ch := range o.Choices {
				if ch == nil {
					continue
				}
				checkLen(fe, fmt.Sprintf("%schoices.%d.name", p, j), ch.Name, 1, 100)
				if sv, ok := ch.Value.(string); ok {
					checkLen(fe, fmt.Sprintf("%schoices.%d.value", p, j), sv, 1, 100)
				}
			}
			if len(o.Options) > 0 {
				fe.add(p+"options", "APPLICATION_COMMAND_OPTIONS_NOT_ALLOWED", "Only subcommands and groups have options")
			}
		}
	}
	if sawSub && sawValue {
		fe.add(path, "APPLICATION_COMMAND_OPTIONS_TYPE_INVALID", "Subcommands and groups cannot be mixed with other options")
	}
}
