package bot

import (
	"fmt"
	"slices"
	"strconv"
	"unicode/utf8"

	"github.com/bwmarrin/discordgo"

	"github.com/gunbai/gunbai/campaign"
	"github.com/gunbai/gunbai/campaign/rosterfile"
	"github.com/gunbai/gunbai/game/campaigns"
	"github.com/gunbai/gunbai/internal/customid"
	"github.com/gunbai/gunbai/render"
	"github.com/gunbai/gunbai/store"
)

// The campaign's commands (issue 15): the roster (/roster upload, show, set,
// clan), an army's aftermath (/aftermath) with its message of choices in the
// clan's channel, and the next campaign turn (/turn next).

// maxRosterFile is the largest roster or army list accepted as an upload.
const maxRosterFile = 256 << 10

func campaignSpecs() []cmdSpec {
	army := optSpec{name: "army", typ: str, required: true, complete: completeArmies}
	return []cmdSpec{
		{name: "roster", subs: []cmdSpec{
			{name: "upload", gm: true, handle: (*Bot).rosterUpload, opts: []optSpec{
				// Without it, the form with a file upload opens (forms.go).
				{name: "file", typ: discordgo.ApplicationCommandOptionAttachment},
			}},
			{name: "show", handle: (*Bot).rosterShow, opts: []optSpec{
				{name: "clan", typ: str, complete: completeClans},
			}},
			{name: "set", gm: true, handle: (*Bot).rosterSet, opts: []optSpec{
				{name: "target", typ: str, required: true, complete: completeRosterTarget},
				{name: "field", typ: str, required: true, complete: completeRosterField},
				{name: "value", typ: str, required: true, complete: completeRosterValue},
			}},
			{name: "clan", gm: true, handle: (*Bot).rosterClan, opts: []optSpec{
				{name: "clan", typ: str, required: true, complete: completeClans},
				{name: "role", typ: discordgo.ApplicationCommandOptionRole, required: true},
				{name: "channel", typ: discordgo.ApplicationCommandOptionChannel, required: true},
				{name: "lang", typ: str, choices: []string{"ru", "en"}},
			}},
		}},
		{name: "aftermath", gm: true, handle: (*Bot).aftermath, once: retryCampaign, opts: []optSpec{army,
			{name: "fortification", typ: str, choices: []string{"none", "fort", "castle", "citadel"}},
			{name: "captured", typ: flag},
			{name: "horse_breeding", typ: flag},
			{name: "horse_market", typ: flag},
		}},
		{name: "turn", gm: true, subs: []cmdSpec{
			{name: "next", handle: (*Bot).turnNext, once: retryCampaign, again: always},
		}},
	}
}

// rosterUpload handles /roster upload: a TOML roster or a CSV army list,
// checked with its line and column, merged into the guild's roster.
func (b *Bot) rosterUpload(c *call) error {
	o, ok := c.opts["file"]
	if !ok {
		return refuse("err.roster_no_file")
	}
	id := fmt.Sprint(o.Value)
	data := c.i.ApplicationCommandData()
	var att *discordgo.MessageAttachment
	if data.Resolved != nil {
		att = data.Resolved.Attachments[id]
	}
	return b.uploadRoster(c, att)
}

// uploadRoster downloads a roster or army list attached to a command or
// uploaded in its form (forms.go), merges it and answers with the roster.
func (b *Bot) uploadRoster(c *call, att *discordgo.MessageAttachment) error {
	if att == nil {
		return refuse("err.roster_no_file")
	}
	raw, err := b.download(att, maxRosterFile)
	if err != nil {
		return err
	}
	r, err := b.svc.Campaigns().UploadRoster(c.i.GuildID, att.Filename, raw)
	if err != nil {
		return err
	}
	armies, people := 0, 0
	up, _ := rosterfile.Parse(att.Filename, raw)
	for _, a := range up.Armies {
		if _, ok := r.Army(a.ID); ok {
			armies++
		}
	}
	people = len(up.Characters)
	b.replyCards(c, render.T(c.lang, "campaign.uploaded", att.Filename, armies, people), render.RosterCards(c.lang, r, ""))
	return nil
}

