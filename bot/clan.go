package bot

import (
	"slices"
	"strings"

	"github.com/bwmarrin/discordgo"

	"github.com/gunbai/gunbai/engine"
	"github.com/gunbai/gunbai/game"
	"github.com/gunbai/gunbai/render"
	"github.com/gunbai/gunbai/store"
)

// /clan: a side's wings (issue 29, item 1; game/wings*.go is their
// logic). The GM, or the side's commander, gives units to players, names
// the commander and allots the turn's roll; every answer is ephemeral and
// each change is told to the clan's own channel only.

// clanSpecs is /clan and its subcommands. A player acts on his own
// side; a GM of neither clan names the side (and the battle if the guild
// fights several).
func clanSpecs() []cmdSpec {
	battle := optSpec{name: "battle", typ: str, complete: battleOffers(func(_ *call, h store.Header) bool { return h.Status != store.StatusFinished })}
	side := optSpec{name: "side", typ: str, choices: []string{"north", "south"}}
	player := optSpec{name: "player", typ: discordgo.ApplicationCommandOptionUser, required: true}
	return []cmdSpec{{name: "clan", subs: []cmdSpec{
		{name: "assign", handle: (*Bot).clanAssign, once: retryDone, opts: []optSpec{player,
			{name: "units", typ: str, required: true, complete: (*Bot).completeWingUnits}, battle, side}},
		{name: "commander", handle: (*Bot).clanCommander, once: retryDone, opts: []optSpec{player, battle, side}},
		{name: "allot", handle: (*Bot).clanAllot, once: retryDone, opts: []optSpec{player,
			{name: "ordinary", typ: num, required: true, minVal: 0, maxVal: 99},
			{name: "special", typ: num, required: true, minVal: 0, maxVal: 99}, battle, side}},
		{name: "wings", handle: (*Bot).clanWings, opts: []optSpec{battle, side}},
		{name: "ready", handle: (*Bot).clanReady},
	}}}
}

// clanBy is who acts by a /clan command and on which side: the caller's
// own seat, or, for a GM, the side he names (side:) in the battle named
// (battle:, else the guild's one battle being fought).
func (b *Bot) clanBy(c *call) (game.WingsBy, error) {
	gm := b.isGM(c.i)
	if sideName := c.str("side"); gm && sideName != "" {
		rec, err := b.gmBattle(c, func(s store.Status) bool { return s != store.StatusFinished })
		if err != nil {
			return game.WingsBy{}, err
		}
		side := engine.North
		if sideName == "south" {
			side = engine.South
		}
		return game.WingsBy{Seat: game.Seat{Battle: rec, Side: side}, GM: true}, nil
	}
	seat, err := b.seat(c, b.seats(c).AnySeat)
	if err != nil {
		if gm {
			return game.WingsBy{}, refuse("err.wing_side_needed")
		}
		return game.WingsBy{}, err
	}
	return game.WingsBy{Seat: seat, GM: gm}, nil
}

// playerOpt is the player a /clan command names: his user ID, his name as
// Discord shows him, and his roles if Discord sent them.
func playerOpt(c *call) (id, name string, roles []string, known bool) {
	id = c.str("player")
	d := c.i.ApplicationCommandData()
	if d.Resolved == nil {
		return id, "<@" + id + ">", nil, false
	}
	m, u := d.Resolved.Members[id], d.Resolved.Users[id]
	if m != nil && m.User == nil {
		m.User = u
	}
	name = displayName(m, u)
	if name == "" {
		name = "<@" + id + ">"
	}
	if m != nil {
		return id, name, m.Roles, true
	}
	return id, name, nil, false
}

// clanPlayer is the player named, refused if Discord says he is not of
// the side's clan.
func clanPlayer(c *call, by game.WingsBy) (id, name string, err error) {
	id, name, roles, known := playerOpt(c)
	cl := by.Seat.Battle.Sides[by.Seat.Side&1]
	if known && !slices.Contains(roles, cl.RoleID) && (cl.OrderRole == "" || !slices.Contains(roles, cl.OrderRole)) {
		return id, name, refuse("err.wing_not_clan", name)
	}
	return id, name, nil
}

func (b *Bot) clanAssign(c *call) error {
	by, err := b.clanBy(c)
	if err != nil {
		return err
	}
	id, name, err := clanPlayer(c, by)
	if err != nil {
		return err
	}
	var units []string
	for _, u := range strings.Split(c.str("units"), ",") {
		if u = strings.TrimSpace(u); u != "" && !slices.Contains(units, u) {
			units = append(units, u)
		}
	}
	ws, err := b.life(c).Wings().Assign(by, id, name, units)
	return b.clanDone(c, by, ws, err)
}

func (b *Bot) clanCommander(c *call) error {
	by, err := b.clanBy(c)
	if err != nil {
		return err
	}
	id, name, err := clanPlayer(c, by)
	if err != nil {
		return err
	}
	ws, err := b.life(c).Wings().SetCommander(by, id, name)
	return b.clanDone(c, by, ws, err)
}

