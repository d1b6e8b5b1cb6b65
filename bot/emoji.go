package bot

import (
	"github.com/bwmarrin/discordgo"

	"github.com/gunbai/gunbai/game"
	"github.com/gunbai/gunbai/render"
)

// The synced application emojis (emojisync.go) where the bot writes: a
// menu option's emoji, an emoji's markup in a text. Names are "troop:<the
// TroopType's String()>" and "mark:move", "mark:shot", "mark:loss",
// "mark:rout", "mark:flag". Before the sync, or after it failed, there
// are none: every caller writes its words all the same, the emoji is only
// put before them.

// emojiIn is the emoji of name ("troop:<type>", "mark:move") for a menu
// option read in l (a troop's counter is labelled in l's words), nil if
// there is none.
func (b *Bot) emojiIn(l render.Lang, name string) *discordgo.ComponentEmoji {
	m, ok := b.emojis.get(emojiKey(name, l))
	if !ok {
		return nil
	}
	return &discordgo.ComponentEmoji{ID: m.ID, Name: m.Name}
}

// emojiMarkup is the markup of name's emoji in a text ("<:gunbai_move_1a2b3c:123>"),
// "" if there is none.
func (b *Bot) emojiMarkup(l render.Lang, name string) string {
	m, ok := b.emojis.get(emojiKey(name, l))
	if !ok {
		return ""
	}
	return "<:" + m.Name + ":" + m.ID + ">"
}

// logIcons is render's LogOptions.Icon for a reader of l: the emojis'
// markup, nil when none is synced (the log as it always was).
func (b *Bot) logIcons(l render.Lang) func(name string) string {
	if _, ok := b.emojis.get("mark:move"); !ok {
		return nil
	}
	return func(name string) string { return b.emojiMarkup(l, name) }
}

// turnLogText is a turn's log for a reader of l, with the emojis if they
// are synced: render.LogNamed's words either way.
func (b *Bot) turnLogText(l render.Lang, tv game.TurnView) string {
	return render.LogWith(l, tv.Events, render.LogOptions{Names: render.Names(&tv.Before, &tv.After),
		Troops: render.Troops(&tv.Before, &tv.After), Icon: b.logIcons(l)})
}
