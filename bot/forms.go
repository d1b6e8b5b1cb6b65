package bot

import (
	"errors"
	"path"
	"runtime/debug"
	"slices"
	"strconv"
	"strings"

	"github.com/bwmarrin/discordgo"

	"github.com/gunbai/gunbai/game"
	"github.com/gunbai/gunbai/internal/customid"
	"github.com/gunbai/gunbai/render"
	"github.com/gunbai/gunbai/store"
)

// The GM's forms (modals of labels, modalparts.go), besides the commands'
// options, which keep working:
//
//   - /battle create with no option creates a battle in two steps, as a modal holds at most
//     five inputs: the clans' roles and channels and the GM's channel,
//     picked from Discord's own lists (checked at once as /battle create
//     checks them), then a button opens the second: the name, the
//     spectators' channel, who gives each side's orders and the scenario.
//     The first step's picks ride in the custom IDs (five IDs in base 36),
//     so nothing is kept between the steps, and a restart loses nothing.
//   - /roster upload without its file opens a form with a file upload; a
//     file whose name is not .toml or .csv is refused by its name, before
//     it is downloaded; then the command's own upload.
//
// A submit is refused as the command is (the same texts, nothing changed).

// formOpener is the handler that answers a command with its form, nil
// when the command is answered as usual.
func formOpener(c *call) handler {
	switch {
	case c.path == "battle create" && len(c.opts) == 0:
		return (*Bot).openBattleForm
	case c.path == "roster upload" && c.opts["file"] == nil:
		return (*Bot).openRosterForm
	}
	return nil
}

// mayBeForm is false for every event but an interaction discordgo did
// not read or read as a submitted form: the others are not decoded a
// third time, in the gateway's reading goroutine least of all.
func mayBeForm(e *discordgo.Event) bool {
	if e.Type != "INTERACTION_CREATE" {
		return false
	}
	ic, ok := e.Struct.(*discordgo.InteractionCreate)
	return !ok || ic.Interaction == nil || ic.Type == 0 || ic.Type == discordgo.InteractionModalSubmit
}

// onModalEvent answers a submitted form of labels, which discordgo cannot
// decode (onInteraction leaves it): decoded here, then dispatched as any
// submit.
func (b *Bot) onModalEvent(_ *discordgo.Session, e *discordgo.Event) {
	i, form, ok := decodeModalForm(e.RawData)
	if !ok {
		return
	}
	defer b.arrive(i.ID)()
	c := newCall(i)
	c.form = form
	defer func() {
		if p := recover(); p != nil {
			b.opt.Log.Printf("panic in form %s (%s): %v\n%s", i.ID, c.path, p, debug.Stack())
			b.answerError(c, errors.New("internal error"))
		}
	}()
	if err := b.dispatch(c); err != nil {
		b.answerError(c, err)
	}
}

// The inputs' custom IDs.
const (
	formNorthRole    = "north_role"
	formNorthChannel = "north_channel"
	formSouthRole    = "south_role"
	formSouthChannel = "south_channel"
	formGMChannel    = "gm_channel"
	formName         = "name"
	formSpectators   = "spectator_channel"
	formNorthOrders  = "north_orders"
	formSouthOrders  = "south_orders"
	formScenario     = "scenario"
	formFile         = "file"
)

// formLabel is a label of the form, its title the catalogue's, clipped to
// Discord's 45.
func formLabel(l render.Lang, key string, input discordgo.MessageComponent) modalLabel {
	return modalLabel{Label: clip(render.T(l, key), 45), Component: input}
}

func roleSelect(id string, required bool) modalSelect {
	return modalSelect{Kind: discordgo.RoleSelectMenu, CustomID: id, Required: required}
}

func channelSelect(id string, required bool) modalSelect {
	return modalSelect{Kind: discordgo.ChannelSelectMenu, CustomID: id, Required: required,
		ChannelTypes: []discordgo.ChannelType{discordgo.ChannelTypeGuildText}}
}

