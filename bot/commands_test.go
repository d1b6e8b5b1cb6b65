package bot

import (
	"encoding/json"
	"regexp"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/bwmarrin/discordgo"

	"github.com/gunbai/gunbai/engine"
	"github.com/gunbai/gunbai/render"
)

// Discord's rules for command and option names (application commands
// docs): 1-32 characters of letters, digits, - and _, lower case.
var discordName = regexp.MustCompile(`^[-_\p{L}\p{N}]{1,32}$`)

func checkName(t *testing.T, where, name string) {
	t.Helper()
	if !discordName.MatchString(name) || strings.ToLower(name) != name {
		t.Errorf("%s: %q is not a valid Discord name", where, name)
	}
}

func checkDesc(t *testing.T, where, desc string) {
	t.Helper()
	if n := utf8.RuneCountInString(desc); n < 1 || n > 100 {
		t.Errorf("%s: description of %d characters: %q", where, n, desc)
	}
}

// Every command, subcommand, option and choice exists in English (the base)
// and Russian, within Discord's limits, and the Russian text is not the
// English one left untranslated.
func TestCommandsAreBilingualAndValid(t *testing.T) {
	cmds := Commands()
	names := map[string]bool{}
	for _, c := range cmds {
		checkName(t, c.Name, c.Name)
		checkName(t, c.Name, (*c.NameLocalizations)[discordgo.Russian])
		checkDesc(t, c.Name, c.Description)
		checkDesc(t, c.Name, (*c.DescriptionLocalizations)[discordgo.Russian])
		if (*c.NameLocalizations)[discordgo.Russian] == c.Name {
			t.Errorf("%s has no Russian name", c.Name)
		}
		if names[c.Name] {
			t.Errorf("command %s twice", c.Name)
		}
		names[c.Name] = true
		var walk func(path string, opts []*discordgo.ApplicationCommandOption)
		walk = func(path string, opts []*discordgo.ApplicationCommandOption) {
			seen := map[string]bool{}
			for _, o := range opts {
				p := path + " " + o.Name
				checkName(t, p, o.Name)
				checkName(t, p, o.NameLocalizations[discordgo.Russian])
				checkDesc(t, p, o.Description)
				checkDesc(t, p, o.DescriptionLocalizations[discordgo.Russian])
				if seen[o.Name] || seen["ru:"+o.NameLocalizations[discordgo.Russian]] {
					t.Errorf("%s: duplicate option name", p)
				}
				seen[o.Name], seen["ru:"+o.NameLocalizations[discordgo.Russian]] = true, true
				if len(o.Choices) > 25 {
					t.Errorf("%s: %d choices (Discord allows 25)", p, len(o.Choices))
				}
				for _, ch := range o.Choices {
					if ch.Name == "" || ch.NameLocalizations[discordgo.Russian] == "" {
						t.Errorf("%s: choice %v lacks a name", p, ch.Value)
					}
				}
				walk(p, o.Options)
			}
		}
		walk(c.Name, c.Options)
	}
	for _, want := range []string{"battle", "roll", "order", "orders", "deploy"} {
		if !names[want] {
			t.Errorf("missing command /%s", want)
		}
	}
}

// GM commands are hidden by default_member_permissions; player commands are
// not. All are guild commands (orders are secret per clan, not DMs to the
// bot itself).
// gmCommands are hidden from members without Manage Server; /roster is not
// (a player shows his clan's roster), its GM subcommands are checked by the
// bot (gmPaths).
var gmCommands = map[string]bool{"battle": true, "aftermath": true, "turn": true, "quickbattle": true, "naval": true, "duel": true,
	"retreat": true, "control": true, "suppress": true, "secession": true}

var gmPaths = map[string]bool{"roster upload": true, "roster set": true, "roster clan": true,
	"siege assault": true, "siege relief": true, "siege phase": true,
	"skirmish open": true, "skirmish warband": true, "skirmish recruit": true, "skirmish classes": true}

// playerPaths are players' subcommands of a GM's command, routed without
// the GM's check (cmdSpec.player): the request as the issue spells it.
var playerPaths = map[string]bool{"battle request": true}

