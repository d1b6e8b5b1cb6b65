package bot

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/bwmarrin/discordgo"

	"github.com/gunbai/gunbai/game/skirmishes"
	"github.com/gunbai/gunbai/render"
	"github.com/gunbai/gunbai/skirmish"
)

// The skirmish game (seed 002, game/skirmishes) refereed in a channel: the
// GM opens a game there between two roles and gives its warbands; the
// sides' players act in turn; the bot rolls, refuses with the rule cited,
// and posts each action's log (a turn's whole log and the record cards at
// «Ход») in the game's language.

func skirmishSpecs() []cmdSpec {
	game := optSpec{name: "game", typ: str, required: true, complete: completeSkirmishes}
	fighter := func(required bool) optSpec {
		return optSpec{name: "fighter", typ: str, required: required, complete: completeSkirmishFighters}
	}
	target := optSpec{name: "target", typ: str, required: true, complete: completeSkirmishFighters}
	inches := func(name string, required bool) optSpec {
		return optSpec{name: name, typ: str, required: required, complete: completeInches}
	}
	typed := func(name string, required bool) optSpec {
		return optSpec{name: name, typ: str, required: required, complete: completeTyped}
	}
	side := optSpec{name: "side", typ: str, required: true, choices: []string{"defender", "attacker"}}
	file := optSpec{name: "file", typ: discordgo.ApplicationCommandOptionAttachment, required: true}
	return []cmdSpec{{name: "skirmish", subs: []cmdSpec{
		{name: "open", gm: true, handle: (*Bot).skirmishOpen, opts: []optSpec{
			{name: "name", typ: str, required: true},
			{name: "defender_role", typ: discordgo.ApplicationCommandOptionRole, required: true},
			{name: "attacker_role", typ: discordgo.ApplicationCommandOptionRole, required: true},
			{name: "lang", typ: str, choices: []string{"ru", "en"}},
			{name: "campaign", typ: flag},
			{name: "assault", typ: flag},
		}},
		{name: "warband", gm: true, handle: (*Bot).skirmishWarband, opts: []optSpec{game, side, file}},
		{name: "recruit", gm: true, handle: (*Bot).skirmishRecruit, opts: []optSpec{game, side,
			{name: "unit", typ: str, required: true, complete: completeSkirmishUnits},
			typed("fighter", true),
			{name: "class", typ: str, required: true, complete: completeSkirmishClasses},
			{name: "rank", typ: str, choices: []string{"sergeant", "knight", "master"}},
			{name: "cavalry", typ: flag},
			{name: "bearer", typ: flag},
			typed("fighter_name", false), typed("unit_name", false), typed("symbol", false),
		}},
		{name: "classes", gm: true, handle: (*Bot).skirmishClasses, opts: []optSpec{game, file}},
		{name: "move", handle: (*Bot).skirmishMove, opts: []optSpec{game, fighter(true), inches("inches", true),
			inches("climb", false), {name: "ladder", typ: flag}, {name: "on_walls", typ: flag}}},
		{name: "attack", handle: (*Bot).skirmishAttack, once: retryCampaign, again: always, opts: []optSpec{game, fighter(true), target, inches("inches", true),
			inches("height", false), typed("others", false)}},
		{name: "wall", handle: (*Bot).skirmishWall, opts: []optSpec{game,
			{name: "fighters", typ: str, required: true, complete: completeSkirmishFighters},
			{name: "on_walls", typ: flag}, {name: "leave", typ: flag}}},
		{name: "capture", handle: (*Bot).skirmishCapture, opts: []optSpec{game, fighter(true), target, inches("inches", true),
			inches("enemy", false)}},
		{name: "test", handle: (*Bot).skirmishTest, opts: []optSpec{game,
			{name: "kind", typ: str, required: true, choices: []string{"wound", "morale"}},
			fighter(false),
			{name: "unit", typ: str, complete: completeSkirmishUnits},
			{name: "officer", typ: str, complete: completeSkirmishFighters},
			inches("inches", false), inches("enemy", false)}},
		{name: "rejoin", handle: (*Bot).skirmishRejoin, opts: []optSpec{game,
			{name: "unit", typ: str, required: true, complete: completeSkirmishUnits},
			{name: "officer", typ: str, required: true, complete: completeSkirmishFighters}, inches("inches", true)}},
		{name: "prisoner", handle: (*Bot).skirmishPrisoner, once: retryCampaign, opts: []optSpec{game, target,
			{name: "mode", typ: str, required: true, choices: []string{"kill", "send", "leave"}}}},
		{name: "free", handle: (*Bot).skirmishFree, opts: []optSpec{game, fighter(true),
			{name: "officer", typ: str, required: true, complete: completeSkirmishFighters}, inches("inches", true), inches("enemy", false)}},
		{name: "engine", handle: (*Bot).skirmishEngine, opts: []optSpec{game,
			{name: "engine", typ: str, required: true, complete: completeSkirmishEngines},
			inches("inches", true), {name: "target", typ: str, complete: completeSkirmishFighters}, {name: "move", typ: flag}}},
		{name: "turn", handle: (*Bot).skirmishTurn, opts: []optSpec{game}},
		{name: "show", handle: (*Bot).skirmishShow, opts: []optSpec{game}},
		{name: "verify", handle: (*Bot).skirmishVerify, opts: []optSpec{game}},
	}}}
}

