package bot

import (
	"encoding/json"
	"strings"

	"github.com/bwmarrin/discordgo"
)

// The parts of a modal that discordgo v0.29 lacks: the Label (type 18)
// that titles one input, the selects and text input as they stand in a
// label (no action row, "required" of their own), and the File Upload
// (type 19); and the decoding of a modal's submit made of them, which
// discordgo cannot read (it refuses type 18 and drops the whole
// interaction's data). The JSON is Discord's (the OpenAPI description's
// LabelComponentForModalRequest and its components).

// Component types discordgo does not name.
const (
	labelComponent      discordgo.ComponentType = 18
	fileUploadComponent discordgo.ComponentType = 19
)

// modalLabel is a Label: a title (1-45 characters), an optional
// description (at most 100) and the one input it titles.
type modalLabel struct {
	Label       string
	Description string
	Component   discordgo.MessageComponent
}

func (modalLabel) Type() discordgo.ComponentType { return labelComponent }

func (l modalLabel) MarshalJSON() ([]byte, error) {
	return json.Marshal(struct {
		Type        discordgo.ComponentType    `json:"type"`
		Label       string                     `json:"label"`
		Description string                     `json:"description,omitempty"`
		Component   discordgo.MessageComponent `json:"component"`
	}{labelComponent, l.Label, l.Description, l.Component})
}

// modalText is a text input inside a label (which carries its title).
type modalText struct {
	CustomID    string
	Style       discordgo.TextInputStyle
	Placeholder string
	Value       string
	Required    bool
	MinLength   int
	MaxLength   int
}

func (modalText) Type() discordgo.ComponentType { return discordgo.TextInputComponent }

func (t modalText) MarshalJSON() ([]byte, error) {
	return json.Marshal(struct {
		Type        discordgo.ComponentType  `json:"type"`
		CustomID    string                   `json:"custom_id"`
		Style       discordgo.TextInputStyle `json:"style"`
		Placeholder string                   `json:"placeholder,omitempty"`
		Value       string                   `json:"value,omitempty"`
		Required    bool                     `json:"required"`
		MinLength   int                      `json:"min_length,omitempty"`
		MaxLength   int                      `json:"max_length,omitempty"`
	}{discordgo.TextInputComponent, t.CustomID, t.Style, t.Placeholder, t.Value, t.Required, t.MinLength, t.MaxLength})
}

// modalSelect is a select inside a label: a string select (Options), a
// channel select (ChannelTypes) or a role select, of one value; Required
// false lets it be left empty.
type modalSelect struct {
	Kind          discordgo.SelectMenuType
	CustomID      string
	Placeholder   string
	Required      bool
	Options       []discordgo.SelectMenuOption
	ChannelTypes  []discordgo.ChannelType
	DefaultValues []discordgo.SelectMenuDefaultValue
}

func (s modalSelect) Type() discordgo.ComponentType { return discordgo.ComponentType(s.Kind) }

func (s modalSelect) MarshalJSON() ([]byte, error) {
	minValues := 1
	if !s.Required {
		minValues = 0
	}
	return json.Marshal(struct {
		Type          discordgo.ComponentType            `json:"type"`
		CustomID      string                             `json:"custom_id"`
		Placeholder   string                             `json:"placeholder,omitempty"`
		MinValues     int                                `json:"min_values"`
		MaxValues     int                                `json:"max_values"`
		Required      bool                               `json:"required"`
		Options       []discordgo.SelectMenuOption       `json:"options,omitempty"`
		ChannelTypes  []discordgo.ChannelType            `json:"channel_types,omitempty"`
		DefaultValues []discordgo.SelectMenuDefaultValue `json:"default_values,omitempty"`
	}{discordgo.ComponentType(s.Kind), s.CustomID, s.Placeholder, minValues, 1, s.Required, s.Options, s.ChannelTypes, s.DefaultValues})
}

