package bot

import "github.com/bwmarrin/discordgo"

// emojiOf is the application emoji named name ("troop:<type>", "mark:move"),
// or nil: then the sheet's menus go without one. A stub: bot/emoji.go
// (issue 28, item 6) replaces it with the emojis uploaded at start.
func (b *Bot) emojiOf(name string) *discordgo.ComponentEmoji { return nil }
