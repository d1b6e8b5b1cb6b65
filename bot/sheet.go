package bot

import (
	"bytes"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/bwmarrin/discordgo"

	"github.com/gunbai/gunbai/engine"
	"github.com/gunbai/gunbai/game"
	"github.com/gunbai/gunbai/internal/customid"
	"github.com/gunbai/gunbai/render"
	"github.com/gunbai/gunbai/render/field"
	"github.com/gunbai/gunbai/store"
)

// The order sheet in Discord (game/sheet.go is its logic): one message per
// turn in a player's DMs, edited in place, with the command roll as
// buttons, then menus of his side's units, their legal orders and their
// choices, the orders given with a cancel button each, a Ready button, and
// a preview of his own view with the orders drawn on it. Every click is
// acknowledged at once (deferred update) and carried out in one
// transaction, which owes the sheet (and his teammates' sheets, and the
// clan's summary) shown again: the outbox edits them.
//
// Custom IDs: "sheet:<sheet>:<turn>:<action>[:<value>]"; a menu's value is
// its choice. A sheet is one Components V2 message (sheet_v2.go): a
// container with its text, its preview, a section per order given with
// its own Cancel button, its menus and Ready.

const maxMenu = 25 // Discord's options per select menu

// sheetID is the custom ID of a sheet's component (customid.Sheet).
func sheetID(sheet uint64, turn int, action string, value ...string) string {
	args := []any{sheet, turn, action}
	for _, v := range value {
		args = append(args, v)
	}
	return customid.Sheet.Build(args...)
}

// composeSheet is a sheet's one message for a post's turn.
func (b *Bot) composeSheet(p store.Post, ref game.SheetRef) ([]message, error) {
	st, err := b.svc.Sheets().Sheet(ref.Sheet, p.Turn)
	if err != nil {
		return nil, err
	}
	l := render.Lang(st.Sheet.Lang)
	m := message{v2: true}
	var hl *field.Highlight
	if !st.Closed && st.Rolled != nil && st.Rolled.Final {
		title := render.T(l, "sheet.title", st.Name, st.Turn, render.SideName(l, st.Side))
		title = strings.ReplaceAll(title, "**", "")
		opt := field.Options{Lang: l, Title: title, Battle: st.Name, View: field.SideView(st.Side), Intents: st.Intents, Ghosts: ghostsOf(st.Ghosts)}
		hl = highlightOf(l, st) // once: its odds are the costly part of a click
		opt.Highlight = hl
		png, err := b.draw(asked, st.View, opt)
		if err != nil {
			return nil, err
		}
		m.file = &discordgo.File{Name: "preview.png", ContentType: "image/png", Reader: bytes.NewReader(png)}
		m.alt = field.AltText(l, st.View, opt, nil)
	}
	m.components = sheetV2(l, st, m.alt, hl, func(name string) *discordgo.ComponentEmoji { return b.emojiIn(l, name) })
	return []message{m}, nil
}

// sheetText is the text of a sheet: the roll, the orders given, the
// allowance left, readiness, and what the last click did.
func sheetText(l render.Lang, st game.SheetState, hl *field.Highlight) string {
	lines := []string{render.T(l, "sheet.title", st.Name, st.Turn, render.SideName(l, st.Side))}
	if st.Sheet.Ephemeral {
		lines = append(lines, render.T(l, "sheet.ephemeral"))
	}
	if st.Closed {
		lines = append(lines, render.T(l, "sheet.closed", st.Turn))
		if len(st.Orders.Orders) == 0 {
			lines = append(lines, render.T(l, "sheet.no_orders"))
		}
		for i, o := range st.Orders.Orders {
			lines = append(lines, fmt.Sprintf("%d. %s", i+1, render.OrderLine(l, o)))
		}
		return joinLines(lines)
	}
	lines = append(lines, render.LastSeenLines(l, st.Ghosts)...)
	lines = append(lines, wingSheetLines(l, st)...)
	if line := standingLine(l, st.Standing); line != "" { // his standing orders (issue 29 item 3)
		lines = append(lines, line)
	}
	if st.Rolled == nil {
		lines = append(lines, rollFirstLines(l, st)...)
		return joinLines(append(lines, noteText(l, st)...))
	}
	lines = append(lines, render.CommandText(l, st.Rolled.Stake, st.Rolled.Result, st.Rolled.Final))
	if !st.Rolled.Final {
		lines = append(lines, wingRerollHelp(l, st)...)
		return joinLines(append(lines, noteText(l, st)...))
	}
	if st.Round > 0 {
		lines = append(lines, render.T(l, "sheet.plan_change"))
	}
	if len(st.Orders.Orders) == 0 {
		lines = append(lines, render.T(l, "sheet.no_orders"))
	} else {
		lines = append(lines, render.T(l, "sheet.orders", len(st.Orders.Orders))) // each in its section below
	}
	lines = append(lines, render.AllowanceText(l, st.Left))
	if st.Left.Special == 0 && (st.Left.Ordinary > 0 || st.Rolled.Result.Special > 0) {
		lines = append(lines, render.T(l, "sheet.no_special_left"))
	}
	if st.Ready {
		lines = append(lines, readyLine(l, st))
	} else {
		lines = append(lines, render.T(l, "sheet.not_ready"))
	}
	lines = append(lines, noteText(l, st)...)
	if d := draftText(l, st); d != "" {
		lines = append(lines, d)
	}
	lines = append(lines, highlightLines(l, hl)...)
	return joinLines(lines)
}

