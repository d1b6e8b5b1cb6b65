package bot

import (
	"bytes"
	"encoding/hex"
	"errors"
	"fmt"
	"log"
	"runtime/debug"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/gunbai/gunbai/engine"
	"github.com/gunbai/gunbai/render"
	"github.com/gunbai/gunbai/store"
)

// Options configure the Discord side of the bot.
type Options struct {
	// GMRole is the ID or the name of the game masters' role. Empty: members
	// with Manage Server act as GMs.
	GMRole string
	// Guilds to register the commands in; empty: every guild of READY.
	Guilds []string
	// Locale of channel posts when a battle has none: "ru" or "en".
	Locale string
	Log    *log.Logger
	// TickEvery is how often deadlines are checked; zero: every minute.
	TickEvery time.Duration
}

// Bot answers interactions and posts results. It keeps no battle state of
// its own: everything is read from and written to the store through Service.
type Bot struct {
	s   *discordgo.Session
	svc *Service
	opt Options

	mu    sync.Mutex
	appID string
	wg    sync.WaitGroup // handlers in flight, for a graceful Close
	stop  chan struct{}  // ends the deadline ticker
	tick  sync.WaitGroup // the deadline ticker
}

// New wires a bot to a session; Start opens it.
func New(s *discordgo.Session, svc *Service, opt Options) *Bot {
	if opt.Log == nil {
		opt.Log = log.Default()
	}
	b := &Bot{s: s, svc: svc, opt: opt}
	s.Identify.Intents = discordgo.IntentsGuilds
	s.AddHandler(b.onReady)
	s.AddHandler(b.onInteraction)
	return b
}

// Start connects to the gateway and starts checking turn deadlines.
func (b *Bot) Start() error {
	if err := b.s.Open(); err != nil {
		return err
	}
	every := b.opt.TickEvery
	if every <= 0 {
		every = time.Minute
	}
	stop := make(chan struct{})
	b.stop = stop
	b.tick.Add(1)
	go func() {
		defer b.tick.Done()
		t := time.NewTicker(every)
		defer t.Stop()
		for {
			select {
			case <-stop:
				return
			case <-t.C:
				b.Tick()
			}
		}
	}()
	return nil
}

// Tick resolves and posts the turns whose deadline has passed.
func (b *Bot) Tick() {
	done, err := b.svc.Due()
	if err != nil {
		b.opt.Log.Printf("deadlines: %v", err)
	}
	for _, d := range done {
		if d.Resolved != nil {
			b.postResolved(*d.Resolved)
		}
		if d.Opened != nil {
			b.postOpened(*d.Opened)
		}
	}
	reminders, err := b.svc.Reminders()
	if err != nil {
		b.opt.Log.Printf("reminders: %v", err)
	}
	for _, r := range reminders {
		rec := r.Battle
		text := render.T(render.Lang(rec.Locale), "bot.reminder", rec.Name, rec.Turn, fmt.Sprintf("<t:%d:R>", rec.Deadline.Unix()))
		for _, side := range r.Sides {
			b.send(rec.Sides[side].ChannelID, &discordgo.MessageSend{Content: text})
		}
	}
}

// Close stops the deadline ticker, disconnects and waits for the handlers
// still running.
func (b *Bot) Close() error {
	if b.stop != nil {
		close(b.stop)
		b.stop = nil
		b.tick.Wait()
	}
	err := b.s.Close()
	b.wg.Wait()
	return err
}

// Wait blocks until the handlers in flight are done (tests).
func (b *Bot) Wait() { b.wg.Wait() }

