package bot

import (
	crand "crypto/rand"
	"slices"
	"strings"

	"github.com/bwmarrin/discordgo"

	"github.com/gunbai/gunbai/campaign"
	"github.com/gunbai/gunbai/engine"
	"github.com/gunbai/gunbai/game/quickbattles"
	"github.com/gunbai/gunbai/internal/customid"
	"github.com/gunbai/gunbai/quick"
	"github.com/gunbai/gunbai/render"
	"github.com/gunbai/gunbai/store"
)

// Quick battles and sieges (issue 16, seed 003): /quickbattle rolls at once
// and posts the fight to both clans and the GM; each clan picks its
// casualties on its own message (a menu and two buttons); /siege show shows
// the sieges to the GM and to the clans in them.

func quickSpecs() []cmdSpec {
	armies := func(name string) optSpec {
		return optSpec{name: name, typ: str, required: true, complete: completeArmyList}
	}
	siege := optSpec{name: "siege", typ: str, required: true, complete: completeSieges}
	return []cmdSpec{
		{name: "quickbattle", gm: true, handle: (*Bot).quickBattle, once: retryCampaign, opts: []optSpec{
			{name: "name", typ: str, required: true},
			armies("attacker"), armies("defender"),
			{name: "fortified", typ: str, choices: []string{"none", "fort", "castle", "citadel"}},
			{name: "atk_mod", typ: num, minVal: -10, maxVal: 10},
			{name: "def_mod", typ: num, minVal: -10, maxVal: 10},
			{name: "reason", typ: str},
		}},
		{name: "naval", gm: true, handle: (*Bot).naval, once: retryCampaign, opts: []optSpec{
			{name: "interceptor", typ: str, required: true, complete: completeClans},
			{name: "squadrons", typ: num, required: true, minVal: 1, maxVal: 30},
			{name: "evacuation", typ: str, required: true, complete: completeClans},
			{name: "evac_squadrons", typ: num, required: true, minVal: 1, maxVal: 30},
			{name: "admiral", typ: num, minVal: 0, maxVal: 3},
			{name: "evac_admiral", typ: num, minVal: 0, maxVal: 3},
		}},
		{name: "siege", subs: []cmdSpec{
			{name: "show", handle: (*Bot).siegeShow},
			{name: "assault", gm: true, handle: (*Bot).siegeAssault, once: retryCampaign, opts: []optSpec{siege,
				{name: "loc", typ: flag, required: true},
				{name: "blockade", typ: flag, required: true},
				{name: "units", typ: str, complete: siegeUnits(func(sg quick.Siege) []campaign.Unit { return sg.Besiegers.Units })},
				{name: "atk_mod", typ: num, minVal: -10, maxVal: 10},
				{name: "def_mod", typ: num, minVal: -10, maxVal: 10},
				{name: "reason", typ: str},
			}},
			{name: "relief", gm: true, handle: (*Bot).siegeRelief, once: retryCampaign, opts: []optSpec{siege,
				armies("armies"),
				{name: "join", typ: str, complete: siegeUnits(func(sg quick.Siege) []campaign.Unit { return sg.Besieged.Units })},
			}},
			{name: "phase", gm: true, handle: (*Bot).siegePhase, once: retryCampaign, again: always},
		}},
	}
}

// completeArmyList completes several armies a side, space-separated: the
// last one typed.
func completeArmyList(b *Bot, c *call, typed string) ([]offer, error) {
	head, last := "", typed
	if i := strings.LastIndex(typed, " "); i >= 0 {
		head, last = typed[:i+1], typed[i+1:]
	}
	out, err := completeArmies(b, c, last)
	for i := range out {
		out[i].value = head + out[i].value.(string)
	}
	return out, err
}

// completeSieges offers the sieges under way.
func completeSieges(b *Bot, c *call, typed string) ([]offer, error) {
	_, all, err := b.svc.QuickBattles().Sieges(c.i.GuildID)
	var out []offer
	for _, sg := range all {
		if sg.Status == quick.Active {
			out = append(out, offer{sg.ID, sg.Fortress.Name + " (" + sg.ID + ")"})
		}
	}
	return match(out, typed), err
}