// completeInches offers the distance typed, when it is one, else the
// usual measures.
func completeInches(_ *Bot, _ *call, typed string) ([]offer, error) {
	v := strings.TrimSpace(strings.ReplaceAll(typed, ",", "."))
	if _, err := strconv.ParseFloat(v, 64); err == nil {
		return []offer{{v, v + "″"}}, nil
	}
	var out []offer
	for _, v := range []string{"1", "2", "3", "6", "8", "12"} {
		out = append(out, offer{v, v + "″"})
	}
	return out, nil
}

// completeTyped offers what is typed: a name or an ID the GM makes up.
func completeTyped(_ *Bot, _ *call, typed string) ([]offer, error) {
	if v := strings.TrimSpace(typed); v != "" {
		return []offer{{v, v}}, nil
	}
	return nil, nil
}

// completeSkirmishes offers the guild's games.
func completeSkirmishes(b *Bot, c *call, typed string) ([]offer, error) {
	all, err := b.svc.Skirmishes().List(c.i.GuildID)
	var out []offer
	for _, r := range all {
		out = append(out, offer{r.ID, r.Name})
	}
	return match(out, typed), err
}

// skirmishOf is the game the call names; "" when it names none that is.
func (b *Bot) skirmishOf(c *call) (skirmishes.Record, bool) {
	rec, err := b.svc.Skirmishes().Get(c.i.GuildID, c.str("game"))
	return rec, err == nil
}

// completeSkirmishFighters offers the game's fighters (several, space-
// separated: the last one typed).
func completeSkirmishFighters(b *Bot, c *call, typed string) ([]offer, error) {
	rec, _ := b.skirmishOf(c)
	head, last := "", typed
	if i := strings.LastIndex(typed, " "); i >= 0 {
		head, last = typed[:i+1], typed[i+1:]
	}
	g := rec.Game
	if !rec.Started {
		g.Sides = rec.Sides
	}
	var out []offer
	for s, sd := range g.Sides {
		for _, u := range sd.Units {
			for _, f := range u.Fighters {
				label := fmt.Sprintf("%s (%s, %s)", f.ID, render.SkirmishSide(c.lang, g, s), f.Class)
				if f.State != "" {
					label += ": " + render.T(c.lang, "skirmish.state."+string(f.State))
				}
				out = append(out, offer{head + f.ID, label})
			}
		}
	}
	return match(out, last), nil
}

// completeSkirmishUnits offers the game's units.
func completeSkirmishUnits(b *Bot, c *call, typed string) ([]offer, error) {
	rec, _ := b.skirmishOf(c)
	var out []offer
	for _, sd := range rec.Game.Sides {
		for _, u := range sd.Units {
			out = append(out, offer{u.ID, u.Name + " (" + u.ID + ")"})
		}
	}
	return match(out, typed), nil
}

// completeSkirmishEngines offers the game's siege engines.
func completeSkirmishEngines(b *Bot, c *call, typed string) ([]offer, error) {
	rec, _ := b.skirmishOf(c)
	var out []offer
	for _, sd := range rec.Game.Sides {
		for _, e := range sd.Engines {
			out = append(out, offer{e.ID, e.ID + " (" + e.Kind + ")"})
		}
	}
	return match(out, typed), nil
}

// completeSkirmishClasses offers the game's classes.
func completeSkirmishClasses(b *Bot, c *call, typed string) ([]offer, error) {
	rec, _ := b.skirmishOf(c)
	var out []offer
	for _, cl := range rec.TableOf().Classes {
		out = append(out, offer{cl.ID, cl.Name + " (" + cl.ID + ")"})
	}
	return match(out, typed), nil
}

// skirmishLang words the call in its game's language.
func (b *Bot) skirmishLang(c *call) {
	if rec, ok := b.skirmishOf(c); ok && rec.Lang != "" {
		c.lang = render.Lang(rec.Lang)
	}
}

