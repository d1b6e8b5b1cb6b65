package sandbox

import (
	"bytes"
	"embed"
	"encoding/json"
	"errors"
	"fmt"
	"image"
	_ "image/gif" // the sizes of the bot's pictures
	_ "image/png"
	"io"
	"io/fs"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/gunbai/gunbai/bot/discordfake"
)

//go:embed static
var static embed.FS

// handler serves the page and the API under /sandbox/.
func (sb *Sandbox) handler() http.Handler {
	mux := http.NewServeMux()
	files, _ := fs.Sub(static, "static")
	mux.Handle("GET /", http.FileServer(http.FS(files)))
	mux.HandleFunc("GET /sandbox/state", sb.serveState)
	mux.HandleFunc("GET /sandbox/events", sb.serveEvents)
	mux.HandleFunc("GET /sandbox/commands", sb.serveCommands)
	mux.HandleFunc("GET /sandbox/files/{channel}/{id}/{name}", sb.serveFile)
	mux.HandleFunc("POST /sandbox/command", sb.serveCommand)
	mux.HandleFunc("POST /sandbox/autocomplete", sb.serveAutocomplete)
	mux.HandleFunc("POST /sandbox/component", sb.serveComponent)
	mux.HandleFunc("POST /sandbox/modal", sb.serveModal)
	mux.HandleFunc("GET /sandbox/dmcommands", sb.serveDMCommands) // menus.go
	mux.HandleFunc("GET /sandbox/menus", sb.serveMenus)
	mux.HandleFunc("POST /sandbox/menu", sb.serveMenu)
	mux.HandleFunc("POST /sandbox/form", sb.serveForm)       // forms.go
	mux.HandleFunc("GET /sandbox/emoji/{id}", sb.serveEmoji) // forms.go
	return mux
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(v)
}

// httpError is an answer of the API other than 200.
type httpError struct {
	status int
	msg    string
}

func (e *httpError) Error() string { return e.msg }

func badRequest(format string, a ...any) error {
	return &httpError{http.StatusBadRequest, fmt.Sprintf(format, a...)}
}

func writeErr(w http.ResponseWriter, err error) {
	status := http.StatusInternalServerError
	var he *httpError
	if errors.As(err, &he) {
		status = he.status
	}
	writeJSON(w, status, map[string]string{"error": err.Error()})
}

func (sb *Sandbox) who(key string) (*person, error) {
	if p := sb.person(key); p != nil {
		return p, nil
	}
	return nil, badRequest("unknown person %q: gm, north or south", key)
}

// --- state ---------------------------------------------------------------

type stateJSON struct {
	Guild    string        `json:"guild"`
	Person   *person       `json:"person"`
	People   []*person     `json:"people"`
	Channels []channelJSON `json:"channels"`
	Names    namesJSON     `json:"names"`
	AI       *aiJSON       `json:"ai"` // who plays the South (ai.go); null: no battle to say
}

// namesJSON are the names the page shows for mentions, as Discord does:
// <@id> as @display name, <@&id> as @role, <#id> as #channel (by id).
type namesJSON struct {
	Users    map[string]string `json:"users"`
	Roles    map[string]string `json:"roles"`
	Channels map[string]string `json:"channels"`
}

// names are the guild's users, roles and channels by id.
func (sb *Sandbox) names() namesJSON {
	n := namesJSON{Users: map[string]string{sb.srv.AppID(): "Gunbai"}, Roles: map[string]string{}, Channels: map[string]string{}}
	for _, p := range sb.people {
		n.Users[p.UserID] = p.Name
	}
	for _, r := range roles() {
		n.Roles[r.ID] = strings.TrimPrefix(r.Name, "@")
	}
	for _, ch := range channels {
		n.Channels[ch.ID] = ch.Name
		for _, th := range sb.srv.Messages().Threads(ch.ID) {
			n.Channels[th.ID] = th.Name
		}
	}
	return n
}

type channelJSON struct {
	ID       string        `json:"id"` // "" for a DM channel the bot has not opened yet
	Name     string        `json:"name"`
	Label    string        `json:"label"`
	DM       bool          `json:"dm"`
	Messages []messageJSON `json:"messages"`
	// A thread: the name of the channel it is in, and whether it is
	// archived (threads.go).
	Parent   string `json:"parent,omitempty"`
	Archived bool   `json:"archived,omitempty"`
}