func (b *Bot) onReady(s *discordgo.Session, r *discordgo.Ready) {
	b.wg.Add(1)
	defer b.wg.Done()
	app := ""
	if r.Application != nil {
		app = r.Application.ID
	}
	if app == "" && r.User != nil {
		app = r.User.ID
	}
	b.mu.Lock()
	b.appID = app
	b.mu.Unlock()
	guilds := b.opt.Guilds
	if len(guilds) == 0 {
		// discordgo's state rewrites READY's guilds when GUILD_CREATE
		// arrives; read them under its lock.
		s.State.RLock()
		for _, g := range r.Guilds {
			guilds = append(guilds, g.ID)
		}
		s.State.RUnlock()
	}
	for _, g := range guilds {
		if _, err := s.ApplicationCommandBulkOverwrite(app, g, Commands()); err != nil {
			b.opt.Log.Printf("registering commands in guild %s: %v", g, err)
		}
		// Results of turns resolved just before a crash are posted now.
		pending, err := b.svc.Unposted(g)
		if err != nil {
			b.opt.Log.Printf("guild %s: %v", g, err)
		}
		for _, res := range pending {
			b.postResolved(res)
		}
		// So are the openings of turns opened just before a crash.
		opened, err := b.svc.Unannounced(g)
		if err != nil {
			b.opt.Log.Printf("guild %s: %v", g, err)
		}
		for _, op := range opened {
			b.postOpened(op)
		}
		// And the plan-change rounds with their shinobi reports.
		rounds, err := b.svc.UnpostedPlanChanges(g)
		if err != nil {
			b.opt.Log.Printf("guild %s: %v", g, err)
		}
		for _, pc := range rounds {
			b.postPlanChange(pc.Battle, pc.Phase)
		}
	}
}

// lang is the language of an interaction (Russian by default).
func lang(i *discordgo.InteractionCreate) render.Lang { return render.LangFromLocale(string(i.Locale)) }

func (b *Bot) onInteraction(s *discordgo.Session, i *discordgo.InteractionCreate) {
	b.wg.Add(1)
	defer b.wg.Done()
	defer func() {
		if p := recover(); p != nil {
			b.opt.Log.Printf("panic in interaction %s: %v\n%s", i.ID, p, debug.Stack())
			b.fail(i, errors.New("internal error"))
		}
	}()
	switch i.Type {
	case discordgo.InteractionApplicationCommand:
		data := i.ApplicationCommandData()
		switch data.Name {
		case "battle":
			b.battle(i, data)
		case "roll":
			b.roll(i, data)
		case "order":
			b.order(i, data)
		case "orders":
			b.orders(i, data)
		case "deploy":
			b.deploy(i, data)
		case "scout":
			b.scout(i, data)
		case "field":
			b.field(i)
		default:
			b.reply(i, render.T(lang(i), "bot.unknown_command", data.Name), nil)
		}
	case discordgo.InteractionApplicationCommandAutocomplete:
		b.complete(i)
	case discordgo.InteractionMessageComponent:
		b.component(i)
	default:
		b.reply(i, render.T(lang(i), "bot.unknown_command", "?"), nil)
	}
}

// reply answers an interaction with a message only its author sees. An
// answer longer than one Discord message (a big army's units and orders)
// goes on in followups, seen by him alone too.
func (b *Bot) reply(i *discordgo.InteractionCreate, content string, components []discordgo.MessageComponent) {
	parts := render.SplitMessages(content, render.DiscordLimit)
	if len(parts) == 0 {
		parts = []string{content}
	}
	err := b.s.InteractionRespond(i.Interaction, &discordgo.InteractionResponse{
		Type: discordgo.InteractionResponseChannelMessageWithSource,
		Data: &discordgo.InteractionResponseData{Content: parts[0], Flags: discordgo.MessageFlagsEphemeral, Components: components},
	})
	if err != nil {
		b.opt.Log.Printf("responding to %s: %v", i.ID, err)
		return
	}
	for _, part := range parts[1:] {
		if _, err := b.s.FollowupMessageCreate(i.Interaction, true, &discordgo.WebhookParams{Content: part, Flags: discordgo.MessageFlagsEphemeral}); err != nil {
			b.opt.Log.Printf("following up %s: %v", i.ID, err)
		}
	}
}

// fail answers with the reason of a refusal, or a generic apology.
func (b *Bot) fail(i *discordgo.InteractionCreate, err error) {
	b.reply(i, b.errorText(lang(i), err), nil)
}

func (b *Bot) errorText(l render.Lang, err error) string {
	var ue *UserError
	if errors.As(err, &ue) {
		return ue.Text(l)
	}
	b.opt.Log.Printf("error: %v", err)
	return render.T(l, "bot.internal_error")
}