// rosterShow handles /roster show: the GM sees any clan (or all), a player
// his own clan's only, whatever he asks: another clan's armies are hidden.
func (b *Bot) rosterShow(c *call) error {
	r, err := b.svc.Campaigns().Roster(c.i.GuildID)
	if err != nil {
		return err
	}
	clan := c.str("clan")
	if !b.isGM(c.i) {
		own := ""
		for _, role := range c.roles() {
			if cl, ok := r.ClanOfRole(role); ok {
				own = cl.ID
				break
			}
		}
		if own == "" {
			return refuse("err.roster_no_own_clan")
		}
		clan = own
	} else if clan != "" {
		if _, ok := r.Clan(clan); !ok {
			return refuse("err.roster_no_clan", clan)
		}
	}
	b.replyCards(c, "", render.RosterCards(c.lang, r, clan))
	return nil
}

// rosterSet handles /roster set target: field: value:.
func (b *Bot) rosterSet(c *call) error {
	kind, err := b.svc.Campaigns().EditRoster(c.i.GuildID, c.str("target"), c.str("field"), c.str("value"))
	if err != nil {
		return err
	}
	b.reply(c, render.T(c.lang, "campaign.set", render.T(c.lang, "campaign.target."+kind), c.str("target"), c.str("field"), c.str("value")), nil)
	return nil
}

// rosterClan handles /roster clan: a clan's role and channel.
func (b *Bot) rosterClan(c *call) error {
	role, channel := optID(c, "role"), optID(c, "channel")
	cl, err := b.svc.Campaigns().BindClan(c.i.GuildID, c.str("clan"), role, channel, c.str("lang"))
	if err != nil {
		return err
	}
	b.reply(c, render.T(c.lang, "campaign.bound", cl.Name, "<@&"+role+">", "<#"+channel+">"), nil)
	return nil
}

// optID is the ID a role, user or channel option carries.
func optID(c *call, name string) string {
	if o, ok := c.opts[name]; ok {
		return fmt.Sprint(o.Value)
	}
	return ""
}

// aftermath handles /aftermath army: with the province facts.
func (b *Bot) aftermath(c *call) error {
	facts := campaign.Province{}
	switch f := c.str("fortification"); f {
	case "", "none":
	default:
		facts.Fortification = campaign.Fortification(f)
	}
	facts.CapturedThisTurn, _ = c.flag("captured")
	facts.HorseBreeding, _ = c.flag("horse_breeding")
	facts.HorseMarket, _ = c.flag("horse_market")
	am, err := b.life(c).Campaigns().RunAftermath(c.i.GuildID, campaigns.AftermathRequest{Army: c.str("army"), Facts: facts, GMChannel: c.i.ChannelID, Locale: string(c.lang)})
	if err != nil {
		return err
	}
	b.deliverDue()
	r, _ := b.svc.Campaigns().Roster(c.i.GuildID)
	b.reply(c, render.T(c.lang, "campaign.aftermath_run", armyTitle(r, am.Army)), nil)
	return nil
}

// turnNext handles /turn next.
func (b *Bot) turnNext(c *call) error {
	r, err := b.life(c).Campaigns().NextTurn(c.i.GuildID)
	if err != nil {
		return err
	}
	b.reply(c, render.T(c.lang, "campaign.turn_next", r.Turn), nil)
	return nil
}

func armyTitle(r campaign.Roster, id string) string {
	if a, ok := r.Army(id); ok && a.Name != "" {
		return a.Name
	}
	return id
}

// replyCards answers with cards as embeds (ten to a message), seen only by
// the caller.
func (b *Bot) replyCards(c *call, content string, cards []render.Card) {
	embeds := cardEmbeds(cards)
	first := embeds[:min(len(embeds), 10)]
	comps := []discordgo.MessageComponent{}
	edit := &discordgo.WebhookEdit{Content: &content, Embeds: &first, Components: &comps}
	if err := b.editResponse(c.i.Interaction, edit); err != nil {
		b.opt.Log.Printf("editing the answer to %s: %v", c.i.ID, err)
	}
	for rest := embeds[len(first):]; len(rest) > 0; rest = rest[min(len(rest), 10):] {
		if err := b.followup(c.i.Interaction, &discordgo.WebhookParams{Embeds: rest[:min(len(rest), 10)], Flags: discordgo.MessageFlagsEphemeral}); err != nil {
			b.opt.Log.Printf("following up %s: %v", c.i.ID, err)
		}
	}
}