// siegeUnits completes a list of the units pick takes of the siege named.
func siegeUnits(pick func(quick.Siege) []campaign.Unit) completer {
	return func(b *Bot, c *call, typed string) ([]offer, error) {
		_, all, err := b.svc.QuickBattles().Sieges(c.i.GuildID)
		head, last := "", typed
		if i := strings.LastIndex(typed, " "); i >= 0 {
			head, last = typed[:i+1], typed[i+1:]
		}
		var out []offer
		for _, sg := range all {
			if sg.ID == c.str("siege") {
				for _, u := range pick(sg) {
					out = append(out, offer{head + u.ID, unitLabel(u)})
				}
			}
		}
		return match(out, last), err
	}
}

// completeCharacters offers the duel's fighters: the roster's living, free
// characters.
func completeCharacters(b *Bot, c *call, typed string) ([]offer, error) {
	r, err := b.svc.Campaigns().Roster(c.i.GuildID)
	var out []offer
	for _, p := range r.Characters {
		if p.Status == campaign.Active {
			out = append(out, offer{p.ID, p.Name + " (" + p.ID + ")"})
		}
	}
	return match(out, typed), err
}

// quickBattle handles /quickbattle.
func (b *Bot) quickBattle(c *call) error {
	req := quickbattles.QuickRequest{Name: c.str("name"), Attacker: strings.Fields(c.str("attacker")), Defender: strings.Fields(c.str("defender")),
		GMChannel: c.i.ChannelID, Locale: string(c.lang)}
	if f := c.str("fortified"); f != "" && f != "none" {
		req.Fortress = quick.FortressType(f)
	}
	var err error
	if req.AtkMod, req.DefMod, err = mods(c); err != nil {
		return err
	}
	rec, err := b.life(c).QuickBattles().QuickBattle(c.i.GuildID, req)
	if err != nil {
		return err
	}
	b.deliverDue()
	b.reply(c, render.T(c.lang, "qb.started", rec.Name), nil)
	return nil
}

// composeFight is a fight's message: its card and, on a clan's copy while
// its choice is open, the menu of its casualties and the buttons.
func (b *Bot) composeFight(p store.Post, ref quickbattles.FightRef) ([]message, error) {
	l := render.Lang(p.Lang)
	r, rec, err := b.svc.QuickBattles().Fight(p.Guild, ref.ID)
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
				CustomID: quickbattles.FightID(rec.ID, side, quickbattles.QbLosses), Placeholder: render.T(l, "qb.pick_losses"),
				MinValues: &n, MaxValues: n, Options: opts[:min(len(opts), 25)]}}})
		}
	}
	m.components = append(m.components, discordgo.ActionsRow{Components: []discordgo.MessageComponent{
		discordgo.Button{CustomID: quickbattles.FightID(rec.ID, side, quickbattles.QbDefault), Label: render.T(l, "qb.default"), Style: discordgo.SecondaryButton},
		discordgo.Button{CustomID: quickbattles.FightID(rec.ID, side, quickbattles.QbConfirm), Label: render.T(l, "qb.confirm"), Style: discordgo.SuccessButton},
	}})
	return []message{m}, nil
}

// fightClick handles a click on a fight's clan message.
// The game reads the ID (customid.Fight) in the click's transaction.
func (b *Bot) fightClick(c *call, _ customid.Values, _ bool) error {
	if b.ack(c) != nil {
		return nil
	}
	click := quickbattles.FightClick{Guild: c.i.GuildID, Roles: c.roles(), GM: b.isGM(c.i), ID: c.path, Values: c.i.MessageComponentData().Values}
	if err := b.svc.QuickBattles().ActFight(click); err != nil {
		b.followUp(c, []string{b.errorText(c.lang, err)})
		return nil
	}
	b.deliverDue()
	return nil
}

