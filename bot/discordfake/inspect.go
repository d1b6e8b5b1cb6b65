package discordfake

import (
	"encoding/json"
	"net/url"
	"time"

	"github.com/bwmarrin/discordgo"
)

// Call is one recorded REST request.
type Call struct {
	Method string
	// Path is the request path as sent, e.g. "/api/v9/channels/1/messages".
	Path string
	// Route is Path without the "/api/vN" prefix, e.g. "/channels/1/messages".
	Route string
	Query url.Values
	// Auth is the Authorization header ("Bot <token>").
	Auth        string
	ContentType string
	// Body is the raw request body.
	Body []byte
	// JSON is the JSON body, or the payload_json part of a multipart body.
	JSON json.RawMessage
	// Files are the files[n] parts of a multipart body.
	Files []File
	// Status is the HTTP status the fake answered with.
	Status int
	// Response is the body the fake answered with.
	Response []byte
	// Unexpected is true when no route of the fake matched (answered 404
	// {"message": "404: Not Found", "code": 0}).
	Unexpected bool
	// Template is the path template of Discord's OpenAPI description that
	// the route matched, e.g. "/channels/{channel_id}/messages" ("" if
	// none).
	Template string
	// Fault is the fault injected with Fail or FailNext that answered the
	// call (nil if it was served).
	Fault *Fault
	// SpecErrors are the OpenAPI violations of the request and the response
	// found by Options.Check (discordtest: Server.Violations).
	SpecErrors []string
	Time       time.Time
}

// File is a file uploaded in a multipart request (files[n] part).
type File struct {
	// ID is the attachment id the fake assigned.
	ID          string
	Name        string
	ContentType string
	// Data is the file's content: only its first bytes on a Lean server
	// (nil in a Call's Files there), whose Size says how long it was.
	Data []byte
	Size int
	// Description is the attachment's alt text, as the body's
	// "attachments" gave it.
	Description string
}

// Message is a message kept by the fake: a channel message, an interaction
// response or a followup.
type Message struct {
	ID        string
	ChannelID string
	GuildID   string
	Content   string
	Flags     discordgo.MessageFlags
	Embeds    []*discordgo.MessageEmbed
	// Components are decoded with discordgo (e.g. discordgo.ActionsRow
	// holding discordgo.Button).
	Components []discordgo.MessageComponent
	Files      []File
	// InteractionID is set for interaction responses and followups, and
	// InteractionUserID to the user who triggered the interaction.
	InteractionID     string
	InteractionUserID string
	Edits             int
	Deleted           bool
	Time              time.Time
	// Pinned: pinned in its channel (PUT .../pins/{message}), since
	// PinnedAt.
	Pinned   bool
	PinnedAt time.Time
	// AllowedMentions is whom the message may ping, as its create or
	// its last edit that said it gave it (nil: never said).
	AllowedMentions *discordgo.MessageAllowedMentions
	// Type is the message's type: 0 for the bot's posts, 18 for the
	// THREAD_CREATED notice Discord leaves in a thread's parent.
	Type int
	// Thread is the thread started from the message, or the one a
	// THREAD_CREATED notice tells of (threads.go).
	Thread string
}

// Ephemeral reports whether the message has the EPHEMERAL flag (64).
func (m Message) Ephemeral() bool { return m.Flags&discordgo.MessageFlagsEphemeral != 0 }

// ResponseKind tells which endpoint produced a Response.
type ResponseKind string

// Response kinds.
const (
	// KindCallback: POST /interactions/{id}/{token}/callback.
	KindCallback ResponseKind = "callback"
	// KindEditOriginal: PATCH /webhooks/{app}/{token}/messages/@original.
	KindEditOriginal ResponseKind = "edit_original"
	// KindDeleteOriginal: DELETE /webhooks/{app}/{token}/messages/@original.
	KindDeleteOriginal ResponseKind = "delete_original"
	// KindFollowup: POST /webhooks/{app}/{token}.
	KindFollowup ResponseKind = "followup"
	// KindEditFollowup: PATCH /webhooks/{app}/{token}/messages/{id}.
	KindEditFollowup ResponseKind = "edit_followup"
	// KindDeleteFollowup: DELETE /webhooks/{app}/{token}/messages/{id}.
	KindDeleteFollowup ResponseKind = "delete_followup"
)

