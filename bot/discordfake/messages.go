package discordfake

import (
	"bytes"
	"encoding/json"
	"fmt"
	"image"
	_ "image/gif" // attachment width/height
	_ "image/jpeg"
	_ "image/png"
	"net/http"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/bwmarrin/discordgo"
)

// Discord limits checked by the fake.
const (
	maxContent     = 2000
	maxEmbeds      = 10
	maxFiles       = 10
	maxFileSize    = 10 << 20 // 10 MiB, the limit of unboosted guilds
	maxRows        = 5
	maxRowChildren = 5
	maxCustomID    = 100
	maxButtonLabel = 80
)

// storedMessage is a message kept by the fake.
type storedMessage struct {
	Message
	typ           int
	webhook       bool // posted through the interaction webhook
	interaction   *interactionRec
	rawComponents json.RawMessage
	editedAt      *time.Time
	nonce         json.RawMessage // as sent, returned in the create response
}

// nonceWindow is how long a nonce sent with enforce_nonce stays unique.
// Discord documents "the past few minutes"; the fake keeps five.
const nonceWindow = 5 * time.Minute

// nonceRec is the first message sent with a nonce.
type nonceRec struct {
	id string
	at time.Time
}

// nonceKey is the dedup key of a message nonce: its author and the nonce as
// a string (Discord compares the string forms of string and integer
// nonces), or "" when there is no usable nonce.
func nonceKey(author string, raw json.RawMessage) (string, *apiError) {
	if !present(raw) {
		return "", nil
	}
	var str string
	if err := json.Unmarshal(raw, &str); err == nil {
		if utf8.RuneCountInString(str) > 25 {
			return "", invalidBody("nonce", "BASE_TYPE_MAX_LENGTH", "Must be 25 or fewer in length.")
		}
		return author + "/" + str, nil
	}
	var n json.Number
	if err := json.Unmarshal(raw, &n); err == nil {
		if _, err := n.Int64(); err == nil {
			return author + "/" + n.String(), nil
		}
	}
	return "", invalidBody("nonce", "NONCE_TYPE_INVALID", "Nonce must be an integer or a string")
}

func (m *storedMessage) snapshot() Message {
	out := m.Message
	out.Type = m.typ
	out.Embeds = append([]*discordgo.MessageEmbed(nil), m.Embeds...)
	out.Components = append([]discordgo.MessageComponent(nil), m.Components...)
	out.Files = append([]File(nil), m.Files...)
	if m.interaction != nil {
		out.InteractionUserID = m.interaction.userID
	}
	return out
}

// msgPayload is the JSON of a message create/edit (channel message,
// interaction callback data, webhook execute/edit).
type msgPayload struct {
	Content     *string         `json:"content"`
	Embeds      json.RawMessage `json:"embeds"`
	Components  json.RawMessage `json:"components"`
	Attachments json.RawMessage `json:"attachments"`
	Flags       *int64          `json:"flags"`
	StickerIDs  []string        `json:"sticker_ids"`
	Poll        json.RawMessage `json:"poll"`
	// Nonce is a string (up to 25 characters) or an integer.
	Nonce        json.RawMessage `json:"nonce"`
	EnforceNonce *bool           `json:"enforce_nonce"`
	// AllowedMentions: whom the message may ping (mentions.go).
	AllowedMentions *discordgo.MessageAllowedMentions `json:"allowed_mentions"`
}

func present(raw json.RawMessage) bool {
	return len(raw) > 0 && !bytes.Equal(bytes.TrimSpace(raw), []byte("null"))
}

// decoded is a validated msgPayload.
type decoded struct {
	p             msgPayload
	embeds        []*discordgo.MessageEmbed
	components    []discordgo.MessageComponent
	rawComponents json.RawMessage
	keep          map[string]bool   // attachment ids listed in "attachments"
	contentNull   bool              // "content": null, which clears the content of an edited message
	descriptions  map[string]string // their descriptions (alt texts), by id: files[n] is id n
}

func decodePayload(raw json.RawMessage) (*decoded, *apiError) { return decodeFor(raw, false) }

