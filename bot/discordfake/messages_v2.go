package discordfake

import (
	"fmt"
	"unicode/utf8"

	"github.com/bwmarrin/discordgo"
)

// Components V2 messages (flag IS_COMPONENTS_V2, 1<<15), validated as
// Discord does (its components reference): the top-level types the flag
// allows, what a container and a section may hold, a media gallery's
// items, the 40 components of a message counting nested ones, the 4000
// characters of its text displays in all, custom IDs unique across the
// nesting; with the flag a message has no content and no embeds, and once
// a message has it an edit cannot take it off.

// Limits of a Components V2 message.
const (
	maxV2Components   = 40
	maxV2Text         = 4000
	maxGalleryItems   = 10
	maxSectionTexts   = 3
	maxV2AltText      = 1024
	v2LegacyFieldCode = "MESSAGE_CANNOT_USE_LEGACY_FIELDS_WITH_COMPONENTS_V2"
)

// v2 is a V2 validation under way: the running totals.
type v2 struct {
	checkID func(path, id string)
	fe      formErrors
	count   int
	text    int
}

// validateV2 checks a V2 message's top-level components.
func validateV2(top []discordgo.MessageComponent, checkID func(path, id string), fe formErrors) {
	v := &v2{checkID: checkID, fe: fe}
	for i, c := range top {
		v.component(fmt.Sprintf("components.%d.", i), c, true)
	}
	if v.count > maxV2Components {
		fe.add("components", "BASE_TYPE_MAX_LENGTH", fmt.Sprintf("Must be %d or fewer in length (components counted with the nested ones: %d).", maxV2Components, v.count))
	}
	if v.text > maxV2Text {
		fe.add("components", "BASE_TYPE_MAX_LENGTH", fmt.Sprintf("The text displays hold %d characters; a message holds at most %d.", v.text, maxV2Text))
	}
}

// component checks one component at path: top, at the message's top
// level; else in a container.
func (v *v2) component(path string, c discordgo.MessageComponent, top bool) {
	v.count++
	switch x := c.(type) {
	case *discordgo.ActionsRow:
		v.count += len(x.Components)
		validateRow(path, x, v.checkID, v.fe)
	case *discordgo.TextDisplay:
		v.textDisplay(path, x)
	case *discordgo.Section:
		v.section(path, x)
	case *discordgo.MediaGallery:
		v.gallery(path, x)
	case *discordgo.Separator, *discordgo.FileComponent:
	case *discordgo.Container:
		if !top {
			v.fe.add(path+"type", "UNION_TYPE_CHOICES", "Value of field \"type\" must be one of (1, 9, 10, 12, 13, 14).")
			return
		}
		if len(x.Components) == 0 {
			v.fe.add(path+"components", "BASE_TYPE_BAD_LENGTH", "Must be between 1 and 40 in length.")
		}
		for i, cc := range x.Components {
			v.component(fmt.Sprintf("%scomponents.%d.", path, i), cc, false)
		}
	default:
		v.fe.add(path+"type", "UNION_TYPE_CHOICES", "Value of field \"type\" must be one of (1, 9, 10, 12, 13, 14, 17).")
	}
}

func (v *v2) textDisplay(path string, t *discordgo.TextDisplay) {
	n := utf8.RuneCountInString(t.Content)
	if n == 0 {
		v.fe.add(path+"content", "BASE_TYPE_REQUIRED", "This field is required")
	}
	v.text += n
}

