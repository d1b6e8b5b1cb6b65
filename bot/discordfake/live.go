package discordfake

import (
	"net/http"
	"net/url"
	"sort"
	"strings"

	"github.com/bwmarrin/discordgo"
)

// Change is what a REST call of the bot changed, sent to subscribers: a
// message created, edited or deleted (in a channel or a DM), an
// interaction answered (ephemeral answers included), a pin, the commands.
type Change struct {
	Method string
	// Route is the call's route, e.g. "/channels/1/messages".
	Route string
	// ChannelID is the channel concerned, when the fake knows it.
	ChannelID string
}

// Subscribe returns a channel that receives a Change after every REST call
// that changed something (any successful call but a GET), and a function
// that ends the subscription. A subscriber that does not keep up misses
// changes (the channel holds 64); Close closes the channel.
func (s *Server) Subscribe() (<-chan Change, func()) {
	ch := make(chan Change, 64)
	s.mu.Lock()
	if s.closed {
		close(ch)
	} else {
		s.subscribers[ch] = true
	}
	s.mu.Unlock()
	return ch, func() {
		s.mu.Lock()
		if s.subscribers[ch] {
			delete(s.subscribers, ch)
			close(ch)
		}
		s.mu.Unlock()
	}
}

// notifyLocked tells the subscribers about a served call.
func (s *Server) notifyLocked(c *Call) {
	if c.Method == http.MethodGet || c.Method == http.MethodHead || c.Fault != nil || c.Status >= 300 || len(s.subscribers) == 0 {
		return
	}
	ch := Change{Method: c.Method, Route: c.Route}
	seg := strings.Split(strings.TrimPrefix(c.Route, "/"), "/")
	switch {
	case len(seg) > 1 && seg[0] == "channels":
		ch.ChannelID = seg[1]
	case len(seg) > 2 && seg[0] == "interactions":
		if rec := s.interactions[seg[1]]; rec != nil {
			ch.ChannelID = rec.channelID
		}
	case len(seg) > 2 && seg[0] == "webhooks":
		if rec := s.byToken[seg[2]]; rec != nil {
			ch.ChannelID = rec.channelID
		}
	}
	for sub := range s.subscribers {
		select {
		case sub <- ch:
		default:
		}
	}
}

// VisibleTo returns what the user sees in the channel, oldest first:
// the messages the bot posted there, and the answers and followups of
// interactions in it, the ephemeral ones only if the user triggered the
// interaction. Deleted messages and the placeholders of Button and Select
// are left out. Message.InteractionUserID names who triggered an answer.
func (ms Messages) VisibleTo(channelID, userID string) []Message {
	s := ms.s
	s.mu.Lock()
	defer s.mu.Unlock()
	seen := map[string]bool{}
	var out []Message
	add := func(m *storedMessage) {
		if m == nil || m.Deleted || seen[m.ID] || m.ChannelID != channelID {
			return
		}
		seen[m.ID] = true
		out = append(out, m.snapshot())
	}
	for _, id := range s.chanMsgs[channelID] {
		add(s.messages[id])
	}
	for _, m := range s.messages {
		if m.interaction == nil || !m.webhook {
			continue
		}
		if m.Ephemeral() && m.interaction.userID != userID {
			continue
		}
		add(m)
	}
	sort.Slice(out, func(i, j int) bool { return lessID(out[i].ID, out[j].ID) })
	return out
}

// AddToken makes token (without "Bot ") a valid bot token of the fake, for
// a client that reaches it by URL (bot.Conn's APIBase) rather than Wire.
func (s *Server) AddToken(token string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.tokens[strings.TrimPrefix(token, "Bot ")] = true
}

// FilePath is the path on the fake's listener (after URL) where an
// attachment of a message is served, as Discord's CDN serves it:
// /attachments/<channel>/<attachment id>/<filename>.
func FilePath(channelID string, f File) string {
	return "/attachments/" + channelID + "/" + f.ID + "/" + url.PathEscape(f.Name)
}

// postedFileLocked finds an attachment of a message the bot posted.
func (s *Server) postedFileLocked(channelID, id, name string) *attachmentFile {
	for _, m := range s.messages {
		if m.ChannelID != channelID || m.Deleted {
			continue
		}
		for _, f := range m.Files {
			if f.ID == id && f.Name == name {
				ct := f.ContentType
				if ct == "" {
					ct = contentType(f.Name, f.Data)
				}
				return &attachmentFile{id: f.ID, channel: channelID, filename: f.Name, contentType: ct, data: f.Data}
			}
		}
	}
	return nil
}

// ComponentOn builds a MESSAGE_COMPONENT interaction for a click on the
// button, or a choice in the string select menu (values not nil), customID
// of the message messageID (which must be a message the fake knows in the
// channel; else, as Button and Select, the latest carrying customID).
func (in Interactions) ComponentOn(guild, channel string, m Member, messageID, customID string, values []string) Interaction {
	s := in.s
	ct := discordgo.ButtonComponent
	if values != nil {
		ct = discordgo.SelectMenuComponent
	}
	return s.componentOn(guild, channel, m, messageID, customID, ct, values)
}