// noteText words what the last click did.
func noteText(l render.Lang, st game.SheetState) []string {
	n := st.Note
	var out []string
	if g := n.Given; g != nil {
		out = append(out, "", givenText(l, st.View, st.Side, st.Orders.Orders, *g))
	}
	if n.Odds != nil {
		out = append(out, render.OddsText(l, *n.Odds))
	}
	for _, o := range n.Cancelled {
		out = append(out, render.T(l, "cancelled.order", render.OrderLine(l, o)))
	}
	if r := n.Refusal; r != nil {
		out = append(out, "", "⚠ "+render.Refusal(l, r.Key, r.Args, r.Problems))
	}
	return out
}

// givenText confirms an order (issue 12, item 7): what it is, what paid
// for it and what it replaced, the allowance left, what it attacks, a
// shot's target in or out of the fire zone now, and what may still make it
// come to nothing; all from side's view of b.
func givenText(l render.Lang, b engine.Battle, side engine.Side, orders []engine.Order, g game.Given) string {
	fire, known := false, false
	if g.Order.Kind.Shoots() {
		fire, known = engine.InFireZone(b, side, g.Order.Unit, g.Order.Target)
	}
	attack, stop := "", ""
	if in, ok := game.OrderIntent(b, side, orders, g.Order); ok {
		attack, stop = in.Attack, render.StopText(l, in.Stop)
	}
	return render.GivenText(l, g.Order, g.Replaced, g.Before, g.After, fire, known, attack, render.FreeReason(l, g.Order, b.Unit(g.Order.Unit)), stop)
}

// draftText says what is being picked.
func draftText(l render.Lang, st game.SheetState) string {
	d := st.Sheet.Draft
	if d.Subject == "" {
		return ""
	}
	parts := []string{subjectName(l, st, d.Subject)}
	if p := currentPick(st); p != nil {
		parts = append(parts, pickLabel(l, *p))
		if ph := p.Phased(p.Orders[0], d.Phase).Phase; ph != 0 {
			parts = append(parts, render.PhaseName(l, ph))
		}
	}
	out := render.T(l, "sheet.choosing", strings.Join(parts, " → "))
	if p := currentPick(st); p != nil {
		out += choosingHelp(l, st, *p)
	}
	return out
}

func subjectName(l render.Lang, st game.SheetState, subject string) string {
	if strings.HasPrefix(subject, "#") {
		return render.GroupName(l, subject)
	}
	if u := st.View.Unit(subject); u != nil {
		return render.UnitLabel(l, *u)
	}
	return subject
}

// currentPick is the pick of the draft as the sheet now offers it.
func currentPick(st game.SheetState) *game.Pick {
	d := st.Sheet.Draft
	if d.Subject == "" || d.Pick == "" {
		return nil
	}
	for _, p := range game.Picks(st.Tree, d.Subject) {
		if p.Key == d.Pick && len(p.Orders) > 0 {
			return &p
		}
	}
	return nil
}