func (b *Bot) clanAllot(c *call) error {
	by, err := b.clanBy(c)
	if err != nil {
		return err
	}
	ordinary, _ := c.num("ordinary")
	special, _ := c.num("special")
	ws, err := b.life(c).Wings().Allot(by, c.str("player"), ordinary, special)
	return b.clanDone(c, by, ws, err)
}

func (b *Bot) clanWings(c *call) error {
	by, err := b.clanBy(c)
	if err != nil {
		return err
	}
	ws, err := b.svc.Wings().Show(by.Seat)
	return b.clanDone(c, by, ws, err)
}

// clanReady is the commander's "ready" for the whole side.
func (b *Bot) clanReady(c *call) error {
	seat, err := b.seat(c, b.seats(c).SeatOf)
	if err != nil {
		return err
	}
	seat.Player = c.player()
	res, err := b.life(c).Wings().ReadyAll(seat)
	if err != nil {
		return err
	}
	return b.readyDone(c, seat, res)
}

// clanDone answers a /clan command with the side's wings as they now
// stand, after the clan's channel is told.
func (b *Bot) clanDone(c *call, by game.WingsBy, ws game.WingsState, err error) error {
	if err != nil {
		return err
	}
	b.deliverDue()
	rec, err := b.svc.Battle(by.Seat.Battle.GuildID, by.Seat.Battle.ID)
	if err != nil {
		return err
	}
	view := game.SideView(&rec, by.Seat.Side)
	lines := []string{render.T(c.lang, "wings.title", commanderName(c.lang, ws))}
	if len(ws.Wings) == 0 {
		lines = append(lines, render.T(c.lang, "wings.none"))
	}
	for _, w := range ws.Wings {
		lines = append(lines, wingLine(c.lang, &view, w))
	}
	b.reply(c, strings.Join(lines, "\n"), nil)
	return nil
}

// commanderName names a side's commander, or says none is named.
func commanderName(l render.Lang, ws game.WingsState) string {
	switch {
	case ws.CommanderName != "":
		return ws.CommanderName
	case ws.Commander != "":
		return "<@" + ws.Commander + ">"
	}
	return render.T(l, "wings.no_commander")
}

// wingLine is one wing: its player, its units, its share, ready or not.
func wingLine(l render.Lang, view *engine.Battle, w game.WingState) string {
	mark := ""
	if w.Commander {
		mark = render.T(l, "wings.commander_mark")
	}
	ready := render.T(l, "wings.not_ready")
	if w.Ready {
		ready = render.T(l, "wings.ready")
	}
	return render.T(l, "wings.line", w.Name, mark, wingUnits(l, view, w), shareText(l, w), ready)
}

// wingUnits names a wing's units as the side sees them.
func wingUnits(l render.Lang, view *engine.Battle, w game.WingState) string {
	if len(w.Units) == 0 {
		return render.T(l, "wings.no_units")
	}
	var names []string
	for _, id := range w.Units {
		if u := view.Unit(id); u != nil {
			names = append(names, render.UnitLabel(l, *u))
		} else {
			names = append(names, id)
		}
	}
	return strings.Join(names, ", ")
}

// shareText is a wing's share of the roll, and whether the commander set
// it or the default split gave it.
func shareText(l render.Lang, w game.WingState) string {
	if w.Share == nil {
		return render.T(l, "wings.share_none")
	}
	s := render.T(l, "wings.share", w.Share.Ordinary, w.Share.Special)
	if !w.Explicit {
		s = render.T(l, "wings.share_default", s)
	}
	return s
}

// completeWingUnits offers the units of the side /clan assign acts on,
// for the last of a comma-separated list: each offer is the list typed
// so far with one more unit, named with the wing that holds it now.
func (b *Bot) completeWingUnits(c *call, typed string) ([]offer, error) {
	by, err := b.clanBy(c)
	if err != nil {
		return nil, err
	}
	rec := by.Seat.Battle
	if rec.ID == "" || rec.State.Units == nil {
		if rec, err = b.svc.Battle(by.Seat.Battle.GuildID, by.Seat.Battle.ID); err != nil {
			return nil, err
		}
	}
	sp := rec.People.Sides[by.Seat.Side&1]
	head, last := "", typed
	if i := strings.LastIndex(typed, ","); i >= 0 {
		head, last = strings.TrimSpace(typed[:i])+", ", typed[i+1:]
	}
	var out []offer
	for _, o := range unitOffers(c.lang, &rec.State, by.Seat.Side) {
		id := o.value.(string)
		if strings.Contains(head, id+",") {
			continue
		}
		name := o.name
		if h := sp.Holder(id); h != "" {
			if w, ok := sp.WingOf(h); ok && w.Name != "" {
				name += " — " + w.Name
			}
		}
		if v := head + id; len(v) <= 100 {
			out = append(out, offer{v, clip(head+name, 100)})
		}
	}
	return match(out, strings.TrimSpace(head+strings.TrimSpace(last))), nil
}
