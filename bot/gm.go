package bot

import (
	"fmt"
	"strings"

	"github.com/bwmarrin/discordgo"

	"github.com/gunbai/gunbai/game"
	"github.com/gunbai/gunbai/render"
	"github.com/gunbai/gunbai/store"
)

// The GM's /battle subcommands; dispatch has checked the GM role.

func (b *Bot) battleCreate(c *call) error {
	rec, err := b.svc.Create(c.i.GuildID, game.CreateRequest{
		Name:        c.str("name"),
		North:       store.Clan{RoleID: c.str("north_role"), ChannelID: c.str("north_channel")},
		South:       store.Clan{RoleID: c.str("south_role"), ChannelID: c.str("south_channel")},
		GMChannelID: c.i.ChannelID,
		Scenario:    c.str("scenario"),
		Locale:      b.battleLocale(),
	})
	if err != nil {
		return err
	}
	b.reply(c, render.T(c.lang, "bot.created", rec.Name, rec.ID), nil)
	b.announce(rec, "bot.announce_created", rec.Name, rec.Sides[0].RoleID, rec.Sides[1].RoleID)
	return nil
}

func (b *Bot) battleStart(c *call) error {
	op, err := b.svc.Start(c.i.GuildID, c.str("battle"))
	if err != nil {
		return err
	}
	b.reply(c, render.T(c.lang, "bot.started", op.Battle.Name), nil)
	b.postOpened(op)
	return nil
}

func (b *Bot) battleResolve(c *call) error {
	return b.deferThen(c, func() (string, error) {
		res, err := b.svc.Resolve(c.i.GuildID, c.str("battle"))
		if err != nil {
			return "", err
		}
		b.postResolved(res)
		return render.T(c.lang, "bot.resolved", res.Battle.Name, res.Turn), nil
	})
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
	rec, err := b.svc.SetSetting(c.i.GuildID, c.str("battle"), key, value)
	if err != nil {
		return err
	}
	b.reply(c, render.T(c.lang, "bot.setting_set", rec.Name, key, value), nil)
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
	fx, err := b.svc.Fix(c.i.GuildID, c.str("battle"), who, field, value)
	if err != nil {
		return err
	}
	b.reply(c, render.T(c.lang, "bot.fixed", fx.Battle.Name, who, field, value), nil)
	// The side concerned and the GM channel learn of it; the enemy sees
	// only what his view shows next.
	bl := render.Lang(fx.Battle.Locale)
	for _, ch := range []string{fx.Battle.Sides[fx.Side].ChannelID, fx.Battle.GMChannelID} {
		b.send(ch, &discordgo.MessageSend{Content: render.T(bl, "bot.fixed", fx.Battle.Name, who, field, value)})
	}
	return nil
}

func (b *Bot) battleFinish(c *call) error {
	rec, err := b.svc.Finish(c.i.GuildID, c.str("battle"))
	if err != nil {
		return err
	}
	b.reply(c, render.T(c.lang, "bot.finished", rec.Name), nil)
	b.announce(rec, "bot.announce_finished", rec.Name)
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
		line := render.T(lang, "battles.line", h.Name, render.T(lang, "lifecycle."+string(h.Status)), h.Turn)
		if h.Scouting {
			line += ", " + render.T(lang, "lifecycle.scouting")
		}
		if !h.Deadline.IsZero() && (h.Status == store.StatusCommand || h.Scouting) {
			line += ", " + render.T(lang, "battles.deadline", fmt.Sprintf("<t:%d:R>", h.Deadline.Unix()))
		}
		lines = append(lines, line)
	}
	if more > 0 {
		lines = append(lines, render.T(lang, "battles.more", more))
	}
	return strings.Join(lines, "\n")
}
