package bot

import (
	"errors"
	"fmt"
	"runtime/debug"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/bwmarrin/discordgo"

	"github.com/gunbai/gunbai/engine"
	"github.com/gunbai/gunbai/game"
	"github.com/gunbai/gunbai/render"
	"github.com/gunbai/gunbai/store"
)

// Autocomplete (issue 12, item 6). Every string option of the command
// table without fixed choices is completed by the bot as it is typed, but a
// new battle's name, which the GM makes up. What a player is offered comes
// from his own side's view (engine.View): an enemy unit hidden from it, or
// anything of the enemy's orders, is never offered. Orders are offered as
// engine.Options has them: exactly what the side may add now. A GM's
// completion (the /battle subcommands) offers nothing to anyone else.
//
// Discord waits for the answer without a deferral, so it is sent at once;
// a completion that fails offers nothing, and the log says why.

// offer is one choice: the value the option takes and its name in the
// caller's language.
type offer struct {
	value any
	name  string
}

// completer lists what one option may take, best first. typed is what the
// caller has typed of it so far, as typed (a trailing space ends a word of
// a list); a completer filters by it itself (match), so that one that
// builds its values from it (a list of cells) can.
type completer func(b *Bot, c *call, typed string) ([]offer, error)

// completers, by command path and option name.
var completers = map[string]completer{
	"battle create scenario": (*Bot).completeScenario,
	"battle start battle": battleOffers(func(c *call, h store.Header) bool {
		end, _ := optFlag(c, "end_scouting")
		return h.Status == store.StatusDeployment && h.Scouting == end
	}),
	"battle resolve battle": battleOffers(func(_ *call, h store.Header) bool { return h.Status == store.StatusCommand }),
	"battle resolve turn":   (*Bot).completeTurn,
	"battle show battle":    battleOffers(func(_ *call, h store.Header) bool { return fought(h.Status) }),
	"battle fix battle":     battleOffers(func(_ *call, h store.Header) bool { return fixable(h.Status) }),
	"battle fix who":        (*Bot).completeFixWho,
	"battle fix value":      (*Bot).completeFixValue,
	"battle finish battle":  battleOffers(func(_ *call, h store.Header) bool { return h.Status != store.StatusFinished }),
	"battle set battle":     battleOffers(func(_ *call, h store.Header) bool { return h.Status != store.StatusFinished }),
	"battle set key":        (*Bot).completeSetKey,
	"battle set value":      (*Bot).completeSetValue,
	"order unit":            (*Bot).completeOrderUnit,
	"order target":          (*Bot).completeTarget,
	"order gallop":          (*Bot).completeGallop,
	"order leader":          (*Bot).completeOrderLeader,
	"order to":              (*Bot).completeOrderTo,
	"order banner":          (*Bot).completeBanner,
	"deploy unit":           (*Bot).completeOwnUnit,
	"deploy cell":           (*Bot).completeDeployCell,
	"deploy hq":             (*Bot).completeDeployHQ,
	"deploy leader":         (*Bot).completeDeployLeader,
	"deploy to":             (*Bot).completeDeployTo,
	"scout cells":           (*Bot).completeScoutCells,
	"scout swap":            (*Bot).completeSwap,
	"rule id": func(_ *Bot, c *call, typed string) ([]offer, error) {
		var out []offer
		for _, ch := range ruleChoices(c.lang, strings.TrimSpace(typed)) {
			out = append(out, offer{ch.Value, ch.Name})
		}
		return out, nil
	},
	"why unit":      (*Bot).completeWhy,
	"odds unit":     (*Bot).completeOwnUnit,
	"odds target":   (*Bot).completeTarget,
	"orders cancel": (*Bot).completeCancel,
	"orders unit":   (*Bot).completeSaveAmmo,
}

// complete answers Discord's autocomplete for the option being typed.
func (b *Bot) complete(c *call) error {
	choices := toChoices(b.offers(c))
	c.answered = true
	err := b.s.InteractionRespond(c.i.Interaction, &discordgo.InteractionResponse{
		Type: discordgo.InteractionApplicationCommandAutocompleteResult,
		Data: &discordgo.InteractionResponseData{Choices: choices},
	})
	if err != nil {
		b.opt.Log.Printf("autocomplete %s (%s): answering: %v", c.i.ID, c.path, err)
	}
	return nil
}

// offers runs the completer of the option being typed. A refusal (the
// caller has no battle in that phase) offers nothing; any other error, or
// a panic, offers nothing too and is logged.
func (b *Bot) offers(c *call) (out []offer) {
	focused := focusedOption(c.i.ApplicationCommandData().Options)
	if focused == nil {
		return nil
	}
	key := c.path + " " + focused.Name
	defer func() {
		if p := recover(); p != nil {
			b.opt.Log.Printf("autocomplete %s (%s): panic: %v\n%s", c.i.ID, key, p, debug.Stack())
			out = nil
		}
	}()
	f := completers[key]
	r, known := b.routes[c.path]
	if f == nil || !known || r.gm && !b.isGM(c.i) {
		return nil
	}
	out, err := f(b, c, fmt.Sprint(focused.Value))
	if err != nil {
		var refusal *game.Refusal
		if !errors.As(err, &refusal) {
			b.opt.Log.Printf("autocomplete %s (%s): %v", c.i.ID, key, err)
		}
		return nil
	}
	return out
}

// toChoices turns offers into Discord's choices within its limits: at most
// 25, a name of at most 100 characters (cut), a string value of at most 100
// (a longer one cannot be chosen and is left out).
func toChoices(offers []offer) []*discordgo.ApplicationCommandOptionChoice {
	out := []*discordgo.ApplicationCommandOptionChoice{}
	for _, o := range offers {
		if s, ok := o.value.(string); ok && (s == "" || len(s) > 100) {
			continue
		}
		name := strings.Join(strings.Fields(o.name), " ")
		if name == "" {
			name = fmt.Sprint(o.value)
		}
		if r := []rune(name); len(r) > 100 {
			name = string(r[:99]) + "…"
		}
		out = append(out, &discordgo.ApplicationCommandOptionChoice{Name: name, Value: o.value})
		if len(out) == 25 {
			break
		}
	}
	return out
}

