package bot

import (
	"cmp"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/gunbai/gunbai/engine"
	"github.com/gunbai/gunbai/game"
	"github.com/gunbai/gunbai/render"
	"github.com/gunbai/gunbai/store"
)

// The GM's /battle subcommands; dispatch has checked the GM role.

// battleCreate creates a battle between two clans, each with its own
// channel, and the GM's channel, all named by the GM and checked first.
func (b *Bot) battleCreate(c *call) error {
	if err := createNeeds(c); err != nil {
		return err
	}
	req := game.CreateRequest{
		Name: c.str("name"),
		North: store.Clan{RoleID: c.str("north_role"), ChannelID: c.str("north_channel"), OrderRole: c.str("north_orders"),
			Lang: c.str("north_lang")},
		South: store.Clan{RoleID: c.str("south_role"), ChannelID: c.str("south_channel"), OrderRole: c.str("south_orders"),
			Lang: c.str("south_lang")},
		GMChannelID:      c.str("gm_channel"),
		SpectatorChannel: c.str("spectator_channel"),
		Scenario:         c.str("scenario"),
		Armies:           [2]string{c.str("north_army"), c.str("south_army")},
		Locale:           b.serverLocale(c),
		GMLang:           string(c.lang),
		AI:               aiSeats(c.str("ai")),
	}
	return b.createBattle(c, req)
}

// createNeeded are the options /battle create needs when it is given
// options at all (given none, it opens its form).
var createNeeded = []string{"name", "north_role", "north_channel", "south_role", "south_channel", "gm_channel"}

// createNeeds refuses a /battle create that gives some of the options it
// needs and not all, naming the missing ones as the GM's client names
// them.
func createNeeds(c *call) error {
	var missing []string
	for _, name := range createNeeded {
		if c.opts[name] == nil {
			missing = append(missing, render.T(c.lang, "cmd.battle.opt."+name+".name"))
		}
	}
	if len(missing) == 0 {
		return nil
	}
	return refuse("err.create_missing", strings.Join(missing, ", "))
}

// createBattle checks the channels a battle is to be created with, creates
// it and answers the GM: the command's and the form's (forms.go) one path.
func (b *Bot) createBattle(c *call, req game.CreateRequest) error {
	if err := b.checkChannels(c.i.GuildID, req.North, req.South, req.GMChannelID); err != nil {
		return err
	}
	seen, err := b.checkSpectators(c.i.GuildID, req.SpectatorChannel, req.North, req.South)
	if err != nil {
		return err
	}
	rec, err := b.svc.Create(c.i.GuildID, req)
	if err != nil {
		return err
	}
	langs := make([]any, 0, 3)
	for _, a := range []store.Audience{store.AudienceNorth, store.AudienceSouth, store.AudienceGM} {
		langs = append(langs, render.T(c.lang, "lang."+rec.LangOf(a)))
	}
	answer := render.T(c.lang, "bot.created", rec.Name, rec.ID) + "\n" + render.T(c.lang, "bot.created_langs", langs...)
	if seen != "" {
		answer += "\n" + render.T(c.lang, "bot.spectators_reveal_only", "<#"+req.SpectatorChannel+">", "<@&"+seen+">")
	}
	answer += aiCreated(c.lang, rec) // a training battle (issue 30)
	b.reply(c, answer, nil)
	b.deliverDue()
	return nil
}

func (b *Bot) battleStart(c *call) error {
	end, _ := c.flag("end_scouting")
	op, err := b.svc.Start(c.i.GuildID, c.str("battle"), end)
	if err != nil {
		return err
	}
	b.deliverDue()
	b.reply(c, render.T(c.lang, "bot.started", op.Battle.Name)+"\n"+b.postStatus(string(c.lang), op.Posts), nil)
	return nil
}

// battleResolve resolves the turn the GM names; the answer says whether
// the results reached the channels, wait in the queue, or were refused.
func (b *Bot) battleResolve(c *call) error {
	turn, _ := c.num("turn")
	res, err := b.svc.Resolve(c.i.GuildID, c.str("battle"), turn)
	if err != nil {
		return err
	}
	b.deliverDue()
	b.reply(c, render.T(c.lang, "bot.resolved", res.Battle.Name, res.Turn)+"\n"+b.postStatus(string(c.lang), res.Posts), nil)
	return nil
}

func (b *Bot) battleSet(c *call) error {
	key, value := c.str("key"), c.str("value")
	if key == "" {
		list, err := b.svc.Settings(c.i.GuildID, c.str("battle"))
		if err != nil {
			return err
		}
		b.reply(c, render.T(c.lang, "bot.settings")+"\n"+strings.Join(list, "\n"), nil)
		return nil
	}
	if key == game.SpectatorDelayKey {
		if err := b.checkSpectatorDelay(c.i.GuildID, c.str("battle"), value); err != nil {
			return err
		}
	}
	rec, err := b.life(c).SetSetting(c.i.GuildID, c.str("battle"), key, value)
	if err != nil {
		return err
	}
	answer := render.T(c.lang, "bot.setting_set", rec.Name, key, value)
	switch key {
	case game.TurnDeadlineKey:
		answer += "\n" + render.T(c.lang, "bot.turn_deadline_next")
	case game.RemindBeforeKey:
		answer += "\n" + render.T(c.lang, "bot.remind_before_set")
	case game.AIKey(engine.North), game.AIKey(engine.South):
		answer += "\n" + render.T(c.lang, "ai.set_next") // issue 30
	}
	b.reply(c, answer, nil)
	return nil
}

