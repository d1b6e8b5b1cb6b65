package discordfake

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

// callback is an interaction callback being served.
type callback struct {
	c    *Call
	rec  *interactionRec
	rt   discordgo.InteractionResponseType
	data json.RawMessage // the body's "data"
	msg  *storedMessage  // the message it created or updated, if any
	d    *decoded        // the message payload it carried, if any
}

// callbackTypes serve each response type a callback may have.
var callbackTypes = map[discordgo.InteractionResponseType]func(*Server, *callback) *apiError{
	discordgo.InteractionResponseChannelMessageWithSource:         (*Server).callbackMessageLocked,
	discordgo.InteractionResponseDeferredChannelMessageWithSource: (*Server).callbackDeferredLocked,
	discordgo.InteractionResponseDeferredMessageUpdate:            (*Server).callbackUpdateLocked,
	discordgo.InteractionResponseUpdateMessage:                    (*Server).callbackUpdateLocked,
	discordgo.InteractionApplicationCommandAutocompleteResult:     (*Server).callbackChoicesLocked,
	discordgo.InteractionResponseModal:                            (*Server).callbackModalLocked,
}

// interactionCallbackLocked: POST /interactions/{id}/{token}/callback. The
// interaction is found and must still take its answer, the body decoded,
// the answer served by its type and recorded as the acknowledgement.
func (s *Server) interactionCallbackLocked(c *Call, id, token string) (int, any, *apiError) {
	rec, aerr := s.callbackTargetLocked(id, token)
	if aerr != nil {
		return 0, nil, aerr
	}
	var body struct {
		Type int             `json:"type"`
		Data json.RawMessage `json:"data"`
	}
	if err := json.Unmarshal(c.JSON, &body); err != nil || body.Type == 0 {
		return 0, nil, invalidBody("type", "BASE_TYPE_REQUIRED", "This field is required")
	}
	cb := &callback{c: c, rec: rec, rt: discordgo.InteractionResponseType(body.Type), data: body.Data}
	serve := callbackTypes[cb.rt]
	if serve == nil {
		return 0, nil, invalidResponseType()
	}
	if aerr := serve(s, cb); aerr != nil {
		return 0, nil, aerr
	}
	s.acknowledgeLocked(cb)
	return http.StatusNoContent, nil, nil
}

// callbackTargetLocked is the interaction a callback answers, if it still
// takes an answer.
func (s *Server) callbackTargetLocked(id, token string) (*interactionRec, *apiError) {
	rec := s.interactions[id]
	if rec == nil || rec.token != token {
		return nil, errUnknownInteraction()
	}
	if rec.acked {
		return nil, &apiError{http.StatusBadRequest, 40060, "Interaction has already been acknowledged.", nil}
	}
	if rec.expired || s.ackDeadline > 0 && time.Since(rec.dispatched) > s.ackDeadline {
		return nil, errUnknownInteraction()
	}
	return rec, nil
}

// callbackMessageLocked: type 4, a message in answer.
func (s *Server) callbackMessageLocked(cb *callback) *apiError {
	if cb.rec.typ == discordgo.InteractionApplicationCommandAutocomplete {
		return invalidResponseType()
	}
	cb.msg = s.newInteractionMessageLocked(cb.rec)
	if aerr := s.createFromRawLocked(cb.msg, cb.data, cb.c.Files, true); aerr != nil {
		return prefixed(aerr, "data")
	}
	cb.rec.originalID = cb.msg.ID
	return nil
}

// callbackDeferredLocked: type 5, "thinking…", the message to come by an
// edit of the original.
func (s *Server) callbackDeferredLocked(cb *callback) *apiError {
	if cb.rec.typ == discordgo.InteractionApplicationCommandAutocomplete {
		return invalidResponseType()
	}
	var aerr *apiError
	if cb.d, aerr = decodePayload(cb.data); aerr != nil {
		return prefixed(aerr, "data")
	}
	cb.msg = s.newInteractionMessageLocked(cb.rec)
	cb.msg.Flags = discordgo.MessageFlagsLoading
	if cb.d.p.Flags != nil {
		cb.msg.Flags |= discordgo.MessageFlags(*cb.d.p.Flags) & discordgo.MessageFlagsEphemeral
	}
	s.messages[cb.msg.ID] = cb.msg
	cb.rec.originalID = cb.msg.ID
	return nil
}

// callbackUpdateLocked: types 6 and 7, the component's message kept or
// edited.
func (s *Server) callbackUpdateLocked(cb *callback) *apiError {
	rec := cb.rec
	if rec.typ != discordgo.InteractionMessageComponent && rec.typ != discordgo.InteractionModalSubmit {
		return invalidResponseType()
	}
	if rec.messageID == "" {
		return errUnknownMessage()
	}
	cb.msg = s.messages[rec.messageID]
	if cb.msg == nil { // a component of a message the fake did not see (Gateway().Dispatch)
		cb.msg = &storedMessage{}
		cb.msg.ID, cb.msg.ChannelID, cb.msg.GuildID, cb.msg.Time = rec.messageID, rec.channelID, rec.guildID, time.Now()
		s.messages[cb.msg.ID] = cb.msg
	}
	if cb.rt == discordgo.InteractionResponseUpdateMessage {
		var aerr *apiError
		if cb.d, aerr = s.applyEditLocked(cb.msg, cb.data, cb.c.Files); aerr != nil {
			return prefixed(aerr, "data")
		}
	}
	rec.originalID = cb.msg.ID
	return nil
}

// callbackChoicesLocked: type 8, autocomplete's choices.
func (s *Server) callbackChoicesLocked(cb *callback) *apiError {
	if cb.rec.typ != discordgo.InteractionApplicationCommandAutocomplete {
		return invalidResponseType()
	}
	var data struct {
		Choices []json.RawMessage `json:"choices"`
	}
	_ = json.Unmarshal(cb.data, &data)
	if len(data.Choices) > 25 {
		return invalidBody("data.choices", "BASE_TYPE_MAX_LENGTH", "Must be 25 or fewer in length.")
	}
	return nil
}

// callbackModalLocked: type 9, a modal to fill in.
func (s *Server) callbackModalLocked(cb *callback) *apiError {
	if cb.rec.typ == discordgo.InteractionModalSubmit || cb.rec.typ == discordgo.InteractionApplicationCommandAutocomplete {
		return invalidResponseType()
	}
	var data struct {
		CustomID   string            `json:"custom_id"`
		Title      string            `json:"title"`
		Components []json.RawMessage `json:"components"`
	}
	_ = json.Unmarshal(cb.data, &data)
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
	checkModalParts(data.Components, fe) // modals.go
	return fe.err()
}

// acknowledgeLocked records a served callback: the interaction is
// acknowledged, and the answer is its first Response.
func (s *Server) acknowledgeLocked(cb *callback) {
	rec, rt := cb.rec, cb.rt
	if cb.d == nil && present(cb.data) && rt != discordgo.InteractionApplicationCommandAutocompleteResult && rt != discordgo.InteractionResponseModal {
		cb.d, _ = decodePayload(cb.data)
	}
	rec.acked = true
	rec.ackedAt = time.Now()
	rec.ackType = rt
	r := s.response(rec, KindCallback, cb.c, cb.d, cb.msg)
	r.Type = rt
	r.Data = cb.data
	if rt == discordgo.InteractionResponseDeferredMessageUpdate {
		r.MessageID = ""
	}
	rec.responses = append(rec.responses, r)
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
