package bot

import (
	"bytes"
	"errors"
	"fmt"
	"runtime/debug"
	"slices"
	"strings"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/gunbai/gunbai/engine"
	"github.com/gunbai/gunbai/game"
	"github.com/gunbai/gunbai/internal/customid"
	"github.com/gunbai/gunbai/render"
	"github.com/gunbai/gunbai/render/field"
	"github.com/gunbai/gunbai/store"
)

// call is one interaction being answered: who asked, in which language,
// which command path and options.
type call struct {
	i    *discordgo.InteractionCreate
	lang render.Lang
	path string // "battle create", "roll"; for components, the custom ID
	opts map[string]*discordgo.ApplicationCommandInteractionDataOption
	// answered: a response (or a deferral) was sent; deferred: the answer
	// is to be edited in.
	answered, deferred bool
	// svc is the lifecycle as the handler uses it, game.Service.Once for
	// a command whose change is recognised when re-sent (retry.go);
	// retry is that command.
	svc   *game.Service
	retry *game.Retry
	// dm is the battle a command in a DM with the bot acts on (dm.go).
	dm *dmSeat
	// form is a submitted modal of labels (modalparts.go), nil otherwise.
	form *modalForm
	// start is when the interaction arrived (the metrics' latencies).
	start time.Time
}

func newCall(i *discordgo.InteractionCreate) *call {
	c := &call{i: i, lang: render.LangFromLocale(string(i.Locale)), opts: map[string]*discordgo.ApplicationCommandInteractionDataOption{}}
	switch i.Type {
	case discordgo.InteractionApplicationCommand, discordgo.InteractionApplicationCommandAutocomplete:
		data := i.ApplicationCommandData()
		c.path = data.Name
		opts := data.Options
		if len(opts) == 1 && opts[0].Type == discordgo.ApplicationCommandOptionSubCommand {
			c.path += " " + opts[0].Name
			opts = opts[0].Options
		}
		for _, o := range opts {
			c.opts[o.Name] = o
		}
	case discordgo.InteractionMessageComponent:
		c.path = i.MessageComponentData().CustomID
	case discordgo.InteractionModalSubmit:
		c.path = i.ModalSubmitData().CustomID
	}
	return c
}

// str is a string option as given, trimmed; "" when absent.
func (c *call) str(name string) string {
	if o, ok := c.opts[name]; ok {
		return strings.TrimSpace(fmt.Sprint(o.Value))
	}
	return ""
}

// flag is a boolean option and whether it was given.
func (c *call) flag(name string) (v, given bool) {
	if o, ok := c.opts[name]; ok {
		return o.BoolValue(), true
	}
	return false, false
}

// num is an integer option and whether it was given.
func (c *call) num(name string) (int, bool) {
	if o, ok := c.opts[name]; ok {
		return int(o.IntValue()), true
	}
	return 0, false
}

// inRange refuses a number option outside the bounds its command declares.
// Discord's client keeps to them, but a request need not come from it, and
// a turn of 2147483648 or 0 must be told it does not exist, not be looked
// up.
func (c *call) inRange(r route) error {
	for _, s := range r.opts {
		o, ok := c.opts[s.name]
		if !ok || s.typ != num || s.maxVal <= 0 {
			continue
		}
		if v, _ := o.Value.(float64); v < s.minVal || v > s.maxVal {
			name := render.T(c.lang, "cmd."+r.cmd+".opt."+s.name+".name")
			return refuse("err.num_range", name, int(s.minVal), int(s.maxVal))
		}
	}
	return nil
}

// roles are the caller's roles; nil outside a guild.
func (c *call) roles() []string {
	if c.dm != nil {
		return c.dm.roles
	}
	if c.i.Member == nil {
		return nil
	}
	return c.i.Member.Roles
}

// player is the caller as the lifecycle needs him for a receipt by DM.
func (c *call) player() *game.Player {
	u := c.user()
	if u == nil {
		return nil
	}
	return &game.Player{User: u.ID, Lang: string(c.lang), Name: displayName(c.i.Member, u),
		Reply: &store.Reply{AppID: c.i.AppID, Token: c.i.Token}}
}

// user is the caller: the member's user in a guild, the user in a DM.
func (c *call) user() *discordgo.User {
	if c.i.Member != nil {
		return c.i.Member.User
	}
	return c.i.User
}

