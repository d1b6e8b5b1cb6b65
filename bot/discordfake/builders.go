package discordfake

import (
	"bytes"
	"encoding/json"
	"mime"
	"net/http"
	"net/url"
	"path"
	"strconv"
	"strings"
	"time"

	"github.com/bwmarrin/discordgo"
)

// Member is the user who triggers a built interaction.
type Member struct {
	UserID   string // a fresh snowflake if empty
	Username string // "user"+last digits of UserID if empty
	// GlobalName and Nick are optional (null when empty).
	GlobalName string
	Nick       string
	Roles      []string
	// Permissions are the member's permissions in the channel (sent as a
	// decimal string, like Discord does).
	Permissions int64
	// Locale is the user's client locale (default DefaultLocale, "ru").
	Locale string
}

// Option is an option of a slash command invocation (a value option, or a
// subcommand / subcommand group holding options).
type Option struct {
	Name    string
	Type    discordgo.ApplicationCommandOptionType
	Value   any // string, int64, float64, bool, or a snowflake string
	Options []Option
	// Focused marks the option being typed in an autocomplete interaction.
	Focused bool

	member *Member         // MemberOpt: resolved member
	file   *attachmentFile // AttachmentOpt: the uploaded file
}

// StringOpt is a STRING (3) option.
func StringOpt(name, value string) Option {
	return Option{Name: name, Type: discordgo.ApplicationCommandOptionString, Value: value}
}

// IntOpt is an INTEGER (4) option.
func IntOpt(name string, value int64) Option {
	return Option{Name: name, Type: discordgo.ApplicationCommandOptionInteger, Value: value}
}

// NumberOpt is a NUMBER (10) option.
func NumberOpt(name string, value float64) Option {
	return Option{Name: name, Type: discordgo.ApplicationCommandOptionNumber, Value: value}
}

// BoolOpt is a BOOLEAN (5) option.
func BoolOpt(name string, value bool) Option {
	return Option{Name: name, Type: discordgo.ApplicationCommandOptionBoolean, Value: value}
}

// UserOpt is a USER (6) option; the user is added to data.resolved.users.
func UserOpt(name, userID string) Option {
	return Option{Name: name, Type: discordgo.ApplicationCommandOptionUser, Value: userID}
}

// MemberOpt is a USER (6) option for a guild member; the user and member are
// added to data.resolved.
func MemberOpt(name string, m Member) Option {
	return Option{Name: name, Type: discordgo.ApplicationCommandOptionUser, Value: m.UserID, member: &m}
}

// RoleOpt is a ROLE (8) option; the role (from SetRoles, or a placeholder)
// is added to data.resolved.roles.
func RoleOpt(name, roleID string) Option {
	return Option{Name: name, Type: discordgo.ApplicationCommandOptionRole, Value: roleID}
}

// ChannelOpt is a CHANNEL (7) option; the channel is added to
// data.resolved.channels.
func ChannelOpt(name, channelID string) Option {
	return Option{Name: name, Type: discordgo.ApplicationCommandOptionChannel, Value: channelID}
}

// AttachmentOpt is an ATTACHMENT (11) option: a file the user uploads with
// the command. Its value is a fresh attachment id, and data.resolved.
// attachments[id] is the attachment object (id, filename, size, url,
// proxy_url, content_type) as Discord sends it: url on Discord's CDN
// (https://cdn.discordapp.com/attachments/<channel>/<id>/<filename> with the
// signed-URL query ex, is, hm) and proxy_url on media.discordapp.net, as the
// real ones are; the transport of wired sessions sends both hosts to the
// fake's listener, where GET serves data (see AttachmentURL), so a bot
// fetches an upload exactly as it would from Discord.
func AttachmentOpt(name, filename string, data []byte) Option {
	return Option{Name: name, Type: discordgo.ApplicationCommandOptionAttachment,
		file: &attachmentFile{filename: filename, data: bytes.Clone(data)}}
}

// attachmentFile is an uploaded file, kept by the server once an
// interaction carrying it is built.
type attachmentFile struct {
	id, channel, filename, contentType string
	data                               []byte
}

// path is where the fake serves the file, like Discord's CDN does.
func (a *attachmentFile) path() string {
	return "/attachments/" + a.channel + "/" + a.id + "/" + url.PathEscape(a.filename)
}

