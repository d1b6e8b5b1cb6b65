package discordfake

import (
	"bytes"
	"image"
	"strings"

	"github.com/bwmarrin/discordgo"
)

// Components V2 as Discord returns them: a container's accent colour and
// spoiler always said, a media gallery's items with their description and
// spoiler, and every media item unfurled (an attachment:// URL resolved to
// the message's attachment, with its id, CDN URLs, size and type).

// v2ResponseFields fills the fields Discord always returns for a V2
// component x.
func v2ResponseFields(x map[string]any, media func(url string) map[string]any) {
	typ, _ := x["type"].(float64)
	unfurl := func(v any) any {
		m, ok := v.(map[string]any)
		if !ok {
			return v
		}
		url, _ := m["url"].(string)
		if media != nil {
			if out := media(url); out != nil {
				return out
			}
		}
		if _, ok := m["proxy_url"]; !ok {
			m["proxy_url"] = url
		}
		if _, ok := m["id"]; !ok {
			m["id"] = "0"
		}
		return m
	}
	switch discordgo.ComponentType(typ) {
	case discordgo.ContainerComponent:
		if _, ok := x["accent_color"]; !ok {
			x["accent_color"] = nil
		}
		if _, ok := x["spoiler"]; !ok {
			x["spoiler"] = false
		}
	case discordgo.MediaGalleryComponent:
		items, _ := x["items"].([]any)
		for _, it := range items {
			m, ok := it.(map[string]any)
			if !ok {
				continue
			}
			if _, ok := m["description"]; !ok {
				m["description"] = nil
			}
			if _, ok := m["spoiler"]; !ok {
				m["spoiler"] = false
			}
			m["media"] = unfurl(m["media"])
		}
	case discordgo.ThumbnailComponent:
		if _, ok := x["spoiler"]; !ok {
			x["spoiler"] = false
		}
		if _, ok := x["description"]; !ok {
			x["description"] = nil
		}
		x["media"] = unfurl(x["media"])
	case discordgo.FileComponentType:
		if _, ok := x["spoiler"]; !ok {
			x["spoiler"] = false
		}
		x["file"] = unfurl(x["file"])
	}
}

// mediaOf resolves a message's attachment:// URLs to its files.
func (s *Server) mediaOf(m *storedMessage) func(url string) map[string]any {
	return func(url string) map[string]any {
		name, ok := strings.CutPrefix(url, "attachment://")
		if !ok {
			return nil
		}
		for _, f := range m.Files {
			if f.Name != name {
				continue
			}
			out := map[string]any{
				"id": f.ID, "attachment_id": f.ID,
				"url":       "https://cdn.discordapp.com/attachments/" + m.ChannelID + "/" + f.ID + "/" + f.Name,
				"proxy_url": "https://media.discordapp.net/attachments/" + m.ChannelID + "/" + f.ID + "/" + f.Name,
				"width":     nil, "height": nil, "content_type": nil,
			}
			if f.ContentType != "" {
				out["content_type"] = f.ContentType
			}
			if cfg, _, err := image.DecodeConfig(bytes.NewReader(f.Data)); err == nil {
				out["width"], out["height"] = cfg.Width, cfg.Height
			}
			return out
		}
		return nil
	}
}
