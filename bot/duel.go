package bot

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/bwmarrin/discordgo"

	"github.com/gunbai/gunbai/campaign"
	"github.com/gunbai/gunbai/duel"
	"github.com/gunbai/gunbai/game/duels"
	"github.com/gunbai/gunbai/internal/customid"
	"github.com/gunbai/gunbai/render"
	"github.com/gunbai/gunbai/store"
)

// The detailed duel in Discord (EXTRAS.md F-E4-1; game/duels is its
// logic): each fighter's prompt is a live message in his clan's channel
// and in the DMs of his side's players who hold an order sheet, with the
// split as a menu and each step of an exchange as buttons; the duel's
// start, the reveal, every exchange with its dice and the end are posted
// to both clans' channels and the GM's. A prompt shows its own side's
// split only: the other's appears once both are in. /duel is the GM's duel
// between two roster characters; /dispute is F-E4-2's roll.

// duelSpecs are the duel's rows of the command table.
func duelSpecs() []cmdSpec {
	return []cmdSpec{
		{name: "duel", gm: true, handle: (*Bot).duelStart, once: retryCampaign, opts: []optSpec{
			{name: "a", typ: str, required: true, complete: completeCharacters},
			{name: "b", typ: str, required: true, complete: completeCharacters},
			{name: "kill_margin", typ: num, minVal: 5, maxVal: 6},
		}},
		{name: "dispute", handle: (*Bot).dispute, once: retryCampaign, opts: []optSpec{
			{name: "about", typ: str},
		}},
	}
}

// duelStart is /duel: the GM's duel outside a battle.
func (b *Bot) duelStart(c *call) error {
	km, _ := c.num("kill_margin")
	d, err := b.life(c).Duels().StartDuel(c.i.GuildID, duels.DuelRequest{A: c.str("a"), B: c.str("b"), GMChannel: c.i.ChannelID,
		Locale: b.battleLocale(), KillMargin: km})
	if err != nil {
		return err
	}
	b.deliverDue()
	b.reply(c, render.T(c.lang, "duel.started", d.ID), nil)
	return nil
}

// dispute is /dispute (F-E4-2): the caller's d6, posted in the channel and
// logged.
func (b *Bot) dispute(c *call) error {
	if c.i.GuildID == "" || c.i.Member == nil || c.i.Member.User == nil {
		return refuse("err.dispute_no_channel")
	}
	lang := b.battleLocale()
	about := ""
	if a := c.str("about"); a != "" {
		about = render.T(render.Lang(lang), "duel.dispute_about", render.Literal(a))
	}
	user := c.i.Member.User.ID
	r, seed, err := b.life(c).Duels().Dispute(c.i.GuildID, c.i.ChannelID, user, about, lang)
	if err != nil {
		return err
	}
	b.opt.Log.Printf("dispute in guild %s channel %s: user %s rolled %d (%s), seed %s", c.i.GuildID, c.i.ChannelID, user, r.Die, r.Outcome, seed)
	b.deliverDue()
	b.reply(c, render.T(c.lang, "duel.dispute_posted"), nil)
	return nil
}

// duelClick carries out a click on a duel's prompt: acknowledged, then one
// transaction; the prompts are shown again by the outbox. A refusal is the
// clicker's alone.
func (b *Bot) duelClick(c *call, v customid.Values, ok bool) error {
	if b.ack(c) != nil {
		return nil
	}
	if f := v.Int("fighter"); !ok || f < 0 || f > 1 {
		return refuse("err.duel_stale")
	}
	guild := v.Str("guild")
	user := c.i.User
	if c.i.Member != nil {
		user = c.i.Member.User
	}
	if user == nil {
		return refuse("err.duel_stale")
	}
	click := duels.DuelClick{Guild: c.i.GuildID, User: user.ID, ID: c.path, Values: c.i.MessageComponentData().Values}
	if c.i.Member != nil && c.i.GuildID == guild {
		click.Roles = c.i.Member.Roles
	} else if m, err := b.s.GuildMember(guild, user.ID); err == nil {
		click.Roles = m.Roles
	}
	if err := b.svc.Duels().ActDuel(click); err != nil {
		b.followUp(c, []string{b.errorText(c.lang, err)})
		return nil
	}
	b.deliverDue()
	return nil
}

// composeDuel is a duel post's message.
func (b *Bot) composeDuel(p store.Post, dp duels.DuelPost) ([]message, error) {
	d, err := b.svc.Duels().Duel(p.Guild, dp.Battle, dp.ID)
	if err != nil {
		return nil, err
	}
	l := render.Lang(p.Lang)
	switch dp.What {
	case duels.DuelPrompt:
		if dp.Fighter < 0 || dp.Fighter > 1 {
			return nil, fmt.Errorf("a duel prompt for fighter %d", dp.Fighter)
		}
		return []message{duelPrompt(l, d, dp.Fighter)}, nil
	case duels.DuelStart:
		return texts(duelStartText(l, d)), nil
	case duels.DuelReveal:
		return texts(duelRevealText(l, d)), nil
	case duels.DuelExchange:
		if dp.N < 1 || dp.N > len(d.State.Log) {
			return nil, fmt.Errorf("duel %s has no exchange %d", d.ID, dp.N)
		}
		return texts(duelExchangeText(l, d, d.State.Log[dp.N-1])), nil
	case duels.DuelEnd:
		return texts(duelEndText(l, d)), nil
	}
	return nil, fmt.Errorf("unknown duel post %q", dp.What)
}