// Response is one successful reply of the bot to an interaction.
type Response struct {
	Kind ResponseKind
	// Type is the callback type (4 message, 5 deferred, 6 deferred update,
	// 7 update message, ...); 0 for edits and followups.
	Type discordgo.InteractionResponseType
	// MessageID is the message created or edited (empty for type 6 and for
	// types that create no message).
	MessageID string
	// Content is the content sent in this call ("" if not sent).
	Content    string
	Flags      discordgo.MessageFlags
	Ephemeral  bool // for edits: whether the edited message is ephemeral
	Embeds     []*discordgo.MessageEmbed
	Components []discordgo.MessageComponent
	Files      []File
	// Data is the raw JSON sent (the callback's "data" object, or the
	// webhook body).
	Data json.RawMessage
	Time time.Time
	// SinceDispatch is Time minus the moment the interaction was dispatched.
	SinceDispatch time.Duration
}

// InteractionInfo is what the fake knows about a dispatched interaction.
type InteractionInfo struct {
	ID, Token, AppID string
	Type             discordgo.InteractionType
	GuildID          string
	ChannelID        string
	UserID           string
	DispatchedAt     time.Time
	Acknowledged     bool
	AckType          discordgo.InteractionResponseType
	// AckDelay is the time from dispatch to the callback.
	AckDelay time.Duration
	// OriginalID is the id of the original response message, if any.
	OriginalID string
	// Sessions are the gateway sessions it was dispatched to: those of
	// its guild's shard (ShardOf), as they were then (Conn 0: the
	// session was away and got it on its RESUME).
	Sessions []GatewaySession
}

// Frame is one gateway frame, sent or received by the fake.
type Frame struct {
	// Sent is true for frames sent by the fake, false for frames received.
	Sent bool
	Op   int
	Seq  int64
	Type string
	Data json.RawMessage
	Time time.Time
}

// Calls returns every REST call so far, in order.
func (s *Server) Calls() []Call {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]Call(nil), s.calls...)
}

// UnexpectedCalls returns the calls no route of the fake matched.
func (s *Server) UnexpectedCalls() []Call {
	s.mu.Lock()
	defer s.mu.Unlock()
	var out []Call
	for _, c := range s.calls {
		if c.Unexpected {
			out = append(out, c)
		}
	}
	return out
}

// In returns the messages the bot posted with POST
// /channels/{id}/messages into the channel (edits applied, deleted ones
// included with Deleted set), oldest first. Interaction responses are not
// included: see Responses and Original.
func (ms Messages) In(channelID string) []Message {
	s := ms.s
	s.mu.Lock()
	defer s.mu.Unlock()
	var out []Message
	for _, id := range s.chanMsgs[channelID] {
		out = append(out, s.messages[id].snapshot())
	}
	return out
}

// DMs returns the messages posted into the user's DM channel (created with
// POST /users/@me/channels).
func (ms Messages) DMs(userID string) []Message {
	s := ms.s
	s.mu.Lock()
	ch := s.dmByUser[userID]
	s.mu.Unlock()
	if ch == "" {
		return nil
	}
	return s.Messages().In(ch)
}

// DMChannel returns the id of the user's DM channel, if the bot created one.
func (ms Messages) DMChannel(userID string) (string, bool) {
	s := ms.s
	s.mu.Lock()
	defer s.mu.Unlock()
	ch, ok := s.dmByUser[userID]
	return ch, ok
}

// Get returns any message the fake knows by id.
func (ms Messages) Get(id string) (Message, bool) {
	s := ms.s
	s.mu.Lock()
	defer s.mu.Unlock()
	m := s.messages[id]
	if m == nil {
		return Message{}, false
	}
	return m.snapshot(), true
}

// Responses returns the callbacks, edits and followups of the interaction,
// in order.
func (in Interactions) Responses(interactionID string) []Response {
	s := in.s
	s.mu.Lock()
	defer s.mu.Unlock()
	rec := s.interactions[interactionID]
	if rec == nil {
		return nil
	}
	return append([]Response(nil), rec.responses...)
}

// Original returns the current state (all edits applied) of the
// interaction's original response message, i.e. what the user sees.
func (in Interactions) Original(interactionID string) (Message, bool) {
	s := in.s
	s.mu.Lock()
	defer s.mu.Unlock()
	rec := s.interactions[interactionID]
	if rec == nil || rec.originalID == "" || s.messages[rec.originalID] == nil {
		return Message{}, false
	}
	return s.messages[rec.originalID].snapshot(), true
}

