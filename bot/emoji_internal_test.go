package bot

import (
	"testing"

	"github.com/bwmarrin/discordgo"

	"github.com/gunbai/gunbai/render"
)

// emojiIn, the sheet's name for a menu's emoji: nil before the sync (or
// after it failed); after, a troop's counter labelled in Russian, emojiIn
// the reader's language's, a mark's the same for both.
func TestEmojiOfBeforeAndAfterTheSync(t *testing.T) {
	b := &Bot{}
	if b.emojiIn(render.RU, "troop:heavy_cavalry") != nil || b.emojiMarkup(render.EN, "mark:move") != "" || b.logIcons(render.RU) != nil {
		t.Fatal("emojis before any sync")
	}
	b.emojis.ids = map[string]discordgo.Emoji{
		"troop:heavy_cavalry/ru": {ID: "1", Name: "gunbai_heavy_cavalry_ru_aaaaaa"},
		"troop:heavy_cavalry/en": {ID: "2", Name: "gunbai_heavy_cavalry_en_bbbbbb"},
		"mark:move":              {ID: "3", Name: "gunbai_move_cccccc"},
	}
	if e := b.emojiIn(render.RU, "troop:heavy_cavalry"); e == nil || e.ID != "1" {
		t.Errorf("emojiIn(RU, troop) = %+v, want the Russian counter", e)
	}
	if e := b.emojiIn(render.EN, "troop:heavy_cavalry"); e == nil || e.ID != "2" {
		t.Errorf("emojiIn(en, troop) = %+v", e)
	}
	if e := b.emojiIn(render.RU, "mark:move"); e == nil || e.ID != "3" || b.emojiMarkup(render.EN, "mark:move") != "<:gunbai_move_cccccc:3>" {
		t.Errorf("mark:move = %+v %q", e, b.emojiMarkup(render.EN, "mark:move"))
	}
	if b.emojiIn(render.RU, "mark:shot") != nil || b.emojiIn(render.RU, "troop:nope") != nil {
		t.Error("an emoji for a name never synced")
	}
}
