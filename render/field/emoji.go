package field

import (
	"bytes"
	"fmt"
	"image"
	"image/png"
	"math"
	"strings"

	"github.com/fogleman/gg"

	"github.com/gunbai/gunbai/engine"
	"github.com/gunbai/gunbai/render"
)

// The bot's application emojis: a troop type's counter and the turn's
// marks, drawn by the very functions that draw them on the map (tokens.go,
// turn_legend.go, preview.go), each alone on a transparent square.

// EmojiSize is the side of an emoji's picture, Discord's recommended 128.
const EmojiSize = 128

// The marks that have an emoji, by the name after "mark:".
const (
	EmojiMove = "move"
	EmojiShot = "shot"
	EmojiLoss = "loss"
	EmojiRout = "rout"
	EmojiFlag = "flag"
)

// EmojiMarks are the marks with an emoji, in a fixed order.
func EmojiMarks() []string { return []string{EmojiMove, EmojiShot, EmojiLoss, EmojiRout, EmojiFlag} }

// EmojiIcon draws the emoji named "troop:<TroopType key>" (its counter,
// facing north in the North's colours, with its label in lang: «ТК»,
// "HC") or "mark:<mark>" (lang unused) as a square PNG of EmojiSize.
func EmojiIcon(name string, lang render.Lang) ([]byte, error) {
	img, err := emojiImage(name, lang)
	if err != nil {
		return nil, err
	}
	var buf bytes.Buffer
	if err := (&png.Encoder{CompressionLevel: png.BestCompression}).Encode(&buf, img); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

func emojiImage(name string, lang render.Lang) (image.Image, error) {
	if err := loadFonts(); err != nil {
		return nil, err
	}
	kind, what, _ := strings.Cut(name, ":")
	s := float64(EmojiSize)
	switch kind {
	case "troop":
		t, err := engine.ParseTroopType(what)
		if err != nil {
			return nil, fmt.Errorf("emoji %q: %w", name, err)
		}
		// The counter fills the square: its body 0.78 of a cell wide.
		return emojiDraw(s/0.78*0.9, lang, func(d *drawer) { d.emojiCounter(t) })
	case "mark":
		return emojiMark(what, lang)
	}
	return nil, fmt.Errorf("emoji %q: no such icon", name)
}

// emojiMark draws a mark at the cell size that makes it fill the square
// (the map's line widths and fonts scale with the cell).
func emojiMark(mark string, lang render.Lang) (image.Image, error) {
	s := float64(EmojiSize)
	c := s / 2
	switch mark {
	case EmojiMove:
		return emojiDraw(s*2, lang, func(d *drawer) {
			d.arrow([]point{{s * 0.06, c}, {s * 0.94, c}}, northDark, s*0.12, false)
		})
	case EmojiShot:
		return emojiDraw(s*2, lang, func(d *drawer) { d.targetRing(c, c, s*0.36) })
	case EmojiLoss:
		// The losses' tag, without a number: a number would lie.
		return emojiDraw(s/0.185*0.72, lang, func(d *drawer) { d.turnTag(c, c, "−", lostInk, white) })
	case EmojiRout:
		return emojiDraw(s*1.9, lang, func(d *drawer) { d.routingBadge(c, c, s*0.46) })
	case EmojiFlag:
		// bannerFlag stands on its point: the pole from 1.7 r above it to
		// 0.9 r below, the flag from 0.55 r left of it to 0.65 r right.
		r := s * 0.36
		return emojiDraw(s*2, lang, func(d *drawer) { d.bannerFlag(c-0.05*r, c+0.4*r, r, engine.North) })
	}
	return nil, fmt.Errorf("emoji mark %q: no such icon", mark)
}

// emojiDraw runs draw on a transparent square with the faces of a map of
// cell size cs.
func emojiDraw(cs float64, lang render.Lang, draw func(d *drawer)) (image.Image, error) {
	f, err := newFieldFaces(int(math.Round(cs)))
	if err != nil {
		return nil, err
	}
	defer f.release()
	img := image.NewRGBA(image.Rect(0, 0, EmojiSize, EmojiSize))
	d := &drawer{dc: gg.NewContextForRGBA(img), img: img, f: f, lang: lang, l: layout{cs: cs}}
	draw(d)
	return img, nil
}

// emojiCounter is a unit's counter (counterBody, counterFront) with its
// type's label alone, as large as the body holds: the emoji stands for
// the type, not a unit.
func (d *drawer) emojiCounter(t engine.TroopType) {
	cs := d.l.cs
	s := float64(EmojiSize)
	w, h := math.Round(cs*0.78), math.Round(cs*0.66)
	ph := math.Round(cs * prowHeight)
	x := math.Round((s - w) / 2)
	y := math.Round((s-h-ph)/2 + ph)
	bd := bandDepth(cs, engine.N)
	g := counterGeom{body: rectF{x, y, w, h}, band: rectF{x, y, w, bd}, content: rectF{x, y + bd, w, h - bd}, facing: engine.N}
	u := &engine.Unit{Side: engine.North, Type: t, Facing: engine.N}
	d.counterBody(u, g)
	d.counterFront(u, &g)
	face := labelFace(d.f, g.content.h*0.62)
	text := render.TroopShort(d.lang, t)
	base := g.content.y + (g.content.h+capHeight(face))/2
	d.textAt(face, fitText(face, text, g.content.w-4), g.content.x+g.content.w/2, math.Round(base), 0.5, white)
}