// isGM checks the GM role of the config (by ID or name), or Manage Server
// when no role is configured.
func (b *Bot) isGM(i *discordgo.InteractionCreate) bool {
	m := i.Member
	if m == nil {
		return false
	}
	if b.opt.GMRole == "" {
		return m.Permissions&(discordgo.PermissionManageGuild|discordgo.PermissionAdministrator) != 0
	}
	if slices.Contains(m.Roles, b.opt.GMRole) {
		return true
	}
	roles, err := b.s.GuildRoles(i.GuildID)
	if err != nil {
		b.opt.Log.Printf("reading roles of guild %s: %v", i.GuildID, err)
		return false
	}
	for _, r := range roles {
		if strings.EqualFold(r.Name, b.opt.GMRole) && slices.Contains(m.Roles, r.ID) {
			return true
		}
	}
	return false
}

func optionMap(opts []*discordgo.ApplicationCommandInteractionDataOption) map[string]*discordgo.ApplicationCommandInteractionDataOption {
	m := map[string]*discordgo.ApplicationCommandInteractionDataOption{}
	for _, o := range opts {
		m[o.Name] = o
	}
	return m
}

func str(m map[string]*discordgo.ApplicationCommandInteractionDataOption, name string) string {
	if o, ok := m[name]; ok {
		return fmt.Sprint(o.Value)
	}
	return ""
}

func (b *Bot) battleLocale() string {
	if b.opt.Locale == "" {
		return string(render.RU)
	}
	return b.opt.Locale
}

// battle handles the GM's /battle subcommands.
func (b *Bot) battle(i *discordgo.InteractionCreate, data discordgo.ApplicationCommandInteractionData) {
	l := lang(i)
	if !b.isGM(i) {
		b.reply(i, render.T(l, "bot.not_gm"), nil)
		return
	}
	if len(data.Options) == 0 {
		b.reply(i, render.T(l, "bot.unknown_command", "battle"), nil)
		return
	}
	sub := data.Options[0]
	opts := optionMap(sub.Options)
	switch sub.Name {
	case "create":
		rec, err := b.svc.Create(i.GuildID, CreateRequest{
			Name:        str(opts, "name"),
			North:       store.Clan{RoleID: str(opts, "north_role"), ChannelID: str(opts, "north_channel")},
			South:       store.Clan{RoleID: str(opts, "south_role"), ChannelID: str(opts, "south_channel")},
			GMChannelID: i.ChannelID,
			Scenario:    str(opts, "scenario"),
			Locale:      b.battleLocale(),
		})
		if err != nil {
			b.fail(i, err)
			return
		}
		b.reply(i, render.T(l, "bot.created", rec.Name, rec.ID), nil)
		b.announce(rec, "bot.announce_created", rec.Name, rec.Sides[0].RoleID, rec.Sides[1].RoleID)
	case "start":
		op, err := b.svc.Start(i.GuildID, str(opts, "battle"))
		if err != nil {
			b.fail(i, err)
			return
		}
		b.reply(i, render.T(l, "bot.started", op.Battle.Name), nil)
		b.postOpened(op)
	case "resolve":
		// Resolving and rendering may take longer than Discord's 3 seconds:
		// acknowledge first, then edit the answer.
		err := b.s.InteractionRespond(i.Interaction, &discordgo.InteractionResponse{
			Type: discordgo.InteractionResponseDeferredChannelMessageWithSource,
			Data: &discordgo.InteractionResponseData{Flags: discordgo.MessageFlagsEphemeral},
		})
		if err != nil {
			b.opt.Log.Printf("deferring %s: %v", i.ID, err)
			return
		}
		res, err := b.svc.Resolve(i.GuildID, str(opts, "battle"))
		text := ""
		if err != nil {
			text = b.errorText(l, err)
		} else {
			b.postResolved(res)
			text = render.T(l, "bot.resolved", res.Battle.Name, res.Turn)
		}
		if _, err := b.s.InteractionResponseEdit(i.Interaction, &discordgo.WebhookEdit{Content: &text}); err != nil {
			b.opt.Log.Printf("editing the answer to %s: %v", i.ID, err)
		}
	case "set":
		key, value := str(opts, "key"), str(opts, "value")
		if key == "" {
			list, err := b.svc.Settings(i.GuildID, str(opts, "battle"))
			if err != nil {
				b.fail(i, err)
				return
			}
			b.reply(i, render.T(l, "bot.settings")+"\n"+strings.Join(list, "\n"), nil)
			return
		}
		rec, err := b.svc.SetSetting(i.GuildID, str(opts, "battle"), key, value)
		if err != nil {
			b.fail(i, err)
			return
		}
		b.reply(i, render.T(l, "bot.setting_set", rec.Name, key, value), nil)
	case "list":
		all, err := b.svc.Battles(i.GuildID)
		if err != nil {
			b.fail(i, err)
			return
		}
		b.reply(i, battlesText(l, all), nil)
	case "show":
		// The GM sees the whole field, hidden units included.
		rec, err := b.svc.Battle(i.GuildID, str(opts, "battle"))
		if err != nil {
			b.fail(i, err)
			return
		}
		b.replyField(i, rec, rec.State)
	case "fix":
		who, field, value := strings.TrimSpace(str(opts, "who")), str(opts, "field"), str(opts, "value")
		fx, err := b.svc.Fix(i.GuildID, str(opts, "battle"), who, field, value)
		if err != nil {
			b.fail(i, err)
			return
		}
		b.reply(i, render.T(l, "bot.fixed", fx.Battle.Name, who, field, value), nil)
		// The side concerned and the GM channel learn of it; the enemy
		// sees only what his view shows next.
		bl := render.Lang(fx.Battle.Locale)
		for _, ch := range []string{fx.Battle.Sides[fx.Side].ChannelID, fx.Battle.GMChannelID} {
			b.send(ch, &discordgo.MessageSend{Content: render.T(bl, "bot.fixed", fx.Battle.Name, who, field, value)})
		}
	case "finish":
		rec, err := b.svc.Finish(i.GuildID, str(opts, "battle"))
		if err != nil {
			b.fail(i, err)
			return
		}
		b.reply(i, render.T(l, "bot.finished", rec.Name), nil)
		b.announce(rec, "bot.announce_finished", rec.Name)
	default:
		b.reply(i, render.T(l, "bot.unknown_command", sub.Name), nil)
	}
}