// Followups returns the current state of the interaction's followup messages.
func (in Interactions) Followups(interactionID string) []Message {
	s := in.s
	s.mu.Lock()
	defer s.mu.Unlock()
	rec := s.interactions[interactionID]
	if rec == nil {
		return nil
	}
	var out []Message
	for _, id := range rec.followups {
		out = append(out, s.messages[id].snapshot())
	}
	return out
}

// Info returns what the fake knows about a dispatched interaction.
func (in Interactions) Info(id string) (InteractionInfo, bool) {
	s := in.s
	s.mu.Lock()
	defer s.mu.Unlock()
	rec := s.interactions[id]
	if rec == nil {
		return InteractionInfo{}, false
	}
	info := InteractionInfo{
		ID: rec.id, Token: rec.token, AppID: rec.appID, Type: rec.typ,
		GuildID: rec.guildID, ChannelID: rec.channelID, UserID: rec.userID,
		DispatchedAt: rec.dispatched, Acknowledged: rec.acked, AckType: rec.ackType,
		OriginalID: rec.originalID, Sessions: append([]GatewaySession(nil), rec.on...),
	}
	if rec.acked {
		info.AckDelay = rec.ackedAt.Sub(rec.dispatched)
	}
	return info, true
}

// Acknowledged reports whether the interaction got its callback.
func (in Interactions) Acknowledged(interactionID string) bool {
	s := in.s
	info, ok := s.Interactions().Info(interactionID)
	return ok && info.Acknowledged
}

// Commands returns the application commands registered for the guild ("" for
// global commands), as the fake returned them (ids assigned).
func (in Interactions) Commands(guild string) []*discordgo.ApplicationCommand {
	s := in.s
	s.mu.Lock()
	defer s.mu.Unlock()
	return copyCommands(s.commands[guild])
}

// Identify is a received IDENTIFY (op 2) payload.
type Identify struct {
	// Token as sent, e.g. "Bot <token>".
	Token          string            `json:"token"`
	Intents        discordgo.Intent  `json:"intents"`
	Compress       bool              `json:"compress"`
	LargeThreshold int               `json:"large_threshold"`
	Shard          *[2]int           `json:"shard"`
	Properties     map[string]string `json:"properties"`
	Presence       json.RawMessage   `json:"presence"`
}

// Identifies returns the IDENTIFY payloads received.
func (gw Gateway) Identifies() []Identify {
	s := gw.s
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]Identify(nil), s.identifies...)
}

// Identified reports whether a READY has been sent.
func (gw Gateway) Identified() bool {
	s := gw.s
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.readyCount > 0
}

// WaitReady waits until a gateway connection is ready (READY or RESUMED
// sent) to receive dispatches.
func (gw Gateway) WaitReady(timeout time.Duration) bool {
	s := gw.s
	return s.WaitFor(func() bool { return len(s.readyConns()) > 0 }, timeout)
}

// HeartbeatAcks is the number of HEARTBEAT_ACKs sent.
func (gw Gateway) HeartbeatAcks() int {
	s := gw.s
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.heartbeatAcks
}

// Frames returns every gateway frame sent and received, in order.
func (gw Gateway) Frames() []Frame {
	s := gw.s
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]Frame(nil), s.frames...)
}

// Dials returns the request URIs of gateway connections, e.g.
// "/gateway/?v=9&encoding=json".
func (gw Gateway) Dials() []string {
	s := gw.s
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]string(nil), s.dials...)
}

// OpenConnections is the number of gateway connections currently open.
func (gw Gateway) OpenConnections() int {
	s := gw.s
	s.mu.Lock()
	defer s.mu.Unlock()
	return len(s.conns)
}

// CloseCodes returns the close codes of close frames received from clients
// (1000 for discordgo's Session.Close).
func (gw Gateway) CloseCodes() []int {
	s := gw.s
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]int(nil), s.closeCodes...)
}

func copyCommands(in []*discordgo.ApplicationCommand) []*discordgo.ApplicationCommand {
	if in == nil {
		return nil
	}
	b, err := json.Marshal(in)
	if err != nil {
		panic(err)
	}
	var out []*discordgo.ApplicationCommand
	if err := json.Unmarshal(b, &out); err != nil {
		panic(err)
	}
	return out
}

// size is the file's length in bytes.
func (f File) size() int {
	if f.Size > 0 {
		return f.Size
	}
	return len(f.Data)
}