// sheetRollRow is the roll's row: the stakes before the roll, then its
// rerolls still open and Accept.
func sheetRollRow(l render.Lang, st game.SheetState) []discordgo.MessageComponent {
	id, turn := st.Sheet.ID, st.Turn
	if st.Rolled == nil {
		return []discordgo.MessageComponent{discordgo.ActionsRow{Components: []discordgo.MessageComponent{
			discordgo.Button{Label: render.T(l, "stake.low_button"), Style: discordgo.PrimaryButton, CustomID: sheetID(id, turn, game.ActStake, "low")},
			discordgo.Button{Label: render.T(l, "stake.high_button"), Style: discordgo.DangerButton, CustomID: sheetID(id, turn, game.ActStake, "high")},
		}}}
	}
	taken := len(st.Rolled.Rerolls) // the roll the button is pressed on: rollButton
	var buttons []discordgo.MessageComponent
	for _, src := range st.Rolled.Open {
		buttons = append(buttons, discordgo.Button{Label: render.T(l, "bot.reroll."+src), Style: discordgo.PrimaryButton, CustomID: customid.SheetReroll.Build(id, turn, src, taken)})
	}
	buttons = append(buttons, discordgo.Button{Label: render.T(l, "bot.reroll.accept"), Style: discordgo.SecondaryButton, CustomID: customid.SheetReroll.Build(id, turn, "accept", taken)})
	return []discordgo.MessageComponent{discordgo.ActionsRow{Components: buttons}}
}

// sheetMenus builds the orders' rows of a rolled sheet, stage by stage.
type sheetMenus struct {
	l       render.Lang
	st      game.SheetState
	d       store.Draft
	pick    *game.Pick
	deepest string // the menu being paged: the last one shown
	rows    []discordgo.MessageComponent
	emoji   emojiFunc // application emojis for the options (may give nil)
}

func newSheetMenus(l render.Lang, st game.SheetState) *sheetMenus {
	m := &sheetMenus{l: l, st: st, d: st.Sheet.Draft, pick: currentPick(st), deepest: "subject"}
	switch {
	case m.pick != nil && len(m.pick.Orders) > 1:
		m.deepest = "choice"
	case m.d.Subject != "" && m.pick == nil:
		m.deepest = "pick"
	}
	return m
}

// id is the custom ID of one of the sheet's components.
func (m *sheetMenus) id(action string, value ...string) string {
	return sheetID(m.st.Sheet.ID, m.st.Turn, action, value...)
}

// page is the page a menu shows: the draft's for the deepest, else the
// first.
func (m *sheetMenus) page(menu string) int {
	if menu == m.deepest {
		return m.d.Page
	}
	return 0
}

// subjectMenu: the subjects, the units with a legal order, then the groups.
func (m *sheetMenus) subjectMenu() {
	var subjects []discordgo.SelectMenuOption
	for _, s := range game.Subjects(m.st.Tree) {
		opt := discordgo.SelectMenuOption{Label: clip(subjectName(m.l, m.st, s), 100), Value: s, Default: s == m.d.Subject}
		if u := m.st.View.Unit(s); u != nil {
			opt.Description = clip(render.UnitDesc(m.l, *u), 100)
			for _, o := range m.st.Orders.Orders {
				if o.Unit == s && o.Phase == 1 && !o.Kind.ArmyWide() {
					opt.Description = clip(render.T(m.l, "sheet.subject_next", render.UnitDesc(m.l, *u), render.OrderName(m.l, o.Kind)), 100)
				}
			}
			opt.Emoji = m.emoji("troop:" + u.Type.String())
		}
		subjects = append(subjects, opt)
	}
	if len(subjects) > 0 {
		m.rows = append(m.rows, selectRow(m.l, m.id(game.ActSubject), render.T(m.l, "sheet.pick_subject"), subjects, m.page("subject")))
	}
}

// pickMenu: the orders the subject picked may take.
func (m *sheetMenus) pickMenu() {
	if m.d.Subject == "" {
		return
	}
	var picks []discordgo.SelectMenuOption
	for _, p := range game.Picks(m.st.Tree, m.d.Subject) {
		if len(p.Orders) == 0 {
			continue
		}
		picks = append(picks, discordgo.SelectMenuOption{Label: clip(pickLabel(m.l, p), 100), Value: p.Key, Default: p.Key == m.d.Pick,
			Description: clip(pickDesc(m.l, m.st, p), 100), Emoji: m.emoji(orderMarks[p.Kind])})
	}
	if len(picks) > 0 {
		m.rows = append(m.rows, selectRow(m.l, m.id(game.ActPick), render.T(m.l, "sheet.pick_order"), picks, m.page("pick")))
	}
}

