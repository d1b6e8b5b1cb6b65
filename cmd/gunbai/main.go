// Command gunbai runs the Gunbai battle bot and its offline tools.
//
//	gunbai run [-config FILE]                          the Discord bot (token in the config or GUNBAI_TOKEN)
//	gunbai sandbox [-addr ADDR] [-store FILE]          play in a browser: the real bot on an embedded Discord
//	gunbai demo [-out DIR] [-turns N]                  play a built-in battle offline: PNGs and logs
//	gunbai case [--json] FILE...                       run engine case files (engine/testdata/cases/README.md)
//	gunbai commands [-json]                            the slash commands, as registered in Discord
//	gunbai commands -register [-config FILE]           register them in the configured guilds
//	gunbai why [-lang ru|en] STORE BATTLE TURN UNIT    what happened to a unit in a turn (the GM's /why)
//	gunbai verify [-lang ru|en] FILE                   recompute every die of a store or an export, check its journal
//	gunbai export [-lang ru|en] STORE [BATTLE]         battles as JSON for gunbai verify (the turn under way left out)
//	gunbai backup [-force] [-lang ru|en] STORE COPY    a hot copy of a store, safe while the bot runs
//	gunbai reshard -shards N [-ids RANGE] NEW OLD...   a store for a new shard count, from the old ones
//	gunbai rules [-lang ru|en] [ID]                    the rulebook, whole, or one rule or decision
//	gunbai version                                     the version and VCS revision of this build
//	gunbai help [COMMAND]                              this list, or one command's usage
//
// Every command's -h prints its usage with an example.
package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/gunbai/gunbai/engine/cases"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

// subcommand is one command of gunbai.
type subcommand struct {
	name string
	// list are its lines in gunbai's usage: the synopsis without
	// "gunbai ", and what it does in a few words.
	list [][2]string
	// help is the whole -h text: usage, a paragraph, examples, flags.
	help func() string
	main func(args []string, stdout, stderr io.Writer) int
	// flags: main parses its arguments with parseFlags, which answers -h
	// itself; otherwise run answers -h before calling main.
	flags bool
}

func subcommands() []subcommand {
	return []subcommand{
		{name: "run", list: [][2]string{{"run [-config FILE]", "run the Discord bot (token in the config or GUNBAI_TOKEN)"}},
			help: runHelp, main: runMain, flags: true},
		{name: "sandbox", list: [][2]string{{"sandbox [-addr ADDR] [-store FILE]", "play in a browser: the real bot on an embedded Discord"}},
			help: sandboxHelp, main: sandboxMain, flags: true},
		{name: "demo", list: [][2]string{{"demo [-out DIR] [-turns N]", "play a built-in battle offline; writes DIR/turn-N.png and logs"}},
			help: demoHelp, main: demoMain},
		{name: "case", list: [][2]string{{"case [--json] FILE...", "run engine case files (see engine/testdata/cases/README.md)"}},
			help: caseHelp, main: cases.Main},
		{name: "commands", list: [][2]string{
			{"commands [-json]", "print the slash commands as they are sent to Discord"},
			{"commands -register [-config FILE]", "register them in the configured guilds, without running the bot"},
		}, help: commandsHelp, main: commandsMain, flags: true},
		{name: "why", list: [][2]string{{"why [-lang ru|en] STORE BATTLE TURN UNIT", "what happened to a unit in a turn, with the rules (for the GM)"}},
			help: whyHelp, main: whyMain, flags: true},
		{name: "verify", list: [][2]string{{"verify [-lang ru|en] FILE", "recompute every die of a store, backup or export; check its journal"}},
			help: verifyHelp, main: verifyMain, flags: true},
		{name: "export", list: [][2]string{{"export [-lang ru|en] STORE [BATTLE]", "write battles as JSON for gunbai verify (the turn under way left out)"}},
			help: exportHelp, main: exportMain, flags: true},
		{name: "backup", list: [][2]string{{"backup [-force] [-lang ru|en] STORE COPY", "copy a store, safe while the bot runs"}},
			help: backupHelp, main: backupMain, flags: true},
		{name: "reshard", list: [][2]string{{"reshard -shards N [-ids RANGE] [-lang ru|en] NEW OLD...", "build a process's store for a new shard count from the old stores, by server"}},
			help: reshardHelp, main: reshardMain, flags: true},
		{name: "rules", list: [][2]string{{"rules [-lang ru|en] [ID]", "print the rulebook, every rule and decision, or one of them"}},
			help: rulesHelp, main: rulesMain, flags: true},
		{name: "version", list: [][2]string{{"version", "print the version and VCS revision of this build"}},
			help: versionHelp, main: versionMain, flags: true},
	}
}

func find(name string) (subcommand, bool) {
	for _, c := range subcommands() {
		if c.name == name {
			return c, true
		}
	}
	return subcommand{}, false
}

