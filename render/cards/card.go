package cards

import (
	"image/color"
	"math"
	"slices"
	"strings"

	"golang.org/x/image/font"

	"github.com/gunbai/gunbai/render"
	"github.com/gunbai/gunbai/skirmish"
)

// states are the fighters' states in the order the cards count them.
var states = []skirmish.State{skirmish.Fit, skirmish.Wounded, skirmish.Dead, skirmish.Captured}

// bodyRows is how many lines of fighters a card has room for.
const bodyRows = (cardH - footH - bodyTop - 6) / rowH

// card lays out the i-th card: its head (marking, name, the unit's ID and
// how many are fit), its fighters, its foot (nation, morale).
func (l *layout) card(i int, c skirmish.Card, lang render.Lang) error {
	x0, y0 := origin(i)
	x, w := x0+pad, float64(cardW-2*pad)
	fit := 0
	for _, f := range c.Fighters {
		if f.State == skirmish.Fit {
			fit++
		}
	}
	head := []item{
		{s: c.Symbol, bold: true, px: symbolPx, base: y0 + 60, ax: 0.5, c: inkColor},
		{s: c.Name, bold: true, px: titlePx, base: y0 + 89, ax: 0.5, c: inkColor},
		{s: c.Unit + " · " + render.T(lang, "cards.fit_count", fit, len(c.Fighters)), px: textPx, base: y0 + 110, ax: 0.5, c: faintColor},
	}
	nationW := w
	if c.Morale != skirmish.MoraleNone {
		bold, err := l.face(true, nationPx)
		if err != nil {
			return err
		}
		nationW = min(w*0.6, math.Ceil(measure(bold, glyphs(c.Nation))))
		head = append(head, item{s: word(lang, "cards.morale."+string(c.Morale), string(c.Morale)), px: textPx, x: x + nationW + 10,
			w: w - nationW - 10, base: y0 + cardH - 16, ax: 1, c: woundedColor})
	}
	head = append(head, item{s: c.Nation, bold: true, px: nationPx, x: x, w: nationW, base: y0 + cardH - 16, c: inkColor})
	for _, it := range head {
		if it.w == 0 {
			it.x, it.w = x, w
		}
		it.card = i
		if err := l.add(it); err != nil {
			return err
		}
	}
	return l.fighters(i, c, lang, x, w, y0+bodyTop)
}

// block is a fighter's lines, their baselines from the top of his first
// line's row, and how many rows they take.
type block struct {
	items []item
	rows  int
}

// fighters lays out the fighters' lines from top down; those beyond the
// card's room are summed up in its last two lines.
func (l *layout) fighters(i int, c skirmish.Card, lang render.Lang, x, w, top float64) error {
	blocks := make([]block, len(c.Fighters))
	total := 0
	for k, f := range c.Fighters {
		b, err := l.fighterBlock(f, lang, x, w)
		if err != nil {
			return err
		}
		blocks[k], total = b, total+b.rows
	}
	room := bodyRows
	if total > bodyRows {
		room -= 2 // the summing-up
	}
	row := 0
	for k, b := range blocks {
		if total > bodyRows && row+b.rows > room {
			return l.summary(i, lang, c.Fighters[k:], x, w, top+float64(row)*rowH)
		}
		for _, it := range b.items {
			it.card, it.base = i, it.base+top+float64(row)*rowH
			if err := l.add(it); err != nil {
				return err
			}
		}
		row += b.rows
	}
	return nil
}

// baseline is the baseline of the n-th row of a block.
func baseline(n int) float64 { return float64(n+1)*rowH - 4 }

// summary lays out the summing-up of the fighters left out, on two rows
// from top.
func (l *layout) summary(i int, lang render.Lang, left []skirmish.CardLine, x, w, top float64) error {
	f, err := l.face(false, textPx)
	if err != nil {
		return err
	}
	a, b := wrap(f, strings.Split(more(lang, left), ", "), w)
	for n, s := range []string{a, b} {
		if s == "" {
			continue
		}
		if err := l.add(item{s: s, px: textPx, x: x + float64(12*n), w: w - float64(12*n), base: top + baseline(n), c: faintColor, card: i}); err != nil {
			return err
		}
	}
	return nil
}

// wrap puts as many of parts on the first line as fit in width, joined by
// ", "; the rest is the second line (shortened when laid out).
func wrap(f font.Face, parts []string, width float64) (first, rest string) {
	first = parts[0]
	for k := 1; k < len(parts); k++ {
		if measure(f, glyphs(first+", "+parts[k])) > width {
			return first + ",", strings.Join(parts[k:], ", ")
		}
		first += ", " + parts[k]
	}
	return first, ""
}

