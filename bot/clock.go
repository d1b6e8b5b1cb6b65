package bot

import (
	"fmt"
	"strings"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/gunbai/gunbai/game"
	"github.com/gunbai/gunbai/render"
	"github.com/gunbai/gunbai/store"
)

// The battle's clock in Discord (game/clock.go is its logic): /battle
// pause, resume and extend by:, each told to both clans and the GM
// channel; the reminders, which mention the clan's role and only it.

// completeSettingKey offers the clock's settings beside the rules' in
// /battle set.
func (b *Bot) completeSettingKey(c *call, typed string) ([]offer, error) {
	out, err := b.completeSetKey(c, typed)
	if err != nil {
		return out, err
	}
	return append(out, match(b.clockKeys(c), typed)...), nil
}

// completeSettingValue offers a clock setting's durations, or a rule
// setting's values.
func (b *Bot) completeSettingValue(c *call, typed string) ([]offer, error) {
	var vals []string
	switch c.str("key") {
	case game.TurnDeadlineKey:
		vals = []string{"default", "12h", "1d", "36h", "2d", "3d", "off"}
	case game.RemindBeforeKey:
		vals = []string{"quarter", "1h", "2h", "6h", "12h", "off"}
	default:
		return b.completeSetValue(c, typed)
	}
	var out []offer
	if d, err := game.ParseDuration(typed); err == nil {
		out = append(out, offer{game.FormatDuration(d), render.T(c.lang, "complete.duration", game.FormatDuration(d), render.DurationText(c.lang, d))})
	}
	for _, v := range vals {
		out = append(out, offer{v, v})
	}
	if len(out) > len(vals) {
		return dedupe(out), nil
	}
	return match(out, typed), nil
}

// clockKeys offers the clock's settings with the battle's values.
func (b *Bot) clockKeys(c *call) []offer {
	now := map[string]string{}
	if rec, err := b.gmBattle(c, func(s store.Status) bool { return s != store.StatusFinished }); err == nil {
		if list, err := b.svc.Settings(c.i.GuildID, rec.ID); err == nil {
			for _, line := range list {
				if k, v, ok := strings.Cut(line, " = "); ok {
					now[k] = v
				}
			}
		}
	}
	var out []offer
	for _, k := range []string{game.TurnDeadlineKey, game.RemindBeforeKey} {
		name := render.T(c.lang, "complete.default", k)
		if v, ok := now[k]; ok {
			name = render.T(c.lang, "complete.setting", k, v)
		}
		out = append(out, offer{k, name})
	}
	return out
}

// gmUser is the GM who made a change, for the journal.
func (c *call) gmUser() string {
	if c.i.Member != nil && c.i.Member.User != nil {
		return c.i.Member.User.ID
	}
	return ""
}

func (b *Bot) battlePause(c *call) error {
	ck, err := b.life(c).Clock().Pause(c.i.GuildID, c.str("battle"), c.gmUser())
	return b.clocked(c, ck, err)
}

func (b *Bot) battleResume(c *call) error {
	ck, err := b.life(c).Clock().Resume(c.i.GuildID, c.str("battle"), c.gmUser())
	return b.clocked(c, ck, err)
}

func (b *Bot) battleExtend(c *call) error {
	d, err := game.ParseDuration(c.str("by"))
	if err != nil {
		return err
	}
	ck, err := b.life(c).Clock().Extend(c.i.GuildID, c.str("battle"), d, c.gmUser())
	return b.clocked(c, ck, err)
}

// clocked answers the GM with what the clans were told, and whether it
// reached them.
func (b *Bot) clocked(c *call, ck game.Clocked, err error) error {
	if err != nil {
		return err
	}
	b.deliverDue()
	b.reply(c, clockText(c.lang, ck.Battle.Name, ck.Data)+"\n"+b.postStatus(string(c.lang), ck.Posts), nil)
	return nil
}

