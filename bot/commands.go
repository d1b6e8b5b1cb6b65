// Package bot is the Discord adapter, the only package that talks to
// Discord: the command table, routing, the GM's and the players' handlers,
// and posting. The battle lifecycle is package game; the words are render's.
package bot

import (
	"slices"

	"github.com/bwmarrin/discordgo"

	"github.com/gunbai/gunbai/engine"
	"github.com/gunbai/gunbai/render"
	"github.com/gunbai/gunbai/store"
)

// The slash commands are one table: each row is a command (or subcommand)
// with its options and the handler that answers it, and each option that
// is completed as it is typed with its completer, so spec, handler and
// completion sit together. Every name and description comes from the render catalogue in
// English (the base) and Russian (the localization), keyed by the option's
// one English name: "cmd.<command>.opt.<name>".

type optSpec struct {
	name     string // the option's English name, as Discord sends it back
	typ      discordgo.ApplicationCommandOptionType
	required bool
	choices  []string // string choice values; their texts are "<key>.choice.<value>"
	raw      []choice // choices whose names are not catalogue texts (order kinds, facings)
	minVal   float64
	maxVal   float64
	// complete, when set, completes the option as it is typed: Discord
	// asks the bot (autocomplete; see Bot.complete) and this answers.
	complete completer
}

type choice struct {
	value  any
	ru, en string
}

// handler answers one interaction. A returned error is answered by the one
// error responder (Bot.answerError): a refusal in the caller's language, or
// an apology with the details in the log.
type handler func(b *Bot, c *call) error

type cmdSpec struct {
	name string // English name; catalogue path "cmd.<path>"
	opts []optSpec
	subs []cmdSpec
	gm   bool // game-master command
	// player: a player's subcommand of a GM command (/battle request),
	// routed without the GM's check. Discord hides a command from members
	// without its default permissions, never one subcommand: on a server
	// whose admins left /battle to the GMs a player asks with /request.
	player bool
	handle handler
	// once: its change is recognised when re-sent after a lost answer
	// (retry.go), and answered with this catalogue text; again: whether
	// the answer offers to make it once more. create, start, resolve and
	// finish need none: made once, they cannot be made again (resolve
	// names its turn), and their refusal says so and what to do next.
	once  string
	again func(*call) bool
	// kept: its change is kept as the person's last, never taken for a
	// repeat (game.Retry.Kept).
	kept bool
}

// gmPermissions is the default_member_permissions of GM commands: hidden
// from members without Manage Server until a guild's admins grant them
// (Server Settings > Integrations); the bot also checks the GM role.
var gmPermissions int64 = discordgo.PermissionManageGuild

const (
	str  = discordgo.ApplicationCommandOptionString
	num  = discordgo.ApplicationCommandOptionInteger
	flag = discordgo.ApplicationCommandOptionBoolean
)

// commandSpecs is the whole table, by family: the GM's /battle, the
// players' commands, then the campaign's, the calculators', the quick
// battles' and the duels'.
func commandSpecs() []cmdSpec {
	return slices.Concat(battleSpecs(), playerSpecs(), campaignSpecs(), calcSpecs(), quickSpecs(), duelSpecs(), skirmishSpecs(), clanSpecs())
}