// seat finds the caller's battle and side in its command phase, answering
// if there is none.
func (b *Bot) seat(i *discordgo.InteractionCreate) (Seat, bool) {
	return b.seatBy(i, b.svc.SeatOf)
}

// seatBy finds the caller's battle and side with one of the Service's
// finders (SeatOf, DeploySeat, ScoutSeat), answering if there is none.
func (b *Bot) seatBy(i *discordgo.InteractionCreate, find func(guild string, roles []string) (Seat, error)) (Seat, bool) {
	if i.Member == nil {
		b.reply(i, render.T(lang(i), "err.no_seat"), nil)
		return Seat{}, false
	}
	seat, err := find(i.GuildID, i.Member.Roles)
	if err != nil {
		b.fail(i, err)
		return seat, false
	}
	return seat, true
}

// roll handles /roll (R-V.1-V.3).
func (b *Bot) roll(i *discordgo.InteractionCreate, data discordgo.ApplicationCommandInteractionData) {
	seat, ok := b.seat(i)
	if !ok {
		return
	}
	stake, err := engine.ParseStake(str(optionMap(data.Options), "stake"))
	if err != nil {
		b.fail(i, err)
		return
	}
	c, err := b.svc.Roll(seat, stake)
	if err != nil {
		b.fail(i, err)
		return
	}
	text, comps := b.rollMessage(lang(i), seat, c)
	b.reply(i, text, comps)
	if c.Final {
		b.postRoll(seat, c)
	}
}

// component handles the reroll buttons of a roll.
func (b *Bot) component(i *discordgo.InteractionCreate) {
	id := i.MessageComponentData().CustomID
	source, ok := strings.CutPrefix(id, "roll:")
	if !ok {
		b.reply(i, render.T(lang(i), "bot.unknown_command", id), nil)
		return
	}
	seat, ok := b.seat(i)
	if !ok {
		return
	}
	if source == "accept" {
		source = ""
	}
	c, err := b.svc.Reroll(seat, source)
	if err != nil {
		b.fail(i, err)
		return
	}
	text, comps := b.rollMessage(lang(i), seat, c)
	if comps == nil {
		comps = []discordgo.MessageComponent{}
	}
	err = b.s.InteractionRespond(i.Interaction, &discordgo.InteractionResponse{
		Type: discordgo.InteractionResponseUpdateMessage,
		Data: &discordgo.InteractionResponseData{Content: text, Components: comps},
	})
	if err != nil {
		b.opt.Log.Printf("updating roll %s: %v", i.ID, err)
	}
	if c.Final {
		b.postRoll(seat, c)
	}
}

