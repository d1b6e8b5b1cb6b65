// Package cards draws a skirmish side's record cards (формуляры, seed 002,
// EXTRAS.md E2-C): each unit's card 4.5 × 7.5 (portrait, 270 × 450
// pixels, 6 a millimetre), green ground in a darker border, the unit's
// marking and name in the centre of its head, the nation at the bottom
// left, and one line a fighter with his state (fit, wounded, dead,
// prisoner), rank, class, special classes, shield wall, his name and his
// awards; the cards side by side, three to a row, on one picture. Its
// words come from the catalogue (render.T); its fonts are the field's
// (field.Face: the embedded Go fonts, with Cyrillic). A text never leaves
// its box: a long name is shortened with "…"; fighters beyond the card's
// room are summed up in its last line.
package cards

import (
	"bytes"
	"image"
	"image/color"

	"github.com/gunbai/gunbai/render"
	"github.com/gunbai/gunbai/render/internal/pngenc"
	"github.com/gunbai/gunbai/skirmish"
)

// The picture's geometry, in pixels: a card is CardWidthMM × CardHeightMM
// at pxPerMM.
const (
	pxPerMM  = 6
	cardW    = skirmish.CardWidthMM * pxPerMM
	cardH    = skirmish.CardHeightMM * pxPerMM
	margin   = 18
	gap      = 18
	perRow   = PerPicture
	border   = 7  // the darker frame
	pad      = 14 // from the card's edge to its text
	rowH     = 19 // a fighter's line
	bodyTop  = 128
	footH    = 36 // the nation's line at the bottom
	symbolPx = 40
	titlePx  = 20
	textPx   = 15 // the smallest text drawn
	nationPx = 16
)

// PerPicture is how many cards a picture holds in its first row, and the
// most it should hold to stay legible in Discord's preview of a message
// (the tests: TestCardsLegibleInPreview_E2_C): more cards go on more rows,
// legible once the picture is opened; a service that posts a side of more
// units may post a picture for each PerPicture of them.
const PerPicture = 3

// Colours of the cards.
var (
	backColor    = color.RGBA{0xf3, 0xf0, 0xe6, 0xff}
	groundColor  = color.RGBA{0x2f, 0x74, 0x3c, 0xff} // green (E2-C)
	borderColor  = color.RGBA{0x17, 0x40, 0x1f, 0xff}
	ruleColor    = color.RGBA{0xc8, 0xdc, 0xb4, 0xff}
	inkColor     = color.RGBA{0xfb, 0xf8, 0xe8, 0xff}
	faintColor   = color.RGBA{0xcf, 0xe2, 0xc4, 0xff}
	woundedColor = color.RGBA{0xff, 0xd2, 0x4a, 0xff}
	deadColor    = color.RGBA{0xff, 0x9e, 0x94, 0xff}
	deadInk      = color.RGBA{0xa9, 0xc2, 0xa4, 0xff}
	prisonColor  = color.RGBA{0xb8, 0xd8, 0xff, 0xff}
	awardColor   = color.RGBA{0xff, 0xd7, 0x5e, 0xff}
	wallColor    = color.RGBA{0xf2, 0xc0, 0x8a, 0xff}
)

// PNG draws a side's cards (skirmish.Game.Cards) as a PNG picture, with
// the words in lang.
func PNG(cs []skirmish.Card, lang render.Lang) ([]byte, error) {
	img, err := Image(cs, lang)
	if err != nil {
		return nil, err
	}
	var buf bytes.Buffer
	if err := pngenc.Encode(&buf, img); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// Image draws a side's cards; the same cards and language give the same
// pixels.
func Image(cs []skirmish.Card, lang render.Lang) (*image.RGBA, error) {
	p, err := plan(cs, lang)
	if err != nil {
		return nil, err
	}
	defer p.release()
	return p.paint(), nil
}

// size is the picture's size for n cards: perRow to a row (one card's
// room even with none).
func size(n int) (w, h int) {
	cols, rows := min(max(n, 1), perRow), max((n+perRow-1)/perRow, 1)
	return 2*margin + cols*cardW + (cols-1)*gap, 2*margin + rows*cardH + (rows-1)*gap
}

// origin is the top left corner of the i-th card.
func origin(i int) (x, y float64) {
	return float64(margin + (i%perRow)*(cardW+gap)), float64(margin + (i/perRow)*(cardH+gap))
}
