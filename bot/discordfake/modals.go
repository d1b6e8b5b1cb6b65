package discordfake

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"
	"unicode/utf8"

	"github.com/bwmarrin/discordgo"
)

// Modals of labels (Components V2 modal parts): a modal's top-level
// components are labels (type 18), text displays (10) or, the old way,
// action rows of one text input; a label has a title of 1 to 45
// characters, a description of at most 100 and one input: a text input
// (without a label of its own), a select (string, user, role, mentionable,
// channel) or a file upload (19). Custom IDs are unique in the modal. The
// fake refuses the rest as Discord does (50035), and SubmitModal fills a
// modal in as a user would.

// modalPart is one component of a modal, as the bot sent it.
type modalPart struct {
	Type        discordgo.ComponentType      `json:"type"`
	CustomID    string                       `json:"custom_id"`
	Label       *string                      `json:"label"`
	Description *string                      `json:"description"`
	Component   *modalPart                   `json:"component"`
	Components  []modalPart                  `json:"components"`
	Required    *bool                        `json:"required"`
	MinValues   *int                         `json:"min_values"`
	MaxValues   *int                         `json:"max_values"`
	Options     []discordgo.SelectMenuOption `json:"options"`
}

func (p modalPart) required() bool { return p.Required == nil || *p.Required }

func (p modalPart) maxValues() int {
	if p.MaxValues == nil {
		return 1
	}
	return *p.MaxValues
}

// labelInputs are the components a label may hold.
var labelInputs = []discordgo.ComponentType{discordgo.TextInputComponent, discordgo.SelectMenuComponent,
	discordgo.UserSelectMenuComponent, discordgo.RoleSelectMenuComponent, discordgo.MentionableSelectMenuComponent,
	discordgo.ChannelSelectMenuComponent, 19}

// checkModalParts adds to fe what Discord refuses in a modal's components.
func checkModalParts(raw []json.RawMessage, fe formErrors) {
	seen := map[string]bool{}
	id := func(path, customID string) {
		if customID == "" {
			fe.add(path+".custom_id", "BASE_TYPE_REQUIRED", "This field is required")
		} else if seen[customID] {
			fe.add(path+".custom_id", "COMPONENT_CUSTOM_ID_DUPLICATED", "Component custom id cannot be duplicated")
		}
		seen[customID] = true
	}
	for i, r := range raw {
		var p modalPart
		path := fmt.Sprintf("data.components.%d", i)
		if err := json.Unmarshal(r, &p); err != nil {
			fe.add(path, "MODEL_TYPE_CONVERT", err.Error())
			continue
		}
		switch p.Type {
		case discordgo.TextDisplayComponent:
		case discordgo.ActionsRowComponent: // the old way: a text input with its own label
			if len(p.Components) != 1 || p.Components[0].Type != discordgo.TextInputComponent {
				fe.add(path+".components", "BASE_TYPE_BAD_LENGTH", "An action row in a modal holds one text input")
				continue
			}
			id(path+".components.0", p.Components[0].CustomID)
		case 18:
			if p.Label == nil || utf8.RuneCountInString(*p.Label) < 1 || utf8.RuneCountInString(*p.Label) > 45 {
				fe.add(path+".label", "BASE_TYPE_BAD_LENGTH", "Must be between 1 and 45 in length.")
			}
			if p.Description != nil && utf8.RuneCountInString(*p.Description) > 100 {
				fe.add(path+".description", "BASE_TYPE_BAD_LENGTH", "Must be between 1 and 100 in length.")
			}
			c := p.Component
			if c == nil || !slices.Contains(labelInputs, c.Type) {
				fe.add(path+".component", "UNION_TYPE_CHOICES", "Value of field \"type\" must be one of the label's components.")
				continue
			}
			if c.Type == discordgo.TextInputComponent && c.Label != nil {
				fe.add(path+".component.label", "COMPONENT_LABEL_IN_LABEL", "A text input in a label has no label of its own")
			}
			if c.Type == discordgo.SelectMenuComponent && (len(c.Options) == 0 || len(c.Options) > 25) {
				fe.add(path+".component.options", "BASE_TYPE_BAD_LENGTH", "Must be between 1 and 25 in length.")
			}
			if c.Type == 19 && (c.maxValues() < 1 || c.maxValues() > 10) {
				fe.add(path+".component.max_values", "NUMBER_TYPE_MAX", "Must be between 1 and 10.")
			}
			id(path+".component", c.CustomID)
		default:
			fe.add(path+".type", "UNION_TYPE_CHOICES", "Value of field \"type\" must be one of (1, 10, 18).")
		}
	}
}

// UploadFile is a file a user puts in a modal's file upload.
type UploadFile struct {
	Name string
	Data []byte
}

// ModalInput is what a user fills a modal in with, by the inputs' custom
// IDs: a text input's text, a select's picks (role, channel IDs, option
// values), a file upload's files.
type ModalInput struct {
	Values map[string][]string
	Files  map[string][]UploadFile
}