// clockText words a change of the clock.
func clockText(l render.Lang, name string, d game.ClockData) string {
	switch d.Event {
	case game.ClockPaused:
		if d.Left <= 0 {
			return render.T(l, "clock.paused_none", name)
		}
		return render.T(l, "clock.paused", name, render.DurationText(l, d.Left))
	case game.ClockResumed:
		if d.Deadline.IsZero() {
			return render.T(l, "clock.resumed_none", name)
		}
		return render.T(l, "clock.resumed", name, stamp(d.Deadline, "f"), stamp(d.Deadline, "R"))
	case game.ClockExtended:
		if d.Deadline.IsZero() {
			return render.T(l, "clock.extended_paused", name, render.DurationText(l, d.By), render.DurationText(l, d.Left))
		}
		return render.T(l, "clock.extended", name, render.DurationText(l, d.By), stamp(d.Deadline, "f"), stamp(d.Deadline, "R"))
	}
	return name
}

// stamp is a Discord timestamp, shown in each reader's time zone: style
// "f" (date and time), "R" (relative), "F" (with the weekday).
func stamp(t time.Time, style string) string { return fmt.Sprintf("<t:%d:%s>", t.Unix(), style) }

// composeClock: a change of the clock, to one channel.
func (b *Bot) composeClock(p store.Post, d game.ClockData) ([]message, error) {
	rec, err := b.svc.Store.Battle(p.Guild, p.Battle)
	if err != nil {
		return nil, err
	}
	return texts(clockText(render.Lang(p.Lang), rec.Name, d)), nil
}

// composeReminder: a clan reminded of its deadline, its role mentioned
// (allowed_mentions names that role and nothing else), with its own units
// still without an order.
func (b *Bot) composeReminder(p store.Post, d game.ReminderData) ([]message, error) {
	rec, err := b.svc.Store.Battle(p.Guild, p.Battle)
	if err != nil {
		return nil, err
	}
	l := render.Lang(p.Lang)
	mention := ""
	allowed := &discordgo.MessageAllowedMentions{Parse: []discordgo.AllowedMentionType{}}
	if d.Role != "" {
		mention = "<@&" + d.Role + ">"
		allowed.Roles = []string{d.Role}
	}
	lines := []string{strings.TrimSpace(render.T(l, "remind.head", mention, rec.Name, p.Turn, stamp(d.Deadline, "R"), stamp(d.Deadline, "f")))}
	if !d.Rolled {
		lines = append(lines, render.T(l, "remind.roll"))
	}
	switch {
	case d.ArmyWide:
		lines = append(lines, render.T(l, "remind.army_wide"))
	case len(d.Units) == 0:
		lines = append(lines, render.T(l, "remind.all_ordered"))
	default:
		side, _ := p.Audience.Side()
		var names []string
		for _, id := range d.Units {
			if u := rec.State.Unit(id); u != nil && u.Side == side {
				names = append(names, render.UnitLabel(l, *u))
			} else {
				names = append(names, id)
			}
		}
		lines = append(lines, render.T(l, "remind.units", len(d.Units), strings.Join(names, "; ")))
	}
	lines = append(lines, render.T(l, "remind.end"))
	out := texts(joinLines(lines))
	for i := range out {
		out[i].mentions = allowed
		if i > 0 {
			out[i].mentions = &discordgo.MessageAllowedMentions{Parse: []discordgo.AllowedMentionType{}}
		}
	}
	return out, nil
}

// completeDuration offers extensions: what is typed first if it reads as
// one, then the usual ones.
func (b *Bot) completeDuration(c *call, typed string) ([]offer, error) {
	var presets []offer
	for _, d := range []time.Duration{time.Hour, 6 * time.Hour, 12 * time.Hour, 24 * time.Hour, 48 * time.Hour, 72 * time.Hour} {
		v := game.FormatDuration(d)
		presets = append(presets, offer{v, render.T(c.lang, "complete.duration", v, render.DurationText(c.lang, d))})
	}
	d, err := game.ParseDuration(typed)
	switch {
	case err == nil:
		v := game.FormatDuration(d)
		return dedupe(append([]offer{{v, render.T(c.lang, "complete.duration", v, render.DurationText(c.lang, d))}}, presets...)), nil
	case strings.TrimSpace(typed) == "":
		return presets, nil
	}
	return match(presets, typed), nil
}

// dedupe keeps each offer's value once, in order.
func dedupe(in []offer) []offer {
	seen := map[string]bool{}
	var out []offer
	for _, o := range in {
		if v := fmt.Sprint(o.value); !seen[v] {
			seen[v] = true
			out = append(out, o)
		}
	}
	return out
}
