package bot

import (
	"strings"

	"github.com/bwmarrin/discordgo"

	"github.com/gunbai/gunbai/engine"
	"github.com/gunbai/gunbai/game"
	"github.com/gunbai/gunbai/internal/customid"
	"github.com/gunbai/gunbai/render"
	"github.com/gunbai/gunbai/store"
)

// The players' commands. Every answer is ephemeral: a player's orders and
// what his scouts saw reach only him and his clan's own channel.

// seat finds the caller's battle and side with one of the game's finders
// (SeatOf, DeploySeat, ScoutSeat, AnySeat).
func (b *Bot) seat(c *call, find func(guild string, roles []string) (game.Seat, error)) (game.Seat, error) {
	if c.dm != nil {
		return find(c.dm.guild, c.dm.roles) // a DM's command, in the battle it names (b.seats)
	}
	if c.i.Member == nil {
		return game.Seat{}, refuse("err.no_seat")
	}
	return find(c.i.GuildID, c.roles())
}

// roll handles /roll (R-V.1-V.3).
func (b *Bot) roll(c *call) error {
	seat, err := b.seat(c, b.seats(c).SeatOf)
	if err != nil {
		return err
	}
	stake, err := engine.ParseStake(c.str("stake"))
	if err != nil {
		return refuse("err.bad_stake", c.str("stake"))
	}
	r, err := b.life(c).Roll(seat, stake)
	if err != nil {
		return err
	}
	text, comps := rollMessage(c.lang, r)
	if r.Again {
		// The answer to the first /roll may have been lost: the roll as it
		// stands comes back, with its buttons while it is open.
		text = render.T(c.lang, "bot.rolled_before") + "\n" + text
	}
	b.reply(c, text, comps)
	b.deliverDue()
	return nil
}

// rollButton is the custom ID of a roll's button:
// "roll:<turn>:<rerolls taken>:<source>", so that a button left under an
// old roll acts on nothing else, and a second press of the same button
// (its answer lost) finds the roll moved on and spends nothing more
// (game.RerollAsOf).
func rollButton(turn, taken int, source string) string {
	return customid.Roll.Build(turn, taken, source)
}

// reroll handles the buttons under a roll: a reroll, or accepting it.
func (b *Bot) reroll(c *call, v customid.Values, ok bool) error {
	seat, err := b.seat(c, b.seats(c).SeatOf)
	if err != nil {
		return err
	}
	if !ok {
		return refuse("err.roll_stale", 0) // a button of an older version
	}
	turn, source := v.Int("turn"), v.Str("source")
	taken := -1 // a button drawn before the count was in it (customid.RollOld)
	if v.Has("rerolls") {
		taken = v.Int("rerolls")
	}
	if source == "accept" {
		source = ""
	}
	r, err := b.svc.RerollAsOf(seat, turn, taken, source)
	if err != nil {
		return err
	}
	text, comps := rollMessage(c.lang, r)
	if r.Again {
		text = render.T(c.lang, "bot.roll_moved") + "\n" + text
	}
	b.reply(c, text, comps) // the roll's message, edited in place
	b.deliverDue()
	return nil
}

// rollMessage describes a roll and offers the rerolls still open.
func rollMessage(l render.Lang, r game.Rolled) (string, []discordgo.MessageComponent) {
	text := render.CommandText(l, r.Stake, r.Result, r.Final)
	if r.Final {
		return text, nil
	}
	var buttons []discordgo.MessageComponent
	for _, src := range r.Open {
		buttons = append(buttons, discordgo.Button{Label: render.T(l, "bot.reroll."+src), Style: discordgo.PrimaryButton, CustomID: rollButton(r.Turn, len(r.Rerolls), src)})
	}
	buttons = append(buttons, discordgo.Button{Label: render.T(l, "bot.reroll.accept"), Style: discordgo.SecondaryButton, CustomID: rollButton(r.Turn, len(r.Rerolls), "accept")})
	return text, []discordgo.MessageComponent{discordgo.ActionsRow{Components: buttons}}
}

// order handles /order: checked at once, answered only to its author, with
// a receipt by DM (ephemeral answers vanish; the player keeps this one).
func (b *Bot) order(c *call) error {
	seat, err := b.seat(c, b.seats(c).SeatOf)
	if err != nil {
		return err
	}
	o, err := parseOrder(c)
	if err != nil {
		return err
	}
	seat.Player = c.player()
	so, err := b.life(c).Order(seat, o)
	if err != nil {
		return err
	}
	b.reply(c, givenText(c.lang, seat.Battle.State, seat.Side, so.Orders, so)+"\n"+render.AllowanceText(c.lang, so.After)+"\n\n"+render.OrdersText(c.lang, so.Turn, so.Orders), nil)
	b.deliverDue() // the receipt by DM; if it cannot reach him, he is told in a followup
	return nil
}

