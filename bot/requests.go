package bot

import (
	"fmt"

	"github.com/bwmarrin/discordgo"

	"github.com/gunbai/gunbai/game"
	"github.com/gunbai/gunbai/internal/customid"
	"github.com/gunbai/gunbai/render"
	"github.com/gunbai/gunbai/store"
)

// Requests the GM answers with a button (issue 29, item 5; game/requests.go
// is their logic). A player asks with /request: a command of its own, not
// a subcommand of /battle, for /battle is the GM's (its
// default_member_permissions hide it, with every subcommand, from members
// without Manage Server: Discord sets permissions per command, never per
// subcommand). It works in his clan's channel or thread and, like /orders,
// in the DM with the bot (dmCommands). The GM channel gets the request with
// Approve and Refuse; a click is answered to the clicker alone, and the
// GM's post is edited to show the answer, without its buttons.

// Actions of a request's buttons.
const (
	requestApprove = "approve"
	requestRefuse  = "refuse"
)

// request handles /request kind: by: reason:.
// requestOpts are the options of /request and /battle request.
func requestOpts() []optSpec {
	return []optSpec{
		{name: "kind", typ: str, required: true, choices: []string{store.RequestExtend, store.RequestPause}},
		{name: "reason", typ: str, required: true},
		{name: "by", typ: str, complete: (*Bot).completeDuration},
	}
}

func (b *Bot) request(c *call) error {
	u := c.user()
	if u == nil {
		return refuse("err.no_seat")
	}
	seat, err := b.seat(c, b.seats(c).AnySeat)
	if err != nil {
		return err
	}
	a := game.Ask{Kind: c.str("kind"), Reason: c.str("reason"), User: u.ID}
	if a.Kind == store.RequestExtend {
		if c.str("by") == "" {
			return refuse("err.request_by")
		}
		if a.By, err = game.ParseDuration(c.str("by")); err != nil {
			return err
		}
	}
	asked, err := b.svc.Clock().Requests().Ask(seat, a)
	if err != nil {
		return err
	}
	b.deliverDue()
	b.reply(c, render.T(c.lang, "request.sent", asked.Request.ID)+"\n"+b.postStatus(string(c.lang), asked.Posts), nil)
	return nil
}

// requestClick answers Approve and Refuse: a GM's answer is made, his post
// edited to show it; anyone else is refused and nothing changes. A second
// press, or a press once the request's phase is over, changes nothing and
// says so.
func (b *Bot) requestClick(c *call, v customid.Values, ok bool) error {
	action := v.Str("action")
	if !ok || action != requestApprove && action != requestRefuse {
		return refuse("bot.unknown_command", c.path)
	}
	if !b.isGM(c.i) {
		return refuse("request.not_gm")
	}
	ans, err := b.svc.Clock().Requests().Answer(c.i.GuildID, v.Str("battle"), v.Int("id"), action == requestApprove, c.gmUser())
	lapsed := ans.Request.State == store.RequestPending && !game.RequestOpen(&ans.Battle, ans.Request)
	if ans.Battle.ID != "" && (err == nil || lapsed) {
		b.editRequestPost(c, ans)
	}
	if err != nil {
		return err
	}
	b.deliverDue()
	text := render.T(c.lang, "request.did_refuse", ans.Request.ID)
	if ans.Request.State == store.RequestApproved {
		text = render.T(c.lang, "request.did_approve", ans.Request.ID) + "\n" + clockText(c.lang, ans.Battle.Name, ans.Clock)
	}
	b.reply(c, text+"\n"+b.postStatus(string(c.lang), ans.Posts), nil)
	return nil
}

// editRequestPost shows the GM's post of a request as it now stands, in
// the GM channel's language; its buttons go once it is answered or lapsed.
func (b *Bot) editRequestPost(c *call, ans game.Answered) {
	if c.i.Message == nil {
		return
	}
	l := render.Lang(ans.Battle.LangOf(store.AudienceGM))
	m := requestGMMessage(l, ans.Battle, ans.Request, ans.Clock)
	if err := b.editMessage(c.i.ChannelID, c.i.Message.ID, m); err != nil {
		b.opt.Log.Printf("editing request %d of %s: %v", ans.Request.ID, ans.Battle.ID, err)
	}
}

// requestOf is a battle's request by its number.
func requestOf(rec store.BattleRecord, id int) (store.Request, bool) {
	if id < 1 || id > len(rec.Requests) {
		return store.Request{}, false
	}
	return rec.Requests[id-1], true
}

// requestWhat says what a request asks, and who asks it: to the GM and
// the asking clan the player (who, mentioned; a mention pings nobody in
// a post), to the other clan his side alone.
func requestWhat(l render.Lang, r store.Request, who string) string {
	if r.Kind == store.RequestExtend {
		return render.T(l, "request.what_extend", who, render.DurationText(l, r.By))
	}
	return render.T(l, "request.what_pause", who)
}