// match keeps the offers whose value or name contains what was typed,
// case aside, in their order; each value once.
func match(offers []offer, typed string) []offer {
	typed = strings.ToLower(strings.TrimSpace(typed))
	var out []offer
	seen := map[string]bool{}
	for _, o := range offers {
		v := fmt.Sprint(o.value)
		if seen[v] {
			continue
		}
		if strings.Contains(strings.ToLower(v), typed) || strings.Contains(strings.ToLower(o.name), typed) {
			seen[v] = true
			out = append(out, o)
		}
	}
	return out
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

// optNum and optFlag read an option that is not the one being typed:
// while typing, Discord may send what is typed of any option as text, so
// they never panic as IntValue and BoolValue would.
func optNum(c *call, name string) (int, bool) {
	o, ok := c.opts[name]
	if !ok {
		return 0, false
	}
	switch v := o.Value.(type) {
	case float64:
		return int(v), true
	case string:
		n, err := strconv.Atoi(strings.TrimSpace(v))
		return n, err == nil
	}
	return 0, false
}

func optFlag(c *call, name string) (bool, bool) {
	o, ok := c.opts[name]
	if !ok {
		return false, false
	}
	switch v := o.Value.(type) {
	case bool:
		return v, true
	case string:
		b, err := strconv.ParseBool(v)
		return b, err == nil
	}
	return false, false
}

// Names of things as the choices show them.

// unitName is a unit with its type and cell.
func unitName(l render.Lang, u *engine.Unit) string {
	return fmt.Sprintf("%s — %s, %s", u.ID, render.TroopName(l, u.Type), u.Cell.Name())
}

// unitOffers are the active units of a side in a view, named.
func unitOffers(l render.Lang, view *engine.Battle, side engine.Side) []offer {
	var out []offer
	for i := range view.Units {
		if u := &view.Units[i]; u.Side == side && u.Active() {
			out = append(out, offer{u.ID, unitName(l, u)})
		}
	}
	return out
}

// unitChoices lists the active units of a side in a view that match what
// was typed, at most Discord's 25, named with type and cell.
func unitChoices(l render.Lang, view engine.Battle, side engine.Side, typed string) []*discordgo.ApplicationCommandOptionChoice {
	return toChoices(match(unitOffers(l, &view, side), typed))
}

// idOffers names unit IDs as the view shows them; an ID the view does not
// show (a hidden enemy) is left out.
func idOffers(l render.Lang, view *engine.Battle, ids []string) []offer {
	var out []offer
	for _, id := range ids {
		if u := view.Unit(id); u != nil && u.Active() {
			out = append(out, offer{id, unitName(l, u)})
		}
	}
	return out
}

// leaderName is a leader with his role and where he is.
func leaderName(l render.Lang, ld *engine.Leader) string {
	return fmt.Sprintf("%s — %s, %s", ld.ID, render.T(l, "complete.role."+ld.Role.String()), atName(l, ld.At))
}

func atName(l render.Lang, at string) string {
	switch at {
	case engine.AtHQ:
		return render.T(l, "complete.at.hq")
	case engine.AtReserve:
		return render.T(l, "complete.at.reserve")
	}
	return render.T(l, "complete.at.unit", at)
}

// placeOffer is a place a leader may go: the HQ, the reserve or a unit.
func placeOffer(l render.Lang, view *engine.Battle, side engine.Side, to string) (offer, bool) {
	switch to {
	case engine.AtHQ:
		if hq := view.HQ[side]; hq != engine.NoCell {
			return offer{to, render.T(l, "complete.to.hq", hq.Name())}, true
		}
		return offer{to, render.T(l, "complete.to.hq_nowhere")}, true
	case engine.AtReserve:
		return offer{to, render.T(l, "complete.to.reserve")}, true
	}
	if u := view.Unit(to); u != nil && u.Active() {
		return offer{to, unitName(l, u)}, true
	}
	return offer{}, false
}

// cellsWhere lists the cells of the original field that keep, by name.
func cellsWhere(keep func(engine.Cell) bool) []engine.Cell {
	var out []engine.Cell
	for y := 1; y <= engine.FieldHeight; y++ {
		for x := 1; x <= engine.FieldWidth; x++ {
			if c := (engine.Cell{X: x, Y: y}); keep(c) {
				out = append(out, c)
			}
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name() < out[j].Name() })
	return out
}

// terrainWords names the terrain of a cell ("холм, лес").
func terrainWords(l render.Lang, t *engine.Terrain, c engine.Cell) string {
	var parts []string
	for _, k := range []struct {
		on   bool
		name string
	}{{t.Hill(c), "hill"}, {t.Forest(c), "forest"}, {t.Swamp(c), "swamp"}} {
		if k.on {
			parts = append(parts, render.T(l, "legend."+k.name))
		}
	}
	return strings.Join(parts, ", ")
}

// The GM's completions.

func fought(s store.Status) bool {
	return s == store.StatusDeployment || s == store.StatusCommand || s == store.StatusResolving
}

// fixable: game.Fix corrects a battle in deployment or taking orders.
func fixable(s store.Status) bool { return s == store.StatusDeployment || s == store.StatusCommand }

// battleOffers completes the battle of a GM subcommand: the guild's
// battles by the names the GM gave them, those in a state the subcommand
// accepts first.
func battleOffers(accepts func(c *call, h store.Header) bool) completer {
	return func(b *Bot, c *call, typed string) ([]offer, error) {
		hs, err := b.svc.Battles(c.i.GuildID)
		if err != nil {
			return nil, err
		}
		var first, rest []offer
		for _, h := range hs {
			if h.Unreadable != "" {
				continue
			}
			name := render.T(c.lang, "complete.battle", h.Name, render.T(c.lang, "lifecycle."+string(h.Status)), h.Turn)
			if h.Scouting {
				name += ", " + render.T(c.lang, "lifecycle.scouting")
			}
			if accepts(c, h) {
				first = append(first, offer{h.Name, name})
			} else {
				rest = append(rest, offer{h.Name, name})
			}
		}
		return match(append(first, rest...), typed), nil
	}
}

// gmBattle is the battle a GM subcommand names; with none named yet, the
// guild's one battle in a state accepts takes, if there is one.
func (b *Bot) gmBattle(c *call, accepts func(store.Status) bool) (store.BattleRecord, error) {
	if ref := c.str("battle"); ref != "" {
		return b.svc.Battle(c.i.GuildID, ref)
	}
	hs, err := b.svc.Battles(c.i.GuildID)
	if err != nil {
		return store.BattleRecord{}, err
	}
	var only []store.Header
	for _, h := range hs {
		if h.Unreadable == "" && accepts(h.Status) {
			only = append(only, h)
		}
	}
	if len(only) != 1 {
		return store.BattleRecord{}, refuse("err.no_battle", "")
	}
	return b.svc.Battle(c.i.GuildID, only[0].ID)
}

// completeTurn offers the turn taking orders of the battle named (or of
// every battle taking orders), for /battle resolve.
func (b *Bot) completeTurn(c *call, _ string) ([]offer, error) {
	hs, err := b.svc.Battles(c.i.GuildID)
	if err != nil {
		return nil, err
	}
	named := game.BattleID(c.str("battle"))
	var out []offer
	for _, h := range hs {
		if h.Status != store.StatusCommand || named != "" && h.ID != named && game.BattleID(h.Name) != named {
			continue
		}
		out = append(out, offer{h.Turn, render.T(c.lang, "battles.turn_choice", h.Name, h.Turn)})
	}
	return out, nil
}

// completeScenario offers the scenarios a battle can be created from:
// the built-in ones, then those of the config's scenario files.
func (b *Bot) completeScenario(c *call, typed string) ([]offer, error) {
	var out []offer
	for _, n := range game.ScenarioNames() {
		s, _ := game.Scenario(n)
		out = append(out, offer{n, render.T(c.lang, "complete.scenario.builtin", n, len(s.Units))})
	}
	loaded := make([]string, 0, len(b.svc.Scenarios))
	for n := range b.svc.Scenarios {
		loaded = append(loaded, n)
	}
	slices.Sort(loaded)
	for _, n := range loaded {
		out = append(out, offer{n, render.T(c.lang, "complete.scenario.loaded", n, len(b.svc.Scenarios[n].Units))})
	}
	return match(out, typed), nil
}

// fieldKind is the kind of thing a field of /battle fix belongs to
// (engine.FixFields); "" for none.
func fieldKind(field string) string {
	for kind, fields := range engine.FixFields {
		if slices.Contains(fields, field) {
			return kind
		}
	}
	return ""
}

// completeFixWho offers what /battle fix may correct: every unit, leader
// and side of the battle (the GM sees all), only those that have the field
// once it is chosen.
func (b *Bot) completeFixWho(c *call, typed string) ([]offer, error) {
	rec, err := b.gmBattle(c, fixable)
	if err != nil || !fixable(rec.Status) {
		return nil, err
	}
	kind := fieldKind(c.str("field"))
	st := &rec.State
	var out []offer
	if kind == "" || kind == "unit" {
		for i := range st.Units {
			u := &st.Units[i]
			name := unitName(c.lang, u) + ", " + render.SideName(c.lang, u.Side)
			if u.Status != engine.StatusOK {
				name += ", " + render.StatusName(c.lang, u.Status)
			}
			out = append(out, offer{u.ID, name})
		}
	}
	if kind == "" || kind == "leader" {
		for i := range st.Leaders {
			l := &st.Leaders[i]
			out = append(out, offer{l.ID, leaderName(c.lang, l) + ", " + render.SideName(c.lang, l.Side)})
		}
	}
	if kind == "" || kind == "side" {
		for _, s := range []engine.Side{engine.North, engine.South} {
			out = append(out, offer{s.String(), s.String() + " — " + render.T(c.lang, "complete.side", render.SideName(c.lang, s))})
		}
	}
	return match(out, typed), nil
}

// completeFixValue offers the values the chosen field of the chosen unit,
// leader or side takes: each one engine.Fix accepts.
func (b *Bot) completeFixValue(c *call, typed string) ([]offer, error) {
	rec, err := b.gmBattle(c, fixable)
	if err != nil || !fixable(rec.Status) {
		return nil, err
	}
	who, field := c.str("who"), c.str("field")
	now := fixCurrent(&rec.State, who, field)
	var out []offer
	for _, v := range fixCandidates(&rec.State, who, field) {
		if _, p := engine.Fix(rec.State, who, field, v); p != nil {
			continue
		}
		name := v
		if g := fixGloss(c.lang, field, v); g != "" {
			name += " — " + g
		}
		if v == now {
			name = render.T(c.lang, "complete.now", name)
		}
		out = append(out, offer{v, name})
	}
	return match(out, typed), nil
}

// fixCandidates are the values worth trying for a field, written as
// engine.Fix reads them; it keeps the ones it accepts.
func fixCandidates(b *engine.Battle, who, field string) []string {
	count := func(from, to int) []string {
		var out []string
		for n := from; n <= to; n++ {
			out = append(out, strconv.Itoa(n))
		}
		return out
	}
	names := func(cells []engine.Cell) []string {
		var out []string
		for _, c := range cells {
			out = append(out, c.Name())
		}
		return out
	}
	switch field {
	case "cell":
		var off []engine.Cell
		for y := 1 - engine.FixBand; y <= engine.FieldHeight+engine.FixBand; y++ {
			for x := 1 - engine.FixBand; x <= engine.FieldWidth+engine.FixBand; x++ {
				if c := (engine.Cell{X: x, Y: y}); !c.OnField() {
					off = append(off, c)
				}
			}
		}
		sort.Slice(off, func(i, j int) bool { return off[i].Name() < off[j].Name() })
		return append(names(cellsWhere(func(engine.Cell) bool { return true })), names(off)...)
	case "facing":
		var out []string
		for _, d := range engine.Dirs() {
			out = append(out, d.String())
		}
		return out
	case "figures":
		return count(1, engine.MaxFigures)
	case "status":
		var out []string
		for _, s := range engine.Statuses() {
			out = append(out, s.String())
		}
		return out
	case "ammo":
		if u := b.Unit(who); u != nil {
			return count(0, u.Stats().AmmoPerFigure*u.Figures)
		}
	case "fatigued", "hold", "save_ammo":
		return []string{"true", "false"}
	case "at":
		out := []string{engine.AtHQ, engine.AtReserve}
		if l := b.Leader(who); l != nil {
			for i := range b.Units {
				if u := &b.Units[i]; u.Side == l.Side && u.Active() {
					out = append(out, u.ID)
				}
			}
		}
		return out
	case "wounds":
		return count(0, 3)
	case "health":
		var out []string
		for h := engine.LeaderOK; h <= engine.LeaderKilled; h++ {
			out = append(out, h.String())
		}
		return out
	case "hq":
		if side, err := engine.ParseSide(who); err == nil {
			return append([]string{"none"}, names(cellsWhere(func(c engine.Cell) bool { return engine.InOwnZones(c, side) }))...)
		}
	case "messengers", "shinobi":
		return count(0, engine.MaxFixCount)
	}
	return nil
}

// fixCurrent is the value a field has now, as Fix writes it; "" if none.
func fixCurrent(b *engine.Battle, who, field string) string {
	if u := b.Unit(who); u != nil {
		switch field {
		case "cell":
			return u.Cell.Name()
		case "facing":
			return u.Facing.String()
		case "figures":
			return strconv.Itoa(u.Figures)
		case "status":
			return u.Status.String()
		case "ammo":
			return strconv.Itoa(u.Ammo)
		case "fatigued":
			return strconv.FormatBool(u.Fatigued)
		case "hold":
			return strconv.FormatBool(u.Hold)
		case "save_ammo":
			return strconv.FormatBool(u.SaveAmmo)
		}
		return ""
	}
	if l := b.Leader(who); l != nil {
		switch field {
		case "at":
			return l.At
		case "wounds":
			return strconv.Itoa(l.Wounds)
		case "health":
			return l.Health.String()
		}
		return ""
	}
	side, err := engine.ParseSide(who)
	if err != nil {
		return ""
	}
	switch field {
	case "hq":
		if b.HQ[side] == engine.NoCell {
			return "none"
		}
		return b.HQ[side].Name()
	case "messengers":
		return strconv.Itoa(b.Messengers[side])
	case "shinobi":
		return strconv.Itoa(b.Shinobi[side])
	}
	return ""
}

// fixGloss says in words what a value of a field means; "" when the value
// says it itself (a number, a cell, a unit).
func fixGloss(l render.Lang, field, v string) string {
	switch field {
	case "facing":
		if d, err := engine.ParseDir(v); err == nil {
			return render.FacingName(l, d)
		}
	case "status":
		if s, ok := engine.ParseStatus(v); ok {
			return render.StatusName(l, s)
		}
	case "fatigued", "hold", "save_ammo":
		return render.T(l, "complete."+v)
	case "health":
		return render.T(l, "complete.health."+v)
	case "at":
		if v == engine.AtHQ || v == engine.AtReserve {
			return atName(l, v)
		}
	case "hq":
		if v == "none" {
			return render.T(l, "complete.hq.none")
		}
	}
	return ""
}

// settingInfo is the row of a settings key the GM may set; false for an
// unknown key, a family or one the engine does not honour.
func settingInfo(key string) (engine.SettingInfo, bool) {
	for _, info := range engine.SettingKeys() {
		if info.Key == key && info.Implemented && !strings.Contains(key, "<") {
			return info, true
		}
	}
	return engine.SettingInfo{}, false
}

// gmSettings are the settings of the battle named, or the defaults while
// none is.
func (b *Bot) gmSettings(c *call) (engine.Settings, bool) {
	rec, err := b.gmBattle(c, func(s store.Status) bool { return s != store.StatusFinished })
	if err != nil {
		return engine.DefaultSettings(), false
	}
	return rec.State.Settings, true
}

// completeSetKey offers the settings keys the engine honours (as /battle
// set lists them), with the battle's value of each.
func (b *Bot) completeSetKey(c *call, typed string) ([]offer, error) {
	cur, known := b.gmSettings(c)
	var out []offer
	for _, info := range engine.SettingKeys() {
		if _, ok := settingInfo(info.Key); !ok {
			continue
		}
		v, err := cur.Get(info.Key)
		if err != nil {
			return nil, err
		}
		name := render.T(c.lang, "complete.setting", info.Key, v)
		if !known {
			name = render.T(c.lang, "complete.default", info.Key+" = "+v)
		}
		out = append(out, offer{info.Key, name})
	}
	return match(out, typed), nil
}

// completeSetValue offers the values the chosen key takes: each one that
// game.SetSetting accepts (Settings.Set, and honoured by the engine).
func (b *Bot) completeSetValue(c *call, typed string) ([]offer, error) {
	key := c.str("key")
	info, ok := settingInfo(key)
	if !ok {
		return nil, nil
	}
	cur, known := b.gmSettings(c)
	now, _ := cur.Get(key)
	cands := info.Values
	switch {
	case key == "battle.max_turns":
		cands = []string{info.Default, now}
		for n := 1; n <= 999; n++ {
			cands = append(cands, strconv.Itoa(n))
		}
	case key == "terrain.available":
		cands = nil
		for set := 0; set < 8; set++ {
			var names []string
			for k, n := range []string{"hill", "forest", "swamp"} {
				if set&(1<<k) != 0 {
					names = append(names, n)
				}
			}
			cands = append(cands, "["+strings.Join(names, ", ")+"]")
		}
	case len(cands) == 0:
		cands = []string{info.Default}
	}
	var out []offer
	for _, v := range cands {
		next := cur
		if next.Set(key, v) != nil || slices.Contains(next.Unhonoured(), key) {
			continue
		}
		name := v
		if g := settingGloss(c.lang, key, v); g != "" {
			name += " — " + g
		}
		if v == info.Default {
			name = render.T(c.lang, "complete.default", name)
		}
		if known && v == now {
			name = render.T(c.lang, "complete.now", name)
		}
		out = append(out, offer{v, name})
	}
	return match(out, typed), nil
}

// settingGloss words a setting's value where words help: yes or no, the
// terrain types.
func settingGloss(l render.Lang, key, v string) string {
	switch {
	case v == "true" || v == "false":
		return render.T(l, "complete."+v)
	case key == "terrain.available":
		var words []string
		for _, n := range strings.Split(strings.Trim(v, "[]"), ", ") {
			if n != "" {
				words = append(words, render.T(l, "legend."+n))
			}
		}
		if len(words) == 0 {
			return render.T(l, "complete.false")
		}
		return strings.Join(words, ", ")
	}
	return ""
}

// The players' completions.

// seatView is the caller's seat found by find and his side's view.
func (b *Bot) seatView(c *call, find func(guild string, roles []string) (game.Seat, error)) (game.Seat, engine.Battle, error) {
	seat, err := b.seat(c, find)
	if err != nil {
		return seat, engine.Battle{}, err
	}
	return seat, engine.View(seat.Battle.State, seat.Side), nil
}

// completeOwnUnit offers the caller's own units on the field.
func (b *Bot) completeOwnUnit(c *call, typed string) ([]offer, error) {
	seat, view, err := b.seatView(c, b.svc.AnySeat)
	if err != nil {
		return nil, err
	}
	return match(unitOffers(c.lang, &view, seat.Side), typed), nil
}

// completeWhy offers any unit the side can see, its own first.
func (b *Bot) completeWhy(c *call, typed string) ([]offer, error) {
	seat, view, err := b.seatView(c, b.svc.AnySeat)
	if err != nil {
		return nil, err
	}
	return match(append(unitOffers(c.lang, &view, seat.Side), unitOffers(c.lang, &view, seat.Side.Enemy())...), typed), nil
}

// unrolled is what a side that has not rolled yet is taken to have: no
// order is refused for want of the roll, so that the orders offered before
// /roll are what the rules allow.
var unrolled = engine.CommandResult{Success: true, Special: 99, Ordinary: 99}

// orderCtx is what /order's completions know: the side's battle taking
// orders, the orders it has given this turn and its roll, and the order
// the interaction spells so far.
type orderCtx struct {
	state   engine.Battle // the whole battle: engine.Options keeps to the side's view itself
	view    engine.Battle
	side    engine.Side
	turn    int
	orders  []engine.Order
	granted engine.CommandResult
	fixed   bool // the plan-change round: missions and banners stay (D-29)
	trees   map[string]engine.OrderTree

	o       engine.Order // as parseOrder would read it
	hasKind bool
	hasSlot bool
}

func (b *Bot) orderContext(c *call) (*orderCtx, error) {
	seat, err := b.seat(c, b.svc.SeatOf)
	if err != nil {
		return nil, err
	}
	so, err := b.svc.Orders(seat)
	if err != nil {
		return nil, err
	}
	rec := seat.Battle
	oc := &orderCtx{state: rec.State, view: engine.View(rec.State, seat.Side), side: seat.Side, turn: rec.Turn,
		orders: so.Orders, granted: unrolled, trees: map[string]engine.OrderTree{}}
	if so.Command != nil {
		oc.granted = so.Command.Result
	}
	err = b.svc.Store.View(func(tx *store.Tx) error {
		ph, err := tx.Phase(rec.GuildID, rec.ID, rec.Turn)
		oc.fixed = err == nil && ph.Round > 0
		if errors.Is(err, store.ErrNotFound) {
			return nil
		}
		return err
	})
	if err != nil {
		return nil, err
	}
	oc.o = engine.Order{Unit: c.str("unit"), Side: seat.Side, Phase: 1, Target: c.str("target"),
		Leader: c.str("leader"), To: c.str("to"), Mission: c.str("mission"), Banner: c.str("banner")}
	if k, err := engine.ParseOrderKind(c.str("order")); err == nil {
		oc.o.Kind, oc.hasKind = k, true
		if k.Special() {
			oc.o.Class = engine.Special
		}
	}
	if p, ok := optNum(c, "phase"); ok {
		oc.o.Phase = p
	}
	switch c.str("slot") {
	case "special":
		oc.o.Class, oc.hasSlot = engine.Special, true
	case "ordinary":
		oc.o.Class, oc.hasSlot = engine.Ordinary, true
	}
	return oc, nil
}

// replaces mirrors game's rule of which order a new one takes the place
// of: a unit's order for the same phase, the army-wide order, a leader's
// move. A unit's order of a kind not chosen yet replaces as any unit order.
func replaces(o, x engine.Order) bool {
	switch {
	case o.Kind.ArmyWide() || x.Kind.ArmyWide():
		return o.Kind.ArmyWide() && x.Kind.ArmyWide()
	case o.Kind == engine.OrderMoveLeader || x.Kind == engine.OrderMoveLeader:
		return o.Kind == x.Kind && o.Leader == x.Leader
	case o.Kind.Declaration() || x.Kind.Declaration():
		return false
	}
	return o.Unit == x.Unit && o.Phase == x.Phase
}

// tree is every order the side may add once o takes the place of the
// order it replaces (engine.Options).
func (oc *orderCtx) tree(o engine.Order) engine.OrderTree {
	var kept []engine.Order
	var key strings.Builder
	for i, x := range oc.orders {
		if replaces(o, x) {
			fmt.Fprintf(&key, "%d,", i)
			continue
		}
		kept = append(kept, x)
	}
	if t, ok := oc.trees[key.String()]; ok {
		return t
	}
	t := engine.Options(oc.state, oc.side, oc.turn, kept, oc.granted)
	oc.trees[key.String()] = t
	return t
}

// kinds are the ways tree lets unit take the order spelled so far: of its
// kind once chosen, in its phase, in its slot once known.
func (oc *orderCtx) kinds(t engine.OrderTree, unit string) []engine.KindOptions {
	var out []engine.KindOptions
	for _, uo := range t.Units {
		if uo.Unit != unit {
			continue
		}
		for _, ko := range uo.Kinds {
			if oc.hasKind && ko.Kind != oc.o.Kind || !slices.Contains(ko.Phases, oc.o.Phase) ||
				(oc.hasKind || oc.hasSlot) && !slices.Contains(ko.Classes, oc.o.Class) {
				continue
			}
			out = append(out, ko)
		}
	}
	return out
}

// completeOrderUnit offers the units that may take the order spelled so
// far (any order before one is chosen); outside a command phase, the
// side's own units.
func (b *Bot) completeOrderUnit(c *call, typed string) ([]offer, error) {
	oc, err := b.orderContext(c)
	if err != nil {
		return b.completeOwnUnit(c, typed)
	}
	var out []offer
	if oc.hasKind && oc.o.Kind != engine.OrderBanner && (oc.o.Kind.ArmyWide() || oc.o.Kind.Declaration()) {
		return nil, nil // given without a unit
	}
	for _, u := range unitOffers(c.lang, &oc.view, oc.side) {
		o := oc.o
		o.Unit = u.value.(string)
		t := oc.tree(o)
		ok := len(oc.kinds(t, o.Unit)) > 0
		if oc.hasKind && o.Kind == engine.OrderBanner {
			ok = !oc.fixed && slices.ContainsFunc(t.Banners, func(bo engine.BannerOptions) bool {
				return (o.Banner == "" || bo.Banner == o.Banner) &&
					slices.ContainsFunc(bo.Units, func(bu engine.BannerUnit) bool { return bu.Unit == o.Unit })
			})
		}
		if ok {
			out = append(out, u)
		}
	}
	return match(out, typed), nil
}

// completeTarget offers the enemy units the order spelled so far may
// target: a shinobi mission's, or the typed unit's as engine.Options has
// them; otherwise, or outside a command phase, every enemy unit the side
// sees.
func (b *Bot) completeTarget(c *call, typed string) ([]offer, error) {
	oc, err := b.orderContext(c)
	if err != nil {
		seat, view, err := b.seatView(c, b.svc.AnySeat)
		if err != nil {
			return nil, err
		}
		return match(unitOffers(c.lang, &view, seat.Side.Enemy()), typed), nil
	}
	var ids []string
	switch {
	case oc.hasKind && oc.o.Kind == engine.OrderShinobi:
		if oc.fixed {
			return nil, nil
		}
		for _, so := range oc.tree(oc.o).Shinobi {
			if oc.o.Mission == "" || so.Mission == oc.o.Mission {
				ids = append(ids, so.Targets...)
			}
		}
		return match(idOffers(c.lang, &oc.view, ids), typed), nil
	case oc.o.Unit != "":
		for _, ko := range oc.kinds(oc.tree(oc.o), oc.o.Unit) {
			for _, ch := range ko.Choices {
				if ch.Target != "" {
					ids = append(ids, ch.Target)
				}
			}
		}
	}
	if len(ids) == 0 {
		return match(unitOffers(c.lang, &oc.view, oc.side.Enemy()), typed), nil
	}
	return match(idOffers(c.lang, &oc.view, ids), typed), nil
}

// completeGallop offers the gallop steps engine.Options has for the unit
// typed (and its order, once chosen), worded in the caller's language;
// the value is the steps as /order reads them ("move wheel_left").
func (b *Bot) completeGallop(c *call, typed string) ([]offer, error) {
	oc, err := b.orderContext(c)
	if err != nil || oc.o.Unit == "" || oc.hasKind && !oc.o.Kind.Gallops() {
		return nil, err
	}
	var out []offer
	for _, ko := range oc.kinds(oc.tree(oc.o), oc.o.Unit) {
		for _, ch := range ko.Choices {
			if len(ch.Steps) == 0 {
				continue
			}
			var keys, words []string
			for _, s := range ch.Steps {
				keys = append(keys, s.String())
				words = append(words, render.T(c.lang, "step."+s.String()))
			}
			out = append(out, offer{strings.Join(keys, " "), strings.Join(words, ", ")})
		}
	}
	return match(out, typed), nil
}

// leaderMoves are the places each leader of the side may move to now, by
// leader, in the order of the battle's leaders.
func (oc *orderCtx) leaderMoves() []engine.LeaderOptions {
	var out []engine.LeaderOptions
	for _, l := range oc.view.Leaders {
		if l.Side != oc.side {
			continue
		}
		o := engine.Order{Side: oc.side, Kind: engine.OrderMoveLeader, Leader: l.ID}
		for _, lo := range oc.tree(o).Leaders {
			if lo.Leader == l.ID {
				out = append(out, lo)
			}
		}
	}
	return out
}

// completeOrderLeader offers the side's leaders who may move.
func (b *Bot) completeOrderLeader(c *call, typed string) ([]offer, error) {
	oc, err := b.orderContext(c)
	if err != nil {
		return nil, err
	}
	var out []offer
	for _, lo := range oc.leaderMoves() {
		if l := oc.view.Leader(lo.Leader); l != nil {
			out = append(out, offer{l.ID, leaderName(c.lang, l)})
		}
	}
	return match(out, typed), nil
}

// completeOrderTo offers where the typed leader may go (where any may,
// before one is typed): own units, the HQ, the reserve.
func (b *Bot) completeOrderTo(c *call, typed string) ([]offer, error) {
	oc, err := b.orderContext(c)
	if err != nil {
		return nil, err
	}
	var out []offer
	for _, lo := range oc.leaderMoves() {
		if oc.o.Leader != "" && lo.Leader != oc.o.Leader {
			continue
		}
		for _, to := range lo.To {
			if o, ok := placeOffer(c.lang, &oc.view, oc.side, to); ok {
				out = append(out, o)
			}
		}
	}
	return match(out, typed), nil
}

// completeBanner offers the banners the side may raise, in the typed unit
// once there is one (engine.Options' BannerOptions).
func (b *Bot) completeBanner(c *call, typed string) ([]offer, error) {
	oc, err := b.orderContext(c)
	if err != nil || oc.fixed {
		return nil, err
	}
	o := oc.o
	o.Kind = engine.OrderBanner
	var out []offer
	for _, bo := range oc.tree(o).Banners {
		var units []string
		for _, bu := range bo.Units {
			if o.Unit == "" || bu.Unit == o.Unit {
				units = append(units, bu.Unit)
			}
		}
		if len(units) == 0 {
			continue
		}
		title := render.T(c.lang, "complete.banner."+bo.Banner)
		if title == "complete.banner."+bo.Banner {
			title = bo.Banner
		} else {
			title = bo.Banner + " — " + title
		}
		out = append(out, offer{bo.Banner, render.T(c.lang, "complete.banner", title, strings.Join(units, ", "))})
	}
	return match(out, typed), nil
}

// completeDeployCell offers the cells of the side's deployment zones a
// unit may take (free, not a swamp: R-IV.1.1, R-I.2.2, R-XI.4.1); with
// terrain given, the defender's cells to toggle it on.
func (b *Bot) completeDeployCell(c *call, typed string) ([]offer, error) {
	seat, view, err := b.seatView(c, b.svc.DeploySeat)
	if err != nil {
		return nil, err
	}
	side := seat.Side
	own := cellsWhere(func(cl engine.Cell) bool { return engine.InOwnZones(cl, side) })
	var out []offer
	if kind := c.str("terrain"); kind != "" {
		if side != view.Defender {
			return nil, nil // R-IV.2.1
		}
		on := map[string]func(engine.Cell) bool{"hill": view.Terrain.Hill, "forest": view.Terrain.Forest, "swamp": view.Terrain.Swamp}[kind]
		if on == nil {
			return nil, nil
		}
		word := render.T(c.lang, "legend."+kind)
		for _, cl := range own {
			key := "complete.terrain.place"
			if on(cl) {
				key = "complete.terrain.remove"
			}
			out = append(out, offer{cl.Name(), render.T(c.lang, key, cl.Name(), word)})
		}
		return match(out, typed), nil
	}
	for _, cl := range own {
		if view.UnitAt(cl) != nil || view.Terrain.Swamp(cl) {
			continue
		}
		name := render.T(c.lang, "complete.cell.free", cl.Name())
		if t := terrainWords(c.lang, &view.Terrain, cl); t != "" {
			name = render.T(c.lang, "complete.cell.free_on", cl.Name(), t)
		}
		out = append(out, offer{cl.Name(), name})
	}
	return match(out, typed), nil
}

// completeDeployHQ offers the cells the HQ may take: the side's own zones
// (R-III.1.1, D-18).
func (b *Bot) completeDeployHQ(c *call, typed string) ([]offer, error) {
	seat, view, err := b.seatView(c, b.svc.DeploySeat)
	if err != nil {
		return nil, err
	}
	var out []offer
	for _, cl := range cellsWhere(func(cl engine.Cell) bool { return engine.InOwnZones(cl, seat.Side) }) {
		key := "complete.hq.move"
		if view.HQ[seat.Side] == cl {
			key = "complete.hq.here"
		}
		out = append(out, offer{cl.Name(), render.T(c.lang, key, cl.Name())})
	}
	return match(out, typed), nil
}

// completeDeployLeader offers the side's leaders (R-IV.3.1).
func (b *Bot) completeDeployLeader(c *call, typed string) ([]offer, error) {
	seat, view, err := b.seatView(c, b.svc.DeploySeat)
	if err != nil {
		return nil, err
	}
	var out []offer
	for i := range view.Leaders {
		if l := &view.Leaders[i]; l.Side == seat.Side {
			out = append(out, offer{l.ID, leaderName(c.lang, l)})
		}
	}
	return match(out, typed), nil
}

// completeDeployTo offers where a leader may stand at the start: the HQ
// (once the side has one), the reserve or an own unit (R-IV.3.1).
func (b *Bot) completeDeployTo(c *call, typed string) ([]offer, error) {
	seat, view, err := b.seatView(c, b.svc.DeploySeat)
	if err != nil {
		return nil, err
	}
	places := []string{engine.AtReserve}
	if view.HQ[seat.Side] != engine.NoCell {
		places = []string{engine.AtHQ, engine.AtReserve}
	}
	var out []offer
	for _, to := range places {
		o, _ := placeOffer(c.lang, &view, seat.Side, to)
		out = append(out, o)
	}
	out = append(out, unitOffers(c.lang, &view, seat.Side)...)
	return match(out, typed), nil
}

// splitList splits a list as game reads one: at spaces, commas and
// semicolons.
func splitList(s string) []string {
	return strings.FieldsFunc(s, func(r rune) bool { return r == ' ' || r == ',' || r == ';' })
}

// completeScoutCells offers the list of cells to scout so far with one
// cell more (2 a shinobi, once: R-IV.5.2), the enemy's zones first, where
// its army stands.
func (b *Bot) completeScoutCells(c *call, typed string) ([]offer, error) {
	seat, err := b.seat(c, b.svc.ScoutSeat)
	if err != nil {
		return nil, err
	}
	rec, side := seat.Battle, seat.Side
	most := 2 * rec.State.Shinobi[side]
	if rec.Scouts[side] > 0 || rec.ScoutsDone[side] || most == 0 {
		return nil, nil
	}
	words := splitList(typed)
	last := ""
	if len(words) > 0 && !strings.ContainsAny(typed[len(typed)-1:], " ,;") {
		last, words = strings.ToUpper(words[len(words)-1]), words[:len(words)-1]
	}
	var given []string
	seen := map[engine.Cell]bool{}
	for _, w := range words {
		cl, err := engine.ParseCell(w)
		if err != nil || !cl.OnField() || seen[cl] {
			return nil, nil
		}
		seen[cl] = true
		given = append(given, cl.Name())
	}
	prefix := strings.Join(given, " ")
	if len(given) >= most {
		return []offer{{prefix, render.T(c.lang, "complete.scout", prefix, len(given), most)}}, nil
	}
	enemy := side.Enemy()
	var first, rest []offer
	for _, cl := range cellsWhere(func(cl engine.Cell) bool { return !seen[cl] }) {
		if !strings.Contains(cl.Name(), last) {
			continue
		}
		v := strings.TrimSpace(prefix + " " + cl.Name())
		if engine.InOwnZones(cl, enemy) {
			first = append(first, offer{v, render.T(c.lang, "complete.scout.enemy", v, len(given)+1, most)})
		} else {
			rest = append(rest, offer{v, render.T(c.lang, "complete.scout", v, len(given)+1, most)})
		}
	}
	return append(first, rest...), nil
}

// completeSwap offers the swaps of two own units the side may still make
// (engine.CheckSwap: one a scout, R-IV.5.5, D-28), as "unit unit".
func (b *Bot) completeSwap(c *call, typed string) ([]offer, error) {
	seat, view, err := b.seatView(c, b.svc.ScoutSeat)
	if err != nil {
		return nil, err
	}
	rec, side := seat.Battle, seat.Side
	if rec.ScoutsDone[side] {
		return nil, nil
	}
	scouts := rec.Scouts[side]
	if n := len(splitList(c.str("cells"))); scouts == 0 && n > 0 {
		scouts = min((n+1)/2, rec.State.Shinobi[side]) // the same /scout sends them first
	}
	// The positions the earlier swaps leave: each pair named where it
	// will stand.
	after := view
	for _, sw := range rec.Swaps[side] {
		after, _ = engine.SwapUnits(after, side, sw[0], sw[1])
	}
	var out []offer
	own := unitOffers(c.lang, &after, side)
	for i, a := range own {
		for _, z := range own[i+1:] {
			pair := [2]string{a.value.(string), z.value.(string)}
			if engine.CheckSwap(rec.State, side, rec.Swaps[side], pair, scouts) != nil {
				continue
			}
			ua, uz := after.Unit(pair[0]), after.Unit(pair[1])
			out = append(out, offer{pair[0] + " " + pair[1],
				render.T(c.lang, "complete.swap", pair[0], ua.Cell.Name(), pair[1], uz.Cell.Name())})
		}
	}
	return match(out, typed), nil
}

// completeCancel offers the side's own orders of this turn that /orders
// cancel takes back: by unit, with the phase and the order in the name.
func (b *Bot) completeCancel(c *call, typed string) ([]offer, error) {
	seat, err := b.seat(c, b.svc.SeatOf)
	if err != nil {
		return nil, err
	}
	so, err := b.svc.Orders(seat)
	if err != nil {
		return nil, err
	}
	var out []offer
	for _, o := range so.Orders {
		if o.Unit == "" || o.Phase != 1 && o.Phase != 2 {
			continue
		}
		out = append(out, offer{o.Unit, render.T(c.lang, "complete.cancel", o.Unit, o.Phase, render.OrderName(c.lang, o.Kind))})
	}
	slices.SortStableFunc(out, func(x, y offer) int { return strings.Compare(x.name, y.name) })
	// One unit may have two orders: each is offered (the phase tells them
	// apart), so match may not drop the second by its value.
	typedLow := strings.ToLower(strings.TrimSpace(typed))
	var kept []offer
	for _, o := range out {
		if strings.Contains(strings.ToLower(o.name), typedLow) {
			kept = append(kept, o)
		}
	}
	return kept, nil
}

// completeSaveAmmo offers the shooters whose Save ammo! /orders may give
// or take back (engine.SetSaveAmmo; only under save_ammo.changeable).
func (b *Bot) completeSaveAmmo(c *call, typed string) ([]offer, error) {
	seat, view, err := b.seatView(c, b.svc.SeatOf)
	if err != nil {
		return nil, err
	}
	var out []offer
	for i := range view.Units {
		u := &view.Units[i]
		if u.Side != seat.Side {
			continue
		}
		if _, p := engine.SetSaveAmmo(view, seat.Side, u.ID, !u.SaveAmmo, false); p != nil {
			continue
		}
		key := "complete.save_ammo.off"
		if u.SaveAmmo {
			key = "complete.save_ammo.on"
		}
		out = append(out, offer{u.ID, render.T(c.lang, key, unitName(c.lang, u))})
	}
	return match(out, typed), nil
}