func duelName(d store.DuelRecord, i int) string { return d.Seats[i].Name }

func duelNameOf(d store.DuelRecord, id string) string {
	for i, f := range d.State.Fighters {
		if f.Profile.ID == id {
			return duelName(d, i)
		}
	}
	return id
}

func duelProfile(l render.Lang, d store.DuelRecord, i int) string {
	p := d.State.Fighters[i].Profile
	return render.T(l, "duel.profile", duelName(d, i), p.Rank, p.CP, p.Initiative, p.Fight,
		render.T(l, "duel.armour."+p.Armour.String()), p.Wounds)
}

func duelStartText(l render.Lang, d store.DuelRecord) string {
	hash := duels.DuelSeedHash(d)
	if d.Battle != "" {
		hash += " " + render.T(l, "duel.start_battle", d.DiceTurn+1)
	}
	return joinLines([]string{render.T(l, "duel.start", d.ID, duelName(d, 0), duelName(d, 1), hash),
		duelProfile(l, d, 0), duelProfile(l, d, 1)})
}

// dice shows a throw's dice, the dropped ones struck out.
func dice(rs []campaign.Roll) string {
	var parts []string
	for _, r := range rs {
		s := strconv.Itoa(r.Die)
		if r.Outcome == "dropped" {
			s = "~~" + s + "~~"
		}
		parts = append(parts, s)
	}
	return "[" + strings.Join(parts, ", ") + "]"
}

func duelRevealText(l render.Lang, d store.DuelRecord) string {
	lines := []string{render.T(l, "duel.reveal", d.ID)}
	for i := range d.State.Fighters {
		s, ok := d.State.Shown(i)
		if !ok {
			continue
		}
		key := "duel.split"
		if s.EnhanceInitiative {
			key = "duel.split_enhanced"
		}
		lines = append(lines, render.T(l, key, duelName(d, i), s.Attack, s.Defence))
	}
	if in := d.State.Initiative; in != nil {
		for i, t := range in.Throws {
			if i < 2 {
				lines = append(lines, render.T(l, "duel.initiative", duelName(d, i), dice(t.Dice), t.Mod, t.Result))
			}
		}
		for _, round := range in.Ties {
			lines = append(lines, render.T(l, "duel.tie", dice(round)))
		}
		lines = append(lines, render.T(l, "duel.first", duelName(d, d.State.Order[0])))
	}
	return joinLines(lines)
}

func duelExchangeText(l render.Lang, d store.DuelRecord, x duel.Exchange) string {
	att, def := duelNameOf(d, x.Attacker), duelNameOf(d, x.Defender)
	var line string
	switch {
	case x.Forced:
		line = render.T(l, "duel.exchange_forced", x.N, att)
	case x.Pass || x.Attack == nil:
		line = render.T(l, "duel.exchange_pass", x.N, att)
	default:
		r := x.Attack
		enhA, enhD := "", ""
		if x.Choice.EnhanceAttack {
			enhA = render.T(l, "duel.enh_attack")
		}
		if x.Choice.EnhanceDefence {
			enhD = render.T(l, "duel.enh_defence")
		}
		var effect string
		switch {
		case !r.Hit:
			effect = render.T(l, "duel.miss")
		case x.Spared && x.Dead || x.Dead && !x.Damage.Killed:
			effect = render.T(l, "duel.died")
		case x.Spared:
			effect = render.T(l, "duel.spared", x.WoundsAfter)
		case x.Damage.Killed:
			effect = render.T(l, "duel.killed")
		default:
			effect = render.T(l, "duel.wound", x.Damage.Wounds, x.WoundsAfter)
		}
		line = render.T(l, "duel.exchange", x.N, att, def, dice(r.Attack.Dice), r.Attack.Mod, r.Attack.Result, r.Attack.Target,
			dice(r.Defence.Dice), r.Defence.Mod, r.Defence.Result, enhA, enhD, effect)
	}
	t := x.Tokens
	return joinLines([]string{line, render.T(l, "duel.tokens", duelName(d, 0), t[0].Attack, t[0].Defence, duelName(d, 1), t[1].Attack, t[1].Defence)})
}

func duelResultLines(l render.Lang, d store.DuelRecord) []string {
	var out []string
	for i := range d.State.Fighters {
		dead := ""
		if d.State.Dead[i] {
			dead = render.T(l, "duel.result_dead")
		}
		out = append(out, render.T(l, "duel.result", duelName(d, i), d.State.Wounds[i], dead))
	}
	return out
}

