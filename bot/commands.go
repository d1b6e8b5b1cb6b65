// Package bot is the only package that talks to Discord: command
// definitions, interaction handlers, DMs, permissions and posting.
package bot

import (
	"github.com/bwmarrin/discordgo"

	"github.com/gunbai/gunbai/engine"
	"github.com/gunbai/gunbai/render"
)

// The slash commands are built from one small table, so that every name and
// description comes from the render catalogue in English (the base) and
// Russian (the localization), and no text is written twice.

type optSpec struct {
	key      string // catalogue path under the command, e.g. "opt.stake"
	typ      discordgo.ApplicationCommandOptionType
	required bool
	choices  []string // string choice values; their texts are "<key>.choice.<value>"
	raw      []choice // choices whose names are not catalogue texts (order kinds, facings)
	minVal   float64
	maxVal   float64
	// units: the option names a unit, and Discord asks the bot to
	// complete it (autocomplete; see Bot.complete).
	units bool
}

type choice struct {
	value  any
	ru, en string
}

type cmdSpec struct {
	key  string // catalogue path, e.g. "battle" or "battle.create"
	opts []optSpec
	subs []cmdSpec
	gm   bool // game-master command
}

// gmPermissions is the default_member_permissions of GM commands: hidden
// from members without Manage Server until a guild's admins grant them
// (Server Settings > Integrations); the bot also checks the GM role.
var gmPermissions int64 = discordgo.PermissionManageGuild

func commandSpecs() []cmdSpec {
	battleOpt := optSpec{key: "battle.opt.battle", typ: discordgo.ApplicationCommandOptionString, required: true}
	return []cmdSpec{
		{key: "battle", gm: true, subs: []cmdSpec{
			{key: "battle.create", opts: []optSpec{
				{key: "battle.opt.name", typ: discordgo.ApplicationCommandOptionString, required: true},
				{key: "battle.opt.north_role", typ: discordgo.ApplicationCommandOptionRole, required: true},
				{key: "battle.opt.north_channel", typ: discordgo.ApplicationCommandOptionChannel, required: true},
				{key: "battle.opt.south_role", typ: discordgo.ApplicationCommandOptionRole, required: true},
				{key: "battle.opt.south_channel", typ: discordgo.ApplicationCommandOptionChannel, required: true},
				{key: "battle.opt.scenario", typ: discordgo.ApplicationCommandOptionString},
			}},
			{key: "battle.start", opts: []optSpec{battleOpt}},
			{key: "battle.resolve", opts: []optSpec{battleOpt}},
			{key: "battle.list"},
			{key: "battle.show", opts: []optSpec{battleOpt}},
			{key: "battle.fix", opts: []optSpec{battleOpt,
				{key: "battle.opt.who", typ: discordgo.ApplicationCommandOptionString, required: true},
				{key: "battle.opt.field", typ: discordgo.ApplicationCommandOptionString, required: true, raw: fixFieldChoices()},
				{key: "battle.opt.value", typ: discordgo.ApplicationCommandOptionString, required: true},
			}},
			{key: "battle.finish", opts: []optSpec{battleOpt}},
			{key: "battle.set", opts: []optSpec{battleOpt,
				{key: "battle.opt.key", typ: discordgo.ApplicationCommandOptionString},
				{key: "battle.opt.value", typ: discordgo.ApplicationCommandOptionString},
			}},
		}},
		{key: "roll", opts: []optSpec{
			{key: "roll.opt.stake", typ: discordgo.ApplicationCommandOptionString, choices: []string{"low", "high"}},
		}},
		{key: "order", opts: []optSpec{
			{key: "order.opt.order", typ: discordgo.ApplicationCommandOptionString, required: true, raw: orderChoices()},
			{key: "order.opt.unit", typ: discordgo.ApplicationCommandOptionString, units: true},
			{key: "order.opt.phase", typ: discordgo.ApplicationCommandOptionInteger, minVal: 1, maxVal: 2},
			{key: "order.opt.class", typ: discordgo.ApplicationCommandOptionString, choices: []string{"ordinary", "special"}},
			{key: "order.opt.facing", typ: discordgo.ApplicationCommandOptionString, raw: facingChoices()},
			{key: "order.opt.steps", typ: discordgo.ApplicationCommandOptionString},
			{key: "order.opt.target", typ: discordgo.ApplicationCommandOptionString, units: true},
			{key: "order.opt.leader", typ: discordgo.ApplicationCommandOptionString},
			{key: "order.opt.to", typ: discordgo.ApplicationCommandOptionString},
			{key: "order.opt.mission", typ: discordgo.ApplicationCommandOptionString,
				choices: []string{"signals", "panic", "sabotage", "interception"}},
			{key: "order.opt.banner", typ: discordgo.ApplicationCommandOptionString},
		}},
		{key: "deploy", opts: []optSpec{
			{key: "deploy.opt.unit", typ: discordgo.ApplicationCommandOptionString, units: true},
			{key: "deploy.opt.cell", typ: discordgo.ApplicationCommandOptionString},
			{key: "deploy.opt.facing", typ: discordgo.ApplicationCommandOptionString, raw: facingChoices()},
			{key: "deploy.opt.leader", typ: discordgo.ApplicationCommandOptionString},
			{key: "deploy.opt.to", typ: discordgo.ApplicationCommandOptionString},
			{key: "deploy.opt.hq", typ: discordgo.ApplicationCommandOptionString},
			{key: "deploy.opt.terrain", typ: discordgo.ApplicationCommandOptionString,
				choices: []string{"hill", "forest", "swamp"}},
			{key: "deploy.opt.guards", typ: discordgo.ApplicationCommandOptionInteger},
			{key: "deploy.opt.save_ammo", typ: discordgo.ApplicationCommandOptionBoolean},
		}},
		{key: "scout", opts: []optSpec{
			{key: "scout.opt.cells", typ: discordgo.ApplicationCommandOptionString},
			{key: "scout.opt.swap", typ: discordgo.ApplicationCommandOptionString},
			{key: "scout.opt.done", typ: discordgo.ApplicationCommandOptionBoolean},
		}},
		{key: "field"},
		{key: "orders", opts: []optSpec{
			{key: "orders.opt.cancel", typ: discordgo.ApplicationCommandOptionString, units: true},
			{key: "orders.opt.phase", typ: discordgo.ApplicationCommandOptionInteger, minVal: 1, maxVal: 2},
			{key: "orders.opt.ready", typ: discordgo.ApplicationCommandOptionBoolean},
			{key: "orders.opt.spare", typ: discordgo.ApplicationCommandOptionBoolean},
			{key: "orders.opt.unit", typ: discordgo.ApplicationCommandOptionString, units: true},
			{key: "orders.opt.save_ammo", typ: discordgo.ApplicationCommandOptionBoolean},
		}},
	}
}

