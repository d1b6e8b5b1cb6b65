package bot

// EmojisSynced is how many of its icons the bot has emojis for.
func EmojisSynced(b *Bot) int {
	b.emojis.mu.RLock()
	defer b.emojis.mu.RUnlock()
	return len(b.emojis.ids)
}
