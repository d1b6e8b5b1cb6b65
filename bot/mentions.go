package bot

import (
	"github.com/bwmarrin/discordgo"
)

// Mentions (issue 25 item 7): Discord pings whatever a message's text
// names (@everyone, @here, a role, a user) unless the message says whom it
// may ping (allowed_mentions). Every message the bot sends goes through
// this file or bodyOf (attach.go), which always say it: nobody, unless the
// message names whom the bot chose (a reminder pings its clan's role).
// Autocomplete answers, modals and deferrals carry no message text.

// noPings allows no mention at all (an empty parse, no roles, no users).
func noPings() *discordgo.MessageAllowedMentions {
	return &discordgo.MessageAllowedMentions{Parse: []discordgo.AllowedMentionType{}}
}

// pings is whom a message may ping: its own choice, else nobody.
func pings(chosen *discordgo.MessageAllowedMentions) *discordgo.MessageAllowedMentions {
	if chosen != nil {
		return chosen
	}
	return noPings()
}

// respond answers an interaction; a response that is a message (a new one,
// or the update of the one clicked) pings nobody.
func (b *Bot) respond(i *discordgo.Interaction, r *discordgo.InteractionResponse) error {
	switch r.Type {
	case discordgo.InteractionResponseChannelMessageWithSource, discordgo.InteractionResponseUpdateMessage:
		if r.Data == nil {
			r.Data = &discordgo.InteractionResponseData{}
		}
		r.Data.AllowedMentions = noPings()
	}
	defer b.unacked.done(i.ID) // the first answer is its acknowledgement
	return b.s.InteractionRespond(i, r)
}

// editResponse edits an interaction's answer; it pings nobody.
func (b *Bot) editResponse(i *discordgo.Interaction, e *discordgo.WebhookEdit) error {
	e.AllowedMentions = noPings()
	_, err := b.s.InteractionResponseEdit(i, e)
	return err
}

// followup adds a message to an interaction's answer; it pings nobody.
func (b *Bot) followup(i *discordgo.Interaction, p *discordgo.WebhookParams) error {
	p.AllowedMentions = noPings()
	_, err := b.s.FollowupMessageCreate(i, true, p)
	return err
}

// editContent edits a channel message's text alone (its pictures and
// buttons stay); it pings nobody.
func (b *Bot) editContent(channel, id, content string, options ...discordgo.RequestOption) error {
	_, err := b.s.ChannelMessageEditComplex(&discordgo.MessageEdit{ID: id, Channel: channel, Content: &content, AllowedMentions: noPings()}, options...)
	return err
}