// refuse is a refusal of the bot's own (a malformed option, a missing
// right), worded like the lifecycle's.
func refuse(key string, args ...any) error { return &game.Refusal{Key: key, Args: args} }

// arrive counts an interaction in as it arrives: the bot is busy, a core
// is kept for answering (no new picture takes it, a picture under way
// gives it between two frames), and the work waits for its acknowledgement.
// The function returned counts it out once answered.
func (b *Bot) arrive(id string) func() {
	b.busy.Add()
	answered := b.gate.answer()
	b.unacked.add(id)
	return func() {
		b.unacked.done(id)
		answered()
		b.busy.Done()
	}
}

// onInteraction answers an interaction counted in by arrive.
func (b *Bot) onInteraction(s *discordgo.Session, i *discordgo.InteractionCreate) {
	c := newCall(i)
	c.start = time.Now()
	var err error
	defer func() {
		p := recover()
		if p != nil {
			b.opt.Log.Printf("panic in interaction %s (%s): %v\n%s", i.ID, c.path, p, debug.Stack())
			b.answerError(c, errors.New("internal error"))
		}
		b.opt.Metrics.Interaction(b.interactionLabel(c), outcome(err, p != nil), time.Since(c.start))
	}()
	if err = b.dispatch(c); err != nil {
		b.answerError(c, err)
	}
}

// dispatch sends an interaction to its handler. Every command and button
// is acknowledged first, before any store or Discord work (Discord waits 3
// seconds, and a hundred players may press at once); the answer is edited
// in when it is ready. Autocomplete cannot wait: it answers at once.
func (b *Bot) dispatch(c *call) error {
	switch c.i.Type {
	case discordgo.InteractionApplicationCommand:
		if c.i.ApplicationCommandData().CommandType == discordgo.MessageApplicationCommand {
			return b.contextMenu(c)
		}
		r, ok := b.routes[c.path]
		if !ok || r.handle == nil {
			return refuse("bot.unknown_command", c.path)
		}
		if open := formOpener(c); open != nil {
			return open(b, c) // a modal is the first answer: no deferral
		}
		if b.ack(c) != nil {
			return nil // nobody waits for an answer any more
		}
		defer b.work()()
		if err := b.inDM(c); err != nil {
			return err
		}
		if r.gm && !b.isGM(c.i) {
			return refuse("bot.not_gm")
		}
		if err := c.inRange(r); err != nil {
			return err
		}
		if err := tooLong(c, r); err != nil {
			return err
		}
		b.remember(c, r)
		return b.handle(c, r)
	case discordgo.InteractionApplicationCommandAutocomplete:
		return b.complete(c)
	case discordgo.InteractionModalSubmit, discordgo.InteractionMessageComponent:
		if r, v, ok, found := componentRoute(c.path, c.i.Type == discordgo.InteractionModalSubmit); found {
			return r.handle(b, c, v, ok)
		}
	}
	return refuse("bot.unknown_command", c.path)
}

// clickHandler answers a click on a component (or a form's submit): the
// values its custom ID's pattern parsed, ok false for an ID with the
// pattern's head that does not parse (a stale or forged one), which the
// handler refuses in its own words.
type clickHandler func(b *Bot, c *call, v customid.Values, ok bool) error

// componentRow is the route of the custom IDs of one head.
type componentRow struct {
	ids    []*customid.Pattern // its formats, tried in order (an older one still on messages posted)
	modal  bool                // its form's submit comes here too
	handle clickHandler
}

// head is the head of the row's IDs.
func (r componentRow) head() string { return r.ids[0].Head() }

// componentRoutes route the components by their custom IDs' patterns
// (customid): the head ("am:", "sheet:"...) picks the row, the first of
// its patterns that parses the ID hands the handler its values.
var componentRoutes = []componentRow{
	{ids: []*customid.Pattern{customid.Aftermath}, modal: true, handle: (*Bot).aftermathClick},
	{ids: []*customid.Pattern{customid.Fight}, handle: (*Bot).fightClick},
	{ids: []*customid.Pattern{customid.Duel}, handle: (*Bot).duelClick},
	{ids: []*customid.Pattern{customid.Again}, handle: (*Bot).againClick},
	{ids: []*customid.Pattern{customid.SheetReroll, customid.Sheet}, handle: acked((*Bot).sheetClick)},
	{ids: []*customid.Pattern{customid.Read}, handle: readAcked((*Bot).readClick)},
	{ids: []*customid.Pattern{customid.Roll, customid.RollOld}, handle: acked((*Bot).reroll)},
	{ids: []*customid.Pattern{customid.WhyUnit}, handle: acked((*Bot).whyClick)},
	{ids: []*customid.Pattern{customid.BattleForm}, modal: true, handle: (*Bot).battleFormClick},
	{ids: []*customid.Pattern{customid.RosterForm}, modal: true, handle: (*Bot).rosterFormSubmit},
	{ids: []*customid.Pattern{customid.Request}, handle: readAcked((*Bot).requestClick)},
}