// parseOrder reads the options of /order.
func parseOrder(c *call) (engine.Order, error) {
	kind, err := engine.ParseOrderKind(c.str("order"))
	if err != nil {
		return engine.Order{}, refuse("err.bad_order", c.str("order"))
	}
	o := engine.Order{Unit: c.str("unit"), Kind: kind, Phase: 1, Target: c.str("target"),
		Leader: c.str("leader"), To: c.str("to"), Mission: c.str("mission"), Banner: c.str("banner")}
	// Army-wide orders and a side's declarations name no unit; a banner is
	// raised in one.
	if o.Unit == "" && !kind.NamesNoUnit() {
		return o, refuse("err.need_unit")
	}
	if kind.Special() {
		o.Class = engine.Special
	}
	if p, ok := c.num("phase"); ok {
		o.Phase = p
	}
	switch c.str("slot") {
	case "special":
		o.Class = engine.Special
	case "ordinary":
		o.Class = engine.Ordinary
	}
	if f := c.str("facing"); f != "" {
		d, err := engine.ParseDir(f)
		if err != nil {
			return o, refuse("err.bad_facing", f)
		}
		o.Facing = &d
	}
	for _, w := range strings.Fields(c.str("gallop")) {
		var st engine.StepKind
		if err := st.UnmarshalText([]byte(w)); err != nil {
			return o, refuse("err.bad_step", w)
		}
		o.Steps = append(o.Steps, st)
	}
	return o, nil
}

// orders handles /orders: the side's roll and orders; cancelling one, the
// standing choice to spare duellists and Save ammo! on the way; "ready"
// last, so that what else the same /orders changed counts.
func (b *Bot) orders(c *call) error {
	seat, err := b.seat(c, b.seats(c).SeatOf)
	if err != nil {
		return err
	}
	sent := ""
	if len(c.opts) == 0 {
		// The order sheet, by DM (or here if his DMs are closed); the
		// answer still lists the roll, orders and units.
		inline, err := b.openSheet(c, seat)
		if err != nil || inline {
			return err
		}
		sent = render.T(c.lang, "bot.sheet_sent") + "\n"
	}
	spare, spareGiven := c.flag("spare")
	if spareGiven {
		if err := b.life(c).SetSpare(seat, spare); err != nil {
			return err
		}
	}
	if on, ok := c.flag("save_ammo"); ok {
		if err := b.life(c).SaveAmmo(seat, c.str("unit"), on); err != nil {
			return err
		}
	}
	var so game.SideOrders
	if unit := c.str("cancel"); unit != "" {
		phase, ok := c.num("phase")
		if !ok {
			phase = 1
		}
		so, err = b.life(c).Cancel(seat, unit, phase)
	} else {
		so, err = b.svc.Orders(seat)
	}
	if err != nil {
		return err
	}
	if ready, _ := c.flag("ready"); ready {
		return b.ready(c, seat)
	}
	text := render.T(c.lang, "bot.no_roll")
	if so.Command != nil {
		text = render.CommandText(c.lang, so.Command.Stake, so.Command.Result, so.Command.Final)
	}
	if rec, err := b.svc.Store.Battle(seat.Battle.GuildID, seat.Battle.ID); err == nil {
		units := ""
		if rec.State.Spare[seat.Side] {
			units = "\n" + render.T(c.lang, "bot.spare_on")
		} else if spareGiven {
			units = "\n" + render.T(c.lang, "bot.spare_off")
		}
		text += "\n" + render.OrdersText(c.lang, so.Turn, so.Orders) + units + "\n" + render.UnitsText(c.lang, rec.State, seat.Side)
	}
	b.reply(c, sent+text, nil)
	return nil
}

// ready marks the caller's side ready; when both are, the turn goes on by
// itself: the plan-change round after Signals, or the resolution, which is
// posted like a GM's /battle resolve.
func (b *Bot) ready(c *call, seat game.Seat) error {
	if seat.Player == nil {
		seat.Player = c.player() // who said ready, for the summary and the status
	}
	res, err := b.life(c).Ready(seat)
	if err != nil {
		return err
	}
	return b.readyDone(c, seat, res)
}

// readyDone answers a "ready": the side's, the resolution it led to, or
// the wing's, waiting for the others (issue 29).
func (b *Bot) readyDone(c *call, seat game.Seat, res game.ReadyResult) error {
	text := render.T(c.lang, "bot.ready")
	if !res.Phase.Ready[seat.Side] && res.Resolved == nil && !res.PlanChange {
		text = render.T(c.lang, "sheet.wing_ready_wait")
	}
	switch {
	case res.Resolved != nil:
		b.deliverDue()
		text = render.T(c.lang, "bot.resolved", res.Resolved.Battle.Name, res.Resolved.Turn) + "\n" + b.postStatus(string(c.lang), res.Resolved.Posts)
	case res.PlanChange:
		b.deliverDue()
		text = render.T(c.lang, "bot.plan_change", seat.Battle.Name, seat.Battle.Turn)
	}
	b.reply(c, text, nil)
	return nil
}