func TestCommandPermissions(t *testing.T) {
	for _, c := range Commands() {
		gm := gmCommands[c.Name]
		if gm != (c.DefaultMemberPermissions != nil) {
			t.Errorf("/%s: default_member_permissions %v", c.Name, c.DefaultMemberPermissions)
		}
		raw, err := json.Marshal(c)
		if err != nil {
			t.Fatal(err)
		}
		if gm && !strings.Contains(string(raw), `"default_member_permissions":"32"`) {
			t.Errorf("/%s JSON: %s", c.Name, raw)
		}
	}
}

// The /order choices are exactly the orders the engine executes, so a player
// cannot pick one it would refuse as not supported.
func TestOrderChoicesFollowTheEngine(t *testing.T) {
	for _, c := range Commands() {
		if c.Name != "order" {
			continue
		}
		for _, o := range c.Options {
			if o.Name != "order" {
				continue
			}
			got := map[string]bool{}
			for _, ch := range o.Choices {
				got[ch.Value.(string)] = true
			}
			for _, k := range []string{"move", "retreat", "wheel_left", "sidestep_right", "wait", "rally", "advance", "shoot", "volley"} {
				if !got[k] {
					t.Errorf("order choice %s missing", k)
				}
			}
			for _, k := range engine.OrderKinds() {
				if got[k.String()] != k.Supported() {
					t.Errorf("order %s: offered %v, executed by the engine %v", k, got[k.String()], k.Supported())
				}
			}
			return
		}
	}
	t.Fatal("no /order order option")
}

// D-67: an enemy unit hidden in a forest is never offered as a target.
func TestUnitChoicesHideForestUnits(t *testing.T) {
	b := engine.Battle{Units: []engine.Unit{
		{ID: "n1", Side: engine.North, Type: engine.SamuraiSpear, Figures: 8, Cell: engine.MustCell("A21"), Facing: engine.S},
		{ID: "s-open", Side: engine.South, Type: engine.SamuraiSpear, Figures: 8, Cell: engine.MustCell("C11"), Facing: engine.N},
		{ID: "s-hidden", Side: engine.South, Type: engine.SamuraiArcher, Figures: 8, Cell: engine.MustCell("D13"), Facing: engine.N},
	}}
	b.Terrain.Forests = []engine.Cell{engine.MustCell("D13")}
	got := unitChoices(render.EN, engine.View(b, engine.North), engine.South, "")
	if len(got) != 1 || got[0].Value != "s-open" {
		t.Fatalf("choices %+v", got)
	}
	if got := unitChoices(render.EN, engine.View(b, engine.South), engine.South, "s-"); len(got) != 2 {
		t.Fatalf("own units %+v", got)
	}
}

// Every option Discord is told to autocomplete reaches a completer by the
// path and name Discord sends back (the row's own, Bot.offers), and every
// completer on a row is asked: its option is marked autocomplete.
func TestEveryCompletedOptionHasItsCompleter(t *testing.T) {
	rs := routes()
	marked := map[string]bool{}
	for _, c := range Commands() {
		check := func(path string, o *discordgo.ApplicationCommandOption) {
			if !o.Autocomplete {
				return
			}
			marked[path+" "+o.Name] = true
			if rs[path].opts[o.Name].complete == nil {
				t.Errorf("/%s %s is autocompleted, but the route %q has no completer for it", path, o.Name, path)
			}
		}
		for _, o := range c.Options {
			if o.Type == discordgo.ApplicationCommandOptionSubCommand {
				for _, so := range o.Options {
					check(c.Name+" "+o.Name, so)
				}
				continue
			}
			check(c.Name, o)
		}
	}
	n := 0
	for path, r := range rs {
		for name, o := range r.opts {
			if o.complete == nil {
				continue
			}
			n++
			if !marked[path+" "+name] {
				t.Errorf("/%s %s has a completer Discord never asks for", path, name)
			}
		}
	}
	if n != len(marked) || n < 60 {
		t.Errorf("%d completers, %d options autocompleted", n, len(marked))
	}
}

// unitChoices lists the active units of a side in a view that match what
// was typed, at most Discord's 25, named with type and cell.
func unitChoices(l render.Lang, view engine.Battle, side engine.Side, typed string) []*discordgo.ApplicationCommandOptionChoice {
	return toChoices(match(unitOffers(l, &view, side), typed))
}