// openBattleForm answers /battle create given no option with the form's
// first step.
func (b *Bot) openBattleForm(c *call) error {
	if !b.isGM(c.i) {
		return refuse("bot.not_gm")
	}
	l := c.lang
	gm := channelSelect(formGMChannel, true)
	if c.i.ChannelID != "" { // the channel the GM writes in, most likely his
		gm.DefaultValues = []discordgo.SelectMenuDefaultValue{{ID: c.i.ChannelID, Type: discordgo.SelectMenuDefaultValueChannel}}
	}
	return b.respond(c.i.Interaction, &discordgo.InteractionResponse{
		Type: discordgo.InteractionResponseModal,
		Data: &discordgo.InteractionResponseData{
			CustomID: customid.BattleForm.Build(1, ""),
			Title:    clip(render.T(l, "form.battle.title1"), 45),
			Components: []discordgo.MessageComponent{
				formLabel(l, "form.battle.north_role", roleSelect(formNorthRole, true)),
				formLabel(l, "form.battle.north_channel", channelSelect(formNorthChannel, true)),
				formLabel(l, "form.battle.south_role", roleSelect(formSouthRole, true)),
				formLabel(l, "form.battle.south_channel", channelSelect(formSouthChannel, true)),
				formLabel(l, "form.battle.gm_channel", gm),
			},
		},
	})
}

// battleFormClick answers the form's steps: the first's submit (its
// picks checked, a button to go on), the button (the second step's form)
// and the second's submit (the battle created).
func (b *Bot) battleFormClick(c *call, v customid.Values, ok bool) error {
	if !ok {
		return refuse("form.stale")
	}
	if !b.isGM(c.i) {
		return refuse("bot.not_gm")
	}
	picks, hasPicks := decodeFormIDs(v.Str("data"))
	switch {
	case v.Int("step") == 1 && c.form != nil:
		return b.battleFormFirst(c)
	case v.Int("step") == 2 && hasPicks && c.i.Type == discordgo.InteractionMessageComponent:
		return b.openBattleFormSecond(c, v.Str("data"))
	case v.Int("step") == 2 && hasPicks && c.form != nil:
		if b.ack(c) != nil {
			return nil
		}
		defer b.work()()
		f := c.form
		req := game.CreateRequest{
			Name:             f.value(formName),
			North:            store.Clan{RoleID: picks[0], ChannelID: picks[1], OrderRole: f.value(formNorthOrders)},
			South:            store.Clan{RoleID: picks[2], ChannelID: picks[3], OrderRole: f.value(formSouthOrders)},
			GMChannelID:      picks[4],
			SpectatorChannel: f.value(formSpectators),
			Scenario:         f.value(formScenario),
			Locale:           b.serverLocale(c),
			GMLang:           string(c.lang),
		}
		if req.Name == "" {
			return refuse("form.battle.no_name")
		}
		return b.createBattle(c, req)
	}
	return refuse("form.stale")
}

// battleFormFirst checks the first step's picks as /battle create checks
// its channels, and offers the second step.
func (b *Bot) battleFormFirst(c *call) error {
	if b.ack(c) != nil {
		return nil
	}
	defer b.work()()
	f := c.form
	ids := []string{f.value(formNorthRole), f.value(formNorthChannel), f.value(formSouthRole), f.value(formSouthChannel), f.value(formGMChannel)}
	data, ok := encodeFormIDs(ids)
	if !ok {
		return refuse("form.battle.missing")
	}
	north := store.Clan{RoleID: ids[0], ChannelID: ids[1]}
	south := store.Clan{RoleID: ids[2], ChannelID: ids[3]}
	if err := b.checkChannels(c.i.GuildID, north, south, ids[4]); err != nil {
		return err
	}
	text := render.T(c.lang, "form.battle.first_done", "<@&"+ids[0]+">", "<#"+ids[1]+">", "<@&"+ids[2]+">", "<#"+ids[3]+">", "<#"+ids[4]+">")
	b.reply(c, text, []discordgo.MessageComponent{discordgo.ActionsRow{Components: []discordgo.MessageComponent{
		discordgo.Button{Label: render.T(c.lang, "form.battle.continue"), Style: discordgo.PrimaryButton,
			CustomID: customid.BattleForm.Build(2, data)},
	}}})
	return nil
}