// deploy handles /deploy: a side places its army during deployment
// (RULES IV); the answer lists its units as they now stand.
func (b *Bot) deploy(c *call) error {
	seat, err := b.seat(c, b.seats(c).DeploySeat)
	if err != nil {
		return err
	}
	p := game.Placement{
		Unit: c.str("unit"), Cell: c.str("cell"), Facing: c.str("facing"),
		Leader: c.str("leader"), To: c.str("to"), HQ: c.str("hq"), Terrain: c.str("terrain"),
	}
	if g, ok := c.num("guards"); ok {
		p.Guards = &g
	}
	if v, ok := c.flag("save_ammo"); ok {
		p.SaveAmmo = &v
	}
	view, err := b.life(c).Deploy(seat, p)
	if err != nil {
		return err
	}
	text := render.T(c.lang, "bot.deployed")
	if p.Guards != nil {
		text += "\n" + render.T(c.lang, "bot.guards_set", *p.Guards, view.Shinobi[seat.Side]-*p.Guards)
	}
	b.reply(c, text+"\n"+render.UnitsText(c.lang, view, seat.Side), nil)
	return nil
}

// scout handles /scout in the plan-change phase of the deployment turn
// (R-IV.5): the report is the player's answer and goes to the clan's own
// channel, never the enemy's; swaps are confirmed to the player alone.
func (b *Bot) scout(c *call) error {
	seat, err := b.seat(c, b.seats(c).ScoutSeat)
	if err != nil {
		return err
	}
	sc := game.Scouting{Cells: c.str("cells"), Swap: c.str("swap")}
	sc.Done, _ = c.flag("done")
	if sc, err = b.life(c).Scout(seat, sc); err != nil {
		return err
	}
	var lines []string
	if sc.Report != nil {
		lines = append(lines, render.ScoutText(c.lang, *sc.Report))
	}
	if sc.Swap != "" {
		lines = append(lines, render.T(c.lang, "bot.swap_set", sc.Swap))
	}
	switch {
	case sc.Done && sc.Next != nil:
		lines = append(lines, render.T(c.lang, "bot.scouts_done_open"))
	case sc.Done:
		lines = append(lines, render.T(c.lang, "bot.scouts_done"))
	}
	b.reply(c, strings.Join(lines, "\n"), nil)
	b.deliverDue()
	return nil
}

// field handles /field: the player's own view of his battle as it stands
// (game.SideView: in deployment none of the enemy's army but what his
// scouts reported, D-70; then enemy units hidden in forests stay hidden),
// as a picture only he sees; useful above all while deploying.
func (b *Bot) field(c *call) error {
	if _, ok := c.num("turn"); ok {
		return b.fieldAfter(c)
	}
	seat, err := b.seat(c, b.seats(c).AnySeat)
	if err != nil {
		return err
	}
	ghosts, err := b.svc.Seats().LastSeen(seat)
	if err != nil {
		return err
	}
	return b.replyField(c, seat.Battle, game.SideView(&seat.Battle, seat.Side), ghostsOf(ghosts)...)
}

// why handles /why: what happened to a unit last turn, step by step with
// its rules, from the side's own view only (game.Why).
// The GM is answered from his own view, of the battle he names or the one
// being fought.
func (b *Bot) why(c *call) error {
	var w game.Why
	if b.isGM(c.i) {
		rec, err := b.whyBattle(c)
		if err != nil {
			return err
		}
		if w, err = b.svc.Audit().WhyGM(rec.GuildID, rec.ID, c.str("unit")); err != nil {
			return err
		}
	} else {
		seat, err := b.seat(c, b.seats(c).AnySeat)
		if err != nil {
			return err
		}
		if w, err = b.svc.Audit().Why(seat, c.str("unit")); err != nil {
			return err
		}
	}
	header := "bot.why_header"
	if w.GM {
		header = "bot.why_header_gm"
	}
	text := render.T(c.lang, header, w.Battle.Name, w.Turn, w.Unit)
	if len(w.Events) == 0 {
		text += "\n" + render.T(c.lang, "bot.why_nothing")
	} else {
		text += "\n" + render.Log(c.lang, w.Events)
	}
	b.reply(c, text, nil)
	return nil
}

// whyBattle is the battle the GM's /why is about: the one he names, else
// the one battle taking orders, else the one battle past its deployment.
func (b *Bot) whyBattle(c *call) (store.BattleRecord, error) {
	if c.str("battle") != "" {
		return b.svc.Battle(c.i.GuildID, c.str("battle"))
	}
	for _, accepts := range []func(store.Status) bool{
		func(s store.Status) bool { return s == store.StatusCommand },
		func(s store.Status) bool { return s != store.StatusDeployment },
	} {
		if rec, err := b.gmBattle(c, accepts); err == nil {
			return rec, nil
		}
	}
	return store.BattleRecord{}, refuse("err.why_which")
}