// skirmishOpen handles /skirmish open.
func (b *Bot) skirmishOpen(c *call) error {
	if l := c.str("lang"); l != "" {
		c.lang = render.Lang(l)
	}
	camp, _ := c.flag("campaign")
	assault, _ := c.flag("assault")
	gm := ""
	if c.i.Member != nil && c.i.Member.User != nil {
		gm = c.i.Member.User.ID
	}
	rec, err := b.life(c).Skirmishes().Open(c.i.GuildID, skirmishes.OpenRequest{Name: c.str("name"), Channel: c.i.ChannelID, GM: gm,
		Lang: string(c.lang), Roles: [2]string{c.str("defender_role"), c.str("attacker_role")}, Campaign: camp, Assault: assault})
	if err != nil {
		return err
	}
	b.reply(c, render.T(c.lang, "skirmish.opened", rec.Name, rec.SeedHash()), nil)
	return nil
}

// sideOpt is the side option: 0 the defender, 1 the attacker.
func sideOpt(c *call) (int, error) {
	switch v := c.str("side"); v {
	case "defender":
		return 0, nil
	case "attacker":
		return 1, nil
	default:
		return 0, refuse("err.skirmishes.side", v)
	}
}

// attached is the file a command's option carries, downloaded.
func (b *Bot) attached(c *call, name string, limit int64) (string, []byte, error) {
	o, ok := c.opts[name]
	data := c.i.ApplicationCommandData()
	if !ok || data.Resolved == nil || data.Resolved.Attachments[fmt.Sprint(o.Value)] == nil {
		return "", nil, refuse("err.skirmishes.no_file")
	}
	att := data.Resolved.Attachments[fmt.Sprint(o.Value)]
	raw, err := b.download(att, limit)
	return att.Filename, raw, err
}

// skirmishWarband handles /skirmish warband.
func (b *Bot) skirmishWarband(c *call) error {
	b.skirmishLang(c)
	side, err := sideOpt(c)
	if err != nil {
		return err
	}
	name, raw, err := b.attached(c, "file", skirmishes.MaxWarbandFile)
	if err != nil {
		return err
	}
	rec, err := b.life(c).Skirmishes().Warband(c.i.GuildID, c.str("game"), side, name, raw)
	if err != nil {
		return err
	}
	n := 0
	for _, u := range rec.Sides[side].Units {
		n += len(u.Fighters)
	}
	g := skirmish.Game{Sides: rec.Sides}
	b.reply(c, render.T(c.lang, "skirmish.warband_set", render.SkirmishSide(c.lang, g, side), rec.Name, len(rec.Sides[side].Units), n), nil)
	return nil
}

// skirmishRecruit handles /skirmish recruit.
func (b *Bot) skirmishRecruit(c *call) error {
	b.skirmishLang(c)
	side, err := sideOpt(c)
	if err != nil {
		return err
	}
	f := skirmish.Fighter{ID: c.str("fighter"), Name: c.str("fighter_name"), Class: c.str("class"), Rank: skirmish.Rank(c.str("rank"))}
	f.Cavalry, _ = c.flag("cavalry")
	f.Bearer, _ = c.flag("bearer")
	if f.ID == "" || strings.ContainsAny(f.ID, " \t") {
		return refuse("err.skirmishes.fighter_id", f.ID)
	}
	u := skirmish.Unit{ID: c.str("unit"), Name: c.str("unit_name"), Symbol: c.str("symbol")}
	rec, err := b.life(c).Skirmishes().Recruit(c.i.GuildID, c.str("game"), side, u, f)
	if err != nil {
		return err
	}
	g := skirmish.Game{Sides: rec.Sides}
	b.reply(c, render.T(c.lang, "skirmish.recruited", f.ID, u.ID, render.SkirmishSide(c.lang, g, side)), nil)
	return nil
}

// skirmishClasses handles /skirmish classes.
func (b *Bot) skirmishClasses(c *call) error {
	b.skirmishLang(c)
	name, raw, err := b.attached(c, "file", 64<<10)
	if err != nil {
		return err
	}
	rec, err := b.life(c).Skirmishes().Classes(c.i.GuildID, c.str("game"), name, raw)
	if err != nil {
		return err
	}
	b.reply(c, render.T(c.lang, "skirmish.classes_set", rec.Name, len(rec.TableOf().Classes)), nil)
	return nil
}

// skirmishShow handles /skirmish show: every fighter's state.
func (b *Bot) skirmishShow(c *call) error {
	b.skirmishLang(c)
	rec, err := b.svc.Skirmishes().Get(c.i.GuildID, c.str("game"))
	if err != nil {
		return err
	}
	lines := append([]string{render.T(c.lang, "skirmish.log_head", rec.Name)}, render.SkirmishState(c.lang, rec.Preview())...)
	b.reply(c, joinLines(lines), nil)
	return nil
}