// AttachmentURL is the URL of an attachment built by AttachmentOpt, by its
// id (the option's value); "" if there is none.
func (in Interactions) AttachmentURL(id string) string {
	s := in.s
	s.mu.Lock()
	defer s.mu.Unlock()
	a, ok := s.attachments[id]
	if !ok {
		return ""
	}
	return s.attachmentURLLocked(a)
}

func (s *Server) attachmentURLLocked(a *attachmentFile) string {
	now := time.Now()
	q := url.Values{"ex": {strconv.FormatInt(now.Add(24*time.Hour).Unix(), 16)}, "is": {strconv.FormatInt(now.Unix(), 16)}, "hm": {randomHex(32)}}
	return "https://cdn.discordapp.com" + a.path() + "?" + q.Encode() + "&"
}

// attachmentProxyURL is the proxy_url of an attachment (media.discordapp.net).
func attachmentProxyURL(link string) string {
	return strings.Replace(link, "https://cdn.discordapp.com", "https://media.discordapp.net", 1)
}

// serveAttachment answers GET and HEAD of an attachment's path with its
// bytes, like the CDN; anything else under /attachments/ is a 404.
func (s *Server) serveAttachment(w http.ResponseWriter, r *http.Request) {
	parts := strings.SplitN(strings.TrimPrefix(r.URL.Path, "/attachments/"), "/", 3)
	s.mu.Lock()
	var a *attachmentFile
	if len(parts) == 3 {
		a = s.attachments[parts[1]]
		if a == nil {
			a = s.postedFileLocked(parts[0], parts[1], parts[2]) // a file the bot posted
		}
		s.attachmentGets++
	}
	s.mu.Unlock()
	if a == nil || parts[0] != a.channel || parts[2] != a.filename {
		http.Error(w, "This content is no longer available.", http.StatusNotFound)
		return
	}
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		w.Header().Set("Allow", "GET, HEAD")
		http.Error(w, "Method Not Allowed", http.StatusMethodNotAllowed)
		return
	}
	w.Header().Set("Content-Type", a.contentType)
	w.Header().Set("Content-Length", strconv.Itoa(len(a.data)))
	w.WriteHeader(http.StatusOK)
	if r.Method == http.MethodGet {
		_, _ = w.Write(a.data)
	}
}

// contentType is the content_type Discord gives an upload: from the
// extension, else sniffed; text gets its charset.
func contentType(filename string, data []byte) string {
	ct := mime.TypeByExtension(strings.ToLower(path.Ext(filename)))
	if ct == "" {
		ct = http.DetectContentType(data)
	}
	if strings.HasPrefix(ct, "text/") && !strings.Contains(ct, "charset") {
		ct += "; charset=utf-8"
	}
	return ct
}

// Subcommand is a SUB_COMMAND (1) option holding the given options.
func Subcommand(name string, opts ...Option) Option {
	return Option{Name: name, Type: discordgo.ApplicationCommandOptionSubCommand, Options: opts}
}

// SubcommandGroup is a SUB_COMMAND_GROUP (2) option holding subcommands.
func SubcommandGroup(name string, subs ...Option) Option {
	return Option{Name: name, Type: discordgo.ApplicationCommandOptionSubCommandGroup, Options: subs}
}

// Focus returns o marked as the focused option of an autocomplete interaction.
func Focus(o Option) Option {
	o.Focused = true
	return o
}

// Interaction is a built INTERACTION_CREATE payload; dispatch it with
// Interactions().Dispatch.
type Interaction struct {
	ID, Token string
	Type      discordgo.InteractionType
	GuildID   string
	ChannelID string
	UserID    string
	// Payload is the "d" of the INTERACTION_CREATE dispatch.
	Payload json.RawMessage
}

// Dispatch dispatches the interaction as INTERACTION_CREATE (see
// Gateway().Dispatch) and returns its id. A failure is reported to the
// Reporter.
func (in Interactions) Dispatch(i Interaction) (string, error) {
	s := in.s
	return i.ID, s.Gateway().Dispatch("INTERACTION_CREATE", i.Payload)
}

// SlashCommand builds a CHAT_INPUT command interaction (type 2, data.type 1)
// by member in guild/channel, shaped like Discord's (see
// testdata/fixtures/slash-command-interaction.json). data.id is the id of the
// registered command of that name (guild first, then global) or a stable
// made-up id. An empty guild makes a DM interaction ("user" instead of
// "member"; an empty channel then means the user's DM channel).
func (in Interactions) SlashCommand(guild, channel string, m Member, name string, opts ...Option) Interaction {
	s := in.s
	return s.command(discordgo.InteractionApplicationCommand, guild, channel, m, name, opts)
}