type messageJSON struct {
	ID          string           `json:"id"`
	ChannelID   string           `json:"channel_id"`
	Author      string           `json:"author"`
	Content     string           `json:"content"`
	Ephemeral   bool             `json:"ephemeral"`
	Loading     bool             `json:"loading"`
	Edited      bool             `json:"edited"`
	Time        string           `json:"time"`
	Embeds      json.RawMessage  `json:"embeds"`
	Components  json.RawMessage  `json:"components"`
	Attachments []attachmentJSON `json:"attachments"`
	// Interaction: who did what this message answers.
	Interaction *interactionJSON `json:"interaction,omitempty"`
	// Type 18 is Discord's notice of a thread started (Thread, its ID).
	Type   int    `json:"type,omitempty"`
	Thread string `json:"thread,omitempty"`
	// Flags are the message's flags: IS_COMPONENTS_V2 (1<<15) says all it
	// shows is in its components, its files only where they place them.
	Flags int `json:"flags"`
}

type attachmentJSON struct {
	URL         string `json:"url"`
	Filename    string `json:"filename"`
	ContentType string `json:"content_type"`
	Width       int    `json:"width,omitempty"`
	Height      int    `json:"height,omitempty"`
	Description string `json:"description,omitempty"`
}

type interactionJSON struct {
	Person string `json:"person"`
	Name   string `json:"name"`
	Label  string `json:"label"`
}

// visible lists the channels of p (his guild channels, then his DMs).
func (sb *Sandbox) visible(p *person) []channelJSON {
	var out []channelJSON
	for _, ch := range channels {
		if slices.ContainsFunc(p.member.Roles, func(r string) bool { return slices.Contains(ch.Roles, r) }) {
			out = append(out, channelJSON{ID: ch.ID, Name: ch.Name, Label: ch.Name})
			out = append(out, sb.threadsIn(ch)...)
		}
	}
	dm, _ := sb.srv.Messages().DMChannel(p.UserID)
	label := "Личные сообщения"
	if !strings.HasPrefix(p.Locale, "ru") {
		label = "Direct Messages"
	}
	return append(out, channelJSON{ID: dm, Name: "dm", Label: label, DM: true})
}

func (sb *Sandbox) serveState(w http.ResponseWriter, r *http.Request) {
	p, err := sb.who(r.URL.Query().Get("as"))
	if err != nil {
		writeErr(w, err)
		return
	}
	st := stateJSON{Guild: "Gunbai sandbox", Person: p, People: sb.people, Names: sb.names(), AI: sb.aiState()}
	for _, ch := range sb.visible(p) {
		ch.Messages = []messageJSON{}
		if ch.ID != "" {
			for _, m := range sb.srv.Messages().VisibleTo(ch.ID, p.UserID) {
				if m.InteractionID != "" && sb.ai.isQuiet(m.InteractionID) {
					continue // the sandbox's own question (ai.go)
				}
				ch.Messages = append(ch.Messages, sb.messageJSON(m))
			}
		}
		st.Channels = append(st.Channels, ch)
	}
	writeJSON(w, http.StatusOK, st)
}

func (sb *Sandbox) messageJSON(m discordfake.Message) messageJSON {
	out := messageJSON{
		ID: m.ID, ChannelID: m.ChannelID, Author: "Gunbai", Content: m.Content, Ephemeral: m.Ephemeral(),
		Loading: m.Flags&discordgo.MessageFlagsLoading != 0, Edited: m.Edits > 0, Time: m.Time.Format(time.RFC3339), Flags: int(m.Flags),
		Embeds: json.RawMessage("[]"), Components: json.RawMessage("[]"), Attachments: []attachmentJSON{},
		Type: m.Type, Thread: m.Thread,
	}
	if len(m.Embeds) > 0 {
		if b, err := json.Marshal(m.Embeds); err == nil {
			out.Embeds = b
		}
	}
	if len(m.Components) > 0 {
		if b, err := json.Marshal(m.Components); err == nil {
			out.Components = b
		}
	}
	for _, f := range m.Files {
		a := attachmentJSON{
			URL:      "/sandbox/files/" + m.ChannelID + "/" + f.ID + "/" + url.PathEscape(f.Name),
			Filename: f.Name, ContentType: f.ContentType, Description: f.Description,
		}
		if cfg, _, err := image.DecodeConfig(bytes.NewReader(f.Data)); err == nil {
			a.Width, a.Height = cfg.Width, cfg.Height
		}
		out.Attachments = append(out.Attachments, a)
	}
	if m.InteractionID != "" {
		sb.mu.Lock()
		s, ok := sb.sent[m.InteractionID]
		sb.mu.Unlock()
		if ok {
			ij := &interactionJSON{Person: s.person, Label: s.label}
			if p := sb.person(s.person); p != nil {
				ij.Name = p.Name
			}
			out.Interaction = ij
		}
	}
	return out
}