// choiceMenu: the order picked, when it takes a choice (a target, a
// cell), each with what it does (where it ends, whom it attacks, a first
// look at the odds); shots at targets out of the fire zone now come last,
// apart, saying why (choices.go).
func (m *sheetMenus) choiceMenu() {
	if m.pick == nil || len(m.pick.Orders) <= 1 {
		return
	}
	m.rows = append(m.rows, selectRow(m.l, m.id(game.ActChoice), render.T(m.l, "sheet.pick_choice"), choiceOptions(m.l, m.st, *m.pick, m.d.Phase), m.page("choice")))
}

// phaseButtons: the phases the order picked may be given for.
func (m *sheetMenus) phaseButtons() []discordgo.MessageComponent {
	if m.pick == nil || len(m.pick.Phases) <= 1 {
		return nil
	}
	var buttons []discordgo.MessageComponent
	chosen := m.pick.Phased(m.pick.Orders[0], m.d.Phase).Phase
	for _, ph := range m.pick.Phases {
		label := render.T(m.l, "sheet.phase", ph)
		if len(m.pick.Orders) == 1 {
			label = render.T(m.l, "sheet.give_phase", ph)
		}
		style := discordgo.SecondaryButton
		if ph == chosen && len(m.pick.Orders) > 1 {
			style = discordgo.SuccessButton
		}
		buttons = append(buttons, discordgo.Button{Label: label, Style: style, CustomID: m.id(game.ActPhase, strconv.Itoa(ph))})
	}
	return buttons
}

// selectRow is a select menu of options, a page of 24 with a "more" entry
// when there are more than Discord's 25.
func selectRow(l render.Lang, customID, placeholder string, opts []discordgo.SelectMenuOption, page int) discordgo.ActionsRow {
	if len(opts) > maxMenu {
		per := maxMenu - 1
		pages := (len(opts) + per - 1) / per
		page %= pages
		shown := append([]discordgo.SelectMenuOption(nil), opts[page*per:min(len(opts), (page+1)*per)]...)
		next := (page + 1) % pages
		shown = append(shown, discordgo.SelectMenuOption{Label: render.T(l, "sheet.more", next+1), Value: "page:" + strconv.Itoa(next)})
		opts = shown
	}
	return discordgo.ActionsRow{Components: []discordgo.MessageComponent{
		discordgo.SelectMenu{CustomID: customID, Placeholder: placeholder, Options: opts},
	}}
}

// clip cuts a text to Discord's limit of n characters.
func clip(s string, n int) string {
	if r := []rune(s); len(r) > n {
		return string(r[:n-1]) + "…"
	}
	return s
}

// sheetClick carries out a click on a sheet: acknowledged already, then
// done in one transaction, and the sheets shown again by the outbox.
func (b *Bot) sheetClick(c *call, v customid.Values, ok bool) error {
	if !ok {
		return refuse("err.sheet_unknown")
	}
	id := v.Uint("sheet")
	act := game.SheetAct{Turn: v.Int("turn")}
	if v.Has("rerolls") { // customid.SheetReroll
		n := v.Int("rerolls")
		act.Action, act.Value, act.AsOf = game.ActReroll, v.Str("source"), &n
	} else {
		act.Action, act.Value = v.Str("action"), v.Str("value")
	}
	if vs := c.i.MessageComponentData().Values; len(vs) > 0 {
		act.Value = vs[0]
	}
	if v, ok := strings.CutPrefix(act.Value, "page:"); ok {
		act.Action, act.Value = game.ActPage, v
	}
	if act.Action == game.ActReroll && act.Value == "accept" {
		act.Value = ""
	}
	user := c.i.User
	if c.i.Member != nil {
		user = c.i.Member.User
	}
	if user == nil {
		return refuse("err.sheet_unknown")
	}
	player := game.Player{User: user.ID, Lang: string(c.lang), Name: displayName(c.i.Member, user)}
	var reply *store.Reply
	if c.i.Message != nil && c.i.Message.Flags&discordgo.MessageFlagsEphemeral != 0 {
		reply = &store.Reply{AppID: c.i.AppID, Token: c.i.Token}
	}
	roles := func(guild string) ([]string, string, error) {
		if c.i.Member != nil && c.i.GuildID == guild {
			return c.i.Member.Roles, player.Name, nil
		}
		m, err := b.s.GuildMember(guild, user.ID)
		if err != nil {
			return nil, "", err
		}
		return m.Roles, displayName(m, user), nil
	}
	done, err := b.svc.Sheets().Act(id, player, roles, act, reply)
	b.deliverDue()
	var r *game.Refusal
	if err != nil && !errors.As(err, &r) {
		// Not a refusal the sheet shows: an apology, leaving the sheet be.
		c.deferred = false
		b.followUp(c, []string{b.errorText(c.lang, err)})
		return nil
	}
	if errors.As(err, &r) && r.Key == "err.sheet_unknown" {
		c.deferred = false
		b.followUp(c, []string{b.errorText(c.lang, err)})
	}
	_ = done
	return nil
}