// requestGMMessage is the GM's post of a request: who asks what and why,
// and its buttons while it waits; once answered, who answered (and an
// approval's change of the clock, when known), or that it lapsed.
func requestGMMessage(l render.Lang, rec store.BattleRecord, r store.Request, clock game.ClockData) message {
	lines := []string{
		render.T(l, "request.gm_head", r.ID, rec.Name, r.Turn),
		requestWhat(l, r, render.SideName(l, r.Side)+" (<@"+r.User+">)") + ".",
		render.T(l, "request.reason", r.Reason),
	}
	if rec.RequestLimit > 0 {
		used := 0
		for _, o := range rec.Requests {
			if o.Side == r.Side && o.ID <= r.ID && o.State != store.RequestRefused {
				used++
			}
		}
		lines = append(lines, render.T(l, "request.gm_limit", used, rec.RequestLimit))
	}
	var comps []discordgo.MessageComponent
	switch {
	case r.State == store.RequestApproved:
		lines = append(lines, render.T(l, "request.approved_by", "<@"+r.AnsweredBy+">"))
		if clock.Event != "" {
			lines = append(lines, clockText(l, rec.Name, clock))
		}
	case r.State == store.RequestRefused:
		lines = append(lines, render.T(l, "request.refused_by", "<@"+r.AnsweredBy+">"))
	case !game.RequestOpen(&rec, r):
		lines = append(lines, render.T(l, "request.lapsed"))
	default:
		if !rec.Deadline.IsZero() {
			lines = append(lines, render.T(l, "bstatus.deadline", stamp(rec.Deadline, "f"), stamp(rec.Deadline, "R")))
		}
		comps = []discordgo.MessageComponent{discordgo.ActionsRow{Components: []discordgo.MessageComponent{
			discordgo.Button{Label: render.T(l, "request.approve"), Style: discordgo.SuccessButton, CustomID: customid.Request.Build(rec.ID, r.ID, requestApprove)},
			discordgo.Button{Label: render.T(l, "request.refuse"), Style: discordgo.DangerButton, CustomID: customid.Request.Build(rec.ID, r.ID, requestRefuse)},
		}}}
	}
	return message{content: clip(joinLines(lines), render.DiscordLimit), components: comps}
}

// requestPosted is the battle and the request a post of it tells.
func (b *Bot) requestPosted(p store.Post, d game.RequestData) (store.BattleRecord, store.Request, error) {
	rec, err := b.svc.Store.Battle(p.Guild, p.Battle)
	if err != nil {
		return rec, store.Request{}, err
	}
	r, ok := requestOf(rec, d.ID)
	if !ok {
		return rec, r, fmt.Errorf("no request %d in battle %s", d.ID, rec.ID)
	}
	return rec, r, nil
}

// composeRequest: a request asked, to the GM channel with its buttons, and
// to the asking clan with its reason.
func (b *Bot) composeRequest(p store.Post, d game.RequestData) ([]message, error) {
	rec, r, err := b.requestPosted(p, d)
	if err != nil {
		return nil, err
	}
	l := render.Lang(p.Lang)
	if p.Audience == store.AudienceGM {
		return []message{requestGMMessage(l, rec, r, game.ClockData{})}, nil
	}
	if side, _ := p.Audience.Side(); side != r.Side {
		return nil, nil // a request is told to its own clan alone
	}
	return texts(joinLines([]string{
		render.T(l, "request.clan_asked", rec.Name, r.ID, requestWhat(l, r, "<@"+r.User+">")),
		render.T(l, "request.reason", r.Reason),
		render.T(l, "request.clan_wait"),
	})), nil
}

// composeRequestAnswer: the GM's answer to a clan; the reason to the
// asking clan alone, and an approval's change of the clock.
func (b *Bot) composeRequestAnswer(p store.Post, d game.RequestData) ([]message, error) {
	rec, r, err := b.requestPosted(p, d)
	if err != nil {
		return nil, err
	}
	l := render.Lang(p.Lang)
	side, _ := p.Audience.Side()
	mine := p.Audience != store.AudienceGM && side == r.Side
	who := render.SideName(l, r.Side)
	if mine {
		who = "<@" + r.User + ">"
	}
	key := "request.answer_refused"
	if r.State == store.RequestApproved {
		key = "request.answer_approved"
	}
	lines := []string{render.T(l, key, r.ID, requestWhat(l, r, who))}
	if mine {
		lines = append(lines, render.T(l, "request.reason", r.Reason))
	}
	if r.State == store.RequestApproved && d.Clock.Event != "" {
		lines = append(lines, clockText(l, rec.Name, d.Clock))
	}
	return texts(joinLines(lines)), nil
}