// serveFile serves a file of the bot's messages, fetched from the fake's
// CDN paths.
func (sb *Sandbox) serveFile(w http.ResponseWriter, r *http.Request) {
	link := sb.srv.URL() + "/attachments/" + r.PathValue("channel") + "/" + r.PathValue("id") + "/" + url.PathEscape(r.PathValue("name"))
	resp, err := http.Get(link)
	if err != nil {
		http.Error(w, err.Error(), http.StatusBadGateway)
		return
	}
	defer resp.Body.Close()
	if ct := resp.Header.Get("Content-Type"); ct != "" {
		w.Header().Set("Content-Type", ct)
	}
	w.Header().Set("Cache-Control", "private, max-age=3600")
	w.WriteHeader(resp.StatusCode)
	_, _ = io.Copy(w, resp.Body)
}

// --- events ----------------------------------------------------------------

func (sb *Sandbox) serveEvents(w http.ResponseWriter, r *http.Request) {
	fl, ok := w.(http.Flusher)
	if !ok {
		http.Error(w, "streaming unsupported", http.StatusInternalServerError)
		return
	}
	changes, cancel := sb.srv.Subscribe()
	defer cancel()
	h := w.Header()
	h.Set("Content-Type", "text/event-stream")
	h.Set("Cache-Control", "no-store")
	h.Set("X-Accel-Buffering", "no")
	w.WriteHeader(http.StatusOK)
	fmt.Fprint(w, "retry: 1000\nevent: hello\ndata: {}\n\n")
	fl.Flush()
	keep := time.NewTicker(15 * time.Second)
	defer keep.Stop()
	for {
		select {
		case <-r.Context().Done():
			return
		case c, open := <-changes:
			if !open {
				return
			}
			b, _ := json.Marshal(map[string]string{"channel": c.ChannelID, "route": c.Route, "method": c.Method})
			if _, err := fmt.Fprintf(w, "event: change\ndata: %s\n\n", b); err != nil {
				return
			}
			fl.Flush()
		case <-keep.C:
			if _, err := fmt.Fprint(w, ": keep-alive\n\n"); err != nil {
				return
			}
			fl.Flush()
		}
	}
}

// --- commands ------------------------------------------------------------

func (sb *Sandbox) serveCommands(w http.ResponseWriter, r *http.Request) {
	writeJSON(w, http.StatusOK, sb.commandsWhere(guildID))
}

// optIn is an option as the page sends it: a value, or a subcommand
// (group) holding options.
type optIn struct {
	Name    string  `json:"name"`
	Value   any     `json:"value"`
	Options []optIn `json:"options"`
	Focused bool    `json:"focused"`
}

type commandIn struct {
	As      string  `json:"as"`
	Channel string  `json:"channel"`
	Name    string  `json:"name"`
	Options []optIn `json:"options"`
	// Focused names the option being typed (autocomplete), unless an
	// option says focused itself.
	Focused string `json:"focused"`
}

func (sb *Sandbox) serveCommand(w http.ResponseWriter, r *http.Request) {
	var in commandIn
	if err := decode(r, &in); err != nil {
		writeErr(w, err)
		return
	}
	res, err := sb.runCommand(in)
	if err != nil {
		writeErr(w, err)
		return
	}
	writeJSON(w, http.StatusOK, res)
}

func (sb *Sandbox) runCommand(in commandIn) (commandResult, error) {
	p, guild, ch, err := sb.locate(in.As, in.Channel)
	if err != nil {
		return commandResult{}, err
	}
	cmd, err := sb.commandIn(guild, in.Name)
	if err != nil {
		return commandResult{}, err
	}
	opts, label, err := sb.options(p, cmd.Options, in.Options, "", false)
	if err != nil {
		return commandResult{}, err
	}
	id, err := sb.dispatch(p, strings.Join(append([]string{"/" + cmd.Name}, label...), " "),
		sb.srv.Interactions().SlashCommand(guild, ch, p.member, cmd.Name, opts...))
	if err != nil {
		return commandResult{}, err
	}
	res := sb.result(id)
	sb.settled(cmd.Name, id, res.Answered) // ai.go
	return res, nil
}

type choiceJSON struct {
	Name  string `json:"name"`
	Value any    `json:"value"`
}

// locate is who asks (a person's key) and where (his channel's name), as
// the fake knows them.
func (sb *Sandbox) locate(as, channel string) (p *person, guild, ch string, err error) {
	if p, err = sb.who(as); err != nil {
		return nil, "", "", err
	}
	guild, ch, err = sb.place(p, channel)
	return p, guild, ch, err
}