// displayName is how a member is named where the bot names him (his
// clan's summary, who said ready), as Discord shows him: his nickname in
// the guild, else his display name, else his username.
func displayName(m *discordgo.Member, u *discordgo.User) string {
	switch {
	case m != nil && m.Nick != "":
		return m.Nick
	case u != nil && u.GlobalName != "":
		return u.GlobalName
	case u != nil:
		return u.Username
	}
	return ""
}

// openSheet answers /orders with the order sheet: by DM, or, where the
// player's DMs are closed (50007), as this ephemeral answer, saying why.
func (b *Bot) openSheet(c *call, seat game.Seat) (bool, error) {
	user := c.user()
	player := game.Player{User: user.ID, Lang: string(c.lang), Name: displayName(c.i.Member, user)}
	sh, err := b.svc.Sheets().OpenSheet(seat, player, nil)
	if err != nil {
		return false, err
	}
	b.deliverDue()
	l, err := b.svc.Sheets().Live(sh.LiveKey(seat.Battle.Turn))
	if err != nil || !l.Dead {
		return false, err
	}
	// The DM was refused for good: the same sheet, here.
	if _, err := b.svc.Sheets().OpenSheet(seat, player, &store.Reply{AppID: c.i.AppID, Token: c.i.Token}); err != nil {
		return false, err
	}
	b.deliverDue()
	return true, nil
}

// openRoleSheets opens the sheets of a clan's ordering role when a
// command phase opens: every member of the role gets his sheet by DM.
// Listing members needs the Server Members intent (README).
func (b *Bot) openRoleSheets(p store.Post) error {
	rec, err := b.svc.Store.Battle(p.Guild, p.Battle)
	if err != nil {
		return err
	}
	side, ok := p.Audience.Side()
	if !ok {
		return nil
	}
	role := rec.Sides[side].OrderRole
	var users []string
	after := ""
	for {
		ms, err := b.s.GuildMembers(p.Guild, after, 1000, discordgo.WithRetryOnRatelimit(false))
		if err != nil {
			return err
		}
		for _, m := range ms {
			if m.User != nil && !m.User.Bot && containsString(m.Roles, role) {
				users = append(users, m.User.ID)
			}
		}
		if len(ms) < 1000 {
			break
		}
		after = ms[len(ms)-1].User.ID
	}
	return b.svc.Sheets().OpenRoleSheets(p.Guild, p.Battle, side, p.Turn, users)
}

func containsString(xs []string, x string) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
}

// composeSummary is a clan's summary of its orders for a turn.
func (b *Bot) composeSummary(p store.Post) ([]message, error) {
	side, ok := p.Audience.Side()
	if !ok {
		return nil, fmt.Errorf("a summary for audience %q", p.Audience)
	}
	s, err := b.svc.Sheets().Summary(p.Guild, p.Battle, side, p.Turn)
	if err != nil {
		return nil, err
	}
	l := render.Lang(p.Lang)
	var changes []render.SummaryChange
	for _, ch := range s.Changes {
		changes = append(changes, render.SummaryChange{Who: ch.Name, Action: ch.Action, Order: ch.Order, Old: ch.Old})
	}
	var left *engine.Allowance
	if c := s.Orders.Command; c != nil && c.Final {
		left = &s.Left
	}
	text := render.SummaryText(l, s.Name, side, s.Turn, s.Orders.Orders, left, s.Ready, changes)
	return []message{{content: clip(text, render.DiscordLimit)}}, nil
}

// odds handles /odds: the odds of every order of the unit that attacks or
// shoots the target, from the side's own view (game.Odds).
func (b *Bot) odds(c *call) error {
	seat, err := b.seat(c, b.seats(c).SeatOf)
	if err != nil {
		return err
	}
	unit, target := c.str("unit"), c.str("target")
	all, err := b.svc.Odds(seat, unit, target)
	if err != nil {
		return err
	}
	lines := []string{render.T(c.lang, "odds.header", unit, target)}
	for _, oo := range all {
		lines = append(lines, "", "**"+render.OrderLine(c.lang, oo.Order)+"**", render.OddsText(c.lang, oo.Result))
	}
	b.reply(c, joinLines(lines), nil)
	return nil
}
