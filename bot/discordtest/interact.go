package discordtest

import (
	"encoding/json"
	"fmt"
	"net/http"
	"time"

	"github.com/bwmarrin/discordgo"
)

// interactionRec is a dispatched interaction; guarded by Server.mu.
type interactionRec struct {
	id, token, appID string
	typ              discordgo.InteractionType
	cmdType          int // data.type of application commands
	guildID          string
	channelID        string
	userID           string
	messageID        string // components: the message carrying the component
	dispatched       time.Time
	on               []GatewaySession // the sessions it was dispatched to
	acked            bool
	expired          bool // ExpireInteraction: the 3 s window passed
	ackedAt          time.Time
	ackType          discordgo.InteractionResponseType
	originalID       string
	followups        []string
	responses        []Response
}

// registerInteraction remembers an INTERACTION_CREATE payload and the
// sessions it goes to.
func (s *Server) registerInteraction(payload []byte, to []*gwSession) error {
	type user struct {
		ID         string `json:"id"`
		Username   string `json:"username"`
		GlobalName string `json:"global_name"`
		Bot        bool   `json:"bot"`
	}
	var p struct {
		ID        string `json:"id"`
		Token     string `json:"token"`
		AppID     string `json:"application_id"`
		Type      int    `json:"type"`
		GuildID   string `json:"guild_id"`
		ChannelID string `json:"channel_id"`
		Member    *struct {
			User *user `json:"user"`
		} `json:"member"`
		User    *user `json:"user"`
		Message *struct {
			ID string `json:"id"`
		} `json:"message"`
		Data struct {
			Type int `json:"type"`
		} `json:"data"`
	}
	if err := json.Unmarshal(payload, &p); err != nil {
		return fmt.Errorf("INTERACTION_CREATE payload: %w", err)
	}
	if p.ID == "" || p.Token == "" {
		return fmt.Errorf("INTERACTION_CREATE payload without id or token")
	}
	rec := &interactionRec{
		id: p.ID, token: p.Token, appID: p.AppID, typ: discordgo.InteractionType(p.Type), cmdType: p.Data.Type,
		guildID: p.GuildID, channelID: p.ChannelID, dispatched: time.Now(),
	}
	u := p.User
	if p.Member != nil && p.Member.User != nil {
		u = p.Member.User
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, sess := range to {
		rec.on = append(rec.on, sess.infoLocked())
	}
	if u != nil {
		rec.userID = u.ID
		if _, known := s.users[u.ID]; !known {
			s.users[u.ID] = discordUser{ID: u.ID, Username: u.Username, GlobalName: u.GlobalName, Bot: u.Bot}
		}
	}
	if p.Message != nil {
		rec.messageID = p.Message.ID
	}
	if p.GuildID != "" && p.ChannelID != "" {
		if _, ok := s.chanGuild[p.ChannelID]; !ok {
			s.chanGuild[p.ChannelID] = p.GuildID
		}
	}
	if old := s.interactions[p.ID]; old != nil {
		delete(s.byToken, old.token)
	}
	s.interactions[p.ID] = rec
	s.byToken[p.Token] = rec
	return nil
}

func (s *Server) newInteractionMessageLocked(rec *interactionRec) *storedMessage {
	m := &storedMessage{webhook: true, interaction: rec}
	switch {
	case rec.typ == discordgo.InteractionApplicationCommand && rec.cmdType == int(discordgo.ChatApplicationCommand):
		m.typ = int(discordgo.MessageTypeChatInputCommand)
	case rec.typ == discordgo.InteractionApplicationCommand:
		m.typ = int(discordgo.MessageTypeContextMenuCommand)
	}
	m.ID = s.NewID()
	m.ChannelID = rec.channelID
	m.GuildID = rec.guildID
	m.InteractionID = rec.id
	m.Time = time.Now()
	return m
}

func (s *Server) response(rec *interactionRec, kind ResponseKind, c *Call, d *decoded, msg *storedMessage) Response {
	now := time.Now()
	r := Response{Kind: kind, Data: c.JSON, Files: append([]File(nil), c.Files...), Time: now, SinceDispatch: now.Sub(rec.dispatched)}
	if d != nil {
		if d.p.Content != nil {
			r.Content = *d.p.Content
		}
		if d.p.Flags != nil {
			r.Flags = discordgo.MessageFlags(*d.p.Flags)
		}
		r.Embeds = d.embeds
		r.Components = d.components
	}
	if msg != nil {
		r.MessageID = msg.ID
		r.Ephemeral = msg.Ephemeral()
		// Files with the ids the fake assigned (the last len(c.Files) ones).
		if n := len(c.Files); n > 0 && n <= len(msg.Files) {
			r.Files = append([]File(nil), msg.Files[len(msg.Files)-n:]...)
		}
	}
	return r
}

func invalidResponseType() *apiError {
	return invalidBody("type", "INTERACTION_RESPONSE_TYPE_INVALID", "Interaction response type is not valid for this interaction")
}

// interactionCallbackLocked: POST /interactions/{id}/{token}/callback.
func (s *Server) interactionCallbackLocked(c *Call, id, token string) (int, any, *apiError) {
	rec := s.interactions[id]
	if rec == nil || rec.token != token {
		return 0, nil, errUnknownInteraction()
	}
	if rec.acked {
		return 0, nil, &apiError{http.StatusBadRequest, 40060, "Interaction has already been acknowledged.", nil}
	}
	if rec.expired || s.ackDeadline > 0 && time.Since(rec.dispatched) > s.ackDeadline {
		return 0, nil, errUnknownInteraction()
	}
	var body struct {
		Type int             `json:"type"`
		Data json.RawMessage `json:"data"`
	}
	if err := json.Unmarshal(c.JSON, &body); err != nil || body.Type == 0 {
		return 0, nil, invalidBody("type", "BASE_TYPE_REQUIRED", "This field is required")
	}
	rt := discordgo.InteractionResponseType(body.Type)
	var msg *storedMessage
	var d *decoded
	switch rt {
	case discordgo.InteractionResponseChannelMessageWithSource:
		if rec.typ == discordgo.InteractionApplicationCommandAutocomplete {
			return 0, nil, invalidResponseType()
		}
		msg = s.newInteractionMessageLocked(rec)
		if aerr := s.createFromRawLocked(msg, body.Data, c.Files, true); aerr != nil {
			return 0, nil, prefixed(aerr, "data")
		}
		rec.originalID = msg.ID
	case discordgo.InteractionResponseDeferredChannelMessageWithSource:
		if rec.typ == discordgo.InteractionApplicationCommandAutocomplete {
			return 0, nil, invalidResponseType()
		}
		var aerr *apiError
		if d, aerr = decodePayload(body.Data); aerr != nil {
			return 0, nil, prefixed(aerr, "data")
		}
		msg = s.newInteractionMessageLocked(rec)
		msg.Flags = discordgo.MessageFlagsLoading
		if d.p.Flags != nil {
			msg.Flags |= discordgo.MessageFlags(*d.p.Flags) & discordgo.MessageFlagsEphemeral
		}
		s.messages[msg.ID] = msg
		rec.originalID = msg.ID
	case discordgo.InteractionResponseDeferredMessageUpdate, discordgo.InteractionResponseUpdateMessage:
		if rec.typ != discordgo.InteractionMessageComponent && rec.typ != discordgo.InteractionModalSubmit {
			return 0, nil, invalidResponseType()
		}
		if rec.messageID == "" {
			return 0, nil, errUnknownMessage()
		}
		msg = s.messages[rec.messageID]
		if msg == nil { // a component of a message the fake did not see (DispatchRaw)
			msg = &storedMessage{}
			msg.ID, msg.ChannelID, msg.GuildID, msg.Time = rec.messageID, rec.channelID, rec.guildID, time.Now()
			s.messages[msg.ID] = msg
		}
		if rt == discordgo.InteractionResponseUpdateMessage {
			var aerr *apiError
			if d, aerr = s.applyEditLocked(msg, body.Data, c.Files); aerr != nil {
				return 0, nil, prefixed(aerr, "data")
			}
		}
		rec.originalID = msg.ID
	case discordgo.InteractionApplicationCommandAutocompleteResult:
		if rec.typ != discordgo.InteractionApplicationCommandAutocomplete {
			return 0, nil, invalidResponseType()
		}
		var data struct {
			Choices []json.RawMessage `json:"choices"`
		}
		_ = json.Unmarshal(body.Data, &data)
		if len(data.Choices) > 25 {
			return 0, nil, invalidBody("data.choices", "BASE_TYPE_MAX_LENGTH", "Must be 25 or fewer in length.")
		}
	case discordgo.InteractionResponseModal:
		if rec.typ == discordgo.InteractionModalSubmit || rec.typ == discordgo.InteractionApplicationCommandAutocomplete {
			return 0, nil, invalidResponseType()
		}
		var data struct {
			CustomID   string            `json:"custom_id"`
			Title      string            `json:"title"`
			Components []json.RawMessage `json:"components"`
		}
		_ = json.Unmarshal(body.Data, &data)
		fe := formErrors{}
		if data.CustomID == "" {
			fe.add("data.custom_id", "BASE_TYPE_REQUIRED", "This field is required")
		}
		if data.Title == "" || len([]rune(data.Title)) > 45 {
			fe.add("data.title", "BASE_TYPE_BAD_LENGTH", "Must be between 1 and 45 in length.")
		}
		if len(data.Components) == 0 || len(data.Components) > 5 {
			fe.add("data.components", "BASE_TYPE_BAD_LENGTH", "Must be between 1 and 5 in length.")
		}
		if aerr := fe.err(); aerr != nil {
			return 0, nil, aerr
		}
	default:
		return 0, nil, invalidResponseType()
	}
	if d == nil && present(body.Data) && rt != discordgo.InteractionApplicationCommandAutocompleteResult && rt != discordgo.InteractionResponseModal {
		d, _ = decodePayload(body.Data)
	}
	rec.acked = true
	rec.ackedAt = time.Now()
	rec.ackType = rt
	r := s.response(rec, KindCallback, c, d, msg)
	r.Type = rt
	r.Data = body.Data
	if rt == discordgo.InteractionResponseDeferredMessageUpdate {
		r.MessageID = ""
	}
	rec.responses = append(rec.responses, r)
	return http.StatusNoContent, nil, nil
}

// prefixed moves the form errors of a message payload under path (e.g.
// "data" for interaction callbacks).
func prefixed(aerr *apiError, path string) *apiError {
	if aerr.errors == nil {
		return aerr
	}
	cp := *aerr
	cp.errors = map[string]any{path: aerr.errors}
	return &cp
}

func (s *Server) webhookRecLocked(app, token string) *interactionRec {
	rec := s.byToken[token]
	if rec == nil || (app != rec.appID && app != s.appID) {
		return nil
	}
	return rec
}

// followupLocked: POST /webhooks/{app}/{token}[?wait=true].
func (s *Server) followupLocked(c *Call, app, token string) (int, any, *apiError) {
	rec := s.webhookRecLocked(app, token)
	if rec == nil || !rec.acked {
		return 0, nil, errUnknownWebhook()
	}
	var msg *storedMessage
	var d *decoded
	orig := s.messages[rec.originalID]
	if rec.ackType == discordgo.InteractionResponseDeferredChannelMessageWithSource && orig != nil &&
		orig.Flags&discordgo.MessageFlagsLoading != 0 && !orig.Deleted {
		// Discord quirk: the first followup after a deferred response edits
		// the loading message instead of creating a new one; its ephemeral
		// flag is ignored (the deferral decided it).
		var aerr *apiError
		if d, aerr = decodePayload(c.JSON); aerr != nil {
			return 0, nil, aerr
		}
		if d.empty(c.Files) {
			return 0, nil, errEmptyMessage()
		}
		if d, aerr = s.applyEditLocked(orig, c.JSON, c.Files); aerr != nil {
			return 0, nil, aerr
		}
		msg = orig
	} else {
		msg = s.newInteractionMessageLocked(rec)
		if aerr := s.createFromRawLocked(msg, c.JSON, c.Files, true); aerr != nil {
			return 0, nil, aerr
		}
		rec.followups = append(rec.followups, msg.ID)
		d, _ = decodePayload(c.JSON)
	}
	rec.responses = append(rec.responses, s.response(rec, KindFollowup, c, d, msg))
	if c.Query.Get("wait") == "true" {
		return 200, s.messageJSONLocked(msg), nil
	}
	return http.StatusNoContent, nil, nil
}

// webhookMessageLocked: GET/PATCH/DELETE /webhooks/{app}/{token}/messages/{id|@original}.
func (s *Server) webhookMessageLocked(c *Call, app, token, mid string) (int, any, *apiError) {
	rec := s.webhookRecLocked(app, token)
	if rec == nil || !rec.acked {
		return 0, nil, errUnknownWebhook()
	}
	original := mid == "@original"
	if original {
		mid = rec.originalID
	}
	ok := mid != "" && mid == rec.originalID
	for _, f := range rec.followups {
		ok = ok || f == mid
	}
	msg := s.messages[mid]
	if !ok || msg == nil || msg.Deleted {
		return 0, nil, errUnknownMessage()
	}
	switch c.Method {
	case http.MethodGet:
		return 200, s.messageJSONLocked(msg), nil
	case http.MethodPatch:
		d, aerr := s.applyEditLocked(msg, c.JSON, c.Files)
		if aerr != nil {
			return 0, nil, aerr
		}
		kind := KindEditFollowup
		if original {
			kind = KindEditOriginal
		}
		rec.responses = append(rec.responses, s.response(rec, kind, c, d, msg))
		return 200, s.messageJSONLocked(msg), nil
	default: // DELETE
		msg.Deleted = true
		kind := KindDeleteFollowup
		if original {
			kind = KindDeleteOriginal
		}
		r := s.response(rec, kind, c, nil, msg)
		rec.responses = append(rec.responses, r)
		return http.StatusNoContent, nil, nil
	}
}
