package bot

import (
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"slices"
	"strings"
	"sync"

	"github.com/bwmarrin/discordgo"

	"github.com/gunbai/gunbai/engine"
	"github.com/gunbai/gunbai/render"
	"github.com/gunbai/gunbai/render/field"
)

// The application's emojis are kept in step with the icons the bot draws
// (render/field/emoji.go) once per process, at its first READY. Each is
// named "gunbai_<icon>_<hash>": the hash is of its picture, so a changed
// picture is a new name, uploaded, and the old name is stale. The sync
// lists the application's emojis, uploads what is missing, then deletes
// the stale ones of ours (prefix "gunbai_"), never another's. Several
// processes starting at once (shards) make the same names from the same
// pictures: the name Discord refuses as taken is another's upload of the
// same picture, and the list read after finds it. A failure is logged and
// the bot goes on: every text reads without its emojis.

// emojiPrefix starts the name of every emoji the bot owns.
const emojiPrefix = "gunbai_"

// emojiIcon is one icon the bot uploads: its name in the bot ("troop:
// heavy_cavalry", "mark:move"), the language of its label (troops only)
// and its picture.
type emojiIcon struct {
	name        string
	lang        render.Lang
	png         []byte
	base        string // gunbai_<icon>, the Discord name without the hash
	discordName string // base + "_" + the picture's hash
}

// key is the icon's key in the set: the name, with the language for a
// troop's ("troop:heavy_cavalry/en").
func emojiKey(name string, l render.Lang) string {
	if strings.HasPrefix(name, "troop:") {
		return name + "/" + string(l)
	}
	return name
}

// iconsDrawn holds the icons once drawn: the same for every bot of the
// process (a test runs many).
var iconsDrawn struct {
	once  sync.Once
	icons []emojiIcon
	err   error
}

// emojiIcons is every icon the bot uploads, drawn once per process.
func emojiIcons() ([]emojiIcon, error) {
	iconsDrawn.once.Do(func() { iconsDrawn.icons, iconsDrawn.err = drawEmojiIcons() })
	return iconsDrawn.icons, iconsDrawn.err
}

// drawEmojiIcons draws every icon the bot uploads.
func drawEmojiIcons() ([]emojiIcon, error) {
	var out []emojiIcon
	add := func(name, base string, l render.Lang) error {
		data, err := field.EmojiIcon(name, l)
		if err != nil {
			return err
		}
		sum := sha256.Sum256(data)
		out = append(out, emojiIcon{name: name, lang: l, png: data, base: base,
			discordName: base + "_" + hex.EncodeToString(sum[:3])})
		return nil
	}
	for _, l := range []render.Lang{render.RU, render.EN} {
		for _, t := range engine.TroopTypes() {
			if err := add("troop:"+t.String(), emojiPrefix+t.String()+"_"+string(l), l); err != nil {
				return nil, err
			}
		}
	}
	for _, m := range field.EmojiMarks() {
		if err := add("mark:"+m, emojiPrefix+m, render.RU); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// emojiSet is the synced emojis, by key (emojiKey); empty until the sync
// has run, and for good if it failed.
type emojiSet struct {
	once sync.Once
	mu   sync.RWMutex
	ids  map[string]discordgo.Emoji // key -> the uploaded emoji (ID, Name)
}

func (e *emojiSet) get(key string) (discordgo.Emoji, bool) {
	e.mu.RLock()
	defer e.mu.RUnlock()
	m, ok := e.ids[key]
	return m, ok
}

// syncEmojis runs the sync once per process (the first shard's READY;
// the others wait for it).
func (b *Bot) syncEmojis(s *discordgo.Session, app string) {
	if app == "" {
		return
	}
	b.emojis.once.Do(func() {
		ids, err := syncAppEmojis(s, app, b.opt.Log.Printf)
		if err != nil {
			b.opt.Log.Printf("application emojis: %v (the texts go without them)", err)
		}
		b.emojis.mu.Lock()
		b.emojis.ids = ids
		b.emojis.mu.Unlock()
	})
}

// syncAppEmojis uploads the missing icons, deletes our stale ones and
// returns the emojis of the icons, by key; those it could not upload are
// left out (logged).
func syncAppEmojis(s *discordgo.Session, app string, logf func(string, ...any)) (map[string]discordgo.Emoji, error) {
	icons, err := emojiIcons()
	if err != nil {
		return nil, err
	}
	have, err := s.ApplicationEmojis(app)
	if err != nil {
		return nil, err
	}
	byName := map[string]*discordgo.Emoji{}
	for _, m := range have {
		byName[m.Name] = m
	}
	raced := false
	for _, ic := range icons {
		if byName[ic.discordName] != nil {
			continue
		}
		m, err := s.ApplicationEmojiCreate(app, &discordgo.EmojiParams{Name: ic.discordName,
			Image: "data:image/png;base64," + base64.StdEncoding.EncodeToString(ic.png)})
		if err != nil {
			// Taken by another process's upload of the same picture, or
			// refused: the list read again tells.
			logf("uploading emoji %s: %v", ic.discordName, err)
			raced = true
			continue
		}
		byName[m.Name] = m
	}
	if raced {
		if have, err = s.ApplicationEmojis(app); err != nil {
			return nil, err
		}
		for _, m := range have {
			byName[m.Name] = m
		}
	}
	want := map[string]bool{}
	out := map[string]discordgo.Emoji{}
	for _, ic := range icons {
		want[ic.discordName] = true
		if m := byName[ic.discordName]; m != nil {
			out[emojiKey(ic.name, ic.lang)] = discordgo.Emoji{ID: m.ID, Name: m.Name}
		}
	}
	for _, m := range have {
		if strings.HasPrefix(m.Name, emojiPrefix) && !want[m.Name] && ownBase(icons, m.Name) {
			if err := s.ApplicationEmojiDelete(app, m.ID); err != nil {
				logf("deleting stale emoji %s: %v", m.Name, err)
			}
		}
	}
	return out, nil
}

// ownBase reports whether name is one of our icons with another hash: an
// older picture of it. A "gunbai_" name of no icon of ours is left alone.
func ownBase(icons []emojiIcon, name string) bool {
	i := strings.LastIndexByte(name, '_')
	return i > 0 && slices.ContainsFunc(icons, func(ic emojiIcon) bool { return ic.base == name[:i] })
}