// rollMessage describes a roll and offers the rerolls still open.
func (b *Bot) rollMessage(l render.Lang, seat Seat, c store.CommandRoll) (string, []discordgo.MessageComponent) {
	text := render.CommandText(l, c.Stake, c.Result, c.Final)
	rec, err := b.currentBattle(seat)
	if err != nil || c.Final {
		return text, nil
	}
	var buttons []discordgo.MessageComponent
	for _, src := range RerollOptions(&rec.State, seat.Side, c) {
		buttons = append(buttons, discordgo.Button{Label: render.T(l, "bot.reroll."+src), Style: discordgo.PrimaryButton, CustomID: "roll:" + src})
	}
	buttons = append(buttons, discordgo.Button{Label: render.T(l, "bot.reroll.accept"), Style: discordgo.SecondaryButton, CustomID: "roll:accept"})
	return text, []discordgo.MessageComponent{discordgo.ActionsRow{Components: buttons}}
}

func (b *Bot) currentBattle(seat Seat) (store.BattleRecord, error) {
	return b.svc.Store.Battle(seat.Battle.GuildID, seat.Battle.ID)
}

// postRoll tells the clan's own channel the final command roll.
func (b *Bot) postRoll(seat Seat, c store.CommandRoll) {
	l := render.Lang(seat.Battle.Locale)
	b.send(seat.Battle.Sides[seat.Side].ChannelID, &discordgo.MessageSend{
		Content: render.T(l, "bot.roll_posted", render.SideName(l, seat.Side)) + "\n" + render.CommandText(l, c.Stake, c.Result, true),
	})
}

// order handles /order: checked at once, answered only to its author.
func (b *Bot) order(i *discordgo.InteractionCreate, data discordgo.ApplicationCommandInteractionData) {
	l := lang(i)
	seat, ok := b.seat(i)
	if !ok {
		return
	}
	o, err := parseOrder(optionMap(data.Options))
	if err != nil {
		b.fail(i, err)
		return
	}
	so, err := b.svc.Order(seat, o)
	if err != nil {
		b.fail(i, err)
		return
	}
	b.reply(i, render.T(l, "bot.order_accepted")+"\n"+render.OrdersText(l, so.Turn, so.Orders), nil)
	// A receipt by DM: ephemeral answers vanish, the player keeps this one.
	if i.Member != nil && i.Member.User != nil {
		if ch, err := b.s.UserChannelCreate(i.Member.User.ID); err == nil {
			b.send(ch.ID, &discordgo.MessageSend{Content: render.T(l, "bot.receipt", seat.Battle.Name) + "\n" + render.OrdersText(l, so.Turn, so.Orders)})
		} else {
			b.opt.Log.Printf("DM to %s: %v", i.Member.User.ID, err)
		}
	}
}

// parseOrder reads the options of /order.
func parseOrder(m map[string]*discordgo.ApplicationCommandInteractionDataOption) (engine.Order, error) {
	kind, err := engine.ParseOrderKind(str(m, "order"))
	if err != nil {
		return engine.Order{}, refuse("err.bad_order", str(m, "order"))
	}
	o := engine.Order{Unit: strings.TrimSpace(str(m, "unit")), Kind: kind, Phase: 1, Target: strings.TrimSpace(str(m, "target")),
		Leader: strings.TrimSpace(str(m, "leader")), To: strings.TrimSpace(str(m, "to")),
		Mission: str(m, "mission"), Banner: strings.TrimSpace(str(m, "banner"))}
	// Army-wide orders and a side's declarations name no unit; a banner is
	// raised in one.
	if o.Unit == "" && (kind == engine.OrderBanner || !kind.ArmyWide() && !kind.Declaration()) {
		return o, refuse("err.need_unit")
	}
	if kind.Special() {
		o.Class = engine.Special
	}
	if p, ok := m["phase"]; ok {
		o.Phase = int(p.IntValue())
	}
	switch str(m, "slot") {
	case "special":
		o.Class = engine.Special
	case "ordinary":
		o.Class = engine.Ordinary
	}
	if f := str(m, "facing"); f != "" {
		d, err := engine.ParseDir(f)
		if err != nil {
			return o, refuse("err.bad_facing", f)
		}
		o.Facing = &d
	}
	for _, w := range strings.Fields(str(m, "gallop")) {
		var st engine.StepKind
		if err := st.UnmarshalText([]byte(w)); err != nil {
			return o, refuse("err.bad_step", w)
		}
		o.Steps = append(o.Steps, st)
	}
	return o, nil
}