// componentRoute finds the row of a custom ID by its head, and parses it.
func componentRoute(id string, modal bool) (r componentRow, v customid.Values, ok, found bool) {
	for _, r := range componentRoutes {
		if !strings.HasPrefix(id, r.head()) || modal && !r.modal {
			continue
		}
		for _, p := range r.ids {
			if v, ok := p.Parse(id); ok {
				return r, v, true, true
			}
		}
		return r, customid.Values{}, false, true
	}
	return r, customid.Values{}, false, false
}

// acked is a click handler that runs once the click is acknowledged (its
// message edited in place after), with a working token.
func acked(h clickHandler) clickHandler {
	return func(b *Bot, c *call, v customid.Values, ok bool) error {
		if b.ack(c) != nil {
			return nil
		}
		defer b.work()()
		return h(b, c, v, ok)
	}
}

// readAcked is a click handler whose answer is a new message to the
// clicker alone, not an update of the message clicked.
func readAcked(h clickHandler) clickHandler {
	return func(b *Bot, c *call, v customid.Values, ok bool) error {
		if err := b.respond(c.i.Interaction, &discordgo.InteractionResponse{
			Type: discordgo.InteractionResponseDeferredChannelMessageWithSource,
			Data: &discordgo.InteractionResponseData{Flags: discordgo.MessageFlagsEphemeral},
		}); err != nil {
			b.opt.Log.Printf("deferring %s: %v", c.i.ID, err)
			return nil
		}
		c.answered, c.deferred = true, true
		defer b.work()()
		return h(b, c, v, ok)
	}
}

// work takes a working token for a handler's work after its
// acknowledgement, once the others received are acknowledged too
// (schedule.go), and returns its release.
func (b *Bot) work() func() {
	b.unacked.wait(ackFirst)
	b.working <- struct{}{}
	return func() { <-b.working }
}

// reply answers an interaction with a message only its author sees: it
// edits the acknowledged answer in (a button's message is edited in place).
// An answer longer than one Discord message (a big army's units and
// orders) goes on in followups, seen by him alone too.
func (b *Bot) reply(c *call, content string, components []discordgo.MessageComponent) {
	b.answered(c, content) // kept first: it is for when this answer is lost
	parts := render.SplitMessages(content, render.DiscordLimit)
	if len(parts) == 0 {
		parts = []string{content}
	}
	if !c.deferred {
		c.answered = true
		err := b.respond(c.i.Interaction, &discordgo.InteractionResponse{
			Type: discordgo.InteractionResponseChannelMessageWithSource,
			Data: &discordgo.InteractionResponseData{Content: parts[0], Flags: discordgo.MessageFlagsEphemeral, Components: components},
		})
		if err != nil {
			b.opt.Log.Printf("responding to %s: %v", c.i.ID, err)
			return
		}
	} else {
		if components == nil {
			components = []discordgo.MessageComponent{} // a button's message loses its buttons
		}
		edit := &discordgo.WebhookEdit{Content: &parts[0], Components: &components}
		if err := b.editResponse(c.i.Interaction, edit); err != nil {
			b.opt.Log.Printf("editing the answer to %s: %v", c.i.ID, err)
		}
	}
	b.followUp(c, parts[1:])
}

func (b *Bot) followUp(c *call, parts []string) {
	for _, part := range parts {
		if err := b.followup(c.i.Interaction, &discordgo.WebhookParams{Content: part, Flags: discordgo.MessageFlagsEphemeral}); err != nil {
			b.opt.Log.Printf("following up %s: %v", c.i.ID, err)
		}
	}
}

