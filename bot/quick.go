package bot

import (
	"slices"
	"strings"

	"github.com/bwmarrin/discordgo"

	"github.com/gunbai/gunbai/campaign"
	"github.com/gunbai/gunbai/game"
	"github.com/gunbai/gunbai/quick"
	"github.com/gunbai/gunbai/render"
	"github.com/gunbai/gunbai/store"
)

// Quick battles and sieges (issue 16, seed 003): /quickbattle rolls at once
// and posts the fight to both clans and the GM; each clan picks its
// casualties on its own message (a menu and two buttons); /siege show shows
// the sieges to the GM and to the clans in them.

func quickSpecs() []cmdSpec {
	armies := func(name string) optSpec { return optSpec{name: name, typ: str, required: true, complete: true} }
	return []cmdSpec{
		{name: "quickbattle", gm: true, handle: (*Bot).quickBattle, opts: []optSpec{
			{name: "name", typ: str, required: true},
			armies("attacker"), armies("defender"),
			{name: "fortified", typ: str, choices: []string{"none", "fort", "castle", "citadel"}},
			{name: "atk_mod", typ: num, minVal: -10, maxVal: 10},
			{name: "def_mod", typ: num, minVal: -10, maxVal: 10},
			{name: "reason", typ: str},
		}},
		{name: "siege", subs: []cmdSpec{
			{name: "show", handle: (*Bot).siegeShow},
		}},
	}
}

func init() {
	armies := completers["aftermath army"]
	// Several armies a side, space-separated: complete the last one typed.
	many := func(b *Bot, c *call, typed string) ([]offer, error) {
		head, last := "", typed
		if i := strings.LastIndex(typed, " "); i >= 0 {
			head, last = typed[:i+1], typed[i+1:]
		}
		out, err := armies(b, c, last)
		for i := range out {
			out[i].value = head + out[i].value.(string)
		}
		return out, err
	}
	completers["quickbattle attacker"] = many
	completers["quickbattle defender"] = many
}

// quickBattle handles /quickbattle.
func (b *Bot) quickBattle(c *call) error {
	req := game.QuickRequest{Name: c.str("name"), Attacker: strings.Fields(c.str("attacker")), Defender: strings.Fields(c.str("defender")),
		GMChannel: c.i.ChannelID, Locale: string(c.lang)}
	if f := c.str("fortified"); f != "" && f != "none" {
		req.Fortress = quick.FortressType(f)
	}
	reason := c.str("reason")
	atk, _ := c.num("atk_mod")
	def, _ := c.num("def_mod")
	if (atk != 0 || def != 0) && reason == "" {
		return refuse("err.quick_reason")
	}
	req.AtkMod, req.DefMod = quick.Modifier{N: atk, Reason: reason}, quick.Modifier{N: def, Reason: reason}
	if atk == 0 {
		req.AtkMod.Reason = ""
	}
	if def == 0 {
		req.DefMod.Reason = ""
	}
	rec, err := b.svc.QuickBattle(c.i.GuildID, req)
	if err != nil {
		return err
	}
	b.deliverDue()
	b.reply(c, render.T(c.lang, "qb.started", rec.Name), nil)
	return nil
}

// composeFight is a fight's message: its card and, on a clan's copy while
// its choice is open, the menu of its casualties and the buttons.
func (b *Bot) composeFight(p store.Post) ([]message, error) {
	l := render.Lang(p.Lang)
	ref, err := game.FightRefOf(p)
	if err != nil {
		return nil, err
	}
	r, rec, err := b.svc.Fight(p.Guild, ref.ID)
	if err != nil {
		return nil, err
	}
	m := message{embeds: cardEmbeds([]render.Card{render.FightCard(l, r, rec)}), components: []discordgo.MessageComponent{}}
	if ref.GM || rec.Done || rec.Confirmed[ref.Side] {
		return []message{m}, nil
	}
	side := ref.Side
	if n := rec.Losses(side); n > 0 {
		var opts []discordgo.SelectMenuOption
		chosen := map[string]bool{}
		if ch := rec.Choices[side]; ch != nil {
			for _, id := range ch.Losses {
				chosen[id] = true
			}
		}
		for _, u := range rec.Force(side).Units {
			opts = append(opts, discordgo.SelectMenuOption{Label: clip(unitLabel(u), 100), Value: u.ID,
				Description: clip(render.UnitTypeName(l, u.Type)+", "+render.T(l, "qb.figures", u.Figures), 100), Default: chosen[u.ID]})
		}
		n = min(n, len(opts), 25)
		if n > 0 {
			m.components = append(m.components, discordgo.ActionsRow{Components: []discordgo.MessageComponent{discordgo.SelectMenu{
				CustomID: game.FightID(rec.ID, side, game.QbLosses), Placeholder: render.T(l, "qb.pick_losses"),
				MinValues: &n, MaxValues: n, Options: opts[:min(len(opts), 25)]}}})
		}
	}
	m.components = append(m.components, discordgo.ActionsRow{Components: []discordgo.MessageComponent{
		discordgo.Button{CustomID: game.FightID(rec.ID, side, game.QbDefault), Label: render.T(l, "qb.default"), Style: discordgo.SecondaryButton},
		discordgo.Button{CustomID: game.FightID(rec.ID, side, game.QbConfirm), Label: render.T(l, "qb.confirm"), Style: discordgo.SuccessButton},
	}})
	return []message{m}, nil
}

// fightClick handles a click on a fight's clan message.
func (b *Bot) fightClick(c *call) error {
	if b.ack(c) != nil {
		return nil
	}
	click := game.FightClick{Guild: c.i.GuildID, Roles: c.roles(), GM: b.isGM(c.i), ID: c.path, Values: c.i.MessageComponentData().Values}
	if err := b.svc.ActFight(click); err != nil {
		b.followUp(c, []string{b.errorText(c.lang, err)})
		return nil
	}
	b.deliverDue()
	return nil
}

// siegeShow handles /siege show: every siege to the GM, to a clan those it
// takes part in.
func (b *Bot) siegeShow(c *call) error {
	r, sieges, err := b.svc.Sieges(c.i.GuildID)
	if err != nil {
		return err
	}
	gm := b.isGM(c.i)
	var cards []render.Card
	for _, s := range sieges {
		if !gm && !b.inClans(c, r, s.Besiegers.Clan, s.Besieged.Clan) {
			continue
		}
		cards = append(cards, render.SiegeCard(c.lang, r, s))
	}
	if len(cards) == 0 {
		b.reply(c, render.T(c.lang, "qb.no_sieges"), nil)
		return nil
	}
	b.replyCards(c, "", cards)
	return nil
}

// inClans says whether the caller holds the role of one of the clans.
func (b *Bot) inClans(c *call, r campaign.Roster, clans ...string) bool {
	for _, id := range clans {
		if cl, ok := r.Clan(id); ok && cl.Role != "" && slices.Contains(c.roles(), cl.Role) {
			return true
		}
	}
	return false
}