// orderChoices are the orders the engine executes, named as in the rules;
// army-wide orders are given without a unit.
func orderChoices() []choice {
	var out []choice
	for _, k := range engine.OrderKinds() {
		if k.Supported() {
			out = append(out, choice{k.String(), render.OrderName(render.RU, k), render.OrderName(render.EN, k)})
		}
	}
	return out
}

func facingChoices() []choice {
	var out []choice
	for _, d := range []engine.Dir{engine.N, engine.E, engine.S, engine.W} {
		out = append(out, choice{d.String(), render.FacingName(render.RU, d), render.FacingName(render.EN, d)})
	}
	return out
}

// text returns a catalogue text of a command in English and Russian.
func text(path, field string) (en, ru string) {
	key := "cmd." + path + "." + field
	return render.T(render.EN, key), render.T(render.RU, key)
}

// Commands returns the application commands Gunbai registers in a guild
// (ApplicationCommandBulkOverwrite).
func Commands() []*discordgo.ApplicationCommand {
	var out []*discordgo.ApplicationCommand
	for _, c := range commandSpecs() {
		name, nameRU := text(c.key, "name")
		desc, descRU := text(c.key, "desc")
		cmd := &discordgo.ApplicationCommand{
			Type:                     discordgo.ChatApplicationCommand,
			Name:                     name,
			NameLocalizations:        &map[discordgo.Locale]string{discordgo.Russian: nameRU},
			Description:              desc,
			DescriptionLocalizations: &map[discordgo.Locale]string{discordgo.Russian: descRU},
			Contexts:                 &[]discordgo.InteractionContextType{discordgo.InteractionContextGuild},
		}
		if c.gm {
			cmd.DefaultMemberPermissions = &gmPermissions
		}
		for _, s := range c.subs {
			cmd.Options = append(cmd.Options, subcommand(s))
		}
		for _, o := range c.opts {
			cmd.Options = append(cmd.Options, option(o))
		}
		out = append(out, cmd)
	}
	return out
}

func subcommand(c cmdSpec) *discordgo.ApplicationCommandOption {
	o := node(c.key, discordgo.ApplicationCommandOptionSubCommand)
	for _, opt := range c.opts {
		o.Options = append(o.Options, option(opt))
	}
	return o
}

// node is an option or subcommand with its texts in both languages.
func node(key string, typ discordgo.ApplicationCommandOptionType) *discordgo.ApplicationCommandOption {
	name, nameRU := text(key, "name")
	desc, descRU := text(key, "desc")
	return &discordgo.ApplicationCommandOption{
		Type:                     typ,
		Name:                     name,
		NameLocalizations:        map[discordgo.Locale]string{discordgo.Russian: nameRU},
		Description:              desc,
		DescriptionLocalizations: map[discordgo.Locale]string{discordgo.Russian: descRU},
	}
}

func option(s optSpec) *discordgo.ApplicationCommandOption {
	o := node(s.key, s.typ)
	o.Required = s.required
	o.Autocomplete = s.units
	if s.maxVal > 0 {
		minV := s.minVal
		o.MinValue = &minV
		o.MaxValue = s.maxVal
	}
	for _, v := range s.choices {
		en, ru := text(s.key, "choice."+v)
		o.Choices = append(o.Choices, &discordgo.ApplicationCommandOptionChoice{
			Name: en, NameLocalizations: map[discordgo.Locale]string{discordgo.Russian: ru}, Value: v,
		})
	}
	for _, c := range s.raw {
		o.Choices = append(o.Choices, &discordgo.ApplicationCommandOptionChoice{
			Name: c.en, NameLocalizations: map[discordgo.Locale]string{discordgo.Russian: c.ru}, Value: c.value,
		})
	}
	return o
}

// fixFieldChoices are the fields /battle fix offers (engine.FixFields),
// named as the engine names them, glossed in Russian.
func fixFieldChoices() []choice {
	gloss := map[string]string{
		"cell": "клетка", "facing": "фронт", "figures": "фигуры", "status": "состояние", "ammo": "боеприпасы",
		"fatigued": "усталость", "hold": "стоять насмерть", "save_ammo": "беречь боеприпасы",
		"at": "где предводитель", "wounds": "ранения", "health": "здоровье",
		"hq": "ставка", "messengers": "гонцы", "shinobi": "синоби",
	}
	var out []choice
	for _, kind := range []string{"unit", "leader", "side"} {
		for _, f := range engine.FixFields[kind] {
			out = append(out, choice{f, f + " (" + gloss[f] + ")", f})
		}
	}
	return out
}