// battleSpecs is the GM's /battle and its subcommands. The battle option of
// each offers first the battles in a state the subcommand takes.
func battleSpecs() []cmdSpec {
	battle := func(accepts func(c *call, h store.Header) bool) optSpec {
		return optSpec{name: "battle", typ: str, required: true, complete: battleOffers(accepts)}
	}
	notOver := func(_ *call, h store.Header) bool { return h.Status != store.StatusFinished }
	return []cmdSpec{
		{name: "battle", gm: true, subs: []cmdSpec{
			// Without any option /battle create opens its form (forms.go), so
			// the six it needs are not marked required: battleCreate refuses
			// a command that gives some of them and not all.
			{name: "create", handle: (*Bot).battleCreate, opts: []optSpec{
				{name: "name", typ: str},
				{name: "north_role", typ: discordgo.ApplicationCommandOptionRole},
				{name: "north_channel", typ: discordgo.ApplicationCommandOptionChannel},
				{name: "south_role", typ: discordgo.ApplicationCommandOptionRole},
				{name: "south_channel", typ: discordgo.ApplicationCommandOptionChannel},
				{name: "gm_channel", typ: discordgo.ApplicationCommandOptionChannel},
				{name: "spectator_channel", typ: discordgo.ApplicationCommandOptionChannel},
				{name: "north_orders", typ: discordgo.ApplicationCommandOptionRole},
				{name: "south_orders", typ: discordgo.ApplicationCommandOptionRole},
				{name: "scenario", typ: str, complete: (*Bot).completeScenario},
				{name: "north_army", typ: str, complete: completeArmies},
				{name: "south_army", typ: str, complete: completeArmies},
				{name: "north_lang", typ: str, choices: []string{"ru", "en"}},
				{name: "south_lang", typ: str, choices: []string{"ru", "en"}},
				// The side the AI general plays: a training battle (issue 30).
				{name: "ai", typ: str, choices: []string{"north", "south"}},
			}},
			{name: "start", handle: (*Bot).battleStart, opts: []optSpec{
				battle(func(c *call, h store.Header) bool {
					end, _ := optFlag(c, "end_scouting")
					return h.Status == store.StatusDeployment && h.Scouting == end
				}),
				{name: "end_scouting", typ: flag},
			}},
			{name: "resolve", handle: (*Bot).battleResolve, opts: []optSpec{
				battle(func(_ *call, h store.Header) bool { return h.Status == store.StatusCommand }),
				{name: "turn", typ: num, required: true, minVal: 1, maxVal: 99, complete: (*Bot).completeTurn},
			}},
			{name: "list", handle: (*Bot).battleList},
			{name: "show", handle: (*Bot).battleShow, opts: []optSpec{
				battle(func(_ *call, h store.Header) bool { return fought(h.Status) }),
			}},
			{name: "fix", handle: (*Bot).battleFix, once: retryDone, opts: []optSpec{
				battle(func(_ *call, h store.Header) bool { return fixable(h.Status) }),
				{name: "who", typ: str, required: true, complete: (*Bot).completeFixWho},
				{name: "field", typ: str, required: true, raw: fixFieldChoices()},
				{name: "value", typ: str, required: true, complete: (*Bot).completeFixValue},
			}},
			{name: "finish", handle: (*Bot).battleFinish, opts: []optSpec{battle(notOver)}},
			// A player's request, as the issue spells it (issue 29): the
			// same as /request, where players may see /battle.
			{name: "request", player: true, handle: (*Bot).request, opts: requestOpts()},
			{name: "pause", handle: (*Bot).battlePause, once: retryDone, opts: []optSpec{
				battle(func(_ *call, h store.Header) bool { return h.Status != store.StatusFinished && !h.Paused }),
			}},
			{name: "resume", handle: (*Bot).battleResume, once: retryDone, opts: []optSpec{
				battle(func(_ *call, h store.Header) bool { return h.Paused }),
			}},
			{name: "extend", handle: (*Bot).battleExtend, once: retryDone, again: always, opts: []optSpec{battle(notOver),
				{name: "by", typ: str, required: true, complete: (*Bot).completeDuration},
			}},
			{name: "export", handle: (*Bot).battleExport, opts: []optSpec{
				battle(func(*call, store.Header) bool { return true }),
			}},
			{name: "undo", handle: (*Bot).battleUndo, once: retryDone, opts: []optSpec{
				battle(func(_ *call, h store.Header) bool {
					return h.Status == store.StatusCommand || h.Status == store.StatusFinished
				}),
				{name: "turn", typ: num, required: true, minVal: 1, maxVal: 99},
				{name: "keep_orders", typ: flag},
			}},
			// A substitute seated, or his seating ended (issue 29).
			{name: "substitute", handle: (*Bot).battleSubstitute, once: retryDone, opts: []optSpec{
				battle(func(_ *call, h store.Header) bool { return fought(h.Status) }),
				{name: "side", typ: str, required: true, choices: []string{"north", "south"}},
				{name: "stand_in", typ: discordgo.ApplicationCommandOptionUser},
				{name: "player", typ: discordgo.ApplicationCommandOptionUser},
				{name: "turns", typ: num, minVal: 1, maxVal: 99},
				{name: "end", typ: flag},
			}},
			{name: "set", handle: (*Bot).battleSet, once: retryDone, opts: []optSpec{battle(notOver),
				{name: "key", typ: str, complete: (*Bot).completeSettingKey},
				{name: "value", typ: str, complete: (*Bot).completeSettingValue},
			}},
			{name: "nudges", handle: (*Bot).battleNudges, opts: []optSpec{ // issue 29, item 4
				battle(func(_ *call, h store.Header) bool { return h.Status != store.StatusDeployment }),
			}},
			// What the AI general intended, once the battle is over (issue 30).
			{name: "explain", handle: (*Bot).battleExplain, opts: []optSpec{
				battle(func(_ *call, h store.Header) bool { return h.Status == store.StatusFinished }),
			}},
		}},
	}
}

