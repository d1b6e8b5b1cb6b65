package discordfake

import (
	"strings"

	"github.com/bwmarrin/discordgo"
)

// Reading a message as its reader does, Components V2 or not: its text
// (the content, then every text display at any depth, in order) and its
// buttons and menus wherever they are nested (rows, sections' accessories,
// containers).

// Text is what a message says in words: its content and its text
// displays, one after the other.
func (m Message) Text() string {
	parts := []string{}
	if m.Content != "" {
		parts = append(parts, m.Content)
	}
	parts = append(parts, Texts(m.Components)...)
	return strings.Join(parts, "\n")
}

// Texts are the contents of the text displays among components, at any
// depth, in order.
func Texts(comps []discordgo.MessageComponent) []string {
	var out []string
	for _, c := range comps {
		switch v := c.(type) {
		case *discordgo.TextDisplay:
			out = append(out, v.Content)
		case *discordgo.Section:
			out = append(out, Texts(v.Components)...)
		case *discordgo.Container:
			out = append(out, Texts(v.Components)...)
		}
	}
	return out
}

// Interactive lists the buttons and menus among components, at any depth,
// in order: a section's accessory after its texts.
func Interactive(comps []discordgo.MessageComponent) []discordgo.MessageComponent {
	var out []discordgo.MessageComponent
	for _, c := range comps {
		switch v := c.(type) {
		case *discordgo.Button, *discordgo.SelectMenu:
			out = append(out, c)
		case *discordgo.ActionsRow:
			out = append(out, Interactive(v.Components)...)
		case *discordgo.Section:
			if v.Accessory != nil {
				out = append(out, Interactive([]discordgo.MessageComponent{v.Accessory})...)
			}
		case *discordgo.Container:
			out = append(out, Interactive(v.Components)...)
		}
	}
	return out
}

// CustomID is a button's or a menu's custom ID ("" for others).
func CustomID(c discordgo.MessageComponent) string {
	switch v := c.(type) {
	case *discordgo.Button:
		return v.CustomID
	case *discordgo.SelectMenu:
		return v.CustomID
	}
	return ""
}

// Text is what an answer says in words: its content and its text displays.
func (r Response) Text() string {
	return Message{Content: r.Content, Components: r.Components}.Text()
}