// Autocomplete builds an APPLICATION_COMMAND_AUTOCOMPLETE interaction (type
// 4); mark the option being typed with Focus.
func (in Interactions) Autocomplete(guild, channel string, m Member, name string, opts ...Option) Interaction {
	s := in.s
	return s.command(discordgo.InteractionApplicationCommandAutocomplete, guild, channel, m, name, opts)
}

func (s *Server) command(typ discordgo.InteractionType, guild, channel string, m Member, name string, opts []Option) Interaction {
	s.mu.Lock()
	defer s.mu.Unlock()
	p, i := s.basePayloadLocked(typ, guild, channel, &m)
	cmdID, cmdGuild := s.commandIDLocked(guild, name)
	data := map[string]any{"id": cmdID, "name": name, "type": discordgo.ChatApplicationCommand}
	if cmdGuild != "" {
		data["guild_id"] = cmdGuild
	}
	res := resolved{}
	if len(opts) > 0 {
		data["options"] = s.optionsJSONLocked(guild, i.ChannelID, opts, res)
	}
	if len(res) > 0 {
		data["resolved"] = res
	}
	p["data"] = data
	return s.finish(p, i)
}

// Button builds a MESSAGE_COMPONENT interaction (type 3) for a click on the
// button customID. "message" is the latest message the fake knows in the
// channel carrying that custom_id (a channel message or an interaction
// response, ephemeral ones included), or else a made-up bot message with
// that button.
func (in Interactions) Button(guild, channel string, m Member, customID string) Interaction {
	s := in.s
	return s.component(guild, channel, m, customID, discordgo.ButtonComponent, nil)
}

// Select builds a MESSAGE_COMPONENT interaction for a string select menu
// (component_type 3) with the chosen values.
func (in Interactions) Select(guild, channel string, m Member, customID string, values ...string) Interaction {
	s := in.s
	if values == nil {
		values = []string{}
	}
	return s.component(guild, channel, m, customID, discordgo.SelectMenuComponent, values)
}

func (s *Server) component(guild, channel string, m Member, customID string, ct discordgo.ComponentType, values []string) Interaction {
	return s.componentOn(guild, channel, m, "", customID, ct, values)
}

func (s *Server) componentOn(guild, channel string, m Member, messageID, customID string, ct discordgo.ComponentType, values []string) Interaction {
	s.mu.Lock()
	defer s.mu.Unlock()
	p, i := s.basePayloadLocked(discordgo.InteractionMessageComponent, guild, channel, &m)
	var msg *storedMessage
	if on := s.messages[messageID]; on != nil && on.ChannelID == i.ChannelID && !on.Deleted && hasCustomID(on.Components, customID) {
		msg = on
	} else {
		msg = s.findComponentMessageLocked(i.ChannelID, customID)
	}
	if msg == nil {
		msg = &storedMessage{}
		msg.ID, msg.ChannelID, msg.GuildID, msg.Time = s.NewID(), i.ChannelID, guild, time.Now()
		var comp discordgo.MessageComponent = &discordgo.Button{Label: customID, Style: discordgo.PrimaryButton, CustomID: customID}
		if ct == discordgo.SelectMenuComponent {
			comp = &discordgo.SelectMenu{CustomID: customID, Options: []discordgo.SelectMenuOption{{Label: "option", Value: "option"}}}
		}
		msg.Components = []discordgo.MessageComponent{&discordgo.ActionsRow{Components: []discordgo.MessageComponent{comp}}}
		msg.rawComponents, _ = json.Marshal(msg.Components)
		msg.Content = "\u200b"
		s.messages[msg.ID] = msg
	}
	p["message"] = s.messageJSONLocked(msg)
	data := map[string]any{"custom_id": customID, "component_type": ct}
	if values != nil {
		data["values"] = values
	}
	p["data"] = data
	return s.finish(p, i)
}

