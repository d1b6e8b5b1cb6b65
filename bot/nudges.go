package bot

import (
	"strings"
	"time"

	"github.com/gunbai/gunbai/game"
	"github.com/gunbai/gunbai/render"
	"github.com/gunbai/gunbai/store"
)

// Nudges per player in Discord (issue 29, item 4; game/nudges.go is their
// logic): /remind before: in the guild and in the DM with the bot, the DM
// each nudge is, and the GM's /battle nudges.

// remind keeps or tells the caller's choice of when he is nudged.
func (b *Bot) remind(c *call) error {
	u := c.user()
	if u == nil {
		return refuse("dm.no_battle")
	}
	typed := strings.TrimSpace(c.str("before"))
	var before time.Duration
	set := typed != ""
	if set {
		switch strings.ToLower(typed) {
		case "off", "выкл", "нет", "никогда", "never", "none", "0":
			before = -1
		default:
			d, err := game.ParseDuration(typed)
			if err != nil {
				return err
			}
			before = d
		}
	}
	p, err := b.svc.Clock().Remind(u.ID, string(c.lang), before, set)
	if err != nil {
		return err
	}
	b.reply(c, remindText(c.lang, p.RemindBefore, set), nil)
	return nil
}

// remindText says a player's choice: as he made it now, or as it stands.
func remindText(l render.Lang, before time.Duration, set bool) string {
	key := "nudge.remind_"
	if set {
		key = "nudge.remind_set_"
	}
	switch {
	case before < 0:
		return render.T(l, key+"off")
	case before == 0:
		return render.T(l, "nudge.remind_none")
	}
	return render.T(l, key+"lead", render.DurationText(l, before))
}

// completeRemind offers leads: what is typed first if it reads as one,
// then the usual ones and off.
func (b *Bot) completeRemind(c *call, typed string) ([]offer, error) {
	out, err := b.completeDuration(c, typed)
	if err != nil {
		return out, err
	}
	off := offer{"off", render.T(c.lang, "nudge.complete_off")}
	if strings.TrimSpace(typed) == "" {
		// The usual leads are shorter than the extensions' presets.
		out = nil
		for _, d := range []time.Duration{time.Hour, 2 * time.Hour, 6 * time.Hour, 12 * time.Hour} {
			v := game.FormatDuration(d)
			out = append(out, offer{v, render.T(c.lang, "complete.duration", v, render.DurationText(c.lang, d))})
		}
		return append(out, off), nil
	}
	return append(out, match([]offer{off}, typed)...), nil
}

// composeNudge: one player's DM, in his language, naming the battle, the
// time left and the deadline, with a link to his order sheet if it is
// shown in his DMs.
func (b *Bot) composeNudge(p store.Post, d game.NudgeData) ([]message, error) {
	rec, err := b.svc.Store.Battle(p.Guild, p.Battle)
	if err != nil {
		return nil, err
	}
	l := render.Lang(p.Lang)
	var lines []string
	switch {
	case d.Kind == store.NudgeLast && d.Deadline.IsZero():
		lines = append(lines, render.T(l, "nudge.last_nodeadline", rec.Name, p.Turn))
	case d.Kind == store.NudgeLast:
		// Told on a player's click, it names the deadline as Discord
		// counts it down, not a time left reckoned then.
		lines = append(lines, render.T(l, "nudge.last", rec.Name, p.Turn, stamp(d.Deadline, "f"), stamp(d.Deadline, "R")))
	default:
		lines = append(lines, render.T(l, "nudge.lead", rec.Name, p.Turn, render.DurationText(l, d.Left), stamp(d.Deadline, "f"), stamp(d.Deadline, "R")))
	}
	if link := b.sheetLink(d.Sheet, p.Turn); link != "" {
		lines = append(lines, render.T(l, "nudge.sheet", link))
	} else {
		lines = append(lines, render.T(l, "nudge.no_sheet"))
	}
	lines = append(lines, render.T(l, "nudge.how_off"))
	return texts(joinLines(lines)), nil
}

// sheetLink is the link to a player's order sheet of a turn as shown in
// his DMs; "" when it is not (not yet posted, or an ephemeral answer).
func (b *Bot) sheetLink(id uint64, turn int) string {
	if id == 0 {
		return ""
	}
	link := ""
	_ = b.svc.Store.View(func(tx *store.Tx) error {
		sh, err := tx.Sheet(id)
		if err != nil {
			return err
		}
		lv, err := tx.Live(sh.LiveKey(turn))
		if err != nil || lv.Message == "" || lv.Channel == "" || lv.Reply != nil {
			return err
		}
		link = "https://discord.com/channels/@me/" + lv.Channel + "/" + lv.Message
		return nil
	})
	return link
}

// battleNudges shows the GM, per player of the open turn and the one
// before it, who was nudged and when, who answered, and who missed.
func (b *Bot) battleNudges(c *call) error {
	rec, turns, err := b.svc.Clock().NudgeReport(c.i.GuildID, c.str("battle"))
	if err != nil {
		return err
	}
	b.reply(c, nudgesText(c.lang, rec.Name, turns), nil)
	return nil
}

// nudgesText words the GM's view of a battle's nudges.
func nudgesText(l render.Lang, name string, turns []game.NudgeTurn) string {
	lines := []string{render.T(l, "nudge.gm_title", name)}
	for _, t := range turns {
		switch {
		case t.Open && !t.Deadline.IsZero():
			lines = append(lines, render.T(l, "nudge.gm_turn_open", t.Turn, stamp(t.Deadline, "f")))
		case t.Open:
			lines = append(lines, render.T(l, "nudge.gm_turn_nodeadline", t.Turn))
		default:
			lines = append(lines, render.T(l, "nudge.gm_turn_done", t.Turn))
		}
		if len(t.Players) == 0 {
			lines = append(lines, render.T(l, "nudge.gm_nobody"))
		}
		for _, p := range t.Players {
			lines = append(lines, nudgeLineText(l, t.Open, p))
		}
	}
	lines = append(lines, render.T(l, "nudge.gm_legend"))
	return joinLines(lines)
}

// nudgeLineText is one player's line: his choice, his nudges, and how he
// answered.
func nudgeLineText(l render.Lang, open bool, p game.NudgeLine) string {
	var parts []string
	switch {
	case p.Lead < 0:
		parts = append(parts, render.T(l, "nudge.gm_lead_off"))
	case p.Lead > 0:
		parts = append(parts, render.T(l, "nudge.gm_lead", render.DurationText(l, p.Lead)))
	default:
		parts = append(parts, render.T(l, "nudge.gm_lead_none"))
	}
	if !p.Nudged.IsZero() {
		parts = append(parts, render.T(l, "nudge.gm_nudged", stamp(p.Nudged, "f")))
	}
	if !p.Last.IsZero() {
		parts = append(parts, render.T(l, "nudge.gm_last", stamp(p.Last, "f")))
	}
	nudged := !p.Nudged.IsZero() || !p.Last.IsZero()
	switch {
	case !p.Answered.IsZero():
		parts = append(parts, render.T(l, "nudge.gm_answered", stamp(p.Answered, "f")))
	case p.Missed:
		parts = append(parts, render.T(l, "nudge.gm_missed"))
	case nudged && open && !p.Ready:
		parts = append(parts, render.T(l, "nudge.gm_silent"))
	}
	if p.Ready {
		parts = append(parts, render.T(l, "nudge.gm_ready"))
	}
	return render.T(l, "nudge.gm_player", "<@"+p.User+">", render.SideName(l, p.Side), strings.Join(parts, "; "))
}