// siegeShow handles /siege show: every siege to the GM, to a clan those it
// takes part in.
func (b *Bot) siegeShow(c *call) error {
	r, sieges, err := b.svc.QuickBattles().Sieges(c.i.GuildID)
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

// mods are the GM's dice modifiers of a command, with their one reason
// (E3-Q1); a modifier without a reason is refused.
func mods(c *call) (atk, def quick.Modifier, err error) {
	reason := c.str("reason")
	a, _ := c.num("atk_mod")
	d, _ := c.num("def_mod")
	if (a != 0 || d != 0) && reason == "" {
		return atk, def, refuse("err.quick_reason")
	}
	if a != 0 {
		atk = quick.Modifier{N: a, Reason: reason}
	}
	if d != 0 {
		def = quick.Modifier{N: d, Reason: reason}
	}
	return atk, def, nil
}

// siegeAssault handles /siege assault.
func (b *Bot) siegeAssault(c *call) error {
	atk, def, err := mods(c)
	if err != nil {
		return err
	}
	loc, _ := c.flag("loc")
	blockade, _ := c.flag("blockade")
	rec, err := b.life(c).QuickBattles().Assault(c.i.GuildID, quickbattles.AssaultRequest{Siege: c.str("siege"), Units: strings.Fields(c.str("units")), LOC: loc, Blockade: blockade,
		AtkMod: atk, DefMod: def, GMChannel: c.i.ChannelID, Locale: string(c.lang)})
	if err != nil {
		return err
	}
	b.deliverDue()
	b.reply(c, render.T(c.lang, "qb.started", rec.Name), nil)
	return nil
}

// siegeRelief handles /siege relief.
func (b *Bot) siegeRelief(c *call) error {
	rec, err := b.life(c).QuickBattles().Relief(c.i.GuildID, quickbattles.ReliefRequest{Siege: c.str("siege"), Armies: strings.Fields(c.str("armies")), Join: strings.Fields(c.str("join")),
		GMChannel: c.i.ChannelID, Locale: string(c.lang)})
	if err != nil {
		return err
	}
	b.deliverDue()
	b.reply(c, render.T(c.lang, "qb.started", rec.Name), nil)
	return nil
}

// siegePhase handles /siege phase: the campaign's phase counter goes on
// (E3-Q8): an assault waits for a phase after its siege began.
func (b *Bot) siegePhase(c *call) error {
	n, err := b.life(c).QuickBattles().NextPhase(c.i.GuildID)
	if err != nil {
		return err
	}
	b.reply(c, render.T(c.lang, "qb.phase", n), nil)
	return nil
}

// naval handles /naval (F-E3-4, E3-Q10): an interception of a fleet
// evacuating an army, fought as a field battle of squadrons, from a fresh
// seed shown with the result; nothing is stored (the GM takes the squadrons
// off the clans' records, and applies E1-R6 if the army is lost).
func (b *Bot) naval(c *call) error {
	fleet := func(clan, squadrons, admiral string) quick.Fleet {
		n, _ := c.num(squadrons)
		f := quick.Fleet{Clan: c.str(clan), Squadrons: n}
		if r, ok := c.num(admiral); ok {
			f.Admirals = []quick.Leader{{ID: "admiral", Name: render.T(c.lang, "qb.admiral"), Role: quick.Commander, Rating: r}}
		}
		return f
	}
	seed := make([]byte, 32)
	if _, err := crand.Read(seed); err != nil {
		return err
	}
	i := quick.Interception{ID: c.i.ID, Interceptor: fleet("interceptor", "squadrons", "admiral"), Evacuation: fleet("evacuation", "evac_squadrons", "evac_admiral")}
	out, err := i.Resolve(engine.NewSeededDice(seed, "naval."+i.ID, 0))
	if err != nil {
		return refuse("err.campaign", err.Error())
	}
	b.reply(c, render.NavalText(c.lang, i, out, seed), nil)
	return nil
}