// section: 1-3 text displays and an accessory, a button or a thumbnail.
func (v *v2) section(path string, s *discordgo.Section) {
	if len(s.Components) == 0 || len(s.Components) > maxSectionTexts {
		v.fe.add(path+"components", "BASE_TYPE_BAD_LENGTH", "Must be between 1 and 3 in length.")
	}
	for i, c := range s.Components {
		p := fmt.Sprintf("%scomponents.%d.", path, i)
		t, ok := c.(*discordgo.TextDisplay)
		if !ok {
			v.fe.add(p+"type", "UNION_TYPE_CHOICES", "Value of field \"type\" must be one of (10,).")
			continue
		}
		v.count++
		v.textDisplay(p, t)
	}
	v.count++ // the accessory
	switch a := s.Accessory.(type) {
	case *discordgo.Button:
		validateButton(path+"accessory.", a, v.checkID, v.fe)
	case *discordgo.Thumbnail:
		if a.Media.URL == "" {
			v.fe.add(path+"accessory.media.url", "BASE_TYPE_REQUIRED", "This field is required")
		}
	case nil:
		v.fe.add(path+"accessory", "BASE_TYPE_REQUIRED", "This field is required")
	default:
		v.fe.add(path+"accessory.type", "UNION_TYPE_CHOICES", "Value of field \"type\" must be one of (2, 11).")
	}
}

// gallery: 1-10 items, each with its media's URL and an alt text of at
// most 1024 characters.
func (v *v2) gallery(path string, g *discordgo.MediaGallery) {
	if len(g.Items) == 0 || len(g.Items) > maxGalleryItems {
		v.fe.add(path+"items", "BASE_TYPE_BAD_LENGTH", "Must be between 1 and 10 in length.")
	}
	for i, it := range g.Items {
		p := fmt.Sprintf("%sitems.%d.", path, i)
		if it.Media.URL == "" {
			v.fe.add(p+"media.url", "BASE_TYPE_REQUIRED", "This field is required")
		}
		if it.Description != nil && utf8.RuneCountInString(*it.Description) > maxV2AltText {
			v.fe.add(p+"description", "BASE_TYPE_MAX_LENGTH", fmt.Sprintf("Must be %d or fewer in length.", maxV2AltText))
		}
	}
}

// isV2 reports whether a payload sets the flag.
func (d *decoded) isV2() bool {
	return d.p.Flags != nil && discordgo.MessageFlags(*d.p.Flags)&discordgo.MessageFlagsIsComponentsV2 != 0
}

// checkV2Fields refuses content and embeds sent with the flag.
func (d *decoded) checkV2Fields() *apiError {
	if !d.isV2() {
		return nil
	}
	if d.p.Content != nil && *d.p.Content != "" {
		return invalidBody("content", v2LegacyFieldCode, "The 'content' field cannot be used when using MessageFlags.IS_COMPONENTS_V2")
	}
	if len(d.embeds) > 0 {
		return invalidBody("embeds", v2LegacyFieldCode, "The 'embeds' field cannot be used when using MessageFlags.IS_COMPONENTS_V2")
	}
	if len(d.p.StickerIDs) > 0 || present(d.p.Poll) {
		return invalidBody("", v2LegacyFieldCode, "Stickers and polls cannot be used when using MessageFlags.IS_COMPONENTS_V2")
	}
	return nil
}

// checkV2Edit applies an edit's flags to a message: the flag may be set
// (the message then holding no content nor embeds), never removed; and a
// V2 message's components are validated as V2 whatever the edit says.
func checkV2Edit(msg *storedMessage, d *decoded, content string, embeds []*discordgo.MessageEmbed) *apiError {
	was := msg.Flags&discordgo.MessageFlagsIsComponentsV2 != 0
	if was && d.p.Flags != nil && !d.isV2() {
		return invalidBody("flags", "MESSAGE_CANNOT_REMOVE_COMPONENTS_V2_FLAG", "The IS_COMPONENTS_V2 flag cannot be removed from a message")
	}
	if !was && !d.isV2() {
		return nil
	}
	if content != "" {
		return invalidBody("content", v2LegacyFieldCode, "The 'content' field cannot be used when using MessageFlags.IS_COMPONENTS_V2")
	}
	if len(embeds) > 0 {
		return invalidBody("embeds", v2LegacyFieldCode, "The 'embeds' field cannot be used when using MessageFlags.IS_COMPONENTS_V2")
	}
	msg.Flags |= discordgo.MessageFlagsIsComponentsV2
	return nil
}