// decodeFor decodes a payload for a message that has the flag
// IS_COMPONENTS_V2 already (wasV2): an edit that does not say its flags
// keeps it, and its components are V2 ones.
func decodeFor(raw json.RawMessage, wasV2 bool) (*decoded, *apiError) {
	d := &decoded{}
	if present(raw) {
		if err := json.Unmarshal(raw, &d.p); err != nil {
			return nil, invalidBody("", "MODEL_TYPE_CONVERT", "Invalid message body: "+err.Error())
		}
	}
	if present(raw) {
		var fields map[string]json.RawMessage
		if json.Unmarshal(raw, &fields) == nil {
			c, ok := fields["content"]
			d.contentNull = ok && !present(c)
		}
	}
	fe := formErrors{}
	if d.p.Content != nil && utf8.RuneCountInString(*d.p.Content) > maxContent {
		fe.add("content", "BASE_TYPE_MAX_LENGTH", fmt.Sprintf("Must be %d or fewer in length.", maxContent))
	}
	if present(d.p.Embeds) {
		if err := json.Unmarshal(d.p.Embeds, &d.embeds); err != nil {
			return nil, invalidBody("embeds", "MODEL_TYPE_CONVERT", err.Error())
		}
		if d.embeds == nil {
			d.embeds = []*discordgo.MessageEmbed{}
		}
		validateEmbeds(d.embeds, fe)
	}
	if present(d.p.Components) {
		var raws []json.RawMessage
		if err := json.Unmarshal(d.p.Components, &raws); err != nil {
			return nil, invalidBody("components", "MODEL_TYPE_CONVERT", err.Error())
		}
		d.components = []discordgo.MessageComponent{}
		for i, r := range raws {
			mc, err := discordgo.MessageComponentFromJSON(r)
			if err != nil {
				fe.add(fmt.Sprintf("components.%d", i), "MODEL_TYPE_CONVERT", err.Error())
				continue
			}
			d.components = append(d.components, mc)
		}
		d.rawComponents = d.p.Components
		v2 := d.isV2() || wasV2 && d.p.Flags == nil
		validateComponents(d.components, v2, fe)
	}
	if present(d.p.Attachments) {
		var atts []struct {
			ID          json.RawMessage `json:"id"`
			Description string          `json:"description"`
		}
		if err := json.Unmarshal(d.p.Attachments, &atts); err != nil {
			return nil, invalidBody("attachments", "MODEL_TYPE_CONVERT", err.Error())
		}
		d.keep, d.descriptions = map[string]bool{}, map[string]string{}
		for i, a := range atts {
			id := strings.Trim(string(a.ID), `"`)
			d.keep[id] = true
			if utf8.RuneCountInString(a.Description) > maxAltText {
				fe.add(fmt.Sprintf("attachments.%d.description", i), "BASE_TYPE_MAX_LENGTH", fmt.Sprintf("Must be %d or fewer in length.", maxAltText))
			}
			d.descriptions[id] = a.Description
		}
	}
	if aerr := fe.err(); aerr != nil {
		return nil, aerr
	}
	if aerr := d.checkV2Fields(); aerr != nil {
		return nil, aerr
	}
	return d, nil
}

func (d *decoded) empty(files []File) bool {
	return (d.p.Content == nil || *d.p.Content == "") && len(d.embeds) == 0 && len(files) == 0 &&
		len(d.components) == 0 && len(d.p.StickerIDs) == 0 && !present(d.p.Poll)
}

func validateEmbeds(embeds []*discordgo.MessageEmbed, fe formErrors) {
	if len(embeds) > maxEmbeds {
		fe.add("embeds", "BASE_TYPE_MAX_LENGTH", fmt.Sprintf("Must be %d or fewer in length.", maxEmbeds))
	}
	total := 0
	check := func(path, s string, max int) {
		n := utf8.RuneCountInString(s)
		total += n
		if n > max {
			fe.add(path, "BASE_TYPE_MAX_LENGTH", fmt.Sprintf("Must be %d or fewer in length.", max))
		}
	}
	for i, e := range embeds {
		if e == nil {
			continue
		}
		p := fmt.Sprintf("embeds.%d.", i)
		check(p+"title", e.Title, 256)
		check(p+"description", e.Description, 4096)
		if e.Footer != nil {
			check(p+"footer.text", e.Footer.Text, 2048)
		}
		if e.Author != nil {
			check(p+"author.name", e.Author.Name, 256)
		}
		if len(e.Fields) > 25 {
			fe.add(p+"fields", "BASE_TYPE_MAX_LENGTH", "Must be 25 or fewer in length.")
		}
		for j, f := range e.Fields {
			if f == nil {
				continue
			}
			fp := fmt.Sprintf("%sfields.%d.", p, j)
			if f.Name == "" {
				fe.add(fp+"name", "BASE_TYPE_REQUIRED", "This field is required")
			}
			if f.Value == "" {
				fe.add(fp+"value", "BASE_TYPE_REQUIRED", "This field is required")
			}
			check(fp+"name", f.Name, 256)
			check(fp+"value", f.Value, 1024)
		}
	}
	if total > 6000 {
		fe.add("embeds", "MAX_EMBED_SIZE_EXCEEDED", "Embed size exceeds maximum size of 6000")
	}
}