// openBattleFormSecond answers the button with the second step's form.
func (b *Bot) openBattleFormSecond(c *call, data string) error {
	l := c.lang
	parts := []discordgo.MessageComponent{
		formLabel(l, "form.battle.name", modalText{CustomID: formName, Style: discordgo.TextInputShort, Required: true, MaxLength: 100}),
		formLabel(l, "form.battle.spectators", channelSelect(formSpectators, false)),
		formLabel(l, "form.battle.north_orders", roleSelect(formNorthOrders, false)),
		formLabel(l, "form.battle.south_orders", roleSelect(formSouthOrders, false)),
	}
	if opts := b.scenarioOptions(l); len(opts) > 0 {
		parts = append(parts, formLabel(l, "form.battle.scenario", modalSelect{Kind: discordgo.StringSelectMenu, CustomID: formScenario, Options: opts}))
	}
	return b.respond(c.i.Interaction, &discordgo.InteractionResponse{
		Type: discordgo.InteractionResponseModal,
		Data: &discordgo.InteractionResponseData{
			CustomID:   customid.BattleForm.Build(2, data),
			Title:      clip(render.T(l, "form.battle.title2"), 45),
			Components: parts,
		},
	})
}

// scenarioOptions are the scenarios a battle may start from, as the
// command's completion offers them, at most Discord's 25.
func (b *Bot) scenarioOptions(l render.Lang) []discordgo.SelectMenuOption {
	var out []discordgo.SelectMenuOption
	for _, n := range game.ScenarioNames() {
		s, _ := game.Scenario(n)
		out = append(out, discordgo.SelectMenuOption{Label: clip(render.T(l, "complete.scenario.builtin", n, len(s.Units)), 100), Value: n})
	}
	loaded := make([]string, 0, len(b.svc.Scenarios))
	for n := range b.svc.Scenarios {
		loaded = append(loaded, n)
	}
	slices.Sort(loaded)
	for _, n := range loaded {
		out = append(out, discordgo.SelectMenuOption{Label: clip(render.T(l, "complete.scenario.loaded", n, len(b.svc.Scenarios[n].Units)), 100), Value: n})
	}
	return out[:min(len(out), 25)]
}

// encodeFormIDs writes snowflakes in base 36, dot-separated: five fit in
// a custom ID's 100 characters. ok false if one is missing or no number.
func encodeFormIDs(ids []string) (string, bool) {
	out := make([]string, len(ids))
	for i, id := range ids {
		n, err := strconv.ParseUint(id, 10, 64)
		if err != nil {
			return "", false
		}
		out[i] = strconv.FormatUint(n, 36)
	}
	return strings.Join(out, "."), true
}

// decodeFormIDs reads encodeFormIDs's five IDs.
func decodeFormIDs(data string) ([]string, bool) {
	parts := strings.Split(data, ".")
	if len(parts) != 5 {
		return nil, false
	}
	out := make([]string, len(parts))
	for i, p := range parts {
		n, err := strconv.ParseUint(p, 36, 64)
		if err != nil {
			return nil, false
		}
		out[i] = strconv.FormatUint(n, 10)
	}
	return out, true
}

// rosterExtensions are the files a roster's form takes: a roster, an army list.
var rosterExtensions = []string{".toml", ".csv"}

// openRosterForm answers /roster upload without its file with a form to
// upload it.
func (b *Bot) openRosterForm(c *call) error {
	if !b.isGM(c.i) {
		return refuse("bot.not_gm")
	}
	l := c.lang
	label := formLabel(l, "form.roster.file", modalFileUpload{CustomID: formFile, Required: true})
	label.Description = clip(render.T(l, "form.roster.file_desc"), 100)
	return b.respond(c.i.Interaction, &discordgo.InteractionResponse{
		Type: discordgo.InteractionResponseModal,
		Data: &discordgo.InteractionResponseData{
			CustomID:   customid.RosterForm.Build("upload"),
			Title:      clip(render.T(l, "form.roster.title"), 45),
			Components: []discordgo.MessageComponent{label},
		},
	})
}

// rosterFormSubmit uploads the form's file as the command uploads its
// attachment; another extension than .toml or .csv is refused by the
// file's name, before any download.
func (b *Bot) rosterFormSubmit(c *call, _ customid.Values, ok bool) error {
	if !ok || c.form == nil {
		return refuse("form.stale")
	}
	if b.ack(c) != nil {
		return nil
	}
	defer b.work()()
	if !b.isGM(c.i) {
		return refuse("bot.not_gm")
	}
	att := c.form.file(formFile)
	if att == nil {
		return refuse("err.roster_no_file")
	}
	if !slices.Contains(rosterExtensions, strings.ToLower(path.Ext(att.Filename))) {
		return refuse("form.roster.extension", att.Filename)
	}
	return b.uploadRoster(c, att)
}
