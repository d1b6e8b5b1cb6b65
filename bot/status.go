package bot

import (
	"net/http"
	"strings"

	"github.com/bwmarrin/discordgo"

	"github.com/gunbai/gunbai/engine"
	"github.com/gunbai/gunbai/game"
	"github.com/gunbai/gunbai/render"
	"github.com/gunbai/gunbai/store"
)

// The battle's status message in Discord (game/status.go is its logic):
// one message per battle and channel, pinned when it is first posted and
// edited in place after that. If Discord refuses the pin (the bot lacks
// Pin Messages there), the message is kept up to date all the same and
// the GM channel is told once.

// PermissionPinMessages is Discord's Pin Messages permission (1 << 51),
// which pinning needs since it was split from Manage Messages; discordgo
// v0.29 does not name it.
const PermissionPinMessages int64 = 1 << 51

// composeStatus: the battle's status as the post's audience may see it.
func (b *Bot) composeStatus(p store.Post) ([]message, error) {
	v, err := b.svc.Status(p.Guild, p.Battle, p.Audience)
	if err != nil {
		return nil, err
	}
	none := &discordgo.MessageAllowedMentions{Parse: []discordgo.AllowedMentionType{}}
	l := render.Lang(p.Lang)
	text := statusText(l, v, b.logIcons(l))
	if line := b.threadLine(p); line != "" { // the link to the battle's thread, under the title
		head, rest, _ := strings.Cut(text, "\n")
		text = head + "\n" + line + "\n" + rest
	}
	return withRead([]message{{content: text, mentions: none}}, readStatus, p), nil
}

// statusText words a battle's status: where it stands, its clock, each
// side ready or not (of the enemy, a clan sees only that), the turns
// missed and the journal's head hash; each side's line under its flag's
// emoji (icon gives its markup; nil: none).
func statusText(l render.Lang, v game.StatusView, icon func(name string) string) string {
	var where string
	switch {
	case v.Status == store.StatusFinished:
		if e := v.End; e != nil {
			where = render.EndHead(l, e.By == game.EndedByGM, e.Turn, e.Outcome, e.Rule)
		}
	case v.Scouting:
		where = render.T(l, "bstatus.scouting")
	case v.Status == store.StatusCommand && v.Round > 0:
		where = render.T(l, "bstatus.plan_change", v.Turn)
	case v.Status == store.StatusCommand:
		where = render.T(l, "bstatus.turn", v.Turn)
	default:
		where = render.T(l, "bstatus.deployment")
	}
	lines := []string{render.T(l, "bstatus.title", v.Name, where)}
	if e := v.End; e != nil { // the end told whole: when, how, losses, leaders
		lines = render.EndLines(l, v.Name, e.By == game.EndedByGM, e.Turn, e.Outcome, e.Rule, e.Sides, e.Leaders)
	}
	open := v.Status == store.StatusCommand || v.Scouting
	if open || v.Paused {
		switch {
		case v.Paused && v.Left > 0:
			lines = append(lines, render.T(l, "bstatus.paused", render.DurationText(l, v.Left)))
		case v.Paused:
			lines = append(lines, render.T(l, "bstatus.paused_none"))
		case !v.Deadline.IsZero():
			lines = append(lines, render.T(l, "bstatus.deadline", stamp(v.Deadline, "f"), stamp(v.Deadline, "R")))
		default:
			lines = append(lines, render.T(l, "bstatus.no_deadline"))
		}
	}
	if open {
		for _, side := range []engine.Side{engine.North, engine.South} {
			var state string
			switch {
			case v.Scouting && v.Ready[side]:
				state = render.T(l, "bstatus.scouted")
			case v.Scouting:
				state = render.T(l, "bstatus.scouting_side")
			case v.Ready[side] && v.ReadyBy[side] != "":
				state = render.T(l, "bstatus.ready_by", v.ReadyBy[side])
			case v.Ready[side]:
				state = render.T(l, "bstatus.ready")
			default:
				state = render.T(l, "bstatus.not_ready")
			}
			line := render.T(l, "bstatus.side", render.SideName(l, side), "<@&"+v.Roles[side]+">", state)
			if icon != nil && icon("mark:flag") != "" {
				line = icon("mark:flag") + " " + line
			}
			lines = append(lines, line)
		}
	}
	lines = append(lines, absentStatus(l, v.AbsentTurn, v.Absent)...)
	lines = append(lines, render.T(l, "bstatus.missed",
		render.SideName(l, engine.North), v.Missed[engine.North], render.SideName(l, engine.South), v.Missed[engine.South]))
	if v.Head != "" {
		lines = append(lines, render.T(l, "bstatus.head", v.Head))
	} else {
		lines = append(lines, render.T(l, "bstatus.no_head"))
	}
	lines = append(lines, "-# "+render.T(l, "bstatus.footer"))
	return joinLines(lines)
}

// pinStatus pins a status message just posted. A refusal for good (Pin
// Messages missing) is told to the GM once; the status goes on unpinned.
// Any other failure is logged: the message is there, and edited, all the
// same.
func (b *Bot) pinStatus(p store.Post, channel, id string) {
	endpoint := discordgo.EndpointChannel(channel) + "/messages/pins/" + id
	_, err := b.s.RequestWithBucketID(http.MethodPut, endpoint, nil, discordgo.EndpointChannel(channel)+"/messages/pins/")
	if err == nil {
		return
	}
	code, forGood := refusedForGood(err)
	if !forGood {
		b.logPost(p, "pinning the status of %s in %s: %v", p.Battle, channel, err)
		return
	}
	b.logPost(p, "pinning the status of %s in %s refused (code %d)", p.Battle, channel, code)
	if _, err := b.svc.Posts().PinRefused(p.Guild, p.Battle, channel, code); err != nil {
		b.logPost(p, "post %d: %v", p.ID, err)
	}
	b.kick() // the GM's notice
}
