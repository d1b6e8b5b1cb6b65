package main

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"strings"

	"github.com/gunbai/gunbai/bot"
	"github.com/gunbai/gunbai/render"
)

func commandsFlags(stderr io.Writer) (flags *flag.FlagSet, asJSON, register *bool, path *string) {
	flags = newFlags("commands", stderr)
	asJSON = flags.Bool("json", false, "print the JSON body of the bulk overwrite, indented, as the bot sends it")
	register = flags.Bool("register", false, "register the commands in the guilds of [discord] guilds of the config, without starting the bot")
	path = flags.String("config", "config.toml", "the configuration `FILE`, for -register: token, application_id, guilds")
	return
}

func commandsHelp(l render.Lang) string {
	flags, _, _, _ := commandsFlags(io.Discard)
	return render.T(l, "cli.help.commands", flagsText(flags, l))
}

// commandsMain is `gunbai commands [-json] | -register [-config FILE]`.
func commandsMain(args []string, stdout, stderr io.Writer) int {
	flags, asJSON, register, path := commandsFlags(stderr)
	if code, ok := parseFlags(flags, args, commandsHelp, stdout, stderr); !ok {
		return code
	}
	if *register {
		if *asJSON {
			fmt.Fprintln(stderr, "gunbai commands: -json prints, -register sends: give one of them")
			return 2
		}
		return registerMain(*path, stdout, stderr)
	}
	data, err := commandsJSON()
	if err != nil {
		fmt.Fprintln(stderr, "gunbai commands:", err)
		return 1
	}
	if *asJSON {
		stdout.Write(data)
		return 0
	}
	var cmds []cmdNode
	if err := json.Unmarshal(data, &cmds); err != nil {
		fmt.Fprintln(stderr, "gunbai commands:", err)
		return 1
	}
	writeTree(stdout, cmds)
	return 0
}

// commandsJSON is bot.Commands() as the bulk overwrite sends it, indented.
func commandsJSON() ([]byte, error) {
	data, err := json.MarshalIndent(bot.Commands(), "", "  ")
	if err != nil {
		return nil, err
	}
	return append(data, '\n'), nil
}

func registerMain(path string, stdout, stderr io.Writer) int {
	cfg, token, ok := loadConfig("commands", path, stderr)
	if !ok {
		return 2
	}
	if len(cfg.Discord.Guilds) == 0 {
		fmt.Fprintf(stderr, "gunbai commands: [discord] guilds of %s is empty: -register needs the IDs of the guilds to register in (a running bot registers in every guild it is in)\n", cfg.Source)
		return 2
	}
	regs, err := bot.RegisterCommands(conn(cfg, token), cfg.Discord.Guilds)
	for _, r := range regs {
		where := "guild " + r.Guild
		if r.Guild == "" {
			where = "global (the DM with the bot)"
		}
		fmt.Fprintf(stdout, "%s: %d commands of application %s registered: %s\n",
			where, len(r.Commands), r.ApplicationID, strings.Join(r.Commands, ", "))
	}
	if err != nil {
		fmt.Fprintln(stderr, "gunbai commands:", err)
		return 1
	}
	return 0
}

// cmdNode is a command, an option or a subcommand as Discord receives it:
// the fields of the JSON that a reader needs.
type cmdNode struct {
	Type                     int               `json:"type"`
	Name                     string            `json:"name"`
	NameLocalizations        map[string]string `json:"name_localizations"`
	Description              string            `json:"description"`
	DescriptionLocalizations map[string]string `json:"description_localizations"`
	DefaultMemberPermissions string            `json:"default_member_permissions"`
	Required                 bool              `json:"required"`
	Autocomplete             bool              `json:"autocomplete"`
	MinValue                 *float64          `json:"min_value"`
	MaxValue                 float64           `json:"max_value"`
	Choices                  []struct {
		Name              string            `json:"name"`
		NameLocalizations map[string]string `json:"name_localizations"`
		Value             json.RawMessage   `json:"value"`
	} `json:"choices"`
	Options []cmdNode `json:"options"`
}

// optionTypes are Discord's application command option types.
var optionTypes = map[int]string{
	1: "subcommand", 2: "subcommand group", 3: "string", 4: "integer", 5: "boolean", 6: "user",
	7: "channel", 8: "role", 9: "mentionable", 10: "number", 11: "attachment",
}

// writeTree writes the commands as an indented tree: each node's name and
// Russian name, what it is, then its English and Russian descriptions.
func writeTree(w io.Writer, cmds []cmdNode) {
	var b bytes.Buffer
	var walk func(n cmdNode, depth int, top bool)
	walk = func(n cmdNode, depth int, top bool) {
		pad := strings.Repeat("  ", depth)
		name := n.Name
		ru := n.NameLocalizations["ru"]
		if top {
			name, ru = "/"+name, "/"+ru
		}
		var what []string
		if top {
			if n.DefaultMemberPermissions == "32" {
				what = append(what, "GM: hidden from members without Manage Server until allowed")
			} else if n.DefaultMemberPermissions != "" {
				what = append(what, "default permissions "+n.DefaultMemberPermissions)
			}
		} else {
			what = append(what, optionTypes[n.Type])
		}
		if n.Required {
			what = append(what, "required")
		}
		if n.MinValue != nil || n.MaxValue != 0 {
			lo := "…"
			if n.MinValue != nil {
				lo = fmt.Sprint(*n.MinValue)
			}
			what = append(what, fmt.Sprintf("%s to %v", lo, n.MaxValue))
		}
		if n.Autocomplete {
			what = append(what, "autocomplete")
		}
		if len(n.Choices) > 0 {
			what = append(what, fmt.Sprintf("%d choices", len(n.Choices)))
		}
		fmt.Fprintf(&b, "%s%s (ru: %s)", pad, name, ru)
		if len(what) > 0 {
			fmt.Fprintf(&b, " — %s", strings.Join(what, ", "))
		}
		b.WriteString("\n")
		fmt.Fprintf(&b, "%s    en: %s\n", pad, n.Description)
		fmt.Fprintf(&b, "%s    ru: %s\n", pad, n.DescriptionLocalizations["ru"])
		for _, c := range n.Choices {
			fmt.Fprintf(&b, "%s    = %s: %s (ru: %s)\n", pad, c.Value, c.Name, c.NameLocalizations["ru"])
		}
		for _, o := range n.Options {
			walk(o, depth+1, false)
		}
	}
	for i, c := range cmds {
		if i > 0 {
			b.WriteString("\n")
		}
		walk(c, 0, true)
	}
	w.Write(b.Bytes())
}