// modalFileUpload is a File Upload of one file. Discord does not filter
// by extension: the bot does, by the file's name, before it downloads it.
type modalFileUpload struct {
	CustomID string
	Required bool
}

func (modalFileUpload) Type() discordgo.ComponentType { return fileUploadComponent }

func (f modalFileUpload) MarshalJSON() ([]byte, error) {
	return json.Marshal(struct {
		Type      discordgo.ComponentType `json:"type"`
		CustomID  string                  `json:"custom_id"`
		MinValues int                     `json:"min_values"`
		MaxValues int                     `json:"max_values"`
		Required  bool                    `json:"required"`
	}{fileUploadComponent, f.CustomID, 1, 1, f.Required})
}

// modalForm is a submitted modal of labels: each input's values by its
// custom ID (a text input's text as its one value; a select's picks; a
// file upload's attachment IDs), and the uploaded files.
type modalForm struct {
	CustomID    string
	Values      map[string][]string
	Attachments map[string]*discordgo.MessageAttachment
}

// value is an input's first value, trimmed; "" if none.
func (f *modalForm) value(id string) string {
	if f == nil || len(f.Values[id]) == 0 {
		return ""
	}
	return strings.TrimSpace(f.Values[id][0])
}

// file is the first file uploaded in an input, nil if none.
func (f *modalForm) file(id string) *discordgo.MessageAttachment {
	if f == nil {
		return nil
	}
	for _, v := range f.Values[id] {
		if a := f.Attachments[v]; a != nil {
			return a
		}
	}
	return nil
}

// submitPart is an input of a submit, as Discord sends it back.
type submitPart struct {
	Type      discordgo.ComponentType `json:"type"`
	CustomID  string                  `json:"custom_id"`
	Value     *string                 `json:"value"`
	Values    []string                `json:"values"`
	Component *submitPart             `json:"component"`  // a label's
	Parts     []submitPart            `json:"components"` // an action row's
}

// decodeModalForm reads an INTERACTION_CREATE of a modal submit that has
// labels: the interaction without its data's components (which discordgo
// could not read), and the form. ok false: not such a submit (discordgo
// reads it, and onInteraction answers it).
func decodeModalForm(raw []byte) (i *discordgo.InteractionCreate, f *modalForm, ok bool) {
	var head struct {
		Type discordgo.InteractionType `json:"type"`
		Data struct {
			CustomID   string       `json:"custom_id"`
			Components []submitPart `json:"components"`
			Resolved   struct {
				Attachments map[string]*discordgo.MessageAttachment `json:"attachments"`
			} `json:"resolved"`
		} `json:"data"`
	}
	if json.Unmarshal(raw, &head) != nil || head.Type != discordgo.InteractionModalSubmit {
		return nil, nil, false
	}
	labelled := false
	f = &modalForm{CustomID: head.Data.CustomID, Values: map[string][]string{}, Attachments: head.Data.Resolved.Attachments}
	var walk func(ps []submitPart)
	walk = func(ps []submitPart) {
		for _, p := range ps {
			switch {
			case p.Component != nil:
				labelled = labelled || p.Type == labelComponent
				walk([]submitPart{*p.Component})
			case len(p.Parts) > 0:
				walk(p.Parts)
			case p.CustomID != "" && p.Value != nil:
				f.Values[p.CustomID] = []string{*p.Value}
			case p.CustomID != "":
				f.Values[p.CustomID] = p.Values
			}
		}
	}
	walk(head.Data.Components)
	if !labelled {
		return nil, nil, false
	}
	// The interaction as discordgo reads it, its data's components left out.
	var all map[string]json.RawMessage
	if json.Unmarshal(raw, &all) != nil {
		return nil, nil, false
	}
	all["data"], _ = json.Marshal(map[string]any{"custom_id": f.CustomID, "components": []any{}})
	plain, _ := json.Marshal(all)
	i = &discordgo.InteractionCreate{}
	if err := json.Unmarshal(plain, i); err != nil {
		return nil, nil, false
	}
	return i, f, true
}
