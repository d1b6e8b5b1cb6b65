package bot

import (
	"bytes"
	"encoding/hex"
	"fmt"
	"strconv"
	"strings"

	"github.com/bwmarrin/discordgo"

	"github.com/gunbai/gunbai/engine"
	"github.com/gunbai/gunbai/game"
	"github.com/gunbai/gunbai/render"
	"github.com/gunbai/gunbai/store"
)

// Posting to the channels. Each clan's channel gets only what its side may
// see (engine.View, engine.VisibleEvents); the GM channel gets everything.
// A post is made after the transaction that caused it and marked posted in
// the store, so a crash in between posts it at the next start.

// send posts a message, logging failures: a post that fails is not a
// reason to lose the state change that caused it.
func (b *Bot) send(channel string, m *discordgo.MessageSend) bool {
	if channel == "" {
		return false
	}
	if _, err := b.s.ChannelMessageSendComplex(channel, m); err != nil {
		b.opt.Log.Printf("posting to %s: %v", channel, err)
		return false
	}
	return true
}

// dm sends a player a direct message.
func (b *Bot) dm(user, content string) {
	ch, err := b.s.UserChannelCreate(user)
	if err != nil {
		b.opt.Log.Printf("DM to %s: %v", user, err)
		return
	}
	b.send(ch.ID, &discordgo.MessageSend{Content: content})
}

// announce posts the same text to both clans and the GM channel.
func (b *Bot) announce(rec store.BattleRecord, key string, args ...any) {
	l := render.Lang(rec.Locale)
	for _, ch := range []string{rec.Sides[0].ChannelID, rec.Sides[1].ChannelID, rec.GMChannelID} {
		b.send(ch, &discordgo.MessageSend{Content: render.T(l, key, args...)})
	}
}

// postRoll tells the clan's own channel the final command roll.
func (b *Bot) postRoll(seat game.Seat, r game.Rolled) {
	l := render.Lang(seat.Battle.Locale)
	b.send(seat.Battle.Sides[seat.Side].ChannelID, &discordgo.MessageSend{
		Content: render.T(l, "bot.roll_posted", render.SideName(l, seat.Side)) + "\n" + render.CommandText(l, r.Stake, r.Result, true),
	})
}

// postReminder reminds the clans not yet ready of a coming deadline.
func (b *Bot) postReminder(r game.Reminder) {
	rec := r.Battle
	text := render.T(render.Lang(rec.Locale), "bot.reminder", rec.Name, rec.Turn, fmt.Sprintf("<t:%d:R>", rec.Deadline.Unix()))
	for _, side := range r.Sides {
		b.send(rec.Sides[side].ChannelID, &discordgo.MessageSend{Content: text})
	}
}

// postOpened commits a turn's dice publicly before anyone rolls.
func (b *Bot) postOpened(op game.Opened) {
	if op.Scouting {
		b.announce(op.Battle, "bot.scouting_opened", op.Battle.Name, op.SeedHash)
	} else {
		b.announce(op.Battle, "bot.turn_opened", op.Battle.Name, op.Turn, op.SeedHash)
	}
	b.postInfiltration(op)
	if d := op.Battle.Deadline; !d.IsZero() {
		// Discord shows <t:…:F> in each reader's own time zone.
		b.announce(op.Battle, "bot.deadline", fmt.Sprintf("<t:%d:F>", d.Unix()))
	}
	if err := b.svc.MarkAnnounced(op); err != nil {
		b.opt.Log.Printf("marking turn %d of %s announced: %v", op.Turn, op.Battle.ID, err)
	}
}

// postInfiltration tells each clan, in its own channel only, how many of
// its shinobi got into the enemy's rear (R-IV.5.1) and what its guards
// stopped (R-IV.4.2); the GM channel gets both.
func (b *Bot) postInfiltration(op game.Opened) {
	rec := op.Battle
	l := render.Lang(rec.Locale)
	var gm []string
	for _, side := range []engine.Side{engine.North, engine.South} {
		var lines []string
		name := render.SideName(l, side)
		if in := op.Infiltration[side]; in.Sent > 0 {
			lines = append(lines, render.T(l, "bot.infiltration", name, in.Sent, in.Through))
		}
		if e := op.Infiltration[side.Enemy()]; e.Sent > e.Through {
			lines = append(lines, render.T(l, "bot.guarded", name, e.Sent-e.Through, e.Killed, e.Captured, e.TurnedBack))
		}
		if len(lines) > 0 {
			b.send(rec.Sides[side].ChannelID, &discordgo.MessageSend{Content: strings.Join(lines, "\n")})
			gm = append(gm, lines...)
		}
	}
	if len(gm) > 0 {
		b.send(rec.GMChannelID, &discordgo.MessageSend{Content: strings.Join(gm, "\n")})
	}
}