func run(args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		usage(stderr)
		return 2
	}
	switch args[0] {
	case "help", "-h", "-help", "--help":
		// "gunbai help -h" and "gunbai help help" are the list itself.
		if len(args) > 1 && !wantsHelp(args[1:2]) && args[1] != "help" {
			c, ok := find(args[1])
			if !ok {
				fmt.Fprintf(stderr, "gunbai help: unknown command %q\n", args[1])
				usage(stderr)
				return 2
			}
			fmt.Fprint(stdout, c.help())
			return 0
		}
		usage(stdout)
		return 0
	case "-version", "--version":
		args = append([]string{"version"}, args[1:]...)
	}
	c, ok := find(args[0])
	if !ok {
		fmt.Fprintf(stderr, "gunbai: unknown command %q\n", args[0])
		usage(stderr)
		return 2
	}
	if !c.flags && wantsHelp(args[1:]) {
		fmt.Fprint(stdout, c.help())
		return 0
	}
	return c.main(args[1:], stdout, stderr)
}

// wantsHelp reports whether a -h, -help or --help comes before "--".
func wantsHelp(args []string) bool {
	for _, a := range args {
		switch a {
		case "--":
			return false
		case "-h", "-help", "--help":
			return true
		}
	}
	return false
}

func usage(w io.Writer) {
	var b strings.Builder
	b.WriteString("usage:\n")
	line := func(syn, what string) {
		if len(syn) > 34 {
			// A long synopsis on a line of its own, what it does below.
			fmt.Fprintf(&b, "  gunbai %s\n  %-41s %s\n", syn, "", what)
			return
		}
		fmt.Fprintf(&b, "  gunbai %-34s %s\n", syn, what)
	}
	for _, c := range subcommands() {
		for _, l := range c.list {
			line(l[0], l[1])
		}
	}
	line("help [COMMAND]", "this list, or a command's usage with an example")
	b.WriteString(`
example:
  gunbai sandbox     # play in a browser at http://127.0.0.1:8080/, no Discord needed
  gunbai demo        # play the built-in battle offline into out/
  gunbai rules       # the rules, every rule and decision (-lang en: in English)
  gunbai run -h      # how to start the bot
`)
	fmt.Fprint(w, b.String())
}

// newFlags is a flag set whose -h is answered by parseFlags.
func newFlags(name string, stderr io.Writer) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {}
	return fs
}

// parseFlags parses args. With -h it prints help to stdout and returns 0,
// false; on a bad flag (already reported on stderr by the flag package) it
// adds the usage line and returns 2, false; with arguments the command
// takes none of, likewise.
func parseFlags(fs *flag.FlagSet, args []string, help func() string, stdout, stderr io.Writer) (int, bool) {
	err := fs.Parse(args)
	switch {
	case err == flag.ErrHelp:
		fmt.Fprint(stdout, help())
		return 0, false
	case err != nil:
		fmt.Fprintf(stderr, "%s(gunbai %s -h for help)\n", firstLine(help()), fs.Name())
		return 2, false
	case fs.NArg() > 0:
		fmt.Fprintf(stderr, "gunbai %s: unexpected argument %q\n%s(gunbai %s -h for help)\n", fs.Name(), fs.Arg(0), firstLine(help()), fs.Name())
		return 2, false
	}
	return 0, true
}

func firstLine(s string) string {
	line, _, _ := strings.Cut(s, "\n")
	return line + "\n"
}

// flagDefaults is what fs.PrintDefaults prints.
func flagDefaults(fs *flag.FlagSet) string {
	var b strings.Builder
	fs.SetOutput(&b)
	fs.PrintDefaults()
	return b.String()
}

func demoHelp() string {
	return fmt.Sprintf(`usage: gunbai demo [-out DIR] [-turns N]

Plays the built-in battle of Kawanakajima (a river and its bridge, hills,
forests, a unit hidden in one, generals, shinobi, banners) offline with
scripted orders and seeded dice, through the engine, the store and the
renderer the bot uses: shooting, a flank attack, a rout, a rally. Needs no
token and no network. For every turn N and each view V (gm, north, south)
it writes DIR/turn-N.V.png (the field with what happened that turn),
turn-N.V.gif (the turn step by step), turn-N.V.ru.txt and turn-N.V.en.txt
(the logs that view reads); turn-0.V.png is the deployment, and demo.db
the store with every turn.

examples:
  gunbai demo
  gunbai demo -out /tmp/kawanakajima -turns 2

flags:
  -out DIR
    	folder for the PNGs, logs and the demo's store file (default "out")
  -turns N
    	battle turns to play, at least 1 (default %d)
`, len(demoOrders))
}

func caseHelp() string {
	return `usage: gunbai case [--json] FILE...

Runs engine case files (the format is engine/testdata/cases/README.md): each
case's battle, orders and scripted dice through the engine, compared with
what the case expects. One line per case and a summary; exit status 1 if
any case fails.

examples:
  gunbai case engine/testdata/cases/*.toml
  gunbai case --json engine/testdata/cases/melee.toml

flags:
  --json
    	print one JSON object per case instead of the lines and summary
`
}
