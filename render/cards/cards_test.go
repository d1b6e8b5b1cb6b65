package cards

import (
	"fmt"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/gunbai/gunbai/render"
	"github.com/gunbai/gunbai/skirmish"
)

// Discord shows a picture in a message scaled down to fit previewW ×
// previewH pixels (desktop); a text smaller than minPreviewPx there is
// not legible without opening the picture.
const (
	previewW     = 550
	previewH     = 350
	minPreviewPx = 9
)

func previewScale(w, h int) float64 {
	return min(1, float64(previewW)/float64(w), float64(previewH)/float64(h))
}

func layoutOf(t testing.TB, cs []skirmish.Card, lang render.Lang) *layout {
	t.Helper()
	l, err := plan(cs, lang)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(l.release)
	return l
}

// bigUnit is a master's unit of n fighters, some of every state.
func bigUnit(id string, n int) skirmish.Card {
	c := skirmish.Card{Nation: "Уэсуги", Unit: id, Name: "Отряд " + id, Symbol: "■"}
	for k := range n {
		st := []skirmish.State{skirmish.Fit, skirmish.Fit, skirmish.Wounded, skirmish.Dead, skirmish.Captured}[k%5]
		c.Fighters = append(c.Fighters, skirmish.CardLine{ID: fmt.Sprintf("%s-%d", id, k), Class: skirmish.Spearman, State: st})
	}
	c.Fighters[0].Rank = skirmish.Master
	return c
}

// Legible at Discord's preview size (E2-C): up to PerPicture cards, the
// smallest text drawn is at least minPreviewPx pixels high once Discord
// has scaled the picture into its preview.
func TestCardsLegibleInPreview_E2_C(t *testing.T) {
	g := fixedGame(t)
	for n := 1; n <= PerPicture; n++ {
		var cs []skirmish.Card
		for k := range n {
			cs = append(cs, g.Cards(k%2)...)
		}
		cs = cs[:n]
		l := layoutOf(t, cs, render.RU)
		smallest := 1000.0
		for _, it := range l.items {
			smallest = min(smallest, it.px)
		}
		if got := smallest * previewScale(l.w, l.h); got < minPreviewPx {
			t.Errorf("%d cards (%d × %d): the smallest text is %.1f px in the preview, want at least %d", n, l.w, l.h, got, minPreviewPx)
		}
	}
}

// The cards keep E2-C's proportions, 4.5 : 7.5, portrait.
func TestCardsProportions_E2_C(t *testing.T) {
	if cardW*skirmish.CardHeightMM != cardH*skirmish.CardWidthMM || cardW >= cardH {
		t.Errorf("a card is %d × %d px, not %d : %d portrait", cardW, cardH, skirmish.CardWidthMM, skirmish.CardHeightMM)
	}
	for n, want := range map[int][2]int{1: {1, 1}, 3: {3, 1}, 4: {3, 2}, 7: {3, 3}} {
		w, h := size(n)
		if w != 2*margin+want[0]*cardW+(want[0]-1)*gap || h != 2*margin+want[1]*cardH+(want[1]-1)*gap {
			t.Errorf("%d cards: %d × %d, want %d columns and %d rows", n, w, h, want[0], want[1])
		}
	}
}

// No text leaves its box, and every box is inside its card's frame: a long
// Russian name, a long unit name, a long nation and long awards are
// shortened with "…" (E2-C: the card is 4.5 cm wide).
func TestCardsTextsFit_E2_C(t *testing.T) {
	cs := fixedGame(t).Cards(0)
	cs[0].Nation = "Клан Ода из провинции Овари, потомки Тайра"
	cs[0].Fighters[6].Awards = []string{strings.Repeat("Орден Восходящего Солнца ", 4)}
	cs = append(cs, bigUnit("u", 30))
	for _, lang := range []render.Lang{render.RU, render.EN} {
		l := layoutOf(t, cs, lang)
		shorted := map[string]bool{}
		for _, it := range l.items {
			f := l.faces[faceKey{it.bold, it.px}]
			w := measure(f, it.s)
			if it.star {
				w += starRoom(it.px)
			}
			x0, y0 := origin(it.card)
			if w > it.w+0.01 || it.x < x0+border || it.x+it.w > x0+cardW-border || it.base > y0+cardH-border || it.base-it.px < y0+border {
				t.Errorf("%s: %q (%.1f px) leaves its box [%.0f, %.0f] or its card at %.0f, %.0f", lang, it.s, w, it.x, it.x+it.w, x0, y0)
			}
			if it.shorted {
				if !strings.HasSuffix(it.s, "…") {
					t.Errorf("%s: %q shortened without an ellipsis", lang, it.s)
				}
				shorted[strings.TrimSuffix(it.s, "…")] = true
			}
		}
		for _, long := range []string{longName, cs[0].Name, cs[0].Nation} {
			found := false
			for s := range shorted {
				found = found || s != "" && strings.HasPrefix(long, s)
			}
			if !found {
				t.Errorf("%s: %q is not shown shortened with an ellipsis", lang, long)
			}
		}
	}
}

// itemsOf are the texts of card i.
func itemsOf(l *layout, i int) []string {
	var out []string
	for _, it := range l.items {
		if it.card == i {
			out = append(out, it.s)
		}
	}
	return out
}