func (b *Bot) battleList(c *call) error {
	all, err := b.svc.Battles(c.i.GuildID)
	if err != nil {
		return err
	}
	b.reply(c, battlesText(c.lang, all), nil)
	return nil
}

// battleShow gives the GM the whole field, hidden units included.
func (b *Bot) battleShow(c *call) error {
	rec, err := b.svc.Battle(c.i.GuildID, c.str("battle"))
	if err != nil {
		return err
	}
	return b.replyField(c, rec, rec.State)
}

func (b *Bot) battleFix(c *call) error {
	who, field, value := c.str("who"), c.str("field"), c.str("value")
	fx, err := b.life(c).Fix(c.i.GuildID, c.str("battle"), who, field, value)
	var r *game.Refusal
	if errors.As(err, &r) && slices.ContainsFunc(r.Problems, func(p *engine.Problem) bool { return p.Code == engine.ProbFixValue }) {
		// The refusal says what the field takes.
		if rec, rerr := b.svc.Battle(c.i.GuildID, c.str("battle")); rerr == nil {
			if allowed := fixAllowed(c.lang, &rec.State, who, field); allowed != "" {
				b.reply(c, b.errorText(c.lang, err)+"\n"+allowed, nil)
				return nil
			}
		}
	}
	if err != nil {
		return err
	}
	b.deliverDue()
	n := fx.Note
	b.reply(c, render.FixNotice(c.lang, n.Battle, n.Kind, n.Who, n.Field, n.Value)+"\n"+b.postStatus(string(c.lang), fx.Posts), nil)
	return nil
}

func (b *Bot) battleFinish(c *call) error {
	rec, err := b.svc.Finish(c.i.GuildID, c.str("battle"))
	if err != nil {
		return err
	}
	b.reply(c, render.T(c.lang, "bot.finished", rec.Name), nil)
	b.deliverDue()
	return nil
}

// battleUndo handles /battle undo: the battle back to the start of a
// turn's command phase (game.Service.Undo), told to both clans.
func (b *Bot) battleUndo(c *call) error {
	turn, _ := c.num("turn")
	keep, _ := c.flag("keep_orders")
	by := ""
	if c.i.Member != nil && c.i.Member.User != nil {
		by = c.i.Member.User.ID
	}
	u, err := b.life(c).Undo(c.i.GuildID, c.str("battle"), turn, keep, by)
	if err != nil {
		return err
	}
	b.deliverDue()
	b.reply(c, render.T(c.lang, "bot.undo_done", u.Battle.Name, u.Turn)+"\n"+b.postStatus(string(c.lang), u.Posts), nil)
	return nil
}

// battlesText lists battles for the GM: name, where each stands, the turn
// and, while orders are taken, the deadline (a Discord timestamp).
func battlesText(lang render.Lang, all []store.Header) string {
	if len(all) == 0 {
		return render.T(lang, "battles.none")
	}
	lines := []string{render.T(lang, "battles.header")}
	// One answer holds 2,000 characters: about 25 lines of battles.
	const most = 25
	more := len(all) - most
	if more > 0 {
		all = all[:most]
	}
	for _, h := range all {
		if h.Unreadable != "" {
			lines = append(lines, render.T(lang, "battles.unreadable", cmp.Or(h.Name, h.ID)))
			continue
		}
		line := render.T(lang, "battles.line", h.Name, render.T(lang, "lifecycle."+string(h.Status)), h.Turn)
		if h.Status == store.StatusFinished {
			byGM := h.EndedBy == game.EndedByGM || h.EndedBy == "" && h.Outcome == engine.Ongoing
			line = render.T(lang, "battles.line_over", h.Name, render.EndHead(lang, byGM, h.Resolved, h.Outcome, ""))
		}
		if h.Scouting {
			line += ", " + render.T(lang, "lifecycle.scouting")
		}
		if !h.Deadline.IsZero() && (h.Status == store.StatusCommand || h.Scouting) {
			line += ", " + render.T(lang, "battles.deadline", fmt.Sprintf("<t:%d:R>", h.Deadline.Unix()))
		}
		if h.Paused {
			line += ", " + render.T(lang, "battles.paused")
		}
		if h.Missed != [2]int{} {
			line += ", " + render.T(lang, "battles.missed", h.Missed[0], h.Missed[1])
		}
		lines = append(lines, line)
	}
	if more > 0 {
		lines = append(lines, render.T(lang, "battles.more", more))
	}
	return strings.Join(lines, "\n")
}

// stats handles /stats: each clan's record in the server's finished
// battles (game.Service.Stats).
func (b *Bot) stats(c *call) error {
	if p := c.str("player"); p != "" {
		return b.playerStats(c, p) // one member's (issue 29)
	}
	all, err := b.svc.Audit().Stats(c.i.GuildID)
	if err != nil {
		return err
	}
	if len(all) == 0 {
		b.reply(c, render.T(c.lang, "stats.none"), nil)
		return nil
	}
	lines := []string{render.T(c.lang, "stats.header")}
	for _, cs := range all {
		who := "<@&" + cs.Role + ">"
		if len(cs.Names) > 0 {
			who += " (" + strings.Join(cs.Names, ", ") + ")"
		}
		line := render.T(c.lang, "stats.line", who, cs.Battles, cs.Wins, cs.Losses, cs.Draws, cs.FiguresLost, cs.Inflicted, cs.Missed)
		if cs.Unfinished > 0 {
			line += render.T(c.lang, "stats.unfinished", cs.Unfinished)
		}
		lines = append(lines, line)
	}
	b.reply(c, strings.Join(lines, "\n"), nil)
	return nil
}