// cardEmbeds are render's cards as Discord embeds (render keeps each within
// Discord's limits).
func cardEmbeds(cards []render.Card) []*discordgo.MessageEmbed {
	out := make([]*discordgo.MessageEmbed, 0, len(cards))
	for _, cd := range cards {
		e := &discordgo.MessageEmbed{Title: cd.Title, Description: cd.Description, Color: 0x8b1e1e}
		for _, f := range cd.Fields {
			e.Fields = append(e.Fields, &discordgo.MessageEmbedField{Name: f.Name, Value: f.Value, Inline: f.Inline})
		}
		if cd.Footer != "" {
			e.Footer = &discordgo.MessageEmbedFooter{Text: cd.Footer}
		}
		out = append(out, e)
	}
	return out
}

// composeAftermath is an army's aftermath message: its cards and, in the
// clan's copy while it is open, its choices.
func (b *Bot) composeAftermath(p store.Post, ref campaigns.AftermathRef) ([]message, error) {
	l := render.Lang(p.Lang)
	r, am, err := b.svc.Campaigns().Aftermath(p.Guild, ref.Army)
	if err != nil || am.Turn != ref.Turn {
		return nil, fmt.Errorf("aftermath of %s turn %d: %v", ref.Army, ref.Turn, err)
	}
	m := message{embeds: cardEmbeds(render.AftermathCards(l, r, am))}
	if len(m.embeds) > 10 {
		m.embeds = m.embeds[:10]
	}
	if !ref.GM && !am.Done {
		m.components = aftermathComponents(l, r, am)
	} else {
		m.components = []discordgo.MessageComponent{}
	}
	return []message{m}, nil
}

// aftermathComponents are the owner's choices: a figure more to a unit, the
// distribution cleared or back to the default, the promotions, each grant's
// recipient, a skill's name, and Confirm.
func aftermathComponents(l render.Lang, r campaign.Roster, am campaign.Aftermath) []discordgo.MessageComponent {
	id := func(action string, v ...string) string { return campaigns.AftermathID(am.Army, am.Turn, action, v...) }
	a, _ := r.Army(am.Army)
	var rows []discordgo.MessageComponent
	if am.Recovery.Eligible {
		var opts []discordgo.SelectMenuOption
		for _, u := range a.Units {
			if cap := campaign.RecoveryCap(u, am.Recovery); cap > 0 {
				given := 0
				for _, x := range am.Alloc {
					if x.UnitID == u.ID {
						given += x.Figures
					}
				}
				opts = append(opts, discordgo.SelectMenuOption{Label: clip(unitLabel(u), 100), Value: u.ID,
					Description: clip(render.T(l, "campaign.am_given", given, cap), 100)})
			}
		}
		if len(opts) > 0 {
			rows = append(rows, discordgo.ActionsRow{Components: []discordgo.MessageComponent{discordgo.SelectMenu{
				CustomID: campaigns.AftermathAddID(am.Army, am.Turn, am.Alloc), Placeholder: render.T(l, "campaign.am_add"), Options: opts[:min(len(opts), 25)]}}})
		}
	}
	if opts := promotionOptions(l, a, am); len(opts) > 0 {
		rows = append(rows, discordgo.ActionsRow{Components: []discordgo.MessageComponent{discordgo.SelectMenu{
			CustomID: id(campaigns.AmPromote), Placeholder: render.T(l, "campaign.am_promote"), MinValues: new(int),
			MaxValues: min(len(opts), campaign.PromotionsPerArmy), Options: opts}}})
	}
	if opts := grantOptions(l, r, am); len(opts) > 0 && len(rows) < 4 {
		rows = append(rows, discordgo.ActionsRow{Components: []discordgo.MessageComponent{discordgo.SelectMenu{
			CustomID: id(campaigns.AmGrant), Placeholder: render.T(l, "campaign.am_grant"), Options: opts[:min(len(opts), 25)]}}})
	}
	var buttons []discordgo.MessageComponent
	if am.Recovery.Eligible {
		buttons = append(buttons,
			discordgo.Button{CustomID: id(campaigns.AmDefault), Label: render.T(l, "campaign.am_default"), Style: discordgo.SecondaryButton},
			discordgo.Button{CustomID: id(campaigns.AmClear), Label: render.T(l, "campaign.am_clear"), Style: discordgo.SecondaryButton})
	}
	for i, g := range am.Grants {
		if len(buttons) < 4 {
			label := render.T(l, "campaign.am_name", i+1)
			if g.Skill != "" {
				label = clip(g.Skill, 80)
			}
			buttons = append(buttons, discordgo.Button{CustomID: id(campaigns.AmName, strconv.Itoa(i)), Label: label, Style: discordgo.SecondaryButton})
		}
	}
	buttons = append(buttons, discordgo.Button{CustomID: id(campaigns.AmConfirm), Label: render.T(l, "campaign.am_confirm"), Style: discordgo.SuccessButton})
	rows = append(rows, discordgo.ActionsRow{Components: buttons})
	return rows
}

