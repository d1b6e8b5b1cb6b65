package cards

import (
	"image/color"
	"math"
	"slices"
	"strings"

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
		nationW = w * 0.5
		head = append(head, item{s: word(lang, "cards.morale."+string(c.Morale), string(c.Morale)), px: textPx, x: x + w*0.5 + 6, w: w*0.5 - 6,
			base: y0 + cardH - 16, ax: 1, c: woundedColor})
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

// rows is how many lines a fighter takes: his own, his name's, his
// awards'.
func rows(f skirmish.CardLine) int {
	n := 1
	if f.Name != "" {
		n++
	}
	if len(f.Awards) > 0 {
		n++
	}
	return n
}

// fighters lays out the fighters' lines from top down; those beyond the
// card's room are summed up in its last line.
func (l *layout) fighters(i int, c skirmish.Card, lang render.Lang, x, w, top float64) error {
	total := 0
	for _, f := range c.Fighters {
		total += rows(f)
	}
	room := bodyRows
	if total > bodyRows {
		room-- // the summing-up line
	}
	row := 0
	for k, f := range c.Fighters {
		if row+rows(f) > room && total > bodyRows {
			return l.add(item{s: more(lang, c.Fighters[k:]), px: textPx, x: x, w: w, base: top + float64(row+1)*rowH - 4, c: faintColor, card: i})
		}
		its, err := l.fighterItems(f, lang, x, w, top+float64(row+1)*rowH-4)
		if err != nil {
			return err
		}
		for _, it := range its {
			it.card = i
			if err := l.add(it); err != nil {
				return err
			}
		}
		row += rows(f)
	}
	return nil
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

// fighterItems are a fighter's texts: his ID, rank, class and special
// classes, his state at the right (a fit fighter in a shield wall: the
// wall); his name and his awards below.
func (l *layout) fighterItems(f skirmish.CardLine, lang render.Lang, x, w, base float64) ([]item, error) {
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
		return nil, err
	}
	sw := min(w*0.45, math.Ceil(measure(bold, glyphs(word))))
	idW := min(w*0.3, math.Ceil(measure(bold, glyphs(f.ID))))
	out := []item{
		{s: word, bold: true, px: textPx, x: x + w - sw, w: sw, base: base, ax: 1, c: state},
		{s: f.ID, bold: true, px: textPx, x: x, w: idW, base: base, c: label, strike: dead},
		{s: describe(f, lang), px: textPx, x: x + idW + 6, w: w - idW - sw - 14, base: base, c: label, strike: dead},
	}
	if f.Name != "" {
		base += rowH
		out = append(out, item{s: f.Name, px: textPx, x: x + 12, w: w - 12, base: base, c: faintColor})
	}
	if len(f.Awards) > 0 {
		base += rowH
		out = append(out, item{s: strings.Join(f.Awards, ", "), px: textPx, x: x + 12, w: w - 12, base: base, c: awardColor, star: true})
	}
	return out, nil
}

// describe is a fighter's rank, class and special classes, in words.
func describe(f skirmish.CardLine, lang render.Lang) string {
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
	return strings.Join(parts, ", ")
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