// ModalSubmit builds a MODAL_SUBMIT interaction (type 5) with text inputs
// (custom_id -> value), each in its own action row.
func (in Interactions) ModalSubmit(guild, channel string, m Member, customID string, fields map[string]string) Interaction {
	s := in.s
	s.mu.Lock()
	defer s.mu.Unlock()
	p, i := s.basePayloadLocked(discordgo.InteractionModalSubmit, guild, channel, &m)
	rows := []any{}
	for _, id := range sortedKeys(fields) {
		rows = append(rows, map[string]any{"type": discordgo.ActionsRowComponent, "components": []any{
			map[string]any{"type": discordgo.TextInputComponent, "custom_id": id, "value": fields[id]},
		}})
	}
	p["data"] = map[string]any{"custom_id": customID, "components": rows}
	return s.finish(p, i)
}

func (s *Server) finish(p map[string]any, i Interaction) Interaction {
	b, err := json.Marshal(p)
	if err != nil {
		panic(err)
	}
	i.Payload = b
	return i
}

// basePayloadLocked builds the fields common to all interactions.
func (s *Server) basePayloadLocked(typ discordgo.InteractionType, guild, channel string, m *Member) (map[string]any, Interaction) {
	if m.UserID == "" {
		m.UserID = s.NewID()
	}
	if m.Username == "" {
		m.Username = "user" + tail(m.UserID)
	}
	if _, known := s.users[m.UserID]; !known {
		s.users[m.UserID] = discordUser{ID: m.UserID, Username: m.Username, GlobalName: m.GlobalName}
	}
	locale := m.Locale
	if locale == "" {
		locale = DefaultLocale
	}
	if guild == "" && channel == "" {
		channel = s.dmByUser[m.UserID]
		if channel == "" {
			channel = s.NewID()
			s.dmByUser[m.UserID] = channel
			s.dmUser[channel] = m.UserID
		}
	}
	if channel == "" {
		channel = s.chanID
	}
	i := Interaction{ID: s.NewID(), Token: "aW50ZXJhY3Rpb246" + randomHex(24), Type: typ, GuildID: guild, ChannelID: channel, UserID: m.UserID}
	p := map[string]any{
		"id": i.ID, "application_id": s.appID, "type": typ, "token": i.Token, "version": 1,
		"channel_id": channel, "app_permissions": DefaultAppPermissions, "locale": locale,
		"entitlements": []any{},
	}
	if guild != "" {
		if _, ok := s.chanGuild[channel]; !ok {
			s.chanGuild[channel] = guild
		}
		s.setMemberLocked(guild, m.UserID, m.Roles)
		p["guild_id"] = guild
		p["guild_locale"] = s.guilds[guild].localeOr()
		p["member"] = s.memberJSON(*m, true)
		p["context"] = 0
		p["authorizing_integration_owners"] = map[string]any{"0": guild}
	} else {
		p["user"] = s.userJSON(s.users[m.UserID])
		p["context"] = 1
		p["authorizing_integration_owners"] = map[string]any{"0": "0"}
	}
	return p, i
}

func (s *Server) memberJSON(m Member, withUser bool) map[string]any {
	roles := m.Roles
	if roles == nil {
		roles = []string{}
	}
	var nick any
	if m.Nick != "" {
		nick = m.Nick
	}
	out := map[string]any{
		"roles": roles, "premium_since": nil, "permissions": strconv.FormatInt(m.Permissions, 10),
		"pending": false, "nick": nick, "mute": false, "joined_at": timestamp(time.Now().Add(-30 * 24 * time.Hour)),
		"is_pending": false, "deaf": false, "flags": 0, "avatar": nil, "banner": nil,
		"communication_disabled_until": nil, "unusual_dm_activity_until": nil,
	}
	if withUser {
		u := discordUser{ID: m.UserID, Username: m.Username, GlobalName: m.GlobalName}
		if u.Username == "" {
			u = s.users[m.UserID]
		}
		out["user"] = s.userJSON(u)
	}
	return out
}

// commandIDLocked finds the id of a registered command by name (guild, then
// global); it makes a stable id up for unregistered commands.
func (s *Server) commandIDLocked(guild, name string) (id, cmdGuild string) {
	for _, g := range []string{guild, ""} {
		for _, c := range s.commands[g] {
			if c.Name == name && c.Type == discordgo.ChatApplicationCommand {
				return c.ID, g
			}
		}
	}
	key := guild + "/" + name
	if id, ok := s.commandIDs[key]; ok {
		return id, ""
	}
	id = s.NewID()
	s.commandIDs[key] = id
	return id, ""
}

// resolved is data.resolved of an application command interaction.
type resolved map[string]map[string]any