// orders handles /orders: the side's roll and orders, and cancelling one.
func (b *Bot) orders(i *discordgo.InteractionCreate, data discordgo.ApplicationCommandInteractionData) {
	l := lang(i)
	seat, ok := b.seat(i)
	if !ok {
		return
	}
	m := optionMap(data.Options)
	if o, ok := m["spare"]; ok {
		if err := b.svc.SetSpare(seat, o.BoolValue()); err != nil {
			b.fail(i, err)
			return
		}
	}
	if o, ok := m["save_ammo"]; ok {
		if err := b.svc.SaveAmmo(seat, strings.TrimSpace(str(m, "unit")), o.BoolValue()); err != nil {
			b.fail(i, err)
			return
		}
	}
	var so SideOrders
	var err error
	if unit := str(m, "cancel"); unit != "" {
		phase := 1
		if p, ok := m["phase"]; ok {
			phase = int(p.IntValue())
		}
		so, err = b.svc.Cancel(seat, unit, phase)
	} else {
		so, err = b.svc.Orders(seat)
	}
	if err != nil {
		b.fail(i, err)
		return
	}
	// Ready comes last, so that what else the same /orders changed counts.
	if o, ok := m["ready"]; ok && o.BoolValue() {
		b.ready(i, seat)
		return
	}
	text := render.T(l, "bot.no_roll")
	if so.Command != nil {
		text = render.CommandText(l, so.Command.Stake, so.Command.Result, so.Command.Final)
	}
	units := ""
	if rec, err := b.currentBattle(seat); err == nil {
		if rec.State.Spare[seat.Side] {
			units = "\n" + render.T(l, "bot.spare_on")
		} else if _, given := m["spare"]; given {
			units = "\n" + render.T(l, "bot.spare_off")
		}
		units += "\n" + render.UnitsText(l, rec.State, seat.Side)
	}
	b.reply(i, text+"\n"+render.OrdersText(l, so.Turn, so.Orders)+units, nil)
}

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

// announce posts the same text to both clans and the GM channel.
func (b *Bot) announce(rec store.BattleRecord, key string, args ...any) {
	l := render.Lang(rec.Locale)
	for _, ch := range []string{rec.Sides[0].ChannelID, rec.Sides[1].ChannelID, rec.GMChannelID} {
		b.send(ch, &discordgo.MessageSend{Content: render.T(l, key, args...)})
	}
}