func unitLabel(u campaign.Unit) string {
	if u.Name != "" {
		return u.Name + " (" + u.ID + ")"
	}
	return u.ID
}

// promotionOptions are "<unit>|<kind>" for every upgrade a unit of the army
// may take now, the picks already made shown as chosen.
func promotionOptions(l render.Lang, a *campaign.Army, am campaign.Aftermath) []discordgo.SelectMenuOption {
	var out []discordgo.SelectMenuOption
	for _, uid := range am.Promotable {
		i := a.UnitIndex(uid)
		if i < 0 {
			continue
		}
		for _, k := range campaign.PromotionOptions(a.Units[i]) {
			v := uid + "|" + string(k)
			out = append(out, discordgo.SelectMenuOption{Label: clip(unitLabel(a.Units[i])+": "+render.PromotionName(l, k), 100), Value: v,
				Default: slices.Contains(am.Picks, campaign.Pick{UnitID: uid, Kind: k})})
		}
	}
	return out[:min(len(out), 25)]
}

// grantOptions are "<grant>|<candidate>" for each grant and candidate.
func grantOptions(l render.Lang, r campaign.Roster, am campaign.Aftermath) []discordgo.SelectMenuOption {
	var out []discordgo.SelectMenuOption
	for i, g := range am.Grants {
		for _, who := range g.Candidates {
			name := who
			if p, ok := r.Person(who); ok && p.Name != "" {
				name = p.Name
			}
			out = append(out, discordgo.SelectMenuOption{Label: clip(render.T(l, "campaign.am_grant_to", i+1, name), 100),
				Value: strconv.Itoa(i) + "|" + who, Default: g.Recipient == who})
		}
	}
	return out
}

