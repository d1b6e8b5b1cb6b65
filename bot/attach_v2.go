package bot

import (
	"encoding/json"
	"strconv"

	"github.com/bwmarrin/discordgo"

	"github.com/gunbai/gunbai/render/field"
)

// A Components V2 message's body (issue 28): the flag IS_COMPONENTS_V2 on
// every create and edit (it cannot be taken off a message once there), all
// it says in its components, no content and no embeds (Discord refuses
// them with the flag). An edit clears the content and embeds a legacy
// message had (content null, embeds []): converting a message by edit is
// allowed, the flag being one of those an edit may set.
func bodyV2(m message, edit bool) (messageBody, []*discordgo.File) {
	body := messageBody{Flags: discordgo.MessageFlagsIsComponentsV2}
	atts := []attachment{}
	var files []*discordgo.File
	for i, f := range m.files() {
		atts = append(atts, attachment{ID: strconv.Itoa(i), Filename: f.file.Name, Description: clip(f.alt, field.MaxAltText)})
		files = append(files, f.file)
	}
	comps := m.components
	if comps == nil {
		comps = []discordgo.MessageComponent{}
	}
	body.Components = &comps
	if len(atts) > 0 || edit {
		body.Attachments = &atts
	}
	if edit {
		body.Content = json.RawMessage("null")
		body.Embeds = &[]*discordgo.MessageEmbed{}
	}
	body.AllowedMentions = pings(m.mentions)
	return body, files
}

// sameMessage reports whether a message Discord holds says what m says:
// its content, or for a Components V2 message its components' JSON.
func sameMessage(msg discordgo.Message, m message) bool {
	if !m.v2 {
		return msg.Content == m.content
	}
	if msg.Flags&discordgo.MessageFlagsIsComponentsV2 == 0 {
		return false
	}
	have, err1 := json.Marshal(msg.Components)
	want, err2 := json.Marshal(m.components)
	return err1 == nil && err2 == nil && textsOf(have) == textsOf(want)
}

// textsOf is the text displays' content of components' JSON, in order:
// what a message says, whatever ids Discord gave its components.
func textsOf(raw []byte) string {
	var v any
	if json.Unmarshal(raw, &v) != nil {
		return ""
	}
	var out []byte
	var walk func(any)
	walk = func(x any) {
		switch t := x.(type) {
		case []any:
			for _, e := range t {
				walk(e)
			}
		case map[string]any:
			if typ, _ := t["type"].(float64); typ == float64(discordgo.TextDisplayComponent) {
				s, _ := t["content"].(string)
				out = append(append(out, s...), 0)
			}
			for _, k := range []string{"components", "accessory"} {
				if c, ok := t[k]; ok {
					walk(c)
				}
			}
		}
	}
	walk(v)
	return string(out)
}