func validateComponents(rows []discordgo.MessageComponent, v2 bool, fe formErrors) {
	seen := map[string]bool{}
	checkID := func(path, id string) {
		switch {
		case id == "":
			fe.add(path, "BASE_TYPE_REQUIRED", "This field is required")
		case utf8.RuneCountInString(id) > maxCustomID:
			fe.add(path, "BASE_TYPE_MAX_LENGTH", fmt.Sprintf("Must be %d or fewer in length.", maxCustomID))
		case seen[id]:
			fe.add(path, "COMPONENT_CUSTOM_ID_DUPLICATED", "Component custom id cannot be duplicated")
		}
		seen[id] = true
	}
	if v2 {
		validateV2(rows, checkID, fe) // messages_v2.go
		return
	}
	if len(rows) > maxRows {
		fe.add("components", "BASE_TYPE_MAX_LENGTH", fmt.Sprintf("Must be %d or fewer in length.", maxRows))
	}
	for i, c := range rows {
		row, ok := c.(*discordgo.ActionsRow)
		if !ok {
			fe.add(fmt.Sprintf("components.%d", i), "UNION_TYPE_CHOICES", "Value of field \"type\" must be one of (1,).")
			continue
		}
		validateRow(fmt.Sprintf("components.%d.", i), row, checkID, fe)
	}
}

// validateRow checks an action row at path ("components.0.") and its
// buttons and menus.
func validateRow(path string, row *discordgo.ActionsRow, checkID func(path, id string), fe formErrors) {
	if len(row.Components) == 0 || len(row.Components) > maxRowChildren {
		fe.add(path+"components", "BASE_TYPE_BAD_LENGTH", "Must be between 1 and 5 in length.")
	}
	for j, cc := range row.Components {
		p := fmt.Sprintf("%scomponents.%d.", path, j)
		switch v := cc.(type) {
		case *discordgo.Button:
			validateButton(p, v, checkID, fe)
		case *discordgo.SelectMenu:
			checkID(p+"custom_id", v.CustomID)
			if v.MenuType == discordgo.StringSelectMenu && (len(v.Options) == 0 || len(v.Options) > 25) {
				fe.add(p+"options", "BASE_TYPE_BAD_LENGTH", "Must be between 1 and 25 in length.")
			}
			if len(row.Components) != 1 {
				fe.add(p+"type", "COMPONENT_LAYOUT_WIDTH_EXCEEDED", "The specified component exceeds the maximum width")
			}
		case *discordgo.TextInput:
			checkID(p+"custom_id", v.CustomID)
		default:
			fe.add(p+"type", "UNION_TYPE_CHOICES", "Value of field \"type\" must be one of (2, 3, 4, 5, 6, 7, 8).")
		}
	}
}

// validateButton checks a button at path.
func validateButton(p string, v *discordgo.Button, checkID func(path, id string), fe formErrors) {
	if utf8.RuneCountInString(v.Label) > maxButtonLabel {
		fe.add(p+"label", "BASE_TYPE_MAX_LENGTH", fmt.Sprintf("Must be %d or fewer in length.", maxButtonLabel))
	}
	if v.Label == "" && v.Emoji == nil {
		fe.add(p+"label", "BUTTON_LABEL_OR_EMOJI_REQUIRED", "A label or emoji is required")
	}
	if v.Style == discordgo.LinkButton {
		if v.URL == "" {
			fe.add(p+"url", "BUTTON_URL_REQUIRED", "A url is required")
		}
	} else if v.Style != discordgo.PremiumButton {
		checkID(p+"custom_id", v.CustomID)
	}
}

func (s *Server) checkFiles(files []File) *apiError {
	if len(files) > maxFiles {
		return invalidBody("files", "BASE_TYPE_MAX_LENGTH", fmt.Sprintf("Must be %d or fewer in length.", maxFiles))
	}
	for _, f := range files {
		if len(f.Data) > maxFileSize {
			return &apiError{http.StatusRequestEntityTooLarge, 40005, "Request entity too large", nil}
		}
	}
	return nil
}