func (sb *Sandbox) serveAutocomplete(w http.ResponseWriter, r *http.Request) {
	var in commandIn
	if err := decode(r, &in); err != nil {
		writeErr(w, err)
		return
	}
	p, guild, ch, err := sb.locate(in.As, in.Channel)
	if err != nil {
		writeErr(w, err)
		return
	}
	cmd, err := sb.commandIn(guild, in.Name)
	if err != nil {
		writeErr(w, err)
		return
	}
	opts, _, err := sb.options(p, cmd.Options, in.Options, in.Focused, true)
	if err != nil {
		writeErr(w, err)
		return
	}
	i := sb.srv.Interactions().Autocomplete(guild, ch, p.member, cmd.Name, opts...)
	sb.mu.Lock()
	sb.sent[i.ID] = sentInteraction{person: p.Key, label: "/" + cmd.Name}
	sb.mu.Unlock()
	id, err := sb.srv.Interactions().Dispatch(i)
	if err != nil {
		writeErr(w, err)
		return
	}
	choices := []choiceJSON{}
	if resp, ok := sb.waitAnswer(id, 3*time.Second); ok && resp.Type == discordgo.InteractionApplicationCommandAutocompleteResult {
		var data struct {
			Choices []choiceJSON `json:"choices"`
		}
		_ = json.Unmarshal(resp.Data, &data)
		if data.Choices != nil {
			choices = data.Choices
		}
	}
	writeJSON(w, http.StatusOK, map[string]any{"choices": choices})
}

type componentIn struct {
	As       string   `json:"as"`
	Channel  string   `json:"channel"`
	Message  string   `json:"message"`
	CustomID string   `json:"custom_id"`
	Values   []string `json:"values"`
}

func (sb *Sandbox) serveComponent(w http.ResponseWriter, r *http.Request) {
	var in componentIn
	if err := decode(r, &in); err != nil {
		writeErr(w, err)
		return
	}
	p, guild, ch, err := sb.locate(in.As, in.Channel)
	if err != nil {
		writeErr(w, err)
		return
	}
	if in.CustomID == "" {
		writeErr(w, badRequest("no custom_id"))
		return
	}
	m, ok := sb.srv.Messages().Get(in.Message)
	if !ok || m.ChannelID != ch || m.Deleted || (m.Ephemeral() && m.InteractionUserID != p.UserID) {
		writeErr(w, badRequest("%s does not see message %q", p.Name, in.Message))
		return
	}
	label := componentLabel(m.Components, in.CustomID, in.Values)
	id, err := sb.dispatch(p, label, sb.srv.Interactions().ComponentOn(guild, ch, p.member, in.Message, in.CustomID, in.Values))
	if err != nil {
		writeErr(w, err)
		return
	}
	writeJSON(w, http.StatusOK, sb.result(id))
}

// componentLabel says what was clicked or chosen, for the header of the
// bot's answer.
func componentLabel(comps []discordgo.MessageComponent, customID string, values []string) string {
	var find func([]discordgo.MessageComponent) string
	find = func(cs []discordgo.MessageComponent) string {
		for _, c := range cs {
			switch v := c.(type) {
			case *discordgo.ActionsRow:
				if s := find(v.Components); s != "" {
					return s
				}
			case *discordgo.Button:
				if v.CustomID == customID {
					return "[" + v.Label + "]"
				}
			case *discordgo.SelectMenu:
				if v.CustomID == customID {
					var names []string
					for _, val := range values {
						for _, o := range v.Options {
							if o.Value == val {
								names = append(names, o.Label)
							}
						}
					}
					return "[" + strings.Join(names, ", ") + "]"
				}
			}
		}
		return ""
	}
	if s := find(comps); s != "" {
		return s
	}
	return "[" + customID + "]"
}

type modalIn struct {
	As       string            `json:"as"`
	Channel  string            `json:"channel"`
	CustomID string            `json:"custom_id"`
	Fields   map[string]string `json:"fields"`
}

func (sb *Sandbox) serveModal(w http.ResponseWriter, r *http.Request) {
	var in modalIn
	if err := decode(r, &in); err != nil {
		writeErr(w, err)
		return
	}
	p, guild, ch, err := sb.locate(in.As, in.Channel)
	if err != nil {
		writeErr(w, err)
		return
	}
	if in.CustomID == "" {
		writeErr(w, badRequest("no custom_id"))
		return
	}
	if in.Fields == nil {
		in.Fields = map[string]string{}
	}
	id, err := sb.dispatch(p, "[form]", sb.srv.Interactions().ModalSubmit(guild, ch, p.member, in.CustomID, in.Fields))
	if err != nil {
		writeErr(w, err)
		return
	}
	writeJSON(w, http.StatusOK, sb.result(id))
}