func duelEndText(l render.Lang, d store.DuelRecord) string {
	lines := []string{render.T(l, "duel.end", d.ID, render.T(l, "duel.end."+string(d.State.End)))}
	lines = append(lines, duelResultLines(l, d)...)
	for i, n := range d.Auto {
		if n > 0 {
			lines = append(lines, render.T(l, "duel.auto", duelName(d, i), n))
		}
	}
	if d.Battle == "" {
		lines = append(lines, render.T(l, "duel.seed", fmt.Sprintf("%x", d.Seed)))
	}
	return joinLines(lines)
}

// duelPrompt is fighter i's prompt as his side sees it: never the other
// side's split before both are in.
func duelPrompt(l render.Lang, d store.DuelRecord, i int) message {
	st := d.State
	lines := []string{render.T(l, "duel.prompt", d.ID, duelName(d, i), duelName(d, 1-i)), duelProfile(l, d, i), duelProfile(l, d, 1-i)}
	var rows []discordgo.MessageComponent
	id := func(action string, value ...string) string {
		if action != duels.DuelActSplit {
			action = duels.DuelAsOf(action, &d)
		}
		return duels.DuelID(d.Guild, d.Battle, d.ID, i, action, value...)
	}
	deadline := render.T(l, "duel.prompt_deadline", stamp(d.Deadline, "R"))
	switch st.Phase {
	case duel.PhaseSplits:
		cp := st.Fighters[i].Profile.CP
		if own := st.Splits[i]; own != nil {
			enh := ""
			if own.EnhanceInitiative {
				enh = render.T(l, "duel.prompt_enh")
			}
			lines = append(lines, render.T(l, "duel.prompt_chosen", own.Attack, own.Defence, enh))
		} else {
			lines = append(lines, render.T(l, "duel.prompt_split", cp))
		}
		lines = append(lines, deadline)
		var opts []discordgo.SelectMenuOption
		for a := 0; a <= cp && len(opts) < maxMenu-1; a++ {
			opts = append(opts, discordgo.SelectMenuOption{Label: clip(render.T(l, "duel.opt_split", a, cp-a), 100), Value: strconv.Itoa(a)})
			if a >= 1 {
				opts = append(opts, discordgo.SelectMenuOption{Label: clip(render.T(l, "duel.opt_split_enh", a, cp-a), 100), Value: strconv.Itoa(a) + "e"})
			}
		}
		rows = append(rows, discordgo.ActionsRow{Components: []discordgo.MessageComponent{discordgo.SelectMenu{
			CustomID: id(duels.DuelActSplit), Placeholder: clip(render.T(l, "duel.pick_split"), 150), Options: opts}}})
	case duel.PhaseExchanges:
		t := st.Tokens
		lines = append(lines, render.T(l, "duel.tokens", duelName(d, 0), t[0].Attack, t[0].Defence, duelName(d, 1), t[1].Attack, t[1].Defence))
		button := func(label, cid string, style discordgo.ButtonStyle) discordgo.MessageComponent {
			return discordgo.Button{Label: clip(render.T(l, label), 80), CustomID: cid, Style: style}
		}
		if duels.DuelAwaited(&d) != i {
			lines = append(lines, render.T(l, "duel.prompt_wait"))
			break
		}
		var bs []discordgo.MessageComponent
		switch d.Step {
		case store.DuelStepDefend:
			lines = append(lines, render.T(l, "duel.prompt_defend", duelName(d, 1-i)))
			bs = []discordgo.MessageComponent{button("duel.btn_yes", id(duels.DuelActDefend, "yes"), discordgo.PrimaryButton),
				button("duel.btn_no", id(duels.DuelActDefend, "no"), discordgo.SecondaryButton)}
		case store.DuelStepEnhance:
			lines = append(lines, render.T(l, "duel.prompt_enhance"))
			bs = []discordgo.MessageComponent{button("duel.btn_yes", id(duels.DuelActEnhance, "yes"), discordgo.PrimaryButton),
				button("duel.btn_no", id(duels.DuelActEnhance, "no"), discordgo.SecondaryButton)}
		default:
			lines = append(lines, render.T(l, "duel.prompt_act"))
			bs = []discordgo.MessageComponent{button("duel.btn_attack", id(duels.DuelActAttack), discordgo.DangerButton),
				button("duel.btn_pass", id(duels.DuelActPass), discordgo.SecondaryButton)}
		}
		lines = append(lines, deadline)
		rows = append(rows, discordgo.ActionsRow{Components: bs})
	case duel.PhaseDone:
		lines = append(lines, render.T(l, "duel.prompt_done"))
		lines = append(lines, duelResultLines(l, d)...)
	}
	return message{content: clip(joinLines(lines), render.DiscordLimit), components: rows}
}