func (r resolved) add(kind, id string, v any) {
	if r[kind] == nil {
		r[kind] = map[string]any{}
	}
	r[kind][id] = v
}

func (s *Server) optionsJSONLocked(guild, channel string, opts []Option, res resolved) []any {
	out := make([]any, 0, len(opts))
	for _, o := range opts {
		j := map[string]any{"name": o.Name, "type": o.Type}
		switch o.Type {
		case discordgo.ApplicationCommandOptionSubCommand, discordgo.ApplicationCommandOptionSubCommandGroup:
			j["options"] = s.optionsJSONLocked(guild, channel, o.Options, res)
		case discordgo.ApplicationCommandOptionAttachment:
			if o.file != nil {
				a := *o.file
				a.id, a.channel, a.contentType = s.NewID(), channel, contentType(a.filename, a.data)
				s.attachments[a.id] = &a
				link := s.attachmentURLLocked(&a)
				res.add("attachments", a.id, map[string]any{
					"id": a.id, "filename": a.filename, "size": len(a.data),
					"url": link, "proxy_url": attachmentProxyURL(link), "content_type": a.contentType,
				})
				j["value"] = a.id
			} else {
				j["value"] = o.Value
			}
		default:
			j["value"] = o.Value
		}
		if o.Focused {
			j["focused"] = true
		}
		id, _ := o.Value.(string)
		switch o.Type {
		case discordgo.ApplicationCommandOptionUser:
			if o.member != nil {
				m := *o.member
				named := m.Username != "" || m.GlobalName != ""
				if m.Username == "" {
					m.Username = "user" + tail(m.UserID)
				}
				// Discord resolves the user as he is now: a name the option
				// gives replaces one the fake made up (SetMemberRoles).
				if _, known := s.users[m.UserID]; !known || named {
					s.users[m.UserID] = discordUser{ID: m.UserID, Username: m.Username, GlobalName: m.GlobalName}
				}
				res.add("users", id, s.userJSON(s.users[id]))
				if guild != "" {
					res.add("members", id, s.memberJSON(m, false))
				}
			} else {
				u, ok := s.users[id]
				if !ok {
					u = discordUser{ID: id, Username: "user" + tail(id)}
					s.users[id] = u
				}
				res.add("users", id, s.userJSON(u))
			}
		case discordgo.ApplicationCommandOptionRole:
			role := &discordgo.Role{ID: id, Name: "role-" + tail(id), Position: 1}
			for _, r := range s.rolesLocked(guild) {
				if r.ID == id {
					role = r
				}
			}
			res.add("roles", id, roleObject(role))
		case discordgo.ApplicationCommandOptionChannel:
			ch := map[string]any{
				"id": id, "name": "channel-" + tail(id), "type": discordgo.ChannelTypeGuildText,
				"permissions": DefaultAppPermissions, "flags": 0, "parent_id": nil,
			}
			if c, ok := s.channels[id]; ok {
				ch["name"], ch["type"] = c.Name, c.Type
				if c.ParentID != "" {
					ch["parent_id"] = c.ParentID
				}
			}
			if guild != "" {
				ch["guild_id"] = guild
			}
			res.add("channels", id, ch)
		}
		out = append(out, j)
	}
	return out
}

// findComponentMessageLocked returns the latest live message in the channel
// with a component whose custom_id is customID.
func (s *Server) findComponentMessageLocked(channel, customID string) *storedMessage {
	var best *storedMessage
	for _, m := range s.messages {
		if m.ChannelID != channel || m.Deleted || !hasCustomID(m.Components, customID) {
			continue
		}
		if best == nil || parseID(m.ID) > parseID(best.ID) {
			best = m
		}
	}
	return best
}

func hasCustomID(comps []discordgo.MessageComponent, id string) bool {
	for _, c := range comps {
		switch v := c.(type) {
		case *discordgo.ActionsRow:
			if hasCustomID(v.Components, id) {
				return true
			}
		case *discordgo.Button:
			if v.CustomID == id {
				return true
			}
		case *discordgo.SelectMenu:
			if v.CustomID == id {
				return true
			}
		case *discordgo.Section:
			if hasCustomID(v.Components, id) || (v.Accessory != nil && hasCustomID([]discordgo.MessageComponent{v.Accessory}, id)) {
				return true
			}
		case *discordgo.Container:
			if hasCustomID(v.Components, id) {
				return true
			}
		}
	}
	return false
}