// more is the summing-up line of the fighters left out: how many, and in
// which states.
func more(lang render.Lang, left []skirmish.CardLine) string {
	count := map[skirmish.State]int{}
	for _, f := range left {
		count[f.State]++
	}
	var parts []string
	for _, s := range states {
		if count[s] > 0 {
			parts = append(parts, render.T(lang, "cards.state_count", stateWord(lang, s), count[s]))
		}
	}
	return render.T(lang, "cards.more", len(left), strings.Join(parts, ", "))
}

// fighterBlock are a fighter's lines: his ID, rank, class and special
// classes (wrapped onto a second line when they do not fit), his state at
// the right (a fit fighter in a shield wall: the wall); his name and his
// awards below.
func (l *layout) fighterBlock(f skirmish.CardLine, lang render.Lang, x, w float64) (block, error) {
	label, state := inkColor, stateColor(f.State)
	dead := f.State == skirmish.Dead
	if dead {
		label = deadInk
	}
	word := stateWord(lang, f.State)
	if f.State == skirmish.Fit && slices.Contains(f.Extras, "wall") {
		word, state = render.T(lang, "cards.state.wall"), wallColor
	}
	bold, err := l.face(true, textPx)
	if err != nil {
		return block{}, err
	}
	regular, err := l.face(false, textPx)
	if err != nil {
		return block{}, err
	}
	sw := min(w*0.45, math.Ceil(measure(bold, glyphs(word))))
	idW := min(w*0.3, math.Ceil(measure(bold, glyphs(f.ID))))
	dx := idW + 6
	desc, more := wrap(regular, describe(f, lang), w-dx-sw-10)
	b := block{items: []item{
		{s: word, bold: true, px: textPx, x: x + w - sw, w: sw, base: baseline(0), ax: 1, c: state},
		{s: f.ID, bold: true, px: textPx, x: x, w: idW, base: baseline(0), c: label, strike: dead},
		{s: desc, px: textPx, x: x + dx, w: w - dx - sw - 10, base: baseline(0), c: label, strike: dead},
	}, rows: 1}
	if more != "" {
		b.items = append(b.items, item{s: more, px: textPx, x: x + dx, w: w - dx, base: baseline(b.rows), c: label, strike: dead})
		b.rows++
	}
	if f.Name != "" {
		b.items = append(b.items, item{s: f.Name, px: textPx, x: x + 12, w: w - 12, base: baseline(b.rows), c: faintColor})
		b.rows++
	}
	if len(f.Awards) > 0 {
		b.items = append(b.items, item{s: strings.Join(f.Awards, ", "), px: textPx, x: x + 12, w: w - 12, base: baseline(b.rows), c: awardColor, star: true})
		b.rows++
	}
	return b, nil
}

// describe is a fighter's rank, class and special classes, in words.
func describe(f skirmish.CardLine, lang render.Lang) []string {
	var parts []string
	if f.Rank != skirmish.NoRank {
		parts = append(parts, word(lang, "cards.rank."+string(f.Rank), string(f.Rank)))
	}
	parts = append(parts, word(lang, "cards.class."+f.Class, f.Class))
	for _, x := range f.Extras {
		if x == "wall" {
			continue // the state's (fighterItems)
		}
		parts = append(parts, word(lang, "cards.extra."+x, x))
	}
	return parts
}

// known are the words the catalogue has (cardTexts): the seed's ranks,
// classes, special classes and states.
var known = map[string]bool{
	"cards.rank." + string(skirmish.Sergeant): true, "cards.rank." + string(skirmish.Knight): true,
	"cards.rank." + string(skirmish.Master): true,
	"cards.class." + skirmish.Spearman:      true, "cards.class." + skirmish.Swordsman: true, "cards.class." + skirmish.Archer: true,
	"cards.extra.cavalry": true, "cards.extra.bearer": true, "cards.extra.corporal": true,
	"cards.state." + string(skirmish.Fit): true, "cards.state." + string(skirmish.Wounded): true,
	"cards.state." + string(skirmish.Dead): true, "cards.state." + string(skirmish.Captured): true,
	"cards.morale." + string(skirmish.MoraleSurrender): true, "cards.morale." + string(skirmish.MoraleRetreat): true,
	"cards.morale." + string(skirmish.MoraleDugIn): true, "cards.morale." + string(skirmish.MoraleCarryOn): true,
}

// word is the catalogue's word for key, or raw when the catalogue has none
// (a class of the GM's own table).
func word(lang render.Lang, key, raw string) string {
	if !known[key] {
		return raw
	}
	return render.T(lang, key)
}

func stateWord(lang render.Lang, s skirmish.State) string {
	return word(lang, "cards.state."+string(s), string(s))
}

func stateColor(s skirmish.State) color.Color {
	switch s {
	case skirmish.Wounded:
		return woundedColor
	case skirmish.Dead:
		return deadColor
	case skirmish.Captured:
		return prisonColor
	}
	return inkColor
}
