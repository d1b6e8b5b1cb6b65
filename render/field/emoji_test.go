package field

import (
	"bytes"
	"image"
	"image/color"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/image/draw"

	"github.com/gunbai/gunbai/engine"
	"github.com/gunbai/gunbai/render"
)

// emojiNames are every icon the bot uploads, troop ones in both languages.
func emojiNames() []struct {
	name string
	lang render.Lang
} {
	var out []struct {
		name string
		lang render.Lang
	}
	for _, l := range []render.Lang{render.RU, render.EN} {
		for _, t := range engine.TroopTypes() {
			out = append(out, struct {
				name string
				lang render.Lang
			}{"troop:" + t.String(), l})
		}
	}
	for _, m := range EmojiMarks() {
		out = append(out, struct {
			name string
			lang render.Lang
		}{"mark:" + m, render.RU})
	}
	return out
}

// TestEmojiIcons decodes every icon: a 128 square, not empty, each
// different (within a language), the troops' counters in the map's North colours; they are
// written to $GUNBAI_EMOJI_DIR (at 128 and at 22, the size Discord shows
// inline) to be looked at.
func TestEmojiIcons(t *testing.T) {
	dir := os.Getenv("GUNBAI_EMOJI_DIR")
	seen := map[string]string{}
	var sheet []image.Image
	for _, n := range emojiNames() {
		data, err := EmojiIcon(n.name, n.lang)
		if err != nil {
			t.Fatalf("%s: %v", n.name, err)
		}
		if len(data) > 256*1024 {
			t.Errorf("%s: %d bytes, over Discord's 256 KiB", n.name, len(data))
		}
		img, err := png.Decode(bytes.NewReader(data))
		if err != nil {
			t.Fatalf("%s: %v", n.name, err)
		}
		if b := img.Bounds(); b.Dx() != EmojiSize || b.Dy() != EmojiSize {
			t.Errorf("%s: %v, want 128x128", n.name, b)
		}
		// «АТ» and "AT" look alike: a troop differs from the others of its language.
		key := string(n.lang) + string(data)
		if prev, dup := seen[key]; dup {
			t.Errorf("%s (%s) is drawn like %s", n.name, n.lang, prev)
		}
		seen[key] = n.name + "/" + string(n.lang)
		opaque, north, dark := 0, 0, 0
		for y := 0; y < EmojiSize; y++ {
			for x := 0; x < EmojiSize; x++ {
				c := color.RGBAModel.Convert(img.At(x, y)).(color.RGBA)
				if c.A > 0 {
					opaque++
				}
				if c == northColor {
					north++
				}
				if c == northDark {
					dark++
				}
			}
		}
		if opaque < EmojiSize*EmojiSize/10 {
			t.Errorf("%s: only %d pixels drawn", n.name, opaque)
		}
		if strings.HasPrefix(n.name, "troop:") && (north < EmojiSize*EmojiSize/4 || dark < 200) {
			t.Errorf("%s: %d pixels of the North's colour and %d of its dark band: not the map's counter", n.name, north, dark)
		}
		sheet = append(sheet, img)
		if dir != "" {
			base := strings.ReplaceAll(n.name, ":", "_") + "_" + string(n.lang)
			writePNG(t, filepath.Join(dir, base+".png"), img)
			small := image.NewRGBA(image.Rect(0, 0, 22, 22))
			draw.CatmullRom.Scale(small, small.Bounds(), img, img.Bounds(), draw.Over, nil)
			writePNG(t, filepath.Join(dir, base+"_22.png"), small)
		}
	}
	if dir != "" { // all of them on Discord's dark grey, a row at 22 over a grid at 128
		const per = 6
		rows := (len(sheet) + per - 1) / per
		all := image.NewRGBA(image.Rect(0, 0, max(len(sheet)*30, per*136), 34+rows*136))
		draw.Draw(all, all.Bounds(), image.NewUniform(color.RGBA{0x31, 0x33, 0x38, 0xff}), image.Point{}, draw.Src)
		for i, img := range sheet {
			draw.CatmullRom.Scale(all, image.Rect(i*30+4, 4, i*30+26, 26), img, img.Bounds(), draw.Over, nil)
			x, y := i%per*136, 34+i/per*136
			draw.Draw(all, image.Rect(x, y, x+128, y+128), img, image.Point{}, draw.Over)
		}
		writePNG(t, filepath.Join(dir, "all.png"), all)
	}
}