// Each fighter's line says his state in the catalogue's words (fit,
// wounded, dead, prisoner, shield wall: E2-M1, E2-J1, E2-SW), his rank and
// class, his special classes (the corporal of E2-R1, the cavalryman and the
// standard-bearer of E2-K), his awards (E2-C); the foot the nation and the
// unit's morale (E2-R1).
func TestCardsWords_E2_C(t *testing.T) {
	g := fixedGame(t)
	for _, tc := range []struct {
		lang render.Lang
		side int
		want []string
	}{
		{render.RU, 0, []string{"dk", "рыцарь, мечник", "в строю", "стена щитов", "d5", "в плену", "Золотой веер, Знак за Нагас…", "Ода", "d1 · в строю 6 из 7", "♦"}},
		{render.EN, 0, []string{"knight, swordsman", "fit", "shield wall", "prisoner", "d1 · 6 of 7 fit"}},
		{render.RU, 1, []string{"as", "сержант, мечник", "убит", "копейщик, капрал", "копейщик,", "знаменосец", "кавалерист", "выполняет задачу", "Такэда", "▲", "Волки"}},
		{render.EN, 1, []string{"sergeant, swordsman", "dead", "wounded", "spearman, corporal", "carrying on", "a9 · 0 of 1 fit"}},
	} {
		l := layoutOf(t, g.Cards(tc.side), tc.lang)
		var all []string
		for i := range l.n {
			all = append(all, itemsOf(l, i)...)
		}
		for _, w := range tc.want {
			found := false
			for _, s := range all {
				found = found || s == w
			}
			if !found {
				t.Errorf("%s, side %d: no text %q among %q", tc.lang, tc.side, w, all)
			}
		}
	}
}

// A unit with more fighters than its card has lines shows those that fit
// and sums up the rest in its last two lines, by state, none of them lost.
func TestCardsOverflow_E2_C(t *testing.T) {
	c := bigUnit("u", 40)
	l := layoutOf(t, []skirmish.Card{c}, render.RU)
	texts := itemsOf(l, 0)
	last := texts[len(texts)-2] + " " + texts[len(texts)-1]
	shown := 0
	for _, s := range texts {
		if strings.HasPrefix(s, "u-") {
			shown++
		}
	}
	if shown != bodyRows-2 {
		t.Errorf("%d fighters listed, want %d (room for %d lines)", shown, bodyRows-2, bodyRows)
	}
	left := c.Fighters[shown:]
	if want := more(render.RU, left); last != want || !strings.Contains(last, fmt.Sprintf("ещё %d", len(left))) {
		t.Errorf("the last line %q, want %q", last, want)
	}
	if !strings.Contains(last, "в плену") || !strings.Contains(last, "убит") {
		t.Errorf("the summing-up %q does not count the states", last)
	}
}

// The alt text names the cards, their fit fighters, the officers and who
// is wounded, dead or a prisoner, in the language asked; it is never over
// Discord's 1024 characters, however many cards.
func TestCardsAltText_E2_C(t *testing.T) {
	g := fixedGame(t)
	ru, en := AltText(g.Cards(1), render.RU), AltText(g.Cards(1), render.EN)
	for _, w := range []string{"Такэда", "«Волки» (a1, знак ▲): в строю 4 из 5", "as сержант (убит)", "убит: as", "мораль: выполняет задачу", "ранен: o9"} {
		if !strings.Contains(ru, w) {
			t.Errorf("RU alt text lacks %q: %s", w, ru)
		}
	}
	for _, w := range []string{"“Волки” (a1, sign ▲): 4 of 5 fit", "dead: as", "wounded: o9"} {
		if !strings.Contains(en, w) {
			t.Errorf("EN alt text lacks %q: %s", w, en)
		}
	}
	if s := AltText(g.Cards(0), render.RU); !strings.Contains(s, "стена щитов: ds, d2, d3, d4; в плену: d5") {
		t.Errorf("the shield wall and the prisoner are not named: %s", s)
	}
	var many []skirmish.Card
	for k := range 12 {
		many = append(many, bigUnit(fmt.Sprintf("unit%d", k), 40))
	}
	for _, cs := range [][]skirmish.Card{many, many[:3]} {
		s := AltText(cs, render.RU)
		if n := utf8.RuneCountInString(s); n > MaxAltText || n < 200 {
			t.Errorf("%d cards: an alt text of %d characters, want at most %d", len(cs), n, MaxAltText)
		}
	}
	if s := AltText(many, render.RU); !strings.Contains(s, "«Отряд unit0» (unit0, знак ■): в строю 16 из 40; ранен: 8; убит: 8") {
		t.Errorf("a long alt text keeps the counts: %s", s)
	}
	if s := AltText(many[:3], render.RU); !strings.Contains(s, "убит: unit2-3, unit2-8") {
		t.Errorf("an alt text with room names the fallen: %s", s)
	}
}

// A sign the fonts lack is drawn as the nearest they have, never as the
// box of a missing glyph.
func TestCardsGlyphs(t *testing.T) {
	for in, want := range map[string]string{"◆": "♦", "★ Ода": "* Ода", "ab": "ab", "🐉": "?"} {
		if got := glyphs(in); got != want {
			t.Errorf("glyphs(%q) = %q, want %q", in, got, want)
		}
	}
}

// Drawing a side's cards: the golden attackers (two cards), and three full
// cards of a master's units.
func BenchmarkCardsPNG(b *testing.B) {
	small := fixedGame(b).Cards(1)
	big := []skirmish.Card{bigUnit("a", 40), bigUnit("b", 12), bigUnit("c", 25)}
	for name, cs := range map[string][]skirmish.Card{"attackers": small, "three-full": big} {
		b.Run(name, func(b *testing.B) {
			for b.Loop() {
				if _, err := PNG(cs, render.RU); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