// aftermathClick handles a click or a form on an aftermath message. The
// name button opens a form at once (a form cannot follow a deferral).
func (b *Bot) aftermathClick(c *call, v customid.Values, ok bool) error {
	if c.i.Type == discordgo.InteractionMessageComponent && ok && v.Str("action") == campaigns.AmName && v.Has("value") {
		return b.respond(c.i.Interaction, &discordgo.InteractionResponse{
			Type: discordgo.InteractionResponseModal,
			Data: &discordgo.InteractionResponseData{
				CustomID: campaigns.AftermathID(v.Str("army"), v.Int("turn"), campaigns.AmSkill, v.Str("value")),
				Title:    clip(render.T(c.lang, "campaign.am_name_title"), 45),
				Components: []discordgo.MessageComponent{discordgo.ActionsRow{Components: []discordgo.MessageComponent{
					discordgo.TextInput{CustomID: "skill", Label: clip(render.T(c.lang, "campaign.am_name_label"), 45), Style: discordgo.TextInputShort, Required: true, MaxLength: maxSkill},
				}}},
			},
		})
	}
	if b.ack(c) != nil {
		return nil
	}
	click := campaigns.AftermathClick{Guild: c.i.GuildID, Roles: c.roles(), GM: b.isGM(c.i), ID: c.path, Locale: string(c.lang)}
	if c.i.Member != nil && c.i.Member.User != nil {
		click.User = c.i.Member.User.ID
	}
	switch c.i.Type {
	case discordgo.InteractionMessageComponent:
		click.Values = c.i.MessageComponentData().Values
	case discordgo.InteractionModalSubmit:
		for _, row := range c.i.ModalSubmitData().Components {
			if r, ok := row.(*discordgo.ActionsRow); ok {
				for _, in := range r.Components {
					if t, ok := in.(*discordgo.TextInput); ok {
						if n := utf8.RuneCountInString(t.Value); n > maxSkill {
							b.followUp(c, []string{b.errorText(c.lang, refuse("err.text_long", render.T(c.lang, "campaign.am_name_label"), maxSkill, n))})
							return nil
						}
						click.Values = append(click.Values, t.Value)
					}
				}
			}
		}
	}
	if err := b.svc.Campaigns().ActAftermath(click); err != nil {
		// The message stays as it was; the refusal is the clicker's alone.
		b.followUp(c, []string{b.errorText(c.lang, err)})
		return nil
	}
	b.deliverDue()
	return nil
}

// composeRecord is what a battle wrote back to the roster, as text.
func (b *Bot) composeRecord(p store.Post, rec campaign.BattleRecord) ([]message, error) {
	r, err := b.svc.Campaigns().Roster(p.Guild)
	if err != nil {
		return nil, err
	}
	return texts(render.RecordText(render.Lang(p.Lang), r, rec)), nil
}

// The campaign's completions: armies, clans, roster targets, their fields
// and values, from the guild's roster.

// completeArmies offers the roster's armies.
func completeArmies(b *Bot, c *call, typed string) ([]offer, error) {
	r, err := b.svc.Campaigns().Roster(c.i.GuildID)
	if err != nil {
		return nil, err
	}
	var out []offer
	for _, a := range r.Armies {
		name := a.ID
		if a.Name != "" {
			name = a.Name + " (" + a.ID + ")"
		}
		out = append(out, offer{a.ID, name})
	}
	return match(out, typed), nil
}

// completeClans offers the roster's clans.
func completeClans(b *Bot, c *call, typed string) ([]offer, error) {
	r, err := b.svc.Campaigns().Roster(c.i.GuildID)
	if err != nil {
		return nil, err
	}
	var out []offer
	for _, cl := range r.Clans {
		out = append(out, offer{cl.ID, cl.Name + " (" + cl.ID + ")"})
	}
	return match(out, typed), nil
}

// completeRosterTarget offers what /roster set may change.
func completeRosterTarget(b *Bot, c *call, typed string) ([]offer, error) {
	r, err := b.svc.Campaigns().Roster(c.i.GuildID)
	if err != nil {
		return nil, err
	}
	var out []offer
	for _, t := range campaigns.RosterTargets(r) {
		out = append(out, offer{t[0], t[0] + " — " + render.T(c.lang, "campaign.target."+t[1])})
	}
	return match(out, typed), nil
}

// completeRosterField offers the fields of the target's kind.
func completeRosterField(b *Bot, c *call, typed string) ([]offer, error) {
	r, err := b.svc.Campaigns().Roster(c.i.GuildID)
	if err != nil {
		return nil, err
	}
	var out []offer
	for _, f := range campaigns.RosterFields(campaigns.KindOf(r, c.str("target"))) {
		out = append(out, offer{f, f})
	}
	return match(out, typed), nil
}

// completeRosterValue offers the values of the target's field.
func completeRosterValue(b *Bot, c *call, typed string) ([]offer, error) {
	r, err := b.svc.Campaigns().Roster(c.i.GuildID)
	if err != nil {
		return nil, err
	}
	var out []offer
	for _, v := range campaigns.RosterFieldValues(campaigns.KindOf(r, c.str("target")), c.str("field")) {
		out = append(out, offer{v, v})
	}
	return match(out, typed), nil
}