// postResolved posts a resolved turn: to each clan its own view (its PNG and
// the log of what it could see), to the GM channel everything; then the seed
// is revealed and the next turn opened.
func (b *Bot) postResolved(res game.Resolved) {
	rec := res.Battle
	l := render.Lang(rec.Locale)
	seed := hex.EncodeToString(res.Seed)
	ok := true
	for _, side := range []engine.Side{engine.North, engine.South} {
		view := engine.View(res.After, side)
		events := engine.VisibleEvents(res.Before, res.After, side, res.Events)
		ok = b.postTurn(rec.Sides[side].ChannelID, l, rec.Name, res.Turn, view, events, seed) && ok
	}
	ok = b.postTurn(rec.GMChannelID, l, rec.Name, res.Turn, res.After, res.Events, seed) && ok
	if res.Next != nil {
		b.postOpened(*res.Next)
	} else {
		b.announce(rec, "bot.battle_over", rec.Name, render.OutcomeName(l, res.After.Outcome))
	}
	if ok {
		if err := b.svc.MarkPosted(rec.GuildID, rec.ID, res.Turn); err != nil {
			b.opt.Log.Printf("marking turn %d of %s posted: %v", res.Turn, rec.ID, err)
		}
	}
}

// postTurn posts the field picture and then the log, split to Discord's
// message limit.
func (b *Bot) postTurn(channel string, l render.Lang, name string, turn int, view engine.Battle, events []engine.Event, seed string) bool {
	if channel == "" {
		return true
	}
	title := fmt.Sprintf("%s — %s", name, render.T(l, "title.turn", turn))
	png, err := render.FieldPNG(view, render.FieldOptions{Lang: l, Title: title})
	if err != nil {
		b.opt.Log.Printf("drawing turn %d: %v", turn, err)
		return false
	}
	ok := b.send(channel, &discordgo.MessageSend{
		Content: render.T(l, "bot.turn_resolved", name, turn, seed),
		Files:   []*discordgo.File{{Name: "turn-" + strconv.Itoa(turn) + ".png", ContentType: "image/png", Reader: bytes.NewReader(png)}},
	})
	for _, part := range render.SplitMessages(render.Log(l, events), render.DiscordLimit) {
		ok = b.send(channel, &discordgo.MessageSend{Content: part}) && ok
	}
	return ok
}

// postPlanChange opens the plan-change round: each clan gets, in its own
// channel, what its shinobi reported (D-29).
func (b *Bot) postPlanChange(rec store.BattleRecord, ph store.CommandPhase) {
	l := render.Lang(rec.Locale)
	b.announce(rec, "bot.plan_change", rec.Name, rec.Turn)
	for side := range ph.Reports {
		reports := ph.OldReports[side]
		for _, r := range ph.Reports[side] {
			reports = append(reports, render.ShinobiReportText(l, rec.Turn, r))
		}
		for _, part := range render.SplitMessages(strings.Join(reports, "\n\n"), render.DiscordLimit) {
			b.send(rec.Sides[side].ChannelID, &discordgo.MessageSend{Content: part})
		}
	}
	if err := b.svc.MarkPlanChangePosted(rec.GuildID, rec.ID, rec.Turn); err != nil {
		b.opt.Log.Printf("marking the plan change of %s posted: %v", rec.ID, err)
	}
}

// replyField answers with a picture of a battle's field as view shows it,
// seen only by the caller.
func (b *Bot) replyField(c *call, rec store.BattleRecord, view engine.Battle) error {
	title := fmt.Sprintf("%s — %s", rec.Name, render.T(c.lang, "title.turn", rec.Turn))
	if rec.Status == store.StatusDeployment {
		title = fmt.Sprintf("%s — %s", rec.Name, render.T(c.lang, "title.deployment"))
	}
	png, err := render.FieldPNG(view, render.FieldOptions{Lang: c.lang, Title: title})
	if err != nil {
		return err
	}
	c.answered = true
	err = b.s.InteractionRespond(c.i.Interaction, &discordgo.InteractionResponse{
		Type: discordgo.InteractionResponseChannelMessageWithSource,
		Data: &discordgo.InteractionResponseData{
			Content: title,
			Flags:   discordgo.MessageFlagsEphemeral,
			Files:   []*discordgo.File{{Name: "field.png", ContentType: "image/png", Reader: bytes.NewReader(png)}},
		},
	})
	if err != nil {
		b.opt.Log.Printf("responding to %s: %v", c.i.ID, err)
	}
	return nil
}