func (s *Server) assignFileIDs(files []File, d *decoded) []File {
	out := make([]File, len(files))
	for i, f := range files {
		f.ID = s.NewID()
		f.Description = d.descriptions[strconv.Itoa(i)]
		f.Size = len(f.Data)
		if s.lean {
			// The head is enough for the attachment's width and height.
			f.Data = bytes.Clone(f.Data[:min(len(f.Data), leanHead)])
		}
		out[i] = f
	}
	return out
}

// leanHead is how much of a file a Lean server keeps: a PNG's or GIF's
// header with its size.
const leanHead = 64

// maxAltText is Discord's limit on an attachment's description.
const maxAltText = 1024

// createMessageLocked fills a new message from the call's payload and files,
// validates it and stores it. allowEphemeral keeps flag 64.
func (s *Server) createMessageLocked(msg *storedMessage, c *Call, allowEphemeral bool) *apiError {
	return s.createFromRawLocked(msg, c.JSON, c.Files, allowEphemeral)
}

func (s *Server) createFromRawLocked(msg *storedMessage, raw json.RawMessage, files []File, allowEphemeral bool) *apiError {
	d, aerr := decodePayload(raw)
	if aerr != nil {
		return aerr
	}
	if aerr := s.checkFiles(files); aerr != nil {
		return aerr
	}
	if d.empty(files) {
		return errEmptyMessage()
	}
	if d.p.Content != nil {
		msg.Content = *d.p.Content
	}
	msg.Embeds = d.embeds
	msg.Components = d.components
	msg.rawComponents = d.rawComponents
	msg.AllowedMentions = d.p.AllowedMentions
	msg.Files = s.assignFileIDs(files, d)
	if d.p.Flags != nil {
		allowed := discordgo.MessageFlagsSuppressEmbeds | discordgo.MessageFlagsSuppressNotifications | discordgo.MessageFlagsIsComponentsV2
		if allowEphemeral {
			allowed |= discordgo.MessageFlagsEphemeral
		}
		msg.Flags = discordgo.MessageFlags(*d.p.Flags) & allowed
	}
	if msg.Time.IsZero() {
		msg.Time = time.Now()
	}
	s.messages[msg.ID] = msg
	return nil
}

// editMessageLocked applies an edit (PATCH) to a stored message.
func (s *Server) editMessageLocked(msg *storedMessage, c *Call) *apiError {
	_, aerr := s.applyEditLocked(msg, c.JSON, c.Files)
	return aerr
}

func (s *Server) applyEditLocked(msg *storedMessage, raw json.RawMessage, files []File) (*decoded, *apiError) {
	d, aerr := decodeFor(raw, msg.Flags&discordgo.MessageFlagsIsComponentsV2 != 0)
	if aerr != nil {
		return nil, aerr
	}
	if aerr := s.checkFiles(files); aerr != nil {
		return nil, aerr
	}
	content, embeds, components, kept := msg.Content, msg.Embeds, msg.Components, msg.Files
	if d.p.Content != nil {
		content = *d.p.Content
	} else if d.contentNull {
		content = ""
	}
	if d.embeds != nil {
		embeds = d.embeds
	}
	if aerr := checkV2Edit(msg, d, content, embeds); aerr != nil {
		return nil, aerr
	}
	if d.components != nil {
		components = d.components
	}
	if d.keep != nil {
		kept = nil
		for _, f := range msg.Files {
			if d.keep[f.ID] {
				kept = append(kept, f)
			}
		}
	}
	wasEmpty := msg.Content == "" && len(msg.Embeds) == 0 && len(msg.Components) == 0 && len(msg.Files) == 0 &&
		msg.Flags&discordgo.MessageFlagsLoading == 0
	if !wasEmpty && content == "" && len(embeds) == 0 && len(components) == 0 && len(kept)+len(files) == 0 {
		return nil, errEmptyMessage()
	}
	msg.Content, msg.Embeds, msg.Components = content, embeds, components
	if d.p.AllowedMentions != nil {
		msg.AllowedMentions = d.p.AllowedMentions
	}
	if d.components != nil {
		msg.rawComponents = d.rawComponents
	}
	msg.Files = append(append([]File(nil), kept...), s.assignFileIDs(files, d)...)
	msg.Flags &^= discordgo.MessageFlagsLoading
	msg.Edits++
	now := time.Now()
	msg.editedAt = &now
	return d, nil
}

