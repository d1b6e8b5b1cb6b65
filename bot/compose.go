package bot

import (
	"cmp"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"

	"github.com/bwmarrin/discordgo"

	"github.com/gunbai/gunbai/engine"
	"github.com/gunbai/gunbai/game"
	"github.com/gunbai/gunbai/game/campaigns"
	"github.com/gunbai/gunbai/game/duels"
	"github.com/gunbai/gunbai/game/quickbattles"
	"github.com/gunbai/gunbai/game/skirmishes"
	"github.com/gunbai/gunbai/render"
	"github.com/gunbai/gunbai/store"
)

// Composing a post: the messages it takes, worded in its language and
// drawn as its audience may see the battle. Each clan's channel gets only
// what its side may see (engine.View, engine.VisibleEvents); the GM channel
// gets everything. Every text is split to Discord's limit.

func tr(lang, key string, args ...any) string { return render.T(render.Lang(lang), key, args...) }

func joinLines(lines []string) string { return strings.Join(lines, "\n") }

// codeKey names a refusal of Discord for good in the catalogue.
func codeKey(code int) string {
	switch code {
	case codeUnknownChannel, codeMissingAccess, codeCannotDM, codeMissingPermission:
		return "discord." + strconv.Itoa(code)
	}
	return "discord.other"
}

// texts is a text as messages within Discord's limit.
func texts(s string) []message {
	var out []message
	for _, part := range render.SplitMessages(s, render.DiscordLimit) {
		out = append(out, message{content: part})
	}
	return out
}

// composer words and draws the messages of one kind of post.
type composer func(b *Bot, p store.Post) ([]message, error)

// withData is the composer of a kind whose post carries a D in its Data:
// decoded here, once, and handed to f.
func withData[D any](f func(b *Bot, p store.Post, d D) ([]message, error)) composer {
	return func(b *Bot, p store.Post) ([]message, error) {
		var d D
		if err := json.Unmarshal(p.Data, &d); err != nil {
			return nil, err
		}
		return f(b, p, d)
	}
}

// composers have the messages of every kind of post the game owes, but
// those delivery carries out rather than posts (postActs, outbox.go). The
// longer ones are named methods beside their handlers; a kind missing here
// is logged and dropped by delivery (compose's error names it).
var composers = map[string]composer{
	game.PostText: func(_ *Bot, p store.Post) ([]message, error) {
		return texts(render.T(render.Lang(p.Lang), p.Key, p.Args...)), nil
	},
	game.PostFix: withData(func(_ *Bot, p store.Post, n game.FixNote) ([]message, error) {
		return texts(render.FixNotice(render.Lang(p.Lang), n.Battle, n.Kind, n.Who, n.Field, n.Value)), nil
	}),
	campaigns.PostAftermath: withData((*Bot).composeAftermath),
	duels.PostDuel:          withData((*Bot).composeDuel),
	game.PostRecord:         withData((*Bot).composeRecord),
	quickbattles.PostFight:  withData((*Bot).composeFight),
	skirmishes.PostSkirmish: withData((*Bot).composeSkirmish),
	game.PostOpened:         withData((*Bot).composeOpened),
	game.PostTurn:           (*Bot).composeTurn,
	game.PostOver:           (*Bot).composeOver,
	game.PostPlanChange:     (*Bot).composePlanChange,
	game.PostScout: withData(func(_ *Bot, p store.Post, r engine.ScoutReport) ([]message, error) {
		return texts(render.ScoutText(render.Lang(p.Lang), r)), nil
	}),
	game.PostRoll: withData(func(_ *Bot, p store.Post, c store.CommandRoll) ([]message, error) {
		l := render.Lang(p.Lang)
		side, _ := p.Audience.Side()
		return texts(render.T(l, "bot.roll_posted", render.SideName(l, side)) + "\n" + render.CommandText(l, c.Stake, c.Result, true)), nil
	}),
	game.PostReceipt: withData(func(_ *Bot, p store.Post, r game.Receipt) ([]message, error) {
		l := render.Lang(p.Lang)
		return texts(render.T(l, "bot.receipt", r.Battle) + "\n" + render.OrdersText(l, r.Turn, r.Orders)), nil
	}),
	game.PostReveal:   (*Bot).composeReveal,
	game.PostSheet:    withData((*Bot).composeSheet),
	game.PostSummary:  (*Bot).composeSummary,
	game.PostStatus:   (*Bot).composeStatus,
	game.PostClock:    withData((*Bot).composeClock),
	game.PostReminder: withData((*Bot).composeReminder),
	game.PostNudge:    withData((*Bot).composeNudge),
	game.PostFailure: withData(func(b *Bot, p store.Post, f game.Failure) ([]message, error) {
		l := render.Lang(p.Lang)
		return texts(render.T(l, "bot.delivery_failed", "<#"+f.Channel+">", b.missing(l, p.Guild, f))), nil
	}),
	// A player's request to the GM, and the GM's answer (requests.go).
	game.PostRequest:       withData((*Bot).composeRequest),
	game.PostRequestAnswer: withData((*Bot).composeRequestAnswer),
}

// compose is the messages of a post, by its kind's composer.
func (b *Bot) compose(p store.Post) ([]message, error) {
	f, ok := composers[p.Kind]
	if !ok {
		return nil, fmt.Errorf("unknown post kind %q", p.Kind)
	}
	return f(b, p)
}