// playerSpecs are the players' commands in a battle (and what anyone may
// ask of one: the field, its log, a verification, a rule).
func playerSpecs() []cmdSpec {
	phase := optSpec{name: "phase", typ: num, minVal: 1, maxVal: 2}
	facing := optSpec{name: "facing", typ: str, raw: facingChoices()}
	return []cmdSpec{
		{name: "stats", handle: (*Bot).stats, opts: []optSpec{{name: "player", typ: discordgo.ApplicationCommandOptionUser}}},
		{name: "roll", handle: (*Bot).roll, kept: true, opts: []optSpec{
			{name: "stake", typ: str, choices: []string{"low", "high"}},
		}},
		{name: "order", handle: (*Bot).order, once: "retry.recorded", again: addsUp, opts: []optSpec{
			{name: "order", typ: str, required: true, raw: orderChoices()},
			{name: "unit", typ: str, complete: (*Bot).completeOrderUnit},
			phase,
			{name: "slot", typ: str, choices: []string{"ordinary", "special"}},
			facing,
			{name: "gallop", typ: str, complete: (*Bot).completeGallop},
			{name: "target", typ: str, complete: (*Bot).completeTarget},
			{name: "leader", typ: str, complete: (*Bot).completeOrderLeader},
			{name: "to", typ: str, complete: (*Bot).completeOrderTo},
			{name: "mission", typ: str, choices: []string{
				engine.MissionSignals, engine.MissionPanic, engine.MissionSabotage, engine.MissionInterception}},
			{name: "banner", typ: str, complete: (*Bot).completeBanner},
		}},
		{name: "deploy", handle: (*Bot).deploy, once: retryDone, again: toggles, opts: []optSpec{
			{name: "unit", typ: str, complete: (*Bot).completeOwnUnit},
			{name: "cell", typ: str, complete: (*Bot).completeDeployCell},
			facing,
			{name: "leader", typ: str, complete: (*Bot).completeDeployLeader},
			{name: "to", typ: str, complete: (*Bot).completeDeployTo},
			{name: "hq", typ: str, complete: (*Bot).completeDeployHQ},
			{name: "terrain", typ: str, choices: []string{"hill", "forest", "swamp"}},
			{name: "guards", typ: num},
			{name: "save_ammo", typ: flag},
		}},
		{name: "scout", handle: (*Bot).scout, once: retryDone, opts: []optSpec{
			{name: "cells", typ: str, complete: (*Bot).completeScoutCells},
			{name: "swap", typ: str, complete: (*Bot).completeSwap},
			{name: "done", typ: flag},
		}},
		{name: "odds", handle: (*Bot).odds, opts: []optSpec{
			{name: "unit", typ: str, required: true, complete: (*Bot).completeOwnUnit},
			{name: "target", typ: str, required: true, complete: (*Bot).completeTarget},
		}},
		{name: "field", handle: (*Bot).field, opts: []optSpec{
			{name: "turn", typ: num, minVal: 1, maxVal: 99},
		}},
		{name: "replay", handle: (*Bot).replay, opts: []optSpec{
			{name: "turn", typ: num, minVal: 1, maxVal: 99},
		}},
		{name: "log", handle: (*Bot).turnLog, opts: []optSpec{
			{name: "turn", typ: num, minVal: 1, maxVal: 99},
		}},
		{name: "verify", handle: (*Bot).verify, opts: []optSpec{
			{name: "turn", typ: num, required: true, minVal: 1, maxVal: 99, complete: (*Bot).completeVerifyTurn},
			{name: "battle", typ: str, complete: (*Bot).completeVerifyBattle},
		}},
		{name: "rule", handle: (*Bot).rule, opts: []optSpec{
			{name: "id", typ: str, required: true, complete: completeRule},
		}},
		{name: "why", handle: (*Bot).why, opts: []optSpec{
			{name: "unit", typ: str, required: true, complete: (*Bot).completeWhy},
			{name: "battle", typ: str, complete: (*Bot).completeVerifyBattle},
		}},
		// A player's request the GM answers with a button (requests.go).
		{name: "request", handle: (*Bot).request, opts: requestOpts()},
		// Standing orders for a deadline the player misses (issue 29 item 3).
		{name: "standing", handle: (*Bot).standing, opts: []optSpec{
			{name: "unit", typ: str, complete: (*Bot).completeStandingUnit},
			{name: "order", typ: str, choices: store.StandingKinds},
		}},
		{name: "orders", handle: (*Bot).orders, once: retryDone, opts: []optSpec{
			{name: "cancel", typ: str, complete: (*Bot).completeCancel},
			phase,
			{name: "ready", typ: flag},
			{name: "spare", typ: flag},
			{name: "unit", typ: str, complete: (*Bot).completeSaveAmmo},
			{name: "save_ammo", typ: flag},
		}},
		{name: "remind", handle: (*Bot).remind, opts: []optSpec{ // issue 29, item 4
			{name: "before", typ: str, complete: (*Bot).completeRemind},
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
	for _, d := range engine.Dirs() {
		out = append(out, choice{d.String(), render.FacingName(render.RU, d), render.FacingName(render.EN, d)})
	}
	return out
}

// fixFieldChoices are the fields /battle fix offers (engine.FixFields),
// named as the engine names them, glossed in Russian.
func fixFieldChoices() []choice {
	var out []choice
	for _, kind := range []string{"unit", "leader", "side"} {
		for _, f := range engine.FixFields[kind] {
			out = append(out, choice{f, f + " (" + render.T(render.RU, "fix."+f) + ")", f})
		}
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
		name, nameRU := text(c.name, "name")
		desc, descRU := text(c.name, "desc")
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
			sub := node(c.name+"."+s.name, discordgo.ApplicationCommandOptionSubCommand)
			for _, o := range s.opts {
				sub.Options = append(sub.Options, option(c.name, o))
			}
			cmd.Options = append(cmd.Options, sub)
		}
		for _, o := range c.opts {
			cmd.Options = append(cmd.Options, option(c.name, o))
		}
		out = append(out, cmd)
	}
	return out
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

// option is an option of command cmd, named "cmd.<cmd>.opt.<name>".
func option(cmd string, s optSpec) *discordgo.ApplicationCommandOption {
	key := cmd + ".opt." + s.name
	o := node(key, s.typ)
	o.Required = s.required
	o.Autocomplete = s.complete != nil
	if len(s.choices) == 0 && len(s.raw) == 0 {
		o.MaxLength = s.maxLen() // limits.go
	}
	if s.maxVal > 0 {
		minV := s.minVal
		o.MinValue = &minV
		o.MaxValue = s.maxVal
	}
	for _, v := range s.choices {
		en, ru := text(key, "choice."+v)
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

// route is what answers a command path ("battle create", "roll"): its
// handler, its command's name and its options.
type route struct {
	handle handler
	gm     bool
	cmd    string
	opts   map[string]optSpec
	once   string
	again  func(*call) bool
	kept   bool
}

// retryDone answers a GM's command re-sent after its change was made.
const retryDone = "retry.done"

// routes maps every command path of the table to its handler.
func routes() map[string]route {
	out := map[string]route{}
	for _, c := range commandSpecs() {
		if c.handle != nil {
			out[c.name] = route{handle: c.handle, gm: c.gm, cmd: c.name, opts: optsByName(c.opts), once: c.once, again: c.again, kept: c.kept}
		}
		for _, s := range c.subs {
			out[c.name+" "+s.name] = route{handle: s.handle, gm: (c.gm || s.gm) && !s.player, cmd: c.name, opts: optsByName(s.opts), once: s.once, again: s.again, kept: s.kept}
		}
	}
	return out
}

func optsByName(opts []optSpec) map[string]optSpec {
	out := make(map[string]optSpec, len(opts))
	for _, o := range opts {
		out[o.name] = o
	}
	return out
}
