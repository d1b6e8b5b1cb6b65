package bot

import (
	"errors"
	"fmt"
	"runtime/debug"
	"sort"
	"strconv"
	"strings"

	"github.com/bwmarrin/discordgo"

	"github.com/gunbai/gunbai/engine"
	"github.com/gunbai/gunbai/game"
	"github.com/gunbai/gunbai/render"
)

// Autocomplete (issue 12, item 6). Every string option of the command
// table without fixed choices is completed by the bot as it is typed, but a
// new battle's name, which the GM makes up. What a player is offered comes
// from his own side's view (game.SideView): an enemy unit hidden from it
// (in deployment every enemy unit his scouts did not report, D-70), or
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

// completer lists what one option may take, best first; it sits on the
// option's row of the command table (optSpec.complete). typed is what the
// caller has typed of it so far, as typed (a trailing space ends a word of
// a list); a completer filters by it itself (match), so that one that
// builds its values from it (a list of cells) can.
type completer func(b *Bot, c *call, typed string) ([]offer, error)

// completeRule offers the rules whose ID or text holds what was typed.
func completeRule(_ *Bot, c *call, typed string) ([]offer, error) {
	var out []offer
	for _, ch := range ruleChoices(c.lang, strings.TrimSpace(typed)) {
		out = append(out, offer{ch.Value, ch.Name})
	}
	return out, nil
}

// complete answers Discord's autocomplete for the option being typed.
func (b *Bot) complete(c *call) error {
	choices := toChoices(b.offers(c))
	c.answered = true
	err := b.respond(c.i.Interaction, &discordgo.InteractionResponse{
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
	if c.i.GuildID == "" {
		if mine, done := b.dmOffers(c, focused); done {
			return mine // the DM's battle option, or nothing outside the player's battle
		}
	}
	r, known := b.routes[c.path]
	f := r.opts[focused.Name].complete
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

// ownZones lists the cells of a side's deployment zones, by name.
func ownZones(side engine.Side) []engine.Cell {
	return cellsWhere(func(c engine.Cell) bool { return engine.InOwnZones(c, side) })
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

// The players' completions.

// seatView is the caller's seat found by find and his side's view.
func (b *Bot) seatView(c *call, find func(guild string, roles []string) (game.Seat, error)) (game.Seat, engine.Battle, error) {
	seat, err := b.seat(c, find)
	if err != nil {
		return seat, engine.Battle{}, err
	}
	return seat, game.SideView(&seat.Battle, seat.Side), nil
}

// completeOwnUnit offers the caller's own units on the field.
func (b *Bot) completeOwnUnit(c *call, typed string) ([]offer, error) {
	seat, view, err := b.seatView(c, b.seats(c).AnySeat)
	if err != nil {
		return nil, err
	}
	return match(unitOffers(c.lang, &view, seat.Side), typed), nil
}

// completeWhy offers any unit the side can see, its own first.
func (b *Bot) completeWhy(c *call, typed string) ([]offer, error) {
	if b.isGM(c.i) {
		rec, err := b.whyBattle(c)
		if err != nil {
			return nil, err
		}
		return match(append(unitOffers(c.lang, &rec.State, engine.North), unitOffers(c.lang, &rec.State, engine.South)...), typed), nil
	}
	seat, view, err := b.seatView(c, b.seats(c).AnySeat)
	if err != nil {
		return nil, err
	}
	return match(append(unitOffers(c.lang, &view, seat.Side), unitOffers(c.lang, &view, seat.Side.Enemy())...), typed), nil
}