// ack acknowledges an interaction: a command with an ephemeral "thinking"
// answer, a button by deferring the update of its message; either is
// edited in when the work is done.
func (b *Bot) ack(c *call) error {
	if c.deferred {
		return nil
	}
	typ := discordgo.InteractionResponseDeferredChannelMessageWithSource
	if c.i.Type == discordgo.InteractionMessageComponent {
		typ = discordgo.InteractionResponseDeferredMessageUpdate
	}
	err := b.respond(c.i.Interaction, &discordgo.InteractionResponse{
		Type: typ,
		Data: &discordgo.InteractionResponseData{Flags: discordgo.MessageFlagsEphemeral},
	})
	if err != nil {
		b.opt.Log.Printf("deferring %s: %v", c.i.ID, err)
		return err
	}
	c.answered, c.deferred = true, true
	b.opt.Metrics.Acked(time.Since(c.start))
	return nil
}

// answerError is the one error responder: a refusal in the caller's
// language, anything else an apology, with the details in the log only.
func (b *Bot) answerError(c *call, err error) {
	text := b.errorText(c.lang, err)
	switch {
	case c.deferred:
		b.reply(c, text, nil)
	case c.answered:
		b.followUp(c, []string{text})
	case c.i.Type == discordgo.InteractionApplicationCommandAutocomplete:
		b.opt.Log.Printf("autocomplete %s: %v", c.i.ID, err)
	default:
		b.reply(c, text, nil)
	}
}

func (b *Bot) errorText(l render.Lang, err error) string {
	var r *game.Refusal
	if errors.As(err, &r) {
		text := render.Refusal(l, r.Key, r.Args, r.Problems)
		if r.Rule != "" {
			text += " " + render.T(l, "skirmish.rule", r.Rule)
		}
		return text
	}
	var pr *permRefusal
	if errors.As(err, &pr) {
		var names []string
		for _, key := range pr.lacking {
			names = append(names, render.T(l, key))
		}
		return render.T(l, "err.channel_perms", "<#"+pr.channel+">", strings.Join(names, ", "))
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

// serverLocale is the language a battle created by c speaks where nobody
// chose one: the server's preferred locale (Server Settings > Community)
// when the server set one, else the config's default_locale. Discord
// gives every server that never chose one "en-US", so that value says
// nothing of the server's players: it falls back to the config, Russian
// unless the host said otherwise.
func (b *Bot) serverLocale(c *call) string {
	if gl := c.i.GuildLocale; gl != nil && *gl != "" && *gl != discordgo.EnglishUS {
		return string(render.LangFromLocale(string(*gl)))
	}
	return b.battleLocale()
}

// battleLocale is the language of a new battle's channel posts.
func (b *Bot) battleLocale() string {
	if b.opt.Locale == "" {
		return string(render.RU)
	}
	return b.opt.Locale
}

// replyField answers with a picture of a battle's field as view shows it,
// with a side's memory of the enemy (ghosts), seen only by the caller.
// Drawing takes time: it acknowledges first.
func (b *Bot) replyField(c *call, rec store.BattleRecord, view engine.Battle, ghosts ...field.Ghost) error {
	title := fmt.Sprintf("%s — %s", rec.Name, render.T(c.lang, "title.turn", rec.Turn))
	if rec.Status == store.StatusDeployment {
		title = fmt.Sprintf("%s — %s", rec.Name, render.T(c.lang, "title.deployment"))
	}
	opt := field.Options{Lang: c.lang, Title: title, Battle: rec.Name, View: b.viewOfCaller(c, rec), Ghosts: ghosts}
	png, err := b.draw(asked, view, opt)
	if err != nil {
		return err
	}
	b.replyFiles(c, title, []*discordgo.File{{Name: "field.png", ContentType: "image/png", Reader: bytes.NewReader(png)}},
		[]string{field.AltText(c.lang, view, opt, nil)})
	return nil
}

// viewOfCaller is whose view a picture answered to the caller shows: his
// side's, or the GM's when he sits on no side of the battle.
func (b *Bot) viewOfCaller(c *call, rec store.BattleRecord) field.View {
	for side, clan := range rec.Sides {
		if slices.Contains(c.roles(), clan.RoleID) {
			return field.SideView(engine.Side(side))
		}
	}
	if side, ok := seatedSide(c, rec); ok {
		return field.SideView(side) // a substitute's view is his seat's (issue 29)
	}
	return field.ViewGM
}
