package discordtest

// Commands where the player is (issue 28, item 5): a slash command in his
// DM with the bot, and a message's context-menu command.

// DMCommand builds the slash command name that m sends in his DM with the
// bot: no guild_id, "user" instead of "member", context 1 (BOT_DM), the
// DM channel the fake keeps for him; data.id is the global command's.
func (s *Server) DMCommand(m Member, name string, opts ...Option) Interaction {
	return s.Interactions().SlashCommand("", "", m, name, opts...)
}

// DMAutocomplete builds the autocomplete of a DM's command (mark the
// option being typed with Focus).
func (s *Server) DMAutocomplete(m Member, name string, opts ...Option) Interaction {
	return s.Interactions().Autocomplete("", "", m, name, opts...)
}

// ContextMenu builds the message command name (its English name, as
// Discord sends it) that m runs on message in guild/channel, shaped like
// Discord's (message-command-interaction.json): data.type 3,
// data.target_id, data.resolved.messages.
func (s *Server) ContextMenu(guild, channel string, m Member, name, message string) Interaction {
	return s.Interactions().MessageCommand(guild, channel, m, name, message)
}