// messageJSONLocked renders a message object as Discord returns it.
func (s *Server) messageJSONLocked(m *storedMessage) map[string]any {
	atts := make([]any, 0, len(m.Files))
	for _, f := range m.Files {
		a := map[string]any{
			"id": f.ID, "filename": f.Name, "size": f.size(),
			"url":       "https://cdn.discordapp.com/attachments/" + m.ChannelID + "/" + f.ID + "/" + f.Name,
			"proxy_url": "https://media.discordapp.net/attachments/" + m.ChannelID + "/" + f.ID + "/" + f.Name,
		}
		if f.ContentType != "" {
			a["content_type"] = f.ContentType
		}
		if f.Description != "" {
			a["description"] = f.Description
		}
		if cfg, _, err := image.DecodeConfig(bytes.NewReader(f.Data)); err == nil {
			a["width"], a["height"] = cfg.Width, cfg.Height
		}
		if m.Ephemeral() {
			a["ephemeral"] = true
		}
		atts = append(atts, a)
	}
	embeds := embedsJSON(m.Embeds)
	components := any([]any{})
	if present(m.rawComponents) {
		components = componentsJSONFor(m.rawComponents, s.mediaOf(m))
	}
	var edited any
	if m.editedAt != nil {
		edited = timestamp(*m.editedAt)
	}
	out := map[string]any{
		"id": m.ID, "type": m.typ, "content": m.Content, "channel_id": m.ChannelID,
		"author": s.userJSON(s.botUser), "attachments": atts, "embeds": embeds, "components": components,
		"mentions": []any{}, "mention_roles": []any{}, "mention_everyone": false, "pinned": m.Pinned, "tts": false,
		"timestamp": timestamp(m.Time), "edited_timestamp": edited, "flags": int64(m.Flags),
	}
	if present(m.nonce) {
		out["nonce"] = m.nonce
	}
	s.threadOfMessageJSON(m, out)
	if m.webhook {
		out["webhook_id"] = s.appID
		out["application_id"] = s.appID
	}
	if rec := m.interaction; rec != nil {
		meta := map[string]any{
			"id": rec.id, "type": rec.typ, "user": s.userJSON(s.users[rec.userID]),
			"authorizing_integration_owners": map[string]any{},
		}
		switch rec.typ {
		case discordgo.InteractionMessageComponent:
			// A component's metadata names the message it was on.
			meta["interacted_message_id"] = rec.messageID
		case discordgo.InteractionModalSubmit:
			// A form's names the interaction that opened it; the fake
			// does not link the two, so it names the same user's
			// command, as the form's own would.
			meta["triggering_interaction_metadata"] = map[string]any{
				"id": rec.id, "type": discordgo.InteractionApplicationCommand, "user": s.userJSON(s.users[rec.userID]),
				"authorizing_integration_owners": map[string]any{},
			}
		}
		out["interaction_metadata"] = meta
	}
	return out
}

func timestamp(t time.Time) string {
	return t.UTC().Format("2006-01-02T15:04:05.000000-07:00")
}

func (s *Server) userJSON(u discordUser) map[string]any {
	var global any
	if u.GlobalName != "" {
		global = u.GlobalName
	}
	name := u.Username
	if name == "" {
		name = "user" + tail(u.ID)
	}
	out := map[string]any{
		"id": u.ID, "username": name, "global_name": global, "avatar": nil,
		"discriminator": "0", "public_flags": 0, "flags": 0, "avatar_decoration_data": nil,
		"primary_guild": nil,
	}
	if u.Bot {
		out["bot"] = true
	}
	return out
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	// snowflakes sort numerically by length then lexically
	for i := 1; i < len(keys); i++ {
		for j := i; j > 0 && lessID(keys[j], keys[j-1]); j-- {
			keys[j], keys[j-1] = keys[j-1], keys[j]
		}
	}
	return keys
}

func lessID(a, b string) bool {
	if len(a) != len(b) {
		return len(a) < len(b)
	}
	return a < b
}

// parseID is strconv.ParseInt for snowflakes, 0 if invalid.
func parseID(id string) int64 {
	n, _ := strconv.ParseInt(id, 10, 64)
	return n
}
