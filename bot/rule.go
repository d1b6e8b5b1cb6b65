package bot

import (
	"strings"

	"github.com/bwmarrin/discordgo"

	"github.com/gunbai/gunbai/render"
	"github.com/gunbai/gunbai/rulebook"
)

// rule handles /rule: a rule or decision by its ID, in the reader's
// language and citation style (render.RuleText), with its place in the
// Russian rules the players read.
func (b *Bot) rule(c *call) error {
	r, ok := rulebook.Lookup(ruleID(c.str("id")))
	if !ok {
		return refuse("err.rule_unknown", c.str("id"))
	}
	text := r.EN
	if c.lang == render.RU {
		text = r.RU
	}
	b.reply(c, "**"+render.RuleRef(c.lang, r.ID)+"** — "+render.RuleText(c.lang, text)+"\n"+render.T(c.lang, "bot.rule_place", r.Place), nil)
	return nil
}

// ruleID is a typed rule ID without the "реш." a Russian reader cites a
// decision with.
func ruleID(typed string) string {
	s := strings.TrimSpace(typed)
	if rest, ok := strings.CutPrefix(strings.ToLower(s), "реш"); ok && rest != "" && strings.ContainsAny(rest[:1], ". d") {
		s = strings.TrimLeft(s[len("реш"):], ". ")
	}
	return s
}

// ruleChoices offers the rules whose ID or text matches what was typed.
func ruleChoices(l render.Lang, typed string) []*discordgo.ApplicationCommandOptionChoice {
	out := []*discordgo.ApplicationCommandOptionChoice{}
	for _, r := range rulebook.Search(ruleID(typed), 25) {
		text := r.EN
		if l == render.RU {
			text = r.RU
		}
		name := render.RuleRef(l, r.ID) + " — " + strings.Join(strings.Fields(render.RuleText(l, text)), " ")
		if rs := []rune(name); len(rs) > 100 {
			name = string(rs[:99]) + "…"
		}
		out = append(out, &discordgo.ApplicationCommandOptionChoice{Name: name, Value: r.ID})
	}
	return out
}