// SubmitModal builds the MODAL_SUBMIT (type 5) of a modal the bot sent
// (modal: the data of its type 9 answer, Response.Data), filled in with
// in, as Discord sends it: each label with its input and the input's
// values, the files in data.resolved.attachments (served like
// AttachmentOpt's), the roles and channels picked in data.resolved. It
// refuses what Discord's client would not let a user send: a value for
// no input of the modal, a required input left empty, more values than
// the input takes, an option the select does not offer.
func (in Interactions) SubmitModal(guild, channel string, m Member, modal json.RawMessage, input ModalInput) (Interaction, error) {
	var data struct {
		CustomID   string      `json:"custom_id"`
		Components []modalPart `json:"components"`
	}
	if err := json.Unmarshal(modal, &data); err != nil {
		return Interaction{}, err
	}
	s := in.s
	s.mu.Lock()
	defer s.mu.Unlock()
	p, i := s.basePayloadLocked(discordgo.InteractionModalSubmit, guild, channel, &m)
	res := resolved{}
	used := map[string]bool{}
	var parts []any
	for _, top := range data.Components {
		if top.Type != 18 || top.Component == nil {
			continue
		}
		c := *top.Component
		values, err := s.modalValuesLocked(guild, channel, c, input, res)
		if err != nil {
			return Interaction{}, err
		}
		used[c.CustomID] = true
		inner := map[string]any{"type": c.Type, "custom_id": c.CustomID}
		if c.Type == discordgo.TextInputComponent {
			inner["value"] = ""
			if len(values) > 0 {
				inner["value"] = values[0]
			}
		} else {
			inner["values"] = values
		}
		parts = append(parts, map[string]any{"type": 18, "component": inner})
	}
	for id := range input.Values {
		if !used[id] {
			return Interaction{}, fmt.Errorf("discordfake: the modal %s has no input %q", data.CustomID, id)
		}
	}
	for id := range input.Files {
		if !used[id] {
			return Interaction{}, fmt.Errorf("discordfake: the modal %s has no file upload %q", data.CustomID, id)
		}
	}
	d := map[string]any{"custom_id": data.CustomID, "components": parts}
	if len(res) > 0 {
		d["resolved"] = res
	}
	p["data"] = d
	return s.finish(p, i), nil
}

// modalValuesLocked are an input's values as submitted, checked against
// the input; files and picked roles and channels go into res.
func (s *Server) modalValuesLocked(guild, channel string, c modalPart, input ModalInput, res resolved) ([]string, error) {
	values := input.Values[c.CustomID]
	if c.Type == 19 {
		values = nil
		for _, f := range input.Files[c.CustomID] {
			a := &attachmentFile{id: s.NewID(), channel: channel, filename: f.Name, data: bytes.Clone(f.Data)}
			a.contentType = contentType(a.filename, a.data)
			s.attachments[a.id] = a
			link := s.attachmentURLLocked(a)
			res.add("attachments", a.id, map[string]any{"id": a.id, "filename": a.filename, "size": len(a.data),
				"url": link, "proxy_url": attachmentProxyURL(link), "content_type": a.contentType})
			values = append(values, a.id)
		}
	}
	empty := len(values) == 0 || c.Type == discordgo.TextInputComponent && values[0] == ""
	switch {
	case empty && c.required():
		return nil, fmt.Errorf("discordfake: the required input %q is empty", c.CustomID)
	case c.Type != discordgo.TextInputComponent && len(values) > c.maxValues():
		return nil, fmt.Errorf("discordfake: %d values for %q, which takes %d", len(values), c.CustomID, c.maxValues())
	}
	for _, v := range values {
		switch c.Type {
		case discordgo.SelectMenuComponent:
			if !slices.ContainsFunc(c.Options, func(o discordgo.SelectMenuOption) bool { return o.Value == v }) {
				return nil, fmt.Errorf("discordfake: %q offers no option %q", c.CustomID, v)
			}
		case discordgo.RoleSelectMenuComponent:
			role := &discordgo.Role{ID: v, Name: "role-" + tail(v), Position: 1}
			for _, r := range s.rolesLocked(guild) {
				if r.ID == v {
					role = r
				}
			}
			res.add("roles", v, roleObject(role))
		case discordgo.ChannelSelectMenuComponent:
			ch := map[string]any{"id": v, "name": "channel-" + tail(v), "type": discordgo.ChannelTypeGuildText,
				"permissions": DefaultAppPermissions, "flags": 0, "parent_id": nil, "guild_id": guild}
			if known, ok := s.channels[v]; ok {
				ch["name"], ch["type"] = known.Name, known.Type
			}
			res.add("channels", v, ch)
		}
	}
	if values == nil {
		values = []string{}
	}
	return values, nil
}

// AttachmentDownloads counts the requests for attachments the CDN has
// served (or refused): whether a bot fetched a file.
func (in Interactions) AttachmentDownloads() int {
	in.s.mu.Lock()
	defer in.s.mu.Unlock()
	return in.s.attachmentGets
}