// postOpened commits a turn's dice publicly before anyone rolls.
func (b *Bot) postOpened(op Opened) {
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
func (b *Bot) postInfiltration(op Opened) {
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
func (b *Bot) postResolved(res Resolved) {
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

// ready marks the caller's side ready; when both are, the turn goes on by
// itself: the plan-change round after Signals, or the resolution, which is
// posted like a GM's /battle resolve. The answer is deferred, as resolving
// and drawing may take longer than Discord waits.
func (b *Bot) ready(i *discordgo.InteractionCreate, seat Seat) {
	l := lang(i)
	err := b.s.InteractionRespond(i.Interaction, &discordgo.InteractionResponse{
		Type: discordgo.InteractionResponseDeferredChannelMessageWithSource,
		Data: &discordgo.InteractionResponseData{Flags: discordgo.MessageFlagsEphemeral},
	})
	if err != nil {
		b.opt.Log.Printf("deferring %s: %v", i.ID, err)
		return
	}
	res, err := b.svc.Ready(seat)
	text := render.T(l, "bot.ready")
	switch {
	case err != nil:
		text = b.errorText(l, err)
	case res.Resolved != nil:
		b.postResolved(*res.Resolved)
		text = render.T(l, "bot.resolved", res.Resolved.Battle.Name, res.Resolved.Turn)
	case res.PlanChange:
		b.postPlanChange(seat.Battle, res.Phase)
		text = render.T(l, "bot.plan_change", seat.Battle.Name, seat.Battle.Turn)
	}
	if _, err := b.s.InteractionResponseEdit(i.Interaction, &discordgo.WebhookEdit{Content: &text}); err != nil {
		b.opt.Log.Printf("editing the answer to %s: %v", i.ID, err)
	}
}

// postPlanChange opens the plan-change round: each clan gets, in its own
// channel, what its shinobi reported (D-29).
func (b *Bot) postPlanChange(rec store.BattleRecord, ph store.CommandPhase) {
	b.announce(rec, "bot.plan_change", rec.Name, rec.Turn)
	for side, reports := range ph.OldReports {
		for _, part := range render.SplitMessages(strings.Join(reports, "\n\n"), render.DiscordLimit) {
			b.send(rec.Sides[side].ChannelID, &discordgo.MessageSend{Content: part})
		}
	}
	if err := b.svc.MarkPlanChangePosted(rec.GuildID, rec.ID, rec.Turn); err != nil {
		b.opt.Log.Printf("marking the plan change of %s posted: %v", rec.ID, err)
	}
}

// deploy handles /deploy: a side places its army during deployment
// (RULES IV); the answer lists its units as they now stand.
func (b *Bot) deploy(i *discordgo.InteractionCreate, data discordgo.ApplicationCommandInteractionData) {
	l := lang(i)
	seat, ok := b.seatBy(i, b.svc.DeploySeat)
	if !ok {
		return
	}
	m := optionMap(data.Options)
	p := Placement{
		Unit: str(m, "unit"), Cell: str(m, "cell"), Facing: str(m, "facing"),
		Leader: str(m, "leader"), To: str(m, "to"), HQ: str(m, "hq"), Terrain: str(m, "terrain"),
	}
	if o, ok := m["guards"]; ok {
		g := int(o.IntValue())
		p.Guards = &g
	}
	if o, ok := m["save_ammo"]; ok {
		v := o.BoolValue()
		p.SaveAmmo = &v
	}
	view, err := b.svc.Deploy(seat, p)
	if err != nil {
		b.fail(i, err)
		return
	}
	text := render.T(l, "bot.deployed")
	if p.Guards != nil {
		text += "\n" + render.T(l, "bot.guards_set", *p.Guards, view.Shinobi[seat.Side]-*p.Guards)
	}
	b.reply(i, text+"\n"+render.UnitsText(l, view, seat.Side), nil)
}

// scout handles /scout in the plan-change phase of the deployment turn
// (R-IV.5): the report is the player's answer and goes to the clan's own
// channel, never the enemy's; swaps are confirmed to the player alone.
func (b *Bot) scout(i *discordgo.InteractionCreate, data discordgo.ApplicationCommandInteractionData) {
	l := lang(i)
	seat, ok := b.seatBy(i, b.svc.ScoutSeat)
	if !ok {
		return
	}
	m := optionMap(data.Options)
	sc := Scouting{Cells: str(m, "cells"), Swap: str(m, "swap")}
	if o, ok := m["done"]; ok {
		sc.Done = o.BoolValue()
	}
	sc, err := b.svc.Scout(seat, sc)
	if err != nil {
		b.fail(i, err)
		return
	}
	var lines []string
	if sc.Report != nil {
		report := render.ScoutText(render.Lang(seat.Battle.Locale), *sc.Report)
		b.send(seat.Battle.Sides[seat.Side].ChannelID, &discordgo.MessageSend{Content: report})
		lines = append(lines, render.ScoutText(l, *sc.Report))
	}
	if sc.Swap != "" {
		lines = append(lines, render.T(l, "bot.swap_set", sc.Swap))
	}
	if sc.Done {
		lines = append(lines, render.T(l, "bot.scouts_done"))
	}
	b.reply(i, strings.Join(lines, "\n"), nil)
	if sc.Next != nil {
		b.postOpened(*sc.Next)
	}
}

// complete answers Discord's autocomplete for an option naming a unit: the
// player's own units, or for a target the enemy units his side can see
// (engine.View), never a hidden one. Without a battle it offers nothing.
func (b *Bot) complete(i *discordgo.InteractionCreate) {
	var choices []*discordgo.ApplicationCommandOptionChoice
	data := i.ApplicationCommandData()
	if focused := focusedOption(data.Options); focused != nil && i.Member != nil {
		if seat, err := b.svc.seatOf(i.GuildID, i.Member.Roles); err == nil {
			side := seat.Side
			if focused.Name == "target" {
				side = side.Enemy()
			}
			choices = unitChoices(lang(i), engine.View(seat.Battle.State, seat.Side), side, focused.StringValue())
		}
	}
	err := b.s.InteractionRespond(i.Interaction, &discordgo.InteractionResponse{
		Type: discordgo.InteractionApplicationCommandAutocompleteResult,
		Data: &discordgo.InteractionResponseData{Choices: choices},
	})
	if err != nil {
		b.opt.Log.Printf("autocomplete %s: %v", i.ID, err)
	}
}

// focusedOption finds the option being typed, inside subcommands too.
func focusedOption(opts []*discordgo.ApplicationCommandInteractionDataOption) *discordgo.ApplicationCommandInteractionDataOption {
	for _, o := range opts {
		if o.Focused {
			return o
		}
		if f := focusedOption(o.Options); f != nil {
			return f
		}
	}
	return nil
}

// unitChoices lists the active units of a side in a view whose ID contains
// what was typed, at most Discord's 25, named with type and cell.
func unitChoices(l render.Lang, view engine.Battle, side engine.Side, typed string) []*discordgo.ApplicationCommandOptionChoice {
	typed = strings.ToLower(strings.TrimSpace(typed))
	out := []*discordgo.ApplicationCommandOptionChoice{}
	for _, u := range view.Units {
		if u.Side != side || !u.Active() || !strings.Contains(strings.ToLower(u.ID), typed) {
			continue
		}
		name := fmt.Sprintf("%s — %s, %s", u.ID, render.TroopName(l, u.Type), u.Cell.Name())
		out = append(out, &discordgo.ApplicationCommandOptionChoice{Name: name, Value: u.ID})
		if len(out) == 25 {
			break
		}
	}
	return out
}

// field handles /field: the player's own view of his battle as it stands
// (engine.View: enemy units hidden in forests stay hidden), as a picture
// only he sees; useful above all while deploying.
func (b *Bot) field(i *discordgo.InteractionCreate) {
	seat, ok := b.seatBy(i, b.svc.seatOf)
	if !ok {
		return
	}
	b.replyField(i, seat.Battle, engine.View(seat.Battle.State, seat.Side))
}

// replyField answers with a picture of a battle's field as view shows it,
// seen only by the caller.
func (b *Bot) replyField(i *discordgo.InteractionCreate, rec store.BattleRecord, view engine.Battle) {
	l := lang(i)
	title := fmt.Sprintf("%s — %s", rec.Name, render.T(l, "title.turn", rec.Turn))
	if rec.Status == store.StatusDeployment {
		title = fmt.Sprintf("%s — %s", rec.Name, render.T(l, "title.deployment"))
	}
	png, err := render.FieldPNG(view, render.FieldOptions{Lang: l, Title: title})
	if err != nil {
		b.fail(i, err)
		return
	}
	err = b.s.InteractionRespond(i.Interaction, &discordgo.InteractionResponse{
		Type: discordgo.InteractionResponseChannelMessageWithSource,
		Data: &discordgo.InteractionResponseData{
			Content: title,
			Flags:   discordgo.MessageFlagsEphemeral,
			Files:   []*discordgo.File{{Name: "field.png", ContentType: "image/png", Reader: bytes.NewReader(png)}},
		},
	})
	if err != nil {
		b.opt.Log.Printf("responding to %s: %v", i.ID, err)
	}
}

// battlesText lists battles for the GM: name, where each stands, the turn
// and, while orders are taken, the deadline (a Discord timestamp).
func battlesText(lang render.Lang, all []store.BattleRecord) string {
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
	for _, rec := range all {
		line := render.T(lang, "battles.line", rec.Name, render.T(lang, "lifecycle."+string(rec.Status)), rec.Turn)
		if rec.Scouting {
			line += ", " + render.T(lang, "lifecycle.scouting")
		}
		if !rec.Deadline.IsZero() && (rec.Status == store.StatusCommand || rec.Scouting) {
			line += ", " + render.T(lang, "battles.deadline", fmt.Sprintf("<t:%d:R>", rec.Deadline.Unix()))
		}
		lines = append(lines, line)
	}
	if more > 0 {
		lines = append(lines, render.T(lang, "battles.more", more))
	}
	return strings.Join(lines, "\n")
}
