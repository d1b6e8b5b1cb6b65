package cards

import (
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/gunbai/gunbai/render"
	"github.com/gunbai/gunbai/skirmish"
)

// MaxAltText is the most characters an alt text has: Discord's limit on an
// attachment's description.
const MaxAltText = 1024

// AltText describes the picture of cs (PNG with the same cards) for those
// who cannot see it, as Discord's attachment description: the nations and
// how many cards; for each card its name, ID, sign, how many of its
// fighters are fit, its officers and their states, who stands in a shield
// wall, who is wounded, dead or a prisoner, and its morale result. At most MaxAltText characters: the
// officers go first, then the names of the fighters by state (their
// counts stay), then it is cut with "…".
func AltText(cs []skirmish.Card, lang render.Lang) string {
	var nations []string
	for _, c := range cs {
		if c.Nation != "" && !slices.Contains(nations, c.Nation) {
			nations = append(nations, c.Nation)
		}
	}
	head := render.T(lang, "cards.alt.head", strings.Join(nations, ", "), len(cs))
	var s string
	for detail := 2; detail >= 0; detail-- {
		parts := []string{head}
		for _, c := range cs {
			parts = append(parts, altCard(c, lang, detail)+".")
		}
		if s = strings.Join(parts, " "); utf8.RuneCountInString(s) <= MaxAltText {
			return s
		}
	}
	return string([]rune(s)[:MaxAltText-1]) + "…"
}

// altCard is one card in words: detail 2 names the officers and the
// fighters out of the fight, 1 only the latter, 0 counts them.
func altCard(c skirmish.Card, lang render.Lang, detail int) string {
	byState := map[skirmish.State][]string{}
	var officers, wall []string
	for _, f := range c.Fighters {
		byState[f.State] = append(byState[f.State], f.ID)
		if f.State == skirmish.Fit && slices.Contains(f.Extras, "wall") {
			wall = append(wall, f.ID)
		}
		if f.Rank != skirmish.NoRank {
			officers = append(officers, f.ID+" "+word(lang, "cards.rank."+string(f.Rank), string(f.Rank))+
				" ("+stateWord(lang, f.State)+")")
		}
	}
	// A unit the warband left unnamed or unmarked is named by its ID
	// alone, not by empty quotes.
	card := render.T(lang, "cards.alt.card", c.Name, c.Unit, c.Symbol, len(byState[skirmish.Fit]), len(c.Fighters))
	if c.Name == "" || c.Symbol == "" {
		card = render.T(lang, "cards.alt.card_id", c.Unit, len(byState[skirmish.Fit]), len(c.Fighters))
	}
	parts := []string{card}
	if detail >= 2 && len(officers) > 0 {
		parts = append(parts, render.T(lang, "cards.alt.officers", strings.Join(officers, ", ")))
	}
	lists := [][2]string{}
	if len(wall) > 0 {
		lists = append(lists, [2]string{render.T(lang, "cards.state.wall"), strings.Join(wall, ", ")})
	}
	for _, st := range states[1:] {
		if ids := byState[st]; len(ids) > 0 {
			lists = append(lists, [2]string{stateWord(lang, st), strings.Join(ids, ", ")})
		}
	}
	for _, ls := range lists {
		if detail == 0 {
			ls[1] = strconv.Itoa(strings.Count(ls[1], ", ") + 1)
		}
		parts = append(parts, render.T(lang, "cards.alt.state", ls[0], ls[1]))
	}
	if c.Morale != skirmish.MoraleNone {
		parts = append(parts, render.T(lang, "cards.alt.morale", word(lang, "cards.morale."+string(c.Morale), string(c.Morale))))
	}
	return strings.Join(parts, "; ")
}
