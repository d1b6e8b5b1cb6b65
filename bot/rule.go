package bot

import (
	"strings"

	"github.com/bwmarrin/discordgo"

	"github.com/gunbai/gunbai/render"
	"github.com/gunbai/gunbai/rulebook"
)

// rule handles /rule: a rule or decision by its ID, in the reader's
// language, with its place in the Russian rules the players read.
func (b *Bot) rule(c *call) error {
	r, ok := rulebook.Lookup(c.str("id"))
	if !ok {
		return refuse("err.rule_unknown", c.str("id"))
	}
	text := r.EN
	if c.lang == render.RU {
		text = r.RU
	}
	b.reply(c, "**"+r.ID+"** — "+text+"\n"+render.T(c.lang, "bot.rule_place", r.Place), nil)
	return nil
}

// ruleChoices offers the rules whose ID or text matches what was typed.
func ruleChoices(l render.Lang, typed string) []*discordgo.ApplicationCommandOptionChoice {
	out := []*discordgo.ApplicationCommandOptionChoice{}
	for _, r := range rulebook.Search(typed, 25) {
		text := r.EN
		if l == render.RU {
			text = r.RU
		}
		name := r.ID + " — " + strings.Join(strings.Fields(text), " ")
		if rs := []rune(name); len(rs) > 100 {
			name = string(rs[:99]) + "…"
		}
		out = append(out, &discordgo.ApplicationCommandOptionChoice{Name: name, Value: r.ID})
	}
	return out
}
