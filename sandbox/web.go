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
	"math"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/gunbai/gunbai/bot/discordtest"
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
}

type channelJSON struct {
	ID       string        `json:"id"` // "" for a DM channel the bot has not opened yet
	Name     string        `json:"name"`
	Label    string        `json:"label"`
	DM       bool          `json:"dm"`
	Messages []messageJSON `json:"messages"`
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
		for _, r := range p.member.Roles {
			if r == ch.Role {
				out = append(out, channelJSON{ID: ch.ID, Name: ch.Name, Label: ch.Name})
			}
		}
	}
	dm, _ := sb.srv.DMChannel(p.UserID)
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
	st := stateJSON{Guild: "Gunbai sandbox", Person: p, People: sb.people}
	for _, ch := range sb.visible(p) {
		ch.Messages = []messageJSON{}
		if ch.ID != "" {
			for _, m := range sb.srv.VisibleMessages(ch.ID, p.UserID) {
				ch.Messages = append(ch.Messages, sb.messageJSON(m))
			}
		}
		st.Channels = append(st.Channels, ch)
	}
	writeJSON(w, http.StatusOK, st)
}

func (sb *Sandbox) messageJSON(m discordtest.Message) messageJSON {
	out := messageJSON{
		ID: m.ID, ChannelID: m.ChannelID, Author: "Gunbai", Content: m.Content, Ephemeral: m.Ephemeral(),
		Loading: m.Flags&discordgo.MessageFlagsLoading != 0, Edited: m.Edits > 0, Time: m.Time.Format(time.RFC3339),
		Embeds: json.RawMessage("[]"), Components: json.RawMessage("[]"), Attachments: []attachmentJSON{},
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
	cmds := sb.srv.Commands(guildID)
	if cmds == nil {
		cmds = []*discordgo.ApplicationCommand{}
	}
	writeJSON(w, http.StatusOK, cmds)
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

func decode(r *http.Request, v any) error {
	if err := json.NewDecoder(io.LimitReader(r.Body, 1<<20)).Decode(v); err != nil {
		return badRequest("bad request body: %v", err)
	}
	return nil
}

// place finds where p acts in channel (a name: gm, север, юг, dm; or an id):
// the guild ("" in his DMs) and the channel id ("" for a DM channel not
// yet open, which the fake opens).
func (sb *Sandbox) place(p *person, name string) (guild, ch string, err error) {
	for _, c := range sb.visible(p) {
		if c.Name == name || (c.ID != "" && c.ID == name) || (c.DM && name == "") {
			if c.DM {
				return "", c.ID, nil
			}
			return guildID, c.ID, nil
		}
	}
	return "", "", badRequest("%s does not see channel %q", p.Name, name)
}

func (sb *Sandbox) command(name string) (*discordgo.ApplicationCommand, error) {
	name = strings.TrimPrefix(strings.TrimSpace(name), "/")
	for _, c := range sb.srv.Commands(guildID) {
		if localizedIs(name, c.Name, c.NameLocalizations) {
			return c, nil
		}
	}
	return nil, badRequest("unknown command /%s", name)
}

func localizedIs(typed, name string, locs *map[discordgo.Locale]string) bool {
	if strings.EqualFold(typed, name) {
		return true
	}
	if locs != nil {
		for _, l := range *locs {
			if strings.EqualFold(typed, l) {
				return true
			}
		}
	}
	return false
}

func findOpt(defs []*discordgo.ApplicationCommandOption, name string) *discordgo.ApplicationCommandOption {
	for _, d := range defs {
		if localizedIs(name, d.Name, &d.NameLocalizations) {
			return d
		}
	}
	return nil
}

// options turns the page's options into the fake's, typed by the command's
// definition. lenient (autocomplete) drops what does not convert.
func (sb *Sandbox) options(p *person, defs []*discordgo.ApplicationCommandOption, in []optIn, focused string, lenient bool) ([]discordtest.Option, []string, error) {
	var out []discordtest.Option
	var label []string
	given := map[string]bool{}
	for _, o := range in {
		d := findOpt(defs, o.Name)
		if d == nil {
			if lenient {
				continue
			}
			return nil, nil, badRequest("unknown option %q", o.Name)
		}
		given[d.Name] = true
		switch d.Type {
		case discordgo.ApplicationCommandOptionSubCommand, discordgo.ApplicationCommandOptionSubCommandGroup:
			sub, subLabel, err := sb.options(p, d.Options, o.Options, focused, lenient)
			if err != nil {
				return nil, nil, err
			}
			out = append(out, discordtest.Option{Name: d.Name, Type: d.Type, Options: sub})
			label = append(append(label, d.Name), subLabel...)
			continue
		}
		raw := valueString(o.Value)
		if o.Focused || (focused != "" && localizedIs(focused, d.Name, &d.NameLocalizations)) {
			out = append(out, discordtest.Option{Name: d.Name, Type: d.Type, Value: raw, Focused: true})
			continue
		}
		opt, err := sb.typed(p, d, o.Value)
		if err != nil {
			if lenient {
				continue
			}
			return nil, nil, err
		}
		out = append(out, opt)
		label = append(label, d.Name+":"+quote(raw))
	}
	if !lenient {
		for _, d := range defs {
			if d.Required && !given[d.Name] {
				return nil, nil, badRequest("option %s is required", d.Name)
			}
		}
	}
	return out, label, nil
}

func quote(s string) string {
	if strings.ContainsAny(s, " \t\"") {
		return strconv.Quote(s)
	}
	return s
}

func valueString(v any) string {
	switch x := v.(type) {
	case nil:
		return ""
	case string:
		return x
	case float64:
		if x == math.Trunc(x) && math.Abs(x) < 1e15 {
			return strconv.FormatInt(int64(x), 10)
		}
		return strconv.FormatFloat(x, 'f', -1, 64)
	default:
		return fmt.Sprint(x)
	}
}

// typed converts one value by its definition: choices by value or by
// (localized) name, numbers, booleans, and roles, channels and users by
// name or mention.
func (sb *Sandbox) typed(p *person, d *discordgo.ApplicationCommandOption, v any) (discordtest.Option, error) {
	s := strings.TrimSpace(valueString(v))
	for _, c := range d.Choices {
		cv := valueString(c.Value)
		if s == cv || localizedIs(s, c.Name, &c.NameLocalizations) {
			s = cv
			break
		}
	}
	bad := func(what string) (discordtest.Option, error) {
		return discordtest.Option{}, badRequest("option %s: %q is not %s", d.Name, s, what)
	}
	switch d.Type {
	case discordgo.ApplicationCommandOptionString:
		return discordtest.StringOpt(d.Name, s), nil
	case discordgo.ApplicationCommandOptionInteger:
		n, err := strconv.ParseInt(s, 10, 64)
		if err != nil {
			return bad("a whole number")
		}
		return discordtest.IntOpt(d.Name, n), nil
	case discordgo.ApplicationCommandOptionNumber:
		f, err := strconv.ParseFloat(strings.Replace(s, ",", ".", 1), 64)
		if err != nil {
			return bad("a number")
		}
		return discordtest.NumberOpt(d.Name, f), nil
	case discordgo.ApplicationCommandOptionBoolean:
		switch strings.ToLower(s) {
		case "true", "yes", "да", "1", "on":
			return discordtest.BoolOpt(d.Name, true), nil
		case "false", "no", "нет", "0", "off":
			return discordtest.BoolOpt(d.Name, false), nil
		}
		return bad("true or false")
	case discordgo.ApplicationCommandOptionRole:
		name := strings.TrimPrefix(s, "@")
		for _, r := range []struct{ id, name string }{{roleGM, "Мастер"}, {roleN, "Уэсуги"}, {roleS, "Такэда"}, {roleBot, "Gunbai"}, {guildID, "everyone"}} {
			if strings.EqualFold(name, r.name) || name == r.id || s == "<@&"+r.id+">" {
				return discordtest.RoleOpt(d.Name, r.id), nil
			}
		}
		return bad("a role (@Мастер, @Уэсуги, @Такэда)")
	case discordgo.ApplicationCommandOptionChannel:
		name := strings.TrimPrefix(s, "#")
		for _, c := range channels {
			if strings.EqualFold(name, c.Name) || name == c.ID || s == "<#"+c.ID+">" {
				return discordtest.ChannelOpt(d.Name, c.ID), nil
			}
		}
		return bad("a channel (#gm, #север, #юг)")
	case discordgo.ApplicationCommandOptionUser, discordgo.ApplicationCommandOptionMentionable:
		name := strings.TrimPrefix(s, "@")
		for _, q := range sb.people {
			if strings.EqualFold(name, q.Key) || strings.EqualFold(name, q.member.Username) || strings.EqualFold(name, q.Name) ||
				name == q.UserID || s == "<@"+q.UserID+">" {
				return discordtest.MemberOpt(d.Name, q.member), nil
			}
		}
		return bad("a member (@gm, @north, @south)")
	}
	return discordtest.Option{}, badRequest("option %s: options of type %d cannot be given here", d.Name, d.Type)
}

// commandResult is what POST command and component answer: the
// interaction, and the form the bot opened, if it answered with one.
type commandResult struct {
	ID       string          `json:"id"`
	Answered bool            `json:"answered"`
	Modal    json.RawMessage `json:"modal,omitempty"`
}

func (sb *Sandbox) result(id string) commandResult {
	res := commandResult{ID: id}
	r, ok := sb.waitAnswer(id, 5*time.Second)
	res.Answered = ok
	if ok && r.Type == discordgo.InteractionResponseModal {
		res.Modal = r.Data
	}
	return res
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
	p, err := sb.who(in.As)
	if err != nil {
		return commandResult{}, err
	}
	guild, ch, err := sb.place(p, in.Channel)
	if err != nil {
		return commandResult{}, err
	}
	cmd, err := sb.command(in.Name)
	if err != nil {
		return commandResult{}, err
	}
	opts, label, err := sb.options(p, cmd.Options, in.Options, "", false)
	if err != nil {
		return commandResult{}, err
	}
	id, err := sb.dispatch(p, strings.Join(append([]string{"/" + cmd.Name}, label...), " "),
		sb.srv.SlashCommand(guild, ch, p.member, cmd.Name, opts...))
	if err != nil {
		return commandResult{}, err
	}
	return sb.result(id), nil
}

type choiceJSON struct {
	Name  string `json:"name"`
	Value any    `json:"value"`
}

func (sb *Sandbox) serveAutocomplete(w http.ResponseWriter, r *http.Request) {
	var in commandIn
	if err := decode(r, &in); err != nil {
		writeErr(w, err)
		return
	}
	p, err := sb.who(in.As)
	if err != nil {
		writeErr(w, err)
		return
	}
	guild, ch, err := sb.place(p, in.Channel)
	if err != nil {
		writeErr(w, err)
		return
	}
	cmd, err := sb.command(in.Name)
	if err != nil {
		writeErr(w, err)
		return
	}
	opts, _, err := sb.options(p, cmd.Options, in.Options, in.Focused, true)
	if err != nil {
		writeErr(w, err)
		return
	}
	i := sb.srv.Autocomplete(guild, ch, p.member, cmd.Name, opts...)
	sb.mu.Lock()
	sb.sent[i.ID] = sentInteraction{person: p.Key, label: "/" + cmd.Name}
	sb.mu.Unlock()
	id, err := sb.srv.Interact(i)
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
	p, err := sb.who(in.As)
	if err != nil {
		writeErr(w, err)
		return
	}
	guild, ch, err := sb.place(p, in.Channel)
	if err != nil {
		writeErr(w, err)
		return
	}
	if in.CustomID == "" {
		writeErr(w, badRequest("no custom_id"))
		return
	}
	m, ok := sb.srv.Message(in.Message)
	if !ok || m.ChannelID != ch || m.Deleted || (m.Ephemeral() && m.InteractionUserID != p.UserID) {
		writeErr(w, badRequest("%s does not see message %q", p.Name, in.Message))
		return
	}
	label := componentLabel(m.Components, in.CustomID, in.Values)
	id, err := sb.dispatch(p, label, sb.srv.ComponentOn(guild, ch, p.member, in.Message, in.CustomID, in.Values))
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
	p, err := sb.who(in.As)
	if err != nil {
		writeErr(w, err)
		return
	}
	guild, ch, err := sb.place(p, in.Channel)
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
	id, err := sb.dispatch(p, "[form]", sb.srv.ModalSubmit(guild, ch, p.member, in.CustomID, in.Fields))
	if err != nil {
		writeErr(w, err)
		return
	}
	writeJSON(w, http.StatusOK, sb.result(id))
}
