package bot

import (
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/gunbai/gunbai/engine"
	"github.com/gunbai/gunbai/game"
	"github.com/gunbai/gunbai/internal/customid"
	"github.com/gunbai/gunbai/render"
)

// Commands re-sent after a lost answer (issue 25, item 3). When Discord
// tells a GM or a player "the application did not respond", the command
// may well have been done; he sends it again. The commands of the table
// marked once go through game.Service.Once: the change is kept as his
// last to the battle, in its own transaction, and the same command again
// (same options, same battle, same turn, within game.RetryWindow) is not
// applied but answered with what was done. Where a second application is
// a sensible wish (again: a second extension) the answer offers a button
// that applies it once more, once however often it is pressed.

// sentOption is an option of a command as fingerprinted: enough to give
// the command again from the confirm button.
type sentOption struct {
	Name  string                                 `json:"n"`
	Type  discordgo.ApplicationCommandOptionType `json:"t"`
	Value any                                    `json:"v"`
}

type sentCommand struct {
	Path string       `json:"p"`
	Opts []sentOption `json:"o,omitempty"`
}

// always: a second extension is a sensible wish.
func always(*call) bool { return true }

// toggles: a placement that toggles a cell's terrain undoes itself when
// made twice, which may be wanted.
func toggles(c *call) bool { return c.str("terrain") != "" }

// addsUp: an order that adds to the same one instead of taking its place
// (a second shinobi on the same mission, game.Replaces) may be wanted twice.
func addsUp(c *call) bool {
	kind, err := engine.ParseOrderKind(c.str("order"))
	return err == nil && kind.AddsUp()
}

// fingerprint is a command with its options as one string: the same
// command re-sent is the same string, whatever the order of its options.
func fingerprint(c *call) string {
	sc := sentCommand{Path: c.path}
	for name, o := range c.opts {
		sc.Opts = append(sc.Opts, sentOption{name, o.Type, o.Value})
	}
	slices.SortFunc(sc.Opts, func(a, b sentOption) int { return strings.Compare(a.Name, b.Name) })
	raw, _ := json.Marshal(sc) // strings, numbers and flags: cannot fail
	return string(raw)
}

// resend makes c the command a fingerprint names, as if sent again.
func (c *call) resend(fp string) error {
	var sc sentCommand
	if err := json.Unmarshal([]byte(fp), &sc); err != nil {
		return err
	}
	c.path = sc.Path
	c.opts = map[string]*discordgo.ApplicationCommandInteractionDataOption{}
	for _, o := range sc.Opts {
		c.opts[o.Name] = &discordgo.ApplicationCommandInteractionDataOption{Name: o.Name, Type: o.Type, Value: o.Value}
	}
	return nil
}

// remember makes c's changes go through game.Service.Once when its route
// asks for it; c.svc is the service its handler uses.
func (b *Bot) remember(c *call, r route) {
	c.svc = b.svc
	if r.once == "" && !r.kept || c.i.Member == nil || c.i.Member.User == nil {
		return
	}
	c.retry = &game.Retry{User: c.i.Member.User.ID, Command: fingerprint(c), Kept: r.kept}
	c.svc = b.svc.Once(c.retry)
}

// life is the lifecycle as c's handler uses it (c.svc, else the bot's).
func (b *Bot) life(c *call) *game.Service {
	if c.svc != nil {
		return c.svc
	}
	return b.svc
}

// retryCampaign answers a command re-sent after its change to the guild's
// campaign was made (game's onceGuild).
const retryCampaign = "retry.campaign"

// answered keeps the answer to c's change for a repeat to show again.
func (b *Bot) answered(c *call, content string) {
	if c.retry == nil || c.retry.Battle == "" && !c.retry.Campaign {
		return
	}
	if err := b.svc.Answered(c.i.GuildID, c.retry, string(c.lang), content); err != nil {
		b.opt.Log.Printf("keeping the answer to %s: %v", c.i.ID, err)
	}
	c.retry.Battle, c.retry.Campaign = "", false // kept once
}

// answerRepeat answers a command that repeats its author's last change:
// when it was done and what he was told then; under it, for a change
// worth making twice, the button that makes it once more.
func (b *Bot) answerRepeat(c *call, rep *game.Repeated, r route) {
	at := rep.Recent.At
	args := []any{rep.Name, stamp(at, "T"), stamp(at, "R")}
	if rep.Campaign {
		args = args[1:] // retryCampaign names no battle
	}
	lines := []string{render.T(c.lang, r.once, args...)}
	if rep.Recent.Answer != "" {
		lines = append(lines, render.T(c.lang, "retry.answer"), rep.Recent.Answer)
	} else {
		lines = append(lines, render.T(c.lang, "retry.no_answer"))
	}
	var comps []discordgo.MessageComponent
	if r.again != nil && r.again(c) && c.retry != nil && c.retry.Again.IsZero() { // not under a press of the button itself
		lines = append(lines, render.T(c.lang, "retry.again_offer"))
		comps = []discordgo.MessageComponent{discordgo.ActionsRow{Components: []discordgo.MessageComponent{
			discordgo.Button{Label: render.T(c.lang, "retry.again"), Style: discordgo.PrimaryButton,
				CustomID: customid.Again.Build(at.UnixNano())},
		}}}
	}
	b.reply(c, strings.Join(lines, "\n"), comps)
}

// againClick handles the button under a repeat's answer: the change is
// made once more, as its author sent it, unless this button made it
// already (game.Service.Once checks that in the change's transaction).
func (b *Bot) againClick(c *call, v customid.Values, ok bool) error {
	if b.ack(c) != nil {
		return nil
	}
	defer b.work()()
	if !ok || c.i.Member == nil || c.i.Member.User == nil {
		return refuse("err.confirm_stale")
	}
	at := time.Unix(0, v.Int64("at")).UTC()
	last, ok, err := b.svc.RecentAt(c.i.GuildID, c.i.Member.User.ID, at)
	if err != nil {
		return err
	}
	if !ok {
		return refuse("err.confirm_stale")
	}
	if err := c.resend(last.Command); err != nil {
		return fmt.Errorf("the command of a change: %w", err)
	}
	r, found := b.routes[c.path]
	if !found || r.again == nil || !r.again(c) {
		return refuse("err.confirm_stale")
	}
	if r.gm && !b.isGM(c.i) {
		return refuse("bot.not_gm")
	}
	c.retry = &game.Retry{User: c.i.Member.User.ID, Command: last.Command, Again: at}
	c.svc = b.svc.Once(c.retry)
	return b.handle(c, r)
}

// handle runs a route's handler; a repeat is answered as one.
func (b *Bot) handle(c *call, r route) error {
	err := r.handle(b, c)
	var rep *game.Repeated
	if errors.As(err, &rep) {
		b.answerRepeat(c, rep, r)
		return nil
	}
	return err
}