// composeOver: how the battle ended, with its read button.
func (b *Bot) composeOver(p store.Post) ([]message, error) {
	lines, err := b.endLines(render.Lang(p.Lang), p.Guild, p.Battle)
	if err != nil {
		return nil, err
	}
	return withRead(texts(strings.Join(lines, "\n")), readEnd, p), nil
}

// composeOpened: the phase's dice committed, what the audience's shinobi
// did at the start (each clan hears of its own; the GM of both) and the
// deadline, as a Discord timestamp each reader sees in his own time zone.
func (b *Bot) composeOpened(p store.Post, d game.OpenedData) ([]message, error) {
	rec, err := b.svc.Store.Battle(p.Guild, p.Battle)
	if err != nil {
		return nil, err
	}
	l := render.Lang(p.Lang)
	var lines []string
	if d.Scouting {
		lines = append(lines, render.T(l, "bot.scouting_opened", rec.Name, d.SeedHash))
	} else {
		lines = append(lines, render.T(l, "bot.turn_opened", rec.Name, d.Turn, d.SeedHash))
	}
	for _, side := range []engine.Side{engine.North, engine.South} {
		if mine, ok := p.Audience.Side(); ok && mine != side {
			continue
		}
		name := render.SideName(l, side)
		if in := d.Infiltration[side]; in.Sent > 0 {
			lines = append(lines, render.T(l, "bot.infiltration", name, in.Sent, in.Through))
		}
		if e := d.Infiltration[side.Enemy()]; e.Sent > e.Through {
			lines = append(lines, render.T(l, "bot.guarded", name, e.Sent-e.Through, e.Killed, e.Captured, e.TurnedBack))
		}
	}
	if !d.Deadline.IsZero() {
		lines = append(lines, render.T(l, "bot.deadline", fmt.Sprintf("<t:%d:F>", d.Deadline.Unix())))
	}
	return texts(joinLines(lines)), nil
}

// composeTurn: the field picture with the revealed seed, then the log.
func (b *Bot) composeTurn(p store.Post) ([]message, error) {
	l := render.Lang(p.Lang)
	tv, err := b.svc.TurnView(p.Guild, p.Battle, p.Turn, p.Audience, true)
	if err != nil {
		return nil, err
	}
	f, err := b.drawTurn(urgencyOf(p), l, tv, !tv.NoReplay)
	if err != nil {
		return nil, err
	}
	head := message{
		content: render.T(l, "bot.turn_resolved", tv.Name, p.Turn, hex.EncodeToString(tv.Seed)),
		file:    turnFile("turn-"+strconv.Itoa(p.Turn)+".png", "image/png", f.PNG),
		alt:     f.PNGAlt,
	}
	if f.GIF != nil {
		head.more = []picture{{turnFile("turn-"+strconv.Itoa(p.Turn)+".gif", "image/gif", f.GIF), f.GIFAlt}}
	}
	return withRead(append([]message{head}, texts(f.Log)...), readTurn, p), nil
}

// composePlanChange: the round's announcement and, to a clan, what its
// shinobi reported (D-29).
func (b *Bot) composePlanChange(p store.Post) ([]message, error) {
	rec, ph, err := b.svc.Posts().PlanChangeReports(p.Guild, p.Battle, p.Turn)
	if err != nil {
		return nil, err
	}
	l := render.Lang(p.Lang)
	out := texts(render.T(l, "bot.plan_change", rec.Name, p.Turn))
	if side, ok := p.Audience.Side(); ok {
		reports := append([]string(nil), ph.OldReports[side]...)
		for _, r := range ph.Reports[side] {
			reports = append(reports, render.ShinobiReportText(l, p.Turn, r))
		}
		if len(reports) > 0 {
			out = append(out, texts(strings.Join(reports, "\n\n"))...)
		}
	}
	return out, nil
}

// missing says why a channel refused a post: for missing permissions, which
// of those the bot needs it lacks there.
func (b *Bot) missing(l render.Lang, guild string, f game.Failure) string {
	why := render.T(l, codeKey(f.Code))
	if f.Code != codeMissingPermission {
		return why
	}
	cp, err := b.channelPerms(guild, f.Channel)
	if err != nil || len(cp.lacking()) == 0 {
		return why
	}
	var lacking []string
	for _, key := range cp.lacking() {
		lacking = append(lacking, render.T(l, key))
	}
	return why + ": " + strings.Join(lacking, ", ")
}

// channelNeeds are the permissions the bot needs in a battle's channels.
var channelNeeds = []struct {
	bit int64
	key string
}{
	{discordgo.PermissionViewChannel, "perm.view_channel"},
	{discordgo.PermissionSendMessages, "perm.send_messages"},
	{discordgo.PermissionAttachFiles, "perm.attach_files"},
}

// endLines tell how a finished battle ended (game.Ending): when and how,
// each side's losses and its leaders' fates.
func (b *Bot) endLines(l render.Lang, guild, battle string) ([]string, error) {
	rec, err := b.svc.Store.Battle(guild, battle)
	if err != nil {
		return nil, err
	}
	e, ok, err := b.svc.Ending(guild, battle)
	if err != nil || !ok {
		return nil, cmp.Or(err, fmt.Errorf("battle %s is not over", battle))
	}
	return render.EndLines(l, rec.Name, e.By == game.EndedByGM, e.Turn, e.Outcome, e.Rule, e.Sides, e.Leaders), nil
}
