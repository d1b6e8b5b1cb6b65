package bot

import (
	"net/http"
	"strconv"

	"github.com/bwmarrin/discordgo"
	"github.com/gunbai/gunbai/render/field"
)

// Messages with pictures: every picture goes with its alt text, Discord's
// attachment description (issue 13), which discordgo's types do not carry,
// so the bodies are built here, one shape for a new message and an edit.

// attachment is a file's entry in a message body: files[n] is id n.
type attachment struct {
	ID          string `json:"id"`
	Filename    string `json:"filename"`
	Description string `json:"description,omitempty"`
}

// messageBody is a message to create or to edit. Edits replace the
// content, the components and the attachments (the old pictures go).
type messageBody struct {
	// Content is a string, or for a Components V2 message absent (a new
	// one) or null (an edit: it clears a legacy message's content, which
	// the flag forbids).
	Content         any                               `json:"content,omitempty"`
	Flags           discordgo.MessageFlags            `json:"flags,omitempty"`
	Nonce           string                            `json:"nonce,omitempty"`
	EnforceNonce    bool                              `json:"enforce_nonce,omitempty"`
	Components      *[]discordgo.MessageComponent     `json:"components,omitempty"`
	Embeds          *[]*discordgo.MessageEmbed        `json:"embeds,omitempty"`
	Attachments     *[]attachment                     `json:"attachments,omitempty"`
	AllowedMentions *discordgo.MessageAllowedMentions `json:"allowed_mentions,omitempty"`
}

// bodyOf is the body of message m; an edit always says its attachments
// and components, so that what it no longer has goes.
func bodyOf(m message, edit bool) (messageBody, []*discordgo.File) {
	body := messageBody{Content: m.content}
	if m.v2 {
		return bodyV2(m, edit)
	}
	atts := []attachment{}
	var files []*discordgo.File
	for i, f := range m.files() {
		atts = append(atts, attachment{ID: strconv.Itoa(i), Filename: f.file.Name, Description: clip(f.alt, field.MaxAltText)})
		files = append(files, f.file)
	}
	if len(atts) > 0 || edit {
		body.Attachments = &atts
	}
	if m.components != nil || edit {
		comps := m.components
		if comps == nil {
			comps = []discordgo.MessageComponent{}
		}
		body.Components = &comps
	}
	if m.embeds != nil || edit {
		embeds := m.embeds
		if embeds == nil {
			embeds = []*discordgo.MessageEmbed{}
		}
		body.Embeds = &embeds
	}
	body.AllowedMentions = pings(m.mentions) // a reminder: its clan's role alone; else nobody
	return body, files
}

// send makes a request with a message body, multipart when it has files.
func (b *Bot) send(method, endpoint string, body messageBody, files []*discordgo.File, options ...discordgo.RequestOption) ([]byte, error) {
	if len(files) == 0 {
		return b.s.RequestWithBucketID(method, endpoint, body, endpoint, options...)
	}
	contentType, data, err := discordgo.MultipartBodyWithJSON(body, files)
	if err != nil {
		return nil, err
	}
	return b.s.RequestRaw(method, endpoint, contentType, data, endpoint, 0, options...)
}

// editAnswer edits an interaction's answer (or the message a component is
// on) with m.
func (b *Bot) editAnswer(appID, token, messageID string, m message, options ...discordgo.RequestOption) error {
	body, files := bodyOf(m, true)
	_, err := b.send(http.MethodPatch, discordgo.EndpointWebhookMessage(appID, token, messageID), body, files, options...)
	return err
}

// editMessage edits a channel message with m.
func (b *Bot) editMessage(channel, id string, m message, options ...discordgo.RequestOption) error {
	body, files := bodyOf(m, true)
	_, err := b.send(http.MethodPatch, discordgo.EndpointChannelMessage(channel, id), body, files, options...)
	return err
}

// picture is one file of a message with its alt text.
type picture struct {
	file *discordgo.File
	alt  string
}

// files lists a message's pictures.
func (m message) files() []picture {
	out := append([]picture(nil), m.more...)
	if m.file != nil {
		out = append([]picture{{m.file, m.alt}}, out...)
	}
	return out
}
